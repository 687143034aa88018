// /account/delete-account: explains what deleting means and asks for the confirmation e-mail
// (requestAccountDeletion). The link in that e-mail leads to /account/delete?token=...
import { useState } from "react";
import { Link } from "react-router";
import { useMutation } from "urql";
import { term } from "../../../../shared/branding.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { AccountPage } from "./account-ui.tsx";
import { errorText } from "./errors.ts";
import { RequestAccountDeletionDocument as requestDeletionQuery } from "./RequestAccountDeletion.generated.ts";
import "./account.css";

export const DELETE_FAILED = "Failed to delete account.";

export default function DeleteAccountPage() {
  const b = useBranding();
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
      setError(errorText(result.error, DELETE_FAILED));
      return;
    }
    setSent(true);
  };

  if (sent) {
    return (
      <AccountPage title="Delete account">
        <div className="card notice-card notice-card-info" role="status">
          <h2>Check your e-mail</h2>
          <p>
            We have sent a link to {primary ? <strong>{primary}</strong> : "your primary address"}. Open it within 24
            hours to delete your account for good. Until then nothing changes, and if you ignore the e-mail your account
            stays as it is.
          </p>
          <p>
            <Link to={paths.home()}>Back to the home page</Link>
          </p>
        </div>
      </AccountPage>
    );
  }

  return (
    <AccountPage title="Delete account" intro="We are sorry to see you go. Here is what deleting your account means.">
      <div className="card danger-card">
        <h2>What happens</h2>
        <ul className="consequences">
          <li>Your profile, picture, e-mail addresses, badges and sign-in details are deleted.</li>
          <li>
            {term(b, "things", true)} you are the only owner of pass to their longest-standing collaborator, or are
            deleted with their history when there is none.
          </li>
          <li>
            {term(b, "groups", true)} you are the only owner of pass to their longest-standing member. Your access to
            devices ends; the devices stay for the people they are shared with.
          </li>
          <li>This cannot be undone. You can register again later, but nothing comes back.</li>
        </ul>
        <p>
          To be sure it is you, we e-mail a confirmation link to {primary ? <strong>{primary}</strong> : "your primary address"}.
          Your account is only deleted when you open it.
        </p>
        {error ? (
          <div className="form-error" role="alert">
            {error}
          </div>
        ) : null}
        <div className="form-actions">
          <button type="button" className="button button-danger" onClick={onRequest} disabled={busy}>
            {busy ? "Sending…" : "E-mail me the deletion link"}
          </button>
          <Link to={paths.account("profile")}>Keep my account</Link>
        </div>
      </div>
    </AccountPage>
  );
}
