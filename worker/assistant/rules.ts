// The built-in care assistant: answers the common questions about a thing from its own data
// (context.ts), with no language model. Every answer names the figures it used and where they
// come from, e.g. "The soil moisture is 14% (dry is below 20%), measured 2 hours ago; 0.4 mm of
// rain fell at Reading (2.1 km away) in the last 24 hours and 6 mm is forecast in the next 24
// hours, so water it today."
//
// Intents: lastWatered ("when was it last watered?"), needsWater ("does it need water?"), weather
// ("will it rain?"), week ("what should I do this week?"), sensor ("is the sensor working?"),
// soil ("what does the soil mean?"), and a summary for anything else.
import {
  DEFAULT_HEALTH, STALE_READING_HOURS, deviceHealth, freshWater, hoursSince, sensors, upcomingDays, waterTrend,
  type HealthThresholds, type ThingContext,
} from "./context.ts";
import { actionName, ago, bandName, capitalise, celsius, day, dayTime, duration, km, list, mm, num, percent, thingTypeName, volts } from "./format.ts";

export type Intent = "lastWatered" | "needsWater" | "weather" | "week" | "sensor" | "soil" | "summary";

export interface RuleAnswer {
  intent: Intent;
  text: string;
}

/** Rain (fallen or forecast) that counts as a real watering, as for the dry alerts (ALERT_RAIN_MM). */
const RAIN_THAT_COUNTS_MM = 5;
/** A watering this recent may not show in the reading yet. */
const RECENT_WATERING_HOURS = 12;
/** Upkeep older than this is worth suggesting. */
const UPKEEP_DUE_DAYS = 14;

export function detectIntent(question: string): Intent {
  const q = ` ${question.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, " ")} `;
  const mentionsWater = /water|moist|hydrat|thirst|\bdry\b|\bwet\b|soggy|drought|irrigat/.test(q);
  if (/water/.test(q) && /\b(last|when was|when did|who|recent(ly)?|ago|previous|how long since|has (any|some)one|did (any|some)one)\b/.test(q)
      && !/\b(need|needs|should|must|ought|next)\b/.test(q)) {
    return "lastWatered";
  }
  if (mentionsWater && /\b(need|needs|should|must|ought|enough|too|is it|does it)\b/.test(q)) return "needsWater";
  if (/\b(sensor|sensors|device|devices|probe|battery|batteries|signal|lorawan|offline|online|broken|reporting)\b/.test(q)
      || /\b(is|are) (it|the \w+) working\b/.test(q)) {
    return "sensor";
  }
  if (/\b(soil|soils|soilscape|texture|drainage|drains?|fertil\w*|clay|loam\w*|chalk|ph|acid\w*|alkaline|carbon|compost|nutrients?)\b/.test(q)) return "soil";
  if (/\b(this week|week|weekend|what should i do|what can i do|what to do|to ?do|plan|tasks?|jobs?|chores?|next few days)\b/.test(q)) return "week";
  if (/\b(rain\w*|weather|forecast|temperature|frost\w*|freez\w*|hot|heat|cold|sun\w*|storm\w*|wind\w*)\b/.test(q)) return "weather";
  if (mentionsWater) return "needsWater";
  return "summary";
}

export function answerWithRules(question: string, ctx: ThingContext, limits: HealthThresholds = DEFAULT_HEALTH): RuleAnswer {
  const intent = detectIntent(question);
  const text = (() => {
    switch (intent) {
      case "lastWatered": return lastWateredAnswer(ctx);
      case "needsWater": return needsWaterAnswer(ctx);
      case "weather": return weatherAnswer(ctx);
      case "week": return weekAnswer(ctx, limits);
      case "sensor": return sensorAnswer(ctx, limits);
      case "soil": return soilAnswer(ctx);
      default: return summaryAnswer(ctx, limits);
    }
  })();
  return { intent, text };
}

// ---------------------------------------------------------------------------------------------
// Sentences shared by the answers (each returns null when the data is missing)

