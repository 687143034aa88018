import { useState, type FormEvent } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { MESSAGES } from "../../../../shared/validation.ts";
import { FormField } from "../../components/FormField.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { useForm } from "../../lib/use-form.ts";
import { paths, safeNext } from "../../routes/paths.ts";
import { errorMessage } from "./auth-api.ts";

type Field = "username" | "passphrase";

const validate = (values: Record<Field, string>) => ({
  username: values.username.trim() ? null : MESSAGES.usernameRequired,
  passphrase: values.passphrase ? null : MESSAGES.passphraseRequired,
});

function focusField(name: string) {
  document.querySelector<HTMLInputElement>(`form.auth-form [name="${name}"]`)?.focus();
}

export default function SignInPage() {
  const branding = useBranding();
  const { signedIn, auth, startSession, domainName } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get("next"));
  const form = useForm<Field>({ username: "", passphrase: "" }, validate);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (signedIn && !busy) return <Navigate to={next} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (!form.submit()) {
      setServerError("Check your details before submission");
      const first = form.firstInvalid();
      if (first) focusField(first);
      return;
    }
    setBusy(true);
    try {
      const username = form.values.username.trim();
      const token = await auth.signIn(username, form.values.passphrase, domainName);
      const session = await startSession(token, { username });
      notify.positive(`Welcome back, ${session.name || session.username}.`);
      navigate(next, { replace: true });
    } catch (error) {
      setServerError(errorMessage(error, "You entered incorrect details"));
      setBusy(false);
    }
  };

  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <h1 id="page-title">Sign in</h1>
      <p className="lead">Welcome back to {branding.name}.</p>
      <form
        className="auth-form card"
        noValidate
        onSubmit={onSubmit}
        aria-describedby={serverError ? "signin-error" : undefined}
      >
        {serverError ? (
          <div id="signin-error" className="form-error" role="alert">
            {serverError}
          </div>
        ) : null}
        <FormField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={form.errors.username}
          {...form.field("username")}
        />
        <FormField
          label="Passphrase"
          type="password"
          autoComplete="current-password"
          required
          error={form.errors.passphrase}
          {...form.field("passphrase")}
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? "Signing in…" : "Sign in"}
          </button>
          <Link to={paths.forgotPassword()}>Forgot your passphrase?</Link>
        </div>
      </form>
      <p className="auth-switch">
        New here? <Link to={paths.register(params.get("next") ? next : undefined)}>Create an account</Link>
      </p>
    </section>
  );
}
