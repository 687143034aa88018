-- migrate:up
-- Abuse and enumeration (security review, issue #20).
--
-- 1. Task assignments: only people who may see the task (the thing's owners and collaborators,
--    the members of its group; or the planner taking it on themselves) can be assigned. Anyone
--    else gets the answer an id that names nobody gets (NTFND 'The user it refers to does not
--    exist'), so assigning tells nothing about who exists, and nobody outside is e-mailed.
-- 2. Notice e-mails a signed-in user causes to be sent to someone else (app_hidden.notify_user
--    with an e-mail) are limited per sender: 30 in any hour, counted in app_private.notice_emails
--    under a per-sender lock, so the limit holds across server processes. Past it: RATEL.
-- 3. Feedback about a thing, and a user's One Thing, take only things the caller can see; any
--    other id answers as one that names nothing (NTFND 'The thing it refers to does not exist').
-- 4. Navigation analytics need a live session (a guest token, or a signed-in token whose
--    session is not signed out or expired), and an analytics session belongs to the visitor who
--    started it: events and summaries for someone else's session id are refused.
-- 5. Subscriptions end with their session: signing out (or any revocation) notifies
--    session:<id>, which the server's subscriptions listen to (server/subscriptions/).
-- 6. Uplinks dated in the future or carrying impossible values are kept as they came, with the
--    reason, in app_private.rejected_uplinks; they give no reading and move no latest value.

---------------------------------------------------------------------------------------------
-- 1. Who can be assigned a task

create or replace function app_private.tg_task_assignments__check_and_notify() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
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
      '/tasks', v_thing.id, true);
  end if;
  return new;
end;
$$;

---------------------------------------------------------------------------------------------
-- 2. Notice e-mails per sender

create table app_private.notice_emails (
  id bigint generated always as identity primary key,
  sender_id uuid not null references app_public.users on delete cascade,
  sent_at timestamptz not null default now()
);
comment on table app_private.notice_emails is 'One row per notice e-mail a user caused to be sent to someone else, kept for an hour (the rate limit).';
create index notice_emails_sender_id_sent_at_idx on app_private.notice_emails (sender_id, sent_at);

create function app_hidden.notice_emails_per_hour() returns int
  language sql immutable as $$ select 30 $$;

-- Counts one notice e-mail for the signed-in user, or raises RATEL when they have caused
-- notice_emails_per_hour() in the last hour. Nothing for callers without a user (the worker's
-- alerts and digests). Also for other e-mails a user sends to someone else (invitations).
create function app_hidden.take_notice_email() returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_sender uuid := app_public.current_user_id();
  v_count int;
  v_oldest timestamptz;
  v_wait int;
begin
  if v_sender is null then
    return;
  end if;
  -- One sender at a time, so concurrent requests (on any server) cannot both pass the limit.
  perform pg_advisory_xact_lock(hashtextextended('app_private.notice_emails:' || v_sender, 0));
  delete from app_private.notice_emails where sender_id = v_sender and sent_at <= now() - interval '1 hour';
  select count(*), min(sent_at) into v_count, v_oldest
    from app_private.notice_emails where sender_id = v_sender;
  if v_count >= app_hidden.notice_emails_per_hour() then
    v_wait := greatest(1, ceil(extract(epoch from (v_oldest + interval '1 hour' - now())) / 60)::int);
    raise exception 'You can send people up to % e-mail notices an hour. Please try again in % minute%.',
      app_hidden.notice_emails_per_hour(), v_wait, case when v_wait = 1 then '' else 's' end
      using errcode = 'RATEL';
  end if;
  insert into app_private.notice_emails (sender_id) values (v_sender);
end;
$$;
grant execute on function app_hidden.take_notice_email() to bk_user;

create or replace function app_hidden.notify_user(
  p_user_id uuid, p_kind text, p_level app_public.notification_level, p_title text, p_body text,
  p_link_path text, p_thing_id uuid, p_email boolean
) returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  -- An e-mail someone causes to be sent to another person counts against their hourly limit.
  if p_email and p_user_id is distinct from app_public.current_user_id() then
    perform app_hidden.take_notice_email();
  end if;
  insert into app_public.notifications (user_id, kind, level, title, body, link_path, thing_id)
    values (p_user_id, p_kind, p_level, p_title, p_body, p_link_path, p_thing_id);
  if p_email then
    perform app_hidden.queue_email(app_hidden.primary_email(p_user_id), 'notification', json_build_object(
      'name', (select name from app_public.users where id = p_user_id),
      'title', p_title, 'body', p_body, 'linkPath', p_link_path, 'linkLabel', 'Open in the app'));
  end if;
end;
$$;

---------------------------------------------------------------------------------------------
-- 3. Feedback and the One Thing: things the caller can see

create function app_private.tg_feedback__thing_visible() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if new.thing_id is not null and current_setting('role', true) in ('bk_user', 'bk_admin')
     and not app_hidden.can_see_thing(new.thing_id) then
    raise exception 'The thing it refers to does not exist' using errcode = 'NTFND';
  end if;
  return new;
end;
$$;
create trigger _300_thing_visible before insert on app_public.feedback
  for each row execute function app_private.tg_feedback__thing_visible();

-- Only a new value is checked: a One Thing that has since become invisible does not block
-- changing one's name.
create function app_private.tg_users__one_thing_visible() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if new.one_thing_id is not null and new.one_thing_id is distinct from old.one_thing_id
     and current_setting('role', true) in ('bk_user', 'bk_admin')
     and not app_hidden.can_see_thing(new.one_thing_id) then
    raise exception 'The thing it refers to does not exist' using errcode = 'NTFND';
  end if;
  return new;
end;
$$;
create trigger _300_one_thing_visible before update of one_thing_id on app_public.users
  for each row execute function app_private.tg_users__one_thing_visible();

---------------------------------------------------------------------------------------------
-- 4. Navigation analytics: the caller's own session

-- The visitor a request speaks for: a signed-in token's user while its session is live (no one
-- once it is signed out or expired), else a guest token's random id; no one without a token.
create or replace function app_hidden.current_visitor() returns table (user_id uuid, is_guest boolean)
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select case when app_public.current_session_id() is not null then app_public.current_user_id()
              else nullif(current_setting('jwt.claims.user_id', true), '')::uuid end,
         app_public.current_session_id() is null
