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
  describe({ name, userId, token }, { brand, publicUrl }) {
    return {
      subject: `Reset your ${brand.name} passphrase`,
      greetName: name,
      blocks: [
        { p: `Someone, hopefully you, asked to reset the passphrase of your ${brand.name} account. Open the link below to choose a new one.` },
        { action: { label: "Choose a new passphrase", url: appLink(publicUrl, "/reset", { userId, token }) } },
        { note: "The link works once and for 1 hour. If you did not ask for this, you can ignore this e-mail: your passphrase stays as it is." },
      ],
    };
  },
});
