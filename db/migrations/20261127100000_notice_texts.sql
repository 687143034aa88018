-- migrate:up
-- Notices in the reader's language (issue 25). Each notice keeps its English title and body (the
-- spec's texts, and what old rows and e-mail clients without a key show) and now also says which
-- text of the shared catalogue (shared/i18n/notices) it is and with what data: names, numbers,
-- ISO dates, enum values, never English words. The bell, the notice e-mails and the pushes write
-- it in the reader's language from that. Things' water-need reason gets the same: the parts the
-- one-line reason is made of (see docs/decisions.md, "Notices and the water-need reason in German").
alter table app_public.notifications add column text_key text, add column text_values jsonb;
comment on column app_public.notifications.text_key is
  'Which text of the notices catalogue (shared/i18n/notices) this is; its title and body are <key>.title and <key>.body. Null for notices older than the catalogue.';
comment on column app_public.notifications.text_values is
  'The data the text is written with (names, numbers, ISO dates, enum values).';

alter table app_public.things add column water_need_reason_parts jsonb;
comment on column app_public.things.water_need_reason_parts is E'@behavior -insert -update\nThe water-need reason as the catalogue''s parts: a list of {key, values}, joined with "; ".';

drop function app_hidden.notify_user(uuid, text, app_public.notification_level, text, text, text, uuid, boolean);

create or replace function app_hidden.notify_user(p_user_id uuid, p_kind text, p_level app_public.notification_level, p_title text, p_body text, p_link_path text, p_thing_id uuid, p_email boolean, p_text_key text DEFAULT NULL, p_text_values jsonb DEFAULT NULL) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_kind app_public.notice_kind := app_hidden.notice_kind_of(p_kind);
  v_pref app_public.notice_preferences;
  v_settings app_public.notice_settings := app_hidden.notice_settings_of(p_user_id);
  v_in_app boolean;
  v_email boolean;
  v_push boolean;
  v_run_at timestamptz;
  v_id uuid;
begin
  if v_kind is null then
    -- A kind no preference covers: in the app, and by e-mail when the caller asks.
    v_in_app := true;
    v_email := p_email;
    v_push := false;
  else
    v_pref := app_hidden.notice_preference(p_user_id, v_kind);
    v_in_app := v_pref.in_app;
    v_email := p_email and v_pref.email;
    v_push := v_pref.push;
  end if;
  v_push := v_push and exists (select 1 from app_public.push_subscriptions where user_id = p_user_id);
  if not (v_in_app or v_email or v_push) then
    return;
  end if;
  -- An e-mail someone causes to be sent to another person counts against their hourly limit.
  if v_email and v_settings.single_emails and p_user_id is distinct from app_public.current_user_id() then
    perform app_hidden.take_notice_email();
  end if;
  -- At most notices_per_day() in 24 hours; the rest wait for the digest. One notice at a time per
  -- person, so concurrent ones cannot both pass the count.
  perform pg_advisory_xact_lock(hashtextextended('app_private.notice_log:' || p_user_id, 0));
  if (select count(*) from app_private.notice_log
      where user_id = p_user_id and created_at > now() - interval '24 hours') >= app_hidden.notices_per_day() then
    insert into app_private.held_notices (user_id, kind, title, body, link_path, reason)
      values (p_user_id, v_kind, p_title, p_body, p_link_path, 'cap');
    return;
  end if;
  insert into app_private.notice_log (user_id, kind) values (p_user_id, p_kind);

  if v_in_app then
    insert into app_public.notifications (user_id, kind, level, title, body, link_path, thing_id, text_key, text_values)
      values (p_user_id, p_kind, p_level, p_title, p_body, p_link_path, p_thing_id, p_text_key, p_text_values)
      returning id into v_id;
  end if;
  v_run_at := app_hidden.quiet_until(v_settings);
  if v_email then
    if v_settings.single_emails then
      perform graphile_worker.add_job('send_email', json_build_object(
        'to', app_hidden.primary_email(p_user_id), 'template', 'notification',
        'domainName', app_public.current_domain_name(),
        'variables', json_build_object(
          'name', (select name from app_public.users where id = p_user_id),
          'title', p_title, 'body', p_body, 'linkPath', p_link_path, 'linkLabel', 'Open in the app',
          'textKey', p_text_key, 'textValues', p_text_values),
        'unsubscribe', case when v_kind is not null then json_build_object('userId', p_user_id, 'kind', v_kind) end),
        run_at => coalesce(v_run_at, now()))
      where app_hidden.primary_email(p_user_id) is not null;
    else
      insert into app_private.held_notices (user_id, kind, title, body, link_path, reason)
        values (p_user_id, v_kind, p_title, p_body, p_link_path, 'digest');
    end if;
  end if;
  if v_push then
    perform graphile_worker.add_job('send_push', json_build_object(
      'userId', p_user_id, 'kind', v_kind, 'notificationId', v_id,
      'title', left(p_title, 200), 'body', left(p_body, 1000), 'linkPath', p_link_path,
      'textKey', p_text_key, 'textValues', p_text_values),
      run_at => coalesce(v_run_at, now()));
  end if;
