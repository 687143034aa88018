-- migrate:up
-- Daily rollups of navigation analytics (issue 11). The admin statistics read whole UTC days from
-- small tables kept current by a trigger, instead of scanning a year of raw events.
--
-- Two kinds of tables:
-- * Rollups, one row per day x route, day x pattern and day: counts, time spent, first and last
--   time, and that day's number of distinct visitors and sessions. They hold no user or session
--   id, so they outlive the raw events (docs/decisions.md, "Analytics rollups").
-- * Memberships, one row per route x visitor, route x session, pattern x visitor,
--   pattern x session, visitor and session, with the set of UTC days it was seen on (a
--   datemultirange). They tell the trigger whether a visitor or session is new on a day, so
--   counts stay exact when a batch is sent twice or two batches race, and they let the statistics
--   count distinct visitors and sessions across days exactly. They are personal data: they are
--   pruned with the raw events.
-- Days are UTC days, as navigation_daily_stats always used; analytics_window now builds its range
-- from UTC midnights too, whatever the server's time zone.

create table app_private.navigation_route_days (
  day date not null,
  route text not null,
  visits bigint not null,
  time_spent bigint not null,
  first_at timestamptz not null,
  last_at timestamptz not null,
  -- Distinct visitors (user ids) and sessions on this day.
  visitors bigint not null,
  sessions bigint not null,
  -- Visitors whose last visit to the route (so far) was on this day: a window that reaches the
  -- route's last day counts its distinct visitors by adding these up.
  last_visitors bigint not null default 0,
  primary key (day, route)
);
create index navigation_route_days_route_idx on app_private.navigation_route_days (route, day);

create table app_private.navigation_pattern_days (
  day date not null,
  from_route text not null,
  to_route text not null,
  occurrences bigint not null,
  time_spent bigint not null,
  first_at timestamptz not null,
  last_at timestamptz not null,
  visitors bigint not null,
  sessions bigint not null,
  last_visitors bigint not null default 0,
  primary key (day, from_route, to_route)
);
create index navigation_pattern_days_pattern_idx on app_private.navigation_pattern_days (from_route, to_route, day);

create table app_private.navigation_days (
  day date primary key,
  navigations bigint not null,
  time_spent bigint not null,
  sessions bigint not null,
  visitors bigint not null
);

-- Memberships. `added` is scratch: the days the last upsert added (its SET clause sees the old
-- row), returned to the trigger so it can count each new visitor-day once.
create table app_private.navigation_route_visitors (
  route text not null,
  user_id uuid not null,
  days datemultirange not null,
  added datemultirange,
  first_day date generated always as (lower(days)) stored,
  last_day date generated always as (upper(days) - 1) stored,
  primary key (route, user_id)
);

create table app_private.navigation_route_sessions (
  route text not null,
  session_id uuid not null,
  days datemultirange not null,
  added datemultirange,
  primary key (route, session_id)
);
-- Sessions are counted per day and the few seen on several days corrected for (sessions rarely
-- cross midnight), so only those are read.
create index navigation_route_sessions_multi_day_idx on app_private.navigation_route_sessions (upper(days))
  where upper(days) - lower(days) > 1;

create table app_private.navigation_pattern_visitors (
  from_route text not null,
  to_route text not null,
  user_id uuid not null,
  days datemultirange not null,
  added datemultirange,
  first_day date generated always as (lower(days)) stored,
  last_day date generated always as (upper(days) - 1) stored,
  primary key (from_route, to_route, user_id)
);

create table app_private.navigation_pattern_sessions (
  from_route text not null,
  to_route text not null,
  session_id uuid not null,
  days datemultirange not null,
  added datemultirange,
  primary key (from_route, to_route, session_id)
);
create index navigation_pattern_sessions_multi_day_idx on app_private.navigation_pattern_sessions (upper(days))
  where upper(days) - lower(days) > 1;

create table app_private.navigation_visitor_days (
  user_id uuid primary key,
  days datemultirange not null,
  added datemultirange
);

-- Per session: navigations and the last one (session statistics read these instead of counting
-- raw events per session), and the days it was seen on (daily session counts).
create table app_private.navigation_session_totals (
  session_id uuid primary key,
  navigations bigint not null,
  last_at timestamptz not null,
  days datemultirange not null,
  added datemultirange
);

-- Per person (signed-in user or guest id): their sessions' count, durations, navigations and first
-- and last start. A window holding all of someone's sessions reads this row instead of them.
create table app_private.navigation_user_sessions (
  user_id uuid primary key,
  sessions bigint not null,
  -- Sum (seconds) and number of the durations known: a session with no end and no navigation has none.
  duration numeric not null,
  timed_sessions bigint not null,
  navigations bigint not null,
  first_started timestamptz not null,
  last_started timestamptz not null
);
-- Sessions of visitors without any id (no token at all) are counted straight from the sessions.
create index navigation_sessions_anonymous_idx on app_private.navigation_sessions (started_at) where user_id is null;

