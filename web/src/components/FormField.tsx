import { useId, type InputHTMLAttributes } from "react";
import { translateServerMessage } from "../lib/i18n/server-messages.ts";

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  /** Message shown under the field; the input is marked invalid while it is set. */
  error?: string | null;
  hint?: string;
}

/** A labelled input with its hint and validation message wired up for assistive technology. */
export function FormField({ label, error, hint, className, ...input }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field${error ? " field-invalid" : ""}${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error ? (
        <p id={errorId} className="field-error">
          {/* Validation messages are the ones the database shares (shared/validation.ts): known texts. */}
          {translateServerMessage(error)}
        </p>
      ) : null}
    </div>
  );
}
