-- migrate:up
-- Readings from devices: stored per uplink (partitioned by month), latest values and indicator
-- colours kept on the device and its thing, and a notification per thing for live updates.

-- Partitions live in their own schema so the API never sees them, only the parent table.
create schema app_partitions;

create table app_public.sensor_data (
  id bigint generated always as identity,
  device_id uuid not null references app_public.devices on delete cascade,
  -- The thing the device was fitted to when the reading came.
  thing_id uuid references app_public.things on delete set null,
  -- When the network received the uplink (UTC).
  created_at timestamptz not null,
  -- The uplink's frame counter: with the time it identifies a redelivered uplink.
  f_cnt int not null default 0,
  -- Decoded values: water, temperature, conductivity, ph, battery, rssi, snr, ...
  data jsonb not null,
  primary key (id, created_at),
  constraint sensor_data_uplink_key unique (device_id, created_at, f_cnt)
) partition by range (created_at);
comment on table app_public.sensor_data is E'@behavior -query:resource:connection -query:resource:list -single\nOne reading from a device.';
comment on constraint sensor_data_uplink_key on app_public.sensor_data is E'@behavior -single -update -delete';
comment on constraint sensor_data_pkey on app_public.sensor_data is E'@behavior -single -update -delete';
create index sensor_data_device_id_created_at_idx on app_public.sensor_data (device_id, created_at desc);
create index sensor_data_thing_id_created_at_idx on app_public.sensor_data (thing_id, created_at desc);

-- Creates the month's partition when missing. Serialised by an advisory lock so two ingestion
-- transactions never race to create the same one.
create function app_private.ensure_sensor_data_partition(p_at timestamptz) returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_from timestamptz := date_trunc('month', p_at at time zone 'UTC') at time zone 'UTC';
  v_name text := 'sensor_data_' || to_char(v_from at time zone 'UTC', 'YYYY_MM');
begin
  if to_regclass('app_partitions.' || v_name) is not null then
    return;
  end if;
  perform pg_advisory_xact_lock(hashtext('app_public.sensor_data partitions'));
  if to_regclass('app_partitions.' || v_name) is null then
    execute format('create table app_partitions.%I partition of app_public.sensor_data for values from (%L) to (%L)',
                   v_name, v_from, v_from + interval '1 month');
  end if;
end;
$$;

select app_private.ensure_sensor_data_partition(now() + (m || ' months')::interval)
from generate_series(-2, 2) as m;

---------------------------------------------------------------------------------------------
-- Indicator colours (decisions.md). Bands are [lower, upper): dry below 20, needs water below
-- 30, good below 60, saturated from 60, unless the thing or device overrides the limits.

create function app_hidden.hydration_band(p_water float8, p_levels jsonb) returns text
  language sql immutable
  as $$
  select case
    when p_water is null then null
    when p_water < coalesce((p_levels->>'dry')::float8, 20) then 'dry'
    when p_water < coalesce((p_levels->>'needsWater')::float8, 30) then 'needsWater'
    when p_water < coalesce((p_levels->>'good')::float8, 60) then 'good'
    else 'saturated'
  end
$$;

-- Grey when there is no reading or the newest is older than 48 hours.
create function app_hidden.indicator_colour(
  p_parameter text, p_water float8, p_temperature float8, p_conductivity float8, p_ph float8,
  p_levels jsonb, p_last_reading timestamptz
) returns text
  language sql stable
  as $$
  select case
    when p_last_reading is null or p_last_reading < now() - interval '48 hours' then 'grey'
    when p_parameter = 'WATER' then
      case app_hidden.hydration_band(p_water, p_levels)
        when 'dry' then 'red' when 'needsWater' then 'orange' when 'good' then 'green' when 'saturated' then 'blue'
        else 'grey' end
    when p_parameter in ('P_H', 'PH') then
      case
        when p_ph is null then 'grey'
        when p_ph between 6.0 and 7.5 then 'green'
        when p_ph between 5.5 and 8.0 then 'orange'
        else 'red' end
    when p_parameter = 'TEMPERATURE' then
      case
        when p_temperature is null then 'grey'
        when p_temperature < 0 or p_temperature > 35 then 'red'
        when p_temperature < 5 or p_temperature > 30 then 'orange'
        else 'green' end
    when p_parameter = 'CONDUCTIVITY' then
      case
        when p_conductivity is null then 'grey'
        when p_conductivity > 2000 then 'red'
        when p_conductivity < 100 or p_conductivity > 1500 then 'orange'
        else 'green' end
    else 'grey'
  end
$$;

create function app_private.tg_things__indicator() returns trigger
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
begin
  new.indicator_colour := app_hidden.indicator_colour(new.indicator_parameter::text, new.water, new.temperature,
    new.conductivity, new.ph, new.hydration_levels, new.last_sensor_data);
  if tg_op = 'INSERT' then
    new.indicator_colour_changed_at := now();
  elsif new.indicator_colour is distinct from old.indicator_colour then
    new.indicator_colour_last := old.indicator_colour;
    new.indicator_colour_changed_at := now();
  end if;
  return new;
