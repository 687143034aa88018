import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function AdminPage() {
  const b = useBranding();
  return (
    <ComingSoon title="Admin">
      Totals of {term(b, "things")}, devices and users, and navigation analytics: routes, patterns, sessions and active
      users over time.
    </ComingSoon>
  );
}
