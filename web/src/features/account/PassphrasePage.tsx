// /account/passphrase: the current passphrase, then the new one twice (changePassword). Other
// sessions of the user end; this one goes on.
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useMutation } from "urql";
import { MESSAGES, validatePassphrase, validatePassphraseConfirmation } from "../../../../shared/validation.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { useForm } from "../../lib/use-form.ts";
import { paths } from "../../routes/paths.ts";
import { AccountPage } from "./account-ui.tsx";
import { ChangePasswordDocument as changePasswordQuery } from "./ChangePassword.generated.ts";
import { PassphraseField } from "../auth/PassphraseField.tsx";
import { errorText, serverErrorOf } from "./errors.ts";
import styles from "./account.module.css";
import { accountTexts } from "./texts.ts";

/** The server's message (as it writes it) for a wrong current passphrase. */
export const INCORRECT_OLD = "Incorrect old passphrase";

type Field = "current" | "passphrase" | "confirm";

const validate = (values: Record<Field, string>) => ({
  current: values.current ? null : MESSAGES.passphraseRequired,
  passphrase: validatePassphrase(values.passphrase),
  confirm: validatePassphraseConfirmation(values.passphrase, values.confirm),
});

const NEW_PASSPHRASE_MESSAGES = new Set<string>([
  MESSAGES.passphraseLength,
  MESSAGES.passphraseUppercase,
  MESSAGES.passphraseLowercase,
  MESSAGES.passphraseNumber,
]);

function focusField(name: string) {
  document.querySelector<HTMLInputElement>(`form.passphrase-form [name="${name}"]`)?.focus();
}

export default function PassphrasePage() {
  const t = useT(accountTexts);
  const [formKey, setFormKey] = useState(0);
  return (
    <AccountPage title={t("account.passphrase.title")} intro={t("account.passphrase.intro")}>
      <PassphraseForm key={formKey} onChanged={() => setFormKey((key) => key + 1)} />
    </AccountPage>
  );
}

function PassphraseForm({ onChanged }: { onChanged: () => void }) {
  const t = useT(accountTexts);
  const notify = useNotify();
  const [, changePassword] = useMutation(changePasswordQuery);
  const form = useForm<Field>({ current: "", passphrase: "", confirm: "" }, validate);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; field?: Field; value?: string } | null>(null);

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
    const result = await changePassword({ oldPassword: form.values.current, newPassword: form.values.passphrase });
    setBusy(false);
    if (result.error || !result.data?.changePassword?.boolean) {
      const message = errorText(result.error, t("account.passphrase.failed"));
      // Which field a message is about, by the server's own (English) words.
      const raw = serverErrorOf(result.error).message;
      const field: Field | undefined = raw === INCORRECT_OLD ? "current" : NEW_PASSPHRASE_MESSAGES.has(raw) ? "passphrase" : undefined;
      setServerError({ message, field, value: field ? form.values[field] : undefined });
      if (field) focusField(field);
      return;
    }
    notify.positive(t("account.passphrase.changed"));
    onChanged();
  };

  return (
    <form
      className={`card ${styles.form} ${styles.narrow} passphrase-form`}
      noValidate
      onSubmit={onSubmit}
      aria-label={t("account.passphrase.title")}
    >
      {serverError ? (
        <div className="form-error" role="alert">
          {serverError.message}
        </div>
      ) : null}
      <PassphraseField purpose="current" replacing required error={fieldError("current")} {...form.field("current")} />
      <PassphraseField purpose="new" replacing required error={fieldError("passphrase")} {...form.field("passphrase")} />
      <PassphraseField purpose="confirm" replacing required error={fieldError("confirm")} {...form.field("confirm")} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t("account.passphrase.busy") : t("account.passphrase.submit")}
        </button>
        <Link to={paths.forgotPassword()}>{t("account.passphrase.forgot")}</Link>
      </div>
    </form>
  );
}
