// Every date and time the web app shows goes through here (issue 22: "Dates appear in US format
// in a UK product"). One Intl formatter per style, built once for the reader's locale and zone:
//
//   locale     en-GB by default. A browser whose first language is English in any variety (en,
//              en-US) gets en-GB too: the product is British, and browsers ship "en-US" as the
//              default English. A browser set to another language (cy, de, fr-FR) gets that one.
//   time zone  Europe/London by default (the product's places are in the UK); a reader following
//              their own language gets their browser's zone.
//
// Sensor and API timestamps are UTC instants; they are shown in that zone.

import { englishT, type T } from "./i18n/english.ts";

export const DEFAULT_LOCALE = "en-GB";
export const DEFAULT_TIME_ZONE = "Europe/London";

export interface DateSettings {
  locale: string;
  timeZone: string;
}

function supported(locale: string): boolean {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0;
  } catch {
    return false;
  }
}

/** The locale and zone for a browser with these languages (navigator.languages) and zone. */
export function resolveDateSettings(languages: readonly string[] | undefined, browserZone?: string): DateSettings {
  const first = languages?.find((language) => typeof language === "string" && language.trim() !== "");
  if (!first || /^en\b/i.test(first) || !supported(first)) return { locale: DEFAULT_LOCALE, timeZone: DEFAULT_TIME_ZONE };
  return { locale: first, timeZone: browserZone || DEFAULT_TIME_ZONE };
}

function browserZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function browserSettings(): DateSettings {
  const nav = typeof navigator !== "undefined" ? navigator : undefined;
  const languages = nav ? (nav.languages?.length ? nav.languages : [nav.language]) : [];
  // The browser's zone only counts for a reader of another language than English; asking for it
  // builds a formatter, the page's first use of Intl, which on a slow phone cost 70 ms of the
  // app's start (issue 27). An English reader's page pays that only when it first shows a date.
  const first = languages.find((language) => typeof language === "string" && language.trim() !== "");
  return resolveDateSettings(languages, first && !/^en\b/i.test(first) ? browserZone() : undefined);
}

let settings: DateSettings = browserSettings();
const cache = new Map<string, Intl.DateTimeFormat>();
let relative: Intl.RelativeTimeFormat | null = null;

/** The settings in use. */
export function dateSettings(): DateSettings {
  return settings;
}

/** Replaces the settings (tests; a future language choice). */
export function setDateSettings(next: Partial<DateSettings>): void {
  settings = { ...settings, ...next };
  cache.clear();
  relative = null;
}

/** An Intl.DateTimeFormat in the app's locale and zone, built once per set of options. */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(settings.locale, { timeZone: settings.timeZone, ...options });
    cache.set(key, format);
  }
  return format;
}

export type DateInput = string | number | Date | null | undefined;

export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function format(value: DateInput, options: Intl.DateTimeFormatOptions, empty: string): string {
  const date = toDate(value);
  return date ? dateFormat(options).format(date) : empty;
}

/** "25 Nov 2026". */
export function formatDate(value: DateInput, empty = ""): string {
  return format(value, { day: "numeric", month: "short", year: "numeric" }, empty);
}

/** "25 Nov 2026, 14:05". */
export function formatDateTime(value: DateInput, empty = ""): string {
  return format(value, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" }, empty);
}

/** "25 Nov": a date in the current year, or an axis label. */
export function formatDayMonth(value: DateInput, empty = ""): string {
  return format(value, { day: "numeric", month: "short" }, empty);
}

/** "14:05". */
export function formatTime(value: DateInput, empty = ""): string {
  return format(value, { hour: "2-digit", minute: "2-digit" }, empty);
}

/** "14:00", for hourly axes. */
export function formatHour(value: DateInput, empty = ""): string {
  return format(value, { hour: "2-digit", minute: "2-digit" }, empty);
}

/** "Wed". */
export function formatWeekday(value: DateInput, style: "short" | "long" = "short", empty = ""): string {
  return format(value, { weekday: style }, empty);
}

/** "Wednesday 25 November 2026 at 14:05": the full form, for title attributes. */
export function formatFull(value: DateInput, empty = ""): string {
  return format(value, { dateStyle: "full", timeStyle: "short" }, empty);
}

/** The calendar day of an instant in the app's zone, "2026-11-25" (for grouping by day). */
export function dayKey(value: DateInput): string {
  const date = toDate(value);
  if (!date) return "";
  const parts = dateFormat({ year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/**
 * "just now", "5 minutes ago", "yesterday", "3 weeks ago"; the date itself once it is older than
 * `dateAfterDays` (30 by default).
 */
export function timeAgo(value: DateInput, now: number = Date.now(), dateAfterDays = 30): string {
  const date = toDate(value);
  if (!date) return "";
  const seconds = Math.round((date.getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  // Intl says "now" / "jetzt"; people say "just now" / "gerade eben".
  if (abs < 45) return settings.locale.startsWith("de") ? "gerade eben" : "just now";
  if (abs >= dateAfterDays * 86400) return formatDate(date);
  relative ??= new Intl.RelativeTimeFormat(settings.locale, { numeric: "auto" });
  const steps: [number, Intl.RelativeTimeFormatUnit][] = [
    [60, "minute"],
    [3600, "hour"],
    [86400, "day"],
    [604800, "week"],
    [2629800, "month"],
  ];
  let unit = steps[0];
  for (const step of steps) if (abs >= step[0]) unit = step;
  return relative.format(Math.round(seconds / unit[0]), unit[1]);
}

/**
 * The compact style, for dense lists (notifications): "just now", "5 min ago", "3 h ago",
 * "yesterday", "4 days ago", then the day and month ("2 Oct"), with the year when it is another
 * year's. Its words are the shell catalogue's (time.*), in the reader's language through `t`.
 */
export function timeAgoShort(value: DateInput, now: Date = new Date(), t: T = englishT): string {
  const then = toDate(value);
  if (!then) return "";
  const seconds = Math.round((now.getTime() - then.getTime()) / 1000);
  if (seconds < 60) return t("time.justNow");
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t("time.minutesAgo", { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t("time.hoursAgo", { hours });
  // Calendar days in the app's zone, counted between the two dates' midnights.
  const days = Math.round((Date.parse(`${dayKey(now)}T00:00:00Z`) - Date.parse(`${dayKey(then)}T00:00:00Z`)) / 86_400_000);
  if (days <= 1) return t("time.yesterday");
  if (days < 7) return t("time.daysAgo", { days });
  return dayKey(then).slice(0, 4) === dayKey(now).slice(0, 4) ? formatDayMonth(then) : formatDate(then);
}
