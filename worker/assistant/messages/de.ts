// The care assistant's words in German, with "du" (docs/decisions.md, "English and German");
// en-GB.ts says what the arguments are.
import type { ChatKey } from "./en-GB.ts";

export const de: Record<ChatKey, string> = {
  "format.duration":
    "{unit, select, minute {{n, plural, one {# Minute} other {# Minuten}}} hour {{n, plural, one {# Stunde} other {# Stunden}}} other {{n, plural, one {# Tag} other {# Tage}}}}",
  "format.ago":
    "{unit, select, minute {{n, plural, one {vor # Minute} other {vor # Minuten}}} hour {{n, plural, one {vor # Stunde} other {vor # Stunden}}} other {{n, plural, one {vor # Tag} other {vor # Tagen}}}}",
  "format.justNow": "gerade eben",
  "format.band": "{band, select, dry {trocken} needsWater {braucht Wasser} good {gut} saturated {gesättigt} other {unbekannt}}",
  "format.action":
    "{type, select, WATERING {Gießen} LITTER_CLEANUP {Müllsammeln} UPKEEP {Pflege} MEASUREMENT {Messung} EDUCATION {Bildungsaktion} SHARE {Teilen} CREATED {Anlegen} other {{raw}}}",
  "format.priority": "{priority, select, low {niedrige} normal {normale} medium {mittlere} high {hohe} other {{priority}}}",

  "moisture.stale": "Der letzte Messwert der Bodenfeuchte, {water}, ist {age} alt und stimmt vielleicht nicht mehr.",
  "moisture.meaning":
    "{band, select, dry {trocken ist unter {dry} %} needsWater {{dry} bis {needsWater} % heißt, es braucht bald Wasser} good {gut ist {needsWater} bis {good} %} other {gesättigt ist ab {good} %}}",
  "moisture.now": "Die Bodenfeuchte liegt bei {water} ({meaning}), gemessen {ago}.",

  "rain.where": "an der Station {station} ({km} entfernt)",
  "rain.fell":
    "{hasWeek, select, yes {{where} fielen in den letzten 24 Stunden {mm} Regen ({week} in den letzten 7 Tagen)} other {{where} fielen in den letzten 24 Stunden {mm} Regen}}",
  "rain.gauge":
    "{hasLast, select, yes {der Regenmesser {where} hat in den letzten 7 Tagen {mm} gemessen (seine letzte Meldung kam {ago})} other {der Regenmesser {where} hat in den letzten 7 Tagen {mm} gemessen}}",
  "rain.none":
    "{hasLast, select, yes {der nächste Regenmesser, {station} ({km} entfernt), hat in den letzten 7 Tagen keine Werte geschickt (zuletzt {ago})} other {der nächste Regenmesser, {station} ({km} entfernt), hat in den letzten 7 Tagen keine Werte geschickt}}",

  "forecast.stale": "die gespeicherte Vorhersage ist veraltet (aktualisiert {ago})",
  "forecast.next":
    "{next, select, none {{after, select, none {für die nächsten 24 Stunden ist kein Regen vorhergesagt, für den Tag danach auch nicht} some {für die nächsten 24 Stunden ist kein Regen vorhergesagt, für den Tag danach {afterMm}} other {für die nächsten 24 Stunden ist kein Regen vorhergesagt}}} other {{after, select, none {für die nächsten 24 Stunden sind {mm} Regen vorhergesagt, für den Tag danach keiner} some {für die nächsten 24 Stunden sind {mm} Regen vorhergesagt, für den Tag danach {afterMm}} other {für die nächsten 24 Stunden sind {mm} Regen vorhergesagt}}}}",

  "watering.last":
    "{hasBy, select, yes {zuletzt gegossen wurde es {ago} ({day}, von {by})} other {zuletzt gegossen wurde es {ago} ({day})}}",

  "advice.soakIn":
    "es wurde {ago} gegossen, also gib dem Wasser Zeit zum Einsickern und prüf den Messwert später am Tag noch einmal, bevor du mehr gießt",
  "advice.waterAnyway": "gieß es heute trotzdem, denn der Boden ist jetzt trocken, und lass den vorhergesagten Regen den Rest erledigen",
  "advice.waterToday": "gieß es heute",
  "advice.rainEnough": "der vorhergesagte Regen sollte reichen, aber schau noch einmal nach, wenn er gefallen ist",
  "advice.checkTomorrow": "es wurde {ago} gegossen, also prüf den Messwert morgen noch einmal",
  "advice.withinDay": "gieß es im Lauf des nächsten Tages",
  "advice.noNeed": "es braucht jetzt kein Wasser",
  "advice.saturated": "gieß es nicht: Der Boden ist schon gesättigt",
  "advice.wateredRecently": "es wurde vor Kurzem gegossen und braucht wahrscheinlich noch kein Wasser; prüf den Boden mit dem Finger",
  "advice.rainedEnough": "der Regen der letzten Zeit hat wahrscheinlich gereicht; prüf den Boden mit dem Finger, bevor du gießt",
  "advice.rainComing": "es kommt Regen, also warte darauf, außer die obersten Zentimeter des Bodens sind trocken",
  "advice.fingerTest": "wenn sich die obersten Zentimeter des Bodens trocken anfühlen, gieß es",

  "needs.noReading": "Für {name} gibt es keinen Messwert der Bodenfeuchte, deshalb kann ich nicht messen, wie feucht es ist.",
  "needs.trend": "In den letzten {days} Tagen ging der Tagesdurchschnitt von {from} auf {to}.",
  "needs.noWatering": "es wurde noch kein Gießen eingetragen",
  "needs.noData": "Für diesen Ort habe ich noch keine Daten von Regenmessern oder Vorhersagen.",
  "needs.so": "Also: {advice}.",

  "last.counted":
    "{count, plural, one {In den letzten 30 Tagen wurde {n} Mal Gießen eingetragen.} other {In den letzten 30 Tagen wurde {n} Mal Gießen eingetragen.}}",
  "last.watered":
    "{hasBy, select, yes {{hasNote, select, yes {{name} wurde zuletzt {ago} gegossen, am {day}, von {by}, mit der Notiz „{note}“.} other {{name} wurde zuletzt {ago} gegossen, am {day}, von {by}.}}} other {{hasNote, select, yes {{name} wurde zuletzt {ago} gegossen, am {day}, mit der Notiz „{note}“.} other {{name} wurde zuletzt {ago} gegossen, am {day}.}}}}",
  "last.none": "Für {name} wurde noch kein Gießen eingetragen.",
  "last.lastAction": "Die letzte Pflegeaktion war {action} {ago} ({day}).",
  "last.noActions": "Es wurden noch keine Pflegeaktionen eingetragen.",
  "last.recordIt": "Wenn du es gießt, trag das als Gießen ein, damit alle Bescheid wissen.",

  "weather.none": "Für {name} habe ich noch keine Wettervorhersage (Vorhersagen werden jede Stunde aktualisiert).",
  "weather.updated": "(Vorhersage von Open-Meteo, aktualisiert {ago})",
  "weather.stale": "Die gespeicherte Vorhersage für {name} ist veraltet {updated}, deshalb kann ich nicht sagen, was kommt.",
  "weather.forecast": "Bei {name}: {forecast} {updated}.",
  "weather.temps": "Die Temperaturen liegen in den nächsten {hours} Stunden zwischen {min} und {max}.",
  "weather.chance": "Die höchste Regenwahrscheinlichkeit in einer Stunde liegt bei {percent}.",
  "weather.dayLine": "{hasTemps, select, yes {{day}: {rain}, {min} bis {max}} other {{day}: {rain}}}",
  "weather.byDay": "Nach Tagen: {days}.",
  "weather.frost": "Frost ist möglich: Deck empfindliche Pflanzen ab und gieß nicht am Abend",
  "weather.hot": "es wird heiß: Gieß früh am Morgen oder am Abend",
  "weather.rainSaves": "der Regen sollte dir etwas Gießen ersparen",

  "sensor.pumpState": "{state, select, on {an} off {aus} other {Zustand unbekannt}}",
  "sensor.pumps":
    "{count, plural, one {Die Pumpensteuerung {names} schickt keine Messwerte.} other {Die Pumpensteuerungen {names} schicken keine Messwerte.}}",
  "sensor.none":
    "{pumps, select, yes {An {name} ist kein Sensor angebracht, der den Boden misst.} other {An {name} ist kein Sensor angebracht.}}",
  "sensor.lastReading": "Der letzte Messwert kam {ago}.",
  "sensor.register":
    "Du kannst unter Geräte einen Bodensensor anmelden (LSE01 für die Feuchte, LSPH01 für den pH-Wert) und ihn mit diesem Objekt verbinden.",
  "sensor.neverReported":
    "{device} ({model}) hat sich nicht gemeldet, seit es {ago} hinzugefügt wurde: Prüf, ob es eingeschaltet, mit dem Netz verbunden und in Reichweite eines Gateways ist.",
  "sensor.battery": "der Batterie bei {volts}",
  "sensor.signal": "{hasSnr, select, yes {einem Signal von {rssi} dBm (SNR {snr} dB)} other {einem Signal von {rssi} dBm}}",
  "sensor.reported":
    "{hasDetails, select, yes {{device} ({model}) hat sich zuletzt {ago} gemeldet ({when}), mit {details}} other {{device} ({model}) hat sich zuletzt {ago} gemeldet ({when})}}",
  "sensor.silent": "das sind mehr als {hours} Stunden ohne Meldung, also prüf Batterie, Antenne und Sonde",
  "sensor.lowBattery": "die Batterie ist schwach (unter {volts}), also tausch sie bald aus oder lade sie auf",
  "sensor.problems": "{reported}: {problems}.",
  "sensor.working": "{reported}, es funktioniert also.",
  "sensor.received":
    "{count, plural, one {{name} hat an {days} der letzten 7 Tage {n} Messwert bekommen.} other {{name} hat an {days} der letzten 7 Tage {n} Messwerte bekommen.}}",

  "soil.freely":
    "frei drainierender Boden lässt Wasser schnell durch und trocknet in Trockenzeiten rasch aus: Gieß gründlich und seltener und mulche, damit die Feuchtigkeit bleibt",
  "soil.impeded":
    "Wasser läuft hier nur langsam ab, der Boden bleibt nach Regen nass: Gieß nicht zu viel und betritt ihn nicht, wenn er durchnässt ist",
  "soil.clay": "Ton hält Wasser und Nährstoffe gut, verdichtet aber leicht: Betritt oder grab ihn nicht, wenn er nass ist",
  "soil.sand": "sandiger Boden hält wenig Wasser und Nährstoffe: Gib Kompost dazu und gieß öfter",
  "soil.loam": "lehmiger Boden ist ein guter Allrounder, der Wasser und Nährstoffe gut hält",
  "soil.peat": "torfiger Boden hält viel Wasser und Kohlenstoff: Lass ihn nicht austrocknen",
  "soil.lowFertility": "geringe Fruchtbarkeit heißt, Pflanzen freuen sich über Kompost oder eine Mulchschicht aus Laub",
  "soil.highFertility": "hohe Fruchtbarkeit heißt, er braucht kaum Dünger",
  "soil.ph":
    "{level, select, strongAcid {stark sauer} slightAcid {leicht sauer} neutral {etwa neutral, das mögen die meisten Pflanzen} slightAlkaline {leicht alkalisch} other {stark alkalisch}}",
  "soil.phReading":
    "{hasWhen, select, yes {Die Sonde misst einen pH-Wert von {ph} ({meaning}; 6,0 bis 7,5 ist der gute Bereich), gemessen {ago}.} other {Die Sonde misst einen pH-Wert von {ph} ({meaning}; 6,0 bis 7,5 ist der gute Bereich).}}",
  "soil.conductivityLevel":
    "{level, select, low {niedrig: wenig Nährstoffe im Bodenwasser} high {hoch: salzig oder überdüngt} other {im üblichen Bereich von 100 bis 1500}}",
  "soil.conductivity":
    "{hasWhen, select, yes {Die Leitfähigkeit liegt bei {value} µS/cm ({level}), gemessen {ago}.} other {Die Leitfähigkeit liegt bei {value} µS/cm ({level}).}}",
  "soil.temperature":
    "{hasWhen, select, yes {Die Bodentemperatur liegt bei {value}, gemessen {ago}.} other {Die Bodentemperatur liegt bei {value}.}}",
  "soil.noData": "Für den Standort von {name} ({lat}; {lon}) habe ich keine Daten zur Bodenlandschaft.",
  "soil.cannotSay":
    "Ohne Bodensonde oder Bodenkarte kann ich nicht mehr sagen; ein pH-Test aus dem Gartencenter zeigt dir, ob der Boden sauer oder alkalisch ist.",
  "soil.texture": "Textur {value}",
  "soil.fertility": "Fruchtbarkeit {value}",
  "soil.carbon": "Kohlenstoff {value}",
  "soil.named": "{hasClass, select, yes {der Bodenlandschaft „{name}“ (Klasse {class})} other {der Bodenlandschaft „{name}“}}",
  "soil.its": "seiner Bodenlandschaft",
  "soil.sits": "{hasTraits, select, yes {{name} liegt auf {label}: {traits}.} other {{name} liegt auf {label}.}}",
  "soil.habitats": "Typische Lebensräume: {habitats}.",
  "soil.drains":
    "{hasRisk, select, yes {Das Wasser fließt hier ab in: {to}, und das größte Risiko ist {risk}; geh also sparsam mit Dünger um und verwende in der Nähe nie Pestizide.} other {Das Wasser fließt hier ab in: {to}; geh also sparsam mit Dünger um und verwende in der Nähe nie Pestizide.}}",
  "soil.sample": "(Die Bodenlandschaft stammt aus einer Beispielkarte, nicht aus einer Kartierung.)",

  "week.waterReading": "Wasser: Die Bodenfeuchte liegt bei {water} ({band}), gemessen {ago}, also: {advice}.",
  "week.waterNoReading":
    "{hasSince, select, yes {Wasser: Es gibt keinen aktuellen Feuchtewert und {since}; {advice}.} other {Wasser: Es gibt keinen aktuellen Feuchtewert und es wurde noch kein Gießen eingetragen; {advice}.}}",
  "week.overdue": "überfällig seit {day}",
  "week.due": "fällig am {day}",
  "week.noDue": "ohne Fälligkeitsdatum",
  "week.task": "„{title}“ ({due}, {priority} Priorität)",
  "week.tasks": "{hasMore, select, yes {Aufgaben: {count} offen: {items} und weitere.} other {Aufgaben: {count} offen: {items}.}}",
  "week.noTasks": "Aufgaben: keine offen.",
  "week.weather":
    "{hasTemps, select, yes {{hasFrost, select, yes {Wetter: {mm} Regen und {min} bis {max} in den nächsten {hours} Stunden; Frost ist möglich, also schütz empfindliche Pflanzen.} other {Wetter: {mm} Regen und {min} bis {max} in den nächsten {hours} Stunden.}}} other {{hasFrost, select, yes {Wetter: {mm} Regen in den nächsten {hours} Stunden; Frost ist möglich, also schütz empfindliche Pflanzen.} other {Wetter: {mm} Regen in den nächsten {hours} Stunden.}}}}",
  "week.noWeather": "Wetter: Es ist keine aktuelle Vorhersage gespeichert.",
  "week.rainSoFar": "Regen bisher: {rain}.",
  "week.neverReported": "{device} hat sich noch nie gemeldet",
  "week.silent": "{device} ist seit {duration} still",
  "week.lowBattery": "die Batterie von {device} ist schwach ({volts})",
  "week.sensorProblems": "{count, plural, one {Sensor: {items}: Prüf ihn.} other {Sensor: {items}: Prüf sie.}}",
  "week.sensorItem":
    "{hasBattery, select, yes {{device} hat sich {ago} gemeldet (Batterie {volts})} other {{device} hat sich {ago} gemeldet}}",
  "week.sensorsFine": "Sensor: {items}, alles in Ordnung.",
  "week.noUpkeep": "Pflege: Es wurde noch keine Pflege und kein Müllsammeln eingetragen; Aufräumen würde helfen.",
  "week.upkeepDue": "Pflege: {action} war zuletzt {ago}; Aufräumen würde helfen.",
  "week.bLine":
    "Bestäuber: Es liegt in einem B-Lines-Korridor, also lass ein paar Blüten für die Bienen stehen und verzichte auf Pestizide.",
  "week.heading": "Diese Woche bei {name}:",

  "summary.aType":
    "{type, select, BEECAFE {ein Bienencafé} APIARY {ein Bienenstand} GREENHOUSE {ein Gewächshaus} MEADOW {eine Wiese} FLOWERBED {ein Blumenbeet} TREE {ein Baum} BIN {ein Mülleimer} PLANTER {ein Pflanzkübel} HEDGE {eine Hecke} GRAVE {ein Grab} VEGETABLEBED {ein Gemüsebeet} WALL {eine Mauer} FENCE {ein Zaun} BENCH {eine Bank} MURAL {ein Wandbild} NOTICEBOARD {ein Schwarzes Brett} BOOKSHARE {ein Bücherschrank} PLAQUE {eine Gedenktafel} SCULPTURE {eine Skulptur} other {ein Objekt ({raw})}}",
  "summary.intro":
    "{hasWhere, select, yes {{hasGroup, select, yes {{name} ist {aType} ({where}), betreut von {group}.} other {{name} ist {aType} ({where}).}}} other {{hasGroup, select, yes {{name} ist {aType}, betreut von {group}.} other {{name} ist {aType}.}}}}",
  "summary.colour":
    "Seine Anzeige ist {colour, select, green {grün} yellow {gelb} amber {gelb} orange {orange} red {rot} grey {grau} gray {grau} blue {blau} other {{colour}}}.",
  "summary.lastAction": "Die letzte Pflegeaktion war {action} {ago}.",
  "summary.tasks":
    "{overdue, plural, =0 {{count, plural, one {# Aufgabe ist offen.} other {# Aufgaben sind offen.}}} other {{count, plural, one {# Aufgabe ist offen, {overdue} davon überfällig.} other {# Aufgaben sind offen, {overdue} davon überfällig.}}}}",
  "summary.noTasks": "Es sind keine Aufgaben offen.",
  "summary.sensors":
    "{attention, select, yes {{count, plural, one {# Sensor angebracht, einer braucht Aufmerksamkeit.} other {# Sensoren angebracht, einer braucht Aufmerksamkeit.}}} other {{count, plural, one {# Sensor angebracht, er funktioniert.} other {# Sensoren angebracht, sie funktionieren.}}}}",
  "summary.noReading": "Es gibt keinen Messwert der Bodenfeuchte.",
  "summary.bLine": "Es liegt in einem B-Lines-Korridor für Bestäuber.",
  "summary.youCanAsk":
    "Du kannst mich fragen: Braucht es Wasser? Wann wurde es zuletzt gegossen? Funktioniert der Sensor? Was bedeutet der Boden? Was soll ich diese Woche tun?",

  "failure.reason":
    "{failure, select, timeout {er hat nicht rechtzeitig geantwortet} http {er hat einen Fehler gemeldet} network {er war nicht erreichbar} unreadable {seine Antwort war nicht lesbar} other {etwas ist schiefgelaufen}}",
  "failure.reply":
    "Entschuldige, ich konnte den KI-Assistenten gerade nicht erreichen ({reason}). Bitte versuche es in ein paar Minuten noch einmal. Bis dahin hier, was der eingebaute Pflegeassistent aus den Daten von {name} ablesen kann:\n\n{fallback}",
  "failure.reading":
    "Entschuldige, beim Lesen der Daten ist etwas schiefgelaufen, deshalb kann ich diese Frage nicht beantworten. Bitte frag später noch einmal.",
  "failure.noContext": "Entschuldige, ich habe die Daten dieses Objekts nicht gefunden und kann deshalb nicht antworten.",
  "failure.readingThing": "Entschuldige, beim Lesen der Daten von {name} ist etwas schiefgelaufen. Bitte frag später noch einmal.",
};