end;
$$;
create trigger _300_indicator before insert or update on app_public.things
  for each row execute function app_private.tg_things__indicator();

create function app_private.tg_devices__indicator() returns trigger
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
begin
  new.indicator_colour := app_hidden.indicator_colour(new.indicator_parameter::text, new.water, new.temperature,
    new.conductivity, new.ph, new.hydration_levels, new.last_sensor_data);
  return new;
end;
$$;
create trigger _300_indicator before insert or update on app_public.devices
  for each row execute function app_private.tg_devices__indicator();

-- Computed: the thing's hydration band now, for the screens and the assistant.
create function app_public.things_hydration_band(t app_public.things) returns text
  language sql stable as $$ select app_hidden.hydration_band(t.water, t.hydration_levels) $$;
comment on function app_public.things_hydration_band(app_public.things) is 'dry, needsWater, good or saturated (null without a water reading).';

---------------------------------------------------------------------------------------------
-- Live updates: one notification per changed thing. Identical payloads within a transaction are
-- folded by PostgreSQL, so a batch of uplinks for one thing notifies once.

create function app_private.tg_things__notify() returns trigger
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
begin
  perform pg_notify('thing:' || old.id, json_build_object('event', lower(tg_op), 'id', old.id)::text);
  return null;
end;
$$;
create trigger _900_notify after update or delete on app_public.things
  for each row execute function app_private.tg_things__notify();

create function app_private.tg_actions__notify_thing() returns trigger
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
begin
  perform pg_notify('thing:' || new.thing_id, json_build_object('event', 'action', 'id', new.thing_id)::text);
  return null;
end;
$$;
create trigger _900_notify_thing after insert on app_public.actions
  for each row execute function app_private.tg_actions__notify_thing();

---------------------------------------------------------------------------------------------
-- Ingestion (server/webhooks): one call per uplink, many per transaction.
-- Returns 'stored', 'duplicate' (a redelivery: nothing changes) or 'unknown_device'.

create function app_private.ingest_uplink(p_device_id text, p_received_at timestamptz, p_f_cnt int, p_values jsonb) returns text
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

-- The pump/LED state after a successful downlink (server/devices).
create function app_hidden.set_led_state(p_device_id uuid, p_on boolean) returns app_public.devices
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_device app_public.devices;
begin
  update app_public.devices set led_state = p_on where id = p_device_id returning * into v_device;
  if v_device.thing_id is not null then
    update app_public.things set led_state = p_on where id = v_device.thing_id;
  end if;
  return v_device;
end;
$$;

---------------------------------------------------------------------------------------------
-- Reading access: the readings of devices and things you can see.

alter table app_public.sensor_data enable row level security;
create policy select_visible on app_public.sensor_data for select
  using (device_id in (select id from app_public.devices) or thing_id in (select id from app_public.things));
grant select on app_public.sensor_data to bk_anonymous;

-- allSensorData: newest first, by device or thing, optionally only after a time; at most 10000.
create function app_public.all_sensor_data(device_id uuid default null, thing_id uuid default null, created_after timestamptz default null)
  returns setof app_public.sensor_data
  language sql stable
  as $$
  select s.* from app_public.sensor_data s
  where (all_sensor_data.device_id is null or s.device_id = all_sensor_data.device_id)
    and (all_sensor_data.thing_id is null or s.thing_id = all_sensor_data.thing_id)
    and (all_sensor_data.created_after is null or s.created_at > all_sensor_data.created_after)
    and (all_sensor_data.device_id is not null or all_sensor_data.thing_id is not null)
  order by s.created_at desc
  limit 10000
$$;
comment on function app_public.all_sensor_data(uuid, uuid, timestamptz) is 'Readings of one device or thing, newest first (at most 10000).';

grant execute on function app_hidden.hydration_band(float8, jsonb) to bk_anonymous;
grant execute on function app_hidden.indicator_colour(text, float8, float8, float8, float8, jsonb, timestamptz) to bk_anonymous;
grant execute on function app_public.things_hydration_band(app_public.things) to bk_anonymous;
grant execute on function app_public.all_sensor_data(uuid, uuid, timestamptz) to bk_anonymous;
grant execute on function app_hidden.set_led_state(uuid, boolean) to bk_user;

-- migrate:down
drop function app_public.all_sensor_data(uuid, uuid, timestamptz);
drop function app_hidden.set_led_state(uuid, boolean);
drop function app_private.ingest_uplink(text, timestamptz, int, jsonb);
drop trigger _900_notify_thing on app_public.actions;
drop function app_private.tg_actions__notify_thing();
drop trigger _900_notify on app_public.things;
drop function app_private.tg_things__notify();
drop function app_public.things_hydration_band(app_public.things);
drop trigger _300_indicator on app_public.devices;
drop function app_private.tg_devices__indicator();
drop trigger _300_indicator on app_public.things;
drop function app_private.tg_things__indicator();
drop function app_hidden.indicator_colour(text, float8, float8, float8, float8, jsonb, timestamptz);
drop function app_hidden.hydration_band(float8, jsonb);
drop table app_public.sensor_data;
drop function app_private.ensure_sensor_data_partition(timestamptz);
drop schema app_partitions cascade;
