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
  describe({ name, userEmailId, token }, { publicUrl, t }) {
    return {
      subject: t("verifyEmail.subject"),
      greetName: name,
      blocks: [
        { p: t("verifyEmail.body") },
        { action: { label: t("verifyEmail.action"), url: appLink(publicUrl, "/verify", { id: userEmailId, token }) } },
        { note: t("verifyEmail.note") },
      ],
    };
  },
});
