// /users/{id}/{tab}: a person's dashboard, activity, badges, tasks and things.
import { Link, useParams } from "react-router";
import { useQuery } from "urql";
import { term } from "../../../../shared/branding.ts";
import { EmptyState, ItemCard, ItemList, ListError, ListSkeleton } from "../../components/list/index.ts";
import { Loading } from "../../components/Loading.tsx";
import { TabNav, tabLabel } from "../../components/TabNav.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths, USER_TABS, type UserTab } from "../../routes/paths.ts";
import { errorText, formatDate, groupTypeLabel, thingTypeLabel, timeAgo } from "../groups/meta.ts";
import { ActivityList, Avatar, NotFoundNotice, SignInPrompt, usePictureUrl } from "../groups/ui.tsx";
import { isUuid } from "../groups/use-group.ts";
import { UserDocument as UserQuery, type UserQuery as UserData } from "./User.generated.ts";
import { UserActivityDocument as UserActivityQuery } from "./UserActivity.generated.ts";
import { UserBadgesDocument as UserBadgesQuery } from "./UserBadges.generated.ts";
import { UserThingsDocument as UserThingsQuery } from "./UserThings.generated.ts";
import "../groups/groups.css";
import { formatLitres } from "../../lib/litres.ts";
import { TaskList, newTaskPath } from "../tasks/index.ts";
import { AdoptedThings } from "../adoption/AdoptedThings.tsx";

type UserDetails = NonNullable<UserData["userById"]>;

export default function UserPage() {
  const { id = "", tab = "dashboard" } = useParams();
  const { signedIn, session } = useSession();
  const valid = isUuid(id);
  const [result, reexecute] = useQuery({
    query: UserQuery,
    variables: { id },
    pause: !valid || !signedIn,
    requestPolicy: "cache-and-network",
  });

  if (!signedIn) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">Profile</h1>
        <SignInPrompt title="Sign in to see this profile">
          <p>Profiles are shown to signed-in members of the community only.</p>
        </SignInPrompt>
      </section>
    );
  }
  if (!valid || (result.data && !result.data.userById)) {
    return (
      <NotFoundNotice title="Person not found" back={{ to: "/users", label: "See all people" }}>
        No one has this profile, or their account was deleted.
      </NotFoundNotice>
    );
  }
  if (result.error && !result.data) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">Profile</h1>
        <ListError
          message={errorText(result.error, "Could not load the profile")}
          onRetry={() => reexecute({ requestPolicy: "network-only" })}
        />
      </section>
    );
  }
  const user = result.data?.userById;
  if (!user) return <Loading label="Loading the profile…" />;

  const you = session?.id === user.id;
  const current = tab as UserTab;
  return (
    <section className="page user-page" aria-labelledby="page-title">
      <header className="record-header">
        <Avatar user={user} size={88} />
        <div className="record-title">
          <h1 id="page-title">
            {user.name}
            {you ? <span className="visually-hidden"> (you)</span> : null}
          </h1>
          <div className="record-tags">
            <span>@{user.username}</span>
            <span aria-hidden="true">·</span>
            <span>joined {formatDate(user.createdAt)}</span>
            {user.isVerified ? <span className="tag tag-positive">Verified</span> : null}
            {you ? <span className="tag tag-positive">This is you</span> : null}
          </div>
        </div>
        {you ? (
          <div className="record-actions">
            <Link className="button button-secondary" to={paths.account("profile")}>
              Edit your profile
            </Link>
          </div>
        ) : null}
      </header>
      <UserTabs id={user.id} />
      <div className="tab-panel">
        {current === "dashboard" ? <UserDashboard user={user} /> : null}
        {current === "activity" ? <UserActivity user={user} /> : null}
        {current === "badges" ? <UserBadges user={user} /> : null}
        {current === "tasks" ? <UserTasks user={user} you={you} /> : null}
        {current === "things" ? <UserThings user={user} /> : null}
      </div>
    </section>
  );
}

