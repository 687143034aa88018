// The group's things, with the list toolkit: search (on the server), sort, filters by type and
// colour, tiles or rows, and paging; remembered per group.
import { Link } from "react-router";
import { brandCopy } from "../../../../shared/brand-copy.ts";
import { term } from "../../../../shared/branding.ts";
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
  listCondition,
  useConnection,
  useDebouncedValue,
  useListState,
} from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { paths } from "../../routes/paths.ts";
import { GroupThingsDocument as GroupThingsQuery } from "./GroupThings.generated.ts";
import { THING_TYPES } from "../things/thing-meta.ts";
import { errorText, formatDate, thingTypeLabel, timeAgo } from "./meta.ts";
import { usePictureUrl } from "./ui.tsx";
import type { GroupState } from "./use-group.ts";

type Sort = "name" | "newest" | "cared";
const ORDER: Record<Sort, string[]> = {
  name: ["NAME_ASC", "ID_ASC"],
  newest: ["CREATED_AT_DESC", "ID_ASC"],
  cared: ["LAST_ACTION_DESC", "ID_ASC"],
};

const COLOURS = ["red", "orange", "green", "blue"] as const;

const COLOUR_WORDS: Record<string, string> = {
  red: "Too dry",
  orange: "Needs water",
  green: "Good",
  blue: "Saturated",
};

export function GroupThingsTab({ state }: { state: GroupState }) {
  const b = useBranding();
  const picture = usePictureUrl();
  const group = state.group!;
  const things = term(b, "things");
  // Each group's list is remembered on its own: a search in one group means nothing in another.
  const list = useListState<Sort, "type" | "colour">(`group-things.${group.id}`, {
    defaults: { search: "", sort: "name", layout: "tiles", filters: { type: "", colour: "" } },
    sorts: ["name", "newest", "cared"],
    filters: { type: THING_TYPES, colour: COLOURS },
  });
  const search = useDebouncedValue(list.search);
  const result = useConnection({
    query: GroupThingsQuery,
    variables: {
      id: group.id,
      orderBy: ORDER[list.sort],
      condition: listCondition(search, { type: list.filters.type, indicatorColour: list.filters.colour }),
    },
    connection: (data) => data.groupById?.thingsByGroupId,
    pageSize: 24,
  });
  const shown = result.nodes;

  return (
    <>
      <div className="section-title">
        <h2>{term(b, "things", true)}</h2>
        {state.isMember ? (
          <Link className="button button-secondary" to="/things/new">
            Add a {term(b, "thing")}
          </Link>
        ) : null}
      </div>
      {result.nodes.length > 0 || list.narrowed ? (
        <ListToolbar label={`${term(b, "things", true)} list options`}>
          <SearchBox label={`Search ${things}`} value={list.search} onChange={list.setSearch} />
          <SortSelect
            value={list.sort}
            onChange={list.setSort}
            options={[
              { value: "name", label: "Name" },
              { value: "newest", label: "Newest" },
              { value: "cared", label: "Recently cared for" },
            ]}
          />
          <FilterSelect
            label="Type"
            value={list.filters.type}
            onChange={(v) => list.setFilter("type", v)}
            allLabel="All types"
            options={[...THING_TYPES].map((t) => ({ value: t, label: thingTypeLabel(t) })).sort((a, c) => a.label.localeCompare(c.label))}
          />
          <FilterSelect
            label="Colour"
            value={list.filters.colour}
            onChange={(v) => list.setFilter("colour", v)}
            allLabel="Any colour"
            options={COLOURS.map((c) => ({ value: c, label: COLOUR_WORDS[c] }))}
          />
          <LayoutToggle value={list.layout} onChange={list.setLayout} />
        </ListToolbar>
      ) : null}
      {result.error && result.nodes.length === 0 ? (
        <ListError message={errorText(result.error, `Could not load the ${things}`)} onRetry={result.refetch} />
      ) : result.loading ? (
        <ListSkeleton layout={list.layout} count={3} label={`Loading the ${things}…`} />
      ) : shown.length === 0 ? (
        list.narrowed ? (
          <EmptyState title={`No ${things} match`} action={{ label: "Clear search and filters", onClick: list.reset }}>
            <p>Try other words, or fewer filters.</p>
          </EmptyState>
        ) : (
          <EmptyState
            title={`No ${things} yet`}
            action={state.isMember ? { label: `Add a ${term(b, "thing")}`, to: "/things/new" } : null}
          >
            <p>
              {state.isMember
                ? brandCopy(b).groupAddThings
                : `When members add the ${things} this ${term(b, "group")} looks after, they show here.`}
            </p>
          </EmptyState>
        )
      ) : (
        <ItemList layout={list.layout} label={`${term(b, "things", true)} of ${group.name}`} busy={result.refreshing}>
          {shown.map((thing) => (
            <ItemCard
              key={thing.id}
              to={paths.thing(thing.id)}
              title={thing.name}
              picture={picture("thing", thing)}
              meta={
                <>
                  {thingTypeLabel(thing.type)}
                  {thing.lastAction ? ` · cared for ${timeAgo(thing.lastAction)}` : ` · added ${formatDate(thing.createdAt)}`}
                </>
              }
              description={thing.locationDescription || thing.description}
              badges={
                <>
                  {thing.indicatorColour && COLOUR_WORDS[thing.indicatorColour] ? (
                    <span className={`tag indicator indicator-${thing.indicatorColour}`}>
                      {COLOUR_WORDS[thing.indicatorColour]}
                    </span>
                  ) : null}
                  {thing.isPublic ? null : <span className="tag tag-warning">Private</span>}
                </>
              }
            />
          ))}
        </ItemList>
      )}
      {shown.length > 0 ? (
        <div className="list-footer">
          <ResultCount shown={shown.length} total={result.totalCount} noun={[term(b, "thing"), things]} narrowed={list.narrowed} />
          <LoadMore
            hasMore={result.hasMore}
            loading={result.loadingMore}
            onLoadMore={result.loadMore}
            shown={result.nodes.length}
            total={result.totalCount}
            label={`Load more ${things}`}
          />
        </div>
      ) : null}
    </>
  );
}
