-- migrate:up
-- The hourly rollups summed by the worker too, so the ingest path only marks what changed (issue 24).
-- Measured on a quiet machine (bench/history.ts): with the trigger upserting each device's hourly
-- row per batch and marking its day, ingest_uplinks ran at 0.80 to 0.89 of its rate without
-- rollups (target 0.9); the trigger's own cost per batch of 50 uplinks was 0.77 ms for the
-- hourly upsert against 0.13 ms for the mark. Now the trigger only marks the device's hour
-- (app_private.sensor_rollup_hours_pending); app_private.roll_up_sensor_hours (the worker's
-- sensor_rollups job, every few minutes) sums each marked hour afresh from its raw readings and
-- then the day's row from its hours. Reads stay exact at every moment: sensor_rollups() sums a
-- marked hour from its readings (about 6 at a 10-minute cadence; a device has one or two marked
-- hours). docs/decisions.md, "Sensor history for years".

create table app_private.sensor_rollup_hours_pending (
  device_id uuid not null references app_public.devices on delete cascade,
  hour timestamptz not null,
  primary key (device_id, hour)
);
comment on table app_private.sensor_rollup_hours_pending is 'Hours (UTC) of a device with readings not yet summed into its hourly and daily rollups.';

-- One device's readings summed per hour and thing over [p_from, p_to), as the hourly rollups hold
-- them: the one definition of what counts as a quantity (a JSON number) for the worker and for
-- reads of hours not yet summed. SQL and not security definer, so it is inlined into the caller's
-- query and the readings are read under the caller's row-level security.
create function app_hidden.sensor_hours(p_device_id uuid, p_from timestamptz, p_to timestamptz)
  returns setof app_public.sensor_rollups_hourly
  language sql stable
  as $$
  select s.device_id, s.thing_id, date_trunc('hour', s.created_at, 'UTC'), count(*)::int,
         count(v.water)::int, coalesce(sum(v.water), 0), min(v.water), max(v.water),
         count(v.temperature)::int, coalesce(sum(v.temperature), 0), min(v.temperature), max(v.temperature),
         count(v.conductivity)::int, coalesce(sum(v.conductivity), 0), min(v.conductivity), max(v.conductivity),
         count(v.ph)::int, coalesce(sum(v.ph), 0), min(v.ph), max(v.ph),
         count(v.battery)::int, coalesce(sum(v.battery), 0), min(v.battery), max(v.battery),
         count(v.rssi)::int, coalesce(sum(v.rssi), 0), min(v.rssi), max(v.rssi),
         count(v.snr)::int, coalesce(sum(v.snr), 0), min(v.snr), max(v.snr)
  from app_public.sensor_data s
  cross join lateral (select
         case when jsonb_typeof(s.data->'water') = 'number' then (s.data->>'water')::float8 end as water,
         case when jsonb_typeof(s.data->'temperature') = 'number' then (s.data->>'temperature')::float8 end as temperature,
         case when jsonb_typeof(s.data->'conductivity') = 'number' then (s.data->>'conductivity')::float8 end as conductivity,
         case when jsonb_typeof(s.data->'ph') = 'number' then (s.data->>'ph')::float8 end as ph,
         case when jsonb_typeof(s.data->'battery') = 'number' then (s.data->>'battery')::float8 end as battery,
         case when jsonb_typeof(s.data->'rssi') = 'number' then (s.data->>'rssi')::float8 end as rssi,
         case when jsonb_typeof(s.data->'snr') = 'number' then (s.data->>'snr')::float8 end as snr) v
  where s.device_id = p_device_id and s.created_at >= p_from and s.created_at < p_to
  group by s.device_id, s.thing_id, date_trunc('hour', s.created_at, 'UTC')
$$;
grant execute on function app_hidden.sensor_hours(uuid, timestamptz, timestamptz) to bk_anonymous;

-- A device's marked hours, for sensor_rollups() (which runs with the reader's rights and cannot
-- read app_private). Says only that a device had readings in an hour lately; the readings
-- themselves are read under row-level security.
create function app_hidden.sensor_rollup_pending_hours(p_device_id uuid) returns timestamptz[]
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select coalesce(array_agg(hour order by hour), '{}') from app_private.sensor_rollup_hours_pending where device_id = p_device_id
$$;
grant execute on function app_hidden.sensor_rollup_pending_hours(uuid) to bk_anonymous;

-- Only marks now. DO UPDATE ... WHERE false updates nothing but locks an existing mark until this
-- transaction ends, so the worker (which skips locked marks) cannot take it away, and sum the hour
-- without these readings, while they are still uncommitted.
create or replace function app_private.tg_sensor_data__rollups() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  insert into app_private.sensor_rollup_hours_pending as p (device_id, hour)
    select distinct device_id, date_trunc('hour', created_at, 'UTC') from new_readings order by 1, 2
    on conflict (device_id, hour) do update set hour = excluded.hour where false;
  return null;
end;
$$;

-- Sums up to p_limit marked device-hours afresh from their readings into the hourly rows, then
-- their days from their hours into the daily rows. Marks an ingest still holds are skipped (the
-- next call takes them). The marks are taken and deleted by one statement and summed by later
-- ones, each with a fresh snapshot (read committed), so every reading committed before the mark
-- was taken is counted. An hour whose readings were already dropped (retention) keeps its sums.
create function app_private.roll_up_sensor_hours(p_limit integer default 5000) returns integer
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp set work_mem to '64MB'
  as $$
