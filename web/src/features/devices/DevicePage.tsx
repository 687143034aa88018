import { ComingSoon } from "../../components/ComingSoon.tsx";

export default function DevicePage() {
  return (
    <ComingSoon title="Device">
      The device’s latest readings, battery, charts over time and, for pump controllers, the pump switch.
    </ComingSoon>
  );
}
