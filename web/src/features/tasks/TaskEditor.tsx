// A task opened in place: planners edit its fields (the task form, TaskForm.tsx), manage who does
// it and delete it (after a confirmation); assignees who do not plan on the thing see the details
// and change the status only (the server's rule: 'As an assignee you can change the task's status
// only').
import { useId } from "react";
import { Link } from "react-router";
import { useMutation } from "urql";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { richText } from "../../lib/i18n/rich.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { paths } from "../../routes/paths.ts";
import { DeleteTask } from "./DeleteTask.tsx";
import { errorText } from "./errors.ts";
import { TaskAssignees } from "./TaskAssignees.tsx";
import { TaskForm } from "./TaskForm.tsx";
import { taskInput, type TaskFormValues } from "./task-form.ts";
import { TASK_STATUSES, formatDay, localToday, statusLabel, type TaskStatus } from "./task-meta.ts";
import { useTaskStatus } from "./use-task-status.ts";
import type { Task } from "./types.ts";
import { UpdateTaskDocument as UpdateTaskMutation } from "./UpdateTask.generated.ts";
import { tasksTexts } from "./texts.ts";
import styles from "./tasks.module.css";

interface DetailsProps {
  task: Task;
  me: string | null;
  onCompleted?(task: Task): void;
  onClose(): void;
}

export function TaskDetails(props: DetailsProps) {
  return props.task.canEdit ? <TaskEditor {...props} /> : <AssigneeView {...props} />;
}

function CreatedLine({ task }: { task: Task }) {
  const t = useT(tasksTexts);
  const date = formatDay(localToday(new Date(task.createdAt)));
  const creator = task.userByCreatedBy;
  const thing = task.thingByThingId;
  return (
    <p className={`muted ${styles.created}`}>
      {creator
        ? richText(t, "tasks.details.createdBy", { name: <Link to={paths.user(creator.id)}>{creator.name}</Link> }, { date })
        : t("tasks.details.created", { date })}
      {thing?.groupByGroupId ? (
        <>
          {" "}
          · <Link to={paths.group(thing.groupByGroupId.id)}>{thing.groupByGroupId.name}</Link>
        </>
      ) : null}
      {task.source ? <> · {t("tasks.details.automatic", { source: task.source })}</> : null}
    </p>
  );
}

function fromTask(task: Task): TaskFormValues {
  return {
    thingId: task.thingId,
    actionType: task.actionType,
    title: task.title,
    description: task.description ?? "",
    status: task.status,
    priority: task.priority,
    dueDate: task.dueDate ?? "",
  };
}

function TaskEditor({ task, me, onCompleted, onClose }: DetailsProps) {
  const t = useT(tasksTexts);
  const notify = useNotify();
  const [, update] = useMutation(UpdateTaskMutation);

  const save = async (values: TaskFormValues) => {
    const patch = taskInput(values);
    const result = await update({ id: task.id, patch });
    if (result.error || !result.data?.updateTaskById?.task) return errorText(result.error, t("tasks.updateFailed"));
    notify.positive(t("tasks.details.saved"));
    if (patch.status === "COMPLETED" && task.status !== "COMPLETED") onCompleted?.({ ...task, ...patch, status: "COMPLETED" } as Task);
    onClose();
    return null;
  };

  return (
    <div className={styles.editor}>
      <CreatedLine task={task} />
      <TaskForm
        initial={fromTask(task)}
        label={t("tasks.form.editLabel", { title: task.title })}
        className={styles.editForm}
        onSubmit={save}
        submitLabel={t("tasks.form.save")}
        busyLabel={t("tasks.form.saving")}
        cancel={
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t("tasks.form.cancel")}
          </button>
        }
      />
      <TaskAssignees task={task} me={me} canEdit />
      <DeleteTask task={task} />
    </div>
  );
}

function AssigneeView({ task, me, onCompleted }: DetailsProps) {
  const t = useT(tasksTexts);
  const status = useTaskStatus(task, onCompleted);
  const id = useId();
  return (
    <div className={styles.editor}>
      <CreatedLine task={task} />
      {task.description ? <p className={styles.notes}>{task.description}</p> : <p className="muted">{t("tasks.details.noNotes")}</p>}
      <div className={`field ${styles.statusField}`}>
        <label htmlFor={id}>{t("tasks.form.status")}</label>
        <select
          id={id}
          value={task.status}
          disabled={status.busy}
          onChange={(event) => void status.change(event.target.value as TaskStatus)}
        >
          {TASK_STATUSES.map((value) => (
            <option key={value} value={value}>
              {statusLabel(value, t)}
            </option>
          ))}
        </select>
        <p className="field-hint">{t("tasks.details.assigneeHint")}</p>
        {status.error ? (
          <p className="form-error" role="alert">
            {status.error}
          </p>
        ) : null}
      </div>
      <TaskAssignees task={task} me={me} canEdit={false} />
    </div>
  );
}
