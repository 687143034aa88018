// The notices' texts in German (du; Objekt, Gerät, Gruppe), written for people, not word by word.
import type { NoticeKey } from "./en-GB.ts";

// The whole infinitive clause per action, because German puts the thing and "zu" inside it.
const action =
  "{action, select, WATERING {{thing} zu gießen} LITTER_CLEANUP {bei {thing} Müll zu sammeln} UPKEEP {{thing} zu pflegen} EDUCATION {bei {thing} eine Bildungsaktion zu machen} MEASUREMENT {bei {thing} eine Messung zu machen} SHARE {{thing} zu teilen} other {bei {thing} zu helfen}}";

export const de: Record<NoticeKey, string> = {
  "notice.someone": "Jemand",
  "notice.listedThing": "{name}{need, select, needs_water { (braucht Wasser)} due_soon { (bald fällig)} other {}}",
  "notice.dry_alert.still.title": "{thing} braucht immer noch Wasser",
  "notice.dry_alert.still.body":
    "{thing} braucht Wasser ({reason}). Die Leute, die sich darum kümmern, wissen es seit {hours, plural, one {einer Stunde} other {# Stunden}}, aber seitdem wurde nicht gegossen.",
  "notice.dry_alert.sensed.title": "{thing} braucht Wasser",
  "notice.dry_alert.sensed.body":
    "{thing} ist trocken: Die Bodenfeuchte liegt bei {moisture} % (trocken unter {dry} %), gemessen am {measuredAt, date, ::dMMMM} um {measuredAt, time, ::HHmm} UTC. Es wurde nicht gegossen und es ist kein Regen in Sicht.",
  "notice.dry_alert.sensed_first.title": "{thing} braucht Wasser",
  "notice.dry_alert.sensed_first.body":
    "Du kümmerst dich darum, deshalb erfährst du es zuerst. {thing} ist trocken: Die Bodenfeuchte liegt bei {moisture} % (trocken unter {dry} %), gemessen am {measuredAt, date, ::dMMMM} um {measuredAt, time, ::HHmm} UTC. Es wurde nicht gegossen und es ist kein Regen in Sicht.",
  "notice.dry_alert.estimate.title": "{thing} braucht Wasser",
  "notice.dry_alert.estimate.body":
    "{thing} braucht nach unserer Schätzung Wasser: {reason}. In letzter Zeit wurde nicht gegossen und es ist kein Regen in Sicht.",
  "notice.dry_alert.estimate_first.title": "{thing} braucht Wasser",
  "notice.dry_alert.estimate_first.body":
    "Du kümmerst dich darum, deshalb erfährst du es zuerst. {thing} braucht nach unserer Schätzung Wasser: {reason}. In letzter Zeit wurde nicht gegossen und es ist kein Regen in Sicht.",
  "notice.water_rota.day.title": "Dein Gießtag für {group}",
  "notice.water_rota.day.body": "Heute, {onDate, date, ::EEEEdMMMM}, bist du im Gießplan von {group} dran. Die Objekte: {things}.",
  "notice.water_rota.day_no_things.title": "Dein Gießtag für {group}",
  "notice.water_rota.day_no_things.body": "Heute, {onDate, date, ::EEEEdMMMM}, bist du im Gießplan von {group} dran.",
  "notice.water_rota_swap.accepted.title": "Dein Tausch im Gießplan wurde angenommen",
  "notice.water_rota_swap.accepted.body": "{person} übernimmt {onDate, date, ::EEEEdMMMM} für dich.",
  "notice.water_rota_swap.accepted_return.title": "Dein Tausch im Gießplan wurde angenommen",
  "notice.water_rota_swap.accepted_return.body":
    "{person} übernimmt {onDate, date, ::EEEEdMMMM} für dich; dafür übernimmst du {returnDate, date, ::EEEEdMMMM}.",
  "notice.task_due.title": "Morgen fällig: {task}",
  "notice.task_due.body": "Die Aufgabe „{task}“ bei {thing} ist morgen fällig.",
  "notice.task_assigned.title": "Neue Aufgabe für dich: {task}",
  "notice.task_assigned.body": `{person} bittet dich, ${action}: {task}`,
  "notice.task_assigned_by.title": "Neue Aufgabe für dich: {task}",
  "notice.task_assigned_by.body": `{person} bittet dich, bis {dueDate, date, ::EEEEdMMMM} ${action}: {task}`,
  "notice.group_joined.title": "{person} ist {group} beigetreten",
  "notice.group_joined.body": "{person} ist jetzt Mitglied von {group}.",
  "notice.invitation.thing.title": "Einladung: {name}",
  "notice.invitation.thing.body": "{person} hat dich eingeladen, bei {name} mitzuhelfen.",
  "notice.invitation.device.title": "Einladung: das Gerät {name}",
  "notice.invitation.device.body": "{person} hat dich eingeladen, beim Gerät {name} mitzuhelfen.",
  "notice.invitation.group.title": "Einladung: die Gruppe {name}",
  "notice.invitation.group.body": "{person} hat dich eingeladen, in der Gruppe {name} mitzuhelfen.",
  "notice.invitation.unknown.title": "Einladung: ein neuer Ort",
  "notice.invitation.unknown.body": "{person} hat dich eingeladen, bei etwas mitzuhelfen.",
  "notice.device_health.silent.title": "Gerät {device} prüfen",
  "notice.device_health.silent.body":
    "Das Gerät {device} ({deviceId}) hat seit dem {sinceAt, date, ::dMMMM}, {sinceAt, time, ::HHmm} UTC nichts mehr gesendet. Prüf bitte Batterie, Antenne und Sonde.",
  "notice.device_health.silent_since_added.title": "Gerät {device} prüfen",
  "notice.device_health.silent_since_added.body":
    "Das Gerät {device} ({deviceId}) hat noch nie etwas gesendet, seit es hinzugefügt wurde. Prüf bitte Batterie, Antenne und Sonde.",
  "notice.device_health.battery.title": "Gerät {device} prüfen",
  "notice.device_health.battery.body":
    "Das Gerät {device} ({deviceId}) meldet eine schwache Batterie ({volts, number, ::.00 group-off} V). Prüf bitte Batterie, Antenne und Sonde.",

  "reason.reading":
    "Bodenfeuchte {percent} %{band, select, dry { (trocken unter {limit} %)} needsWater { (braucht Wasser unter {limit} %)} saturated { (nass ab {limit} %)} other {}}, gemessen {agoUnit, select, now {gerade eben} minutes {vor {ago} Minuten} other {{ago, plural, one {vor # Stunde} other {vor # Stunden}}}}",
  "reason.no_watering_needed": "muss nicht gegossen werden",
  "reason.not_yet": "noch keine Bewässerung, aktuelle Messung oder Wetterdaten erfasst",
  "reason.no_watering": "keine Bewässerung erfasst",
  "reason.watered": "{days, plural, =0 {heute} =1 {gestern} other {vor # Tagen}} gegossen",
  "reason.watered_litres": "{days, plural, =0 {heute} =1 {gestern} other {vor # Tagen}} mit {litres, number, ::group-off} l gegossen",
  "reason.not_watered_for": "seit {days} Tagen keine Bewässerung erfasst",
  "reason.under_glass": "unter Glas",
  "reason.no_weather": "keine Wetterdaten",
  "reason.no_rain_since": "seitdem kein Regen",
  "reason.rain_since": "seitdem {mm, number, ::group-off} mm Regen",
  "reason.no_rain_week": "in den letzten 7 Tagen kein Regen",
  "reason.rain_week": "{mm, number, ::group-off} mm Regen in den letzten 7 Tagen",
  "reason.hot_ahead": "heiße Tage stehen bevor",
  "reason.rain_expected": "Regen erwartet",
};
