// "Who does it" in a task's details: the people on the task, each with a way off it (planners
// may take anyone off, an assignee themselves), and for planners a choice of the thing's other
// people to add.
import { useId, useMemo, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useMutation } from "urql";
import { Avatar } from "../../components/Avatar.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { translateServerMessage } from "../../lib/i18n/server-messages.ts";
import { useNotify } from "../../lib/notices.tsx";
import { paths } from "../../routes/paths.ts";
import { errorText } from "./errors.ts";
import { useThingPeople } from "./people.ts";
import { TASK_MESSAGES } from "./task-meta.ts";
import { announceTasksChanged } from "./use-tasks.ts";
import type { Task } from "./types.ts";
import { CreateTaskAssignmentDocument as CreateAssignmentMutation } from "./CreateTaskAssignment.generated.ts";
import { DeleteTaskAssignmentDocument as DeleteAssignmentMutation } from "./DeleteTaskAssignment.generated.ts";
import { tasksTexts } from "./texts.ts";
import styles from "./tasks.module.css";

export function TaskAssignees({ task, me, canEdit }: { task: Task; me: string | null; canEdit: boolean }) {
  const t = useT(tasksTexts);
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
      // The database's text, in the reader's language (a known text).
      setError(translateServerMessage(TASK_MESSAGES.mandatory));
      return;
    }
    setBusy(true);
    setError(null);
    const result = await assign({ taskId: task.id, assignedTo: choice });
    setBusy(false);
    if (result.error || !result.data?.createTaskAssignment?.taskAssignment) {
      setError(errorText(result.error, t("tasks.updateFailed")));
      return;
    }
    const person = people.find((p) => p.id === choice);
    setChoice("");
    notify.positive(
      person?.id === me ? t("tasks.people.youAreOn") : t("tasks.people.theyAreOn", { name: person?.name ?? t("tasks.people.they") }),
    );
    announceTasksChanged();
  };

  const onRemove = async (assignmentId: string, name: string, self: boolean) => {
    setBusy(true);
    setError(null);
    const result = await unassign({ id: assignmentId });
    setBusy(false);
    if (result.error) {
      setError(errorText(result.error, t("tasks.updateFailed")));
      return;
    }
    notify.info(self ? t("tasks.people.youAreOff") : t("tasks.people.theyAreOff", { name }));
    announceTasksChanged();
  };

  return (
    <section aria-label={t("tasks.people.label")}>
      <h4 className={styles.subtitle}>{t("tasks.people.title")}</h4>
      {assignments.length === 0 ? <p className="muted">{t("tasks.people.nobodyYet")}</p> : null}
      <ul className={styles.people}>
        {assignments.map((a) => {
          const self = a.assignedTo === me;
          const name = a.userByAssignedTo?.name ?? t("tasks.people.someone");
          return (
            <li key={a.id}>
              <Avatar id={a.assignedTo} name={name} hasImage={a.userByAssignedTo?.hasImage} size={28} />
              <span className={styles.personName}>
                {a.userByAssignedTo ? <Link to={paths.user(a.assignedTo)}>{name}</Link> : name}
                {self ? <span className="muted"> {t("tasks.people.you")}</span> : null}
              </span>
              {canEdit || self ? (
                <button
                  type="button"
                  className={styles.linkButton}
                  disabled={busy}
                  aria-label={self ? t("tasks.people.takeMeOffLabel") : t("tasks.people.removeLabel", { name })}
                  onClick={() => void onRemove(a.id, name, self)}
                >
                  {self ? t("tasks.people.takeMeOff") : t("tasks.people.remove")}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {canEdit ? (
        <form className={styles.assign} onSubmit={onAssign} noValidate>
          <label htmlFor={selectId} className="visually-hidden">
            {t("tasks.people.addSomeone")}
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
                ? t("tasks.people.loading")
                : candidates.length === 0
                  ? t("tasks.people.everyoneOnIt")
                  : t("tasks.people.addSomeoneChoose")}
            </option>
            {candidates.map((person) => {
              const role = t(`tasks.role.${person.role}`);
              return (
                <option key={person.id} value={person.id}>
                  {person.id === me
                    ? t("tasks.people.optionYou", { name: person.name, role })
                    : t("tasks.people.option", { name: person.name, role })}
                </option>
              );
            })}
          </select>
          <button type="submit" className="button button-secondary" disabled={busy || !choice}>
            {t("tasks.people.assign")}
          </button>
        </form>
      ) : null}
      {peopleError ? (
        <p className="form-error" role="alert">
          {errorText(peopleError, t("common.anErrorOccurred"))}
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
