// Where the activity screens get their words (issue 25): the texts (lib/i18n/messages/activity.en-GB.ts
// and activity.de.ts) arrive with the feature's chunk, their German the first time a German reader
// opens one of its screens (lib/i18n/texts.ts).
import { englishWith, type T } from "../../lib/i18n/english.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";
import { activityEn } from "../../lib/i18n/messages/activity.en-GB.ts";
import { defineTexts } from "../../lib/i18n/texts.ts";

export const activityTexts = defineTexts(activityEn, {
  de: () => import("../../lib/i18n/messages/activity.de.ts").then((m) => m.activityDe),
});

/** A `t` that says the shell's texts and the activity screens'. */
/** The keys these screens say: the shell's and their own. */
export type ActivityKey = MessageKey | keyof typeof activityEn;
export type ActivityT = T<ActivityKey>;
/** British English, the default of the feature's pure helpers. */
export const englishActivityT: ActivityT = englishWith(activityTexts);

export function useActivityT(): ActivityT {
  return useT(activityTexts);
}
