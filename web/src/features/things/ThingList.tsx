// The list of things behind /things and /things/search: visible things (allThings) for signed-in
// users, public things (allPublicThings) for guests (spec section 6). Search by name, filters by
// type, group and indicator colour, sort by name, newest or needs water first, tiles or rows —
// remembered per list. Everything is loaded once (at most 1000) and narrowed in the browser,
// because "needs water first" and text search need the whole set.
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { useQuery } from "urql";
import { term } from "../../../../shared/branding.ts";
import { useImageUrl } from "../../components/Avatar.tsx";
import {
  EmptyState,
  FilterSelect,
  ItemCard,
  ItemList,
  LayoutToggle,
  ListError,
  ListSkeleton,
  ListToolbar,
  LoadMore,
  ResultCount,
  SearchBox,
  SortSelect,
  compareText,
  searchItems,
  useListState,
  type ListStateApi,
} from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes.tsx";
import { errorText } from "./errors.ts";
import { PictureIcon } from "./icons.tsx";
import { IndicatorBadge } from "./ThingBits.tsx";
import {
  COLOUR_FILTER_LABELS,
  INDICATOR_COLOURS,
  THING_TYPES,
  THING_TYPES_BY_LABEL,
  needsWaterRank,
  normaliseColour,
  thingTypeLabel,
} from "./thing-meta.ts";
import type { ThingListItem } from "./types.ts";
import AllPublicThingsQuery from "./AllPublicThings.graphql?raw";
import AllThingsQuery from "./AllThings.graphql?raw";

export const THING_SORTS = ["name", "newest", "needs-water"] as const;
export type ThingSort = (typeof THING_SORTS)[number];
type ThingFilter = "type" | "group" | "colour";

const PAGE = 24;

interface AllThingsData {
  allThings: { totalCount: number; nodes: ThingListItem[] } | null;
}
interface PublicThingsData {
  allPublicThings: { totalCount: number; nodes: ThingListItem[] } | null;
}

/** Sorts a copy of the things. */
export function sortThings(things: readonly ThingListItem[], sort: ThingSort): ThingListItem[] {
  const list = [...things];
  if (sort === "newest") return list.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || compareText(a.name, b.name));
  if (sort === "needs-water") {
    return list.sort(
      (a, b) =>
        needsWaterRank(a.indicatorColour) - needsWaterRank(b.indicatorColour) ||
        (a.water ?? Number.POSITIVE_INFINITY) - (b.water ?? Number.POSITIVE_INFINITY) ||
        compareText(a.name, b.name),
    );
  }
  return list.sort((a, b) => compareText(a.name, b.name));
}

/** Applies the list's search and filters. */
export function filterThings(things: readonly ThingListItem[], state: { search: string; filters: Record<ThingFilter, string> }) {
  const { type, group, colour } = state.filters;
  const filtered = things.filter(
    (t) =>
      (!type || t.type === type) &&
      (!group || t.groupId === group) &&
      (!colour || normaliseColour(t.indicatorColour) === colour),
  );
  return searchItems(filtered, state.search, (t) => [t.name]);
}

