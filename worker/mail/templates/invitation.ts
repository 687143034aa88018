// Sent by inviteToThingAccess / inviteToDeviceAccess / inviteToGroupMembership (and their resend).
// The invitee opens the link signed in with the invited address (otherwise DNIEM), within 14 days.
import { appLink, defineTemplate, optionalString, requireId, requireOneOf, requireString } from "../compose.ts";

const KINDS = ["thing", "device", "group"] as const;
type Kind = (typeof KINDS)[number];

const ACCEPT_PATH: Record<Kind, string> = {
  thing: "/things/accept",
  device: "/devices/accept",
  group: "/groups/accept",
};

export default defineTemplate({
  name: "invitation",
  parse(v) {
    return {
      inviterName: optionalString(v, "inviterName", "invitation"),
      kind: requireOneOf(v, "kind", KINDS, "invitation"),
      targetName: requireString(v, "targetName", "invitation"),
      invitationId: requireId(v, "invitationId", "invitation"),
      code: requireString(v, "code", "invitation"),
    };
  },
  describe({ inviterName, kind, targetName, invitationId, code }, { publicUrl, t }) {
    const what = { inviter: inviterName ?? t("invitation.someone"), kind, target: targetName };
    return {
      subject: t("invitation.subject", what),
      blocks: [
        { p: t("invitation.body", what) },
        { p: t("invitation.how") },
        { action: { label: t("invitation.action"), url: appLink(publicUrl, ACCEPT_PATH[kind], { id: invitationId, code }) } },
        { note: t("invitation.note") },
      ],
    };
  },
});
