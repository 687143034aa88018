import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function GroupsPage() {
  const b = useBranding();
  return (
    <ComingSoon title={term(b, "groups", true)}>
      All {term(b, "groups")}, with search, sort and filters by type, as tiles or a list.
    </ComingSoon>
  );
}
