// The group's dashboard: what it is about, its numbers, its owners, and joining or leaving.
import { useState } from "react";
import { Link } from "react-router";
import { useMutation } from "urql";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { ChangeGroupMembershipDocument as ChangeGroupMembership } from "./ChangeGroupMembership.generated.ts";
import { errorText, formatDate, groupTypeLabel } from "./meta.ts";
import { Avatar } from "./ui.tsx";
import { formatLitres } from "../../lib/litres.ts";
import type { GroupState } from "./use-group.ts";
import { ConfirmBox } from "../../components/ConfirmBox.tsx";
import { PersonLine } from "../../components/PersonLine.tsx";
import { groupsTexts } from "./texts.ts";
import styles from "./groups.module.css";

export function GroupDashboardTab({ state }: { state: GroupState }) {
  const t = useT(groupsTexts);
  const brand = { brand: useBranding().key };
  const group = state.group!;
  const owners = group.owners.nodes;
  return (
    <div className={styles.dashboardGrid}>
      <div className={styles.panel}>
        <h2>{t("groups.about")}</h2>
        {group.description ? (
          <p className={styles.description}>{group.description}</p>
        ) : (
          <p className="muted">
            {t("groups.noDescription")}
            {state.canManage ? (
              <>
                {" "}
                <Link to={paths.groupSettings(group.id)}>{t("groups.addDescription")}</Link>.
              </>
            ) : null}
          </p>
        )}
        <div className="stats">
          <Link className="stat" to={paths.group(group.id, "members")}>
            <span className="stat-label">{t("groups.statMembers", { count: group.members.totalCount })}</span>
            <span className="stat-value">{group.members.totalCount}</span>
          </Link>
          <Link className="stat" to={paths.group(group.id, "things")}>
            <span className="stat-label">{t("groups.statThings", { ...brand, count: group.thingsByGroupId.totalCount })}</span>
            <span className="stat-value">{group.thingsByGroupId.totalCount}</span>
          </Link>
          <Link className="stat" to={paths.group(group.id, "activity")}>
            <span className="stat-label">{t("groups.waterGiven")}</span>
            <span className="stat-value">{formatLitres(group.litresTotal ?? 0)}</span>
          </Link>
        </div>
        <dl className="details">
          <dt>{t("groups.typeLabel")}</dt>
          <dd>{groupTypeLabel(group.type, t)}</dd>
          <dt>{t("groups.visibility")}</dt>
          <dd>{group.isPublic ? t("groups.visibilityPublic") : t("groups.visibilityPrivate")}</dd>
          <dt>{t("groups.started")}</dt>
          <dd>
            <time dateTime={group.createdAt}>{formatDate(group.createdAt)}</time>
          </dd>
        </dl>
      </div>
      <div className={styles.dashboardSide}>
        <div className={styles.panel}>
          <MembershipBox state={state} />
        </div>
        <div className={styles.panel}>
          <h2>{t("groups.owners", { count: owners.length })}</h2>
          {owners.length === 0 ? (
            <p className="muted">{t("groups.noOwners")}</p>
          ) : (
            <ul className={styles.owners}>
              {owners.map((owner) =>
                owner.userByUserId ? (
                  <PersonLine
                    key={owner.id}
                    picture={<Avatar user={owner.userByUserId} size={36} />}
                    name={<Link to={paths.user(owner.userByUserId.id)}>{owner.userByUserId.name}</Link>}
                    detail={`@${owner.userByUserId.username}`}
                  />
                ) : null,
              )}
              {owners.every((o) => !o.userByUserId) ? <li className="muted">{t("groups.signInForOwners", brand)}</li> : null}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}

/** Join, leave, or sign in to join. The only owner is offered handing over or deleting instead of Leave. */
export function MembershipBox({ state }: { state: GroupState }) {
  const t = useT(groupsTexts);
  const brand = { brand: useBranding().key };
  const { signedIn } = useSession();
  const notify = useNotify();
  const group = state.group!;
  const [, change] = useMutation(ChangeGroupMembership);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const soleOwner = state.isOwner && group.owners.totalCount <= 1;
  const othersCount = Math.max(0, group.members.totalCount - 1);

  const run = async (join: boolean) => {
    setBusy(true);
    setError(null);
    const result = await change({ groupId: group.id, join });
    setBusy(false);
    setConfirming(false);
    if (result.error) {
      setError(errorText(result.error, join ? t("groups.joinFailed", brand) : t("groups.leaveFailed", brand)));
      return;
    }
    notify.positive(join ? t("groups.joined", brand) : t("groups.left", { name: group.name }));
    state.refetch();
  };

  if (!signedIn) {
    return (
      <div className={styles.membershipBox}>
        <h2>{t("groups.joinIn")}</h2>
        <p className="muted">{t("groups.signInToJoinText", brand)}</p>
        <Link className="button" to={paths.signIn(paths.groupMembership(group.id))}>
          {t("groups.signInToJoin")}
        </Link>
      </div>
    );
  }

  return (
    <div className={styles.membershipBox}>
      <h2>{t("groups.yourMembership")}</h2>
      {state.isMember ? (
        <>
          <p>
            {state.membership?.createdAt
              ? t("groups.membershipSince", { ...brand, owner: String(state.isOwner), date: formatDate(state.membership.createdAt) })
              : t("groups.membership", { ...brand, owner: String(state.isOwner) })}
          </p>
          {soleOwner ? (
            // The database refuses the last owner's leaving (OWNER): offer what they can do instead.
            <div className="sole-owner">
              <p className="muted">{othersCount > 0 ? t("groups.onlyOwner", brand) : t("groups.onlyMember", brand)}</p>
              <div className={styles.buttonRow}>
                {othersCount > 0 ? (
                  <Link className="button button-secondary" to={paths.group(group.id, "members")}>
                    {t("groups.handOver")}
                  </Link>
                ) : null}
                <Link className="button button-secondary" to={paths.groupSettings(group.id)}>
                  {t("groups.deleteGroup", brand)}
                </Link>
              </div>
            </div>
          ) : confirming ? (
            <ConfirmBox
              label={t("groups.leaveQuestion", { name: group.name })}
              question={t(group.isPublic ? "groups.leaveQuestion" : "groups.leaveQuestionPrivate", { name: group.name })}
              confirm={busy ? t("groups.leaving") : t("groups.leave", brand)}
              cancel={t("groups.stay")}
              busy={busy}
              onConfirm={() => void run(false)}
              onCancel={() => setConfirming(false)}
            />
          ) : (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setError(null);
                setConfirming(true);
              }}
            >
              {t("groups.leave", brand)}
            </button>
          )}
        </>
      ) : group.isPublic ? (
        <>
          <p className="muted">{t("groups.notMemberYet", brand)}</p>
          <button type="button" className="button" disabled={busy} onClick={() => run(true)}>
            {busy ? t("groups.joining") : t("groups.join", brand)}
          </button>
        </>
      ) : (
        <p className="muted">{t("groups.privateAskOwner", brand)}</p>
      )}
      {error ? (
        <p className={`form-error ${styles.inlineAlert}`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
