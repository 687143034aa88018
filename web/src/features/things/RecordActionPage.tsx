import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function RecordActionPage() {
  const b = useBranding();
  return (
    <ComingSoon title="Record an action">
      Record what you did for this {term(b, "thing")}: watering, litter clean-up, upkeep, a measurement, education or
      sharing.
    </ComingSoon>
  );
}
