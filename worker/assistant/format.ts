// How figures are written in answers, in the asker's language: "14%", "0.4 mm", "2 hours ago",
// "Tue 18 Nov" in British English; "14 %", "0,4 mm", "vor 2 Stunden", "Di., 18. Nov." in German.
// words(locale) gives them all, with the catalogue's t (messages/) for the sentences.
import { DEFAULT_LOCALE, type Locale } from "../../shared/i18n/locales.ts";
import { chatTranslator, type ChatTranslate } from "./messages/index.ts";

/** A number with at most `digits` decimals, without trailing zeros: 6, 0.4, 2.1. */
export function num(value: number, digits = 1): string {
  const f = 10 ** digits;
  const r = Math.round(value * f) / f;
  return (Object.is(r, -0) ? 0 : r).toString();
}

/** Joins phrases: "a", "a and b", "a, b and c". */
export function list(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export function capitalise(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

const DAY: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short" };
const DAY_TIME: Intl.DateTimeFormatOptions = { ...DAY, hour: "2-digit", minute: "2-digit", hourCycle: "h23" };

function dateIn(locale: Locale, options: Intl.DateTimeFormatOptions, at: Date, timeZone: string): string {
  const tag = locale === "de" ? "de-DE" : "en-GB";
  try {
    return new Intl.DateTimeFormat(tag, { ...options, timeZone }).format(at);
  } catch {
    // An unknown time zone: UTC.
    return new Intl.DateTimeFormat(tag, { ...options, timeZone: "UTC" }).format(at);
  }
}

/** The figures and words of one answer, in `locale`. */
export interface Words {
  locale: Locale;
  t: ChatTranslate;
  num(value: number, digits?: number): string;
  percent(value: number): string;
  mm(value: number): string;
  celsius(value: number): string;
  volts(value: number): string;
  km(value: number): string;
  /** A duration in hours as words: "40 minutes", "2 hours", "3 days". */
  duration(hours: number): string;
  /** "2 hours ago", "just now". */
  ago(hours: number): string;
  /** "Tue 18 Nov" in a time zone (a date alone, "2026-11-18", as it is). */
  day(at: string | Date, timeZone?: string | null): string;
  /** "Sat 21 Nov, 22:35" in a time zone (UTC when unknown or invalid). */
  dayTime(at: string | Date, timeZone?: string | null): string;
  /** "WATERING" -> "watering", "LITTER_CLEANUP" -> "litter clean-up". */
  actionName(type: string): string;
  bandName(band: string | null | undefined): string;
  /** "a, b and c". */
  list(items: string[]): string;
}

const made = new Map<Locale, Words>();

export function words(locale: Locale = DEFAULT_LOCALE): Words {
  const existing = made.get(locale);
  if (existing) return existing;
  const t = chatTranslator(locale);
  const german = locale === "de";
  // German writes a decimal comma and a space before % and °C.
  const n = (value: number, digits = 1) => (german ? num(value, digits).replace(".", ",") : num(value, digits));
  const conjunction = german ? new Intl.ListFormat("de-DE", { type: "conjunction" }) : null;
  const span = (hours: number): { unit: string; n: number } =>
    hours < 1
      ? { unit: "minute", n: Math.max(1, Math.round(hours * 60)) }
      : hours < 48
        ? { unit: "hour", n: Math.round(hours) }
        : { unit: "day", n: Math.round(hours / 24) };
  const w: Words = {
    locale,
    t,
    num: n,
    percent: (value) => (german ? `${Math.round(value)} %` : `${Math.round(value)}%`),
    mm: (value) => `${n(value)} mm`,
    celsius: (value) => (german ? `${n(value)} °C` : `${n(value)}°C`),
    volts: (value) => (german ? `${value.toFixed(2).replace(".", ",")} V` : `${value.toFixed(2)} V`),
    km: (value) => `${n(value)} km`,
    duration: (hours) => t("format.duration", span(hours)),
    ago: (hours) => (hours < 1 / 60 ? t("format.justNow") : t("format.ago", span(hours))),
    day(at, timeZone) {
      const dateOnly = typeof at === "string" && /^\d{4}-\d{2}-\d{2}$/.test(at);
      const d = dateOnly ? new Date(`${at}T12:00:00Z`) : new Date(at);
      return dateIn(locale, DAY, d, dateOnly ? "UTC" : timeZone || "UTC");
    },
    dayTime: (at, timeZone) => dateIn(locale, DAY_TIME, new Date(at), timeZone || "UTC"),
    actionName: (type) => t("format.action", { type, raw: type.toLowerCase().replace(/_/g, " ") }),
    bandName: (band) => t("format.band", { band: band || "unknown" }),
    list: (items) => (conjunction ? conjunction.format(items) : list(items)),
  };
  made.set(locale, w);
  return w;
}
