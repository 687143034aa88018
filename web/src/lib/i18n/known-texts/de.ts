// The known texts (en-GB.ts) in German, with "du" (docs/decisions.md, "English and German").
import type { KnownKey } from "./en-GB.ts";

export const knownDe: Record<KnownKey, string> = {
  "validation.mandatory": "Dieses Feld ist ein Pflichtfeld",
  "server.unknownTimeZone": "Unbekannte Zeitzone „{0}“",
  "server.chatRateLimit.one": "Du kannst bis zu {0} Nachrichten pro Stunde senden. Bitte versuche es in einer Minute noch einmal.",
  "server.chatRateLimit.other": "Du kannst bis zu {0} Nachrichten pro Stunde senden. Bitte versuche es in {1} Minuten noch einmal.",
};
