// What the signed-in person recorded on this device and what became of it (issue #27): actions
// waiting to be sent (how many, and each with when it was recorded), the ones sent since (when),
// and any the server refused (why). Shown once, under the header, on every screen.
import { richText } from "../../lib/i18n/rich.tsx";
import { formatTime } from "../../lib/dates.ts";
import { englishT, type T } from "../../lib/i18n/english.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { translateServerMessage } from "../../lib/i18n/server-messages.ts";
import { formatLitres } from "../../lib/litres.ts";
import type { QueuedAction } from "../../lib/offline/action-queue.ts";
import { isPending, useActionQueue, useQueuedActions } from "../../lib/offline/use-action-queue.ts";
import styles from "./offline.module.css";

/** "Watering of Oak, 10 L". */
export function queuedActionLabel(action: QueuedAction, t: T = englishT): string {
  const values = { type: action.type, thing: action.thingName };
  return action.litres !== null && action.litres !== undefined
    ? t("offline.actionLitres", { ...values, litres: formatLitres(action.litres) })
    : t("offline.action", values);
}

/** "1 watering" / "3 waterings" / "2 actions" (mixed kinds). */
export function waitingCount(actions: readonly QueuedAction[], t: T = englishT): string {
  const waterings = actions.every((a) => a.type === "WATERING") ? "yes" : "no";
  return t("offline.count", { waterings, count: actions.length });
}

/** A time in a <time> element, for the texts' tags. */
const timeTag = (dateTime: string | null | undefined) => (words: string) => <time dateTime={dateTime ?? undefined}>{words}</time>;
const bold = (words: string) => <strong>{words}</strong>;

export function QueuedActionsStatus() {
  const t = useT();
  const queue = useActionQueue();
  const actions = useQueuedActions(queue);
  const waiting = actions.filter(isPending);
  const sent = actions.filter((a) => a.status === "sent");
  const failed = actions.filter((a) => a.status === "failed");
  // One live region whose content changes, so screen readers hear "sent" as well as "saved".
  return (
    <div
      className={actions.length ? `${styles.status} queued-actions` : "offline-region"}
      role="status"
      aria-live="polite"
      data-waiting={waiting.length}
    >
      {waiting.length > 0 ? (
        <div className={styles.waiting}>
          <p>
            {richText(
              t,
              "offline.waiting",
              { b: bold, counted: (words) => <span data-testid="queued-count">{words}</span> },
              { count: waiting.length, what: waitingCount(waiting, t) },
            )}
          </p>
          <ul>
            {waiting.map((a) => (
              <li key={a.key} data-status={a.status}>
                {richText(
                  t,
                  "offline.waitingItem",
                  { time: timeTag(a.recordedAt) },
                  { action: queuedActionLabel(a, t), recorded: formatTime(a.recordedAt) },
                )}
                {a.status === "sending" ? <> {t("offline.sending")}</> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {failed.length > 0 ? (
        <div className={styles.failed}>
          <p>{richText(t, "offline.failed", { b: bold }, { count: failed.length })}</p>
          <ul>
            {failed.map((a) => (
              <li key={a.key}>
                {richText(
                  t,
                  "offline.failedItem",
                  { time: timeTag(a.recordedAt) },
                  // The server's reason, in the reader's language when it is one of its known texts.
                  { action: queuedActionLabel(a, t), recorded: formatTime(a.recordedAt), error: translateServerMessage(a.error ?? "") },
                )}{" "}
                <button type="button" className="link-button" onClick={() => queue?.remove(a.key)}>
                  {t("offline.dismiss")}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {sent.length > 0 ? (
        <div className={styles.sent}>
          <ul>
            {sent.map((a) => (
              <li key={a.key}>
                {richText(
                  t,
                  "offline.sentItem",
                  { b: bold, recordedTime: timeTag(a.recordedAt), sentTime: timeTag(a.sentAt) },
                  { action: queuedActionLabel(a, t), recorded: formatTime(a.recordedAt), sent: formatTime(a.sentAt) },
                )}
              </li>
            ))}
          </ul>
          <button type="button" className="button button-secondary" onClick={() => queue?.clearSent()}>
            {t("offline.dismiss")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
