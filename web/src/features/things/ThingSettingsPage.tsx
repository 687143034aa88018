import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function ThingSettingsPage() {
  const b = useBranding();
  return (
    <ComingSoon title={`${term(b, "thing", true)} settings`}>
      Owners, collaborators, invitations, devices and hydration thresholds of this {term(b, "thing")}.
    </ComingSoon>
  );
}
