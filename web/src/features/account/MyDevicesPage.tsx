import { ComingSoon } from "../../components/ComingSoon.tsx";

export default function MyDevicesPage() {
  return (
    <ComingSoon title="My devices">
      The sensor devices you own or share, with their latest readings and battery levels.
    </ComingSoon>
  );
}
