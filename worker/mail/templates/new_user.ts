// Sent by newUser(name, username, email): an admin created the account, the user sets a passphrase.
import { appLink, defineTemplate, optionalString, requireId, requireString } from "../compose.ts";

export default defineTemplate({
  name: "new_user",
  parse(v) {
    return {
      name: optionalString(v, "name", "new_user"),
      username: requireString(v, "username", "new_user"),
      userId: requireId(v, "userId", "new_user"),
      token: requireString(v, "token", "new_user"),
    };
  },
  describe({ name, username, userId, token }, { publicUrl, t }) {
    return {
      subject: t("newUser.subject"),
      greetName: name,
      blocks: [
        { p: t("newUser.body", { username }) },
        { p: t("newUser.choose") },
        { action: { label: t("newUser.action"), url: appLink(publicUrl, "/reset", { userId, token }) } },
        { note: t("newUser.note", { forgotUrl: `${publicUrl}/forgot-password` }) },
      ],
    };
  },
});
