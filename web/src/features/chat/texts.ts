// Where the chat screens get their words (issue 25): the texts (lib/i18n/messages/chat.en-GB.ts
// and chat.de.ts) arrive with the feature's chunk, their German the first time a German reader
// opens one of its screens (lib/i18n/texts.ts).
import { englishWith, type T } from "../../lib/i18n/english.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";
import { chatEn } from "../../lib/i18n/messages/chat.en-GB.ts";
import { defineTexts } from "../../lib/i18n/texts.ts";

export const chatTexts = defineTexts(chatEn, {
  de: () => import("../../lib/i18n/messages/chat.de.ts").then((m) => m.chatDe),
});

/** A `t` that says the shell's texts and the chat screens'. */
/** The keys these screens say: the shell's and their own. */
export type ChatKey = MessageKey | keyof typeof chatEn;
export type ChatT = T<ChatKey>;
/** British English, the default of the feature's pure helpers. */
export const englishChatT: ChatT = englishWith(chatTexts);

export function useChatT(): ChatT {
  return useT(chatTexts);
}
