// Where the admin screens get their words (issue 25): the texts
// (lib/i18n/messages/admin.en-GB.ts and admin.de.ts) arrive with the screens' chunk, their German
// the first time a German reader opens one of them (lib/i18n/texts.ts).
import { englishWith, type T } from "../../lib/i18n/english.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";
import { adminEn } from "../../lib/i18n/messages/admin.en-GB.ts";
import { defineTexts } from "../../lib/i18n/texts.ts";

export const adminTexts = defineTexts(adminEn, {
  de: () => import("../../lib/i18n/messages/admin.de.ts").then((m) => m.adminDe),
});

/** A `t` that says the shell's texts and these. */
/** The keys these screens say: the shell's and their own. */
export type AdminKey = MessageKey | keyof typeof adminEn;
export type AdminT = T<AdminKey>;
/** British English, the default of pure helpers. */
export const englishAdminT: AdminT = englishWith(adminTexts);

export function useAdminT(): AdminT {
  return useT(adminTexts);
}
