// Where the auth screens get their words (issue 25): the texts (lib/i18n/messages/auth.en-GB.ts
// and auth.de.ts) arrive with the feature's chunk, their German the first time a German reader
// opens one of its screens (lib/i18n/texts.ts).
import { englishWith, type T } from "../../lib/i18n/english.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";
import { authEn } from "../../lib/i18n/messages/auth.en-GB.ts";
import { defineTexts } from "../../lib/i18n/texts.ts";

export const authTexts = defineTexts(authEn, {
  de: () => import("../../lib/i18n/messages/auth.de.ts").then((m) => m.authDe),
});

/** A `t` that says the shell's texts and the auth screens'. */
/** The keys these screens say: the shell's and their own. */
export type AuthKey = MessageKey | keyof typeof authEn;
export type AuthT = T<AuthKey>;
/** British English, the default of the feature's pure helpers. */
export const englishAuthT: AuthT = englishWith(authTexts);

export function useAuthT(): AuthT {
  return useT(authTexts);
}