$$;

create or replace function app_public.sync_navigation_events(session_id uuid, user_id uuid, events jsonb)
  returns app_public.sync_navigation_result
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
#variable_conflict use_column
declare
  v_visitor record;
  v_event jsonb;
  v_index int := 0;
  v_errors text[] := '{}';
  v_at timestamptz;
  v_to text;
  v_from text;
  v_spent numeric;
  v_good_from text[] := '{}';
  v_good_to text[] := '{}';
  v_good_at timestamptz[] := '{}';
  v_good_spent int[] := '{}';
  v_owner uuid;
  v_rows int;
begin
  select * into v_visitor from app_hidden.current_visitor();
  if v_visitor.user_id is null then
    return row(false, 0, array['A guest or signed-in session is required'])::app_public.sync_navigation_result;
  end if;
  if sync_navigation_events.session_id is null then
    return row(false, 0, array['sessionId is required'])::app_public.sync_navigation_result;
  end if;
  if sync_navigation_events.user_id is not null and v_visitor.user_id is distinct from sync_navigation_events.user_id then
    return row(false, 0, array['userId does not match the signed-in visitor'])::app_public.sync_navigation_result;
  end if;
  if jsonb_typeof(events) is distinct from 'array' then
    return row(false, 0, array['events must be a list'])::app_public.sync_navigation_result;
  end if;
  -- An analytics session belongs to the visitor who started it.
  select s.user_id into v_owner from app_private.navigation_sessions s where s.session_id = sync_navigation_events.session_id;
  if found and v_owner is distinct from v_visitor.user_id then
    return row(false, 0, array['sessionId belongs to another visitor'])::app_public.sync_navigation_result;
  end if;
  if jsonb_array_length(events) > 1000 then
    return row(false, 0, array['At most 1000 events per batch'])::app_public.sync_navigation_result;
  end if;

  for v_event in select value from jsonb_array_elements(events) loop
    v_index := v_index + 1;
    begin
      if jsonb_typeof(v_event) is distinct from 'object' then
        raise exception 'is not an object';
      end if;
      v_to := v_event->>'to';
      v_from := v_event->>'from';
      if v_to is null or v_to = '' or v_to !~ '^/' then raise exception 'to must be a path starting with /'; end if;
      if char_length(v_to) > 500 or char_length(coalesce(v_from, '')) > 500 then raise exception 'paths must be at most 500 characters'; end if;
      if v_from is not null and v_from <> '' and v_from !~ '^/' then raise exception 'from must be a path starting with /'; end if;
      begin
        v_at := (v_event->>'timestamp')::timestamptz;
      exception when others then
        raise exception 'timestamp is not a time';
      end;
      if v_at is null then raise exception 'timestamp is required'; end if;
      if v_at > now() + interval '5 minutes' then raise exception 'timestamp is in the future'; end if;
      if v_at < now() - interval '30 days' then raise exception 'timestamp is older than the 30-day retention'; end if;
      begin
        v_spent := coalesce((v_event->>'timeSpent')::numeric, 0);
      exception when others then
        raise exception 'timeSpent is not a number';
      end;
      if v_spent < 0 or v_spent > 86400000 then raise exception 'timeSpent must be between 0 and 86400000 ms'; end if;
      v_good_from := v_good_from || nullif(v_from, '');
      v_good_to := v_good_to || v_to;
      v_good_at := v_good_at || v_at;
      v_good_spent := v_good_spent || round(v_spent)::int;
    exception when others then
      v_errors := v_errors || format('event %s: %s', v_index, sqlerrm);
    end;
  end loop;

  -- A session row exists for every session with events, starting at its first event. It is
  -- written before the events: see refresh_navigation_user_sessions for why.
  insert into app_private.navigation_sessions (session_id, user_id, is_guest, started_at)
    select sync_navigation_events.session_id, v_visitor.user_id, v_visitor.is_guest, min(g.at)
    from unnest(v_good_at) as g(at)
    having count(*) > 0
    on conflict on constraint navigation_sessions_pkey do update set started_at = least(navigation_sessions.started_at, excluded.started_at), updated_at = now()
    where navigation_sessions.user_id is not distinct from excluded.user_id;
  get diagnostics v_rows = row_count;
  -- Someone else started this session id meanwhile (their transaction committed first).
  if cardinality(v_good_at) > 0 and v_rows = 0 then
    return row(false, 0, array['sessionId belongs to another visitor'])::app_public.sync_navigation_result;
  end if;

  -- A resent event (same session, time and route) is skipped, and counted as synced: the client
  -- only needs to know the server has it.
  insert into app_private.navigation_events (session_id, user_id, is_guest, from_route, to_route, occurred_at, time_spent)
    select sync_navigation_events.session_id, v_visitor.user_id, v_visitor.is_guest, g.from_route, g.to_route, g.occurred_at, g.time_spent
    from unnest(v_good_from, v_good_to, v_good_at, v_good_spent) as g(from_route, to_route, occurred_at, time_spent)
    on conflict on constraint navigation_events_once do nothing;

  return row(cardinality(v_errors) = 0, cardinality(v_good_to), v_errors)::app_public.sync_navigation_result;
