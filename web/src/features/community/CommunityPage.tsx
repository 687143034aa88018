import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function CommunityPage() {
  const b = useBranding();
  return (
    <ComingSoon title="Community">
      The {term(b, "groups")} and people looking after {term(b, "things")} around you.
    </ComingSoon>
  );
}
