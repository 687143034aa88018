// Where the tour screens get their words (issue 25): the texts
// (lib/i18n/messages/tour.en-GB.ts and tour.de.ts) arrive with the screens' chunk, their German
// the first time a German reader opens one of them (lib/i18n/texts.ts).
import { englishWith, type T } from "../../lib/i18n/english.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";
import { tourEn } from "../../lib/i18n/messages/tour.en-GB.ts";
import { defineTexts } from "../../lib/i18n/texts.ts";

export const tourTexts = defineTexts(tourEn, {
  de: () => import("../../lib/i18n/messages/tour.de.ts").then((m) => m.tourDe),
});

/** A `t` that says the shell's texts and these. */
/** The keys these screens say: the shell's and their own. */
export type TourKey = MessageKey | keyof typeof tourEn;
export type TourT = T<TourKey>;
/** British English, the default of pure helpers. */
export const englishTourT: TourT = englishWith(tourTexts);

export function useTourT(): TourT {
  return useT(tourTexts);
}
