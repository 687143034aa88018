// /tasks/new: plan a task on a thing you may plan on (your own and collaborations, your groups'
// things; admins any), choose who does it among the thing's collaborators and its group's
// members, then createTask and one createTaskAssignment per person. `?thingId=` preselects the
// thing, `?groupId=` narrows the choice to a group's things, `?next=` is where to go afterwards.
import { useEffect, useId, useMemo, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useMutation } from "urql";
import { term } from "../../../../shared/branding.ts";
import { Avatar } from "../../components/Avatar.tsx";
import { FormField } from "../../components/FormField.tsx";
import { Loading } from "../../components/Loading.tsx";
import { EmptyState } from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { useForm } from "../../lib/use-form.ts";
import { safeNext } from "../../routes/paths.ts";
import { errorText } from "./errors.ts";
import { SelectField, TextAreaField } from "./fields.tsx";
import { usePlannableThings, useThingPeople } from "./people.ts";
import { EMPTY_TASK, taskInput, validateTaskForm, type TaskFormValues } from "./task-form.ts";
import {
  CARE_ACTION_TYPES,
  TASK_MESSAGES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  actionLabel,
  priorityLabel,
  statusLabel,
  titleExample,
} from "./task-meta.ts";
import { announceTasksChanged } from "./use-tasks.ts";
import type { ThingOption } from "./types.ts";
import { CreateTaskAssignmentDocument as CreateAssignmentMutation } from "./CreateTaskAssignment.generated.ts";
import { CreateTaskDocument as CreateTaskMutation } from "./CreateTask.generated.ts";
import "./tasks.css";

export default function NewTaskPage() {
  const b = useBranding();
  const [params] = useSearchParams();
  const { things, loading, error, retry } = usePlannableThings();
  const groupId = params.get("groupId") ?? "";
  const presetThing = params.get("thingId") ?? "";
  const next = safeNext(params.get("next"), "/tasks");

  const options = useMemo(
    () => (groupId && things.some((t) => t.groupId === groupId) ? things.filter((t) => t.groupId === groupId) : things),
    [things, groupId],
  );

  let body;
  if (error && things.length === 0) {
    body = (
      <div className="form-error" role="alert">
        {errorText(error, "An error occurred")}{" "}
        <button type="button" className="button button-secondary" onClick={retry}>
          Try again
        </button>
      </div>
    );
  } else if (loading) {
    body = <Loading label={`Loading your ${term(b, "things")}…`} />;
  } else if (options.length === 0) {
    body = (
      <EmptyState
        title={`No ${term(b, "things")} to plan on yet`}
        action={{ label: `Find ${term(b, "things")}`, to: "/things" }}
        secondary={{ label: `Join a ${term(b, "group")}`, to: "/groups" }}
      >
        <p>
          You can plan tasks on the {term(b, "things")} you own or collaborate on, and on the {term(b, "things")} of
          your {term(b, "groups")}.
        </p>
      </EmptyState>
    );
  } else {
    body = <TaskForm things={options} presetThing={presetThing} next={next} />;
  }

  return (
    <section className="page new-task-page" aria-labelledby="new-task-title">
      <p className="tasks-back">
        <Link to={next}>← Back</Link>
      </p>
      <h1 id="new-task-title">New task</h1>
      <p className="muted tasks-intro">
        Plan care work on a {term(b, "thing")} and ask people to do it. They are told in the app and by e-mail.
      </p>
      {body}
    </section>
  );
}

function groupsOf(things: ThingOption[]) {
  const groups = new Map<string, { name: string; things: ThingOption[] }>();
  for (const thing of things) {
    const group = groups.get(thing.groupId) ?? { name: thing.groupName, things: [] };
    group.things.push(thing);
    groups.set(thing.groupId, group);
  }
  return [...groups.values()];
}

