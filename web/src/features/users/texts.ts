// Where the users screens get their words (issue 25): the texts (lib/i18n/messages/users.en-GB.ts
// and users.de.ts) arrive with the feature's chunk, their German the first time a German reader
// opens one of its screens (lib/i18n/texts.ts).
import { englishWith, type T } from "../../lib/i18n/english.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";
import { usersEn } from "../../lib/i18n/messages/users.en-GB.ts";
import { defineTexts } from "../../lib/i18n/texts.ts";

export const usersTexts = defineTexts(usersEn, {
  de: () => import("../../lib/i18n/messages/users.de.ts").then((m) => m.usersDe),
});

/** A `t` that says the shell's texts and the users screens'. */
/** The keys these screens say: the shell's and their own. */
export type UsersKey = MessageKey | keyof typeof usersEn;
export type UsersT = T<UsersKey>;
/** British English, the default of the feature's pure helpers. */
export const englishUsersT: UsersT = englishWith(usersTexts);

export function useUsersT(): UsersT {
  return useT(usersTexts);
}
