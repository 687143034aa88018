// Words, colours and units of things and actions (spec sections 3, 4 and 9, decisions.md):
// thing and action types with their labels, the indicator colours with what they mean, hydration
// bands, reading units and the date formats the thing screens use. Pure TypeScript: the words come
// from the catalogue (thing-words.ts) through a `t`: components pass a useT with thingWordsTexts;
// English when none is given, for the screens of other features that call these without one yet.

import { dateSettings, formatDate as formatDateOf, formatDateTime as formatDateTimeOf, timeAgo, toDate } from "../../lib/dates.ts";
import { type ThingWordsT, englishThingWordsT } from "./thing-words.ts";

// The kinds of thing and their names: one list for every screen (lib/thing-types.ts).
export { THING_TYPES, thingTypeLabel, thingTypesByLabel, type ThingType } from "../../lib/thing-types.ts";
import { thingTypesByLabel, type ThingType } from "../../lib/thing-types.ts";

/** Thing types in alphabetical order of their English labels. */
export const THING_TYPES_BY_LABEL: readonly ThingType[] = thingTypesByLabel();

export const ACTION_TYPES = ["WATERING", "LITTER_CLEANUP", "UPKEEP", "MEASUREMENT", "EDUCATION", "SHARE", "CREATED"] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** The types a person records (CREATED is written by the server when a thing is added). */
export const RECORDABLE_ACTION_TYPES: readonly ActionType[] = ACTION_TYPES.filter((t) => t !== "CREATED");

const isActionType = (type: string | null | undefined): type is ActionType => (ACTION_TYPES as readonly string[]).includes(type ?? "");

export function actionTypeLabel(type: string | null | undefined, t: ThingWordsT = englishThingWordsT): string {
  return isActionType(type) ? t(`things.action.${type}.label`) : t("things.action.other");
}

export function actionHint(type: string | null | undefined, t: ThingWordsT = englishThingWordsT): string {
  return isActionType(type) ? t(`things.action.${type}.hint`) : "";
}

// Indicator colours -------------------------------------------------------------------------

export const INDICATOR_COLOURS = ["red", "orange", "green", "blue", "grey"] as const;
export type IndicatorColour = (typeof INDICATOR_COLOURS)[number];

export type IndicatorParameter = "WATER" | "P_H";

export function normaliseColour(colour: string | null | undefined): IndicatorColour {
  return INDICATOR_COLOURS.includes(colour as IndicatorColour) ? (colour as IndicatorColour) : "grey";
}

const scale = (parameter: string | null | undefined) => (parameter === "P_H" ? "ph" : "water");

/** Short label of an indicator colour ("Needs water"), per indicator parameter. */
export function colourLabel(
  colour: string | null | undefined,
  parameter: string | null | undefined = "WATER",
  t: ThingWordsT = englishThingWordsT,
): string {
  return t(`things.colour.${scale(parameter)}.${normaliseColour(colour)}.label`);
}

/** A sentence on what the colour means for the thing. */
export function colourMeaning(
  colour: string | null | undefined,
  parameter: string | null | undefined = "WATER",
  t: ThingWordsT = englishThingWordsT,
): string {
  return t(`things.colour.${scale(parameter)}.${normaliseColour(colour)}.meaning`);
}

/** Water scale filter label (spec section 9), for the list's colour filter: "Red · too dry". */
export function colourFilterLabel(colour: IndicatorColour, t: ThingWordsT = englishThingWordsT): string {
  return t(`things.colourFilter.${colour}`);
}

/** Water scale filter labels (spec section 9), in English. */
export const COLOUR_FILTER_LABELS: Record<IndicatorColour, string> = Object.fromEntries(
  INDICATOR_COLOURS.map((c) => [c, colourFilterLabel(c)]),
) as Record<IndicatorColour, string>;

/** Sort rank for "needs water first": too dry, needs water, moist, too wet, unknown. */
export function needsWaterRank(colour: string | null | undefined): number {
  return { red: 0, orange: 1, green: 2, blue: 3, grey: 4 }[normaliseColour(colour)];
}

// Hydration bands ---------------------------------------------------------------------------

export const HYDRATION_BANDS = ["dry", "needsWater", "good", "saturated"] as const;
export type HydrationBand = (typeof HYDRATION_BANDS)[number];

export interface HydrationLevels {
  dry: number;
  needsWater: number;
  good: number;
}

/** decisions.md: dry 0-20, needs water 20-30, good 30-60, saturated 60-100 (percent). */
export const DEFAULT_HYDRATION_LEVELS: HydrationLevels = { dry: 20, needsWater: 30, good: 60 };

export function hydrationBandLabel(band: string | null | undefined, t: ThingWordsT = englishThingWordsT): string | null {
  return band && (HYDRATION_BANDS as readonly string[]).includes(band) ? t(`things.band.${band as HydrationBand}`) : null;
}