-- Days before closed_before have been pruned from the raw events and the memberships: their
-- rollup rows stay, but their visitors and sessions can no longer be told apart from other days'.
create table app_private.navigation_rollup_state (
  id boolean primary key default true check (id),
  closed_before date not null default '-infinity'
);
insert into app_private.navigation_rollup_state default values;

comment on table app_private.navigation_route_days is 'Navigation rollup: per UTC day and route (no personal data; outlives raw events).';
comment on table app_private.navigation_pattern_days is 'Navigation rollup: per UTC day and from -> to pattern (no personal data; outlives raw events).';
comment on table app_private.navigation_days is 'Navigation rollup: per UTC day (no personal data; outlives raw events).';

-- The days of a multirange, one row each.
create function app_private.days_of(p_days datemultirange) returns setof date
  language sql immutable strict parallel safe set search_path to pg_catalog, public, pg_temp
  as $$
  select lower(r) + g from unnest(p_days) r, generate_series(0, upper(r) - lower(r) - 1) g
$$;

-- How many days a multirange holds.
create function app_private.day_count(p_days datemultirange) returns bigint
  language sql immutable strict parallel safe set search_path to pg_catalog, public, pg_temp
  as $$
  select coalesce(sum(upper(r) - lower(r)), 0)::bigint from unnest(p_days) r
$$;

-- Recomputes the named people's navigation_user_sessions rows from their sessions (a handful each,
-- through navigation_sessions_user_idx). A transaction-level lock per person makes a second
-- refresher wait, then read what the first committed. sync_navigation_events writes the session
-- row before the events, so every path takes a session row before the person's lock: no cycle.
create function app_private.refresh_navigation_user_sessions(p_users uuid[]) returns void
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if cardinality(p_users) is distinct from 0 and p_users is not null then
    perform pg_advisory_xact_lock(hashtext('navigation_user_sessions'), hashtext(u::text))
    from (select distinct u from unnest(p_users) u where u is not null order by u) x;

    delete from app_private.navigation_user_sessions where user_id = any(p_users);
    insert into app_private.navigation_user_sessions
      (user_id, sessions, duration, timed_sessions, navigations, first_started, last_started)
    select s.user_id, count(*),
           coalesce(sum(extract(epoch from (coalesce(s.ended_at, t.last_at) - s.started_at))), 0),
           count(coalesce(s.ended_at, t.last_at)),
           coalesce(sum(t.navigations), 0), min(s.started_at), max(s.started_at)
    from app_private.navigation_sessions s
    left join app_private.navigation_session_totals t on t.session_id = s.session_id
    where s.user_id = any(p_users)
    group by s.user_id;
  end if;
end;
$$;

create function app_private.tg_navigation_sessions__refresh_people() returns trigger
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if tg_op = 'INSERT' then
    perform app_private.refresh_navigation_user_sessions(array(select user_id from new_sessions));
  elsif tg_op = 'UPDATE' then
    perform app_private.refresh_navigation_user_sessions(
      array(select user_id from new_sessions union select user_id from old_sessions));
  else
    perform app_private.refresh_navigation_user_sessions(array(select user_id from old_sessions));
  end if;
  return null;
end;
$$;
create trigger tg_navigation_sessions__refresh_people_insert after insert on app_private.navigation_sessions
  referencing new table as new_sessions
  for each statement execute function app_private.tg_navigation_sessions__refresh_people();
create trigger tg_navigation_sessions__refresh_people_update after update on app_private.navigation_sessions
  referencing old table as old_sessions new table as new_sessions
  for each statement execute function app_private.tg_navigation_sessions__refresh_people();
create trigger tg_navigation_sessions__refresh_people_delete after delete on app_private.navigation_sessions
  referencing old table as old_sessions
  for each statement execute function app_private.tg_navigation_sessions__refresh_people();

