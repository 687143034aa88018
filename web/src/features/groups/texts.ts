// Where the groups screens get their words (issue 25): the texts (lib/i18n/messages/groups.en-GB.ts
// and groups.de.ts) arrive with the feature's chunk, their German the first time a German reader
// opens one of its screens (lib/i18n/texts.ts).
import { englishWith, type T } from "../../lib/i18n/english.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";
import { groupsEn } from "../../lib/i18n/messages/groups.en-GB.ts";
import { defineTexts } from "../../lib/i18n/texts.ts";

export const groupsTexts = defineTexts(groupsEn, {
  de: () => import("../../lib/i18n/messages/groups.de.ts").then((m) => m.groupsDe),
});

/** A `t` that says the shell's texts and the groups screens'. */
/** The keys these screens say: the shell's and their own. */
export type GroupsKey = MessageKey | keyof typeof groupsEn;
export type GroupsT = T<GroupsKey>;
/** British English, the default of the feature's pure helpers. */
export const englishGroupsT: GroupsT = englishWith(groupsTexts);

export function useGroupsT(): GroupsT {
  return useT(groupsTexts);
}
