// /scorer: the leaderboard of care points (decisions.md: one point per recorded action) by person
// and by group, for this week, this month and all time (tabs, kept in ?period= so a board can be
// shared). The signed-in user's own row and groups are highlighted. People are shown to signed-in
// users only (guests get an empty list from the server), so guests see a sign-in prompt there.
import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { useQuery } from "urql";
import { term, type Branding } from "../../../../shared/branding.ts";
import { Avatar } from "../../components/Avatar.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes.tsx";
import { EmptyNote, SectionError, SignInPrompt, SkeletonRows } from "../home/home-sections.tsx";
import { OfflineBanner } from "../home/OfflineBanner.tsx";
import scorerQuery from "./ScorerBoards.graphql?raw";
import {
  PERIODS,
  periodFromParam,
  periodWords,
  standing,
  type BoardEntry,
  type Period,
  type ScorerData,
} from "./scorer-data.ts";
import "./scorer.css";

export default function ScorerPage() {
  const b = useBranding();
  const { signedIn, session } = useSession();
  const [params, setParams] = useSearchParams();
  const period = periodFromParam(params.get("period"));
  const [result, refetch] = useQuery<ScorerData>({
    query: scorerQuery,
    variables: { period: period.value },
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
  const people = data?.userLeaderboard?.nodes ?? [];
  const groups = data?.groupLeaderboard?.nodes ?? [];
  const myId = signedIn ? (data?.currentUser?.id ?? session?.id ?? null) : null;
  const myGroups = new Set((data?.currentUser?.groupMembershipsByUserId.nodes ?? []).map((m) => m.groupId));
  const activeIndex = PERIODS.indexOf(period);
  const words = periodWords(period);

  return (
    <section className="page scorer" aria-labelledby="page-title">
      <OfflineBanner />
      <div className="scorer-head">
        <div>
          <h1 id="page-title">Scorer</h1>
          <p className="lead">
            Care points: one for every action recorded on a {term(b, "thing")}, watering, clean-ups, upkeep and the
            rest. {term(b, "groups", true)} score the actions on their {term(b, "things")}.
          </p>
        </div>
      </div>

      <div className="scorer-tabs" role="tablist" aria-label="Period">
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
            className={index === activeIndex ? "scorer-tab scorer-tab-active" : "scorer-tab"}
            onClick={() => choose(p)}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            {p.label}
          </button>
        ))}
      </div>

      <div
        id={`${tabsId}-panel`}
        role="tabpanel"
        aria-labelledby={`${tabsId}-tab-${period.param}`}
        className="scorer-panel"
        tabIndex={0}
      >
        {result.error && !data ? (
          <SectionError error={result.error} onRetry={() => refetch({ requestPolicy: "network-only" })} />
        ) : null}

        {signedIn && data ? <MyStanding entries={people} myId={myId} period={period} b={b} /> : null}

        <div className="scorer-boards">
          <Board
            title="People"
            loading={loading}
            entries={people}
            highlight={(entry) => entry.entryId === myId}
            highlightLabel="You"
            linkTo={(entry) => (entry.entryId ? paths.user(entry.entryId) : null)}
            shape="round"
            empty={
              signedIn ? (
                <EmptyNote action={{ to: "/things", label: `Find a ${term(b, "thing")}` }}>
                  No care recorded {words.span} yet. The first action recorded puts its maker on the board.
                </EmptyNote>
              ) : (
                <SignInPrompt next="/scorer">Sign in to see who has been looking after {term(b, "things")} the most.</SignInPrompt>
              )
            }
          />
          <Board
            title={term(b, "groups", true)}
            loading={loading}
            entries={groups}
            highlight={(entry) => Boolean(entry.entryId && myGroups.has(entry.entryId))}
            highlightLabel={`Your ${term(b, "group")}`}
            linkTo={(entry) => (entry.entryId ? paths.group(entry.entryId) : null)}
            imageType="group"
            shape="square"
            empty={
              <EmptyNote action={{ to: "/groups", label: `See ${term(b, "groups")}` }}>
                No {term(b, "group")} has scored {words.span} yet. Actions on a {term(b, "group")}’s {term(b, "things")}{" "}
                count for it.
              </EmptyNote>
            }
          />
        </div>
      </div>
    </section>
  );
}

function MyStanding({ entries, myId, period, b }: { entries: BoardEntry[]; myId: string | null; period: Period; b: Branding }) {
  const text = standing(entries, myId, period);
  return (
    <p className={`scorer-standing${text.onBoard ? " scorer-standing-on" : ""}`}>
      {text.sentence}{" "}
      {text.onBoard ? null : <Link to="/things">Record an action on a {term(b, "thing")} to get on the board.</Link>}
    </p>
  );
}

function Board({
  title,
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
  loading: boolean;
  entries: BoardEntry[];
  highlight: (entry: BoardEntry) => boolean;
  highlightLabel: string;
  linkTo: (entry: BoardEntry) => string | null;
  empty: ReactNode;
  imageType?: "user" | "group";
  shape: "round" | "square";
}) {
  const headingId = useId();
  const max = Math.max(1, ...entries.map((entry) => entry.points ?? 0));
  return (
    <section className="scorer-board" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {loading ? (
        <SkeletonRows rows={5} label={`Loading ${title.toLowerCase()}…`} />
      ) : entries.length === 0 ? (
        empty
      ) : (
        <ol className="scorer-list">
          {entries.map((entry, index) => {
            const mine = highlight(entry);
            const to = linkTo(entry);
            const name = entry.name || "Someone";
            const points = entry.points ?? 0;
            const rank = entry.rank ?? index + 1;
            return (
              <li
                key={entry.entryId ?? index}
                className={`scorer-row${mine ? " scorer-row-mine" : ""}${rank <= 3 ? ` scorer-top scorer-top-${rank}` : ""}`}
                aria-current={mine ? "true" : undefined}
              >
                {/* aria-label is not announced on a plain span; hidden words are. */}
                <span className="scorer-rank">
                  <span className="visually-hidden">Rank </span>
                  {rank}
                </span>
                <Avatar type={imageType} id={entry.entryId ?? String(index)} name={name} hasImage={entry.hasImage} size={36} shape={shape} />
                <span className="scorer-name">
                  {to ? <Link to={to}>{name}</Link> : name}
                  {mine ? <span className="tag tag-positive">{highlightLabel}</span> : null}
                  <span className="scorer-bar" aria-hidden="true">
                    <span style={{ width: `${Math.max(4, (points / max) * 100)}%` }} />
                  </span>
                </span>
                <span className="scorer-points">
                  <strong>{points.toLocaleString("en-US")}</strong> {points === 1 ? "point" : "points"}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