---------------------------------------------------------------------------------------------
-- Keeping the rollups current: once per INSERT statement, from the rows it really inserted (a
-- resent batch hits navigation_events_once, is not inserted, and so is not counted again).
-- Every upsert takes its rows in key order and the tables in one fixed order, so concurrent batches
-- wait for each other instead of deadlocking; sync_navigation_events inserts a batch in one
-- statement for that reason.
create function app_private.tg_navigation_events__rollup() returns trigger
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if not exists (select 1 from new_events) then
    return null;
  end if;

  -- Routes.
  with batch as (
    select to_route as route, user_id, session_id, occurred_at, time_spent, (occurred_at at time zone 'UTC')::date as day
    from new_events
  ),
  new_visitor_days as (
    insert into app_private.navigation_route_visitors as m (route, user_id, days, added)
    select route, user_id, days, days
    from (select route, user_id, range_agg(daterange(day, day, '[]')) as days from batch
          where user_id is not null group by route, user_id) b
    order by route, user_id
    on conflict (route, user_id) do update set added = excluded.days - m.days, days = m.days + excluded.days
      where not m.days @> excluded.days
    -- days - added is what the row held before: its last day moves from there.
    returning m.route, m.added, m.last_day as new_last, upper(m.days - m.added) - 1 as old_last
  ),
  new_session_days as (
    insert into app_private.navigation_route_sessions as m (route, session_id, days, added)
    select route, session_id, days, days
    from (select route, session_id, range_agg(daterange(day, day, '[]')) as days from batch group by route, session_id) b
    order by route, session_id
    on conflict (route, session_id) do update set added = excluded.days - m.days, days = m.days + excluded.days
      where not m.days @> excluded.days
    returning m.route, m.added
  ),
  parts as (
    select day, route, count(*) as visits, sum(time_spent) as time_spent, min(occurred_at) as first_at,
           max(occurred_at) as last_at, 0 as visitors, 0 as sessions, 0 as last_visitors
    from batch group by day, route
    union all
    select d, route, 0, 0, null, null, 1, 0, 0 from new_visitor_days, app_private.days_of(added) d
    union all
    select d, route, 0, 0, null, null, 0, 1, 0 from new_session_days, app_private.days_of(added) d
    union all
    select new_last, route, 0, 0, null, null, 0, 0, 1 from new_visitor_days where old_last is distinct from new_last
    union all
    select old_last, route, 0, 0, null, null, 0, 0, -1 from new_visitor_days where old_last <> new_last
  )
  insert into app_private.navigation_route_days as r (day, route, visits, time_spent, first_at, last_at, visitors, sessions, last_visitors)
  select day, route, sum(visits), sum(time_spent), min(first_at), max(last_at), sum(visitors), sum(sessions), sum(last_visitors)
  from parts group by day, route
  order by day, route
  on conflict (day, route) do update set
    visits = r.visits + excluded.visits,
    time_spent = r.time_spent + excluded.time_spent,
    first_at = least(r.first_at, excluded.first_at),
    last_at = greatest(r.last_at, excluded.last_at),
    visitors = r.visitors + excluded.visitors,
    sessions = r.sessions + excluded.sessions,
    last_visitors = r.last_visitors + excluded.last_visitors;

  -- Patterns (navigations that came from somewhere).
  with batch as (
    select from_route, to_route, user_id, session_id, occurred_at, time_spent, (occurred_at at time zone 'UTC')::date as day
    from new_events where from_route is not null
  ),
  new_visitor_days as (
    insert into app_private.navigation_pattern_visitors as m (from_route, to_route, user_id, days, added)
    select from_route, to_route, user_id, days, days
    from (select from_route, to_route, user_id, range_agg(daterange(day, day, '[]')) as days from batch
          where user_id is not null group by from_route, to_route, user_id) b
    order by from_route, to_route, user_id
    on conflict (from_route, to_route, user_id) do update set added = excluded.days - m.days, days = m.days + excluded.days
      where not m.days @> excluded.days
    returning m.from_route, m.to_route, m.added, m.last_day as new_last, upper(m.days - m.added) - 1 as old_last
  ),
  new_session_days as (
    insert into app_private.navigation_pattern_sessions as m (from_route, to_route, session_id, days, added)
    select from_route, to_route, session_id, days, days
    from (select from_route, to_route, session_id, range_agg(daterange(day, day, '[]')) as days from batch
          group by from_route, to_route, session_id) b
    order by from_route, to_route, session_id
    on conflict (from_route, to_route, session_id) do update set added = excluded.days - m.days, days = m.days + excluded.days
      where not m.days @> excluded.days
    returning m.from_route, m.to_route, m.added
  ),
  parts as (
    select day, from_route, to_route, count(*) as occurrences, sum(time_spent) as time_spent,
           min(occurred_at) as first_at, max(occurred_at) as last_at, 0 as visitors, 0 as sessions, 0 as last_visitors
    from batch group by day, from_route, to_route
    union all
    select d, from_route, to_route, 0, 0, null, null, 1, 0, 0 from new_visitor_days, app_private.days_of(added) d
    union all
    select d, from_route, to_route, 0, 0, null, null, 0, 1, 0 from new_session_days, app_private.days_of(added) d
    union all
    select new_last, from_route, to_route, 0, 0, null, null, 0, 0, 1 from new_visitor_days where old_last is distinct from new_last
    union all
    select old_last, from_route, to_route, 0, 0, null, null, 0, 0, -1 from new_visitor_days where old_last <> new_last
  )
  insert into app_private.navigation_pattern_days as p
    (day, from_route, to_route, occurrences, time_spent, first_at, last_at, visitors, sessions, last_visitors)
  select day, from_route, to_route, sum(occurrences), sum(time_spent), min(first_at), max(last_at), sum(visitors), sum(sessions),
         sum(last_visitors)
  from parts group by day, from_route, to_route
  order by day, from_route, to_route
  on conflict (day, from_route, to_route) do update set
    occurrences = p.occurrences + excluded.occurrences,
    time_spent = p.time_spent + excluded.time_spent,
    first_at = least(p.first_at, excluded.first_at),
    last_at = greatest(p.last_at, excluded.last_at),
    visitors = p.visitors + excluded.visitors,
    sessions = p.sessions + excluded.sessions,
    last_visitors = p.last_visitors + excluded.last_visitors;

  -- Days, and the per-session totals.
  with batch as (
    select user_id, session_id, occurred_at, time_spent, (occurred_at at time zone 'UTC')::date as day from new_events
  ),
  new_visitor_days as (
    insert into app_private.navigation_visitor_days as m (user_id, days, added)
    select user_id, days, days
    from (select user_id, range_agg(daterange(day, day, '[]')) as days from batch where user_id is not null group by user_id) b
    order by user_id
    on conflict (user_id) do update set added = excluded.days - m.days, days = m.days + excluded.days
      where not m.days @> excluded.days
    returning m.added
  ),
  new_session_days as (
    insert into app_private.navigation_session_totals as m (session_id, navigations, last_at, days, added)
    select session_id, navigations, last_at, days, days
    from (select session_id, count(*) as navigations, max(occurred_at) as last_at, range_agg(daterange(day, day, '[]')) as days
          from batch group by session_id) b
    order by session_id
    on conflict (session_id) do update set
      navigations = m.navigations + excluded.navigations,
      last_at = greatest(m.last_at, excluded.last_at),
      added = excluded.days - m.days,
      days = m.days + excluded.days
    returning m.added
  ),
  parts as (
    select day, count(*) as navigations, sum(time_spent) as time_spent, 0 as visitors, 0 as sessions from batch group by day
    union all
    select d, 0, 0, 1, 0 from new_visitor_days, app_private.days_of(added) d
    union all
    select d, 0, 0, 0, 1 from new_session_days, app_private.days_of(added) d
  )
  insert into app_private.navigation_days as t (day, navigations, time_spent, visitors, sessions)
  select day, sum(navigations), sum(time_spent), sum(visitors), sum(sessions)
  from parts group by day
  order by day
  on conflict (day) do update set
    navigations = t.navigations + excluded.navigations,
    time_spent = t.time_spent + excluded.time_spent,
    visitors = t.visitors + excluded.visitors,
    sessions = t.sessions + excluded.sessions;

  -- The people whose sessions now have more navigations (or a later last one).
  perform app_private.refresh_navigation_user_sessions(
    array(select distinct s.user_id from app_private.navigation_sessions s
          where s.session_id in (select session_id from new_events) and s.user_id is not null));

  return null;
