// Task refresh_environment (hourly, worker/crontab): keeps the rainfall and weather caches fresh
// around the things people look after, so dry-spell alerts and the assistant read recent data
// (app_hidden.rainfall_near, app_hidden.forecast_precipitation) even when nobody opened a page.
//
//   * weather: one Open-Meteo forecast per distinct 0.1 degree grid point of the things;
//   * rainfall: the EA stations within 10 km of each grid point, then the last day's readings of
//     the station nearest each thing. Once a station search succeeds, sample stations (the
//     demo's, which stand in for the EA offline) are dropped.
// Bounded: at most 300 grid points and 200 stations per run, 3 requests at once, each with the
// configured timeout; anything fetched within half its cache time is skipped unless the payload
// says { "force": true }. A failing source leaves the cache as it is: the failure is logged and
// the job still succeeds (the next hour tries again), so a down source is not hammered by retries.
import type { JobHelpers, Task } from "graphile-worker";
import {
  dropSampleStations,
  fetchedAt,
  pruneCache,
  recordFetch,
  storeForecast,
  storeReadings,
  storeStations,
  type Queryable,
} from "../../domain/environment/cache.ts";
import { mapLimit } from "../../domain/environment/http.ts";
import { createRainfallProvider, type RainfallProvider } from "../../domain/environment/rainfall.ts";
import { readEnvironmentSettings, type EnvironmentSettings } from "../../domain/environment/settings.ts";
import { readingsKey } from "../../domain/environment/validate.ts";
import { createWeatherProvider, gridPoint, type WeatherProvider } from "../../domain/environment/weather.ts";

export const MAX_GRID_POINTS = 300;
export const MAX_STATIONS = 200;
export const CONCURRENCY = 3;
export const STATION_RADIUS_KM = 10;

export interface RefreshOptions {
  settings?: EnvironmentSettings;
  rainfall?: RainfallProvider;
  weather?: WeatherProvider;
}

export interface RefreshSummary {
  gridPoints: number;
  forecasts: { refreshed: number; skipped: number; failed: number };
  stationSearches: { refreshed: number; skipped: number; failed: number };
  readings: { stations: number; refreshed: number; skipped: number; failed: number };
}

