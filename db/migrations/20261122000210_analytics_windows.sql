-- migrate:up
-- Every analytics window from the rollups (issue 11 follow-up). 20261122000200 answered windows
-- that reach a route's last visit from per-day counts, but any other window counted the
-- route x visitor memberships around it, and session statistics summed the sessions of everyone
-- with sessions on both sides of an edge: a window 200 to 100 days ago took 0.2 to 0.9 s on a year
-- of events for 10,000 people. Now every window reads only the rollup rows of its own days:
--
-- * Distinct visitors (and sessions) of a route or pattern. Each route x day row keeps, besides its
--   number of visitors, how many of them had been on the route shortly before: visitor_returns[k]
--   is the number of that day's visitors whose previous visit to the route was at most k days
--   earlier (a cumulative count; past its last element every element equals the last one; '{}'
--   is all zeros). A window [a, b] counts each visitor on the first of its days the visitor was
--   seen, and a visitor seen on day d was not seen in [a, d) exactly when their previous visit was
--   more than d - a days earlier, so
--       distinct visitors over [a, b] = sum over d in [a, b] of (visitors(d) - visitor_returns(d)[d - a])
--   (nothing subtracted on day a itself). session_returns does the same for sessions. The trigger
--   keeps both current from the membership tables' day sets: a day added to a membership gets a
--   gap to the day before it, and the next day already there gets a shorter one.
-- * Session statistics per person read navigation_user_session_days: a row per person and UTC day
--   their sessions started, with that day's figures and the person's running totals through it,
--   and the day range it stands for until their next such day. A window [a, b] takes, per person,
--   the row whose range holds b less the row whose range holds a - 1 (two scans of a range index,
--   each finding one row per person): the same work for a day or a year, ending today or earlier.
--
-- The last-visit counts (last_visitors), the visitor memberships' first and last days, the
-- indexes of sessions seen on several days and the per-person summary (navigation_user_sessions)
-- served only the old paths and go.

alter table app_private.navigation_route_days
  drop column last_visitors,
  add column visitor_returns int[] not null default '{}',
  add column session_returns int[] not null default '{}';
alter table app_private.navigation_pattern_days
  drop column last_visitors,
  add column visitor_returns int[] not null default '{}',
  add column session_returns int[] not null default '{}';
-- A year of retention makes the two arrays up to ~3 KB a row: keep such rows whole and
-- uncompressed in the table (the statistics read every row of a window), not compressed or
-- moved to TOAST at the default 2 KB.
alter table app_private.navigation_route_days set (toast_tuple_target = 8160);
alter table app_private.navigation_pattern_days set (toast_tuple_target = 8160);
comment on column app_private.navigation_route_days.visitor_returns is
  'Element k: visitors of the day whose previous visit to the route was at most k days earlier (cumulative; the last element repeats).';
comment on column app_private.navigation_route_days.session_returns is
  'Element k: sessions of the day last seen on the route at most k days earlier (cumulative; the last element repeats).';

alter table app_private.navigation_route_visitors drop column first_day, drop column last_day;
alter table app_private.navigation_pattern_visitors drop column first_day, drop column last_day;
drop index app_private.navigation_route_sessions_multi_day_idx;
drop index app_private.navigation_pattern_sessions_multi_day_idx;

-- Per person and UTC day of their sessions' starts (signed-in users and guest ids; visitors with
-- no id at all are read from the sessions, as before). Durations in microseconds: summed exactly
-- and fast (numeric sums are several times slower).
create table app_private.navigation_user_session_days (
  user_id uuid not null,
  day date not null,
  -- That day's sessions: how many, the sum and number of the durations known (a session with no
  -- end and no navigation has none), navigations, first and last start.
  sessions int not null,
  duration_us bigint not null,
  timed_sessions int not null,
  navigations int not null,
  first_started timestamptz not null,
  last_started timestamptz not null,
  -- The person's next day with sessions (null: none yet) and its first start; their first start
  -- ever; their running totals through this day.
  next_day date,
  next_first_started timestamptz,
  person_first_started timestamptz not null,
  total_sessions bigint not null default 0,
  total_duration_us bigint not null default 0,
  total_timed_sessions bigint not null default 0,
  total_navigations bigint not null default 0,
  primary key (user_id, day)
);
-- The row standing for a day: the person's last day with sessions on or before it.
create index navigation_user_session_days_span_idx on app_private.navigation_user_session_days
  using gist (daterange(day, next_day));
comment on table app_private.navigation_user_session_days is
  'Navigation sessions per person and UTC start day, with running totals (personal data: follows the sessions, pruned with them).';

