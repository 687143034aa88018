// "My things" on a member's home: the One Thing first, then those that need care most, each with
// its water need, latest reading and last action, a way to record and the One Thing star.
import type { ReactNode } from "react";
import type { Branding } from "../../../../shared/branding.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { paths } from "../../routes/paths.ts";
import { EmptyNote, HomeCard, MyThingRow } from "./home-sections.tsx";
import { MAX_ROWS, type MyThingEntry } from "./home-data.ts";
import { useOneThingChoice } from "./use-one-thing.ts";
import styles from "./home.module.css";
import { homeTexts } from "./texts.ts";

export function MyThingsCard({
  myThings,
  count,
  pending,
  b,
  selfId,
}: {
  myThings: MyThingEntry[];
  /** How many things the member has (null while unknown). */
  count: number | null;
  /** What to show instead while loading or unavailable (null: the rows). */
  pending: (rows: number, label?: string) => ReactNode;
  b: Branding;
  selfId: string;
}) {
  const t = useT(homeTexts);
  const brand = { brand: b.key };
  const oneThing = useOneThingChoice(myThings, b);
  return (
    <HomeCard
      title={t("home.myThings.title", brand)}
      tour="things"
      count={count}
      link={(count ?? 0) > MAX_ROWS ? { to: paths.account("things"), label: t("home.seeAll") } : null}
    >
      {pending(3, t("home.myThings.loading", brand)) ??
        (myThings.length === 0 ? (
          <EmptyNote action={{ to: "/things/new", label: t("home.myThings.add", brand) }}>{t("home.myThings.empty", brand)}</EmptyNote>
        ) : (
          <ul className={styles.things}>
            {myThings.slice(0, MAX_ROWS).map((entry) => (
              <MyThingRow key={entry.thing.id} entry={entry} b={b} selfId={selfId} onMakeOneThing={oneThing.choose} busy={oneThing.busy} />
            ))}
          </ul>
        ))}
    </HomeCard>
  );
}
