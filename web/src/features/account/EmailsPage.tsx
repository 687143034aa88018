// /account/emails: the user's addresses with primary and verified badges; add one (a verification
// link is mailed), make one primary, send a new verification link, remove one (never the primary).
import { useEffect, useState, type FormEvent } from "react";
import { useMutation, useQuery } from "urql";
import { validateEmail } from "../../../../shared/validation.ts";
import { FormField } from "../../components/FormField.tsx";
import { Loading } from "../../components/Loading.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { useForm } from "../../lib/use-form.ts";
import { AccountPage, formatDate, LoadError } from "./account-ui.tsx";
import { CreateUserEmailDocument as createEmailQuery } from "./CreateUserEmail.generated.ts";
import { DeleteUserEmailDocument as deleteEmailQuery } from "./DeleteUserEmail.generated.ts";
import { errorText } from "./errors.ts";
import { MakeEmailPrimaryDocument as makePrimaryQuery } from "./MakeEmailPrimary.generated.ts";
import { MyEmailsDocument as myEmailsQuery } from "./MyEmails.generated.ts";
import { ResendEmailVerificationDocument as resendQuery } from "./ResendEmailVerification.generated.ts";
import "./account.css";

export const RESEND_TOO_SOON =
  "We sent a link to this address less than a minute ago. Please check your inbox (and spam folder) before asking again.";
export const PRIMARY_NOT_DELETABLE = "You cannot delete your primary e-mail address";
/** Spec section 8 (Account): adding an address that is already one of yours. The server says the same (NUNIQ). */
export const EMAIL_ALREADY_ADDED = "Email already added";

interface Email {
  id: string;
  email: string;
  isPrimary: boolean;
  isVerified: boolean;
  createdAt: string;
}

type Message = { text: string; ok: boolean };

export default function EmailsPage() {
  const { store } = useSession();
  const [{ data, fetching, error }, refetch] = useQuery({
    query: myEmailsQuery,
    requestPolicy: "cache-and-network",
  });
  const emails = data?.currentUser?.userEmailsByUserId.nodes ?? null;
  const reload = () => refetch({ requestPolicy: "network-only" });

  // The session keeps the addresses too (spec section 3); follow what the server says.
  useEffect(() => {
    if (!data?.currentUser || !emails) return;
    store.update({
      emails: emails.map(({ id, email, isPrimary, isVerified }) => ({ id, email, isPrimary, isVerified })),
      isVerified: data.currentUser.isVerified,
    });
  }, [data, emails, store]);

  return (
    <AccountPage
      title="E-mail addresses"
      intro="Messages about your account go to your primary address. Any verified address can be used to reset your passphrase."
    >
      {emails ? (
        <EmailList emails={emails} onChanged={reload} />
      ) : fetching && !error ? (
        <Loading label="Loading your e-mail addresses…" />
      ) : (
        <LoadError error={error} onRetry={reload} what="your e-mail addresses" />
      )}
      <AddEmailForm existing={emails?.map((e) => e.email) ?? []} onAdded={reload} />
    </AccountPage>
  );
}

