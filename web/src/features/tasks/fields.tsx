// The shared select and textarea fields (components/fields.tsx) with the task forms' layout class;
// notes get three rows unless told otherwise.
import type { ComponentProps } from "react";
import { SelectField as BaseSelect, TextAreaField as BaseTextArea } from "../../components/fields.tsx";

const withTaskClass = (className?: string) => `task-field${className ? ` ${className}` : ""}`;

export function SelectField({ className, ...props }: ComponentProps<typeof BaseSelect>) {
  return <BaseSelect className={withTaskClass(className)} {...props} />;
}

export function TextAreaField({ className, rows = 3, ...props }: ComponentProps<typeof BaseTextArea>) {
  return <BaseTextArea className={withTaskClass(className)} rows={rows} {...props} />;
}