---------------------------------------------------------------------------------------------
-- The cumulative "returns" arrays.

-- Drops the elements that repeat the one before (element 0 counts as 0): one spelling per
-- content, so a rebuilt array equals the one the trigger kept.
create function app_private.returns_trim(p_returns int[]) returns int[]
  language sql immutable strict parallel safe set search_path to pg_catalog, public, pg_temp
  as $$
  select coalesce(p_returns[1:(select max(k) from generate_subscripts(p_returns, 1) k
                               where p_returns[k] <> coalesce(p_returns[k - 1], 0))], '{}')
$$;

-- The returns array of a set of gaps (days since the previous visit), each counted delta times
-- (delta -1 takes a gap away): element k is the sum of the deltas of the gaps of at most k days.
create function app_private.returns_of(p_gaps int[], p_deltas int[]) returns int[]
  language sql immutable strict parallel safe set search_path to pg_catalog, public, pg_temp
  as $$
  select app_private.returns_trim(coalesce(array_agg(x.n order by x.k), '{}'))
  from (select k, (sum(coalesce(sum(g.delta), 0)) over (order by k))::int as n
        from generate_series(1, (select max(g) from unnest(p_gaps) g)) k
        left join unnest(p_gaps, p_deltas) g(gap, delta) on g.gap = k
        group by k) x
$$;

-- Element-wise sum of two returns arrays (each read past its end as its last element).
create function app_private.returns_add(p_a int[], p_b int[]) returns int[]
  language sql immutable strict parallel safe set search_path to pg_catalog, public, pg_temp
  as $$
  select app_private.returns_trim(array(
    select coalesce(p_a[least(k, cardinality(p_a))], 0) + coalesce(p_b[least(k, cardinality(p_b))], 0)
    from generate_series(1, greatest(cardinality(p_a), cardinality(p_b))) k order by k))
$$;

-- What adding p_added to a membership's days (p_days, which already holds them) does to its gaps:
-- each added day gets a gap to the day before it, if any (+1); and the first day already there
-- after an added day (with no other added day between) loses its gap to its old day before (-1)
-- and gets one to the added day (+1). Days are usually added after the last one (no second part).
create function app_private.gap_changes(p_days datemultirange, p_added datemultirange)
  returns table (day date, gap int, delta int)
  language sql immutable strict parallel safe set search_path to pg_catalog, public, pg_temp
  as $$
  with added as (
    select d,
           upper(p_days * datemultirange(daterange(null, d))) - 1 as day_before,
           lower((p_days - p_added) * datemultirange(daterange(d, null, '()'))) as next_old,
           lower(p_added * datemultirange(daterange(d, null, '()'))) as next_added
    from app_private.days_of(p_added) d
  ),
  followed as (
    -- Old days that now follow an added day, with their old day before.
    select d, next_old, upper((p_days - p_added) * datemultirange(daterange(null, next_old))) - 1 as old_before
    from added
    where next_old is not null and (next_added is null or next_added > next_old)
  )
  select d, d - day_before, 1 from added where day_before is not null
  union all
  select next_old, next_old - old_before, -1 from followed where old_before is not null
  union all
  select next_old, next_old - d, 1 from followed
$$;