function EmailList({ emails, onChanged }: { emails: Email[]; onChanged: () => void }) {
  const notify = useNotify();
  const [, makePrimary] = useMutation(makePrimaryQuery);
  const [, resend] = useMutation(resendQuery);
  const [, remove] = useMutation(deleteEmailQuery);
  const [working, setWorking] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [messages, setMessages] = useState<Record<string, Message>>({});

  const say = (id: string, message: Message) => setMessages((current) => ({ ...current, [id]: message }));

  const onMakePrimary = async (email: Email) => {
    setWorking(email.id);
    const result = await makePrimary({ emailId: email.id });
    setWorking(null);
    if (result.error) {
      say(email.id, { text: errorText(result.error, "This address could not be made primary."), ok: false });
      return;
    }
    notify.positive(`${email.email} is now your primary address.`);
    onChanged();
  };

  const onResend = async (email: Email) => {
    setWorking(email.id);
    const result = await resend({ emailId: email.id });
    setWorking(null);
    if (result.error) {
      say(email.id, { text: errorText(result.error, "The link could not be sent. Please try again."), ok: false });
    } else if (result.data?.resendEmailVerificationCode?.boolean) {
      say(email.id, { text: `We have sent a new verification link to ${email.email}.`, ok: true });
    } else {
      say(email.id, { text: RESEND_TOO_SOON, ok: false });
    }
  };

  const onDelete = async (email: Email) => {
    setWorking(email.id);
    const result = await remove({ id: email.id });
    setWorking(null);
    setConfirming(null);
    if (result.error) {
      say(email.id, { text: errorText(result.error, "This address could not be removed."), ok: false });
      return;
    }
    notify.positive(`${email.email} has been removed.`);
    onChanged();
  };

  return (
    <ul className="email-list card" aria-label="Your e-mail addresses">
      {emails.map((email) => {
        const message = messages[email.id];
        const busy = working === email.id;
        return (
          <li key={email.id} className="email-row">
            <div className="email-main">
              <span className="email-address">{email.email}</span>
              <span className="email-tags">
                {email.isPrimary ? <span className="tag tag-primary">primary</span> : null}
                {email.isVerified ? (
                  <span className="tag tag-positive">verified</span>
                ) : (
                  <span className="tag tag-warning">not verified</span>
                )}
              </span>
              <span className="email-added muted">Added {formatDate(email.createdAt)}</span>
            </div>
            {confirming === email.id ? (
              <div className="email-actions confirm-inline" role="group" aria-label={`Remove ${email.email}?`}>
                <span>Remove this address?</span>
                <button type="button" className="button button-danger" onClick={() => onDelete(email)} disabled={busy}>
                  {busy ? "Removing…" : "Remove"}
                </button>
                <button type="button" className="button button-secondary" onClick={() => setConfirming(null)}>
                  Cancel
                </button>
              </div>
            ) : (
              <div className="email-actions">
                {!email.isVerified ? (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    onClick={() => onResend(email)}
                    disabled={busy}
                    aria-label={`Resend link to ${email.email}`}
                  >
                    Resend link
                  </button>
                ) : null}
                {!email.isPrimary ? (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    onClick={() => onMakePrimary(email)}
                    disabled={busy}
                    aria-label={`Make primary: ${email.email}`}
                  >
                    Make primary
                  </button>
                ) : null}
                {email.isPrimary ? (
                  <span className="muted email-primary-note" title={PRIMARY_NOT_DELETABLE}>
                    Your primary address cannot be removed
                  </span>
                ) : (
                  <button
                    type="button"
                    className="button button-secondary button-small button-danger-quiet"
                    onClick={() => setConfirming(email.id)}
                    disabled={busy}
                    aria-label={`Remove ${email.email}`}
                  >
                    Remove
                  </button>
                )}
              </div>
            )}
            {message ? (
              <p className={message.ok ? "row-message row-message-positive" : "row-message form-error"} role="status">
                {message.text}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

type Field = "email";
const validate = (values: Record<Field, string>) => ({ email: validateEmail(values.email.trim()) });

function AddEmailForm({ existing, onAdded }: { existing: string[]; onAdded: () => void }) {
  const [key, setKey] = useState(0);
  return (
    <AddEmailFields
      key={key}
      existing={existing}
      onAdded={() => {
        setKey((k) => k + 1);
        onAdded();
      }}
    />
  );
}

function AddEmailFields({ existing, onAdded }: { existing: string[]; onAdded: () => void }) {
  const notify = useNotify();
  const [, create] = useMutation(createEmailQuery);
  const form = useForm<Field>({ email: "" }, validate);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; value: string } | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (!form.submit()) {
      document.querySelector<HTMLInputElement>('form.add-email-form [name="email"]')?.focus();
      return;
    }
    const email = form.values.email.trim();
    // Addresses compare without regard to case (citext), as the database does.
    if (existing.some((known) => known.toLowerCase() === email.toLowerCase())) {
      setServerError({ message: EMAIL_ALREADY_ADDED, value: form.values.email });
      document.querySelector<HTMLInputElement>('form.add-email-form [name="email"]')?.focus();
      return;
    }
    setBusy(true);
    const result = await create({ email });
    setBusy(false);
    if (result.error || !result.data?.createUserEmail?.userEmail) {
      setServerError({ message: errorText(result.error, "This address could not be added."), value: form.values.email });
      document.querySelector<HTMLInputElement>('form.add-email-form [name="email"]')?.focus();
      return;
    }
    notify.positive(`Added ${email}. We have sent it a verification link.`);
    onAdded();
  };

  const error = form.errors.email ?? (serverError && serverError.value === form.values.email ? serverError.message : null);

  return (
    <form className="card account-form add-email-form" noValidate onSubmit={onSubmit} aria-labelledby="add-email-title">
      <h2 id="add-email-title">Add an address</h2>
      <div className="inline-form">
        <FormField label="New e-mail address" type="email" autoComplete="email" required error={error} {...form.field("email")} />
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Adding…" : "Add address"}
        </button>
      </div>
      <p className="field-hint">We send a link to the new address; it is verified when you open it.</p>
    </form>
  );
}
