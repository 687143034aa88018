// The admin dashboard's data helpers: the date range and user filter (kept in the URL), the
// shapes of the analytics answers (BigInt and BigFloat fields arrive as strings), number,
// duration and date formatting, and the daily series for the chart.
import type { AdminTotalsQuery } from "./AdminTotals.generated.ts";
import type { NavigationAnalyticsQuery } from "./NavigationAnalytics.generated.ts";
import { dateSettings, formatDate, formatDateTime as formatDateTimeOf, formatDayMonth } from "../../lib/dates.ts";
import { MESSAGES, validateUsername } from "../../../../shared/validation.ts";
import { type AdminT, englishAdminT } from "./texts.ts";

/** Rows shown in the top routes and top patterns tables (spec section 9). */
export const TOP_ROWS = 10;
/** Rows of the sessions-per-user table. */
export const SESSION_ROWS = 20;
/** The default date range: the last 30 days, today included (as the server's default). */
export const DEFAULT_RANGE_DAYS = 30;
/** Quick ranges offered beside the date inputs. */
export const QUICK_RANGES = [7, 30, 90] as const;
/** The chart fills in empty days up to this many; longer ranges show the days with data. */
export const MAX_FILLED_DAYS = 400;

/** The form's own messages in British English (the page shows them in the reader's language). */
export const RANGE_ORDER_MESSAGE = englishAdminT("admin.filters.rangeOrder");
export const DATE_FORMAT_MESSAGE = englishAdminT("admin.filters.dateFormat");
export const unknownUserMessage = (username: string, t: AdminT = englishAdminT) => t("admin.filters.unknownUser", { username });

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

// ---------------------------------------------------------------------------------------------
// Days (YYYY-MM-DD, calendar days without a time zone)