end;
$$;

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
  v_first uuid[];
  v_body text;
  v_key text;
  v_values jsonb;
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
        '/things/' || v_thing.id || '/action', v_thing.id, true,
        'notice.dry_alert.still', jsonb_build_object('thing', v_thing.name, 'reason', v_thing.water_need_reason_parts,
                                                     'hours', extract(epoch from now() - v_esc.told_at)::int / 3600));
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
    -- The same in words of the catalogue (shared/i18n/notices): the key and its data.
    v_key := case when v_sensed then 'notice.dry_alert.sensed' else 'notice.dry_alert.estimate' end;
    v_values := case when v_sensed then
        jsonb_build_object('thing', v_thing.name, 'moisture', round(v_thing.water::numeric),
                           'dry', coalesce((v_thing.hydration_levels->>'dry')::numeric, 20), 'measuredAt', v_thing.last_sensor_data)
      else jsonb_build_object('thing', v_thing.name, 'reason', v_thing.water_need_reason_parts) end;
    v_first := app_hidden.first_told(v_thing);

    if cardinality(v_first) > 0 then
      foreach v_user in array v_first loop
        perform app_hidden.notify_user(v_user, 'dry_alert', 'negative', v_thing.name || ' needs water',
          'You look after it, so you are the first to know. ' || v_body,
          '/things/' || v_thing.id || '/action', v_thing.id, true, v_key || '_first', v_values);
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
          '/things/' || v_thing.id || '/action', v_thing.id, true, v_key, v_values);
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

create or replace function app_private.notify_rota_duties(p_day date DEFAULT NULL::date) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_day date := coalesce(p_day, app_hidden.water_today());
  v_row record;
  v_things text;
  v_list jsonb;
  v_count int := 0;
begin
  for v_row in
    select distinct g.id as group_id, g.name as group_name, d.user_id
    from app_public.groups g
    cross join lateral app_hidden.rota_duties(g.id, v_day, v_day) d
    join app_public.users u on u.id = d.user_id and u.suspended_at is null
    where exists (select 1 from app_public.rota_slots s where s.group_id = g.id)
      and not exists (select 1 from app_private.rota_reminders_sent r where r.group_id = g.id and r.day = v_day and r.user_id = d.user_id)
  loop
    insert into app_private.rota_reminders_sent (group_id, day, user_id) values (v_row.group_id, v_day, v_row.user_id);
    select string_agg(t.name || case t.water_need when 'needs_water' then ' (needs water)' when 'due_soon' then ' (due soon)' else '' end,
                      ', ' order by t.water_need = 'needs_water' desc, t.water_need = 'due_soon' desc, t.name)
      into v_things
      from (select * from app_public.things t where t.group_id = v_row.group_id and t.hidden_at is null
            order by t.water_need = 'needs_water' desc, t.water_need = 'due_soon' desc, t.name limit 10) t;
    select jsonb_agg(jsonb_build_object('name', t.name, 'need', t.water_need)
                     order by t.water_need = 'needs_water' desc, t.water_need = 'due_soon' desc, t.name)
      into v_list
      from (select * from app_public.things t where t.group_id = v_row.group_id and t.hidden_at is null
            order by t.water_need = 'needs_water' desc, t.water_need = 'due_soon' desc, t.name limit 10) t;
    perform app_hidden.notify_user(v_row.user_id, 'water_rota', 'info',
      format('Your watering day for %s', v_row.group_name),
      format('You are on the %s watering rota today, %s.%s', v_row.group_name, app_hidden.rota_date_label(v_day),
             case when v_things is not null then ' Its things: ' || v_things || '.' else '' end),
      '/groups/' || v_row.group_id || '/rota', null, true,
      case when v_list is not null then 'notice.water_rota.day' else 'notice.water_rota.day_no_things' end,
      jsonb_build_object('group', v_row.group_name, 'onDate', v_day, 'things', v_list));
    v_count := v_count + 1;
  end loop;
  delete from app_private.rota_reminders_sent where day < v_day - 7;
  return v_count;
