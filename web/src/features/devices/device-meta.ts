// Words, units, colours and rules the device screens share: models (spec section 9), indicator
// parameters and the meaning of each indicator colour, hydration bands (decisions "Things and
// devices"), times, and the texts of failed calls (spec section 8).
import { dateSettings } from "../../lib/dates.ts";
import { charLength, MESSAGES, validateLabel as validateSharedLabel } from "../../../../shared/validation.ts";

// Failed calls are read like every screen's (lib/errors.ts).
export { errorCode, errorText } from "../../lib/errors.ts";

// ---------------------------------------------------------------------------------------------
// Models

export const DEVICE_MODELS = ["LSE01", "LSPH01", "THE_THINGS_UNO"] as const;
export type DeviceModel = (typeof DEVICE_MODELS)[number];

export interface ModelInfo {
  label: string;
  /** Short name for chips and tags. */
  short: string;
  description: string;
  /** Latest values the model reports, in display order. */
  metrics: readonly MetricKey[];
  /** The indicator a new device of this model starts with. */
  defaultIndicator: IndicatorParameter;
  /** Whether it has a pump/LED to switch. */
  pump: boolean;
}

export const MODELS: Record<DeviceModel, ModelInfo> = {
  LSE01: {
    label: "LSE01 soil moisture & EC",
    short: "Soil moisture",
    description: "Dragino soil probe: water, temperature and conductivity (EC).",
    metrics: ["water", "temperature", "conductivity", "battery", "rssi", "snr"],
    defaultIndicator: "WATER",
    pump: false,
  },
  LSPH01: {
    label: "LSPH01 soil pH",
    short: "Soil pH",
    description: "Dragino soil probe: pH and temperature.",
    metrics: ["ph", "temperature", "battery", "rssi", "snr"],
    defaultIndicator: "PH",
    pump: false,
  },
  THE_THINGS_UNO: {
    label: "The Things Uno pump controller",
    short: "Pump controller",
    description: "Development board that switches a pump (or LED) on and off by downlink.",
    metrics: ["rssi", "snr"],
    defaultIndicator: "WATER",
    pump: true,
  },
};

export function isDeviceModel(value: string | null | undefined): value is DeviceModel {
  return (DEVICE_MODELS as readonly string[]).includes(value ?? "");
}

export function modelInfo(model: string | null | undefined): ModelInfo {
  return isDeviceModel(model)
    ? MODELS[model]
    : { label: model || "Unknown model", short: model || "Device", description: "", metrics: [], defaultIndicator: "WATER", pump: false };
}

// ---------------------------------------------------------------------------------------------
// Readings

export type MetricKey = "water" | "temperature" | "conductivity" | "ph" | "battery" | "rssi" | "snr" | "rainfall";

export interface MetricInfo {
  key: MetricKey;
  label: string;
  unit: string;
  digits: number;
  /** Chart line colour. */
  colour: string;
  /** Fixed chart range, when the quantity has one. */
  min?: number;
  max?: number;
  /** Tick step on the value axis, for fixed ranges. */
  step?: number;
}

export const METRICS: Record<MetricKey, MetricInfo> = {
  water: { key: "water", label: "Water", unit: "%", digits: 0, colour: "#1d5a8a", min: 0, max: 100, step: 20 },
  temperature: { key: "temperature", label: "Temperature", unit: "°C", digits: 1, colour: "#b3541e" },
  conductivity: { key: "conductivity", label: "Conductivity", unit: "µS/cm", digits: 0, colour: "#6b4f9e" },
  ph: { key: "ph", label: "pH", unit: "", digits: 1, colour: "#2f6f6a", min: 0, max: 14, step: 2 },
  battery: { key: "battery", label: "Battery", unit: "V", digits: 2, colour: "#5c6b2e" },
  rssi: { key: "rssi", label: "Signal (RSSI)", unit: "dBm", digits: 0, colour: "#4f5b93" },
  snr: { key: "snr", label: "Signal-to-noise (SNR)", unit: "dB", digits: 1, colour: "#7a4a8c" },
  // Only in readings (a rain gauge's payload), never a device's latest value.
  rainfall: { key: "rainfall", label: "Rainfall", unit: "mm", digits: 1, colour: "#5e7c96", min: 0 },
};

/** Metrics drawn as charts, in order (signal quality is a detail, not a chart). */
export const CHART_METRICS: readonly MetricKey[] = ["water", "temperature", "conductivity", "ph", "battery", "rainfall"];

/** "45 %", "18.5 °C", "6.8" (pH has no unit), "—" when there is no value. */
export function formatValue(key: MetricKey, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  const metric = METRICS[key];
  const number = value.toLocaleString(LOCALE, { minimumFractionDigits: metric.digits, maximumFractionDigits: metric.digits });
  return metric.unit ? `${number} ${metric.unit}` : number;
}

