// /forgot-password: asks for a reset link. The answer is the same whether or not the address
// belongs to an account (no enumeration); only a real failure says 'Failed to send passphrase
// reset link.' (spec section 8).
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useClient } from "urql";
import { validateEmail } from "../../../../shared/validation.ts";
import { FormField } from "../../components/FormField.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { useForm } from "../../lib/use-form.ts";
import { paths } from "../../routes/paths.ts";
import { serverErrorOf } from "../account/errors.ts";
import { ForgotPasswordDocument as forgotQuery } from "./ForgotPassword.generated.ts";
import "./auth.css";

export const FORGOT_FAILED = "Failed to send passphrase reset link.";

type Field = "email";
const validate = (values: Record<Field, string>) => ({ email: validateEmail(values.email.trim()) });

export default function ForgotPasswordPage() {
  const client = useClient();
  const { signedIn, session } = useSession();
  const primary = signedIn ? session?.emails.find((e) => e.isPrimary)?.email : undefined;
  const form = useForm<Field>({ email: primary ?? "" }, validate);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!form.submit()) {
      document.querySelector<HTMLInputElement>('form.auth-form [name="email"]')?.focus();
      return;
    }
    setBusy(true);
    const email = form.values.email.trim();
    const result = await client
      .mutation(forgotQuery, { email })
      .toPromise();
    setBusy(false);
    if (result.error) {
      const { code, message } = serverErrorOf(result.error);
      // A rule the address breaks is the user's to fix; anything else is our failure.
      setError(code === "INVLD" && message ? message : FORGOT_FAILED);
      return;
    }
    setSentTo(email);
  };

  if (sentTo) {
    return (
      <section className="page auth-page" aria-labelledby="page-title">
        <h1 id="page-title">Forgot your passphrase?</h1>
        <div className="card result-card result-positive" role="status">
          <span className="result-icon" aria-hidden="true">
            ✉
          </span>
          <div>
            <h2>Check your e-mail</h2>
            <p>
              If <strong>{sentTo}</strong> belongs to an account, we have sent it a link to choose a new passphrase.
              The link works once and for 1 hour.
            </p>
            <p className="muted">
              Nothing there after a few minutes? Check your spam folder, or make sure you used the address of your
              account.
            </p>
            <p className="result-actions">
              <Link className="button" to={paths.signIn()}>
                Back to sign in
              </Link>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setSentTo(null);
                }}
              >
                Use another address
              </button>
            </p>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <h1 id="page-title">Forgot your passphrase?</h1>
      <p className="lead">Enter the e-mail address of your account and we will send you a link to choose a new one.</p>
      <form className="auth-form card" noValidate onSubmit={onSubmit}>
        {error ? (
          <div className="form-error" role="alert">
            {error}
          </div>
        ) : null}
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={form.errors.email}
          {...form.field("email")}
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? "Sending…" : "Send reset link"}
          </button>
          <Link to={paths.signIn()}>Back to sign in</Link>
        </div>
      </form>
    </section>
  );
}