end;
$$;

create or replace function app_private.notify_tasks_due_tomorrow() RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_row record;
  v_count int := 0;
begin
  for v_row in
    select k.id, k.title, k.due_date, k.thing_id, t.name as thing_name, a.assigned_to
    from app_public.tasks k
    join app_public.task_assignments a on a.task_id = k.id
    join app_public.things t on t.id = k.thing_id
    where k.status <> 'completed' and k.due_date = current_date + 1
      and not exists (select 1 from app_private.task_due_notices n
                      where n.task_id = k.id and n.user_id = a.assigned_to and n.due_date = k.due_date)
  loop
    insert into app_private.task_due_notices (task_id, user_id, due_date) values (v_row.id, v_row.assigned_to, v_row.due_date);
    perform app_hidden.notify_user(v_row.assigned_to, 'task_due', 'info', 'Due tomorrow: ' || v_row.title,
      format('The task "%s" at %s is due tomorrow.', v_row.title, v_row.thing_name), '/tasks', v_row.thing_id, true,
      'notice.task_due', jsonb_build_object('task', v_row.title, 'thing', v_row.thing_name));
    v_count := v_count + 1;
  end loop;
  delete from app_private.task_due_notices where due_date < current_date - 7;
  return v_count;
end;
$$;

create or replace function app_private.tg_group_memberships__notify_owners() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_owner uuid;
  v_group app_public.groups;
  v_name text := coalesce((select name from app_public.users where id = new.user_id), 'Someone');
begin
  select * into v_group from app_public.groups where id = new.group_id;
  for v_owner in
    select user_id from app_public.group_memberships where group_id = new.group_id and is_owner and user_id <> new.user_id
  loop
    perform app_hidden.notify_user(v_owner, 'group_joined', 'positive', v_name || ' joined ' || v_group.name,
      format('%s is now a member of %s.', v_name, v_group.name), '/groups/' || v_group.id, null, true,
      'notice.group_joined', jsonb_build_object('person', (select name from app_public.users where id = new.user_id), 'group', v_group.name));
  end loop;
  return null;
end;
$$;

create or replace function app_private.tg_invitations__notify() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_inviter text := coalesce((select name from app_public.users where id = new.invited_by), 'Someone');
  v_what text;
  v_name text;
  v_which text;
  v_path text;
  v_thing uuid;
begin
  if new.user_id is null or new.user_id is not distinct from new.invited_by then
    return null;
  end if;
  if tg_table_name = 'thing_access_invitations' then
    v_what := (select name from app_public.things where id = new.thing_id);
    v_name := v_what;
    v_which := 'thing';
    v_path := '/things/accept';
    v_thing := new.thing_id;
  elsif tg_table_name = 'device_access_invitations' then
    v_name := (select name from app_public.devices where id = new.device_id);
    v_what := 'the device ' || v_name;
    v_which := 'device';
    v_path := '/devices/accept';
  else
    v_name := (select name from app_public.groups where id = new.group_id);
    v_what := 'the group ' || v_name;
    v_which := 'group';
    v_path := '/groups/accept';
  end if;
  perform app_hidden.notify_user(new.user_id, 'invitation', 'info',
    'Invitation: ' || coalesce(v_what, 'a new place'),
    v_inviter || ' invited you to help with ' || coalesce(v_what, 'something') || '.',
    v_path || '?id=' || new.id || '&code=' || new.code, v_thing, false,
    'notice.invitation.' || case when v_name is null then 'unknown' else v_which end,
    jsonb_build_object('person', (select name from app_public.users where id = new.invited_by), 'name', v_name));
  return null;
