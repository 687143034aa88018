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
  describe({ name, username, userId, token }, { brand, publicUrl }) {
    return {
      subject: `Your new ${brand.name} account`,
      greetName: name,
      blocks: [
        { p: `An administrator has created a ${brand.name} account for you. Your username is: ${username}` },
        { p: "To start, choose a passphrase for your account:" },
        { action: { label: "Choose my passphrase", url: appLink(publicUrl, "/reset", { userId, token }) } },
        { note: `If the link has expired, use "Forgot passphrase" on the sign-in page (${publicUrl}/forgot-password) with this e-mail address to get a new one.` },
      ],
    };
  },
});