end;
$$;

create trigger tg_navigation_events__rollup after insert on app_private.navigation_events
  referencing new table as new_events
  for each statement execute function app_private.tg_navigation_events__rollup();

-- Rebuilds the rollups of the open days (from closed_before on) and all memberships from the raw
-- events: the back-fill below, and a repair if raw events were ever changed by hand. Closed days
-- keep their rollup rows: their raw events are gone.
create function app_private.rebuild_navigation_rollups() returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_open date := (select closed_before from app_private.navigation_rollup_state);
begin
  -- Nothing may insert events or change sessions meanwhile (the triggers would count them twice).
  lock table app_private.navigation_events, app_private.navigation_sessions in share mode;
  delete from app_private.navigation_route_days where day >= v_open;
  delete from app_private.navigation_pattern_days where day >= v_open;
  delete from app_private.navigation_days where day >= v_open;
  truncate app_private.navigation_route_visitors, app_private.navigation_route_sessions,
    app_private.navigation_pattern_visitors, app_private.navigation_pattern_sessions,
    app_private.navigation_visitor_days, app_private.navigation_session_totals;

  create temporary table rollup_events on commit drop as
    select session_id, user_id, from_route, to_route, occurred_at, time_spent, (occurred_at at time zone 'UTC')::date as day
    from app_private.navigation_events;

  insert into app_private.navigation_route_days
    select day, to_route, count(*), sum(time_spent), min(occurred_at), max(occurred_at), count(distinct user_id), count(distinct session_id)
    from rollup_events where day >= v_open group by day, to_route;
  insert into app_private.navigation_pattern_days
    select day, from_route, to_route, count(*), sum(time_spent), min(occurred_at), max(occurred_at),
           count(distinct user_id), count(distinct session_id)
    from rollup_events where day >= v_open and from_route is not null group by day, from_route, to_route;
  insert into app_private.navigation_days (day, navigations, time_spent, sessions, visitors)
    select day, count(*), sum(time_spent), count(distinct session_id), count(distinct user_id)
    from rollup_events where day >= v_open group by day;

  insert into app_private.navigation_route_visitors (route, user_id, days)
    select to_route, user_id, range_agg(daterange(day, day, '[]')) from rollup_events
    where day >= v_open and user_id is not null group by to_route, user_id;
  insert into app_private.navigation_route_sessions (route, session_id, days)
    select to_route, session_id, range_agg(daterange(day, day, '[]')) from rollup_events
    where day >= v_open group by to_route, session_id;
  insert into app_private.navigation_pattern_visitors (from_route, to_route, user_id, days)
    select from_route, to_route, user_id, range_agg(daterange(day, day, '[]')) from rollup_events
    where day >= v_open and from_route is not null and user_id is not null group by from_route, to_route, user_id;
  insert into app_private.navigation_pattern_sessions (from_route, to_route, session_id, days)
    select from_route, to_route, session_id, range_agg(daterange(day, day, '[]')) from rollup_events
    where day >= v_open and from_route is not null group by from_route, to_route, session_id;
  insert into app_private.navigation_visitor_days (user_id, days)
    select user_id, range_agg(daterange(day, day, '[]')) from rollup_events
    where day >= v_open and user_id is not null group by user_id;
  insert into app_private.navigation_session_totals (session_id, navigations, last_at, days)
    select session_id, count(*), max(occurred_at), coalesce(range_agg(daterange(day, day, '[]')) filter (where day >= v_open), '{}')
    from rollup_events group by session_id;
  drop table rollup_events;

  update app_private.navigation_route_days r set last_visitors = m.n
  from (select route, last_day, count(*) as n from app_private.navigation_route_visitors group by route, last_day) m
  where r.route = m.route and r.day = m.last_day;
  update app_private.navigation_pattern_days p set last_visitors = m.n
  from (select from_route, to_route, last_day, count(*) as n from app_private.navigation_pattern_visitors group by from_route, to_route, last_day) m
  where p.from_route = m.from_route and p.to_route = m.to_route and p.day = m.last_day;

  truncate app_private.navigation_user_sessions;
  insert into app_private.navigation_user_sessions
    (user_id, sessions, duration, timed_sessions, navigations, first_started, last_started)
  select s.user_id, count(*),
         coalesce(sum(extract(epoch from (coalesce(s.ended_at, t.last_at) - s.started_at))), 0),
         count(coalesce(s.ended_at, t.last_at)),
         coalesce(sum(t.navigations), 0), min(s.started_at), max(s.started_at)
  from app_private.navigation_sessions s
  left join app_private.navigation_session_totals t on t.session_id = s.session_id
  where s.user_id is not null
  group by s.user_id;