end;
$$;

create or replace function app_private.tg_task_assignments__check_and_notify() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_task app_public.tasks;
  v_thing app_public.things;
  v_visible boolean;
begin
  select * into v_task from app_public.tasks where id = new.task_id;
  -- Without this, a task id that names no task got as far as the notification (null title).
  if v_task.id is null then
    raise exception 'Task not found' using errcode = 'NTFND';
  end if;
  select * into v_thing from app_public.things where id = v_task.thing_id;
  -- Those who see the task (tasks' select policy): the thing's owners and collaborators and its
  -- group's members. A public thing is seen by everyone, its tasks are not. The planner (who
  -- passed _250_explain_refusal) may take the task on themselves.
  v_visible := new.assigned_to = app_public.current_user_id()
    or exists (select 1 from app_public.thing_accesses
               where thing_id = v_thing.id and user_id = new.assigned_to and (is_owner or is_collaborator))
    or exists (select 1 from app_public.group_memberships where group_id = v_thing.group_id and user_id = new.assigned_to);
  if not v_visible then
    -- Word for word what an id that names nobody gets (server/graphql/errors.ts, 23503).
    raise exception 'The user it refers to does not exist' using errcode = 'NTFND';
  end if;
  new.assigned_by := app_public.current_user_id();
  if new.assigned_to is distinct from app_public.current_user_id() then
    perform app_hidden.notify_user(new.assigned_to, 'task_assigned', 'info',
      'Task assigned: ' || v_task.title,
      coalesce((select name from app_public.users where id = app_public.current_user_id()), 'Someone')
        || ' asked you to ' || app_hidden.action_phrase(v_task.action_type) || ' at ' || v_thing.name
        || coalesce(' by ' || to_char(v_task.due_date, 'FMDay FMDD FMMonth'), '') || ': ' || v_task.title,
      '/tasks', v_thing.id, true,
      case when v_task.due_date is null then 'notice.task_assigned' else 'notice.task_assigned_by' end,
      jsonb_build_object('person', (select name from app_public.users where id = app_public.current_user_id()),
                         'action', v_task.action_type, 'thing', v_thing.name, 'dueDate', v_task.due_date, 'task', v_task.title));
  end if;
  return new;
end;
$$;

create or replace function app_private.tg_tasks__device_health_notify() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_user uuid;
  v_device app_public.devices;
  v_key text;
begin
  -- Which of app_private.check_device_health's two texts this task carries, by writing them again
  -- from the device (unchanged in this transaction); a task worded otherwise keeps English only.
  select * into v_device from app_public.devices where id::text = substr(new.source, length('device_health:') + 1);
  if new.title = 'Check device ' || v_device.name then
    v_key := case
      when new.description = format('The device %s (%s) has sent nothing since %s. Check its battery, antenna and probe.',
             v_device.name, v_device.device_id, to_char(v_device.last_sensor_data at time zone 'UTC', 'FMDD FMMonth HH24:MI "UTC"'))
        then 'notice.device_health.silent'
      when new.description = format('The device %s (%s) has sent nothing since it was added. Check its battery, antenna and probe.',
             v_device.name, v_device.device_id)
        then 'notice.device_health.silent_since_added'
      when new.description = format('The device %s (%s) reports a low battery (%s V). Check its battery, antenna and probe.',
             v_device.name, v_device.device_id, round(v_device.battery::numeric, 2))
        then 'notice.device_health.battery' end;
  end if;
  for v_user in
    select user_id from app_public.thing_accesses where thing_id = new.thing_id and (is_owner or is_collaborator)
  loop
    perform app_hidden.notify_user(v_user, 'device_health', 'warning', new.title,
      coalesce(new.description, new.title), '/things/' || new.thing_id, new.thing_id, true, v_key,
      case when v_key is not null then jsonb_build_object('device', v_device.name, 'deviceId', v_device.device_id,
        'sinceAt', v_device.last_sensor_data, 'volts', round(v_device.battery::numeric, 2)) end);
  end loop;
  return null;
