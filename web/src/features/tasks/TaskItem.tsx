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
import styles from "./tasks.module.css";

/** The colours of the status button, the due date and the priority badges, by value. */
const CHECK_TONE: Record<string, string | undefined> = { IN_PROGRESS: styles.checkInProgress, COMPLETED: styles.checkCompleted };
const DUE_TONE: Record<string, string | undefined> = { overdue: styles.dueOverdue, soon: styles.dueSoon };
const PRIORITY_BADGE: Record<string, string | undefined> = { HIGH: styles.badgeHigh, MEDIUM: styles.badgeMedium };
const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ");

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
          className={styles.checkHint}
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
  if (people.length === 0) return <span className={`${styles.assignees} ${styles.unassigned}`}>{t("tasks.item.unassigned")}</span>;
  const names = people.map((a) => (a.assignedTo === me ? t("tasks.item.you") : (a.userByAssignedTo?.name ?? t("tasks.item.someone"))));
  const shown = people.slice(0, 3);
  const assignedTo = t("tasks.item.assignedTo", { names: names.join(", ") });
  return (
    <span className={styles.assignees} title={assignedTo}>
      <span className={styles.avatars} aria-hidden="true">
        {shown.map((a) => (
          <Avatar
            key={a.id}
            id={a.assignedTo}
            name={a.userByAssignedTo?.name}
            hasImage={a.userByAssignedTo?.hasImage}
            size={26}
            className={styles.avatar}
          />
        ))}
        {people.length > shown.length ? <span className={styles.avatarMore}>+{people.length - shown.length}</span> : null}
      </span>
      <span className={styles.assigneeNames}>
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
    <li className={classes(styles.task, "task", overdue && styles.overdue, done && styles.done)} data-task-id={task.id}>
      <div className={styles.row}>
        <button
          type="button"
          className={classes(styles.check, CHECK_TONE[task.status])}
          aria-label={done ? t("tasks.item.reopenLabel", { title: task.title }) : t("tasks.item.doneLabel", { title: task.title })}
          title={done ? t("tasks.item.reopenTitle") : t("tasks.item.doneTitle")}
          disabled={status.busy}
          onClick={() => void status.change(done ? "NOT_STARTED" : "COMPLETED")}
        >
          <StatusIcon status={task.status} />
          {/* A word beside the icon: an unlabeled circle did not say what it does. */}
          <span className={styles.checkLabel} aria-hidden="true">
            {done ? t("tasks.item.reopen") : t("tasks.item.done")}
          </span>
        </button>
        <div className={styles.main}>
          <div className={styles.titleLine}>
            <button
              type="button"
              className={`${styles.title} task-title`}
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={() => setOpen((value) => !value)}
            >
              {task.title}
            </button>
            {overdue ? <span className={`${styles.badge} ${styles.badgeOverdue}`}>{t("tasks.item.overdue")}</span> : null}
            {task.priority === "HIGH" || task.priority === "MEDIUM" ? (
              <span className={classes(styles.badge, PRIORITY_BADGE[task.priority])}>{priorityBadge(task.priority, t)}</span>
            ) : null}
            {task.source ? (
              <span className={`${styles.badge} ${styles.badgeAuto}`} title={t("tasks.item.openedAutomatically", { source: task.source })}>
                {t("tasks.item.automatic")}
              </span>
            ) : null}
          </div>
          <p className={styles.meta}>
            <span className={styles.metaItem}>{actionLabel(task.actionType, t)}</span>{" "}
            {showThing ? (
              <>
                <span className={`${styles.metaItem} ${styles.thing}`}>
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
                className={classes(styles.metaItem, DUE_TONE[due.tone])}
                dateTime={(task.status === "COMPLETED" ? task.completedAt : task.dueDate) ?? undefined}
                title={due.full}
              >
                {due.text}
              </time>
            ) : (
              <span className={classes(styles.metaItem, DUE_TONE[due.tone])}>{due.text}</span>
            )}
            {task.status === "IN_PROGRESS" ? (
              <>
                {" "}
                <span className={`${styles.metaItem} ${styles.statusText}`}>{t("tasks.status.IN_PROGRESS")}</span>
              </>
            ) : null}
            {task.priority === "LOW" ? (
              <>
                {" "}
                <span className={styles.metaItem}>{priorityBadge("LOW", t)}</span>
              </>
            ) : null}
          </p>
        </div>
        <div className={styles.side}>
          <Assignees task={task} me={me} />
          {task.status === "NOT_STARTED" ? (
            <button
              type="button"
              className={`button button-secondary ${styles.start}`}
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
        <p className={`form-error ${styles.rowError}`} role="alert">
          {status.error}
        </p>
      ) : null}
      <span className="visually-hidden" aria-live="polite">
        {status.busy ? t("tasks.item.saving") : ""}
      </span>
      {open ? (
        <div id={detailsId} className={styles.details}>
          <TaskDetails task={task} me={me} onCompleted={onCompleted} onClose={() => setOpen(false)} />
        </div>
      ) : (
        <div id={detailsId} hidden />
      )}
    </li>
  );
}
