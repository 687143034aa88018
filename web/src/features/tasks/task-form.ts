// The task form's values, their validation (the database's messages) and the input they make.
import type { FieldErrors } from "../../lib/use-form.ts";
import { validateNotes, validateRequiredChoice, validateTitle, type ActionType, type TaskPriority, type TaskStatus } from "./task-meta.ts";
import { type TasksT, englishTasksT } from "./texts.ts";

export type TaskField = "thingId" | "actionType" | "title" | "description" | "status" | "priority" | "dueDate";

export type TaskFormValues = Record<TaskField, string>;

export const EMPTY_TASK: TaskFormValues = {
  thingId: "",
  actionType: "",
  title: "",
  description: "",
  status: "NOT_STARTED",
  priority: "NORMAL",
  dueDate: "",
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function validateTaskForm(values: TaskFormValues, t: TasksT = englishTasksT): FieldErrors<TaskField> {
  return {
    thingId: validateRequiredChoice(values.thingId),
    actionType: validateRequiredChoice(values.actionType),
    title: validateTitle(values.title),
    description: validateNotes(values.description),
    status: validateRequiredChoice(values.status),
    priority: validateRequiredChoice(values.priority),
    dueDate: values.dueDate && !DATE.test(values.dueDate) ? t("tasks.dateFormat") : null,
  };
}

/** TaskInput / TaskPatch fields from the form. */
export function taskInput(values: TaskFormValues) {
  return {
    thingId: values.thingId,
    // The form's selects offer only the schema's values, and validateTaskForm requires a choice.
    actionType: values.actionType as ActionType,
    title: values.title.trim(),
    description: values.description.trim() === "" ? null : values.description,
    status: values.status as TaskStatus,
    priority: values.priority as TaskPriority,
    dueDate: values.dueDate || null,
  };
}