end;
$$;

create or replace function app_public.accept_rota_swap(swap_id uuid, return_date date DEFAULT NULL::date) RETURNS app_public.rota_swaps
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_me uuid := app_hidden.require_user();
  v_swap app_public.rota_swaps;
  v_return_slot uuid;
begin
  select * into v_swap from app_public.rota_swaps w where w.id = accept_rota_swap.swap_id for update;
  if not found or not app_hidden.can_see_rota(v_swap.group_id) then
    raise exception 'The swap request it refers to does not exist' using errcode = 'NTFND';
  end if;
  if not app_hidden.is_group_member(v_swap.group_id, v_me) then
    raise exception 'Only members of the group can take a date on its rota' using errcode = 'DNIED';
  end if;
  if v_swap.requested_by = v_me then
    perform app_hidden.invalid('You cannot accept your own swap request');
  end if;
  if v_swap.status <> 'open' or v_swap.on_date < app_hidden.water_today() then
    perform app_hidden.invalid('This swap request is no longer open');
  end if;
  if return_date is not null then
    -- The requester takes one of the accepter's own dates in return.
    select s.id into v_return_slot from app_public.rota_slots s
      where s.group_id = v_swap.group_id and s.weekday = extract(isodow from return_date)::int and s.user_id = v_me;
    if v_return_slot is null or not app_hidden.on_duty(v_return_slot, return_date, v_me) then
      perform app_hidden.invalid(format('You are not on the rota on %s', app_hidden.rota_date_label(return_date)));
    end if;
    perform app_hidden.check_rota_date(return_date, extract(isodow from return_date)::int);
  end if;
  update app_public.rota_swaps w
    set status = 'accepted', accepted_by = v_me, return_slot_id = v_return_slot,
        return_date = accept_rota_swap.return_date, decided_at = now()
    where w.id = v_swap.id returning * into v_swap;
  perform app_hidden.notify_user(v_swap.requested_by, 'water_rota_swap', 'positive',
    'Your rota swap was accepted',
    format('%s takes %s for you%s.', (select coalesce(name, username) from app_public.users where id = v_me),
           app_hidden.rota_date_label(v_swap.on_date),
           case when v_swap.return_date is not null then format('; you take %s in return', app_hidden.rota_date_label(v_swap.return_date)) else '' end),
    '/groups/' || v_swap.group_id || '/rota', null, true,
    case when v_swap.return_date is null then 'notice.water_rota_swap.accepted' else 'notice.water_rota_swap.accepted_return' end,
    jsonb_build_object('person', (select coalesce(name, username) from app_public.users where id = v_me),
                       'onDate', v_swap.on_date, 'returnDate', v_swap.return_date));
  return v_swap;
end;
$$;


-- The data of water_ago_text and water_mm_text, for the catalogue's reason parts.
create function app_hidden.water_ago_values(p_at timestamptz) returns jsonb
    language sql stable parallel safe
    as $$
  select case
    when now() - p_at < interval '2 minutes' then jsonb_build_object('agoUnit', 'now', 'ago', 0)
    when now() - p_at < interval '1 hour' then jsonb_build_object('agoUnit', 'minutes', 'ago', floor(extract(epoch from now() - p_at) / 60))
    when now() - p_at < interval '2 hours' then jsonb_build_object('agoUnit', 'hours', 'ago', 1)
    else jsonb_build_object('agoUnit', 'hours', 'ago', floor(extract(epoch from now() - p_at) / 3600)) end