function UserTabs({ id }: { id: string }) {
  const b = useBranding();
  return (
    <TabNav
      base={`/users/${encodeURIComponent(id)}`}
      tabs={USER_TABS.map((t) => ({ tab: t, label: t === "things" ? tabLabel(term(b, "things")) : tabLabel(t) }))}
      label="Profile sections"
    />
  );
}

function UserDashboard({ user }: { user: UserDetails }) {
  const b = useBranding();
  const picture = usePictureUrl();
  const memberships = user.groupMembershipsByUserId.nodes.filter((m) => m.groupByGroupId);
  return (
    <>
      <div className="stats">
        <Link className="stat" to={paths.user(user.id, "activity")}>
          <span className="stat-label">Care actions</span>
          <span className="stat-value">{user.actionsByCreatedBy.totalCount}</span>
        </Link>
        <Link className="stat" to={paths.user(user.id, "badges")}>
          <span className="stat-label">Badges</span>
          <span className="stat-value">{user.badgesByUserId.totalCount}</span>
        </Link>
        <Link className="stat" to={paths.user(user.id, "activity")}>
          <span className="stat-label">Water given</span>
          <span className="stat-value">{formatLitres(user.litresTotal ?? 0)}</span>
        </Link>
        <Link className="stat" to={paths.user(user.id, "things")}>
          <span className="stat-label">{term(b, "things", true)}</span>
          <span className="stat-value">{user.thingAccessesByUserId.totalCount}</span>
        </Link>
        <div className="stat">
          <span className="stat-label">{term(b, "groups", true)}</span>
          <span className="stat-value">{memberships.length}</span>
        </div>
      </div>
      <AdoptedThings userId={user.id} />
      <h2>{term(b, "groups", true)}</h2>
      {memberships.length === 0 ? (
        <EmptyState title={`Not in any ${term(b, "groups")} you can see`} action={{ label: `Browse ${term(b, "groups")}`, to: "/groups" }}>
          <p>{term(b, "groups", true)} they join show here.</p>
        </EmptyState>
      ) : (
        <ItemList layout="tiles" label={`${term(b, "groups", true)} of ${user.name}`}>
          {memberships.map((m) => {
            const g = m.groupByGroupId!;
            return (
              <ItemCard
                key={m.id}
                to={paths.group(g.id)}
                title={g.name}
                picture={picture("group", g)}
                meta={<>{groupTypeLabel(g.type)} · since {formatDate(m.createdAt)}</>}
                badges={
                  <>
                    {m.isOwner ? <span className="tag tag-positive">Owner</span> : null}
                    {g.isPublic ? null : <span className="tag tag-warning">Private</span>}
                  </>
                }
              />
            );
          })}
        </ItemList>
      )}
    </>
  );
}

function UserActivity({ user }: { user: UserDetails }) {
  const b = useBranding();
  const [result, reexecute] = useQuery({ query: UserActivityQuery, variables: { id: user.id }, requestPolicy: "cache-and-network" });
  const actions = result.data?.userById?.actionsByCreatedBy;
  return (
    <>
      <div className="section-title">
        <h2>Activity</h2>
        {actions && actions.totalCount > actions.nodes.length ? (
          <p className="muted">
            The latest {actions.nodes.length} of {actions.totalCount} actions
          </p>
        ) : null}
      </div>
      {result.error && !actions ? (
        <ListError message={errorText(result.error, "Could not load the activity")} onRetry={() => reexecute({ requestPolicy: "network-only" })} />
      ) : !actions ? (
        <ListSkeleton layout="list" count={4} label="Loading the activity…" />
      ) : actions.nodes.length === 0 ? (
        <EmptyState title="No activity yet" action={{ label: `See ${term(b, "things")}`, to: "/things" }}>
          <p>
            Watering, clean-ups and other care {user.name} records on {term(b, "things")} show here, newest first.
          </p>
        </EmptyState>
      ) : (
        <ActivityList items={actions.nodes} showUser={false} label={`Activity of ${user.name}`} />
      )}
    </>
  );
}

