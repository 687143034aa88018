-- migrate:up
-- Found by bench/api.ts on a seeded database (10,000 things, 40,000 actions): row-level security
-- that calls a security-definer function once per row. On PostgreSQL 15 every such call plans
-- the function's body (and the current_user_id() it calls) again, about 0.1 to 0.5 ms each, so a
-- home dashboard spent most of its time in them and counting a user's visible actions took
-- seconds. The rewrites below decide exactly as before, with the work done once per query.

-- Visible access entries and actions are those of a visible thing, and visible device access
-- entries those of a visible device: the things and devices policies (select_visible) apply inside
-- EXISTS, so the visibility rule stays in one place and runs as an index probe per row, with
-- the user's things, groups and devices gathered once per query.
drop policy select_visible on app_public.thing_accesses;
create policy select_visible on app_public.thing_accesses for select
  using (exists (select 1 from app_public.things t where t.id = thing_accesses.thing_id));

drop policy select_visible on app_public.actions;
create policy select_visible on app_public.actions for select
  using (exists (select 1 from app_public.things t where t.id = actions.thing_id));

drop policy select_visible on app_public.device_accesses;
create policy select_visible on app_public.device_accesses for select
  using (exists (select 1 from app_public.devices d where d.id = device_accesses.device_id));

-- canRecordAction is computed per listed thing: find the user once (current_user_is_admin()
-- looked the session up a second time) and decide admin or owner/collaborator in one query.
create or replace function app_hidden.can_act_on_thing(p_thing_id uuid) returns boolean
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select exists (
    select 1 from app_public.users u
    where u.id = app_public.current_user_id()
      and (u.is_admin or exists (
        select 1 from app_public.thing_accesses a
        where a.thing_id = p_thing_id and a.user_id = u.id and (a.is_owner or a.is_collaborator)))
  )
$$;

-- Who is signed in, asked by most policies and helpers. The same query as before in PL/pgSQL,
-- whose plan is kept for the session: as an SQL function called from inside another function
-- it was planned again on every call (the most frequent call on the home dashboard).
create or replace function app_public.current_user_id() returns uuid
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  return (select s.user_id from app_private.sessions s
          where s.id = app_public.current_session_id() and s.revoked_at is null and s.expires_at > now());
end;
$$;

-- migrate:down
create or replace function app_public.current_user_id() returns uuid
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select s.user_id from app_private.sessions s
  where s.id = app_public.current_session_id() and s.revoked_at is null and s.expires_at > now()
$$;
create or replace function app_hidden.can_act_on_thing(p_thing_id uuid) returns boolean
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select app_public.current_user_is_admin() or exists (
    select 1 from app_public.thing_accesses
    where thing_id = p_thing_id and user_id = app_public.current_user_id() and (is_owner or is_collaborator)
  )
$$;
drop policy select_visible on app_public.device_accesses;
create policy select_visible on app_public.device_accesses for select
  using (app_hidden.can_see_device(device_id));
drop policy select_visible on app_public.actions;
create policy select_visible on app_public.actions for select
  using (app_hidden.can_see_thing(thing_id));
drop policy select_visible on app_public.thing_accesses;
create policy select_visible on app_public.thing_accesses for select
  using (app_hidden.can_see_thing(thing_id));
