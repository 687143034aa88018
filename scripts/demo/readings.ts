// Thirty days of hourly readings for the demo's probes, from a small soil-water model: the probe's
// moisture falls with the day's evapotranspiration (faster by day, slower as the soil dries),
// rises with the rain the sample gauge measured and with each recorded watering, and drains
// back towards field capacity when soaked. They go in through app_private.ingest_uplinks, the
// webhook's own path, so latest values, colours and the water need are what live data makes.
import type { Queryable } from "../../domain/environment/cache.ts";
import { seededRandom } from "./random.ts";
import type { DemoWeather } from "./weather.ts";

export const READING_DAYS = 30;

/** How each probe's soil behaves. mmPerPoint: water (mm over the area) per point of moisture. */
export interface Soil {
  deviceId: string;
  fieldCapacity: number;
  wiltingPoint: number;
  mmPerPoint: number;
  /** m2 a watering spreads over (the thing type's area). */
  area: number;
  /** Share of the reference evapotranspiration the bed uses (crop coefficient, exposure). */
  kc: number;
}

/** The LSE01 probes of db/seed/020_community.sql. The bee cafe's shallow soil drains fast. */
export const SOILS: Soil[] = [
  { deviceId: "eui-a84041000000a101", fieldCapacity: 42, wiltingPoint: 8, mmPerPoint: 1.2, area: 1, kc: 1.0 },
  { deviceId: "eui-a84041000000a102", fieldCapacity: 38, wiltingPoint: 6, mmPerPoint: 0.9, area: 2, kc: 1.1 },
  { deviceId: "eui-a84041000000a103", fieldCapacity: 44, wiltingPoint: 8, mmPerPoint: 1.5, area: 1.5, kc: 1.0 },
  { deviceId: "eui-a84041000000a104", fieldCapacity: 48, wiltingPoint: 10, mmPerPoint: 1.0, area: 4, kc: 0.8 },
  { deviceId: "eui-a84041000000a105", fieldCapacity: 40, wiltingPoint: 9, mmPerPoint: 1.3, area: 3, kc: 0.9 },
];

export interface Watering {
  at: number;
  litres: number;
}

export interface Point {
  at: number;
  water: number;
  temperature: number;
}

const localHour = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", hourCycle: "h23" });

/** Share of a day's evapotranspiration in each local hour: nothing at night, most at midday. */
function daylight(hour: number): number {
  return hour >= 6 && hour < 20 ? Math.sin(((hour - 6 + 0.5) / 14) * Math.PI) / 8.9 : 0;
}

/** The moisture, hour by hour over `hours` hours up to `end` (an hour boundary). */
export function moistureSeries(soil: Soil, weather: DemoWeather, waterings: readonly Watering[], end: number, hours: number): Point[] {
  const random = seededRandom(soil.deviceId.split("").reduce((a, c) => a * 31 + c.charCodeAt(0), 7));
  const rain = new Map(weather.rainHours.map((h) => [h.at, h.mm]));
  const saturation = soil.fieldCapacity + 14;
  let water = soil.fieldCapacity - 2;
  const points: Point[] = [];
  for (let i = hours; i >= 0; i--) {
    const at = end - i * 3600_000;
    const day = weather.dayOf(at);
    const local = Number(localHour.format(at));
    // Water in: rain (most of it reaches the probe), waterings (litres over the area = mm).
    let mm = 0.85 * (rain.get(at - 3600_000) ?? 0);
    for (const w of waterings) if (w.at > at - 3600_000 && w.at <= at) mm += (0.9 * w.litres) / soil.area;
    water = Math.min(saturation, water + mm / soil.mmPerPoint);
    // Above field capacity it drains away within a day or so.
    if (water > soil.fieldCapacity) water -= (water - soil.fieldCapacity) * 0.12;
    // Water out: the hour's share of Kc x ET0, less as the soil dries (roots find less).
    const stress = Math.max(0.15, Math.min(1, (water - soil.wiltingPoint) / (soil.fieldCapacity - soil.wiltingPoint)));
    water -= (soil.kc * (day?.et0Mm ?? 2) * daylight(local) * stress) / soil.mmPerPoint;
    water = Math.max(soil.wiltingPoint / 2, water);
    // Soil temperature: the days' means (blended noon to noon, so midnight has no step), with a
    // damped afternoon peak.
    const before = weather.dayOf(at - 12 * 3600_000);
    const after = weather.dayOf(at + 12 * 3600_000);
    const w = ((local + 12) % 24) / 24;
    const blend = (f: (d: NonNullable<typeof day>) => number, fallback: number) =>
      before && after ? f(before) * (1 - w) + f(after) * w : day ? f(day) : fallback;
    const mean = blend((d) => (d.tMax + d.tMin) / 2, 12);
    const swing = blend((d) => (d.tMax - d.tMin) / 4, 2);
    const temperature = mean - 1.5 + swing * Math.sin(((local - 10) / 24) * 2 * Math.PI);
    points.push({ at, water: water + (random() - 0.5) * 0.4, temperature: temperature + (random() - 0.5) * 0.2 });
  }
  return points;
}

