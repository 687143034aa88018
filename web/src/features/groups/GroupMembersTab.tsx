// Members of a group. Owners (and admins) also make or unmake owners, remove members, invite
// people by e-mail and look after pending invitations.
import { useEffect, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useMutation, useQuery } from "urql";
import { validateEmail } from "../../../../shared/validation.ts";
import { ConfirmBox } from "../../components/ConfirmBox.tsx";
import { FormField } from "../../components/FormField.tsx";
import { EmptyState, ListError, ListSkeleton, listClasses, LoadMore, useConnection } from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { useForm } from "../../lib/use-form.ts";
import { paths } from "../../routes/paths.ts";
import { DeleteGroupInvitationDocument as DeleteGroupInvitation } from "./DeleteGroupInvitation.generated.ts";
import { DeleteGroupMembershipDocument as DeleteGroupMembership } from "./DeleteGroupMembership.generated.ts";
import { GroupInvitationsDocument as GroupInvitationsQuery } from "./GroupInvitations.generated.ts";
import { GroupMembersDocument as GroupMembersQuery } from "./GroupMembers.generated.ts";
import { InviteToGroupDocument as InviteToGroup } from "./InviteToGroup.generated.ts";
import { UpdateGroupMembershipDocument as UpdateGroupMembership } from "./UpdateGroupMembership.generated.ts";
import { errorText, formatDate } from "./meta.ts";
import { Avatar, SignInPrompt } from "./ui.tsx";
import type { GroupState } from "./use-group.ts";
import { groupsTexts } from "./texts.ts";
import styles from "./groups.module.css";

interface Member {
  id: string;
  userId: string;
  isOwner: boolean;
  createdAt: string;
  userByUserId: { id: string; name: string; username: string; hasImage: boolean; isVerified: boolean } | null;
}

