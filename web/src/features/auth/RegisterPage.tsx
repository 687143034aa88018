import { useState, type FormEvent } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import {
  MESSAGES,
  validateEmail,
  validateName,
  validatePassphrase,
  validatePassphraseConfirmation,
  validateUsername,
} from "../../../../shared/validation.ts";
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

type Field = "name" | "username" | "email" | "passphrase" | "confirm";

const validate = (values: Record<Field, string>) => ({
  name: validateName(values.name),
  username: validateUsername(values.username),
  email: validateEmail(values.email),
  passphrase: validatePassphrase(values.passphrase),
  confirm: validatePassphraseConfirmation(values.passphrase, values.confirm),
});

/** Server messages (as the server writes them) that belong to one field, shown there as well as at the top. */
const FIELD_OF_SERVER_MESSAGE: Record<string, Field> = {
  "Username already exists": "username",
  "Email already exists": "email",
  [MESSAGES.nameRequired]: "name",
  [MESSAGES.nameLength]: "name",
  [MESSAGES.nameCharacters]: "name",
  [MESSAGES.usernameRequired]: "username",
  [MESSAGES.usernameTooShort]: "username",
  [MESSAGES.usernameTooLong]: "username",
  [MESSAGES.usernameStart]: "username",
  [MESSAGES.usernameCharacters]: "username",
  [MESSAGES.usernameConsecutive]: "username",
  [MESSAGES.emailRequired]: "email",
  [MESSAGES.emailLength]: "email",
  [MESSAGES.emailInvalid]: "email",
  [MESSAGES.passphraseRequired]: "passphrase",
  [MESSAGES.passphraseLength]: "passphrase",
  [MESSAGES.passphraseUppercase]: "passphrase",
  [MESSAGES.passphraseLowercase]: "passphrase",
  [MESSAGES.passphraseNumber]: "passphrase",
};

function focusField(name: string) {
  document.querySelector<HTMLInputElement>(`form.auth-form [name="${name}"]`)?.focus();
}

export default function RegisterPage() {
  const branding = useBranding();
  const t = useT(authTexts);
  const rich = useRichT(authTexts);
  const { signedIn, auth, startSession, domainName } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get("next"));
  const form = useForm<Field>({ name: "", username: "", email: "", passphrase: "", confirm: "" }, validate);
  const [serverError, setServerError] = useState<{ message: string; field?: Field; value?: string } | null>(null);
  const [busy, setBusy] = useState(false);

  if (signedIn && !busy) return <Navigate to={next} replace />;

  // A server message about a field stays on it until that field changes.
  const fieldError = (name: Field) =>
    form.errors[name] ?? (serverError?.field === name && serverError.value === form.values[name] ? serverError.message : null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (!form.submit()) {
      const first = form.firstInvalid();
      if (first) focusField(first);
      return;
    }
    setBusy(true);
    const { name, username, email, passphrase } = form.values;
    try {
      const token = await auth.signUp({
        name: name.trim(),
        username,
        email: email.trim(),
        password: passphrase,
        domainName,
      });
      const session = await startSession(token, { username, name: name.trim() });
      notify.positive(t("auth.register.welcome", { name: session.name || session.username, email: email.trim() }));
      navigate(next, { replace: true });
    } catch (error) {
      const message = errorMessage(error, t("auth.register.failed"));
      const field = FIELD_OF_SERVER_MESSAGE[message];
      setServerError({ message, field, value: field ? form.values[field] : undefined });
      if (field) focusField(field);
      setBusy(false);
    }
  };

  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <h1 id="page-title">{t("auth.register.title")}</h1>
      <p className="lead">{t("auth.register.lead", { brand: branding.key, product: branding.name })}</p>
      <form className="auth-form card" noValidate onSubmit={onSubmit}>
        {serverError ? (
          <div className="form-error" role="alert">
            {translateServerMessage(serverError.message)}
          </div>
        ) : null}
        <FormField label={t("auth.name")} autoComplete="name" required error={fieldError("name")} {...form.field("name")} />
        <FormField
          label={t("auth.username")}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          hint={t("auth.register.usernameHint")}
          error={fieldError("username")}
          {...form.field("username")}
        />
        <FormField
          label={t("auth.email")}
          type="email"
          autoComplete="email"
          required
          error={fieldError("email")}
          {...form.field("email")}
        />
        <PassphraseField purpose="new" required error={fieldError("passphrase")} {...form.field("passphrase")} />
        <PassphraseField purpose="confirm" required error={fieldError("confirm")} {...form.field("confirm")} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("auth.register.busy") : t("auth.register.submit")}
          </button>
        </div>
      </form>
      <p className="auth-switch">
        {rich("auth.register.haveAccount", {
          link: (text) => <Link to={paths.signIn(params.get("next") ? next : undefined)}>{text}</Link>,
        })}
        <span aria-hidden="true"> · </span>
        <Link to={paths.forgotPassword()}>{t("auth.forgotPassphrase")}</Link>
      </p>
    </section>
  );
}
