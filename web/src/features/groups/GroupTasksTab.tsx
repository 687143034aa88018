// The group's tasks: those planned on its things, by status and due date (the tasks feature's list).
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { TaskList, newTaskPath } from "../tasks/index.ts";
import type { GroupState } from "./use-group.ts";
import { groupsTexts } from "./texts.ts";

export function GroupTasksTab({ state }: { state: GroupState }) {
  const t = useT(groupsTexts);
  const brand = { brand: useBranding().key };
  const group = state.group!;
  return (
    <>
      <h2>{t("groups.tab.tasks")}</h2>
      <TaskList
        filter={{ groupId: group.id }}
        createPath={newTaskPath({ groupId: group.id })}
        label={t("groups.tasksOf", { name: group.name })}
        emptyText={t("groups.tasksEmpty", { ...brand, name: group.name })}
      />
    </>
  );
}
