// A notice after changePassword or resetPassword; no link.
import { defineTemplate, optionalString } from "../compose.ts";

export default defineTemplate({
  name: "password_changed",
  parse(v) {
    return { name: optionalString(v, "name", "password_changed") };
  },
  describe({ name }, { brand }) {
    return {
      subject: `Your ${brand.name} passphrase was changed`,
      greetName: name,
      blocks: [
        { p: `The passphrase of your ${brand.name} account was just changed.` },
        { note: `If this was you, there is nothing else to do. If it was not, reset your passphrase straight away with "Forgot passphrase" on the ${brand.name} sign-in page.` },
      ],
    };
  },
});
