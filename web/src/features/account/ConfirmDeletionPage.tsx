// /account/delete?token=<token>: the link from the deletion e-mail. One more explicit step, then
// confirmAccountDeletion; any error counts as false (spec section 7). Afterwards the browser
// signs out into a guest session.
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useMutation } from "urql";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { AccountPage } from "./account-ui.tsx";
import { ConfirmAccountDeletionDocument as confirmDeletionQuery } from "./ConfirmAccountDeletion.generated.ts";
import { DELETE_FAILED } from "./DeleteAccountPage.tsx";
import "./account.css";

export const ACCOUNT_DELETED = "Your account has been deleted. Thank you for looking after things with us.";

export default function ConfirmDeletionPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
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
      <AccountPage title="Confirm account deletion">
        <div className="card notice-card notice-card-negative">
          <h2>This link is incomplete</h2>
          <p>
            Please open the link straight from the e-mail we sent you. If it has expired, ask for a new one from{" "}
            <Link to={paths.account("delete-account")}>Delete account</Link>.
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
    notify.positive(ACCOUNT_DELETED, 10_000);
  };

  return (
    <AccountPage title="Confirm account deletion">
      <div className="card danger-card">
        <h2>Delete the account of {session?.name || session?.username || "this user"}?</h2>
        <p>
          Your profile, e-mail addresses, badges and access are removed for good and you are signed out. This cannot be
          undone.
        </p>
        {failed ? (
          <div className="form-error" role="alert">
            {DELETE_FAILED}{" "}
            <span className="form-error-detail">
              The link may have expired (it works for 24 hours) or been used already;{" "}
              <Link to={paths.account("delete-account")}>ask for a new one</Link>.
            </span>
          </div>
        ) : null}
        <div className="form-actions">
          <button type="button" className="button button-danger" onClick={onConfirm} disabled={busy}>
            {busy ? "Deleting…" : "Delete my account permanently"}
          </button>
          <Link to={paths.account("profile")}>Keep my account</Link>
        </div>
      </div>
    </AccountPage>
  );
}
