import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function TasksPage() {
  const b = useBranding();
  return (
    <ComingSoon title="Tasks">
      Tasks assigned to you and your {term(b, "groups")}, by due date, status and priority.
    </ComingSoon>
  );
}