/** Loads the things this visitor may list. */
export function useVisibleThings() {
  const { signedIn, session } = useSession();
  const [all, reAll] = useQuery<AllThingsData>({
    query: AllThingsQuery,
    requestPolicy: "cache-and-network",
    pause: !signedIn,
  });
  const [open, reOpen] = useQuery<PublicThingsData>({
    query: AllPublicThingsQuery,
    requestPolicy: "cache-and-network",
    pause: signedIn || !session,
  });
  const result = signedIn ? all : open;
  const connection = signedIn ? all.data?.allThings : open.data?.allPublicThings;
  return {
    things: connection?.nodes ?? [],
    total: connection?.totalCount ?? null,
    loading: !connection && !result.error,
    error: connection ? undefined : result.error,
    retry: () => (signedIn ? reAll : reOpen)({ requestPolicy: "network-only" }),
    signedIn,
  };
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
  const picture = useImageUrl("thing", thing.id, "thumb");
  return (
    <ItemCard
      to={paths.thing(thing.id)}
      title={thing.name}
      picture={
        thing.hasImage ? (
          picture
        ) : (
          <span className="thing-placeholder thing-placeholder-fill">
            <PictureIcon size={22} />
          </span>
        )
      }
      meta={
        <span className="thing-card-meta">
          <span>
            {thingTypeLabel(thing.type)}
            {thing.groupByGroupId ? ` · ${thing.groupByGroupId.name}` : ""}
          </span>
        </span>
      }
      description={thing.description}
      badges={
        <>
          <IndicatorBadge colour={thing.indicatorColour} parameter={thing.indicatorParameter} size="small" />
          {!thing.isPublic ? <span className="tag tag-warning">Private</span> : null}
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
  const { things, total, loading, error, retry, signedIn } = useVisibleThings();
  const [limit, setLimit] = useState(PAGE);
  const filterKey = JSON.stringify([list.search, list.filters, list.sort]);
  useEffect(() => setLimit(PAGE), [filterKey]);

  useEffect(() => {
    if (!autoFocusSearch) return;
    document.querySelector<HTMLInputElement>(".thing-list .list-search input")?.focus();
  }, [autoFocusSearch]);

  const groups = useMemo(() => {
    const byId = new Map<string, string>();
    for (const t of things) if (t.groupByGroupId) byId.set(t.groupByGroupId.id, t.groupByGroupId.name);
    return [...byId].map(([value, label]) => ({ value, label })).sort((a, c) => compareText(a.label, c.label));
  }, [things]);

  const shown = useMemo(() => sortThings(filterThings(things, list), list.sort), [things, list]);
  const visible = shown.slice(0, limit);
  const thingsWord = term(b, "things");

  return (
    <div className="thing-list">
      {intro}
      <ListToolbar label={`${term(b, "things", true)} options`}>
        <SearchBox label={searchLabel} value={list.search} onChange={list.setSearch} />
        <SortSelect<ThingSort>
          value={list.sort}
          onChange={list.setSort}
          options={[
            { value: "name", label: "Name" },
            { value: "newest", label: "Newest" },
            { value: "needs-water", label: "Needs water first" },
          ]}
        />
        <FilterSelect
          label="Type"
          value={list.filters.type}
          onChange={(v) => list.setFilter("type", v)}
          allLabel="All types"
          options={THING_TYPES_BY_LABEL.map((t) => ({ value: t, label: thingTypeLabel(t) }))}
        />
        <FilterSelect
          label={term(b, "group", true)}
          value={list.filters.group}
          onChange={(v) => list.setFilter("group", v)}
          allLabel={`All ${term(b, "groups")}`}
          options={groups}
        />
        <FilterSelect
          label="Colour"
          value={list.filters.colour}
          onChange={(v) => list.setFilter("colour", v)}
          allLabel="All colours"
          options={INDICATOR_COLOURS.map((c) => ({ value: c, label: COLOUR_FILTER_LABELS[c] }))}
        />
        <LayoutToggle value={list.layout} onChange={list.setLayout} />
      </ListToolbar>

      {error ? (
        <ListError message={errorText(error, "An error occurred")} onRetry={retry} />
      ) : loading ? (
        <ListSkeleton layout={list.layout} label={`Loading ${thingsWord}…`} />
      ) : shown.length === 0 ? (
        list.narrowed ? (
          <EmptyState
            title={`No ${thingsWord} match`}
            action={{ label: "Clear search and filters", onClick: list.reset }}
          >
            Try another name, or fewer filters.
          </EmptyState>
        ) : signedIn ? (
          <EmptyState
            title={`No ${thingsWord} yet`}
            action={{ label: `Add a ${term(b, "thing")}`, to: "/things/new" }}
            secondary={{ label: `Find a ${term(b, "group")}`, to: "/groups" }}
          >
            {term(b, "things", true)} you add, and those of your {term(b, "groups")} and public ones, show here.
          </EmptyState>
        ) : (
          <EmptyState title={`No public ${thingsWord} yet`} action={{ label: "Sign in", to: paths.signIn("/things") }}>
            Sign in to add {thingsWord} and to see those of your {term(b, "groups")}.
          </EmptyState>
        )
      ) : (
        <>
          <ResultCount shown={shown.length} total={list.narrowed ? null : total} noun={[term(b, "thing"), thingsWord]} narrowed={list.narrowed} />
          <ItemList layout={list.layout} label={term(b, "things", true)}>
            {visible.map((thing) => (
              <ThingCard key={thing.id} thing={thing} />
            ))}
          </ItemList>
          <LoadMore
            hasMore={shown.length > visible.length}
            onLoadMore={() => setLimit((n) => n + PAGE)}
            shown={visible.length}
            total={shown.length}
            label="Show more"
          />
        </>
      )}
    </div>
  );
}
