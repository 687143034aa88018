// /users/{id}/{tab}: a person's dashboard, activity, badges, tasks and things.
import { Link, useParams } from "react-router";
import { useQuery } from "urql";
import { EmptyState, ItemCard, ItemList, ListError, ListSkeleton } from "../../components/list/index.ts";
import { Loading } from "../../components/Loading.tsx";
import { TabNav } from "../../components/TabNav.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths, USER_TABS, type UserTab } from "../../routes/paths.ts";
import { errorText, formatDate, groupTypeLabel, thingTypeLabel, timeAgo } from "../groups/meta.ts";
import { ActivityList, Avatar, NotFoundNotice, SignInPrompt, usePictureUrl } from "../groups/ui.tsx";
import { isUuid } from "../groups/use-group.ts";
import { UserDocument as UserQuery, type UserQuery as UserData } from "./User.generated.ts";
import { UserActivityDocument as UserActivityQuery } from "./UserActivity.generated.ts";
import { UserBadgesDocument as UserBadgesQuery } from "./UserBadges.generated.ts";
import { UserThingsDocument as UserThingsQuery } from "./UserThings.generated.ts";
import { RecordHeader } from "../../components/RecordHeader.tsx";
import styles from "./users.module.css";
import { formatLitres } from "../../lib/litres.ts";
import { TaskList, newTaskPath } from "../tasks/index.ts";
import { AdoptedThings } from "../adoption/AdoptedThings.tsx";
import { badgeText } from "../account/badge-texts.ts";
import { usersTexts, type UsersKey } from "./texts.ts";
import { accountTexts } from "../account/texts.ts";

type UserDetails = NonNullable<UserData["userById"]>;

