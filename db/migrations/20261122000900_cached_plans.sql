-- migrate:up
-- Helpers asked on nearly every request keep their query plans. A SQL-language function that
-- PostgreSQL cannot inline (these are security definer, set search_path, or return one row of
-- a table) is parsed and planned again at every call; PL/pgSQL plans its statements once per
-- connection. For one home dashboard these five cost about 0.3 ms of PostgreSQL's 1.3 ms
-- (pg_stat_user_functions under bench/api.ts), nearly all of it parsing and planning.
-- Same bodies, same answers, same privileges (create or replace keeps grants and comments).

create or replace function app_public."current_user"() returns app_public.users
  language plpgsql stable
  as $$
begin
  return (select u from app_public.users u where u.id = app_public.current_user_id());
end;
$$;

create or replace function app_public.current_user_is_admin() returns boolean
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  return coalesce((select is_admin from app_public.users where id = app_public.current_user_id()), false);
end;
$$;

create or replace function app_hidden.my_thing_ids() returns setof uuid
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  return query select thing_id from app_public.thing_accesses where user_id = app_public.current_user_id();
end;
$$;

create or replace function app_hidden.my_group_ids() returns setof uuid
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  return query select group_id from app_public.group_memberships where user_id = app_public.current_user_id();
end;
$$;

create or replace function app_hidden.my_device_ids() returns setof uuid
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  return query select device_id from app_public.device_accesses where user_id = app_public.current_user_id();
end;
$$;

-- migrate:down
create or replace function app_public."current_user"() returns app_public.users
  language sql stable
  as $$ select * from app_public.users where id = app_public.current_user_id() $$;
create or replace function app_public.current_user_is_admin() returns boolean
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select coalesce((select is_admin from app_public.users where id = app_public.current_user_id()), false)
$$;
create or replace function app_hidden.my_thing_ids() returns setof uuid
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$ select thing_id from app_public.thing_accesses where user_id = app_public.current_user_id() $$;
create or replace function app_hidden.my_group_ids() returns setof uuid
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$ select group_id from app_public.group_memberships where user_id = app_public.current_user_id() $$;
create or replace function app_hidden.my_device_ids() returns setof uuid
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$ select device_id from app_public.device_accesses where user_id = app_public.current_user_id() $$;
