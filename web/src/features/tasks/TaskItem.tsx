// One task in a list: a round button to complete (or reopen) it, its title (which opens the
// details and editor in place), the thing, action type, priority, due date and assignees, and a
// "Start" button while it has not started (not started -> in progress -> completed).
import { useId, useState } from "react";
import { Link } from "react-router";
import { Avatar } from "../../components/Avatar.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { paths } from "../../routes/paths.ts";
import { TaskDetails } from "./TaskEditor.tsx";
import { actionLabel, dueText, isOverdue, localToday, priorityBadge } from "./task-meta.ts";
import { useTaskStatus } from "./use-task-status.ts";
import type { Task } from "./types.ts";
import { tasksTexts } from "./texts.ts";

export interface TaskItemProps {
  task: Task;
  /** The signed-in user's id. */
  me: string | null;
  /** Show the thing's name (off on a thing's own page). */
  showThing?: boolean;
  /** Called when this user moves the task to completed (to offer recording the action). */
  onCompleted?(task: Task): void;
}

function StatusIcon({ status }: { status: string }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill={status === "COMPLETED" ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2" />
      {status === "IN_PROGRESS" ? <path d="M12 2a10 10 0 0 1 0 20z" fill="currentColor" /> : null}
      {status === "COMPLETED" ? (
        <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <path
          className="task-check-hint"
          d="M7 12.5l3.2 3.2L17 9"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}

export function Assignees({ task, me }: { task: Task; me: string | null }) {
  const t = useT(tasksTexts);
  const people = task.taskAssignmentsByTaskId.nodes;
  if (people.length === 0) return <span className="task-assignees task-unassigned">{t("tasks.item.unassigned")}</span>;
  const names = people.map((a) => (a.assignedTo === me ? t("tasks.item.you") : (a.userByAssignedTo?.name ?? t("tasks.item.someone"))));
  const shown = people.slice(0, 3);
  const assignedTo = t("tasks.item.assignedTo", { names: names.join(", ") });
  return (
    <span className="task-assignees" title={assignedTo}>
      <span className="task-avatars" aria-hidden="true">
        {shown.map((a) => (
          <Avatar
            key={a.id}
            id={a.assignedTo}
            name={a.userByAssignedTo?.name}
            hasImage={a.userByAssignedTo?.hasImage}
            size={26}
            className="task-avatar"
          />
        ))}
        {people.length > shown.length ? <span className="task-avatar-more">+{people.length - shown.length}</span> : null}
      </span>
      <span className="task-assignee-names">
        {people.length === 1 ? (
          <>
            <span className="visually-hidden">{t("tasks.item.assignedToLead")} </span>
            {people[0].assignedTo === me ? t("tasks.item.You") : names[0]}
          </>
        ) : (
          <span className="visually-hidden">{assignedTo}</span>
        )}
      </span>
    </span>
  );
}

export function TaskItem({ task, me, showThing = true, onCompleted }: TaskItemProps) {
  const t = useT(tasksTexts);
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const status = useTaskStatus(task, onCompleted);
  const due = dueText(task, localToday(), t);
  const overdue = isOverdue(task);
  const done = task.status === "COMPLETED";
  const thing = task.thingByThingId;

  return (
    <li className={`task${overdue ? " task-overdue" : ""}${done ? " task-done" : ""}${open ? " task-open" : ""}`} data-task-id={task.id}>
      <div className="task-row">
        <button
          type="button"
          className={`task-check task-check-${task.status.toLowerCase().replace("_", "-")}`}
          aria-label={done ? t("tasks.item.reopenLabel", { title: task.title }) : t("tasks.item.doneLabel", { title: task.title })}
          title={done ? t("tasks.item.reopenTitle") : t("tasks.item.doneTitle")}
          disabled={status.busy}
          onClick={() => void status.change(done ? "NOT_STARTED" : "COMPLETED")}
        >
          <StatusIcon status={task.status} />
          {/* A word beside the icon: an unlabeled circle did not say what it does. */}
          <span className="task-check-label" aria-hidden="true">
            {done ? t("tasks.item.reopen") : t("tasks.item.done")}
          </span>
        </button>
        <div className="task-main">
          <div className="task-title-line">
            <button
              type="button"
              className="task-title"
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={() => setOpen((value) => !value)}
            >
              {task.title}
            </button>
            {overdue ? <span className="task-badge task-badge-overdue">{t("tasks.item.overdue")}</span> : null}
            {task.priority === "HIGH" || task.priority === "MEDIUM" ? (
              <span className={`task-badge task-badge-${task.priority.toLowerCase()}`}>{priorityBadge(task.priority, t)}</span>
            ) : null}
            {task.source ? (
              <span className="task-badge task-badge-auto" title={t("tasks.item.openedAutomatically", { source: task.source })}>
                {t("tasks.item.automatic")}
              </span>
            ) : null}
          </div>
          <p className="task-meta">
            <span className="task-meta-item task-action">{actionLabel(task.actionType, t)}</span>{" "}
            {showThing ? (
              <>
                <span className="task-meta-item task-thing">
                  {thing ? (
                    <Link to={paths.thing(thing.id)}>{thing.name}</Link>
                  ) : (
                    <span className="muted">{t("tasks.item.hiddenThing")}</span>
                  )}
                </span>{" "}
              </>
            ) : null}
            {/* With a date, a <time> (its full date in the title, as lib/dates.ts writes it). */}
            {due.full && (task.status === "COMPLETED" ? task.completedAt : task.dueDate) ? (
              <time
                className={`task-meta-item task-due task-due-${due.tone}`}
                dateTime={(task.status === "COMPLETED" ? task.completedAt : task.dueDate) ?? undefined}
                title={due.full}
              >
                {due.text}
              </time>
            ) : (
              <span className={`task-meta-item task-due task-due-${due.tone}`}>{due.text}</span>
            )}
            {task.status === "IN_PROGRESS" ? (
              <>
                {" "}
                <span className="task-meta-item task-status-text">{t("tasks.status.IN_PROGRESS")}</span>
              </>
            ) : null}
            {task.priority === "LOW" ? (
              <>
                {" "}
                <span className="task-meta-item">{priorityBadge("LOW", t)}</span>
              </>
            ) : null}
          </p>
        </div>
        <div className="task-side">
          <Assignees task={task} me={me} />
          {task.status === "NOT_STARTED" ? (
            <button
              type="button"
              className="button button-secondary task-start"
              aria-label={t("tasks.item.startLabel", { title: task.title })}
              disabled={status.busy}
              onClick={() => void status.change("IN_PROGRESS")}
            >
              {t("tasks.item.start")}
            </button>
          ) : null}
        </div>
      </div>
      {status.error ? (
        <p className="form-error task-row-error" role="alert">
          {status.error}
        </p>
      ) : null}
      <span className="visually-hidden" aria-live="polite">
        {status.busy ? t("tasks.item.saving") : ""}
      </span>
      {open ? (
        <div id={detailsId} className="task-details">
          <TaskDetails task={task} me={me} onCompleted={onCompleted} onClose={() => setOpen(false)} />
        </div>
      ) : (
        <div id={detailsId} hidden />
      )}
    </li>
  );
}
