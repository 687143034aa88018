// Words, colours and units of things and actions (spec sections 3, 4 and 9, decisions.md):
// thing and action types with their labels, the indicator colours with what they mean, hydration
// bands, reading units and the date formats the thing screens use. Pure TypeScript.

import { formatDate as formatDateOf, formatDateTime as formatDateTimeOf, timeAgo, toDate } from "../../lib/dates.ts";

export const THING_TYPES = [
  "BEECAFE",
  "APIARY",
  "GREENHOUSE",
  "MEADOW",
  "FLOWERBED",
  "TREE",
  "BIN",
  "PLANTER",
  "HEDGE",
  "GRAVE",
  "VEGETABLEBED",
  "WALL",
  "FENCE",
  "BENCH",
  "MURAL",
  "NOTICEBOARD",
  "BOOKSHARE",
  "PLAQUE",
  "SCULPTURE",
] as const;
export type ThingType = (typeof THING_TYPES)[number];

const THING_TYPE_LABELS: Record<ThingType, string> = {
  BEECAFE: "Bee cafe",
  APIARY: "Apiary",
  GREENHOUSE: "Greenhouse",
  MEADOW: "Meadow",
  FLOWERBED: "Flower bed",
  TREE: "Tree",
  BIN: "Bin",
  PLANTER: "Planter",
  HEDGE: "Hedge",
  GRAVE: "Grave",
  VEGETABLEBED: "Vegetable bed",
  WALL: "Wall",
  FENCE: "Fence",
  BENCH: "Bench",
  MURAL: "Mural",
  NOTICEBOARD: "Notice board",
  BOOKSHARE: "Book share",
  PLAQUE: "Plaque",
  SCULPTURE: "Sculpture",
};

export function thingTypeLabel(type: string | null | undefined): string {
  return (type && THING_TYPE_LABELS[type as ThingType]) || "Unknown type";
}

/** Thing types in alphabetical order of their labels (for menus). */
export const THING_TYPES_BY_LABEL: readonly ThingType[] = [...THING_TYPES].sort((a, b) =>
  THING_TYPE_LABELS[a].localeCompare(THING_TYPE_LABELS[b]),
);

export const ACTION_TYPES = [
  "WATERING",
  "LITTER_CLEANUP",
  "UPKEEP",
  "MEASUREMENT",
  "EDUCATION",
  "SHARE",
  "CREATED",
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** The types a person records (CREATED is written by the server when a thing is added). */
export const RECORDABLE_ACTION_TYPES: readonly ActionType[] = ACTION_TYPES.filter((t) => t !== "CREATED");

const ACTION_LABELS: Record<ActionType, { label: string; verb: string; hint: string }> = {
  WATERING: { label: "Watering", verb: "watered", hint: "Gave it water" },
  LITTER_CLEANUP: { label: "Litter clean-up", verb: "cleaned up litter at", hint: "Picked up litter around it" },
  UPKEEP: { label: "Upkeep", verb: "did upkeep on", hint: "Weeding, pruning, repairs, tidying" },
  MEASUREMENT: { label: "Measurement", verb: "took a measurement at", hint: "Checked the soil, a reading or a count" },
  EDUCATION: { label: "Education", verb: "ran an education session at", hint: "Showed others how to look after it" },
  SHARE: { label: "Share", verb: "shared", hint: "Told others about it" },
  CREATED: { label: "Added", verb: "added", hint: "Added it to the platform" },
};

export function actionTypeLabel(type: string | null | undefined): string {
  return (type && ACTION_LABELS[type as ActionType]?.label) || "Action";
}

/** "watered", "did upkeep on": the middle of "Alice watered Big Planter". */
export function actionVerb(type: string | null | undefined): string {
  return (type && ACTION_LABELS[type as ActionType]?.verb) || "looked after";
}

export function actionHint(type: string | null | undefined): string {
  return (type && ACTION_LABELS[type as ActionType]?.hint) || "";
}

// Indicator colours -------------------------------------------------------------------------

export const INDICATOR_COLOURS = ["red", "orange", "green", "blue", "grey"] as const;
export type IndicatorColour = (typeof INDICATOR_COLOURS)[number];

export type IndicatorParameter = "WATER" | "P_H";

export function normaliseColour(colour: string | null | undefined): IndicatorColour {
  return INDICATOR_COLOURS.includes(colour as IndicatorColour) ? (colour as IndicatorColour) : "grey";
}

const WATER_COLOUR_TEXT: Record<IndicatorColour, { label: string; meaning: string }> = {
  red: { label: "Too dry", meaning: "The soil is dry: it needs water now." },
  orange: { label: "Needs water", meaning: "The soil is drying out: water it soon." },
  green: { label: "Moist", meaning: "The soil is moist: all is well." },
  blue: { label: "Too wet", meaning: "The soil is saturated: hold off watering." },
  grey: { label: "Unknown", meaning: "No reading in the last 48 hours, so its state is unknown." },
};

const PH_COLOUR_TEXT: Record<IndicatorColour, { label: string; meaning: string }> = {
  red: { label: "pH out of range", meaning: "The soil's pH is below 5.5 or above 8.0." },
  orange: { label: "pH a little off", meaning: "The soil's pH is between 5.5 and 6.0, or 7.5 and 8.0." },
  green: { label: "pH good", meaning: "The soil's pH is between 6.0 and 7.5." },
  blue: { label: "pH good", meaning: "The soil's pH is within range." },
  grey: { label: "Unknown", meaning: "No reading in the last 48 hours, so its state is unknown." },
};

/** Short label of an indicator colour ("Needs water"), per indicator parameter. */
export function colourLabel(colour: string | null | undefined, parameter: string | null | undefined = "WATER"): string {
  const table = parameter === "P_H" ? PH_COLOUR_TEXT : WATER_COLOUR_TEXT;
  return table[normaliseColour(colour)].label;
}

/** A sentence on what the colour means for the thing. */
export function colourMeaning(colour: string | null | undefined, parameter: string | null | undefined = "WATER"): string {
  const table = parameter === "P_H" ? PH_COLOUR_TEXT : WATER_COLOUR_TEXT;
  return table[normaliseColour(colour)].meaning;
}

/** Water scale filter labels (spec section 9), for the list's colour filter. */
export const COLOUR_FILTER_LABELS: Record<IndicatorColour, string> = {
  red: "Red · too dry",
  orange: "Orange · needs water",
  green: "Green · moist",
  blue: "Blue · too wet",
  grey: "Grey · unknown",
};

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

const BAND_LABELS: Record<HydrationBand, string> = {
  dry: "Dry",
  needsWater: "Needs water",
  good: "Good",
  saturated: "Saturated",
};

export function hydrationBandLabel(band: string | null | undefined): string | null {
  return band && band in BAND_LABELS ? BAND_LABELS[band as HydrationBand] : null;
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
      if ((source as Record<string, unknown>)[key] !== undefined && (source as Record<string, unknown>)[key] !== null && Number.isFinite(n)) {
        levels[key] = n;
      }
    }
  }
  return levels;
}

