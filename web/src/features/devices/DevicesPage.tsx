import { ComingSoon } from "../../components/ComingSoon.tsx";

export default function DevicesPage() {
  return (
    <ComingSoon title="Devices">
      Sensor devices — soil moisture, pH and pump controllers — with their latest readings, as tiles or a list.
    </ComingSoon>
  );
}
