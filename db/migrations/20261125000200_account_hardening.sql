-- migrate:up
-- Account hardening after the security review (issue #20).
--
-- 1. Only a verified e-mail address speaks for its owner. An unverified address reserves
--    nothing: several accounts may list the same address unverified, but only one may hold it
--    verified, and verifying it removes everybody else's unverified copy. Invitations (all three
--    kinds), sign-in by e-mail and passphrase reset look at verified addresses only.
-- 2. Sign-in does the same work (one bcrypt of cost 10) whether the account exists, has no
--    passphrase, is locked, or the passphrase is wrong or right.
-- 3. Failed passphrase resets count per user and source address (the server passes the caller's
--    address): guessing from one address locks that address, never the owner elsewhere.
-- 4. Sign-in failures count per account: its username and its addresses share one count.
-- 5. Names (people's, and the labels of groups, things and devices) refuse invisible and
--    text-direction characters, with the same message as the forms (shared/validation.ts).

---------------------------------------------------------------------------------------------
-- 5. Invisible characters in names. One list, used by every name rule; the form's copy is
--    INVISIBLE_CHARACTERS in shared/validation.ts. Control characters, soft hyphen, combining
--    grapheme joiner, Arabic letter mark, Hangul and Khmer fillers, Mongolian vowel separator,
--    zero-width space/joiners and direction marks (U+200B-U+200F), bidi embeddings and
--    overrides (U+202A-U+202E), word joiner and invisible operators (U+2060-U+2064), bidi
--    isolates and deprecated format characters (U+2066-U+206F), byte order mark (U+FEFF),
--    interlinear annotation characters (U+FFF9-U+FFFB).

create function app_hidden.invisible_characters_pattern() returns text
  language sql immutable parallel safe
  as $$
  select '[\u0001-\u001F\u007F-\u009F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB]'
$$;

create function app_hidden.has_invisible_characters(value text) returns boolean
  language sql immutable parallel safe
  as $$ select value ~ app_hidden.invisible_characters_pattern() $$;
comment on function app_hidden.has_invisible_characters(text) is 'True when the text holds a zero-width, text-direction, control or other invisible character.';

create function app_hidden.without_invisible_characters(value text) returns text
  language sql immutable parallel safe
  as $$ select regexp_replace(value, app_hidden.invisible_characters_pattern(), '', 'g') $$;

-- Existing labels are cleaned before the rule tightens: a check constraint is evaluated again on
-- every update of a row (a sensor reading updates its thing), so a NOT VALID constraint would
-- leave such rows failing later at random. Users' names never admitted these characters
-- (check_name allowed letters only). A label too short once cleaned keeps what is left plus
-- ' (renamed)', so its owners can see and fix it.
update app_public.groups set name = app_hidden.without_invisible_characters(name)
  where app_hidden.has_invisible_characters(name) and char_length(btrim(app_hidden.without_invisible_characters(name))) >= 3;
update app_public.groups set name = btrim(btrim(app_hidden.without_invisible_characters(name)) || ' (renamed)')
  where app_hidden.has_invisible_characters(name);
update app_public.things set name = app_hidden.without_invisible_characters(name)
  where app_hidden.has_invisible_characters(name) and char_length(btrim(app_hidden.without_invisible_characters(name))) >= 3;
update app_public.things set name = btrim(btrim(app_hidden.without_invisible_characters(name)) || ' (renamed)')
  where app_hidden.has_invisible_characters(name);
update app_public.devices set name = app_hidden.without_invisible_characters(name)
  where app_hidden.has_invisible_characters(name) and char_length(btrim(app_hidden.without_invisible_characters(name))) >= 3;
update app_public.devices set name = btrim(btrim(app_hidden.without_invisible_characters(name)) || ' (renamed)')
  where app_hidden.has_invisible_characters(name);

-- Same order as the form: required, length, invisible characters, allowed characters.
create or replace function app_hidden.check_name(value text) returns boolean
  language sql immutable
  as $$
  select case
    when value is null or btrim(value) = '' then app_hidden.invalid('Name is required')
    when char_length(value) not between 3 and 255 then app_hidden.invalid('Name must be between 3 and 255 characters')
    when app_hidden.has_invisible_characters(value) then app_hidden.invalid('Name must not contain invisible or text-direction characters')
    when value !~ '^[[:alpha:] ''’-]+$' then app_hidden.invalid('Name may contain only letters, spaces, hyphens and apostrophes')
    else true
  end
$$;

create or replace function app_hidden.check_label(value text) returns boolean
  language sql immutable
  as $$
  select case
    when value is null or btrim(value) = '' then app_hidden.invalid('Name is required')
    when char_length(btrim(value)) not between 3 and 255 then app_hidden.invalid('Name must be between 3 and 255 characters')
    when app_hidden.has_invisible_characters(value) then app_hidden.invalid('Name must not contain invisible or text-direction characters')
    else true
  end
$$;

grant execute on function app_hidden.invisible_characters_pattern() to bk_anonymous;
grant execute on function app_hidden.has_invisible_characters(text) to bk_anonymous;
grant execute on function app_hidden.without_invisible_characters(text) to bk_anonymous;

---------------------------------------------------------------------------------------------
-- 1. E-mail addresses: unique among verified ones; one account lists an address once.

alter table app_public.user_emails drop constraint user_emails_email_key;
alter table app_public.user_emails add constraint user_emails_email_user_key unique (email, user_id);
comment on constraint user_emails_email_user_key on app_public.user_emails is E'@behavior -single -update -delete';
create unique index user_emails_verified_email_key on app_public.user_emails (email) where is_verified;

-- 'Email already added' for one of your own; 'Email already exists' only when someone else has
-- verified it. Security definer: it must see other people's rows whoever writes.
create or replace function app_private.tg_user_emails__unique_email() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if exists (select 1 from app_public.user_emails where email = new.email and user_id = new.user_id and id <> new.id) then
    raise exception 'Email already added' using errcode = 'NUNIQ';
  end if;
  if exists (select 1 from app_public.user_emails where email = new.email and user_id <> new.user_id and is_verified) then
    raise exception 'Email already exists' using errcode = 'NUNIQ';
  end if;
  return new;
end;
$$;
drop trigger _200_unique_email on app_public.user_emails;
create trigger _200_unique_email before insert or update of email, is_verified on app_public.user_emails
  for each row execute function app_private.tg_user_emails__unique_email();

-- A verified address is its owner's: other accounts' unverified copies go (a primary one is
-- replaced by that account's oldest remaining address, verified ones first), and invitations
-- sent to the address name its owner.
create function app_private.tg_user_emails__claim_verified() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_copy record;
begin
  for v_copy in
    select e.id, e.user_id, e.is_primary from app_public.user_emails e
    where e.email = new.email and e.user_id <> new.user_id and not e.is_verified
  loop
    if v_copy.is_primary then
      update app_public.user_emails set is_primary = false where id = v_copy.id;
    end if;
    delete from app_public.user_emails where id = v_copy.id;
    if v_copy.is_primary then
      update app_public.user_emails set is_primary = true
        where id = (select e.id from app_public.user_emails e where e.user_id = v_copy.user_id
                    order by e.is_verified desc, e.created_at, e.id limit 1);
    end if;
  end loop;
  update app_public.thing_access_invitations set user_id = new.user_id where email = new.email and user_id is distinct from new.user_id;
  update app_public.device_access_invitations set user_id = new.user_id where email = new.email and user_id is distinct from new.user_id;
  update app_public.group_membership_invitations set user_id = new.user_id where email = new.email and user_id is distinct from new.user_id;
  return null;
end;
$$;
create trigger _600_claim_verified after insert or update of is_verified on app_public.user_emails
  for each row when (new.is_verified) execute function app_private.tg_user_emails__claim_verified();
-- For the look-ups above by address alone (the unique keys lead with the target's id).
create index thing_access_invitations_email_idx on app_public.thing_access_invitations (email);
create index device_access_invitations_email_idx on app_public.device_access_invitations (email);
create index group_membership_invitations_email_idx on app_public.group_membership_invitations (email);

-- Invitations: only a verified address of the signed-in user matches (LOGIN, NTFND, DNIED,
-- DNIEM in that order, as before). An unverified one gets its own DNIEM message.
create or replace function app_hidden.assert_invitation_usable(
  p_exists boolean, p_created_at timestamptz, p_stored_code text, p_given_code text, p_email citext
) returns void
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if app_public.current_user_id() is null then
    raise exception 'Sign in to accept this invitation' using errcode = 'LOGIN';
  end if;
  if not coalesce(p_exists, false) or p_created_at < now() - app_hidden.invitation_expiry() then
    raise exception 'This invitation was not found or has expired' using errcode = 'NTFND';
  end if;
  if p_given_code is null or p_stored_code is distinct from p_given_code then
    raise exception 'This invitation code is not valid' using errcode = 'DNIED';
  end if;
  if not exists (
    select 1 from app_public.user_emails
    where user_id = app_public.current_user_id() and email = p_email and is_verified
  ) then
    if exists (select 1 from app_public.user_emails where user_id = app_public.current_user_id() and email = p_email) then
      raise exception 'Verify your e-mail address to accept this invitation' using errcode = 'DNIEM';
    end if;
    raise exception 'This invitation was sent to another e-mail address' using errcode = 'DNIEM';
  end if;
end;
$$;

-- Passphrase reset mails go to verified addresses only (same answer otherwise).
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

-- The invitee an invitation names (who may see it, who already has access) is the holder of the
-- verified address: an unverified copy neither blocks (ISACS) nor sees an invitation.
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
---------------------------------------------------------------------------------------------
-- 2 and 4. Sign-in: one count per account, the same work on every path.

alter table app_private.sign_in_failures add column user_id uuid references app_public.users on delete cascade;
create index sign_in_failures_user_id_idx on app_private.sign_in_failures (user_id, failed_at);
-- Earlier failures join their account, by username or by verified address.
update app_private.sign_in_failures f set user_id = u.id from app_public.users u where u.username = f.username;
update app_private.sign_in_failures f set user_id = e.user_id from app_public.user_emails e
  where f.user_id is null and e.email = f.username and e.is_verified;

-- decisions.md: 10 failures within 15 minutes lock sign-in for 15 minutes, with the same answer
-- whether or not the user exists. The failures of an account are counted together whichever
-- identifier was typed (its username or a verified address); a name that is no account counts
-- on its own. Every path past the empty-field check runs exactly one bcrypt of cost 10 (the
-- stored hash, or a fresh salt of the same cost when there is none), so the time taken does
-- not tell an unknown user, a locked one or a wrong passphrase apart
-- (test/security/sign-in-timing.test.ts counts the crypt calls).
create or replace function app_hidden.sign_in(p_username text, p_password text, p_domain_name text)
  returns app_hidden.session_grant
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user_id uuid;
  v_hash text;
  v_failures int;
  v_match boolean;
begin
  if p_username is null or p_username = '' or p_password is null or p_password = '' then
    return null;
  end if;

  select u.id into v_user_id from app_public.users u where u.username = p_username;
  if v_user_id is null then
    select e.user_id into v_user_id from app_public.user_emails e where e.email = p_username and e.is_verified;
  end if;
  select s.password_hash into v_hash from app_private.user_secrets s where s.user_id = v_user_id;

  if v_user_id is not null then
    select count(*) into v_failures from app_private.sign_in_failures f
      where f.user_id = v_user_id and f.failed_at > now() - interval '15 minutes';
  else
    select count(*) into v_failures from app_private.sign_in_failures f
      where f.user_id is null and f.username = p_username and f.failed_at > now() - interval '15 minutes';
  end if;

  -- Without a stored hash the comparison is against a fresh salt of the same cost: the same
  -- bcrypt, and null (no match).
  v_match := coalesce(crypt(p_password, coalesce(v_hash, gen_salt('bf', 10))) = v_hash, false);

  if v_match and v_failures < 10 then
    delete from app_private.sign_in_failures where user_id = v_user_id;
    return app_hidden.open_session(v_user_id, p_domain_name);
  end if;
  -- While locked nothing more is recorded, so the lock ends 15 minutes after the 10th failure.
  if v_failures < 10 then
    delete from app_private.sign_in_failures where failed_at < now() - interval '1 day';
    insert into app_private.sign_in_failures (username, user_id) values (p_username, v_user_id);
  end if;
  return null;
end;
$$;

---------------------------------------------------------------------------------------------
-- 3. Passphrase reset: failures per user and source address.
--
-- The reset token is 144 random bits, so the lock is defence in depth, not the protection
-- itself. Counting per user alone let anyone who knows a user id (profiles are visible) lock
-- that user out of resetting with six wrong guesses. Counting per (user, source address) keeps
-- guessing bounded (more than 5 failures within an hour from one address lock that address for
-- that user, on top of the per-address rate limit) while the owner, clicking the link from their
-- own address, is not affected. The server passes the caller's address (Express req.ip: the
-- socket's address, or X-Forwarded-For from the proxies TRUST_PROXY names).

create table app_private.reset_failures (
  user_id uuid not null references app_public.users on delete cascade,
  source text not null,
  failed_at timestamptz not null default now()
);
create index reset_failures_user_source_idx on app_private.reset_failures (user_id, source, failed_at);
comment on table app_private.reset_failures is 'Failed passphrase resets, per user and source address, for the reset lock (LOCKD).';

drop function app_hidden.reset_password(uuid, text, text);

-- Returns 'ok' or 'invalid'; the server turns 'invalid' into an error after the failure is
-- committed (a raised error would roll the count back).
create function app_hidden.reset_password(p_user_id uuid, p_token text, p_new_password text, p_source text) returns text
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
comment on column app_private.user_secrets.failed_reset_attempts is 'Unused since 20261125000200 (app_private.reset_failures counts per source).';
grant execute on function app_hidden.reset_password(uuid, text, text, text) to bk_anonymous;

-- migrate:down
-- 3. Reset failures per user again (the earlier function and its counters).
drop function app_hidden.reset_password(uuid, text, text, text);
drop table app_private.reset_failures;
comment on column app_private.user_secrets.failed_reset_attempts is null;
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
$$;grant execute on function app_hidden.reset_password(uuid, text, text) to bk_anonymous;

-- 2 and 4. Sign-in failures per username again.
create or replace function app_hidden.sign_in(p_username text, p_password text, p_domain_name text)
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
drop index app_private.sign_in_failures_user_id_idx;
alter table app_private.sign_in_failures drop column user_id;

-- 1. Invitations, resets and uniqueness by any address again.
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
  select e.user_id into v_invitee from app_public.user_emails e where e.email = invite_to_group_membership.email;
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
  select e.user_id into v_invitee from app_public.user_emails e where e.email = invite_to_thing_access.email;
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
  select e.user_id into v_invitee from app_public.user_emails e where e.email = invite_to_device_access.email;
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
create or replace function app_public.forgot_password(email text) returns boolean
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
create or replace function app_hidden.assert_invitation_usable(
  p_exists boolean, p_created_at timestamptz, p_stored_code text, p_given_code text, p_email citext
) returns void
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if app_public.current_user_id() is null then
    raise exception 'Sign in to accept this invitation' using errcode = 'LOGIN';
  end if;
  if not coalesce(p_exists, false) or p_created_at < now() - app_hidden.invitation_expiry() then
    raise exception 'This invitation was not found or has expired' using errcode = 'NTFND';
  end if;
  if p_given_code is null or p_stored_code is distinct from p_given_code then
    raise exception 'This invitation code is not valid' using errcode = 'DNIED';
  end if;
  if not exists (
    select 1 from app_public.user_emails where user_id = app_public.current_user_id() and email = p_email
  ) then
    raise exception 'This invitation was sent to another e-mail address' using errcode = 'DNIEM';
  end if;
end;
$$;
drop index app_public.group_membership_invitations_email_idx;
drop index app_public.device_access_invitations_email_idx;
drop index app_public.thing_access_invitations_email_idx;
drop trigger _600_claim_verified on app_public.user_emails;
drop function app_private.tg_user_emails__claim_verified();
drop trigger _200_unique_email on app_public.user_emails;
create or replace function app_private.tg_user_emails__unique_email() returns trigger
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
-- One row per address again: unverified copies other than the earliest go (verified first).
alter table app_public.user_emails disable trigger _500_keep_primary;
delete from app_public.user_emails e
  where exists (
    select 1 from app_public.user_emails o
    where o.email = e.email and o.id <> e.id
      and (o.is_verified, e.created_at, e.id) > (e.is_verified, o.created_at, o.id)
  );
alter table app_public.user_emails enable trigger _500_keep_primary;
drop index app_public.user_emails_verified_email_key;
alter table app_public.user_emails drop constraint user_emails_email_user_key;
alter table app_public.user_emails add constraint user_emails_email_key unique (email);
comment on constraint user_emails_email_key on app_public.user_emails is E'@behavior -single -update -delete';

-- 5. Names: the earlier rules (cleaned names stay cleaned).
create or replace function app_hidden.check_label(value text) returns boolean
  language sql immutable
  as $$
  select case
    when value is null or btrim(value) = '' then app_hidden.invalid('Name is required')
    when char_length(btrim(value)) not between 3 and 255 then app_hidden.invalid('Name must be between 3 and 255 characters')
    else true
  end
$$;
create or replace function app_hidden.check_name(value text) returns boolean
  language sql immutable
  as $$
  select case
    when value is null or btrim(value) = '' then app_hidden.invalid('Name is required')
    when char_length(value) not between 3 and 255 then app_hidden.invalid('Name must be between 3 and 255 characters')
    when value !~ '^[[:alpha:] ''’-]+$' then app_hidden.invalid('Name may contain only letters, spaces, hyphens and apostrophes')
    else true
  end
$$;
drop function app_hidden.without_invisible_characters(text);
drop function app_hidden.has_invisible_characters(text);
drop function app_hidden.invisible_characters_pattern();
