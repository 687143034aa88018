// /things: every thing you can see, as tiles or a list, with search, filters and sort.
import { Link } from "react-router";
import { richText } from "../../lib/i18n/rich.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { PinIcon } from "./icons.tsx";
import { ThingList, useThingListState } from "./ThingList.tsx";
import styles from "./things.module.css";
import { thingsTexts } from "./texts.ts";
import { thingWordsTexts } from "./thing-words.ts";

export default function ThingsPage() {
  const b = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
  const brand = { brand: b.key };
  const { signedIn } = useSession();
  const list = useThingListState("things");
  return (
    <section className="page" aria-labelledby="page-title">
      <div className={styles.head}>
        <h1 id="page-title">{t("things.title", brand)}</h1>
        <div className={styles.inlineActions}>
          <Link to="/things/nearest" className="button button-secondary">
            <PinIcon size={18} /> {t("things.nearestToMe")}
          </Link>
          {signedIn ? (
            <Link to="/things/new" className="button">
              {t("things.add", brand)}
            </Link>
          ) : null}
          {signedIn ? (
            <Link to="/things/import" className="button button-secondary">
              {t("things.import")}
            </Link>
          ) : null}
        </div>
      </div>
      <p className="lead">
        {signedIn
          ? t("things.leadSignedIn", brand)
          : richText(t, "things.leadGuest", { signIn: <Link to={paths.signIn("/things")}>{t("things.signIn")}</Link> }, brand)}
      </p>
      <ThingList list={list} searchLabel={t("things.searchLabel", brand)} />
      <p className="muted small">
        {richText(
          t,
          "things.openData",
          {
            geojson: (
              <a href="/export/things.geojson" download="public-things.geojson">
                {t("things.openDataGeoJson", brand)}
              </a>
            ),
            csv: (
              <a href="/export/things.csv" download="public-things.csv">
                {t("things.openDataCsv")}
              </a>
            ),
          },
          brand,
        )}
      </p>
    </section>
  );
}
