-- migrate:up
-- Moderation (issue 26, "History and moderation"). Anyone signed in reports a thing, a picture,
-- an action or a chat message (spam, wrong or offensive, with an optional note), at most 20 in
-- any 24 hours. Admins work through the reports: hide the content, restore it, or dismiss the
-- report; and suspend an account. Hidden content is gone for everyone but admins at once: the
-- select policies (and the helpers that stand in for them) leave it out, admins still see it with
-- its hidden_at set. A suspended account's sessions end and it cannot sign in again (sign_in and
-- open_session refuse it), so it can neither read as itself nor write.

create type app_public.report_target as enum ('thing', 'picture', 'action', 'chat_message');
create type app_public.report_reason as enum ('spam', 'wrong', 'offensive');
create type app_public.report_status as enum ('open', 'hidden', 'dismissed', 'restored');

---------------------------------------------------------------------------------------------
-- Hidden content

alter table app_public.things add column hidden_at timestamptz;
alter table app_public.actions add column hidden_at timestamptz;
alter table app_public.chat_messages add column hidden_at timestamptz;
comment on column app_public.things.hidden_at is E'@behavior -insert -update\nWhen an admin hid this thing (only admins see it then).';
comment on column app_public.actions.hidden_at is E'@behavior -insert -update\nWhen an admin hid this action (only admins see it then).';
comment on column app_public.chat_messages.hidden_at is E'@behavior -insert -update\nWhen an admin hid this message.';

-- A picture is one of a user, thing, group, device or action (images/<type>/<id>/...).
create table app_private.hidden_pictures (
  image_type text not null check (image_type in ('user', 'thing', 'group', 'device', 'action')),
  target_id uuid not null,
  hidden_at timestamptz not null default now(),
  primary key (image_type, target_id)
);
alter table app_private.hidden_pictures enable row level security;
comment on table app_private.hidden_pictures is 'Pictures an admin hid: served to admins only (app_hidden.image_is_shown).';

create function app_hidden.picture_is_hidden(p_type text, p_id uuid) returns boolean
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$ select exists (select 1 from app_private.hidden_pictures where image_type = p_type and target_id = p_id) $$;
grant execute on function app_hidden.picture_is_hidden(text, uuid) to bk_anonymous;

create or replace function app_hidden.image_is_shown(p_type text, p_id uuid) returns boolean
  language sql stable security invoker set search_path to pg_catalog, public, pg_temp
  as $$
  select coalesce(case p_type
    when 'user' then (select has_image from app_public.users where id = p_id)
    when 'thing' then (select has_image from app_public.things where id = p_id)
    when 'group' then (select has_image from app_public.groups where id = p_id)
    when 'device' then (select has_image from app_public.devices where id = p_id)
    when 'action' then (select has_image from app_public.actions where id = p_id)
    else false
  end, false)
  and (not app_hidden.picture_is_hidden(p_type, p_id) or app_public.current_user_is_admin())
$$;
comment on function app_hidden.image_is_shown(text, uuid) is
  'Whether the picture of a user, thing, group, device or action is to be served to the caller: it has one, the caller may see the record (row-level security, security invoker), and an admin has not hid it (admins still see hidden pictures).';

-- Things: hidden ones only for admins; otherwise the rule as before.
drop policy select_visible on app_public.things;
create policy select_visible on app_public.things for select
  using ((hidden_at is null
          and (is_public
               or id in (select app_hidden.my_thing_ids())
               or group_id in (select app_hidden.my_group_ids())))
         or (select app_public.current_user_is_admin()));

create or replace function app_hidden.can_see_thing(p_thing_id uuid) returns boolean
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select exists (
    select 1 from app_public.things t
    where t.id = p_thing_id
      and ((t.hidden_at is null
            and (t.is_public
                 or t.id in (select app_hidden.my_thing_ids())
                 or t.group_id in (select app_hidden.my_group_ids())))
           or app_public.current_user_is_admin())
  )
$$;

drop policy select_visible on app_public.actions;
create policy select_visible on app_public.actions for select
  using ((hidden_at is null or (select app_public.current_user_is_admin()))
         and (select true from app_public.things t where t.id = actions.thing_id) is not null);