end;
$$;

---------------------------------------------------------------------------------------------
-- Batches are inserted in one statement (see the trigger): each event is still checked on its
-- own and reported by its position, as before.
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

---------------------------------------------------------------------------------------------
-- The statistics. Dates are inclusive UTC days (default: the last 30). For everyone they read
-- the rollups; one person's statistics (target_user_id) read that person's raw events through
-- navigation_events_user_occurred_idx, since the rollups hold nothing per person.
-- Their queries read little, but the planner cannot tell how few memberships span several days:
-- left alone it compiles them (JIT) and starts parallel workers, which costs more than the work.

create or replace function app_hidden.analytics_window(p_start date, p_end date) returns tstzrange
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_today date := (now() at time zone 'UTC')::date;
begin
  if not app_public.current_user_is_admin() then
    raise exception 'Only an admin may see navigation analytics' using errcode = 'DNIED';
  end if;
  if p_start is not null and p_end is not null and p_end < p_start then
    raise exception 'The end date is before the start date' using errcode = 'INVLD';
  end if;
  -- UTC midnights, so the window is made of the same days as the rollups and the daily stats.
  return tstzrange(coalesce(p_start, v_today - 29)::timestamp at time zone 'UTC',
                   (coalesce(p_end, v_today) + 1)::timestamp at time zone 'UTC', '[)');
end;
$$;

-- The part of [p_first, p_last] whose visitors and sessions the memberships still know (from
-- closed_before on), as a multirange (empty when none).
create function app_private.analytics_open_days(p_first date, p_last date) returns datemultirange
  language sql stable set search_path to pg_catalog, public, pg_temp
  as $$
  select case when greatest(p_first, s.closed_before) <= p_last
              then datemultirange(daterange(greatest(p_first, s.closed_before), p_last, '[]'))
              else '{}'::datemultirange end
  from app_private.navigation_rollup_state s
$$;

create or replace function app_public.navigation_route_stats(start_date date default null, end_date date default null, target_user_id uuid default null)
  returns setof app_public.route_stat
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  set jit to off set max_parallel_workers_per_gather to 0
  as $$
