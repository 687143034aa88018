// /things: every thing you can see, as tiles or a list, with search, filters and sort.
import { Link } from "react-router";
import { term } from "../../../../shared/branding.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { PinIcon } from "./icons.tsx";
import { ThingList, useThingListState } from "./ThingList.tsx";
import "./things.css";

export default function ThingsPage() {
  const b = useBranding();
  const { signedIn } = useSession();
  const list = useThingListState("things");
  return (
    <section className="page things-page" aria-labelledby="page-title">
      <div className="things-head">
        <h1 id="page-title">{term(b, "things", true)}</h1>
        <div className="inline-actions">
          <Link to="/things/nearest" className="button button-secondary">
            <PinIcon size={18} /> Nearest to me
          </Link>
          {signedIn ? (
            <Link to="/things/new" className="button">
              Add a {term(b, "thing")}
            </Link>
          ) : null}
          {signedIn ? (
            <Link to="/things/import" className="button button-secondary">
              Import
            </Link>
          ) : null}
        </div>
      </div>
      <p className="lead">
        {signedIn
          ? `The ${term(b, "things")} you look after, those of your ${term(b, "groups")}, and public ones. The dot shows how each is doing.`
          : (
              <>
                Public {term(b, "things")} people look after. The dot shows how each is doing.{" "}
                <Link to={paths.signIn("/things")}>Sign in</Link> to see your {term(b, "groups")}’ {term(b, "things")} too.
              </>
            )}
      </p>
      <ThingList list={list} searchLabel={`Search ${term(b, "things")} by name`} />
      <p className="muted small">
        Open data: <a href="/export/things.geojson" download="public-things.geojson">all public {term(b, "things")} as GeoJSON</a>{" "}
        or <a href="/export/things.csv" download="public-things.csv">as CSV</a>.
      </p>
    </section>
  );
}
