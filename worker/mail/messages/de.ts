// The e-mails' texts in German, addressed with "du" as the app is (docs/decisions.md, "German:
// du, not Sie"). Written for people, not word by word; the same keys and arguments as en-GB.ts.
import type { MailKey } from "./en-GB.ts";

export const de: Record<MailKey, string> = {
  "mail.hello": "Hallo,",
  "mail.helloNamed": "Hallo {name},",
  "mail.buttonFallback": "Falls der Knopf nicht funktioniert, kopiere diese Adresse in deinen Browser:",
  "mail.open": "Öffnen",
  "mail.changePreferences": "E-Mail-Einstellungen ändern",
  "mail.unsubscribe": "Abbestellen",

  "verifyEmail.subject": "Bestätige deine E-Mail-Adresse für {product}",
  "verifyEmail.body": "Bitte bestätige, dass diese E-Mail-Adresse zu deinem {product}-Konto gehört.",
  "verifyEmail.action": "E-Mail-Adresse bestätigen",
  "verifyEmail.note":
    "Der Link funktioniert einmal und 7 Tage lang. Wenn du diese Adresse keinem Konto hinzugefügt hast, kannst du diese E-Mail einfach ignorieren.",

  "passwordReset.subject": "Neue Passphrase für {product}",
  "passwordReset.body":
    "Jemand – hoffentlich du – möchte die Passphrase deines {product}-Kontos zurücksetzen. Über den Link unten wählst du eine neue.",
  "passwordReset.action": "Neue Passphrase wählen",
  "passwordReset.note":
    "Der Link funktioniert einmal und eine Stunde lang. Wenn du das nicht angefordert hast, ignoriere diese E-Mail einfach: Deine Passphrase bleibt, wie sie ist.",

  "accountDeletion.subject": "Bestätige die Löschung deines {product}-Kontos",
  "accountDeletion.body":
    "Du möchtest dein {product}-Konto löschen. Das ist endgültig: Dein Profil, deine E-Mail-Adressen und dein Zugang zu Objekten, Geräten und Gruppen werden entfernt und lassen sich nicht wiederherstellen.",
  "accountDeletion.action": "Mein Konto löschen",
  "accountDeletion.note":
    "Der Link funktioniert einmal und 24 Stunden lang. Wenn du das nicht angefordert hast, ignoriere diese E-Mail – dein Konto bleibt, wie es ist. Vielleicht möchtest du aber deine Passphrase ändern.",

  "newUser.subject": "Dein neues {product}-Konto",
  "newUser.body": "Ein Admin hat ein {product}-Konto für dich angelegt. Dein Benutzername: {username}",
  "newUser.choose": "Wähle zuerst eine Passphrase für dein Konto:",
  "newUser.action": "Passphrase wählen",
  "newUser.note":
    "Ist der Link abgelaufen? Dann nutze „Passphrase vergessen“ auf der Anmeldeseite ({forgotUrl}) mit dieser E-Mail-Adresse, und du bekommst einen neuen.",

  "passwordChanged.subject": "Deine {product}-Passphrase wurde geändert",
  "passwordChanged.body": "Die Passphrase deines {product}-Kontos wurde gerade geändert.",
  "passwordChanged.note":
    "Warst du das, musst du nichts weiter tun. Wenn nicht, setze deine Passphrase sofort über „Passphrase vergessen“ auf der Anmeldeseite von {product} zurück.",

  "invitation.someone": "Ein Mitglied von {product}",
  "invitation.subject":
    "{inviter} lädt dich ein, {kind, select, thing {{brand, select, bee {das Café} other {das Objekt}} „{target}“ zu pflegen} device {das Gerät „{target}“ mitzunutzen} other {{brand, select, bee {dem Bienenpass} other {der Gruppe}} „{target}“ beizutreten}} – auf {product}",
  "invitation.body":
    "{inviter} lädt dich ein, auf {product} {kind, select, thing {{brand, select, bee {das Café} other {das Objekt}} „{target}“ zu pflegen} device {das Gerät „{target}“ mitzunutzen} other {{brand, select, bee {dem Bienenpass} other {der Gruppe}} „{target}“ beizutreten}}.",
  "invitation.how": "Melde dich zum Annehmen mit dieser E-Mail-Adresse an (oder registriere dich) und öffne dann diesen Link:",
  "invitation.action": "Einladung annehmen",
  "invitation.note": "Die Einladung gilt 14 Tage. Wenn du den Absender nicht kennst, kannst du diese E-Mail ignorieren.",

  "notification.subject": "{title} – {product}",
  "notification.openInApp": "In der App öffnen",
  "notification.why": "Du bekommst diese E-Mail, weil du ein Konto bei {product} hast.",
  "notification.noMore": "Keine E-Mails dieser Art mehr?",
  "notification.unsubscribe": "Diese Art von Hinweisen abbestellen",

  "noticeDigest.subject": "Deine {weekly, select, true {wöchentlichen} other {täglichen}} Hinweise – {product}",
  "noticeDigest.intro":
    "{count, plural, one {Ein Hinweis} other {# Hinweise}} von {product} {weekly, select, true {in dieser Woche} other {von heute}}:",
  "noticeDigest.why":
    "Du bekommst sie gesammelt, {weekly, select, true {einmal pro Woche} other {einmal am Tag}}, wie du es in deinen Hinweis-Einstellungen bei {product} festgelegt hast.",
  "noticeDigest.noMore": "Keine Zusammenfassungen mehr?",

  "dailyDigest.subject": "Deine tägliche Zusammenfassung – {product}",
  "dailyDigest.intro":
    "{needy, plural, =0 {So geht es heute {brand, select, bee {deinen Cafés} other {deinen Objekten}}.} one {# {brand, select, bee {deiner Cafés} other {deiner Objekte}} braucht heute Aufmerksamkeit.} other {# {brand, select, bee {deiner Cafés} other {deiner Objekte}} brauchen heute Aufmerksamkeit.}}",
  "dailyDigest.thingsHeading": "Deine {brand, select, bee {Cafés} other {Objekte}}",
  "dailyDigest.noThings": "Du kümmerst dich noch um keine {brand, select, bee {Cafés} other {Objekte}}.",
  "dailyDigest.need":
    "{need, select, needs_water {{name} braucht Wasser} due_soon {{name} braucht bald Wasser} other {{name}: alles in Ordnung}}",
  "dailyDigest.state":
    "{name} {colour, select, red {ist trocken und braucht jetzt Wasser} orange {braucht bald Wasser} green {ist feucht, nichts zu tun} blue {ist sehr nass: nicht gießen} other {hat keinen aktuellen Messwert}}",
  "dailyDigest.moisture": "({water} % Bodenfeuchte)",
  "dailyDigest.tasksHeading": "Deine Aufgaben",
  "dailyDigest.task": "{title} bei {thing}{due, select, overdue { – überfällig seit {date}} due { – fällig am {date}} other {}}",
  "dailyDigest.noTasks": "Diese Woche sind dir keine offenen Aufgaben zugewiesen.",
  "dailyDigest.activityHeading": "In deinen Gruppen in den letzten 24 Stunden",
  "dailyDigest.activity":
    "{by}: {type, select, CREATED {angelegt} SHARE {geteilt} MEASUREMENT {gemessen} WATERING {gegossen} LITTER_CLEANUP {Müll gesammelt} UPKEEP {gepflegt} EDUCATION {Bildungsarbeit} other {{other}}} bei {thing}",
  "dailyDigest.someone": "Jemand",
  "dailyDigest.nothing": "Es wurde nichts eingetragen.",
  "dailyDigest.open": "App öffnen",
  "dailyDigest.why":
    "Du bekommst diese E-Mail jeden Morgen, weil die tägliche Zusammenfassung in deinem {product}-Profil eingeschaltet ist.",
};
