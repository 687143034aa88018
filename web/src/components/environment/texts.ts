// The weather, soil and rainfall panels' texts: with the screens that show the panels, their
// German fetched the first time a German reader opens one.
import { environmentEn } from "../../lib/i18n/messages/environment.en-GB.ts";
import { defineTexts } from "../../lib/i18n/texts.ts";
import { englishWith, type T } from "../../lib/i18n/english.ts";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";

export const environmentTexts = defineTexts(environmentEn, {
  de: () => import("../../lib/i18n/messages/environment.de.ts").then((m) => m.environmentDe),
});

/** A `t` that says the shell's texts and these. */
/** The keys these screens say: the shell's and their own. */
export type EnvironmentKey = MessageKey | keyof typeof environmentEn;
export type EnvironmentT = T<EnvironmentKey>;
/** British English, the default of pure helpers. */
export const environmentEnglishT: EnvironmentT = englishWith(environmentTexts);