declare
  v_devices uuid[];
  v_hours timestamptz[];
  v_day_devices uuid[];
  v_days timestamptz[];
  v_kept timestamptz := coalesce((select min(month_start) from app_private.sensor_data_partitions()), '-infinity');
begin
  if p_limit is null or p_limit < 1 then
    raise exception 'p_limit must be at least 1' using errcode = 'INVLD';
  end if;
  with taken as (
    select device_id, hour from app_private.sensor_rollup_hours_pending
    order by hour, device_id limit p_limit for update skip locked
  ), gone as (
    delete from app_private.sensor_rollup_hours_pending p using taken t
    where p.device_id = t.device_id and p.hour = t.hour
    returning p.device_id, p.hour
  )
  select array_agg(device_id order by device_id, hour), array_agg(hour order by device_id, hour) into v_devices, v_hours from gone;
  if v_devices is null then
    return 0;
  end if;
  delete from app_public.sensor_rollups_hourly h
  using unnest(v_devices, v_hours) k(device_id, hour)
  where h.device_id = k.device_id and h.bucket = k.hour and k.hour >= v_kept;
  insert into app_public.sensor_rollups_hourly
    select r.* from unnest(v_devices, v_hours) k(device_id, hour)
    cross join lateral app_hidden.sensor_hours(k.device_id, k.hour, k.hour + interval '1 hour') r
    where k.hour >= v_kept
    order by r.device_id, r.bucket, r.thing_id;
  select array_agg(device_id order by device_id, day), array_agg(day order by device_id, day) into v_day_devices, v_days
  from (select distinct k.device_id, date_trunc('day', k.hour, 'UTC') as day from unnest(v_devices, v_hours) k(device_id, hour)) d;
  delete from app_public.sensor_rollups_daily d
  using unnest(v_day_devices, v_days) k(device_id, day)
  where d.device_id = k.device_id and d.bucket = k.day;
  insert into app_public.sensor_rollups_daily (device_id, thing_id, bucket, readings, water_n, water_sum, water_min, water_max, temperature_n, temperature_sum, temperature_min, temperature_max, conductivity_n, conductivity_sum, conductivity_min, conductivity_max, ph_n, ph_sum, ph_min, ph_max, battery_n, battery_sum, battery_min, battery_max, rssi_n, rssi_sum, rssi_min, rssi_max, snr_n, snr_sum, snr_min, snr_max)
    select h.device_id, h.thing_id, k.day, sum(h.readings),
           sum(h.water_n), sum(h.water_sum), min(h.water_min), max(h.water_max),
           sum(h.temperature_n), sum(h.temperature_sum), min(h.temperature_min), max(h.temperature_max),
           sum(h.conductivity_n), sum(h.conductivity_sum), min(h.conductivity_min), max(h.conductivity_max),
           sum(h.ph_n), sum(h.ph_sum), min(h.ph_min), max(h.ph_max),
           sum(h.battery_n), sum(h.battery_sum), min(h.battery_min), max(h.battery_max),
           sum(h.rssi_n), sum(h.rssi_sum), min(h.rssi_min), max(h.rssi_max),
           sum(h.snr_n), sum(h.snr_sum), min(h.snr_min), max(h.snr_max)
    from unnest(v_day_devices, v_days) k(device_id, day)
    join app_public.sensor_rollups_hourly h on h.device_id = k.device_id and h.bucket >= k.day and h.bucket < k.day + interval '1 day'
    group by h.device_id, h.thing_id, k.day
    order by 1, 3, 2;
  return cardinality(v_devices);
end;
$$;
comment on function app_private.roll_up_sensor_hours(integer) is 'Sums up to p_limit marked device-hours into the hourly rollups and their days into the daily ones; answers how many hours it took.';

-- Rebuilding a range clears its hour marks (they are summed afresh with the rest).
create or replace function app_private.rebuild_sensor_rollups(p_from timestamp with time zone, p_to timestamp with time zone) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    SET work_mem TO '256MB'
    AS $$
declare
  v_from timestamptz := date_trunc('day', p_from, 'UTC');
  v_to timestamptz := date_trunc('day', p_to, 'UTC');
  v_kept timestamptz := (select min(month_start) from app_private.sensor_data_partitions());
