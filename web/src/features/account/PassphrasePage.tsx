// /account/passphrase: the current passphrase, then the new one twice (changePassword). Other
// sessions of the user end; this one goes on.
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useMutation } from "urql";
import { MESSAGES, validatePassphrase, validatePassphraseConfirmation } from "../../../../shared/validation.ts";
import { FormField } from "../../components/FormField.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { useForm } from "../../lib/use-form.ts";
import { paths } from "../../routes/paths.ts";
import { AccountPage } from "./account-ui.tsx";
import { ChangePasswordDocument as changePasswordQuery } from "./ChangePassword.generated.ts";
import { errorText } from "./errors.ts";
import "./account.css";

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
  const [formKey, setFormKey] = useState(0);
  return (
    <AccountPage
      title="Change passphrase"
      intro="Your current passphrase, then the new one twice. You stay signed in here; other devices are signed out."
    >
      <PassphraseForm key={formKey} onChanged={() => setFormKey((key) => key + 1)} />
    </AccountPage>
  );
}

function PassphraseForm({ onChanged }: { onChanged: () => void }) {
  const notify = useNotify();
  const [, changePassword] = useMutation(changePasswordQuery);
  const form = useForm<Field>({ current: "", passphrase: "", confirm: "" }, validate);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; field?: Field; value?: string } | null>(null);

  const fieldError = (name: Field) =>
    form.errors[name] ??
    (serverError?.field === name && serverError.value === form.values[name] ? serverError.message : null);

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
      const message = errorText(result.error, "Your passphrase could not be changed. Please try again.");
      const field: Field | undefined =
        message === INCORRECT_OLD ? "current" : NEW_PASSPHRASE_MESSAGES.has(message) ? "passphrase" : undefined;
      setServerError({ message, field, value: field ? form.values[field] : undefined });
      if (field) focusField(field);
      return;
    }
    notify.positive("Your passphrase has been changed.");
    onChanged();
  };

  return (
    <form className="card account-form passphrase-form narrow-form" noValidate onSubmit={onSubmit} aria-label="Change passphrase">
      {serverError ? (
        <div className="form-error" role="alert">
          {serverError.message}
        </div>
      ) : null}
      <FormField
        label="Current passphrase"
        type="password"
        autoComplete="current-password"
        required
        error={fieldError("current")}
        {...form.field("current")}
      />
      <FormField
        label="New passphrase"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
        error={fieldError("passphrase")}
        {...form.field("passphrase")}
      />
      <FormField
        label="Confirm new passphrase"
        type="password"
        autoComplete="new-password"
        required
        error={fieldError("confirm")}
        {...form.field("confirm")}
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Changing…" : "Change passphrase"}
        </button>
        <Link to={paths.forgotPassword()}>Forgot your current passphrase?</Link>
      </div>
    </form>
  );
}
