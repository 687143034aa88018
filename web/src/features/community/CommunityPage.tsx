// /community: the community at a glance: newest public groups, your groups, and the people who
// joined groups most recently (signed-in users; guests are asked to sign in to see people).
import { useMemo } from "react";
import { Link } from "react-router";
import { useQuery } from "urql";
import { EmptyState, ItemCard, ItemList, ListError, ListSkeleton } from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { errorText, groupTypeLabel, timeAgo } from "../groups/meta.ts";
import { Avatar, SignInPrompt, usePictureUrl } from "../groups/ui.tsx";
import { isUuid } from "../groups/use-group.ts";
import { CommunityDocument as CommunityQuery, type CommunityQuery as CommunityData } from "./Community.generated.ts";
import { PersonLine } from "../../components/PersonLine.tsx";
import styles from "./community.module.css";
import { communityTexts } from "./texts.ts";
import { groupsTexts } from "../groups/texts.ts";

const NO_USER = "00000000-0000-0000-0000-000000000000";

export default function CommunityPage() {
  const t = useT(communityTexts, groupsTexts);
  const brand = { brand: useBranding().key };
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

  // The newest members: each person once, with the group they joined last.
  const newcomers = useMemo(() => {
    const seen = new Set<string>();
    const list: {
      user: NonNullable<NonNullable<CommunityData["newestMembers"]>["nodes"][number]["userByUserId"]>;
      group: string | null;
      when: string;
    }[] = [];
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
          <h1 id="page-title">{t("community.title")}</h1>
          <p className="lead">{t("community.lead", brand)}</p>
        </div>
        <div className="page-heading-actions">
          <Link to="/groups/new" className="button">
            {t("groups.start", brand)}
          </Link>
        </div>
      </div>

      {result.error && !data ? (
        <ListError
          message={errorText(result.error, t("community.loadFailed"))}
          onRetry={() => reexecute({ requestPolicy: "network-only" })}
        />
      ) : null}

      <div className="stats" aria-label={t("community.inNumbers")} role="group">
        <Link className="stat" to="/groups">
          <span className="stat-label">{t("community.statVisible", brand)}</span>
          <span className="stat-value">{data?.allGroups?.totalCount ?? "–"}</span>
        </Link>
        <Link className="stat" to="/groups">
          <span className="stat-label">{t("community.statPublic", brand)}</span>
          <span className="stat-value">{data?.newestGroups?.totalCount ?? "–"}</span>
        </Link>
        {signedIn ? (
          <Link className="stat" to="/groups">
            <span className="stat-label">{t("community.yours", brand)}</span>
            <span className="stat-value">{data?.myGroups?.totalCount ?? "–"}</span>
          </Link>
        ) : null}
      </div>

      {signedIn ? (
        <section className={styles.section} aria-labelledby="mine-title">
          <div className="section-title">
            <h2 id="mine-title">{t("community.yours", brand)}</h2>
            {mine.length ? <Link to="/groups">{t("groups.all", brand)}</Link> : null}
          </div>
          {!data ? (
            <ListSkeleton layout="tiles" count={2} label={t("community.loadingYours", brand)} />
          ) : mine.length === 0 ? (
            <EmptyState
              title={t("community.noneJoined", brand)}
              action={{ label: t("community.find", brand), to: "/groups" }}
              secondary={{ label: t("groups.start", brand), to: "/groups/new" }}
            >
              <p>{t("community.noneJoinedText")}</p>
            </EmptyState>
          ) : (
            <ItemList layout="list" label={t("community.yours", brand)}>
              {mine.map((m) => {
                const g = m.groupByGroupId!;
                return (
                  <ItemCard
                    key={m.id}
                    to={paths.group(g.id)}
                    title={g.name}
                    picture={picture("group", g)}
                    meta={groupTypeLabel(g.type, t)}
                    badges={
                      m.isOwner ? (
                        <span className="tag tag-positive">{t("groups.owner")}</span>
                      ) : (
                        <span className="tag">{t("groups.member")}</span>
                      )
                    }
                  />
                );
              })}
            </ItemList>
          )}
        </section>
      ) : null}

      <section className={styles.section} aria-labelledby="groups-title">
        <div className="section-title">
          <h2 id="groups-title">{t("community.newestPublic", brand)}</h2>
          <Link to="/groups">{t("groups.seeAll", brand)}</Link>
        </div>
        {!data ? (
          <ListSkeleton layout="tiles" count={3} label={t("groups.loading", brand)} />
        ) : !data.newestGroups?.nodes.length ? (
          <EmptyState title={t("community.nonePublic", brand)} action={{ label: t("groups.start", brand), to: "/groups/new" }}>
            <p>{t("community.beFirst", brand)}</p>
          </EmptyState>
        ) : (
          <ItemList layout="tiles" label={t("community.newestPublic", brand)}>
            {data.newestGroups.nodes.map((g) => (
              <ItemCard
                key={g.id}
                to={paths.group(g.id)}
                title={g.name}
                picture={picture("group", g)}
                meta={
                  <>
                    {groupTypeLabel(g.type, t)} · {t("groups.memberCount", { count: g.groupMembershipsByGroupId.totalCount })} ·{" "}
                    {t("groups.thingCount", { ...brand, count: g.thingsByGroupId.totalCount })}
                  </>
                }
                description={g.description}
              />
            ))}
          </ItemList>
        )}
      </section>

      <section className={styles.section} aria-labelledby="people-title">
        <div className="section-title">
          <h2 id="people-title">{t("community.newestMembers")}</h2>
          {signedIn ? <Link to="/users">{t("community.seeAllPeople")}</Link> : null}
        </div>
        {!signedIn ? (
          <SignInPrompt title={t("community.signInToMeet")}>
            <p>{t("community.profilesSignedIn")}</p>
          </SignInPrompt>
        ) : !data ? (
          <ListSkeleton layout="list" count={3} label={t("community.loadingPeople")} />
        ) : newcomers.length === 0 ? (
          <EmptyState title={t("groups.membersNone")} action={{ label: t("community.find", brand), to: "/groups" }}>
            <p>{t("community.peopleWhoJoin", brand)}</p>
          </EmptyState>
        ) : (
          <ul className={styles.people} aria-label={t("community.newestMembers")}>
            {newcomers.map(({ user, group, when }) => (
              <PersonLine
                key={user.id}
                className={styles.person}
                picture={<Avatar user={user} size={40} />}
                name={<Link to={paths.user(user.id)}>{user.name}</Link>}
                detail={group ? t("community.joinedGroup", { group, when: timeAgo(when) }) : t("community.joined", { when: timeAgo(when) })}
              />
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
