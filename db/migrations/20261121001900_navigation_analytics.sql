-- migrate:up
-- Visit tracking (spec sections 2, 3, 7, 9): the client sends navigation events in batches and a
-- summary of each browsing session; admins read route, pattern, session and daily statistics.

create table app_private.navigation_events (
  id bigint generated always as identity primary key,
  session_id uuid not null,
  -- The signed-in user, or a guest token's random id (guests are not users: no foreign key).
  user_id uuid,
  is_guest boolean not null default false,
  from_route text,
  to_route text not null,
  occurred_at timestamptz not null,
  -- Milliseconds spent on from_route before this navigation.
  time_spent int not null default 0,
  received_at timestamptz not null default now(),
  -- A batch sent twice (its answer lost) stores each event once.
  constraint navigation_events_once unique (session_id, occurred_at, to_route)
);
create index navigation_events_occurred_at_idx on app_private.navigation_events (occurred_at);
create index navigation_events_user_occurred_idx on app_private.navigation_events (user_id, occurred_at);
create index navigation_events_to_route_idx on app_private.navigation_events (to_route, occurred_at);

create table app_private.navigation_sessions (
  session_id uuid primary key,
  user_id uuid,
  is_guest boolean not null default false,
  started_at timestamptz not null,
  ended_at timestamptz,
  user_agent text,
  updated_at timestamptz not null default now()
);
create index navigation_sessions_user_idx on app_private.navigation_sessions (user_id, started_at);
create index navigation_sessions_started_idx on app_private.navigation_sessions (started_at);

-- What a sync answers (spec section 7).
create type app_public.sync_navigation_result as (
  success boolean,
  synced_count int,
  errors text[]
);
create type app_public.sync_session_result as (
  success boolean,
  session_id uuid,
  total_events int,
  errors text[]
);

-- The visitor a request speaks for: the signed-in user, else the guest token's id.
create function app_hidden.current_visitor() returns table (user_id uuid, is_guest boolean)
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select coalesce(app_public.current_user_id(), nullif(current_setting('jwt.claims.user_id', true), '')::uuid),
         app_public.current_user_id() is null
$$;

-- Stores a batch; each bad event is reported by its position and never stops the others.
-- The userId argument is checked against the token: events are always filed under the caller.
create function app_public.sync_navigation_events(session_id uuid, user_id uuid, events jsonb)
  returns app_public.sync_navigation_result
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
#variable_conflict use_column
declare
  v_visitor record;
  v_event jsonb;
  v_index int := 0;
  v_errors text[] := '{}';
  v_synced int := 0;
  v_at timestamptz;
  v_to text;
  v_from text;
  v_spent numeric;
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

      insert into app_private.navigation_events (session_id, user_id, is_guest, from_route, to_route, occurred_at, time_spent)
        values (sync_navigation_events.session_id, v_visitor.user_id, v_visitor.is_guest, nullif(v_from, ''), v_to, v_at, round(v_spent))
        on conflict on constraint navigation_events_once do nothing;
      v_synced := v_synced + 1;
    exception when others then
      v_errors := v_errors || format('event %s: %s', v_index, sqlerrm);
    end;
  end loop;

  -- A session row exists for every session with events.
  insert into app_private.navigation_sessions (session_id, user_id, is_guest, started_at)
    select sync_navigation_events.session_id, v_visitor.user_id, v_visitor.is_guest, min(occurred_at)
    from app_private.navigation_events where navigation_events.session_id = sync_navigation_events.session_id
    having count(*) > 0
    on conflict on constraint navigation_sessions_pkey do update set started_at = least(navigation_sessions.started_at, excluded.started_at), updated_at = now();

  return row(cardinality(v_errors) = 0, v_synced, v_errors)::app_public.sync_navigation_result;
end;
$$;
comment on function app_public.sync_navigation_events(uuid, uuid, jsonb) is
  'Stores a batch of navigation events ({from, to, timestamp, timeSpent}); reports bad ones per event.';