---------------------------------------------------------------------------------------------
-- Session rows per person and day. Recomputes the rows of the named people's named start days
-- (pairs: p_users[i] on p_days[i]) from their sessions, then those people's running totals and
-- next days (only rows that change are written: usually the new day's and the one before it).
-- The per-person transaction lock is the one refresh_navigation_user_sessions took (same keys,
-- same order); every path takes a session row before it, so concurrent syncs of one person wait
-- for each other instead of deadlocking.
create function app_private.refresh_navigation_user_session_days(p_users uuid[], p_days date[]) returns void
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_people uuid[] := array(select distinct u from unnest(p_users) u where u is not null order by u);
begin
  if cardinality(v_people) = 0 then
    return;
  end if;
  perform pg_advisory_xact_lock(hashtext('navigation_user_sessions'), hashtext(u::text)) from unnest(v_people) u;

  -- Two statements: a delete in a WITH would run after the insert it makes room for.
  delete from app_private.navigation_user_session_days d
  using unnest(p_users, p_days) t(user_id, day)
  where d.user_id = t.user_id and d.day = t.day;
  insert into app_private.navigation_user_session_days
    (user_id, day, sessions, duration_us, timed_sessions, navigations, first_started, last_started, person_first_started)
  select t.user_id, t.day, x.*, x.first_started
  from (select distinct t.user_id, t.day from unnest(p_users, p_days) t(user_id, day)
        where t.user_id is not null and t.day is not null) t
  cross join lateral (
    select count(*)::int,
           coalesce(sum((extract(epoch from (coalesce(s.ended_at, tt.last_at) - s.started_at)) * 1000000)::bigint), 0),
           count(coalesce(s.ended_at, tt.last_at))::int,
           coalesce(sum(tt.navigations), 0)::int, min(s.started_at), max(s.started_at)
    from app_private.navigation_sessions s
    left join app_private.navigation_session_totals tt on tt.session_id = s.session_id
    where s.user_id = t.user_id
      and s.started_at >= t.day::timestamp at time zone 'UTC' and s.started_at < (t.day + 1)::timestamp at time zone 'UTC'
  ) x(sessions, duration_us, timed_sessions, navigations, first_started, last_started)
  where x.sessions > 0
  order by t.user_id, t.day;

  update app_private.navigation_user_session_days d
  set next_day = x.next_day, next_first_started = x.next_first_started, person_first_started = x.person_first_started,
      total_sessions = x.total_sessions, total_duration_us = x.total_duration_us,
      total_timed_sessions = x.total_timed_sessions, total_navigations = x.total_navigations
  from (select n.user_id, n.day, lead(n.day) over w as next_day, lead(n.first_started) over w as next_first_started,
               first_value(n.first_started) over w as person_first_started,
               sum(n.sessions) over w as total_sessions, sum(n.duration_us) over w as total_duration_us,
               sum(n.timed_sessions) over w as total_timed_sessions, sum(n.navigations) over w as total_navigations
        from app_private.navigation_user_session_days n where n.user_id = any(v_people)
        window w as (partition by n.user_id order by n.day)) x
  where d.user_id = x.user_id and d.day = x.day
    and (d.next_day, d.next_first_started, d.person_first_started, d.total_sessions, d.total_duration_us,
         d.total_timed_sessions, d.total_navigations)
        is distinct from (x.next_day, x.next_first_started, x.person_first_started, x.total_sessions, x.total_duration_us,
                          x.total_timed_sessions, x.total_navigations);
end;
$$;

create or replace function app_private.tg_navigation_sessions__refresh_people() returns trigger
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_users uuid[];
  v_days date[];
begin
  -- A session's start can move (to an earlier day), and pruning deletes sessions: the days it
  -- left and the days it is on now.
  if tg_op = 'INSERT' then
    select array_agg(user_id), array_agg((started_at at time zone 'UTC')::date) into v_users, v_days from new_sessions;
  elsif tg_op = 'UPDATE' then
    select array_agg(user_id), array_agg(day) into v_users, v_days
    from (select user_id, (started_at at time zone 'UTC')::date as day from new_sessions
          union select user_id, (started_at at time zone 'UTC')::date from old_sessions) x;
  else
    select array_agg(user_id), array_agg((started_at at time zone 'UTC')::date) into v_users, v_days from old_sessions;
  end if;
  perform app_private.refresh_navigation_user_session_days(v_users, v_days);
  return null;
end;
$$;

---------------------------------------------------------------------------------------------
-- Keeping the rollups current (as in 20261122000200, with the returns arrays instead of the last
-- visits, and the session rows per person and day). Still once per INSERT statement, from the
-- rows really inserted, each table in one order and its rows in key order.
create or replace function app_private.tg_navigation_events__rollup() returns trigger
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_users uuid[];
  v_days date[];
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
    returning m.route, m.days, m.added
  ),
  new_session_days as (
    insert into app_private.navigation_route_sessions as m (route, session_id, days, added)
    select route, session_id, days, days
    from (select route, session_id, range_agg(daterange(day, day, '[]')) as days from batch group by route, session_id) b
    order by route, session_id
    on conflict (route, session_id) do update set added = excluded.days - m.days, days = m.days + excluded.days
      where not m.days @> excluded.days
    returning m.route, m.days, m.added
  ),
  parts as (
    select day, route, count(*) as visits, sum(time_spent) as time_spent, min(occurred_at) as first_at,
           max(occurred_at) as last_at, 0 as visitors, 0 as sessions, null::int as visitor_gap, null::int as session_gap, 0 as delta
    from batch group by day, route
    union all
    select d, route, 0, 0, null, null, 1, 0, null, null, 0 from new_visitor_days, app_private.days_of(added) d
    union all
    select d, route, 0, 0, null, null, 0, 1, null, null, 0 from new_session_days, app_private.days_of(added) d
    union all
    select g.day, route, 0, 0, null, null, 0, 0, g.gap, null, g.delta from new_visitor_days, app_private.gap_changes(days, added) g
    union all
    select g.day, route, 0, 0, null, null, 0, 0, null, g.gap, g.delta from new_session_days, app_private.gap_changes(days, added) g
  )
  insert into app_private.navigation_route_days as r
    (day, route, visits, time_spent, first_at, last_at, visitors, sessions, visitor_returns, session_returns)
  -- A day with no event in the batch (only a gap that changed) proposes -infinity/infinity as its
  -- first and last visit, which change nothing in its row: NOT NULL is checked before ON CONFLICT.
  select day, route, sum(visits), sum(time_spent), coalesce(min(first_at), 'infinity'), coalesce(max(last_at), '-infinity'),
         sum(visitors), sum(sessions),
         coalesce(app_private.returns_of(array_agg(visitor_gap) filter (where visitor_gap is not null),
                                         array_agg(delta) filter (where visitor_gap is not null)), '{}'),
         coalesce(app_private.returns_of(array_agg(session_gap) filter (where session_gap is not null),
                                         array_agg(delta) filter (where session_gap is not null)), '{}')
  from parts group by day, route
  order by day, route
  on conflict (day, route) do update set
    visits = r.visits + excluded.visits,
    time_spent = r.time_spent + excluded.time_spent,
    first_at = least(r.first_at, excluded.first_at),
    last_at = greatest(r.last_at, excluded.last_at),
    visitors = r.visitors + excluded.visitors,
    sessions = r.sessions + excluded.sessions,
    visitor_returns = case when excluded.visitor_returns = '{}' then r.visitor_returns
                           else app_private.returns_add(r.visitor_returns, excluded.visitor_returns) end,
    session_returns = case when excluded.session_returns = '{}' then r.session_returns
                           else app_private.returns_add(r.session_returns, excluded.session_returns) end;

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
    returning m.from_route, m.to_route, m.days, m.added
  ),
  new_session_days as (
    insert into app_private.navigation_pattern_sessions as m (from_route, to_route, session_id, days, added)
    select from_route, to_route, session_id, days, days
    from (select from_route, to_route, session_id, range_agg(daterange(day, day, '[]')) as days from batch
          group by from_route, to_route, session_id) b
    order by from_route, to_route, session_id
    on conflict (from_route, to_route, session_id) do update set added = excluded.days - m.days, days = m.days + excluded.days
      where not m.days @> excluded.days
    returning m.from_route, m.to_route, m.days, m.added
  ),
  parts as (
    select day, from_route, to_route, count(*) as occurrences, sum(time_spent) as time_spent,
           min(occurred_at) as first_at, max(occurred_at) as last_at, 0 as visitors, 0 as sessions,
           null::int as visitor_gap, null::int as session_gap, 0 as delta
    from batch group by day, from_route, to_route
    union all
    select d, from_route, to_route, 0, 0, null, null, 1, 0, null, null, 0 from new_visitor_days, app_private.days_of(added) d
    union all
    select d, from_route, to_route, 0, 0, null, null, 0, 1, null, null, 0 from new_session_days, app_private.days_of(added) d
    union all
    select g.day, from_route, to_route, 0, 0, null, null, 0, 0, g.gap, null, g.delta
    from new_visitor_days, app_private.gap_changes(days, added) g
    union all
    select g.day, from_route, to_route, 0, 0, null, null, 0, 0, null, g.gap, g.delta
    from new_session_days, app_private.gap_changes(days, added) g
  )
  insert into app_private.navigation_pattern_days as p
    (day, from_route, to_route, occurrences, time_spent, first_at, last_at, visitors, sessions, visitor_returns, session_returns)
  select day, from_route, to_route, sum(occurrences), sum(time_spent), coalesce(min(first_at), 'infinity'),
         coalesce(max(last_at), '-infinity'), sum(visitors), sum(sessions),
         coalesce(app_private.returns_of(array_agg(visitor_gap) filter (where visitor_gap is not null),
                                         array_agg(delta) filter (where visitor_gap is not null)), '{}'),
         coalesce(app_private.returns_of(array_agg(session_gap) filter (where session_gap is not null),
                                         array_agg(delta) filter (where session_gap is not null)), '{}')
  from parts group by day, from_route, to_route
  order by day, from_route, to_route
  on conflict (day, from_route, to_route) do update set
    occurrences = p.occurrences + excluded.occurrences,
    time_spent = p.time_spent + excluded.time_spent,
    first_at = least(p.first_at, excluded.first_at),
    last_at = greatest(p.last_at, excluded.last_at),
    visitors = p.visitors + excluded.visitors,
    sessions = p.sessions + excluded.sessions,
    visitor_returns = case when excluded.visitor_returns = '{}' then p.visitor_returns
                           else app_private.returns_add(p.visitor_returns, excluded.visitor_returns) end,
    session_returns = case when excluded.session_returns = '{}' then p.session_returns
                           else app_private.returns_add(p.session_returns, excluded.session_returns) end;

  -- Days, and the per-session totals (unchanged).
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

  -- The sessions now with more navigations (or a later last one): their people's start days.
  select array_agg(s.user_id), array_agg((s.started_at at time zone 'UTC')::date) into v_users, v_days
  from app_private.navigation_sessions s
  where s.session_id in (select session_id from new_events) and s.user_id is not null;
  perform app_private.refresh_navigation_user_session_days(v_users, v_days);

  return null;
