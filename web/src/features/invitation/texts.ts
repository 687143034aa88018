// Where the invitation screens get their words (issue 25): the texts
// (lib/i18n/messages/invitation.en-GB.ts and invitation.de.ts) arrive with the screens' chunk, their German
// the first time a German reader opens one of them (lib/i18n/texts.ts).
import { englishWith, type T } from "../../lib/i18n/english.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";
import { invitationEn } from "../../lib/i18n/messages/invitation.en-GB.ts";
import { defineTexts } from "../../lib/i18n/texts.ts";

export const invitationTexts = defineTexts(invitationEn, {
  de: () => import("../../lib/i18n/messages/invitation.de.ts").then((m) => m.invitationDe),
});

/** A `t` that says the shell's texts and these. */
/** The keys these screens say: the shell's and their own. */
export type InvitationKey = MessageKey | keyof typeof invitationEn;
export type InvitationT = T<InvitationKey>;
/** British English, the default of pure helpers. */
export const englishInvitationT: InvitationT = englishWith(invitationTexts);

export function useInvitationT(): InvitationT {
  return useT(invitationTexts);
}