const round = (v: number, digits: number) => Number(v.toFixed(digits));

/** Every probe's readings, stored as uplinks (two hourly frames a day lost, as radios do). */
export async function seedReadings(db: Queryable, weather: DemoWeather, now: number): Promise<number> {
  const end = Math.floor(now / 3600_000) * 3600_000;
  const hours = READING_DAYS * 24;
  const { rows } = await db.query<{ device_id: string; at: Date; litres: number }>({
    text: `select d.device_id, a.created_at as at, coalesce(a.litres, p.default_litres) as litres
           from app_public.devices d
           join app_public.things t on t.id = d.thing_id
           join app_private.water_need_parameters p on p.type = t.type
           join app_public.actions a on a.thing_id = t.id and a.type = 'WATERING'
           where d.device_id = any($1)`,
    values: [SOILS.map((s) => s.deviceId)],
  });
  const ids: string[] = [];
  const times: string[] = [];
  const counters: number[] = [];
  const values: string[] = [];
  const add = (deviceId: string, at: number, index: number, data: Record<string, number>) => {
    ids.push(deviceId);
    times.push(new Date(at).toISOString());
    counters.push(1000 + index);
    values.push(JSON.stringify(data));
  };
  const lost = seededRandom(5);
  SOILS.forEach((soil, n) => {
    const waterings = rows
      .filter((r) => r.device_id === soil.deviceId)
      .map((r) => ({ at: new Date(r.at).getTime(), litres: Number(r.litres) }));
    moistureSeries(soil, weather, waterings, end, hours).forEach((p, i) => {
      if (i < hours && lost() < 0.08) return;
      add(soil.deviceId, p.at, i, {
        water: round(Math.max(0, p.water), 2),
        temperature: round(p.temperature, 2),
        conductivity: Math.round(120 + p.water * 4.5),
        // The Bramley's probe needs new batteries (the device page warns).
        battery: soil.deviceId === "eui-a84041000000a105" ? 2.95 : round(3.6 - i / 20_000 - n * 0.01, 3),
        rssi: -92 - n * 3 - Math.round(lost() * 6),
        snr: round(6 + lost() * 3, 1),
      });
    });
  });
  // The herb bed's pH probe: slightly acid, drifting a little after each watering.
  const ph = seededRandom(7);
  for (let i = hours; i >= 0; i -= 1) {
    const at = end - i * 3600_000;
    if (i > 0 && ph() < 0.08) continue;
    const day = weather.dayOf(at);
    add("eui-a84041000000b201", at, hours - i, {
      ph: round(6.4 + 0.15 * Math.sin(i / 90) + (ph() - 0.5) * 0.06, 2),
      temperature: round(day ? (day.tMax + day.tMin) / 2 - 1 : 11, 1),
      battery: round(3.52 - (hours - i) / 30_000, 3),
      rssi: -101 - Math.round(ph() * 5),
      snr: 7.5,
    });
  }
  await db.query({
    text: "select app_private.ingest_uplinks($1::text[], $2::timestamptz[], $3::int[], $4::jsonb[], null)",
    values: [ids, times, counters, values],
  });
  return ids.length;
}
