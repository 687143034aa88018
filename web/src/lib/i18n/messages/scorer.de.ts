// The scorer's texts in German, with "du" (docs/decisions.md, "English and German"); the twin of
// scorer.en-GB.ts. German says "Platz 2" where English says "2nd".
import type { scorerEn } from "./scorer.en-GB.ts";

export const scorerDe: Record<keyof typeof scorerEn, string> = {
  "scorer.title": "Bestenliste",
  "scorer.lead":
    "{brand, select, bee {Pflegepunkte: einer für jede Aktion, die an einem Café eingetragen wird – Gießen, Aufräumen, Instandhaltung und alles andere. Bienenpässe bekommen die Punkte der Aktionen an ihren Cafés. Liter zählen das Wasser, das beim Gießen eingetragen wurde.} other {Pflegepunkte: einer für jede Aktion, die an einem Objekt eingetragen wird – Gießen, Aufräumen, Instandhaltung und alles andere. Gruppen bekommen die Punkte der Aktionen an ihren Objekten. Liter zählen das Wasser, das beim Gießen eingetragen wurde.}}",
  "scorer.rankBy": "Rangfolge nach",
  "scorer.carePoints": "Pflegepunkte",
  "scorer.litres": "Liter Wasser",
  "scorer.periods": "Zeitraum",
  "scorer.period.week": "Diese Woche",
  "scorer.period.month": "Diesen Monat",
  "scorer.period.all": "Insgesamt",
  "scorer.standing":
    "Du bist {period, select, MONTH {diesen Monat} ALL_TIME {insgesamt} other {diese Woche}} {joint, select, yes {gemeinsam mit anderen } other {}}auf Platz {rank}, mit {amount}.",
  "scorer.ordinal": "{rank}.",
  "scorer.pointsAmount": "{count, plural, one {# Punkt} other {# Punkten}}",
  "scorer.noPoints": "Du hast {period, select, MONTH {diesen Monat} ALL_TIME {bisher} other {diese Woche}} noch keine Pflegepunkte.",
  "scorer.noLitres":
    "Du hast {period, select, MONTH {diesen Monat} ALL_TIME {bisher} other {diese Woche}} noch keine Liter Wasser eingetragen.",
  "scorer.recordAction":
    "{brand, select, bee {Trag eine Aktion an einem Café ein, um in die Liste zu kommen.} other {Trag eine Aktion an einem Objekt ein, um in die Liste zu kommen.}}",
  "scorer.recordLitres":
    "{brand, select, bee {Trag an einem Café ein Gießen mit Litern ein, um in die Liste zu kommen.} other {Trag an einem Objekt ein Gießen mit Litern ein, um in die Liste zu kommen.}}",
  "scorer.people": "Leute",
  "scorer.groups": "{brand, select, bee {Bienenpässe} other {Gruppen}}",
  "scorer.loadingPeople": "Leute werden geladen …",
  "scorer.loadingGroups": "{brand, select, bee {Bienenpässe werden geladen …} other {Gruppen werden geladen …}}",
  "scorer.you": "Du",
  "scorer.yourGroup": "{brand, select, bee {Dein Bienenpass} other {Deine Gruppe}}",
  "scorer.findThing": "{brand, select, bee {Café finden} other {Objekt finden}}",
  "scorer.noCare":
    "{period, select, MONTH {Diesen Monat} ALL_TIME {Bisher} other {Diese Woche}} wurde noch keine Pflege eingetragen. Wer die erste Aktion einträgt, kommt in die Liste.",
  "scorer.signInToSee":
    "{brand, select, bee {Melde dich an, um zu sehen, wer sich am meisten um Cafés gekümmert hat.} other {Melde dich an, um zu sehen, wer sich am meisten um Objekte gekümmert hat.}}",
  "scorer.seeGroups": "{brand, select, bee {Bienenpässe ansehen} other {Gruppen ansehen}}",
  "scorer.noGroupScores":
    "{brand, select, bee {{period, select, MONTH {Diesen Monat} ALL_TIME {Bisher} other {Diese Woche}} hat noch kein Bienenpass gepunktet. Aktionen an den Cafés eines Bienenpasses zählen für ihn.} other {{period, select, MONTH {Diesen Monat} ALL_TIME {Bisher} other {Diese Woche}} hat noch keine Gruppe gepunktet. Aktionen an den Objekten einer Gruppe zählen für sie.}}",
  "scorer.rank": "Platz",
  "scorer.someone": "Jemand",
  "scorer.waterings": "{count, plural, one {# Gießen} other {# Gießen}}",
  "scorer.pointWord": "{count, plural, one {Punkt} other {Punkte}}",
};
