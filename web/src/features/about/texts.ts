// Where the about screens get their words (issue 25): the texts
// (lib/i18n/messages/about.en-GB.ts and about.de.ts) arrive with the screens' chunk, their German
// the first time a German reader opens one of them (lib/i18n/texts.ts).
import { englishWith, type T } from "../../lib/i18n/english.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";
import { aboutEn } from "../../lib/i18n/messages/about.en-GB.ts";
import { defineTexts } from "../../lib/i18n/texts.ts";

export const aboutTexts = defineTexts(aboutEn, {
  de: () => import("../../lib/i18n/messages/about.de.ts").then((m) => m.aboutDe),
});

/** A `t` that says the shell's texts and these. */
/** The keys these screens say: the shell's and their own. */
export type AboutKey = MessageKey | keyof typeof aboutEn;
export type AboutT = T<AboutKey>;
/** British English, the default of pure helpers. */
export const englishAboutT: AboutT = englishWith(aboutTexts);

export function useAboutT(): AboutT {
  return useT(aboutTexts);
}
