// /account/delete?token=<token>: the link from the deletion e-mail. One more explicit step, then
// confirmAccountDeletion; any error counts as false (spec section 7). Afterwards the browser
// signs out into a guest session.
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useMutation } from "urql";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { accountEn } from "../../lib/i18n/messages/account.en-GB.ts";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { AccountPage } from "./account-ui.tsx";
import { ConfirmAccountDeletionDocument as confirmDeletionQuery } from "./ConfirmAccountDeletion.generated.ts";
import { useRichT } from "../../lib/i18n/rich.tsx";
import styles from "./account.module.css";
import { accountTexts } from "./texts.ts";

/** The text in British English (tests compare with it). */
export const ACCOUNT_DELETED = accountEn["account.confirmDelete.deleted"];

export default function ConfirmDeletionPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const t = useT(accountTexts);
  const rich = useRichT(accountTexts);
  const { session, signOut } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const [, confirmDeletion] = useMutation(confirmDeletionQuery);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const onUnmount = useRef<(() => void) | null>(null);
  useEffect(() => () => onUnmount.current?.(), []);

  if (!token) {
    return (
      <AccountPage title={t("account.confirmDelete.title")}>
        <div className={`card ${styles.noticeCard} ${styles.noticeCardNegative}`}>
          <h2>{t("account.linkIncomplete")}</h2>
          <p>
            {rich("account.confirmDelete.incomplete", {
              link: (text) => <Link to={paths.account("delete-account")}>{text}</Link>,
            })}
          </p>
        </div>
      </AccountPage>
    );
  }

  const onConfirm = async () => {
    setBusy(true);
    setFailed(false);
    const result = await confirmDeletion({ token });
    if (result.error || result.data?.confirmAccountDeletion?.boolean !== true) {
      setFailed(true);
      setBusy(false);
      return;
    }
    // Leave the account area first, and sign out once this screen is gone: while it shows, a guest
    // session would send it to sign-in. (Navigations run as transitions, so the old screen can
    // stay a moment while the next one loads.)
    const gone = new Promise<void>((resolve) => {
      onUnmount.current = resolve;
      setTimeout(resolve, 3000);
    });
    void navigate(paths.home(), { replace: true });
    await gone;
    await signOut();
    notify.positive(t("account.confirmDelete.deleted"), 10_000);
  };

  return (
    <AccountPage title={t("account.confirmDelete.title")}>
      <div className={`card ${styles.dangerCard}`}>
        <h2>
          {t("account.confirmDelete.question", {
            name: session?.name || session?.username || t("account.confirmDelete.thisUser"),
          })}
        </h2>
        <p>{t("account.confirmDelete.consequences")}</p>
        {failed ? (
          <div className="form-error" role="alert">
            {t("account.delete.failed")}{" "}
            <span className={styles.formErrorDetail}>
              {rich("account.confirmDelete.expired", {
                link: (text) => <Link to={paths.account("delete-account")}>{text}</Link>,
              })}
            </span>
          </div>
        ) : null}
        <div className="form-actions">
          <button type="button" className="button button-danger" onClick={onConfirm} disabled={busy}>
            {busy ? t("account.confirmDelete.deleting") : t("account.confirmDelete.submit")}
          </button>
          <Link to={paths.account("profile")}>{t("account.keepAccount")}</Link>
        </div>
      </div>
    </AccountPage>
  );
}
