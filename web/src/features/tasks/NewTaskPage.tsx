// /tasks/new: plan a task on a thing you may plan on (your own and collaborations, your groups'
// things; admins any), choose who does it among the thing's collaborators and its group's
// members, then createTask and one createTaskAssignment per person. `?thingId=` preselects the
// thing, `?groupId=` narrows the choice to a group's things, `?next=` is where to go afterwards.
import { useMemo, useState, type ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useMutation } from "urql";
import { Loading } from "../../components/Loading.tsx";
import { EmptyState } from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { safeNext } from "../../routes/paths.ts";
import { AssigneePicker } from "./AssigneePicker.tsx";
import { errorText } from "./errors.ts";
import { usePlannableThings, type Candidate } from "./people.ts";
import { TaskForm } from "./TaskForm.tsx";
import { EMPTY_TASK, taskInput, type TaskFormValues } from "./task-form.ts";
import { announceTasksChanged } from "./use-tasks.ts";
import type { ThingOption } from "./types.ts";
import { CreateTaskAssignmentDocument as CreateAssignmentMutation } from "./CreateTaskAssignment.generated.ts";
import { CreateTaskDocument as CreateTaskMutation } from "./CreateTask.generated.ts";
import styles from "./tasks.module.css";
import { tasksTexts } from "./texts.ts";

export default function NewTaskPage() {
  const b = useBranding();
  const t = useT(tasksTexts);
  const brand = { brand: b.key };
  const [params] = useSearchParams();
  const { things, loading, error, retry } = usePlannableThings();
  const groupId = params.get("groupId") ?? "";
  const presetThing = params.get("thingId") ?? "";
  const next = safeNext(params.get("next"), "/tasks");

  const options = useMemo(
    () => (groupId && things.some((thing) => thing.groupId === groupId) ? things.filter((thing) => thing.groupId === groupId) : things),
    [things, groupId],
  );

  let body: ReactNode;
  if (error && things.length === 0) {
    body = (
      <div className="form-error" role="alert">
        {errorText(error, t("common.anErrorOccurred"))}{" "}
        <button type="button" className="button button-secondary" onClick={retry}>
          {t("list.tryAgain")}
        </button>
      </div>
    );
  } else if (loading) {
    body = <Loading label={t("tasks.new.loadingThings", brand)} />;
  } else if (options.length === 0) {
    body = (
      <EmptyState
        title={t("tasks.new.nothingTitle", brand)}
        action={{ label: t("tasks.new.findThings", brand), to: "/things" }}
        secondary={{ label: t("tasks.new.joinGroup", brand), to: "/groups" }}
      >
        <p>{t("tasks.new.nothingText", brand)}</p>
      </EmptyState>
    );
  } else {
    body = <NewTaskForm things={options} presetThing={presetThing} next={next} />;
  }

  return (
    <section className={`page ${styles.newPage}`} aria-labelledby="new-task-title">
      <p className={styles.back}>
        <Link to={next}>{t("tasks.new.back")}</Link>
      </p>
      <h1 id="new-task-title">{t("tasks.new.title")}</h1>
      <p className={`muted ${styles.intro}`}>{t("tasks.new.intro", brand)}</p>
      {body}
    </section>
  );
}

function NewTaskForm({ things, presetThing, next }: { things: ThingOption[]; presetThing: string; next: string }) {
  const b = useBranding();
  const t = useT(tasksTexts);
  const notify = useNotify();
  const navigate = useNavigate();
  const { session } = useSession();
  const [assignees, setAssignees] = useState<Candidate[]>([]);
  const [, createTask] = useMutation(CreateTaskMutation);
  const [, createAssignment] = useMutation(CreateAssignmentMutation);
  const presetOk = things.some((thing) => thing.id === presetThing);
  const initial: TaskFormValues = {
    ...EMPTY_TASK,
    thingId: presetOk ? presetThing : things.length === 1 ? things[0].id : "",
  };

  const create = async (values: TaskFormValues) => {
    const created = await createTask({ task: taskInput(values) });
    const task = created.data?.createTask?.task;
    if (created.error || !task) return errorText(created.error, t("tasks.createFailed"));
    const failures: string[] = [];
    for (const person of assignees) {
      const result = await createAssignment({ taskId: task.id, assignedTo: person.id });
      if (result.error || !result.data?.createTaskAssignment?.taskAssignment) {
        const error = errorText(result.error, t("tasks.updateFailed"));
        failures.push(t("tasks.new.assignFailure", { name: person.name || t("tasks.people.someone"), error }));
      }
    }
    announceTasksChanged();
    if (failures.length) notify.warning(t("tasks.new.partlyAssigned", { failures: failures.join(" ") }));
    else notify.positive(t("tasks.new.created"));
    navigate(next);
    return null;
  };

  return (
    <TaskForm
      initial={initial}
      label={t("tasks.form.newLabel")}
      className={styles.newForm}
      things={things}
      thingNote={
        presetThing && !presetOk ? <p className={`field-hint ${styles.span}`}>{t("tasks.form.presetRefused", { brand: b.key })}</p> : null
      }
      onSubmit={create}
      submitLabel={t("tasks.form.create")}
      busyLabel={t("tasks.form.creating")}
      cancel={
        <Link to={next} className="button button-secondary">
          {t("tasks.form.cancel")}
        </Link>
      }
      more={(values) => (
        <AssigneePicker
          thing={things.find((thing) => thing.id === values.thingId)}
          me={session?.id ?? null}
          chosen={assignees}
          onChange={setAssignees}
        />
      )}
    />
  );
}
