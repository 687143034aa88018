// The history of a thing, device or group (issue 26): every recorded change, newest first, with
// who made it, when, and each changed field before and after. Owners and admins (canRestore) can
// restore the version before a change; the restore is recorded in turn and shows at the top.
import { useId, useState } from "react";
import { useMutation, useQuery } from "urql";
import { useBranding } from "../../lib/config-context.tsx";
import { formatDateTime, timeAgo } from "../../lib/dates.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { errorText } from "../things/errors.ts";
import { fieldChanges, operationText, whoText, type HistoryEntry } from "./history-format.ts";
import { HistoryEntriesDocument as HistoryEntriesQuery } from "./HistoryEntries.generated.ts";
import { RestoreHistoryEntryDocument as RestoreHistoryEntryMutation } from "./RestoreHistoryEntry.generated.ts";
import styles from "./moderation.module.css";
import { moderationTexts } from "./texts.ts";

export function HistoryPanel({
  targetType,
  targetId,
  onRestored,
}: {
  targetType: "thing" | "device" | "group";
  targetId: string;
  onRestored?: () => void;
}) {
  const t = useT(moderationTexts);
  // Which record, for the texts that name it: {target, select, ...} with the site's {brand}.
  const words = { target: targetType, brand: useBranding().key };
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
        <h2 id={headingId}>{t("moderation.history.title")}</h2>
        {total > entries.length ? <p className="muted">{t("moderation.history.latest", { shown: entries.length, total })}</p> : null}
      </div>
      {result.error && !result.data ? (
        // Not an alert: the page's own content matters more than this secondary section.
        <div className="form-error">
          {errorText(result.error, t("moderation.history.loadFailed"))}{" "}
          <button type="button" className="button button-secondary" onClick={refresh}>
            {t("moderation.history.tryAgain")}
          </button>
        </div>
      ) : !result.data ? (
        <p className="muted" role="status">
          {t("moderation.history.loading")}
        </p>
      ) : entries.length === 0 ? (
        <p className="muted">{t("moderation.history.none", words)}</p>
      ) : (
        <ol className={styles.historyList} aria-label={t("moderation.history.listLabel", words)}>
          {entries.map((entry) => (
            <HistoryItem
              key={entry.id}
              entry={entry}
              words={words}
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

function HistoryItem({
  entry,
  words,
  onRestored,
}: {
  entry: HistoryEntry;
  words: { target: string; brand: string };
  onRestored: () => void;
}) {
  const t = useT(moderationTexts);
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [state, restore] = useMutation(RestoreHistoryEntryMutation);
  const changes = fieldChanges(entry, t);
  const showBefore = entry.operation !== "insert";
  const showAfter = entry.operation !== "delete";

  const onRestore = async () => {
    const result = await restore({ entryId: entry.id });
    setConfirming(false);
    if (result.error) {
      notify.negative(errorText(result.error, t("moderation.history.restoreFailed")));
      return;
    }
    notify.positive(t("moderation.history.restored", words));
    onRestored();
  };

  return (
    <li className={`${styles.historyItem} card`} data-testid="history-entry">
      <div className={styles.historyItemHead}>
        <strong>{operationText(entry, t)}</strong>
        <span className="muted">
          {" "}
          {t("moderation.history.by", { who: whoText(entry, t) })} ·{" "}
          <time dateTime={entry.changedAt} title={formatDateTime(entry.changedAt)}>
            {timeAgo(entry.changedAt)}
          </time>
        </span>
      </div>
      {changes.length > 0 ? (
        <table className={styles.historyFields}>
          <thead>
            <tr>
              <th scope="col">{t("moderation.history.field")}</th>
              {showBefore ? <th scope="col">{t("moderation.history.before")}</th> : null}
              {showAfter ? <th scope="col">{t("moderation.history.after")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.field}>
                <th scope="row">{change.label}</th>
                {/* The values as stored (data, not copy). */}
                {showBefore ? <td translate="no">{change.before}</td> : null}
                {showAfter ? <td translate="no">{change.after}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {entry.canRestore ? (
        <div className={styles.historyItemActions}>
          {confirming ? (
            <>
              <span>{t("moderation.history.confirm")}</span>
              <button type="button" className="button" onClick={onRestore} disabled={state.fetching}>
                {state.fetching ? t("moderation.history.restoring") : t("moderation.history.restore")}
              </button>
              <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
                {t("moderation.cancel")}
              </button>
            </>
          ) : (
            <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
              {t("moderation.history.restoreBefore")}
            </button>
          )}
        </div>
      ) : null}
    </li>
  );
}
