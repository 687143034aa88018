-- migrate:up
-- Web push and notice preferences (issue 25; docs/decisions.md "Push and preferences (issue 25)").
--
-- 1. Push subscriptions: one row per browser that subscribed with the Push API (endpoint and its
--    keys, RFC 8291). A user sees and removes only their own; the worker (send_push) records the
--    last success and deletes a subscription the push service answers 404 or 410 for.
-- 2. Preferences per kind of notice (water, task, invitation, group, device, digest) and channel
--    (in-app, e-mail, push), with defaults for rows never saved (app_hidden.notice_defaults); per
--    user: the digest's frequency (daily or weekly), whether e-mails come one by one or wait for
--    the digest, and quiet hours in the user's time zone.
-- 3. app_hidden.notify_user, the one door every notice goes through, now honours them: it skips
--    channels switched off, holds e-mails for the digest when asked, delays e-mail and push until
--    quiet hours end, queues send_push, and gives no person more than app_private.notice_limits
--    .per_day notices in 24 hours (NOTICES_PER_DAY, written by the worker at start; default 20).
--    Its signature is unchanged, so callers (check_dry_alerts, task assignment) need no change.
-- 4. New notices: an invitation to a registered user, a task due tomorrow (once per assignee and
--    due date, app_private.notify_tasks_due_tomorrow, run daily by the worker), a device that went
--    quiet (when check_device_health opens its task), someone joining a group one owns.
-- 5. One-click unsubscribe (RFC 8058): app_hidden.unsubscribe_notice turns a kind's e-mail off;
--    the server calls it after checking the link's HMAC.
-- 6. The digest: weekly or daily, and it carries the notices held for it.

---------------------------------------------------------------------------------------------
-- 1. Push subscriptions

create table app_public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references app_public.users on delete cascade,
  endpoint text not null constraint push_subscriptions_endpoint_key unique
    constraint push_subscriptions_endpoint_valid check (endpoint ~ '^https?://[^\s/]+/\S*$' and length(endpoint) <= 2000),
  -- The browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url (RFC 8291).
  p256dh text not null constraint push_subscriptions_p256dh_valid check (p256dh ~ '^[A-Za-z0-9_-]{86,88}={0,2}$'),
  auth text not null constraint push_subscriptions_auth_valid check (auth ~ '^[A-Za-z0-9_-]{21,24}={0,2}$'),
  -- What the person sees in the list of their devices ("Chrome on Android").
  label text not null default 'A browser' check (length(label) between 1 and 120),
  created_at timestamptz not null default now(),
  last_success_at timestamptz,
  -- PushSubscription.expirationTime, when the browser gives one; gone past it.
  expires_at timestamptz
);
comment on table app_public.push_subscriptions is E'@behavior -insert -update\nA browser that receives your notices as push messages.';
comment on column app_public.push_subscriptions.p256dh is E'@behavior -select -filterBy -orderBy';
comment on column app_public.push_subscriptions.auth is E'@behavior -select -filterBy -orderBy';
comment on column app_public.push_subscriptions.endpoint is E'@behavior -filterBy -orderBy\nThe push service''s address for this browser.';
comment on constraint push_subscriptions_endpoint_key on app_public.push_subscriptions is E'@behavior -single -update -delete';
create index push_subscriptions_user_id_idx on app_public.push_subscriptions (user_id);

alter table app_public.push_subscriptions enable row level security;
create policy select_own on app_public.push_subscriptions for select to bk_user
  using (user_id = (select app_public.current_user_id()));
create policy delete_own on app_public.push_subscriptions for delete to bk_user
  using (user_id = (select app_public.current_user_id()));
grant select (id, user_id, endpoint, label, created_at, last_success_at, expires_at) on app_public.push_subscriptions to bk_user;
grant delete on app_public.push_subscriptions to bk_user;

-- Most browsers one person keeps subscribed; past it the oldest goes.
create function app_hidden.push_subscriptions_per_user() returns int language sql immutable as $$ select 10 $$;