-- A conversation stays private, admins' own included; a hidden message leaves it.
drop policy select_own on app_public.chat_messages;
create policy select_own on app_public.chat_messages for select to bk_user
  using (recipient_id = (select app_public.current_user_id()) and hidden_at is null and app_hidden.can_see_thing(thing_id));

-- The map's cell counts: a hidden thing counts as a private one (admins see private counts; for
-- everyone else the public counts leave it out). Otherwise as in map_viewport.sql.
create or replace function app_private.tg_things__map_cells() returns trigger
  language plpgsql security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_latitudes float8[];
  v_longitudes float8[];
  v_public boolean[];
  v_signs integer[];
  v_needs integer[];
begin
  if tg_op = 'TRUNCATE' then
    delete from app_private.thing_map_cells;
    return null;
  elsif tg_op = 'INSERT' then
    select array_agg(n.location[0]), array_agg(n.location[1]), array_agg(n.is_public and n.hidden_at is null), array_agg(1),
           array_agg((n.water_need = 'needs_water')::integer)
      into v_latitudes, v_longitudes, v_public, v_signs, v_needs
      from new_rows n;
  elsif tg_op = 'DELETE' then
    select array_agg(o.location[0]), array_agg(o.location[1]), array_agg(o.is_public and o.hidden_at is null), array_agg(-1),
           array_agg(-(o.water_need = 'needs_water')::integer)
      into v_latitudes, v_longitudes, v_public, v_signs, v_needs
      from old_rows o;
  else
    with changed as (
      select o.location as old_location, (o.is_public and o.hidden_at is null) as old_public, (o.water_need = 'needs_water')::integer as old_needs,
             n.location as new_location, (n.is_public and n.hidden_at is null) as new_public, (n.water_need = 'needs_water')::integer as new_needs,
             (o.location[0] <> n.location[0] or o.location[1] <> n.location[1]
              or (o.is_public and o.hidden_at is null) <> (n.is_public and n.hidden_at is null)) as moved
      from old_rows o
      join new_rows n on n.id = o.id
      where o.location[0] <> n.location[0] or o.location[1] <> n.location[1]
         or (o.is_public and o.hidden_at is null) <> (n.is_public and n.hidden_at is null)
         or (o.water_need = 'needs_water') <> (n.water_need = 'needs_water')
    )
    select array_agg(c.latitude), array_agg(c.longitude), array_agg(c.is_public), array_agg(c.sign), array_agg(c.needs)
      into v_latitudes, v_longitudes, v_public, v_signs, v_needs
      from changed ch
      cross join lateral (
        select ch.old_location[0], ch.old_location[1], ch.old_public, -1, -ch.old_needs where ch.moved
        union all
        select ch.new_location[0], ch.new_location[1], ch.new_public, 1, ch.new_needs where ch.moved
        union all
        select ch.new_location[0], ch.new_location[1], ch.new_public, 0, ch.new_needs - ch.old_needs where not ch.moved
      ) as c(latitude, longitude, is_public, sign, needs);
  end if;
  if v_signs is not null then
    perform app_private.thing_map_cells_add(v_latitudes, v_longitudes, v_public, v_signs, v_needs);
  end if;
  return null;
end;
$$;

---------------------------------------------------------------------------------------------
-- Suspended accounts

alter table app_public.users add column suspended_at timestamptz;
comment on column app_public.users.suspended_at is E'@behavior -*\nWhen an admin suspended this account; read through isSuspended.';

create function app_public.users_is_suspended(u app_public.users) returns boolean
  language sql stable
  as $$ select case when app_public.current_user_is_admin() then u.suspended_at is not null end $$;
comment on function app_public.users_is_suspended(app_public.users) is 'Whether an admin suspended this account (admins only; null for everyone else).';
grant execute on function app_public.users_is_suspended(app_public.users) to bk_anonymous;