begin
  if v_from is null or v_to is null or v_to <= v_from then
    raise exception 'Give a range of at least one whole UTC day' using errcode = 'INVLD';
  end if;
  if v_kept is not null and v_from < v_kept then
    raise exception 'Raw readings before % are gone: their sums cannot be rebuilt', v_kept using errcode = 'INVLD';
  end if;
  delete from app_public.sensor_rollups_hourly where bucket >= v_from and bucket < v_to;
  delete from app_public.sensor_rollups_daily where bucket >= v_from and bucket < v_to;
  delete from app_private.sensor_rollup_hours_pending where hour >= v_from and hour < v_to;
  insert into app_public.sensor_rollups_hourly (device_id, thing_id, bucket, readings,
      water_n, water_sum, water_min, water_max,
      temperature_n, temperature_sum, temperature_min, temperature_max,
      conductivity_n, conductivity_sum, conductivity_min, conductivity_max,
      ph_n, ph_sum, ph_min, ph_max,
      battery_n, battery_sum, battery_min, battery_max,
      rssi_n, rssi_sum, rssi_min, rssi_max,
      snr_n, snr_sum, snr_min, snr_max)
    select s.device_id, s.thing_id, date_trunc('hour', s.created_at, 'UTC') as bucket, count(*)::int as readings,
           count(v.water) as water_n, coalesce(sum(v.water), 0) as water_sum, min(v.water) as water_min, max(v.water) as water_max,
           count(v.temperature) as temperature_n, coalesce(sum(v.temperature), 0) as temperature_sum, min(v.temperature) as temperature_min, max(v.temperature) as temperature_max,
           count(v.conductivity) as conductivity_n, coalesce(sum(v.conductivity), 0) as conductivity_sum, min(v.conductivity) as conductivity_min, max(v.conductivity) as conductivity_max,
           count(v.ph) as ph_n, coalesce(sum(v.ph), 0) as ph_sum, min(v.ph) as ph_min, max(v.ph) as ph_max,
           count(v.battery) as battery_n, coalesce(sum(v.battery), 0) as battery_sum, min(v.battery) as battery_min, max(v.battery) as battery_max,
           count(v.rssi) as rssi_n, coalesce(sum(v.rssi), 0) as rssi_sum, min(v.rssi) as rssi_min, max(v.rssi) as rssi_max,
           count(v.snr) as snr_n, coalesce(sum(v.snr), 0) as snr_sum, min(v.snr) as snr_min, max(v.snr) as snr_max
    from app_public.sensor_data s
    cross join lateral (select
           case when jsonb_typeof(s.data->'water') = 'number' then (s.data->>'water')::float8 end as water,
           case when jsonb_typeof(s.data->'temperature') = 'number' then (s.data->>'temperature')::float8 end as temperature,
           case when jsonb_typeof(s.data->'conductivity') = 'number' then (s.data->>'conductivity')::float8 end as conductivity,
           case when jsonb_typeof(s.data->'ph') = 'number' then (s.data->>'ph')::float8 end as ph,
           case when jsonb_typeof(s.data->'battery') = 'number' then (s.data->>'battery')::float8 end as battery,
           case when jsonb_typeof(s.data->'rssi') = 'number' then (s.data->>'rssi')::float8 end as rssi,
           case when jsonb_typeof(s.data->'snr') = 'number' then (s.data->>'snr')::float8 end as snr) v
    where s.created_at >= v_from and s.created_at < v_to
    group by 1, 2, 3;
  insert into app_public.sensor_rollups_daily (device_id, thing_id, bucket, readings,
      water_n, water_sum, water_min, water_max,
      temperature_n, temperature_sum, temperature_min, temperature_max,
      conductivity_n, conductivity_sum, conductivity_min, conductivity_max,
      ph_n, ph_sum, ph_min, ph_max,
      battery_n, battery_sum, battery_min, battery_max,
      rssi_n, rssi_sum, rssi_min, rssi_max,
      snr_n, snr_sum, snr_min, snr_max)
    select device_id, thing_id, date_trunc('day', bucket, 'UTC'), sum(readings),
           sum(water_n), sum(water_sum), min(water_min), max(water_max),
           sum(temperature_n), sum(temperature_sum), min(temperature_min), max(temperature_max),
           sum(conductivity_n), sum(conductivity_sum), min(conductivity_min), max(conductivity_max),
           sum(ph_n), sum(ph_sum), min(ph_min), max(ph_max),
           sum(battery_n), sum(battery_sum), min(battery_min), max(battery_max),
           sum(rssi_n), sum(rssi_sum), min(rssi_min), max(rssi_max),
           sum(snr_n), sum(snr_sum), min(snr_min), max(snr_max)
    from app_public.sensor_rollups_hourly where bucket >= v_from and bucket < v_to group by 1, 2, 3;
end;
$$;


-- Reads: marked hours from their readings, their days from their hours.
create or replace function app_public.sensor_rollups(
  device_id uuid, resolution app_public.sensor_rollup_resolution, since timestamptz,
  until timestamptz default 'infinity', parameters text[] default array['water', 'temperature', 'conductivity', 'ph', 'battery', 'rssi', 'snr']
) returns setof app_public.sensor_rollup_line
  -- Strict: GraphQL then requires every argument without a default (deviceId, resolution, since);
  -- the defaults are not null for the same reason (an explicit null gives nothing back).
  language plpgsql stable strict set search_path to pg_catalog, public, pg_temp
  as $$
declare
  -- Nothing is summed after now (an uplink may be 5 minutes ahead: its hour starts before now).
  v_until timestamptz := least(sensor_rollups.until, now());
  v_unit text := case when sensor_rollups.resolution = 'HOUR' then 'hour' else 'day' end;
  v_from timestamptz := date_trunc(v_unit, sensor_rollups.since, 'UTC');
  -- The device's hours the worker has not summed yet (read from their readings), and their days
  -- (read from their hours). Usually one or two of each.
  v_pending timestamptz[] := app_hidden.sensor_rollup_pending_hours(sensor_rollups.device_id);
  v_pending_days timestamptz[] := array(select distinct date_trunc('day', h, 'UTC') from unnest(v_pending) h);
