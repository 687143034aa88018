// How figures are written in answers: "14%", "0.4 mm", "2 hours ago", "Tue 18 Nov".

/** A number with at most `digits` decimals, without trailing zeros: 6, 0.4, 2.1. */
export function num(value: number, digits = 1): string {
  const f = 10 ** digits;
  const r = Math.round(value * f) / f;
  return (Object.is(r, -0) ? 0 : r).toString();
}

export const percent = (value: number) => `${Math.round(value)}%`;
export const mm = (value: number) => `${num(value)} mm`;
export const celsius = (value: number) => `${num(value)}°C`;
export const volts = (value: number) => `${value.toFixed(2)} V`;
export const km = (value: number) => `${num(value)} km`;

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

/** A duration in hours as words: "40 minutes", "2 hours", "3 days". */
export function duration(hours: number): string {
  if (hours < 1) return plural(Math.max(1, Math.round(hours * 60)), "minute");
  if (hours < 48) return plural(Math.round(hours), "hour");
  return plural(Math.round(hours / 24), "day");
}

export function ago(hours: number): string {
  if (hours < 1 / 60) return "just now";
  return `${duration(hours)} ago`;
}

/** "Tue 18 Nov" in a time zone (UTC when unknown or invalid). */
export function day(at: string | Date, timeZone?: string | null): string {
  const d = typeof at === "string" && /^\d{4}-\d{2}-\d{2}$/.test(at) ? new Date(`${at}T12:00:00Z`) : new Date(at);
  const zone = typeof at === "string" && /^\d{4}-\d{2}-\d{2}$/.test(at) ? "UTC" : timeZone || "UTC";
  try {
    return new Intl.DateTimeFormat("en-GB", { timeZone: zone, weekday: "short", day: "numeric", month: "short" }).format(d);
  } catch {
    return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" }).format(d);
  }
}

/** "Sat 21 Nov, 22:35" in a time zone (UTC when unknown or invalid). */
export function dayTime(at: string | Date, timeZone?: string | null): string {
  const options: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
  try {
    return new Intl.DateTimeFormat("en-GB", { ...options, timeZone: timeZone || "UTC" }).format(new Date(at));
  } catch {
    return new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" }).format(new Date(at));
  }
}

/** "WATERING" -> "watering", "LITTER_CLEANUP" -> "litter clean-up". */
export function actionName(type: string): string {
  if (type === "LITTER_CLEANUP") return "litter clean-up";
  return type.toLowerCase().replace(/_/g, " ");
}

/** "VEGETABLEBED" -> "vegetable bed", "BEECAFE" -> "bee cafe". */
export function thingTypeName(type: string): string {
  const names: Record<string, string> = {
    BEECAFE: "bee cafe", VEGETABLEBED: "vegetable bed", FLOWERBED: "flower bed", NOTICEBOARD: "noticeboard", BOOKSHARE: "book share",
  };
  return names[type] ?? type.toLowerCase();
}

export const bandName: Record<string, string> = {
  dry: "dry",
  needsWater: "needs water",
  good: "good",
  saturated: "saturated",
};

/** Joins phrases: "a", "a and b", "a, b and c". */
export function list(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export function capitalise(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}
