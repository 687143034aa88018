// The one task form (issue 23: /tasks/new and a task's editor had a copy each): the thing (when
// planning a new task), action type, priority, title, notes, status and due date, validated as
// you type with the database's messages. The screen says what a submit does: `onSubmit` gets the
// valid values and answers the error text to show, or nothing when it went well.
import { useCallback, useState, type FormEvent, type ReactNode } from "react";
import { FormField } from "../../components/FormField.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useForm } from "../../lib/use-form.ts";
import { SelectField, TextAreaField } from "./fields.tsx";
import { validateTaskForm, type TaskFormValues } from "./task-form.ts";
import { CARE_ACTION_TYPES, TASK_PRIORITIES, TASK_STATUSES, actionLabel, priorityLabel, statusLabel, titleExample } from "./task-meta.ts";
import type { ThingOption } from "./types.ts";
import { tasksTexts } from "./texts.ts";
import styles from "./tasks.module.css";

export interface TaskFormProps {
  initial: TaskFormValues;
  /** The form's accessible name ("New task", "Edit Water it"). */
  label: string;
  className: string;
  /** The things a new task may be planned on; without them the thing stays as it is (editing). */
  things?: ThingOption[];
  /** A note under the thing's field (why a preset thing was not taken). */
  thingNote?: ReactNode;
  /** Returns the error text to show, or nothing when it went well. */
  onSubmit(values: TaskFormValues): Promise<string | null | undefined>;
  submitLabel: string;
  busyLabel: string;
  /** The way out: a link back or a button that closes the editor. */
  cancel: ReactNode;
  /** More of the form after the fields (who does it), drawn from the values as they are now. */
  more?(values: TaskFormValues): ReactNode;
}

/** The things by group, for an optgroup per group when there are several. */
function groupsOf(things: ThingOption[]) {
  const groups = new Map<string, { name: string; things: ThingOption[] }>();
  for (const thing of things) {
    const group = groups.get(thing.groupId) ?? { name: thing.groupName, things: [] };
    group.things.push(thing);
    groups.set(thing.groupId, group);
  }
  return [...groups.values()];
}

export function TaskForm({ initial, label, className, things, thingNote, onSubmit, submitLabel, busyLabel, cancel, more }: TaskFormProps) {
  const b = useBranding();
  const t = useT(tasksTexts);
  const brand = { brand: b.key };
  const validate = useCallback((values: TaskFormValues) => validateTaskForm(values, t), [t]);
  const form = useForm<keyof TaskFormValues>(initial, validate);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A task planned before an action type left the list keeps its own type as a choice.
  const actionTypes: readonly string[] =
    !initial.actionType || (CARE_ACTION_TYPES as readonly string[]).includes(initial.actionType)
      ? CARE_ACTION_TYPES
      : [initial.actionType, ...CARE_ACTION_TYPES];

  const select = (name: keyof TaskFormValues) => ({
    name,
    value: form.values[name],
    onChange: (event: { target: { value: string } }) => form.setValue(name, event.target.value),
    onBlur: form.field(name).onBlur,
    error: form.errors[name],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!form.submit()) {
      const first = form.firstInvalid();
      if (first) document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    const failed = await onSubmit(form.values);
    setBusy(false);
    if (failed) setError(failed);
  };

  const groups = things ? groupsOf(things) : [];
  const option = (thing: ThingOption) => (
    <option key={thing.id} value={thing.id}>
      {thing.name}
    </option>
  );

  return (
    <form className={`${styles.form} ${className}`} onSubmit={submit} noValidate aria-label={label}>
      {things ? (
        <>
          <SelectField label={t("tasks.form.thing", brand)} {...select("thingId")} className={styles.span}>
            <option value="">{t("tasks.form.chooseThing", brand)}</option>
            {groups.length > 1
              ? groups.map((group) => (
                  <optgroup key={group.name + group.things[0].id} label={group.name || t("tasks.form.groupFallback", brand)}>
                    {group.things.map(option)}
                  </optgroup>
                ))
              : things.map(option)}
          </SelectField>
          {thingNote}
        </>
      ) : null}

      <SelectField label={t("tasks.form.actionType")} {...select("actionType")}>
        {initial.actionType ? null : <option value="">{t("tasks.form.choose")}</option>}
        {actionTypes.map((type) => (
          <option key={type} value={type}>
            {actionLabel(type, t)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t("tasks.form.priority")} {...select("priority")}>
        {TASK_PRIORITIES.map((priority) => (
          <option key={priority} value={priority}>
            {priorityLabel(priority, t)}
          </option>
        ))}
      </SelectField>

      <FormField
        label={t("tasks.form.title")}
        {...form.field("title")}
        error={form.errors.title}
        maxLength={255}
        autoComplete="off"
        placeholder={
          form.values.actionType
            ? t("tasks.form.titleExample", { example: titleExample(form.values.actionType, t) })
            : t("tasks.titleExample.other")
        }
        className={styles.span}
      />
      <TextAreaField
        label={t("tasks.form.notes")}
        hint={t("tasks.form.notesHint")}
        {...select("description")}
        rows={4}
        className={styles.span}
      />

      <SelectField label={t("tasks.form.status")} {...select("status")}>
        {TASK_STATUSES.map((status) => (
          <option key={status} value={status}>
            {statusLabel(status, t)}
          </option>
        ))}
      </SelectField>
      <FormField label={t("tasks.form.dueDate")} type="date" {...form.field("dueDate")} error={form.errors.dueDate} />

      {more?.(form.values)}

      {error ? (
        <p className={`form-error ${styles.span}`} role="alert">
          {error}
        </p>
      ) : null}
      <div className={`${styles.formActions} ${styles.span}`}>
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
        {cancel}
      </div>
    </form>
  );
}
