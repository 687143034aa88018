// Texts of small screens and shared parts in German, with "du" (misc.en-GB.ts has the English).
import type { miscEn } from "./misc.en-GB.ts";

export const miscDe: Record<keyof typeof miscEn, string> = {
  "notFound.title": "Seite nicht gefunden",
  "notFound.lead": "Unter <code>{path}</code> gibt es keine Seite. Vielleicht ist sie umgezogen, oder der Link hat einen Tippfehler.",
  "notFound.home": "Zur Startseite",

  "offline.action":
    "{thing}: {type, select, WATERING {Gießen} LITTER_CLEANUP {Müll sammeln} UPKEEP {Pflege} MEASUREMENT {Messung} EDUCATION {Bildungsangebot} SHARE {Teilen} CREATED {Hinzufügen} other {Einsatz}}",
  "offline.actionLitres":
    "{thing}: {type, select, WATERING {Gießen} LITTER_CLEANUP {Müll sammeln} UPKEEP {Pflege} MEASUREMENT {Messung} EDUCATION {Bildungsangebot} SHARE {Teilen} CREATED {Hinzufügen} other {Einsatz}}, {litres}",
  "offline.count":
    "{waterings, select, yes {{count, plural, one {# Gießeinsatz} other {# Gießeinsätze}}} other {{count, plural, one {# Einsatz} other {# Einsätze}}}}",
  "offline.waiting":
    "<b>Auf diesem Gerät gespeichert:</b> <counted>{what}</counted> {count, plural, one {wartet} other {warten}} darauf, verschickt zu werden. Das geht von selbst, sobald du wieder online bist.",
  "offline.waitingItem": "{action} — festgehalten um <time>{recorded}</time>",
  "offline.sending": "(wird gesendet …)",
  "offline.failed":
    "<b>Nicht festgehalten:</b> Der Server hat {count, plural, one {diesen Einsatz} other {diese Einsätze}} abgelehnt, die auf diesem Gerät gespeichert {count, plural, one {war} other {waren}}.",
  "offline.failedItem": "{action} (festgehalten um <time>{recorded}</time>): {error}",
  "offline.sentItem": "<b>Gesendet:</b> {action}, festgehalten um <recordedTime>{recorded}</recordedTime> auf diesem Gerät, gesendet um <sentTime>{sent}</sentTime>.",
  "offline.dismiss": "Ausblenden",

  "upload.dropHere": "Lass das Bild hier los",
  "upload.dragHere": "Zieh ein Bild hierher, oder",
  "upload.cancel": "Hochladen abbrechen",
  "download.preparing": "Wird vorbereitet …",
  "download.failed": "Der Download hat nicht geklappt; versuch es noch einmal.",
  "greeting.welcome": "Willkommen",
  "greeting.welcomeName": "Willkommen, {name}",
  "greeting.welcomeBack": "Schön, dass du wieder da bist",
  "greeting.welcomeBackName": "Schön, dass du wieder da bist, {name}",
  "geo.unsupported": "Dein Browser kann den Standort nicht bestimmen",
  "geo.unavailable": "Dein Standort konnte nicht bestimmt werden",
  "geo.denied": "Zugriff auf den Standort verweigert",
  "geo.withReason": "{message}: {reason}",
};