-- Subscribes this browser for the signed-in user. The same endpoint again (a renewed key, another
-- person signing in on the same browser) replaces the row: a browser delivers to whoever last
-- subscribed on it.
create function app_public.register_push_subscription(
  endpoint text, p256dh text, auth text, label text default null, expires_at timestamptz default null
) returns app_public.push_subscriptions
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user uuid := app_hidden.require_user();
  v_row app_public.push_subscriptions;
  v_key bytea;
begin
  if endpoint is null or endpoint !~ '^https?://[^\s/]+/\S*$' or length(endpoint) > 2000 then
    raise exception 'The push service address is not valid' using errcode = 'INVLD';
  end if;
  begin
    v_key := decode(translate(rtrim(p256dh, '='), '-_', '+/') || repeat('=', (4 - length(rtrim(p256dh, '=')) % 4) % 4), 'base64');
  exception when others then
    v_key := null;
  end;
  if v_key is null or length(v_key) <> 65 or get_byte(v_key, 0) <> 4 then
    raise exception 'The browser''s push key is not valid (a P-256 public key is 65 bytes)' using errcode = 'INVLD';
  end if;
  begin
    v_key := decode(translate(rtrim(auth, '='), '-_', '+/') || repeat('=', (4 - length(rtrim(auth, '=')) % 4) % 4), 'base64');
  exception when others then
    v_key := null;
  end;
  if v_key is null or length(v_key) <> 16 then
    raise exception 'The browser''s push secret is not valid (it is 16 bytes)' using errcode = 'INVLD';
  end if;
  insert into app_public.push_subscriptions (user_id, endpoint, p256dh, auth, label, expires_at)
    values (v_user, register_push_subscription.endpoint,
            translate(rtrim(register_push_subscription.p256dh, '='), '+/', '-_'),
            translate(rtrim(register_push_subscription.auth, '='), '+/', '-_'),
            coalesce(nullif(left(btrim(register_push_subscription.label), 120), ''), 'A browser'),
            register_push_subscription.expires_at)
    on conflict on constraint push_subscriptions_endpoint_key do update set
      user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, label = excluded.label,
      expires_at = excluded.expires_at, created_at = now(), last_success_at = null
    returning * into v_row;
  delete from app_public.push_subscriptions s where s.id in (
    select s2.id from app_public.push_subscriptions s2 where s2.user_id = v_user
    order by s2.created_at desc offset app_hidden.push_subscriptions_per_user());
  return v_row;
end;
$$;
comment on function app_public.register_push_subscription(text, text, text, text, timestamptz) is 'Sends your notices to this browser as push messages (the PushSubscription''s endpoint and keys).';
grant execute on function app_public.register_push_subscription(text, text, text, text, timestamptz) to bk_user;

---------------------------------------------------------------------------------------------
-- 2. Preferences

create type app_public.notice_kind as enum ('water', 'task', 'invitation', 'group', 'device', 'digest');
comment on type app_public.notice_kind is 'A kind of notice: water needed, tasks, invitations, group activity, device health, the digest e-mail.';
create type app_public.digest_frequency as enum ('daily', 'weekly');

create table app_public.notice_preferences (
  user_id uuid not null references app_public.users on delete cascade,
  kind app_public.notice_kind not null,
  in_app boolean not null,
  email boolean not null,
  push boolean not null,
  -- null: never saved (the defaults)
  updated_at timestamptz default now(),
  primary key (user_id, kind),
  constraint notice_preferences_digest_by_email check (kind <> 'digest' or (not in_app and not push))
);
comment on table app_public.notice_preferences is E'@behavior -insert -update -delete -list -connection -single -node\nHow you want each kind of notice: in the app, by e-mail, as a push message.';

alter table app_public.notice_preferences enable row level security;
create policy select_own on app_public.notice_preferences for select to bk_user
  using (user_id = (select app_public.current_user_id()));
grant select on app_public.notice_preferences to bk_user;

create table app_public.notice_settings (
  user_id uuid primary key references app_public.users on delete cascade,
  digest_frequency app_public.digest_frequency not null default 'daily',
  -- false: e-mails of every kind wait for the next digest instead of going one by one.
  single_emails boolean not null default true,
  quiet_start time,
  quiet_end time,
  time_zone text not null default 'Europe/London',
  -- null: never saved (the defaults)
  updated_at timestamptz default now(),
  constraint notice_settings_quiet_both check ((quiet_start is null) = (quiet_end is null)),
  constraint notice_settings_quiet_differ check (quiet_start is distinct from quiet_end or quiet_start is null)
);
comment on table app_public.notice_settings is E'@behavior -insert -update -delete -list -connection -single -node\nWhen notices reach you: the digest''s frequency, single e-mails or the digest, quiet hours.';
comment on column app_public.notice_settings.quiet_start is 'From this time (in time_zone) no e-mail or push message is sent; they wait until quiet_end.';

