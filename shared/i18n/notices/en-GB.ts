// The notices' texts in British English: word for word what the SQL writes into
// app_public.notifications.title/body and things.water_need_reason (notices.test.ts compares them
// through the real database). A notice's key K has K.title and K.body; reason.* are the parts of a
// water-need reason. Dates arrive as ISO text and are formatted in UTC (render.ts).
const action =
  "{action, select, WATERING {water} LITTER_CLEANUP {clean up litter} UPKEEP {do some upkeep} EDUCATION {run an education session} MEASUREMENT {take a measurement} SHARE {share} other {look after}}";

export const en = {
  "notice.someone": "Someone",
  "notice.listedThing": "{name}{need, select, needs_water { (needs water)} due_soon { (due soon)} other {}}",
  "notice.dry_alert.still.title": "{thing} still needs water",
  "notice.dry_alert.still.body":
    "{thing} needs water ({reason}). The people who look after it were told {hours} hours ago and no watering has been recorded since.",
  "notice.dry_alert.sensed.title": "{thing} needs water",
  "notice.dry_alert.sensed.body":
    "{thing} is dry: the soil moisture is {moisture}% (dry is below {dry}%), measured {measuredAt, time, ::HHmm} UTC on {measuredAt, date, ::dMMMM}. No watering was recorded and no rain is expected.",
  "notice.dry_alert.sensed_first.title": "{thing} needs water",
  "notice.dry_alert.sensed_first.body":
    "You look after it, so you are the first to know. {thing} is dry: the soil moisture is {moisture}% (dry is below {dry}%), measured {measuredAt, time, ::HHmm} UTC on {measuredAt, date, ::dMMMM}. No watering was recorded and no rain is expected.",
  "notice.dry_alert.estimate.title": "{thing} needs water",
  "notice.dry_alert.estimate.body":
    "{thing} needs water by our estimate: {reason}. No watering was recorded recently and no rain is expected.",
  "notice.dry_alert.estimate_first.title": "{thing} needs water",
  "notice.dry_alert.estimate_first.body":
    "You look after it, so you are the first to know. {thing} needs water by our estimate: {reason}. No watering was recorded recently and no rain is expected.",
  "notice.water_rota.day.title": "Your watering day for {group}",
  "notice.water_rota.day.body": "You are on the {group} watering rota today, {onDate, date, ::EEEEdMMMM}. Its things: {things}.",
  "notice.water_rota.day_no_things.title": "Your watering day for {group}",
  "notice.water_rota.day_no_things.body": "You are on the {group} watering rota today, {onDate, date, ::EEEEdMMMM}.",
  "notice.water_rota_swap.accepted.title": "Your rota swap was accepted",
  "notice.water_rota_swap.accepted.body": "{person} takes {onDate, date, ::EEEEdMMMM} for you.",
  "notice.water_rota_swap.accepted_return.title": "Your rota swap was accepted",
  "notice.water_rota_swap.accepted_return.body":
    "{person} takes {onDate, date, ::EEEEdMMMM} for you; you take {returnDate, date, ::EEEEdMMMM} in return.",
  "notice.task_due.title": "Due tomorrow: {task}",
  "notice.task_due.body": 'The task "{task}" at {thing} is due tomorrow.',
  "notice.task_assigned.title": "Task assigned: {task}",
  "notice.task_assigned.body": `{person} asked you to ${action} at {thing}: {task}`,
  "notice.task_assigned_by.title": "Task assigned: {task}",
  "notice.task_assigned_by.body": `{person} asked you to ${action} at {thing} by {dueDate, date, ::EEEEdMMMM}: {task}`,
  "notice.group_joined.title": "{person} joined {group}",
  "notice.group_joined.body": "{person} is now a member of {group}.",
  "notice.invitation.thing.title": "Invitation: {name}",
  "notice.invitation.thing.body": "{person} invited you to help with {name}.",
  "notice.invitation.device.title": "Invitation: the device {name}",
  "notice.invitation.device.body": "{person} invited you to help with the device {name}.",
  "notice.invitation.group.title": "Invitation: the group {name}",
  "notice.invitation.group.body": "{person} invited you to help with the group {name}.",
  "notice.invitation.unknown.title": "Invitation: a new place",
  "notice.invitation.unknown.body": "{person} invited you to help with something.",
  "notice.device_health.silent.title": "Check device {device}",
  "notice.device_health.silent.body":
    "The device {device} ({deviceId}) has sent nothing since {sinceAt, date, ::dMMMM} {sinceAt, time, ::HHmm} UTC. Check its battery, antenna and probe.",
  "notice.device_health.silent_since_added.title": "Check device {device}",
  "notice.device_health.silent_since_added.body":
    "The device {device} ({deviceId}) has sent nothing since it was added. Check its battery, antenna and probe.",
  "notice.device_health.battery.title": "Check device {device}",
  "notice.device_health.battery.body":
    "The device {device} ({deviceId}) reports a low battery ({volts, number, ::.00 group-off} V). Check its battery, antenna and probe.",

  "reason.reading":
    "soil moisture {percent}%{band, select, dry { (dry below {limit}%)} needsWater { (needs water below {limit}%)} saturated { (wet from {limit}%)} other {}}, measured {agoUnit, select, now {just now} minutes {{ago} minutes ago} other {{ago, plural, one {# hour ago} other {# hours ago}}}}",
  "reason.no_watering_needed": "needs no watering",
  "reason.not_yet": "no watering, fresh reading or weather recorded yet",
  "reason.no_watering": "no watering recorded",
  "reason.watered": "watered {days, plural, =0 {today} =1 {yesterday} other {# days ago}}",
  "reason.watered_litres": "watered {days, plural, =0 {today} =1 {yesterday} other {# days ago}} with {litres, number, ::group-off} L",
  "reason.not_watered_for": "no watering recorded for {days} days",
  "reason.under_glass": "under glass",
  "reason.no_weather": "no weather data",
  "reason.no_rain_since": "no rain since",
  "reason.rain_since": "{mm, number, ::group-off} mm rain since",
  "reason.no_rain_week": "no rain in the last 7 days",
  "reason.rain_week": "{mm, number, ::group-off} mm rain in the last 7 days",
  "reason.hot_ahead": "hot days ahead",
  "reason.rain_expected": "rain expected",
} as const;

export type NoticeKey = keyof typeof en;
