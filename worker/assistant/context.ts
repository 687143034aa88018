// What the care assistant knows about a thing: one JSON document from app_private.chat_context
// (db/migrations/20261121002100_chat.sql), read in one snapshot, typed here, plus the figures both
// assistants quote (hours since a reading, the next days of the forecast...). The rule-based
// assistant answers from it; the LLM gets it as compact JSON (promptData).

export interface Queryable {
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

export interface BandLimits {
  dry: number;
  needsWater: number;
  good: number;
}

export interface ActionEntry {
  type: string;
  comments: string;
  at: string;
  by: string | null;
}

export interface TaskEntry {
  title: string;
  actionType: string;
  status: string;
  priority: string;
  dueDate: string | null;
  overdue: boolean;
  description: string | null;
}

export interface TrendDay {
  /** YYYY-MM-DD (UTC) */
  day: string;
  readings: number;
  water: number | null;
  temperature: number | null;
  conductivity: number | null;
  ph: number | null;
}

export interface DailyForecast {
  date: string;
  precipitationSum: number | null;
  temperatureMax: number | null;
  temperatureMin: number | null;
}

export interface ForecastFacts {
  latitude: number;
  longitude: number;
  timezone: string | null;
  fetchedAt: string;
  /** Hours of the cached forecast inside the next 48 (0: the cache does not reach now). */
  hours: number;
  next24hPrecipitationMm: number | null;
  next24to48hPrecipitationMm: number | null;
  maxPrecipitationProbability: number | null;
  temperatureMin: number | null;
  temperatureMax: number | null;
  daily: DailyForecast[];
}

export interface RainfallFacts {
  stationId: string;
  station: string;
  distanceKm: number;
  last24hMm: number;
  readings24h: number;
  last7dMm: number;
  readings7d: number;
  lastReadingAt: string | null;
  fetchedAt: string | null;
}

export interface SoilscapeFacts {
  name: string | null;
  classNumber: number | null;
  texture: string | null;
  drainage: string | null;
  fertility: string | null;
  landcover: string | null;
  habitats: string | null;
  carbon: string | null;
  drainsTo: string | null;
  waterProtection: string | null;
  generalCropping: string | null;
  isSample: boolean;
  attribution: string | null;
}

export interface DeviceEntry {
  name: string;
  deviceId: string;
  model: string;
  battery: number | null;
  lastReportAt: string | null;
  water: number | null;
  temperature: number | null;
  conductivity: number | null;
  ph: number | null;
  rssi: number | null;
  snr: number | null;
  ledState: boolean | null;
  createdAt: string;
}

export interface ThingContext {
  now: string;
  thing: {
    id: string;
    name: string;
    type: string;
    description: string | null;
    locationDescription: string | null;
    latitude: number;
    longitude: number;
    isPublic: boolean;
    groupName: string | null;
    indicatorParameter: string;
    indicatorColour: string | null;
    indicatorColourChangedAt: string | null;
    createdAt: string;
  };
  readings: {
    water: number | null;
    temperature: number | null;
    conductivity: number | null;
    ph: number | null;
    lastReadingAt: string | null;
    /** dry, needsWater, good, saturated, or null without a water reading. */
    band: string | null;
    bandLimits: BandLimits;
  };
  /** Daily averages of the last 7 days, oldest first. */
  trend: TrendDay[];
  /** The last 10 care actions, newest first. */
  actions: ActionEntry[];
  lastWatering: { at: string; comments: string; by: string | null } | null;
  wateringsLast30Days: number;
  lastUpkeep: { type: string; at: string; comments: string } | null;
  /** Open tasks, by due date. */
  openTasks: TaskEntry[];
  forecast: ForecastFacts | null;
  rainfall: RainfallFacts | null;
  soilscape: SoilscapeFacts | null;
  inBLine: boolean;
  devices: DeviceEntry[];
}

/** The thresholds device health is judged by (the hourly checks use the same: worker/config.ts). */
export interface HealthThresholds {
  deviceSilentHours: number;
  lowBatteryVolts: number;
}

export const DEFAULT_HEALTH: HealthThresholds = { deviceSilentHours: 24, lowBatteryVolts: 3.0 };

/** Readings older than this make the indicator grey (decisions.md), and are not trusted as "now". */
export const STALE_READING_HOURS = 48;

export async function loadThingContext(db: Queryable, thingId: string): Promise<ThingContext | null> {
  const { rows } = await db.query<{ context: ThingContext | null }>("select app_private.chat_context($1) as context", [thingId]);
  return rows[0]?.context ?? null;
}

export interface ChatTurn {
  role: "user" | "assistant";
  text: string;
  at: string;
}

/** The conversation before a message (at most `limit`, oldest first), leaving out failed replies. */
export async function loadHistory(
  db: Queryable,
  question: { recipientId: string; thingId: string; createdAt: Date | string; id: string },
  limit = 10,
): Promise<ChatTurn[]> {
  const { rows } = await db.query<{ type_name: "user" | "assistant"; message_text: string; created_at: Date }>(
    `select type_name, message_text, created_at from (
       select type_name, message_text, created_at from app_public.chat_messages
       where recipient_id = $1 and thing_id = $2 and created_at < $3 and id <> $4
         and not (type_name = 'assistant' and status = 'failed')
       order by created_at desc limit $5) recent
     order by created_at`,
    [question.recipientId, question.thingId, question.createdAt, question.id, limit],
  );
  return rows.map((r) => ({ role: r.type_name, text: r.message_text, at: new Date(r.created_at).toISOString() }));
}

// ---------------------------------------------------------------------------------------------
// Derived figures

export function hoursBetween(from: string | Date, to: string | Date): number {
  return (new Date(to).getTime() - new Date(from).getTime()) / 3_600_000;
}

export function hoursSince(ctx: ThingContext, at: string | null | undefined): number | null {
  return at ? Math.max(0, hoursBetween(at, ctx.now)) : null;
}

/** The latest water reading, when there is one younger than 48 hours. */
export function freshWater(ctx: ThingContext): number | null {
  const age = hoursSince(ctx, ctx.readings.lastReadingAt);
  return ctx.readings.water !== null && age !== null && age <= STALE_READING_HOURS ? ctx.readings.water : null;
}

/** Devices that measure (not the pump controller). */
export function sensors(ctx: ThingContext): DeviceEntry[] {
  return ctx.devices.filter((d) => d.model !== "THE_THINGS_UNO");
}

export interface DeviceHealth {
  device: DeviceEntry;
  hoursSinceReport: number | null;
  silent: boolean;
  lowBattery: boolean;
}

export function deviceHealth(ctx: ThingContext, limits: HealthThresholds): DeviceHealth[] {
  return sensors(ctx).map((device) => {
    const hoursSinceReport = hoursSince(ctx, device.lastReportAt);
    return {
      device,
      hoursSinceReport,
      silent: hoursSinceReport === null || hoursSinceReport > limits.deviceSilentHours,
      lowBattery: device.battery !== null && device.battery < limits.lowBatteryVolts,
    };
  });
}

/** The water trend of the last 7 days: first and last daily average, when two days have one. */
export function waterTrend(ctx: ThingContext): { from: TrendDay; to: TrendDay; change: number } | null {
  const days = ctx.trend.filter((d) => d.water !== null);
  if (days.length < 2) return null;
  const from = days[0];
  const to = days[days.length - 1];
  return { from, to, change: (to.water as number) - (from.water as number) };
}

/** Forecast days from today on (in the forecast's time zone). */
export function upcomingDays(ctx: ThingContext): DailyForecast[] {
  if (!ctx.forecast) return [];
  const today = localDate(ctx.now, ctx.forecast.timezone);
  return (ctx.forecast.daily ?? []).filter((d) => d.date >= today).slice(0, 3);
}

export function localDate(at: string | Date, timeZone: string | null | undefined): string {
  const d = new Date(at);
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone: timeZone || "UTC", year: "numeric", month: "2-digit", day: "2-digit" }).format(d);
  } catch {
    return d.toISOString().slice(0, 10);
  }
}