declare
  v_window tstzrange := app_hidden.analytics_window(start_date, end_date);
  v_first date := (lower(v_window) at time zone 'UTC')::date;
  v_last date := (upper(v_window) at time zone 'UTC')::date - 1;
  v_closed_before date := (select closed_before from app_private.navigation_rollup_state);
  v_open datemultirange := app_private.analytics_open_days(v_first, v_last);
begin
  if target_user_id is not null then
    return query
      select e.to_route, count(*), sum(e.time_spent), round(avg(e.time_spent), 1), min(e.occurred_at), max(e.occurred_at),
             count(distinct e.user_id), count(distinct e.session_id)
      from app_private.navigation_events e
      where e.user_id = target_user_id and e.occurred_at >= lower(v_window) and e.occurred_at < upper(v_window)
      group by e.to_route
      order by count(*) desc, e.to_route;
    return;
  end if;

  return query
    with days as (
      select r.route, sum(r.visits)::bigint as visits, sum(r.time_spent)::bigint as time_spent,
             min(r.first_at) as first_at, max(r.last_at) as last_at,
             -- Closed days: people can no longer be recognised across days, so each day counts.
             coalesce(sum(r.visitors) filter (where r.day < v_closed_before), 0)::bigint as closed_visitors,
             coalesce(sum(r.last_visitors) filter (where r.day >= lower(v_open)), 0)::bigint as last_visitors,
             sum(r.sessions)::bigint as day_sessions
      from app_private.navigation_route_days r
      where r.day between v_first and v_last
      group by r.route
    ),
    repeats as (
      -- A session seen on k days of the window was counted k times in day_sessions.
      select m.route, sum(app_private.day_count(m.days * v_open) - 1)::bigint as n
      from app_private.navigation_route_sessions m
      where upper(m.days) - lower(m.days) > 1 and upper(m.days) > lower(v_open) and m.days && v_open
      group by m.route
    )
    select d.route, d.visits, d.time_spent, round(d.time_spent::numeric / d.visits, 1), d.first_at, d.last_at,
           d.closed_visitors + case
             when isempty(v_open) then 0
             -- Nobody came to the route after the window: the distinct visitors in the open days
             -- are those whose last visit falls in them.
             when not exists (select 1 from app_private.navigation_route_days r where r.route = d.route and r.day > v_last)
               then d.last_visitors
             -- Else look at who was seen around the window.
             else (select count(*) from app_private.navigation_route_visitors m
                   where m.route = d.route and m.last_day >= lower(v_open) and m.first_day <= v_last
                     and (m.first_day >= lower(v_open) or m.last_day <= v_last or m.days && v_open))
           end,
           d.day_sessions - coalesce(x.n, 0)
    from days d left join repeats x on x.route = d.route
    order by d.visits desc, d.route;
end;
$$;

create or replace function app_public.navigation_pattern_stats(start_date date default null, end_date date default null, target_user_id uuid default null)
  returns setof app_public.pattern_stat
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  set jit to off set max_parallel_workers_per_gather to 0
  as $$
declare
  v_window tstzrange := app_hidden.analytics_window(start_date, end_date);
  v_first date := (lower(v_window) at time zone 'UTC')::date;
  v_last date := (upper(v_window) at time zone 'UTC')::date - 1;
  v_closed_before date := (select closed_before from app_private.navigation_rollup_state);
  v_open datemultirange := app_private.analytics_open_days(v_first, v_last);
begin
  if target_user_id is not null then
    return query
      select e.from_route, e.to_route, count(*), round(avg(e.time_spent), 1), count(distinct e.user_id), count(distinct e.session_id),
             min(e.occurred_at), max(e.occurred_at)
      from app_private.navigation_events e
      where e.user_id = target_user_id and e.from_route is not null
        and e.occurred_at >= lower(v_window) and e.occurred_at < upper(v_window)
      group by e.from_route, e.to_route
      order by count(*) desc, e.from_route, e.to_route;
    return;
  end if;

  return query
    with days as (
      select p.from_route, p.to_route, sum(p.occurrences)::bigint as occurrences, sum(p.time_spent)::bigint as time_spent,
             min(p.first_at) as first_at, max(p.last_at) as last_at,
             coalesce(sum(p.visitors) filter (where p.day < v_closed_before), 0)::bigint as closed_visitors,
             coalesce(sum(p.last_visitors) filter (where p.day >= lower(v_open)), 0)::bigint as last_visitors,
             sum(p.sessions)::bigint as day_sessions
      from app_private.navigation_pattern_days p
      where p.day between v_first and v_last
      group by p.from_route, p.to_route
    ),
    repeats as (
      select m.from_route, m.to_route, sum(app_private.day_count(m.days * v_open) - 1)::bigint as n
      from app_private.navigation_pattern_sessions m
      where upper(m.days) - lower(m.days) > 1 and upper(m.days) > lower(v_open) and m.days && v_open
      group by m.from_route, m.to_route
    )
    select d.from_route, d.to_route, d.occurrences, round(d.time_spent::numeric / d.occurrences, 1),
           d.closed_visitors + case
             when isempty(v_open) then 0
             when not exists (select 1 from app_private.navigation_pattern_days p
                              where p.from_route = d.from_route and p.to_route = d.to_route and p.day > v_last)
               then d.last_visitors
             else (select count(*) from app_private.navigation_pattern_visitors m
                   where m.from_route = d.from_route and m.to_route = d.to_route
                     and m.last_day >= lower(v_open) and m.first_day <= v_last
                     and (m.first_day >= lower(v_open) or m.last_day <= v_last or m.days && v_open))
           end,
           d.day_sessions - coalesce(x.n, 0), d.first_at, d.last_at
    from days d
    left join repeats x on x.from_route = d.from_route and x.to_route = d.to_route
    order by d.occurrences desc, d.from_route, d.to_route;