$$;

create function app_hidden.water_mm_value(p_mm double precision) returns numeric
    language sql immutable parallel safe
    as $$ select case when p_mm >= 9.95 then round(p_mm::numeric) else round(p_mm::numeric, 1) end $$;

drop function app_hidden.water_need_from_reading(double precision, jsonb, timestamptz);
drop function app_private.water_need_results(uuid[]);

create function app_hidden.water_need_from_reading(p_water double precision, p_levels jsonb, p_at timestamp with time zone, OUT need app_public.water_need, OUT reason text, OUT store_percent double precision, OUT parts jsonb) RETURNS record
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    AS $$
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
  parts := jsonb_build_array(jsonb_build_object('key', 'reason.reading', 'values', jsonb_build_object(
    'percent', round(p_water::numeric),
    'band', case when v_band in ('dry', 'needsWater', 'saturated') then v_band else 'none' end,
    'limit', case v_band when 'dry' then round(coalesce((p_levels->>'dry')::numeric, 20))
                         when 'needsWater' then round(coalesce((p_levels->>'needsWater')::numeric, 30))
                         when 'saturated' then round(coalesce((p_levels->>'good')::numeric, 60)) end)
    || app_hidden.water_ago_values(p_at)));
  store_percent := round(least(100, greatest(0, 100 * p_water / nullif(coalesce((p_levels->>'good')::float8, 60), 0)))::numeric)::float8;
end;
$$;

create function app_private.water_need_results(p_ids uuid[]) RETURNS TABLE(id uuid, need app_public.water_need, reason text, store_percent double precision, parts jsonb)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    SET jit TO 'off'
    SET plan_cache_mode TO 'force_custom_plan'
    SET work_mem TO '64MB'
    AS $$
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
  select s.id, s.need, s.reason, s.store_percent, s.parts from sensed s
  union all
  select th.id, 'fine', 'needs no watering', null, '[{"key": "reason.no_watering_needed"}]'::jsonb from th where not th.needs_watering and not exists (select 1 from sensed where sensed.id = th.id)
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
         round((100 * m.store_mm / m.capacity_mm)::numeric)::float8,
         -- The same clauses as data for the catalogue (shared/i18n/notices, reason.*).
         (select jsonb_agg(p) from unnest(array[
           case when m.watered_at is null then jsonb_build_object('key', 'reason.no_watering')
                when m.days_ago <= 7 and m.litres is null then jsonb_build_object('key', 'reason.watered', 'values', jsonb_build_object('days', greatest(m.days_ago, 0)))
                when m.days_ago <= 7 then jsonb_build_object('key', 'reason.watered_litres', 'values', jsonb_build_object('days', greatest(m.days_ago, 0), 'litres', round(m.litres::numeric, 1)))
                else jsonb_build_object('key', 'reason.not_watered_for', 'values', jsonb_build_object('days', m.days_ago)) end,
           case when not m.rain_reaches then jsonb_build_object('key', 'reason.under_glass')
                when m.rain_days = 0 then jsonb_build_object('key', 'reason.no_weather')
                when m.watered_at is not null and m.days_ago <= 7 then
                  case when coalesce(m.rain_since, 0) < 0.05 then jsonb_build_object('key', 'reason.no_rain_since')
                       else jsonb_build_object('key', 'reason.rain_since', 'values', jsonb_build_object('mm', app_hidden.water_mm_value(m.rain_since))) end
                when coalesce(m.rain_since, 0) < 0.05 then jsonb_build_object('key', 'reason.no_rain_week')
                else jsonb_build_object('key', 'reason.rain_week', 'values', jsonb_build_object('mm', app_hidden.water_mm_value(m.rain_since))) end,
           case when m.tmax >= 25 then jsonb_build_object('key', 'reason.hot_ahead')
                when m.rain_reaches and m.ahead_rain >= 5 then jsonb_build_object('key', 'reason.rain_expected') end]) p
          where p is not null)
  from modelled m
  union all
  select th.id, 'unknown', 'no watering, fresh reading or weather recorded yet', null, '[{"key": "reason.not_yet"}]'::jsonb
  from th where th.needs_watering and not exists (select 1 from sensed where sensed.id = th.id)
    and not exists (select 1 from final f where f.thing_id = th.id);