end;
$$;

-- Rebuilds the rollups of the open days and all memberships from the raw events (as in
-- 20261122000200), with the returns arrays and the session rows per person and day.
create or replace function app_private.rebuild_navigation_rollups() returns void
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
    app_private.navigation_visitor_days, app_private.navigation_session_totals,
    app_private.navigation_user_session_days;

  create temporary table rollup_events on commit drop as
    select session_id, user_id, from_route, to_route, occurred_at, time_spent, (occurred_at at time zone 'UTC')::date as day
    from app_private.navigation_events;

  -- Each visitor's and session's days on a route (from_route null) or pattern, with the gap to
  -- the day before: what the returns arrays count.
  create temporary table rollup_gaps on commit drop as
    select from_route, to_route, visitor, day, day - lag(day) over (partition by from_route, to_route, visitor, id order by day) as gap
    from (select distinct null::text as from_route, to_route, true as visitor, user_id as id, day
          from rollup_events where day >= v_open and user_id is not null
          union all
          select distinct null, to_route, false, session_id, day from rollup_events where day >= v_open
          union all
          select distinct from_route, to_route, true, user_id, day
          from rollup_events where day >= v_open and from_route is not null and user_id is not null
          union all
          select distinct from_route, to_route, false, session_id, day
          from rollup_events where day >= v_open and from_route is not null) k;
  create temporary table rollup_returns on commit drop as
    select from_route, to_route, day,
           coalesce(app_private.returns_of(array_agg(gap) filter (where visitor), array_agg(1) filter (where visitor)), '{}') as visitor_returns,
           coalesce(app_private.returns_of(array_agg(gap) filter (where not visitor), array_agg(1) filter (where not visitor)), '{}') as session_returns
    from rollup_gaps where gap is not null group by from_route, to_route, day;
  drop table rollup_gaps;

  insert into app_private.navigation_route_days
    (day, route, visits, time_spent, first_at, last_at, visitors, sessions, visitor_returns, session_returns)
    select e.*, coalesce(g.visitor_returns, '{}'), coalesce(g.session_returns, '{}')
    from (select day, to_route, count(*), sum(time_spent), min(occurred_at), max(occurred_at), count(distinct user_id), count(distinct session_id)
          from rollup_events where day >= v_open group by day, to_route) e(day, route, visits, time_spent, first_at, last_at, visitors, sessions)
    left join rollup_returns g on g.from_route is null and g.to_route = e.route and g.day = e.day;
  insert into app_private.navigation_pattern_days
    (day, from_route, to_route, occurrences, time_spent, first_at, last_at, visitors, sessions, visitor_returns, session_returns)
    select e.*, coalesce(g.visitor_returns, '{}'), coalesce(g.session_returns, '{}')
    from (select day, from_route, to_route, count(*), sum(time_spent), min(occurred_at), max(occurred_at),
                 count(distinct user_id), count(distinct session_id)
          from rollup_events where day >= v_open and from_route is not null group by day, from_route, to_route)
         e(day, from_route, to_route, occurrences, time_spent, first_at, last_at, visitors, sessions)
    left join rollup_returns g on g.from_route = e.from_route and g.to_route = e.to_route and g.day = e.day;
  insert into app_private.navigation_days (day, navigations, time_spent, sessions, visitors)
    select day, count(*), sum(time_spent), count(distinct session_id), count(distinct user_id)
    from rollup_events where day >= v_open group by day;
  drop table rollup_returns;

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

  insert into app_private.navigation_user_session_days
    (user_id, day, sessions, duration_us, timed_sessions, navigations, first_started, last_started,
     next_day, next_first_started, person_first_started, total_sessions, total_duration_us, total_timed_sessions, total_navigations)
  select x.*, lead(x.day) over w, lead(x.first_started) over w, first_value(x.first_started) over w,
         sum(x.sessions) over w, sum(x.duration_us) over w, sum(x.timed_sessions) over w, sum(x.navigations) over w
  from (select s.user_id, (s.started_at at time zone 'UTC')::date, count(*),
               coalesce(sum((extract(epoch from (coalesce(s.ended_at, t.last_at) - s.started_at)) * 1000000)::bigint), 0),
               count(coalesce(s.ended_at, t.last_at)), coalesce(sum(t.navigations), 0), min(s.started_at), max(s.started_at)
        from app_private.navigation_sessions s
        left join app_private.navigation_session_totals t on t.session_id = s.session_id
        where s.user_id is not null
        group by 1, 2) x(user_id, day, sessions, duration_us, timed_sessions, navigations, first_started, last_started)
  window w as (partition by x.user_id order by x.day);
