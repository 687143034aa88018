-- migrate:up
-- Navigation analytics answer with numbers and camelCase keys (issue 22; spec section 3's
-- field names): counts were bigint, which GraphQL carries as a BigInt *string* ("7"), and
-- getNavigationAnalytics built its lists with to_jsonb of a row type, so its keys were
-- snake_case (visit_count). A count of navigations, sessions or people fits an int by many
-- orders of magnitude (2,147,483,647), so counts become int and GraphQL carries them as Int.
--
-- How: the existing functions keep their bodies and move to app_hidden under a *_rows name, with
-- their row types (renamed to *_rows as well, so the functions still return them); new public
-- types of the same GraphQL names hold int counts, and new public functions of the same
-- signatures cast. Nothing of the rollup logic is copied.

alter type app_public.route_stat rename to route_stat_rows;
alter type app_public.route_stat_rows set schema app_hidden;
alter type app_public.pattern_stat rename to pattern_stat_rows;
alter type app_public.pattern_stat_rows set schema app_hidden;
alter type app_public.session_stat rename to session_stat_rows;
alter type app_public.session_stat_rows set schema app_hidden;
alter type app_public.daily_stat rename to daily_stat_rows;
alter type app_public.daily_stat_rows set schema app_hidden;

alter function app_public.navigation_route_stats(date, date, uuid) rename to navigation_route_stats_rows;
alter function app_public.navigation_route_stats_rows(date, date, uuid) set schema app_hidden;
alter function app_public.navigation_pattern_stats(date, date, uuid) rename to navigation_pattern_stats_rows;
alter function app_public.navigation_pattern_stats_rows(date, date, uuid) set schema app_hidden;
alter function app_public.navigation_session_stats(date, date, uuid) rename to navigation_session_stats_rows;
alter function app_public.navigation_session_stats_rows(date, date, uuid) set schema app_hidden;
alter function app_public.navigation_daily_stats(date, date, uuid) rename to navigation_daily_stats_rows;
alter function app_public.navigation_daily_stats_rows(date, date, uuid) set schema app_hidden;
-- admin_totals is small and names its type in its body: replaced whole, below.
drop function app_public.admin_totals();
drop type app_public.admin_totals;

create type app_public.route_stat as (
  route text, visit_count int, total_time_spent bigint, average_time_spent numeric,
  first_visited timestamptz, last_visited timestamptz, unique_visitors int, unique_sessions int
);
create type app_public.pattern_stat as (
  from_route text, to_route text, occurrence_count int, average_transition_time numeric,
  unique_users int, unique_sessions int, first_occurrence timestamptz, last_occurrence timestamptz
);
create type app_public.session_stat as (
  user_id uuid, username text, total_sessions int, average_session_duration numeric, total_navigations int,
  average_navigations_per_session numeric, first_session timestamptz, last_session timestamptz
);
create type app_public.daily_stat as (
  date date, daily_navigations int, daily_sessions int, unique_routes_visited int,
  average_time_per_navigation numeric, active_users int
);
create type app_public.admin_totals as (things int, devices int, users int, groups int, actions int);
-- total_time_spent stays bigint: milliseconds add up past 2^31 (24.8 days of time on a route).

-- The admin check stays inside the *_rows functions (app_hidden.analytics_window), which only
-- bk_admin may execute; these wrappers run as the caller.
create function app_public.navigation_route_stats(start_date date default null, end_date date default null, target_user_id uuid default null)
  returns setof app_public.route_stat
  language sql stable
  as $$
  select route, visit_count::int, total_time_spent, average_time_spent, first_visited, last_visited,
         unique_visitors::int, unique_sessions::int
  from app_hidden.navigation_route_stats_rows(start_date, end_date, target_user_id)
$$;
comment on function app_public.navigation_route_stats(date, date, uuid) is 'Per route: visits, time spent, first and last visit, unique visitors and sessions (admins only).';

create function app_public.navigation_pattern_stats(start_date date default null, end_date date default null, target_user_id uuid default null)
  returns setof app_public.pattern_stat
  language sql stable
  as $$
  select from_route, to_route, occurrence_count::int, average_transition_time, unique_users::int, unique_sessions::int,
         first_occurrence, last_occurrence
  from app_hidden.navigation_pattern_stats_rows(start_date, end_date, target_user_id)
$$;
comment on function app_public.navigation_pattern_stats(date, date, uuid) is 'Per route-to-route step: how often, how fast, by how many people and sessions (admins only).';

create function app_public.navigation_session_stats(start_date date default null, end_date date default null, target_user_id uuid default null)
  returns setof app_public.session_stat
  language sql stable
  as $$
  select user_id, username, total_sessions::int, average_session_duration, total_navigations::int,
         average_navigations_per_session, first_session, last_session
  from app_hidden.navigation_session_stats_rows(start_date, end_date, target_user_id)
$$;
comment on function app_public.navigation_session_stats(date, date, uuid) is 'Per person: sessions, their length, navigations, first and last session (admins only).';

create function app_public.navigation_daily_stats(start_date date default null, end_date date default null, target_user_id uuid default null)
  returns setof app_public.daily_stat
  language sql stable
  as $$
  select date, daily_navigations::int, daily_sessions::int, unique_routes_visited::int, average_time_per_navigation, active_users::int
  from app_hidden.navigation_daily_stats_rows(start_date, end_date, target_user_id)
