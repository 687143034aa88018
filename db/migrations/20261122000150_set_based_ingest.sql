-- migrate:up
-- Set-based ingestion (issue 6, 2,000 uplinks/s): the webhook's batch of uplinks is stored by one
-- call. The readings go in with one INSERT, and each device and thing is updated once per batch
-- with its newest values, instead of one function call, insert and two updates per uplink (each
-- update firing the row triggers: timestamps, indicator colour, notification, map cells).
--
-- Latest values only move forward in time: of a batch's new readings, those at or after the
-- device's (thing's) last reading count, and each value comes from the newest of them that has
-- it, so uplinks arriving out of order within a batch end as if they had come in time order.

create function app_private.ingest_uplinks(
  p_device_ids text[], p_received_at timestamptz[], p_f_cnts int[], p_values jsonb[]
) returns text[]
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_statuses text[];
begin
  if cardinality(p_device_ids) is distinct from cardinality(p_received_at)
     or cardinality(p_device_ids) is distinct from cardinality(p_f_cnts)
     or cardinality(p_device_ids) is distinct from cardinality(p_values) then
    raise exception 'Uplink arrays must have the same length' using errcode = 'INVLD';
  end if;

  perform app_private.ensure_sensor_data_partition(m.at)
  from (select distinct on (date_trunc('month', r at time zone 'UTC')) r as at from unnest(p_received_at) r) m;

  -- Rows are locked in id order, devices before things, so concurrent batches cannot deadlock.
  perform 1 from app_public.devices where device_id = any (p_device_ids) order by id for no key update;
  perform 1 from app_public.things
    where id in (select thing_id from app_public.devices where device_id = any (p_device_ids))
    order by id for no key update;

  with input as (
    select i.ord, d.id as device_id, d.thing_id, i.received_at, coalesce(i.f_cnt, 0) as f_cnt, i.vals
    from unnest(p_device_ids, p_received_at, p_f_cnts, p_values) with ordinality as i(device_key, received_at, f_cnt, vals, ord)
    left join app_public.devices d on d.device_id = i.device_key
  ),
  inserted as (
    insert into app_public.sensor_data (device_id, thing_id, created_at, f_cnt, data)
    select device_id, thing_id, received_at, f_cnt, vals from input where device_id is not null
    on conflict on constraint sensor_data_uplink_key do nothing
    returning device_id, created_at, f_cnt
  ),
  -- An uplink twice in one batch is stored once: the first is "stored", the other "duplicate".
  stored as (
    select distinct on (i.device_id, i.received_at, i.f_cnt) i.*
    from input i join inserted s on s.device_id = i.device_id and s.created_at = i.received_at and s.f_cnt = i.f_cnt
    order by i.device_id, i.received_at, i.f_cnt, i.ord
  ),
  device_latest as (
    select s.device_id,
      max(s.received_at) as at,
      (array_agg((s.vals->>'water')::float8 order by s.received_at desc) filter (where s.vals->>'water' is not null))[1] as water,
      (array_agg((s.vals->>'temperature')::float8 order by s.received_at desc) filter (where s.vals->>'temperature' is not null))[1] as temperature,
      (array_agg((s.vals->>'conductivity')::float8 order by s.received_at desc) filter (where s.vals->>'conductivity' is not null))[1] as conductivity,
      (array_agg((s.vals->>'ph')::float8 order by s.received_at desc) filter (where s.vals->>'ph' is not null))[1] as ph,
      (array_agg((s.vals->>'battery')::float8 order by s.received_at desc) filter (where s.vals->>'battery' is not null))[1] as battery,
      (array_agg((s.vals->>'rssi')::float8 order by s.received_at desc) filter (where s.vals->>'rssi' is not null))[1] as rssi,
      (array_agg((s.vals->>'snr')::float8 order by s.received_at desc) filter (where s.vals->>'snr' is not null))[1] as snr
    from stored s join app_public.devices d on d.id = s.device_id
    where d.last_sensor_data is null or s.received_at >= d.last_sensor_data
    group by s.device_id
  ),
  devices_updated as (
    update app_public.devices d set
        water = coalesce(l.water, d.water),
        temperature = coalesce(l.temperature, d.temperature),
        conductivity = coalesce(l.conductivity, d.conductivity),
        ph = coalesce(l.ph, d.ph),
        battery = coalesce(l.battery, d.battery),
        rssi = coalesce(l.rssi, d.rssi),
        snr = coalesce(l.snr, d.snr),
        last_sensor_data = l.at
      from device_latest l
      where d.id = l.device_id
      returning d.id
  ),
  thing_latest as (
    select s.thing_id,
      max(s.received_at) as at,
      (array_agg((s.vals->>'water')::float8 order by s.received_at desc) filter (where s.vals->>'water' is not null))[1] as water,
      (array_agg((s.vals->>'temperature')::float8 order by s.received_at desc) filter (where s.vals->>'temperature' is not null))[1] as temperature,
      (array_agg((s.vals->>'conductivity')::float8 order by s.received_at desc) filter (where s.vals->>'conductivity' is not null))[1] as conductivity,
      (array_agg((s.vals->>'ph')::float8 order by s.received_at desc) filter (where s.vals->>'ph' is not null))[1] as ph
    from stored s join app_public.things t on t.id = s.thing_id
    where t.last_sensor_data is null or s.received_at >= t.last_sensor_data
    group by s.thing_id
  ),
  things_updated as (
    update app_public.things t set
        water = coalesce(l.water, t.water),
        temperature = coalesce(l.temperature, t.temperature),
        conductivity = coalesce(l.conductivity, t.conductivity),
        ph = coalesce(l.ph, t.ph),
        last_sensor_data = l.at
      from thing_latest l
      where t.id = l.thing_id
      returning t.id
  )
  select array_agg(
      case when i.device_id is null then 'unknown_device' when s.ord is not null then 'stored' else 'duplicate' end
      order by i.ord)
    into v_statuses
  -- devices_updated and things_updated run although nothing reads them (data-modifying CTEs do).
  from input i left join stored s on s.ord = i.ord;
  return coalesce(v_statuses, '{}');
