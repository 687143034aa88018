import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function AcceptGroupInvitationPage() {
  const b = useBranding();
  return (
    <ComingSoon title={`Join a ${term(b, "group")}`}>
      Accept an invitation to a {term(b, "group")} with the code from your invitation e-mail.
    </ComingSoon>
  );
}