begin
  if v_until < sensor_rollups.since then
    raise exception 'until must not be before since' using errcode = 'INVLD';
  end if;
  -- At most about 2,200 hours or 7,300 days a call: a longer span asks for a coarser resolution.
  if sensor_rollups.resolution = 'HOUR' and v_until - sensor_rollups.since > interval '92 days' then
    raise exception 'Hourly rollups cover at most 92 days: ask for DAY' using errcode = 'INVLD';
  end if;
  if sensor_rollups.resolution = 'DAY' and v_until - sensor_rollups.since > interval '7305 days' then
    raise exception 'Daily rollups cover at most 20 years' using errcode = 'INVLD';
  end if;
  -- The device's rows of each bucket are summed first (more than one only when it moved between
  -- things within it), then gathered into one series per quantity, in the order of the list below.
  return query
  select p.parameter, array_agg(r.bucket order by r.bucket), array_agg(p.n::int order by r.bucket),
         array_agg(p.lo order by r.bucket), array_agg(p.hi order by r.bucket), array_agg(p.total / p.n order by r.bucket)
  from (
    select date_trunc(v_unit, x.bucket, 'UTC') as bucket, sum(x.water_n) as water_n, sum(x.water_sum) as water_sum, min(x.water_min) as water_min, max(x.water_max) as water_max,
           sum(x.temperature_n) as temperature_n, sum(x.temperature_sum) as temperature_sum, min(x.temperature_min) as temperature_min, max(x.temperature_max) as temperature_max,
           sum(x.conductivity_n) as conductivity_n, sum(x.conductivity_sum) as conductivity_sum, min(x.conductivity_min) as conductivity_min, max(x.conductivity_max) as conductivity_max,
           sum(x.ph_n) as ph_n, sum(x.ph_sum) as ph_sum, min(x.ph_min) as ph_min, max(x.ph_max) as ph_max,
           sum(x.battery_n) as battery_n, sum(x.battery_sum) as battery_sum, min(x.battery_min) as battery_min, max(x.battery_max) as battery_max,
           sum(x.rssi_n) as rssi_n, sum(x.rssi_sum) as rssi_sum, min(x.rssi_min) as rssi_min, max(x.rssi_max) as rssi_max,
           sum(x.snr_n) as snr_n, sum(x.snr_sum) as snr_sum, min(x.snr_min) as snr_min, max(x.snr_max) as snr_max
    from (
      -- Daily rows, but not of days with marked hours (the worker has not summed those days yet).
      select d.* from app_public.sensor_rollups_daily d
      where sensor_rollups.resolution = 'DAY' and d.device_id = sensor_rollups.device_id
        and d.bucket >= v_from and d.bucket <= v_until and d.bucket <> all (v_pending_days)
      union all
      -- Hourly rows: all of the range by the hour; of the marked days by the day. Not marked hours.
      select h.* from app_public.sensor_rollups_hourly h
      where sensor_rollups.resolution = 'HOUR' and h.device_id = sensor_rollups.device_id
        and h.bucket >= v_from and h.bucket <= v_until and h.bucket <> all (v_pending)
      union all
      select h.* from unnest(v_pending_days) p(day)
      join app_public.sensor_rollups_hourly h
        on h.device_id = sensor_rollups.device_id and h.bucket >= p.day and h.bucket < p.day + interval '1 day'
      where sensor_rollups.resolution = 'DAY' and p.day >= v_from and p.day <= v_until and h.bucket <> all (v_pending)
      union all
      -- Marked hours, from their readings (read under row-level security, as the rows above).
      select s.* from unnest(v_pending) p(hour)
      cross join lateral app_hidden.sensor_hours(sensor_rollups.device_id, p.hour, p.hour + interval '1 hour') s
      where date_trunc(v_unit, p.hour, 'UTC') >= v_from and date_trunc(v_unit, p.hour, 'UTC') <= v_until
    ) x
    group by 1
  ) r
  cross join lateral (values
      (0, 'water', r.water_n, r.water_sum, r.water_min, r.water_max),
      (1, 'temperature', r.temperature_n, r.temperature_sum, r.temperature_min, r.temperature_max),
      (2, 'conductivity', r.conductivity_n, r.conductivity_sum, r.conductivity_min, r.conductivity_max),
      (3, 'ph', r.ph_n, r.ph_sum, r.ph_min, r.ph_max),
      (4, 'battery', r.battery_n, r.battery_sum, r.battery_min, r.battery_max),
      (5, 'rssi', r.rssi_n, r.rssi_sum, r.rssi_min, r.rssi_max),
      (6, 'snr', r.snr_n, r.snr_sum, r.snr_min, r.snr_max)
  ) p(ord, parameter, n, total, lo, hi)
  where p.n > 0 and p.parameter = any (sensor_rollups.parameters)
  group by p.ord, p.parameter
  order by p.ord;
end;
$$;


-- The days still marked by the old trigger: their hourly rows are complete, so the old roll-up
-- finishes them; then the day marks and their roll-up go.
do $$
begin
  while app_private.roll_up_sensor_days(5000) = 5000 loop
  end loop;
end;
$$;
drop function app_private.roll_up_sensor_days(integer);
drop function app_hidden.sensor_rollup_pending_days(uuid);
drop table app_private.sensor_rollup_days_pending;

-- migrate:down
-- The marked hours summed first (the old trigger kept the hourly rows current), then the
-- day marks and the functions of 20261129000100 back.
do $$
begin
  while app_private.roll_up_sensor_hours(5000) = 5000 loop
  end loop;
end;
$$;
drop function app_private.roll_up_sensor_hours(integer);
drop function app_hidden.sensor_rollup_pending_hours(uuid);
drop table app_private.sensor_rollup_hours_pending;
create table app_private.sensor_rollup_days_pending (
  device_id uuid not null references app_public.devices on delete cascade,
  day timestamptz not null,
  primary key (device_id, day)
);
comment on table app_private.sensor_rollup_days_pending is 'Days (UTC) of a device whose hourly rollups changed since its daily row was last summed.';

