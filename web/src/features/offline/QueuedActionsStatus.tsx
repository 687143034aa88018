// What the signed-in person recorded on this device and what became of it (issue #27): actions
// waiting to be sent (how many, and each with when it was recorded), the ones sent since (when),
// and any the server refused (why). Shown once, under the header, on every screen.
import { formatTime } from "../../lib/dates.ts";
import { formatLitres } from "../../lib/litres.ts";
import type { QueuedAction } from "../../lib/offline/action-queue.ts";
import { isPending, useActionQueue, useQueuedActions } from "../../lib/offline/use-action-queue.ts";
import { actionTypeLabel } from "../things/thing-meta.ts";
import "./offline.css";

/** "Watering of Oak, 10 L". */
export function queuedActionLabel(action: QueuedAction): string {
  const litres = action.litres !== null && action.litres !== undefined ? `, ${formatLitres(action.litres)}` : "";
  return `${actionTypeLabel(action.type)} of ${action.thingName}${litres}`;
}

/** "1 watering" / "3 waterings" / "2 actions" (mixed kinds). */
export function waitingCount(actions: readonly QueuedAction[]): string {
  const n = actions.length;
  const allWaterings = actions.every((a) => a.type === "WATERING");
  const noun = allWaterings ? "watering" : "action";
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

export function QueuedActionsStatus() {
  const queue = useActionQueue();
  const actions = useQueuedActions(queue);
  const waiting = actions.filter(isPending);
  const sent = actions.filter((a) => a.status === "sent");
  const failed = actions.filter((a) => a.status === "failed");
  // One live region whose content changes, so screen readers hear "sent" as well as "saved".
  return (
    <div className={actions.length ? "queued-actions" : "offline-region"} role="status" aria-live="polite" data-waiting={waiting.length}>
      {waiting.length > 0 ? (
        <div className="queued-actions-waiting">
          <p>
            <strong>Saved on this device:</strong> <span data-testid="queued-count">{waitingCount(waiting)}</span> waiting to be sent.{" "}
            {waiting.length === 1 ? "It is" : "They are"} sent by themselves when you are online again.
          </p>
          <ul>
            {waiting.map((a) => (
              <li key={a.key} data-status={a.status}>
                {queuedActionLabel(a)} — recorded <time dateTime={a.recordedAt}>{formatTime(a.recordedAt)}</time>
                {a.status === "sending" ? " (sending…)" : ""}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {failed.length > 0 ? (
        <div className="queued-actions-failed">
          <p>
            <strong>Not recorded:</strong> the server refused {failed.length === 1 ? "this action" : "these actions"} saved on this device.
          </p>
          <ul>
            {failed.map((a) => (
              <li key={a.key}>
                {queuedActionLabel(a)} (recorded <time dateTime={a.recordedAt}>{formatTime(a.recordedAt)}</time>): {a.error}{" "}
                <button type="button" className="link-button" onClick={() => queue?.remove(a.key)}>
                  Dismiss
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {sent.length > 0 ? (
        <div className="queued-actions-sent">
          <ul>
            {sent.map((a) => (
              <li key={a.key}>
                <strong>Sent:</strong> {queuedActionLabel(a)}, recorded <time dateTime={a.recordedAt}>{formatTime(a.recordedAt)}</time>{" "}
                on this device, sent at <time dateTime={a.sentAt ?? undefined}>{formatTime(a.sentAt)}</time>.
              </li>
            ))}
          </ul>
          <button type="button" className="button button-secondary" onClick={() => queue?.clearSent()}>
            Dismiss
          </button>
        </div>
      ) : null}
    </div>
  );
}