-- Every way in goes through open_session (sign-in, sign-up, resets, invitations).
create or replace function app_hidden.open_session(p_user_id uuid, p_domain_name text) returns app_hidden.session_grant
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_session app_private.sessions;
  v_user app_public.users;
begin
  if exists (select 1 from app_public.users where id = p_user_id and suspended_at is not null) then
    raise exception 'This account has been suspended by an administrator' using errcode = 'DNIED';
  end if;
  update app_public.users set last_sign_in_at = now() where id = p_user_id returning * into v_user;
  insert into app_private.sessions (user_id, domain_name, expires_at)
    values (p_user_id, p_domain_name, now() + interval '30 days')
    returning * into v_session;
  return row(v_session.id, v_user.id, app_public.users_role(v_user), v_session.expires_at)::app_hidden.session_grant;
end;
$$;

-- Suspends (or lifts the suspension of) an account: its sessions end at once (signed-out tokens
-- and their subscriptions stop), and it cannot sign in until lifted. Admins only; not oneself.
create function app_public.suspend_user(user_id uuid, suspended boolean default true) returns app_public.users
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user app_public.users;
begin
  perform app_hidden.require_admin();
  if suspend_user.user_id = app_public.current_user_id() then
    raise exception 'You cannot suspend your own account' using errcode = 'DNIED';
  end if;
  update app_public.users u
    set suspended_at = case when suspended then coalesce(u.suspended_at, now()) end
    where u.id = suspend_user.user_id
    returning * into v_user;
  if v_user.id is null then
    raise exception 'User not found' using errcode = 'NTFND';
  end if;
  if suspended then
    update app_private.sessions s set revoked_at = now() where s.user_id = v_user.id and s.revoked_at is null;
  end if;
  return v_user;
end;
$$;
comment on function app_public.suspend_user(uuid, boolean) is
  'Suspends an account (its sessions end, it cannot sign in) or, with suspended false, lifts the suspension. Admins only.';
grant execute on function app_public.suspend_user(uuid, boolean) to bk_admin;

---------------------------------------------------------------------------------------------
-- Reports

