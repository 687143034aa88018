import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function UsersPage() {
  const b = useBranding();
  return (
    <ComingSoon title="Users">
      People you share {term(b, "things")}, devices and {term(b, "groups")} with.
    </ComingSoon>
  );
}