export function GroupMembersTab({ state }: { state: GroupState }) {
  const t = useT(groupsTexts);
  const brand = { brand: useBranding().key };
  const { signedIn, session } = useSession();
  const notify = useNotify();
  const group = state.group!;
  const manage = state.canManage;
  const members = useConnection({
    query: GroupMembersQuery,
    variables: { id: group.id },
    connection: (data) => data.groupById?.groupMembershipsByGroupId,
    pageSize: 50,
  });
  const [, updateMembership] = useMutation(UpdateGroupMembership);
  const [, deleteMembership] = useMutation(DeleteGroupMembership);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirmId, setConfirmId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [invitationsVersion, setInvitationsVersion] = useState(0);

  const refresh = () => {
    members.refetch();
    state.refetch();
  };

  const toggleOwner = async (member: Member) => {
    setBusyId(member.id);
    setActionError(null);
    const result = await updateMembership({ id: member.id, isOwner: !member.isOwner });
    setBusyId(null);
    if (result.error) {
      setActionError(errorText(result.error, t("groups.makeOwnerFailed")));
      return;
    }
    const who = member.userByUserId?.name ?? t("groups.theMember");
    notify.positive(t(member.isOwner ? "groups.noLongerOwner" : "groups.nowOwner", { who }));
    refresh();
  };

  const remove = async (member: Member) => {
    setBusyId(member.id);
    setActionError(null);
    const result = await deleteMembership({ id: member.id });
    setBusyId(null);
    setConfirmId(null);
    if (result.error) {
      setActionError(errorText(result.error, t("groups.removeFailed")));
      return;
    }
    notify.positive(t("groups.removed", { who: member.userByUserId?.name ?? t("groups.theMember"), group: group.name }));
    refresh();
  };

  if (!signedIn) {
    return (
      <>
        <h2>{t("groups.tab.members")}</h2>
        <SignInPrompt title={t("groups.signInForMembers", brand)}>
          <p>{t("groups.membersSignedOut", { name: group.name, count: group.members.totalCount })}</p>
        </SignInPrompt>
      </>
    );
  }

  return (
    <>
      <div className="section-title">
        <h2>{t("groups.tab.members")}</h2>
        {members.totalCount !== null ? <p className="muted">{t("groups.memberCount", { count: members.totalCount })}</p> : null}
      </div>
      {actionError ? (
        <div className="form-error" role="alert">
          {actionError}
        </div>
      ) : null}
      {members.error && members.nodes.length === 0 ? (
        <ListError message={errorText(members.error, t("groups.membersLoadFailed"))} onRetry={members.refetch} />
      ) : members.loading ? (
        <ListSkeleton layout="list" count={3} label={t("groups.membersLoading")} />
      ) : members.nodes.length === 0 ? (
        <EmptyState
          title={t("groups.membersNone")}
          action={manage ? null : { label: t("groups.joinNamed", { name: group.name }), to: paths.group(group.id) }}
        >
          <p>{t("groups.membersNoneText", brand)}</p>
        </EmptyState>
      ) : (
        <ul className={`${listClasses.rows} item-rows`} aria-label={t("groups.membersOf", { name: group.name })}>
          {members.nodes.map((member) => {
            const user = member.userByUserId;
            const you = member.userId === session?.id;
            const name = user?.name ?? t("groups.aMember");
            return (
              <li key={member.id} className={`${listClasses.item} member-row`}>
                <span className={listClasses.picture} aria-hidden="true">
                  {user ? <Avatar user={user} size={40} /> : null}
                </span>
                <span className={listClasses.body}>
                  {user ? (
                    <Link to={paths.user(user.id)} className={`${listClasses.title} item-title`}>
                      {you ? t("groups.nameYou", { name }) : name}
                    </Link>
                  ) : (
                    <span className={`${listClasses.title} item-title`}>{name}</span>
                  )}
                  <span className={listClasses.meta}>
                    {user ? `@${user.username} · ` : ""}
                    {t("groups.joinedOn", { date: formatDate(member.createdAt) })}
                  </span>
                </span>
                <span className={listClasses.badges}>
                  {member.isOwner ? <span className="tag tag-positive">{t("groups.owner")}</span> : null}
                </span>
                {manage ? (
                  <span className={`${listClasses.actions} ${styles.memberActions}`}>
                    {confirmId === member.id ? (
                      <ConfirmBox
                        inline
                        small
                        label={t("groups.removeQuestion", { name, group: group.name })}
                        confirm={
                          busyId === member.id ? t("groups.removing") : you ? t("groups.removeMyself") : t("groups.removeNamed", { name })
                        }
                        cancel={t("groups.cancel")}
                        busy={busyId === member.id}
                        onConfirm={() => remove(member)}
                        onCancel={() => setConfirmId(null)}
                      />
                    ) : (
                      <>
                        <button
                          type="button"
                          className="button button-small button-secondary"
                          disabled={busyId === member.id}
                          onClick={() => toggleOwner(member)}
                          aria-label={t(member.isOwner ? "groups.removeOwnerLabel" : "groups.makeOwnerLabel", { name })}
                        >
                          {member.isOwner ? t("groups.removeOwner") : t("groups.makeOwner")}
                        </button>
                        <button
                          type="button"
                          className="button button-small button-danger-outline"
                          disabled={busyId === member.id}
                          onClick={() => {
                            setActionError(null);
                            setConfirmId(member.id);
                          }}
                          aria-label={t("groups.removeLabel", { ...brand, name })}
                        >
                          {t("groups.remove")}
                        </button>
                      </>
                    )}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <LoadMore
        hasMore={members.hasMore}
        loading={members.loadingMore}
        onLoadMore={members.loadMore}
        shown={members.nodes.length}
        total={members.totalCount}
        label={t("groups.loadMoreMembers")}
      />
      {manage ? (
        <>
          <InviteForm groupId={group.id} groupName={group.name} onInvited={() => setInvitationsVersion((v) => v + 1)} />
          <Invitations groupId={group.id} version={invitationsVersion} />
        </>
      ) : null}
    </>
  );
}

function InviteForm({ groupId, groupName, onInvited }: { groupId: string; groupName: string; onInvited(): void }) {
  const t = useT(groupsTexts);
  const notify = useNotify();
  const [, invite] = useMutation(InviteToGroup);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; email: string } | null>(null);
  const [formKey, setFormKey] = useState(0);
  return (
    <InviteFormFields
      key={formKey}
      busy={busy}
      groupName={groupName}
      serverError={serverError}
      onSubmit={async (email) => {
        setBusy(true);
        setServerError(null);
        const result = await invite({ groupId, email });
        setBusy(false);
        if (result.error) {
          setServerError({ message: errorText(result.error, t("groups.inviteFailed")), email });
          return;
        }
        notify.positive(t("groups.invitationSent", { email }));
        setFormKey((k) => k + 1);
        onInvited();
      }}
    />
  );
}

function InviteFormFields({
  busy,
  groupName,
  serverError,
  onSubmit,
}: {
  busy: boolean;
  groupName: string;
  serverError: { message: string; email: string } | null;
  onSubmit(email: string): void;
}) {
  const t = useT(groupsTexts);
  const form = useForm<"email">({ email: "" }, (values) => ({ email: validateEmail(values.email.trim()) }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.submit()) {
      event.currentTarget.querySelector<HTMLInputElement>('[name="email"]')?.focus();
      return;
    }
    onSubmit(form.values.email.trim());
  };
  const stale = serverError && serverError.email !== form.values.email.trim();
  return (
    <section className={`${styles.panel} ${styles.stack}`} aria-labelledby="invite-title">
      <h2 id="invite-title">{t("groups.inviteTitle")}</h2>
      <p className={styles.formNote}>{t("groups.inviteNote", { name: groupName })}</p>
      <form className={styles.inviteForm} noValidate onSubmit={submit}>
        <FormField
          label={t("groups.emailAddress")}
          type="email"
          autoComplete="off"
          spellCheck={false}
          error={form.errors.email ?? (serverError && !stale ? serverError.message : null)}
          {...form.field("email")}
        />
        <button type="submit" className="button" disabled={busy}>
          {busy ? t("groups.sending") : t("groups.sendInvitation")}
        </button>
      </form>
    </section>
  );
}

function Invitations({ groupId, version }: { groupId: string; version: number }) {
  const t = useT(groupsTexts);
  const notify = useNotify();
  const [result, reexecute] = useQuery({
    query: GroupInvitationsQuery,
    variables: { id: groupId },
    requestPolicy: "cache-and-network",
  });
  const [, invite] = useMutation(InviteToGroup);
  const [, remove] = useMutation(DeleteGroupInvitation);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => reexecute({ requestPolicy: "network-only" });
  // A new invitation from the form above: ask again.
  useEffect(() => {
    if (version > 0) reexecute({ requestPolicy: "network-only" });
  }, [version, reexecute]);
  const invitations = result.data?.groupById?.groupMembershipInvitationsByGroupId.nodes ?? [];

  const resend = async (id: string, email: string) => {
    setBusyId(id);
    setError(null);
    const answer = await invite({ groupId, email });
    setBusyId(null);
    if (answer.error) {
      setError(errorText(answer.error, t("groups.inviteFailed")));
      return;
    }
    notify.positive(t("groups.invitationResent", { email }));
    refresh();
  };

  const drop = async (id: string, email: string) => {
    setBusyId(id);
    setError(null);
    const answer = await remove({ id });
    setBusyId(null);
    if (answer.error) {
      setError(errorText(answer.error, t("groups.removeInviteFailed")));
      return;
    }
    notify.positive(t("groups.invitationRemoved", { email }));
    refresh();
  };

  return (
    <section className={`${styles.invitations} ${styles.stack}`} aria-labelledby="invitations-title">
      <div className="section-title">
        <h2 id="invitations-title">{t("groups.pendingInvitations")}</h2>
      </div>
      {error ? (
        <div className="form-error" role="alert">
          {error}
        </div>
      ) : null}
      {result.error && !result.data ? (
        <ListError message={errorText(result.error, t("groups.invitationsLoadFailed"))} onRetry={refresh} />
      ) : !result.data ? (
        <ListSkeleton layout="list" count={1} label={t("groups.invitationsLoading")} />
      ) : invitations.length === 0 ? (
        <p className="muted">{t("groups.invitationsNone")}</p>
      ) : (
        <ul className={`${listClasses.rows} item-rows`} aria-label={t("groups.pendingInvitations")}>
          {invitations.map((invitation) => (
            <li key={invitation.id} className={`${listClasses.item} item`}>
              <span className={listClasses.body}>
                <span className={`${listClasses.title} item-title`}>{invitation.email}</span>
                <span className={listClasses.meta}>
                  {t("groups.sentOn", { date: formatDate(invitation.createdAt) })}
                  {invitation.userByUserId ? ` · ${t("groups.hasAccount", { name: invitation.userByUserId.name })}` : ""}
                </span>
              </span>
              <span className={`${listClasses.actions} ${styles.memberActions}`}>
                <button
                  type="button"
                  className="button button-small button-secondary"
                  disabled={busyId === invitation.id}
                  onClick={() => resend(invitation.id, invitation.email)}
                  aria-label={t("groups.resendLabel", { email: invitation.email })}
                >
                  {t("groups.resend")}
                </button>
                <button
                  type="button"
                  className="button button-small button-danger-outline"
                  disabled={busyId === invitation.id}
                  onClick={() => drop(invitation.id, invitation.email)}
                  aria-label={t("groups.deleteInviteLabel", { email: invitation.email })}
                >
                  {t("groups.delete")}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
