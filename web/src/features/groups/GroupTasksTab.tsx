// The group's tasks. The task API is not there yet, so this is the list's real empty state: it
// points to /tasks/new, which works once tasks land.
import { term } from "../../../../shared/branding.ts";
import { EmptyState } from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import type { GroupState } from "./use-group.ts";

export function GroupTasksTab({ state }: { state: GroupState }) {
  const b = useBranding();
  const { signedIn } = useSession();
  const group = state.group!;
  return (
    <>
      <h2>Tasks</h2>
      <EmptyState
        title="No tasks yet"
        action={signedIn ? { label: "Create a task", to: "/tasks/new" } : null}
        secondary={{ label: "See all tasks", to: "/tasks" }}
      >
        <p>
          Tasks for {group.name}'s {term(b, "things")}, such as watering rounds or a clean-up day, show here by due
          date.
          {signedIn ? "" : " Sign in to create one."}
        </p>
      </EmptyState>
    </>
  );
}
