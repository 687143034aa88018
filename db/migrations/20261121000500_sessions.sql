-- migrate:up
-- Signing up, in and out. The server calls these (they are not exposed as GraphQL fields) and
-- turns the session they return into a signed token (server/auth/tokens.ts). Sign-in reports a
-- failure by returning null rather than raising, so the failure it records is committed.

create type app_hidden.session_grant as (
  session_id uuid,
  user_id uuid,
  role text,
  expires_at timestamptz
);

create function app_hidden.open_session(p_user_id uuid, p_domain_name text) returns app_hidden.session_grant
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_session app_private.sessions;
  v_user app_public.users;
begin
  update app_public.users set last_sign_in_at = now() where id = p_user_id returning * into v_user;
  insert into app_private.sessions (user_id, domain_name, expires_at)
    values (p_user_id, p_domain_name, now() + interval '30 days')
    returning * into v_session;
  return row(v_session.id, v_user.id, app_public.users_role(v_user), v_session.expires_at)::app_hidden.session_grant;
end;
$$;

-- Queues the verification mail for an address with a fresh single-use token.
create function app_hidden.send_email_verification(p_user_email_id uuid, p_domain_name text) returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_token text := encode(gen_random_bytes(18), 'hex');
  v_email app_public.user_emails;
  v_name text;
begin
  select * into v_email from app_public.user_emails where id = p_user_email_id;
  select name into v_name from app_public.users where id = v_email.user_id;
  insert into app_private.user_email_secrets (user_email_id, verification_token, verification_sent_at)
    values (p_user_email_id, v_token, now())
    on conflict (user_email_id) do update
      set verification_token = excluded.verification_token, verification_sent_at = excluded.verification_sent_at;
  perform graphile_worker.add_job('send_email', json_build_object(
    'to', v_email.email,
    'template', 'verify_email',
    'domainName', p_domain_name,
    'variables', json_build_object('name', v_name, 'userEmailId', v_email.id, 'token', v_token)
  ));
end;
$$;

create function app_hidden.sign_up(p_name text, p_username text, p_email text, p_password text, p_domain_name text)
  returns app_hidden.session_grant
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user app_public.users;
  v_email app_public.user_emails;
begin
  -- Field order matches the form: name, username, email, passphrase.
  insert into app_public.users (name, username) values (p_name, p_username) returning * into v_user;
  insert into app_public.user_emails (user_id, email, is_primary) values (v_user.id, p_email, true) returning * into v_email;
  perform app_hidden.check_passphrase(p_password);
  insert into app_private.user_secrets (user_id, password_hash) values (v_user.id, crypt(p_password, gen_salt('bf', 10)));
  perform app_hidden.send_email_verification(v_email.id, p_domain_name);
  return app_hidden.open_session(v_user.id, p_domain_name);
end;
$$;

-- decisions.md: 10 failures within 15 minutes lock sign-in for that username for 15 minutes,
-- with the same answer whether or not the user exists.
create function app_hidden.sign_in(p_username text, p_password text, p_domain_name text)
  returns app_hidden.session_grant
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user_id uuid;
  v_hash text;
begin
  if p_username is null or p_username = '' or p_password is null or p_password = '' then
    return null;
  end if;
  if (select count(*) from app_private.sign_in_failures
      where username = p_username and failed_at > now() - interval '15 minutes') >= 10 then
    return null;
  end if;

  select u.id into v_user_id from app_public.users u where u.username = p_username;
  if v_user_id is null then
    select e.user_id into v_user_id from app_public.user_emails e where e.email = p_username and e.is_primary;
  end if;
  select password_hash into v_hash from app_private.user_secrets where user_id = v_user_id;

  -- Hash even when there is nothing to compare with, so timing does not reveal the user.
  if v_hash is not null and v_hash = crypt(p_password, v_hash) then
    delete from app_private.sign_in_failures where username = p_username;
    return app_hidden.open_session(v_user_id, p_domain_name);
  end if;
  perform crypt(p_password, coalesce(v_hash, gen_salt('bf', 10)));
  delete from app_private.sign_in_failures where username = p_username and failed_at < now() - interval '1 day';
  insert into app_private.sign_in_failures (username) values (p_username);
  return null;
end;
$$;

create function app_hidden.sign_out() returns boolean
  language sql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
  update app_private.sessions set revoked_at = now()
  where id = app_public.current_session_id() and revoked_at is null
  returning true
$$;

grant execute on function app_hidden.sign_up(text, text, text, text, text) to bk_anonymous;
grant execute on function app_hidden.sign_in(text, text, text) to bk_anonymous;
grant execute on function app_hidden.sign_out() to bk_anonymous;

-- migrate:down
drop function app_hidden.sign_out();
drop function app_hidden.sign_in(text, text, text);
drop function app_hidden.sign_up(text, text, text, text, text);
drop function app_hidden.send_email_verification(uuid, text);
drop function app_hidden.open_session(uuid, text);
drop type app_hidden.session_grant;
