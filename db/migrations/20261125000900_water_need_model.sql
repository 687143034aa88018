-- migrate:up
-- The water-balance model behind things.water_need (issue #21, section 1; docs/decisions.md
-- "Water need (issue 21)" has the model, the parameters and their sources).
--
-- Per thing, a soil-water store (mm over the thing's root or soil area) is counted day by day:
--   filled by waterings (litres / area m2 = mm) and by rain (the nearest Environment Agency
--   station's readings, else Open-Meteo's precipitation), emptied by Kc x ET0 (Open-Meteo's daily
--   FAO-56 reference evapotranspiration, else a monthly UK climatology), capped at the store's
--   capacity and floored at 0 (FAO-56 chapter 8, single crop coefficient, daily root-zone balance).
-- A fresh soil-moisture reading (within 48 hours) takes precedence over the estimate.
--
-- The model's functions run with jit off: their plans carry large generic estimates (function
-- scans), and JIT compiling them took about a second per call, for a few milliseconds of work.
-- Those in plpgsql also force custom plans: after a few runs for every thing, the plan cache
-- otherwise settles on a generic plan (cheaper than those runs' average) that scans every thing
-- for a single watering too (230 ms instead of 20 ms at 100,000 things).
--
-- Runs: hourly for every thing (worker/tasks/hourly_checks.ts), at once on every watering
-- (statement triggers on actions), on every reading (a before trigger on things), when a thing is
-- added, moved or retyped, and at the end of the demo seed. Rows are written only when their
-- result changed, so the live ThingUpdated notification fires for real changes only.

---------------------------------------------------------------------------------------------
-- Parameters per thing type (see docs/decisions.md for the sources of each figure).

create table app_private.water_need_parameters (
  type app_public.thing_type primary key,
  -- false: benches, bins, murals... need no watering (state fine, "needs no watering").
  needs_watering boolean not null,
  -- FAO-56 crop coefficient applied to ET0.
  kc float8,
  -- m2 of soil or roots a watering spreads over: litres / area = mm.
  area_m2 float8,
  -- Total available water of the root zone, mm (FAO-56 eq. 82: 1000 (theta_FC - theta_WP) Zr).
  capacity_mm float8,
  -- FAO-56 depletion fraction p: stress (needs water) once more than p of the store is used.
  stress_fraction float8,
  -- Litres counted for a watering recorded without an amount.
  default_litres float8,
  -- false under glass: rain does not reach the soil.
  rain_reaches boolean not null default true,
  constraint water_need_parameters_complete check (not needs_watering or (
    kc > 0 and area_m2 > 0 and capacity_mm > 0 and stress_fraction > 0 and stress_fraction < 1 and default_litres > 0))
);
comment on table app_private.water_need_parameters is 'Water-balance parameters per thing type (docs/decisions.md, "Water need").';

insert into app_private.water_need_parameters (type, needs_watering, kc, area_m2, capacity_mm, stress_fraction, default_litres, rain_reaches) values
  ('PLANTER',      true, 1.0,  1,  30, 0.4,  10, true),
  ('BEECAFE',      true, 0.9,  2,  30, 0.5,  10, true),
  ('FLOWERBED',    true, 0.9,  4,  40, 0.5,  10, true),
  ('VEGETABLEBED', true, 1.05, 4,  50, 0.4,  20, true),
  ('GREENHOUSE',   true, 0.7,  6,  40, 0.4,  20, false),
  ('GRAVE',        true, 0.9,  1,  30, 0.5,   5, true),
  ('HEDGE',        true, 0.8,  2,  70, 0.5,  20, true),
  ('TREE',         true, 0.8,  3,  90, 0.5,  50, true),
  ('MEADOW',       true, 0.85, 20, 80, 0.6, 100, true),
  ('APIARY',       false, null, null, null, null, null, true),
  ('BIN',          false, null, null, null, null, null, true),
  ('WALL',         false, null, null, null, null, null, true),
  ('FENCE',        false, null, null, null, null, null, true),
  ('BENCH',        false, null, null, null, null, null, true),
  ('MURAL',        false, null, null, null, null, null, true),
  ('NOTICEBOARD',  false, null, null, null, null, null, true),
  ('BOOKSHARE',    false, null, null, null, null, null, true),
  ('PLAQUE',       false, null, null, null, null, null, true),
  ('SCULPTURE',    false, null, null, null, null, null, true);

-- Days are those of the UK (Europe/London): Open-Meteo's daily values (timezone=auto) and the
-- readings of the Environment Agency's English stations are counted in them.
create function app_hidden.water_today() returns date
  language sql stable parallel safe
  as $$ select (now() at time zone 'Europe/London')::date $$;

-- Reference evapotranspiration (mm/day) by month for lowland England when no Open-Meteo value is
-- cached (offline installations): rounded long-term means of grass reference evaporation, about
-- 650 mm a year (docs/decisions.md).
create function app_hidden.climate_et0_mm(p_month int) returns float8
  language sql immutable parallel safe
  as $$ select (array[0.4, 0.7, 1.3, 2.2, 3.0, 3.5, 3.5, 2.9, 1.9, 1.0, 0.5, 0.3])[p_month]::float8 $$;

---------------------------------------------------------------------------------------------
-- Daily weather per 0.1 degree grid point, kept from every stored forecast (Open-Meteo's
-- past_days give the days before today; later fetches keep adding to it).

create table app_private.weather_days (
  latitude numeric(4, 1) not null,
  longitude numeric(4, 1) not null,
  day date not null,
  -- FAO-56 reference evapotranspiration, mm (et0_fao_evapotranspiration).
  et0_mm float8,
  -- The day's precipitation sum, mm (a forecast for today and later days).
  precipitation_mm float8,
  -- Precipitation of the hours already past when it was fetched, mm (today's rain so far).
  observed_mm float8,
  temperature_max float8,
  fetched_at timestamptz not null default now(),
  primary key (latitude, longitude, day)
);
comment on table app_private.weather_days is 'Daily ET0, rain and maximum temperature per 0.1 degree grid point, from Open-Meteo.';

-- Whatever was cached before this migration (no ET0 in it yet).
insert into app_private.weather_days (latitude, longitude, day, precipitation_mm, temperature_max, fetched_at)
select f.latitude, f.longitude, (d->>'date')::date, (d->>'precipitationSum')::float8, (d->>'temperatureMax')::float8, f.fetched_at
from app_private.weather_forecasts f, jsonb_array_elements(f.daily) d
where d->>'date' ~ '^\d{4}-\d{2}-\d{2}$'
on conflict do nothing;

-- A forecast for one grid point: {timezone, elevation, hourly: [...], daily: [...], history: [...]}
-- (history: the past days, {date, precipitationSum, et0, temperatureMax, temperatureMin}).
create or replace function app_hidden.cache_weather_forecast(p_latitude numeric, p_longitude numeric, p_forecast jsonb) returns void
  language sql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
  insert into app_private.weather_forecasts (latitude, longitude, timezone, elevation, hourly, daily, fetched_at)
  values (round(p_latitude, 1), round(p_longitude, 1), p_forecast->>'timezone', (p_forecast->>'elevation')::float8,
          coalesce(p_forecast->'hourly', '[]'), coalesce(p_forecast->'daily', '[]'), now())
  on conflict (latitude, longitude) do update set
    timezone = excluded.timezone, elevation = excluded.elevation, hourly = excluded.hourly, daily = excluded.daily,
    fetched_at = excluded.fetched_at;
  insert into app_private.weather_days (latitude, longitude, day, et0_mm, precipitation_mm, observed_mm, temperature_max, fetched_at)
  select distinct on ((d->>'date')::date) round(p_latitude, 1), round(p_longitude, 1), (d->>'date')::date, (d->>'et0')::float8,
         (d->>'precipitationSum')::float8,
         case when x.past then (d->>'precipitationSum')::float8
              else (select sum((h->>'precipitation')::float8) from jsonb_array_elements(coalesce(p_forecast->'hourly', '[]')) h
                    where left(h->>'localTime', 10) = d->>'date' and (h->>'time')::timestamptz + interval '1 hour' <= now()) end,
         (d->>'temperatureMax')::float8, now()
  from (select true as past, d from jsonb_array_elements(coalesce(p_forecast->'history', '[]')) d
        union all
        select false, d from jsonb_array_elements(coalesce(p_forecast->'daily', '[]')) d) x
  where d->>'date' ~ '^\d{4}-\d{2}-\d{2}$'
  order by (d->>'date')::date, x.past
  on conflict (latitude, longitude, day) do update set
    et0_mm = coalesce(excluded.et0_mm, weather_days.et0_mm),
    precipitation_mm = coalesce(excluded.precipitation_mm, weather_days.precipitation_mm),
    observed_mm = coalesce(excluded.observed_mm, weather_days.observed_mm),
    temperature_max = coalesce(excluded.temperature_max, weather_days.temperature_max),
    fetched_at = excluded.fetched_at
$$;

create or replace function app_hidden.prune_environment_cache(p_keep_readings interval default '35 days') returns void
  language sql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
  delete from app_private.rainfall_readings where date_time < now() - p_keep_readings;
  delete from app_private.weather_forecasts where fetched_at < now() - interval '7 days';
  delete from app_private.environment_fetches where fetched_at < now() - interval '7 days';
  delete from app_private.weather_days where day < app_hidden.water_today() - 70;
$$;

---------------------------------------------------------------------------------------------
-- The inputs of grid cells, day by day from p_from to p_to: ET0 (Open-Meteo's, else the
-- climatology) and rain: the day's readings at the nearest Environment Agency station within
-- 10 km of the grid point that has readings, else Open-Meteo's precipitation (today: the hours
-- already past; later days: the forecast). rain_source is null when no rain figure is known.

create function app_hidden.water_cells_days(p_latitudes numeric[], p_longitudes numeric[], p_from date, p_to date)
returns table (latitude numeric, longitude numeric, day date, et0_mm float8, et0_measured boolean, rain_mm float8,
               rain_source text, forecast_mm float8, temperature_max float8)
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp set jit to off set plan_cache_mode to force_custom_plan
  as $$
#variable_conflict use_column
begin
  -- plpgsql, so each call is planned for its own arrays (one thing or all).
  return query
  with here as (
    select app_hidden.water_today() as today
  ), cells as (
    select distinct round(c.lat, 1) as lat, round(c.lon, 1) as lon from unnest(p_latitudes, p_longitudes) as c(lat, lon)
    where c.lat is not null and c.lon is not null
  ), cell_station as (
    select c.lat, c.lon, st.id as station_id
    from cells c left join lateral (
      select s.id from app_private.rainfall_stations s
      where s.location <@ app_hidden.box_around(point(c.lat::float8, c.lon::float8), 10)
        and app_hidden.distance_km(point(c.lat::float8, c.lon::float8), s.location) <= 10
        and exists (select 1 from app_private.rainfall_readings r where r.station_id = s.id)
      order by app_hidden.distance_km(point(c.lat::float8, c.lon::float8), s.location), s.id
      limit 1) st on true
  ), measure as (
    -- A station's rainfall measure: the 15-minute one, else the one with most readings.
    select distinct on (r.station_id) r.station_id, r.measure_id
    from (select distinct station_id from cell_station where station_id is not null) cs
      join app_private.rainfall_readings r on r.station_id = cs.station_id
      left join app_private.rainfall_measures m on m.id = r.measure_id
    group by r.station_id, r.measure_id, m.period
    order by r.station_id, (coalesce(m.period, 900) = 900) desc, count(*) desc, r.measure_id
  ), wd as (
    -- Per cell, its days by the primary key (offset 0 keeps it a per-cell index scan).
    select c.lat, c.lon, w.*
    from cells c cross join lateral (
      select w.day, w.et0_mm, w.precipitation_mm, w.observed_mm, w.temperature_max from app_private.weather_days w
      where w.latitude = c.lat and w.longitude = c.lon and w.day between p_from and p_to offset 0) w
  ), ea as (
    select m.station_id, (r.date_time at time zone 'Europe/London')::date as day, sum(r.value) as mm
    from measure m join app_private.rainfall_readings r on r.measure_id = m.measure_id
    where r.date_time >= (p_from::timestamp at time zone 'Europe/London') and r.date_time <= now()
    group by 1, 2
  )
  select c.lat, c.lon, g.day,
         coalesce(w.et0_mm, app_hidden.climate_et0_mm(extract(month from g.day)::int)),
         w.et0_mm is not null,
         case when ea.mm is not null then ea.mm
              when w.day is null then null
              when g.day < here.today then coalesce(w.precipitation_mm, w.observed_mm, 0)
              when g.day = here.today then coalesce(w.observed_mm, 0)
              else w.precipitation_mm end,
         case when ea.mm is not null then 'station'
              when w.day is not null and g.day <= here.today then 'open-meteo'
              when w.day is not null then 'forecast' end,
         w.precipitation_mm,
         w.temperature_max
  from here cross join cell_station c
    cross join (select d::date as day from generate_series(p_from, p_to, interval '1 day') d) g
    left join wd w on w.lat = c.lat and w.lon = c.lon and w.day = g.day
    left join ea on ea.station_id = c.station_id and ea.day = g.day;
end;
$$;
comment on function app_hidden.water_cells_days(numeric[], numeric[], date, date) is
  'ET0 and rain per day at 0.1 degree grid points (station readings first, then Open-Meteo), for the water-need model.';

-- One grid point.
create function app_hidden.water_cell_days(p_latitude numeric, p_longitude numeric, p_from date, p_to date)
returns table (day date, et0_mm float8, et0_measured boolean, rain_mm float8, rain_source text,
               forecast_mm float8, temperature_max float8)
  language sql stable security definer set search_path to pg_catalog, public, pg_temp set jit to off
  as $$
  select x.day, x.et0_mm, x.et0_measured, x.rain_mm, x.rain_source, x.forecast_mm, x.temperature_max
  from app_hidden.water_cells_days(array[p_latitude], array[p_longitude], p_from, p_to) x
$$;
comment on function app_hidden.water_cell_days(numeric, numeric, date, date) is
  'ET0 and rain per day at a 0.1 degree grid point (station readings first, then Open-Meteo), for the water-need model.';

---------------------------------------------------------------------------------------------
-- The store, one day at a time: add the day's water (capped at capacity), take the day's
-- evapotranspiration (floored at 0). The state starts at p_init on the first day counted.

create function app_hidden.water_store_step(p_state float8, p_inflow float8, p_outflow float8, p_capacity float8, p_init float8)
returns float8
  language sql immutable parallel safe
  as $$ select greatest(0, least(p_capacity, coalesce(p_state, p_init) + p_inflow) - p_outflow) $$;

create aggregate app_hidden.water_store(float8, float8, float8, float8) (
  sfunc = app_hidden.water_store_step,
  stype = float8
);

-- How far back the model counts. Longer than any type's store takes to empty in a UK summer, so
-- the assumed start (below) has washed out by today.
create function app_hidden.water_window_days() returns int
  language sql immutable parallel safe as $$ select 30 $$;

-- Day by day balance of the given things (null: all) from p_from (or the model's own start,
-- whichever is earlier) to today: inputs for every day, store only from the start day on.
-- Start day: the earliest watering or weather day of the last 30 days. The store starts full
-- when weather comes first (FAO-56 takes the root zone at field capacity after rain), and at
-- the refill point (depleted by p) when a watering comes first: people water when it is dry.
-- A thing watered only before the window starts at the refill point 30 days ago. Things of
-- types that need no watering, and things with no watering and no weather, get no rows.
-- Today's evapotranspiration is not yet taken: the look-ahead ("due soon") counts it.
create function app_hidden.water_balance_days(p_ids uuid[], p_from date, p_skip_sensed boolean default false)
returns table (thing_id uuid, day date, rain_mm float8, rain_source text, watered_litres float8, et_mm float8,
               store_mm float8, capacity_mm float8, refill_mm float8, start_day date)
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp set jit to off set plan_cache_mode to force_custom_plan set work_mem to '64MB'
  as $$
#variable_conflict use_column
begin
  -- plpgsql, so each call is planned for its own arrays (one thing or all).
  return query
  with win as (
    select app_hidden.water_today() as today, app_hidden.water_today() - app_hidden.water_window_days() as w0
  ), chosen as (
    -- Two branches, so a list of ids is an index scan and "all" a plain scan.
    select t.* from app_public.things t where p_ids is null
    union all
    select t.* from app_public.things t where t.id = any(p_ids)
  ), th as (
    select t.id, round(t.location[0]::numeric, 1) as glat, round(t.location[1]::numeric, 1) as glon,
           p.kc, p.area_m2, p.capacity_mm, p.stress_fraction, p.default_litres, p.rain_reaches
    from chosen t join app_private.water_need_parameters p on p.type = t.type and p.needs_watering
    where not (p_skip_sensed and t.water is not null and t.last_sensor_data > now() - interval '48 hours')
  ), cells as (
    select distinct glat, glon from th
  ), cd as (
    select x.latitude as glat, x.longitude as glon, x.day, x.et0_mm, x.et0_measured, x.rain_mm, x.rain_source
    from win cross join lateral app_hidden.water_cells_days(
      (select array_agg(glat) from cells), (select array_agg(glon) from cells), least(coalesce(p_from, win.w0), win.w0), win.today) x
  ), cell_first as (
    select cd.glat, cd.glon, min(cd.day) filter (where cd.rain_source is not null or cd.et0_measured) as first_known
    from cd, win where cd.day >= win.w0 group by cd.glat, cd.glon
  ), wat as (
    select a.thing_id, (a.created_at at time zone 'Europe/London')::date as day,
           sum(coalesce(a.litres, th.default_litres)) as litres
    from win, th join app_public.actions a on a.thing_id = th.id
    where a.type = 'WATERING' and a.created_at <= now()
      and a.created_at >= (least(coalesce(p_from, win.w0), win.w0)::timestamp at time zone 'Europe/London')
    group by 1, 2
  ), first_watering as (
    select w.thing_id, min(w.day) as first_watering from wat w, win where w.day >= win.w0 group by w.thing_id
  ), starts as (
    select th.*, s.start_day,
           case when cf.first_known is not null and cf.first_known <= coalesce(fw.first_watering, cf.first_known)
                then th.capacity_mm else (1 - th.stress_fraction) * th.capacity_mm end as init_mm
    from th cross join win
      left join cell_first cf on cf.glat = th.glat and cf.glon = th.glon
      left join first_watering fw on fw.thing_id = th.id
      cross join lateral (select coalesce(least(fw.first_watering, cf.first_known),
                                          case when exists (select 1 from app_public.actions a where a.thing_id = th.id and a.type = 'WATERING')
                                               then win.w0 end) as start_day) s
    where s.start_day is not null
  )
  select s.id, cd.day, cd.rain_mm, cd.rain_source, w.litres, s.kc * cd.et0_mm,
         app_hidden.water_store(
           case when s.rain_reaches then coalesce(cd.rain_mm, 0) else 0 end + coalesce(w.litres, 0) / s.area_m2,
           case when cd.day < win.today then s.kc * cd.et0_mm else 0 end,
           s.capacity_mm, s.init_mm) filter (where cd.day >= s.start_day) over (partition by s.id order by cd.day),
         s.capacity_mm, (1 - s.stress_fraction) * s.capacity_mm, s.start_day
  from starts s cross join win
    join cd on cd.glat = s.glat and cd.glon = s.glon
    left join wat w on w.thing_id = s.id and w.day = cd.day;
end;
$$;
comment on function app_hidden.water_balance_days(uuid[], date, boolean) is
  'The water-balance model (docs/decisions.md "Water need"): inputs and store per thing per day up to today.';

---------------------------------------------------------------------------------------------
-- Wording

create function app_hidden.water_mm_text(p_mm float8) returns text
  language sql immutable parallel safe
  as $$
  select case when p_mm >= 9.95 then round(p_mm::numeric)::text
              else trim(trailing '.' from trim(trailing '0' from round(p_mm::numeric, 1)::text)) end || ' mm'
$$;

create function app_hidden.water_days_ago_text(p_days int) returns text
  language sql immutable parallel safe
  as $$ select case when p_days <= 0 then 'today' when p_days = 1 then 'yesterday' else p_days || ' days ago' end $$;

create function app_hidden.water_ago_text(p_at timestamptz) returns text
  language sql stable parallel safe
  as $$
  select case
    when now() - p_at < interval '2 minutes' then 'just now'
    when now() - p_at < interval '1 hour' then floor(extract(epoch from now() - p_at) / 60) || ' minutes ago'
    when now() - p_at < interval '2 hours' then '1 hour ago'
    else floor(extract(epoch from now() - p_at) / 3600) || ' hours ago' end
$$;

-- The state from a fresh soil-moisture reading (within 48 hours), by the thing's hydration band;
-- all null when there is none. store_percent: the moisture as a share of the "good" limit (60 %
-- by default), capped at 100. plpgsql: it runs on every reading (the before trigger), and a SQL
-- function with OUT parameters would be planned again on each call.
create function app_hidden.water_need_from_reading(
  p_water float8, p_levels jsonb, p_at timestamptz,
  out need app_public.water_need, out reason text, out store_percent float8
)
  language plpgsql stable parallel safe
  as $$
declare
  v_band text;
begin
  if p_water is null or p_at is null or p_at <= now() - interval '48 hours' then
    return;
  end if;
  v_band := app_hidden.hydration_band(p_water, p_levels);
  need := case v_band when 'dry' then 'needs_water' when 'needsWater' then 'due_soon' else 'fine' end;
  reason := 'soil moisture ' || round(p_water::numeric) || '%'
    || case v_band when 'dry' then ' (dry below ' || round(coalesce((p_levels->>'dry')::numeric, 20)) || '%)'
                   when 'needsWater' then ' (needs water below ' || round(coalesce((p_levels->>'needsWater')::numeric, 30)) || '%)'
                   when 'saturated' then ' (wet from ' || round(coalesce((p_levels->>'good')::numeric, 60)) || '%)'
                   else '' end
    || ', measured ' || app_hidden.water_ago_text(p_at);
  store_percent := round(least(100, greatest(0, 100 * p_water / nullif(coalesce((p_levels->>'good')::float8, 60), 0)))::numeric)::float8;
end;
$$;

---------------------------------------------------------------------------------------------
-- Working it out: the state of the given things (null: every thing), written where it changed.
-- Returns how many things changed.

create function app_private.water_need_results(p_ids uuid[])
returns table (id uuid, need app_public.water_need, reason text, store_percent float8)
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp set jit to off set plan_cache_mode to force_custom_plan set work_mem to '64MB'
  as $$
#variable_conflict use_column
begin
  -- plpgsql, so each call is planned for its own arrays (one thing or all).
  return query
  with win as (
    select app_hidden.water_today() as today
  ), chosen as (
    select t.* from app_public.things t where p_ids is null
    union all
    select t.* from app_public.things t where t.id = any(p_ids)
  ), th as (
    select t.id, t.water, t.hydration_levels, t.last_sensor_data, t.location, p.needs_watering, p.rain_reaches, p.kc,
           round(t.location[0]::numeric, 1) as glat, round(t.location[1]::numeric, 1) as glon
    from chosen t join app_private.water_need_parameters p on p.type = t.type
  ), sensed as (
    select th.id, r.* from th, lateral app_hidden.water_need_from_reading(th.water, th.hydration_levels, th.last_sensor_data) r
    where th.water is not null and th.last_sensor_data > now() - interval '48 hours' and r.need is not null
  ), series as (
    select b.* from app_hidden.water_balance_days(p_ids, null, true) b
  ), final as (
    select s.* from series s, win where s.day = win.today
  ), last_watering as (
    select distinct on (a.thing_id) a.thing_id, a.created_at, a.litres,
           win.today - (a.created_at at time zone 'Europe/London')::date as days_ago
    from app_public.actions a cross join win
    where a.type = 'WATERING' and a.created_at <= now() and a.thing_id in (select f.thing_id from final f)
    order by a.thing_id, a.created_at desc, a.id desc
  ), modelled_cells as (
    select distinct th.glat, th.glon from th join final f on f.thing_id = th.id
  ), ahead_cells as (
    -- The rest of today and tomorrow: ET0, forecast rain still to come, hottest maximum.
    select x.latitude as glat, x.longitude as glon,
           sum(x.et0_mm) as et0_mm,
           sum(case when x.day = win.today then greatest(0, coalesce(x.forecast_mm, 0) - coalesce(x.rain_mm, 0)) else coalesce(x.forecast_mm, 0) end) as rain_mm,
           bool_or(x.forecast_mm is not null) as forecast_known,
           max(x.temperature_max) as tmax
    from win cross join lateral app_hidden.water_cells_days(
      (select array_agg(c.glat) from modelled_cells c), (select array_agg(c.glon) from modelled_cells c), win.today, win.today + 1) x
    group by x.latitude, x.longitude
  ), rain_stats as (
    -- Rain since the last watering (its day not counted) when it was at most 7 days ago, else
    -- over the last 7 days; and whether any rain figure is known at all.
    select s.thing_id, count(s.rain_source) as rain_days,
           sum(s.rain_mm) filter (where s.rain_source is not null and s.day > win.today - least(coalesce(lw.days_ago, 7), 7)) as rain_since
    from series s cross join win left join last_watering lw on lw.thing_id = s.thing_id
    group by s.thing_id
  ), modelled as (
    select f.thing_id as id, f.store_mm, f.capacity_mm, f.refill_mm, th.kc, th.rain_reaches, lw.created_at as watered_at, lw.litres,
           lw.days_ago, ac.et0_mm as ahead_et0, ac.rain_mm as ahead_rain, ac.forecast_known, ac.tmax,
           rs.rain_since, coalesce(rs.rain_days, 0) as rain_days
    from final f join th on th.id = f.thing_id
      left join last_watering lw on lw.thing_id = f.thing_id
      left join rain_stats rs on rs.thing_id = f.thing_id
      left join ahead_cells ac on ac.glat = th.glat and ac.glon = th.glon
  )
  select s.id, s.need, s.reason, s.store_percent from sensed s
  union all
  select th.id, 'fine', 'needs no watering', null from th where not th.needs_watering and not exists (select 1 from sensed where sensed.id = th.id)
  union all
  select m.id,
         case when m.store_mm <= m.refill_mm then 'needs_water'
              when m.store_mm - m.kc * coalesce(m.ahead_et0, 0) + case when m.rain_reaches then coalesce(m.ahead_rain, 0) else 0 end <= m.refill_mm
                then 'due_soon'
              else 'fine' end::app_public.water_need,
         concat_ws('; ',
           case when m.watered_at is null then 'no watering recorded'
                when m.days_ago <= 7 then 'watered ' || app_hidden.water_days_ago_text(m.days_ago)
                     || coalesce(' with ' || trim(trailing '.' from trim(trailing '0' from round(m.litres::numeric, 1)::text)) || ' L', '')
                else 'no watering recorded for ' || m.days_ago || ' days' end,
           case when not m.rain_reaches then 'under glass'
                when m.rain_days = 0 then 'no weather data'
                when m.watered_at is not null and m.days_ago <= 7 then
                  case when coalesce(m.rain_since, 0) < 0.05 then 'no rain since' else app_hidden.water_mm_text(m.rain_since) || ' rain since' end
                when coalesce(m.rain_since, 0) < 0.05 then 'no rain in the last 7 days'
                else app_hidden.water_mm_text(m.rain_since) || ' rain in the last 7 days' end,
           case when m.tmax >= 25 then 'hot days ahead'
                when m.rain_reaches and m.ahead_rain >= 5 then 'rain expected' end),
         round((100 * m.store_mm / m.capacity_mm)::numeric)::float8
  from modelled m
  union all
  select th.id, 'unknown', 'no watering, fresh reading or weather recorded yet', null
  from th where th.needs_watering and not exists (select 1 from sensed where sensed.id = th.id)
    and not exists (select 1 from final f where f.thing_id = th.id);
end;
$$;

create function app_private.refresh_water_need(p_ids uuid[] default null) returns int
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp set jit to off set plan_cache_mode to force_custom_plan
  as $$
declare
  v_count int;
begin
  if p_ids is not null and cardinality(p_ids) = 0 then
    return 0;
  end if;
  if p_ids is null then
    update app_public.things t set
        water_need = r.need, water_need_reason = r.reason, water_store_percent = r.store_percent, water_need_at = now(),
        -- A new dry spell alerts afresh (app_private.check_dry_alerts).
        needs_water_notification_at = case when r.need = 'needs_water' then t.needs_water_notification_at end
      from app_private.water_need_results(null) r
      where r.id = t.id
        and (t.water_need, t.water_need_reason, t.water_store_percent) is distinct from (r.need, r.reason, r.store_percent);
  else
    -- The same for a few things: t.id = any(p_ids) lets the update find them by index.
    update app_public.things t set
        water_need = r.need, water_need_reason = r.reason, water_store_percent = r.store_percent, water_need_at = now(),
        needs_water_notification_at = case when r.need = 'needs_water' then t.needs_water_notification_at end
      from app_private.water_need_results(p_ids) r
      where r.id = t.id and t.id = any(p_ids)
        and (t.water_need, t.water_need_reason, t.water_store_percent) is distinct from (r.need, r.reason, r.store_percent);
  end if;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
comment on function app_private.refresh_water_need(uuid[]) is
  'Works out water_need (and its reason and store) for the given things, or all; writes only what changed; returns how many changed.';

---------------------------------------------------------------------------------------------
-- At once: on a reading (before the row is written, no second update), when a thing is added,
-- moved, retyped or its reading goes stale, and on every watering.

create function app_private.tg_things__water_need_from_reading() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  r record;
begin
  select * into r from app_hidden.water_need_from_reading(new.water, new.hydration_levels, new.last_sensor_data);
  if r.need is not null
     and (new.water_need, new.water_need_reason, new.water_store_percent) is distinct from (r.need, r.reason, r.store_percent) then
    new.water_need := r.need;
    new.water_need_reason := r.reason;
    new.water_store_percent := r.store_percent;
    new.water_need_at := now();
    if r.need <> 'needs_water' then
      new.needs_water_notification_at := null;
    end if;
  elsif r.need is null and tg_op = 'INSERT' then
    -- What a new thing is before the model has looked at its weather (the statement trigger
    -- below), so a bulk insert in a place without weather writes nothing twice.
    if exists (select 1 from app_private.water_need_parameters p where p.type = new.type and not p.needs_watering) then
      new.water_need := 'fine';
      new.water_need_reason := 'needs no watering';
    else
      new.water_need := 'unknown';
      new.water_need_reason := 'no watering, fresh reading or weather recorded yet';
    end if;
    new.water_store_percent := null;
    new.water_need_at := now();
  end if;
  return new;
end;
$$;
create trigger _350_water_need_from_reading before insert or update of water, last_sensor_data, hydration_levels on app_public.things
  for each row execute function app_private.tg_things__water_need_from_reading();

create function app_private.tg_things__water_need_refresh_row() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  perform app_private.refresh_water_need(array[new.id]);
  return null;
end;
$$;
-- Only when the model's inputs change: a new type or place, or a fresh reading that stops
-- deciding (it went stale or lost its moisture value). Readings that keep deciding are the
-- before trigger's; readings without moisture (a pH probe) change nothing here, so ingestion
-- never runs the model. Readings ageing past 48 hours untouched are the hourly run's. The refresh
-- writes only the water-need columns, which are not in the list, so it does not fire this again.
create trigger _360_water_need_refresh after update of water, last_sensor_data, hydration_levels, type, location on app_public.things
  for each row
  when (old.type is distinct from new.type or not (old.location ~= new.location)
        or (old.water is not null and old.last_sensor_data > now() - interval '48 hours'
            and (new.water is null or new.last_sensor_data is null or new.last_sensor_data <= now() - interval '48 hours')))
  execute function app_private.tg_things__water_need_refresh_row();

create function app_private.tg_things__water_need_refresh_new() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  perform app_private.refresh_water_need(array(select id from new_things));
  return null;
end;
$$;
create trigger _360_water_need_refresh_new after insert on app_public.things
  referencing new table as new_things
  for each statement execute function app_private.tg_things__water_need_refresh_new();

-- createThing answers with the thing as it is after that trigger.
create or replace function app_public.create_thing(
  group_id uuid, name text, type app_public.thing_type, location point, is_public boolean,
  has_image boolean default false, description text default null, location_description text default null,
  indicator_parameter app_public.indicator_parameter default 'WATER'
) returns app_public.things
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_thing app_public.things;
begin
  perform app_hidden.require_user();
  perform app_hidden.assert_can_use_group(create_thing.group_id);
  if type is null then
    raise exception 'Type is required' using errcode = 'INVLD';
  end if;
  if is_public is null then
    raise exception 'Choose whether the thing is public' using errcode = 'INVLD';
  end if;
  insert into app_public.things (group_id, name, type, location, is_public, has_image, description,
                                 location_description, indicator_parameter, created_by)
    values (create_thing.group_id, create_thing.name, create_thing.type, create_thing.location, create_thing.is_public,
            coalesce(create_thing.has_image, false), create_thing.description, create_thing.location_description,
            coalesce(create_thing.indicator_parameter, 'WATER'), app_public.current_user_id())
    returning * into v_thing;
  insert into app_public.thing_accesses (thing_id, user_id, is_owner, is_collaborator)
    values (v_thing.id, app_public.current_user_id(), true, true);
  perform app_hidden.after_thing_created(v_thing.id);
  -- As it is now: the water need was worked out after the insert (a statement trigger).
  select * into v_thing from app_public.things where id = v_thing.id;
  return v_thing;
end;
$$;

-- Waterings: one set-based refresh per statement for the things whose waterings changed.
create function app_private.tg_actions__water_need() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_ids uuid[];
begin
  if tg_op = 'INSERT' then
    v_ids := array(select distinct thing_id from new_actions where type = 'WATERING');
  elsif tg_op = 'DELETE' then
    v_ids := array(select distinct thing_id from old_actions where type = 'WATERING');
  else
    v_ids := array(select distinct n.thing_id from new_actions n join old_actions o on o.id = n.id
                   where (n.type = 'WATERING' or o.type = 'WATERING')
                     and (n.type, n.litres, n.created_at, n.thing_id) is distinct from (o.type, o.litres, o.created_at, o.thing_id)
                   union
                   select o.thing_id from new_actions n join old_actions o on o.id = n.id
                   where o.type = 'WATERING' and o.thing_id is distinct from n.thing_id);
  end if;
  perform app_private.refresh_water_need(v_ids);
  return null;
end;
$$;
create trigger _700_water_need_insert after insert on app_public.actions
  referencing new table as new_actions for each statement execute function app_private.tg_actions__water_need();
create trigger _700_water_need_update after update on app_public.actions
  referencing new table as new_actions old table as old_actions for each statement execute function app_private.tg_actions__water_need();
create trigger _700_water_need_delete after delete on app_public.actions
  referencing old table as old_actions for each statement execute function app_private.tg_actions__water_need();

comment on column app_public.things.water_need_at is E'@behavior -insert -update\nWhen the water need last changed (it is worked out hourly and on every watering or reading; an unchanged result is not written).';

---------------------------------------------------------------------------------------------
-- GraphQL: rain since the last watering, and a daily series for charts.

create function app_public.things_rain_since_last_watering_mm(t app_public.things) returns float8
  language sql stable security definer set search_path to pg_catalog, public, pg_temp set jit to off
  as $$
  -- Known when any day from the day after the watering (today, for a watering today) has a rain
  -- figure; the watering's own day is not counted (the model works in whole days).
  select case when count(x.rain_source) > 0 then coalesce(round((sum(x.rain_mm) filter (where x.day > w.day))::numeric, 1), 0)::float8 end
  from (select (a.created_at at time zone 'Europe/London')::date as day
        from app_public.actions a where a.thing_id = t.id and a.type = 'WATERING' and a.created_at <= now()
        order by a.created_at desc limit 1) w
    cross join lateral app_hidden.water_cell_days(round(t.location[0]::numeric, 1), round(t.location[1]::numeric, 1),
                                                  greatest(least(w.day + 1, app_hidden.water_today()), app_hidden.water_today() - 60),
                                                  app_hidden.water_today()) x
$$;
comment on function app_public.things_rain_since_last_watering_mm(app_public.things) is
  'Rain (mm) on the days after the last watering, up to today (nearest rain gauge, else Open-Meteo); null without a watering or rain data.';

create type app_public.water_balance_day as (
  day date,
  store_percent float8,
  rain_mm float8,
  watered_litres float8,
  et_mm float8
);
comment on type app_public.water_balance_day is 'One day of a thing''s water balance: store fill (percent; null before the model''s start), rain, litres watered, crop evapotranspiration (mm).';

create function app_public.things_water_balance(t app_public.things, days int default 14) returns setof app_public.water_balance_day
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp set jit to off
  as $$
begin
  days := coalesce(days, 14);
  if days < 1 or days > 60 then
    perform app_hidden.invalid('Days must be between 1 and 60');
  end if;
  return query
    select b.day, round((100 * b.store_mm / b.capacity_mm)::numeric, 1)::float8, b.rain_mm, b.watered_litres, b.et_mm
    from app_hidden.water_balance_days(array[t.id], app_hidden.water_today() - days + 1) b
    where b.day > app_hidden.water_today() - days
    order by b.day;
end;
$$;
comment on function app_public.things_water_balance(app_public.things, int) is
  'The thing''s water balance for the last `days` days (1 to 60, default 14), oldest first; empty for things that need no watering.';

grant execute on function app_public.things_rain_since_last_watering_mm(app_public.things) to bk_anonymous;
grant execute on function app_public.things_water_balance(app_public.things, int) to bk_anonymous;

---------------------------------------------------------------------------------------------
-- The dry alert and the digest read the water need (sensor or not).

create or replace function app_private.check_dry_alerts(p_rain_mm float8, p_window_hours int) returns int
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_thing app_public.things;
  v_window interval := make_interval(hours => p_window_hours);
  v_rain record;
  v_forecast float8;
  v_reason text;
  v_sensed boolean;
  v_user uuid;
  v_sent int := 0;
begin
  for v_thing in
    select * from app_public.things t
    where t.water_need = 'needs_water'
      and (t.needs_water_notification_at is null or t.needs_water_notification_at < now() - interval '24 hours')
    for update skip locked
  loop
    v_reason := null;
    v_sensed := v_thing.water is not null and v_thing.last_sensor_data > now() - interval '48 hours';
    select * into v_rain from app_hidden.rainfall_near(v_thing.location[0], v_thing.location[1], now() - v_window);
    v_forecast := app_hidden.forecast_precipitation(v_thing.location[0], v_thing.location[1], p_window_hours);
    if exists (select 1 from app_public.actions a where a.thing_id = v_thing.id and a.type = 'WATERING'
               and a.created_at > now() - v_window) then
      v_reason := format('it was watered in the last %s hours', p_window_hours);
    elsif coalesce(v_rain.total_mm, 0) >= p_rain_mm then
      v_reason := format('%s mm of rain fell at %s (%s km away) in the last %s hours',
                         round(v_rain.total_mm::numeric, 1), v_rain.label, round(v_rain.distance_km::numeric, 1), p_window_hours);
    elsif coalesce(v_forecast, 0) >= p_rain_mm then
      v_reason := format('%s mm of rain is forecast for the next %s hours', round(v_forecast::numeric, 1), p_window_hours);
    end if;

    if v_reason is not null then
      -- Said once a day at most, like the alert it replaces.
      if not exists (select 1 from app_public.thing_alerts where thing_id = v_thing.id and kind = 'dry'
                     and created_at > now() - interval '24 hours') then
        insert into app_public.thing_alerts (thing_id, kind, outcome, reason)
          values (v_thing.id, 'dry', 'held',
                  case when v_sensed then format('%s is dry (%s%%), but no alert was sent: %s.', v_thing.name, round(v_thing.water::numeric), v_reason)
                       else format('%s needs water (%s), but no alert was sent: %s.', v_thing.name, v_thing.water_need_reason, v_reason) end);
      end if;
      continue;
    end if;

    for v_user in
      select user_id from app_public.thing_accesses where thing_id = v_thing.id and (is_owner or is_collaborator)
    loop
      perform app_hidden.notify_user(v_user, 'dry_alert', 'negative',
        v_thing.name || ' needs water',
        case when v_sensed then
          format('%s is dry: the soil moisture is %s%% (dry is below %s%%), measured %s. No watering was recorded and no rain is expected.',
                 v_thing.name, round(v_thing.water::numeric), coalesce((v_thing.hydration_levels->>'dry')::numeric, 20),
                 to_char(v_thing.last_sensor_data at time zone 'UTC', 'HH24:MI "UTC" on FMDD FMMonth'))
        else
          format('%s needs water by our estimate: %s. No watering was recorded recently and no rain is expected.',
                 v_thing.name, v_thing.water_need_reason)
        end,
        '/things/' || v_thing.id || '/action', v_thing.id, true);
    end loop;
    update app_public.things set needs_water_notification_at = now() where id = v_thing.id;
    insert into app_public.thing_alerts (thing_id, kind, outcome, reason)
      values (v_thing.id, 'dry', 'sent',
              case when v_sensed then format('%s is dry (%s%%): its people were alerted.', v_thing.name, round(v_thing.water::numeric))
                   else format('%s needs water (%s): its people were alerted.', v_thing.name, v_thing.water_need_reason) end);
    v_sent := v_sent + 1;
  end loop;
  return v_sent;
end;
$$;

create or replace function app_private.daily_digest_payload(p_user_id uuid) returns json
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select json_build_object(
    'name', u.name,
    'things', coalesce((
      select json_agg(json_build_object('id', t.id, 'name', t.name, 'colour', coalesce(t.indicator_colour, 'grey'),
                                        'band', app_hidden.hydration_band(t.water, t.hydration_levels),
                                        'water', t.water, 'lastReading', t.last_sensor_data, 'lastAction', t.last_action,
                                        'waterNeed', t.water_need, 'waterNeedReason', t.water_need_reason)
                      order by case t.water_need when 'needs_water' then 0 when 'due_soon' then 1 else 2 end, t.name)
      from app_public.things t join app_public.thing_accesses a on a.thing_id = t.id and a.user_id = u.id), '[]'),
    'tasks', coalesce((
      select json_agg(json_build_object('id', k.id, 'title', k.title, 'dueDate', k.due_date, 'priority', k.priority,
                                        'overdue', k.due_date < current_date, 'thingName', t.name)
                      order by k.due_date nulls last)
      from app_public.tasks k join app_public.task_assignments ta on ta.task_id = k.id and ta.assigned_to = u.id
      join app_public.things t on t.id = k.thing_id
      where k.status <> 'completed' and (k.due_date is null or k.due_date <= current_date + 7)), '[]'),
    'activity', coalesce((
      select json_agg(x order by x->>'at' desc) from (
        select json_build_object('type', a.type, 'thingName', t.name, 'by', cu.name, 'at', a.created_at) as x
        from app_public.actions a join app_public.things t on t.id = a.thing_id
        left join app_public.users cu on cu.id = a.created_by
        where t.group_id in (select group_id from app_public.group_memberships where user_id = u.id)
          and a.created_at > now() - interval '24 hours'
        order by a.created_at desc limit 20) y), '[]')
  )
  from app_public.users u where u.id = p_user_id
$$;

-- Every existing thing gets its state now.
select app_private.refresh_water_need();

-- migrate:down
create or replace function app_private.daily_digest_payload(p_user_id uuid) returns json
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select json_build_object(
    'name', u.name,
    'things', coalesce((
      select json_agg(json_build_object('id', t.id, 'name', t.name, 'colour', coalesce(t.indicator_colour, 'grey'),
                                        'band', app_hidden.hydration_band(t.water, t.hydration_levels),
                                        'water', t.water, 'lastReading', t.last_sensor_data, 'lastAction', t.last_action)
                      order by t.name)
      from app_public.things t join app_public.thing_accesses a on a.thing_id = t.id and a.user_id = u.id), '[]'),
    'tasks', coalesce((
      select json_agg(json_build_object('id', k.id, 'title', k.title, 'dueDate', k.due_date, 'priority', k.priority,
                                        'overdue', k.due_date < current_date, 'thingName', t.name)
                      order by k.due_date nulls last)
      from app_public.tasks k join app_public.task_assignments ta on ta.task_id = k.id and ta.assigned_to = u.id
      join app_public.things t on t.id = k.thing_id
      where k.status <> 'completed' and (k.due_date is null or k.due_date <= current_date + 7)), '[]'),
    'activity', coalesce((
      select json_agg(x order by x->>'at' desc) from (
        select json_build_object('type', a.type, 'thingName', t.name, 'by', cu.name, 'at', a.created_at) as x
        from app_public.actions a join app_public.things t on t.id = a.thing_id
        left join app_public.users cu on cu.id = a.created_by
        where t.group_id in (select group_id from app_public.group_memberships where user_id = u.id)
          and a.created_at > now() - interval '24 hours'
        order by a.created_at desc limit 20) y), '[]')
  )
  from app_public.users u where u.id = p_user_id
$$;
-- check_dry_alerts goes back to the sensor-only rule of 20261121002000_alerts_and_digests.sql.
create or replace function app_private.check_dry_alerts(p_rain_mm float8, p_window_hours int) returns int
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_thing app_public.things;
  v_window interval := make_interval(hours => p_window_hours);
  v_rain record;
  v_forecast float8;
  v_reason text;
  v_user uuid;
  v_sent int := 0;
begin
  for v_thing in
    select * from app_public.things t
    where app_hidden.hydration_band(t.water, t.hydration_levels) = 'dry'
      and t.last_sensor_data > now() - interval '48 hours'
      and (t.needs_water_notification_at is null or t.needs_water_notification_at < now() - interval '24 hours')
    for update skip locked
  loop
    v_reason := null;
    select * into v_rain from app_hidden.rainfall_near(v_thing.location[0], v_thing.location[1], now() - v_window);
    v_forecast := app_hidden.forecast_precipitation(v_thing.location[0], v_thing.location[1], p_window_hours);
    if exists (select 1 from app_public.actions a where a.thing_id = v_thing.id and a.type = 'WATERING'
               and a.created_at > now() - v_window) then
      v_reason := format('it was watered in the last %s hours', p_window_hours);
    elsif coalesce(v_rain.total_mm, 0) >= p_rain_mm then
      v_reason := format('%s mm of rain fell at %s (%s km away) in the last %s hours',
                         round(v_rain.total_mm::numeric, 1), v_rain.label, round(v_rain.distance_km::numeric, 1), p_window_hours);
    elsif coalesce(v_forecast, 0) >= p_rain_mm then
      v_reason := format('%s mm of rain is forecast for the next %s hours', round(v_forecast::numeric, 1), p_window_hours);
    end if;
    if v_reason is not null then
      if not exists (select 1 from app_public.thing_alerts where thing_id = v_thing.id and kind = 'dry'
                     and created_at > now() - interval '24 hours') then
        insert into app_public.thing_alerts (thing_id, kind, outcome, reason)
          values (v_thing.id, 'dry', 'held', format('%s is dry (%s%%), but no alert was sent: %s.',
                  v_thing.name, round(v_thing.water::numeric), v_reason));
      end if;
      continue;
    end if;
    for v_user in
      select user_id from app_public.thing_accesses where thing_id = v_thing.id and (is_owner or is_collaborator)
    loop
      perform app_hidden.notify_user(v_user, 'dry_alert', 'negative',
        v_thing.name || ' needs water',
        format('%s is dry: the soil moisture is %s%% (dry is below %s%%), measured %s. No watering was recorded and no rain is expected.',
               v_thing.name, round(v_thing.water::numeric), coalesce((v_thing.hydration_levels->>'dry')::numeric, 20),
               to_char(v_thing.last_sensor_data at time zone 'UTC', 'HH24:MI "UTC" on FMDD FMMonth')),
        '/things/' || v_thing.id || '/action', v_thing.id, true);
    end loop;
    update app_public.things set needs_water_notification_at = now() where id = v_thing.id;
    insert into app_public.thing_alerts (thing_id, kind, outcome, reason)
      values (v_thing.id, 'dry', 'sent', format('%s is dry (%s%%): its people were alerted.', v_thing.name, round(v_thing.water::numeric)));
    v_sent := v_sent + 1;
  end loop;
  return v_sent;
end;
$$;
drop function app_public.things_water_balance(app_public.things, int);
drop type app_public.water_balance_day;
drop function app_public.things_rain_since_last_watering_mm(app_public.things);
comment on column app_public.things.water_need_at is E'@behavior -insert -update\nWhen the water need was last worked out.';
drop trigger _700_water_need_delete on app_public.actions;
drop trigger _700_water_need_update on app_public.actions;
drop trigger _700_water_need_insert on app_public.actions;
drop function app_private.tg_actions__water_need();
create or replace function app_public.create_thing(
  group_id uuid, name text, type app_public.thing_type, location point, is_public boolean,
  has_image boolean default false, description text default null, location_description text default null,
  indicator_parameter app_public.indicator_parameter default 'WATER'
) returns app_public.things
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_thing app_public.things;
begin
  perform app_hidden.require_user();
  perform app_hidden.assert_can_use_group(create_thing.group_id);
  if type is null then
    raise exception 'Type is required' using errcode = 'INVLD';
  end if;
  if is_public is null then
    raise exception 'Choose whether the thing is public' using errcode = 'INVLD';
  end if;
  insert into app_public.things (group_id, name, type, location, is_public, has_image, description,
                                 location_description, indicator_parameter, created_by)
    values (create_thing.group_id, create_thing.name, create_thing.type, create_thing.location, create_thing.is_public,
            coalesce(create_thing.has_image, false), create_thing.description, create_thing.location_description,
            coalesce(create_thing.indicator_parameter, 'WATER'), app_public.current_user_id())
    returning * into v_thing;
  insert into app_public.thing_accesses (thing_id, user_id, is_owner, is_collaborator)
    values (v_thing.id, app_public.current_user_id(), true, true);
  perform app_hidden.after_thing_created(v_thing.id);
  return v_thing;
end;
$$;
drop trigger _360_water_need_refresh_new on app_public.things;
drop function app_private.tg_things__water_need_refresh_new();
drop trigger _360_water_need_refresh on app_public.things;
drop function app_private.tg_things__water_need_refresh_row();
drop trigger _350_water_need_from_reading on app_public.things;
drop function app_private.tg_things__water_need_from_reading();
drop function app_private.refresh_water_need(uuid[]);
drop function app_private.water_need_results(uuid[]);
drop function app_hidden.water_need_from_reading(float8, jsonb, timestamptz);
drop function app_hidden.water_ago_text(timestamptz);
drop function app_hidden.water_days_ago_text(int);
drop function app_hidden.water_mm_text(float8);
drop function app_hidden.water_balance_days(uuid[], date, boolean);
drop function app_hidden.water_window_days();
drop aggregate app_hidden.water_store(float8, float8, float8, float8);
drop function app_hidden.water_store_step(float8, float8, float8, float8, float8);
drop function app_hidden.water_cell_days(numeric, numeric, date, date);
drop function app_hidden.water_cells_days(numeric[], numeric[], date, date);
create or replace function app_hidden.prune_environment_cache(p_keep_readings interval default '35 days') returns void
  language sql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
  delete from app_private.rainfall_readings where date_time < now() - p_keep_readings;
  delete from app_private.weather_forecasts where fetched_at < now() - interval '7 days';
  delete from app_private.environment_fetches where fetched_at < now() - interval '7 days';
$$;
create or replace function app_hidden.cache_weather_forecast(p_latitude numeric, p_longitude numeric, p_forecast jsonb) returns void
  language sql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
  insert into app_private.weather_forecasts (latitude, longitude, timezone, elevation, hourly, daily, fetched_at)
  values (round(p_latitude, 1), round(p_longitude, 1), p_forecast->>'timezone', (p_forecast->>'elevation')::float8,
          coalesce(p_forecast->'hourly', '[]'), coalesce(p_forecast->'daily', '[]'), now())
  on conflict (latitude, longitude) do update set
    timezone = excluded.timezone, elevation = excluded.elevation, hourly = excluded.hourly, daily = excluded.daily,
    fetched_at = excluded.fetched_at
$$;
drop table app_private.weather_days;
drop function app_hidden.climate_et0_mm(int);
drop function app_hidden.water_today();
drop table app_private.water_need_parameters;
