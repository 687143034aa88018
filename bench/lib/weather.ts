// Weather for the water-need model on a seeded database (bench/water-need.ts, bench/scale.ts):
// 44 days of Open-Meteo days up to 2 days ahead for every 0.1-degree grid point the things stand
// in (a dry spell with showers; ET0 of a summer, 2 to 4.5 mm), and 30 days of 15-minute readings
// at rain gauges standing among the things (at the places of evenly sampled things).
import type pg from "pg";

export async function seedWeather(db: pg.Client, gauges = 200): Promise<{ gridDays: number; gauges: number }> {
  const cells = await db.query(`
    insert into app_private.weather_days (latitude, longitude, day, et0_mm, precipitation_mm, observed_mm, temperature_max)
    select c.lat, c.lon, d::date,
           round((2 + 2.5 * abs(sin(c.lat * 7 + extract(doy from d))))::numeric, 2),
           case when (extract(doy from d)::int + (c.lat * 10)::int) % 6 = 0 then round((1 + abs(cos(c.lon * 11)) * 8)::numeric, 1) else 0 end,
           case when d::date <= app_hidden.water_today() then
             case when (extract(doy from d)::int + (c.lat * 10)::int) % 6 = 0 then round((1 + abs(cos(c.lon * 11)) * 8)::numeric, 1) else 0 end end,
           20 + 8 * abs(sin(c.lon * 3 + extract(doy from d)))
    from (select distinct round(location[0]::numeric, 1) as lat, round(location[1]::numeric, 1) as lon from app_public.things) c,
         generate_series(app_hidden.water_today() - 41, app_hidden.water_today() + 2, interval '1 day') d`);
  await db.query(`
    create temporary table bench_gauges as
      select row_number() over (order by t.id) as n, t.location
      from (select id, location, row_number() over (order by id) as r, count(*) over () as c from app_public.things) t
      where t.r % greatest(1, t.c / ${gauges}) = 0
      limit ${gauges};
    insert into app_private.rainfall_stations (id, label, location)
    select 'BENCH' || n, 'Bench gauge ' || n, location from bench_gauges;
    insert into app_private.rainfall_measures (id, station_id, parameter, period)
    select 'BENCH' || n || '-rainfall-tipping_bucket_raingauge-t-15_min-mm', 'BENCH' || n, 'rainfall', 900 from bench_gauges;
    insert into app_private.rainfall_readings (measure_id, station_id, date_time, value)
    select 'BENCH' || n || '-rainfall-tipping_bucket_raingauge-t-15_min-mm', 'BENCH' || n, q,
           case when (extract(doy from q)::int + n) % 5 = 0 and extract(hour from q) between 13 and 16 then 0.4 else 0 end
    from bench_gauges, generate_series(date_trunc('hour', now()) - interval '30 days', now(), interval '15 minutes') q;
    drop table bench_gauges;
    analyze app_private.weather_days; analyze app_private.rainfall_readings; analyze app_private.rainfall_stations;`);
  return { gridDays: cells.rowCount ?? 0, gauges };
}

/** A wet hour everywhere: 12 mm today at every grid point and gauge. */
export async function rainEverywhere(db: pg.Client): Promise<void> {
  await db.query(`update app_private.weather_days set observed_mm = 12, precipitation_mm = 12 where day = app_hidden.water_today();
                  insert into app_private.rainfall_readings (measure_id, station_id, date_time, value)
                  select m.id, m.station_id, now() - interval '1 minute', 12
                  from app_private.rainfall_measures m where m.id like 'BENCH%' on conflict do nothing`);
}
