// The list of things behind /things and /things/search: visible things (allThings) for signed-in
// users, public things (allPublicThings) for guests (spec section 6). Search, filters by type,
// group and indicator colour, sort by name, newest or needs water first, tiles or rows —
// remembered per list. The server searches, filters, sorts and pages (24 at a time), because a
// browser cannot load the thousands of things a user may see.
import { useEffect, useRef, type ReactNode } from "react";
import { useQuery } from "urql";
import { useImageUrl } from "../../components/Avatar.tsx";
import {
  EmptyState,
  FilterSelect,
  ItemCard,
  ItemList,
  LayoutToggle,
  ListContent,
  ListError,
  ListToolbar,
  LoadMore,
  ResultCount,
  SearchBox,
  SortSelect,
  listCondition,
  loadMoreProps,
  useConnection,
  useDebouncedValue,
  useListState,
  type ListState,
  type ListStateApi,
} from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { errorText } from "./errors.ts";
import { PictureIcon } from "./icons.tsx";
import { IndicatorBadge } from "./ThingBits.tsx";
import { INDICATOR_COLOURS, THING_TYPES, colourFilterLabel, thingTypeLabel, thingTypesByLabel } from "./thing-meta.ts";
import type { ThingListItem } from "./types.ts";
import {
  AllPublicThingsDocument as AllPublicThingsQuery,
  type AllPublicThingsQuery as AllPublicThingsData,
} from "./AllPublicThings.generated.ts";
import { AllThingsDocument as AllThingsQuery, type AllThingsQuery as AllThingsData } from "./AllThings.generated.ts";
import { ThingListGroupsDocument as ThingListGroupsQuery } from "./ThingListGroups.generated.ts";
import { thingsTexts } from "./texts.ts";
import { thingWordsTexts } from "./thing-words.ts";
import styles from "./things.module.css";

export const THING_SORTS = ["name", "newest", "needs-water"] as const;
export type ThingSort = (typeof THING_SORTS)[number];
type ThingFilter = "type" | "group" | "colour";

const PAGE = 24;

/**
 * The server's order for each sort. Each matches an index of the things table (and ends in the id,
 * so pages never overlap); "needs water first" goes red, orange, green, blue, grey, the driest
 * first within each.
 */
export const THING_ORDER: Record<ThingSort, readonly string[]> = {
  name: ["NAME_ASC", "ID_ASC"],
  newest: ["CREATED_AT_DESC", "ID_DESC"],
  "needs-water": ["NEEDS_WATER_RANK_ASC", "WATER_ASC", "NAME_ASC", "ID_ASC"],
};

/**
 * The connection's orderBy and condition for the list's (settled) search, filters and sort, and
 * whether to count the matches (only when narrowed: see AllThings.graphql).
 */
export function thingListVariables(search: string, { sort, filters }: Pick<ListState<ThingSort, ThingFilter>, "sort" | "filters">) {
  const condition = listCondition(search, { type: filters.type, groupId: filters.group, indicatorColour: filters.colour });
  return { orderBy: THING_ORDER[sort], condition: condition ?? null, counted: Boolean(condition) };
}

export function useThingListState(listId: string, rememberSearch = true): ListStateApi<ThingSort, ThingFilter> {
  return useListState<ThingSort, ThingFilter>(listId, {
    defaults: { search: "", sort: "name", layout: "tiles", filters: { type: "", group: "", colour: "" } },
    sorts: THING_SORTS,
    filters: { type: THING_TYPES, colour: INDICATOR_COLOURS },
    rememberSearch,
  });
}

function ThingCard({ thing }: { thing: ThingListItem }) {
  const t = useT(thingsTexts, thingWordsTexts);
  const picture = useImageUrl("thing", thing.id, "thumb");
  return (
    <ItemCard
      to={paths.thing(thing.id)}
      title={thing.name}
      picture={
        thing.hasImage ? (
          picture
        ) : (
          <span className={`${styles.placeholder} ${styles.placeholderFill}`}>
            <PictureIcon size={22} />
          </span>
        )
      }
      meta={
        <span className={styles.cardMeta}>
          <span>
            {thingTypeLabel(thing.type, t)}
            {thing.groupByGroupId ? (
              <>
                {" · "}
                <span className="thing-card-group">{thing.groupByGroupId.name}</span>
              </>
            ) : null}
          </span>
        </span>
      }
      description={thing.description}
      badges={
        <>
          <IndicatorBadge colour={thing.indicatorColour} parameter={thing.indicatorParameter} size="small" />
          {!thing.isPublic ? <span className="tag tag-warning">{t("things.private")}</span> : null}
        </>
      }
    />
  );
}