end;
$$;

-- Sessions that started in the window, per person. Someone all of whose sessions fall in the window
-- is read from navigation_user_sessions; someone with sessions on both sides of an edge has the
-- sessions in the window summed (through navigation_sessions_user_idx); navigations and last
-- navigation come from navigation_session_totals instead of counting raw events.
create or replace function app_public.navigation_session_stats(start_date date default null, end_date date default null, target_user_id uuid default null)
  returns setof app_public.session_stat
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  set jit to off set max_parallel_workers_per_gather to 0
  as $$
declare
  v_window tstzrange := app_hidden.analytics_window(start_date, end_date);
  v_from timestamptz := lower(v_window);
  v_until timestamptz := upper(v_window);
begin
  return query
    with people as (
      select u.user_id, u.sessions, u.duration, u.timed_sessions, u.navigations, u.first_started, u.last_started
      from app_private.navigation_user_sessions u
      where u.first_started >= v_from and u.last_started < v_until
        and target_user_id is null
      union all
      select u.user_id, x.*
      from app_private.navigation_user_sessions u
      cross join lateral (
        select count(*), coalesce(sum(extract(epoch from (coalesce(s.ended_at, t.last_at) - s.started_at))), 0),
               count(coalesce(s.ended_at, t.last_at)), coalesce(sum(t.navigations), 0)::bigint, min(s.started_at), max(s.started_at)
        from app_private.navigation_sessions s
        left join app_private.navigation_session_totals t on t.session_id = s.session_id
        where s.user_id = u.user_id and s.started_at >= v_from and s.started_at < v_until
      ) x(sessions, duration, timed_sessions, navigations, first_started, last_started)
      where u.last_started >= v_from and u.first_started < v_until
        and not (u.first_started >= v_from and u.last_started < v_until and target_user_id is null)
        and (target_user_id is null or u.user_id = target_user_id)
        and x.sessions > 0
      union all
      -- Visitors without any id, together as one row (as grouping by a null id does).
      select null, count(*), coalesce(sum(extract(epoch from (coalesce(s.ended_at, t.last_at) - s.started_at))), 0),
             count(coalesce(s.ended_at, t.last_at)), coalesce(sum(t.navigations), 0)::bigint, min(s.started_at), max(s.started_at)
      from app_private.navigation_sessions s
      left join app_private.navigation_session_totals t on t.session_id = s.session_id
      where s.user_id is null and s.started_at >= v_from and s.started_at < v_until and target_user_id is null
      having count(*) > 0
    )
    select p.user_id, u.username::text, p.sessions, round(p.duration / nullif(p.timed_sessions, 0), 1), p.navigations,
           round(p.navigations::numeric / p.sessions, 2), p.first_started, p.last_started
    from people p left join app_public.users u on u.id = p.user_id
    order by p.sessions desc, p.user_id;
end;
$$;

create or replace function app_public.navigation_daily_stats(start_date date default null, end_date date default null, target_user_id uuid default null)
  returns setof app_public.daily_stat
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  set jit to off set max_parallel_workers_per_gather to 0
  as $$
declare
  v_window tstzrange := app_hidden.analytics_window(start_date, end_date);
  v_first date := (lower(v_window) at time zone 'UTC')::date;
  v_last date := (upper(v_window) at time zone 'UTC')::date - 1;
begin
  if target_user_id is not null then
    return query
      select (e.occurred_at at time zone 'UTC')::date, count(*), count(distinct e.session_id), count(distinct e.to_route),
             round(avg(e.time_spent), 1), count(distinct e.user_id)
      from app_private.navigation_events e
      where e.user_id = target_user_id and e.occurred_at >= lower(v_window) and e.occurred_at < upper(v_window)
      group by 1
      order by 1;
    return;
  end if;

  return query
    select d.day, d.navigations, d.sessions, coalesce(r.routes, 0), round(d.time_spent::numeric / d.navigations, 1), d.visitors
    from app_private.navigation_days d
    left join (select r.day, count(*) as routes from app_private.navigation_route_days r
               where r.day between v_first and v_last group by r.day) r on r.day = d.day
    where d.day between v_first and v_last
    order by d.day;