-- A device's marked days, for sensor_rollups() (which runs with the reader's rights and cannot
-- read app_private). Says only that a device had readings on a day lately; the readings themselves
-- are read under row-level security.
create function app_hidden.sensor_rollup_pending_days(p_device_id uuid) returns timestamptz[]
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select coalesce(array_agg(day order by day), '{}') from app_private.sensor_rollup_days_pending where device_id = p_device_id
$$;
grant execute on function app_hidden.sensor_rollup_pending_days(uuid) to bk_anonymous;

create or replace function app_private.tg_sensor_data__rollups() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp set work_mem to '64MB'
  as $$
begin
  with h as (
    select s.device_id, s.thing_id, date_trunc('hour', s.created_at, 'UTC') as bucket, count(*)::int as readings,
           count(v.water) as water_n, coalesce(sum(v.water), 0) as water_sum, min(v.water) as water_min, max(v.water) as water_max,
           count(v.temperature) as temperature_n, coalesce(sum(v.temperature), 0) as temperature_sum, min(v.temperature) as temperature_min, max(v.temperature) as temperature_max,
           count(v.conductivity) as conductivity_n, coalesce(sum(v.conductivity), 0) as conductivity_sum, min(v.conductivity) as conductivity_min, max(v.conductivity) as conductivity_max,
           count(v.ph) as ph_n, coalesce(sum(v.ph), 0) as ph_sum, min(v.ph) as ph_min, max(v.ph) as ph_max,
           count(v.battery) as battery_n, coalesce(sum(v.battery), 0) as battery_sum, min(v.battery) as battery_min, max(v.battery) as battery_max,
           count(v.rssi) as rssi_n, coalesce(sum(v.rssi), 0) as rssi_sum, min(v.rssi) as rssi_min, max(v.rssi) as rssi_max,
           count(v.snr) as snr_n, coalesce(sum(v.snr), 0) as snr_sum, min(v.snr) as snr_min, max(v.snr) as snr_max
    from new_readings s
    cross join lateral (select
           case when jsonb_typeof(s.data->'water') = 'number' then (s.data->>'water')::float8 end as water,
           case when jsonb_typeof(s.data->'temperature') = 'number' then (s.data->>'temperature')::float8 end as temperature,
           case when jsonb_typeof(s.data->'conductivity') = 'number' then (s.data->>'conductivity')::float8 end as conductivity,
           case when jsonb_typeof(s.data->'ph') = 'number' then (s.data->>'ph')::float8 end as ph,
           case when jsonb_typeof(s.data->'battery') = 'number' then (s.data->>'battery')::float8 end as battery,
           case when jsonb_typeof(s.data->'rssi') = 'number' then (s.data->>'rssi')::float8 end as rssi,
           case when jsonb_typeof(s.data->'snr') = 'number' then (s.data->>'snr')::float8 end as snr) v
    group by 1, 2, 3
  ), hourly as (
    insert into app_public.sensor_rollups_hourly as r (device_id, thing_id, bucket, readings,
      water_n, water_sum, water_min, water_max,
      temperature_n, temperature_sum, temperature_min, temperature_max,
      conductivity_n, conductivity_sum, conductivity_min, conductivity_max,
      ph_n, ph_sum, ph_min, ph_max,
      battery_n, battery_sum, battery_min, battery_max,
      rssi_n, rssi_sum, rssi_min, rssi_max,
      snr_n, snr_sum, snr_min, snr_max)
    select * from h order by device_id, bucket, thing_id
    on conflict (device_id, bucket, thing_id) do update set
        readings = r.readings + excluded.readings,
        water_n = r.water_n + excluded.water_n, water_sum = r.water_sum + excluded.water_sum,
        water_min = least(r.water_min, excluded.water_min), water_max = greatest(r.water_max, excluded.water_max),
        temperature_n = r.temperature_n + excluded.temperature_n, temperature_sum = r.temperature_sum + excluded.temperature_sum,
        temperature_min = least(r.temperature_min, excluded.temperature_min), temperature_max = greatest(r.temperature_max, excluded.temperature_max),
        conductivity_n = r.conductivity_n + excluded.conductivity_n, conductivity_sum = r.conductivity_sum + excluded.conductivity_sum,
        conductivity_min = least(r.conductivity_min, excluded.conductivity_min), conductivity_max = greatest(r.conductivity_max, excluded.conductivity_max),
        ph_n = r.ph_n + excluded.ph_n, ph_sum = r.ph_sum + excluded.ph_sum,
        ph_min = least(r.ph_min, excluded.ph_min), ph_max = greatest(r.ph_max, excluded.ph_max),
        battery_n = r.battery_n + excluded.battery_n, battery_sum = r.battery_sum + excluded.battery_sum,
        battery_min = least(r.battery_min, excluded.battery_min), battery_max = greatest(r.battery_max, excluded.battery_max),
        rssi_n = r.rssi_n + excluded.rssi_n, rssi_sum = r.rssi_sum + excluded.rssi_sum,
        rssi_min = least(r.rssi_min, excluded.rssi_min), rssi_max = greatest(r.rssi_max, excluded.rssi_max),
        snr_n = r.snr_n + excluded.snr_n, snr_sum = r.snr_sum + excluded.snr_sum,
        snr_min = least(r.snr_min, excluded.snr_min), snr_max = greatest(r.snr_max, excluded.snr_max)
  )
  -- The daily rows are summed from the hourly ones by the worker (roll_up_sensor_days); until
  -- then the device's day is marked pending and reads sum its hours. DO UPDATE ... WHERE false
  -- updates nothing but locks an existing mark until this transaction ends, so the worker (which
  -- skips locked marks) cannot take it away while these hours are still uncommitted.
  insert into app_private.sensor_rollup_days_pending as p (device_id, day)
    select distinct device_id, date_trunc('day', bucket, 'UTC') from h order by 1, 2
    on conflict (device_id, day) do update set day = excluded.day where false;
  return null;
