// /devices/accept?id=<invitationId>&code=<code>: the link from a device invitation e-mail; accepting
// gives access to the device (features/invitation/AcceptInvitation.tsx does the rest).
import { AcceptInvitation } from "../invitation/AcceptInvitation.tsx";
import { paths } from "../../routes/paths.ts";
import { AcceptInvitationToDeviceAccessDocument as AcceptMutation } from "./AcceptInvitationToDeviceAccess.generated.ts";
import { DeviceAccessForInvitationDocument as CheckQuery } from "./DeviceAccessForInvitation.generated.ts";

export default function AcceptDeviceInvitationPage() {
  return (
    <AcceptInvitation
      kind="device"
      check={CheckQuery}
      targetOf={(data) => data.deviceAccessForInvitation}
      accept={AcceptMutation}
      accepted={(data) => Boolean(data?.acceptInvitationToDeviceAccess?.deviceAccess)}
      pathOf={(id) => paths.device(id)}
      listPath="/devices"
    />
  );
}
