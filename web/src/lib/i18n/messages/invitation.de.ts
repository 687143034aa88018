// The invitation page's texts in German, with "du".
import type { invitationEn } from "./invitation.en-GB.ts";

export const invitationDe: Record<keyof typeof invitationEn, string> = {
  "invitation.title":
    "{kind, select, device {Einladung zu einem Gerät annehmen} group {{brand, select, bee {Einem Bienenpass beitreten} other {Einer Gruppe beitreten}}} other {{brand, select, bee {Einladung zu einem Café annehmen} other {Einladung zu einem Objekt annehmen}}}}",
  "invitation.incomplete": "Dieser Einladungslink ist unvollständig",
  "invitation.incompleteText":
    "Öffne den ganzen Link aus deiner Einladungs-E-Mail, oder bitte {kind, select, device {den Besitzer des Geräts} group {{brand, select, bee {den Besitzer des Bienenpasses} other {den Besitzer der Gruppe}}} other {{brand, select, bee {den Besitzer des Cafés} other {den Besitzer des Objekts}}}}, dich noch einmal einzuladen.",
  "invitation.signInTitle": "Melde dich an, um anzunehmen",
  "invitation.signInText":
    "Melde dich mit dem Konto an, das die E-Mail-Adresse hat, an die diese Einladung ging, oder leg mit dieser Adresse ein Konto an. Danach kommst du hierher zurück und kannst annehmen.",
  "invitation.signIn": "Anmelden",
  "invitation.register": "Konto anlegen",
  "invitation.notFound": "Diese Einladung gibt es nicht oder sie ist abgelaufen",
  "invitation.notFoundText":
    "Einladungen gelten 14 Tage und nur einmal. Bitte {kind, select, device {den Besitzer des Geräts} group {{brand, select, bee {den Besitzer des Bienenpasses} other {den Besitzer der Gruppe}}} other {{brand, select, bee {den Besitzer des Cafés} other {den Besitzer des Objekts}}}}, dich noch einmal einzuladen.",
  "invitation.seeAll":
    "{kind, select, device {Alle Geräte ansehen} group {{brand, select, bee {Alle Bienenpässe ansehen} other {Alle Gruppen ansehen}}} other {{brand, select, bee {Alle Cafés ansehen} other {Alle Objekte ansehen}}}}",
  "invitation.codeInvalid": "Dieser Einladungscode ist ungültig",
  "invitation.codeInvalidText":
    "Prüf, ob du den ganzen Link aus der E-Mail geöffnet hast. Wenn die Einladung noch einmal geschickt wurde, nimm die neueste E-Mail: Der ältere Link funktioniert dann nicht mehr.",
  "invitation.otherAddress": "Diese Einladung ging an eine andere E-Mail-Adresse",
  "invitation.otherAddressText":
    "Melde dich mit dem Konto an, das diese Adresse hat, oder füg die Adresse deinem Konto hinzu und bestätige sie (nur bestätigte Adressen zählen). Öffne den Link dann noch einmal.",
  "invitation.yourAddresses": "Deine E-Mail-Adressen",
  "invitation.errorOccurred": "Ein Fehler ist aufgetreten",
  "invitation.tryAgain": "Noch einmal versuchen",
  "invitation.checking": "Deine Einladung wird geprüft…",
  "invitation.invited":
    "{kind, select, device {Du wurdest eingeladen, das Gerät {name} mitzunutzen.} group {Du wurdest eingeladen, {name} beizutreten.} other {Du wurdest eingeladen, dich mit um {name} zu kümmern.}}",
  "invitation.about":
    "{kind, select, device {Wenn du annimmst, siehst du das Gerät und seine Messwerte, auch wenn es privat ist.} group {Als Mitglied kümmerst du dich um {brand, select, bee {die Cafés} other {die Objekte}}, trägst Pflege ein und siehst, was passiert.} other {Wenn du annimmst, arbeitest du daran mit: Du kannst Aktionen eintragen und verfolgen, wie es ihm geht.}}",
  "invitation.accept": "{kind, select, thing {Annehmen} other {Einladung annehmen}}",
  "invitation.accepting": "Wird angenommen…",
  "invitation.notNow":
    "{kind, select, group {{brand, select, bee {Erst den Bienenpass ansehen} other {Erst die Gruppe ansehen}}} other {Jetzt nicht}}",
  "invitation.failed":
    "{kind, select, group {Die Mitgliedschaft konnte nicht angenommen werden} other {Der Zugang konnte nicht angenommen werden}}",
  "invitation.done":
    "{kind, select, device {Du hast jetzt Zugang zu {name}} group {{brand, select, bee {Bienenpass beigetreten} other {Gruppe beigetreten}}} other {Du arbeitest jetzt an {name} mit}}",
  "invitation.alreadyTitle": "Du hast schon Zugang",
  "invitation.open": "{name} öffnen",
};