end;
$$;

create or replace function app_public.sync_user_session(session_id uuid, user_id uuid, started_at timestamptz,
                                             ended_at timestamptz default null, user_agent text default null)
  returns app_public.sync_session_result
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
#variable_conflict use_column
declare
  v_visitor record;
  v_total int;
  v_rows int;
begin
  select * into v_visitor from app_hidden.current_visitor();
  if v_visitor.user_id is null then
    return row(false, sync_user_session.session_id, 0, array['A guest or signed-in session is required'])::app_public.sync_session_result;
  end if;
  if sync_user_session.session_id is null or sync_user_session.started_at is null then
    return row(false, sync_user_session.session_id, 0, array['sessionId and startedAt are required'])::app_public.sync_session_result;
  end if;
  if sync_user_session.user_id is not null and v_visitor.user_id is distinct from sync_user_session.user_id then
    return row(false, sync_user_session.session_id, 0, array['userId does not match the signed-in visitor'])::app_public.sync_session_result;
  end if;
  if ended_at is not null and ended_at < started_at then
    return row(false, sync_user_session.session_id, 0, array['endedAt is before startedAt'])::app_public.sync_session_result;
  end if;
  insert into app_private.navigation_sessions (session_id, user_id, is_guest, started_at, ended_at, user_agent)
    values (sync_user_session.session_id, v_visitor.user_id, v_visitor.is_guest, sync_user_session.started_at,
            sync_user_session.ended_at, left(sync_user_session.user_agent, 500))
    on conflict on constraint navigation_sessions_pkey do update set
      started_at = least(navigation_sessions.started_at, excluded.started_at),
      ended_at = greatest(navigation_sessions.ended_at, excluded.ended_at),
      user_agent = coalesce(excluded.user_agent, navigation_sessions.user_agent),
      updated_at = now()
    where navigation_sessions.user_id is not distinct from excluded.user_id;
  get diagnostics v_rows = row_count;
  -- Another visitor's session: changed nothing, and nothing about it is told.
  if v_rows = 0 then
    return row(false, sync_user_session.session_id, 0, array['sessionId belongs to another visitor'])::app_public.sync_session_result;
  end if;
  select count(*) into v_total from app_private.navigation_events e where e.session_id = sync_user_session.session_id;
  return row(true, sync_user_session.session_id, v_total, '{}'::text[])::app_public.sync_session_result;
