// /account/emails: the user's addresses with primary and verified badges; add one (a verification
// link is mailed), make one primary, send a new verification link, remove one (never the primary).
import { useEffect, useState, type FormEvent } from "react";
import { useMutation, useQuery } from "urql";
import { validateEmail } from "../../../../shared/validation.ts";
import { ConfirmBox } from "../../components/ConfirmBox.tsx";
import { FormField } from "../../components/FormField.tsx";
import { Loading } from "../../components/Loading.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { accountEn } from "../../lib/i18n/messages/account.en-GB.ts";
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
import styles from "./account.module.css";
import { accountTexts } from "./texts.ts";

// The texts in British English (tests compare with them).
export const RESEND_TOO_SOON = accountEn["account.emails.resendTooSoon"];
export const PRIMARY_NOT_DELETABLE = accountEn["account.emails.primaryNotDeletable"];
/** Spec section 8 (Account): adding an address that is already one of yours. The server says the same (NUNIQ). */
export const EMAIL_ALREADY_ADDED = accountEn["account.emails.alreadyAdded"];

interface Email {
  id: string;
  email: string;
  isPrimary: boolean;
  isVerified: boolean;
  createdAt: string;
}

type Message = { text: string; ok: boolean };

export default function EmailsPage() {
  const t = useT(accountTexts);
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
    <AccountPage title={t("account.emails.title")} intro={t("account.emails.intro")}>
      {emails ? (
        <EmailList emails={emails} onChanged={reload} />
      ) : fetching && !error ? (
        <Loading label={t("account.emails.loading")} />
      ) : (
        <LoadError error={error} onRetry={reload} message={t("account.emails.loadError")} />
      )}
      <AddEmailForm existing={emails?.map((e) => e.email) ?? []} onAdded={reload} />
    </AccountPage>
  );
}

function EmailList({ emails, onChanged }: { emails: Email[]; onChanged: () => void }) {
  const t = useT(accountTexts);
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
      say(email.id, { text: errorText(result.error, t("account.emails.notPrimary")), ok: false });
      return;
    }
    notify.positive(t("account.emails.nowPrimary", { email: email.email }));
    onChanged();
  };

  const onResend = async (email: Email) => {
    setWorking(email.id);
    const result = await resend({ emailId: email.id });
    setWorking(null);
    if (result.error) {
      say(email.id, { text: errorText(result.error, t("account.emails.linkNotSent")), ok: false });
    } else if (result.data?.resendEmailVerificationCode?.boolean) {
      say(email.id, { text: t("account.emails.sentLink", { email: email.email }), ok: true });
    } else {
      say(email.id, { text: t("account.emails.resendTooSoon"), ok: false });
    }
  };

  const onDelete = async (email: Email) => {
    setWorking(email.id);
    const result = await remove({ id: email.id });
    setWorking(null);
    setConfirming(null);
    if (result.error) {
      say(email.id, { text: errorText(result.error, t("account.emails.notRemoved")), ok: false });
      return;
    }
    notify.positive(t("account.emails.removed", { email: email.email }));
    onChanged();
  };

  return (
    <ul className={`${styles.emailList} card`} aria-label={t("account.emails.list")}>
      {emails.map((email) => {
        const message = messages[email.id];
        const busy = working === email.id;
        return (
          <li key={email.id} className={styles.emailRow}>
            <div className={styles.emailMain}>
              <span className={styles.emailAddress}>{email.email}</span>
              <span className={styles.emailTags}>
                {email.isPrimary ? <span className={`tag ${styles.tagPrimary}`}>{t("account.tag.primary")}</span> : null}
                {email.isVerified ? (
                  <span className="tag tag-positive">{t("account.tag.verified")}</span>
                ) : (
                  <span className="tag tag-warning">{t("account.tag.notVerified")}</span>
                )}
              </span>
              <span className={`${styles.emailAdded} muted`}>{t("account.emails.added", { date: formatDate(email.createdAt) })}</span>
            </div>
            {confirming === email.id ? (
              <ConfirmBox
                inline
                label={t("account.emails.removeNamed", { email: email.email })}
                question={t("account.emails.removeQuestion")}
                confirm={busy ? t("account.removing") : t("account.remove")}
                cancel={t("account.cancel")}
                busy={busy}
                onConfirm={() => onDelete(email)}
                onCancel={() => setConfirming(null)}
              />
            ) : (
              <div className={styles.emailActions}>
                {!email.isVerified ? (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    onClick={() => onResend(email)}
                    disabled={busy}
                    aria-label={t("account.emails.resendNamed", { email: email.email })}
                  >
                    {t("account.emails.resend")}
                  </button>
                ) : null}
                {!email.isPrimary ? (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    onClick={() => onMakePrimary(email)}
                    disabled={busy}
                    aria-label={t("account.emails.makePrimaryNamed", { email: email.email })}
                  >
                    {t("account.emails.makePrimary")}
                  </button>
                ) : null}
                {email.isPrimary ? (
                  <span className={`muted ${styles.emailPrimaryNote}`} title={t("account.emails.primaryNotDeletable")}>
                    {t("account.emails.primaryStays")}
                  </span>
                ) : (
                  <button
                    type="button"
                    className="button button-secondary button-small button-danger-quiet"
                    onClick={() => setConfirming(email.id)}
                    disabled={busy}
                    aria-label={t("account.emails.removeButton", { email: email.email })}
                  >
                    {t("account.remove")}
                  </button>
                )}
              </div>
            )}
            {message ? (
              <p
                className={message.ok ? `${styles.rowMessage} ${styles.rowMessagePositive}` : `${styles.rowMessage} form-error`}
                role="status"
              >
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
  const t = useT(accountTexts);
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
      setServerError({ message: t("account.emails.alreadyAdded"), value: form.values.email });
      document.querySelector<HTMLInputElement>('form.add-email-form [name="email"]')?.focus();
      return;
    }
    setBusy(true);
    const result = await create({ email });
    setBusy(false);
    if (result.error || !result.data?.createUserEmail?.userEmail) {
      setServerError({ message: errorText(result.error, t("account.emails.notAdded")), value: form.values.email });
      document.querySelector<HTMLInputElement>('form.add-email-form [name="email"]')?.focus();
      return;
    }
    notify.positive(t("account.emails.addedNotice", { email }));
    onAdded();
  };

  const error = form.errors.email ?? (serverError && serverError.value === form.values.email ? serverError.message : null);

  return (
    <form
      className={`card ${styles.form} ${styles.addEmailForm} add-email-form`}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="add-email-title"
    >
      <h2 id="add-email-title">{t("account.emails.addTitle")}</h2>
      <div className={styles.inlineForm}>
        <FormField
          label={t("account.emails.newAddress")}
          type="email"
          autoComplete="email"
          required
          error={error}
          {...form.field("email")}
        />
        <button type="submit" className="button" disabled={busy}>
          {busy ? t("account.emails.adding") : t("account.emails.add")}
        </button>
      </div>
      <p className="field-hint">{t("account.emails.addHint")}</p>
    </form>
  );
}
