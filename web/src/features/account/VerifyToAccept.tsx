// What an invitation page shows when the invitation went to one of the signed-in user's addresses
// that is not verified yet (DNIEM "Verify your e-mail address to accept this invitation"; only
// verified addresses count for invitations): a button per unverified address to mail a new
// verification link, a link to the e-mail addresses page, and "Check again" for after the link in
// the mail has been opened (in another tab, say). Used by the thing, device and group accept pages.
import { useState } from "react";
import { Link } from "react-router";
import { useMutation, useQuery } from "urql";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { accountEn } from "../../lib/i18n/messages/account.en-GB.ts";
import { paths } from "../../routes/paths.ts";
import { errorText } from "./errors.ts";
import { MyEmailsDocument as myEmailsQuery } from "./MyEmails.generated.ts";
import { ResendEmailVerificationDocument as resendQuery } from "./ResendEmailVerification.generated.ts";
import styles from "./verify-to-accept.module.css";
import { accountTexts } from "./texts.ts";

/** The server's message for an invitation to an unverified address of the signed-in user (code DNIEM). */
export const VERIFY_TO_ACCEPT = "Verify your e-mail address to accept this invitation";

export const RESEND_TOO_SOON = accountEn["account.emails.resendTooSoon"];

/** True when a DNIEM answer means "your address is not verified" rather than "another address". */
export function needsVerification(code: string | undefined, message: string | undefined): boolean {
  return code === "DNIEM" && message === VERIFY_TO_ACCEPT;
}

export function VerifyToAccept({ onCheckAgain }: { onCheckAgain?: () => void }) {
  const t = useT(accountTexts);
  const [{ data }] = useQuery({ query: myEmailsQuery, requestPolicy: "network-only" });
  const [, resend] = useMutation(resendQuery);
  const [sending, setSending] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const unverified = (data?.currentUser?.userEmailsByUserId.nodes ?? []).filter((email) => !email.isVerified);

  const onResend = async (email: { id: string; email: string }) => {
    setSending(email.id);
    setMessage(null);
    const result = await resend({ emailId: email.id });
    setSending(null);
    if (result.error) {
      setMessage({ text: errorText(result.error, t("account.emails.linkNotSent")), ok: false });
    } else if (result.data?.resendEmailVerificationCode?.boolean) {
      setMessage({ text: t("account.emails.sentLink", { email: email.email }), ok: true });
    } else {
      setMessage({ text: t("account.emails.resendTooSoon"), ok: false });
    }
  };

  return (
    <div>
      <p>{t("account.verifyToAccept.text")}</p>
      <div className={styles.actions}>
        {unverified.map((email) => (
          <button
            key={email.id}
            type="button"
            className="button button-secondary"
            onClick={() => onResend(email)}
            disabled={sending !== null}
          >
            {sending === email.id ? t("account.sending") : t("account.verifyToAccept.sendTo", { email: email.email })}
          </button>
        ))}
        {onCheckAgain ? (
          <button type="button" className="button" onClick={onCheckAgain}>
            {t("account.verifyToAccept.checkAgain")}
          </button>
        ) : null}
      </div>
      {message ? (
        <p className={message.ok ? styles.sent : "form-error"} role="status">
          {message.text}
        </p>
      ) : null}
      <p>
        <Link to={paths.account("emails")}>{t("account.verifyToAccept.yourEmails")}</Link>
      </p>
    </div>
  );
}