end;
$$;

---------------------------------------------------------------------------------------------
-- 5. Subscriptions end with their session

-- Until when the request's signed-in session is live; null when it is signed out, expired or
-- there is none. The server asks once per subscription, then listens to session:<id>.
create function app_hidden.live_session_until() returns timestamptz
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select s.expires_at from app_private.sessions s
  where s.id = app_public.current_session_id() and s.revoked_at is null and s.expires_at > now()
$$;
grant execute on function app_hidden.live_session_until() to bk_anonymous;

create function app_private.tg_sessions__announce_end() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  perform pg_notify('session:' || old.id, 'ended');
  return null;
end;
$$;
create trigger _900_announce_revoked after update of revoked_at on app_private.sessions
  for each row when (old.revoked_at is null and new.revoked_at is not null)
  execute function app_private.tg_sessions__announce_end();
create trigger _900_announce_deleted after delete on app_private.sessions
  for each row when (old.revoked_at is null)
  execute function app_private.tg_sessions__announce_end();

---------------------------------------------------------------------------------------------
-- 6. Uplinks dated in the future or with impossible values

-- The ranges (decisions.md "Impossible readings"): the Dragino LSE01's and LSPH01's documented
-- measuring ranges (soil moisture 0-100 %, soil temperature -40 to 85 degC, conductivity
-- 0-20000 uS/cm), the pH scale (0-14), and the cell's voltage (a Li-SOCl2 cell reads at most
-- 3.67 V; below 2 V the radio cannot send). A reading may be 5 minutes ahead of this clock.
-- Inlined into ingest_uplinks' query (plain SQL, not security definer).
create function app_private.uplink_problem(p_values jsonb, p_received_at timestamptz) returns text
  language sql stable
  as $$
  select case
    when p_received_at > now() + interval '5 minutes' then 'received_at is in the future'
    when jsonb_typeof(p_values) is distinct from 'object' then 'the values must be a JSON object'
    when jsonb_typeof(p_values->'water') not in ('number', 'null') then 'water must be a number'
    when jsonb_typeof(p_values->'temperature') not in ('number', 'null') then 'temperature must be a number'
    when jsonb_typeof(p_values->'conductivity') not in ('number', 'null') then 'conductivity must be a number'
    when jsonb_typeof(p_values->'ph') not in ('number', 'null') then 'ph must be a number'
    when jsonb_typeof(p_values->'battery') not in ('number', 'null') then 'battery must be a number'
    when (p_values->>'water')::numeric not between 0 and 100
      then format('water must be between 0 and 100 %% (got %s)', p_values->>'water')
    when (p_values->>'temperature')::numeric not between -40 and 85
      then format('temperature must be between -40 and 85 °C (got %s)', p_values->>'temperature')
    when (p_values->>'conductivity')::numeric not between 0 and 20000
      then format('conductivity must be between 0 and 20000 µS/cm (got %s)', p_values->>'conductivity')
    when (p_values->>'ph')::numeric not between 0 and 14
      then format('ph must be between 0 and 14 (got %s)', p_values->>'ph')
    when (p_values->>'battery')::numeric not between 2 and 4
      then format('battery must be between 2 and 4 V (got %s)', p_values->>'battery')
  end
