import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function NewDevicePage() {
  const b = useBranding();
  return (
    <ComingSoon title="New device">
      Register a LoRaWAN sensor by its model, name and device id (eui-…), place it on the map and link it to a{" "}
      {term(b, "thing")}.
    </ComingSoon>
  );
}
