// Where the rainfall screens get their words (issue 25): the texts (lib/i18n/messages/rainfallPage.en-GB.ts
// and rainfallPage.de.ts) arrive with the feature's chunk, their German the first time a German reader
// opens one of its screens (lib/i18n/texts.ts).
import { englishWith, type T } from "../../lib/i18n/english.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";
import { rainfallPageEn } from "../../lib/i18n/messages/rainfallPage.en-GB.ts";
import { defineTexts } from "../../lib/i18n/texts.ts";

export const rainfallPageTexts = defineTexts(rainfallPageEn, {
  de: () => import("../../lib/i18n/messages/rainfallPage.de.ts").then((m) => m.rainfallPageDe),
});

/** A `t` that says the shell's texts and the rainfall screens'. */
/** The keys these screens say: the shell's and their own. */
export type RainfallKey = MessageKey | keyof typeof rainfallPageEn;
export type RainfallT = T<RainfallKey>;
/** British English, the default of the feature's pure helpers. */
export const englishRainfallT: RainfallT = englishWith(rainfallPageTexts);

export function useRainfallT(): RainfallT {
  return useT(rainfallPageTexts);
}
