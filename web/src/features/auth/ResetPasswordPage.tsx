// /reset?userId=<id>&token=<token>: the link from the reset e-mail (and from the new-account
// e-mail an admin's newUser sends). The verification code comes prefilled from the link and can
// be edited (someone may type it from another device). On success: /signin with a notice.
import { useMemo, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useClient } from "urql";
import { MESSAGES, validatePassphrase, validatePassphraseConfirmation } from "../../../../shared/validation.ts";
import { FormField } from "../../components/FormField.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { authEn } from "../../lib/i18n/messages/auth.en-GB.ts";
import { translateServerMessage } from "../../lib/i18n/server-messages.ts";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { useForm } from "../../lib/use-form.ts";
import { paths } from "../../routes/paths.ts";
import { serverErrorOf, MASKED_MESSAGE } from "../account/errors.ts";
import { PassphraseField } from "./PassphraseField.tsx";
import { ResetPasswordDocument as resetQuery } from "./ResetPassword.generated.ts";
import styles from "./auth.module.css";
import { authTexts, type AuthT } from "./texts.ts";

// The texts in British English (tests compare with them).
export const RESET_INVALID = authEn["auth.reset.invalid"];
export const RESET_LOCKED = authEn["auth.reset.locked"];
export const RESET_DONE = authEn["auth.reset.done"];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Field = "code" | "passphrase" | "confirm";

const validateWith = (t: AuthT) => (values: Record<Field, string>) => ({
  code: values.code.trim() ? null : t("auth.reset.codeRequired"),
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
  const t = useT(authTexts);
  // One validator per language (useForm runs it on every render).
  const validate = useMemo(() => validateWith(t), [t]);
  const notify = useNotify();
  const navigate = useNavigate();
  const { signedIn, session, signOut } = useSession();
  const form = useForm<Field>({ code: params.get("token")?.trim() ?? "", passphrase: "", confirm: "" }, validate);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; code?: string } | null>(null);

  if (!UUID.test(userId)) {
    return (
      <section className="page auth-page" aria-labelledby="page-title">
        <h1 id="page-title">{t("auth.reset.title")}</h1>
        <div className={`${styles.result} ${styles.negative}`}>
          <span className={styles.icon} aria-hidden="true">
            !
          </span>
          <div>
            <h2>{t("auth.linkIncomplete")}</h2>
            <p>{t("auth.reset.incompleteText")}</p>
            <p className={styles.actions}>
              <Link className="button" to={paths.forgotPassword()}>
                {t("auth.sendMeNewLink")}
              </Link>
              <Link to={paths.signIn()}>{t("auth.backToSignIn")}</Link>
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
      // The message as the server wrote it: a passphrase rule's shows on the field too.
      if (code === "LOCKD") setError({ message: t("auth.reset.locked"), code });
      else if (code === "NTFND") setError({ message: t("auth.reset.invalid"), code });
      else if (message && message !== MASKED_MESSAGE) setError({ message, code });
      else setError({ message: t("auth.reset.failed") });
      if (message && PASSPHRASE_MESSAGES.has(message)) focusField("passphrase");
      setBusy(false);
      return;
    }
    // A reset ends every session of that user, this browser's included.
    if (signedIn && session?.id === userId) await signOut();
    notify.positive(t("auth.reset.done"));
    navigate(paths.signIn(), { replace: true });
  };

  const passphraseError = form.errors.passphrase ?? (error && PASSPHRASE_MESSAGES.has(error.message) ? error.message : null);

  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <h1 id="page-title">{t("auth.reset.title")}</h1>
      <p className="lead">{t("auth.reset.lead")}</p>
      <form className="auth-form card" noValidate onSubmit={onSubmit}>
        {error ? (
          <div className="form-error" role="alert">
            {/* A message of the server's is said in the reader's language. */}
            {translateServerMessage(error.message)}
            {error.code === "NTFND" ? (
              <>
                {" "}
                <Link to={paths.forgotPassword()}>{t("auth.sendMeNewLink")}</Link>
              </>
            ) : null}
          </div>
        ) : null}
        <FormField
          label={t("auth.reset.code")}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          hint={t("auth.reset.codeHint")}
          error={form.errors.code}
          {...form.field("code")}
        />
        <PassphraseField purpose="new" replacing required error={passphraseError} {...form.field("passphrase")} />
        <PassphraseField purpose="confirm" replacing required error={form.errors.confirm} {...form.field("confirm")} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("auth.saving") : t("auth.reset.submit")}
          </button>
          <Link to={paths.forgotPassword()}>{t("auth.reset.needNewLink")}</Link>
        </div>
      </form>
    </section>
  );
}
