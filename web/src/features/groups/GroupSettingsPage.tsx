import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function GroupSettingsPage() {
  const b = useBranding();
  return (
    <ComingSoon title={`${term(b, "group", true)} settings`}>
      Edit the {term(b, "group")}, invite and remove members, change owners, or delete it (owners and admins).
    </ComingSoon>
  );
}
