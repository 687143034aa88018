-- migrate:up
-- Notice limits everywhere (security review, issue #20, follow-ups of 20261125000200 and
-- 20261125000300).
--
-- 1. Every e-mail a signed-in user causes to go to an address that is not one of their own
--    verified addresses counts against their notice e-mails (app_hidden.take_notice_email: 30 an
--    hour per sender, in PostgreSQL, so across server processes; past it RATEL, and the call
--    writes and sends nothing): invitations to things, devices and groups (inviting the same
--    address again resends, and counts), the verification mail of an address they add
--    (createUserEmail) and its resend, an admin's newUser mail, and the passphrase-changed and
--    account-deletion mails while their primary address is unverified (anyone may sign up with
--    someone else's address). Until now these were limited only per IP address, in each server's
--    memory (server/graphql/rate-limit-plugin.ts, which stays as a first line). Task-assignment
--    notices already counted (app_hidden.notify_user); all kinds share one count.
-- 2. A user made by an admin (newUser) gets a set-passphrase link instead of a verification mail.
--    The link went to that address, so using it (reset_password) verifies the address, and the
--    account, as verify_email does; as with any verification, other accounts' unverified copies
--    go (_600_claim_verified). user_secrets.reset_email_id records the address a link was sent
--    to. While such an account has no passphrase yet, "Forgot passphrase" with its primary
--    address sends a new link (the new_user mail says so), although the address is unverified.

---------------------------------------------------------------------------------------------
-- 1. The per-sender count, for mails to anyone but the sender's own verified addresses

-- Nothing for callers without a user (sign-up, the worker) or for the sender's own verified
-- address; otherwise app_hidden.take_notice_email() (counts one, or raises RATEL).
create function app_hidden.take_notice_email_to(p_to text) returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if p_to is null or app_public.current_user_id() is null then
    return;
  end if;
  if exists (select 1 from app_public.user_emails e
             where e.user_id = app_public.current_user_id() and e.email = p_to::citext and e.is_verified) then
    return;
  end if;
  perform app_hidden.take_notice_email();
end;
$$;
comment on function app_hidden.take_notice_email_to(text) is 'Counts an e-mail the signed-in user causes to be sent to an address that is not one of their verified ones (RATEL past the hourly limit).';
grant execute on function app_hidden.take_notice_email_to(text) to bk_user;

---------------------------------------------------------------------------------------------
-- 2. The address a reset or set-passphrase link was sent to

alter table app_private.user_secrets add column reset_email_id uuid;
comment on column app_private.user_secrets.reset_email_id is 'The user_emails row the current reset or set-passphrase link was sent to; using the link verifies it.';
-- Accounts an admin made that have not set their passphrase yet: their link went to the primary.
update app_private.user_secrets s set reset_email_id = e.id
  from app_public.user_emails e
  where e.user_id = s.user_id and e.is_primary and s.password_hash is null and s.reset_token is not null;

---------------------------------------------------------------------------------------------
-- The functions (1 and 2)

create or replace function app_hidden.send_email_verification(p_user_email_id uuid, p_domain_name text) returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_token text := encode(gen_random_bytes(18), 'hex');
  v_email app_public.user_emails;
  v_name text;
begin
  select * into v_email from app_public.user_emails where id = p_user_email_id;
  select name into v_name from app_public.users where id = v_email.user_id;
  perform app_hidden.take_notice_email_to(v_email.email);
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
create or replace function app_public.change_password(old_password text, new_password text) returns boolean
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
  perform app_hidden.take_notice_email_to(app_hidden.primary_email(v_user_id));
  perform app_hidden.queue_email(app_hidden.primary_email(v_user_id), 'password_changed',
    json_build_object('name', (select name from app_public.users where id = v_user_id)));
  return true;
end;
$$;
create or replace function app_public.request_account_deletion() returns boolean
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user_id uuid := app_hidden.require_user();
  v_token text := encode(gen_random_bytes(18), 'hex');
begin
  perform app_hidden.take_notice_email_to(app_hidden.primary_email(v_user_id));
  insert into app_private.user_secrets (user_id) values (v_user_id) on conflict do nothing;
  update app_private.user_secrets set delete_account_token = v_token, delete_account_token_created_at = now()
    where user_id = v_user_id;
  perform app_hidden.queue_email(app_hidden.primary_email(v_user_id), 'account_deletion',
    json_build_object('name', (select name from app_public.users where id = v_user_id), 'token', v_token));
  return true;
end;
$$;
create or replace function app_public.new_user(name text, username text, email text) returns app_public.users
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user app_public.users;
  v_token text := encode(gen_random_bytes(18), 'hex');
  v_email_id uuid;
begin
  perform app_hidden.require_admin();
  insert into app_public.users (name, username) values (new_user.name, new_user.username) returning * into v_user;
  insert into app_public.user_emails (user_id, email, is_primary) values (v_user.id, new_user.email, true)
    returning id into v_email_id;
  perform app_hidden.take_notice_email_to(new_user.email);
  -- The link goes to this address: using it verifies the address (reset_password).
  insert into app_private.user_secrets (user_id, reset_token, reset_token_created_at, reset_token_expires_at, reset_email_id)
    values (v_user.id, v_token, now(), now() + interval '7 days', v_email_id);
  perform app_hidden.queue_email(new_user.email, 'new_user',
    json_build_object('name', v_user.name, 'username', v_user.username, 'userId', v_user.id, 'token', v_token));
  return v_user;
end;
$$;
create or replace function app_public.forgot_password(email text) returns boolean
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_email app_public.user_emails;
  v_token text := encode(gen_random_bytes(18), 'hex');
  v_name text;
begin
  perform app_hidden.check_email(forgot_password.email);
  -- A verified address; or, while an account has no passphrase yet (made by an admin, whose
  -- set-passphrase link went to its primary address), that address, so an expired link can be
  -- replaced as the new_user mail says. Accounts with a passphrase never match unverified.
  select * into v_email from app_public.user_emails e
    where e.email = forgot_password.email
      and (e.is_verified or (e.is_primary and not exists (
        select 1 from app_private.user_secrets s where s.user_id = e.user_id and s.password_hash is not null)))
    order by e.is_verified desc, e.created_at desc, e.id
    limit 1;
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
    set reset_token = v_token, reset_token_created_at = now(), reset_token_expires_at = now() + interval '1 hour',
        reset_email_id = v_email.id
    where user_id = v_email.user_id;
  select name into v_name from app_public.users where id = v_email.user_id;
  perform app_hidden.queue_email(v_email.email, 'password_reset',
    json_build_object('name', v_name, 'userId', v_email.user_id, 'token', v_token));
  return true;
end;
$$;
create or replace function app_hidden.reset_password(p_user_id uuid, p_token text, p_new_password text, p_source text) returns text
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_secret app_private.user_secrets;
  v_source text := coalesce(nullif(btrim(p_source), ''), 'unknown');
begin
  select * into v_secret from app_private.user_secrets where user_id = p_user_id for update;
  if v_secret.user_id is not null and (
    select count(*) from app_private.reset_failures f
    where f.user_id = p_user_id and f.source = v_source and f.failed_at > now() - interval '1 hour'
  ) > 5 then
    raise exception 'Passphrase reset locked - too many reset attempts' using errcode = 'LOCKD';
  end if;
  if v_secret.user_id is null or v_secret.reset_token is null or p_token is null
     or v_secret.reset_token <> p_token or v_secret.reset_token_expires_at < now() then
    if v_secret.user_id is not null then
      delete from app_private.reset_failures f where f.user_id = p_user_id and f.failed_at < now() - interval '1 hour';
      insert into app_private.reset_failures (user_id, source) values (p_user_id, v_source);
    end if;
    return 'invalid';
  end if;
  perform app_hidden.check_passphrase(p_new_password);
  update app_private.user_secrets set
    password_hash = crypt(p_new_password, gen_salt('bf', 10)),
    reset_token = null, reset_token_created_at = null, reset_token_expires_at = null, reset_email_id = null,
    failed_reset_attempts = 0, first_failed_reset_at = null
    where user_id = p_user_id;
  delete from app_private.reset_failures where user_id = p_user_id;
  -- The link went to this address, so using it proves control of it: verify it (the account
  -- too), unless someone else has verified it meanwhile. _600_claim_verified then removes other
  -- accounts' unverified copies and points invitations to the address at this user.
  if v_secret.reset_email_id is not null then
    update app_public.user_emails e set is_verified = true
      where e.id = v_secret.reset_email_id and e.user_id = p_user_id and not e.is_verified
        and not exists (select 1 from app_public.user_emails o where o.email = e.email and o.is_verified);
    if found then
      update app_public.users set is_verified = true where id = p_user_id;
    end if;
  end if;
  -- A reset signs the user out everywhere.
  update app_private.sessions set revoked_at = now() where user_id = p_user_id and revoked_at is null;
  perform app_hidden.queue_email(app_hidden.primary_email(p_user_id), 'password_changed',
    json_build_object('name', (select name from app_public.users where id = p_user_id)));
  return 'ok';
end;
$$;
create or replace function app_public.invite_to_group_membership(group_id uuid, email text) returns app_public.group_membership_invitations
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_group app_public.groups;
  v_invitee uuid;
  v_invitation app_public.group_membership_invitations;
begin
  perform app_hidden.require_user();
  select * into v_group from app_public.groups g where g.id = invite_to_group_membership.group_id;
  if v_group.id is null or not app_hidden.can_manage_group(v_group.id) then
    raise exception 'Only the group''s owners can invite people' using errcode = 'DNIED';
  end if;
  perform app_hidden.check_email(invite_to_group_membership.email);
  select e.user_id into v_invitee from app_public.user_emails e where e.email = invite_to_group_membership.email and e.is_verified;
  if v_invitee is not null and exists (
    select 1 from app_public.group_memberships m where m.group_id = v_group.id and m.user_id = v_invitee
  ) then
    raise exception 'This person is already a member' using errcode = 'ISACS';
  end if;
  -- Inviting the same address again resends: a fresh code and a fresh 14 days.
  -- Every invitation mail (a repeated one too, which resends) counts against the sender's hour.
  perform app_hidden.take_notice_email_to(invite_to_group_membership.email);
  insert into app_public.group_membership_invitations (group_id, email, user_id, invited_by, code)
    values (v_group.id, invite_to_group_membership.email, v_invitee, app_public.current_user_id(), app_hidden.new_invitation_code())
    on conflict on constraint group_membership_invitations_group_email_key do update
      set code = excluded.code, created_at = now(), invited_by = excluded.invited_by, user_id = excluded.user_id
    returning * into v_invitation;
  perform app_hidden.queue_email(v_invitation.email, 'invitation', json_build_object(
    'inviterName', (select name from app_public.users where id = app_public.current_user_id()),
    'kind', 'group', 'targetName', v_group.name, 'invitationId', v_invitation.id, 'code', v_invitation.code));
  return v_invitation;
end;
$$;
create or replace function app_public.invite_to_thing_access(thing_id uuid, email text) returns app_public.thing_access_invitations
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_thing app_public.things;
  v_invitee uuid;
  v_invitation app_public.thing_access_invitations;
begin
  perform app_hidden.require_user();
  select * into v_thing from app_public.things t where t.id = invite_to_thing_access.thing_id;
  if v_thing.id is null or not app_hidden.can_manage_thing(v_thing.id) then
    raise exception 'Only the thing''s owners can invite people' using errcode = 'DNIED';
  end if;
  perform app_hidden.check_email(invite_to_thing_access.email);
  select e.user_id into v_invitee from app_public.user_emails e where e.email = invite_to_thing_access.email and e.is_verified;
  if v_invitee is not null and exists (
    select 1 from app_public.thing_accesses a where a.thing_id = v_thing.id and a.user_id = v_invitee and (a.is_owner or a.is_collaborator)
  ) then
    raise exception 'This person already has access to the thing' using errcode = 'ISACS';
  end if;
  -- Every invitation mail (a repeated one too, which resends) counts against the sender's hour.
  perform app_hidden.take_notice_email_to(invite_to_thing_access.email);
  insert into app_public.thing_access_invitations (thing_id, email, user_id, invited_by, code)
    values (v_thing.id, invite_to_thing_access.email, v_invitee, app_public.current_user_id(), app_hidden.new_invitation_code())
    on conflict on constraint thing_access_invitations_thing_email_key do update
      set code = excluded.code, created_at = now(), invited_by = excluded.invited_by, user_id = excluded.user_id
    returning * into v_invitation;
  perform app_hidden.queue_email(v_invitation.email, 'invitation', json_build_object(
    'inviterName', (select name from app_public.users where id = app_public.current_user_id()),
    'kind', 'thing', 'targetName', v_thing.name, 'invitationId', v_invitation.id, 'code', v_invitation.code));
  return v_invitation;
end;
$$;
create or replace function app_public.invite_to_device_access(device_id uuid, email text) returns app_public.device_access_invitations
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_device app_public.devices;
  v_invitee uuid;
  v_invitation app_public.device_access_invitations;
begin
  perform app_hidden.require_user();
  select * into v_device from app_public.devices d where d.id = invite_to_device_access.device_id;
  if v_device.id is null or not app_hidden.can_manage_device(v_device.id) then
    raise exception 'Only the device''s owners can invite people' using errcode = 'DNIED';
  end if;
  perform app_hidden.check_email(invite_to_device_access.email);
  select e.user_id into v_invitee from app_public.user_emails e where e.email = invite_to_device_access.email and e.is_verified;
  if v_invitee is not null and exists (
    select 1 from app_public.device_accesses a where a.device_id = v_device.id and a.user_id = v_invitee
  ) then
    raise exception 'This person already has access to the device' using errcode = 'ISACS';
  end if;
  -- Every invitation mail (a repeated one too, which resends) counts against the sender's hour.
  perform app_hidden.take_notice_email_to(invite_to_device_access.email);
  insert into app_public.device_access_invitations (device_id, email, user_id, invited_by, code)
    values (v_device.id, invite_to_device_access.email, v_invitee, app_public.current_user_id(), app_hidden.new_invitation_code())
    on conflict on constraint device_access_invitations_device_email_key do update
      set code = excluded.code, created_at = now(), invited_by = excluded.invited_by, user_id = excluded.user_id
    returning * into v_invitation;
  perform app_hidden.queue_email(v_invitation.email, 'invitation', json_build_object(
    'inviterName', (select name from app_public.users where id = app_public.current_user_id()),
    'kind', 'device', 'targetName', v_device.name, 'invitationId', v_invitation.id, 'code', v_invitation.code));
  return v_invitation;
end;
$$;

-- migrate:down
-- The earlier bodies (20261121000500, 20261121000700, 20261125000200).
create or replace function app_hidden.send_email_verification(p_user_email_id uuid, p_domain_name text) returns void
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
create or replace function app_public.change_password(old_password text, new_password text) returns boolean
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
create or replace function app_public.request_account_deletion() returns boolean
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
create or replace function app_public.new_user(name text, username text, email text) returns app_public.users
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
create or replace function app_public.forgot_password(email text) returns boolean
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_email app_public.user_emails;
  v_token text := encode(gen_random_bytes(18), 'hex');
  v_name text;
begin
  perform app_hidden.check_email(forgot_password.email);
  select * into v_email from app_public.user_emails e where e.email = forgot_password.email and e.is_verified;
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
create or replace function app_hidden.reset_password(p_user_id uuid, p_token text, p_new_password text, p_source text) returns text
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_secret app_private.user_secrets;
  v_source text := coalesce(nullif(btrim(p_source), ''), 'unknown');
begin
  select * into v_secret from app_private.user_secrets where user_id = p_user_id for update;
  if v_secret.user_id is not null and (
    select count(*) from app_private.reset_failures f
    where f.user_id = p_user_id and f.source = v_source and f.failed_at > now() - interval '1 hour'
  ) > 5 then
    raise exception 'Passphrase reset locked - too many reset attempts' using errcode = 'LOCKD';
  end if;
  if v_secret.user_id is null or v_secret.reset_token is null or p_token is null
     or v_secret.reset_token <> p_token or v_secret.reset_token_expires_at < now() then
    if v_secret.user_id is not null then
      delete from app_private.reset_failures f where f.user_id = p_user_id and f.failed_at < now() - interval '1 hour';
      insert into app_private.reset_failures (user_id, source) values (p_user_id, v_source);
    end if;
    return 'invalid';
  end if;
  perform app_hidden.check_passphrase(p_new_password);
  update app_private.user_secrets set
    password_hash = crypt(p_new_password, gen_salt('bf', 10)),
    reset_token = null, reset_token_created_at = null, reset_token_expires_at = null,
    failed_reset_attempts = 0, first_failed_reset_at = null
    where user_id = p_user_id;
  delete from app_private.reset_failures where user_id = p_user_id;
  -- A reset signs the user out everywhere.
  update app_private.sessions set revoked_at = now() where user_id = p_user_id and revoked_at is null;
  perform app_hidden.queue_email(app_hidden.primary_email(p_user_id), 'password_changed',
    json_build_object('name', (select name from app_public.users where id = p_user_id)));
  return 'ok';
end;
$$;
create or replace function app_public.invite_to_group_membership(group_id uuid, email text) returns app_public.group_membership_invitations
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_group app_public.groups;
  v_invitee uuid;
  v_invitation app_public.group_membership_invitations;
begin
  perform app_hidden.require_user();
  select * into v_group from app_public.groups g where g.id = invite_to_group_membership.group_id;
  if v_group.id is null or not app_hidden.can_manage_group(v_group.id) then
    raise exception 'Only the group''s owners can invite people' using errcode = 'DNIED';
  end if;
  perform app_hidden.check_email(invite_to_group_membership.email);
  select e.user_id into v_invitee from app_public.user_emails e where e.email = invite_to_group_membership.email and e.is_verified;
  if v_invitee is not null and exists (
    select 1 from app_public.group_memberships m where m.group_id = v_group.id and m.user_id = v_invitee
  ) then
    raise exception 'This person is already a member' using errcode = 'ISACS';
  end if;
  -- Inviting the same address again resends: a fresh code and a fresh 14 days.
  insert into app_public.group_membership_invitations (group_id, email, user_id, invited_by, code)
    values (v_group.id, invite_to_group_membership.email, v_invitee, app_public.current_user_id(), app_hidden.new_invitation_code())
    on conflict on constraint group_membership_invitations_group_email_key do update
      set code = excluded.code, created_at = now(), invited_by = excluded.invited_by, user_id = excluded.user_id
    returning * into v_invitation;
  perform app_hidden.queue_email(v_invitation.email, 'invitation', json_build_object(
    'inviterName', (select name from app_public.users where id = app_public.current_user_id()),
    'kind', 'group', 'targetName', v_group.name, 'invitationId', v_invitation.id, 'code', v_invitation.code));
  return v_invitation;
end;
$$;
create or replace function app_public.invite_to_thing_access(thing_id uuid, email text) returns app_public.thing_access_invitations
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_thing app_public.things;
  v_invitee uuid;
  v_invitation app_public.thing_access_invitations;
begin
  perform app_hidden.require_user();
  select * into v_thing from app_public.things t where t.id = invite_to_thing_access.thing_id;
  if v_thing.id is null or not app_hidden.can_manage_thing(v_thing.id) then
    raise exception 'Only the thing''s owners can invite people' using errcode = 'DNIED';
  end if;
  perform app_hidden.check_email(invite_to_thing_access.email);
  select e.user_id into v_invitee from app_public.user_emails e where e.email = invite_to_thing_access.email and e.is_verified;
  if v_invitee is not null and exists (
    select 1 from app_public.thing_accesses a where a.thing_id = v_thing.id and a.user_id = v_invitee and (a.is_owner or a.is_collaborator)
  ) then
    raise exception 'This person already has access to the thing' using errcode = 'ISACS';
  end if;
  insert into app_public.thing_access_invitations (thing_id, email, user_id, invited_by, code)
    values (v_thing.id, invite_to_thing_access.email, v_invitee, app_public.current_user_id(), app_hidden.new_invitation_code())
    on conflict on constraint thing_access_invitations_thing_email_key do update
      set code = excluded.code, created_at = now(), invited_by = excluded.invited_by, user_id = excluded.user_id
    returning * into v_invitation;
  perform app_hidden.queue_email(v_invitation.email, 'invitation', json_build_object(
    'inviterName', (select name from app_public.users where id = app_public.current_user_id()),
    'kind', 'thing', 'targetName', v_thing.name, 'invitationId', v_invitation.id, 'code', v_invitation.code));
  return v_invitation;
end;
$$;
create or replace function app_public.invite_to_device_access(device_id uuid, email text) returns app_public.device_access_invitations
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_device app_public.devices;
  v_invitee uuid;
  v_invitation app_public.device_access_invitations;
begin
  perform app_hidden.require_user();
  select * into v_device from app_public.devices d where d.id = invite_to_device_access.device_id;
  if v_device.id is null or not app_hidden.can_manage_device(v_device.id) then
    raise exception 'Only the device''s owners can invite people' using errcode = 'DNIED';
  end if;
  perform app_hidden.check_email(invite_to_device_access.email);
  select e.user_id into v_invitee from app_public.user_emails e where e.email = invite_to_device_access.email and e.is_verified;
  if v_invitee is not null and exists (
    select 1 from app_public.device_accesses a where a.device_id = v_device.id and a.user_id = v_invitee
  ) then
    raise exception 'This person already has access to the device' using errcode = 'ISACS';
  end if;
  insert into app_public.device_access_invitations (device_id, email, user_id, invited_by, code)
    values (v_device.id, invite_to_device_access.email, v_invitee, app_public.current_user_id(), app_hidden.new_invitation_code())
    on conflict on constraint device_access_invitations_device_email_key do update
      set code = excluded.code, created_at = now(), invited_by = excluded.invited_by, user_id = excluded.user_id
    returning * into v_invitation;
  perform app_hidden.queue_email(v_invitation.email, 'invitation', json_build_object(
    'inviterName', (select name from app_public.users where id = app_public.current_user_id()),
    'kind', 'device', 'targetName', v_device.name, 'invitationId', v_invitation.id, 'code', v_invitation.code));
  return v_invitation;
end;
$$;
alter table app_private.user_secrets drop column reset_email_id;
drop function app_hidden.take_notice_email_to(text);