/** The local calendar day of a date. */
export function toDay(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, "0");
  const d = String(date.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

/** A real calendar day as written by <input type="date">, or null. */
export function parseDay(value: string | null | undefined): Date | null {
  if (!value || !DAY_PATTERN.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : date;
}

export function addDays(day: string, days: number): string {
  const date = parseDay(day);
  if (!date) return day;
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  const a = parseDay(from);
  const b = parseDay(to);
  if (!a || !b) return 0;
  return Math.round((b.getTime() - a.getTime()) / 86_400_000) + 1;
}

export function lastDays(days: number, today: Date = new Date()): { from: string; to: string } {
  const to = toDay(today);
  return { from: addDays(to, -(days - 1)), to };
}

// ---------------------------------------------------------------------------------------------
// Filters

export interface Filters {
  from: string;
  to: string;
  /** A username, a visitor id (guests have no username), or '' for everyone. */
  user: string;
}

export function defaultFilters(today: Date = new Date()): Filters {
  return { ...lastDays(DEFAULT_RANGE_DAYS, today), user: "" };
}

/** The filters in the address (?from=&to=&user=); missing or broken values take the defaults. */
export function filtersFromSearch(params: URLSearchParams, today: Date = new Date()): Filters {
  const defaults = defaultFilters(today);
  const from = parseDay(params.get("from")) ? params.get("from")! : defaults.from;
  const to = parseDay(params.get("to")) ? params.get("to")! : defaults.to;
  const user = (params.get("user") ?? "").trim();
  return from <= to ? { from, to, user } : { ...defaults, user };
}

/** The address's query for these filters; defaults are left out so the plain /admin stays plain. */
export function searchFromFilters(filters: Filters, today: Date = new Date()): string {
  const defaults = defaultFilters(today);
  const params = new URLSearchParams();
  if (filters.from !== defaults.from || filters.to !== defaults.to) {
    params.set("from", filters.from);
    params.set("to", filters.to);
  }
  if (filters.user.trim()) params.set("user", filters.user.trim());
  const text = params.toString();
  return text ? `?${text}` : "";
}

export interface FilterErrors {
  from?: string;
  to?: string;
  user?: string;
}

/**
 * Instant checks of the filter form, with the database's messages where it has one (those are
 * known texts, said in the reader's language where they are shown) and the form's own in `t`'s.
 */
export function validateFilters(filters: Filters, t: AdminT = englishAdminT): FilterErrors {
  const errors: FilterErrors = {};
  if (!filters.from) errors.from = MESSAGES.mandatory;
  else if (!parseDay(filters.from)) errors.from = t("admin.filters.dateFormat");
  if (!filters.to) errors.to = MESSAGES.mandatory;
  else if (!parseDay(filters.to)) errors.to = t("admin.filters.dateFormat");
  if (!errors.from && !errors.to && filters.to < filters.from) errors.to = t("admin.filters.rangeOrder");
  const user = filters.user.trim();
  if (user && !isUuid(user)) {
    const message = validateUsername(user);
    if (message) errors.user = message;
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Answers

// Counts are Int (numbers); averages and time totals stay BigFloat/BigInt strings (generated from
// the schema, `npm run codegen`).
export type AdminTotals = NonNullable<AdminTotalsQuery["adminTotals"]>;
export type NavigationAnalyticsData = NavigationAnalyticsQuery;
/** One row of a connection in the analytics answer, without its __typename. */
type Row<C> = Omit<NonNullable<C> extends { nodes: readonly (infer N)[] } ? N : never, "__typename">;
export type RouteStat = Row<NavigationAnalyticsQuery["navigationRouteStats"]>;
export type PatternStat = Row<NavigationAnalyticsQuery["navigationPatternStats"]>;
export type SessionStat = Row<NavigationAnalyticsQuery["navigationSessionStats"]>;
export type DailyStat = Row<NavigationAnalyticsQuery["navigationDailyStats"]>;

export interface SessionSummary {
  totalSessions: number;
  totalNavigations: number;
  /** Seconds. */
  averageSessionDuration: number;
  averageNavigationsPerSession: number;
  uniqueVisitors: number;
}

/** A BigInt / BigFloat string (or a JSON number) as a number; 0 when absent or unreadable. */
export function num(value: unknown): number {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : 0;
}

/** The sessionSummary of getNavigationAnalytics (JSON), read defensively. */
export function sessionSummaryOf(analytics: unknown): SessionSummary {
  const summary =
    typeof analytics === "object" && analytics !== null
      ? ((analytics as Record<string, unknown>).sessionSummary as Record<string, unknown> | undefined)
      : undefined;
  return {
    totalSessions: num(summary?.totalSessions),
    totalNavigations: num(summary?.totalNavigations),
    averageSessionDuration: num(summary?.averageSessionDuration),
    averageNavigationsPerSession: num(summary?.averageNavigationsPerSession),
    uniqueVisitors: num(summary?.uniqueVisitors),
  };
}

export interface DailyPoint {
  date: string;
  navigations: number;
  activeUsers: number;
  sessions: number;
  routes: number;
  /** Milliseconds. */
  averageTime: number;
}

/** One point per day of the range (empty days as zeros), or per day with data for very long ranges. */
export function dailySeries(from: string, to: string, nodes: readonly DailyStat[]): DailyPoint[] {
  const byDay = new Map<string, DailyPoint>();
  for (const node of nodes) {
    if (!node.date) continue;
    byDay.set(node.date, {
      date: node.date,
      navigations: num(node.dailyNavigations),
      activeUsers: num(node.activeUsers),
      sessions: num(node.dailySessions),
      routes: num(node.uniqueRoutesVisited),
      averageTime: num(node.averageTimePerNavigation),
    });
  }
  const days = daysBetween(from, to);
  if (days <= 0 || days > MAX_FILLED_DAYS) return [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date));
  const out: DailyPoint[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(from, i);
    out.push(byDay.get(date) ?? { date, navigations: 0, activeUsers: 0, sessions: 0, routes: 0, averageTime: 0 });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Formatting

// Numbers in the language the app is showing (read at each call: the reader may switch).
const locale = () => dateSettings().locale;

export function formatCount(value: unknown): string {
  return Math.round(num(value)).toLocaleString(locale());
}

export function formatDecimal(value: unknown, digits = 1): string {
  return num(value).toLocaleString(locale(), { maximumFractionDigits: digits });
}

/** 850 -> "0.9 s", 12_400 -> "12 s", 125_000 -> "2 min 5 s", 4_000_000 -> "1 h 7 min". */
export function formatDuration(ms: unknown, t: AdminT = englishAdminT): string {
  const value = Math.max(0, num(ms));
  // Under ten seconds to a tenth (the message formats the number in the reader's language).
  if (value < 10_000) return t("admin.duration.seconds", { seconds: Math.round(value / 100) / 10 });
  const seconds = Math.round(value / 1000);
  if (seconds < 60) return t("admin.duration.seconds", { seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) {
    const rest = seconds % 60;
    return rest ? t("admin.duration.minutesSeconds", { minutes, seconds: rest }) : t("admin.duration.minutes", { minutes });
  }
  const totalMinutes = Math.round(seconds / 60);
  const hours = Math.floor(totalMinutes / 60);
  const restMinutes = totalMinutes % 60;
  return restMinutes ? t("admin.duration.hoursMinutes", { hours, minutes: restMinutes }) : t("admin.duration.hours", { hours });
}

/** "2026-11-21" -> "Nov 21, 2026" (or "Nov 21" without the year). */
export function formatDay(day: string, withYear = true): string {
  const date = parseDay(day);
  if (!date) return day;
  // A calendar day (YYYY-MM-DD, read as UTC midnight): its noon is the same day in the app's zone.
  return withYear ? formatDate(date.getTime() + 12 * 3600_000) : formatDayMonth(date.getTime() + 12 * 3600_000);
}

export function formatDateTime(value: string | null | undefined): string {
  return formatDateTimeOf(value, "—");
}

/** A path with its ids shortened for reading: /things/1b2c3d4e-…/dashboard -> /things/1b2c3d4e…/dashboard. */
export function shortRoute(route: string | null | undefined): string {
  if (!route) return "—";
  return route.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, (id) => `${id.slice(0, 8)}…`);
}

/** How a visitor is named in the sessions table: the username, or "Guest 1a2b3c4d". */
export function visitorLabel(row: Pick<SessionStat, "username" | "userId">, t: AdminT = englishAdminT): string {
  if (row.username) return row.username;
  return row.userId ? t("admin.visitor.guest", { id: row.userId.slice(0, 8) }) : t("admin.visitor.unknown");
}
