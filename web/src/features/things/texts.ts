// Where the things screens get their words (issue 25): the texts
// (lib/i18n/messages/things.en-GB.ts and things.de.ts) arrive with the screens' chunk, their German
// the first time a German reader opens one of them (lib/i18n/texts.ts).
import { englishWith, type T } from "../../lib/i18n/english.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";
import { thingsEn } from "../../lib/i18n/messages/things.en-GB.ts";
import { defineTexts } from "../../lib/i18n/texts.ts";
import { type ThingWordsKey, thingWordsTexts } from "./thing-words.ts";

export const thingsTexts = defineTexts(thingsEn, {
  de: () => import("../../lib/i18n/messages/things.de.ts").then((m) => m.thingsDe),
});

/** A `t` that says the shell's texts and these. */
/** The keys these screens say: the shell's and their own. */
export type ThingsKey = MessageKey | ThingWordsKey | keyof typeof thingsEn;
export type ThingsT = T<ThingsKey>;
/** British English, the default of pure helpers. */
export const englishThingsT: ThingsT = englishWith(thingsTexts, thingWordsTexts);

export function useThingsT(): ThingsT {
  return useT(thingsTexts, thingWordsTexts);
}
