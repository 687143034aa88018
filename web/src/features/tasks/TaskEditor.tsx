// A task opened in place: planners edit its fields, manage who does it and delete it (after a
// confirmation); assignees who do not plan on the thing see the details and change the status
// only (the server's rule: 'As an assignee you can change the task's status only').
import { useId, useMemo, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useMutation } from "urql";
import { Avatar } from "../../components/Avatar.tsx";
import { FormField } from "../../components/FormField.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { useForm } from "../../lib/use-form.ts";
import { paths } from "../../routes/paths.ts";
import { errorText } from "./errors.ts";
import { SelectField, TextAreaField } from "./fields.tsx";
import { useThingPeople } from "./people.ts";
import { validateTaskForm, taskInput, type TaskFormValues } from "./task-form.ts";
import {
  CARE_ACTION_TYPES,
  TASK_MESSAGES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  actionLabel,
  formatDay,
  localToday,
  priorityLabel,
  statusLabel,
  titleExample,
  type TaskStatus,
} from "./task-meta.ts";
import { useTaskStatus } from "./use-task-status.ts";
import { announceTasksChanged } from "./use-tasks.ts";
import type { Task } from "./types.ts";
import { CreateTaskAssignmentDocument as CreateAssignmentMutation } from "./CreateTaskAssignment.generated.ts";
import { DeleteTaskAssignmentDocument as DeleteAssignmentMutation } from "./DeleteTaskAssignment.generated.ts";
import { DeleteTaskDocument as DeleteTaskMutation } from "./DeleteTask.generated.ts";
import { UpdateTaskDocument as UpdateTaskMutation } from "./UpdateTask.generated.ts";

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
  const created = localToday(new Date(task.createdAt));
  const thing = task.thingByThingId;
  return (
    <p className="task-created muted">
      {task.userByCreatedBy ? (
        <>
          Created by <Link to={paths.user(task.userByCreatedBy.id)}>{task.userByCreatedBy.name}</Link>
        </>
      ) : (
        "Created"
      )}{" "}
      on {formatDay(created)}
      {thing?.groupByGroupId ? (
        <>
          {" "}
          · <Link to={paths.group(thing.groupByGroupId.id)}>{thing.groupByGroupId.name}</Link>
        </>
      ) : null}
      {task.source ? <> · opened automatically ({task.source})</> : null}
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
  const notify = useNotify();
  const form = useForm<keyof TaskFormValues>(fromTask(task), validateTaskForm);
  const [, update] = useMutation(UpdateTaskMutation);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const actionTypes = (CARE_ACTION_TYPES as readonly string[]).includes(task.actionType)
    ? CARE_ACTION_TYPES
    : [task.actionType, ...CARE_ACTION_TYPES];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!form.submit()) return;
    setSaving(true);
    const patch = taskInput(form.values);
    const result = await update({ id: task.id, patch });
    setSaving(false);
    if (result.error || !result.data?.updateTaskById?.task) {
      setError(errorText(result.error, TASK_MESSAGES.updateFailed));
      return;
    }
    notify.positive("Task saved");
    if (patch.status === "COMPLETED" && task.status !== "COMPLETED")
      onCompleted?.({ ...task, ...patch, status: "COMPLETED" } as Task);
    onClose();
  };

  const select = (name: keyof TaskFormValues) => ({
    name,
    value: form.values[name],
    onChange: (event: { target: { value: string } }) => form.setValue(name, event.target.value),
    onBlur: form.field(name).onBlur,
    error: form.errors[name],
  });

  return (
    <div className="task-editor">
      <CreatedLine task={task} />
      <form className="task-form task-edit-form" onSubmit={onSubmit} noValidate aria-label={`Edit ${task.title}`}>
        <FormField
          label="Title"
          {...form.field("title")}
          error={form.errors.title}
          maxLength={255}
          autoComplete="off"
          placeholder={titleExample(form.values.actionType)}
          className="task-span"
        />
        <SelectField label="Action type" {...select("actionType")}>
          {actionTypes.map((type) => (
            <option key={type} value={type}>
              {actionLabel(type)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Status" {...select("status")}>
          {TASK_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Priority" {...select("priority")}>
          {TASK_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {priorityLabel(priority)}
            </option>
          ))}
        </SelectField>
        <FormField label="Due date" type="date" {...form.field("dueDate")} error={form.errors.dueDate} />
        <TextAreaField label="Notes" {...select("description")} className="task-span" />
        {error ? (
          <p className="form-error task-span" role="alert">
            {error}
          </p>
        ) : null}
        <div className="task-form-actions task-span">
          <button type="submit" className="button" disabled={saving} aria-busy={saving}>
            {saving ? "Saving…" : "Save changes"}
          </button>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
      <AssigneeManager task={task} me={me} canEdit />
      <DeleteTask task={task} />
    </div>
  );
}

function AssigneeView({ task, me, onCompleted }: DetailsProps) {
  const status = useTaskStatus(task, onCompleted);
  const id = useId();
  return (
    <div className="task-editor">
      <CreatedLine task={task} />
      {task.description ? <p className="task-notes">{task.description}</p> : <p className="muted">No notes.</p>}
      <div className="field task-field task-status-field">
        <label htmlFor={id}>Status</label>
        <select
          id={id}
          value={task.status}
          disabled={status.busy}
          onChange={(event) => void status.change(event.target.value as TaskStatus)}
        >
          {TASK_STATUSES.map((value) => (
            <option key={value} value={value}>
              {statusLabel(value)}
            </option>
          ))}
        </select>
        <p className="field-hint">
          As an assignee you can change the task's status; the people who plan on the thing change the rest.
        </p>
        {status.error ? (
          <p className="form-error" role="alert">
            {status.error}
          </p>
        ) : null}
      </div>
      <AssigneeManager task={task} me={me} canEdit={false} />
    </div>
  );
}

function AssigneeManager({ task, me, canEdit }: { task: Task; me: string | null; canEdit: boolean }) {
  const notify = useNotify();
  const { people, loading, error: peopleError } = useThingPeople(canEdit ? task.thingId : null);
  const [, assign] = useMutation(CreateAssignmentMutation);
  const [, unassign] = useMutation(DeleteAssignmentMutation);
  const [choice, setChoice] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();
  const assignments = task.taskAssignmentsByTaskId.nodes;
  const assigned = useMemo(() => new Set(assignments.map((a) => a.assignedTo)), [assignments]);
  const candidates = people.filter((p) => !assigned.has(p.id));

  const onAssign = async (event: FormEvent) => {
    event.preventDefault();
    if (!choice) {
      setError(TASK_MESSAGES.mandatory);
      return;
    }
    setBusy(true);
    setError(null);
    const result = await assign({ taskId: task.id, assignedTo: choice });
    setBusy(false);
    if (result.error || !result.data?.createTaskAssignment?.taskAssignment) {
      setError(errorText(result.error, TASK_MESSAGES.updateFailed));
      return;
    }
    const person = people.find((p) => p.id === choice);
    setChoice("");
    notify.positive(`${person?.id === me ? "You are" : `${person?.name ?? "They"} is`} now on this task`);
    announceTasksChanged();
  };

  const onRemove = async (assignmentId: string, name: string, self: boolean) => {
    setBusy(true);
    setError(null);
    const result = await unassign({ id: assignmentId });
    setBusy(false);
    if (result.error) {
      setError(errorText(result.error, TASK_MESSAGES.updateFailed));
      return;
    }
    notify.info(self ? "You are no longer on this task" : `${name} is no longer on this task`);
    announceTasksChanged();
  };

  return (
    <section className="task-people" aria-label="Assignees">
      <h4 className="task-subtitle">Who does it</h4>
      {assignments.length === 0 ? <p className="muted">Nobody yet.</p> : null}
      <ul className="task-people-list">
        {assignments.map((a) => {
          const self = a.assignedTo === me;
          const name = a.userByAssignedTo?.name ?? "Someone";
          return (
            <li key={a.id}>
              <Avatar id={a.assignedTo} name={name} hasImage={a.userByAssignedTo?.hasImage} size={28} />
              <span className="task-person-name">
                {a.userByAssignedTo ? <Link to={paths.user(a.assignedTo)}>{name}</Link> : name}
                {self ? <span className="muted"> (you)</span> : null}
              </span>
              {canEdit || self ? (
                <button
                  type="button"
                  className="task-link-button"
                  disabled={busy}
                  aria-label={self ? "Take me off this task" : `Remove ${name} from this task`}
                  onClick={() => void onRemove(a.id, name, self)}
                >
                  {self ? "Take me off" : "Remove"}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {canEdit ? (
        <form className="task-assign" onSubmit={onAssign} noValidate>
          <label htmlFor={selectId} className="visually-hidden">
            Add someone
          </label>
          <select
            id={selectId}
            value={choice}
            onChange={(event) => {
              setChoice(event.target.value);
              setError(null);
            }}
            disabled={loading || candidates.length === 0}
          >
            <option value="">
              {loading
                ? "Loading people…"
                : candidates.length === 0
                  ? "Everyone who can help is on it"
                  : "Add someone…"}
            </option>
            {candidates.map((person) => (
              <option key={person.id} value={person.id}>
                {person.id === me ? `${person.name} (you)` : person.name} · {person.role}
              </option>
            ))}
          </select>
          <button type="submit" className="button button-secondary" disabled={busy || !choice}>
            Assign
          </button>
        </form>
      ) : null}
      {peopleError ? (
        <p className="form-error" role="alert">
          {errorText(peopleError, "An error occurred")}
        </p>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function DeleteTask({ task }: { task: Task }) {
  const notify = useNotify();
  const [, remove] = useMutation(DeleteTaskMutation);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onDelete = async () => {
    setBusy(true);
    setError(null);
    const result = await remove({ id: task.id });
    setBusy(false);
    if (result.error || !result.data?.deleteTaskById) {
      setError(errorText(result.error, TASK_MESSAGES.deleteFailed));
      return;
    }
    notify.positive("Task deleted");
    announceTasksChanged();
  };

  return (
    <div className="task-delete">
      {confirming ? (
        <div className="task-confirm" role="group" aria-label="Confirm deletion">
          <p>Delete “{task.title}”? This cannot be undone.</p>
          <div className="task-form-actions">
            <button type="button" className="button task-danger" disabled={busy} onClick={() => void onDelete()}>
              {busy ? "Deleting…" : "Yes, delete it"}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => setConfirming(false)}
            >
              Keep it
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="task-link-button task-danger-link" onClick={() => setConfirming(true)}>
          Delete task
        </button>
      )}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