end;
$$;

---------------------------------------------------------------------------------------------
-- Retention. Raw events and sessions go after p_keep as before; the memberships forget the days
-- now closed (the day of the cut and before, whose raw events are no longer complete); the
-- rollups stay.
create or replace function app_private.prune_navigation_events(p_keep interval default interval '30 days') returns bigint
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_cut timestamptz := now() - p_keep;
  v_open date := (v_cut at time zone 'UTC')::date + 1;
  v_closed datemultirange := datemultirange(daterange(null, v_open));
  v_gone bigint;
begin
  delete from app_private.navigation_events where occurred_at < v_cut;
  get diagnostics v_gone = row_count;
  delete from app_private.navigation_sessions where coalesce(ended_at, started_at) < v_cut;

  update app_private.navigation_rollup_state set closed_before = greatest(closed_before, v_open);

  delete from app_private.navigation_route_visitors where upper(days) <= v_open;
  update app_private.navigation_route_visitors set days = days - v_closed, added = null where lower(days) < v_open;
  delete from app_private.navigation_route_sessions where upper(days) <= v_open;
  update app_private.navigation_route_sessions set days = days - v_closed, added = null where lower(days) < v_open;
  delete from app_private.navigation_pattern_visitors where upper(days) <= v_open;
  update app_private.navigation_pattern_visitors set days = days - v_closed, added = null where lower(days) < v_open;
  delete from app_private.navigation_pattern_sessions where upper(days) <= v_open;
  update app_private.navigation_pattern_sessions set days = days - v_closed, added = null where lower(days) < v_open;
  delete from app_private.navigation_visitor_days where upper(days) <= v_open;
  update app_private.navigation_visitor_days set days = days - v_closed, added = null where lower(days) < v_open;
  -- A session still kept keeps its totals (its session statistics stay whole).
  delete from app_private.navigation_session_totals t where t.last_at < v_cut
    and not exists (select 1 from app_private.navigation_sessions s where s.session_id = t.session_id);
  update app_private.navigation_session_totals set days = days - v_closed, added = null where lower(days) < v_open;
  return v_gone;
end;
$$;

-- Back-fill from the events already stored.
select app_private.rebuild_navigation_rollups();

-- migrate:down
-- The sync, window, statistics and prune functions go back to their raw-event versions
-- (as in 20261121001900_navigation_analytics.sql), then the rollups go.
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

create or replace function app_hidden.analytics_window(p_start date, p_end date) returns tstzrange
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

create or replace function app_public.navigation_route_stats(start_date date default null, end_date date default null, target_user_id uuid default null)
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

create or replace function app_public.navigation_pattern_stats(start_date date default null, end_date date default null, target_user_id uuid default null)
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

create or replace function app_public.navigation_session_stats(start_date date default null, end_date date default null, target_user_id uuid default null)
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

create or replace function app_public.navigation_daily_stats(start_date date default null, end_date date default null, target_user_id uuid default null)
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

create or replace function app_private.prune_navigation_events(p_keep interval default interval '30 days') returns bigint
  language sql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
  with gone as (delete from app_private.navigation_events where occurred_at < now() - p_keep returning 1),
  old_sessions as (delete from app_private.navigation_sessions where coalesce(ended_at, started_at) < now() - p_keep returning 1)
  select count(*) from gone
$$;

drop trigger tg_navigation_events__rollup on app_private.navigation_events;
drop function app_private.tg_navigation_events__rollup();
drop trigger tg_navigation_sessions__refresh_people_insert on app_private.navigation_sessions;
drop trigger tg_navigation_sessions__refresh_people_update on app_private.navigation_sessions;
drop trigger tg_navigation_sessions__refresh_people_delete on app_private.navigation_sessions;
drop function app_private.tg_navigation_sessions__refresh_people();
drop function app_private.refresh_navigation_user_sessions(uuid[]);
drop index app_private.navigation_sessions_anonymous_idx;
drop table app_private.navigation_user_sessions;
drop function app_private.rebuild_navigation_rollups();
drop function app_private.analytics_open_days(date, date);
drop function app_private.day_count(datemultirange);
drop function app_private.days_of(datemultirange);
drop table app_private.navigation_rollup_state;
drop table app_private.navigation_session_totals;
drop table app_private.navigation_visitor_days;
drop table app_private.navigation_pattern_sessions;
drop table app_private.navigation_pattern_visitors;
drop table app_private.navigation_route_sessions;
drop table app_private.navigation_route_visitors;
drop table app_private.navigation_days;
drop table app_private.navigation_pattern_days;
drop table app_private.navigation_route_days;
