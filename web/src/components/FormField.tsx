import type { InputHTMLAttributes } from "react";
import { FieldShell, useFieldControl } from "./fields.tsx";

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  /** Message shown under the field; the input is marked invalid while it is set. */
  error?: string | null;
  hint?: string;
}

/** A labelled input with its hint and validation message wired up for assistive technology. */
export function FormField({ label, error, hint, className, ...input }: FormFieldProps) {
  const control = useFieldControl({ hint, error });
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint} className={className}>
      <input {...control} {...input} />
    </FieldShell>
  );
}
