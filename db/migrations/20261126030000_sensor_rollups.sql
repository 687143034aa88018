-- migrate:up
-- Sensor history for years (issue 24): hourly and daily rollups of the readings, kept up by a
-- statement trigger on sensor_data (so every way readings arrive, the webhook's batch, the seed,
-- scripts, keeps them), read by every chart range past a week; and the raw readings' monthly
-- partitions listed for the worker, which creates the coming months' and drops those past the
-- retention (worker/tasks/sensor_data_partitions.ts). docs/decisions.md, "Sensor history for years".

---------------------------------------------------------------------------------------------
-- Rollups: one row per device, thing and hour (day), with count, sum, lowest and highest of each
-- quantity the devices and things keep as latest values. Sums, not means, so adding a batch is
-- exact: the mean is sum / count when read. The thing is the one the device was fitted to when
-- the readings came, as on sensor_data, so the same rule decides who sees them (a device moved
-- within the hour has a row for each thing). It has no foreign key: a thing deleted leaves its id,
-- which then matches no visible thing (as sensor_data's null does), and no uniqueness clash.
-- Buckets are UTC hours and UTC days.

create table app_public.sensor_rollups_hourly (
  device_id uuid not null references app_public.devices on delete cascade,
  thing_id uuid,
  bucket timestamptz not null,
  readings int not null,
  water_n int not null default 0,
  water_sum float8 not null default 0,
  water_min float8,
  water_max float8,
  temperature_n int not null default 0,
  temperature_sum float8 not null default 0,
  temperature_min float8,
  temperature_max float8,
  conductivity_n int not null default 0,
  conductivity_sum float8 not null default 0,
  conductivity_min float8,
  conductivity_max float8,
  ph_n int not null default 0,
  ph_sum float8 not null default 0,
  ph_min float8,
  ph_max float8,
  battery_n int not null default 0,
  battery_sum float8 not null default 0,
  battery_min float8,
  battery_max float8,
  rssi_n int not null default 0,
  rssi_sum float8 not null default 0,
  rssi_min float8,
  rssi_max float8,
  snr_n int not null default 0,
  snr_sum float8 not null default 0,
  snr_min float8,
  snr_max float8,
  constraint sensor_rollups_hourly_key unique nulls not distinct (device_id, bucket, thing_id)
) with (fillfactor = 70);
-- Same columns in the same order (the read function takes either with select *).
create table app_public.sensor_rollups_daily (like app_public.sensor_rollups_hourly including defaults) with (fillfactor = 70);
alter table app_public.sensor_rollups_daily
  add constraint sensor_rollups_daily_device_id_fkey foreign key (device_id) references app_public.devices on delete cascade,
  add constraint sensor_rollups_daily_key unique nulls not distinct (device_id, bucket, thing_id);
-- Each row is updated in place many times (6 times an hour, 144 a day): room on the page keeps
-- those updates HOT (no index entry), fillfactor above.
comment on table app_public.sensor_rollups_hourly is E'@behavior -*\nReadings per device, thing and UTC hour (read through sensor_rollups()).';
comment on table app_public.sensor_rollups_daily is E'@behavior -*\nReadings per device, thing and UTC day (read through sensor_rollups()).';

-- Who sees them: exactly sensor_data's rule.
alter table app_public.sensor_rollups_hourly enable row level security;
alter table app_public.sensor_rollups_daily enable row level security;
create policy select_visible on app_public.sensor_rollups_hourly for select
  using (device_id in (select id from app_public.devices) or thing_id in (select id from app_public.things));
create policy select_visible on app_public.sensor_rollups_daily for select
  using (device_id in (select id from app_public.devices) or thing_id in (select id from app_public.things));
grant select on app_public.sensor_rollups_hourly, app_public.sensor_rollups_daily to bk_anonymous;

-- Adds the readings a statement stored. One upsert per table, rows in key order, so two
-- statements adding to the same rows wait for each other instead of deadlocking (ingest_uplinks
-- already serialises batches per device by locking the devices first). Readings are never
-- changed or deleted one by one (retention drops whole partitions, which must leave the rollups
-- alone), so only inserts are counted.
-- work_mem: a bulk load's statement of a million readings sums ~100,000 hours at once; with the
-- default 4 MB its hash table spilled to disk in 20-odd batches (seconds). An uplink batch needs
-- a few hundred kB either way.
create function app_private.tg_sensor_data__rollups() returns trigger
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
create trigger _500_rollups after insert on app_public.sensor_data
  referencing new table as new_readings
  for each statement execute function app_private.tg_sensor_data__rollups();

-- Sums the raw readings of whole UTC days [p_from, p_to) into the rollups afresh, replacing what
-- the rollups held for those days: after a bulk load with the trigger disabled (bench/history.ts),
-- or to repair. Days whose readings were already dropped are refused (their sums would be lost).
-- Readings stored meanwhile in those days would be counted twice or not at all: run it with
-- ingestion stopped, or for days no uplink arrives for any more.
create function app_private.rebuild_sensor_rollups(p_from timestamptz, p_to timestamptz) returns void
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

---------------------------------------------------------------------------------------------
-- sensorRollups: one device's readings summed up per hour or day, one series per quantity
-- (for each bucket: readings, lowest, highest, mean). Invoker's rights: row-level security on the
-- rollups (and on devices and things inside their policy) decides what comes back.

create type app_public.sensor_rollup_resolution as enum ('HOUR', 'DAY');
-- One series per quantity, its buckets and figures as parallel arrays oldest first: a chart's
-- line in one object (a year is 5 objects, not 1,825; GraphQL's cost is per object and field).
create type app_public.sensor_rollup_line as (
  parameter text,
  buckets timestamptz[],
  readings int[],
  min float8[],
  max float8[],
  mean float8[]
);
comment on type app_public.sensor_rollup_line is 'One quantity''s readings per hour or day (UTC), oldest first: for each bucket, how many, the lowest, the highest and the mean.';
comment on column app_public.sensor_rollup_line.parameter is 'water, temperature, conductivity, ph, battery, rssi or snr.';
comment on column app_public.sensor_rollup_line.buckets is 'The start of each hour or day (UTC); the other lists follow it.';

create function app_public.sensor_rollups(
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
comment on function app_public.sensor_rollups(uuid, app_public.sensor_rollup_resolution, timestamptz, timestamptz, text[]) is
  'A device''s readings per UTC hour (spans up to 92 days) or day, from since (its hour or day) to until (default now): one series per quantity (all, or those in parameters), oldest first. What charts past a week read.';
grant execute on function app_public.sensor_rollups(uuid, app_public.sensor_rollup_resolution, timestamptz, timestamptz, text[]) to bk_anonymous;

---------------------------------------------------------------------------------------------
-- Partitions of sensor_data, for the worker's job. Only partitions named as
-- ensure_sensor_data_partition names them (sensor_data_YYYY_MM, one UTC month) are considered.

create function app_private.sensor_data_partitions()
  returns table (name text, month_start timestamptz, month_end timestamptz, detach_pending boolean)
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select c.relname::text, m.start, m.start + interval '1 month', i.inhdetachpending
  from pg_inherits i
  join pg_class c on c.oid = i.inhrelid
  join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'app_partitions'
  cross join lateral (select to_date(substr(c.relname, 13), 'YYYY_MM')::timestamp at time zone 'UTC' as start) m
  where i.inhparent = 'app_public.sensor_data'::regclass and c.relname ~ '^sensor_data_[0-9]{4}_[0-9]{2}$'
  order by m.start
$$;
comment on function app_private.sensor_data_partitions() is 'The monthly partitions of sensor_data: name, UTC month, and whether a detach was left half done.';

-- This month's partition and the next p_months' (so ingestion never has to create one). Returns
-- the names of those it created.
create function app_private.prepare_sensor_data_partitions(p_months int) returns setof text
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_at timestamptz;
  v_name text;
begin
  if p_months is null or p_months < 0 or p_months > 24 then
    raise exception 'p_months must be between 0 and 24' using errcode = 'INVLD';
  end if;
  for v_at in select now() + make_interval(months => m) from generate_series(0, p_months) m loop
    v_name := 'sensor_data_' || to_char(v_at at time zone 'UTC', 'YYYY_MM');
    if to_regclass('app_partitions.' || v_name) is null then
      perform app_private.ensure_sensor_data_partition(v_at);
      return next v_name;
    end if;
  end loop;
end;
$$;

-- Partitions wholly older than the retention (their month ended at least p_keep ago), and any
-- whose detach was interrupted: the worker detaches (concurrently) and drops them. The rollups
-- keep their readings' summaries.
create function app_private.expired_sensor_data_partitions(p_keep interval)
  returns table (name text, detach_pending boolean)
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select p.name, p.detach_pending from app_private.sensor_data_partitions() p
  where p.detach_pending or p.month_end <= now() - p_keep
  order by p.month_start
$$;

-- The readings already stored.
select app_private.rebuild_sensor_rollups(min(created_at), max(created_at) + interval '1 day')
from app_public.sensor_data having count(*) > 0;

-- migrate:down
drop function app_private.expired_sensor_data_partitions(interval);
drop function app_private.prepare_sensor_data_partitions(int);
drop function app_private.sensor_data_partitions();
drop function app_public.sensor_rollups(uuid, app_public.sensor_rollup_resolution, timestamptz, timestamptz, text[]);
drop type app_public.sensor_rollup_line;
drop type app_public.sensor_rollup_resolution;
drop trigger _500_rollups on app_public.sensor_data;
drop function app_private.rebuild_sensor_rollups(timestamptz, timestamptz);
drop function app_private.tg_sensor_data__rollups();
drop table app_public.sensor_rollups_daily;
drop table app_public.sensor_rollups_hourly;

