// Where the rotas screens get their words (issue 25): the texts (lib/i18n/messages/rotas.en-GB.ts
// and rotas.de.ts) arrive with the feature's chunk, their German the first time a German reader
// opens one of its screens (lib/i18n/texts.ts).
import { englishWith, type T } from "../../lib/i18n/english.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";
import { rotasEn } from "../../lib/i18n/messages/rotas.en-GB.ts";
import { defineTexts } from "../../lib/i18n/texts.ts";

export const rotasTexts = defineTexts(rotasEn, {
  de: () => import("../../lib/i18n/messages/rotas.de.ts").then((m) => m.rotasDe),
});

/** A `t` that says the shell's texts and the rotas screens'. */
/** The keys these screens say: the shell's and their own. */
export type RotasKey = MessageKey | keyof typeof rotasEn;
export type RotasT = T<RotasKey>;
/** British English, the default of the feature's pure helpers. */
export const englishRotasT: RotasT = englishWith(rotasTexts);

export function useRotasT(): RotasT {
  return useT(rotasTexts);
}