end;
$$;

create or replace function app_private.rebuild_sensor_rollups(p_from timestamptz, p_to timestamptz) returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp set work_mem to '256MB'
  as $$
declare
  v_from timestamptz := date_trunc('day', p_from, 'UTC');
  v_to timestamptz := date_trunc('day', p_to, 'UTC');
  v_kept timestamptz := (select min(month_start) from app_private.sensor_data_partitions());
begin
  if v_from is null or v_to is null or v_to <= v_from then
    raise exception 'Give a range of at least one whole UTC day' using errcode = 'INVLD';
  end if;
  if v_kept is not null and v_from < v_kept then
    raise exception 'Raw readings before % are gone: their sums cannot be rebuilt', v_kept using errcode = 'INVLD';
  end if;
  delete from app_public.sensor_rollups_hourly where bucket >= v_from and bucket < v_to;
  delete from app_public.sensor_rollups_daily where bucket >= v_from and bucket < v_to;
  delete from app_private.sensor_rollup_days_pending where day >= v_from and day < v_to;
  insert into app_public.sensor_rollups_hourly (device_id, thing_id, bucket, readings,
      water_n, water_sum, water_min, water_max,
      temperature_n, temperature_sum, temperature_min, temperature_max,
      conductivity_n, conductivity_sum, conductivity_min, conductivity_max,
      ph_n, ph_sum, ph_min, ph_max,
      battery_n, battery_sum, battery_min, battery_max,
      rssi_n, rssi_sum, rssi_min, rssi_max,
      snr_n, snr_sum, snr_min, snr_max)
    select s.device_id, s.thing_id, date_trunc('hour', s.created_at, 'UTC') as bucket, count(*)::int as readings,
           count(v.water) as water_n, coalesce(sum(v.water), 0) as water_sum, min(v.water) as water_min, max(v.water) as water_max,
           count(v.temperature) as temperature_n, coalesce(sum(v.temperature), 0) as temperature_sum, min(v.temperature) as temperature_min, max(v.temperature) as temperature_max,
           count(v.conductivity) as conductivity_n, coalesce(sum(v.conductivity), 0) as conductivity_sum, min(v.conductivity) as conductivity_min, max(v.conductivity) as conductivity_max,
           count(v.ph) as ph_n, coalesce(sum(v.ph), 0) as ph_sum, min(v.ph) as ph_min, max(v.ph) as ph_max,
           count(v.battery) as battery_n, coalesce(sum(v.battery), 0) as battery_sum, min(v.battery) as battery_min, max(v.battery) as battery_max,
           count(v.rssi) as rssi_n, coalesce(sum(v.rssi), 0) as rssi_sum, min(v.rssi) as rssi_min, max(v.rssi) as rssi_max,
           count(v.snr) as snr_n, coalesce(sum(v.snr), 0) as snr_sum, min(v.snr) as snr_min, max(v.snr) as snr_max
    from app_public.sensor_data s
    cross join lateral (select
           case when jsonb_typeof(s.data->'water') = 'number' then (s.data->>'water')::float8 end as water,
           case when jsonb_typeof(s.data->'temperature') = 'number' then (s.data->>'temperature')::float8 end as temperature,
           case when jsonb_typeof(s.data->'conductivity') = 'number' then (s.data->>'conductivity')::float8 end as conductivity,
           case when jsonb_typeof(s.data->'ph') = 'number' then (s.data->>'ph')::float8 end as ph,
           case when jsonb_typeof(s.data->'battery') = 'number' then (s.data->>'battery')::float8 end as battery,
           case when jsonb_typeof(s.data->'rssi') = 'number' then (s.data->>'rssi')::float8 end as rssi,
           case when jsonb_typeof(s.data->'snr') = 'number' then (s.data->>'snr')::float8 end as snr) v
    where s.created_at >= v_from and s.created_at < v_to
    group by 1, 2, 3;
  insert into app_public.sensor_rollups_daily (device_id, thing_id, bucket, readings,
      water_n, water_sum, water_min, water_max,
      temperature_n, temperature_sum, temperature_min, temperature_max,
      conductivity_n, conductivity_sum, conductivity_min, conductivity_max,
      ph_n, ph_sum, ph_min, ph_max,
      battery_n, battery_sum, battery_min, battery_max,
      rssi_n, rssi_sum, rssi_min, rssi_max,
      snr_n, snr_sum, snr_min, snr_max)
    select device_id, thing_id, date_trunc('day', bucket, 'UTC'), sum(readings),
           sum(water_n), sum(water_sum), min(water_min), max(water_max),
           sum(temperature_n), sum(temperature_sum), min(temperature_min), max(temperature_max),
           sum(conductivity_n), sum(conductivity_sum), min(conductivity_min), max(conductivity_max),
           sum(ph_n), sum(ph_sum), min(ph_min), max(ph_max),
           sum(battery_n), sum(battery_sum), min(battery_min), max(battery_max),
           sum(rssi_n), sum(rssi_sum), min(rssi_min), max(rssi_max),
           sum(snr_n), sum(snr_sum), min(snr_min), max(snr_max)
    from app_public.sensor_rollups_hourly where bucket >= v_from and bucket < v_to group by 1, 2, 3;
