// /things/search: the thing list with the search box first and in focus, and the things you
// visited lately (recent things) to jump back to while the box is empty.
import { Link } from "react-router";
import { useQuery } from "urql";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { RECENT_SHOWN, recentThingsVariables, useRecentThings } from "./recent-things.ts";
import { IndicatorBadge } from "./ThingBits.tsx";
import { ThingList, useThingListState } from "./ThingList.tsx";
import { RecentThingsDocument as RecentThingsQuery } from "./RecentThings.generated.ts";
import styles from "./things.module.css";
import { thingsTexts } from "./texts.ts";
import { thingWordsTexts } from "./thing-words.ts";

function RecentThings() {
  const b = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
  const { session } = useSession();
  const ids = useRecentThings().slice(0, RECENT_SHOWN);
  const [result] = useQuery({
    query: RecentThingsQuery,
    variables: recentThingsVariables(ids),
    requestPolicy: "cache-and-network",
    pause: ids.length === 0 || !session,
  });
  // Things deleted, or no longer visible to this visitor, answer null and are left out.
  const recent = ids
    .map((_, n) => result.data?.[`thing${n}` as `thing${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7}`])
    .filter(<R,>(thing: R | null | undefined): thing is R => Boolean(thing));
  if (recent.length === 0) return null;
  return (
    <section aria-labelledby="recent-title" className={styles.recent}>
      <h2 id="recent-title" className={styles.subheading}>
        {t("things.recentTitle", { brand: b.key })}
      </h2>
      <ul className={styles.recentStrip}>
        {recent.map((thing) => (
          <li key={thing.id}>
            <Link to={paths.thing(thing.id)}>
              <IndicatorBadge colour={thing.indicatorColour} parameter={thing.indicatorParameter} size="small" />
              {thing.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function ThingSearchPage() {
  const b = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
  const brand = { brand: b.key };
  const list = useThingListState("things-search", false);
  return (
    <section className={`${styles.searchPage} page`} aria-labelledby="page-title">
      <div className={styles.head}>
        <h1 id="page-title">{t("things.searchTitle", brand)}</h1>
        <Link to="/things" className="button button-secondary">
          {t("things.browseAll")}
        </Link>
      </div>
      <p className="lead">{t("things.searchLead", brand)}</p>
      <ThingList
        list={list}
        searchLabel={t("things.searchLabel", brand)}
        autoFocusSearch
        intro={list.search.trim() === "" ? <RecentThings /> : null}
      />
    </section>
  );
}
