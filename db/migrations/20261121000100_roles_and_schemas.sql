-- migrate:up
-- Roles are cluster-wide, so they are created only when missing (several databases share them).
-- bk_authenticator is the server's login role; it can only become one of the three web roles.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'bk_anonymous') then
    create role bk_anonymous nologin;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'bk_user') then
    create role bk_user nologin;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'bk_admin') then
    create role bk_admin nologin;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'bk_authenticator') then
    create role bk_authenticator login noinherit;
  end if;
end
$$;

-- A signed-in user may do all a guest may; an admin all a user may.
grant bk_anonymous to bk_user;
grant bk_user to bk_admin;
grant bk_anonymous, bk_user, bk_admin to bk_authenticator;

create extension if not exists pgcrypto;
create extension if not exists citext;

-- app_public: exposed through GraphQL. app_hidden: callable helpers the API does not expose.
-- app_private: secrets, never granted to a web role.
create schema app_public;
create schema app_hidden;
create schema app_private;

grant usage on schema app_public to bk_anonymous;
grant usage on schema app_hidden to bk_anonymous;

-- Nothing is executable by default: each function is granted on purpose.
alter default privileges revoke all on functions from public;
alter default privileges in schema app_public revoke all on functions from public;
alter default privileges in schema app_hidden revoke all on functions from public;

-- migrate:down
drop schema app_private cascade;
drop schema app_hidden cascade;
drop schema app_public cascade;
