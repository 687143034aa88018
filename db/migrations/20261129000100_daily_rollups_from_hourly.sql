-- migrate:up
-- The daily rollups summed from the hourly ones by the worker, off the ingest path (issue 24).
-- Measured on a quiet machine (bench/history.ts, 5 alternating rounds): ingest_uplinks with the
-- trigger keeping hourly and daily rows did 0.85 of its rate without rollups at 1M readings and
-- 0.93 at 10M (target: 0.9). Each batch rewrote two wide rows per device (an hour's and a day's);
-- now it rewrites the hour's and marks the device's day (a narrow row, written once a day and
-- after each roll-up), and the worker's sensor_rollups_daily job sums marked days from their hours
-- every few minutes. Reads stay exact at every moment: sensor_rollups() sums a marked day from its
-- hours (at most 24 rows a day; a device has one or two marked days). docs/decisions.md,
-- "Sensor history for years".

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

-- migrate:down
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
    from app_public.sensor_rollups_daily d
    where sensor_rollups.resolution = 'DAY' and d.device_id = sensor_rollups.device_id
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

drop function app_private.roll_up_sensor_days(int);
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
  insert into app_public.sensor_rollups_daily as r (device_id, thing_id, bucket, readings,
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
    from h group by 1, 2, 3 order by 1, 3, 2
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
        snr_min = least(r.snr_min, excluded.snr_min), snr_max = greatest(r.snr_max, excluded.snr_max);
  return null;
end;
$$;

-- The days summed only in their hours meanwhile.
do $$
declare
  v_devices uuid[];
  v_days timestamptz[];
begin
  select array_agg(device_id), array_agg(day) into v_devices, v_days from app_private.sensor_rollup_days_pending;
  if v_devices is not null then
    delete from app_public.sensor_rollups_daily d using unnest(v_devices, v_days) k(device_id, day)
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
      group by h.device_id, h.thing_id, k.day;
  end if;
end;
$$;
drop function app_hidden.sensor_rollup_pending_days(uuid);
drop table app_private.sensor_rollup_days_pending;