$$;
comment on function app_private.uplink_problem(jsonb, timestamptz) is
  'Why an uplink''s values cannot be a reading (dated in the future, or out of the sensors'' ranges); null when they can.';

-- Rejected uplinks, as they came: the decoded values, the raw payload and the reason. The same
-- uplink delivered again is stored once (device, time and frame counter, as readings).
create table app_private.rejected_uplinks (
  id bigint generated always as identity primary key,
  device_id uuid not null references app_public.devices on delete cascade,
  received_at timestamptz not null,
  f_cnt int not null,
  data jsonb not null,
  -- frm_payload as sent (base64); null when the uplink came decoded only.
  payload text,
  reason text not null,
  stored_at timestamptz not null default now(),
  constraint rejected_uplinks_uplink_key unique (device_id, received_at, f_cnt)
);
comment on table app_private.rejected_uplinks is 'Uplinks that gave no reading (future time, impossible values), with the reason.';

drop function app_private.ingest_uplinks(text[], timestamptz[], int[], jsonb[]);
create function app_private.ingest_uplinks(
  p_device_ids text[], p_received_at timestamptz[], p_f_cnts int[], p_values jsonb[], p_payloads text[] default null
) returns text[]
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_statuses text[];
  v_problems text[];
begin
  if cardinality(p_device_ids) is distinct from cardinality(p_received_at)
     or cardinality(p_device_ids) is distinct from cardinality(p_f_cnts)
     or cardinality(p_device_ids) is distinct from cardinality(p_values)
     or (p_payloads is not null and cardinality(p_device_ids) is distinct from cardinality(p_payloads)) then
    raise exception 'Uplink arrays must have the same length' using errcode = 'INVLD';
  end if;

  -- What is wrong with each uplink, if anything (null: it is a reading).
  select array_agg(app_private.uplink_problem(u.v, u.r) order by u.o) into v_problems
    from unnest(p_received_at, p_values) with ordinality u(r, v, o);

  -- Partitions for the readings only: a rejected uplink's time makes none.
  perform app_private.ensure_sensor_data_partition(m.at)
  from (select distinct on (date_trunc('month', r at time zone 'UTC')) r as at
        from unnest(p_received_at, v_problems) u(r, problem) where problem is null) m;

  -- Rows are locked in id order, devices before things, so concurrent batches cannot deadlock.
  perform 1 from app_public.devices where device_id = any (p_device_ids) order by id for no key update;
  perform 1 from app_public.things
    where id in (select thing_id from app_public.devices where device_id = any (p_device_ids))
    order by id for no key update;

  with input as (
    select i.ord, d.id as device_id, d.thing_id, i.received_at, coalesce(i.f_cnt, 0) as f_cnt, i.vals,
           p_payloads[i.ord] as payload, v_problems[i.ord] as problem
    from unnest(p_device_ids, p_received_at, p_f_cnts, p_values) with ordinality as i(device_key, received_at, f_cnt, vals, ord)
    left join app_public.devices d on d.device_id = i.device_key
  ),
  inserted as (
    insert into app_public.sensor_data (device_id, thing_id, created_at, f_cnt, data)
    select device_id, thing_id, received_at, f_cnt, vals from input where device_id is not null and problem is null
    on conflict on constraint sensor_data_uplink_key do nothing
    returning device_id, created_at, f_cnt
  ),
  rejected as (
    insert into app_private.rejected_uplinks (device_id, received_at, f_cnt, data, payload, reason)
    select device_id, received_at, f_cnt, vals, payload, problem from input where device_id is not null and problem is not null
    on conflict on constraint rejected_uplinks_uplink_key do nothing
    returning device_id, received_at, f_cnt
  ),
  -- An uplink twice in one batch is stored once: the first is "stored", the other "duplicate".
  stored as (
    select distinct on (i.device_id, i.received_at, i.f_cnt) i.*
    from input i join inserted s on s.device_id = i.device_id and s.created_at = i.received_at and s.f_cnt = i.f_cnt
    order by i.device_id, i.received_at, i.f_cnt, i.ord
  ),
  kept as (
    select distinct on (i.device_id, i.received_at, i.f_cnt) i.ord
    from input i join rejected r on r.device_id = i.device_id and r.received_at = i.received_at and r.f_cnt = i.f_cnt
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
      case when i.device_id is null then 'unknown_device'
           when s.ord is not null then 'stored'
           when k.ord is not null then 'rejected: ' || i.problem
           else 'duplicate' end
      order by i.ord)
    into v_statuses
  -- devices_updated and things_updated run although nothing reads them (data-modifying CTEs do).
  from input i left join stored s on s.ord = i.ord left join kept k on k.ord = i.ord;
  return coalesce(v_statuses, '{}');
