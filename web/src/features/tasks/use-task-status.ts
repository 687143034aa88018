// Changing a task's status from a list (the quick change) or an assignee's details.
import { useState } from "react";
import { useMutation } from "urql";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { errorText } from "./errors.ts";
import type { TaskStatus } from "./task-meta.ts";
import type { Task } from "./types.ts";
import { UpdateTaskDocument as UpdateTaskMutation } from "./UpdateTask.generated.ts";
import { tasksTexts } from "./texts.ts";

export function useTaskStatus(task: Task, onCompleted?: (task: Task) => void) {
  const t = useT(tasksTexts);
  const [, update] = useMutation(UpdateTaskMutation);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = async (status: TaskStatus) => {
    setBusy(true);
    setError(null);
    const result = await update({ id: task.id, patch: { status } });
    setBusy(false);
    if (result.error || !result.data?.updateTaskById?.task) {
      setError(errorText(result.error, t("tasks.updateFailed")));
      return false;
    }
    if (status === "COMPLETED" && task.status !== "COMPLETED") onCompleted?.({ ...task, status });
    return true;
  };
  return { change, busy, error, clearError: () => setError(null) };
}
