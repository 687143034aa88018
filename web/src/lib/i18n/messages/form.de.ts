// The feedback form's texts in German, with "du" (form.en-GB.ts has the English and the order).
import type { formEn } from "./form.en-GB.ts";

export const formDe: Record<keyof typeof formEn, string> = {
  "form.title": "Rückmeldung",
  "form.lead":
    "{brand, select, bee {Sag uns, was gut läuft, was nicht, und was du dir wünschst. Das Team liest jede Nachricht. Geht es um ein bestimmtes Café, wähl es aus, damit wir wissen, wo wir nachsehen sollen.} other {Sag uns, was gut läuft, was nicht, und was du dir wünschst. Das Team liest jede Nachricht. Geht es um ein bestimmtes Objekt, wähl es aus, damit wir wissen, wo wir nachsehen sollen.}}",
  "form.thanksTitle": "Danke",
  "form.sentAdmin": "Deine Rückmeldung „{subject}“ ist abgeschickt. Sie steht ganz oben in der Liste unten.",
  "form.sentMember": "Deine Rückmeldung „{subject}“ ist abgeschickt. Du siehst sie unten.",
  "form.sendMore": "Noch eine Rückmeldung schicken",
  "form.backHome": "Zurück zur Startseite",
  "form.sentNotice": "Danke: Deine Rückmeldung ist abgeschickt.",

  "form.subject": "Betreff",
  "form.subjectHint": "Ein paar Worte: Worum geht es?",
  "form.message": "Nachricht",
  "form.messageHint": "Was passiert ist, was du erwartet hast, oder deine Idee. Bis zu {max, number} Zeichen.",
  "form.messageCount": "{length, number} / {max, number}",
  "form.about": "{brand, select, bee {Zu einem Café (freiwillig)} other {Zu einem Objekt (freiwillig)}}",
  "form.notAbout": "{brand, select, bee {Zu keinem bestimmten Café} other {Zu keinem bestimmten Objekt}}",
  "form.cameFrom": "{brand, select, bee {Das Café, von dem du kommst} other {Das Objekt, von dem du kommst}}",
  "form.thingsLoading":
    "{brand, select, bee {Die Cafés, die du sehen kannst, werden geladen …} other {Die Objekte, die du sehen kannst, werden geladen …}}",
  "form.thingsFailed":
    "{brand, select, bee {Deine Cafés konnten nicht geladen werden; du kannst die Rückmeldung trotzdem ohne schicken.} other {Deine Objekte konnten nicht geladen werden; du kannst die Rückmeldung trotzdem ohne schicken.}}",
  "form.thingsHint": "{brand, select, bee {Jedes Café, das du sehen kannst.} other {Jedes Objekt, das du sehen kannst.}}",
  "form.send": "Rückmeldung schicken",
  "form.sending": "Wird geschickt …",
  "form.sentWithName": "Mit deinem Namen geschickt, damit wir antworten können.",

  "form.receivedTitle": "Eingegangene Rückmeldungen",
  "form.yoursTitle": "Deine Rückmeldungen",
  "form.receivedLead": "Die Nachrichten aller, die neuesten zuerst. Nur die Verwaltung sieht diese Liste.",
  "form.loading": "Rückmeldungen werden geladen …",
  "form.noneReceived": "Es ist noch keine Rückmeldung eingegangen.",
  "form.noneSent": "Noch nichts geschickt. Deine Nachrichten erscheinen hier, sobald sie abgeschickt sind.",
  "form.showingNewest": "Die neuesten {shown} von {total, number}.",
  "form.formerMember": "Ein ehemaliges Mitglied",
  "form.deleted": "Rückmeldung gelöscht",
  "form.aboutThing": "Zu <link>{name}</link>",
  "form.deleteForGood": "Endgültig löschen",
  "form.deleting": "Wird gelöscht …",
  "form.keep": "Behalten",
  "form.delete": "Löschen",
  "form.deleteLabel": "„{subject}“ löschen",
};
