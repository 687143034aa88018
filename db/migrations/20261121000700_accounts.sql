-- migrate:up
-- What a user manages about themselves: e-mail addresses, passphrases, account deletion; and
-- admins creating users. Tokens are single use; lifetimes are in decisions.md.

alter table app_private.user_secrets add column reset_token_expires_at timestamptz;

-- Queues one of the worker's e-mails (worker/mail/templates); nothing when there is no address.
create function app_hidden.queue_email(p_to text, p_template text, p_variables json) returns void
  language sql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select graphile_worker.add_job('send_email', json_build_object(
    'to', p_to, 'template', p_template, 'domainName', app_public.current_domain_name(), 'variables', p_variables
  )) where p_to is not null;
  select null::void;
$$;

create function app_hidden.primary_email(p_user_id uuid) returns text
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$ select email from app_public.user_emails where user_id = p_user_id and is_primary $$;

create function app_hidden.require_user() returns uuid
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_id uuid := app_public.current_user_id();
begin
  if v_id is null then
    raise exception 'You must be signed in' using errcode = 'LOGIN';
  end if;
  return v_id;
end;
$$;

---------------------------------------------------------------------------------------------
-- E-mail addresses

create function app_public.create_user_email(email text) returns app_public.user_emails
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_email app_public.user_emails;
begin
  insert into app_public.user_emails (user_id, email, is_primary)
    values (app_hidden.require_user(), create_user_email.email, false)
    returning * into v_email;
  perform app_hidden.send_email_verification(v_email.id, app_public.current_domain_name());
  return v_email;
end;
$$;
comment on function app_public.create_user_email(text) is 'Adds an unverified address to the signed-in user and mails a verification link.';

create function app_public.make_email_primary(email_id uuid) returns app_public.user_emails
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_email app_public.user_emails;
begin
  select * into v_email from app_public.user_emails
    where id = email_id and user_id = app_hidden.require_user();
  if v_email.id is null then
    raise exception 'E-mail address not found' using errcode = 'NTFND';
  end if;
  update app_public.user_emails set is_primary = false where user_id = v_email.user_id and is_primary and id <> v_email.id;
  update app_public.user_emails set is_primary = true where id = v_email.id returning * into v_email;
  return v_email;
end;
$$;
comment on function app_public.make_email_primary(uuid) is 'Makes one of your addresses the primary one (exactly one is primary).';

create function app_public.resend_email_verification_code(email_id uuid) returns boolean
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_email app_public.user_emails;
  v_sent_at timestamptz;
begin
  select * into v_email from app_public.user_emails where id = email_id and user_id = app_hidden.require_user();
  if v_email.id is null then
    raise exception 'E-mail address not found' using errcode = 'NTFND';
  end if;
  if v_email.is_verified then
    raise exception 'This e-mail address is already verified' using errcode = 'DNIED';
  end if;
  select verification_sent_at into v_sent_at from app_private.user_email_secrets where user_email_id = v_email.id;
  -- One mail a minute is plenty; more would let the button be used to spam an address.
  if v_sent_at > now() - interval '1 minute' then
    return false;
  end if;
  perform app_hidden.send_email_verification(v_email.id, app_public.current_domain_name());
  return true;
end;
$$;

-- Called from the link in the mail, signed in or not.
create function app_public.verify_email(user_email_id uuid, token text) returns boolean
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user_id uuid;
begin
  update app_public.user_emails e set is_verified = true
    from app_private.user_email_secrets s
    where e.id = verify_email.user_email_id and s.user_email_id = e.id
      and s.verification_token = verify_email.token
      and s.verification_sent_at > now() - interval '7 days'
    returning e.user_id into v_user_id;
  if v_user_id is null then
    raise exception 'This verification link is invalid or has expired' using errcode = 'NTFND';
  end if;
  update app_private.user_email_secrets s set verification_token = null where s.user_email_id = verify_email.user_email_id;
  update app_public.users set is_verified = true where id = v_user_id;
  return true;
end;
$$;

-- Deleting: your own addresses, never the primary one (cascades from a deleted user pass).
create function app_private.tg_user_emails__keep_primary() returns trigger
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if old.is_primary and exists (select 1 from app_public.users where id = old.user_id) then
    raise exception 'You cannot delete your primary e-mail address' using errcode = 'DNIED';
  end if;
  return old;
end;
$$;
create trigger _500_keep_primary before delete on app_public.user_emails
  for each row execute function app_private.tg_user_emails__keep_primary();

create policy delete_own on app_public.user_emails for delete to bk_user
  using (user_id = (select app_public.current_user_id()));
grant delete on app_public.user_emails to bk_user;

---------------------------------------------------------------------------------------------
-- Passphrases