$$;
comment on function app_public.navigation_daily_stats(date, date, uuid) is 'Per day: navigations, sessions, routes, time per navigation and active users (active users over time).';

create function app_public.admin_totals() returns app_public.admin_totals
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  perform app_hidden.analytics_window(null, null);
  return row((select count(*) from app_public.things)::int, (select count(*) from app_public.devices)::int,
             (select count(*) from app_public.users)::int, (select count(*) from app_public.groups)::int,
             (select count(*) from app_public.actions)::int)::app_public.admin_totals;
end;
$$;
comment on function app_public.admin_totals() is 'Totals of things, devices, users, groups and care actions (admins only).';

-- The summary, with the spec's camelCase keys and numbers (spec section 3).
create or replace function app_public.get_navigation_analytics(target_user_id uuid default null, start_date date default null, end_date date default null)
  returns jsonb
  language sql stable
  as $$
  select jsonb_build_object(
    'mostVisitedRoutes', coalesce((select jsonb_agg(jsonb_build_object(
        'route', r.route, 'visitCount', r.visit_count, 'totalTimeSpent', r.total_time_spent,
        'averageTimeSpent', r.average_time_spent, 'firstVisited', r.first_visited, 'lastVisited', r.last_visited,
        'uniqueVisitors', r.unique_visitors, 'uniqueSessions', r.unique_sessions))
      from (select * from app_public.navigation_route_stats(start_date, end_date, target_user_id) limit 10) r), '[]'),
    'navigationPatterns', coalesce((select jsonb_agg(jsonb_build_object(
        'fromRoute', p.from_route, 'toRoute', p.to_route, 'occurrenceCount', p.occurrence_count,
        'averageTransitionTime', p.average_transition_time, 'uniqueUsers', p.unique_users,
        'uniqueSessions', p.unique_sessions, 'firstOccurrence', p.first_occurrence, 'lastOccurrence', p.last_occurrence))
      from (select * from app_public.navigation_pattern_stats(start_date, end_date, target_user_id) limit 10) p), '[]'),
    'sessionSummary', (select jsonb_build_object(
        'totalSessions', coalesce(sum(total_sessions), 0)::int,
        'totalNavigations', coalesce(sum(total_navigations), 0)::int,
        'averageSessionDuration', round(coalesce(sum(average_session_duration * total_sessions) / nullif(sum(total_sessions), 0), 0), 1),
        'averageNavigationsPerSession', round(coalesce(sum(total_navigations)::numeric / nullif(sum(total_sessions), 0), 0), 2),
        'uniqueVisitors', count(*)::int)
      from app_public.navigation_session_stats(start_date, end_date, target_user_id))
  )
$$;

revoke execute on function app_public.navigation_route_stats(date, date, uuid), app_public.navigation_pattern_stats(date, date, uuid),
  app_public.navigation_session_stats(date, date, uuid), app_public.navigation_daily_stats(date, date, uuid),
  app_public.admin_totals() from public;
grant execute on function app_public.navigation_route_stats(date, date, uuid), app_public.navigation_pattern_stats(date, date, uuid),
  app_public.navigation_session_stats(date, date, uuid), app_public.navigation_daily_stats(date, date, uuid),
  app_public.admin_totals() to bk_admin;

-- migrate:down
drop function app_public.admin_totals();
drop function app_public.navigation_daily_stats(date, date, uuid);
drop function app_public.navigation_session_stats(date, date, uuid);
drop function app_public.navigation_pattern_stats(date, date, uuid);
drop function app_public.navigation_route_stats(date, date, uuid);
drop type app_public.admin_totals;
drop type app_public.daily_stat;
drop type app_public.session_stat;
drop type app_public.pattern_stat;
drop type app_public.route_stat;
alter function app_hidden.navigation_daily_stats_rows(date, date, uuid) set schema app_public;
alter function app_public.navigation_daily_stats_rows(date, date, uuid) rename to navigation_daily_stats;
alter function app_hidden.navigation_session_stats_rows(date, date, uuid) set schema app_public;
alter function app_public.navigation_session_stats_rows(date, date, uuid) rename to navigation_session_stats;
alter function app_hidden.navigation_pattern_stats_rows(date, date, uuid) set schema app_public;
alter function app_public.navigation_pattern_stats_rows(date, date, uuid) rename to navigation_pattern_stats;
alter function app_hidden.navigation_route_stats_rows(date, date, uuid) set schema app_public;
alter function app_public.navigation_route_stats_rows(date, date, uuid) rename to navigation_route_stats;
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
revoke execute on function app_public.admin_totals() from public;
grant execute on function app_public.admin_totals() to bk_admin;
alter type app_hidden.daily_stat_rows set schema app_public;
alter type app_public.daily_stat_rows rename to daily_stat;
alter type app_hidden.session_stat_rows set schema app_public;
alter type app_public.session_stat_rows rename to session_stat;
alter type app_hidden.pattern_stat_rows set schema app_public;
alter type app_public.pattern_stat_rows rename to pattern_stat;
alter type app_hidden.route_stat_rows set schema app_public;
alter type app_public.route_stat_rows rename to route_stat;
-- get_navigation_analytics as in 20261122000210 (snake_case keys, bigint counts).
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
