import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function MapPage() {
  const b = useBranding();
  return (
    <ComingSoon title="Map">
      A map of public {term(b, "things")} with terrain, satellite, topographic, soilscape, B-Lines and rainfall-station
      layers.
    </ComingSoon>
  );
}
