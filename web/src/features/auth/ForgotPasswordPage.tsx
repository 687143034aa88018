// /forgot-password: asks for a reset link. The answer is the same whether or not the address
// belongs to an account (no enumeration); only a real failure says 'Failed to send passphrase
// reset link.' (spec section 8).
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useClient } from "urql";
import { validateEmail } from "../../../../shared/validation.ts";
import { FormField } from "../../components/FormField.tsx";
import { authEn } from "../../lib/i18n/messages/auth.en-GB.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { translateServerMessage } from "../../lib/i18n/server-messages.ts";
import { useSession } from "../../lib/session-context.tsx";
import { useForm } from "../../lib/use-form.ts";
import { paths } from "../../routes/paths.ts";
import { serverErrorOf } from "../account/errors.ts";
import { bold, useRichT } from "../../lib/i18n/rich.tsx";
import { ForgotPasswordDocument as forgotQuery } from "./ForgotPassword.generated.ts";
import styles from "./auth.module.css";
import { authTexts } from "./texts.ts";

/** The spec's text in British English (tests compare with it). */
export const FORGOT_FAILED = authEn["auth.forgot.failed"];

type Field = "email";
const validate = (values: Record<Field, string>) => ({ email: validateEmail(values.email.trim()) });

export default function ForgotPasswordPage() {
  const client = useClient();
  const t = useT(authTexts);
  const rich = useRichT(authTexts);
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
    const result = await client.mutation(forgotQuery, { email }).toPromise();
    setBusy(false);
    if (result.error) {
      const { code, message } = serverErrorOf(result.error);
      // A rule the address breaks is the user's to fix; anything else is our failure.
      setError(code === "INVLD" && message ? translateServerMessage(message) : t("auth.forgot.failed"));
      return;
    }
    setSentTo(email);
  };

  if (sentTo) {
    return (
      <section className="page auth-page" aria-labelledby="page-title">
        <h1 id="page-title">{t("auth.forgotPassphrase")}</h1>
        <div className={`${styles.result} ${styles.positive}`} role="status">
          <span className={styles.icon} aria-hidden="true">
            ✉
          </span>
          <div>
            <h2>{t("auth.forgot.checkEmail")}</h2>
            <p>{rich("auth.forgot.sent", { email: sentTo, b: bold })}</p>
            <p className="muted">{t("auth.forgot.nothingThere")}</p>
            <p className={styles.actions}>
              <Link className="button" to={paths.signIn()}>
                {t("auth.backToSignIn")}
              </Link>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setSentTo(null);
                }}
              >
                {t("auth.forgot.anotherAddress")}
              </button>
            </p>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <h1 id="page-title">{t("auth.forgotPassphrase")}</h1>
      <p className="lead">{t("auth.forgot.lead")}</p>
      <form className="auth-form card" noValidate onSubmit={onSubmit}>
        {error ? (
          <div className="form-error" role="alert">
            {error}
          </div>
        ) : null}
        <FormField label={t("auth.email")} type="email" autoComplete="email" required error={form.errors.email} {...form.field("email")} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("auth.sending") : t("auth.forgot.submit")}
          </button>
          <Link to={paths.signIn()}>{t("auth.backToSignIn")}</Link>
        </div>
      </form>
    </section>
  );
}
