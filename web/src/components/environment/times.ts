// The sources' times as people read them (the Environment Agency's and Open-Meteo's, which may
// come without a zone: UTC). A file of its own, with no texts: the map's layer panel says how old
// its stations are without loading the environmental panels' catalogue (env-format.ts re-exports).
import { dateFormat, formatHour as hourOf, timeAgo as relativeTime } from "../../lib/dates.ts";

/** An ISO time as milliseconds (times without a zone are UTC), or null. */
export function parseTime(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const text = iso.trim();
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text);
  const t = new Date(hasZone ? text : `${text.replace(" ", "T")}Z`).getTime();
  return Number.isFinite(t) ? t : null;
}

/** "5 Mar, 15:45" (with the year when it is not this year), through lib/dates.ts. */
export function formatDateTime(iso: string | number | null | undefined, now = Date.now()): string {
  const t = typeof iso === "number" ? iso : parseTime(iso);
  if (t === null) return "–";
  const sameYear = dateFormat({ year: "numeric" }).format(t) === dateFormat({ year: "numeric" }).format(now);
  return dateFormat({
    day: "numeric",
    month: "short",
    ...(sameYear ? {} : { year: "numeric" }),
    hour: "2-digit",
    minute: "2-digit",
  }).format(t);
}

/** "15:00". */
export function formatHour(t: number): string {
  return hourOf(t);
}

/** "just now", "5 minutes ago", "3 hours ago", "yesterday": lib/dates.ts's, for the sources' times (UTC without a zone). */
export function timeAgo(iso: string | number | null | undefined, now = Date.now()): string {
  const t = typeof iso === "number" ? iso : parseTime(iso);
  return t === null ? "" : relativeTime(t, now);
}
