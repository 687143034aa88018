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
  describe({ name, token }, { publicUrl, t }) {
    return {
      subject: t("accountDeletion.subject"),
      greetName: name,
      blocks: [
        { p: t("accountDeletion.body") },
        { action: { label: t("accountDeletion.action"), url: appLink(publicUrl, "/account/delete", { token }) } },
        { note: t("accountDeletion.note") },
      ],
    };
  },
});
