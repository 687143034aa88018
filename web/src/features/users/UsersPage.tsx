// /users: people in the community. Admins see everyone (allUsers is admin-only); other signed-in
// users see the people in the groups they can see; guests are asked to sign in, since profiles
// are only shown to signed-in users.
import { useMemo, type ReactNode } from "react";
import { Link } from "react-router";
import { term } from "../../../../shared/branding.ts";
import {
  EmptyState,
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
  useConnection,
  useListState,
  type ConnectionResult,
} from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes.tsx";
import { count, errorText, formatDate } from "../groups/meta.ts";
import { Avatar, SignInPrompt } from "../groups/ui.tsx";
import PeopleInGroupsQuery from "./PeopleInGroups.graphql?raw";
import UsersListQuery from "./UsersList.graphql?raw";
import "../groups/groups.css";

export interface Person {
  id: string;
  name: string;
  username: string;
  hasImage: boolean;
  isVerified: boolean;
  createdAt: string;
  /** Names of the groups they were found through (non-admin list). */
  groups?: string[];
}

interface UsersData {
  allUsers: {
    totalCount: number;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    nodes: Person[];
  } | null;
}

interface MembershipNode {
  id: string;
  createdAt: string;
  userByUserId: Omit<Person, "groups"> | null;
  groupByGroupId: { id: string; name: string } | null;
}

interface PeopleData {
  allGroupMemberships: {
    totalCount: number;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    nodes: MembershipNode[];
  } | null;
}

type Sort = "name" | "newest";

export default function UsersPage() {
  const { signedIn, admin } = useSession();
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
  return admin ? <AllUsers /> : <PeopleInMyGroups />;
}

function AllUsers() {
  const result = useConnection<UsersData, Person>({
    query: UsersListQuery,
    connection: (data) => data.allUsers,
    pageSize: 50,
  });
  return (
    <PeopleList
      result={result}
      people={result.nodes}
      intro="Everyone with an account. You see the whole list because you are an administrator."
      actions={
        <Link to="/users/new" className="button">
          New user
        </Link>
      }
    />
  );
}

function PeopleInMyGroups() {
  const b = useBranding();
  const result = useConnection<PeopleData, MembershipNode>({
    query: PeopleInGroupsQuery,
    connection: (data) => data.allGroupMemberships,
    pageSize: 100,
  });
  const people = useMemo(() => {
    const byId = new Map<string, Person>();
    for (const membership of result.nodes) {
      const user = membership.userByUserId;
      if (!user) continue;
      const person = byId.get(user.id) ?? { ...user, groups: [] };
      const groupName = membership.groupByGroupId?.name;
      if (groupName && !person.groups!.includes(groupName)) person.groups!.push(groupName);
      byId.set(user.id, person);
    }
    return [...byId.values()];
  }, [result.nodes]);
  return (
    <PeopleList
      result={result}
      people={people}
      intro={`The people in the ${term(b, "groups")} you can see. The full list of accounts is for administrators.`}
      note
    />
  );
}

function PeopleList<N>({
  result,
  people,
  intro,
  actions,
  note = false,
}: {
  result: ConnectionResult<N>;
  people: Person[];
  intro: string;
  actions?: ReactNode;
  note?: boolean;
}) {
  const b = useBranding();
  const list = useListState<Sort, never>("users", {
    defaults: { search: "", sort: "name", layout: "tiles", filters: {} as Record<never, string> },
    sorts: ["name", "newest"],
  });
  const shown = searchItems(people, list.search, (p) => [p.name, p.username, ...(p.groups ?? [])]).sort((x, y) =>
    list.sort === "newest" ? y.createdAt.localeCompare(x.createdAt) : compareText(x.name, y.name),
  );

  return (
    <section className="page users-page" aria-labelledby="page-title">
      <div className="page-heading">
        <div>
          <h1 id="page-title">Users</h1>
          <p className="lead">{intro}</p>
        </div>
        {actions ? <div className="page-heading-actions">{actions}</div> : null}
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
        <LayoutToggle value={list.layout} onChange={list.setLayout} />
      </ListToolbar>
      {result.error && people.length === 0 ? (
        <ListError message={errorText(result.error, "Could not load the people")} onRetry={result.refetch} />
      ) : result.loading ? (
        <ListSkeleton layout={list.layout} label="Loading people…" />
      ) : shown.length === 0 ? (
        list.search.trim() ? (
          <EmptyState title="Nobody matches" action={{ label: "Clear the search", onClick: () => list.setSearch("") }}>
            <p>Try a name or a username.</p>
          </EmptyState>
        ) : (
          <EmptyState
            title="Nobody to show yet"
            action={{ label: `Find ${term(b, "groups")} to join`, to: "/groups" }}
          >
            <p>
              {note
                ? `Join ${term(b, "groups")} to meet the people who look after ${term(b, "things")} with you.`
                : "No accounts yet."}
            </p>
          </EmptyState>
        )
      ) : (
        <ItemList layout={list.layout} label="People">
          {shown.map((person) => (
            <ItemCard
              key={person.id}
              to={paths.user(person.id)}
              title={person.name}
              picture={<Avatar user={person} size={list.layout === "tiles" ? 52 : 40} />}
              meta={<>@{person.username} · joined {formatDate(person.createdAt)}</>}
              description={person.groups?.length ? `In ${person.groups.join(", ")}` : null}
            />
          ))}
        </ItemList>
      )}
      {shown.length > 0 ? (
        <div className="list-footer">
          <ResultCount
            shown={shown.length}
            total={note ? null : result.totalCount}
            noun={["person", "people"]}
            narrowed={!!list.search.trim()}
          />
          {note && result.totalCount !== null ? (
            <p className="muted list-note">From {count(result.totalCount, "membership")} of the {term(b, "groups")} you can see.</p>
          ) : null}
          <LoadMore
            hasMore={result.hasMore}
            loading={result.loadingMore}
            onLoadMore={result.loadMore}
            label="Load more people"
          />
        </div>
      ) : null}
    </section>
  );
}