function name(ctx: ThingContext): string {
  return ctx.thing.name;
}

function tz(ctx: ThingContext): string | null {
  return ctx.forecast?.timezone ?? "Europe/London";
}

/** "The soil moisture is 14% (dry is below 20%), measured 2 hours ago." */
export function moistureSentence(ctx: ThingContext): string | null {
  const { water, band, bandLimits: l, lastReadingAt } = ctx.readings;
  const age = hoursSince(ctx, lastReadingAt);
  if (water === null || age === null) return null;
  if (age > STALE_READING_HOURS) {
    return `The last soil moisture reading, ${percent(water)}, is ${duration(age)} old, so it may no longer be right.`;
  }
  const meaning = band === "dry" ? `dry is below ${l.dry}%`
    : band === "needsWater" ? `${l.dry} to ${l.needsWater}% means it needs water soon`
    : band === "good" ? `good is ${l.needsWater} to ${l.good}%`
    : `saturated is ${l.good}% or more`;
  return `The soil moisture is ${percent(water)} (${meaning}), measured ${ago(age)}.`;
}

/** "0.4 mm of rain fell at Reading (2.1 km away) in the last 24 hours (6 mm in the last 7 days)" */
export function rainClause(ctx: ThingContext, withWeek = true): string | null {
  const r = ctx.rainfall;
  if (!r) return null;
  const where = `at ${r.station} (${km(r.distanceKm)} away)`;
  if (r.readings24h > 0) {
    const week = withWeek && r.readings7d > r.readings24h ? ` (${mm(r.last7dMm)} in the last 7 days)` : "";
    return `${mm(r.last24hMm)} of rain fell ${where} in the last 24 hours${week}`;
  }
  if (r.readings7d > 0) {
    const last = hoursSince(ctx, r.lastReadingAt);
    return `the rain gauge ${where} measured ${mm(r.last7dMm)} in the last 7 days${last !== null ? ` (its last report came ${ago(last)})` : ""}`;
  }
  const last = hoursSince(ctx, r.lastReadingAt);
  return `the nearest rain gauge, ${r.station} (${km(r.distanceKm)} away), has sent no readings in the last 7 days${last !== null ? ` (last ${ago(last)})` : ""}`;
}

/** "6 mm is forecast in the next 24 hours and 2 mm the day after" */
export function forecastClause(ctx: ThingContext): string | null {
  const f = ctx.forecast;
  if (!f) return null;
  if (f.hours === 0 || f.next24hPrecipitationMm === null) {
    return `the cached forecast is out of date (updated ${ago(hoursSince(ctx, f.fetchedAt) ?? 0)})`;
  }
  const next = f.next24hPrecipitationMm === 0 ? "no rain is forecast in the next 24 hours" : `${mm(f.next24hPrecipitationMm)} of rain is forecast in the next 24 hours`;
  const after = f.next24to48hPrecipitationMm === null ? "" : f.next24to48hPrecipitationMm === 0 ? " and none the day after" : ` and ${mm(f.next24to48hPrecipitationMm)} the day after`;
  return next + after;
}

function lastWateringClause(ctx: ThingContext): string | null {
  const w = ctx.lastWatering;
  if (!w) return null;
  const h = hoursSince(ctx, w.at) ?? 0;
  return `it was last watered ${ago(h)} (${day(w.at, tz(ctx))}${w.by ? `, by ${w.by}` : ""})`;
}

function sentence(...clauses: (string | null)[]): string | null {
  const parts = clauses.filter((c): c is string => Boolean(c));
  if (parts.length === 0) return null;
  return `${capitalise(parts.join("; "))}.`;
}

function paragraph(...sentences: (string | null | undefined)[]): string {
  return sentences.filter(Boolean).join(" ");
}

// ---------------------------------------------------------------------------------------------
// Does it need water?

interface WaterVerdict {
  /** What to do, a short clause: "water it today". */
  advice: string;
  urgent: boolean;
}

