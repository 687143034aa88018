// Deleting a task from its editor, after a confirmation in place.
import { useState } from "react";
import { useMutation } from "urql";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { errorText } from "./errors.ts";
import { announceTasksChanged } from "./use-tasks.ts";
import type { Task } from "./types.ts";
import { DeleteTaskDocument as DeleteTaskMutation } from "./DeleteTask.generated.ts";
import { tasksTexts } from "./texts.ts";

export function DeleteTask({ task }: { task: Task }) {
  const t = useT(tasksTexts);
  const notify = useNotify();
  const [, remove] = useMutation(DeleteTaskMutation);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onDelete = async () => {
    setBusy(true);
    setError(null);
    const result = await remove({ id: task.id });
    setBusy(false);
    if (result.error || !result.data?.deleteTaskById) {
      setError(errorText(result.error, t("tasks.deleteFailed")));
      return;
    }
    notify.positive(t("tasks.delete.done"));
    announceTasksChanged();
  };

  return (
    <div className="task-delete">
      {confirming ? (
        <div className="task-confirm" role="group" aria-label={t("tasks.delete.confirmLabel")}>
          <p>{t("tasks.delete.question", { title: task.title })}</p>
          <div className="task-form-actions">
            <button type="button" className="button task-danger" disabled={busy} onClick={() => void onDelete()}>
              {busy ? t("tasks.delete.deleting") : t("tasks.delete.yes")}
            </button>
            <button type="button" className="button button-secondary" disabled={busy} onClick={() => setConfirming(false)}>
              {t("tasks.delete.keep")}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="task-link-button task-danger-link" onClick={() => setConfirming(true)}>
          {t("tasks.delete.button")}
        </button>
      )}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