alter table app_public.notice_settings enable row level security;
create policy select_own on app_public.notice_settings for select to bk_user
  using (user_id = (select app_public.current_user_id()));
grant select on app_public.notice_settings to bk_user;

-- The defaults of a preference never saved. The digest's e-mail is users.notification_daily.
create function app_hidden.notice_defaults(p_user_id uuid, p_kind app_public.notice_kind)
  returns app_public.notice_preferences
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  -- Group activity is in the digest already; its single notices are for those who ask.
  select row(p_user_id, p_kind,
    p_kind not in ('digest', 'group'),
    case p_kind when 'group' then false when 'device' then false
                when 'digest' then coalesce((select notification_daily from app_public.users where id = p_user_id), false)
                else true end,
    p_kind not in ('group', 'digest'),
    null)::app_public.notice_preferences
$$;

-- A user's preference for one kind: saved, else the default; the digest's e-mail always follows
-- users.notification_daily (the profile's "daily summary" switch and this are one setting).
create function app_hidden.notice_preference(p_user_id uuid, p_kind app_public.notice_kind)
  returns app_public.notice_preferences
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select row(d.user_id, d.kind, coalesce(p.in_app, d.in_app),
             case when d.kind = 'digest' then d.email else coalesce(p.email, d.email) end,
             coalesce(p.push, d.push), p.updated_at)::app_public.notice_preferences
  from app_hidden.notice_defaults(p_user_id, p_kind) d
  left join app_public.notice_preferences p on p.user_id = p_user_id and p.kind = p_kind
$$;

create function app_hidden.notice_settings_of(p_user_id uuid) returns app_public.notice_settings
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select coalesce(
    (select s from app_public.notice_settings s where s.user_id = p_user_id),
    row(p_user_id, 'daily', true, null, null, 'Europe/London', null)::app_public.notice_settings)
$$;

create function app_public.my_notice_preferences() returns setof app_public.notice_preferences
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select p.* from unnest(enum_range(null::app_public.notice_kind)) k,
    lateral app_hidden.notice_preference(app_public.current_user_id(), k) p
  where app_public.current_user_id() is not null
$$;
comment on function app_public.my_notice_preferences() is E'@behavior -connection +list\nYour preference for every kind of notice, the defaults where you saved none.';
grant execute on function app_public.my_notice_preferences() to bk_user;

create function app_public.my_notice_settings() returns app_public.notice_settings
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select * from app_hidden.notice_settings_of(app_public.current_user_id()) where app_public.current_user_id() is not null
$$;
comment on function app_public.my_notice_settings() is 'When notices reach you (the defaults if you saved none).';
grant execute on function app_public.my_notice_settings() to bk_user;

create function app_public.set_notice_preference(kind app_public.notice_kind, in_app boolean, email boolean, push boolean)
  returns app_public.notice_preferences
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user uuid := app_hidden.require_user();
  v_row app_public.notice_preferences;
begin
  if kind is null or in_app is null or email is null or push is null then
    raise exception 'Say for each channel whether it is on or off' using errcode = 'INVLD';
  end if;
  if kind = 'digest' and (in_app or push) then
    raise exception 'The digest comes by e-mail only' using errcode = 'INVLD';
  end if;
  insert into app_public.notice_preferences as p (user_id, kind, in_app, email, push)
    values (v_user, set_notice_preference.kind, set_notice_preference.in_app, set_notice_preference.email, set_notice_preference.push)
    on conflict on constraint notice_preferences_pkey do update
      set in_app = excluded.in_app, email = excluded.email, push = excluded.push, updated_at = now()
    returning * into v_row;
  if kind = 'digest' then
    update app_public.users set notification_daily = set_notice_preference.email where id = v_user;
  end if;
  return v_row;
end;
$$;
comment on function app_public.set_notice_preference(app_public.notice_kind, boolean, boolean, boolean) is 'Switches the channels of one kind of notice on or off.';
grant execute on function app_public.set_notice_preference(app_public.notice_kind, boolean, boolean, boolean) to bk_user;

create function app_public.set_notice_settings(
  digest_frequency app_public.digest_frequency, single_emails boolean, quiet_start time, quiet_end time, time_zone text
) returns app_public.notice_settings
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user uuid := app_hidden.require_user();
  v_row app_public.notice_settings;
  v_zone text := nullif(btrim(time_zone), '');
begin
  if digest_frequency is null or single_emails is null then
    raise exception 'Choose how often the digest comes and whether e-mails come one by one' using errcode = 'INVLD';
  end if;
  if (quiet_start is null) <> (quiet_end is null) then
    raise exception 'Quiet hours need both a start and an end' using errcode = 'INVLD';
  end if;
  if quiet_start = quiet_end then
    raise exception 'Quiet hours must start and end at different times' using errcode = 'INVLD';
  end if;
  if v_zone is null then
    raise exception 'Choose a time zone' using errcode = 'INVLD';
  end if;
  if not exists (select 1 from pg_timezone_names where name = v_zone) then
    raise exception 'Unknown time zone "%"', left(v_zone, 60) using errcode = 'INVLD';
  end if;
  insert into app_public.notice_settings as s (user_id, digest_frequency, single_emails, quiet_start, quiet_end, time_zone)
    values (v_user, set_notice_settings.digest_frequency, set_notice_settings.single_emails,
            date_trunc('minute', set_notice_settings.quiet_start), date_trunc('minute', set_notice_settings.quiet_end), v_zone)
    on conflict (user_id) do update set digest_frequency = excluded.digest_frequency, single_emails = excluded.single_emails,
      quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, time_zone = excluded.time_zone, updated_at = now()
    returning * into v_row;
  return v_row;
end;
$$;
comment on function app_public.set_notice_settings(app_public.digest_frequency, boolean, time, time, text) is 'Sets the digest''s frequency, single e-mails or the digest, and quiet hours (both times or neither) in a time zone.';
grant execute on function app_public.set_notice_settings(app_public.digest_frequency, boolean, time, time, text) to bk_user;

---------------------------------------------------------------------------------------------
-- 3. The daily cap, quiet hours and notify_user

create table app_private.notice_limits (
  id boolean primary key default true check (id),
  per_day int not null default 20 check (per_day >= 1)
);
insert into app_private.notice_limits default values;
comment on table app_private.notice_limits is 'NOTICES_PER_DAY: the most notices one person gets in 24 hours (the worker writes it at start).';

create function app_hidden.notices_per_day() returns int
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$ select coalesce((select per_day from app_private.notice_limits), 20) $$;

-- Every notice a person got (on any channel), for the daily cap; a week is kept.
create table app_private.notice_log (
  user_id uuid not null references app_public.users on delete cascade,
  kind text not null,
  created_at timestamptz not null default now()
);
create index notice_log_user_id_created_at_idx on app_private.notice_log (user_id, created_at);

-- Notices waiting for the digest: e-mails when the person takes the digest instead of single
-- e-mails, and notices past the daily cap.
create table app_private.held_notices (
  id bigint generated always as identity primary key,
  user_id uuid not null references app_public.users on delete cascade,
  kind app_public.notice_kind,
  title text not null,
  body text not null,
  link_path text,
  -- digest: waits for the digest by choice; cap: past the daily cap
  reason text not null check (reason in ('digest', 'cap')),
  created_at timestamptz not null default now()
);
create index held_notices_user_id_idx on app_private.held_notices (user_id, id);

-- Which preference a notification's kind falls under (notifications.kind is finer: dry_alert, task_assigned, ...).
create function app_hidden.notice_kind_of(p_kind text) returns app_public.notice_kind
  language sql immutable
  as $$
  select case
    when p_kind like 'dry%' or p_kind like 'water%' then 'water'
    when p_kind like 'task%' then 'task'
    when p_kind like 'invitation%' then 'invitation'
    when p_kind like 'group%' then 'group'
    when p_kind like 'device%' then 'device'
  end::app_public.notice_kind
$$;

-- When quiet hours hold a message back: the end of the quiet hours now under way, else null.
create function app_hidden.quiet_until(p_settings app_public.notice_settings, p_at timestamptz default now()) returns timestamptz
  language plpgsql stable set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_local timestamp;
  v_time time;
  v_end timestamp;
begin
  if p_settings.quiet_start is null or p_settings.quiet_end is null then
    return null;
  end if;
  v_local := p_at at time zone p_settings.time_zone;
  v_time := v_local::time;
  if p_settings.quiet_start < p_settings.quiet_end then
    -- e.g. 13:00 to 15:00, the same day
    if v_time >= p_settings.quiet_start and v_time < p_settings.quiet_end then
      v_end := v_local::date + p_settings.quiet_end;
    end if;
  else
    -- e.g. 22:00 to 07:00, across midnight
    if v_time >= p_settings.quiet_start then
      v_end := v_local::date + 1 + p_settings.quiet_end;
    elsif v_time < p_settings.quiet_end then
      v_end := v_local::date + p_settings.quiet_end;
    end if;
  end if;
  return v_end at time zone p_settings.time_zone;
end;
$$;

create or replace function app_hidden.notify_user(
  p_user_id uuid, p_kind text, p_level app_public.notification_level, p_title text, p_body text,
  p_link_path text, p_thing_id uuid, p_email boolean
) returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_kind app_public.notice_kind := app_hidden.notice_kind_of(p_kind);
  v_pref app_public.notice_preferences;
  v_settings app_public.notice_settings := app_hidden.notice_settings_of(p_user_id);
  v_in_app boolean;
  v_email boolean;
  v_push boolean;
  v_run_at timestamptz;
  v_id uuid;
begin
  if v_kind is null then
    -- A kind no preference covers: in the app, and by e-mail when the caller asks.
    v_in_app := true;
    v_email := p_email;
    v_push := false;
  else
    v_pref := app_hidden.notice_preference(p_user_id, v_kind);
    v_in_app := v_pref.in_app;
    v_email := p_email and v_pref.email;
    v_push := v_pref.push;
  end if;
  v_push := v_push and exists (select 1 from app_public.push_subscriptions where user_id = p_user_id);
  if not (v_in_app or v_email or v_push) then
    return;
  end if;
  -- An e-mail someone causes to be sent to another person counts against their hourly limit.
  if v_email and v_settings.single_emails and p_user_id is distinct from app_public.current_user_id() then
    perform app_hidden.take_notice_email();
  end if;
  -- At most notices_per_day() in 24 hours; the rest wait for the digest. One notice at a time per
  -- person, so concurrent ones cannot both pass the count.
  perform pg_advisory_xact_lock(hashtextextended('app_private.notice_log:' || p_user_id, 0));
  if (select count(*) from app_private.notice_log
      where user_id = p_user_id and created_at > now() - interval '24 hours') >= app_hidden.notices_per_day() then
    insert into app_private.held_notices (user_id, kind, title, body, link_path, reason)
      values (p_user_id, v_kind, p_title, p_body, p_link_path, 'cap');
    return;
  end if;
  insert into app_private.notice_log (user_id, kind) values (p_user_id, p_kind);

  if v_in_app then
    insert into app_public.notifications (user_id, kind, level, title, body, link_path, thing_id)
      values (p_user_id, p_kind, p_level, p_title, p_body, p_link_path, p_thing_id)
      returning id into v_id;
  end if;
  v_run_at := app_hidden.quiet_until(v_settings);
  if v_email then
    if v_settings.single_emails then
      perform graphile_worker.add_job('send_email', json_build_object(
        'to', app_hidden.primary_email(p_user_id), 'template', 'notification',
        'domainName', app_public.current_domain_name(),
        'variables', json_build_object(
          'name', (select name from app_public.users where id = p_user_id),
          'title', p_title, 'body', p_body, 'linkPath', p_link_path, 'linkLabel', 'Open in the app'),
        'unsubscribe', case when v_kind is not null then json_build_object('userId', p_user_id, 'kind', v_kind) end),
        run_at => coalesce(v_run_at, now()))
      where app_hidden.primary_email(p_user_id) is not null;
    else
      insert into app_private.held_notices (user_id, kind, title, body, link_path, reason)
        values (p_user_id, v_kind, p_title, p_body, p_link_path, 'digest');
    end if;
  end if;
  if v_push then
    perform graphile_worker.add_job('send_push', json_build_object(
      'userId', p_user_id, 'kind', v_kind, 'notificationId', v_id,
      'title', left(p_title, 200), 'body', left(p_body, 1000), 'linkPath', p_link_path),
      run_at => coalesce(v_run_at, now()));
  end if;
end;
$$;

---------------------------------------------------------------------------------------------
-- 4. New notices

-- An invitation to someone who already has an account: in the app and as a push message (the
-- invitation e-mail itself goes as before: it carries the code, and may reach people without one).
create function app_private.tg_invitations__notify() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_inviter text := coalesce((select name from app_public.users where id = new.invited_by), 'Someone');
  v_what text;
  v_path text;
  v_thing uuid;
begin
  if new.user_id is null or new.user_id is not distinct from new.invited_by then
    return null;
  end if;
  if tg_table_name = 'thing_access_invitations' then
    v_what := (select name from app_public.things where id = new.thing_id);
    v_path := '/things/accept';
    v_thing := new.thing_id;
  elsif tg_table_name = 'device_access_invitations' then
    v_what := 'the device ' || (select name from app_public.devices where id = new.device_id);
    v_path := '/devices/accept';
  else
    v_what := 'the group ' || (select name from app_public.groups where id = new.group_id);
    v_path := '/groups/accept';
  end if;
  perform app_hidden.notify_user(new.user_id, 'invitation', 'info',
    'Invitation: ' || coalesce(v_what, 'a new place'),
    v_inviter || ' invited you to help with ' || coalesce(v_what, 'something') || '.',
    v_path || '?id=' || new.id || '&code=' || new.code, v_thing, false);
  return null;
end;
$$;
create trigger _900_notify after insert or update of code on app_public.thing_access_invitations
  for each row execute function app_private.tg_invitations__notify();
create trigger _900_notify after insert or update of code on app_public.device_access_invitations
  for each row execute function app_private.tg_invitations__notify();
create trigger _900_notify after insert or update of code on app_public.group_membership_invitations
  for each row execute function app_private.tg_invitations__notify();

-- A device that went quiet (or runs low): check_device_health opens a task; its thing's owners and
-- collaborators hear of it once, when the task opens.
create function app_private.tg_tasks__device_health_notify() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user uuid;
begin
  for v_user in
    select user_id from app_public.thing_accesses where thing_id = new.thing_id and (is_owner or is_collaborator)
  loop
    perform app_hidden.notify_user(v_user, 'device_health', 'warning', new.title,
      coalesce(new.description, new.title), '/things/' || new.thing_id, new.thing_id, true);
  end loop;
  return null;
end;
$$;
create trigger _900_device_health_notify after insert on app_public.tasks
  for each row when (new.source like 'device_health:%')
  execute function app_private.tg_tasks__device_health_notify();

-- Tasks due tomorrow: each assignee hears once per task and due date.
create table app_private.task_due_notices (
  task_id uuid not null references app_public.tasks on delete cascade,
  user_id uuid not null references app_public.users on delete cascade,
  due_date date not null,
  primary key (task_id, user_id, due_date)
);

create function app_private.notify_tasks_due_tomorrow() returns int
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_row record;
  v_count int := 0;
begin
  for v_row in
    select k.id, k.title, k.due_date, k.thing_id, t.name as thing_name, a.assigned_to
    from app_public.tasks k
    join app_public.task_assignments a on a.task_id = k.id
    join app_public.things t on t.id = k.thing_id
    where k.status <> 'completed' and k.due_date = current_date + 1
      and not exists (select 1 from app_private.task_due_notices n
                      where n.task_id = k.id and n.user_id = a.assigned_to and n.due_date = k.due_date)
  loop
    insert into app_private.task_due_notices (task_id, user_id, due_date) values (v_row.id, v_row.assigned_to, v_row.due_date);
    perform app_hidden.notify_user(v_row.assigned_to, 'task_due', 'info', 'Due tomorrow: ' || v_row.title,
      format('The task "%s" at %s is due tomorrow.', v_row.title, v_row.thing_name), '/tasks', v_row.thing_id, true);
    v_count := v_count + 1;
  end loop;
  delete from app_private.task_due_notices where due_date < current_date - 7;
  return v_count;
end;
$$;

-- Group activity: someone joined a group; its owners hear of it.
create function app_private.tg_group_memberships__notify_owners() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_owner uuid;
  v_group app_public.groups;
  v_name text := coalesce((select name from app_public.users where id = new.user_id), 'Someone');
begin
  select * into v_group from app_public.groups where id = new.group_id;
  for v_owner in
    select user_id from app_public.group_memberships where group_id = new.group_id and is_owner and user_id <> new.user_id
  loop
    perform app_hidden.notify_user(v_owner, 'group_joined', 'positive', v_name || ' joined ' || v_group.name,
      format('%s is now a member of %s.', v_name, v_group.name), '/groups/' || v_group.id, null, true);
  end loop;
  return null;
end;
$$;
create trigger _900_notify_owners after insert on app_public.group_memberships
  for each row when (not new.is_owner)
  execute function app_private.tg_group_memberships__notify_owners();

---------------------------------------------------------------------------------------------
-- 5. One-click unsubscribe

-- Turns one kind's e-mail off for a user (the server checked the link's signature). True when the
-- user exists.
create function app_hidden.unsubscribe_notice(p_user_id uuid, p_kind app_public.notice_kind) returns boolean
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_pref app_public.notice_preferences;
begin
  if not exists (select 1 from app_public.users where id = p_user_id) then
    return false;
  end if;
  v_pref := app_hidden.notice_preference(p_user_id, p_kind);
  insert into app_public.notice_preferences (user_id, kind, in_app, email, push)
    values (p_user_id, p_kind, v_pref.in_app, false, v_pref.push)
    on conflict (user_id, kind) do update set email = false, updated_at = now();
  if p_kind = 'digest' then
    update app_public.users set notification_daily = false where id = p_user_id;
  end if;
  return true;
