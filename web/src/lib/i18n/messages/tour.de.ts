// The guided tour's texts in German, with "du" (tour.en-GB.ts has the English and the order).
import type { tourEn } from "./tour.en-GB.ts";

export const tourDe: Record<keyof typeof tourEn, string> = {
  "tour.progress": "Schritt {step} von {count}",
  "tour.close": "Schließen",
  "tour.skip": "Tour überspringen",
  "tour.back": "Zurück",
  "tour.finish": "Fertig",
  "tour.next": "Weiter",
  "tour.keys": "Mit den Pfeiltasten gehst du zwischen den Schritten hin und her; Esc beendet die Tour.",

  "tour.home.label": "Tour durch die Startseite",
  "tour.home.welcome.title": "Willkommen bei {product}",
  "tour.home.welcome.body":
    "Ein kurzer Rundgang über deine Startseite: fünf kurze Stationen. Nutze die Knöpfe oder die Pfeiltasten; mit Esc beendest du die Tour jederzeit.",
  "tour.home.things.title": "{brand, select, bee {Was Cafés sind} other {Was Objekte sind}}",
  "tour.home.things.what":
    "{brand, select, bee {Cafés sind Bienen-Cafés: Pflanzkübel und Blumenbeete für Bienen, jeweils mit einer flachen Wasserschale, um die sich Leute gemeinsam kümmern.} other {Objekte sind geteilte Orte und Dinge, um die sich Leute gemeinsam kümmern: Pflanzkübel, Bäume, Bienen-Cafés, Bänke.}}",
  "tour.home.things.dot":
    "Der Punkt zeigt, wie es jedem geht: Rot ist zu trocken, Orange braucht Wasser, Grün ist gut, Blau ist zu nass, Grau heißt, es gibt keinen aktuellen Messwert.",
  "tour.home.things.dotSignedIn":
    "{brand, select, bee {Der Punkt zeigt, wie es jedem geht: Rot ist zu trocken, Orange braucht Wasser, Grün ist gut, Blau ist zu nass, Grau heißt, es gibt keinen aktuellen Messwert. Dein Lieblings-Café steht ganz oben.} other {Der Punkt zeigt, wie es jedem geht: Rot ist zu trocken, Orange braucht Wasser, Grün ist gut, Blau ist zu nass, Grau heißt, es gibt keinen aktuellen Messwert. Dein Lieblingsobjekt steht ganz oben.}}",
  "tour.home.record.title": "Halte fest, was du getan hast",
  "tour.home.record.body":
    "{brand, select, bee {Ein Café gegossen, Müll aufgesammelt, etwas repariert? Halte den Einsatz hier mit ein paar Tipps fest. Jeder Einsatz ist ein Pflegepunkt auf der Punktetafel und zählt für deine Abzeichen.} other {Ein Objekt gegossen, Müll aufgesammelt, etwas repariert? Halte den Einsatz hier mit ein paar Tipps fest. Jeder Einsatz ist ein Pflegepunkt auf der Punktetafel und zählt für deine Abzeichen.}}",
  "tour.home.tasks.title": "Aufgaben",
  "tour.home.tasks.body":
    "{brand, select, bee {Was andere dich gebeten haben zu tun, steht hier, das Dringendste zuerst. Neue Aufgaben für deine Cafés planst du auf der Seite Aufgaben.} other {Was andere dich gebeten haben zu tun, steht hier, das Dringendste zuerst. Neue Aufgaben für deine Objekte planst du auf der Seite Aufgaben.}}",
  "tour.home.map.title": "Die Karte",
  "tour.home.map.body":
    "{brand, select, bee {Sieh auf einen Blick, wo Cafés sind und wie es ihnen geht, und öffne dann die Karte mit den Ebenen für Boden, B-Lines und Niederschlag.} other {Sieh auf einen Blick, wo Objekte sind und wie es ihnen geht, und öffne dann die Karte mit den Ebenen für Boden, B-Lines und Niederschlag.}}",
  "tour.home.badges.title": "Abzeichen",
  "tour.home.badges.body":
    "Abzeichen gibt es bei 1, 10 und 50 Einsätzen jeder Art: Gießen, Aufräumen, Pflege, Teilen und mehr. Diese Tour kannst du jederzeit wieder von der Startseite aus starten.",
};
