// "Record watering" in one tap, with Undo for a few seconds (issue 21): recordAction of type
// WATERING (litres optional, from the quick picks) with a client key made for this tap, then
// deleteActionById of that very action if the user takes it back. The answers carry the thing's
// lastWatering and water need, so the card updates from the cache; `onChanged` lets the map ask
// for its markers again.
//
// Offline (issue 27): when the server cannot be reached the watering is kept on this device
// (lib/offline/action-queue.ts) with the same key and sent when the network returns; the card
// says it is saved and, once it has gone, when it was sent. The key means a tap whose answer was
// lost and is then sent from the queue is still one watering.
import { useCallback, useEffect, useRef, useState } from "react";
import { useMutation, type CombinedError } from "urql";
import { newClientKey } from "../../lib/offline/action-queue.ts";
import { gotNoAnswer } from "../../lib/offline/send-queued-action.ts";
import { useActionQueue, useQueuedActions } from "../../lib/offline/use-action-queue.ts";
import { MapRecordWateringDocument as MapRecordWatering } from "./MapRecordWatering.generated.ts";
import { MapUndoWateringDocument as MapUndoWatering } from "./MapUndoWatering.generated.ts";

/** How long Undo is offered after a watering is recorded. */
export const UNDO_MS = 8000;
/** The comment of a watering recorded from the map (comments are required). */
export const MAP_WATERING_COMMENT = "Watered (recorded from the map)";

export type WateringState =
  | { step: "idle" }
  | { step: "saving"; litres: number | null }
  | { step: "done"; actionId: string; litres: number | null; at: string }
  | { step: "undoing"; actionId: string; litres: number | null; at: string }
  | { step: "undone" }
  | { step: "queued"; key: string; litres: number | null }
  | { step: "sent"; key: string; litres: number | null; at: string }
  | { step: "failed"; message: string };

export function firstError(error: CombinedError | undefined, fallback: string): string {
  const message = error?.graphQLErrors[0]?.message?.trim();
  // The server's mask for unexpected failures is no message of its own: the spec's 'Action failed' says more.
  return message && message !== "An error occurred" ? message : fallback;
}

export function useRecordWatering(thingId: string, onChanged?: () => void) {
  const [state, setState] = useState<WateringState>({ step: "idle" });
  const [, create] = useMutation(MapRecordWatering);
  const [, remove] = useMutation(MapUndoWatering);
  const queue = useActionQueue();
  const queued = useQueuedActions(queue);
  const changed = useRef(onChanged);
  changed.current = onChanged;

  // A different thing starts afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a different thing starts afresh: the effect runs on its id, it doesn't read it
  useEffect(() => setState({ step: "idle" }), [thingId]);

  // Undo is offered for a while, then the watering stands.
  useEffect(() => {
    if (state.step !== "done") return;
    const timer = setTimeout(() => setState((s) => (s.step === "done" ? { step: "idle" } : s)), UNDO_MS);
    return () => clearTimeout(timer);
  }, [state]);

  // The watering kept on the device has been sent (or refused).
  useEffect(() => {
    if (state.step !== "queued") return;
    const item = queued.find((a) => a.key === state.key);
    if (item?.status === "sent") {
      setState({ step: "sent", key: state.key, litres: state.litres, at: item.sentAt ?? new Date().toISOString() });
      changed.current?.();
    } else if (item?.status === "failed") {
      setState({ step: "failed", message: item.error ?? "Action failed" });
    } else if (!item) {
      setState({ step: "idle" });
    }
  }, [queued, state]);

  const record = useCallback(
    async (litres: number | null, thingName = "this thing") => {
      setState({ step: "saving", litres });
      const key = newClientKey();
      const result = await create({ thingId, litres, comments: MAP_WATERING_COMMENT, clientKey: key });
      const action = result.data?.recordAction?.action;
      if (gotNoAnswer(result.error) && queue) {
        queue.add({ key, thingId, thingName, type: "WATERING", comments: MAP_WATERING_COMMENT, litres, location: null });
        setState({ step: "queued", key, litres });
        return;
      }
      if (result.error || !action) {
        setState({ step: "failed", message: firstError(result.error, "Action failed") });
        return;
      }
      setState({ step: "done", actionId: action.id, litres: action.litres ?? litres, at: action.createdAt });
      changed.current?.();
    },
    [create, thingId, queue],
  );

  const undo = useCallback(async () => {
    if (state.step !== "done") return;
    setState({ ...state, step: "undoing" });
    const result = await remove({ id: state.actionId }, { additionalTypenames: ["Action", "Thing"] });
    if (result.error) {
      setState({ step: "failed", message: firstError(result.error, "Action failed") });
      return;
    }
    setState({ step: "undone" });
    changed.current?.();
  }, [remove, state]);

  /** Takes back a watering still waiting on this device: it is then never sent. */
  const discard = useCallback(() => {
    if (state.step !== "queued" || !queue) return;
    queue.remove(state.key);
    setState({ step: "undone" });
  }, [queue, state]);

  return { state, record, undo, discard };
}