end;
$$;
comment on function app_private.ingest_uplinks(text[], timestamptz[], int[], jsonb[]) is
  'Stores a batch of uplinks (parallel arrays); answers stored, duplicate or unknown_device for each, in order.';

-- One uplink: the same rule, for the seed and scripts.
create or replace function app_private.ingest_uplink(p_device_id text, p_received_at timestamptz, p_f_cnt int, p_values jsonb) returns text
  language sql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select (app_private.ingest_uplinks(array[p_device_id], array[p_received_at], array[p_f_cnt], array[p_values]))[1]
$$;

-- migrate:down
create or replace function app_private.ingest_uplink(p_device_id text, p_received_at timestamptz, p_f_cnt int, p_values jsonb) returns text
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_device app_public.devices;
  v_id bigint;
begin
  select * into v_device from app_public.devices where device_id = p_device_id;
  if v_device.id is null then
    return 'unknown_device';
  end if;
  perform app_private.ensure_sensor_data_partition(p_received_at);
  insert into app_public.sensor_data (device_id, thing_id, created_at, f_cnt, data)
    values (v_device.id, v_device.thing_id, p_received_at, coalesce(p_f_cnt, 0), p_values)
    on conflict on constraint sensor_data_uplink_key do nothing
    returning id into v_id;
  if v_id is null then
    return 'duplicate';
  end if;

  -- Latest values only move forward in time (uplinks can arrive out of order).
  update app_public.devices set
      water = coalesce((p_values->>'water')::float8, water),
      temperature = coalesce((p_values->>'temperature')::float8, temperature),
      conductivity = coalesce((p_values->>'conductivity')::float8, conductivity),
      ph = coalesce((p_values->>'ph')::float8, ph),
      battery = coalesce((p_values->>'battery')::float8, battery),
      rssi = coalesce((p_values->>'rssi')::float8, rssi),
      snr = coalesce((p_values->>'snr')::float8, snr),
      last_sensor_data = p_received_at
    where id = v_device.id and (last_sensor_data is null or last_sensor_data <= p_received_at);

  if v_device.thing_id is not null then
    update app_public.things set
        water = coalesce((p_values->>'water')::float8, water),
        temperature = coalesce((p_values->>'temperature')::float8, temperature),
        conductivity = coalesce((p_values->>'conductivity')::float8, conductivity),
        ph = coalesce((p_values->>'ph')::float8, ph),
        last_sensor_data = p_received_at
      where id = v_device.thing_id and (last_sensor_data is null or last_sensor_data <= p_received_at);
  end if;
  return 'stored';
end;
$$;
drop function app_private.ingest_uplinks(text[], timestamptz[], int[], jsonb[]);
