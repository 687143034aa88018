// /account/things: the things the user owns or collaborates on, newest first, the One Thing first.
import { Link } from "react-router";
import { useQuery } from "urql";
import { brandCopy } from "../../../../shared/brand-copy.ts";
import { term } from "../../../../shared/branding.ts";
import { Avatar } from "../../components/Avatar.tsx";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { AccountPage, EmptyState, formatDate, humanize, LoadError } from "./account-ui.tsx";
import { MyThingsDocument as myThingsQuery } from "./MyThings.generated.ts";
import "./account.css";

const COLOUR_WORDS: Record<string, string> = {
  red: "too dry",
  orange: "needs water",
  green: "doing well",
  blue: "very wet",
  grey: "no recent reading",
};

export function IndicatorDot({ colour }: { colour: string | null }) {
  const key = (colour ?? "grey").toLowerCase();
  const words = COLOUR_WORDS[key] ?? key;
  return (
    <span className={`indicator indicator-${key}`} title={words}>
      <span className="visually-hidden">State: {words}</span>
    </span>
  );
}

export default function MyThingsPage() {
  const b = useBranding();
  const { session } = useSession();
  const userId = session?.id ?? "";
  const [{ data, fetching, error }, refetch] = useQuery({
    query: myThingsQuery,
    variables: { userId },
    requestPolicy: "cache-and-network",
    pause: !userId,
  });
  const title = `My ${term(b, "things")}`;
  const intro = `The ${term(b, "things")} you own or help to look after.`;
  const addLink = (
    <Link className="button" to="/things/new">
      Add a {term(b, "thing")}
    </Link>
  );

  if (!data?.allThingAccesses) {
    return (
      <AccountPage title={title} intro={intro} actions={addLink}>
        {fetching && !error ? (
          <Loading label={`Loading your ${term(b, "things")}…`} />
        ) : (
          <LoadError
            error={error}
            onRetry={() => refetch({ requestPolicy: "network-only" })}
            what={`your ${term(b, "things")}`}
          />
        )}
      </AccountPage>
    );
  }

  const oneThingId = data.currentUser?.oneThingId ?? session?.oneThingId ?? null;
  const accesses = data.allThingAccesses.nodes
    .filter((access) => access.thingByThingId)
    .sort((x, y) => Number(y.thingByThingId?.id === oneThingId) - Number(x.thingByThingId?.id === oneThingId));

  if (accesses.length === 0) {
    return (
      <AccountPage title={title} intro={intro}>
        <EmptyState title={`You are not looking after any ${term(b, "things")} yet`}>
          <p>{brandCopy(b).myThingsEmpty}</p>
          <p className="empty-state-actions">
            {addLink}
            <Link to="/things">Find {term(b, "things")}</Link>
          </p>
        </EmptyState>
      </AccountPage>
    );
  }

  return (
    <AccountPage title={title} intro={intro} actions={addLink}>
      <ul className="record-list card">
        {accesses.map((access) => {
          const thing = access.thingByThingId!;
          const isOne = thing.id === oneThingId;
          return (
            <li key={access.id} className="record-row">
              <Avatar type="thing" id={thing.id} name={thing.name} hasImage={thing.hasImage} size={48} shape="square" />
              <div className="record-main">
                <Link to={paths.thing(thing.id)} className="record-name">
                  {thing.name}
                </Link>
                <span className="record-meta muted">
                  <IndicatorDot colour={thing.indicatorColour} /> {humanize(thing.type)}
                  {thing.lastAction ? ` · last care ${formatDate(thing.lastAction)}` : " · no care recorded yet"}
                </span>
              </div>
              <div className="record-tags">
                {isOne ? <span className="tag tag-accent">★ One {term(b, "thing", true)}</span> : null}
                {access.isOwner ? <span className="tag tag-primary">owner</span> : null}
                {access.isCollaborator ? <span className="tag">collaborator</span> : null}
                {thing.isPublic ? null : <span className="tag">private</span>}
              </div>
            </li>
          );
        })}
      </ul>
      <p className="muted small-print">
        Choose your One {term(b, "thing", true)} on your <Link to={paths.account("profile")}>profile</Link>.
      </p>
    </AccountPage>
  );
}
