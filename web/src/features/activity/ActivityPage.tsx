// /activity: the activity feed — the care actions on every thing the visitor can see, newest (or
// oldest) first, 30 at a time with "load more", grouped by day; searched on the server (what was
// done, the comments, the thing, who did it), filtered by action type, as a column or as tiles.
// The choices are remembered.
import { dayKey, formatWeekday } from "../../lib/dates.ts";
import { useMemo } from "react";
import { Link } from "react-router";
import { term } from "../../../../shared/branding.ts";
import {
  EmptyState,
  FilterChips,
  ItemList,
  LayoutToggle,
  ListError,
  ListSkeleton,
  ListToolbar,
  LoadMore,
  ResultCount,
  SearchBox,
  SortSelect,
  listCondition,
  useConnection,
  useDebouncedValue,
  useListState,
} from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { ActionItem } from "../things/ActionItem.tsx";
import { errorText } from "../things/errors.ts";
import { ACTION_TYPES, actionTypeLabel, formatDate } from "../things/thing-meta.ts";
import { ActivityFeedDocument as ActivityQuery } from "./AllActions.generated.ts";
import "./activity.css";

export const ACTIVITY_PAGE_SIZE = 30;

type Sort = "newest" | "oldest";
const ORDER: Record<Sort, string[]> = { newest: ["CREATED_AT_DESC", "ID_DESC"], oldest: ["CREATED_AT_ASC", "ID_ASC"] };

/** "Today", "Yesterday", or the date, for a day heading. */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  // Calendar days in the app's zone (lib/dates.ts), counted between the two dates' midnights.
  const startOf = (d: Date) => Date.parse(`${dayKey(d)}T00:00:00Z`);
  const days = Math.round((startOf(now) - startOf(date)) / 86_400_000);
  if (days === 0) return "Today";
  if (days === 1) return "Yesterday";
  if (days > 1 && days < 7) return formatWeekday(date, "long");
  return formatDate(date);
}

/** Consecutive actions grouped by their local day. */
export function groupByDay<T extends { createdAt: string }>(items: readonly T[], now?: Date): { day: string; items: T[] }[] {
  const groups: { day: string; items: T[] }[] = [];
  for (const item of items) {
    const day = dayLabel(item.createdAt, now);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}

export default function ActivityPage() {
  const b = useBranding();
  const { session, signedIn } = useSession();
  const list = useListState<Sort, "type">("activity", {
    defaults: { search: "", sort: "newest", layout: "list", filters: { type: "" } },
    sorts: ["newest", "oldest"],
    filters: { type: ACTION_TYPES },
  });
  const type = list.filters.type;
  const search = useDebouncedValue(list.search);
  const feed = useConnection({
    query: ActivityQuery,
    variables: { orderBy: ORDER[list.sort], condition: listCondition(search, { type }) },
    connection: (data) => data.allActions,
    pageSize: ACTIVITY_PAGE_SIZE,
    pause: !session,
  });
  const days = useMemo(() => groupByDay(feed.nodes), [feed.nodes]);

  return (
    <section className="page activity-page" aria-labelledby="page-title">
      <h1 id="page-title">Activity</h1>
      <p className="lead">
        What people have been doing for the {term(b, "things")} around them, {list.sort === "oldest" ? "oldest" : "newest"} first
        {signedIn ? "" : ` (public ${term(b, "things")} only until you sign in)`}.
      </p>
      <ListToolbar label="Activity options">
        <SearchBox label="Search activity" value={list.search} onChange={list.setSearch} />
        <SortSelect<Sort>
          value={list.sort}
          onChange={list.setSort}
          options={[
            { value: "newest", label: "Newest first" },
            { value: "oldest", label: "Oldest first" },
          ]}
        />
        <LayoutToggle value={list.layout} onChange={list.setLayout} />
        <FilterChips
          label="Show"
          value={type}
          onChange={(v) => list.setFilter("type", v)}
          allLabel="Everything"
          options={ACTION_TYPES.map((t) => ({ value: t, label: actionTypeLabel(t) }))}
        />
      </ListToolbar>
      {feed.error && feed.nodes.length === 0 ? (
        <ListError message={errorText(feed.error, "An error occurred")} onRetry={feed.refetch} />
      ) : feed.loading || !session ? (
        <ListSkeleton layout={list.layout} count={4} label="Loading activity…" />
      ) : feed.nodes.length === 0 ? (
        list.search.trim() ? (
          <EmptyState title="No activity matches" action={{ label: "Clear search and filters", onClick: list.reset }}>
            Try other words: what was done, a comment, a {term(b, "thing")} or a person.
          </EmptyState>
        ) : type ? (
          <EmptyState title={`No ${actionTypeLabel(type).toLowerCase()} recorded yet`} action={{ label: "Show everything", onClick: list.reset }}>
            Nothing of this kind has been recorded on the {term(b, "things")} you can see.
          </EmptyState>
        ) : (
          <EmptyState
            title="No activity yet"
            action={{ label: `Find a ${term(b, "thing")} to look after`, to: "/things" }}
          >
            When people water, tidy or measure their {term(b, "things")}, it shows here.
          </EmptyState>
        )
      ) : (
        <>
          <ResultCount
            shown={feed.nodes.length}
            total={feed.totalCount}
            noun={["action", "actions"]}
            narrowed={list.narrowed}
          />
          {days.map((group) => (
            <section key={group.day + group.items[0].id} className="activity-day" aria-label={group.day}>
              <h2 className="activity-day-title">{group.day}</h2>
              <ItemList as="ol" variant="cards" layout={list.layout} className="action-list" busy={feed.refreshing}>
                {group.items.map((action) => (
                  <ActionItem key={action.id} action={action} currentUserId={session?.id} showThing onChanged={feed.refetch} />
                ))}
              </ItemList>
            </section>
          ))}
          <LoadMore
            hasMore={feed.hasMore}
            loading={feed.loadingMore}
            onLoadMore={feed.loadMore}
            shown={feed.nodes.length}
            total={feed.totalCount}
          />
          {!feed.hasMore && feed.nodes.length > ACTIVITY_PAGE_SIZE ? (
            <p className="muted small activity-end">
              That is everything. <Link to="/things">Find a {term(b, "thing")} to look after</Link>.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
