// Where the home screens get their words (issue 25): the texts (lib/i18n/messages/home.en-GB.ts
// and home.de.ts) arrive with the feature's chunk, their German the first time a German reader
// opens one of its screens (lib/i18n/texts.ts).
import { englishWith, type T } from "../../lib/i18n/english.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";
import { homeEn } from "../../lib/i18n/messages/home.en-GB.ts";
import { defineTexts } from "../../lib/i18n/texts.ts";

export const homeTexts = defineTexts(homeEn, {
  de: () => import("../../lib/i18n/messages/home.de.ts").then((m) => m.homeDe),
});

/** A `t` that says the shell's texts and the home screens'. */
/** The keys these screens say: the shell's and their own. */
export type HomeKey = MessageKey | keyof typeof homeEn;
export type HomeT = T<HomeKey>;
/** British English, the default of the feature's pure helpers. */
export const englishHomeT: HomeT = englishWith(homeTexts);

export function useHomeT(): HomeT {
  return useT(homeTexts);
}
