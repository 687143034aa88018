// The built-in care assistant: answers the common questions about a thing from its own data
// (context.ts), with no language model, in the asker's language (British English or German: the
// sentences are messages/en-GB.ts and de.ts, the figures written by format.ts). Every answer names
// the figures it used and where they come from, e.g. "The soil moisture is 14% (dry is below 20%),
// measured 2 hours ago; 0.4 mm of rain fell at Reading (2.1 km away) in the last 24 hours and 6 mm
// is forecast in the next 24 hours, so water it today."
//
// Intents: lastWatered ("when was it last watered?", "Wann wurde es zuletzt gegossen?"),
// needsWater ("does it need water?", "Braucht es Wasser?"), weather ("will it rain?", "Regnet
// es?"), week ("what should I do this week?", "Was soll ich diese Woche tun?"), sensor ("is the
// sensor working?", "Funktioniert der Sensor?"), soil ("what does the soil mean?", "Was bedeutet
// der Boden?"), and a summary for anything else.
import { DEFAULT_LOCALE, type Locale } from "../../shared/i18n/locales.ts";
import {
  DEFAULT_HEALTH,
  STALE_READING_HOURS,
  deviceHealth,
  freshWater,
  hoursSince,
  sensors,
  upcomingDays,
  waterTrend,
  type HealthThresholds,
  type ThingContext,
} from "./context.ts";
import { capitalise, words, type Words } from "./format.ts";

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

/**
 * A German word (or stem) as a whole word of `q`: JavaScript's \b does not know umlauts and ß, so
 * the edges are "not a letter" instead.
 */
const de = (pattern: string) => new RegExp(`(?<!\\p{L})(?:${pattern})(?!\\p{L})`, "u");

// The German questions' words: the suggested questions' ("Braucht es Wasser?", "Wann wurde es
// zuletzt gegossen?", "Funktioniert der Sensor?", "Was bedeutet der Boden?", "Was soll ich diese
// Woche tun?") and what people ask in their own words.
const DE_WATER = de(
  "wasser\\p{L}*|gie(?:ß|ss)\\p{L}*|gegossen|bewässer\\p{L}*|feucht\\p{L}*|trocken\\p{L}*|nass\\p{L}*|durst\\p{L}*|dürre",
);
const DE_LAST = de("zuletzt|letzte[nmrs]?|wann|wer|kürzlich|neulich|vorhin|schon");
const DE_NEED = de("braucht|brauchen|muss|müssen|soll|sollte|sollen|nächste[nmrs]?|genug|zu");
const DE_SENSOR = de(
  "sensor\\p{L}*|gerät\\p{L}*|sonde\\p{L}*|batterie\\p{L}*|akku\\p{L}*|signal\\p{L}*|funktioniert|funktionieren|kaputt|offline|online|lorawan|misst|messen",
);
const DE_SOIL = de(
  "boden|bodens|böden|erde|bodenlandschaft|textur|lehm\\p{L}*|ton|sand\\p{L}*|kalk\\p{L}*|ph|ph-wert|sauer|alkalisch|nährstoff\\p{L}*|dünger|düngen|kompost|kohlenstoff",
);
const DE_WEEK = de("woche|wochenende|diese woche|was soll ich|was kann ich|was tun|aufgabe\\p{L}*|planen|erledigen|tun|nächsten tage");
const DE_WEATHER = de(
  "regen\\p{L}*|regnet|wetter\\p{L}*|vorhersage|temperatur\\p{L}*|frost\\p{L}*|frier\\p{L}*|heiß|hitze|kalt|kälte|sonne\\p{L}*|sonnig|sturm|wind\\p{L}*|gewitter",
);