end;
$$;

drop function app_private.refresh_navigation_user_sessions(uuid[]);
drop table app_private.navigation_user_sessions;

---------------------------------------------------------------------------------------------
-- The statistics. Unchanged for one person (their raw events). For everyone, every window reads
-- the rollup rows of its days and nothing else.

create or replace function app_public.navigation_route_stats(start_date date default null, end_date date default null, target_user_id uuid default null)
  returns setof app_public.route_stat
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  set jit to off set max_parallel_workers_per_gather to 0
  as $$
declare
  v_window tstzrange := app_hidden.analytics_window(start_date, end_date);
  v_first date := (lower(v_window) at time zone 'UTC')::date;
  v_last date := (upper(v_window) at time zone 'UTC')::date - 1;
  -- The first day of the window whose visitors can still be told apart from other days' (see
  -- retention in docs/decisions.md): before it, each day's visitors and sessions count.
  v_open date := greatest(v_first, (select closed_before from app_private.navigation_rollup_state));
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

  -- A day's visitors (sessions) count unless they were already seen on the route since v_open
  -- (the header of 20261122000210_analytics_windows.sql).
  return query
    select r.route, sum(r.visits)::bigint, sum(r.time_spent)::bigint, round(sum(r.time_spent)::numeric / sum(r.visits), 1),
           min(r.first_at), max(r.last_at),
           sum(r.visitors - case when r.day > v_open
                                 then coalesce(r.visitor_returns[least(r.day - v_open, cardinality(r.visitor_returns))], 0)
                                 else 0 end)::bigint,
           sum(r.sessions - case when r.day > v_open
                                 then coalesce(r.session_returns[least(r.day - v_open, cardinality(r.session_returns))], 0)
                                 else 0 end)::bigint
    from app_private.navigation_route_days r
    where r.day between v_first and v_last
    group by r.route
    order by 2 desc, 1;
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
  v_open date := greatest(v_first, (select closed_before from app_private.navigation_rollup_state));
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
    select p.from_route, p.to_route, sum(p.occurrences)::bigint, round(sum(p.time_spent)::numeric / sum(p.occurrences), 1),
           sum(p.visitors - case when p.day > v_open
                                 then coalesce(p.visitor_returns[least(p.day - v_open, cardinality(p.visitor_returns))], 0)
                                 else 0 end)::bigint,
           sum(p.sessions - case when p.day > v_open
                                 then coalesce(p.session_returns[least(p.day - v_open, cardinality(p.session_returns))], 0)
                                 else 0 end)::bigint,
           min(p.first_at), max(p.last_at)
    from app_private.navigation_pattern_days p
    where p.day between v_first and v_last
    group by p.from_route, p.to_route
    order by 3 desc, 1, 2;
