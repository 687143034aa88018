// Sent when an e-mail address is added (sign-up, createUserEmail) or its code is resent.
import { appLink, defineTemplate, optionalString, requireId, requireString } from "../compose.ts";

export default defineTemplate({
  name: "verify_email",
  parse(v) {
    return {
      name: optionalString(v, "name", "verify_email"),
      userEmailId: requireId(v, "userEmailId", "verify_email"),
      token: requireString(v, "token", "verify_email"),
    };
  },
  describe({ name, userEmailId, token }, { brand, publicUrl }) {
    return {
      subject: `Confirm your e-mail address for ${brand.name}`,
      greetName: name,
      blocks: [
        { p: `Please confirm that this e-mail address belongs to your ${brand.name} account.` },
        { action: { label: "Confirm my e-mail address", url: appLink(publicUrl, "/verify", { id: userEmailId, token }) } },
        { note: "The link works once and for 7 days. If you did not add this address to an account, you can ignore this e-mail." },
      ],
    };
  },
});