export function ThingList({
  list,
  searchLabel,
  autoFocusSearch = false,
  intro,
}: {
  list: ListStateApi<ThingSort, ThingFilter>;
  searchLabel: string;
  autoFocusSearch?: boolean;
  intro?: ReactNode;
}) {
  const b = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
  const brand = { brand: b.key };
  const { signedIn, session } = useSession();
  const root = useRef<HTMLDivElement>(null);
  // The server is asked once typing pauses; the search box itself follows every key.
  const search = useDebouncedValue(list.search);
  // Signed in: every thing the viewer can see; guests: the public ones. Two queries, one list.
  const things = useConnection<Partial<AllThingsData & AllPublicThingsData>, ThingListItem>({
    query: signedIn ? AllThingsQuery : AllPublicThingsQuery,
    variables: thingListVariables(search, list),
    connection: (data) => (signedIn ? data.allThings : data.allPublicThings),
    pageSize: PAGE,
    keepPrevious: true,
    // Guests wait for their guest session, as every query does.
    pause: !session,
  });
  // The group filter offers every group this visitor can see (guests: the public ones), not only
  // those of the things loaded so far.
  const [groupsResult] = useQuery({
    query: ThingListGroupsQuery,
    requestPolicy: "cache-and-network",
    pause: !session,
  });
  const groups = (groupsResult.data?.allGroups?.nodes ?? []).map((g) => ({ value: g.id, label: g.name }));

  useEffect(() => {
    if (!autoFocusSearch) return;
    root.current?.querySelector<HTMLInputElement>(".list-search input")?.focus();
  }, [autoFocusSearch]);

  const shown = things.nodes;
  const loading = things.loading || !session;

  return (
    <div className={styles.list} ref={root}>
      {intro}
      <ListToolbar label={t("things.listOptions", brand)}>
        <SearchBox label={searchLabel} value={list.search} onChange={list.setSearch} />
        <SortSelect<ThingSort>
          value={list.sort}
          onChange={list.setSort}
          options={[
            { value: "name", label: t("things.sort.name") },
            { value: "newest", label: t("things.sort.newest") },
            { value: "needs-water", label: t("things.sort.needsWater") },
          ]}
        />
        <FilterSelect
          label={t("things.filter.type")}
          value={list.filters.type}
          onChange={(v) => list.setFilter("type", v)}
          allLabel={t("things.filter.allTypes")}
          options={thingTypesByLabel(t).map((type) => ({ value: type, label: thingTypeLabel(type, t) }))}
        />
        <FilterSelect
          label={t("things.filter.group", brand)}
          value={list.filters.group}
          onChange={(v) => list.setFilter("group", v)}
          allLabel={t("things.filter.allGroups", brand)}
          options={groups}
        />
        <FilterSelect
          label={t("things.filter.colour")}
          value={list.filters.colour}
          onChange={(v) => list.setFilter("colour", v)}
          allLabel={t("things.filter.allColours")}
          options={INDICATOR_COLOURS.map((c) => ({ value: c, label: colourFilterLabel(c, t) }))}
        />
        <LayoutToggle value={list.layout} onChange={list.setLayout} />
      </ListToolbar>

      <ListContent
        layout={list.layout}
        load={{ ...things, loading }}
        errorMessage={(error) => errorText(error, t("things.errorOccurred"))}
        loadingLabel={t("things.loadingList", brand)}
        empty={
          shown.length > 0 ? null : list.narrowed ? (
            <EmptyState title={t("things.noneMatch", brand)} action={{ label: t("things.clearFilters"), onClick: list.reset }}>
              {t("things.tryFewer")}
            </EmptyState>
          ) : signedIn ? (
            <EmptyState
              title={t("things.noneYet", brand)}
              action={{ label: t("things.add", brand), to: "/things/new" }}
              secondary={{ label: t("things.findGroup", brand), to: "/groups" }}
            >
              {t("things.noneYetText", brand)}
            </EmptyState>
          ) : (
            <EmptyState title={t("things.noPublicYet", brand)} action={{ label: t("things.signInButton"), to: paths.signIn("/things") }}>
              {t("things.noPublicYetText", brand)}
            </EmptyState>
          )
        }
      >
        <ResultCount
          shown={shown.length}
          total={things.totalCount}
          more={things.hasMore}
          noun={[t("things.nounOne", brand), t("things.nounMany", brand)]}
          narrowed={list.narrowed}
        />
        <ItemList layout={list.layout} label={t("things.title", brand)} busy={things.refreshing}>
          {shown.map((thing) => (
            <ThingCard key={thing.id} thing={thing} />
          ))}
        </ItemList>
        {/* A further page that failed: what is loaded stays, with a way to ask again. */}
        {things.error ? <ListError message={errorText(things.error, t("things.errorOccurred"))} onRetry={things.refetch} /> : null}
        <LoadMore {...loadMoreProps(things)} label={t("things.showMore")} />
      </ListContent>
    </div>
  );
}