function TaskForm({ things, presetThing, next }: { things: ThingOption[]; presetThing: string; next: string }) {
  const b = useBranding();
  const notify = useNotify();
  const navigate = useNavigate();
  const { session } = useSession();
  const me = session?.id ?? null;
  const presetOk = things.some((t) => t.id === presetThing);
  const initial: TaskFormValues = {
    ...EMPTY_TASK,
    thingId: presetOk ? presetThing : things.length === 1 ? things[0].id : "",
  };
  const form = useForm<keyof TaskFormValues>(initial, validateTaskForm);
  const { people, loading: peopleLoading, error: peopleError } = useThingPeople(form.values.thingId || null);
  const [assignees, setAssignees] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [, createTask] = useMutation(CreateTaskMutation);
  const [, createAssignment] = useMutation(CreateAssignmentMutation);
  const assigneesId = useId();
  const groups = useMemo(() => groupsOf(things), [things]);

  // A different thing has different people: keep only those who can still be chosen.
  useEffect(() => {
    if (peopleLoading) return;
    setAssignees((current) => current.filter((id) => people.some((p) => p.id === id)));
  }, [people, peopleLoading]);

  const select = (name: keyof TaskFormValues) => ({
    name,
    value: form.values[name],
    onChange: (event: { target: { value: string } }) => form.setValue(name, event.target.value),
    onBlur: form.field(name).onBlur,
    error: form.errors[name],
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (!form.submit()) {
      const first = form.firstInvalid();
      if (first) document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    const created = await createTask({ task: taskInput(form.values) });
    const task = created.data?.createTask?.task;
    if (created.error || !task) {
      setBusy(false);
      setServerError(errorText(created.error, TASK_MESSAGES.createFailed));
      return;
    }
    const failures: string[] = [];
    for (const userId of assignees) {
      const result = await createAssignment({ taskId: task.id, assignedTo: userId });
      if (result.error || !result.data?.createTaskAssignment?.taskAssignment) {
        const name = people.find((p) => p.id === userId)?.name ?? "Someone";
        failures.push(`${name}: ${errorText(result.error, TASK_MESSAGES.updateFailed)}`);
      }
    }
    setBusy(false);
    announceTasksChanged();
    if (failures.length) notify.warning(`Task created, but not everyone could be assigned. ${failures.join(" ")}`);
    else notify.positive("Task created");
    navigate(next);
  };

  const toggle = (id: string) =>
    setAssignees((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));

  const chosenThing = things.find((t) => t.id === form.values.thingId);

  return (
    <form className="card task-form task-new-form" onSubmit={onSubmit} noValidate aria-label="New task">
      <SelectField label={term(b, "thing", true)} {...select("thingId")} className="task-span">
        <option value="">Choose a {term(b, "thing")}…</option>
        {groups.length > 1
          ? groups.map((group) => (
              <optgroup key={group.name + group.things[0].id} label={group.name || term(b, "group", true)}>
                {group.things.map((thing) => (
                  <option key={thing.id} value={thing.id}>
                    {thing.name}
                  </option>
                ))}
              </optgroup>
            ))
          : things.map((thing) => (
              <option key={thing.id} value={thing.id}>
                {thing.name}
              </option>
            ))}
      </SelectField>
      {presetThing && !presetOk ? (
        <p className="field-hint task-span">
          You cannot plan tasks on that {term(b, "thing")}: only its owners, collaborators and {term(b, "group")}{" "}
          members can. Choose one of yours.
        </p>
      ) : null}

      <SelectField label="Action type" {...select("actionType")}>
        <option value="">Choose…</option>
        {CARE_ACTION_TYPES.map((type) => (
          <option key={type} value={type}>
            {actionLabel(type)}
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

      <FormField
        label="Title"
        {...form.field("title")}
        error={form.errors.title}
        maxLength={255}
        autoComplete="off"
        placeholder={form.values.actionType ? `e.g. ${titleExample(form.values.actionType)}` : "What needs doing"}
        className="task-span"
      />
      <TextAreaField
        label="Notes"
        hint="Optional: where, how, what to bring."
        {...select("description")}
        rows={4}
        className="task-span"
      />

      <SelectField label="Status" {...select("status")}>
        {TASK_STATUSES.map((status) => (
          <option key={status} value={status}>
            {statusLabel(status)}
          </option>
        ))}
      </SelectField>
      <FormField label="Due date" type="date" {...form.field("dueDate")} error={form.errors.dueDate} />

      <fieldset className="task-assignee-picker task-span" aria-describedby={`${assigneesId}-hint`}>
        <legend>Who does it</legend>
        <p id={`${assigneesId}-hint`} className="field-hint">
          {chosenThing
            ? `The people who look after ${chosenThing.name}: its owners, collaborators and ${term(b, "group")} members.`
            : `Choose a ${term(b, "thing")} first to see who can help.`}
        </p>
        {chosenThing && peopleLoading ? <Loading label="Loading people…" /> : null}
        {chosenThing && peopleError ? (
          <p className="form-error" role="alert">
            {errorText(peopleError, "An error occurred")}
          </p>
        ) : null}
        {chosenThing && !peopleLoading && people.length === 0 && !peopleError ? (
          <p className="muted">Nobody yet — you can assign people later.</p>
        ) : null}
        {people.length > 0 ? (
          <ul className="task-person-options">
            {people.map((person) => {
              const checked = assignees.includes(person.id);
              return (
                <li key={person.id}>
                  <label className={`task-person-option${checked ? " task-person-on" : ""}`}>
                    <input type="checkbox" checked={checked} onChange={() => toggle(person.id)} />
                    <Avatar id={person.id} name={person.name} hasImage={person.hasImage} size={28} />
                    <span className="task-person-text">
                      <span className="task-person-name">{person.name}</span>
                      <span className="muted task-person-role">
                        {person.role}
                        {person.id === me ? " · you" : ""}
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        ) : null}
      </fieldset>

      {serverError ? (
        <p className="form-error task-span" role="alert">
          {serverError}
        </p>
      ) : null}
      <div className="task-form-actions task-span">
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy ? "Creating…" : "Create task"}
        </button>
        <Link to={next} className="button button-secondary">
          Cancel
        </Link>
      </div>
    </form>
  );
}
