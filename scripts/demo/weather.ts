// The demo's weather: a sample of a dry spring spell in the Thames Valley (changeable and showery
// for a fortnight, then twelve dry days, with showers forecast later in the week), laid on the
// days around today. It fills the same caches the Open-Meteo and Environment Agency answers fill
// (server/environment/cache.ts), so forecasts, rainfall charts and the water-need model show
// with no network; the worker's refresh_environment replaces it once the sources answer (its
// rainfall station is marked as a sample and dropped then, see dropSampleStations).
// The figures are illustrative, not a recording: docs/decisions.md ("Demo data") says why.
import { storeForecast, storeReadings, storeStations, type Queryable } from "../../domain/environment/cache.ts";
import type { RainfallReading, RainfallStation } from "../../domain/environment/rainfall.ts";
import {
  gridPoint,
  localDate,
  localToUtc,
  type DailyForecast,
  type Forecast,
  type HourlyForecast,
} from "../../domain/environment/weather.ts";
import { seededRandom } from "./random.ts";

export const TIME_ZONE = "Europe/London";
/** Days of history laid down (the water-need model looks back 30 days). */
export const HISTORY_DAYS = 30;
export const FORECAST_DAYS = 7;

/** Per day from 29 days ago (index 0) to 6 days ahead (index 35): rain mm, ET0 mm, max and min degrees C. */
const RAIN = [
  0,
  4.2,
  8.6,
  1.2,
  0,
  0,
  3.4,
  12.8,
  2.2,
  0,
  0,
  0.6,
  5.4,
  0,
  0,
  1.8,
  0.2, // changeable
  0,
  0,
  0,
  0,
  0.2,
  0,
  0,
  0,
  0,
  0,
  0,
  0, // the dry spell, up to yesterday
  0, // today (none so far)
  0,
  0.4,
  3.2,
  6.8,
  1.2,
  0, // the week ahead
];
const ET0 = [
  2.1, 1.4, 0.9, 1.6, 2.4, 2.6, 1.5, 0.8, 1.7, 2.5, 2.7, 2.0, 1.3, 2.4, 2.6, 1.9, 2.2, 2.8, 3.0, 2.9, 3.1, 2.6, 2.9, 3.2, 3.0, 2.8, 3.1,
  3.3, 3.0, 3.1, 3.2, 2.8, 1.9, 1.1, 1.8, 2.6,
];
const TMAX = [
  15, 13, 12, 14, 16, 17, 14, 12, 14, 16, 17, 15, 13, 16, 17, 15, 16, 18, 19, 19, 20, 18, 19, 21, 20, 19, 20, 21, 20, 21, 22, 20, 17, 14,
  15, 17,
];
const TMIN = [7, 8, 8, 6, 5, 6, 8, 9, 7, 5, 6, 8, 9, 6, 5, 7, 6, 6, 7, 8, 8, 9, 7, 8, 9, 8, 7, 8, 9, 9, 10, 11, 10, 9, 8, 7];

export interface DemoDay {
  /** YYYY-MM-DD in Europe/London. */
  date: string;
  /** Days from today (negative: past). */
  offset: number;
  rainMm: number;
  et0Mm: number;
  tMax: number;
  tMin: number;
}

export interface RainHour {
  /** Start of the hour, ms since the epoch. */
  at: number;
  mm: number;
}

export interface DemoWeather {
  days: DemoDay[];
  /** Rain hour by hour over the past days (what the sample station measured), oldest first. */
  rainHours: RainHour[];
  /** The day of an instant. */
  dayOf(ms: number): DemoDay | undefined;
}

