// Where the account screens get their words (issue 25): the texts (lib/i18n/messages/account.en-GB.ts
// and account.de.ts) arrive with the feature's chunk, their German the first time a German reader
// opens one of its screens (lib/i18n/texts.ts).
import { englishWith, type T } from "../../lib/i18n/english.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";
import { accountEn } from "../../lib/i18n/messages/account.en-GB.ts";
import { defineTexts } from "../../lib/i18n/texts.ts";

export const accountTexts = defineTexts(accountEn, {
  de: () => import("../../lib/i18n/messages/account.de.ts").then((m) => m.accountDe),
});

/** A `t` that says the shell's texts and the account screens'. */
/** The keys these screens say: the shell's and their own. */
export type AccountKey = MessageKey | keyof typeof accountEn;
export type AccountT = T<AccountKey>;
/** British English, the default of the feature's pure helpers. */
export const englishAccountT: AccountT = englishWith(accountTexts);

export function useAccountT(): AccountT {
  return useT(accountTexts);
}
