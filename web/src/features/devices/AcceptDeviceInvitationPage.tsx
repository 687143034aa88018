import { ComingSoon } from "../../components/ComingSoon.tsx";

export default function AcceptDeviceInvitationPage() {
  return (
    <ComingSoon title="Accept a device invitation">
      Accept an invitation to share a device with the code from your invitation e-mail.
    </ComingSoon>
  );
}
