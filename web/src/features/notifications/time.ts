import { dayKey, formatDate, formatDayMonth } from "../../lib/dates.ts";
import { englishT, type T } from "../../lib/i18n/english.ts";

// "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago", then the date.
export function relativeTime(iso: string, now: Date = new Date(), t: T = englishT): string {
  const then = new Date(iso);
  const seconds = Math.round((now.getTime() - then.getTime()) / 1000);
  if (!Number.isFinite(seconds)) return "";
  if (seconds < 60) return t("time.justNow");
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t("time.minutesAgo", { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t("time.hoursAgo", { hours });
  // Calendar days in the app's zone (lib/dates.ts).
  const days = Math.round((Date.parse(`${dayKey(now)}T00:00:00Z`) - Date.parse(`${dayKey(then)}T00:00:00Z`)) / 86_400_000);
  if (days <= 1) return t("time.yesterday");
  if (days < 7) return t("time.daysAgo", { days });
  return dayKey(then).slice(0, 4) === dayKey(now).slice(0, 4) ? formatDayMonth(then) : formatDate(then);
}