create function app_public.sync_user_session(session_id uuid, user_id uuid, started_at timestamptz,
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

---------------------------------------------------------------------------------------------
-- Admin analytics (bk_admin only). Dates are inclusive days; the default is the last 30 days.

create type app_public.route_stat as (
  route text, visit_count bigint, total_time_spent bigint, average_time_spent numeric,
  first_visited timestamptz, last_visited timestamptz, unique_visitors bigint, unique_sessions bigint
);
create type app_public.pattern_stat as (
  from_route text, to_route text, occurrence_count bigint, average_transition_time numeric,
  unique_users bigint, unique_sessions bigint, first_occurrence timestamptz, last_occurrence timestamptz
);
create type app_public.session_stat as (
  user_id uuid, username text, total_sessions bigint, average_session_duration numeric, total_navigations bigint,
  average_navigations_per_session numeric, first_session timestamptz, last_session timestamptz
);
create type app_public.daily_stat as (
  date date, daily_navigations bigint, daily_sessions bigint, unique_routes_visited bigint,
  average_time_per_navigation numeric, active_users bigint
);

-- Called once per query (as a scalar subquery), never per row: it checks the caller is an admin.
create function app_hidden.analytics_window(p_start date, p_end date) returns tstzrange
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if not app_public.current_user_is_admin() then
    raise exception 'Only an admin may see navigation analytics' using errcode = 'DNIED';
  end if;
  if p_start is not null and p_end is not null and p_end < p_start then
    raise exception 'The end date is before the start date' using errcode = 'INVLD';
  end if;
  return tstzrange(coalesce(p_start, current_date - 29)::timestamptz, (coalesce(p_end, current_date) + 1)::timestamptz, '[)');
end;
$$;

create function app_public.navigation_route_stats(start_date date default null, end_date date default null, target_user_id uuid default null)
  returns setof app_public.route_stat
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select e.to_route, count(*), sum(e.time_spent), round(avg(e.time_spent), 1), min(e.occurred_at), max(e.occurred_at),
         count(distinct e.user_id), count(distinct e.session_id)
  from app_private.navigation_events e
  where e.occurred_at >= (select lower(app_hidden.analytics_window(start_date, end_date)))
    and e.occurred_at < (select upper(app_hidden.analytics_window(start_date, end_date)))
    and (target_user_id is null or e.user_id = target_user_id)
  group by e.to_route
  order by count(*) desc, e.to_route
$$;

create function app_public.navigation_pattern_stats(start_date date default null, end_date date default null, target_user_id uuid default null)
  returns setof app_public.pattern_stat
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select e.from_route, e.to_route, count(*), round(avg(e.time_spent), 1), count(distinct e.user_id), count(distinct e.session_id),
         min(e.occurred_at), max(e.occurred_at)
  from app_private.navigation_events e
  where e.from_route is not null
    and e.occurred_at >= (select lower(app_hidden.analytics_window(start_date, end_date)))
    and e.occurred_at < (select upper(app_hidden.analytics_window(start_date, end_date)))
    and (target_user_id is null or e.user_id = target_user_id)
  group by e.from_route, e.to_route
  order by count(*) desc, e.from_route, e.to_route
$$;

create function app_public.navigation_session_stats(start_date date default null, end_date date default null, target_user_id uuid default null)
  returns setof app_public.session_stat
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  with w as materialized (select app_hidden.analytics_window(start_date, end_date) as r),
  sessions as (
    select s.session_id, s.user_id, s.started_at,
           extract(epoch from (coalesce(s.ended_at, ev.last_at) - s.started_at)) as duration,
           coalesce(ev.n, 0) as navigations
    from app_private.navigation_sessions s
    left join lateral (select count(*) as n, max(occurred_at) as last_at from app_private.navigation_events e
                       where e.session_id = s.session_id) ev on true, w
    where s.started_at >= lower(w.r) and s.started_at < upper(w.r) and (target_user_id is null or s.user_id = target_user_id)
  )
  select x.user_id, u.username::text, count(*), round(avg(x.duration)::numeric, 1), sum(x.navigations),
         round(avg(x.navigations)::numeric, 2), min(x.started_at), max(x.started_at)
  from sessions x left join app_public.users u on u.id = x.user_id
  group by x.user_id, u.username
  order by count(*) desc
$$;

create function app_public.navigation_daily_stats(start_date date default null, end_date date default null, target_user_id uuid default null)
  returns setof app_public.daily_stat
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select (e.occurred_at at time zone 'UTC')::date, count(*), count(distinct e.session_id), count(distinct e.to_route),
         round(avg(e.time_spent), 1), count(distinct e.user_id)
  from app_private.navigation_events e
  where e.occurred_at >= (select lower(app_hidden.analytics_window(start_date, end_date)))
    and e.occurred_at < (select upper(app_hidden.analytics_window(start_date, end_date)))
    and (target_user_id is null or e.user_id = target_user_id)
  group by 1
  order by 1
$$;
comment on function app_public.navigation_daily_stats(date, date, uuid) is 'Per day: navigations, sessions, routes, time per navigation and active users (active users over time).';

-- The analytics summary of spec section 3: top 10 routes, top 10 patterns, session summary.
create function app_public.get_navigation_analytics(target_user_id uuid default null, start_date date default null, end_date date default null)
  returns jsonb
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select jsonb_build_object(
    'mostVisitedRoutes', coalesce((select jsonb_agg(to_jsonb(r)) from (
        select * from app_public.navigation_route_stats(start_date, end_date, target_user_id) limit 10) r), '[]'),
    'navigationPatterns', coalesce((select jsonb_agg(to_jsonb(p)) from (
        select * from app_public.navigation_pattern_stats(start_date, end_date, target_user_id) limit 10) p), '[]'),
    'sessionSummary', (select jsonb_build_object(
        'totalSessions', coalesce(sum(total_sessions), 0),
        'totalNavigations', coalesce(sum(total_navigations), 0),
        'averageSessionDuration', round(coalesce(sum(average_session_duration * total_sessions) / nullif(sum(total_sessions), 0), 0), 1),
        'averageNavigationsPerSession', round(coalesce(sum(total_navigations)::numeric / nullif(sum(total_sessions), 0), 0), 2),
        'uniqueVisitors', count(*))
      from app_public.navigation_session_stats(start_date, end_date, target_user_id))
  )
$$;

-- Totals for the admin dashboard.
create type app_public.admin_totals as (things bigint, devices bigint, users bigint, groups bigint, actions bigint);
create function app_public.admin_totals() returns app_public.admin_totals
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  perform app_hidden.analytics_window(null, null);
  return row((select count(*) from app_public.things), (select count(*) from app_public.devices),
             (select count(*) from app_public.users), (select count(*) from app_public.groups),
             (select count(*) from app_public.actions))::app_public.admin_totals;
end;
$$;

-- Retention (spec section 9: 30 days by default; NAVIGATION_RETENTION_DAYS in the worker).
-- Pruned by the worker's daily clean-up job.
create function app_private.prune_navigation_events(p_keep interval default interval '30 days') returns bigint
  language sql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
  with gone as (delete from app_private.navigation_events where occurred_at < now() - p_keep returning 1),
  old_sessions as (delete from app_private.navigation_sessions where coalesce(ended_at, started_at) < now() - p_keep returning 1)
  select count(*) from gone
$$;

grant execute on function app_hidden.current_visitor() to bk_anonymous;
grant execute on function app_public.sync_navigation_events(uuid, uuid, jsonb) to bk_anonymous;
grant execute on function app_public.sync_user_session(uuid, uuid, timestamptz, timestamptz, text) to bk_anonymous;
grant execute on function app_hidden.analytics_window(date, date) to bk_admin;
grant execute on function app_public.navigation_route_stats(date, date, uuid) to bk_admin;
grant execute on function app_public.navigation_pattern_stats(date, date, uuid) to bk_admin;
grant execute on function app_public.navigation_session_stats(date, date, uuid) to bk_admin;
grant execute on function app_public.navigation_daily_stats(date, date, uuid) to bk_admin;
grant execute on function app_public.get_navigation_analytics(uuid, date, date) to bk_admin;
grant execute on function app_public.admin_totals() to bk_admin;

-- migrate:down
drop function app_private.prune_navigation_events(interval);
drop function app_public.admin_totals();
drop type app_public.admin_totals;
drop function app_public.get_navigation_analytics(uuid, date, date);
drop function app_public.navigation_daily_stats(date, date, uuid);
drop function app_public.navigation_session_stats(date, date, uuid);
drop function app_public.navigation_pattern_stats(date, date, uuid);
drop function app_public.navigation_route_stats(date, date, uuid);
drop function app_hidden.analytics_window(date, date);
drop type app_public.daily_stat;
drop type app_public.session_stat;
drop type app_public.pattern_stat;
drop type app_public.route_stat;
drop function app_public.sync_user_session(uuid, uuid, timestamptz, timestamptz, text);
drop function app_public.sync_navigation_events(uuid, uuid, jsonb);
drop function app_hidden.current_visitor();
drop type app_public.sync_session_result;
drop type app_public.sync_navigation_result;
drop table app_private.navigation_sessions;
drop table app_private.navigation_events;
