// Words, orderings and rules of tasks (spec sections 3, 4, 5, 8 and 9): labels for statuses,
// priorities and action types, "due tomorrow" / "3 days overdue", the list order (overdue first,
// then by due date and priority), and the form's validation with the database's messages.
import { MESSAGES, charLength } from "../../../../shared/validation.ts";
import { dateFormat } from "../../lib/dates.ts";

import type { ActionType, TaskPriority, TaskStatus } from "./Tasks.generated.ts";
import { type TasksT, englishTasksT } from "./texts.ts";

// The schema's enums, as generated (`npm run codegen`).
export type { ActionType, TaskPriority, TaskStatus };

export const TASK_STATUSES: readonly TaskStatus[] = ["NOT_STARTED", "IN_PROGRESS", "COMPLETED"];
export const TASK_PRIORITIES: readonly TaskPriority[] = ["LOW", "NORMAL", "MEDIUM", "HIGH"];
/** Every action type the schema has (a task's may be one no longer offered). */
const ACTION_TYPES: readonly ActionType[] = ["CREATED", "WATERING", "LITTER_CLEANUP", "UPKEEP", "EDUCATION", "MEASUREMENT", "SHARE"];
/** The care actions a task can plan (and that can be recorded on a thing afterwards). */
export const CARE_ACTION_TYPES: readonly ActionType[] = ["WATERING", "LITTER_CLEANUP", "UPKEEP", "EDUCATION", "MEASUREMENT", "SHARE"];

// Labels come from the catalogue (messages/tasks.en-GB.ts); these helpers take the reader's `t`
// (components pass useT(tasksTexts)'s; tests and defaults British English).

export function actionLabel(type: string, t: TasksT = englishTasksT): string {
  return (ACTION_TYPES as readonly string[]).includes(type) ? t(`tasks.action.${type as ActionType}`) : type;
}

export function titleExample(type: string, t: TasksT = englishTasksT): string {
  return (ACTION_TYPES as readonly string[]).includes(type) ? t(`tasks.titleExample.${type as ActionType}`) : t("tasks.titleExample.other");
}

export function isCareAction(type: string): boolean {
  return (CARE_ACTION_TYPES as readonly string[]).includes(type);
}

export function statusLabel(status: string, t: TasksT = englishTasksT): string {
  return (TASK_STATUSES as readonly string[]).includes(status) ? t(`tasks.status.${status as TaskStatus}`) : status;
}

export function priorityLabel(priority: string, t: TasksT = englishTasksT): string {
  return (TASK_PRIORITIES as readonly string[]).includes(priority) ? t(`tasks.priority.${priority as TaskPriority}`) : priority;
}

/** "High priority" and the like: a badge beside a task's title. */
export function priorityBadge(priority: TaskPriority, t: TasksT = englishTasksT): string {
  return t(`tasks.priorityBadge.${priority}`);
}

const PRIORITY_RANK: Record<string, number> = { HIGH: 3, MEDIUM: 2, NORMAL: 1, LOW: 0 };

// ---------------------------------------------------------------------------------------------
// Dates. Due dates are calendar dates ("2026-12-03"), compared with the user's local today.

/** Today's date in the user's time zone as YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, "0");
  const d = String(now.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

function dayNumber(date: string): number {
  const [y, m, d] = date.slice(0, 10).split("-").map(Number);
  return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
}

/** Whole days from `today` to `date` (negative when the date has passed). */
export function daysUntil(date: string, today: string = localToday()): number {
  return dayNumber(date) - dayNumber(today);
}

/** "Mon 14 Dec" (in the reader's language), with the year when it is not this year's. */
export function formatDay(date: string, today: string = localToday()): string {
  const [y, m, d] = date.slice(0, 10).split("-").map(Number);
  // A calendar date, not an instant: formatted as midnight UTC in UTC, so no zone moves its day.
  const sameYear = today.slice(0, 4) === date.slice(0, 4);
  return (
    dateFormat({ weekday: "short", day: "numeric", month: "short", ...(sameYear ? {} : { year: "numeric" }), timeZone: "UTC" })
      .format(new Date(Date.UTC(y, m - 1, d)))
      // en-GB puts a comma after the weekday once there is a year ("Mon, 4 Jan 2027"): the list
      // reads better without it, as before.
      .replace(/,/g, "")
  );
}

export type DueTone = "overdue" | "soon" | "later" | "none" | "done";

export interface DueText {
  text: string;
  tone: DueTone;
  /** The full date, for a title or screen readers. */
  full: string | null;
}

