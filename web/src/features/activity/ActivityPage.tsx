import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function ActivityPage() {
  const b = useBranding();
  return (
    <ComingSoon title="Activity">
      The latest care actions — watering, clean-ups, upkeep, measurements — across {term(b, "things")} and{" "}
      {term(b, "groups")}.
    </ComingSoon>
  );
}
