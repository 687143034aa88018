import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function ScorerPage() {
  const b = useBranding();
  return (
    <ComingSoon title="Scorer">
      A leaderboard of care points — one per recorded action — by person and by {term(b, "group")}, this week, this
      month and all time.
    </ComingSoon>
  );
}
