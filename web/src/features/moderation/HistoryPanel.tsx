// The history of a thing, device or group (issue 26): every recorded change, newest first, with
// who made it, when, and each changed field before and after. Owners and admins (canRestore) can
// restore the version before a change; the restore is recorded in turn and shows at the top.
import { useId, useState } from "react";
import { useMutation, useQuery } from "urql";
import { formatDateTime, timeAgo } from "../../lib/dates.ts";
import { useNotify } from "../../lib/notices.tsx";
import { errorText } from "../things/errors.ts";
import { fieldChanges, operationText, whoText, type HistoryEntry } from "./history-format.ts";
import { HistoryEntriesDocument as HistoryEntriesQuery } from "./HistoryEntries.generated.ts";
import { RestoreHistoryEntryDocument as RestoreHistoryEntryMutation } from "./RestoreHistoryEntry.generated.ts";
import "./moderation.css";

export function HistoryPanel({
  targetType,
  targetId,
  noun,
  onRestored,
}: {
  targetType: "thing" | "device" | "group";
  targetId: string;
  /** What the record is called on this site ("thing", "planter", "device", "group"). */
  noun: string;
  onRestored?: () => void;
}) {
  const headingId = useId();
  const [result, reexecute] = useQuery({
    query: HistoryEntriesQuery,
    variables: { type: targetType, id: targetId },
    requestPolicy: "cache-and-network",
  });
  const entries = result.data?.allHistoryEntries?.nodes ?? [];
  const total = result.data?.allHistoryEntries?.totalCount ?? 0;
  const refresh = () => reexecute({ requestPolicy: "network-only" });

  return (
    <section className="history-panel" aria-labelledby={headingId}>
      <div className="section-title">
        <h2 id={headingId}>History</h2>
        {total > entries.length ? (
          <p className="muted">
            The latest {entries.length} of {total} changes
          </p>
        ) : null}
      </div>
      {result.error && !result.data ? (
        // Not an alert: the page's own content matters more than this secondary section.
        <div className="form-error">
          {errorText(result.error, "Could not load the history")}{" "}
          <button type="button" className="button button-secondary" onClick={refresh}>
            Try again
          </button>
        </div>
      ) : !result.data ? (
        <p className="muted" role="status">
          Loading the history…
        </p>
      ) : entries.length === 0 ? (
        <p className="muted">No changes have been recorded for this {noun} yet.</p>
      ) : (
        <ol className="history-list" aria-label={`Changes to this ${noun}, newest first`}>
          {entries.map((entry) => (
            <HistoryItem
              key={entry.id}
              entry={entry}
              noun={noun}
              onRestored={() => {
                refresh();
                onRestored?.();
              }}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function HistoryItem({ entry, noun, onRestored }: { entry: HistoryEntry; noun: string; onRestored: () => void }) {
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [state, restore] = useMutation(RestoreHistoryEntryMutation);
  const changes = fieldChanges(entry);
  const showBefore = entry.operation !== "insert";
  const showAfter = entry.operation !== "delete";

  const onRestore = async () => {
    const result = await restore({ entryId: entry.id });
    setConfirming(false);
    if (result.error) {
      notify.negative(errorText(result.error, "Could not restore this version"));
      return;
    }
    notify.positive(`The ${noun} is back to the version before this change.`);
    onRestored();
  };

  return (
    <li className="history-item card" data-testid="history-entry">
      <div className="history-item-head">
        <strong>{operationText(entry)}</strong>
        <span className="muted">
          {" "}
          by {whoText(entry)} ·{" "}
          <time dateTime={entry.changedAt} title={formatDateTime(entry.changedAt)}>
            {timeAgo(entry.changedAt)}
          </time>
        </span>
      </div>
      {changes.length > 0 ? (
        <table className="history-fields">
          <thead>
            <tr>
              <th scope="col">Field</th>
              {showBefore ? <th scope="col">Before</th> : null}
              {showAfter ? <th scope="col">After</th> : null}
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.field}>
                <th scope="row">{change.label}</th>
                {showBefore ? <td>{change.before}</td> : null}
                {showAfter ? <td>{change.after}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {entry.canRestore ? (
        <div className="history-item-actions">
          {confirming ? (
            <>
              <span>Put back the “Before” values?</span>
              <button type="button" className="button" onClick={onRestore} disabled={state.fetching}>
                {state.fetching ? "Restoring…" : "Restore"}
              </button>
              <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </>
          ) : (
            <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
              Restore the version before this change
            </button>
          )}
        </div>
      ) : null}
    </li>
  );
}