end;
$$;
comment on function app_private.ingest_uplinks(text[], timestamptz[], int[], jsonb[], text[]) is
  'Stores a batch of uplinks (parallel arrays; payloads are the raw frm_payloads, optional); answers stored, duplicate, unknown_device or "rejected: <reason>" for each, in order.';

-- One uplink: the same rule, for the seed and scripts.
create or replace function app_private.ingest_uplink(p_device_id text, p_received_at timestamptz, p_f_cnt int, p_values jsonb) returns text
  language sql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select (app_private.ingest_uplinks(array[p_device_id], array[p_received_at], array[p_f_cnt], array[p_values]))[1]
$$;

-- migrate:down
drop function app_private.ingest_uplinks(text[], timestamptz[], int[], jsonb[], text[]);
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

create or replace function app_private.ingest_uplink(p_device_id text, p_received_at timestamptz, p_f_cnt int, p_values jsonb) returns text
  language sql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select (app_private.ingest_uplinks(array[p_device_id], array[p_received_at], array[p_f_cnt], array[p_values]))[1]
$$;
drop table app_private.rejected_uplinks;
drop function app_private.uplink_problem(jsonb, timestamptz);

drop trigger _900_announce_deleted on app_private.sessions;
drop trigger _900_announce_revoked on app_private.sessions;
drop function app_private.tg_sessions__announce_end();
drop function app_hidden.live_session_until();

create or replace function app_hidden.current_visitor() returns table (user_id uuid, is_guest boolean)
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select coalesce(app_public.current_user_id(), nullif(current_setting('jwt.claims.user_id', true), '')::uuid),
         app_public.current_user_id() is null
$$;

create or replace function app_public.sync_navigation_events(session_id uuid, user_id uuid, events jsonb)
  returns app_public.sync_navigation_result
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
#variable_conflict use_column
declare
  v_visitor record;
  v_event jsonb;
  v_index int := 0;
  v_errors text[] := '{}';
  v_at timestamptz;
  v_to text;
  v_from text;
  v_spent numeric;
  v_good_from text[] := '{}';
  v_good_to text[] := '{}';
  v_good_at timestamptz[] := '{}';
  v_good_spent int[] := '{}';