/**
 * The context for a language model: the same facts, compact, with ages in hours so figures can be
 * quoted as "measured 2 hours ago" without date arithmetic.
 */
export function promptData(ctx: ThingContext, limits: HealthThresholds = DEFAULT_HEALTH): Record<string, unknown> {
  const age = (at: string | null | undefined) => {
    const h = hoursSince(ctx, at);
    return h === null ? null : Math.round(h * 10) / 10;
  };
  const drop = <T extends Record<string, unknown>>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0)));
  return drop({
    nowUtc: ctx.now,
    thing: drop({
      name: ctx.thing.name,
      type: ctx.thing.type,
      description: ctx.thing.description,
      locationDescription: ctx.thing.locationDescription,
      latitude: ctx.thing.latitude,
      longitude: ctx.thing.longitude,
      group: ctx.thing.groupName,
      indicatorParameter: ctx.thing.indicatorParameter,
      indicatorColour: ctx.thing.indicatorColour,
    }),
    latestReadings: drop({
      soilMoisturePercent: ctx.readings.water,
      soilTemperatureC: ctx.readings.temperature,
      conductivityUsPerCm: ctx.readings.conductivity,
      ph: ctx.readings.ph,
      measuredHoursAgo: age(ctx.readings.lastReadingAt),
      measuredAtUtc: ctx.readings.lastReadingAt,
      stale: ctx.readings.lastReadingAt ? (age(ctx.readings.lastReadingAt) as number) > STALE_READING_HOURS : null,
      hydrationBand: ctx.readings.band,
    }),
    hydrationBandsPercent: {
      dry: `below ${ctx.readings.bandLimits.dry}`,
      needsWater: `${ctx.readings.bandLimits.dry} to ${ctx.readings.bandLimits.needsWater}`,
      good: `${ctx.readings.bandLimits.needsWater} to ${ctx.readings.bandLimits.good}`,
      saturated: `${ctx.readings.bandLimits.good} and above`,
    },
    dailyAveragesLast7Days: ctx.trend.map((d) =>
      drop({
        dayUtc: d.day,
        readings: d.readings,
        soilMoisturePercent: d.water,
        soilTemperatureC: d.temperature,
        conductivityUsPerCm: d.conductivity,
        ph: d.ph,
      }),
    ),
    recentCareActions: ctx.actions.map((a) => drop({ type: a.type, hoursAgo: age(a.at), atUtc: a.at, by: a.by, comments: a.comments })),
    lastWatering: ctx.lastWatering
      ? drop({
          hoursAgo: age(ctx.lastWatering.at),
          atUtc: ctx.lastWatering.at,
          by: ctx.lastWatering.by,
          comments: ctx.lastWatering.comments,
        })
      : null,
    wateringsLast30Days: ctx.wateringsLast30Days,
    openTasks: ctx.openTasks.map((t) =>
      drop({ title: t.title, type: t.actionType, status: t.status, priority: t.priority, due: t.dueDate, overdue: t.overdue || null }),
    ),
    weatherForecast: ctx.forecast
      ? drop({
          source: "Open-Meteo (cached)",
          updatedHoursAgo: age(ctx.forecast.fetchedAt),
          hoursCovered: ctx.forecast.hours,
          rainNext24hMm: ctx.forecast.next24hPrecipitationMm,
          rainNext24to48hMm: ctx.forecast.next24to48hPrecipitationMm,
          maxRainProbabilityPercent: ctx.forecast.maxPrecipitationProbability,
          airTemperatureMinC: ctx.forecast.temperatureMin,
          airTemperatureMaxC: ctx.forecast.temperatureMax,
          days: upcomingDays(ctx),
        })
      : null,
    rainfall: ctx.rainfall
      ? drop({
          source: "Environment Agency rain gauge (cached)",
          station: ctx.rainfall.station,
          distanceKm: ctx.rainfall.distanceKm,
          last24hMm: ctx.rainfall.last24hMm,
          last7DaysMm: ctx.rainfall.last7dMm,
          gaugeReadingsLast24h: ctx.rainfall.readings24h,
          lastGaugeReadingHoursAgo: age(ctx.rainfall.lastReadingAt),
        })
      : null,
    soilscape: ctx.soilscape ? drop({ ...ctx.soilscape, isSample: ctx.soilscape.isSample || null }) : null,
    inBLinesPollinatorCorridor: ctx.inBLine,
    devices: deviceHealth(ctx, limits).map((h) =>
      drop({
        name: h.device.name,
        model: h.device.model,
        batteryVolts: h.device.battery,
        lastReportHoursAgo: h.hoursSinceReport === null ? null : Math.round(h.hoursSinceReport * 10) / 10,
        signalRssiDbm: h.device.rssi,
        snrDb: h.device.snr,
        silent: h.silent,
        lowBattery: h.lowBattery,
      }),
    ),
    pumpControllers: ctx.devices.filter((d) => d.model === "THE_THINGS_UNO").map((d) => drop({ name: d.name, pumpOn: d.ledState })),
    deviceHealthRules: `silent after ${limits.deviceSilentHours} hours without a report; low battery below ${limits.lowBatteryVolts} V`,
  });
}