/** A thing's band limits: its overrides where set, else the defaults. */
export function hydrationLevelsOf(value: unknown): HydrationLevels {
  const levels = { ...DEFAULT_HYDRATION_LEVELS };
  let source = value;
  if (typeof source === "string") {
    try {
      source = JSON.parse(source);
    } catch {
      source = null;
    }
  }
  if (source && typeof source === "object") {
    for (const key of ["dry", "needsWater", "good"] as const) {
      const n = Number((source as Record<string, unknown>)[key]);
      if (
        (source as Record<string, unknown>)[key] !== undefined &&
        (source as Record<string, unknown>)[key] !== null &&
        Number.isFinite(n)
      ) {
        levels[key] = n;
      }
    }
  }
  return levels;
}

/** The message for band limits that do not make sense, or null. */
export function validateHydrationLevels(
  levels: { dry: string; needsWater: string; good: string },
  t: ThingWordsT = englishThingWordsT,
): string | null {
  const values = [levels.dry, levels.needsWater, levels.good];
  if (values.some((v) => v.trim() === "")) return t("things.levels.allThree");
  const numbers = values.map(Number);
  if (numbers.some((n) => !Number.isFinite(n) || n < 0 || n > 100)) return t("things.levels.range");
  if (!(numbers[0] < numbers[1] && numbers[1] < numbers[2])) return t("things.levels.rising");
  return null;
}

// Readings ----------------------------------------------------------------------------------

export interface Reading {
  key: "water" | "temperature" | "conductivity" | "ph";
  /** In English; readingLabel(key, t) says it in the reader's language. */
  label: string;
  unit: string;
  digits: number;
}

export const READINGS: readonly Reading[] = [
  { key: "water", label: "Water", unit: "%", digits: 0 },
  { key: "temperature", label: "Temperature", unit: "°C", digits: 1 },
  { key: "conductivity", label: "Conductivity", unit: "µS/cm", digits: 0 },
  { key: "ph", label: "pH", unit: "", digits: 1 },
];

/** "Water", "Temperature", "Conductivity", "pH", "Battery". */
export function readingLabel(key: Reading["key"] | "battery", t: ThingWordsT = englishThingWordsT): string {
  return t(`things.reading.${key}`);
}

export function formatReading(value: unknown, reading: Pick<Reading, "unit" | "digits">): string {
  if (value === null || value === undefined || value === "") return "—";
  const n = Number(value);
  if (!Number.isFinite(n)) return "—";
  const text = new Intl.NumberFormat(dateSettings().locale, { maximumFractionDigits: reading.digits, minimumFractionDigits: 0 }).format(n);
  if (!reading.unit) return text;
  return reading.unit === "%" || reading.unit === "°C" ? `${text}${reading.unit}` : `${text} ${reading.unit}`;
}

// Places and times --------------------------------------------------------------------------

export function formatCoordinate(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  return value.toFixed(5);
}

export function mapLinks(latitude: number, longitude: number, t: ThingWordsT = englishThingWordsT): { label: string; href: string }[] {
  const lat = latitude.toFixed(6);
  const lon = longitude.toFixed(6);
  return [
    { label: "OpenStreetMap", href: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}` },
    { label: "Google Maps", href: `https://www.google.com/maps/search/?api=1&query=${lat},${lon}` },
    { label: "Apple Maps", href: `https://maps.apple.com/?ll=${lat},${lon}&q=${lat},${lon}` },
    { label: t("things.location.yourMapsApp"), href: `geo:${lat},${lon}` },
  ];
}

// Dates and times through the app's one formatter (lib/dates.ts); "—" and "never" when unknown.
export function formatDateTime(value: string | Date | null | undefined): string {
  return formatDateTimeOf(value, "—");
}

export function formatDate(value: string | Date | null | undefined): string {
  return formatDateOf(value, "—");
}

/** "5 minutes ago", "yesterday", "3 weeks ago"; the full date after a year. */
export function formatRelative(
  value: string | Date | null | undefined,
  now: number = Date.now(),
  t: ThingWordsT = englishThingWordsT,
): string {
  return toDate(value) ? timeAgo(value, now, 365) : t("things.never");
}

/** "30–60%": the water range of a band with these limits. */
export function bandRange(band: string | null | undefined, levels: HydrationLevels, t: ThingWordsT = englishThingWordsT): string | null {
  switch (band) {
    case "dry":
      return t("things.band.below", { value: levels.dry });
    case "needsWater":
      return `${levels.dry}–${levels.needsWater}%`;
    case "good":
      return `${levels.needsWater}–${levels.good}%`;
    case "saturated":
      return t("things.band.andAbove", { value: levels.good });
    default:
      return null;
  }
}
