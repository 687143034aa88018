// The group's dashboard: what it is about, its numbers, its owners, and joining or leaving.
import { useState } from "react";
import { Link } from "react-router";
import { useMutation } from "urql";
import { term } from "../../../../shared/branding.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { ChangeGroupMembershipDocument as ChangeGroupMembership } from "./ChangeGroupMembership.generated.ts";
import { errorText, formatDate, groupTypeLabel } from "./meta.ts";
import { Avatar } from "./ui.tsx";
import { formatLitres } from "../../lib/litres.ts";
import type { GroupState } from "./use-group.ts";

export function GroupDashboardTab({ state }: { state: GroupState }) {
  const b = useBranding();
  const group = state.group!;
  const owners = group.owners.nodes;
  return (
    <div className="dashboard-grid">
      <div className="card">
        <h2>About</h2>
        {group.description ? (
          <p className="description">{group.description}</p>
        ) : (
          <p className="muted">
            No description yet.
            {state.canManage ? (
              <>
                {" "}
                <Link to={paths.groupSettings(group.id)}>Add one in the settings</Link>.
              </>
            ) : null}
          </p>
        )}
        <div className="stats">
          <Link className="stat" to={paths.group(group.id, "members")}>
            <span className="stat-label">{group.members.totalCount === 1 ? "Member" : "Members"}</span>
            <span className="stat-value">{group.members.totalCount}</span>
          </Link>
          <Link className="stat" to={paths.group(group.id, "things")}>
            <span className="stat-label">{group.thingsByGroupId.totalCount === 1 ? term(b, "thing", true) : term(b, "things", true)}</span>
            <span className="stat-value">{group.thingsByGroupId.totalCount}</span>
          </Link>
          <Link className="stat" to={paths.group(group.id, "activity")}>
            <span className="stat-label">Water given</span>
            <span className="stat-value">{formatLitres(group.litresTotal ?? 0)}</span>
          </Link>
        </div>
        <dl className="details">
          <dt>Type</dt>
          <dd>{groupTypeLabel(group.type)}</dd>
          <dt>Visibility</dt>
          <dd>{group.isPublic ? "Public: anyone can see it and join" : "Private: members join by invitation"}</dd>
          <dt>Started</dt>
          <dd>{formatDate(group.createdAt)}</dd>
        </dl>
      </div>
      <div className="dashboard-side">
        <div className="card">
          <MembershipBox state={state} />
        </div>
        <div className="card">
          <h2>{owners.length === 1 ? "Owner" : "Owners"}</h2>
          {owners.length === 0 ? (
            <p className="muted">No owners to show.</p>
          ) : (
            <ul className="people-list">
              {owners.map((owner) =>
                owner.userByUserId ? (
                  <li key={owner.id} className="person">
                    <Avatar user={owner.userByUserId} size={36} />
                    <span className="person-name">
                      <Link to={paths.user(owner.userByUserId.id)}>{owner.userByUserId.name}</Link>
                      <span className="muted">@{owner.userByUserId.username}</span>
                    </span>
                  </li>
                ) : null,
              )}
              {owners.every((o) => !o.userByUserId) ? (
                <li className="muted">Sign in to see who runs this {term(b, "group")}.</li>
              ) : null}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}

/** Join, leave, or sign in to join. The only owner is offered handing over or deleting instead of Leave. */
export function MembershipBox({ state }: { state: GroupState }) {
  const b = useBranding();
  const { signedIn } = useSession();
  const notify = useNotify();
  const group = state.group!;
  const [, change] = useMutation(ChangeGroupMembership);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const word = term(b, "group");
  const soleOwner = state.isOwner && group.owners.totalCount <= 1;
  const othersCount = Math.max(0, group.members.totalCount - 1);

  const run = async (join: boolean) => {
    setBusy(true);
    setError(null);
    const result = await change({ groupId: group.id, join });
    setBusy(false);
    setConfirming(false);
    if (result.error) {
      setError(errorText(result.error, join ? `Could not join the ${word}` : `Could not leave the ${word}`));
      return;
    }
    notify.positive(join ? `${term(b, "group", true)} joined` : `You left ${group.name}`);
    state.refetch();
  };

  if (!signedIn) {
    return (
      <div className="membership-box">
        <h2>Join in</h2>
        <p className="muted">Sign in to join this {word} and look after its {term(b, "things")} with others.</p>
        <Link className="button" to={paths.signIn(paths.groupMembership(group.id))}>
          Sign in to join
        </Link>
      </div>
    );
  }

  return (
    <div className="membership-box">
      <h2>Your membership</h2>
      {state.isMember ? (
        <>
          <p>
            {state.isOwner ? `You own this ${word}` : `You are a member`}
            {state.membership?.createdAt ? ` since ${formatDate(state.membership.createdAt)}` : ""}.
          </p>
          {soleOwner ? (
            // The database refuses the last owner's leaving (OWNER): offer what they can do instead.
            <div className="sole-owner">
              <p className="muted">
                {othersCount > 0
                  ? `You are its only owner. To leave, first make another member an owner, or delete the ${word}.`
                  : `You are its only member. Delete the ${word} if it is no longer needed.`}
              </p>
              <div className="button-row">
                {othersCount > 0 ? (
                  <Link className="button button-secondary" to={paths.group(group.id, "members")}>
                    Hand over ownership
                  </Link>
                ) : null}
                <Link className="button button-secondary" to={paths.groupSettings(group.id)}>
                  Delete {word}
                </Link>
              </div>
            </div>
          ) : confirming ? (
            <div className="confirm-box" role="group" aria-label={`Leave ${group.name}?`}>
              <p>
                Leave {group.name}?
                {group.isPublic ? "" : ` It is private: you would need a new invitation to come back.`}
              </p>
              <div className="button-row">
                <button type="button" className="button button-danger-solid" disabled={busy} onClick={() => run(false)}>
                  {busy ? "Leaving…" : `Leave ${word}`}
                </button>
                <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
                  Stay
                </button>
              </div>
            </div>
          ) : (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setError(null);
                setConfirming(true);
              }}
            >
              Leave {word}
            </button>
          )}
        </>
      ) : group.isPublic ? (
        <>
          <p className="muted">You are not a member yet. Anyone can join this {word}.</p>
          <button type="button" className="button" disabled={busy} onClick={() => run(true)}>
            {busy ? "Joining…" : `Join ${word}`}
          </button>
        </>
      ) : (
        <p className="muted">This {word} is private: ask one of its owners for an invitation.</p>
      )}
      {error ? (
        <p className="form-error inline-alert" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