end;
$$;

-- Sessions that started in [p_first, p_last] (UTC days), per person (one of them when p_user is
-- given), and the visitors without any id as one more row with no id. Per person: the row standing
-- for p_last (their last day with sessions on or before it) less the one standing for p_first - 1;
-- their first start in the window is the one after the latter (or their first ever), their last
-- the former's. Both sets are read once by the range index (materialized: joined by hashing, not
-- looked up per person).
create function app_private.navigation_sessions_by_person(p_first date, p_last date, p_user uuid)
  returns table (person uuid, sessions bigint, duration_us numeric, timed_sessions bigint, navigations bigint,
                 first_started timestamptz, last_started timestamptz)
  language sql stable set search_path to pg_catalog, public, pg_temp
  set jit to off set max_parallel_workers_per_gather to 0
  as $$
  with upto_last as materialized (
    select d.user_id, d.total_sessions, d.total_duration_us, d.total_timed_sessions, d.total_navigations,
           d.person_first_started, d.last_started
    from app_private.navigation_user_session_days d
    where daterange(d.day, d.next_day) @> p_last and (p_user is null or d.user_id = p_user)
  ),
  before_first as materialized (
    select d.user_id, d.total_sessions, d.total_duration_us, d.total_timed_sessions, d.total_navigations, d.next_first_started
    from app_private.navigation_user_session_days d
    where daterange(d.day, d.next_day) @> p_first - 1 and (p_user is null or d.user_id = p_user)
  )
  select u.user_id, u.total_sessions - coalesce(b.total_sessions, 0),
         (u.total_duration_us - coalesce(b.total_duration_us, 0))::numeric,
         u.total_timed_sessions - coalesce(b.total_timed_sessions, 0), u.total_navigations - coalesce(b.total_navigations, 0),
         coalesce(b.next_first_started, u.person_first_started), u.last_started
  from upto_last u left join before_first b on b.user_id = u.user_id
  where u.total_sessions > coalesce(b.total_sessions, 0)
  union all
  -- Visitors without any id, together as one row (as grouping by a null id does).
  select null::uuid, count(*), coalesce(sum((extract(epoch from (coalesce(s.ended_at, t.last_at) - s.started_at)) * 1000000)::bigint), 0),
         count(coalesce(s.ended_at, t.last_at)), coalesce(sum(t.navigations), 0)::bigint, min(s.started_at), max(s.started_at)
  from app_private.navigation_sessions s
  left join app_private.navigation_session_totals t on t.session_id = s.session_id
  where s.user_id is null and p_user is null
    and s.started_at >= p_first::timestamp at time zone 'UTC' and s.started_at < (p_last + 1)::timestamp at time zone 'UTC'
  having count(*) > 0
