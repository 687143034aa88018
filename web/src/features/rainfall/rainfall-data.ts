// Pure helpers of /rainfall/{id}: which measure the totals come from, readings summed into hours
// or days for the bar chart, and the date ranges asked for. No chart library here.
import { parseTime } from "../../components/environment/env-format.ts";
import { formatDayMonth, formatHour, formatWeekday } from "../../lib/dates.ts";
import { englishRainfallT, type RainfallT } from "./texts.ts";

export interface Reading {
  dateTime: string;
  value: number | null;
  measure: string;
  stationId: string;
}

export interface Measure {
  id: string;
  period: number | null;
  parameter?: string | null;
  parameterName?: string | null;
  qualifier?: string | null;
  unitName?: string | null;
}

/** The measure the page sums: the 15-minute one when there is one (as the API's 24-hour total does). */
export function primaryMeasure(measures: readonly Measure[], readings: readonly Reading[]): string | null {
  const sorted = [...measures].sort((a, b) => Number(b.period === 900) - Number(a.period === 900) || a.id.localeCompare(b.id));
  if (sorted[0]) return sorted[0].id;
  const counts = new Map<string, number>();
  for (const r of readings) counts.set(r.measure, (counts.get(r.measure) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
}

/** The readings of one measure (all of them when none is named or none match). */
export function readingsOf(readings: readonly Reading[], measure: string | null): Reading[] {
  const chosen = measure ? readings.filter((r) => r.measure === measure) : [];
  return chosen.length ? chosen : [...readings];
}

export interface Bar {
  /** Start and end of the bar's period (ms). */
  start: number;
  end: number;
  /** mm in the period, or null when no reading fell in it. */
  total: number | null;
  count: number;
}

export type RangeId = "day" | "week" | "month";

/** A range's words are in the catalogue: rainfallPage.range.<id> for its button, and a select on the id in sentences. */
export interface Range {
  id: RangeId;
  /** Bar size. */
  unit: "hour" | "day";
  days: number;
}

export const RANGES: readonly Range[] = [
  { id: "day", unit: "hour", days: 1 },
  { id: "week", unit: "day", days: 7 },
  { id: "month", unit: "day", days: 30 },
];

/** The bars' boundaries: whole local hours over the last 24 hours, or local days. */
export function barWindows(range: Range, now: number): { start: number; end: number }[] {
  const windows: { start: number; end: number }[] = [];
  if (range.unit === "hour") {
    const end = new Date(now);
    end.setMinutes(0, 0, 0);
    end.setHours(end.getHours() + 1);
    for (let i = 24; i > 0; i--) {
      const s = new Date(end);
      s.setHours(s.getHours() - i);
      const e = new Date(s);
      e.setHours(e.getHours() + 1);
      windows.push({ start: s.getTime(), end: e.getTime() });
    }
  } else {
    const today = new Date(now);
    today.setHours(0, 0, 0, 0);
    for (let i = range.days - 1; i >= 0; i--) {
      const s = new Date(today);
      s.setDate(s.getDate() - i);
      const e = new Date(s);
      e.setDate(e.getDate() + 1);
      windows.push({ start: s.getTime(), end: e.getTime() });
    }
  }
  return windows;
}

/**
 * Readings summed into bars. A reading counts for the period it ends in (the EA's dateTime is the
 * end of its 15 minutes), so a reading at exactly 15:00 belongs to 14:00-15:00.
 */
export function toBars(readings: readonly Reading[], range: Range, now: number): Bar[] {
  const bars: Bar[] = barWindows(range, now).map((w) => ({ ...w, total: null, count: 0 }));
  for (const r of readings) {
    const t = parseTime(r.dateTime);
    if (t === null || r.value === null || !Number.isFinite(r.value)) continue;
    const bar = bars.find((b) => t > b.start && t <= b.end);
    if (!bar) continue;
    bar.total = Math.round(((bar.total ?? 0) + r.value) * 1000) / 1000;
    bar.count += 1;
  }
  return bars;
}

export interface BarSummary {
  total: number;
  withData: number;
  wettest: Bar | null;
}

export function summariseBars(bars: readonly Bar[]): BarSummary {
  let total = 0;
  let withData = 0;
  let wettest: Bar | null = null;
  for (const b of bars) {
    if (b.total === null) continue;
    withData += 1;
    total += b.total;
    if (!wettest || b.total > (wettest.total ?? 0)) wettest = b;
  }
  return { total: Math.round(total * 100) / 100, withData, wettest };
}

function utcDate(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}

/** The UTC dates asked of rainfallReadings for a range (a day more, so local days are covered). */
export function rangeDates(range: Range, now: number): { startdate: string; enddate: string } {
  return { startdate: utcDate(now - range.days * 24 * 3600_000), enddate: utcDate(now) };
}

/** "15-minute totals" from a measure's period in seconds. */
export function periodText(seconds: number | null | undefined, t: RainfallT = englishRainfallT): string {
  if (!seconds) return t("rainfallPage.period.none");
  if (seconds % 86400 === 0)
    return seconds === 86400 ? t("rainfallPage.period.daily") : t("rainfallPage.period.days", { days: seconds / 86400 });
  if (seconds % 3600 === 0)
    return seconds === 3600 ? t("rainfallPage.period.hourly") : t("rainfallPage.period.hours", { hours: seconds / 3600 });
  return t("rainfallPage.period.minutes", { minutes: Math.round(seconds / 60) });
}

export function barLabel(bar: Bar, unit: "hour" | "day"): string {
  if (unit === "hour") {
    const hour = formatHour(bar.start);
    return hour === "00:00" ? formatWeekday(bar.start) : hour;
  }
  return formatDayMonth(bar.start);
}

export function barPeriod(bar: Bar, unit: "hour" | "day"): string {
  if (unit === "day") return `${formatWeekday(bar.start)} ${formatDayMonth(bar.start)}`;
  return `${formatWeekday(bar.start)} ${formatHour(bar.start)} – ${formatHour(bar.end)}`;
}
