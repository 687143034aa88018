// /scorer: the leaderboard of care points (decisions.md: one point per recorded action) by person
// and by group, for this week, this month and all time (tabs, kept in ?period= so a board can be
// shared). The signed-in user's own row and groups are highlighted. People are shown to signed-in
// users only (guests get an empty list from the server), so guests see a sign-in prompt there.
import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { useQuery } from "urql";
import { Avatar } from "../../components/Avatar.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useScorerT } from "./texts.ts";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { EmptyNote, SectionError, SignInPrompt, SkeletonRows } from "../home/home-sections.tsx";
import { OfflineBanner } from "../offline/OfflineBanner.tsx";
import { ScorerBoardsDocument as scorerQuery } from "./ScorerBoards.generated.ts";
import { formatLitres } from "../../lib/litres.ts";
import { PERIODS, measureFromParam, periodFromParam, standing, type BoardEntry, type Measure, type Period } from "./scorer-data.ts";
import { dateSettings } from "../../lib/dates.ts";
import styles from "./scorer.module.css";

/** A count as the reader writes numbers ("1,250"; "1.250" in German). */
const formatCount = (n: number) => n.toLocaleString(dateSettings().locale);

export default function ScorerPage() {
  const b = useBranding();
  const t = useScorerT();
  const brand = { brand: b.key };
  const { signedIn, session } = useSession();
  const [params, setParams] = useSearchParams();
  const period = periodFromParam(params.get("period"));
  const measure = measureFromParam(params.get("by"));
  const [result, refetch] = useQuery({
    query: scorerQuery,
    variables: { period: period.value, points: measure === "points", litres: measure === "litres" },
    requestPolicy: "cache-and-network",
  });
  const tabsId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const choose = (next: Period, focus = false) => {
    const search = new URLSearchParams(params);
    if (next.param === PERIODS[0].param) search.delete("period");
    else search.set("period", next.param);
    setParams(search, { replace: true, preventScrollReset: true });
    if (focus) tabRefs.current[PERIODS.indexOf(next)]?.focus();
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = PERIODS.length - 1;
    const to =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    choose(PERIODS[to], true);
  };

  const data = result.data;
  const loading = result.fetching && !data;
  const people = (measure === "litres" ? data?.userLitresLeaderboard : data?.userLeaderboard)?.nodes ?? [];
  const groups = (measure === "litres" ? data?.groupLitresLeaderboard : data?.groupLeaderboard)?.nodes ?? [];
  const chooseMeasure = (next: Measure) => {
    const search = new URLSearchParams(params);
    if (next === "points") search.delete("by");
    else search.set("by", next);
    setParams(search, { replace: true, preventScrollReset: true });
  };
  const myId = signedIn ? (data?.currentUser?.id ?? session?.id ?? null) : null;
  const myGroups = new Set((data?.currentUser?.groupMembershipsByUserId.nodes ?? []).map((m) => m.groupId));
  const activeIndex = PERIODS.indexOf(period);

  return (
    <section className={`page ${styles.root}`} aria-labelledby="page-title">
      <OfflineBanner />
      <div>
        <div>
          <h1 id="page-title">{t("scorer.title")}</h1>
          <p className="lead">{t("scorer.lead", brand)}</p>
        </div>
      </div>

      <div className={styles.measures} role="group" aria-label={t("scorer.rankBy")}>
        {(["points", "litres"] as const).map((m) => (
          <button
            key={m}
            type="button"
            className={m === measure ? `${styles.measure} ${styles.measureActive}` : styles.measure}
            aria-pressed={m === measure}
            onClick={() => chooseMeasure(m)}
          >
            {t(m === "points" ? "scorer.carePoints" : "scorer.litres")}
          </button>
        ))}
      </div>

      <div className={styles.tabs} role="tablist" aria-label={t("scorer.periods")}>
        {PERIODS.map((p, index) => (
          <button
            key={p.value}
            ref={(node) => {
              tabRefs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`${tabsId}-tab-${p.param}`}
            aria-selected={index === activeIndex}
            aria-controls={`${tabsId}-panel`}
            tabIndex={index === activeIndex ? 0 : -1}
            className={index === activeIndex ? `${styles.tab} ${styles.tabActive}` : styles.tab}
            onClick={() => choose(p)}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            {t(`scorer.period.${p.param}`)}
          </button>
        ))}
      </div>

      <div
        id={`${tabsId}-panel`}
        role="tabpanel"
        aria-labelledby={`${tabsId}-tab-${period.param}`}
        className={styles.panel}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling panel must take the focus so a keyboard can scroll it
        tabIndex={0}
      >
        {result.error && !data ? <SectionError error={result.error} onRetry={() => refetch({ requestPolicy: "network-only" })} /> : null}

        {signedIn && data ? <MyStanding entries={people} myId={myId} period={period} measure={measure} /> : null}

        <div className={styles.boards}>
          <Board
            title={t("scorer.people")}
            loadingLabel={t("scorer.loadingPeople")}
            measure={measure}
            loading={loading}
            entries={people}
            highlight={(entry) => entry.entryId === myId}
            highlightLabel={t("scorer.you")}
            linkTo={(entry) => (entry.entryId ? paths.user(entry.entryId) : null)}
            shape="round"
            empty={
              signedIn ? (
                <EmptyNote action={{ to: "/things", label: t("scorer.findThing", brand) }}>
                  {t("scorer.noCare", { period: period.value })}
                </EmptyNote>
              ) : (
                <SignInPrompt next="/scorer">{t("scorer.signInToSee", brand)}</SignInPrompt>
              )
            }
          />
          <Board
            title={t("scorer.groups", brand)}
            loadingLabel={t("scorer.loadingGroups", brand)}
            measure={measure}
            loading={loading}
            entries={groups}
            highlight={(entry) => Boolean(entry.entryId && myGroups.has(entry.entryId))}
            highlightLabel={t("scorer.yourGroup", brand)}
            linkTo={(entry) => (entry.entryId ? paths.group(entry.entryId) : null)}
            imageType="group"
            shape="square"
            empty={
              <EmptyNote action={{ to: "/groups", label: t("scorer.seeGroups", brand) }}>
                {t("scorer.noGroupScores", { ...brand, period: period.value })}
              </EmptyNote>
            }
          />
        </div>
      </div>
    </section>
  );
}

function MyStanding({ entries, myId, period, measure }: { entries: BoardEntry[]; myId: string | null; period: Period; measure: Measure }) {
  const b = useBranding();
  const t = useScorerT();
  const text = standing(entries, myId, period, measure, t);
  return (
    <p className={text.onBoard ? `${styles.standing} ${styles.standingOn}` : styles.standing}>
      {text.sentence}{" "}
      {text.onBoard ? null : (
        <Link to="/things">{t(measure === "litres" ? "scorer.recordLitres" : "scorer.recordAction", { brand: b.key })}</Link>
      )}
    </p>
  );
}

function Board({
  title,
  loadingLabel,
  measure,
  loading,
  entries,
  highlight,
  highlightLabel,
  linkTo,
  empty,
  imageType = "user",
  shape,
}: {
  title: string;
  loadingLabel: string;
  measure: Measure;
  loading: boolean;
  entries: BoardEntry[];
  highlight: (entry: BoardEntry) => boolean;
  highlightLabel: string;
  linkTo: (entry: BoardEntry) => string | null;
  empty: ReactNode;
  imageType?: "user" | "group";
  shape: "round" | "square";
}) {
  const t = useScorerT();
  const headingId = useId();
  const figure = (entry: BoardEntry) => (measure === "litres" ? (entry.litres ?? 0) : (entry.points ?? 0));
  const max = Math.max(1, ...entries.map(figure));
  return (
    <section className={styles.board} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {loading ? (
        <SkeletonRows rows={5} label={loadingLabel} />
      ) : entries.length === 0 ? (
        empty
      ) : (
        <ol className={styles.list}>
          {entries.map((entry, index) => {
            const mine = highlight(entry);
            const to = linkTo(entry);
            const name = entry.name || t("scorer.someone");
            const points = entry.points ?? 0;
            const rank = entry.rank ?? index + 1;
            return (
              <li
                key={entry.entryId ?? index}
                className={`${styles.row}${mine ? ` ${styles.rowMine} scorer-row-mine` : ""}${rank <= 3 ? ` ${styles[`top${rank}`]}` : ""}`}
                aria-current={mine ? "true" : undefined}
              >
                {/* aria-label is not announced on a plain span; hidden words are. */}
                <span className={styles.rank}>
                  <span className="visually-hidden">{t("scorer.rank")} </span>
                  {rank}
                </span>
                <Avatar
                  type={imageType}
                  id={entry.entryId ?? String(index)}
                  name={name}
                  hasImage={entry.hasImage}
                  size={36}
                  shape={shape}
                />
                <span className={styles.name}>
                  {to ? <Link to={to}>{name}</Link> : name}
                  {mine ? <span className="tag tag-positive">{highlightLabel}</span> : null}
                  <span className={styles.bar} aria-hidden="true">
                    <span style={{ width: `${Math.max(4, (figure(entry) / max) * 100)}%` }} />
                  </span>
                </span>
                {measure === "litres" ? (
                  <span className={styles.points}>
                    <strong>{formatLitres(entry.litres ?? 0)}</strong>
                    <span className={`${styles.sub} muted small`}>{t("scorer.waterings", { count: points })}</span>
                  </span>
                ) : (
                  <span className={styles.points}>
                    <strong>{formatCount(points)}</strong> {t("scorer.pointWord", { count: points })}
                    {entry.litres ? <span className={`${styles.sub} muted small`}>{formatLitres(entry.litres)}</span> : null}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