end;
$$;


-- Sums up to p_limit marked device-days from their hourly rows into the daily rows, replacing
-- what those held, and clears their marks; returns how many it summed (the worker calls it until
-- fewer than p_limit come back). Marks locked by an ingest still running are skipped: its hours
-- are not committed yet and it leaves the mark, so the next run sums them. Two statements, so
-- the second (reading the hours) sees everything committed before the marks were taken.
create function app_private.roll_up_sensor_days(p_limit int default 5000) returns int
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp set work_mem to '64MB'
  as $$
declare
  v_devices uuid[];
  v_days timestamptz[];
begin
  if p_limit is null or p_limit < 1 then
    raise exception 'p_limit must be at least 1' using errcode = 'INVLD';
  end if;
  with taken as (
    select device_id, day from app_private.sensor_rollup_days_pending
    order by day, device_id limit p_limit for update skip locked
  ), gone as (
    delete from app_private.sensor_rollup_days_pending p using taken t
    where p.device_id = t.device_id and p.day = t.day
    returning p.device_id, p.day
  )
  select array_agg(device_id order by device_id, day), array_agg(day order by device_id, day) into v_devices, v_days from gone;
  if v_devices is null then
    return 0;
  end if;
  delete from app_public.sensor_rollups_daily d
  using unnest(v_devices, v_days) k(device_id, day)
  where d.device_id = k.device_id and d.bucket = k.day;
  insert into app_public.sensor_rollups_daily (device_id, thing_id, bucket, readings, water_n, water_sum, water_min, water_max, temperature_n, temperature_sum, temperature_min, temperature_max, conductivity_n, conductivity_sum, conductivity_min, conductivity_max, ph_n, ph_sum, ph_min, ph_max, battery_n, battery_sum, battery_min, battery_max, rssi_n, rssi_sum, rssi_min, rssi_max, snr_n, snr_sum, snr_min, snr_max)
    select h.device_id, h.thing_id, k.day, sum(h.readings),
           sum(h.water_n), sum(h.water_sum), min(h.water_min), max(h.water_max),
           sum(h.temperature_n), sum(h.temperature_sum), min(h.temperature_min), max(h.temperature_max),
           sum(h.conductivity_n), sum(h.conductivity_sum), min(h.conductivity_min), max(h.conductivity_max),
           sum(h.ph_n), sum(h.ph_sum), min(h.ph_min), max(h.ph_max),
           sum(h.battery_n), sum(h.battery_sum), min(h.battery_min), max(h.battery_max),
           sum(h.rssi_n), sum(h.rssi_sum), min(h.rssi_min), max(h.rssi_max),
           sum(h.snr_n), sum(h.snr_sum), min(h.snr_min), max(h.snr_max)
    from unnest(v_devices, v_days) k(device_id, day)
    join app_public.sensor_rollups_hourly h on h.device_id = k.device_id and h.bucket >= k.day and h.bucket < k.day + interval '1 day'
    group by h.device_id, h.thing_id, k.day
    order by 1, 3, 2;
  return cardinality(v_devices);
end;
$$;
comment on function app_private.roll_up_sensor_days(int) is 'Sums marked device-days from their hours into sensor_rollups_daily (worker task sensor_rollups_daily).';

create or replace function app_public.sensor_rollups(
  device_id uuid, resolution app_public.sensor_rollup_resolution, since timestamptz,
  until timestamptz default 'infinity', parameters text[] default array['water', 'temperature', 'conductivity', 'ph', 'battery', 'rssi', 'snr']
) returns setof app_public.sensor_rollup_line
  -- Strict: GraphQL then requires every argument without a default (deviceId, resolution, since);
  -- the defaults are not null for the same reason (an explicit null gives nothing back).
  language plpgsql stable strict set search_path to pg_catalog, public, pg_temp
  as $$
declare
  -- Nothing is summed after now (an uplink may be 5 minutes ahead: its hour starts before now).
  v_until timestamptz := least(sensor_rollups.until, now());
  -- The device's days whose daily rows the worker has not summed yet: read from their hours.
  v_pending timestamptz[] := case when sensor_rollups.resolution = 'DAY' then app_hidden.sensor_rollup_pending_days(sensor_rollups.device_id) else '{}' end;