end;
$$;

create or replace function app_private.refresh_water_need(p_ids uuid[] DEFAULT NULL::uuid[]) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    SET jit TO 'off'
    SET plan_cache_mode TO 'force_custom_plan'
    AS $$
declare
  v_count int;
begin
  if p_ids is not null and cardinality(p_ids) = 0 then
    return 0;
  end if;
  if p_ids is null then
    update app_public.things t set
        water_need = r.need, water_need_reason = r.reason, water_need_reason_parts = r.parts, water_store_percent = r.store_percent, water_need_at = now(),
        -- A new dry spell alerts afresh (app_private.check_dry_alerts).
        needs_water_notification_at = case when r.need = 'needs_water' then t.needs_water_notification_at end
      from app_private.water_need_results(null) r
      where r.id = t.id
        and (t.water_need, t.water_need_reason, t.water_store_percent, t.water_need_reason_parts) is distinct from (r.need, r.reason, r.store_percent, r.parts);
  else
    -- The same for a few things: t.id = any(p_ids) lets the update find them by index.
    update app_public.things t set
        water_need = r.need, water_need_reason = r.reason, water_need_reason_parts = r.parts, water_store_percent = r.store_percent, water_need_at = now(),
        needs_water_notification_at = case when r.need = 'needs_water' then t.needs_water_notification_at end
      from app_private.water_need_results(p_ids) r
      where r.id = t.id and t.id = any(p_ids)
        and (t.water_need, t.water_need_reason, t.water_store_percent, t.water_need_reason_parts) is distinct from (r.need, r.reason, r.store_percent, r.parts);
  end if;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

create or replace function app_private.tg_things__water_need_from_reading() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  r record;
begin
  select * into r from app_hidden.water_need_from_reading(new.water, new.hydration_levels, new.last_sensor_data);
  if r.need is not null
     and (new.water_need, new.water_need_reason, new.water_store_percent, new.water_need_reason_parts) is distinct from (r.need, r.reason, r.store_percent, r.parts) then
    new.water_need := r.need;
    new.water_need_reason := r.reason;
    new.water_need_reason_parts := r.parts;
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
      new.water_need_reason_parts := '[{"key": "reason.no_watering_needed"}]';
    else
      new.water_need := 'unknown';
      new.water_need_reason := 'no watering, fresh reading or weather recorded yet';
      new.water_need_reason_parts := '[{"key": "reason.not_yet"}]';
    end if;
    new.water_store_percent := null;
    new.water_need_at := now();
  end if;
  return new;
end;
$$;

create or replace function app_hidden.history_ignored_columns(p_table text) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select case p_table
    when 'things' then array[
      'id', 'created_at', 'updated_at', 'created_by', 'has_image', 'hidden_at',
      'water', 'temperature', 'conductivity', 'ph', 'led_state', 'last_sensor_data', 'last_action',
      'indicator_colour', 'indicator_colour_last', 'indicator_colour_changed_at', 'needs_water_notification_at',
      'water_need', 'water_need_reason', 'water_need_reason_parts', 'water_store_percent', 'water_need_at',
      'texture', 'drainage', 'fertility', 'landcover', 'habitats', 'carbon', 'drains_to', 'water_protection',
      'general_cropping']
    when 'devices' then array[
      'id', 'created_at', 'updated_at', 'has_image',
      'water', 'temperature', 'conductivity', 'ph', 'led_state', 'battery', 'rssi', 'snr', 'last_sensor_data',
      'indicator_colour']
    when 'groups' then array['id', 'created_at', 'updated_at', 'has_image', 'slug']
    else array[]::text[]
  end
$$;

-- Every thing's parts at once (the model writes only what changed, and parts are new).
select app_private.refresh_water_need(null);

-- migrate:down
-- (Not reversible by itself: the earlier functions are in the migrations that last defined them.)