-- The same answer whether or not the address is known (no enumeration).
create function app_public.forgot_password(email text) returns boolean
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_email app_public.user_emails;
  v_token text := encode(gen_random_bytes(18), 'hex');
  v_name text;
begin
  perform app_hidden.check_email(forgot_password.email);
  select * into v_email from app_public.user_emails e where e.email = forgot_password.email;
  if v_email.id is null then
    return true;
  end if;
  -- At most one mail a minute per account.
  if exists (select 1 from app_private.user_secrets
             where user_id = v_email.user_id and reset_token_created_at > now() - interval '1 minute') then
    return true;
  end if;
  insert into app_private.user_secrets (user_id) values (v_email.user_id) on conflict do nothing;
  update app_private.user_secrets
    set reset_token = v_token, reset_token_created_at = now(), reset_token_expires_at = now() + interval '1 hour'
    where user_id = v_email.user_id;
  select name into v_name from app_public.users where id = v_email.user_id;
  perform app_hidden.queue_email(v_email.email, 'password_reset',
    json_build_object('name', v_name, 'userId', v_email.user_id, 'token', v_token));
  return true;
end;
$$;

-- Returns 'ok' or 'invalid'; the server turns 'invalid' into an error after the failure is
-- committed (a raised error would roll the count back). decisions.md: more than 5 failures in an
-- hour lock resets for that user for an hour (LOCKD).
create function app_hidden.reset_password(p_user_id uuid, p_token text, p_new_password text) returns text
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_secret app_private.user_secrets;
begin
  select * into v_secret from app_private.user_secrets where user_id = p_user_id for update;
  if v_secret.user_id is not null
     and v_secret.failed_reset_attempts > 5
     and v_secret.first_failed_reset_at > now() - interval '1 hour' then
    raise exception 'Passphrase reset locked - too many reset attempts' using errcode = 'LOCKD';
  end if;
  if v_secret.user_id is null or v_secret.reset_token is null or p_token is null
     or v_secret.reset_token <> p_token or v_secret.reset_token_expires_at < now() then
    if v_secret.user_id is not null then
      update app_private.user_secrets set
        failed_reset_attempts = case when first_failed_reset_at > now() - interval '1 hour' then failed_reset_attempts + 1 else 1 end,
        first_failed_reset_at = case when first_failed_reset_at > now() - interval '1 hour' then first_failed_reset_at else now() end
        where user_id = p_user_id;
    end if;
    return 'invalid';
  end if;
  perform app_hidden.check_passphrase(p_new_password);
  update app_private.user_secrets set
    password_hash = crypt(p_new_password, gen_salt('bf', 10)),
    reset_token = null, reset_token_created_at = null, reset_token_expires_at = null,
    failed_reset_attempts = 0, first_failed_reset_at = null
    where user_id = p_user_id;
  -- A reset signs the user out everywhere.
  update app_private.sessions set revoked_at = now() where user_id = p_user_id and revoked_at is null;
  perform app_hidden.queue_email(app_hidden.primary_email(p_user_id), 'password_changed',
    json_build_object('name', (select name from app_public.users where id = p_user_id)));
  return 'ok';
end;
$$;

create function app_public.change_password(old_password text, new_password text) returns boolean
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user_id uuid := app_hidden.require_user();
  v_hash text;
begin
  select password_hash into v_hash from app_private.user_secrets where user_id = v_user_id;
  if v_hash is null or old_password is null or v_hash <> crypt(old_password, v_hash) then
    raise exception 'Incorrect old passphrase' using errcode = 'CREDS';
  end if;
  perform app_hidden.check_passphrase(new_password);
  update app_private.user_secrets set password_hash = crypt(new_password, gen_salt('bf', 10)) where user_id = v_user_id;
  -- Other sessions end; this one goes on.
  update app_private.sessions set revoked_at = now()
    where user_id = v_user_id and revoked_at is null and id <> app_public.current_session_id();
  perform app_hidden.queue_email(app_hidden.primary_email(v_user_id), 'password_changed',
    json_build_object('name', (select name from app_public.users where id = v_user_id)));
  return true;
end;
$$;

---------------------------------------------------------------------------------------------
-- Account deletion: request, mail with a 24-hour token, confirm.

create function app_public.request_account_deletion() returns boolean
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user_id uuid := app_hidden.require_user();
  v_token text := encode(gen_random_bytes(18), 'hex');
begin
  insert into app_private.user_secrets (user_id) values (v_user_id) on conflict do nothing;
  update app_private.user_secrets set delete_account_token = v_token, delete_account_token_created_at = now()
    where user_id = v_user_id;
  perform app_hidden.queue_email(app_hidden.primary_email(v_user_id), 'account_deletion',
    json_build_object('name', (select name from app_public.users where id = v_user_id), 'token', v_token));
  return true;
end;
$$;