begin
  select * into v_visitor from app_hidden.current_visitor();
  if sync_navigation_events.session_id is null then
    return row(false, 0, array['sessionId is required'])::app_public.sync_navigation_result;
  end if;
  if sync_navigation_events.user_id is not null and v_visitor.user_id is distinct from sync_navigation_events.user_id then
    return row(false, 0, array['userId does not match the signed-in visitor'])::app_public.sync_navigation_result;
  end if;
  if jsonb_typeof(events) is distinct from 'array' then
    return row(false, 0, array['events must be a list'])::app_public.sync_navigation_result;
  end if;
  if jsonb_array_length(events) > 1000 then
    return row(false, 0, array['At most 1000 events per batch'])::app_public.sync_navigation_result;
  end if;

  for v_event in select value from jsonb_array_elements(events) loop
    v_index := v_index + 1;
    begin
      if jsonb_typeof(v_event) is distinct from 'object' then
        raise exception 'is not an object';
      end if;
      v_to := v_event->>'to';
      v_from := v_event->>'from';
      if v_to is null or v_to = '' or v_to !~ '^/' then raise exception 'to must be a path starting with /'; end if;
      if char_length(v_to) > 500 or char_length(coalesce(v_from, '')) > 500 then raise exception 'paths must be at most 500 characters'; end if;
      if v_from is not null and v_from <> '' and v_from !~ '^/' then raise exception 'from must be a path starting with /'; end if;
      begin
        v_at := (v_event->>'timestamp')::timestamptz;
      exception when others then
        raise exception 'timestamp is not a time';
      end;
      if v_at is null then raise exception 'timestamp is required'; end if;
      if v_at > now() + interval '5 minutes' then raise exception 'timestamp is in the future'; end if;
      if v_at < now() - interval '30 days' then raise exception 'timestamp is older than the 30-day retention'; end if;
      begin
        v_spent := coalesce((v_event->>'timeSpent')::numeric, 0);
      exception when others then
        raise exception 'timeSpent is not a number';
      end;
      if v_spent < 0 or v_spent > 86400000 then raise exception 'timeSpent must be between 0 and 86400000 ms'; end if;
      v_good_from := v_good_from || nullif(v_from, '');
      v_good_to := v_good_to || v_to;
      v_good_at := v_good_at || v_at;
      v_good_spent := v_good_spent || round(v_spent)::int;
    exception when others then
      v_errors := v_errors || format('event %s: %s', v_index, sqlerrm);
    end;
  end loop;

  -- A session row exists for every session with events, starting at its first event. It is
  -- written before the events: see refresh_navigation_user_sessions for why.
  insert into app_private.navigation_sessions (session_id, user_id, is_guest, started_at)
    select sync_navigation_events.session_id, v_visitor.user_id, v_visitor.is_guest, min(g.at)
    from unnest(v_good_at) as g(at)
    having count(*) > 0
    on conflict on constraint navigation_sessions_pkey do update set started_at = least(navigation_sessions.started_at, excluded.started_at), updated_at = now();

  -- A resent event (same session, time and route) is skipped, and counted as synced: the client
  -- only needs to know the server has it.
  insert into app_private.navigation_events (session_id, user_id, is_guest, from_route, to_route, occurred_at, time_spent)
    select sync_navigation_events.session_id, v_visitor.user_id, v_visitor.is_guest, g.from_route, g.to_route, g.occurred_at, g.time_spent
    from unnest(v_good_from, v_good_to, v_good_at, v_good_spent) as g(from_route, to_route, occurred_at, time_spent)
    on conflict on constraint navigation_events_once do nothing;

  return row(cardinality(v_errors) = 0, cardinality(v_good_to), v_errors)::app_public.sync_navigation_result;
end;
$$;

create or replace function app_public.sync_user_session(session_id uuid, user_id uuid, started_at timestamptz,
                                             ended_at timestamptz default null, user_agent text default null)
  returns app_public.sync_session_result
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
#variable_conflict use_column
declare
  v_visitor record;
  v_total int;
