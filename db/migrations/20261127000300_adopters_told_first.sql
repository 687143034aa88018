-- migrate:up
-- The dry alert tells the thing's adopters (and whoever is on its group's rota today) first; its
-- owners and collaborators only when none of them has recorded a watering within
-- app_hidden.adopter_head_start() (6 hours) and it still needs water. A thing nobody has adopted
-- and no rota covers today alerts its owners and collaborators at once, as before.
-- (docs/decisions.md, "Adoption and rotas".)

create function app_hidden.adopter_head_start() returns interval language sql immutable as $$ select interval '6 hours' $$;

-- A thing whose first people were told and whose owners wait for the head start to pass.
create table app_private.dry_alert_escalations (
  thing_id uuid primary key references app_public.things on delete cascade,
  told_at timestamptz not null default now(),
  first_told uuid[] not null
);
alter table app_private.dry_alert_escalations enable row level security;

/** Who is told first about a thing: its adopters and today's rota of its group, who can see it. */
create function app_hidden.first_told(p_thing app_public.things) returns uuid[]
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select coalesce(array_agg(distinct p.user_id), '{}')
  from (
    select a.user_id from app_public.thing_adoptions a where a.thing_id = p_thing.id
    union
    select d.user_id from app_hidden.rota_duties(p_thing.group_id, app_hidden.water_today(), app_hidden.water_today()) d
  ) p
  where app_hidden.user_sees_thing(p.user_id, p_thing.id)
$$;

create or replace function app_private.check_dry_alerts(p_rain_mm float8, p_window_hours int) returns int
  language plpgsql security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_thing app_public.things;
  v_window interval := make_interval(hours => p_window_hours);
  v_rain record;
  v_forecast float8;
  v_reason text;
  v_sensed boolean;
  v_user uuid;
  v_first uuid[];
  v_body text;
  v_esc record;
  v_sent int := 0;
begin
  -- 1. The head start is over: the owners and collaborators hear of it unless someone watered.
  for v_esc in
    select e.thing_id, e.told_at, e.first_told from app_private.dry_alert_escalations e
    where e.told_at <= now() - app_hidden.adopter_head_start()
    for update skip locked
  loop
    delete from app_private.dry_alert_escalations where thing_id = v_esc.thing_id;
    select * into v_thing from app_public.things where id = v_esc.thing_id;
    if v_thing.water_need <> 'needs_water' or exists (
         select 1 from app_public.actions a where a.thing_id = v_thing.id and a.type = 'WATERING' and a.created_at >= v_esc.told_at) then
      insert into app_public.thing_alerts (thing_id, kind, outcome, reason)
        values (v_thing.id, 'dry', 'held', format('%s was watered (or no longer needs water) after its adopters were told: its owners were not alerted.', v_thing.name));
      continue;
    end if;
    for v_user in
      select user_id from app_public.thing_accesses
      where thing_id = v_thing.id and (is_owner or is_collaborator) and not (user_id = any (v_esc.first_told))
    loop
      perform app_hidden.notify_user(v_user, 'dry_alert', 'negative',
        v_thing.name || ' still needs water',
        format('%s needs water (%s). The people who look after it were told %s hours ago and no watering has been recorded since.',
               v_thing.name, v_thing.water_need_reason, extract(epoch from now() - v_esc.told_at)::int / 3600),
        '/things/' || v_thing.id || '/action', v_thing.id, true);
    end loop;
    insert into app_public.thing_alerts (thing_id, kind, outcome, reason)
      values (v_thing.id, 'dry', 'sent', format('%s still needs water and nobody watered it after its adopters were told: its people were alerted.', v_thing.name));
    v_sent := v_sent + 1;
  end loop;

  -- 2. Things that need water now: as before, but the adopters and today's rota come first.
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

    v_body := case when v_sensed then
        format('%s is dry: the soil moisture is %s%% (dry is below %s%%), measured %s. No watering was recorded and no rain is expected.',
               v_thing.name, round(v_thing.water::numeric), coalesce((v_thing.hydration_levels->>'dry')::numeric, 20),
               to_char(v_thing.last_sensor_data at time zone 'UTC', 'HH24:MI "UTC" on FMDD FMMonth'))
      else
        format('%s needs water by our estimate: %s. No watering was recorded recently and no rain is expected.',
               v_thing.name, v_thing.water_need_reason)
      end;
    v_first := app_hidden.first_told(v_thing);

    if cardinality(v_first) > 0 then
      foreach v_user in array v_first loop
        perform app_hidden.notify_user(v_user, 'dry_alert', 'negative', v_thing.name || ' needs water',
          'You look after it, so you are the first to know. ' || v_body,
          '/things/' || v_thing.id || '/action', v_thing.id, true);
      end loop;
      insert into app_private.dry_alert_escalations (thing_id, told_at, first_told) values (v_thing.id, now(), v_first)
        on conflict (thing_id) do update set told_at = excluded.told_at, first_told = excluded.first_told;
      insert into app_public.thing_alerts (thing_id, kind, outcome, reason)
        values (v_thing.id, 'dry', 'sent',
                format('%s needs water (%s): the %s people who look after it were told first; its owners hear in %s hours unless it is watered.',
                       v_thing.name, coalesce(v_thing.water_need_reason, 'dry'), cardinality(v_first),
                       extract(epoch from app_hidden.adopter_head_start())::int / 3600));
    else
      for v_user in
        select user_id from app_public.thing_accesses where thing_id = v_thing.id and (is_owner or is_collaborator)
      loop
        perform app_hidden.notify_user(v_user, 'dry_alert', 'negative', v_thing.name || ' needs water', v_body,
          '/things/' || v_thing.id || '/action', v_thing.id, true);
      end loop;
      insert into app_public.thing_alerts (thing_id, kind, outcome, reason)
        values (v_thing.id, 'dry', 'sent',
                case when v_sensed then format('%s is dry (%s%%): its people were alerted.', v_thing.name, round(v_thing.water::numeric))
                     else format('%s needs water (%s): its people were alerted.', v_thing.name, v_thing.water_need_reason) end);
    end if;
    update app_public.things set needs_water_notification_at = now() where id = v_thing.id;
    v_sent := v_sent + 1;
  end loop;
  return v_sent;
end;
$$;

-- migrate:down
create or replace function app_private.check_dry_alerts(p_rain_mm double precision, p_window_hours integer) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
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
drop function app_hidden.first_told(app_public.things);
drop table app_private.dry_alert_escalations;
drop function app_hidden.adopter_head_start();