function addDays(date: string, n: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

function hourUtc(date: string, hour: number): number {
  return Date.parse(localToUtc(`${date}T${String(hour).padStart(2, "0")}:00`, TIME_ZONE, 0)!);
}

/** The sample laid on the days around `now`: rain falls in whole 0.2 mm tips, in the day's wet hours. */
export function demoWeather(now: number): DemoWeather {
  const today = localDate(now, TIME_ZONE, 0);
  const days: DemoDay[] = RAIN.map((rain, i) => {
    const offset = i - (HISTORY_DAYS - 1);
    return { date: addDays(today, offset), offset, rainMm: rain, et0Mm: ET0[i], tMax: TMAX[i], tMin: TMIN[i] };
  });
  const random = seededRandom(22);
  const rainHours: RainHour[] = [];
  for (const day of days) {
    if (day.offset > 0) break;
    const tips = Math.round(day.rainMm / 0.2);
    // A shower or a front: the tips fall over a few consecutive hours.
    const hours = Math.min(tips, 2 + Math.floor(random() * 5));
    const first = 6 + Math.floor(random() * 12);
    const perHour = new Array(hours).fill(0);
    for (let t = 0; t < tips; t++) perHour[Math.floor(random() * hours)] += 1;
    for (let h = 0; h < 24; h++) {
      const at = hourUtc(day.date, h);
      if (at + 3600_000 > now) break;
      const k = h - first;
      rainHours.push({ at, mm: k >= 0 && k < hours ? Math.round(perHour[k] * 0.2 * 10) / 10 : 0 });
    }
  }
  const byDate = new Map(days.map((d) => [d.date, d]));
  return { days, rainHours, dayOf: (ms) => byDate.get(localDate(ms, TIME_ZONE, 0)) };
}

/** Open-Meteo's answer for one grid point, as parseForecast makes it. */
export function demoForecast(weather: DemoWeather, latitude: number, longitude: number, now: number): Forecast {
  const hourly: HourlyForecast[] = [];
  const daily: DailyForecast[] = [];
  const history: DailyForecast[] = [];
  const rainByHour = new Map(weather.rainHours.map((h) => [h.at, h.mm]));
  for (const day of weather.days) {
    const entry = { date: day.date, precipitationSum: day.rainMm, temperatureMax: day.tMax, temperatureMin: day.tMin, et0: day.et0Mm };
    if (day.offset < 0) {
      // Open-Meteo sends 14 past days (PAST_DAYS); the model keeps those of earlier fetches, so 30 are there.
      history.push(entry);
      continue;
    }
    daily.push(entry);
    for (let h = 0; h < 24; h++) {
      const at = hourUtc(day.date, h);
      // Coolest at 5:00, warmest at 15:00, cooling through the night (continuous over midnight).
      const warmth =
        h >= 5 && h <= 15 ? (1 - Math.cos(((h - 5) / 10) * Math.PI)) / 2 : (1 + Math.cos(((h > 15 ? h - 15 : h + 9) / 14) * Math.PI)) / 2;
      const temperature = day.tMin + (day.tMax - day.tMin) * warmth;
      // Future hours: the day's rain spread over its afternoon, with a probability to match.
      const past = at + 3600_000 <= now;
      const rainy = day.rainMm > 0 && h >= 12 && h < 18;
      const precipitation = past ? (rainByHour.get(at) ?? 0) : rainy ? Math.round((day.rainMm / 6) * 10) / 10 : 0;
      hourly.push({
        time: new Date(at).toISOString(),
        localTime: `${day.date}T${String(h).padStart(2, "0")}:00`,
        temperature: Math.round(temperature * 10) / 10,
        precipitation,
        precipitationProbability: day.rainMm === 0 ? 5 : rainy ? Math.min(90, 30 + Math.round(day.rainMm * 8)) : 15,
      });
    }
  }
  return { latitude, longitude, timezone: TIME_ZONE, elevation: 45, hourly, daily, history: history.slice(-HISTORY_DAYS) };
}

/** The sample rain gauge in the middle of the demo area, marked as a sample (details.sample). */
export const SAMPLE_STATION: RainfallStation = {
  id: "DEMO-READING",
  label: "Reading (demo sample)",
  lat: 51.4545,
  long: -0.9705,
  easting: null,
  northing: null,
  details: { town: "Reading", riverName: "River Thames", catchmentName: "Thames", sample: "true" },
  measures: [
    {
      id: "DEMO-READING-rainfall-tipping_bucket_raingauge-t-15_min-mm",
      stationId: "DEMO-READING",
      parameter: "rainfall",
      parameterName: "Rainfall",
      period: 900,
      qualifier: "Tipping Bucket Raingauge",
      unitName: "mm",
    },
  ],
};

/** The station's 15-minute totals: each wet hour's rain in its quarters, in whole tips. */
function stationReadings(weather: DemoWeather): RainfallReading[] {
  const measure = SAMPLE_STATION.measures[0].id;
  const readings: RainfallReading[] = [];
  for (const hour of weather.rainHours) {
    let tips = Math.round(hour.mm / 0.2);
    for (let q = 0; q < 4; q++) {
      const these = q === 3 ? tips : Math.min(tips, Math.ceil(tips / (4 - q)));
      tips -= these;
      // EA readings are stamped with the end of their 15 minutes.
      const end = hour.at + (q + 1) * 900_000;
      readings.push({ measure, stationId: SAMPLE_STATION.id, dateTime: new Date(end).toISOString(), value: Math.round(these * 2) / 10 });
    }
  }
  return readings;
}

/**
 * Fills the weather and rainfall caches for every grid point of the demo things. No fetch is
 * recorded (environment_fetches), so the API and the worker still ask the sources first and
 * answer from this sample only when they cannot be reached.
 */
export async function seedWeather(db: Queryable, weather: DemoWeather, now: number): Promise<void> {
  const { rows } = await db.query<{ lat: number; lon: number }>({
    text: `select distinct round(location[0]::numeric, 1)::float8 as lat, round(location[1]::numeric, 1)::float8 as lon from app_public.things`,
  });
  for (const r of rows) {
    const p = gridPoint(r.lat, r.lon);
    await storeForecast(db, demoForecast(weather, p.latitude, p.longitude, now));
  }
  await storeStations(db, [SAMPLE_STATION]);
  await storeReadings(db, stationReadings(weather));
}
