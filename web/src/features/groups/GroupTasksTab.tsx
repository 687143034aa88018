// The group's tasks: those planned on its things, by status and due date (the tasks feature's list).
import { term } from "../../../../shared/branding.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { TaskList, newTaskPath } from "../tasks/index.ts";
import type { GroupState } from "./use-group.ts";

export function GroupTasksTab({ state }: { state: GroupState }) {
  const b = useBranding();
  const group = state.group!;
  return (
    <>
      <h2>Tasks</h2>
      <TaskList
        filter={{ groupId: group.id }}
        createPath={newTaskPath({ groupId: group.id })}
        label={`Tasks of ${group.name}`}
        emptyText={`Tasks for ${group.name}'s ${term(b, "things")}, such as watering rounds or a clean-up day, show here by due date.`}
      />
    </>
  );
}