function waterVerdict(ctx: ThingContext): WaterVerdict {
  const water = freshWater(ctx);
  const sinceWatering = hoursSince(ctx, ctx.lastWatering?.at);
  const forecast24 = ctx.forecast?.hours ? ctx.forecast.next24hPrecipitationMm ?? 0 : 0;
  const rain24 = ctx.rainfall && ctx.rainfall.readings24h > 0 ? ctx.rainfall.last24hMm : 0;
  const rain7 = ctx.rainfall && ctx.rainfall.readings7d > 0 ? ctx.rainfall.last7dMm : 0;
  const band = water === null ? null : ctx.readings.band;
  if (band === "dry") {
    if (sinceWatering !== null && sinceWatering <= RECENT_WATERING_HOURS) {
      return { advice: `it was watered ${ago(sinceWatering)}, so give the water time to soak in and check the reading again later today before watering more`, urgent: false };
    }
    if (forecast24 >= RAIN_THAT_COUNTS_MM) return { advice: "water it today anyway, as the soil is dry now, and let the forecast rain top it up", urgent: true };
    return { advice: "water it today", urgent: true };
  }
  if (band === "needsWater") {
    if (forecast24 >= RAIN_THAT_COUNTS_MM) return { advice: "the forecast rain should be enough, but check again after it has fallen", urgent: false };
    if (sinceWatering !== null && sinceWatering <= RECENT_WATERING_HOURS) return { advice: `it was watered ${ago(sinceWatering)}, so check the reading again tomorrow`, urgent: false };
    return { advice: "water it within the next day", urgent: true };
  }
  if (band === "good") return { advice: "it does not need water now", urgent: false };
  if (band === "saturated") return { advice: "do not water it: the soil is already saturated", urgent: false };
  // No fresh reading: judge by recent rain and watering.
  if (sinceWatering !== null && sinceWatering <= 48) return { advice: "it was watered recently, so it probably does not need water yet; check the soil with a finger", urgent: false };
  if (rain24 >= RAIN_THAT_COUNTS_MM || rain7 >= 10) return { advice: "the recent rain has probably been enough; check the soil with a finger before watering", urgent: false };
  if (forecast24 >= RAIN_THAT_COUNTS_MM) return { advice: "rain is on its way, so wait for it unless the top few centimetres of soil are dry", urgent: false };
  return { advice: "if the top few centimetres of soil feel dry, water it", urgent: false };
}

function needsWaterAnswer(ctx: ThingContext): string {
  const fresh = freshWater(ctx) !== null;
  const verdict = waterVerdict(ctx);
  const first = moistureSentence(ctx) ?? `${name(ctx)} has no soil moisture reading, so I cannot measure how wet it is.`;
  const trend = waterTrend(ctx);
  const trendSentence = fresh && trend && Math.abs(trend.change) >= 5
    ? `Over the last ${daysBetween(trend.from.day, trend.to.day)} days its daily average went from ${percent(trend.from.water as number)} to ${percent(trend.to.water as number)}.`
    : null;
  const watering = /watered/.test(verdict.advice) ? null : lastWateringClause(ctx) ?? (fresh ? null : "no watering has been recorded");
  const facts = sentence(rainClause(ctx), forecastClause(ctx), watering);
  const noData = !ctx.rainfall && !ctx.forecast ? "I have no rain gauge or forecast data for this place yet." : null;
  return paragraph(first, trendSentence, facts, noData, `So ${verdict.advice}.`);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}

// ---------------------------------------------------------------------------------------------
// When was it last watered?

