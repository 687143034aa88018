// "Record watering" in one tap, with Undo for a few seconds (issue 21): createAction of type
// WATERING (litres optional, from the quick picks), then deleteActionById of that very action if
// the user takes it back. The answers carry the thing's lastWatering and water need, so the card
// updates from the cache; `onChanged` lets the map ask for its markers again.
import { useCallback, useEffect, useRef, useState } from "react";
import { useMutation, type CombinedError } from "urql";
import MapRecordWatering from "./MapRecordWatering.graphql?raw";
import MapUndoWatering from "./MapUndoWatering.graphql?raw";

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
  | { step: "failed"; message: string };

interface CreateData {
  createAction: { action: { id: string; createdAt: string; litres: number | null } | null } | null;
}

export function firstError(error: CombinedError | undefined, fallback: string): string {
  const message = error?.graphQLErrors[0]?.message?.trim();
  // The server's mask for unexpected failures is no message of its own: the spec's 'Action failed' says more.
  return message && message !== "An error occurred" ? message : fallback;
}

export function useRecordWatering(thingId: string, onChanged?: () => void) {
  const [state, setState] = useState<WateringState>({ step: "idle" });
  const [, create] = useMutation<CreateData>(MapRecordWatering);
  const [, remove] = useMutation(MapUndoWatering);
  const changed = useRef(onChanged);
  changed.current = onChanged;

  // A different thing starts afresh.
  useEffect(() => setState({ step: "idle" }), [thingId]);

  // Undo is offered for a while, then the watering stands.
  useEffect(() => {
    if (state.step !== "done") return;
    const timer = setTimeout(() => setState((s) => (s.step === "done" ? { step: "idle" } : s)), UNDO_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const record = useCallback(
    async (litres: number | null) => {
      setState({ step: "saving", litres });
      const result = await create({ action: { thingId, type: "WATERING", comments: MAP_WATERING_COMMENT, litres } });
      const action = result.data?.createAction?.action;
      if (result.error || !action) {
        setState({ step: "failed", message: firstError(result.error, "Action failed") });
        return;
      }
      setState({ step: "done", actionId: action.id, litres: action.litres ?? litres, at: action.createdAt });
      changed.current?.();
    },
    [create, thingId],
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

  return { state, record, undo };
}