export default function UserPage() {
  const { id = "", tab = "dashboard" } = useParams();
  const { signedIn, session } = useSession();
  const t = useT(usersTexts);
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
        <h1 id="page-title">{t("users.profile")}</h1>
        <SignInPrompt title={t("users.signInToSeeProfile")}>
          <p>{t("users.profilesForMembers")}</p>
        </SignInPrompt>
      </section>
    );
  }
  if (!valid || (result.data && !result.data.userById)) {
    return (
      <NotFoundNotice title={t("users.notFound")} back={{ to: "/users", label: t("users.seeAll") }}>
        {t("users.notFoundText")}
      </NotFoundNotice>
    );
  }
  if (result.error && !result.data) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">{t("users.profile")}</h1>
        <ListError
          message={errorText(result.error, t("users.profileLoadError"))}
          onRetry={() => reexecute({ requestPolicy: "network-only" })}
        />
      </section>
    );
  }
  const user = result.data?.userById;
  if (!user) return <Loading label={t("users.profileLoading")} />;

  const you = session?.id === user.id;
  const current = tab as UserTab;
  return (
    <section className="page user-page" aria-labelledby="page-title">
      <RecordHeader
        picture={<Avatar user={user} size={88} />}
        title={
          <>
            {user.name}
            {you ? <span className="visually-hidden"> {t("users.you")}</span> : null}
          </>
        }
        tags={
          <>
            <span>@{user.username}</span>
            <span aria-hidden="true">·</span>
            <span>{t("users.joinedOn", { date: formatDate(user.createdAt) })}</span>
            {user.isVerified ? <span className="tag tag-positive">{t("users.verified")}</span> : null}
            {you ? <span className="tag tag-positive">{t("users.thisIsYou")}</span> : null}
          </>
        }
        actions={
          you ? (
            <Link className="button button-secondary" to={paths.account("profile")}>
              {t("users.editProfile")}
            </Link>
          ) : null
        }
      />
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

/** A medal's colour by badge level: bronze, silver, gold (higher levels keep the accent). */
const MEDAL_LEVEL: Record<number, string | undefined> = { 1: styles.level1, 2: styles.level2, 3: styles.level3 };

const TAB_LABELS: Record<UserTab, UsersKey> = {
  dashboard: "users.tab.dashboard",
  activity: "users.tab.activity",
  badges: "users.tab.badges",
  tasks: "users.tab.tasks",
  things: "users.tab.things",
};

function UserTabs({ id }: { id: string }) {
  const b = useBranding();
  const t = useT(usersTexts);
  return (
    <TabNav
      base={`/users/${encodeURIComponent(id)}`}
      tabs={USER_TABS.map((tab) => ({ tab, label: t(TAB_LABELS[tab], { brand: b.key }) }))}
      label={t("users.sections")}
    />
  );
}

function UserDashboard({ user }: { user: UserDetails }) {
  const b = useBranding();
  const brand = { brand: b.key };
  const t = useT(usersTexts);
  const picture = usePictureUrl();
  const memberships = user.groupMembershipsByUserId.nodes.filter((m) => m.groupByGroupId);
  return (
    <>
      <div className="stats">
        <Link className="stat" to={paths.user(user.id, "activity")}>
          <span className="stat-label">{t("users.stat.care")}</span>
          <span className="stat-value">{user.actionsByCreatedBy.totalCount}</span>
        </Link>
        <Link className="stat" to={paths.user(user.id, "badges")}>
          <span className="stat-label">{t("users.stat.badges")}</span>
          <span className="stat-value">{user.badgesByUserId.totalCount}</span>
        </Link>
        <Link className="stat" to={paths.user(user.id, "activity")}>
          <span className="stat-label">{t("users.stat.water")}</span>
          <span className="stat-value">{formatLitres(user.litresTotal ?? 0)}</span>
        </Link>
        <Link className="stat" to={paths.user(user.id, "things")}>
          <span className="stat-label">{t("users.stat.things", brand)}</span>
          <span className="stat-value">{user.thingAccessesByUserId.totalCount}</span>
        </Link>
        <div className="stat">
          <span className="stat-label">{t("users.stat.groups", brand)}</span>
          <span className="stat-value">{memberships.length}</span>
        </div>
      </div>
      <AdoptedThings userId={user.id} />
      <h2>{t("users.groups", brand)}</h2>
      {memberships.length === 0 ? (
        <EmptyState title={t("users.noGroups", brand)} action={{ label: t("users.browseGroups", brand), to: "/groups" }}>
          <p>{t("users.groupsShowHere", brand)}</p>
        </EmptyState>
      ) : (
        <ItemList layout="tiles" label={t("users.groupsOf", { ...brand, name: user.name })}>
          {memberships.map((m) => {
            const g = m.groupByGroupId!;
            return (
              <ItemCard
                key={m.id}
                to={paths.group(g.id)}
                title={g.name}
                picture={picture("group", g)}
                meta={t("users.memberSince", { type: groupTypeLabel(g.type), date: formatDate(m.createdAt) })}
                badges={
                  <>
                    {m.isOwner ? <span className="tag tag-positive">{t("users.owner")}</span> : null}
                    {g.isPublic ? null : <span className="tag tag-warning">{t("users.private")}</span>}
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
  const t = useT(usersTexts);
  const [result, reexecute] = useQuery({ query: UserActivityQuery, variables: { id: user.id }, requestPolicy: "cache-and-network" });
  const actions = result.data?.userById?.actionsByCreatedBy;
  return (
    <>
      <div className="section-title">
        <h2>{t("users.activity")}</h2>
        {actions && actions.totalCount > actions.nodes.length ? (
          <p className="muted">{t("users.latestActions", { shown: actions.nodes.length, total: actions.totalCount })}</p>
        ) : null}
      </div>
      {result.error && !actions ? (
        <ListError
          message={errorText(result.error, t("users.activityLoadError"))}
          onRetry={() => reexecute({ requestPolicy: "network-only" })}
        />
      ) : !actions ? (
        <ListSkeleton layout="list" count={4} label={t("users.activityLoading")} />
      ) : actions.nodes.length === 0 ? (
        <EmptyState title={t("users.noActivity")} action={{ label: t("users.seeThings", { brand: b.key }), to: "/things" }}>
          <p>{t("users.activityShowsHere", { brand: b.key, name: user.name })}</p>
        </EmptyState>
      ) : (
        <ActivityList items={actions.nodes} showUser={false} label={t("users.activityOf", { name: user.name })} />
      )}
    </>
  );
}

function UserBadges({ user }: { user: UserDetails }) {
  const t = useT(usersTexts, accountTexts);
  const b = useBranding();
  const [result, reexecute] = useQuery({
    query: UserBadgesQuery,
    variables: { id: user.id },
    requestPolicy: "cache-and-network",
  });
  const badges = result.data?.userById?.badgesByUserId.nodes;
  return (
    <>
      <h2>{t("users.badges")}</h2>
      {result.error && !badges ? (
        <ListError
          message={errorText(result.error, t("users.badgesLoadError"))}
          onRetry={() => reexecute({ requestPolicy: "network-only" })}
        />
      ) : !badges ? (
        <ListSkeleton layout="tiles" count={3} label={t("users.badgesLoading")} />
      ) : badges.length === 0 ? (
        <EmptyState title={t("users.noBadges")}>
          <p>{t("users.badgesHow")}</p>
        </EmptyState>
      ) : (
        <ul className={styles.badges} aria-label={t("users.badgesOf", { name: user.name })}>
          {badges.map((badge) => {
            const type = badge.badgeTypeByBadgeTypeId;
            const level = type?.level ?? 1;
            return (
              <li key={badge.id} className={styles.badge}>
                <span className={[styles.medal, MEDAL_LEVEL[level]].filter(Boolean).join(" ")} aria-hidden="true">
                  {level}
                </span>
                <div>
                  <strong>{type ? badgeText(type, b.key, t).title : t("users.badge")}</strong>
                  {type?.description ? <p className="muted">{badgeText(type, b.key, t).description}</p> : null}
                  <p className="muted">{t("users.badgeLevel", { level, date: formatDate(badge.awardedAt) })}</p>
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
  const t = useT(usersTexts);
  return (
    <>
      <h2>{t("users.tasks")}</h2>
      <TaskList
        filter={{ assignedTo: user.id }}
        createPath={you ? newTaskPath({}) : null}
        label={you ? t("users.tasksOfYou") : t("users.tasksOf", { name: user.name })}
        emptyText={you ? t("users.tasksEmptyYou") : t("users.tasksEmpty", { name: user.name })}
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
  const t = useT(usersTexts);
  const brand = { brand: b.key };
  return (
    <>
      <h2>{t("users.things", brand)}</h2>
      {result.error && !accesses ? (
        <ListError
          message={errorText(result.error, t("users.thingsLoadError", brand))}
          onRetry={() => reexecute({ requestPolicy: "network-only" })}
        />
      ) : !accesses ? (
        <ListSkeleton layout="tiles" count={3} label={t("users.thingsLoading", brand)} />
      ) : accesses.length === 0 ? (
        <EmptyState title={t("users.noThings", brand)} action={{ label: t("users.seeAllThings", brand), to: "/things" }}>
          <p>{t("users.thingsShowHere", { ...brand, name: user.name })}</p>
        </EmptyState>
      ) : (
        <ItemList layout="tiles" label={t("users.thingsOf", { ...brand, name: user.name })}>
          {accesses.map((access) => {
            const thing = access.thingByThingId!;
            return (
              <ItemCard
                key={access.id}
                to={paths.thing(thing.id)}
                title={thing.name}
                picture={picture("thing", thing)}
                meta={
                  thing.lastAction
                    ? t("users.caredFor", { type: thingTypeLabel(thing.type, t), ago: timeAgo(thing.lastAction) })
                    : thingTypeLabel(thing.type, t)
                }
                description={thing.locationDescription || thing.description}
                badges={
                  <>
                    {access.isOwner ? <span className="tag tag-positive">{t("users.owner")}</span> : null}
                    {access.isCollaborator && !access.isOwner ? <span className="tag">{t("users.collaborator")}</span> : null}
                    {thing.isPublic ? null : <span className="tag tag-warning">{t("users.private")}</span>}
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
