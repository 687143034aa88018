// The words for a thing that other features' screens say too (actions, colours, bands, readings:
// thing-meta.ts), a catalogue of their own (lib/i18n/messages/thing-words.en-GB.ts) so the home
// page and the map carry these and not all the things screens' texts (issue 27).
import { englishWith, type T } from "../../lib/i18n/english.ts";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";
import { thingWordsEn } from "../../lib/i18n/messages/thing-words.en-GB.ts";
import { defineTexts } from "../../lib/i18n/texts.ts";

export const thingWordsTexts = defineTexts(thingWordsEn, {
  de: () => import("../../lib/i18n/messages/thing-words.de.ts").then((m) => m.thingWordsDe),
});

export type ThingWordsKey = MessageKey | keyof typeof thingWordsEn;
/** A `t` that says the shell's texts and these: what thing-meta.ts's helpers take. */
export type ThingWordsT = T<ThingWordsKey>;
/** British English, the default of thing-meta.ts's helpers. */
export const englishThingWordsT: ThingWordsT = englishWith(thingWordsTexts);
