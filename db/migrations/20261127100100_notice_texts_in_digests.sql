-- migrate:up
-- The digests in the reader's language too (issue 25): a notice held for the digest keeps its
-- catalogue key and data (app_hidden.notify_user), the notice digest's payload carries them, and
-- the daily digest's things carry their water-need reason's parts. The worker writes both e-mails
-- in the recipient's language from them; the English stays beside them.
alter table app_private.held_notices add column text_key text, add column text_values jsonb;

create or replace function app_hidden.notify_user(p_user_id uuid, p_kind text, p_level app_public.notification_level, p_title text, p_body text, p_link_path text, p_thing_id uuid, p_email boolean, p_text_key text DEFAULT NULL::text, p_text_values jsonb DEFAULT NULL::jsonb) RETURNS void
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
    insert into app_private.held_notices (user_id, kind, title, body, link_path, reason, text_key, text_values)
      values (p_user_id, v_kind, p_title, p_body, p_link_path, 'cap', p_text_key, p_text_values);
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
      insert into app_private.held_notices (user_id, kind, title, body, link_path, reason, text_key, text_values)
        values (p_user_id, v_kind, p_title, p_body, p_link_path, 'digest', p_text_key, p_text_values);
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

create or replace function app_private.queue_daily_digests() RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_user app_public.users;
  v_settings app_public.notice_settings;
  v_payload json;
  v_held json;
  v_max bigint;
  v_count int := 0;
  v_summary boolean;
begin
  for v_user in
    select u.* from app_public.users u
    left join app_private.user_digests d on d.user_id = u.id
    left join app_public.notice_settings s on s.user_id = u.id
    where (u.notification_daily or exists (select 1 from app_private.held_notices h where h.user_id = u.id))
      and (d.last_sent_at is null
           or d.last_sent_at < now() - case when s.digest_frequency = 'weekly' then interval '6 days 20 hours' else interval '20 hours' end)
  loop
    v_settings := app_hidden.notice_settings_of(v_user.id);
    select json_agg(json_build_object('title', h.title, 'body', h.body, 'linkPath', h.link_path, 'at', h.created_at,
                             'textKey', h.text_key, 'textValues', h.text_values) order by h.id),
           max(h.id)
      into v_held, v_max
      from (select * from app_private.held_notices where user_id = v_user.id order by id limit 50) h;
    v_summary := v_user.notification_daily;
    v_payload := case when v_summary then app_private.daily_digest_payload(v_user.id) end;
    if v_summary and (json_array_length(v_payload->'things') > 0 or json_array_length(v_payload->'tasks') > 0
                      or json_array_length(v_payload->'activity') > 0) then
      perform graphile_worker.add_job('send_email', json_build_object(
        'to', app_hidden.primary_email(v_user.id), 'template', 'daily_digest', 'domainName', null,
        'variables', v_payload, 'unsubscribe', json_build_object('userId', v_user.id, 'kind', 'digest')))
      where app_hidden.primary_email(v_user.id) is not null;
    end if;
    if v_held is not null then
      perform graphile_worker.add_job('send_email', json_build_object(
        'to', app_hidden.primary_email(v_user.id), 'template', 'notice_digest', 'domainName', null,
        'variables', json_build_object('name', v_user.name, 'frequency', v_settings.digest_frequency, 'notices', v_held),
        'unsubscribe', json_build_object('userId', v_user.id, 'kind', 'digest')))
      where app_hidden.primary_email(v_user.id) is not null;
      delete from app_private.held_notices where user_id = v_user.id and id <= v_max;
    end if;
    insert into app_private.user_digests (user_id, last_sent_at) values (v_user.id, now())
      on conflict (user_id) do update set last_sent_at = excluded.last_sent_at;
    v_count := v_count + 1;
  end loop;
  delete from app_private.notice_log where created_at < now() - interval '7 days';
  return v_count;
end;
$$;

create or replace function app_private.daily_digest_payload(p_user_id uuid) RETURNS json
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select json_build_object(
    'name', u.name,
    'things', coalesce((
      select json_agg(json_build_object('id', t.id, 'name', t.name, 'colour', coalesce(t.indicator_colour, 'grey'),
                                        'band', app_hidden.hydration_band(t.water, t.hydration_levels),
                                        'water', t.water, 'lastReading', t.last_sensor_data, 'lastAction', t.last_action,
                                        'waterNeed', t.water_need, 'waterNeedReason', t.water_need_reason,
                                        'waterNeedReasonParts', t.water_need_reason_parts)
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

-- migrate:down
-- (Not reversible by itself: the earlier functions are in 20261127100000_notice_texts.sql and before.)