function lastWateredAnswer(ctx: ThingContext): string {
  const w = ctx.lastWatering;
  const count = ctx.wateringsLast30Days;
  const counted = `That is ${count} watering${count === 1 ? "" : "s"} recorded in the last 30 days.`;
  if (w) {
    const h = hoursSince(ctx, w.at) ?? 0;
    const comment = w.comments ? ` with the note "${w.comments.length > 120 ? `${w.comments.slice(0, 117)}...` : w.comments}"` : "";
    return paragraph(
      `${name(ctx)} was last watered ${ago(h)}, on ${day(w.at, tz(ctx))}${w.by ? `, by ${w.by}` : ""}${comment}.`,
      counted,
      moistureSentence(ctx),
      sentence(rainClause(ctx)),
    );
  }
  const last = ctx.actions[0];
  return paragraph(
    `No watering has been recorded for ${name(ctx)}.`,
    last ? `The last care action was ${actionName(last.type)} ${ago(hoursSince(ctx, last.at) ?? 0)} (${day(last.at, tz(ctx))}).` : "No care actions have been recorded yet.",
    moistureSentence(ctx),
    sentence(rainClause(ctx)),
    "When you water it, record it as a watering action so everyone knows.",
  );
}

// ---------------------------------------------------------------------------------------------
// Weather

function weatherAnswer(ctx: ThingContext): string {
  const f = ctx.forecast;
  const rain = sentence(rainClause(ctx));
  if (!f) {
    return paragraph(`I have no cached weather forecast for ${name(ctx)} yet (forecasts are refreshed every hour).`, rain);
  }
  const updated = `(Open-Meteo forecast, updated ${ago(hoursSince(ctx, f.fetchedAt) ?? 0)})`;
  if (f.hours === 0) {
    return paragraph(`The cached forecast for ${name(ctx)} is out of date ${updated}, so I cannot say what is coming.`, rain);
  }
  const temps = f.temperatureMin !== null && f.temperatureMax !== null
    ? ` Temperatures will range from ${celsius(f.temperatureMin)} to ${celsius(f.temperatureMax)} over the next ${Math.min(48, f.hours)} hours.`
    : "";
  const prob = f.maxPrecipitationProbability !== null ? ` The highest chance of rain in any hour is ${Math.round(f.maxPrecipitationProbability)}%.` : "";
  const days = upcomingDays(ctx)
    .filter((d) => d.precipitationSum !== null || d.temperatureMax !== null)
    .map((d) => `${day(d.date)}: ${d.precipitationSum !== null ? mm(d.precipitationSum) : "? mm"}${d.temperatureMin !== null && d.temperatureMax !== null ? `, ${celsius(d.temperatureMin)} to ${celsius(d.temperatureMax)}` : ""}`);
  const advice: string[] = [];
  if (f.temperatureMin !== null && f.temperatureMin <= 0) advice.push("frost is possible: cover tender plants and do not water in the evening");
  if (f.temperatureMax !== null && f.temperatureMax >= 27) advice.push("it will be hot: water early in the morning or in the evening");
  if ((f.next24hPrecipitationMm ?? 0) + (f.next24to48hPrecipitationMm ?? 0) >= RAIN_THAT_COUNTS_MM) advice.push("the rain should save you some watering");
  return paragraph(
    `${capitalise(forecastClause(ctx) as string)} at ${name(ctx)} ${updated}.${temps}${prob}`,
    days.length ? `By day: ${days.join("; ")}.` : null,
    rain,
    advice.length ? `${capitalise(list(advice))}.` : null,
  );
}

// ---------------------------------------------------------------------------------------------
// Is the sensor working?