end;
$$;

---------------------------------------------------------------------------------------------
-- 6. The digest: daily or weekly, with the notices held for it

create or replace function app_private.queue_daily_digests() returns int
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user app_public.users;
  v_settings app_public.notice_settings;
  v_payload json;
  v_held json;
  v_max bigint;
  v_count int := 0;
  v_summary boolean;
begin
  for v_user in
    select u.* from app_public.users u
    left join app_private.user_digests d on d.user_id = u.id
    left join app_public.notice_settings s on s.user_id = u.id
    where (u.notification_daily or exists (select 1 from app_private.held_notices h where h.user_id = u.id))
      and (d.last_sent_at is null
           or d.last_sent_at < now() - case when s.digest_frequency = 'weekly' then interval '6 days 20 hours' else interval '20 hours' end)
  loop
    v_settings := app_hidden.notice_settings_of(v_user.id);
    select json_agg(json_build_object('title', h.title, 'body', h.body, 'linkPath', h.link_path, 'at', h.created_at) order by h.id),
           max(h.id)
      into v_held, v_max
      from (select * from app_private.held_notices where user_id = v_user.id order by id limit 50) h;
    v_summary := v_user.notification_daily;
    v_payload := case when v_summary then app_private.daily_digest_payload(v_user.id) end;
    if v_summary and (json_array_length(v_payload->'things') > 0 or json_array_length(v_payload->'tasks') > 0
                      or json_array_length(v_payload->'activity') > 0) then
      perform graphile_worker.add_job('send_email', json_build_object(
        'to', app_hidden.primary_email(v_user.id), 'template', 'daily_digest', 'domainName', null,
        'variables', v_payload, 'unsubscribe', json_build_object('userId', v_user.id, 'kind', 'digest')))
      where app_hidden.primary_email(v_user.id) is not null;
    end if;
    if v_held is not null then
      perform graphile_worker.add_job('send_email', json_build_object(
        'to', app_hidden.primary_email(v_user.id), 'template', 'notice_digest', 'domainName', null,
        'variables', json_build_object('name', v_user.name, 'frequency', v_settings.digest_frequency, 'notices', v_held),
        'unsubscribe', json_build_object('userId', v_user.id, 'kind', 'digest')))
      where app_hidden.primary_email(v_user.id) is not null;
      delete from app_private.held_notices where user_id = v_user.id and id <= v_max;
    end if;
    insert into app_private.user_digests (user_id, last_sent_at) values (v_user.id, now())
      on conflict (user_id) do update set last_sent_at = excluded.last_sent_at;
    v_count := v_count + 1;
  end loop;
  delete from app_private.notice_log where created_at < now() - interval '7 days';
  return v_count;
