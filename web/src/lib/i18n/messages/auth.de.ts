// Die Anmelde-, Registrierungs- und E-Mail-Link-Seiten (features/auth) und das Passphrase-Feld
// aller Formulare, auf Deutsch mit "du" (docs/decisions.md, "English and German").
import type { authEn } from "./auth.en-GB.ts";

export const authDe: Record<keyof typeof authEn, string> = {
  "auth.name": "Name",
  "auth.username": "Benutzername",
  "auth.email": "E-Mail",
  "auth.forgotPassphrase": "Passphrase vergessen?",
  "auth.backToSignIn": "Zurück zur Anmeldung",
  "auth.sendMeNewLink": "Schick mir einen neuen Link",
  "auth.sending": "Wird gesendet…",
  "auth.saving": "Wird gespeichert…",
  "auth.linkIncomplete": "Dieser Link ist unvollständig",
  "auth.linkNotSent": "Der Link konnte nicht gesendet werden. Bitte versuche es noch einmal.",
  "auth.resendTooSoon":
    "Wir haben vor weniger als einer Minute einen Link an diese Adresse geschickt. Bitte schau in deinen Posteingang (und den Spam-Ordner), bevor du einen neuen anforderst.",

  "auth.passphrase.label": "Passphrase",
  "auth.passphrase.current": "Aktuelle Passphrase",
  "auth.passphrase.new": "Neue Passphrase",
  "auth.passphrase.confirm": "Passphrase bestätigen",
  "auth.passphrase.confirmNew": "Neue Passphrase bestätigen",
  "auth.passphrase.rules": "Mindestens 8 Zeichen, mit einem Groß- und einem Kleinbuchstaben und einer Ziffer.",
  "auth.passphrase.show": "Zeigen",
  "auth.passphrase.hide": "Verbergen",
  "auth.passphrase.showLabel": "Passphrase zeigen",
  "auth.passphrase.hideLabel": "Passphrase verbergen",

  "auth.signIn.title": "Anmelden",
  "auth.signIn.lead": "Willkommen zurück bei {product}.",
  "auth.signIn.checkDetails": "Prüfe deine Angaben, bevor du sie absendest",
  "auth.signIn.incorrect": "Deine Angaben stimmen nicht",
  "auth.signIn.welcome": "Willkommen zurück, {name}.",
  "auth.signIn.submit": "Anmelden",
  "auth.signIn.busy": "Anmeldung läuft…",
  "auth.signIn.newHere": "Neu hier? <link>Konto erstellen</link>",

  "auth.register.title": "Konto erstellen",
  "auth.register.lead":
    "{brand, select, bee {Mach mit bei {product} und kümmere dich mit anderen um Cafés.} other {Mach mit bei {product} und kümmere dich mit anderen um Objekte.}}",
  "auth.register.usernameHint": "2 bis 23 Zeichen: Buchstaben, Ziffern, _ und -, am Anfang ein Buchstabe.",
  "auth.register.failed": "Die Registrierung hat nicht geklappt. Bitte versuche es noch einmal.",
  "auth.register.welcome": "Willkommen, {name}! Wir haben einen Bestätigungslink an {email} geschickt.",
  "auth.register.submit": "Konto erstellen",
  "auth.register.busy": "Dein Konto wird erstellt…",
  "auth.register.haveAccount": "Du hast schon ein Konto? <link>Anmelden</link>",

  "auth.forgot.failed": "Der Link zum Zurücksetzen der Passphrase konnte nicht gesendet werden.",
  "auth.forgot.lead": "Gib die E-Mail-Adresse deines Kontos ein, und wir schicken dir einen Link, mit dem du eine neue wählst.",
  "auth.forgot.submit": "Link zum Zurücksetzen senden",
  "auth.forgot.checkEmail": "Schau in dein E-Mail-Postfach",
  "auth.forgot.sent":
    "Falls <b>{email}</b> zu einem Konto gehört, haben wir einen Link dorthin geschickt, mit dem du eine neue Passphrase wählst. Der Link funktioniert einmal und eine Stunde lang.",
  "auth.forgot.nothingThere":
    "Nach ein paar Minuten noch nichts da? Schau in deinen Spam-Ordner, oder prüfe, ob du die Adresse deines Kontos verwendet hast.",
  "auth.forgot.anotherAddress": "Andere Adresse verwenden",

  "auth.reset.title": "Passphrase zurücksetzen",
  "auth.reset.incompleteText":
    "Bitte öffne den Link direkt aus der E-Mail, die wir dir geschickt haben, oder kopiere ihn vollständig in die Adresszeile. Du kannst auch einen neuen anfordern.",
  "auth.reset.codeRequired": "Der Bestätigungscode fehlt",
  "auth.reset.invalid": "Dieser Link zum Zurücksetzen ist ungültig oder abgelaufen",
  "auth.reset.locked": "Zurücksetzen der Passphrase gesperrt – zu viele Versuche",
  "auth.reset.done": "Deine neue Passphrase ist gesetzt. Bitte melde dich damit an.",
  "auth.reset.failed": "Deine Passphrase konnte nicht geändert werden. Bitte versuche es noch einmal.",
  "auth.reset.lead": "Wähle eine neue Passphrase für dein Konto. Der Bestätigungscode ist aus deinem Link schon eingetragen.",
  "auth.reset.code": "Bestätigungscode",
  "auth.reset.codeHint": "Aus dem Link in der E-Mail, die wir dir geschickt haben.",
  "auth.reset.submit": "Neue Passphrase setzen",
  "auth.reset.needNewLink": "Brauchst du einen neuen Link?",

  "auth.verify.title": "E-Mail-Adresse bestätigen",
  "auth.verify.checking": "Dein Bestätigungslink wird geprüft…",
  "auth.verify.verified": "Deine E-Mail-Adresse ist bestätigt",
  "auth.verify.thanks": "Danke. Nachrichten zu deinem Konto schicken wir an diese Adresse.",
  "auth.verify.yourEmails": "Deine E-Mail-Adressen",
  "auth.verify.home": "Zur Startseite",
  "auth.verify.signIn": "Anmelden",
  "auth.verify.failed": "Dieser Bestätigungslink ist ungültig oder abgelaufen",
  "auth.verify.usedOrOld":
    "Links funktionieren einmal und 7 Tage lang. Wenn du diesen schon benutzt hast, ist deine Adresse vielleicht bereits bestätigt.",
  "auth.verify.incomplete":
    "Der Link ist unvollständig. Bitte öffne ihn direkt aus der E-Mail, oder kopiere ihn vollständig in die Adresszeile.",
  "auth.verify.sendNewTo": "Neuen Link an {email} senden",
  "auth.verify.sentNewTo": "Wir haben einen neuen Link an {email} geschickt.",
  "auth.verify.sentNotice": "Bestätigungslink an {email} gesendet",
  "auth.verify.alreadyVerified": "{email} ist schon bestätigt; du musst nichts mehr tun.",
  "auth.verify.sendNew": "Neuen Link senden",
  "auth.verify.signInToSend": "Melde dich an, um einen neuen Link zu senden",
};
