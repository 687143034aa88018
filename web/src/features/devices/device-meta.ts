// What the device screens share: models (spec section 9), indicator parameters and the meaning of
// each indicator colour, hydration bands (decisions "Things and devices"), times, and the texts of
// failed calls (spec section 8). The words are in the catalogue (lib/i18n/messages/devices.*):
// the helpers that say something take a `t`, British English by default.
import { dateSettings } from "../../lib/dates.ts";
import { englishDevicesT, type DevicesT } from "./texts.ts";
import { validateLabel as validateSharedLabel } from "../../../../shared/validation.ts";

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

/** What a model is, without its words (those are in the catalogue: devices.model.<model>.*). */
export const MODELS: Record<DeviceModel, Pick<ModelInfo, "metrics" | "defaultIndicator" | "pump">> = {
  LSE01: { metrics: ["water", "temperature", "conductivity", "battery", "rssi", "snr"], defaultIndicator: "WATER", pump: false },
  LSPH01: { metrics: ["ph", "temperature", "battery", "rssi", "snr"], defaultIndicator: "PH", pump: false },
  THE_THINGS_UNO: { metrics: ["rssi", "snr"], defaultIndicator: "WATER", pump: true },
};

export function isDeviceModel(value: string | null | undefined): value is DeviceModel {
  return (DEVICE_MODELS as readonly string[]).includes(value ?? "");
}

/** A model with its name and description in the reader's language (an unknown model by its code). */
export function modelInfo(model: string | null | undefined, t: DevicesT = englishDevicesT): ModelInfo {
  if (!isDeviceModel(model)) {
    return {
      label: model || t("devices.model.unknown"),
      short: model || t("devices.model.device"),
      description: "",
      metrics: [],
      defaultIndicator: "WATER",
      pump: false,
    };
  }
  return {
    ...MODELS[model],
    label: t(`devices.model.${model}.label`),
    short: t(`devices.model.${model}.short`),
    description: t(`devices.model.${model}.description`),
  };
}

// ---------------------------------------------------------------------------------------------
// Readings

export type MetricKey = "water" | "temperature" | "conductivity" | "ph" | "battery" | "rssi" | "snr" | "rainfall";

export interface MetricInfo {
  key: MetricKey;
  /** A symbol, the same in every language. */
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
  water: { key: "water", unit: "%", digits: 0, colour: "#1d5a8a", min: 0, max: 100, step: 20 },
  temperature: { key: "temperature", unit: "°C", digits: 1, colour: "#b3541e" },
  conductivity: { key: "conductivity", unit: "µS/cm", digits: 0, colour: "#6b4f9e" },
  ph: { key: "ph", unit: "", digits: 1, colour: "#2f6f6a", min: 0, max: 14, step: 2 },
  battery: { key: "battery", unit: "V", digits: 2, colour: "#5c6b2e" },
  rssi: { key: "rssi", unit: "dBm", digits: 0, colour: "#4f5b93" },
  snr: { key: "snr", unit: "dB", digits: 1, colour: "#7a4a8c" },
  // Only in readings (a rain gauge's payload), never a device's latest value.
  rainfall: { key: "rainfall", unit: "mm", digits: 1, colour: "#5e7c96", min: 0 },
};

/** A quantity's name in the reader's language ("Water", "Signal (RSSI)"). */
export function metricLabel(key: MetricKey, t: DevicesT = englishDevicesT): string {
  return t(`devices.metric.${key}`);
}

/** Metrics drawn as charts, in order (signal quality is a detail, not a chart). */
export const CHART_METRICS: readonly MetricKey[] = ["water", "temperature", "conductivity", "ph", "battery", "rainfall"];

/** "45 %", "18.5 °C", "6.8" (pH has no unit), "—" when there is no value. */
export function formatValue(key: MetricKey, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  const metric = METRICS[key];
  const number = formatNumber(value, metric.digits, true);
  return metric.unit ? `${number} ${metric.unit}` : number;
}

/** A number in the reader's locale (read when called: the language can change while the app runs). */
export function formatNumber(value: number, digits: number, grouping = false): string {
  return value.toLocaleString(dateSettings().locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: grouping,
  });
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

/** What an indicator watches, in the reader's language ("Water (soil moisture)"). */
export function indicatorLabel(parameter: IndicatorParameter, t: DevicesT = englishDevicesT): string {
  return t(`devices.indicator.${parameter}`);
}

export function isIndicatorParameter(value: string | null | undefined): value is IndicatorParameter {
  return (INDICATOR_PARAMETERS as readonly string[]).includes(value ?? "");
}

export const COLOURS = ["blue", "green", "orange", "red", "grey"] as const;
export type IndicatorColour = (typeof COLOURS)[number];

export function normaliseColour(colour: string | null | undefined): IndicatorColour {
  return (COLOURS as readonly string[]).includes(colour ?? "") ? (colour as IndicatorColour) : "grey";
}

export function colourName(colour: string | null | undefined, t: DevicesT = englishDevicesT): string {
  return t(`devices.colour.${normaliseColour(colour)}`);
}

/** The water scale (spec section 9). */
const WATER_MEANINGS = {
  blue: "devices.meaning.tooWet",
  green: "devices.meaning.moist",
  orange: "devices.meaning.needsWater",
  red: "devices.meaning.tooDry",
  grey: "devices.meaning.unknown",
} as const satisfies Record<IndicatorColour, string>;

