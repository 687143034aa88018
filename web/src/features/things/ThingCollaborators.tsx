// The collaborators tab: who owns and who collaborates on the thing. Owners (and admins) make
// people owners or collaborators, remove access, invite by e-mail and manage pending invitations.
import { useState, type FormEvent } from "react";
import { Link, useLocation } from "react-router";
import { useMutation, useQuery } from "urql";
import { validateEmail } from "../../../../shared/validation.ts";
import { ConfirmBox } from "../../components/ConfirmBox.tsx";
import { FormField } from "../../components/FormField.tsx";
import { richText } from "../../lib/i18n/rich.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { errorText, serverError } from "./errors.ts";
import { PersonAvatar, PersonLink, TimeAgo } from "./ThingBits.tsx";
import type { ThingAccessEntry, ThingDetails } from "./types.ts";
import { DeleteThingAccessDocument as DeleteThingAccessMutation } from "./DeleteThingAccess.generated.ts";
import { DeleteThingAccessInvitationDocument as DeleteInvitationMutation } from "./DeleteThingAccessInvitation.generated.ts";
import { InviteToThingAccessDocument as InviteMutation } from "./InviteToThingAccess.generated.ts";
import { ThingInvitationsDocument as ThingInvitationsQuery } from "./ThingInvitations.generated.ts";
import { UpdateThingAccessDocument as UpdateThingAccessMutation } from "./UpdateThingAccess.generated.ts";
import { thingsTexts, type ThingsT } from "./texts.ts";
import { thingWordsTexts } from "./thing-words.ts";
import styles from "./things.module.css";

interface Invitation {
  id: string;
  email: string;
  createdAt: string;
  userId: string | null;
  userByUserId: { id: string; name: string | null; username: string | null } | null;
}

function roleText(access: ThingAccessEntry, t: ThingsT): string {
  if (access.isOwner && access.isCollaborator) return t("things.people.ownerAndCollaborator");
  if (access.isOwner) return t("things.people.owner");
  if (access.isCollaborator) return t("things.people.collaborator");
  return t("things.people.viewer");
}

export function ThingCollaborators({ thing, onChanged }: { thing: ThingDetails; onChanged(): void }) {
  const b = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
  const brand = { brand: b.key };
  const { session, signedIn } = useSession();
  const location = useLocation();
  const manage = Boolean(thing.canEdit);
  const accesses = thing.thingAccessesByThingId.nodes.filter((a) => a.isOwner || a.isCollaborator);
  const mine = session ? accesses.find((a) => a.userId === session.id) : undefined;

  return (
    <div className={styles.collaborators}>
      <section aria-labelledby="people-title" className="card">
        <div className={styles.sectionHead}>
          <h2 id="people-title">{t("things.people.title")}</h2>
          {signedIn && !mine ? (
            <Link to={paths.thingCollaborate(thing.id)} className="button">
              {t("things.collaborate")}
            </Link>
          ) : null}
        </div>
        <p className="muted small">
          {t("things.people.lead", brand)}
          {!signedIn ? (
            <>
              {" "}
              {richText(
                t,
                "things.people.signInToSee",
                { signIn: <Link to={paths.signIn(location.pathname)}>{t("things.signIn")}</Link> },
                {},
              )}
            </>
          ) : null}
        </p>
        {accesses.length === 0 ? (
          <p className="muted">{t("things.people.nobody", brand)}</p>
        ) : (
          <ul className={styles.peopleList}>
            {accesses.map((access) => (
              <AccessRow
                key={access.id}
                access={access}
                manage={manage}
                you={Boolean(session && access.userId === session.id)}
                onChanged={onChanged}
              />
            ))}
          </ul>
        )}
      </section>
      {manage ? <Invitations thingId={thing.id} thingName={thing.name} /> : null}
    </div>
  );
}

