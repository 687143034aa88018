import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function EditDevicePage() {
  const b = useBranding();
  return (
    <ComingSoon title="Edit device">
      Change the device’s name, model, location, indicator and linked {term(b, "thing")} (owners and admins).
    </ComingSoon>
  );
}
