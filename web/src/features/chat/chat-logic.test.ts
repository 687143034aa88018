import { describe, expect, it } from "vitest";
import { MemoryStorage } from "../../test/helpers.tsx";
import {
  CHAT_MESSAGES,
  PANEL_STATE_KEY,
  formatMessageTime,
  isThinking,
  mergeConversation,
  messageLength,
  pendingQuestions,
  readPanelOpen,
  suggestedQuestions,
  trimMessage,
  validateChatMessage,
  writePanelOpen,
  type ChatMessage,
} from "./chat-logic.ts";
import { translator } from "../../../../shared/i18n/translate.ts";
import { en } from "../../lib/i18n/messages/en-GB.ts";
import { de } from "../../lib/i18n/messages/de.ts";
import { chatEn } from "../../lib/i18n/messages/chat.en-GB.ts";
import { chatDe } from "../../lib/i18n/messages/chat.de.ts";

function question(id: string, createdAt: string, status = "pending"): ChatMessage {
  return { id, typeName: "user", messageText: `Question ${id}`, createdAt, status, inReplyTo: null };
}

function reply(id: string, to: string, createdAt: string, status = "answered"): ChatMessage {
  return { id, typeName: "assistant", messageText: `Answer ${id}`, createdAt, status, inReplyTo: to };
}

describe("message rules", () => {
  it("uses the database's texts: required once trimmed, at most 1000 characters", () => {
    expect(validateChatMessage("")).toBe(CHAT_MESSAGES.required);
    expect(validateChatMessage("  \n\t ")).toBe(CHAT_MESSAGES.required);
    expect(CHAT_MESSAGES.required).toBe("Message is required");
    expect(validateChatMessage("?")).toBeNull();
    expect(validateChatMessage("y".repeat(1000))).toBeNull();
    expect(validateChatMessage("x".repeat(1001))).toBe("Messages must be at most 1000 characters");
  });

  it("counts characters as the database does: trimmed, code points", () => {
    expect(trimMessage("  Does it need water?\n ")).toBe("Does it need water?");
    expect(messageLength("  abc  ")).toBe(3);
    // An emoji is one character to char_length, two UTF-16 units to String.length.
    expect(messageLength("🌱".repeat(1000))).toBe(1000);
    expect(validateChatMessage("🌱".repeat(1000))).toBeNull();
    // Spaces around a long message do not count against it.
    expect(validateChatMessage(` ${"z".repeat(1000)} \n`)).toBeNull();
  });

  it("suggests the five questions the care assistant knows", () => {
    expect(suggestedQuestions()).toEqual([
      "Does it need water?",
      "When was it last watered?",
      "Is the sensor working?",
      "What does the soil mean?",
      "What should I do this week?",
    ]);
    expect(suggestedQuestions(translator("de", { "en-GB": { ...en, ...chatEn }, de: { ...de, ...chatDe } }))[0]).toBe("Braucht es Wasser?");
  });
});

describe("the conversation", () => {
  it("adds questions just sent to the server's list, without doubles, in time order", () => {
    const q1 = question("q1", "2026-11-21T10:00:00.100Z", "answered");
    const a1 = reply("a1", "q1", "2026-11-21T10:00:01.000Z");
    const q2 = question("q2", "2026-11-21T10:05:00.000Z");
    expect(mergeConversation([q1, a1], [q2]).map((m) => m.id)).toEqual(["q1", "a1", "q2"]);
    // Once the server has it, its copy wins (here: answered).
    const q2Answered = { ...q2, status: "answered" };
    const a2 = reply("a2", "q2", "2026-11-21T10:05:02.000Z");
    const merged = mergeConversation([q1, a1, q2Answered, a2], [q2]);
    expect(merged.map((m) => m.id)).toEqual(["q1", "a1", "q2", "a2"]);
    expect(merged[2].status).toBe("answered");
  });

  it("keeps the server's order for equal times and puts unknown times last", () => {
    const a = question("a", "2026-11-21T10:00:00Z", "answered");
    const b = reply("b", "a", "2026-11-21T10:00:00Z");
    const c = question("c", "not a date");
    const d = question("d", "2026-11-21T09:00:00Z");
    expect(mergeConversation([a, b], [c, d]).map((m) => m.id)).toEqual(["d", "a", "b", "c"]);
  });

  it("is thinking while a question is pending and has no reply", () => {
    const q1 = question("q1", "2026-11-21T10:00:00Z", "answered");
    const a1 = reply("a1", "q1", "2026-11-21T10:00:01Z");
    expect(isThinking([q1, a1])).toBe(false);
    const q2 = question("q2", "2026-11-21T10:01:00Z");
    expect(pendingQuestions([q1, a1, q2]).map((m) => m.id)).toEqual(["q2"]);
    expect(isThinking([q1, a1, q2])).toBe(true);
    // A reply already read with a stale question still counts as answered.
    expect(isThinking([q1, a1, q2, reply("a2", "q2", "2026-11-21T10:01:02Z")])).toBe(false);
    // A failed reply ends the wait too.
    expect(isThinking([question("q3", "2026-11-21T10:02:00Z", "failed")])).toBe(false);
    expect(isThinking([])).toBe(false);
  });
});

describe("times", () => {
  const now = new Date(2026, 10, 21, 15, 30);
  it("shows the time today, 'Yesterday' and a date further back", () => {
    // British dates, 24-hour London time (lib/dates.ts; issue 22). November and January are GMT.
    expect(formatMessageTime("2026-11-21T09:05:00Z", now)).toBe("09:05");
    expect(formatMessageTime("2026-11-20T21:40:00Z", now)).toBe("Yesterday, 21:40");
    expect(formatMessageTime("2026-11-03T14:00:00Z", now)).toBe("3 Nov, 14:00");
    expect(formatMessageTime("2025-01-02T08:15:00Z", now)).toBe("2 Jan 2025, 08:15");
    expect(formatMessageTime("nonsense", now)).toBe("");
    expect(
      formatMessageTime("2026-11-20T21:40:00Z", now, translator("de", { "en-GB": { ...en, ...chatEn }, de: { ...de, ...chatDe } })),
    ).toBe("Gestern, 21:40");
  });
});

describe("open or closed", () => {
  it("is open until closed, and remembers", () => {
    const storage = new MemoryStorage();
    expect(readPanelOpen(storage)).toBe(true);
    writePanelOpen(false, storage);
    expect(storage.getItem(PANEL_STATE_KEY)).toBe("closed");
    expect(readPanelOpen(storage)).toBe(false);
    writePanelOpen(true, storage);
    expect(readPanelOpen(storage)).toBe(true);
  });

  it("survives a storage that refuses", () => {
    const broken = {
      getItem() {
        throw new Error("denied");
      },
      setItem() {
        throw new Error("full");
      },
    } as unknown as Storage;
    expect(readPanelOpen(broken)).toBe(true);
    expect(() => writePanelOpen(false, broken)).not.toThrow();
    expect(readPanelOpen(null)).toBe(true);
  });
});
