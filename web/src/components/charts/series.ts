// Pure helpers of the readings chart: turning allSensorData rows (newest first, `data` JSON with
// water, temperature, conductivity, ph, battery, rssi, snr) into points oldest -> newest, summaries
// for the text alternative, and time ticks on whole local hours or days. No chart.js here, so
// screens can use them without loading the chart.
import { formatDateTime, formatDayMonth, formatHour } from "../../lib/dates.ts";

/**
 * How every line chart joins its readings: monotone cubic interpolation, which never rises above
 * the higher or dips below the lower of two neighbouring readings (a tension curve overshot them,
 * so the line showed values that were never measured; issue 22). Spread into a line dataset.
 */
export const LINE_SHAPE = { cubicInterpolationMode: "monotone", tension: 0 } as const;

export interface ChartPoint {
  /** Milliseconds since the epoch (UTC instant; shown in local time). */
  t: number;
  v: number;
}

/** A shaded stretch of the value axis (e.g. a hydration band), drawn behind the line. */
export interface ChartBand {
  from: number;
  to: number;
  /** A translucent CSS colour. */
  colour: string;
  label?: string;
}

/** A dashed horizontal reference line (e.g. a band limit, or pH 7). */
export interface ChartLine {
  value: number;
  label: string;
  colour?: string;
}

/** Something that happened at a time, drawn as a dashed upright line: a watering, a day's rain. */
export interface ChartMark {
  t: number;
  label: string;
  kind: "watering" | "rain";
}

/** Watering blue, rain grey-blue: told apart by the label and the dash too, not colour alone. */
export const MARK_STYLES: Record<ChartMark["kind"], { colour: string; dash: number[] }> = {
  watering: { colour: "#1a5fb4", dash: [] },
  rain: { colour: "#5e7c96", dash: [2, 3] },
};

export interface ReadingRow {
  createdAt: string;
  data: unknown;
}

function dataObject(data: unknown): Record<string, unknown> | null {
  if (typeof data === "string") {
    try {
      const parsed: unknown = JSON.parse(data);
      return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  return data && typeof data === "object" ? (data as Record<string, unknown>) : null;
}

/** One value of a reading's data (numbers or numeric strings), or null. */
export function readingValue(data: unknown, key: string): number | null {
  const raw = dataObject(data)?.[key];
  if (raw === null || raw === undefined || raw === "") return null;
  const n = typeof raw === "number" ? raw : Number(raw);
  return Number.isFinite(n) ? n : null;
}

/**
 * The points of one quantity, oldest first (the API sends newest first). Rows without the value
 * or without a valid time are left out; timestamps are read as UTC (spec section 9).
 */
export function readingsToPoints(rows: readonly ReadingRow[], key: string): ChartPoint[] {
  const points: ChartPoint[] = [];
  for (const row of rows) {
    const v = readingValue(row.data, key);
    if (v === null) continue;
    const t = parseUtc(row.createdAt);
    if (t === null) continue;
    points.push({ t, v });
  }
  return points.sort((a, b) => a.t - b.t);
}

/** One line of sensorRollups: a quantity's readings per UTC hour or day, as parallel lists. */
export interface RollupLine {
  parameter: string;
  buckets: readonly (string | null)[];
  readings: readonly (number | null)[];
  min: readonly (number | null)[];
  max: readonly (number | null)[];
  mean: readonly (number | null)[];
}

/** What a rollup chart says in words: how many readings its means stand for, and their extremes. */
export interface RollupSummary {
  readings: number;
  min: number;
  max: number;
}

/** One quantity's means, oldest first, at the start of their hour or day; and their extremes. */
export function rollupsToPoints(lines: readonly RollupLine[], key: string): { points: ChartPoint[]; summary: RollupSummary | null } {
  const points: ChartPoint[] = [];
  let readings = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const line of lines) {
    if (line.parameter !== key) continue;
    line.buckets.forEach((bucket, i) => {
      const mean = line.mean[i];
      const t = parseUtc(bucket);
      if (mean === null || mean === undefined || !Number.isFinite(mean) || t === null) return;
      points.push({ t, v: mean });
      readings += line.readings[i] ?? 0;
      const lo = line.min[i];
      const hi = line.max[i];
      if (lo !== null && lo !== undefined && lo < min) min = lo;
      if (hi !== null && hi !== undefined && hi > max) max = hi;
    });
  }
  points.sort((a, b) => a.t - b.t);
  return { points, summary: points.length ? { readings, min, max } : null };
}

/** An ISO time as milliseconds; a time without a zone is taken as UTC. */
export function parseUtc(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(iso.trim());
  const t = new Date(hasZone ? iso : `${iso.trim().replace(" ", "T")}Z`).getTime();
  return Number.isFinite(t) ? t : null;
}

export interface Summary {
  count: number;
  latest: ChartPoint | null;
  min: number | null;
  max: number | null;
}

export function summarise(points: readonly ChartPoint[]): Summary {
  if (points.length === 0) return { count: 0, latest: null, min: null, max: null };
  let min = Infinity;
  let max = -Infinity;
  let latest = points[0];
  for (const p of points) {
    if (p.v < min) min = p.v;
    if (p.v > max) max = p.v;
    if (p.t >= latest.t) latest = p;
  }
  return { count: points.length, latest, min, max };
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const STEPS = [HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 5 * DAY, 7 * DAY, 14 * DAY];

/**
 * Tick positions between `from` and `to` on whole local hours (short ranges) or local midnights
 * (longer ones), at most about `maxTicks` of them.
 */
export function timeTicks(from: number, to: number, maxTicks = 8): number[] {
  if (!(to > from)) return [];
  const span = to - from;
  const step = STEPS.find((s) => span / s <= maxTicks) ?? STEPS[STEPS.length - 1];
  const ticks: number[] = [];
  const start = new Date(from);
  if (step < DAY) {
    const hours = step / HOUR;
    start.setMinutes(0, 0, 0);
    while (start.getTime() < from || start.getHours() % hours !== 0) start.setHours(start.getHours() + 1);
    for (const d = start; d.getTime() <= to; d.setHours(d.getHours() + hours)) ticks.push(d.getTime());
  } else {
    const days = Math.round(step / DAY);
    start.setHours(0, 0, 0, 0);
    if (start.getTime() < from) start.setDate(start.getDate() + 1);
    for (const d = start; d.getTime() <= to; d.setDate(d.getDate() + days)) ticks.push(d.getTime());
  }
  return ticks;
}

/** A tick's label: "15:00" on ranges up to two days (the day, "5 Mar", at midnight), "5 Mar" beyond. */
export function tickLabel(t: number, span: number): string {
  if (span <= 2 * DAY) {
    const hour = formatHour(t);
    return hour === "00:00" ? formatDayMonth(t) : hour;
  }
  return formatDayMonth(t);
}

/** A point's time in full: "5 Mar 2026, 15:40" (lib/dates.ts). */
export function pointTime(t: number): string {
  return formatDateTime(t);
}

export function formatNumber(v: number, digits: number, locale = "en-US"): string {
  return v.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
