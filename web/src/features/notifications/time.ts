import { dayKey, formatDate, formatDayMonth } from "../../lib/dates.ts";

// "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago", then the date.
export function relativeTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const seconds = Math.round((now.getTime() - then.getTime()) / 1000);
  if (!Number.isFinite(seconds)) return "";
  if (seconds < 60) return "just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  // Calendar days in the app's zone (lib/dates.ts).
  const days = Math.round((Date.parse(`${dayKey(now)}T00:00:00Z`) - Date.parse(`${dayKey(then)}T00:00:00Z`)) / 86_400_000);
  if (days <= 1) return "yesterday";
  if (days < 7) return `${days} days ago`;
  return dayKey(then).slice(0, 4) === dayKey(now).slice(0, 4) ? formatDayMonth(then) : formatDate(then);
}
