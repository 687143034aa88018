// The list toolkit: search, sort, filters and a tile/list toggle remembered per list, skeletons
// while loading, empty states that say what to do, and "load more" paging over connections.
//
// Usage (a whole list screen, about 40 lines):
//
//   import {
//     EmptyState, FilterChips, ItemCard, ItemList, LayoutToggle, ListError, ListSkeleton,
//     ListToolbar, LoadMore, ResultCount, SearchBox, SortSelect, listCondition, useConnection,
//     useDebouncedValue, useListState,
//   } from "../../components/list/index.ts";
//   import { ThingsDocument } from "./Things.generated.ts"; // from Things.graphql, `npm run codegen`
//   // query Things($first: Int, $after: Cursor, $orderBy: [ThingsOrderBy!], $condition: ThingCondition) {
//   //   allThings(first: $first, after: $after, orderBy: $orderBy, condition: $condition) {
//   //     totalCount pageInfo { hasNextPage endCursor } nodes { id name type }
//   //   }
//   // }
//
//   const list = useListState("things", {
//     defaults: { search: "", sort: "name", layout: "tiles", filters: { type: "" } },
//     sorts: ["name", "newest"],                      // stored values outside these are dropped
//     filters: { type: ["TREE", "PLANTER"] },
//   });                                              // -> localStorage "steward.list.things"
//   const search = useDebouncedValue(list.search);   // ask the server once typing pauses
//   const things = useConnection({                   // types from the document
//     query: ThingsDocument,
//     variables: { orderBy: [list.sort === "name" ? "NAME_ASC" : "CREATED_AT_DESC"],
//                  condition: listCondition(search, { type: list.filters.type }) },
//     connection: (data) => data.allThings,          // needs nodes, totalCount, pageInfo
//     pageSize: 24,
//   });
//
//   <ListToolbar>
//     <SearchBox label="Search things" value={list.search} onChange={list.setSearch} />
//     <SortSelect value={list.sort} onChange={list.setSort}
//                 options={[{ value: "name", label: "Name" }, { value: "newest", label: "Newest" }]} />
//     <FilterChips label="Type" value={list.filters.type} onChange={(v) => list.setFilter("type", v)}
//                  options={[{ value: "TREE", label: "Tree" }]} allLabel="All types" />
//     <LayoutToggle value={list.layout} onChange={list.setLayout} />
//   </ListToolbar>
//   {things.error ? <ListError message={things.error.graphQLErrors[0]?.message} onRetry={things.refetch} />
//    : things.loading ? <ListSkeleton layout={list.layout} />
//    : things.nodes.length === 0 ? (list.narrowed
//        ? <EmptyState title="No things match" action={{ label: "Clear search and filters", onClick: list.reset }} />
//        : <EmptyState title="No things yet" action={{ label: "Add a thing", to: "/things/new" }}>
//            Things you add or join show here.</EmptyState>)
//    : <ItemList layout={list.layout} label="Things" busy={things.refreshing}>
//        {things.nodes.map((t) => <ItemCard key={t.id} to={`/things/${t.id}`} title={t.name} meta={t.type} />)}
//      </ItemList>}
//   <ResultCount shown={things.nodes.length} total={things.totalCount} noun={["thing", "things"]} narrowed={list.narrowed} />
//   <LoadMore hasMore={things.hasMore} loading={things.loadingMore} onLoadMore={things.loadMore}
//             shown={things.nodes.length} total={things.totalCount} />
//
// Notes
// - Paged lists search on the server: pass `listCondition(useDebouncedValue(list.search), {...})`
//   as the connection's condition (`condition: { search }`, server/graphql/search-condition-plugin.ts);
//   useConnection keeps the previous rows, `refreshing`, while the new ones load (ItemList busy).
//   Lists loaded whole (tasks, a group's devices) use searchItems and show a page at a time with
//   useClientPaging.
//   `list.narrowed` tells an empty state "nothing matches" (offer `list.reset`) from "nothing yet"
//   (offer the create link).
// - A list screen's body: <ListContent layout load={result} errorMessage loadingLabel empty={...}>
//   {items}</ListContent> picks the error, skeleton, empty state or items, and <ListFooter count more>
//   puts the count and "load more" under it. useServerList(listId, stateOptions, (list, search) =>
//   connectionOptions) is useListState + useDebouncedValue + useConnection in one.
// - Items that are cards of their own (tasks, actions) use <ItemList variant="cards">.
// - FilterChips for a few values, FilterSelect for many. '' always means "no filter".
// - Styles come with the components (list.module.css, local class names). A screen that draws rows
//   or lines of its own in the list's look takes the class names from listClasses.

export { useListState, readListState, writeListState, LIST_STORAGE_PREFIX, LIST_LAYOUTS } from "./use-list-state.ts";
export type { ListLayout, ListState, ListStateApi, ListStateOptions } from "./use-list-state.ts";
export { useConnection } from "./use-connection.ts";
export { useServerList } from "./use-server-list.ts";
export type { ServerList } from "./use-server-list.ts";
export { useClientPaging } from "./use-client-paging.ts";
export type { ClientPaging } from "./use-client-paging.ts";
export { useDebouncedValue } from "./use-debounced-value.ts";
export type { ConnectionLike, ConnectionResult, UseConnectionOptions } from "./use-connection.ts";
export {
  FilterChips,
  FilterSelect,
  LayoutToggle,
  ListToolbar,
  ResultCount,
  SearchBox,
  SelectControl,
  SortSelect,
} from "./ListControls.tsx";
export type { FilterProps, Option, SearchBoxProps, SelectControlProps } from "./ListControls.tsx";
export { EmptyState, ListError, ListSkeleton, LoadMore } from "./ListStatus.tsx";
export { ListContent, ListFooter, loadMoreProps } from "./ListBody.tsx";
export type { ListContentProps, ListFooterProps, ListLoad, MoreSource } from "./ListBody.tsx";
export type { EmptyStateAction } from "./ListStatus.tsx";
export { Initials, ItemCard, ItemList } from "./ItemList.tsx";
export type { ItemCardProps, ItemListProps } from "./ItemList.tsx";
export { listClasses } from "./list-classes.ts";
export { SEARCH_MAX_LENGTH, compareText, listCondition, matchesSearch, normaliseText, searchItems } from "./search.ts";
