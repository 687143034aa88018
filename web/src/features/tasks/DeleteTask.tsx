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
import styles from "./tasks.module.css";
import { ConfirmBox } from "../../components/ConfirmBox.tsx";

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
    <div className={styles.delete}>
      {confirming ? (
        <ConfirmBox
          label={t("tasks.delete.confirmLabel")}
          question={t("tasks.delete.question", { title: task.title })}
          confirm={busy ? t("tasks.delete.deleting") : t("tasks.delete.yes")}
          cancel={t("tasks.delete.keep")}
          busy={busy}
          onConfirm={() => void onDelete()}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <button type="button" className={`${styles.linkButton} ${styles.dangerLink}`} onClick={() => setConfirming(true)}>
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
