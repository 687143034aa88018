// Where the moderation screens get their words (issue 25): the texts (lib/i18n/messages/moderation.en-GB.ts
// and moderation.de.ts) arrive with the feature's chunk, their German the first time a German reader
// opens one of its screens (lib/i18n/texts.ts).
import { englishWith, type T } from "../../lib/i18n/english.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";
import { moderationEn } from "../../lib/i18n/messages/moderation.en-GB.ts";
import { defineTexts } from "../../lib/i18n/texts.ts";

export const moderationTexts = defineTexts(moderationEn, {
  de: () => import("../../lib/i18n/messages/moderation.de.ts").then((m) => m.moderationDe),
});

/** A `t` that says the shell's texts and the moderation screens'. */
/** The keys these screens say: the shell's and their own. */
export type ModerationKey = MessageKey | keyof typeof moderationEn;
export type ModerationT = T<ModerationKey>;
/** British English, the default of the feature's pure helpers. */
export const englishModerationT: ModerationT = englishWith(moderationTexts);

export function useModerationT(): ModerationT {
  return useT(moderationTexts);
}