$$;

create or replace function app_public.navigation_session_stats(start_date date default null, end_date date default null, target_user_id uuid default null)
  returns setof app_public.session_stat
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  set jit to off set max_parallel_workers_per_gather to 0
  as $$
declare
  v_window tstzrange := app_hidden.analytics_window(start_date, end_date);
begin
  return query
    select p.person, u.username::text, p.sessions,
           -- One division of the exact sum, as avg() over the raw durations does.
           round(p.duration_us / (1000000 * nullif(p.timed_sessions, 0)), 1), p.navigations,
           round(p.navigations::numeric / p.sessions, 2), p.first_started, p.last_started
    from app_private.navigation_sessions_by_person((lower(v_window) at time zone 'UTC')::date,
                                                   (upper(v_window) at time zone 'UTC')::date - 1, target_user_id) p
    left join app_public.users u on u.id = p.person
    order by p.sessions desc, p.person;
end;
$$;

-- The analytics summary (as in 20261121001900), its session summary summed from the same rows
-- per person without their names and order (it needs neither).
create or replace function app_public.get_navigation_analytics(target_user_id uuid default null, start_date date default null, end_date date default null)
  returns jsonb
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_window tstzrange := app_hidden.analytics_window(start_date, end_date);
begin
  return jsonb_build_object(
    'mostVisitedRoutes', coalesce((select jsonb_agg(to_jsonb(r)) from (
        select * from app_public.navigation_route_stats(start_date, end_date, target_user_id) limit 10) r), '[]'),
    'navigationPatterns', coalesce((select jsonb_agg(to_jsonb(p)) from (
        select * from app_public.navigation_pattern_stats(start_date, end_date, target_user_id) limit 10) p), '[]'),
    'sessionSummary', (select jsonb_build_object(
        'totalSessions', coalesce(sum(p.sessions), 0),
        'totalNavigations', coalesce(sum(p.navigations), 0),
        'averageSessionDuration', round(coalesce(
           sum(round(p.duration_us / (1000000 * nullif(p.timed_sessions, 0)), 1) * p.sessions) / nullif(sum(p.sessions), 0), 0), 1),
        'averageNavigationsPerSession', round(coalesce(sum(p.navigations)::numeric / nullif(sum(p.sessions), 0), 0), 2),
        'uniqueVisitors', count(*))
      from app_private.navigation_sessions_by_person((lower(v_window) at time zone 'UTC')::date,
                                                     (upper(v_window) at time zone 'UTC')::date - 1, target_user_id) p)
  );
end;
$$;

