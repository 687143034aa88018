// Die Texte des Aktivitäts-Feeds auf Deutsch, mit „du“.
import type { activityEn } from "./activity.en-GB.ts";

export const activityDe: Record<keyof typeof activityEn, string> = {
  "activity.today": "Heute",
  "activity.yesterday": "Gestern",
  "activity.title": "Aktivität",
  "activity.lead":
    "{brand, select, bee {Was Leute für die Cafés in ihrer Umgebung getan haben, {sort, select, oldest {das Älteste} other {das Neueste}} zuerst{signedIn, select, true {} other { (nur öffentliche Cafés, bis du dich anmeldest)}}.} other {Was Leute für die Objekte in ihrer Umgebung getan haben, {sort, select, oldest {das Älteste} other {das Neueste}} zuerst{signedIn, select, true {} other { (nur öffentliche Objekte, bis du dich anmeldest)}}.}}",
  "activity.options": "Optionen der Aktivität",
  "activity.search": "Aktivität durchsuchen",
  "activity.newestFirst": "Neueste zuerst",
  "activity.oldestFirst": "Älteste zuerst",
  "activity.show": "Zeigen",
  "activity.everything": "Alles",
  "activity.type.WATERING": "Gießen",
  "activity.type.LITTER_CLEANUP": "Müll sammeln",
  "activity.type.UPKEEP": "Pflege",
  "activity.type.MEASUREMENT": "Messung",
  "activity.type.EDUCATION": "Bildung",
  "activity.type.SHARE": "Teilen",
  "activity.type.CREATED": "Hinzugefügt",
  "activity.loading": "Aktivität wird geladen …",
  "activity.noneMatch": "Keine passende Aktivität",
  "activity.clearFilters": "Suche und Filter zurücksetzen",
  "activity.tryOtherWords":
    "{brand, select, bee {Versuch es mit anderen Wörtern: was getan wurde, ein Kommentar, ein Café oder eine Person.} other {Versuch es mit anderen Wörtern: was getan wurde, ein Kommentar, ein Objekt oder eine Person.}}",
  "activity.noneOfType":
    "{type, select, WATERING {Noch kein Gießen eingetragen} LITTER_CLEANUP {Noch kein Müllsammeln eingetragen} UPKEEP {Noch keine Pflege eingetragen} MEASUREMENT {Noch keine Messung eingetragen} EDUCATION {Noch keine Bildungsaktion eingetragen} SHARE {Noch nichts geteilt} CREATED {Noch nichts hinzugefügt} other {Noch nichts eingetragen}}",
  "activity.showEverything": "Alles zeigen",
  "activity.noneOfTypeText":
    "{brand, select, bee {An den Cafés, die du sehen kannst, wurde so etwas noch nicht eingetragen.} other {An den Objekten, die du sehen kannst, wurde so etwas noch nicht eingetragen.}}",
  "activity.none": "Noch keine Aktivität",
  "activity.findThing":
    "{brand, select, bee {Finde ein Café, um das du dich kümmern kannst} other {Finde ein Objekt, um das du dich kümmern kannst}}",
  "activity.noneText":
    "{brand, select, bee {Wenn Leute ihre Cafés gießen, aufräumen oder messen, erscheint es hier.} other {Wenn Leute ihre Objekte gießen, aufräumen oder messen, erscheint es hier.}}",
  "activity.noun": "{count, plural, one {Aktion} other {Aktionen}}",
  "activity.thatIsAll": "Das ist alles.",
};
