import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function NearestThingPage() {
  const b = useBranding();
  return (
    <ComingSoon title={`Nearest ${term(b, "thing")}`}>
      Uses your location to open the nearest {term(b, "thing")}; without one you will go to the list.
    </ComingSoon>
  );
}
