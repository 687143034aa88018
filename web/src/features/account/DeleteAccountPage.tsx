// /account/delete-account: explains what deleting means and asks for the confirmation e-mail
// (requestAccountDeletion). The link in that e-mail leads to /account/delete?token=...
import { useState } from "react";
import { Link } from "react-router";
import { useMutation } from "urql";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { accountEn } from "../../lib/i18n/messages/account.en-GB.ts";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { AccountPage } from "./account-ui.tsx";
import { errorText } from "./errors.ts";
import { RequestAccountDeletionDocument as requestDeletionQuery } from "./RequestAccountDeletion.generated.ts";
import { bold, useRichT } from "../../lib/i18n/rich.tsx";
import styles from "./account.module.css";
import { accountTexts } from "./texts.ts";

/** The spec's text in British English (tests compare with it). */
export const DELETE_FAILED = accountEn["account.delete.failed"];

export default function DeleteAccountPage() {
  const b = useBranding();
  const t = useT(accountTexts);
  const rich = useRichT(accountTexts);
  const { session } = useSession();
  const [, requestDeletion] = useMutation(requestDeletionQuery);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const primary = session?.emails.find((email) => email.isPrimary)?.email;

  const onRequest = async () => {
    setBusy(true);
    setError(null);
    const result = await requestDeletion({});
    setBusy(false);
    if (result.error || !result.data?.requestAccountDeletion?.boolean) {
      setError(errorText(result.error, t("account.delete.failed")));
      return;
    }
    setSent(true);
  };

  if (sent) {
    return (
      <AccountPage title={t("account.delete.title")}>
        <div className={`card ${styles.noticeCard}`} role="status">
          <h2>{t("account.delete.checkEmail")}</h2>
          <p>{primary ? rich("account.delete.sentTo", { email: primary, b: bold }) : t("account.delete.sentToPrimary")}</p>
          <p>
            <Link to={paths.home()}>{t("account.delete.home")}</Link>
          </p>
        </div>
      </AccountPage>
    );
  }

  return (
    <AccountPage title={t("account.delete.title")} intro={t("account.delete.intro")}>
      <div className={`card ${styles.dangerCard}`}>
        <h2>{t("account.delete.whatHappens")}</h2>
        <ul className={styles.consequences}>
          <li>{t("account.delete.profileGone")}</li>
          <li>{t("account.delete.thingsPass", { brand: b.key })}</li>
          <li>{t("account.delete.groupsPass", { brand: b.key })}</li>
          <li>{t("account.delete.noUndo")}</li>
        </ul>
        <p>{primary ? rich("account.delete.confirmBy", { email: primary, b: bold }) : t("account.delete.confirmByPrimary")}</p>
        {error ? (
          <div className="form-error" role="alert">
            {error}
          </div>
        ) : null}
        <div className="form-actions">
          <button type="button" className="button button-danger" onClick={onRequest} disabled={busy}>
            {busy ? t("account.sending") : t("account.delete.request")}
          </button>
          <Link to={paths.account("profile")}>{t("account.keepAccount")}</Link>
        </div>
      </div>
    </AccountPage>
  );
}
