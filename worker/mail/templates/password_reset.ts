// Sent by forgotPassword(email).
import { appLink, defineTemplate, optionalString, requireId, requireString } from "../compose.ts";

export default defineTemplate({
  name: "password_reset",
  parse(v) {
    return {
      name: optionalString(v, "name", "password_reset"),
      userId: requireId(v, "userId", "password_reset"),
      token: requireString(v, "token", "password_reset"),
    };
  },
  describe({ name, userId, token }, { publicUrl, t }) {
    return {
      subject: t("passwordReset.subject"),
      greetName: name,
      blocks: [
        { p: t("passwordReset.body") },
        { action: { label: t("passwordReset.action"), url: appLink(publicUrl, "/reset", { userId, token }) } },
        { note: t("passwordReset.note") },
      ],
    };
  },
});