---------------------------------------------------------------------------------------------
-- Retention (as in 20261122000200). Two changes: the membership rows are locked in key order
-- before they change, as the trigger locks them, so the nightly prune and a sync batch wait for
-- each other instead of deadlocking; and the returns arrays of the days now closed are emptied
-- (they are never read: a window counts a closed day's visitors as they are).
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

  perform 1 from app_private.navigation_route_visitors where lower(days) < v_open order by route, user_id for update;
  delete from app_private.navigation_route_visitors where upper(days) <= v_open;
  update app_private.navigation_route_visitors set days = days - v_closed, added = null where lower(days) < v_open;
  perform 1 from app_private.navigation_route_sessions where lower(days) < v_open order by route, session_id for update;
  delete from app_private.navigation_route_sessions where upper(days) <= v_open;
  update app_private.navigation_route_sessions set days = days - v_closed, added = null where lower(days) < v_open;
  perform 1 from app_private.navigation_route_days
    where day < v_open and (visitor_returns <> '{}' or session_returns <> '{}') order by day, route for update;
  update app_private.navigation_route_days set visitor_returns = '{}', session_returns = '{}'
    where day < v_open and (visitor_returns <> '{}' or session_returns <> '{}');
  perform 1 from app_private.navigation_pattern_visitors where lower(days) < v_open order by from_route, to_route, user_id for update;
  delete from app_private.navigation_pattern_visitors where upper(days) <= v_open;
  update app_private.navigation_pattern_visitors set days = days - v_closed, added = null where lower(days) < v_open;
  perform 1 from app_private.navigation_pattern_sessions where lower(days) < v_open order by from_route, to_route, session_id for update;
  delete from app_private.navigation_pattern_sessions where upper(days) <= v_open;
  update app_private.navigation_pattern_sessions set days = days - v_closed, added = null where lower(days) < v_open;
  perform 1 from app_private.navigation_pattern_days
    where day < v_open and (visitor_returns <> '{}' or session_returns <> '{}') order by day, from_route, to_route for update;
  update app_private.navigation_pattern_days set visitor_returns = '{}', session_returns = '{}'
    where day < v_open and (visitor_returns <> '{}' or session_returns <> '{}');
  perform 1 from app_private.navigation_visitor_days where lower(days) < v_open order by user_id for update;
  delete from app_private.navigation_visitor_days where upper(days) <= v_open;
  update app_private.navigation_visitor_days set days = days - v_closed, added = null where lower(days) < v_open;
  -- A session still kept keeps its totals (its session statistics stay whole).
  perform 1 from app_private.navigation_session_totals t
    where lower(t.days) < v_open
       or (t.last_at < v_cut and not exists (select 1 from app_private.navigation_sessions s where s.session_id = t.session_id))
    order by t.session_id for update;
  delete from app_private.navigation_session_totals t where t.last_at < v_cut
    and not exists (select 1 from app_private.navigation_sessions s where s.session_id = t.session_id);
  update app_private.navigation_session_totals set days = days - v_closed, added = null where lower(days) < v_open;
  return v_gone;
end;
$$;

-- Fill the new arrays and session rows from the events already stored.
select app_private.rebuild_navigation_rollups();
-- migrate:down
-- The functions go back to their bodies of 20261122000200_navigation_rollups.sql (the summary to
-- 20261121001900's), the tables to their shape there, and the old rebuild fills what they read.
drop function app_private.navigation_sessions_by_person(date, date, uuid);
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

create or replace function app_private.tg_navigation_sessions__refresh_people() returns trigger
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

create or replace function app_private.tg_navigation_events__rollup() returns trigger
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

create or replace function app_private.rebuild_navigation_rollups() returns void
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

create or replace function app_public.get_navigation_analytics(target_user_id uuid default null, start_date date default null, end_date date default null)
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

drop function app_private.refresh_navigation_user_session_days(uuid[], date[]);
drop function app_private.gap_changes(datemultirange, datemultirange);
drop function app_private.returns_add(int[], int[]);
drop function app_private.returns_of(int[], int[]);
drop function app_private.returns_trim(int[]);
drop table app_private.navigation_user_session_days;

create index navigation_route_sessions_multi_day_idx on app_private.navigation_route_sessions (upper(days))
  where upper(days) - lower(days) > 1;
create index navigation_pattern_sessions_multi_day_idx on app_private.navigation_pattern_sessions (upper(days))
  where upper(days) - lower(days) > 1;
alter table app_private.navigation_route_visitors
  add column first_day date generated always as (lower(days)) stored,
  add column last_day date generated always as (upper(days) - 1) stored;
alter table app_private.navigation_pattern_visitors
  add column first_day date generated always as (lower(days)) stored,
  add column last_day date generated always as (upper(days) - 1) stored;
alter table app_private.navigation_route_days reset (toast_tuple_target);
alter table app_private.navigation_pattern_days reset (toast_tuple_target);
alter table app_private.navigation_route_days
  drop column visitor_returns, drop column session_returns, add column last_visitors bigint not null default 0;
alter table app_private.navigation_pattern_days
  drop column visitor_returns, drop column session_returns, add column last_visitors bigint not null default 0;

select app_private.rebuild_navigation_rollups();
