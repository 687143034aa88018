// Weather forecasts from Open-Meteo (no key; CC BY 4.0): hourly temperature, precipitation and
// precipitation probability, daily precipitation sum, temperature range and FAO-56 reference
// evapotranspiration, for a 0.1 degree grid point (forecasts are cached per grid point, so nearby
// things share one request). The past PAST_DAYS days come too (past_days): the water-need model
// (db/migrations/20261125000900_water_need_model.sql) keeps them as history; the forecast itself
// (hourly and daily) starts today, as before.
//
//   GET {root}/v1/forecast?latitude=..&longitude=..&hourly=temperature_2m,precipitation,precipitation_probability
//       &daily=precipitation_sum,temperature_2m_max,temperature_2m_min,et0_fao_evapotranspiration
//       &timezone=auto&past_days=14
import { getJson, list, num, obj, str, UpstreamError } from "./http.ts";

export interface HourlyForecast {
  /** ISO 8601, UTC. */
  time: string;
  /** The same hour in the forecast's time zone, as Open-Meteo sends it (YYYY-MM-DDTHH:MM). */
  localTime: string;
  /** degrees C */
  temperature: number | null;
  /** mm in the hour */
  precipitation: number | null;
  /** percent */
  precipitationProbability: number | null;
}

export interface DailyForecast {
  /** YYYY-MM-DD in the forecast's time zone. */
  date: string;
  precipitationSum: number | null;
  temperatureMax: number | null;
  temperatureMin: number | null;
  /** FAO-56 reference evapotranspiration ET0 of the day, mm (et0_fao_evapotranspiration). */
  et0: number | null;
}

/** Days before today asked for with every forecast (Open-Meteo's past_days), for the water-need history. */
export const PAST_DAYS = 14;

export interface Forecast {
  /** The grid point asked for. */
  latitude: number;
  longitude: number;
  timezone: string | null;
  elevation: number | null;
  hourly: HourlyForecast[];
  /** Today and the days after. */
  daily: DailyForecast[];
  /** The days before today (modelled from observations), oldest first; stored, not served. */
  history?: DailyForecast[];
}

export interface WeatherProvider {
  forecast(latitude: number, longitude: number): Promise<Forecast>;
}

/** Rounds to the 0.1 degree grid (half away from zero, as PostgreSQL's round does). */
export function gridCoordinate(value: number): number {
  const r = (Math.sign(value) * Math.round(Math.abs(value) * 10 + 1e-9)) / 10;
  return r === 0 ? 0 : r;
}

export function gridPoint(latitude: number, longitude: number): { latitude: number; longitude: number; key: string } {
  const lat = gridCoordinate(latitude);
  const lon = gridCoordinate(longitude);
  return { latitude: lat, longitude: lon, key: `${lat.toFixed(1)},${lon.toFixed(1)}` };
}

const formats = new Map<string, Intl.DateTimeFormat>();

function offsetMs(utcMs: number, timeZone: string): number {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formats.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(utcMs)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour) % 24, Number(p.minute), Number(p.second));
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/** A wall-clock time in a time zone (or at a fixed offset when the zone is unknown) as UTC ISO. */
export function localToUtc(local: string, timeZone: string | null, fallbackOffsetSeconds: number): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) {
    const d = new Date(local);
    return Number.isNaN(d.getTime()) ? null : d.toISOString();
  }
  const wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0));
  if (timeZone) {
    try {
      const first = offsetMs(wall, timeZone);
      let utc = wall - first;
      const second = offsetMs(utc, timeZone);
      if (second !== first) utc = wall - second;
      return new Date(utc).toISOString();
    } catch {
      // unknown zone: fall through to the fixed offset
    }
  }
  return new Date(wall - fallbackOffsetSeconds * 1000).toISOString();
}

function at(values: unknown, i: number): unknown {
  return Array.isArray(values) ? values[i] : undefined;
}

/** Today's date (YYYY-MM-DD) in a time zone, or at a fixed offset when the zone is unknown. */
export function localDate(nowMs: number, timeZone: string | null, fallbackOffsetSeconds: number): string {
  if (timeZone) {
    try {
      return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(nowMs));
    } catch {
      // unknown zone: fall through to the fixed offset
    }
  }
  return new Date(nowMs + fallbackOffsetSeconds * 1000).toISOString().slice(0, 10);
}

/**
 * Parses an Open-Meteo answer. Days before today (in the forecast's time zone) go to `history`,
 * and their hours are dropped, so `hourly` and `daily` start today whether or not past_days
 * was asked for.
 */
export function parseForecast(json: unknown, latitude: number, longitude: number, nowMs = Date.now()): Forecast {
  const o = obj(json);
  if (!o) throw new UpstreamError("Open-Meteo sent an empty forecast");
  if (o.error === true) throw new UpstreamError(`Open-Meteo refused the request (${str(o.reason) ?? "no reason given"})`);
  const timezone = str(o.timezone);
  const offset = num(o.utc_offset_seconds) ?? 0;
  const today = localDate(nowMs, timezone, offset);
  const h = obj(o.hourly) ?? {};
  const hourly: HourlyForecast[] = [];
  list(h.time).forEach((t, i) => {
    const localTime = str(t);
    const time = localTime ? localToUtc(localTime, timezone, offset) : null;
    if (!localTime || !time || localTime.slice(0, 10) < today) return;
    const probability = num(at(h.precipitation_probability, i));
    hourly.push({
      time,
      localTime,
      temperature: num(at(h.temperature_2m, i)),
      precipitation: num(at(h.precipitation, i)),
      precipitationProbability: probability === null ? null : Math.round(probability),
    });
  });
  const d = obj(o.daily) ?? {};
  const daily: DailyForecast[] = [];
  const history: DailyForecast[] = [];
  list(d.time).forEach((t, i) => {
    const date = str(t);
    if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
    (date < today ? history : daily).push({
      date,
      precipitationSum: num(at(d.precipitation_sum, i)),
      temperatureMax: num(at(d.temperature_2m_max, i)),
      temperatureMin: num(at(d.temperature_2m_min, i)),
      et0: num(at(d.et0_fao_evapotranspiration, i)),
    });
  });
  if (hourly.length === 0 && daily.length === 0 && history.length === 0) {
    throw new UpstreamError("Open-Meteo sent a forecast without hourly or daily values");
  }
  return { latitude, longitude, timezone, elevation: num(o.elevation), hourly, daily, history };
}

export class OpenMeteoProvider implements WeatherProvider {
  constructor(
    private readonly root: string,
    private readonly timeoutMs: number,
  ) {}

  async forecast(latitude: number, longitude: number): Promise<Forecast> {
    const url =
      `${this.root}/v1/forecast?latitude=${latitude}&longitude=${longitude}` +
      "&hourly=temperature_2m,precipitation,precipitation_probability" +
      "&daily=precipitation_sum,temperature_2m_max,temperature_2m_min,et0_fao_evapotranspiration" +
      `&timezone=auto&past_days=${PAST_DAYS}`;
    return parseForecast(await getJson(url, this.timeoutMs), latitude, longitude);
  }
}

/** Used when OPEN_METEO_URL=off: answers come from the cache only. */
export class OfflineWeatherProvider implements WeatherProvider {
  async forecast(): Promise<Forecast> {
    throw new UpstreamError("Open-Meteo is switched off (OPEN_METEO_URL=off)");
  }
}

export function createWeatherProvider(settings: { openMeteoUrl: string; timeoutMs: number }): WeatherProvider {
  return settings.openMeteoUrl ? new OpenMeteoProvider(settings.openMeteoUrl, settings.timeoutMs) : new OfflineWeatherProvider();
}
