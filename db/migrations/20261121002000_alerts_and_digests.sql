-- migrate:up
-- The hourly checks and the daily digest (spec sections 4 and 9, decisions.md): stale indicators
-- turn grey, dry alerts that know about rain and recent watering, device health as tasks rather
-- than repeated mail, and one summary e-mail a day for those who asked for it.

-- What the checks decided about a thing, so a held-back alert can say why.
create table app_public.thing_alerts (
  id uuid primary key default gen_random_uuid(),
  thing_id uuid not null references app_public.things on delete cascade,
  kind text not null,
  -- sent, held
  outcome text not null check (outcome in ('sent', 'held')),
  reason text not null,
  created_at timestamptz not null default now()
);
comment on table app_public.thing_alerts is 'Alerts raised (or held back, with the reason) about a thing.';
create index thing_alerts_thing_id_created_at_idx on app_public.thing_alerts (thing_id, created_at desc);
alter table app_public.thing_alerts enable row level security;
create policy select_visible on app_public.thing_alerts for select using (app_hidden.can_see_thing(thing_id));
grant select on app_public.thing_alerts to bk_anonymous;

-- A task made by the checks (e.g. device health) names its source, so there is one open at a time.
alter table app_public.tasks add column source text;
comment on column app_public.tasks.source is E'@behavior -insert -update\nSet on tasks the system opened itself, e.g. device_health:<device id>.';
create unique index tasks_one_open_per_source on app_public.tasks (source) where source is not null and status <> 'completed';

create table app_private.user_digests (
  user_id uuid primary key references app_public.users on delete cascade,
  last_sent_at timestamptz not null
);

---------------------------------------------------------------------------------------------
-- Dry alerts

-- The thresholds arrive from the worker's configuration (worker/config.ts).
create function app_private.check_dry_alerts(p_rain_mm float8, p_window_hours int) returns int
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
      -- Said once a day at most, like the alert it replaces.
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

---------------------------------------------------------------------------------------------
-- Stale readings and device health

create function app_private.refresh_stale_indicators() returns int
  language sql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
  with t as (
    -- Touching the row lets tg_things__indicator recompute the colour (grey after 48 hours).
    update app_public.things set last_sensor_data = last_sensor_data
    where indicator_colour is distinct from 'grey' and (last_sensor_data is null or last_sensor_data < now() - interval '48 hours')
    returning 1
  ), d as (
    update app_public.devices set last_sensor_data = last_sensor_data
    where indicator_colour is distinct from 'grey' and (last_sensor_data is null or last_sensor_data < now() - interval '48 hours')
    returning 1
  )
  select (select count(*) from t)::int + (select count(*) from d)::int
$$;

-- A device fitted to a thing that is silent too long or low on battery opens one "check device"
-- task on the thing (its group sees it); it closes itself when the device reports healthy again.
create function app_private.check_device_health(p_silent_hours int, p_low_battery_volts float8) returns int
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_device app_public.devices;
  v_problem text;
  v_opened int := 0;
begin
  for v_device in select * from app_public.devices where thing_id is not null and model <> 'THE_THINGS_UNO' loop
    v_problem := case
      when coalesce(v_device.last_sensor_data, v_device.created_at) < now() - make_interval(hours => p_silent_hours)
        then format('has sent nothing since %s', coalesce(to_char(v_device.last_sensor_data at time zone 'UTC', 'FMDD FMMonth HH24:MI "UTC"'), 'it was added'))
      when v_device.battery < p_low_battery_volts
        then format('reports a low battery (%s V)', round(v_device.battery::numeric, 2))
    end;
    if v_problem is not null then
      if not exists (select 1 from app_public.tasks where source = 'device_health:' || v_device.id and status <> 'completed') then
        insert into app_public.tasks (thing_id, action_type, title, description, priority, source, due_date)
          values (v_device.thing_id, 'MEASUREMENT', 'Check device ' || v_device.name,
                  format('The device %s (%s) %s. Check its battery, antenna and probe.', v_device.name, v_device.device_id, v_problem),
                  'high', 'device_health:' || v_device.id, current_date + 2);
        v_opened := v_opened + 1;
      end if;
    else
      update app_public.tasks set status = 'completed',
          description = coalesce(description, '') || E'\nClosed automatically: the device reported healthy again.'
        where source = 'device_health:' || v_device.id and status <> 'completed';
    end if;
  end loop;
  return v_opened;
end;
$$;

---------------------------------------------------------------------------------------------
-- The daily digest: one e-mail a day to each user with notificationDaily on.

create function app_private.daily_digest_payload(p_user_id uuid) returns json
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

create function app_private.queue_daily_digests() returns int
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user app_public.users;
  v_payload json;
  v_count int := 0;
begin
  for v_user in
    select u.* from app_public.users u
    left join app_private.user_digests d on d.user_id = u.id
    where u.notification_daily and (d.last_sent_at is null or d.last_sent_at < now() - interval '20 hours')
  loop
    v_payload := app_private.daily_digest_payload(v_user.id);
    -- Nothing to say, nothing sent.
    continue when json_array_length(v_payload->'things') = 0 and json_array_length(v_payload->'tasks') = 0
                  and json_array_length(v_payload->'activity') = 0;
    perform graphile_worker.add_job('send_email', json_build_object(
      'to', app_hidden.primary_email(v_user.id), 'template', 'daily_digest', 'domainName', null,
      'variables', v_payload))
    where app_hidden.primary_email(v_user.id) is not null;
    insert into app_private.user_digests (user_id, last_sent_at) values (v_user.id, now())
      on conflict (user_id) do update set last_sent_at = excluded.last_sent_at;
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;

-- migrate:down
drop function app_private.queue_daily_digests();
drop function app_private.daily_digest_payload(uuid);
drop function app_private.check_device_health(int, float8);
drop function app_private.refresh_stale_indicators();
drop function app_private.check_dry_alerts(float8, int);
drop table app_private.user_digests;
drop index app_public.tasks_one_open_per_source;
alter table app_public.tasks drop column source;
drop table app_public.thing_alerts;
