// Sent by inviteToThingAccess / inviteToDeviceAccess / inviteToGroupMembership (and their resend).
// The invitee opens the link signed in with the invited address (otherwise DNIEM), within 14 days.
import { appLink, defineTemplate, optionalString, requireId, requireOneOf, requireString } from "../compose.ts";
import type { BrandTerms } from "../brand.ts";

const KINDS = ["thing", "device", "group"] as const;
type Kind = (typeof KINDS)[number];

const ACCEPT_PATH: Record<Kind, string> = {
  thing: "/things/accept",
  device: "/devices/accept",
  group: "/groups/accept",
};

function invitedTo(kind: Kind, target: string, terms: BrandTerms): string {
  switch (kind) {
    case "thing":
      return `look after the ${terms.thing} “${target}”`;
    case "device":
      return `share the ${terms.device} “${target}”`;
    case "group":
      return `join the ${terms.group} “${target}”`;
  }
}

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
  describe({ inviterName, kind, targetName, invitationId, code }, { brand, publicUrl }) {
    const inviter = inviterName ?? `A member of ${brand.name}`;
    const what = invitedTo(kind, targetName, brand.terms);
    return {
      subject: `${inviter} invited you to ${what} on ${brand.name}`,
      blocks: [
        { p: `${inviter} invited you to ${what} on ${brand.name}.` },
        { p: "To accept, sign in (or register) with this e-mail address, then open this link:" },
        { action: { label: "Accept the invitation", url: appLink(publicUrl, ACCEPT_PATH[kind], { id: invitationId, code }) } },
        { note: "The invitation is valid for 14 days. If you do not know the sender, you can ignore this e-mail." },
      ],
    };
  },
});
