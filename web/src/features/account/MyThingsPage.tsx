import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function MyThingsPage() {
  const b = useBranding();
  return (
    <ComingSoon title={`My ${term(b, "things")}`}>
      The {term(b, "things")} you own or collaborate on, newest first, and your One Thing.
    </ComingSoon>
  );
}
