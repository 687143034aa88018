// Answers built from a source with the cache in front of it and behind it:
//
//   1. fresh:   this request was answered by the source less than the cache time ago -> the cache
//   2. live:    otherwise ask the source; store what it says; answer with it (source "live")
//   3. stale:   the source failed -> whatever the cache holds, with its fetch time (stale: true)
//   4. neither: a clear "unavailable" error
//
// Steps 1 and 3 run in a database transaction each, step 2 outside any (no connection is held
// while waiting for the source). The API (server/graphql/environment-plugin.ts) runs the three
// steps as separate plan steps; `answer` runs them in a row for code that has one client.
import {
  cachedForecast,
  cachedMeasures,
  cachedReadings,
  cachedStation,
  cachedStations,
  fetchedAt,
  recordFetch,
  stationDistancesKm,
  storeForecast,
  storeMeasures,
  storeReadings,
  storeStations,
  type Kind,
  type Queryable,
} from "../../domain/environment/cache.ts";
import { UpstreamError } from "../../domain/environment/http.ts";
import type {
  RainfallMeasure,
  RainfallProvider,
  RainfallReading,
  RainfallStation,
  ReadingsQuery,
} from "../../domain/environment/rainfall.ts";
import {
  RAINFALL_ATTRIBUTION,
  RAINFALL_LICENCE,
  WEATHER_ATTRIBUTION,
  type EnvironmentSettings,
} from "../../domain/environment/settings.ts";
import * as v from "../../domain/environment/validate.ts";
import { gridPoint, type DailyForecast, type HourlyForecast, type WeatherProvider } from "../../domain/environment/weather.ts";
import { componentLogger } from "../../domain/logger.ts";

const log = componentLogger("environment");

export class UnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnavailableError";
  }
}

export class NotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NotFoundError";
  }
}

export interface Meta {
  fetchedAt: string;
  stale: boolean;
  source: "live" | "cache";
  /** Set when the answer comes from an old cache because the source failed. */
  notice: string | null;
  attribution: string;
  licence: string | null;
}

export type Answer<T> = T & Meta;

export interface CachedSource<A, L, T> {
  kind: Kind;
  key(args: A): string;
  ttlMs: number;
  /** Throws UpstreamError when the source fails, NotFoundError when it says there is no such thing. */
  fetch(args: A): Promise<L>;
  store(db: Queryable, args: A, live: L): Promise<void>;
  shapeLive(args: A, live: L, db: Queryable): T | Promise<T>;
  /** What the cache holds for the request, or null when it holds nothing. */
  cached(db: Queryable, args: A, lastFetched: Date | null): Promise<{ data: T; fetchedAt: string } | null>;
  sourceName: string;
  unavailable: string;
  attribution: string;
  licence: string | null;
}

export type Outcome<L> = { ok: true; live: L } | { ok: false; reason: string };

function iso(value: string | Date): string {
  return new Date(value).toISOString();
}

