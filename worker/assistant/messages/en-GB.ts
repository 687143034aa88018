// The care assistant's words in British English (the chat's built-in answers and its failure
// replies), ICU MessageFormat (shared/i18n/translate.ts). The German twin (de.ts) has every key
// with the same arguments (worker/test/chat-i18n.test.ts checks). Figures arrive written already
// ({water} "14%", {mm} "0.4 mm", {ago} "2 hours ago"): format.ts writes them for the language.
// Flags that choose a sentence's shape are selects ({hasBy, select, yes {...} other {...}}), so
// each language writes whole sentences.

export const en = {
  // How long, and how long ago: {unit} minute, hour or day; {n} how many.
  "format.duration":
    "{unit, select, minute {{n, plural, one {# minute} other {# minutes}}} hour {{n, plural, one {# hour} other {# hours}}} other {{n, plural, one {# day} other {# days}}}}",
  "format.ago":
    "{unit, select, minute {{n, plural, one {# minute ago} other {# minutes ago}}} hour {{n, plural, one {# hour ago} other {# hours ago}}} other {{n, plural, one {# day ago} other {# days ago}}}}",
  "format.justNow": "just now",
  "format.band": "{band, select, dry {dry} needsWater {needs water} good {good} saturated {saturated} other {unknown}}",
  // {raw} is the type in lower case, for a type added after these texts.
  "format.action":
    "{type, select, WATERING {watering} LITTER_CLEANUP {litter clean-up} UPKEEP {upkeep} MEASUREMENT {measurement} EDUCATION {education} SHARE {share} CREATED {created} other {{raw}}}",
  "format.priority": "{priority, select, low {low} normal {normal} medium {medium} high {high} other {{priority}}}",

  "moisture.stale": "The last soil moisture reading, {water}, is {age} old, so it may no longer be right.",
  "moisture.meaning":
    "{band, select, dry {dry is below {dry}%} needsWater {{dry} to {needsWater}% means it needs water soon} good {good is {needsWater} to {good}%} other {saturated is {good}% or more}}",
  "moisture.now": "The soil moisture is {water} ({meaning}), measured {ago}.",

  "rain.where": "at {station} ({km} away)",
  "rain.fell":
    "{hasWeek, select, yes {{mm} of rain fell {where} in the last 24 hours ({week} in the last 7 days)} other {{mm} of rain fell {where} in the last 24 hours}}",
  "rain.gauge":
    "{hasLast, select, yes {the rain gauge {where} measured {mm} in the last 7 days (its last report came {ago})} other {the rain gauge {where} measured {mm} in the last 7 days}}",
  "rain.none":
    "{hasLast, select, yes {the nearest rain gauge, {station} ({km} away), has sent no readings in the last 7 days (last {ago})} other {the nearest rain gauge, {station} ({km} away), has sent no readings in the last 7 days}}",

  "forecast.stale": "the cached forecast is out of date (updated {ago})",
  // {next}: none or some rain in the next 24 hours ({mm}); {after}: none, some ({afterMm}) or unknown the day after.
  "forecast.next":
    "{next, select, none {{after, select, none {no rain is forecast in the next 24 hours and none the day after} some {no rain is forecast in the next 24 hours and {afterMm} the day after} other {no rain is forecast in the next 24 hours}}} other {{after, select, none {{mm} of rain is forecast in the next 24 hours and none the day after} some {{mm} of rain is forecast in the next 24 hours and {afterMm} the day after} other {{mm} of rain is forecast in the next 24 hours}}}}",

  "watering.last": "{hasBy, select, yes {it was last watered {ago} ({day}, by {by})} other {it was last watered {ago} ({day})}}",

  "advice.soakIn": "it was watered {ago}, so give the water time to soak in and check the reading again later today before watering more",
  "advice.waterAnyway": "water it today anyway, as the soil is dry now, and let the forecast rain top it up",
  "advice.waterToday": "water it today",
  "advice.rainEnough": "the forecast rain should be enough, but check again after it has fallen",
  "advice.checkTomorrow": "it was watered {ago}, so check the reading again tomorrow",
  "advice.withinDay": "water it within the next day",
  "advice.noNeed": "it does not need water now",
  "advice.saturated": "do not water it: the soil is already saturated",
  "advice.wateredRecently": "it was watered recently, so it probably does not need water yet; check the soil with a finger",
  "advice.rainedEnough": "the recent rain has probably been enough; check the soil with a finger before watering",
  "advice.rainComing": "rain is on its way, so wait for it unless the top few centimetres of soil are dry",
  "advice.fingerTest": "if the top few centimetres of soil feel dry, water it",

  "needs.noReading": "{name} has no soil moisture reading, so I cannot measure how wet it is.",
  "needs.trend": "Over the last {days} days its daily average went from {from} to {to}.",
  "needs.noWatering": "no watering has been recorded",
  "needs.noData": "I have no rain gauge or forecast data for this place yet.",
  "needs.so": "So {advice}.",

  "last.counted":
    "{count, plural, one {That is {n} watering recorded in the last 30 days.} other {That is {n} waterings recorded in the last 30 days.}}",
  "last.watered":
    '{hasBy, select, yes {{hasNote, select, yes {{name} was last watered {ago}, on {day}, by {by} with the note "{note}".} other {{name} was last watered {ago}, on {day}, by {by}.}}} other {{hasNote, select, yes {{name} was last watered {ago}, on {day} with the note "{note}".} other {{name} was last watered {ago}, on {day}.}}}}',
  "last.none": "No watering has been recorded for {name}.",
  "last.lastAction": "The last care action was {action} {ago} ({day}).",
  "last.noActions": "No care actions have been recorded yet.",
  "last.recordIt": "When you water it, record it as a watering action so everyone knows.",

  "weather.none": "I have no cached weather forecast for {name} yet (forecasts are refreshed every hour).",
  "weather.updated": "(Open-Meteo forecast, updated {ago})",
  "weather.stale": "The cached forecast for {name} is out of date {updated}, so I cannot say what is coming.",
  "weather.forecast": "{forecast} at {name} {updated}.",
  "weather.temps": "Temperatures will range from {min} to {max} over the next {hours} hours.",
  "weather.chance": "The highest chance of rain in any hour is {percent}.",
  "weather.dayLine": "{hasTemps, select, yes {{day}: {rain}, {min} to {max}} other {{day}: {rain}}}",
  "weather.byDay": "By day: {days}.",
  "weather.frost": "frost is possible: cover tender plants and do not water in the evening",
  "weather.hot": "it will be hot: water early in the morning or in the evening",
  "weather.rainSaves": "the rain should save you some watering",

  "sensor.pumpState": "{state, select, on {on} off {off} other {state unknown}}",
  "sensor.pumps":
    "{count, plural, one {The pump controller {names} does not send readings.} other {The pump controllers {names} do not send readings.}}",
  "sensor.none": "{pumps, select, yes {{name} has no sensor fitted that measures the soil.} other {{name} has no sensor fitted.}}",
  "sensor.lastReading": "Its last reading came {ago}.",
  "sensor.register": "You can register a soil sensor (LSE01 for moisture, LSPH01 for pH) under Devices and link it to this thing.",
  "sensor.neverReported":
    "{device} ({model}) has not reported since it was added {ago}: check that it is switched on, joined to the network and in range of a gateway.",
  "sensor.battery": "its battery at {volts}",
  "sensor.signal": "{hasSnr, select, yes {a signal of {rssi} dBm (SNR {snr} dB)} other {a signal of {rssi} dBm}}",
  "sensor.reported":
    "{hasDetails, select, yes {{device} ({model}) last reported {ago} ({when}) with {details}} other {{device} ({model}) last reported {ago} ({when})}}",
  "sensor.silent": "that is more than {hours} hours without a report, so check its battery, antenna and probe",
  "sensor.lowBattery": "the battery is low (below {volts}), so replace or recharge it soon",
  "sensor.problems": "{reported}: {problems}.",
  "sensor.working": "{reported}, so it is working.",
  "sensor.received":
    "{count, plural, one {{name} received {n} reading on {days} of the last 7 days.} other {{name} received {n} readings on {days} of the last 7 days.}}",

  "soil.freely":
    "freely draining soil lets water run through quickly, so it dries out fast in dry spells: water deeply and less often, and mulch to keep moisture in",
  "soil.impeded":
    "water drains away slowly here, so the soil stays wet after rain: avoid overwatering and keep off it when it is waterlogged",
  "soil.clay": "clay holds water and nutrients well but compacts easily, so do not walk on it or dig it when wet",
  "soil.sand": "sandy soil holds little water or nutrients, so add compost and water more often",
  "soil.loam": "loamy soil is a good all-rounder that holds water and nutrients well",
  "soil.peat": "peaty soil holds a lot of water and carbon: keep it from drying out",
  "soil.lowFertility": "low fertility means plants benefit from compost or a mulch of leaf mould",
  "soil.highFertility": "high fertility means it needs little feeding",
  "soil.ph":
    "{level, select, strongAcid {strongly acidic} slightAcid {slightly acidic} neutral {about neutral, which suits most plants} slightAlkaline {slightly alkaline} other {strongly alkaline}}",
  "soil.phReading":
    "{hasWhen, select, yes {The probe measures a pH of {ph} ({meaning}; 6.0 to 7.5 is the good range), measured {ago}.} other {The probe measures a pH of {ph} ({meaning}; 6.0 to 7.5 is the good range).}}",
  "soil.conductivityLevel":
    "{level, select, low {low: few nutrients in the soil water} high {high: salty or over-fertilised} other {in the usual 100 to 1500 range}}",
  "soil.conductivity":
    "{hasWhen, select, yes {Conductivity is {value} µS/cm ({level}), measured {ago}.} other {Conductivity is {value} µS/cm ({level}).}}",
  "soil.temperature": "{hasWhen, select, yes {The soil temperature is {value}, measured {ago}.} other {The soil temperature is {value}.}}",
  "soil.noData": "I have no soilscape data for {name}'s location ({lat}, {lon}).",
  "soil.cannotSay":
    "Without a soil probe or a soilscape layer I cannot say more; a pH test kit from a garden centre would tell you whether the soil is acid or alkaline.",
  "soil.texture": "{value} texture",
  "soil.fertility": "{value} fertility",
  "soil.carbon": "{value} carbon",
  "soil.named": '{hasClass, select, yes {the soilscape "{name}" (class {class})} other {the soilscape "{name}"}}',
  "soil.its": "its soilscape",
  "soil.sits": "{hasTraits, select, yes {{name} sits on {label}: {traits}.} other {{name} sits on {label}.}}",
  "soil.habitats": "Typical habitats: {habitats}.",
  "soil.drains":
    "{hasRisk, select, yes {Water here drains to {to}, and the main risk is {risk}, so go easy on fertiliser and never use pesticides near it.} other {Water here drains to {to}, so go easy on fertiliser and never use pesticides near it.}}",
  "soil.sample": "(The soilscape comes from an illustrative sample layer, not a survey.)",

  "week.waterReading": "Water: the soil moisture is {water} ({band}), measured {ago}, so {advice}.",
  "week.waterNoReading":
    "{hasSince, select, yes {Water: there is no recent moisture reading and {since}; {advice}.} other {Water: there is no recent moisture reading and no watering has been recorded; {advice}.}}",
  "week.overdue": "overdue since {day}",
  "week.due": "due {day}",
  "week.noDue": "no due date",
  "week.task": '"{title}" ({due}, {priority} priority)',
  "week.tasks": "{hasMore, select, yes {Tasks: {count} open: {items} and more.} other {Tasks: {count} open: {items}.}}",
  "week.noTasks": "Tasks: none open.",
  "week.weather":
    "{hasTemps, select, yes {{hasFrost, select, yes {Weather: {mm} of rain and {min} to {max} over the next {hours} hours; frost is possible, so protect tender plants.} other {Weather: {mm} of rain and {min} to {max} over the next {hours} hours.}}} other {{hasFrost, select, yes {Weather: {mm} of rain over the next {hours} hours; frost is possible, so protect tender plants.} other {Weather: {mm} of rain over the next {hours} hours.}}}}",
  "week.noWeather": "Weather: no current forecast is cached.",
  "week.rainSoFar": "Rain so far: {rain}.",
  "week.neverReported": "{device} has never reported",
  "week.silent": "{device} has been silent for {duration}",
  "week.lowBattery": "{device}'s battery is low ({volts})",
  "week.sensorProblems": "{count, plural, one {Sensor: {items}: check it.} other {Sensor: {items}: check them.}}",
  "week.sensorItem": "{hasBattery, select, yes {{device} reported {ago} (battery {volts})} other {{device} reported {ago}}}",
  "week.sensorsFine": "Sensor: {items}, all fine.",
  "week.noUpkeep": "Upkeep: no upkeep or litter clean-up has been recorded yet; a tidy-up would help.",
  "week.upkeepDue": "Upkeep: the last {action} was {ago}; a tidy-up would help.",
  "week.bLine": "Pollinators: it lies in a B-Lines corridor, so leave some flowers for bees and avoid pesticides.",
  "week.heading": "This week at {name}:",

  // {raw} is the type in lower case, for the types without a name of their own here.
  "summary.aType":
    "a {type, select, BEECAFE {bee cafe} VEGETABLEBED {vegetable bed} FLOWERBED {flower bed} NOTICEBOARD {noticeboard} BOOKSHARE {book share} other {{raw}}}",
  "summary.intro":
    "{hasWhere, select, yes {{hasGroup, select, yes {{name} is {aType} ({where}) looked after by {group}.} other {{name} is {aType} ({where}).}}} other {{hasGroup, select, yes {{name} is {aType} looked after by {group}.} other {{name} is {aType}.}}}}",
  "summary.colour": "Its indicator is {colour}.",
  "summary.lastAction": "The last care action was {action} {ago}.",
  "summary.tasks":
    "{overdue, plural, =0 {{count, plural, one {# task is open.} other {# tasks are open.}}} other {{count, plural, one {# task is open, {overdue} overdue.} other {# tasks are open, {overdue} overdue.}}}}",
  "summary.noTasks": "No tasks are open.",
  "summary.sensors":
    "{attention, select, yes {{count, plural, one {# sensor fitted, one needing attention.} other {# sensors fitted, one needing attention.}}} other {{count, plural, one {# sensor fitted, working.} other {# sensors fitted, working.}}}}",
  "summary.noReading": "It has no soil moisture reading.",
  "summary.bLine": "It lies in a B-Lines pollinator corridor.",
  "summary.youCanAsk":
    "You can ask me: does it need water, when was it last watered, is the sensor working, what does the soil mean, or what should I do this week.",

  // {failure}: timeout, http, network, unreadable (the language model's), other.
  "failure.reason":
    "{failure, select, timeout {it did not answer in time} http {it reported an error} network {it could not be reached} unreadable {its answer could not be read} other {something went wrong}}",
  "failure.reply":
    "Sorry, I could not reach the AI assistant just now ({reason}). Please try again in a few minutes. Meanwhile, here is what the built-in care assistant can tell from {name}'s own data:\n\n{fallback}",
  "failure.reading": "Sorry, something went wrong while I was reading the data, so I cannot answer this question. Please ask again later.",
  "failure.noContext": "Sorry, I could not find this thing's data, so I cannot answer.",
  "failure.readingThing": "Sorry, something went wrong while I was reading {name}'s data. Please ask again later.",
} as const;

export type ChatKey = keyof typeof en;
