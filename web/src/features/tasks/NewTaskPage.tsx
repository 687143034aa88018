import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function NewTaskPage() {
  const b = useBranding();
  return (
    <ComingSoon title="New task">
      Plan a task on a {term(b, "thing")}: action type, title, notes, due date, priority and who does it.
    </ComingSoon>
  );
}
