// Where the community screens get their words (issue 25): the texts (lib/i18n/messages/community.en-GB.ts
// and community.de.ts) arrive with the feature's chunk, their German the first time a German reader
// opens one of its screens (lib/i18n/texts.ts).
import { englishWith, type T } from "../../lib/i18n/english.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";
import { communityEn } from "../../lib/i18n/messages/community.en-GB.ts";
import { defineTexts } from "../../lib/i18n/texts.ts";

export const communityTexts = defineTexts(communityEn, {
  de: () => import("../../lib/i18n/messages/community.de.ts").then((m) => m.communityDe),
});

/** A `t` that says the shell's texts and the community screens'. */
/** The keys these screens say: the shell's and their own. */
export type CommunityKey = MessageKey | keyof typeof communityEn;
export type CommunityT = T<CommunityKey>;
/** British English, the default of the feature's pure helpers. */
export const englishCommunityT: CommunityT = englishWith(communityTexts);

export function useCommunityT(): CommunityT {
  return useT(communityTexts);
}
