import { ComingSoon } from "../../components/ComingSoon.tsx";

export default function DeviceSettingsPage() {
  return (
    <ComingSoon title="Device settings">
      Owners, invitations and hydration levels of this device (owners and admins).
    </ComingSoon>
  );
}