function sensorAnswer(ctx: ThingContext, limits: HealthThresholds): string {
  const health = deviceHealth(ctx, limits);
  const pumps = ctx.devices.filter((d) => d.model === "THE_THINGS_UNO");
  const pumpNote = pumps.length
    ? `The pump controller${pumps.length > 1 ? "s" : ""} ${list(pumps.map((p) => `${p.name} (${p.ledState === null ? "state unknown" : p.ledState ? "on" : "off"})`))} ${pumps.length > 1 ? "do" : "does"} not send readings.`
    : null;
  if (health.length === 0) {
    const last = hoursSince(ctx, ctx.readings.lastReadingAt);
    return paragraph(
      `${name(ctx)} has no sensor fitted${pumps.length ? " that measures the soil" : ""}.`,
      pumpNote,
      last !== null ? `Its last reading came ${ago(last)}.` : null,
      "You can register a soil sensor (LSE01 for moisture, LSPH01 for pH) under Devices and link it to this thing.",
    );
  }
  const lines = health.map((h) => {
    const d = h.device;
    const model = d.model;
    if (h.hoursSinceReport === null) {
      const added = hoursSince(ctx, d.createdAt) ?? 0;
      return `${d.name} (${model}) has not reported since it was added ${ago(added)}: check that it is switched on, joined to the network and in range of a gateway.`;
    }
    const details = [
      d.battery !== null ? `its battery at ${volts(d.battery)}` : null,
      d.rssi !== null ? `a signal of ${num(d.rssi, 0)} dBm${d.snr !== null ? ` (SNR ${num(d.snr)} dB)` : ""}` : null,
    ].filter(Boolean) as string[];
    const reported = `${d.name} (${model}) last reported ${ago(h.hoursSinceReport)} (${dayTime(d.lastReportAt as string, tz(ctx))})${details.length ? ` with ${list(details)}` : ""}`;
    const problems: string[] = [];
    if (h.silent) problems.push(`that is more than ${limits.deviceSilentHours} hours without a report, so check its battery, antenna and probe`);
    if (h.lowBattery) problems.push(`the battery is low (below ${volts(limits.lowBatteryVolts)}), so replace or recharge it soon`);
    return problems.length ? `${reported}: ${problems.join("; ")}.` : `${reported}, so it is working.`;
  });
  const readings = ctx.trend.reduce((n, d) => n + d.readings, 0);
  const days = ctx.trend.length;
  return paragraph(
    ...lines,
    `${name(ctx)} received ${readings} reading${readings === 1 ? "" : "s"} on ${days} of the last 7 days.`,
    moistureSentence(ctx),
    pumpNote,
  );
}

// ---------------------------------------------------------------------------------------------
// What does the soil mean?

function soilMeaning(s: NonNullable<ThingContext["soilscape"]>): string[] {
  const out: string[] = [];
  const drainage = (s.drainage ?? "").toLowerCase();
  const texture = (s.texture ?? "").toLowerCase();
  const fertility = (s.fertility ?? "").toLowerCase();
  if (/freely/.test(drainage)) out.push("freely draining soil lets water run through quickly, so it dries out fast in dry spells: water deeply and less often, and mulch to keep moisture in");
  else if (/impeded|slowly|wet|poor/.test(drainage)) out.push("water drains away slowly here, so the soil stays wet after rain: avoid overwatering and keep off it when it is waterlogged");
  if (/clay/.test(texture)) out.push("clay holds water and nutrients well but compacts easily, so do not walk on it or dig it when wet");
  else if (/sand/.test(texture)) out.push("sandy soil holds little water or nutrients, so add compost and water more often");
  else if (/loam/.test(texture)) out.push("loamy soil is a good all-rounder that holds water and nutrients well");
  if (/peat/.test(texture)) out.push("peaty soil holds a lot of water and carbon: keep it from drying out");
  if (/low/.test(fertility)) out.push("low fertility means plants benefit from compost or a mulch of leaf mould");
  else if (/high/.test(fertility)) out.push("high fertility means it needs little feeding");
  return out;
}

function phMeaning(ph: number): string {
  if (ph < 5.5) return "strongly acidic";
  if (ph < 6.0) return "slightly acidic";
  if (ph <= 7.5) return "about neutral, which suits most plants";
  if (ph <= 8.0) return "slightly alkaline";
  return "strongly alkaline";
}

