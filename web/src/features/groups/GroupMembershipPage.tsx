import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function GroupMembershipPage() {
  const b = useBranding();
  return (
    <ComingSoon title={`Join this ${term(b, "group")}`}>
      Visiting this page will make you a member of the {term(b, "group")}.
    </ComingSoon>
  );
}