/** What a colour means for a parameter, e.g. WATER + orange -> "Needs water". */
export function colourMeaning(
  parameter: string | null | undefined,
  colour: string | null | undefined,
  values: { temperature?: number | null; conductivity?: number | null; ph?: number | null } = {},
  t: DevicesT = englishDevicesT,
): string {
  const c = normaliseColour(colour);
  if (c === "grey") return t("devices.meaning.unknown");
  switch (parameter) {
    case "PH":
    case "P_H": {
      if (c === "green") return t("devices.meaning.goodPh");
      const side = typeof values.ph === "number" ? (values.ph < 7 ? "acidic" : "alkaline") : "off";
      if (c === "orange") {
        return t(
          side === "acidic"
            ? "devices.meaning.slightlyAcidic"
            : side === "alkaline"
              ? "devices.meaning.slightlyAlkaline"
              : "devices.meaning.slightlyOff",
        );
      }
      return t(
        side === "acidic"
          ? "devices.meaning.tooAcidic"
          : side === "alkaline"
            ? "devices.meaning.tooAlkaline"
            : "devices.meaning.phOutOfRange",
      );
    }
    case "TEMPERATURE": {
      if (c === "green") return t("devices.meaning.comfortable");
      const cold = typeof values.temperature === "number" && values.temperature < 15;
      return t(
        c === "orange"
          ? cold
            ? "devices.meaning.cool"
            : "devices.meaning.warm"
          : cold
            ? "devices.meaning.tooCold"
            : "devices.meaning.tooHot",
      );
    }
    case "CONDUCTIVITY": {
      if (c === "green") return t("devices.meaning.nutrientsFine");
      const low = typeof values.conductivity === "number" && values.conductivity < 100;
      return t(c === "orange" ? (low ? "devices.meaning.fewNutrients" : "devices.meaning.salty") : "devices.meaning.tooSalty");
    }
    default:
      return t(WATER_MEANINGS[c]);
  }
}

export interface ScaleStep {
  colour: IndicatorColour;
  label: string;
  range: string;
}

/** The legend of an indicator parameter, for the device page. */
export function indicatorScale(
  parameter: string | null | undefined,
  levels: HydrationLevels = DEFAULT_LEVELS,
  t: DevicesT = englishDevicesT,
): ScaleStep[] {
  // Numbers as the reader writes them ("5.5", "5,5"), without thousands separators ("1500 µS/cm").
  const n = (value: number, digits = 0, unit = "") => `${formatNumber(value, digits)}${unit ? ` ${unit}` : ""}`;
  const below = (value: string) => t("devices.range.below", { value });
  const above = (value: string) => t("devices.range.above", { value });
  const span = (from: string, to: string) => t("devices.range.span", { from, to });
  const unknown: ScaleStep = { colour: "grey", label: t("devices.meaning.unknown"), range: t("devices.range.noReading") };
  switch (parameter) {
    case "PH":
    case "P_H":
      return [
        { colour: "red", label: t("devices.meaning.tooAcidic"), range: below(n(5.5, 1)) },
        { colour: "orange", label: t("devices.meaning.slightlyAcidic"), range: span(n(5.5, 1), n(6, 1)) },
        { colour: "green", label: t("devices.meaning.goodNeutral"), range: span(n(6, 1), n(7.5, 1)) },
        { colour: "orange", label: t("devices.meaning.slightlyAlkaline"), range: span(n(7.5, 1), n(8, 1)) },
        { colour: "red", label: t("devices.meaning.tooAlkaline"), range: above(n(8, 1)) },
        unknown,
      ];
    case "TEMPERATURE":
      return [
        { colour: "red", label: t("devices.meaning.tooCold"), range: below(n(0, 0, "°C")) },
        { colour: "orange", label: t("devices.meaning.cool"), range: span(n(0), n(5, 0, "°C")) },
        { colour: "green", label: t("devices.meaning.comfortable"), range: span(n(5), n(30, 0, "°C")) },
        { colour: "orange", label: t("devices.meaning.warm"), range: span(n(30), n(35, 0, "°C")) },
        { colour: "red", label: t("devices.meaning.tooHot"), range: above(n(35, 0, "°C")) },
        unknown,
      ];
    case "CONDUCTIVITY":
      return [
        { colour: "orange", label: t("devices.meaning.fewNutrients"), range: below(n(100, 0, "µS/cm")) },
        { colour: "green", label: t("devices.meaning.nutrientsFine"), range: span(n(100), n(1500, 0, "µS/cm")) },
        { colour: "orange", label: t("devices.meaning.salty"), range: span(n(1500), n(2000, 0, "µS/cm")) },
        { colour: "red", label: t("devices.meaning.tooSalty"), range: above(n(2000, 0, "µS/cm")) },
        unknown,
      ];
    default:
      return [
        { colour: "blue", label: t("devices.meaning.tooWet"), range: t("devices.range.andMore", { value: `${levels.good} %` }) },
        { colour: "green", label: t("devices.meaning.moist"), range: span(String(levels.needsWater), `${levels.good} %`) },
        { colour: "orange", label: t("devices.meaning.needsWater"), range: span(String(levels.dry), `${levels.needsWater} %`) },
        { colour: "red", label: t("devices.meaning.tooDry"), range: below(`${levels.dry} %`) },
        unknown,
      ];
  }
}

/** Where a pH value sits on the 0–14 scale, as words. */
export function phWord(ph: number | null | undefined, t: DevicesT = englishDevicesT): string {
  if (typeof ph !== "number" || !Number.isFinite(ph)) return "";
  if (ph < 6.5) return t("devices.ph.acidic");
  if (ph > 7.5) return t("devices.ph.alkaline");
  return t("devices.ph.neutral");
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

/** Checks one band limit as typed ('' means the default). */
export function validateLevel(value: string, t: DevicesT = englishDevicesT): string | null {
  if (value.trim() === "") return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 100) return t("devices.levels.number");
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

export { isUuid } from "../../lib/uuid.ts";
