// /groups: every group this visitor can see, as tiles or a list, with search (on the server, so
// groups not loaded yet are found too), sort by name or newest, filters by type and visibility,
// and "load more" paging.
import { useMemo } from "react";
import { Link } from "react-router";
import { useQuery } from "urql";
import { term } from "../../../../shared/branding.ts";
import {
  EmptyState,
  FilterChips,
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
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { GroupsDocument as GroupsQuery } from "./Groups.generated.ts";
import { MyMembershipsDocument as MyMembershipsQuery } from "./MyMemberships.generated.ts";
import { count, errorText, GROUP_TYPES, groupTypeLabel } from "./meta.ts";
import { usePictureUrl } from "./ui.tsx";
import "./groups.css";

type Sort = "name" | "newest";
type Filter = "type" | "visibility";

const ORDER: Record<Sort, string[]> = { name: ["NAME_ASC", "ID_ASC"], newest: ["CREATED_AT_DESC", "ID_ASC"] };

export default function GroupsPage() {
  const b = useBranding();
  const { signedIn, session } = useSession();
  const picture = usePictureUrl();
  const Groups = term(b, "groups", true);
  const groups = term(b, "groups");
  const group = term(b, "group");

  const list = useListState<Sort, Filter>("groups", {
    defaults: { search: "", sort: "name", layout: "tiles", filters: { type: "", visibility: "" } },
    sorts: ["name", "newest"],
    filters: { type: GROUP_TYPES, visibility: ["public", "private", "mine"] },
  });

  // Guests see public groups only; a remembered "mine"/"private" filter waits for signing in.
  const visibility = signedIn ? list.filters.visibility : "";
  const search = useDebouncedValue(list.search);
  const condition = listCondition(search, {
    type: list.filters.type,
    isPublic: visibility === "public" ? true : visibility === "private" ? false : undefined,
  });

  const result = useConnection({
    query: GroupsQuery,
    variables: { orderBy: ORDER[list.sort], condition: condition ?? null },
    connection: (data) => data.allGroups,
    pageSize: 24,
  });

  const [memberships] = useQuery({
    query: MyMembershipsQuery,
    variables: { userId: session?.id ?? "" },
    pause: !signedIn || !session?.id,
    requestPolicy: "cache-and-network",
  });
  const mine = useMemo(() => {
    const map = new Map<string, boolean>();
    for (const m of memberships.data?.allGroupMemberships?.nodes ?? []) map.set(m.groupId, m.isOwner);
    return map;
  }, [memberships.data]);

  // "Mine" narrows what is loaded (the API has no membership condition on groups); the footer
  // offers to load more while the server has more.
  const shown = visibility === "mine" ? result.nodes.filter((g) => mine.has(g.id)) : result.nodes;

  const typeOptions = GROUP_TYPES.map((t) => ({ value: t, label: groupTypeLabel(t) }));
  const visibilityOptions = signedIn
    ? [
        { value: "mine", label: `My ${groups}` },
        { value: "public", label: "Public" },
        { value: "private", label: "Private" },
      ]
    : [];
  const narrowed = list.narrowed;
  const mineOfLoadedOnly = visibility === "mine" && result.hasMore;

  return (
    <section className="page groups-page" aria-labelledby="page-title">
      <div className="page-heading">
        <div>
          <h1 id="page-title">{Groups}</h1>
          <p className="lead">
            People who look after {term(b, "things")} together: community {groups}, councils, estates, orchards and
            growers.
          </p>
        </div>
        <Link to="/groups/new" className="button">
          Start a {group}
        </Link>
      </div>

      <ListToolbar label={`${Groups} list options`}>
        <SearchBox label={`Search ${groups}`} value={list.search} onChange={list.setSearch} />
        <FilterSelect
          label="Type"
          value={list.filters.type}
          onChange={(v) => list.setFilter("type", v)}
          options={typeOptions}
          allLabel="All types"
        />
        <SortSelect
          value={list.sort}
          onChange={list.setSort}
          options={[
            { value: "name", label: "Name" },
            { value: "newest", label: "Newest" },
          ]}
        />
        <LayoutToggle value={list.layout} onChange={list.setLayout} />
        {visibilityOptions.length ? (
          <FilterChips
            label="Show"
            value={visibility}
            onChange={(v) => list.setFilter("visibility", v)}
            options={visibilityOptions}
            allLabel={`All ${groups}`}
          />
        ) : null}
      </ListToolbar>

      {result.error && result.nodes.length === 0 ? (
        <ListError message={errorText(result.error, `Could not load the ${groups}`)} onRetry={result.refetch} />
      ) : result.loading ? (
        <ListSkeleton layout={list.layout} label={`Loading ${groups}…`} />
      ) : shown.length === 0 ? (
        narrowed ? (
          <EmptyState
            title={`No ${groups} match`}
            action={{ label: "Clear search and filters", onClick: list.reset }}
            secondary={result.hasMore ? { label: `Load more ${groups}`, onClick: result.loadMore } : null}
          >
            <p>
              {visibility === "mine"
                ? `You have not joined any ${groups} that match. Join one from the list, or start your own.`
                : "Try other words, or another type."}
            </p>
          </EmptyState>
        ) : (
          <EmptyState title={`No ${groups} yet`} action={{ label: `Start a ${group}`, to: "/groups/new" }}>
            <p>
              A {group} brings people together to look after {term(b, "things")}. Start the first one and invite
              others to join.
            </p>
          </EmptyState>
        )
      ) : (
        <ItemList layout={list.layout} label={Groups} busy={result.refreshing}>
          {shown.map((g) => {
            const owner = mine.get(g.id);
            return (
              <ItemCard
                key={g.id}
                to={paths.group(g.id)}
                title={g.name}
                picture={picture("group", g)}
                meta={
                  <>
                    {groupTypeLabel(g.type)} · {count(g.groupMembershipsByGroupId.totalCount, "member")} ·{" "}
                    {count(g.thingsByGroupId.totalCount, term(b, "thing"), term(b, "things"))}
                  </>
                }
                description={g.description}
                badges={
                  <>
                    {g.isPublic ? null : <span className="tag tag-warning">Private</span>}
                    {owner === true ? <span className="tag tag-positive">Owner</span> : null}
                    {owner === false ? <span className="tag tag-positive">Member</span> : null}
                  </>
                }
              />
            );
          })}
        </ItemList>
      )}

      {!result.loading && !(result.error && result.nodes.length === 0) ? (
        <div className="list-footer">
          {shown.length > 0 ? (
            <ResultCount
              shown={shown.length}
              total={visibility === "mine" ? null : result.totalCount}
              noun={[group, groups]}
              narrowed={narrowed}
            />
          ) : null}
          {mineOfLoadedOnly ? (
            <p className="muted list-note">
              Your {groups} among the {result.nodes.length} loaded so far; load more to see the rest.
            </p>
          ) : null}
          <LoadMore
            hasMore={result.hasMore}
            loading={result.loadingMore}
            onLoadMore={result.loadMore}
            shown={result.nodes.length}
            total={result.totalCount}
            label={`Load more ${groups}`}
          />
        </div>
      ) : null}
    </section>
  );
}