-- Later features register what a user alone owns (things, devices, groups) by extending this.
create function app_hidden.delete_user_owned_data(p_user_id uuid) returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  -- Nothing yet beyond the rows that cascade from the user.
  perform p_user_id;
end;
$$;

create function app_public.confirm_account_deletion(token text) returns boolean
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user_id uuid := app_hidden.require_user();
begin
  if not exists (
    select 1 from app_private.user_secrets
    where user_id = v_user_id and delete_account_token = confirm_account_deletion.token
      and delete_account_token_created_at > now() - interval '24 hours'
  ) then
    raise exception 'This deletion link is invalid or has expired' using errcode = 'NTFND';
  end if;
  perform app_hidden.delete_user_owned_data(v_user_id);
  delete from app_public.users where id = v_user_id;
  return true;
end;
$$;

---------------------------------------------------------------------------------------------
-- Admins

create function app_hidden.require_admin() returns void
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if not app_public.current_user_is_admin() then
    raise exception 'Only an admin may do this' using errcode = 'DNIED';
  end if;
end;
$$;

-- Creates a user with no passphrase and mails them a link to set one (valid 7 days).
create function app_public.new_user(name text, username text, email text) returns app_public.users
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user app_public.users;
  v_token text := encode(gen_random_bytes(18), 'hex');
begin
  perform app_hidden.require_admin();
  insert into app_public.users (name, username) values (new_user.name, new_user.username) returning * into v_user;
  insert into app_public.user_emails (user_id, email, is_primary) values (v_user.id, new_user.email, true);
  insert into app_private.user_secrets (user_id, reset_token, reset_token_created_at, reset_token_expires_at)
    values (v_user.id, v_token, now(), now() + interval '7 days');
  perform app_hidden.queue_email(new_user.email, 'new_user',
    json_build_object('name', v_user.name, 'username', v_user.username, 'userId', v_user.id, 'token', v_token));
  return v_user;
end;
$$;

-- The all-users list is admin-only (spec section 6); profiles stay readable one by one.
create function app_public.all_users() returns setof app_public.users
  language sql stable
  as $$
  select u.* from app_public.users u where app_public.current_user_is_admin() order by u.name, u.username
$$;
comment on function app_public.all_users() is 'Every user, ordered by name (admins only).';
comment on table app_public.users is E'@behavior -query:resource:connection -query:resource:list\nA person who looks after things.';

-- A user may delete only through confirm_account_deletion; admins may delete users directly.
create policy delete_admin on app_public.users for delete to bk_admin
  using ((select app_public.current_user_is_admin()));
grant delete on app_public.users to bk_admin;

-- Keep the API to the spec's operations: no look-ups or changes by username or address.
comment on constraint users_username_key on app_public.users is E'@behavior -update -delete';
comment on constraint user_emails_email_key on app_public.user_emails is E'@behavior -single -update -delete';
comment on function app_public.current_session_id() is E'@behavior -*';
comment on function app_public.current_domain_name() is E'@behavior -*';

grant execute on function app_public.create_user_email(text) to bk_user;
grant execute on function app_public.make_email_primary(uuid) to bk_user;
grant execute on function app_public.resend_email_verification_code(uuid) to bk_user;
grant execute on function app_public.verify_email(uuid, text) to bk_anonymous;
grant execute on function app_public.forgot_password(text) to bk_anonymous;
grant execute on function app_hidden.reset_password(uuid, text, text) to bk_anonymous;
grant execute on function app_public.change_password(text, text) to bk_user;
grant execute on function app_public.request_account_deletion() to bk_user;
grant execute on function app_public.confirm_account_deletion(text) to bk_user;
grant execute on function app_public.new_user(text, text, text) to bk_admin;
grant execute on function app_public.all_users() to bk_user;

-- migrate:down
drop function app_public.all_users();
drop function app_public.new_user(text, text, text);
drop function app_hidden.require_admin();
drop function app_public.confirm_account_deletion(text);
drop function app_hidden.delete_user_owned_data(uuid);
drop function app_public.request_account_deletion();
drop function app_public.change_password(text, text);
drop function app_hidden.reset_password(uuid, text, text);
drop function app_public.forgot_password(text);
drop policy delete_admin on app_public.users;
drop policy delete_own on app_public.user_emails;
drop trigger _500_keep_primary on app_public.user_emails;
drop function app_private.tg_user_emails__keep_primary();
drop function app_public.verify_email(uuid, text);
drop function app_public.resend_email_verification_code(uuid);
drop function app_public.make_email_primary(uuid);
drop function app_public.create_user_email(text);
drop function app_hidden.require_admin();
drop function app_hidden.require_user();
drop function app_hidden.primary_email(uuid);
drop function app_hidden.queue_email(text, text, json);
alter table app_private.user_secrets drop column reset_token_expires_at;