/** The message for band limits that do not make sense, or null. */
export function validateHydrationLevels(levels: { dry: string; needsWater: string; good: string }): string | null {
  const values = [levels.dry, levels.needsWater, levels.good];
  if (values.some((v) => v.trim() === "")) return "Enter all three limits";
  const numbers = values.map(Number);
  if (numbers.some((n) => !Number.isFinite(n) || n < 0 || n > 100)) return "Limits must be between 0 and 100 percent";
  if (!(numbers[0] < numbers[1] && numbers[1] < numbers[2])) return "Each limit must be higher than the one before";
  return null;
}

// Readings ----------------------------------------------------------------------------------

export interface Reading {
  key: "water" | "temperature" | "conductivity" | "ph";
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

export function formatReading(value: unknown, reading: Pick<Reading, "unit" | "digits">): string {
  if (value === null || value === undefined || value === "") return "—";
  const n = Number(value);
  if (!Number.isFinite(n)) return "—";
  const text = n.toLocaleString("en-US", { maximumFractionDigits: reading.digits, minimumFractionDigits: 0 });
  if (!reading.unit) return text;
  return reading.unit === "%" || reading.unit === "°C" ? `${text}${reading.unit}` : `${text} ${reading.unit}`;
}

// Places and times --------------------------------------------------------------------------

export function formatCoordinate(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  return value.toFixed(5);
}

export function mapLinks(latitude: number, longitude: number): { label: string; href: string }[] {
  const lat = latitude.toFixed(6);
  const lon = longitude.toFixed(6);
  return [
    { label: "OpenStreetMap", href: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}` },
    { label: "Google Maps", href: `https://www.google.com/maps/search/?api=1&query=${lat},${lon}` },
    { label: "Apple Maps", href: `https://maps.apple.com/?ll=${lat},${lon}&q=${lat},${lon}` },
    { label: "Your maps app", href: `geo:${lat},${lon}` },
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
export function formatRelative(value: string | Date | null | undefined, now: number = Date.now()): string {
  return toDate(value) ? timeAgo(value, now, 365) : "never";
}

/** "30–60%": the water range of a band with these limits. */
export function bandRange(band: string | null | undefined, levels: HydrationLevels): string | null {
  switch (band) {
    case "dry":
      return `below ${levels.dry}%`;
    case "needsWater":
      return `${levels.dry}–${levels.needsWater}%`;
    case "good":
      return `${levels.needsWater}–${levels.good}%`;
    case "saturated":
      return `${levels.good}% and above`;
    default:
      return null;
  }
}
