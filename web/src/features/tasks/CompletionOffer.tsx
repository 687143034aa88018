// After a care task is completed: "Record this watering on Corner Planter" in one click
// (createAction with the task's title as comments), so the thing's timeline and the user's
// badges stay true. People who may not record actions there are told why.
import { useCallback, useState } from "react";
import { Link } from "react-router";
import { useMutation } from "urql";
import { useNotify } from "../../lib/notices.tsx";
import { paths } from "../../routes/paths.ts";
import { errorText } from "./errors.ts";
import { TASK_MESSAGES, actionLabel, actionNoun, isCareAction } from "./task-meta.ts";
import type { Task } from "./types.ts";
import { RecordTaskActionDocument as RecordTaskActionMutation } from "./RecordTaskAction.generated.ts";

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
    <div className="task-offers">
      {offers.map((task) => (
        <CompletionOffer key={task.id} task={task} onDismiss={() => onDismiss(task.id)} />
      ))}
    </div>
  );
}

function CompletionOffer({ task, onDismiss }: { task: Task; onDismiss(): void }) {
  const notify = useNotify();
  const [, record] = useMutation(RecordTaskActionMutation);
  const [state, setState] = useState<"offer" | "busy" | "done">("offer");
  const [error, setError] = useState<string | null>(null);
  const thing = task.thingByThingId!;
  const noun = actionNoun(task.actionType);

  const onRecord = async () => {
    setState("busy");
    setError(null);
    const result = await record({ action: { thingId: thing.id, type: task.actionType, comments: task.title } });
    if (result.error || !result.data?.createAction?.action) {
      setState("offer");
      setError(errorText(result.error, TASK_MESSAGES.actionFailed));
      return;
    }
    setState("done");
    notify.positive(`${actionLabel(task.actionType)} recorded on ${thing.name}`);
  };

  return (
    <section
      className={`task-offer${state === "done" ? " task-offer-done" : ""}`}
      aria-label={`Completed: ${task.title}`}
    >
      <div className="task-offer-text" role="status">
        {state === "done" ? (
          <p>
            <strong>Recorded.</strong> The {noun} is on {thing.name}'s timeline.{" "}
            <Link to={paths.thing(thing.id, "timeline")}>See the timeline</Link>
          </p>
        ) : thing.canRecordAction === false ? (
          <p>
            <strong>“{task.title}” is done.</strong> Only the people who look after {thing.name} — its owners and
            collaborators — can record actions on it.{" "}
            <Link to={paths.thingCollaborate(thing.id)}>Collaborate on {thing.name}</Link>
          </p>
        ) : (
          <p>
            <strong>“{task.title}” is done.</strong> Record it on {thing.name} too, so its timeline and your badges show
            it.
          </p>
        )}
      </div>
      <div className="task-offer-actions">
        {state !== "done" && thing.canRecordAction !== false ? (
          <button
            type="button"
            className="button"
            disabled={state === "busy"}
            aria-busy={state === "busy"}
            onClick={() => void onRecord()}
          >
            {state === "busy" ? "Recording…" : `Record this ${noun} on ${thing.name}`}
          </button>
        ) : null}
        <button type="button" className="button button-secondary" onClick={onDismiss}>
          {state === "done" ? "Close" : "Not now"}
        </button>
      </div>
      {error ? (
        <p className="form-error task-offer-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