function soilAnswer(ctx: ThingContext): string {
  const s = ctx.soilscape;
  const measured: string[] = [];
  const { ph, conductivity, temperature, lastReadingAt } = ctx.readings;
  const age = hoursSince(ctx, lastReadingAt);
  const when = age !== null ? `, measured ${ago(age)}` : "";
  if (ph !== null) measured.push(`The probe measures a pH of ${num(ph)} (${phMeaning(ph)}; 6.0 to 7.5 is the good range)${when}.`);
  if (conductivity !== null) {
    const level = conductivity < 100 ? "low: few nutrients in the soil water" : conductivity > 1500 ? "high: salty or over-fertilised" : "in the usual 100 to 1500 range";
    measured.push(`Conductivity is ${num(conductivity, 0)} µS/cm (${level})${ph === null ? when : ""}.`);
  }
  if (temperature !== null) measured.push(`The soil temperature is ${celsius(temperature)}${ph === null && conductivity === null ? when : ""}.`);
  if (!s) {
    return paragraph(
      `I have no soilscape data for ${name(ctx)}'s location (${num(ctx.thing.latitude, 4)}, ${num(ctx.thing.longitude, 4)}).`,
      ...measured,
      measured.length ? null : "Without a soil probe or a soilscape layer I cannot say more; a pH test kit from a garden centre would tell you whether the soil is acid or alkaline.",
    );
  }
  const traits = [
    s.texture ? `${s.texture.toLowerCase()} texture` : null,
    s.drainage ? s.drainage.toLowerCase() : null,
    s.fertility ? `${s.fertility.toLowerCase()} fertility` : null,
    s.carbon ? `${s.carbon.toLowerCase()} carbon` : null,
  ].filter(Boolean) as string[];
  const label = s.name ? `the soilscape "${s.name}"${s.classNumber !== null && s.classNumber !== undefined ? ` (class ${s.classNumber})` : ""}` : "its soilscape";
  const meaning = soilMeaning(s);
  return paragraph(
    `${name(ctx)} sits on ${label}${traits.length ? `: ${list(traits)}` : ""}.`,
    ...meaning.map((m) => `${capitalise(m)}.`),
    s.habitats ? `Typical habitats: ${s.habitats}.` : null,
    s.drainsTo ? `Water here drains to ${s.drainsTo.toLowerCase()}${s.waterProtection ? `, and the main risk is ${s.waterProtection.charAt(0).toLowerCase()}${s.waterProtection.slice(1)}` : ""}, so go easy on fertiliser and never use pesticides near it.` : null,
    ...measured,
    s.isSample ? "(The soilscape comes from an illustrative sample layer, not a survey.)" : null,
  );
}

// ---------------------------------------------------------------------------------------------
// What should I do this week?