create table app_public.content_reports (
  id uuid primary key default gen_random_uuid(),
  reporter_id uuid not null references app_public.users on delete cascade,
  target_type app_public.report_target not null,
  target_id uuid not null,
  -- For a picture: whose picture it is (user, thing, group, device or action; target_id is theirs).
  picture_of text constraint content_reports_picture_of_valid
    check ((target_type = 'picture') = (picture_of is not null) and (picture_of is null or picture_of in ('user', 'thing', 'group', 'device', 'action'))),
  reason app_public.report_reason not null,
  details text constraint content_reports_details_valid
    check (details is null or char_length(details) <= 1000 or app_hidden.invalid('Details must be at most 1000 characters')),
  -- What was reported, as it read then (a thing's name, an action's comments, a message), so the
  -- admin sees it even where they could not read it themselves (a private conversation).
  excerpt text not null default '',
  -- Whose content it is, when known: the one an admin may suspend.
  author_id uuid references app_public.users on delete set null,
  status app_public.report_status not null default 'open',
  resolved_by uuid references app_public.users on delete set null,
  resolved_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table app_public.content_reports is 'A report of a thing, picture, action or chat message, for the admins to hide, restore or dismiss.';
comment on column app_public.content_reports.picture_of is 'For a picture: user, thing, group, device or action (targetId names it).';
comment on column app_public.content_reports.excerpt is 'What was reported, as it read when reported.';
comment on column app_public.content_reports.author_id is 'Whose content it is, when known.';
comment on constraint content_reports_reporter_id_fkey on app_public.content_reports is E'@fieldName reporter';
comment on constraint content_reports_author_id_fkey on app_public.content_reports is E'@fieldName author';
comment on constraint content_reports_resolved_by_fkey on app_public.content_reports is E'@fieldName resolvedByUser';
create index content_reports_open_idx on app_public.content_reports (status, created_at);
create index content_reports_target_idx on app_public.content_reports (target_type, target_id);
create index content_reports_reporter_idx on app_public.content_reports (reporter_id, created_at);
create index content_reports_author_idx on app_public.content_reports (author_id);
create index content_reports_resolved_by_idx on app_public.content_reports (resolved_by);

alter table app_public.content_reports enable row level security;
create policy select_own_or_admin on app_public.content_reports for select to bk_user
  using (reporter_id = (select app_public.current_user_id()) or (select app_public.current_user_is_admin()));
grant select on app_public.content_reports to bk_user;

create function app_hidden.reports_per_day() returns int language sql immutable as $$ select 20 $$;

-- Reports what the caller can see. A second report of the same thing by the same person while
-- the first is open answers with the first. Errors: LOGIN (guests), INVLD (details, a picture
-- without its kind), NTFND (nothing there, or nothing the caller can see), RATEL (past 20 a day).
create function app_public.report_content(
  target_type app_public.report_target, target_id uuid, reason app_public.report_reason,
  details text default null, picture_of text default null
) returns app_public.content_reports
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user_id uuid := app_hidden.require_user();
  v_details text := nullif(btrim(report_content.details), '');
  v_excerpt text;
  v_author uuid;
  v_found boolean := false;
  v_count int;
  v_report app_public.content_reports;
begin
  if reason is null then
    raise exception 'Choose a reason: spam, wrong or offensive' using errcode = 'INVLD';
  end if;
  if v_details is not null and char_length(v_details) > 1000 then
    raise exception 'Details must be at most 1000 characters' using errcode = 'INVLD';
  end if;
  if target_type = 'picture' and (picture_of is null or picture_of not in ('user', 'thing', 'group', 'device', 'action')) then
    raise exception 'Say whose picture it is: a user, thing, group, device or action' using errcode = 'INVLD';
  end if;

  case target_type
    when 'thing' then
      select true, t.name, t.created_by into v_found, v_excerpt, v_author
        from app_public.things t where t.id = report_content.target_id and app_hidden.can_see_thing(t.id);
    when 'action' then
      select true, a.comments, a.created_by into v_found, v_excerpt, v_author
        from app_public.actions a
        where a.id = report_content.target_id and a.hidden_at is null and app_hidden.can_see_thing(a.thing_id);
    when 'chat_message' then
      select true, m.message_text, case when m.type_name = 'user' then m.recipient_id end into v_found, v_excerpt, v_author
        from app_public.chat_messages m
        where m.id = report_content.target_id and m.recipient_id = v_user_id and m.hidden_at is null
          and app_hidden.can_see_thing(m.thing_id);
    when 'picture' then
      case picture_of
        when 'user' then
          select true, 'Picture of ' || u.name, u.id into v_found, v_excerpt, v_author
            from app_public.users u where u.id = report_content.target_id and u.has_image;
        when 'thing' then
          select true, 'Picture of ' || t.name, t.created_by into v_found, v_excerpt, v_author
            from app_public.things t where t.id = report_content.target_id and t.has_image and app_hidden.can_see_thing(t.id);
        when 'action' then
          select true, 'Picture of an action: ' || left(a.comments, 200), a.created_by into v_found, v_excerpt, v_author
            from app_public.actions a
            where a.id = report_content.target_id and a.has_image and a.hidden_at is null and app_hidden.can_see_thing(a.thing_id);
        when 'device' then
          select true, 'Picture of ' || d.name into v_found, v_excerpt
            from app_public.devices d where d.id = report_content.target_id and d.has_image and app_hidden.can_see_device(d.id);
        else
          select true, 'Picture of ' || g.name into v_found, v_excerpt
            from app_public.groups g
            where g.id = report_content.target_id and g.has_image
              and (g.is_public or g.id in (select app_hidden.my_group_ids()) or app_public.current_user_is_admin());
      end case;
      if v_found and app_hidden.picture_is_hidden(picture_of, report_content.target_id) and not app_public.current_user_is_admin() then
        v_found := false;
      end if;
  end case;
  if not coalesce(v_found, false) then
    raise exception 'There is nothing to report there: it does not exist or you cannot see it' using errcode = 'NTFND';
  end if;

  -- One reporter at a time, so concurrent reports cannot both pass the limit.
  perform pg_advisory_xact_lock(hashtextextended('app_public.content_reports:' || v_user_id, 0));
  select * into v_report from app_public.content_reports r
    where r.reporter_id = v_user_id and r.target_type = report_content.target_type
      and r.target_id = report_content.target_id and r.status = 'open';
  if v_report.id is not null then
    return v_report;
  end if;
  select count(*) into v_count from app_public.content_reports r
    where r.reporter_id = v_user_id and r.created_at > now() - interval '1 day';
  if v_count >= app_hidden.reports_per_day() then
    raise exception 'You can send up to % reports a day. Please try again tomorrow.', app_hidden.reports_per_day()
      using errcode = 'RATEL';
  end if;

  insert into app_public.content_reports (reporter_id, target_type, target_id, picture_of, reason, details, excerpt, author_id)
    values (v_user_id, report_content.target_type, report_content.target_id,
            case when report_content.target_type = 'picture' then report_content.picture_of end,
            reason, v_details, left(coalesce(v_excerpt, ''), 500), v_author)
    returning * into v_report;
  return v_report;
end;
$$;
comment on function app_public.report_content(app_public.report_target, uuid, app_public.report_reason, text, text) is
  'Reports a thing, picture, action or chat message you can see (spam, wrong or offensive; details optional, at most 1000 characters). At most 20 reports a day.';
grant execute on function app_public.report_content(app_public.report_target, uuid, app_public.report_reason, text, text) to bk_user;

-- Sets or clears the hidden mark of a report's content. The things trigger tells open pages.
create function app_hidden.set_content_hidden(p_report app_public.content_reports, p_hidden boolean) returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_at timestamptz := case when p_hidden then now() end;
begin
  case p_report.target_type
    when 'thing' then update app_public.things set hidden_at = v_at where id = p_report.target_id;
    when 'action' then update app_public.actions set hidden_at = v_at where id = p_report.target_id;
    when 'chat_message' then update app_public.chat_messages set hidden_at = v_at where id = p_report.target_id;
    when 'picture' then
      if p_hidden then
        insert into app_private.hidden_pictures (image_type, target_id) values (p_report.picture_of, p_report.target_id)
          on conflict do nothing;
      else
        delete from app_private.hidden_pictures where image_type = p_report.picture_of and target_id = p_report.target_id;
      end if;
  end case;
end;
$$;

-- Admins decide a report: 'hide' hides the content and closes every open report of it,
-- 'restore' shows it again, 'dismiss' closes this report and leaves the content as it is.
create function app_public.moderate_report(report_id uuid, decision text) returns app_public.content_reports
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_report app_public.content_reports;
  v_status app_public.report_status;
begin
  perform app_hidden.require_admin();
  select * into v_report from app_public.content_reports where id = report_id for update;
  if v_report.id is null then
    raise exception 'Report not found' using errcode = 'NTFND';
  end if;
  v_status := case decision when 'hide' then 'hidden' when 'restore' then 'restored' when 'dismiss' then 'dismissed' end;
  if v_status is null then
    raise exception 'Decide hide, restore or dismiss' using errcode = 'INVLD';
  end if;
  if decision = 'dismiss' and v_report.status <> 'open' then
    raise exception 'Only an open report can be dismissed' using errcode = 'INVLD';
  end if;
  if decision <> 'dismiss' then
    perform app_hidden.set_content_hidden(v_report, decision = 'hide');
  end if;
  update app_public.content_reports r
    set status = v_status, resolved_by = app_public.current_user_id(), resolved_at = now()
    where r.id = v_report.id
       or (decision <> 'dismiss' and r.target_type = v_report.target_type and r.target_id = v_report.target_id
           and r.picture_of is not distinct from v_report.picture_of
           and r.status in ('open', 'hidden', 'restored'));
  select * into v_report from app_public.content_reports where id = report_id;
  return v_report;
end;
$$;
comment on function app_public.moderate_report(uuid, text) is
  'Admins: hide the reported content (closing its open reports), restore it, or dismiss the report (decision: hide, restore or dismiss).';
grant execute on function app_public.moderate_report(uuid, text) to bk_admin;

-- migrate:down
drop function app_public.moderate_report(uuid, text);
drop function app_hidden.set_content_hidden(app_public.content_reports, boolean);
drop function app_public.report_content(app_public.report_target, uuid, app_public.report_reason, text, text);
drop function app_hidden.reports_per_day();
drop table app_public.content_reports;
drop function app_public.suspend_user(uuid, boolean);
create or replace function app_hidden.open_session(p_user_id uuid, p_domain_name text) returns app_hidden.session_grant
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
drop function app_public.users_is_suspended(app_public.users);
alter table app_public.users drop column suspended_at;
drop policy select_own on app_public.chat_messages;
create policy select_own on app_public.chat_messages for select to bk_user
  using (recipient_id = (select app_public.current_user_id()) and app_hidden.can_see_thing(thing_id));
drop policy select_visible on app_public.actions;
create policy select_visible on app_public.actions for select
  using ((select true from app_public.things t where t.id = actions.thing_id) is not null);
drop policy select_visible on app_public.things;
create policy select_visible on app_public.things for select
  using (is_public
         or (select app_public.current_user_is_admin())
         or id in (select app_hidden.my_thing_ids())
         or group_id in (select app_hidden.my_group_ids()));
create or replace function app_hidden.can_see_thing(p_thing_id uuid) returns boolean
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select exists (
    select 1 from app_public.things t
    where t.id = p_thing_id
      and (t.is_public
           or app_public.current_user_is_admin()
           or t.id in (select app_hidden.my_thing_ids())
           or t.group_id in (select app_hidden.my_group_ids()))
  )
$$;
create or replace function app_hidden.image_is_shown(p_type text, p_id uuid) returns boolean
  language sql stable security invoker set search_path to pg_catalog, public, pg_temp
  as $$
  select coalesce(case p_type
    when 'user' then (select has_image from app_public.users where id = p_id)
    when 'thing' then (select has_image from app_public.things where id = p_id)
    when 'group' then (select has_image from app_public.groups where id = p_id)
    when 'device' then (select has_image from app_public.devices where id = p_id)
    when 'action' then (select has_image from app_public.actions where id = p_id)
    else false
  end, false)
$$;
create or replace function app_private.tg_things__map_cells() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_latitudes float8[];
  v_longitudes float8[];
  v_public boolean[];
  v_signs integer[];
begin
  if tg_op = 'TRUNCATE' then
    delete from app_private.thing_map_cells;
    return null;
  elsif tg_op = 'INSERT' then
    select array_agg(n.location[0]), array_agg(n.location[1]), array_agg(n.is_public), array_agg(1)
      into v_latitudes, v_longitudes, v_public, v_signs
      from new_rows n;
  elsif tg_op = 'DELETE' then
    select array_agg(o.location[0]), array_agg(o.location[1]), array_agg(o.is_public), array_agg(-1)
      into v_latitudes, v_longitudes, v_public, v_signs
      from old_rows o;
  else
    select array_agg(c.latitude), array_agg(c.longitude), array_agg(c.is_public), array_agg(c.sign)
      into v_latitudes, v_longitudes, v_public, v_signs
      from old_rows o
      join new_rows n on n.id = o.id
      cross join lateral (values (o.location[0], o.location[1], o.is_public, -1),
                                 (n.location[0], n.location[1], n.is_public, 1)) as c(latitude, longitude, is_public, sign)
      where o.location[0] <> n.location[0] or o.location[1] <> n.location[1] or o.is_public <> n.is_public;
  end if;
  if v_signs is not null then
    perform app_private.thing_map_cells_add(v_latitudes, v_longitudes, v_public, v_signs);
  end if;
  return null;
end;
$$;
drop function app_hidden.picture_is_hidden(text, uuid);
drop table app_private.hidden_pictures;
alter table app_public.chat_messages drop column hidden_at;
alter table app_public.actions drop column hidden_at;
alter table app_public.things drop column hidden_at;
drop type app_public.report_status;
drop type app_public.report_reason;
drop type app_public.report_target;
