import { useState, type FormEvent } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { MESSAGES } from "../../../../shared/validation.ts";
import { FormField } from "../../components/FormField.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { translateServerMessage } from "../../lib/i18n/server-messages.ts";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { useForm } from "../../lib/use-form.ts";
import { paths, safeNext } from "../../routes/paths.ts";
import { useRichT } from "../../lib/i18n/rich.tsx";
import { errorMessage } from "./auth-api.ts";
import { PassphraseField } from "./PassphraseField.tsx";
import { authTexts } from "./texts.ts";

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
  const t = useT(authTexts);
  const rich = useRichT(authTexts);
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
      setServerError(t("auth.signIn.checkDetails"));
      const first = form.firstInvalid();
      if (first) focusField(first);
      return;
    }
    setBusy(true);
    try {
      const username = form.values.username.trim();
      const token = await auth.signIn(username, form.values.passphrase, domainName);
      const session = await startSession(token, { username });
      notify.positive(t("auth.signIn.welcome", { name: session.name || session.username }));
      navigate(next, { replace: true });
    } catch (error) {
      setServerError(translateServerMessage(errorMessage(error, t("auth.signIn.incorrect"))));
      setBusy(false);
    }
  };

  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <h1 id="page-title">{t("auth.signIn.title")}</h1>
      <p className="lead">{t("auth.signIn.lead", { product: branding.name })}</p>
      <form className="auth-form card" noValidate onSubmit={onSubmit} aria-describedby={serverError ? "signin-error" : undefined}>
        {serverError ? (
          <div id="signin-error" className="form-error" role="alert">
            {serverError}
          </div>
        ) : null}
        <FormField
          label={t("auth.username")}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={form.errors.username}
          {...form.field("username")}
        />
        <PassphraseField purpose="current" required error={form.errors.passphrase} {...form.field("passphrase")} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("auth.signIn.busy") : t("auth.signIn.submit")}
          </button>
          <Link to={paths.forgotPassword()}>{t("auth.forgotPassphrase")}</Link>
        </div>
      </form>
      <p className="auth-switch">
        {rich("auth.signIn.newHere", {
          link: (text) => <Link to={paths.register(params.get("next") ? next : undefined)}>{text}</Link>,
        })}
      </p>
    </section>
  );
}
