// The home page's texts in German, with "du" (docs/decisions.md, "English and German"): Objekt
// (bee: Café), Gruppe (bee: Bienenpass); "One Thing" is "dein Herzensobjekt" (bee: Herzenscafé).
import type { homeEn } from "./home.en-GB.ts";

export const homeDe: Record<keyof typeof homeEn, string> = {
  "home.greeting.morning": "Guten Morgen",
  "home.greeting.afternoon": "Guten Tag",
  "home.greeting.evening": "Guten Abend",
  "home.welcome": "Willkommen",
  "home.welcomeNamed": "Willkommen, {name}",
  "home.welcomeBack": "Willkommen zurück",
  "home.welcomeBackNamed": "Willkommen zurück, {name}",
  "home.leadOneThing":
    "{brand, select, bee {So geht es deinen Cafés, und hier wirst du heute gebraucht.} other {So geht es deinen Objekten, und hier wirst du heute gebraucht.}}",
  "home.lead":
    "{brand, select, bee {So steht es um deine Cafés, Bienenpässe und Aufgaben.} other {So steht es um deine Objekte, Gruppen und Aufgaben.}}",
  "home.takeTour": "Rundgang starten",
  "home.tourLabel": "Rundgang durch die Startseite",

  "home.map.aroundYou": "In deiner Nähe",
  "home.map.full": "Ganze Karte und Ebenen",
  "home.map.loading": "Die Karte wird geladen …",
  "home.map.yourOneThing": "{brand, select, bee {Dein Herzenscafé} other {Dein Herzensobjekt}}",
  "home.map.oneOfYours": "{brand, select, bee {Eins deiner Cafés} other {Eins deiner Objekte}}",
  "home.map.caption": "{caption}: {name}",
  "home.map.aroundIt": "Die Umgebung auf der Karte",
  "home.map.open": "Karte öffnen",

  "home.unavailable": "Gerade nicht verfügbar. Das füllt sich wieder, sobald der Server erreichbar ist.",
  "home.offlineNote": "Offline nicht verfügbar. Das füllt sich wieder, sobald du online bist.",
  "home.tryAgain": "Noch einmal versuchen",
  "home.savedNote": "Du siehst, was auf diesem Gerät gespeichert wurde, {when}. Es wird aktuell, sobald der Server wieder erreichbar ist.",
  "home.signIn": "Anmelden",
  "home.createAccount": "Konto anlegen",
  "home.seeAll": "Alle ansehen",
  "home.actionFailed": "Das hat nicht geklappt",

  "home.figures.mine": "Dein Überblick",
  "home.figures.public": "Überblick",
  "home.figures.myThings": "{brand, select, bee {Meine Cafés} other {Meine Objekte}}",
  "home.figures.devices": "Geräte",
  "home.figures.groups": "{brand, select, bee {Bienenpässe} other {Gruppen}}",
  "home.figures.badges": "Abzeichen",
  "home.figures.week": "Einsätze diese Woche",
  "home.figures.publicThings": "{brand, select, bee {Öffentliche Cafés} other {Öffentliche Objekte}}",
  "home.figures.needWater": "Brauchen jetzt Wasser",
  "home.figures.sensors": "Sensorgeräte",

  "home.quick.label": "Schnellzugriff",
  "home.quick.record": "Einsatz eintragen",
  "home.quick.recordOn": "bei {name}",
  "home.quick.chooseOneThing": "{brand, select, bee {Wähl zuerst dein Herzenscafé} other {Wähl zuerst dein Herzensobjekt}}",
  "home.quick.findThing": "{brand, select, bee {Such dir ein Café zum Kümmern} other {Such dir ein Objekt zum Kümmern}}",
  "home.quick.onYourThings": "{brand, select, bee {Bei einem deiner Cafés} other {Bei einem deiner Objekte}}",
  "home.quick.signInFirst": "Erst anmelden",
  "home.quick.newThing": "{brand, select, bee {Neues Café} other {Neues Objekt}}",
  "home.quick.newThingSub": "Eins zum Kümmern hinzufügen",
  "home.quick.newTask": "Neue Aufgabe",
  "home.quick.newTaskSub": "Jemanden um Hilfe bitten",
  "home.quick.nearest": "{brand, select, bee {Nächstes Café} other {Nächstes Objekt}}",
  "home.quick.nearestSub": "Nutzt deinen Standort",
  "home.quick.browse": "{brand, select, bee {Cafés ansehen} other {Objekte ansehen}}",
  "home.quick.browseSub": "Die öffentlichen, nach Farbe",

  "home.oneThing.now": "{brand, select, bee {{name} ist jetzt dein Herzenscafé} other {{name} ist jetzt dein Herzensobjekt}}",
  "home.oneThing.none": "{brand, select, bee {Du hast kein Herzenscafé mehr} other {Du hast kein Herzensobjekt mehr}}",

  "home.myThings.title": "{brand, select, bee {Meine Cafés} other {Meine Objekte}}",
  "home.myThings.loading": "{brand, select, bee {Deine Cafés werden geladen …} other {Deine Objekte werden geladen …}}",
  "home.myThings.add": "{brand, select, bee {Café hinzufügen} other {Objekt hinzufügen}}",
  "home.myThings.empty":
    "{brand, select, bee {Du kümmerst dich noch um kein Café. Füg eins hinzu, oder öffne ein Café in deiner Nähe und wähle „Mitarbeiten“.} other {Du kümmerst dich noch um kein Objekt. Füg eins hinzu, oder öffne ein Objekt in deiner Nähe und wähle „Mitarbeiten“.}}",
  "home.thing.yourOneThing": "{brand, select, bee {Dein Herzenscafé} other {Dein Herzensobjekt}}",
  "home.thing.owner": "Besitzer",
  "home.thing.collaborator": "Mitarbeit",
  "home.thing.ph": "pH {value}",
  "home.thing.water": "Wasser {value}",
  "home.thing.last":
    "Zuletzt {type, select, WATERING {gegossen} LITTER_CLEANUP {Müll gesammelt} UPKEEP {gepflegt} MEASUREMENT {gemessen} EDUCATION {eine Bildungsaktion} SHARE {geteilt} CREATED {hinzugefügt} other {versorgt}} von {who}, {when}",
  "home.thing.you": "dir",
  "home.thing.someone": "jemandem",
  "home.thing.noActions": "Noch keine Einsätze eingetragen",
  "home.thing.recordLabel": "Einsatz bei {name} eintragen",
  "home.thing.record": "Eintragen",
  "home.thing.makeOneThing": "{brand, select, bee {Zu deinem Herzenscafé machen} other {Zu deinem Herzensobjekt machen}}",
  "home.thing.isOneThing": "{brand, select, bee {{name} ist dein Herzenscafé} other {{name} ist dein Herzensobjekt}}",
  "home.thing.makeNamedOneThing":
    "{brand, select, bee {{name} zu deinem Herzenscafé machen} other {{name} zu deinem Herzensobjekt machen}}",

  "home.glance.title": "{brand, select, bee {Cafés auf einen Blick} other {Objekte auf einen Blick}}",
  "home.glance.total":
    "{scope, select, public {{brand, select, bee {{count, plural, one {# öffentliches Café} other {# öffentliche Cafés}}} other {{count, plural, one {# öffentliches Objekt} other {# öffentliche Objekte}}}}} other {{brand, select, bee {{count, plural, one {# Café, das du sehen kannst} other {# Cafés, die du sehen kannst}}} other {{count, plural, one {# Objekt, das du sehen kannst} other {# Objekte, die du sehen kannst}}}}}}",
  "home.glance.empty":
    "{brand, select, bee {Noch keine Cafés zu zeigen. Sie erscheinen hier nach Farbe, sobald jemand welche hinzufügt.} other {Noch keine Objekte zu zeigen. Sie erscheinen hier nach Farbe, sobald jemand welche hinzufügt.}}",
  "home.glance.needsWater": "Braucht Wasser",
  "home.glance.allWell": "Gerade braucht nichts Wasser.",
  "home.colour.red": "zu trocken",
  "home.colour.orange": "brauchen Wasser",
  "home.colour.green": "feucht",
  "home.colour.blue": "zu nass",
  "home.colour.grey": "kein aktueller Messwert",

  "home.badges.title": "Abzeichen",
  "home.badges.all": "Alle Abzeichen",
  "home.badges.empty": "Trag deinen ersten Einsatz ein, um ein Abzeichen zu bekommen. Weitere gibt es bei 10 und 50.",
  "home.badges.name":
    "{kind, select, signin {Stammgast {level}} created {Gründer {level}} littercleanup {Müllsammler {level}} share {Teilprofi {level}} watering {Gießprofi {level}} litres {Wasserträger {level}} education {Lehrkraft {level}} upkeep {Pflegeprofi {level}} measurement {Messprofi {level}} other {Abzeichen}}",
  "home.badges.badge": "Abzeichen",
  "home.badges.level": "Stufe {level}",

  "home.groups.title": "{brand, select, bee {Meine Bienenpässe} other {Meine Gruppen}}",
  "home.groups.all": "{brand, select, bee {Alle Bienenpässe} other {Alle Gruppen}}",
  "home.groups.find": "{brand, select, bee {Bienenpass finden} other {Gruppe finden}}",
  "home.groups.empty":
    "{brand, select, bee {Tritt einem Bienenpass bei, um dich gemeinsam um Cafés zu kümmern.} other {Tritt einer Gruppe bei, um dich gemeinsam um Objekte zu kümmern.}}",
  "home.groups.owner": "du bist Besitzer",
  "home.groupType.BEEPASS": "Bienenpass",
  "home.groupType.COUNCIL": "Kommune",
  "home.groupType.ESTATE": "Wohnanlage",
  "home.groupType.ORCHARD": "Obstwiese",
  "home.groupType.GROWER": "Gärtnergruppe",

  "home.devices.title": "Meine Geräte",
  "home.devices.all": "Alle Geräte",
  "home.devices.add": "Gerät hinzufügen",
  "home.devices.empty":
    "{brand, select, bee {Noch keine Geräte. Bring einen Bodensensor an einem Café an, um hier seine Messwerte zu sehen.} other {Noch keine Geräte. Bring einen Bodensensor an einem Objekt an, um hier seine Messwerte zu sehen.}}",
  "home.devices.on": "an {thing}",
  "home.devices.battery": "Batterie {value} V",
  "home.devices.noReadings": "noch keine Messwerte",
  "home.model.LSE01": "Bodenfeuchtesensor",
  "home.model.LSPH01": "Boden-pH-Sensor",
  "home.model.THE_THINGS_UNO": "Pumpensteuerung",

  "home.activity.title": "Neueste Aktivität",
  "home.activity.all": "Alle Aktivitäten",
  "home.activity.loading": "Die neueste Aktivität wird geladen …",
  "home.activity.empty": "Noch keine Pflege eingetragen. Wenn jemand gießt, aufräumt oder nach etwas sieht, erscheint es hier.",
  "home.activity.line":
    "{type, select, WATERING {{who} {you, select, yes {hast} other {hat}} {thing} gegossen} LITTER_CLEANUP {{who} {you, select, yes {hast} other {hat}} bei {thing} Müll gesammelt} UPKEEP {{who} {you, select, yes {hast} other {hat}} {thing} gepflegt} MEASUREMENT {{who} {you, select, yes {hast} other {hat}} bei {thing} gemessen} EDUCATION {{who} {you, select, yes {hast} other {hat}} bei {thing} eine Bildungsaktion gemacht} SHARE {{who} {you, select, yes {hast} other {hat}} {thing} geteilt} CREATED {{who} {you, select, yes {hast} other {hat}} {thing} hinzugefügt} other {{who} {you, select, yes {hast} other {hat}} sich um {thing} gekümmert}}",
  "home.activity.you": "Du",
  "home.activity.someone": "Jemand",
  "home.activity.aThing": "ein Objekt",

  "home.gallery.title": "{brand, select, bee {Cafés in Bildern} other {Objekte in Bildern}}",
  "home.gallery.loading": "Fotos werden geladen …",
  "home.gallery.browse": "{brand, select, bee {Cafés ansehen} other {Objekte ansehen}}",
  "home.gallery.empty":
    "{brand, select, bee {Noch keine Fotos. Füg einem Café, um das du dich kümmerst, ein Bild hinzu, dann erscheint es in dieser Galerie.} other {Noch keine Fotos. Füg einem Objekt, um das du dich kümmerst, ein Bild hinzu, dann erscheint es in dieser Galerie.}}",
  "home.gallery.photoOf": "Foto von {name}",
  "home.gallery.pauseLabel": "Diashow anhalten",
  "home.gallery.playLabel": "Diashow abspielen",
  "home.gallery.pause": "Pause",
  "home.gallery.play": "Abspielen",
  "home.gallery.previous": "Voriges Foto",
  "home.gallery.next": "Nächstes Foto",
  "home.gallery.slide": "{number} von {count}: {name}",
  "home.gallery.choose": "Foto auswählen",
  "home.gallery.photo": "Foto {number}: {name}",

  "home.recent.title": "{brand, select, bee {Zuletzt angesehene Cafés} other {Zuletzt angesehene Objekte}}",
  "home.recent.empty":
    "{brand, select, bee {Cafés, die du öffnest, erscheinen hier, damit du schnell zu ihnen zurückfindest.} other {Objekte, die du öffnest, erscheinen hier, damit du schnell zu ihnen zurückfindest.}}",

  "home.more.label": "Mehr",
  "home.more.scorer": "Punktestand",
  "home.more.scorerText": "Pflegepunkte nach Person und Gruppe",
  "home.more.community": "Community",
  "home.more.communityText": "Gruppen und die Menschen darin",
  "home.more.feedback": "Feedback senden",
  "home.more.feedbackText": "Ideen, Probleme, Fragen",

  "home.guest.welcome": "Willkommen bei {product}",
  "home.guest.lookAfter": "Kümmere dich",
  "home.guest.lookAfterText":
    "{brand, select, bee {um Bienencafés in deiner Nähe: Blumenkübel mit Wasser, die die Bienen füttern.} other {um geteilte Dinge in deiner Nähe: Pflanzkübel, Bäume, Bienencafés, Bänke.}}",
  "home.guest.record": "Trag ein,",
  "home.guest.recordText": "was du gießt, aufräumst und pflegst, und sieh Bodensensoren, Regen und Wetter.",
  "home.guest.join": "Tritt",
  "home.guest.joinText":
    "{brand, select, bee {Bienenpässen bei, teilt Aufgaben und sammelt gemeinsam Abzeichen.} other {Gruppen bei, teilt Aufgaben und sammelt gemeinsam Abzeichen.}}",
  "home.guest.dashboard": "Dein Überblick",
  "home.guest.dashboardText":
    "{brand, select, bee {Melde dich an, um die Cafés zu sehen, um die du dich kümmerst, mit deinem Herzenscafé zuerst, und um einzutragen, was du getan hast.} other {Melde dich an, um die Objekte zu sehen, um die du dich kümmerst, mit deinem Herzensobjekt zuerst, und um einzutragen, was du getan hast.}}",
  "home.guest.tasks": "Aufgaben, die dir zugewiesen sind, die dringendsten zuerst",
  "home.guest.badges": "Abzeichen und Pflegepunkte im Punktestand",
  "home.guest.groups": "{brand, select, bee {Deine Bienenpässe und Geräte} other {Deine Gruppen und Geräte}}",
};