end;
$$;

-- migrate:down
create or replace function app_private.queue_daily_digests() returns int
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user app_public.users;
  v_payload json;
  v_count int := 0;
begin
  for v_user in
    select u.* from app_public.users u
    left join app_private.user_digests d on d.user_id = u.id
    where u.notification_daily and (d.last_sent_at is null or d.last_sent_at < now() - interval '20 hours')
  loop
    v_payload := app_private.daily_digest_payload(v_user.id);
    continue when json_array_length(v_payload->'things') = 0 and json_array_length(v_payload->'tasks') = 0
                  and json_array_length(v_payload->'activity') = 0;
    perform graphile_worker.add_job('send_email', json_build_object(
      'to', app_hidden.primary_email(v_user.id), 'template', 'daily_digest', 'domainName', null,
      'variables', v_payload))
    where app_hidden.primary_email(v_user.id) is not null;
    insert into app_private.user_digests (user_id, last_sent_at) values (v_user.id, now())
      on conflict (user_id) do update set last_sent_at = excluded.last_sent_at;
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;
drop function app_hidden.unsubscribe_notice(uuid, app_public.notice_kind);
drop trigger _900_notify_owners on app_public.group_memberships;
drop function app_private.tg_group_memberships__notify_owners();
drop function app_private.notify_tasks_due_tomorrow();
drop table app_private.task_due_notices;
drop trigger _900_device_health_notify on app_public.tasks;
drop function app_private.tg_tasks__device_health_notify();
drop trigger _900_notify on app_public.group_membership_invitations;
drop trigger _900_notify on app_public.device_access_invitations;
drop trigger _900_notify on app_public.thing_access_invitations;
drop function app_private.tg_invitations__notify();
create or replace function app_hidden.notify_user(
  p_user_id uuid, p_kind text, p_level app_public.notification_level, p_title text, p_body text,
  p_link_path text, p_thing_id uuid, p_email boolean
) returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if p_email and p_user_id is distinct from app_public.current_user_id() then
    perform app_hidden.take_notice_email();
  end if;
  insert into app_public.notifications (user_id, kind, level, title, body, link_path, thing_id)
    values (p_user_id, p_kind, p_level, p_title, p_body, p_link_path, p_thing_id);
  if p_email then
    perform app_hidden.queue_email(app_hidden.primary_email(p_user_id), 'notification', json_build_object(
      'name', (select name from app_public.users where id = p_user_id),
      'title', p_title, 'body', p_body, 'linkPath', p_link_path, 'linkLabel', 'Open in the app'));
  end if;
end;
$$;
drop function app_hidden.quiet_until(app_public.notice_settings, timestamptz);
drop function app_hidden.notice_kind_of(text);
drop table app_private.held_notices;
drop table app_private.notice_log;
drop function app_hidden.notices_per_day();
drop table app_private.notice_limits;
drop function app_public.set_notice_settings(app_public.digest_frequency, boolean, time, time, text);
drop function app_public.set_notice_preference(app_public.notice_kind, boolean, boolean, boolean);
drop function app_public.my_notice_settings();
drop function app_public.my_notice_preferences();
drop function app_hidden.notice_settings_of(uuid);
drop function app_hidden.notice_preference(uuid, app_public.notice_kind);
drop function app_hidden.notice_defaults(uuid, app_public.notice_kind);
drop table app_public.notice_settings;
drop table app_public.notice_preferences;
drop type app_public.digest_frequency;
drop type app_public.notice_kind;
drop function app_public.register_push_subscription(text, text, text, text, timestamptz);
drop function app_hidden.push_subscriptions_per_user();
drop table app_public.push_subscriptions;
