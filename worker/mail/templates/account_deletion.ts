// Sent by requestAccountDeletion; the link leads to confirmAccountDeletion(token).
import { appLink, defineTemplate, optionalString, requireString } from "../compose.ts";

export default defineTemplate({
  name: "account_deletion",
  parse(v) {
    return {
      name: optionalString(v, "name", "account_deletion"),
      token: requireString(v, "token", "account_deletion"),
    };
  },
  describe({ name, token }, { brand, publicUrl }) {
    return {
      subject: `Confirm the deletion of your ${brand.name} account`,
      greetName: name,
      blocks: [
        { p: `You asked to delete your ${brand.name} account. Deleting it is permanent: your profile, e-mail addresses and access to things, devices and groups are removed and cannot be restored.` },
        { action: { label: "Delete my account", url: appLink(publicUrl, "/account/delete", { token }) } },
        { note: "The link works once and for 24 hours. If you did not ask for this, ignore this e-mail and your account stays as it is; you may want to change your passphrase." },
      ],
    };
  },
});