function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export async function refreshEnvironment(
  payload: unknown,
  helpers: Pick<JobHelpers, "withPgClient" | "logger">,
  options: RefreshOptions = {},
): Promise<RefreshSummary> {
  const settings = options.settings ?? readEnvironmentSettings();
  const rainfall = options.rainfall ?? createRainfallProvider(settings);
  const weather = options.weather ?? createWeatherProvider(settings);
  const force = (payload as { force?: unknown } | null)?.force === true;
  const log = helpers.logger;
  const withDb = <T>(fn: (db: Queryable) => Promise<T>) => helpers.withPgClient((client) => fn(client));

  const points = await withDb(async (db) => {
    const { rows } = await db.query<{ lat: number; lon: number }>({
      text: `select round(location[0]::numeric, 1)::float8 as lat, round(location[1]::numeric, 1)::float8 as lon
             from app_public.things group by 1, 2 order by count(*) desc, 1, 2 limit $1`,
      values: [MAX_GRID_POINTS],
    });
    return rows.map((r) => gridPoint(r.lat, r.lon));
  });
  const summary: RefreshSummary = {
    gridPoints: points.length,
    forecasts: { refreshed: 0, skipped: 0, failed: 0 },
    stationSearches: { refreshed: 0, skipped: 0, failed: 0 },
    readings: { stations: 0, refreshed: 0, skipped: 0, failed: 0 },
  };
  if (points.length === 0) {
    log.info("refresh_environment: no things, nothing to refresh");
    return summary;
  }

  const recent = async (kind: "weather" | "rainfall_stations" | "rainfall_readings", key: string, ttlMinutes: number) => {
    if (force) return false;
    const at = await withDb((db) => fetchedAt(db, kind, key));
    return at !== null && Date.now() - at.getTime() < (ttlMinutes * 60_000) / 2;
  };

  // Weather, one forecast per grid point.
  await mapLimit(points, CONCURRENCY, async (p) => {
    if (await recent("weather", p.key, settings.weatherCacheMinutes)) {
      summary.forecasts.skipped += 1;
      return;
    }
    try {
      const forecast = await weather.forecast(p.latitude, p.longitude);
      await withDb(async (db) => {
        await storeForecast(db, forecast);
        await recordFetch(db, "weather", p.key);
      });
      summary.forecasts.refreshed += 1;
    } catch (e) {
      summary.forecasts.failed += 1;
      log.warn(`refresh_environment: forecast for ${p.key} failed, cache kept: ${message(e)}`);
    }
  });

  // Rainfall stations around each grid point (the list changes rarely: at most daily).
  await mapLimit(points, CONCURRENCY, async (p) => {
    const key = `${p.latitude.toFixed(3)},${p.longitude.toFixed(3)},${STATION_RADIUS_KM}`;
    if (await recent("rainfall_stations", key, 24 * 60 * 2)) {
      summary.stationSearches.skipped += 1;
      return;
    }
    try {
      const stations = await rainfall.stationsNear(p.latitude, p.longitude, STATION_RADIUS_KM);
      await withDb(async (db) => {
        await storeStations(db, stations);
        await recordFetch(db, "rainfall_stations", key);
        await dropSampleStations(db);
      });
      summary.stationSearches.refreshed += 1;
    } catch (e) {
      summary.stationSearches.failed += 1;
      log.warn(`refresh_environment: rainfall stations near ${p.key} failed, cache kept: ${message(e)}`);
    }
  });

  // The last day's readings of the station nearest each thing.
  const stations = await withDb(async (db) => {
    const { rows } = await db.query<{ id: string }>({
      text: `select nearest.id, count(*) as things
             from app_public.things t
             cross join lateral (
               select s.id from app_private.rainfall_stations s
               where s.location <@ app_hidden.box_around(t.location, $1)
                 and app_hidden.distance_km(t.location, s.location) <= $1
               order by app_hidden.distance_km(t.location, s.location) limit 1) nearest
             group by nearest.id order by count(*) desc, nearest.id limit $2`,
      values: [STATION_RADIUS_KM, MAX_STATIONS],
    });
    return rows.map((r) => r.id);
  });
  summary.readings.stations = stations.length;
  const now = Date.now();
  await mapLimit(stations, CONCURRENCY, async (stationId) => {
    const query = {
      stationId,
      measureId: null,
      latest: false,
      today: false,
      date: null,
      startdate: utcDate(now - 24 * 3600_000),
      enddate: utcDate(now),
      limit: 2000,
    };
    if (await recent("rainfall_readings", readingsKey(query), settings.rainfallCacheMinutes)) {
      summary.readings.skipped += 1;
      return;
    }
    try {
      const readings = await rainfall.readings(query);
      await withDb(async (db) => {
        await storeReadings(db, readings);
        await recordFetch(db, "rainfall_readings", readingsKey(query));
      });
      summary.readings.refreshed += 1;
    } catch (e) {
      summary.readings.failed += 1;
      log.warn(`refresh_environment: readings of station ${stationId} failed, cache kept: ${message(e)}`);
    }
  });

  await withDb((db) => pruneCache(db));
  log.info(
    `refresh_environment: ${points.length} grid point(s); forecasts ${summary.forecasts.refreshed} refreshed, ` +
      `${summary.forecasts.skipped} fresh, ${summary.forecasts.failed} failed; station searches ${summary.stationSearches.refreshed} refreshed, ` +
      `${summary.stationSearches.skipped} fresh, ${summary.stationSearches.failed} failed; readings of ${summary.readings.refreshed}/${stations.length} station(s) refreshed, ${summary.readings.skipped} fresh, ${summary.readings.failed} failed`,
  );
  return summary;
}

const task: Task = async (payload, helpers) => {
  await refreshEnvironment(payload, helpers);
};

export default task;
