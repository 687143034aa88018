// /activity: the activity feed — the care actions on every thing the visitor can see, newest (or
// oldest) first, 30 at a time with "load more", grouped by day; searched on the server (what was
// done, the comments, the thing, who did it), filtered by action type, as a column or as tiles.
// The choices are remembered.
import { dayKey, formatWeekday } from "../../lib/dates.ts";
import { useMemo } from "react";
import { Link } from "react-router";
import {
  EmptyState,
  FilterChips,
  ItemList,
  LayoutToggle,
  ListContent,
  ListToolbar,
  LoadMore,
  ResultCount,
  SearchBox,
  SortSelect,
  listCondition,
  loadMoreProps,
  useServerList,
} from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { ActionItem, actionListClass } from "../things/ActionItem.tsx";
import { errorText } from "../things/errors.ts";
import { ACTION_TYPES, formatDate } from "../things/thing-meta.ts";
import { ActivityFeedDocument as ActivityQuery } from "./AllActions.generated.ts";
import styles from "./activity.module.css";
import { activityTexts, type ActivityT, englishActivityT } from "./texts.ts";

export const ACTIVITY_PAGE_SIZE = 30;

type Sort = "newest" | "oldest";
const ORDER: Record<Sort, string[]> = { newest: ["CREATED_AT_DESC", "ID_DESC"], oldest: ["CREATED_AT_ASC", "ID_ASC"] };

/** "Today", "Yesterday", or the date, for a day heading. */
export function dayLabel(iso: string, now: Date = new Date(), t: ActivityT = englishActivityT): string {
  const date = new Date(iso);
  // Calendar days in the app's zone (lib/dates.ts), counted between the two dates' midnights.
  const startOf = (d: Date) => Date.parse(`${dayKey(d)}T00:00:00Z`);
  const days = Math.round((startOf(now) - startOf(date)) / 86_400_000);
  if (days === 0) return t("activity.today");
  if (days === 1) return t("activity.yesterday");
  if (days > 1 && days < 7) return formatWeekday(date, "long");
  return formatDate(date);
}

/** Consecutive actions grouped by their local day. */
export function groupByDay<I extends { createdAt: string }>(
  items: readonly I[],
  now?: Date,
  t: ActivityT = englishActivityT,
): { day: string; items: I[] }[] {
  const groups: { day: string; items: I[] }[] = [];
  for (const item of items) {
    const day = dayLabel(item.createdAt, now, t);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}

export default function ActivityPage() {
  const t = useT(activityTexts);
  const brand = { brand: useBranding().key };
  const { session, signedIn } = useSession();
  const { list, result: feed } = useServerList(
    "activity",
    {
      defaults: { search: "", sort: "newest", layout: "list", filters: { type: "" } },
      sorts: ["newest", "oldest"],
      filters: { type: ACTION_TYPES },
    },
    {
      query: ActivityQuery,
      variables: (list, search) => ({ orderBy: ORDER[list.sort], condition: listCondition(search, { type: list.filters.type }) }),
      connection: (data) => data.allActions,
      pageSize: ACTIVITY_PAGE_SIZE,
      pause: !session,
    },
  );
  const type = list.filters.type;
  const days = useMemo(() => groupByDay(feed.nodes, undefined, t), [feed.nodes, t]);

  return (
    <section className={`page ${styles.page}`} aria-labelledby="page-title">
      <h1 id="page-title">{t("activity.title")}</h1>
      <p className="lead">{t("activity.lead", { ...brand, sort: list.sort, signedIn: String(signedIn) })}</p>
      <ListToolbar label={t("activity.options")}>
        <SearchBox label={t("activity.search")} value={list.search} onChange={list.setSearch} />
        <SortSelect<Sort>
          value={list.sort}
          onChange={list.setSort}
          options={[
            { value: "newest", label: t("activity.newestFirst") },
            { value: "oldest", label: t("activity.oldestFirst") },
          ]}
        />
        <LayoutToggle value={list.layout} onChange={list.setLayout} />
        <FilterChips
          label={t("activity.show")}
          value={type}
          onChange={(v) => list.setFilter("type", v)}
          allLabel={t("activity.everything")}
          options={ACTION_TYPES.map((value) => ({ value, label: t(`activity.type.${value}`) }))}
        />
      </ListToolbar>
      <ListContent
        layout={list.layout}
        load={{ ...feed, loading: feed.loading || !session }}
        errorMessage={(error) => errorText(error, t("common.anErrorOccurred"))}
        loadingLabel={t("activity.loading")}
        skeletonCount={4}
        empty={
          feed.nodes.length > 0 ? null : list.search.trim() ? (
            <EmptyState title={t("activity.noneMatch")} action={{ label: t("activity.clearFilters"), onClick: list.reset }}>
              {t("activity.tryOtherWords", brand)}
            </EmptyState>
          ) : type ? (
            <EmptyState title={t("activity.noneOfType", { type })} action={{ label: t("activity.showEverything"), onClick: list.reset }}>
              {t("activity.noneOfTypeText", brand)}
            </EmptyState>
          ) : (
            <EmptyState title={t("activity.none")} action={{ label: t("activity.findThing", brand), to: "/things" }}>
              {t("activity.noneText", brand)}
            </EmptyState>
          )
        }
      >
        <ResultCount
          shown={feed.nodes.length}
          total={feed.totalCount}
          noun={[t("activity.noun", { count: 1 }), t("activity.noun", { count: 2 })]}
          narrowed={list.narrowed}
        />
        {days.map((group) => (
          <section key={group.day + group.items[0].id} className={styles.day} aria-label={group.day}>
            <h2 className={styles.dayTitle}>{group.day}</h2>
            <ItemList as="ol" variant="cards" layout={list.layout} className={`${actionListClass} action-list`} busy={feed.refreshing}>
              {group.items.map((action) => (
                <ActionItem key={action.id} action={action} currentUserId={session?.id} showThing onChanged={feed.refetch} />
              ))}
            </ItemList>
          </section>
        ))}
        <LoadMore {...loadMoreProps(feed)} />
        {!feed.hasMore && feed.nodes.length > ACTIVITY_PAGE_SIZE ? (
          <p className={`muted small ${styles.end}`}>
            {t("activity.thatIsAll")} <Link to="/things">{t("activity.findThing", brand)}</Link>.
          </p>
        ) : null}
      </ListContent>
    </section>
  );
}
