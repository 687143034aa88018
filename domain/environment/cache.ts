// The PostgreSQL cache of rainfall and weather (db/migrations/..._environment.sql), through the
// app_hidden functions, so the same code runs under a web role (the API) and as the owner (the job).
import type { RainfallMeasure, RainfallReading, RainfallStation, ReadingsQuery } from "./rainfall.ts";
import type { Forecast } from "./weather.ts";

/** A pg client, pool, or PostGraphile's PgClient. */
export interface Queryable {
  query<R = Record<string, unknown>>(q: { text: string; values?: unknown[] }): Promise<{ rows: readonly R[] }>;
}

export type Kind = "rainfall_stations" | "rainfall_station" | "rainfall_measures" | "rainfall_readings" | "weather";

async function one<R>(db: Queryable, text: string, values: unknown[]): Promise<R | undefined> {
  const { rows } = await db.query<R>({ text, values });
  return rows[0];
}

export async function fetchedAt(db: Queryable, kind: Kind, key: string): Promise<Date | null> {
  const row = await one<{ at: Date | null }>(db, "select app_hidden.environment_fetched_at($1, $2) as at", [kind, key]);
  return row?.at ? new Date(row.at) : null;
}

export async function recordFetch(db: Queryable, kind: Kind, key: string): Promise<void> {
  await db.query({ text: "select app_hidden.record_environment_fetch($1, $2)", values: [kind, key] });
}

export async function storeStations(db: Queryable, stations: RainfallStation[]): Promise<void> {
  if (stations.length) await db.query({ text: "select app_hidden.cache_rainfall_stations($1::jsonb)", values: [JSON.stringify(stations)] });
}

export async function storeMeasures(db: Queryable, measures: RainfallMeasure[]): Promise<void> {
  if (measures.length) await db.query({ text: "select app_hidden.cache_rainfall_measures($1::jsonb)", values: [JSON.stringify(measures)] });
}

export async function storeReadings(db: Queryable, readings: RainfallReading[]): Promise<void> {
  if (readings.length) await db.query({ text: "select app_hidden.cache_rainfall_readings($1::jsonb)", values: [JSON.stringify(readings)] });
}

export async function storeForecast(db: Queryable, forecast: Forecast): Promise<void> {
  await db.query({
    text: "select app_hidden.cache_weather_forecast($1::numeric, $2::numeric, $3::jsonb)",
    values: [forecast.latitude, forecast.longitude, JSON.stringify(forecast)],
  });
}

export type Cached<T> = T & { fetchedAt: string };

export async function cachedStations(
  db: Queryable,
  lat: number,
  lon: number,
  distKm: number,
): Promise<Cached<RainfallStation & { distance: number }>[]> {
  const row = await one<{ j: Cached<RainfallStation & { distance: number }>[] | null }>(
    db,
    "select app_hidden.cached_rainfall_stations($1, $2, $3) as j",
    [lat, lon, distKm],
  );
  return row?.j ?? [];
}

/** Kilometres from a place to each station, in the stations' order: app_hidden.distance_km, the one distance. */
export async function stationDistancesKm(
  db: Queryable,
  lat: number,
  lon: number,
  stations: { lat: number; long: number }[],
): Promise<(number | null)[]> {
  if (stations.length === 0) return [];
  const { rows } = await db.query<{ km: number | null }>({
    text: `select app_hidden.distance_km(point($1, $2), point(p.lat, p.lon)) as km
           from unnest($3::float8[], $4::float8[]) with ordinality as p(lat, lon, n) order by p.n`,
    values: [lat, lon, stations.map((s) => s.lat), stations.map((s) => s.long)],
  });
  return rows.map((r) => r.km);
}

export async function cachedStation(db: Queryable, id: string): Promise<Cached<RainfallStation> | null> {
  const row = await one<{ j: Cached<RainfallStation> | null }>(db, "select app_hidden.cached_rainfall_station($1) as j", [id]);
  return row?.j ?? null;
}

export async function cachedMeasures(db: Queryable, stationId: string): Promise<Cached<RainfallMeasure>[]> {
  const row = await one<{ j: Cached<RainfallMeasure>[] | null }>(db, "select app_hidden.cached_rainfall_measures($1) as j", [stationId]);
  return row?.j ?? [];
}

export async function cachedReadings(
  db: Queryable,
  q: Pick<ReadingsQuery, "stationId" | "measureId" | "latest" | "limit">,
  window: { from: string | null; to: string | null },
): Promise<Cached<RainfallReading>[]> {
  const row = await one<{ j: Cached<RainfallReading>[] | null }>(
    db,
    "select app_hidden.cached_rainfall_readings($1, $2, $3, $4, $5, $6) as j",
    [q.measureId ? null : q.stationId, q.measureId, q.latest, window.from, window.to, q.limit],
  );
  return (row?.j ?? []).map((r) => ({ ...r, dateTime: new Date(r.dateTime).toISOString() }));
}

export async function cachedForecast(db: Queryable, latitude: number, longitude: number): Promise<Cached<Forecast> | null> {
  const row = await one<{ j: Cached<Forecast> | null }>(db, "select app_hidden.cached_weather_forecast($1::numeric, $2::numeric) as j", [
    latitude,
    longitude,
  ]);
  if (!row?.j) return null;
  return { ...row.j, latitude: Number(row.j.latitude), longitude: Number(row.j.longitude) };
}

/**
 * Removes sample rainfall stations (details.sample, the demo's: scripts/demo/weather.ts) with their
 * measures and readings, once the Environment Agency has answered: live stations take their
 * place. Writes app_private directly, so only the owner (the refresh job) calls it.
 */
export async function dropSampleStations(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>({
    text: `with s as (delete from app_private.rainfall_stations where details->>'sample' = 'true' returning id),
                m as (delete from app_private.rainfall_measures where station_id in (select id from s)),
                r as (delete from app_private.rainfall_readings where station_id in (select id from s))
           select count(*)::int as n from s`,
  });
  return rows[0]?.n ?? 0;
}

export async function pruneCache(db: Queryable): Promise<void> {
  await db.query({ text: "select app_hidden.prune_environment_cache()" });
}
