// One passphrase field for every form that asks for one (issue 23): sign in, register, reset and
// change. Its label, autocomplete, the rules hint under a new one and the Show/Hide switch are
// decided here once, from what the field is for, rather than written out on each form.
import { useEffect, useId, useRef, useState, type InputHTMLAttributes } from "react";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { translateServerMessage } from "../../lib/i18n/server-messages.ts";
import styles from "./passphrase-field.module.css";
import { authTexts } from "./texts.ts";

/** What the field holds: the passphrase you have, a new one, or the new one again. */
export type PassphrasePurpose = "current" | "new" | "confirm";

export interface PassphraseFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type" | "autoComplete"> {
  purpose: PassphrasePurpose;
  /**
   * On a form that replaces a passphrase (reset, change): "Current passphrase", "New passphrase",
   * "Confirm new passphrase". Otherwise (sign in, register): "Passphrase", "Confirm passphrase".
   */
  replacing?: boolean;
  /** Message shown under the field; the input is marked invalid while it is set. */
  error?: string | null;
}

const AUTOCOMPLETE: Record<PassphrasePurpose, string> = {
  current: "current-password",
  new: "new-password",
  confirm: "new-password",
};

export function PassphraseField({ purpose, replacing = false, error, className, ...input }: PassphraseFieldProps) {
  const t = useT(authTexts);
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  const [shown, setShown] = useState(false);

  // Hidden again when the form is sent: a browser offers to save only what a password field held,
  // and the passphrase should not stay on screen on the page that follows.
  useEffect(() => {
    const form = ref.current?.form;
    if (!form) return;
    const hide = () => setShown(false);
    form.addEventListener("submit", hide);
    return () => form.removeEventListener("submit", hide);
  }, []);

  const label =
    purpose === "current"
      ? t(replacing ? "auth.passphrase.current" : "auth.passphrase.label")
      : purpose === "new"
        ? t(replacing ? "auth.passphrase.new" : "auth.passphrase.label")
        : t(replacing ? "auth.passphrase.confirmNew" : "auth.passphrase.confirm");
  const hint = purpose === "new" ? t("auth.passphrase.rules") : null;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;

  return (
    <div className={`field${error ? " field-invalid" : ""}${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <div className={styles.input}>
        <input
          ref={ref}
          id={id}
          type={shown ? "text" : "password"}
          autoComplete={AUTOCOMPLETE[purpose]}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
          {...input}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-controls={id}
          aria-label={t(shown ? "auth.passphrase.hideLabel" : "auth.passphrase.showLabel")}
          onClick={() => setShown((was) => !was)}
        >
          {t(shown ? "auth.passphrase.hide" : "auth.passphrase.show")}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {/* The rules' messages are the ones the database shares (shared/validation.ts): known texts. */}
          {translateServerMessage(error)}
        </p>
      ) : null}
    </div>
  );
}
