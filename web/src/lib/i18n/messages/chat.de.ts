// The care assistant's chat panel in German, with "du" (docs/decisions.md, "English and German");
// the twin of chat.en-GB.ts.
import type { chatEn } from "./chat.en-GB.ts";

export const chatDe: Record<keyof typeof chatEn, string> = {
  "chat.title": "Frag den Pflegeassistenten",
  "chat.subtitle": "Antworten aus Messwerten, Pflege, Wetter und Boden",
  "chat.hide": "Ausblenden",
  "chat.open": "Öffnen",
  "chat.guest":
    "Melde dich an, um den Pflegeassistenten nach {thing} zu fragen: ob es Wasser braucht, wann es zuletzt gegossen wurde, was sein Boden bedeutet und was diese Woche zu tun ist.",
  "chat.signIn": "Anmelden und fragen",
  "chat.conversation": "Dein Gespräch über {thing}",
  "chat.loading": "Dein Gespräch wird geladen …",
  "chat.empty":
    "{brand, select, bee {Frag alles über dieses Café. Der Pflegeassistent antwortet aus seinen eigenen Daten: den neuesten Bodenwerten, der letzten Pflege, der Wettervorhersage, Regen in der Nähe und der Bodenart, und sagt, welche Zahlen er verwendet hat.} other {Frag alles über dieses Objekt. Der Pflegeassistent antwortet aus seinen eigenen Daten: den neuesten Bodenwerten, der letzten Pflege, der Wettervorhersage, Regen in der Nähe und der Bodenart, und sagt, welche Zahlen er verwendet hat.}}",
  "chat.private": "Nur du kannst dieses Gespräch sehen.",
  "chat.sending": "Wird gesendet …",
  "chat.thinking": "Denkt nach …",
  "chat.slow": "Das dauert länger als sonst. Die Antwort erscheint hier, sobald sie fertig ist.",
  "chat.loadFailed": "Dein Gespräch konnte nicht geladen werden.",
  "chat.tryAgain": "Noch einmal versuchen",
  "chat.sendFailed": "Deine Frage konnte nicht gesendet werden. Bitte versuch es noch einmal.",
  "chat.suggestions": "Vorgeschlagene Fragen",
  "chat.tryAsking": "Frag zum Beispiel",
  "chat.question.needsWater": "Braucht es Wasser?",
  "chat.question.lastWatered": "Wann wurde es zuletzt gegossen?",
  "chat.question.sensor": "Funktioniert der Sensor?",
  "chat.question.soil": "Was bedeutet der Boden?",
  "chat.question.week": "Was soll ich diese Woche tun?",
  "chat.questionLabel": "Deine Frage zu {thing}",
  "chat.placeholder": "Frag etwas zu {thing} …",
  "chat.send": "Senden",
  "chat.hint": "Enter zum Senden, Umschalt+Enter für eine neue Zeile",
  "chat.count": "{length} von {max} Zeichen",
  "chat.youAsked": "Du hast gefragt:",
  "chat.assistantSaid": "Pflegeassistent:",
  "chat.you": "Du",
  "chat.assistant": "Pflegeassistent",
  "chat.failed": "Konnte nicht vollständig antworten",
  "chat.yesterday": "Gestern, {time}",
};