export function ageText(fetched: Date, now = new Date()): string {
  const minutes = Math.max(0, Math.round((now.getTime() - fetched.getTime()) / 60_000));
  if (minutes < 1) return "less than a minute";
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hours`;
  return `${Math.round(hours / 24)} days`;
}

function meta<A, L, T>(spec: CachedSource<A, L, T>, at: string, source: "live" | "cache", stale: boolean): Meta {
  return {
    fetchedAt: iso(at),
    stale,
    source,
    notice: stale ? `${spec.sourceName} could not be reached; showing data fetched ${ageText(new Date(at))} ago.` : null,
    attribution: spec.attribution,
    licence: spec.licence,
  };
}

/** Step 1 (in a transaction): the cached answer when this request is recent enough, else null. */
export async function freshAnswer<A, L, T>(db: Queryable, spec: CachedSource<A, L, T>, args: A): Promise<Answer<T> | null> {
  const at = await fetchedAt(db, spec.kind, spec.key(args));
  if (!at || Date.now() - at.getTime() >= spec.ttlMs) return null;
  const hit = await spec.cached(db, args, at);
  return hit ? { ...hit.data, ...meta(spec, at.toISOString(), "cache", false) } : null;
}

/** Step 2 (no transaction): ask the source. */
export async function fetchLive<A, L, T>(spec: CachedSource<A, L, T>, args: A): Promise<Outcome<L>> {
  try {
    return { ok: true, live: await spec.fetch(args) };
  } catch (e) {
    if (e instanceof NotFoundError) throw e;
    if (!(e instanceof UpstreamError)) log.error({ err: e }, `${spec.kind}: unexpected failure of the source`);
    else log.warn(`${spec.kind}: ${e.message}; answering from the cache`);
    return { ok: false, reason: e instanceof Error ? e.message : String(e) };
  }
}

/** Step 3 (in a transaction): store the live answer, or fall back to the cache, or give up. */
export async function settle<A, L, T>(
  db: Queryable,
  spec: CachedSource<A, L, T>,
  args: A,
  fresh: Answer<T> | null,
  outcome: Outcome<L> | null,
): Promise<Answer<T>> {
  if (fresh) return fresh;
  if (outcome?.ok) {
    await spec.store(db, args, outcome.live);
    await recordFetch(db, spec.kind, spec.key(args));
    return { ...(await spec.shapeLive(args, outcome.live, db)), ...meta(spec, new Date().toISOString(), "live", false) };
  }
  const last = await fetchedAt(db, spec.kind, spec.key(args));
  const hit = await spec.cached(db, args, last);
  if (!hit) throw new UnavailableError(spec.unavailable);
  return { ...hit.data, ...meta(spec, hit.fetchedAt, "cache", true) };
}

/** All three steps with one client (the fetch runs between two short transactions' worth of queries). */
export async function answer<A, L, T>(db: Queryable, spec: CachedSource<A, L, T>, args: A): Promise<Answer<T>> {
  const fresh = await freshAnswer(db, spec, args);
  const outcome = fresh ? null : await fetchLive(spec, args);
  return settle(db, spec, args, fresh, outcome);
}

function oldest(values: (string | null | undefined)[]): string | null {
  const times = values.filter((x): x is string => Boolean(x)).map((x) => new Date(x).getTime());
  return times.length ? new Date(Math.min(...times)).toISOString() : null;
}

//------------------------------------------------------------------------------------------
// The shapes the API answers with

export interface MeasureOut {
  id: string;
  stationId: string;
  parameter: string | null;
  parameterName: string | null;
  period: number | null;
  qualifier: string | null;
  unitName: string | null;
}

export interface StationOut {
  id: string;
  stationReference: string;
  label: string | null;
  lat: number;
  long: number;
  easting: number | null;
  northing: number | null;
  town: string | null;
  riverName: string | null;
  catchmentName: string | null;
  distance: number | null;
  measures: MeasureOut[];
}

export interface ReadingOut {
  dateTime: string;
  value: number | null;
  measure: string;
  stationId: string;
}

function measureOut(m: RainfallMeasure): MeasureOut {
  return {
    id: m.id,
    stationId: m.stationId,
    parameter: m.parameter ?? null,
    parameterName: m.parameterName ?? null,
    period: m.period ?? null,
    qualifier: m.qualifier ?? null,
    unitName: m.unitName ?? null,
  };
}

function stationOut(s: RainfallStation, distance: number | null): StationOut {
  const details = s.details ?? {};
  return {
    id: s.id,
    stationReference: s.id,
    label: s.label ?? null,
    lat: s.lat,
    long: s.long,
    easting: s.easting ?? null,
    northing: s.northing ?? null,
    town: details.town ?? null,
    riverName: details.riverName ?? null,
    catchmentName: details.catchmentName ?? null,
    distance: distance === null ? null : Math.round(distance * 1000) / 1000,
    measures: (s.measures ?? []).map(measureOut),
  };
}

function readingOut(r: RainfallReading): ReadingOut {
  return { dateTime: iso(r.dateTime), value: r.value ?? null, measure: r.measure, stationId: r.stationId };
}

//------------------------------------------------------------------------------------------
// The sources

export interface StationsArgs {
  lat: number;
  long: number;
  dist: number;
}
export interface StationArgs {
  id: string;
}
export interface MeasuresArgs {
  stationId: string;
}

export interface StationDetails extends StationOut {
  latestReading: ReadingOut | null;
  /** mm over the last 24 hours at the station's 15-minute measure; null without readings then. */
  last24hTotal: number | null;
  last24hReadings: number;
  /** The readings of the last 24 hours, newest first. */
  readings: ReadingOut[];
}

/** The measure totals are read from: the 15-minute one when there is one. */
function primaryMeasure(measures: { id: string; period: number | null }[], readings: RainfallReading[]): string | null {
  const m = [...measures].sort((a, b) => Number(b.period === 900) - Number(a.period === 900) || a.id.localeCompare(b.id))[0];
  if (m) return m.id;
  const counts = new Map<string, number>();
  for (const r of readings) counts.set(r.measure, (counts.get(r.measure) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
}

export function stationDetails(station: RainfallStation, readings: RainfallReading[], now = new Date()): Omit<StationDetails, keyof Meta> {
  const since = now.getTime() - 24 * 3600_000;
  const primary = primaryMeasure(station.measures ?? [], readings);
  const ofPrimary = readings.filter((r) => r.measure === primary);
  const sorted = [...(ofPrimary.length ? ofPrimary : readings)].sort((a, b) => b.dateTime.localeCompare(a.dateTime));
  const lastDay = sorted.filter((r) => {
    const t = new Date(r.dateTime).getTime();
    return t > since && t <= now.getTime();
  });
  const values = lastDay.map((r) => r.value).filter((x): x is number => x !== null);
  return {
    ...stationOut(station, null),
    latestReading: sorted[0] ? readingOut(sorted[0]) : null,
    last24hTotal: lastDay.length ? Math.round(values.reduce((s, x) => s + x, 0) * 1000) / 1000 : null,
    last24hReadings: lastDay.length,
    readings: lastDay.map(readingOut),
  };
}

export interface Sources {
  rainfallStations: CachedSource<StationsArgs, RainfallStation[], { stations: StationOut[] }>;
  rainfallMeasures: CachedSource<MeasuresArgs, RainfallMeasure[], { measures: MeasureOut[] }>;
  rainfallReadings: CachedSource<ReadingsQuery, RainfallReading[], { readings: ReadingOut[] }>;
  rainfallStation: CachedSource<StationArgs, { station: RainfallStation; readings: RainfallReading[] }, Omit<StationDetails, keyof Meta>>;
  weather: CachedSource<{ latitude: number; longitude: number }, import("../../domain/environment/weather.ts").Forecast, ForecastOut>;
}

export interface ForecastOut {
  latitude: number;
  longitude: number;
  timezone: string | null;
  elevation: number | null;
  hourly: HourlyForecast[];
  daily: DailyForecast[];
}

const RAINFALL = {
  sourceName: "The Environment Agency's rainfall service",
  unavailable: "Rainfall data is unavailable right now",
  attribution: RAINFALL_ATTRIBUTION,
  licence: RAINFALL_LICENCE,
};

function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function makeSources(settings: EnvironmentSettings, rainfall: RainfallProvider, weather: WeatherProvider): Sources {
  const rainfallTtl = settings.rainfallCacheMinutes * 60_000;
  return {
    rainfallStations: {
      ...RAINFALL,
      kind: "rainfall_stations",
      // The station list changes rarely: a day, or the rainfall cache time if longer.
      ttlMs: Math.max(rainfallTtl, 24 * 3600_000),
      key: (a) => `${a.lat.toFixed(3)},${a.long.toFixed(3)},${a.dist}`,
      fetch: (a) => rainfall.stationsNear(a.lat, a.long, a.dist),
      store: (db, _a, stations) => storeStations(db, stations),
      // Distances from the database (app_hidden.distance_km), the same as a cached answer's.
      shapeLive: async (a, stations, db) => {
        const km = await stationDistancesKm(db, a.lat, a.long, stations);
        return {
          stations: stations.map((s, i) => stationOut(s, km[i] ?? null)).sort((x, y) => (x.distance ?? 0) - (y.distance ?? 0)),
        };
      },
      async cached(db, a, last) {
        const rows = await cachedStations(db, a.lat, a.long, a.dist);
        const at = last?.toISOString() ?? oldest(rows.map((s) => s.fetchedAt));
        if (!at) return null;
        return { data: { stations: rows.map((s) => stationOut(s, s.distance)) }, fetchedAt: at };
      },
    },
    rainfallMeasures: {
      ...RAINFALL,
      kind: "rainfall_measures",
      ttlMs: Math.max(rainfallTtl, 24 * 3600_000),
      key: (a) => a.stationId,
      fetch: (a) => rainfall.measures(a.stationId),
      store: (db, _a, measures) => storeMeasures(db, measures),
      shapeLive: (_a, measures) => ({ measures: measures.map(measureOut) }),
      async cached(db, a, last) {
        const rows = await cachedMeasures(db, a.stationId);
        const at = last?.toISOString() ?? oldest(rows.map((m) => m.fetchedAt));
        if (!at) return null;
        return { data: { measures: rows.map(measureOut) }, fetchedAt: at };
      },
    },
    rainfallReadings: {
      ...RAINFALL,
      kind: "rainfall_readings",
      ttlMs: rainfallTtl,
      key: (q) => v.readingsKey(q),
      fetch: (q) => rainfall.readings(q),
      store: (db, _q, readings) => storeReadings(db, readings),
      shapeLive: (q, readings) => ({ readings: (q.latest ? readings : readings.slice(0, q.limit)).map(readingOut) }),
      async cached(db, q, last) {
        const rows = await cachedReadings(db, q, v.readingsWindow(q));
        const at = last?.toISOString() ?? oldest(rows.map((r) => r.fetchedAt));
        if (!at) return null;
        return { data: { readings: rows.map(readingOut) }, fetchedAt: at };
      },
    },
    rainfallStation: {
      ...RAINFALL,
      kind: "rainfall_station",
      ttlMs: rainfallTtl,
      key: (a) => a.id,
      async fetch(a) {
        const found = await rainfall.station(a.id);
        if (!found) throw new NotFoundError("Rainfall station not found");
        // Readings since the start of yesterday (UTC) cover the last 24 hours.
        const now = Date.now();
        const readings = await rainfall.readings({
          stationId: a.id,
          measureId: null,
          latest: false,
          today: false,
          date: null,
          startdate: utcDate(now - 24 * 3600_000),
          enddate: utcDate(now),
          limit: 2000,
        });
        const seen = new Set(readings.map((r) => `${r.measure}|${r.dateTime}`));
        for (const r of found.latestReadings) if (!seen.has(`${r.measure}|${r.dateTime}`)) readings.push(r);
        return { station: found.station, readings };
      },
      async store(db, _a, live) {
        await storeStations(db, [live.station]);
        await storeReadings(db, live.readings);
      },
      shapeLive: (_a, live) => stationDetails(live.station, live.readings),
      async cached(db, a, last) {
        const station = await cachedStation(db, a.id);
        if (!station) return null;
        const base = { stationId: a.id, measureId: null, limit: 2000 };
        const recent = await cachedReadings(
          db,
          { ...base, latest: false },
          { from: new Date(Date.now() - 24 * 3600_000).toISOString(), to: null },
        );
        const latest = await cachedReadings(db, { ...base, latest: true }, { from: null, to: null });
        const readings = [...recent, ...latest.filter((l) => !recent.some((r) => r.measure === l.measure && r.dateTime === l.dateTime))];
        const at = last?.toISOString() ?? oldest([station.fetchedAt, ...readings.map((r) => r.fetchedAt)]) ?? station.fetchedAt;
        return { data: stationDetails(station, readings), fetchedAt: at };
      },
    },
    weather: {
      kind: "weather",
      ttlMs: settings.weatherCacheMinutes * 60_000,
      key: (a) => gridPoint(a.latitude, a.longitude).key,
      fetch: (a) => weather.forecast(a.latitude, a.longitude),
      store: (db, _a, forecast) => storeForecast(db, forecast),
      shapeLive: (_a, f) => ({
        latitude: f.latitude,
        longitude: f.longitude,
        timezone: f.timezone,
        elevation: f.elevation,
        hourly: f.hourly,
        daily: f.daily,
      }),
      async cached(db, a) {
        const f = await cachedForecast(db, a.latitude, a.longitude);
        if (!f) return null;
        return {
          data: {
            latitude: f.latitude,
            longitude: f.longitude,
            timezone: f.timezone,
            elevation: f.elevation,
            hourly: f.hourly,
            daily: f.daily,
          },
          fetchedAt: f.fetchedAt,
        };
      },
      sourceName: "Open-Meteo",
      unavailable: "Weather forecasts are unavailable right now",
      attribution: WEATHER_ATTRIBUTION,
      licence: "CC BY 4.0",
    },
  };
}

//------------------------------------------------------------------------------------------
// Argument parsing of the API's fields (InputError on bad input)

export const parseArgs = {
  rainfallStations: (a: Record<string, unknown>): StationsArgs => ({
    lat: v.latitude(a.x),
    long: v.longitude(a.y),
    dist: v.distanceKm(a.dist),
  }),
  rainfallMeasures: (a: Record<string, unknown>): MeasuresArgs => ({ stationId: v.sourceId(a.stationId, "Station", true)! }),
  rainfallReadings: (a: Record<string, unknown>): ReadingsQuery => v.readingsQuery(a),
  rainfallStation: (a: Record<string, unknown>): StationArgs => ({ id: v.sourceId(a.id, "Station", true)! }),
  weather: (a: Record<string, unknown>) => {
    const grid = gridPoint(v.latitude(a.latitude), v.longitude(a.longitude));
    return { latitude: grid.latitude, longitude: grid.longitude };
  },
};