function UserBadges({ user }: { user: UserDetails }) {
  const [result, reexecute] = useQuery({
    query: UserBadgesQuery,
    variables: { id: user.id },
    requestPolicy: "cache-and-network",
  });
  const badges = result.data?.userById?.badgesByUserId.nodes;
  return (
    <>
      <h2>Badges</h2>
      {result.error && !badges ? (
        <ListError message={errorText(result.error, "Could not load the badges")} onRetry={() => reexecute({ requestPolicy: "network-only" })} />
      ) : !badges ? (
        <ListSkeleton layout="tiles" count={3} label="Loading the badges…" />
      ) : badges.length === 0 ? (
        <EmptyState title="No badges yet">
          <p>Badges come with the first sign-in, the first care actions and more: at 1, 10 and 50 of each.</p>
        </EmptyState>
      ) : (
        <ul className="badge-grid" aria-label={`Badges of ${user.name}`}>
          {badges.map((badge) => {
            const type = badge.badgeTypeByBadgeTypeId;
            const level = type?.level ?? 1;
            return (
              <li key={badge.id} className="badge-card">
                <span className={`badge-medal badge-level-${level}`} aria-hidden="true">
                  {level}
                </span>
                <div>
                  <strong>{type?.title ?? "Badge"}</strong>
                  {type?.description ? <p className="muted">{type.description}</p> : null}
                  <p className="muted">
                    Level {level} · awarded {formatDate(badge.awardedAt)}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

function UserTasks({ user, you }: { user: UserDetails; you: boolean }) {
  return (
    <>
      <h2>Tasks</h2>
      <TaskList
        filter={{ assignedTo: user.id }}
        createPath={you ? newTaskPath({}) : null}
        label={`Tasks assigned to ${you ? "you" : user.name}`}
        emptyText={`Tasks assigned to ${you ? "you" : user.name} show here by due date.`}
      />
    </>
  );
}

function UserThings({ user }: { user: UserDetails }) {
  const b = useBranding();
  const picture = usePictureUrl();
  const [result, reexecute] = useQuery({
    query: UserThingsQuery,
    variables: { id: user.id },
    requestPolicy: "cache-and-network",
  });
  const accesses = result.data?.userById?.thingAccessesByUserId.nodes.filter((a) => a.thingByThingId);
  const things = term(b, "things");
  return (
    <>
      <h2>{term(b, "things", true)}</h2>
      {result.error && !accesses ? (
        <ListError message={errorText(result.error, `Could not load the ${things}`)} onRetry={() => reexecute({ requestPolicy: "network-only" })} />
      ) : !accesses ? (
        <ListSkeleton layout="tiles" count={3} label={`Loading the ${things}…`} />
      ) : accesses.length === 0 ? (
        <EmptyState title={`No ${things} yet`} action={{ label: `See all ${things}`, to: "/things" }}>
          <p>
            {term(b, "things", true)} {user.name} owns or looks after as a collaborator show here.
          </p>
        </EmptyState>
      ) : (
        <ItemList layout="tiles" label={`${term(b, "things", true)} of ${user.name}`}>
          {accesses.map((access) => {
            const thing = access.thingByThingId!;
            return (
              <ItemCard
                key={access.id}
                to={paths.thing(thing.id)}
                title={thing.name}
                picture={picture("thing", thing)}
                meta={
                  <>
                    {thingTypeLabel(thing.type)}
                    {thing.lastAction ? ` · cared for ${timeAgo(thing.lastAction)}` : ""}
                  </>
                }
                description={thing.locationDescription || thing.description}
                badges={
                  <>
                    {access.isOwner ? <span className="tag tag-positive">Owner</span> : null}
                    {access.isCollaborator && !access.isOwner ? <span className="tag">Collaborator</span> : null}
                    {thing.isPublic ? null : <span className="tag tag-warning">Private</span>}
                  </>
                }
              />
            );
          })}
        </ItemList>
      )}
    </>
  );
}
