// /things/accept?id=<invitationId>&code=<code>: the link of a thing invitation e-mail; accepting
// makes the person a collaborator (features/invitation/AcceptInvitation.tsx does the rest).
import { AcceptInvitation } from "../invitation/AcceptInvitation.tsx";
import { paths } from "../../routes/paths.ts";
import { AcceptInvitationToThingAccessDocument as AcceptMutation } from "./AcceptInvitationToThingAccess.generated.ts";
import { ThingAccessForInvitationDocument as CheckQuery } from "./ThingAccessForInvitation.generated.ts";

export default function AcceptThingInvitationPage() {
  return (
    <AcceptInvitation
      kind="thing"
      check={CheckQuery}
      targetOf={(data) => data.thingAccessForInvitation}
      accept={AcceptMutation}
      accepted={(data) => Boolean(data?.acceptInvitationToThingAccess?.thingAccess)}
      pathOf={(id) => paths.thing(id)}
      listPath="/things"
    />
  );
}
