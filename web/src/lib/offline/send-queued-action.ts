// Sends one queued care action (recordAction with its client key) and says what came of it: sent,
// not reached (kept for later), or refused by the server (kept with the reason, never retried).
import type { Client, CombinedError } from "urql";
import type { QueuedAction, SendAction, SendOutcome } from "./action-queue.ts";
import { QueuedRecordActionDocument as QueuedRecordAction, type ActionType } from "./QueuedRecordAction.generated.ts";

/** What the server masks unexpected failures with: no message of its own. */
const MASKED_MESSAGE = "An error occurred";
/** Codes that mean "not now" rather than "no": the token expired or the person must sign in again. */
const LATER_CODES = new Set(["TOKEN", "LOGIN", "RATEL", "UNAVL"]);

/** True when the request got no answer from the API (no network, server down, a proxy's 5xx page). */
export function gotNoAnswer(error: CombinedError | undefined): boolean {
  if (!error || error.graphQLErrors.length > 0 || !error.networkError) return false;
  const status = (error.response as { status?: number } | undefined)?.status;
  return status === undefined || status === 0 || status === 408 || status === 429 || status >= 500;
}

/** No answer, or an answer that means "later" (sign in again, slow down, briefly unavailable). */
export function isUnreachable(error: CombinedError | undefined): boolean {
  if (!error) return false;
  if (gotNoAnswer(error)) return true;
  return error.graphQLErrors.some((e) => LATER_CODES.has(String((e.extensions as { code?: unknown } | undefined)?.code ?? "")));
}

export function outcomeOf(result: { data?: unknown; error?: CombinedError }): SendOutcome {
  if (isUnreachable(result.error)) return { kind: "offline" };
  const data = result.data as { recordAction?: { action?: { id?: string } | null } | null } | undefined;
  const id = data?.recordAction?.action?.id;
  if (!result.error && id) return { kind: "sent", actionId: id };
  const message = result.error?.graphQLErrors[0]?.message?.trim();
  return { kind: "refused", message: message && message !== MASKED_MESSAGE ? message : "Action failed" };
}

export function queuedActionVariables(action: QueuedAction) {
  return {
    thingId: action.thingId,
    // Recorded from the form's choices; kept in localStorage as a plain string.
    type: action.type as ActionType,
    comments: action.comments,
    litres: action.litres,
    location: action.location,
    clientKey: action.key,
  };
}

export function sendQueuedAction(client: Client): SendAction {
  return async (action) => {
    const result = await client
      .mutation(QueuedRecordAction, queuedActionVariables(action), { additionalTypenames: ["Action", "Thing"] })
      .toPromise();
    return outcomeOf(result);
  };
}
