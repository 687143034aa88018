// /users: people in the community. Admins see everyone (allUsers is admin-only); other signed-in
// users see the people in the groups they can see; guests are asked to sign in, since profiles
// are only shown to signed-in users. Search, sort, filters (group, verified e-mail) and paging
// run on the server; the choices are remembered.
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
  compareText,
  listCondition,
  useConnection,
  useDebouncedValue,
  useListState,
} from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { errorText, formatDate } from "../groups/meta.ts";
import { Avatar, SignInPrompt } from "../groups/ui.tsx";
import { PeopleGroupsDocument as PeopleGroupsQuery } from "./PeopleGroups.generated.ts";
import { PeopleInGroupsDocument as PeopleInGroupsQuery, type PeopleInGroupsQuery as PeopleInGroupsData } from "./PeopleInGroups.generated.ts";
import { UsersListDocument as UsersListQuery, type UsersListQuery as UsersListData } from "./UsersList.generated.ts";
import "../groups/groups.css";

export interface Person {
  id: string;
  name: string;
  username: string;
  hasImage: boolean;
  isVerified: boolean;
  createdAt: string;
  /** The first few groups they are in (of those the viewer can see). */
  groupMembershipsByUserId?: { totalCount: number; nodes: { id: string; groupByGroupId: { id: string; name: string } | null }[] };
}

type Sort = "name" | "newest";
type Filter = "group" | "verified";

const ORDER: Record<Sort, string[]> = { name: ["NAME_ASC", "USERNAME_ASC"], newest: ["CREATED_AT_DESC", "ID_ASC"] };

/** "In Riverside, Orchard and 2 more". */
export function groupsLine(person: Person): string | null {
  const memberships = person.groupMembershipsByUserId;
  const names = (memberships?.nodes ?? []).flatMap((m) => (m.groupByGroupId ? [m.groupByGroupId.name] : []));
  if (!memberships || names.length === 0) return null;
  const more = memberships.totalCount - names.length;
  return more > 0 ? `In ${names.join(", ")} and ${more} more` : `In ${names.join(", ")}`;
}

export default function UsersPage() {
  const { signedIn } = useSession();
  const b = useBranding();
  if (!signedIn) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">Users</h1>
        <p className="lead">The people who look after {term(b, "things")} in the community.</p>
        <SignInPrompt title="Sign in to see people">
          <p>Profiles are shown to signed-in members of the community only.</p>
        </SignInPrompt>
      </section>
    );
  }
  return <PeopleList />;
}

/**
 * Admins see everyone (allUsers); other members the people of the groups they can see
 * (peopleInGroups). Both are paged, sorted and searched on the server; choosing a group lists
 * that group's people (peopleInGroups(groupId)) for either.
 */
function PeopleList() {
  const b = useBranding();
  const { admin } = useSession();
  const list = useListState<Sort, Filter>("users", {
    defaults: { search: "", sort: "name", layout: "tiles", filters: { group: "", verified: "" } },
    sorts: ["name", "newest"],
    filters: { verified: ["yes", "no"] },
  });
  const search = useDebouncedValue(list.search);
  const everyone = admin && !list.filters.group;
  const variables = {
    orderBy: ORDER[list.sort],
    condition: listCondition(search, { isVerified: list.filters.verified ? list.filters.verified === "yes" : undefined }),
    ...(everyone ? {} : { groupId: list.filters.group || null }),
  };
  // Everyone (admins) or the people of the viewer's groups: two queries, one list.
  const result = useConnection<Partial<UsersListData & PeopleInGroupsData>, Person>({
    query: everyone ? UsersListQuery : PeopleInGroupsQuery,
    variables,
    connection: (data) => (everyone ? data.allUsers : data.peopleInGroups),
    pageSize: 48,
  });
  // The group filter offers the viewer's own groups: the people they are most likely after, and
  // a short menu even where there are hundreds of public groups.
  const [groupsResult] = useQuery({ query: PeopleGroupsQuery, requestPolicy: "cache-and-network" });
  const groupOptions = (groupsResult.data?.currentUser?.groupMembershipsByUserId.nodes ?? [])
    .flatMap((m) => (m.groupByGroupId ? [{ value: m.groupByGroupId.id, label: m.groupByGroupId.name }] : []))
    .sort((a, c) => compareText(a.label, c.label));
  const people = result.nodes;

  return (
    <section className="page users-page" aria-labelledby="page-title">
      <div className="page-heading">
        <div>
          <h1 id="page-title">Users</h1>
          <p className="lead">
            {admin
              ? "Everyone with an account. You see the whole list because you are an administrator."
              : `The people in the ${term(b, "groups")} you can see. The full list of accounts is for administrators.`}
          </p>
        </div>
        {admin ? (
          <div className="page-heading-actions">
            <Link to="/users/new" className="button">
              New user
            </Link>
          </div>
        ) : null}
      </div>
      <ListToolbar label="People list options">
        <SearchBox label="Search people" value={list.search} onChange={list.setSearch} />
        <SortSelect
          value={list.sort}
          onChange={list.setSort}
          options={[
            { value: "name", label: "Name" },
            { value: "newest", label: "Newest members" },
          ]}
        />
        <FilterSelect
          label={term(b, "group", true)}
          value={list.filters.group}
          onChange={(v) => list.setFilter("group", v)}
          allLabel={admin ? "Everyone" : `Any ${term(b, "group")}`}
          options={groupOptions}
        />
        <LayoutToggle value={list.layout} onChange={list.setLayout} />
        <FilterChips
          label="E-mail"
          value={list.filters.verified}
          onChange={(v) => list.setFilter("verified", v)}
          allLabel="Anyone"
          options={[
            { value: "yes", label: "Verified" },
            { value: "no", label: "Not verified" },
          ]}
        />
      </ListToolbar>
      {result.error && people.length === 0 ? (
        <ListError message={errorText(result.error, "Could not load the people")} onRetry={result.refetch} />
      ) : result.loading ? (
        <ListSkeleton layout={list.layout} label="Loading people…" />
      ) : people.length === 0 ? (
        list.narrowed ? (
          <EmptyState title="Nobody matches" action={{ label: "Clear search and filters", onClick: list.reset }}>
            <p>Try a name or a username, or another {term(b, "group")}.</p>
          </EmptyState>
        ) : (
          <EmptyState title="Nobody to show yet" action={{ label: `Find ${term(b, "groups")} to join`, to: "/groups" }}>
            <p>
              {admin
                ? "No accounts yet."
                : `Join ${term(b, "groups")} to meet the people who look after ${term(b, "things")} with you.`}
            </p>
          </EmptyState>
        )
      ) : (
        <ItemList layout={list.layout} label="People" busy={result.refreshing}>
          {people.map((person) => (
            <ItemCard
              key={person.id}
              to={paths.user(person.id)}
              title={person.name}
              picture={<Avatar user={person} size={list.layout === "tiles" ? 52 : 40} />}
              meta={<>@{person.username} · joined {formatDate(person.createdAt)}</>}
              description={groupsLine(person)}
              badges={admin && !person.isVerified ? <span className="tag">Not verified</span> : null}
            />
          ))}
        </ItemList>
      )}
      {people.length > 0 ? (
        <div className="list-footer">
          <ResultCount shown={people.length} total={result.totalCount} noun={["person", "people"]} narrowed={list.narrowed} />
          <LoadMore
            hasMore={result.hasMore}
            loading={result.loadingMore}
            onLoadMore={result.loadMore}
            shown={people.length}
            total={result.totalCount}
            label="Load more people"
          />
        </div>
      ) : null}
    </section>
  );
}
