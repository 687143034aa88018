// /groups/accept?id=<invitationId>&code=<code>: the link from a group invitation e-mail; accepting
// makes the person a member (features/invitation/AcceptInvitation.tsx does the rest).
import { AcceptInvitation } from "../invitation/AcceptInvitation.tsx";
import { paths } from "../../routes/paths.ts";
import { AcceptGroupInvitationDocument as AcceptMutation } from "./AcceptGroupInvitation.generated.ts";
import { GroupInvitationCheckDocument as CheckQuery } from "./GroupInvitationCheck.generated.ts";

export default function AcceptGroupInvitationPage() {
  return (
    <AcceptInvitation
      kind="group"
      check={CheckQuery}
      targetOf={(data) => data.groupMembershipForInvitation}
      accept={AcceptMutation}
      accepted={(data) => Boolean(data?.acceptInvitationToGroupMembership?.groupMembership)}
      pathOf={(id) => paths.group(id)}
      listPath="/groups"
    />
  );
}
