-- migrate:up
-- Users, their e-mail addresses, their secrets and their sessions.

create table app_public.users (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint users_name_valid check (app_hidden.check_name(name)),
  username citext not null constraint users_username_valid check (app_hidden.check_username(username)),
  has_image boolean not null default false,
  is_verified boolean not null default false,
  is_admin boolean not null default false,
  notification_daily boolean not null default false,
  -- The user's 'One Thing'; its foreign key arrives with the things table.
  one_thing_id uuid,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint users_username_key unique (username)
);
comment on table app_public.users is 'A person who looks after things.';
comment on column app_public.users.is_admin is E'@behavior -*\nRead through the role field.';
comment on column app_public.users.one_thing_id is 'The thing this user cares about most (the One Thing).';

create trigger _100_timestamps before insert or update on app_public.users
  for each row execute function app_private.tg__timestamps();

-- The unique index guarantees it; this trigger turns the clash into the spec's message.
create function app_private.tg_users__unique_username() returns trigger
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if exists (select 1 from app_public.users where username = new.username and id <> new.id) then
    raise exception 'Username already exists' using errcode = 'NUNIQ';
  end if;
  return new;
end;
$$;
create trigger _200_unique_username before insert or update of username on app_public.users
  for each row execute function app_private.tg_users__unique_username();

create table app_public.user_emails (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references app_public.users on delete cascade,
  email citext not null constraint user_emails_email_valid check (app_hidden.check_email(email)),
  is_primary boolean not null default false,
  is_verified boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- One address belongs to one account.
  constraint user_emails_email_key unique (email)
);
create index user_emails_user_id_idx on app_public.user_emails (user_id);
-- At most one primary address per user (exactly one is kept by the functions that change them).
create unique index user_emails_one_primary on app_public.user_emails (user_id) where is_primary;
comment on table app_public.user_emails is 'An e-mail address of a user; exactly one is primary.';

create trigger _100_timestamps before insert or update on app_public.user_emails
  for each row execute function app_private.tg__timestamps();

create function app_private.tg_user_emails__unique_email() returns trigger
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if exists (select 1 from app_public.user_emails where email = new.email and id <> new.id) then
    if exists (select 1 from app_public.user_emails where email = new.email and user_id = new.user_id and id <> new.id) then
      raise exception 'Email already added' using errcode = 'NUNIQ';
    end if;
    raise exception 'Email already exists' using errcode = 'NUNIQ';
  end if;
  return new;
end;
$$;
create trigger _200_unique_email before insert or update of email on app_public.user_emails
  for each row execute function app_private.tg_user_emails__unique_email();

-- Secrets live apart so no web role can ever read them.
create table app_private.user_secrets (
  user_id uuid primary key references app_public.users on delete cascade,
  password_hash text,
  reset_token text,
  reset_token_created_at timestamptz,
  failed_reset_attempts int not null default 0,
  first_failed_reset_at timestamptz,
  delete_account_token text,
  delete_account_token_created_at timestamptz
);

create table app_private.user_email_secrets (
  user_email_id uuid primary key references app_public.user_emails on delete cascade,
  verification_token text,
  verification_sent_at timestamptz
);

-- Failed sign-ins per username, whether or not the user exists (no enumeration).
create table app_private.sign_in_failures (
  username citext not null,
  failed_at timestamptz not null default now()
);
create index sign_in_failures_username_idx on app_private.sign_in_failures (username, failed_at);

-- A session is what a signed-in token points at; signing out revokes it.
create table app_private.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references app_public.users on delete cascade,
  domain_name text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_user_id_idx on app_private.sessions (user_id);

-- Identity helpers that need the tables above.
create function app_public.current_user_id() returns uuid
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select s.user_id from app_private.sessions s
  where s.id = app_public.current_session_id() and s.revoked_at is null and s.expires_at > now()
$$;
comment on function app_public.current_user_id() is E'@behavior -*\nThe signed-in user of this request, or null for guests and revoked sessions.';

create function app_public.current_user_is_admin() returns boolean
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select coalesce((select is_admin from app_public.users where id = app_public.current_user_id()), false)
$$;
comment on function app_public.current_user_is_admin() is E'@behavior -*';

create function app_public."current_user"() returns app_public.users
  language sql stable
  as $$ select * from app_public.users where id = app_public.current_user_id() $$;
comment on function app_public."current_user"() is 'The signed-in user, or null for guests.';

-- The session role this user's tokens carry.
create function app_public.users_role(u app_public.users) returns text
  language sql stable
  as $$ select case when u.is_admin then 'bk_admin' else 'bk_user' end $$;

grant execute on function app_public.current_user_id() to bk_anonymous;
grant execute on function app_public.current_user_is_admin() to bk_anonymous;
grant execute on function app_public."current_user"() to bk_anonymous;
grant execute on function app_public.users_role(app_public.users) to bk_anonymous;

-- Row-level security: policies first, grants after.
alter table app_public.users enable row level security;
alter table app_public.user_emails enable row level security;

-- Profiles (name, username, picture) are visible to signed-in members of the community.
create policy select_signed_in on app_public.users for select to bk_user
  using ((select app_public.current_user_id()) is not null);
create policy update_self on app_public.users for update to bk_user
  using (id = (select app_public.current_user_id()) or (select app_public.current_user_is_admin()));

create policy select_own on app_public.user_emails for select to bk_user
  using (user_id = (select app_public.current_user_id()) or (select app_public.current_user_is_admin()));

grant select on app_public.users to bk_anonymous;
grant update (name, username, notification_daily, one_thing_id, has_image) on app_public.users to bk_user;
grant select on app_public.user_emails to bk_anonymous;

-- migrate:down
drop table app_private.sessions;
drop table app_private.sign_in_failures;
drop table app_private.user_email_secrets;
drop table app_private.user_secrets;
drop table app_public.user_emails;
drop function app_public.users_role(app_public.users);
drop function app_public."current_user"();
drop function app_public.current_user_is_admin();
drop function app_public.current_user_id();
drop table app_public.users;
drop function app_private.tg_user_emails__unique_email();
drop function app_private.tg_users__unique_username();