begin
  if v_until < sensor_rollups.since then
    raise exception 'until must not be before since' using errcode = 'INVLD';
  end if;
  -- At most about 2,200 hours or 7,300 days a call: a longer span asks for a coarser resolution.
  if sensor_rollups.resolution = 'HOUR' and v_until - sensor_rollups.since > interval '92 days' then
    raise exception 'Hourly rollups cover at most 92 days: ask for DAY' using errcode = 'INVLD';
  end if;
  if sensor_rollups.resolution = 'DAY' and v_until - sensor_rollups.since > interval '7305 days' then
    raise exception 'Daily rollups cover at most 20 years' using errcode = 'INVLD';
  end if;
  -- The device's rows of each bucket are summed first (more than one only when it moved between
  -- things within it), then gathered into one series per quantity, in the order of the list below.
  return query
  select p.parameter, array_agg(r.bucket order by r.bucket), array_agg(p.n::int order by r.bucket),
         array_agg(p.lo order by r.bucket), array_agg(p.hi order by r.bucket), array_agg(p.total / p.n order by r.bucket)
  from (
    select h.bucket, sum(h.water_n) as water_n, sum(h.water_sum) as water_sum, min(h.water_min) as water_min, max(h.water_max) as water_max,
           sum(h.temperature_n) as temperature_n, sum(h.temperature_sum) as temperature_sum, min(h.temperature_min) as temperature_min, max(h.temperature_max) as temperature_max,
           sum(h.conductivity_n) as conductivity_n, sum(h.conductivity_sum) as conductivity_sum, min(h.conductivity_min) as conductivity_min, max(h.conductivity_max) as conductivity_max,
           sum(h.ph_n) as ph_n, sum(h.ph_sum) as ph_sum, min(h.ph_min) as ph_min, max(h.ph_max) as ph_max,
           sum(h.battery_n) as battery_n, sum(h.battery_sum) as battery_sum, min(h.battery_min) as battery_min, max(h.battery_max) as battery_max,
           sum(h.rssi_n) as rssi_n, sum(h.rssi_sum) as rssi_sum, min(h.rssi_min) as rssi_min, max(h.rssi_max) as rssi_max,
           sum(h.snr_n) as snr_n, sum(h.snr_sum) as snr_sum, min(h.snr_min) as snr_min, max(h.snr_max) as snr_max
    from app_public.sensor_rollups_hourly h
    where sensor_rollups.resolution = 'HOUR' and h.device_id = sensor_rollups.device_id
      and h.bucket >= date_trunc('hour', sensor_rollups.since, 'UTC') and h.bucket <= v_until
    group by h.bucket
    union all
    select d.bucket, sum(d.water_n) as water_n, sum(d.water_sum) as water_sum, min(d.water_min) as water_min, max(d.water_max) as water_max,
           sum(d.temperature_n) as temperature_n, sum(d.temperature_sum) as temperature_sum, min(d.temperature_min) as temperature_min, max(d.temperature_max) as temperature_max,
           sum(d.conductivity_n) as conductivity_n, sum(d.conductivity_sum) as conductivity_sum, min(d.conductivity_min) as conductivity_min, max(d.conductivity_max) as conductivity_max,
           sum(d.ph_n) as ph_n, sum(d.ph_sum) as ph_sum, min(d.ph_min) as ph_min, max(d.ph_max) as ph_max,
           sum(d.battery_n) as battery_n, sum(d.battery_sum) as battery_sum, min(d.battery_min) as battery_min, max(d.battery_max) as battery_max,
           sum(d.rssi_n) as rssi_n, sum(d.rssi_sum) as rssi_sum, min(d.rssi_min) as rssi_min, max(d.rssi_max) as rssi_max,
           sum(d.snr_n) as snr_n, sum(d.snr_sum) as snr_sum, min(d.snr_min) as snr_min, max(d.snr_max) as snr_max
    from (
      select * from app_public.sensor_rollups_daily d
      where d.device_id = sensor_rollups.device_id and d.bucket <> all (v_pending)
      union all
      select h.device_id, h.thing_id, p.day, h.readings, h.water_n, h.water_sum, h.water_min, h.water_max, h.temperature_n, h.temperature_sum, h.temperature_min, h.temperature_max, h.conductivity_n, h.conductivity_sum, h.conductivity_min, h.conductivity_max, h.ph_n, h.ph_sum, h.ph_min, h.ph_max, h.battery_n, h.battery_sum, h.battery_min, h.battery_max, h.rssi_n, h.rssi_sum, h.rssi_min, h.rssi_max, h.snr_n, h.snr_sum, h.snr_min, h.snr_max
      from unnest(v_pending) p(day)
      join app_public.sensor_rollups_hourly h
        on h.device_id = sensor_rollups.device_id and h.bucket >= p.day and h.bucket < p.day + interval '1 day'
    ) d
    where sensor_rollups.resolution = 'DAY'
      and d.bucket >= date_trunc('day', sensor_rollups.since, 'UTC') and d.bucket <= v_until
    group by d.bucket
  ) r
  cross join lateral (values
      (0, 'water', r.water_n, r.water_sum, r.water_min, r.water_max),
      (1, 'temperature', r.temperature_n, r.temperature_sum, r.temperature_min, r.temperature_max),
      (2, 'conductivity', r.conductivity_n, r.conductivity_sum, r.conductivity_min, r.conductivity_max),
      (3, 'ph', r.ph_n, r.ph_sum, r.ph_min, r.ph_max),
      (4, 'battery', r.battery_n, r.battery_sum, r.battery_min, r.battery_max),
      (5, 'rssi', r.rssi_n, r.rssi_sum, r.rssi_min, r.rssi_max),
      (6, 'snr', r.snr_n, r.snr_sum, r.snr_min, r.snr_max)
  ) p(ord, parameter, n, total, lo, hi)
  where p.n > 0 and p.parameter = any (sensor_rollups.parameters)
  group by p.ord, p.parameter
  order by p.ord;
end;
$$;

drop function app_hidden.sensor_hours(uuid, timestamptz, timestamptz);
