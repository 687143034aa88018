// Form controls besides FormField's input (select, textarea, checkbox), wired the same way: a
// label, an optional hint, and the validation message announced with the control. FieldShell and
// useFieldControl are that wiring, for every field (FormField's too).
import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { translateServerMessage } from "../lib/i18n/server-messages.ts";

function describedBy(...ids: (string | undefined | false)[]): string | undefined {
  return ids.filter(Boolean).join(" ") || undefined;
}

export interface FieldShellProps {
  label: string;
  /** Message shown under the field; the control is marked invalid while it is set. */
  error?: string | null;
  hint?: ReactNode;
  className?: string;
}

/** The control's id and its ARIA wiring to the hint and the error (give them to the control). */
export function useFieldControl({ hint, error }: Pick<FieldShellProps, "hint" | "error">) {
  const id = useId();
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined),
  } as const;
}

/** The label, the hint and the validation message around a control (the same markup for every field). */
export function FieldShell({ id, label, error, hint, className, children }: FieldShellProps & { id: string; children: ReactNode }) {
  return (
    <div className={`field${error ? " field-invalid" : ""}${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {/* Validation messages are the ones the database shares (shared/validation.ts): known texts. */}
          {translateServerMessage(error)}
        </p>
      ) : null}
    </div>
  );
}

export function SelectField({
  label,
  error,
  hint,
  children,
  className,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & FieldShellProps & { children: ReactNode }) {
  const control = useFieldControl({ hint, error });
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint} className={className}>
      <select {...control} {...select}>
        {children}
      </select>
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  className,
  ...textarea
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & FieldShellProps) {
  const control = useFieldControl({ hint, error });
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint} className={className}>
      <textarea {...control} {...textarea} />
    </FieldShell>
  );
}

export function CheckboxField({
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="checkbox-field">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <div>
        <label htmlFor={id}>{label}</label>
        {hint ? (
          <p id={`${id}-hint`} className="field-hint">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