function AccessRow({ access, manage, you, onChanged }: { access: ThingAccessEntry; manage: boolean; you: boolean; onChanged(): void }) {
  const notify = useNotify();
  const t = useT(thingsTexts, thingWordsTexts);
  const [, updateAccess] = useMutation(UpdateThingAccessMutation);
  const [, deleteAccess] = useMutation(DeleteThingAccessMutation);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const branding = useBranding();
  const [error, setError] = useState<string | null>(null);
  const person = access.userByUserId;
  const name = you ? t("things.you") : person?.name || person?.username || t("things.someone");

  const toggle = async (flag: "isOwner" | "isCollaborator") => {
    setBusy(true);
    setError(null);
    const result = await updateAccess({ id: access.id, patch: { [flag]: !access[flag] } });
    setBusy(false);
    if (result.error) {
      setError(errorText(result.error, flag === "isOwner" ? t("things.people.failedOwner") : t("things.people.failedCollaborator")));
      return;
    }
    onChanged();
  };

  const remove = async () => {
    setBusy(true);
    setError(null);
    const result = await deleteAccess({ id: access.id });
    setBusy(false);
    setConfirming(false);
    if (result.error) {
      setError(errorText(result.error, t("things.failedRemoveAccess")));
      return;
    }
    notify.positive(t("things.collaboratorRemoved"));
    onChanged();
  };

  return (
    <li className={styles.personRow}>
      <PersonAvatar person={person} size={40} />
      <div className={styles.personText}>
        <span className={styles.personName}>
          {person ? <PersonLink person={person} you={you} /> : name}
          {person?.username && !you ? <span className="muted"> @{person.username}</span> : null}
        </span>
        <span className="muted small">
          {richText(t, "things.people.since", { time: <TimeAgo value={access.createdAt} /> }, { role: roleText(access, t) })}
        </span>
      </div>
      {!manage ? (
        <div className={styles.roleTags}>
          {access.isOwner ? <span className="tag tag-positive">{t("things.people.owner")}</span> : null}
          {access.isCollaborator ? <span className="tag">{t("things.people.collaborator")}</span> : null}
        </div>
      ) : (
        <div className={styles.personTools}>
          <label className={styles.switch}>
            <input type="checkbox" checked={access.isOwner} disabled={busy} onChange={() => toggle("isOwner")} />
            <span>
              {t("things.people.owner")}
              <span className="visually-hidden"> ({name})</span>
            </span>
          </label>
          <label className={styles.switch}>
            <input type="checkbox" checked={access.isCollaborator} disabled={busy} onChange={() => toggle("isCollaborator")} />
            <span>
              {t("things.people.collaborator")}
              <span className="visually-hidden"> ({name})</span>
            </span>
          </label>
          {confirming ? (
            <ConfirmBox
              inline
              small
              label={
                you
                  ? t("things.people.removeYourselfQuestion", { brand: branding.key })
                  : t("things.people.removeQuestion", { brand: branding.key, name })
              }
              confirm={
                busy ? t("things.people.removing") : you ? t("things.people.removeYourself") : t("things.people.removeName", { name })
              }
              cancel={t("things.cancel")}
              busy={busy}
              onConfirm={remove}
              onCancel={() => setConfirming(false)}
            />
          ) : (
            <button type="button" className={styles.linkDanger} onClick={() => setConfirming(true)} disabled={busy}>
              {t("things.people.remove")}
              <span className="visually-hidden"> {name}</span>
            </button>
          )}
        </div>
      )}
      {error ? (
        <p className={`${styles.personError} form-error`} role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}

function Invitations({ thingId, thingName }: { thingId: string; thingName: string }) {
  const notify = useNotify();
  const t = useT(thingsTexts, thingWordsTexts);
  const [result, reexecute] = useQuery({
    query: ThingInvitationsQuery,
    variables: { id: thingId },
    requestPolicy: "cache-and-network",
  });
  const [, invite] = useMutation(InviteMutation);
  const [, deleteInvitation] = useMutation(DeleteInvitationMutation);
  const [email, setEmail] = useState("");
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [rowError, setRowError] = useState<{ id: string; message: string } | null>(null);

  const emailError = touched ? validateEmail(email.trim()) : null;
  const invitations = result.data?.thingById?.thingAccessInvitationsByThingId.nodes ?? [];

  const send = async (address: string) => {
    const outcome = await invite({ thingId, email: address });
    if (outcome.error) {
      const problem = serverError(outcome.error, t("things.invite.failed"));
      return problem?.message ?? t("things.invite.failed");
    }
    reexecute({ requestPolicy: "network-only" });
    return null;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const address = email.trim();
    if (validateEmail(address)) return;
    setBusy("new");
    setFormError(null);
    const problem = await send(address);
    setBusy(null);
    if (problem) {
      setFormError(problem);
      return;
    }
    notify.positive(t("things.invite.sent", { email: address }));
    setEmail("");
    setTouched(false);
  };

  const resend = async (invitation: Invitation) => {
    setBusy(invitation.id);
    setRowError(null);
    const problem = await send(invitation.email);
    setBusy(null);
    if (problem) setRowError({ id: invitation.id, message: problem });
    else notify.positive(t("things.invite.sentAgain", { email: invitation.email }));
  };

  const remove = async (invitation: Invitation) => {
    setBusy(invitation.id);
    setRowError(null);
    const outcome = await deleteInvitation({ id: invitation.id });
    setBusy(null);
    if (outcome.error) {
      setRowError({ id: invitation.id, message: errorText(outcome.error, t("things.invite.removeFailed")) });
      return;
    }
    reexecute({ requestPolicy: "network-only" });
  };

  return (
    <section aria-labelledby="invite-title" className="card">
      <h2 id="invite-title">{t("things.invite.title")}</h2>
      <p className="muted small">{t("things.invite.lead", { name: thingName })}</p>
      <form className={styles.inviteForm} onSubmit={onSubmit} noValidate>
        {formError ? (
          <div className="form-error" role="alert">
            {formError}
          </div>
        ) : null}
        <div className={styles.inviteRow}>
          <FormField
            label={t("things.invite.email")}
            type="email"
            autoComplete="off"
            value={email}
            error={emailError}
            onChange={(event) => {
              setEmail(event.target.value);
              setTouched(true);
            }}
            onBlur={() => email && setTouched(true)}
          />
          <button type="submit" className="button" disabled={busy === "new"}>
            {busy === "new" ? t("things.invite.sending") : t("things.invite.send")}
          </button>
        </div>
      </form>

      <h3 className={styles.subheading}>{t("things.invite.pending")}</h3>
      {result.error && !result.data ? (
        <p className="form-error" role="alert">
          {errorText(result.error, t("things.errorOccurred"))}
        </p>
      ) : !result.data ? (
        <p className="muted">{t("common.loading")}</p>
      ) : invitations.length === 0 ? (
        <p className="muted">{t("things.invite.none")}</p>
      ) : (
        <ul className={styles.peopleList}>
          {invitations.map((invitation) => (
            <li key={invitation.id} className={styles.personRow}>
              <div className={styles.personText}>
                <span className={styles.personName}>{invitation.email}</span>
                <span className="muted small">
                  {richText(t, "things.invite.sentAt", { time: <TimeAgo value={invitation.createdAt} /> }, {})}
                  {invitation.userByUserId
                    ? ` · ${t("things.invite.hasAccount", { name: invitation.userByUserId.name || invitation.userByUserId.username })}`
                    : ""}
                </span>
              </div>
              <div className={styles.personTools}>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => resend(invitation)}
                  disabled={busy === invitation.id}
                >
                  {t("things.invite.resend")}
                </button>
                <button type="button" className={styles.linkDanger} onClick={() => remove(invitation)} disabled={busy === invitation.id}>
                  {t("things.delete")}
                </button>
              </div>
              {rowError?.id === invitation.id ? (
                <p className={`${styles.personError} form-error`} role="alert">
                  {rowError.message}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