export function detectIntent(question: string): Intent {
  const q = ` ${question.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, " ")} `;
  const mentionsWater = /water|moist|hydrat|thirst|\bdry\b|\bwet\b|soggy|drought|irrigat/.test(q) || DE_WATER.test(q);
  const lastWords =
    /\b(last|when was|when did|who|recent(ly)?|ago|previous|how long since|has (any|some)one|did (any|some)one)\b/.test(q) ||
    DE_LAST.test(q);
  const needWords = /\b(need|needs|should|must|ought|next)\b/.test(q) || DE_NEED.test(q);
  if ((/water/.test(q) || DE_WATER.test(q)) && lastWords && !needWords) {
    return "lastWatered";
  }
  if (
    mentionsWater &&
    (/\b(need|needs|should|must|ought|enough|too|is it|does it)\b/.test(q) || DE_NEED.test(q) || de("ist es|hat es").test(q))
  )
    return "needsWater";
  if (
    /\b(sensor|sensors|device|devices|probe|battery|batteries|signal|lorawan|offline|online|broken|reporting)\b/.test(q) ||
    /\b(is|are) (it|the \w+) working\b/.test(q) ||
    DE_SENSOR.test(q)
  ) {
    return "sensor";
  }
  if (
    /\b(soil|soils|soilscape|texture|drainage|drains?|fertil\w*|clay|loam\w*|chalk|ph|acid\w*|alkaline|carbon|compost|nutrients?)\b/.test(
      q,
    ) ||
    DE_SOIL.test(q)
  )
    return "soil";
  if (
    /\b(this week|week|weekend|what should i do|what can i do|what to do|to ?do|plan|tasks?|jobs?|chores?|next few days)\b/.test(q) ||
    DE_WEEK.test(q)
  )
    return "week";
  if (/\b(rain\w*|weather|forecast|temperature|frost\w*|freez\w*|hot|heat|cold|sun\w*|storm\w*|wind\w*)\b/.test(q) || DE_WEATHER.test(q))
    return "weather";
  if (mentionsWater) return "needsWater";
  return "summary";
}

/**
 * Whether a question is in German, for an asker whose account names no language: an umlaut or ß,
 * or a word English does not have (the suggested questions each have one).
 */
export function looksGerman(question: string): boolean {
  return (
    /[äöüß]/i.test(question) ||
    de("braucht|wann|wurde|zuletzt|gegossen|funktioniert|bedeutet|boden|woche|soll|ich|der|das|ist|wie|regnet|wetter|nicht|und|es").test(
      question.toLowerCase(),
    )
  );
}