/** Below this a battery needs replacing soon (the worker's DEVICE_LOW_BATTERY_VOLTS default). */
export const LOW_BATTERY_VOLTS = 3.0;
/** After this long without a report a device counts as silent (DEVICE_SILENT_HOURS default). */
export const SILENT_HOURS = 24;

export function isSilent(lastReport: string | null | undefined, now = Date.now()): boolean {
  if (!lastReport) return false;
  const then = new Date(lastReport).getTime();
  return Number.isFinite(then) && now - then > SILENT_HOURS * 3600_000;
}

export function isLowBattery(volts: number | null | undefined): boolean {
  return typeof volts === "number" && volts < LOW_BATTERY_VOLTS;
}

// ---------------------------------------------------------------------------------------------
// Indicator

export const INDICATOR_PARAMETERS = ["WATER", "TEMPERATURE", "PH", "CONDUCTIVITY"] as const;
export type IndicatorParameter = (typeof INDICATOR_PARAMETERS)[number];

export const INDICATOR_LABELS: Record<IndicatorParameter, string> = {
  WATER: "Water (soil moisture)",
  TEMPERATURE: "Temperature",
  PH: "pH",
  CONDUCTIVITY: "Conductivity",
};

export function isIndicatorParameter(value: string | null | undefined): value is IndicatorParameter {
  return (INDICATOR_PARAMETERS as readonly string[]).includes(value ?? "");
}

export const COLOURS = ["blue", "green", "orange", "red", "grey"] as const;
export type IndicatorColour = (typeof COLOURS)[number];

export function normaliseColour(colour: string | null | undefined): IndicatorColour {
  return (COLOURS as readonly string[]).includes(colour ?? "") ? (colour as IndicatorColour) : "grey";
}

const COLOUR_NAMES: Record<IndicatorColour, string> = {
  blue: "Blue",
  green: "Green",
  orange: "Orange",
  red: "Red",
  grey: "Grey",
};

export function colourName(colour: string | null | undefined): string {
  return COLOUR_NAMES[normaliseColour(colour)];
}

/** The water scale (spec section 9). */
const WATER_MEANINGS: Record<IndicatorColour, string> = {
  blue: "Too wet",
  green: "Moist",
  orange: "Needs water",
  red: "Too dry",
  grey: "Unknown",
};

/** What a colour means for a parameter, e.g. WATER + orange -> "Needs water". */
export function colourMeaning(
  parameter: string | null | undefined,
  colour: string | null | undefined,
  values: { temperature?: number | null; conductivity?: number | null; ph?: number | null } = {},
): string {
  const c = normaliseColour(colour);
  if (c === "grey") return "Unknown";
  switch (parameter) {
    case "PH":
    case "P_H": {
      if (c === "green") return "Good pH";
      const side = typeof values.ph === "number" ? (values.ph < 7 ? "acidic" : "alkaline") : "off";
      return c === "orange" ? `Slightly ${side}` : side === "off" ? "pH out of range" : `Too ${side}`;
    }
    case "TEMPERATURE": {
      if (c === "green") return "Comfortable";
      const cold = typeof values.temperature === "number" && values.temperature < 15;
      return c === "orange" ? (cold ? "Cool" : "Warm") : cold ? "Too cold" : "Too hot";
    }
    case "CONDUCTIVITY": {
      if (c === "green") return "Nutrients fine";
      const low = typeof values.conductivity === "number" && values.conductivity < 100;
      return c === "orange" ? (low ? "Few nutrients" : "Salty") : "Too salty";
    }
    default:
      return WATER_MEANINGS[c];
  }
}

export interface ScaleStep {
  colour: IndicatorColour;
  label: string;
  range: string;
}

/** The legend of an indicator parameter, for the device page. */
export function indicatorScale(parameter: string | null | undefined, levels: HydrationLevels = DEFAULT_LEVELS): ScaleStep[] {
  switch (parameter) {
    case "PH":
    case "P_H":
      return [
        { colour: "red", label: "Too acidic", range: "below 5.5" },
        { colour: "orange", label: "Slightly acidic", range: "5.5 – 6.0" },
        { colour: "green", label: "Good (neutral is 7)", range: "6.0 – 7.5" },
        { colour: "orange", label: "Slightly alkaline", range: "7.5 – 8.0" },
        { colour: "red", label: "Too alkaline", range: "above 8.0" },
        { colour: "grey", label: "Unknown", range: "no reading for 48 h" },
      ];
    case "TEMPERATURE":
      return [
        { colour: "red", label: "Too cold", range: "below 0 °C" },
        { colour: "orange", label: "Cool", range: "0 – 5 °C" },
        { colour: "green", label: "Comfortable", range: "5 – 30 °C" },
        { colour: "orange", label: "Warm", range: "30 – 35 °C" },
        { colour: "red", label: "Too hot", range: "above 35 °C" },
        { colour: "grey", label: "Unknown", range: "no reading for 48 h" },
      ];
    case "CONDUCTIVITY":
      return [
        { colour: "orange", label: "Few nutrients", range: "below 100 µS/cm" },
        { colour: "green", label: "Nutrients fine", range: "100 – 1500 µS/cm" },
        { colour: "orange", label: "Salty", range: "1500 – 2000 µS/cm" },
        { colour: "red", label: "Too salty", range: "above 2000 µS/cm" },
        { colour: "grey", label: "Unknown", range: "no reading for 48 h" },
      ];
    default:
      return [
        { colour: "blue", label: "Too wet", range: `${levels.good} % and more` },
        { colour: "green", label: "Moist", range: `${levels.needsWater} – ${levels.good} %` },
        { colour: "orange", label: "Needs water", range: `${levels.dry} – ${levels.needsWater} %` },
        { colour: "red", label: "Too dry", range: `below ${levels.dry} %` },
        { colour: "grey", label: "Unknown", range: "no reading for 48 h" },
      ];
  }
}

