import { ComingSoon } from "../../components/ComingSoon.tsx";

export default function RainfallStationPage() {
  return (
    <ComingSoon title="Rainfall station">
      Rainfall readings of this Environment Agency station: today, the latest, and over a chosen period.
    </ComingSoon>
  );
}