export function answerWithRules(
  question: string,
  ctx: ThingContext,
  limits: HealthThresholds = DEFAULT_HEALTH,
  locale: Locale = DEFAULT_LOCALE,
): RuleAnswer {
  const intent = detectIntent(question);
  const w = words(locale);
  const text = (() => {
    switch (intent) {
      case "lastWatered":
        return lastWateredAnswer(ctx, w);
      case "needsWater":
        return needsWaterAnswer(ctx, w);
      case "weather":
        return weatherAnswer(ctx, w);
      case "week":
        return weekAnswer(ctx, limits, w);
      case "sensor":
        return sensorAnswer(ctx, limits, w);
      case "soil":
        return soilAnswer(ctx, w);
      default:
        return summaryAnswer(ctx, limits, w);
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

const yes = (flag: unknown) => (flag ? "yes" : "no");

/** "The soil moisture is 14% (dry is below 20%), measured 2 hours ago." */
export function moistureSentence(ctx: ThingContext, w: Words = words()): string | null {
  const { water, band, bandLimits: l, lastReadingAt } = ctx.readings;
  const age = hoursSince(ctx, lastReadingAt);
  if (water === null || age === null) return null;
  if (age > STALE_READING_HOURS) return w.t("moisture.stale", { water: w.percent(water), age: w.duration(age) });
  const meaning = w.t("moisture.meaning", {
    band: band ?? "saturated",
    dry: String(l.dry),
    needsWater: String(l.needsWater),
    good: String(l.good),
  });
  return w.t("moisture.now", { water: w.percent(water), meaning, ago: w.ago(age) });
}

/** "0.4 mm of rain fell at Reading (2.1 km away) in the last 24 hours (6 mm in the last 7 days)" */
export function rainClause(ctx: ThingContext, withWeek = true, w: Words = words()): string | null {
  const r = ctx.rainfall;
  if (!r) return null;
  const where = w.t("rain.where", { station: r.station, km: w.km(r.distanceKm) });
  if (r.readings24h > 0) {
    const hasWeek = withWeek && r.readings7d > r.readings24h;
    return w.t("rain.fell", { hasWeek: yes(hasWeek), mm: w.mm(r.last24hMm), where, week: w.mm(r.last7dMm) });
  }
  const last = hoursSince(ctx, r.lastReadingAt);
  const ago = last !== null ? w.ago(last) : "";
  if (r.readings7d > 0) return w.t("rain.gauge", { hasLast: yes(last !== null), where, mm: w.mm(r.last7dMm), ago });
  return w.t("rain.none", { hasLast: yes(last !== null), station: r.station, km: w.km(r.distanceKm), ago });
}

/** "6 mm is forecast in the next 24 hours and 2 mm the day after" */
export function forecastClause(ctx: ThingContext, w: Words = words()): string | null {
  const f = ctx.forecast;
  if (!f) return null;
  if (f.hours === 0 || f.next24hPrecipitationMm === null) {
    return w.t("forecast.stale", { ago: w.ago(hoursSince(ctx, f.fetchedAt) ?? 0) });
  }
  const after = f.next24to48hPrecipitationMm;
  return w.t("forecast.next", {
    next: f.next24hPrecipitationMm === 0 ? "none" : "some",
    mm: w.mm(f.next24hPrecipitationMm),
    after: after === null ? "unknown" : after === 0 ? "none" : "some",
    afterMm: after === null ? "" : w.mm(after),
  });
}

function lastWateringClause(ctx: ThingContext, w: Words): string | null {
  const last = ctx.lastWatering;
  if (!last) return null;
  const h = hoursSince(ctx, last.at) ?? 0;
  return w.t("watering.last", { hasBy: yes(last.by), ago: w.ago(h), day: w.day(last.at, tz(ctx)), by: last.by ?? "" });
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
  /** The advice says when it was watered (so the answer need not say it again). */
  saysWatering: boolean;
}

function waterVerdict(ctx: ThingContext, w: Words): WaterVerdict {
  const water = freshWater(ctx);
  const sinceWatering = hoursSince(ctx, ctx.lastWatering?.at);
  const forecast24 = ctx.forecast?.hours ? (ctx.forecast.next24hPrecipitationMm ?? 0) : 0;
  const rain24 = ctx.rainfall && ctx.rainfall.readings24h > 0 ? ctx.rainfall.last24hMm : 0;
  const rain7 = ctx.rainfall && ctx.rainfall.readings7d > 0 ? ctx.rainfall.last7dMm : 0;
  const band = water === null ? null : ctx.readings.band;
  const say = (advice: string, urgent: boolean, saysWatering = false): WaterVerdict => ({ advice, urgent, saysWatering });
  if (band === "dry") {
    if (sinceWatering !== null && sinceWatering <= RECENT_WATERING_HOURS)
      return say(w.t("advice.soakIn", { ago: w.ago(sinceWatering) }), false, true);
    if (forecast24 >= RAIN_THAT_COUNTS_MM) return say(w.t("advice.waterAnyway"), true);
    return say(w.t("advice.waterToday"), true);
  }
  if (band === "needsWater") {
    if (forecast24 >= RAIN_THAT_COUNTS_MM) return say(w.t("advice.rainEnough"), false);
    if (sinceWatering !== null && sinceWatering <= RECENT_WATERING_HOURS)
      return say(w.t("advice.checkTomorrow", { ago: w.ago(sinceWatering) }), false, true);
    return say(w.t("advice.withinDay"), true);
  }
  if (band === "good") return say(w.t("advice.noNeed"), false);
  if (band === "saturated") return say(w.t("advice.saturated"), false);
  // No fresh reading: judge by recent rain and watering.
  if (sinceWatering !== null && sinceWatering <= 48) return say(w.t("advice.wateredRecently"), false, true);
  if (rain24 >= RAIN_THAT_COUNTS_MM || rain7 >= 10) return say(w.t("advice.rainedEnough"), false);
  if (forecast24 >= RAIN_THAT_COUNTS_MM) return say(w.t("advice.rainComing"), false);
  return say(w.t("advice.fingerTest"), false);
}

function needsWaterAnswer(ctx: ThingContext, w: Words): string {
  const fresh = freshWater(ctx) !== null;
  const verdict = waterVerdict(ctx, w);
  const first = moistureSentence(ctx, w) ?? w.t("needs.noReading", { name: name(ctx) });
  const trend = waterTrend(ctx);
  const trendSentence =
    fresh && trend && Math.abs(trend.change) >= 5
      ? w.t("needs.trend", {
          days: String(daysBetween(trend.from.day, trend.to.day)),
          from: w.percent(trend.from.water as number),
          to: w.percent(trend.to.water as number),
        })
      : null;
  const watering = verdict.saysWatering ? null : (lastWateringClause(ctx, w) ?? (fresh ? null : w.t("needs.noWatering")));
  const facts = sentence(rainClause(ctx, true, w), forecastClause(ctx, w), watering);
  const noData = !ctx.rainfall && !ctx.forecast ? w.t("needs.noData") : null;
  return paragraph(first, trendSentence, facts, noData, w.t("needs.so", { advice: verdict.advice }));
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}

// ---------------------------------------------------------------------------------------------
// When was it last watered?

function lastWateredAnswer(ctx: ThingContext, w: Words): string {
  const last = ctx.lastWatering;
  const count = ctx.wateringsLast30Days;
  const counted = w.t("last.counted", { count, n: String(count) });
  if (last) {
    const h = hoursSince(ctx, last.at) ?? 0;
    const note = last.comments ? (last.comments.length > 120 ? `${last.comments.slice(0, 117)}...` : last.comments) : "";
    return paragraph(
      w.t("last.watered", {
        hasBy: yes(last.by),
        hasNote: yes(note),
        name: name(ctx),
        ago: w.ago(h),
        day: w.day(last.at, tz(ctx)),
        by: last.by ?? "",
        note,
      }),
      counted,
      moistureSentence(ctx, w),
      sentence(rainClause(ctx, true, w)),
    );
  }
  const action = ctx.actions[0];
  return paragraph(
    w.t("last.none", { name: name(ctx) }),
    action
      ? w.t("last.lastAction", {
          action: w.actionName(action.type),
          ago: w.ago(hoursSince(ctx, action.at) ?? 0),
          day: w.day(action.at, tz(ctx)),
        })
      : w.t("last.noActions"),
    moistureSentence(ctx, w),
    sentence(rainClause(ctx, true, w)),
    w.t("last.recordIt"),
  );
}

// ---------------------------------------------------------------------------------------------
// Weather

function weatherAnswer(ctx: ThingContext, w: Words): string {
  const f = ctx.forecast;
  const rain = sentence(rainClause(ctx, true, w));
  if (!f) return paragraph(w.t("weather.none", { name: name(ctx) }), rain);
  const updated = w.t("weather.updated", { ago: w.ago(hoursSince(ctx, f.fetchedAt) ?? 0) });
  if (f.hours === 0) return paragraph(w.t("weather.stale", { name: name(ctx), updated }), rain);
  const hours = String(Math.min(48, f.hours));
  const temps =
    f.temperatureMin !== null && f.temperatureMax !== null
      ? w.t("weather.temps", { min: w.celsius(f.temperatureMin), max: w.celsius(f.temperatureMax), hours })
      : null;
  const chance =
    f.maxPrecipitationProbability !== null ? w.t("weather.chance", { percent: w.percent(f.maxPrecipitationProbability) }) : null;
  const days = upcomingDays(ctx)
    .filter((d) => d.precipitationSum !== null || d.temperatureMax !== null)
    .map((d) => {
      const hasTemps = d.temperatureMin !== null && d.temperatureMax !== null;
      return w.t("weather.dayLine", {
        hasTemps: yes(hasTemps),
        day: w.day(d.date),
        rain: d.precipitationSum !== null ? w.mm(d.precipitationSum) : "? mm",
        min: hasTemps ? w.celsius(d.temperatureMin as number) : "",
        max: hasTemps ? w.celsius(d.temperatureMax as number) : "",
      });
    });
  const advice: string[] = [];
  if (f.temperatureMin !== null && f.temperatureMin <= 0) advice.push(w.t("weather.frost"));
  if (f.temperatureMax !== null && f.temperatureMax >= 27) advice.push(w.t("weather.hot"));
  if ((f.next24hPrecipitationMm ?? 0) + (f.next24to48hPrecipitationMm ?? 0) >= RAIN_THAT_COUNTS_MM) advice.push(w.t("weather.rainSaves"));
  return paragraph(
    paragraph(w.t("weather.forecast", { forecast: capitalise(forecastClause(ctx, w) as string), name: name(ctx), updated }), temps, chance),
    days.length ? w.t("weather.byDay", { days: days.join("; ") }) : null,
    rain,
    advice.length ? `${capitalise(w.list(advice))}.` : null,
  );
}

// ---------------------------------------------------------------------------------------------
// Is the sensor working?

function sensorAnswer(ctx: ThingContext, limits: HealthThresholds, w: Words): string {
  const health = deviceHealth(ctx, limits);
  const pumps = ctx.devices.filter((d) => d.model === "THE_THINGS_UNO");
  const pumpNote = pumps.length
    ? w.t("sensor.pumps", {
        count: pumps.length,
        names: w.list(
          pumps.map(
            (p) => `${p.name} (${w.t("sensor.pumpState", { state: p.ledState === null ? "unknown" : p.ledState ? "on" : "off" })})`,
          ),
        ),
      })
    : null;
  if (health.length === 0) {
    const last = hoursSince(ctx, ctx.readings.lastReadingAt);
    return paragraph(
      w.t("sensor.none", { pumps: yes(pumps.length), name: name(ctx) }),
      pumpNote,
      last !== null ? w.t("sensor.lastReading", { ago: w.ago(last) }) : null,
      w.t("sensor.register"),
    );
  }
  const lines = health.map((h) => {
    const d = h.device;
    const model = d.model;
    if (h.hoursSinceReport === null) {
      const added = hoursSince(ctx, d.createdAt) ?? 0;
      return w.t("sensor.neverReported", { device: d.name, model, ago: w.ago(added) });
    }
    const details = [
      d.battery !== null ? w.t("sensor.battery", { volts: w.volts(d.battery) }) : null,
      d.rssi !== null
        ? w.t("sensor.signal", { hasSnr: yes(d.snr !== null), rssi: w.num(d.rssi, 0), snr: d.snr !== null ? w.num(d.snr) : "" })
        : null,
    ].filter(Boolean) as string[];
    const reported = w.t("sensor.reported", {
      hasDetails: yes(details.length),
      device: d.name,
      model,
      ago: w.ago(h.hoursSinceReport),
      when: w.dayTime(d.lastReportAt as string, tz(ctx)),
      details: w.list(details),
    });
    const problems: string[] = [];
    if (h.silent) problems.push(w.t("sensor.silent", { hours: String(limits.deviceSilentHours) }));
    if (h.lowBattery) problems.push(w.t("sensor.lowBattery", { volts: w.volts(limits.lowBatteryVolts) }));
    return problems.length ? w.t("sensor.problems", { reported, problems: problems.join("; ") }) : w.t("sensor.working", { reported });
  });
  const readings = ctx.trend.reduce((n, d) => n + d.readings, 0);
  const days = ctx.trend.length;
  return paragraph(
    ...lines,
    w.t("sensor.received", { count: readings, n: String(readings), name: name(ctx), days: String(days) }),
    moistureSentence(ctx, w),
    pumpNote,
  );
}

// ---------------------------------------------------------------------------------------------
// What does the soil mean?

function soilMeaning(s: NonNullable<ThingContext["soilscape"]>, w: Words): string[] {
  const out: string[] = [];
  // The soilscape layer's own words (English) tell which advice applies.
  const drainage = (s.drainage ?? "").toLowerCase();
  const texture = (s.texture ?? "").toLowerCase();
  const fertility = (s.fertility ?? "").toLowerCase();
  if (/freely/.test(drainage)) out.push(w.t("soil.freely"));
  else if (/impeded|slowly|wet|poor/.test(drainage)) out.push(w.t("soil.impeded"));
  if (/clay/.test(texture)) out.push(w.t("soil.clay"));
  else if (/sand/.test(texture)) out.push(w.t("soil.sand"));
  else if (/loam/.test(texture)) out.push(w.t("soil.loam"));
  if (/peat/.test(texture)) out.push(w.t("soil.peat"));
  if (/low/.test(fertility)) out.push(w.t("soil.lowFertility"));
  else if (/high/.test(fertility)) out.push(w.t("soil.highFertility"));
  return out;
}

function phLevel(ph: number): string {
  if (ph < 5.5) return "strongAcid";
  if (ph < 6.0) return "slightAcid";
  if (ph <= 7.5) return "neutral";
  if (ph <= 8.0) return "slightAlkaline";
  return "strongAlkaline";
}

function soilAnswer(ctx: ThingContext, w: Words): string {
  const s = ctx.soilscape;
  const measured: string[] = [];
  const { ph, conductivity, temperature, lastReadingAt } = ctx.readings;
  const age = hoursSince(ctx, lastReadingAt);
  const ago = age !== null ? w.ago(age) : "";
  // The first figure says when the probe measured.
  const when = (first: boolean) => yes(first && age !== null);
  if (ph !== null) {
    measured.push(w.t("soil.phReading", { hasWhen: when(true), ph: w.num(ph), meaning: w.t("soil.ph", { level: phLevel(ph) }), ago }));
  }
  if (conductivity !== null) {
    const level = conductivity < 100 ? "low" : conductivity > 1500 ? "high" : "usual";
    measured.push(
      w.t("soil.conductivity", {
        hasWhen: when(ph === null),
        value: w.num(conductivity, 0),
        level: w.t("soil.conductivityLevel", { level }),
        ago,
      }),
    );
  }
  if (temperature !== null) {
    measured.push(w.t("soil.temperature", { hasWhen: when(ph === null && conductivity === null), value: w.celsius(temperature), ago }));
  }
  if (!s) {
    return paragraph(
      w.t("soil.noData", { name: name(ctx), lat: w.num(ctx.thing.latitude, 4), lon: w.num(ctx.thing.longitude, 4) }),
      ...measured,
      measured.length ? null : w.t("soil.cannotSay"),
    );
  }
  const traits = [
    s.texture ? w.t("soil.texture", { value: s.texture.toLowerCase() }) : null,
    s.drainage ? s.drainage.toLowerCase() : null,
    s.fertility ? w.t("soil.fertility", { value: s.fertility.toLowerCase() }) : null,
    s.carbon ? w.t("soil.carbon", { value: s.carbon.toLowerCase() }) : null,
  ].filter(Boolean) as string[];
  const hasClass = s.classNumber !== null && s.classNumber !== undefined;
  const label = s.name
    ? w.t("soil.named", { hasClass: yes(hasClass), name: s.name, class: hasClass ? String(s.classNumber) : "" })
    : w.t("soil.its");
  const risk = s.waterProtection ? `${s.waterProtection.charAt(0).toLowerCase()}${s.waterProtection.slice(1)}` : "";
  return paragraph(
    w.t("soil.sits", { hasTraits: yes(traits.length), name: name(ctx), label, traits: w.list(traits) }),
    ...soilMeaning(s, w).map((m) => `${capitalise(m)}.`),
    s.habitats ? w.t("soil.habitats", { habitats: s.habitats }) : null,
    s.drainsTo ? w.t("soil.drains", { hasRisk: yes(risk), to: s.drainsTo.toLowerCase(), risk }) : null,
    ...measured,
    s.isSample ? w.t("soil.sample") : null,
  );
}

// ---------------------------------------------------------------------------------------------
// What should I do this week?

function weekAnswer(ctx: ThingContext, limits: HealthThresholds, w: Words): string {
  const lines: string[] = [];
  const water = freshWater(ctx);
  const verdict = waterVerdict(ctx, w);
  if (water !== null) {
    lines.push(
      w.t("week.waterReading", {
        water: w.percent(water),
        band: w.bandName(ctx.readings.band),
        ago: w.ago(hoursSince(ctx, ctx.readings.lastReadingAt) ?? 0),
        advice: verdict.advice,
      }),
    );
  } else {
    const since = lastWateringClause(ctx, w);
    lines.push(w.t("week.waterNoReading", { hasSince: yes(since), since: since ?? "", advice: verdict.advice }));
  }
  const tasks = ctx.openTasks;
  if (tasks.length) {
    const items = tasks.slice(0, 5).map((task) => {
      const due = task.dueDate
        ? task.overdue
          ? w.t("week.overdue", { day: w.day(task.dueDate) })
          : w.t("week.due", { day: w.day(task.dueDate) })
        : w.t("week.noDue");
      return w.t("week.task", { title: task.title, due, priority: w.t("format.priority", { priority: task.priority }) });
    });
    lines.push(w.t("week.tasks", { hasMore: yes(tasks.length > 5), count: String(tasks.length), items: w.list(items) }));
  } else {
    lines.push(w.t("week.noTasks"));
  }
  const f = ctx.forecast;
  if (f && f.hours > 0) {
    const total = (f.next24hPrecipitationMm ?? 0) + (f.next24to48hPrecipitationMm ?? 0);
    const hasTemps = f.temperatureMin !== null && f.temperatureMax !== null;
    lines.push(
      w.t("week.weather", {
        hasTemps: yes(hasTemps),
        hasFrost: yes(f.temperatureMin !== null && f.temperatureMin <= 0),
        mm: w.mm(total),
        min: hasTemps ? w.celsius(f.temperatureMin as number) : "",
        max: hasTemps ? w.celsius(f.temperatureMax as number) : "",
        hours: String(Math.min(48, f.hours)),
      }),
    );
  } else {
    lines.push(w.t("week.noWeather"));
  }
  const rain = rainClause(ctx, true, w);
  if (rain) lines.push(w.t("week.rainSoFar", { rain }));
  const health = deviceHealth(ctx, limits);
  const problems = health.filter((h) => h.silent || h.lowBattery);
  if (problems.length) {
    const items = problems.map((h) =>
      h.hoursSinceReport === null
        ? w.t("week.neverReported", { device: h.device.name })
        : h.silent
          ? w.t("week.silent", { device: h.device.name, duration: w.duration(h.hoursSinceReport) })
          : w.t("week.lowBattery", { device: h.device.name, volts: w.volts(h.device.battery as number) }),
    );
    lines.push(w.t("week.sensorProblems", { count: problems.length, items: w.list(items) }));
  } else if (health.length) {
    const items = health.map((h) =>
      w.t("week.sensorItem", {
        hasBattery: yes(h.device.battery !== null),
        device: h.device.name,
        ago: w.ago(h.hoursSinceReport as number),
        volts: h.device.battery !== null ? w.volts(h.device.battery) : "",
      }),
    );
    lines.push(w.t("week.sensorsFine", { items: w.list(items) }));
  }
  const upkeepAge = hoursSince(ctx, ctx.lastUpkeep?.at);
  if (upkeepAge === null) {
    lines.push(w.t("week.noUpkeep"));
  } else if (upkeepAge > UPKEEP_DUE_DAYS * 24) {
    lines.push(w.t("week.upkeepDue", { action: w.actionName(ctx.lastUpkeep!.type), ago: w.ago(upkeepAge) }));
  }
  if (ctx.inBLine) lines.push(w.t("week.bLine"));
  return `${w.t("week.heading", { name: name(ctx) })}\n${lines.map((l) => `- ${l}`).join("\n")}`;
}

// ---------------------------------------------------------------------------------------------
// Anything else: a summary

function summaryAnswer(ctx: ThingContext, limits: HealthThresholds, w: Words): string {
  const thing = ctx.thing;
  const aType = w.t("summary.aType", { type: thing.type, raw: thing.type.toLowerCase() });
  const intro = w.t("summary.intro", {
    hasWhere: yes(thing.locationDescription),
    hasGroup: yes(thing.groupName),
    name: thing.name,
    aType,
    where: thing.locationDescription ?? "",
    group: thing.groupName ?? "",
  });
  const colour = thing.indicatorColour ? w.t("summary.colour", { colour: thing.indicatorColour }) : null;
  const last = ctx.actions[0];
  const action = last
    ? w.t("summary.lastAction", { action: w.actionName(last.type), ago: w.ago(hoursSince(ctx, last.at) ?? 0) })
    : w.t("last.noActions");
  const tasks = ctx.openTasks.length
    ? w.t("summary.tasks", { count: ctx.openTasks.length, overdue: ctx.openTasks.filter((k) => k.overdue).length })
    : w.t("summary.noTasks");
  const sensorCount = sensors(ctx).length;
  const health = deviceHealth(ctx, limits);
  const devices = sensorCount
    ? w.t("summary.sensors", { count: sensorCount, attention: yes(health.some((h) => h.silent || h.lowBattery)) })
    : null;
  return paragraph(
    intro,
    moistureSentence(ctx, w) ?? w.t("summary.noReading"),
    colour,
    action,
    tasks,
    sentence(rainClause(ctx, false, w), forecastClause(ctx, w)),
    devices,
    ctx.inBLine ? w.t("summary.bLine") : null,
    w.t("summary.youCanAsk"),
  );
}
