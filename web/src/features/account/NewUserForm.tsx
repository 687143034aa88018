// The admin's "new user" form (newUser): the person gets an e-mail with a link to choose their
// passphrase. Used by /account/users and /users/new.
import { useState, type FormEvent } from "react";
import { useMutation } from "urql";
import { MESSAGES, validateEmail, validateName, validateUsername } from "../../../../shared/validation.ts";
import { FormField } from "../../components/FormField.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { accountEn } from "../../lib/i18n/messages/account.en-GB.ts";
import { useNotify } from "../../lib/notices.tsx";
import { useForm } from "../../lib/use-form.ts";
import { errorText, serverErrorOf } from "./errors.ts";
import { NewUserDocument as newUserQuery } from "./NewUser.generated.ts";
import styles from "./account.module.css";
import { accountTexts } from "./texts.ts";

/** The spec's text in British English (tests compare with it). */
export const CREATE_USER_FAILED = accountEn["account.newUser.failed"];

type Field = "name" | "username" | "email";

const validate = (values: Record<Field, string>) => ({
  name: validateName(values.name.trim()),
  username: validateUsername(values.username),
  email: validateEmail(values.email.trim()),
});

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
};

export interface CreatedUser {
  id: string;
  name: string;
  username: string;
}

export function NewUserForm({ onCreated, title }: { onCreated?: (user: CreatedUser) => void; title?: string }) {
  const t = useT(accountTexts);
  const [key, setKey] = useState(0);
  return (
    <NewUserFields
      key={key}
      title={title ?? t("account.newUser.title")}
      onCreated={(user) => {
        setKey((k) => k + 1);
        onCreated?.(user);
      }}
    />
  );
}

function NewUserFields({ onCreated, title }: { onCreated: (user: CreatedUser) => void; title: string }) {
  const t = useT(accountTexts);
  const notify = useNotify();
  const [, createUser] = useMutation(newUserQuery);
  const form = useForm<Field>({ name: "", username: "", email: "" }, validate);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; field?: Field; value?: string } | null>(null);

  const fieldError = (name: Field) =>
    form.errors[name] ?? (serverError?.field === name && serverError.value === form.values[name] ? serverError.message : null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (!form.submit()) {
      const first = form.firstInvalid();
      if (first) document.querySelector<HTMLInputElement>(`form.new-user-form [name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    const email = form.values.email.trim();
    const result = await createUser({ name: form.values.name.trim(), username: form.values.username, email });
    setBusy(false);
    const user = result.data?.newUser?.user as CreatedUser | undefined;
    if (result.error || !user) {
      const message = errorText(result.error, t("account.newUser.failed"));
      // Which field a message is about, by the server's own (English) words.
      const field = FIELD_OF_SERVER_MESSAGE[serverErrorOf(result.error).message];
      setServerError({ message, field, value: field ? form.values[field] : undefined });
      return;
    }
    notify.positive(t("account.newUser.created", { name: user.name, email }));
    onCreated(user);
  };

  return (
    <form className={`card ${styles.form} new-user-form`} noValidate onSubmit={onSubmit} aria-labelledby="new-user-title">
      <h2 id="new-user-title">{title}</h2>
      <p className="field-hint">{t("account.newUser.hint")}</p>
      {serverError ? (
        <div className="form-error" role="alert">
          {serverError.message}
        </div>
      ) : null}
      <div className="form-row form-row-3">
        <FormField label={t("account.name")} autoComplete="off" required error={fieldError("name")} {...form.field("name")} />
        <FormField
          label={t("account.username")}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={fieldError("username")}
          {...form.field("username")}
        />
        <FormField
          label={t("account.email")}
          type="email"
          autoComplete="off"
          required
          error={fieldError("email")}
          {...form.field("email")}
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t("account.newUser.busy") : t("account.newUser.submit")}
        </button>
      </div>
    </form>
  );
}
