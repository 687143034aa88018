import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function AcceptThingInvitationPage() {
  const b = useBranding();
  return (
    <ComingSoon title={`Accept a ${term(b, "thing")} invitation`}>
      Accept an invitation to share a {term(b, "thing")} with the code from your invitation e-mail.
    </ComingSoon>
  );
}