/** "Due today", "Due tomorrow", "Due in 3 days", "Due Mon 14 Dec", "1 day overdue", "3 days overdue". */
export function dueText(
  task: { dueDate?: string | null; status: string; completedAt?: string | null },
  today: string = localToday(),
  t: TasksT = englishTasksT,
): DueText {
  if (task.status === "COMPLETED") {
    const done = task.completedAt ? localToday(new Date(task.completedAt)) : null;
    return {
      text: done ? t("tasks.due.completedOn", { date: formatDay(done, today) }) : t("tasks.due.completed"),
      tone: "done",
      full: done,
    };
  }
  if (!task.dueDate) return { text: t("tasks.due.none"), tone: "none", full: null };
  const full = formatDay(task.dueDate, today);
  const days = daysUntil(task.dueDate, today);
  if (days < 0) return { text: t("tasks.due.overdue", { count: -days }), tone: "overdue", full };
  if (days === 0) return { text: t("tasks.due.today"), tone: "soon", full };
  if (days === 1) return { text: t("tasks.due.tomorrow"), tone: "soon", full };
  if (days < 7) return { text: t("tasks.due.inDays", { count: days }), tone: "later", full };
  return { text: t("tasks.due.on", { date: full }), tone: "later", full };
}

/** Whether a task is overdue: the server's flag, or by the user's own calendar. */
export function isOverdue(task: { isOverdue?: boolean | null; dueDate?: string | null; status: string }, today = localToday()): boolean {
  if (task.status === "COMPLETED") return false;
  if (task.isOverdue) return true;
  return !!task.dueDate && daysUntil(task.dueDate, today) < 0;
}

export interface Sortable {
  id: string;
  status: string;
  priority: string;
  dueDate?: string | null;
  isOverdue?: boolean | null;
  completedAt?: string | null;
  createdAt?: string | null;
  title: string;
}

/**
 * The list order: open tasks before completed ones; overdue first; then by due date (tasks
 * without one last), then priority (high first), then the oldest first. Completed tasks show the
 * most recently completed first.
 */
export function compareTasks(a: Sortable, b: Sortable, today = localToday()): number {
  const doneA = a.status === "COMPLETED" ? 1 : 0;
  const doneB = b.status === "COMPLETED" ? 1 : 0;
  if (doneA !== doneB) return doneA - doneB;
  if (doneA) {
    const byDone = (b.completedAt ?? "").localeCompare(a.completedAt ?? "");
    if (byDone) return byDone;
  } else {
    const overdueA = isOverdue(a, today) ? 0 : 1;
    const overdueB = isOverdue(b, today) ? 0 : 1;
    if (overdueA !== overdueB) return overdueA - overdueB;
    if (a.dueDate !== b.dueDate) {
      if (!a.dueDate) return 1;
      if (!b.dueDate) return -1;
      return a.dueDate < b.dueDate ? -1 : 1;
    }
  }
  const byPriority = (PRIORITY_RANK[b.priority] ?? 0) - (PRIORITY_RANK[a.priority] ?? 0);
  if (byPriority) return byPriority;
  const byCreated = (a.createdAt ?? "").localeCompare(b.createdAt ?? "");
  if (byCreated) return byCreated;
  return a.title.localeCompare(b.title);
}

export function sortTasks<T extends Sortable>(tasks: readonly T[], today = localToday()): T[] {
  return [...tasks].sort((a, b) => compareTasks(a, b, today));
}

/** The next step of the quick status change: not started -> in progress -> completed. */
export function nextStatus(status: string): TaskStatus {
  if (status === "NOT_STARTED") return "IN_PROGRESS";
  if (status === "IN_PROGRESS") return "COMPLETED";
  return "NOT_STARTED";
}

// ---------------------------------------------------------------------------------------------
// Validation, with the database's messages (db/migrations/*_tasks.sql, check_description).

// These are the database's own texts (known texts, lib/i18n/known-texts): the form fields show
// them in the reader's language as they show the server's. The texts the screens say when a
// call fails ("Failed to create task", ...) are in the catalogue (messages/tasks.en-GB.ts).
export const TASK_MESSAGES = {
  titleRequired: "Title is required",
  titleLength: "Title must be between 3 and 255 characters",
  descriptionLength: "Description must be at most 5000 characters",
  mandatory: MESSAGES.mandatory,
} as const;

export function validateTitle(value: string | null | undefined): string | null {
  // As SQL's btrim(title): spaces at either end do not count.
  const trimmed = (value ?? "").replace(/^ +| +$/g, "");
  if (trimmed === "") return TASK_MESSAGES.titleRequired;
  const length = charLength(trimmed);
  if (length < 3 || length > 255) return TASK_MESSAGES.titleLength;
  return null;
}

export function validateNotes(value: string | null | undefined): string | null {
  return value && charLength(value) > 5000 ? TASK_MESSAGES.descriptionLength : null;
}

export function validateRequiredChoice(value: string | null | undefined): string | null {
  return value ? null : TASK_MESSAGES.mandatory;
}