begin
  select * into v_visitor from app_hidden.current_visitor();
  if sync_user_session.session_id is null or sync_user_session.started_at is null then
    return row(false, sync_user_session.session_id, 0, array['sessionId and startedAt are required'])::app_public.sync_session_result;
  end if;
  if sync_user_session.user_id is not null and v_visitor.user_id is distinct from sync_user_session.user_id then
    return row(false, sync_user_session.session_id, 0, array['userId does not match the signed-in visitor'])::app_public.sync_session_result;
  end if;
  if ended_at is not null and ended_at < started_at then
    return row(false, sync_user_session.session_id, 0, array['endedAt is before startedAt'])::app_public.sync_session_result;
  end if;
  insert into app_private.navigation_sessions (session_id, user_id, is_guest, started_at, ended_at, user_agent)
    values (sync_user_session.session_id, v_visitor.user_id, v_visitor.is_guest, sync_user_session.started_at,
            sync_user_session.ended_at, left(sync_user_session.user_agent, 500))
    on conflict on constraint navigation_sessions_pkey do update set
      started_at = least(navigation_sessions.started_at, excluded.started_at),
      ended_at = greatest(navigation_sessions.ended_at, excluded.ended_at),
      user_agent = coalesce(excluded.user_agent, navigation_sessions.user_agent),
      updated_at = now()
    where navigation_sessions.user_id is not distinct from excluded.user_id;
  select count(*) into v_total from app_private.navigation_events e where e.session_id = sync_user_session.session_id;
  return row(true, sync_user_session.session_id, v_total, '{}'::text[])::app_public.sync_session_result;
end;
$$;

drop trigger _300_one_thing_visible on app_public.users;
drop function app_private.tg_users__one_thing_visible();
drop trigger _300_thing_visible on app_public.feedback;
drop function app_private.tg_feedback__thing_visible();

create or replace function app_hidden.notify_user(
  p_user_id uuid, p_kind text, p_level app_public.notification_level, p_title text, p_body text,
  p_link_path text, p_thing_id uuid, p_email boolean
) returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  insert into app_public.notifications (user_id, kind, level, title, body, link_path, thing_id)
    values (p_user_id, p_kind, p_level, p_title, p_body, p_link_path, p_thing_id);
  if p_email then
    perform app_hidden.queue_email(app_hidden.primary_email(p_user_id), 'notification', json_build_object(
      'name', (select name from app_public.users where id = p_user_id),
      'title', p_title, 'body', p_body, 'linkPath', p_link_path, 'linkLabel', 'Open in the app'));
  end if;
end;
$$;
drop function app_hidden.take_notice_email();
drop function app_hidden.notice_emails_per_hour();
drop table app_private.notice_emails;

create or replace function app_private.tg_task_assignments__check_and_notify() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
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
  v_visible := v_thing.is_public
    or exists (select 1 from app_public.thing_accesses where thing_id = v_thing.id and user_id = new.assigned_to)
    or exists (select 1 from app_public.group_memberships where group_id = v_thing.group_id and user_id = new.assigned_to)
    or exists (select 1 from app_public.users where id = new.assigned_to and is_admin);
  if not v_visible then
    raise exception 'This person cannot see the thing, so the task cannot be assigned to them' using errcode = 'DNIED';
  end if;
  new.assigned_by := app_public.current_user_id();
  if new.assigned_to is distinct from app_public.current_user_id() then
    perform app_hidden.notify_user(new.assigned_to, 'task_assigned', 'info',
      'Task assigned: ' || v_task.title,
      coalesce((select name from app_public.users where id = app_public.current_user_id()), 'Someone')
        || ' asked you to ' || app_hidden.action_phrase(v_task.action_type) || ' at ' || v_thing.name
        || coalesce(' by ' || to_char(v_task.due_date, 'FMDay FMDD FMMonth'), '') || ': ' || v_task.title,
      '/tasks', v_thing.id, true);
  end if;
  return new;
end;
$$;
