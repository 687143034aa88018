// /reset?userId=<id>&token=<token>: the link from the reset e-mail (and from the new-account
// e-mail an admin's newUser sends). The verification code comes prefilled from the link and can
// be edited (someone may type it from another device). On success: /signin with a notice.
import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useClient } from "urql";
import {
  MESSAGES,
  validatePassphrase,
  validatePassphraseConfirmation,
} from "../../../../shared/validation.ts";
import { FormField } from "../../components/FormField.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { useForm } from "../../lib/use-form.ts";
import { paths } from "../../routes/paths.ts";
import { serverErrorOf, MASKED_MESSAGE } from "../account/errors.ts";
import { ResetPasswordDocument as resetQuery } from "./ResetPassword.generated.ts";
import "./auth.css";

export const RESET_INVALID = "This reset link is invalid or has expired";
export const RESET_LOCKED = "Passphrase reset locked - too many reset attempts";
export const RESET_DONE = "Your new passphrase is set. Please sign in with it.";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Field = "code" | "passphrase" | "confirm";

const validate = (values: Record<Field, string>) => ({
  code: values.code.trim() ? null : "Verification code is required",
  passphrase: validatePassphrase(values.passphrase),
  confirm: validatePassphraseConfirmation(values.passphrase, values.confirm),
});

const PASSPHRASE_MESSAGES = new Set<string>([
  MESSAGES.passphraseRequired,
  MESSAGES.passphraseLength,
  MESSAGES.passphraseUppercase,
  MESSAGES.passphraseLowercase,
  MESSAGES.passphraseNumber,
]);

function focusField(name: string) {
  document.querySelector<HTMLInputElement>(`form.auth-form [name="${name}"]`)?.focus();
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const userId = params.get("userId")?.trim() ?? "";
  const client = useClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const { signedIn, session, signOut } = useSession();
  const form = useForm<Field>({ code: params.get("token")?.trim() ?? "", passphrase: "", confirm: "" }, validate);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; code?: string } | null>(null);

  if (!UUID.test(userId)) {
    return (
      <section className="page auth-page" aria-labelledby="page-title">
        <h1 id="page-title">Reset your passphrase</h1>
        <div className="card result-card result-negative">
          <span className="result-icon" aria-hidden="true">
            !
          </span>
          <div>
            <h2>This link is incomplete</h2>
            <p>
              Please open the link straight from the e-mail we sent you, or copy all of it into the address bar. You
              can also ask for a new one.
            </p>
            <p className="result-actions">
              <Link className="button" to={paths.forgotPassword()}>
                Send me a new link
              </Link>
              <Link to={paths.signIn()}>Back to sign in</Link>
            </p>
          </div>
        </div>
      </section>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!form.submit()) {
      const first = form.firstInvalid();
      if (first) focusField(first);
      return;
    }
    setBusy(true);
    const result = await client
      .mutation(resetQuery, {
        userId,
        resetToken: form.values.code.trim(),
        newPassword: form.values.passphrase,
      })
      .toPromise();
    if (result.error || !result.data?.resetPassword?.boolean) {
      const { code, message } = serverErrorOf(result.error);
      if (code === "LOCKD") setError({ message: RESET_LOCKED, code });
      else if (code === "NTFND") setError({ message: RESET_INVALID, code });
      else if (message && message !== MASKED_MESSAGE) setError({ message, code });
      else setError({ message: "Your passphrase could not be changed. Please try again." });
      if (message && PASSPHRASE_MESSAGES.has(message)) focusField("passphrase");
      setBusy(false);
      return;
    }
    // A reset ends every session of that user, this browser's included.
    if (signedIn && session?.id === userId) await signOut();
    notify.positive(RESET_DONE);
    navigate(paths.signIn(), { replace: true });
  };

  const passphraseError =
    form.errors.passphrase ?? (error && PASSPHRASE_MESSAGES.has(error.message) ? error.message : null);

  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <h1 id="page-title">Reset your passphrase</h1>
      <p className="lead">Choose a new passphrase for your account. The verification code is filled in from your link.</p>
      <form className="auth-form card" noValidate onSubmit={onSubmit}>
        {error ? (
          <div className="form-error" role="alert">
            {error.message}
            {error.code === "NTFND" ? (
              <>
                {" "}
                <Link to={paths.forgotPassword()}>Send me a new link</Link>
              </>
            ) : null}
          </div>
        ) : null}
        <FormField
          label="Verification code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          hint="From the link in the e-mail we sent you."
          error={form.errors.code}
          {...form.field("code")}
        />
        <FormField
          label="New passphrase"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
          error={passphraseError}
          {...form.field("passphrase")}
        />
        <FormField
          label="Confirm new passphrase"
          type="password"
          autoComplete="new-password"
          required
          error={form.errors.confirm}
          {...form.field("confirm")}
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? "Saving…" : "Set new passphrase"}
          </button>
          <Link to={paths.forgotPassword()}>Need a new link?</Link>
        </div>
      </form>
    </section>
  );
}
