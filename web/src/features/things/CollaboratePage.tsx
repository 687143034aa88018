import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function CollaboratePage() {
  const b = useBranding();
  return (
    <ComingSoon title="Collaborate">
      Visiting this page will make you a collaborator on this {term(b, "thing")}.
    </ComingSoon>
  );
}