function weekAnswer(ctx: ThingContext, limits: HealthThresholds): string {
  const lines: string[] = [];
  const water = freshWater(ctx);
  const verdict = waterVerdict(ctx);
  if (water !== null) {
    lines.push(`Water: the soil moisture is ${percent(water)} (${bandName[ctx.readings.band ?? ""] ?? "unknown"}), measured ${ago(hoursSince(ctx, ctx.readings.lastReadingAt) ?? 0)}, so ${verdict.advice}.`);
  } else {
    const since = lastWateringClause(ctx);
    lines.push(`Water: there is no recent moisture reading${since ? ` and ${since}` : " and no watering has been recorded"}; ${verdict.advice}.`);
  }
  const tasks = ctx.openTasks;
  if (tasks.length) {
    const items = tasks.slice(0, 5).map((t) => {
      const due = t.dueDate ? (t.overdue ? `overdue since ${day(t.dueDate)}` : `due ${day(t.dueDate)}`) : "no due date";
      return `"${t.title}" (${due}, ${t.priority} priority)`;
    });
    lines.push(`Tasks: ${tasks.length} open: ${list(items)}${tasks.length > 5 ? " and more" : ""}.`);
  } else {
    lines.push("Tasks: none open.");
  }
  const f = ctx.forecast;
  if (f && f.hours > 0) {
    const total = (f.next24hPrecipitationMm ?? 0) + (f.next24to48hPrecipitationMm ?? 0);
    const temps = f.temperatureMin !== null && f.temperatureMax !== null ? ` and ${celsius(f.temperatureMin)} to ${celsius(f.temperatureMax)}` : "";
    const frost = f.temperatureMin !== null && f.temperatureMin <= 0 ? "; frost is possible, so protect tender plants" : "";
    lines.push(`Weather: ${mm(total)} of rain${temps} over the next ${Math.min(48, f.hours)} hours${frost}.`);
  } else {
    lines.push("Weather: no current forecast is cached.");
  }
  const rain = rainClause(ctx);
  if (rain) lines.push(`Rain so far: ${rain}.`);
  const health = deviceHealth(ctx, limits);
  const problems = health.filter((h) => h.silent || h.lowBattery);
  if (problems.length) {
    lines.push(`Sensor: ${list(problems.map((h) => h.hoursSinceReport === null
      ? `${h.device.name} has never reported`
      : h.silent ? `${h.device.name} has been silent for ${duration(h.hoursSinceReport)}` : `${h.device.name}'s battery is low (${volts(h.device.battery as number)})`))}: check ${problems.length > 1 ? "them" : "it"}.`);
  } else if (health.length) {
    lines.push(`Sensor: ${list(health.map((h) => `${h.device.name} reported ${ago(h.hoursSinceReport as number)}${h.device.battery !== null ? ` (battery ${volts(h.device.battery)})` : ""}`))}, all fine.`);
  }
  const upkeepAge = hoursSince(ctx, ctx.lastUpkeep?.at);
  if (upkeepAge === null) {
    lines.push("Upkeep: no upkeep or litter clean-up has been recorded yet; a tidy-up would help.");
  } else if (upkeepAge > UPKEEP_DUE_DAYS * 24) {
    lines.push(`Upkeep: the last ${actionName(ctx.lastUpkeep!.type)} was ${ago(upkeepAge)}; a tidy-up would help.`);
  }
  if (ctx.inBLine) lines.push("Pollinators: it lies in a B-Lines corridor, so leave some flowers for bees and avoid pesticides.");
  return `This week at ${name(ctx)}:\n${lines.map((l) => `- ${l}`).join("\n")}`;
}

// ---------------------------------------------------------------------------------------------
// Anything else: a summary

function summaryAnswer(ctx: ThingContext, limits: HealthThresholds): string {
  const t = ctx.thing;
  const where = t.locationDescription ? ` (${t.locationDescription})` : "";
  const intro = `${t.name} is a ${thingTypeName(t.type)}${where}${t.groupName ? ` looked after by ${t.groupName}` : ""}.`;
  const colour = t.indicatorColour ? `Its indicator is ${t.indicatorColour}.` : null;
  const last = ctx.actions[0];
  const action = last ? `The last care action was ${actionName(last.type)} ${ago(hoursSince(ctx, last.at) ?? 0)}.` : "No care actions have been recorded yet.";
  const tasks = ctx.openTasks.length
    ? `${ctx.openTasks.length} task${ctx.openTasks.length === 1 ? " is" : "s are"} open${ctx.openTasks.some((k) => k.overdue) ? `, ${ctx.openTasks.filter((k) => k.overdue).length} overdue` : ""}.`
    : "No tasks are open.";
  const sensorCount = sensors(ctx).length;
  const health = deviceHealth(ctx, limits);
  const devices = sensorCount
    ? `${sensorCount} sensor${sensorCount === 1 ? "" : "s"} fitted${health.some((h) => h.silent || h.lowBattery) ? ", one needing attention" : ", working"}.`
    : null;
  return paragraph(
    intro,
    moistureSentence(ctx) ?? "It has no soil moisture reading.",
    colour,
    action,
    tasks,
    sentence(rainClause(ctx, false), forecastClause(ctx)),
    devices,
    ctx.inBLine ? "It lies in a B-Lines pollinator corridor." : null,
    "You can ask me: does it need water, when was it last watered, is the sensor working, what does the soil mean, or what should I do this week.",
  );
}
