// /users: people in the community. Admins see everyone (allUsers is admin-only); other signed-in
// users see the people in the groups they can see; guests are asked to sign in, since profiles
// are only shown to signed-in users. Search, sort, filters (group, verified e-mail) and paging
// run on the server; the choices are remembered.
import { Link } from "react-router";
import { useQuery } from "urql";
import {
  EmptyState,
  FilterChips,
  FilterSelect,
  ItemCard,
  ItemList,
  LayoutToggle,
  ListContent,
  ListFooter,
  ListToolbar,
  SearchBox,
  SortSelect,
  compareText,
  listCondition,
  useConnection,
  useDebouncedValue,
  useListState,
} from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { errorText, formatDate } from "../groups/meta.ts";
import { Avatar, SignInPrompt } from "../groups/ui.tsx";
import { PeopleGroupsDocument as PeopleGroupsQuery } from "./PeopleGroups.generated.ts";
import {
  PeopleInGroupsDocument as PeopleInGroupsQuery,
  type PeopleInGroupsQuery as PeopleInGroupsData,
} from "./PeopleInGroups.generated.ts";
import { UsersListDocument as UsersListQuery, type UsersListQuery as UsersListData } from "./UsersList.generated.ts";
import { usersTexts, type UsersT, englishUsersT } from "./texts.ts";

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
export function groupsLine(person: Person, t: UsersT = englishUsersT): string | null {
  const memberships = person.groupMembershipsByUserId;
  const names = (memberships?.nodes ?? []).flatMap((m) => (m.groupByGroupId ? [m.groupByGroupId.name] : []));
  if (!memberships || names.length === 0) return null;
  const more = memberships.totalCount - names.length;
  const groups = names.join(", ");
  return more > 0 ? t("users.groupsLineMore", { groups, more }) : t("users.groupsLine", { groups });
}

export default function UsersPage() {
  const { signedIn } = useSession();
  const b = useBranding();
  const t = useT(usersTexts);
  if (!signedIn) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">{t("users.title")}</h1>
        <p className="lead">{t("users.signedOutLead", { brand: b.key })}</p>
        <SignInPrompt title={t("users.signInToSee")}>
          <p>{t("users.profilesForMembers")}</p>
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
  const brand = { brand: b.key };
  const t = useT(usersTexts);
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
          <h1 id="page-title">{t("users.title")}</h1>
          <p className="lead">{admin ? t("users.leadAdmin") : t("users.leadMember", brand)}</p>
        </div>
        {admin ? (
          <div className="page-heading-actions">
            <Link to="/users/new" className="button">
              {t("users.newUser")}
            </Link>
          </div>
        ) : null}
      </div>
      <ListToolbar label={t("users.listOptions")}>
        <SearchBox label={t("users.search")} value={list.search} onChange={list.setSearch} />
        <SortSelect
          value={list.sort}
          onChange={list.setSort}
          options={[
            { value: "name", label: t("users.sort.name") },
            { value: "newest", label: t("users.sort.newest") },
          ]}
        />
        <FilterSelect
          label={t("users.group", brand)}
          value={list.filters.group}
          onChange={(v) => list.setFilter("group", v)}
          allLabel={admin ? t("users.everyone") : t("users.anyGroup", brand)}
          options={groupOptions}
        />
        <LayoutToggle value={list.layout} onChange={list.setLayout} />
        <FilterChips
          label={t("users.email")}
          value={list.filters.verified}
          onChange={(v) => list.setFilter("verified", v)}
          allLabel={t("users.anyone")}
          options={[
            { value: "yes", label: t("users.verified") },
            { value: "no", label: t("users.notVerified") },
          ]}
        />
      </ListToolbar>
      <ListContent
        layout={list.layout}
        load={result}
        errorMessage={(error) => errorText(error, t("users.loadError"))}
        loadingLabel={t("users.loading")}
        empty={
          people.length > 0 ? null : list.narrowed ? (
            <EmptyState title={t("users.nobodyMatches")} action={{ label: t("users.clearFilters"), onClick: list.reset }}>
              <p>{t("users.tryAnother", brand)}</p>
            </EmptyState>
          ) : (
            <EmptyState title={t("users.nobodyYet")} action={{ label: t("users.findGroups", brand), to: "/groups" }}>
              <p>{admin ? t("users.noAccounts") : t("users.joinGroups", brand)}</p>
            </EmptyState>
          )
        }
      >
        <ItemList layout={list.layout} label={t("users.people")} busy={result.refreshing}>
          {people.map((person) => (
            <ItemCard
              key={person.id}
              to={paths.user(person.id)}
              title={person.name}
              picture={<Avatar user={person} size={list.layout === "tiles" ? 52 : 40} />}
              meta={t("users.joined", { username: person.username, date: formatDate(person.createdAt) })}
              description={groupsLine(person, t)}
              badges={admin && !person.isVerified ? <span className="tag">{t("users.notVerified")}</span> : null}
            />
          ))}
        </ItemList>
      </ListContent>
      {people.length > 0 ? (
        <ListFooter
          count={{
            shown: people.length,
            total: result.totalCount,
            noun: [t("users.person"), t("users.personPlural")],
            narrowed: list.narrowed,
          }}
          more={result}
          moreLabel={t("users.loadMore")}
        />
      ) : null}
    </section>
  );
}
