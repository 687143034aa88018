// The chat panel's rules without React: message length (the database's rule and texts, see
// db/migrations/20261121002100_chat.sql), the suggested questions, the conversation as shown
// (the server's list plus questions just sent), which question is still waiting for its answer,
// message times, and the remembered open/closed state of the panel.
import { dayKey, formatDate, formatDayMonth, formatFull, formatTime, toDate } from "../../lib/dates.ts";
import { englishChatT, type ChatT } from "./texts.ts";

/** The longest question the server accepts, once trimmed (app_hidden.check_chat_message). */
export const MAX_MESSAGE_LENGTH = 1000;

/** The database's texts (lib/i18n/known-texts), said in the reader's language where they are shown. */
export const CHAT_MESSAGES = {
  required: "Message is required",
  tooLong: "Messages must be at most 1000 characters",
} as const;

/** One-click questions the built-in care assistant answers from the thing's own data (chat.question.<key>). */
export const SUGGESTED_QUESTIONS = ["needsWater", "lastWatered", "sensor", "soil", "week"] as const;

/** The suggested questions in the reader's language. */
export function suggestedQuestions(t: ChatT = englishChatT): string[] {
  return SUGGESTED_QUESTIONS.map((key) => t(`chat.question.${key}`));
}

/** The server trims leading and trailing white space (new lines included) before checking. */
export function trimMessage(value: string): string {
  return value.replace(/^\s+|\s+$/g, "");
}

/** Length in characters (code points, as PostgreSQL's char_length) of the message as it would be stored. */
export function messageLength(value: string): number {
  return Array.from(trimMessage(value)).length;
}

/** The first rule the message breaks, with the database's text, or null when it can be sent. */
export function validateChatMessage(value: string): string | null {
  const length = messageLength(value);
  if (length === 0) return CHAT_MESSAGES.required;
  if (length > MAX_MESSAGE_LENGTH) return CHAT_MESSAGES.tooLong;
  return null;
}

export interface ChatMessage {
  id: string;
  eventId?: string | null;
  /** "user" (a question) or "assistant" (a reply). */
  typeName: string;
  messageText: string;
  createdAt: string;
  recipientId?: string | null;
  thingId?: string | null;
  sender?: string | null;
  /** "pending" (a question waiting for its reply), "answered" or "failed". */
  status: string;
  inReplyTo?: string | null;
}

export function isQuestion(message: ChatMessage): boolean {
  return message.typeName !== "assistant";
}

function timeOf(message: ChatMessage): number {
  const time = Date.parse(message.createdAt);
  return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
}

/**
 * The conversation to show: the server's list (oldest first) plus questions sent since it was
 * read that it does not hold yet. The server's copy of a message wins over the one kept locally.
 */
export function mergeConversation(fromServer: readonly ChatMessage[], sent: readonly ChatMessage[]): ChatMessage[] {
  const known = new Set(fromServer.map((m) => m.id));
  const extra = sent.filter((m) => !known.has(m.id));
  if (extra.length === 0) return [...fromServer];
  // A stable sort: messages with the same time keep the server's order, then the order sent.
  return [...fromServer, ...extra]
    .map((message, index) => ({ message, index }))
    .sort((a, b) => timeOf(a.message) - timeOf(b.message) || a.index - b.index)
    .map((entry) => entry.message);
}

/** Questions still waiting for their reply (pending, with no reply in the conversation). */
export function pendingQuestions(conversation: readonly ChatMessage[]): ChatMessage[] {
  const answered = new Set(conversation.filter((m) => !isQuestion(m) && m.inReplyTo).map((m) => m.inReplyTo));
  return conversation.filter((m) => isQuestion(m) && m.status === "pending" && !answered.has(m.id));
}

/** Whether the care assistant is still working on a question of this conversation. */
export function isThinking(conversation: readonly ChatMessage[]): boolean {
  return pendingQuestions(conversation).length > 0;
}

/** "15:05" today, "Yesterday, 15:05", "3 Nov, 15:05", "3 Nov 2025, 15:05" (lib/dates.ts). */
export function formatMessageTime(value: string, now: Date = new Date(), t: ChatT = englishChatT): string {
  const date = toDate(value);
  if (!date) return "";
  const time = formatTime(date);
  const day = dayKey(date);
  if (day === dayKey(now)) return time;
  if (day === dayKey(now.getTime() - 86_400_000)) return t("chat.yesterday", { time });
  const sameYear = day.slice(0, 4) === dayKey(now).slice(0, 4);
  return `${sameYear ? formatDayMonth(date) : formatDate(date)}, ${time}`;
}

/** The full date and time, for a tooltip. */
export function formatMessageTimeFull(value: string): string {
  return formatFull(value);
}

/** Where the panel's open/closed state is remembered (one setting for every thing). */
export const PANEL_STATE_KEY = "steward.chatPanel";

function storageOf(storage?: Storage | null): Storage | null {
  if (storage !== undefined) return storage;
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Whether the panel was left open; open until the user closes it. */
export function readPanelOpen(storage?: Storage | null): boolean {
  try {
    return storageOf(storage)?.getItem(PANEL_STATE_KEY) !== "closed";
  } catch {
    return true;
  }
}

export function writePanelOpen(open: boolean, storage?: Storage | null): void {
  try {
    storageOf(storage)?.setItem(PANEL_STATE_KEY, open ? "open" : "closed");
  } catch {
    // Private mode or a full storage: the panel simply opens next time.
  }
}
