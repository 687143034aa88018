// Form state with instant validation: a field's message shows as soon as it has been changed or
// left, and every message shows after a submit attempt. Validation runs on every render from the
// current values, so a dependent field (confirm passphrase) follows its partner at once.
import { useCallback, useMemo, useState, type ChangeEvent } from "react";

export type FieldErrors<F extends string> = Record<F, string | null>;

export interface FormState<F extends string> {
  values: Record<F, string>;
  /** Messages to show now (touched fields, or all after submit). */
  errors: FieldErrors<F>;
  /** Messages for every field, shown or not. */
  allErrors: FieldErrors<F>;
  valid: boolean;
  setValue(field: F, value: string): void;
  /** Props for an input: value, onChange, onBlur, name. */
  field(name: F): {
    name: F;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onBlur: () => void;
  };
  /** Marks the form submitted (all messages show); returns whether it is valid. */
  submit(): boolean;
  /** The first field with a message, in declaration order. */
  firstInvalid(): F | undefined;
}

export function useForm<F extends string>(
  initial: Record<F, string>,
  validate: (values: Record<F, string>) => FieldErrors<F>,
): FormState<F> {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const allErrors = useMemo(() => validate(values), [validate, values]);
  const names = Object.keys(initial) as F[];

  const errors = {} as FieldErrors<F>;
  for (const name of names) errors[name] = submitted || touched[name] ? allErrors[name] : null;
  const valid = names.every((name) => !allErrors[name]);

  const setValue = useCallback((field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
  }, []);

  const field = (name: F) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value),
    onBlur: () => setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
  });

  return {
    values,
    errors,
    allErrors,
    valid,
    setValue,
    field,
    submit() {
      setSubmitted(true);
      return valid;
    },
    firstInvalid() {
      return names.find((name) => allErrors[name]);
    },
  };
}
