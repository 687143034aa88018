// Where the scorer screens get their words (issue 25): the texts (lib/i18n/messages/scorer.en-GB.ts
// and scorer.de.ts) arrive with the feature's chunk, their German the first time a German reader
// opens one of its screens (lib/i18n/texts.ts).
import { englishWith, type T } from "../../lib/i18n/english.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";
import { scorerEn } from "../../lib/i18n/messages/scorer.en-GB.ts";
import { defineTexts } from "../../lib/i18n/texts.ts";

export const scorerTexts = defineTexts(scorerEn, {
  de: () => import("../../lib/i18n/messages/scorer.de.ts").then((m) => m.scorerDe),
});

/** A `t` that says the shell's texts and the scorer screens'. */
/** The keys these screens say: the shell's and their own. */
export type ScorerKey = MessageKey | keyof typeof scorerEn;
export type ScorerT = T<ScorerKey>;
/** British English, the default of the feature's pure helpers. */
export const englishScorerT: ScorerT = englishWith(scorerTexts);

export function useScorerT(): ScorerT {
  return useT(scorerTexts);
}
