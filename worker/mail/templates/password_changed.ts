// A notice after changePassword or resetPassword; no link.
import { defineTemplate, optionalString } from "../compose.ts";

export default defineTemplate({
  name: "password_changed",
  parse(v) {
    return { name: optionalString(v, "name", "password_changed") };
  },
  describe({ name }, { t }) {
    return {
      subject: t("passwordChanged.subject"),
      greetName: name,
      blocks: [{ p: t("passwordChanged.body") }, { note: t("passwordChanged.note") }],
    };
  },
});
