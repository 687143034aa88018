// Pure helpers of the environmental panels and screens: numbers and times as people read them,
// the "water or wait?" hint, the indicator colour scale, distances as words (the API computes
// them), and what the soilscape
// attributes mean for watering. No React and no map library here, so anything may import it.

import { dateSettings } from "../../lib/dates.ts";
import { parseTime } from "./times.ts";
import { isFiniteNumber } from "../../lib/coordinates.ts";
import { type EnvironmentT, environmentEnglishT } from "./texts.ts";

export { type Coordinates, DEFAULT_CENTRE, isFiniteNumber } from "../../lib/coordinates.ts";
export { formatDateTime, formatHour, parseTime, timeAgo } from "./times.ts";

/** The reader's locale for numbers, the same as for dates (lib/dates.ts: en-GB by default). */
export const LOCALE = dateSettings().locale;

export function formatNumber(value: number, digits = 1): string {
  return value.toLocaleString(LOCALE, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** "1.2 mm"; "–" for no value. */
export function formatMm(value: number | null | undefined, digits = 1): string {
  return isFiniteNumber(value) ? `${formatNumber(value, digits)} mm` : "–";
}

/** "14 °C"; "–" for no value. */
export function formatTemperature(value: number | null | undefined, digits = 0): string {
  return isFiniteNumber(value) ? `${formatNumber(value, digits)} °C` : "–";
}

/** "2.4 km", "650 m": lib/distance.ts's. */
export { formatKm as formatDistance } from "../../lib/distance.ts";

/** A coordinate with 5 decimals (about a metre). */
export function formatCoordinate(value: number, digits = 5): string {
  return value.toFixed(digits);
}

//------------------------------------------------------------------------------------------
// Indicator colours (spec section 9: blue too wet, green moist, orange needs water, red too dry,
// grey unknown).

export type IndicatorKey = "blue" | "green" | "orange" | "red" | "grey";

export interface IndicatorInfo {
  key: IndicatorKey;
  /** The marker's colour (chosen for contrast with a white ring on any basemap). */
  colour: string;
  label: string;
  /** A sentence for popups. */
  meaning: string;
}

export const INDICATORS: readonly IndicatorInfo[] = [
  { key: "blue", colour: "#1f6fc5", label: "Too wet", meaning: "The soil is too wet." },
  { key: "green", colour: "#2e8540", label: "Moist", meaning: "The soil is moist: all is well." },
  { key: "orange", colour: "#e07b00", label: "Needs water", meaning: "The soil is drying out: it needs water soon." },
  { key: "red", colour: "#c62828", label: "Too dry", meaning: "The soil is too dry: it needs water now." },
  { key: "grey", colour: "#7b847b", label: "Unknown", meaning: "No recent reading, so its state is unknown." },
];

/** The indicator of a thing's `indicatorColour` (unknown values and null are grey). */
export function indicatorOf(colour: string | null | undefined): IndicatorInfo {
  const key = (colour ?? "").trim().toLowerCase();
  return INDICATORS.find((i) => i.key === key) ?? INDICATORS[INDICATORS.length - 1];
}

//------------------------------------------------------------------------------------------
// Weather: "water or wait?"

export interface HourlyPoint {
  time: string;
  temperature: number | null;
  precipitation: number | null;
  precipitationProbability: number | null;
}

/** Rain (mm) that makes watering unnecessary when forecast within the next 12 hours. */
export const WAIT_RAIN_MM = 5;
export const HINT_HOURS = 12;

export interface WeatherHint {
  kind: "wait" | "water" | "unknown";
  /** Forecast rain over the next 12 hours (mm), or null without forecast hours. */
  rainMm: number | null;
  title: string;
  text: string;
}

/** Hours starting within [now - 1 h, now + hours), in time order (the current hour included). */
export function upcomingHours<T extends { time: string }>(hourly: readonly T[], now: number, hours: number): T[] {
  const from = now - 3600_000;
  const to = now + hours * 3600_000;
  return hourly
    .map((h) => ({ h, t: parseTime(h.time) }))
    .filter((x): x is { h: T; t: number } => x.t !== null && x.t > from && x.t < to)
    .sort((a, b) => a.t - b.t)
    .map((x) => x.h);
}

export function weatherHint(hourly: readonly HourlyPoint[], now = Date.now(), t: EnvironmentT = environmentEnglishT): WeatherHint {
  const next = upcomingHours(hourly, now, HINT_HOURS);
  if (next.length === 0) {
    return { kind: "unknown", rainMm: null, title: t("weather.hintTitle.unknown"), text: t("weather.hintText.unknown") };
  }
  const rain = Math.round(next.reduce((sum, h) => sum + (isFiniteNumber(h.precipitation) ? h.precipitation : 0), 0) * 10) / 10;
  const values = { rain: formatMm(rain), hours: HINT_HOURS };
  if (rain >= WAIT_RAIN_MM) {
    return { kind: "wait", rainMm: rain, title: t("weather.hintTitle.wait"), text: t("weather.hintText.wait", values) };
  }
  return {
    kind: "water",
    rainMm: rain,
    title: t("weather.hintTitle.water"),
    text: rain > 0 ? t("weather.hintText.someRain", values) : t("weather.hintText.noRain", values),
  };
}

//------------------------------------------------------------------------------------------
// Soilscapes: the nine attributes in plain words.

export type SoilAttribute =
  | "texture"
  | "drainage"
  | "fertility"
  | "landcover"
  | "habitats"
  | "carbon"
  | "drainsTo"
  | "waterProtection"
  | "generalCropping";

/** The nine attributes in the order they are shown; their words are soil.<key>.label / .about. */
export const SOIL_ATTRIBUTES: readonly SoilAttribute[] = [
  "texture",
  "drainage",
  "fertility",
  "landcover",
  "habitats",
  "carbon",
  "drainsTo",
  "waterProtection",
  "generalCropping",
];

/** What a soil's texture means for watering, or null when the value says nothing we know. */
export function textureAdvice(texture: string | null | undefined, t: EnvironmentT = environmentEnglishT): string | null {
  const v = (texture ?? "").toLowerCase();
  if (!v) return null;
  if (v.includes("peat")) return t("soil.advice.peat");
  if (v.includes("sand")) return t("soil.advice.sand");
  if (v.includes("clay")) return t("soil.advice.clay");
  if (v.includes("loam")) return t("soil.advice.loam");
  if (v.includes("silt")) return t("soil.advice.silt");
  return null;
}

/** What a soil's drainage means for watering, or null. */
export function drainageAdvice(drainage: string | null | undefined, t: EnvironmentT = environmentEnglishT): string | null {
  const d = (drainage ?? "").toLowerCase();
  if (!d) return null;
  if (d.includes("naturally wet") || d.includes("wet")) return t("soil.advice.wet");
  if (d.includes("impeded") || d.includes("slowly") || d.includes("poor")) return t("soil.advice.impeded");
  if (d.includes("free")) return t("soil.advice.free");
  if (d.includes("variable")) return t("soil.advice.variable");
  return null;
}

/** Plain-words notes on an attribute's value (the dataset's English words), when there is one to give. */
export function soilAdvice(key: SoilAttribute, value: string | null | undefined, t: EnvironmentT = environmentEnglishT): string | null {
  if (!value) return null;
  const v = value.toLowerCase();
  switch (key) {
    case "texture":
      return textureAdvice(value, t);
    case "drainage":
      return drainageAdvice(value, t);
    case "fertility":
      if (v.includes("high")) return t("soil.advice.fertilityHigh");
      if (v.includes("low") || v.includes("very low")) return t("soil.advice.fertilityLow");
      if (v.includes("moderate") || v.includes("medium")) return t("soil.advice.fertilityModerate");
      return null;
    case "carbon":
      if (v.includes("high")) return t("soil.advice.carbonHigh");
      if (v.includes("low")) return t("soil.advice.carbonLow");
      if (v.includes("medium") || v.includes("moderate")) return t("soil.advice.carbonModerate");
      return null;
    case "drainsTo":
      return t("soil.advice.drainsTo");
    default:
      return null;
  }
}
