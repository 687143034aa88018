// /community: the community at a glance: newest public groups, your groups, and the people who
// joined groups most recently (signed-in users; guests are asked to sign in to see people).
import { useMemo } from "react";
import { Link } from "react-router";
import { useQuery } from "urql";
import { term } from "../../../../shared/branding.ts";
import { EmptyState, ItemCard, ItemList, ListError, ListSkeleton } from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { count, errorText, groupTypeLabel, timeAgo } from "../groups/meta.ts";
import { Avatar, SignInPrompt, usePictureUrl } from "../groups/ui.tsx";
import { isUuid } from "../groups/use-group.ts";
import { CommunityDocument as CommunityQuery, type CommunityQuery as CommunityData } from "./Community.generated.ts";
import "../groups/groups.css";

const NO_USER = "00000000-0000-0000-0000-000000000000";

export default function CommunityPage() {
  const b = useBranding();
  const { signedIn, session } = useSession();
  const picture = usePictureUrl();
  const userId = signedIn && isUuid(session?.id) ? session!.id : NO_USER;
  const [result, reexecute] = useQuery({
    query: CommunityQuery,
    variables: { userId, signedIn },
    requestPolicy: "cache-and-network",
    pause: !session,
  });
  const data = result.data;
  const groups = term(b, "groups");
  const Groups = term(b, "groups", true);

  // The newest members: each person once, with the group they joined last.
  const newcomers = useMemo(() => {
    const seen = new Set<string>();
    const list: { user: NonNullable<NonNullable<CommunityData["newestMembers"]>["nodes"][number]["userByUserId"]>; group: string | null; when: string }[] = [];
    for (const m of data?.newestMembers?.nodes ?? []) {
      if (!m.userByUserId || seen.has(m.userByUserId.id)) continue;
      seen.add(m.userByUserId.id);
      list.push({ user: m.userByUserId, group: m.groupByGroupId?.name ?? null, when: m.createdAt });
      if (list.length === 12) break;
    }
    return list;
  }, [data?.newestMembers]);

  const mine = (data?.myGroups?.nodes ?? []).filter((m) => m.groupByGroupId);

  return (
    <section className="page community-page" aria-labelledby="page-title">
      <div className="page-heading">
        <div>
          <h1 id="page-title">Community</h1>
          <p className="lead">
            The {groups} and people who look after {term(b, "things")} together. Join a {term(b, "group")}, or start
            one for your street, estate or orchard.
          </p>
        </div>
        <div className="page-heading-actions">
          <Link to="/groups/new" className="button">
            Start a {term(b, "group")}
          </Link>
        </div>
      </div>

      {result.error && !data ? (
        <ListError message={errorText(result.error, "Could not load the community")} onRetry={() => reexecute({ requestPolicy: "network-only" })} />
      ) : null}

      <div className="stats" aria-label="The community in numbers" role="group">
        <Link className="stat" to="/groups">
          <span className="stat-label">{Groups} you can see</span>
          <span className="stat-value">{data?.allGroups?.totalCount ?? "–"}</span>
        </Link>
        <Link className="stat" to="/groups">
          <span className="stat-label">Public {groups}</span>
          <span className="stat-value">{data?.newestGroups?.totalCount ?? "–"}</span>
        </Link>
        {signedIn ? (
          <Link className="stat" to="/groups">
            <span className="stat-label">Your {groups}</span>
            <span className="stat-value">{data?.myGroups?.totalCount ?? "–"}</span>
          </Link>
        ) : null}
      </div>

      {signedIn ? (
        <section className="community-section" aria-labelledby="mine-title">
          <div className="section-title">
            <h2 id="mine-title">Your {groups}</h2>
            {mine.length ? <Link to="/groups">All {groups}</Link> : null}
          </div>
          {!data ? (
            <ListSkeleton layout="tiles" count={2} label={`Loading your ${groups}…`} />
          ) : mine.length === 0 ? (
            <EmptyState
              title={`You have not joined any ${groups} yet`}
              action={{ label: `Find a ${term(b, "group")}`, to: "/groups" }}
              secondary={{ label: `Start a ${term(b, "group")}`, to: "/groups/new" }}
            >
              <p>Join one below, or start your own and invite neighbours.</p>
            </EmptyState>
          ) : (
            <ItemList layout="list" label={`Your ${groups}`}>
              {mine.map((m) => {
                const g = m.groupByGroupId!;
                return (
                  <ItemCard
                    key={m.id}
                    to={paths.group(g.id)}
                    title={g.name}
                    picture={picture("group", g)}
                    meta={groupTypeLabel(g.type)}
                    badges={m.isOwner ? <span className="tag tag-positive">Owner</span> : <span className="tag">Member</span>}
                  />
                );
              })}
            </ItemList>
          )}
        </section>
      ) : null}

      <section className="community-section" aria-labelledby="groups-title">
        <div className="section-title">
          <h2 id="groups-title">Newest public {groups}</h2>
          <Link to="/groups">See all {groups}</Link>
        </div>
        {!data ? (
          <ListSkeleton layout="tiles" count={3} label={`Loading ${groups}…`} />
        ) : !data.newestGroups?.nodes.length ? (
          <EmptyState title={`No public ${groups} yet`} action={{ label: `Start a ${term(b, "group")}`, to: "/groups/new" }}>
            <p>Be the first: start a {term(b, "group")} and invite people to join.</p>
          </EmptyState>
        ) : (
          <ItemList layout="tiles" label={`Newest public ${groups}`}>
            {data.newestGroups.nodes.map((g) => (
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
              />
            ))}
          </ItemList>
        )}
      </section>

      <section className="community-section" aria-labelledby="people-title">
        <div className="section-title">
          <h2 id="people-title">Newest members</h2>
          {signedIn ? <Link to="/users">See all people</Link> : null}
        </div>
        {!signedIn ? (
          <SignInPrompt title="Sign in to meet the people">
            <p>Profiles are shown to signed-in members of the community only.</p>
          </SignInPrompt>
        ) : !data ? (
          <ListSkeleton layout="list" count={3} label="Loading people…" />
        ) : newcomers.length === 0 ? (
          <EmptyState title="No members yet" action={{ label: `Find a ${term(b, "group")}`, to: "/groups" }}>
            <p>People who join {groups} show here.</p>
          </EmptyState>
        ) : (
          <ul className="people-grid" aria-label="Newest members">
            {newcomers.map(({ user, group, when }) => (
              <li key={user.id} className="person">
                <Avatar user={user} size={40} />
                <span className="person-name">
                  <Link to={paths.user(user.id)}>{user.name}</Link>
                  <span className="muted">
                    {group ? `joined ${group} ` : "joined "}
                    {timeAgo(when)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
