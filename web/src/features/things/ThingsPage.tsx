import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function ThingsPage() {
  const b = useBranding();
  return (
    <ComingSoon title={term(b, "things", true)}>
      All {term(b, "things")} you can see, with search, sort and filters, as tiles or a list.
    </ComingSoon>
  );
}