/** Where a pH value sits on the 0–14 scale, as words. */
export function phWord(ph: number | null | undefined): string {
  if (typeof ph !== "number" || !Number.isFinite(ph)) return "";
  if (ph < 6.5) return "acidic";
  if (ph > 7.5) return "alkaline";
  return "neutral";
}

// ---------------------------------------------------------------------------------------------
// Hydration bands (percent): dry below 20, needs water below 30, good below 60, saturated above.

export interface HydrationLevels {
  dry: number;
  needsWater: number;
  good: number;
}

export const DEFAULT_LEVELS: HydrationLevels = { dry: 20, needsWater: 30, good: 60 };

/** The device's bands: its overrides (hydrationLevels JSON) over the defaults. */
export function hydrationLevels(json: unknown): HydrationLevels {
  let value = json;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      value = null;
    }
  }
  const levels = { ...DEFAULT_LEVELS };
  if (value && typeof value === "object") {
    for (const key of ["dry", "needsWater", "good"] as const) {
      const n = Number((value as Record<string, unknown>)[key]);
      if ((value as Record<string, unknown>)[key] !== undefined && (value as Record<string, unknown>)[key] !== null && Number.isFinite(n)) {
        levels[key] = n;
      }
    }
  }
  return levels;
}

export const LEVEL_MESSAGES = {
  number: "Enter a number between 0 and 100",
  order: "Limits must rise: too dry, then needs water, then moist",
} as const;

/** Checks one band limit as typed ('' means the default). */
export function validateLevel(value: string): string | null {
  if (value.trim() === "") return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 100) return LEVEL_MESSAGES.number;
  return null;
}

/** The three limits as typed, with blanks taking the defaults; null when they do not rise. */
export function levelsFromInput(input: { dry: string; needsWater: string; good: string }): HydrationLevels | null {
  const pick = (value: string, fallback: number) => (value.trim() === "" ? fallback : Number(value));
  const levels = {
    dry: pick(input.dry, DEFAULT_LEVELS.dry),
    needsWater: pick(input.needsWater, DEFAULT_LEVELS.needsWater),
    good: pick(input.good, DEFAULT_LEVELS.good),
  };
  if (![levels.dry, levels.needsWater, levels.good].every(Number.isFinite)) return null;
  if (!(levels.dry < levels.needsWater && levels.needsWater < levels.good)) return null;
  return levels;
}

/** The JSON to store: null when the limits are the defaults (nothing overridden). */
export function levelsToJson(levels: HydrationLevels): HydrationLevels | null {
  return levels.dry === DEFAULT_LEVELS.dry && levels.needsWater === DEFAULT_LEVELS.needsWater && levels.good === DEFAULT_LEVELS.good
    ? null
    : levels;
}

// ---------------------------------------------------------------------------------------------
// Form rules (the database's messages)

/** Labels (device names): the database's check_label, same messages, same order. */
export function validateLabel(value: string | null | undefined): string | null {
  return validateSharedLabel(value);
}

export const LOCATION_MESSAGES = {
  required: "Location is required",
  latitude: "Latitude must be between -90 and 90",
  longitude: "Longitude must be between -180 and 180",
} as const;

export function validateLatitude(value: string): string | null {
  if (value.trim() === "") return LOCATION_MESSAGES.required;
  const n = Number(value);
  if (!Number.isFinite(n) || n < -90 || n > 90) return LOCATION_MESSAGES.latitude;
  return null;
}

export function validateLongitude(value: string): string | null {
  if (value.trim() === "") return LOCATION_MESSAGES.required;
  const n = Number(value);
  if (!Number.isFinite(n) || n < -180 || n > 180) return LOCATION_MESSAGES.longitude;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Times (sensor timestamps are UTC instants): the app's one formatter, lib/dates.ts.

export { formatDate, formatDateTime, timeAgo } from "../../lib/dates.ts";

/** The reader's locale for numbers, the same as for dates. */
export const LOCALE = dateSettings().locale;

// ---------------------------------------------------------------------------------------------
// Errors (spec section 8: the server's first message, else the screen's own words)




const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | null | undefined): boolean {
  return UUID.test(value ?? "");
}

/** "1 person", "3 people". */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
