// The map's texts (page, layer panel, care list, thing card, popups): with the map's chunk, their
// German fetched the first time a German reader opens the map.
import { mapEn } from "../../lib/i18n/messages/map.en-GB.ts";
import { defineTexts } from "../../lib/i18n/texts.ts";
import { englishWith, type T } from "../../lib/i18n/english.ts";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";

export const mapTexts = defineTexts(mapEn, { de: () => import("../../lib/i18n/messages/map.de.ts").then((m) => m.mapDe) });

/** A `t` that says the shell's texts and these. */
/** The keys these screens say: the shell's and their own. */
export type MapKey = MessageKey | keyof typeof mapEn;
export type MapT = T<MapKey>;
/** British English, the default of pure helpers. */
export const mapEnglishT: MapT = englishWith(mapTexts);
