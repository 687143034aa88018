// After a care task is completed: "Record this watering on Corner Planter" in one click
// (createAction with the task's title as comments), so the thing's timeline and the user's
// badges stay true. People who may not record actions there are told why.
import { useCallback, useState } from "react";
import { Link } from "react-router";
import { useMutation } from "urql";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { paths } from "../../routes/paths.ts";
import { errorText } from "./errors.ts";
import { actionLabel, isCareAction } from "./task-meta.ts";
import type { Task } from "./types.ts";
import { RecordTaskActionDocument as RecordTaskActionMutation } from "./RecordTaskAction.generated.ts";
import { tasksTexts } from "./texts.ts";
import styles from "./tasks.module.css";

/** The tasks just completed in a list, newest first, each with its offer until dismissed. */
export function useCompletionOffers() {
  const [offers, setOffers] = useState<Task[]>([]);
  const add = useCallback((task: Task) => {
    if (!isCareAction(task.actionType) || !task.thingByThingId) return;
    setOffers((current) => [task, ...current.filter((t) => t.id !== task.id)].slice(0, 3));
  }, []);
  const dismiss = useCallback((id: string) => setOffers((current) => current.filter((t) => t.id !== id)), []);
  return { offers, add, dismiss };
}

export function CompletionOffers({ offers, onDismiss }: { offers: Task[]; onDismiss(id: string): void }) {
  if (offers.length === 0) return null;
  return (
    <div className={styles.offers}>
      {offers.map((task) => (
        <CompletionOffer key={task.id} task={task} onDismiss={() => onDismiss(task.id)} />
      ))}
    </div>
  );
}

function CompletionOffer({ task, onDismiss }: { task: Task; onDismiss(): void }) {
  const t = useT(tasksTexts);
  const notify = useNotify();
  const [, record] = useMutation(RecordTaskActionMutation);
  const [state, setState] = useState<"offer" | "busy" | "done">("offer");
  const [error, setError] = useState<string | null>(null);
  const thing = task.thingByThingId!;
  const names = { type: task.actionType, thing: thing.name };

  const onRecord = async () => {
    setState("busy");
    setError(null);
    const result = await record({ action: { thingId: thing.id, type: task.actionType, comments: task.title } });
    if (result.error || !result.data?.createAction?.action) {
      setState("offer");
      setError(errorText(result.error, t("tasks.actionFailed")));
      return;
    }
    setState("done");
    notify.positive(t("tasks.offer.recordedNotice", { action: actionLabel(task.actionType, t), thing: thing.name }));
  };

  return (
    <section className={styles.offer} aria-label={t("tasks.offer.label", { title: task.title })}>
      <div className={styles.offerText} role="status">
        {state === "done" ? (
          <p>
            <strong>{t("tasks.offer.recorded")}</strong> {t("tasks.offer.onTimeline", names)}{" "}
            <Link to={paths.thing(thing.id, "timeline")}>{t("tasks.offer.seeTimeline")}</Link>
          </p>
        ) : thing.canRecordAction === false ? (
          <p>
            <strong>{t("tasks.offer.isDone", { title: task.title })}</strong> {t("tasks.offer.ownersOnly", names)}{" "}
            <Link to={paths.thingCollaborate(thing.id)}>{t("tasks.offer.collaborate", names)}</Link>
          </p>
        ) : (
          <p>
            <strong>{t("tasks.offer.isDone", { title: task.title })}</strong> {t("tasks.offer.recordToo", names)}
          </p>
        )}
      </div>
      <div className={styles.offerActions}>
        {state !== "done" && thing.canRecordAction !== false ? (
          <button type="button" className="button" disabled={state === "busy"} aria-busy={state === "busy"} onClick={() => void onRecord()}>
            {state === "busy" ? t("tasks.offer.recording") : t("tasks.offer.record", names)}
          </button>
        ) : null}
        <button type="button" className="button button-secondary" onClick={onDismiss}>
          {state === "done" ? t("tasks.offer.close") : t("tasks.offer.notNow")}
        </button>
      </div>
      {error ? (
        <p className={`form-error ${styles.offerError}`} role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
