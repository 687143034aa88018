// The app's screen texts in German, with "du" (docs/decisions.md, "English and German"). Loaded
// only when someone reads the app in German (a chunk of its own).
import type { MessageKey } from "./en-GB.ts";

export const de: Record<MessageKey, string> = {
  "language.label": "Sprache",
  "language.browser": "Wie mein Browser",
  "language.saved": "Sprache gespeichert.",
  "language.saveFailed": "Die Sprache konnte nicht gespeichert werden. Bitte versuche es noch einmal.",

  "header.home": "Start",
  "header.map": "Karte",
  "header.things": "{brand, select, bee {Cafés} other {Objekte}}",
  "header.devices": "Geräte",
  "header.groups": "{brand, select, bee {Bienenpässe} other {Gruppen}}",
  "header.community": "Community",
  "header.tasks": "Aufgaben",
  "header.activity": "Aktivität",
  "header.admin": "Verwaltung",
  "header.menu": "Menü",
  "header.mainNav": "Hauptmenü",
  "header.brandHome": "{product} Startseite",
  "header.yourAccount": "Dein Konto",
  "header.yourAccountTitle": "Dein Konto: {name}",
  "header.signOut": "Abmelden",
  "header.signedOut": "Du hast dich abgemeldet.",
  "header.signIn": "Anmelden",
  "header.register": "Registrieren",
};

export default de;
