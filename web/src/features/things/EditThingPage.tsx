import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function EditThingPage() {
  const b = useBranding();
  return (
    <ComingSoon title={`Edit ${term(b, "thing")}`}>
      Change the {term(b, "thing")}’s name, description, type, location and picture (owners and admins).
    </ComingSoon>
  );
}
