// Where the form screens get their words (issue 25): the texts
// (lib/i18n/messages/form.en-GB.ts and form.de.ts) arrive with the screens' chunk, their German
// the first time a German reader opens one of them (lib/i18n/texts.ts).
import { englishWith, type T } from "../../lib/i18n/english.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";
import { formEn } from "../../lib/i18n/messages/form.en-GB.ts";
import { defineTexts } from "../../lib/i18n/texts.ts";

export const formTexts = defineTexts(formEn, {
  de: () => import("../../lib/i18n/messages/form.de.ts").then((m) => m.formDe),
});

/** A `t` that says the shell's texts and these. */
/** The keys these screens say: the shell's and their own. */
export type FormKey = MessageKey | keyof typeof formEn;
export type FormT = T<FormKey>;
/** British English, the default of pure helpers. */
export const englishFormT: FormT = englishWith(formTexts);

export function useFormT(): FormT {
  return useT(formTexts);
}
