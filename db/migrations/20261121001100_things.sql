-- migrate:up
-- Things people look after (spec sections 3, 4, 6, 9), who has access to them, and invitations.

create type app_public.thing_type as enum (
  'BEECAFE', 'APIARY', 'GREENHOUSE', 'MEADOW', 'FLOWERBED', 'TREE', 'BIN', 'PLANTER', 'HEDGE', 'GRAVE',
  'VEGETABLEBED', 'WALL', 'FENCE', 'BENCH', 'MURAL', 'NOTICEBOARD', 'BOOKSHARE', 'PLAQUE', 'SCULPTURE'
);
create type app_public.indicator_parameter as enum ('WATER', 'P_H');

-- A location is a point with x = latitude and y = longitude (spec section 3): the reverse of
-- GeoJSON's [longitude, latitude] and of earthdistance's `<@>`. Distances: app_hidden.distance_metres.
create function app_hidden.check_location(value point) returns boolean
  language sql immutable
  as $$
  select case
    when value is null then app_hidden.invalid('Location is required')
    when value[0] not between -90 and 90 then app_hidden.invalid('Latitude must be between -90 and 90')
    when value[1] not between -180 and 180 then app_hidden.invalid('Longitude must be between -180 and 180')
    else true
  end
$$;
grant execute on function app_hidden.check_location(point) to bk_anonymous;

create table app_public.things (
  id uuid primary key default gen_random_uuid(),
  group_id uuid not null references app_public.groups on delete restrict,
  name text not null constraint things_name_valid check (app_hidden.check_label(name)),
  description text constraint things_description_valid check (app_hidden.check_description(description)),
  type app_public.thing_type not null,
  location point not null constraint things_location_valid check (app_hidden.check_location(location)),
  location_description text constraint things_location_description_valid
    check (location_description is null or char_length(location_description) <= 500 or app_hidden.invalid('Location description must be at most 500 characters')),
  is_public boolean not null default true,
  has_image boolean not null default false,
  -- Latest sensor values, kept by the ingestion pipeline.
  water double precision,
  temperature double precision,
  conductivity double precision,
  ph double precision,
  led_state boolean,
  last_sensor_data timestamptz,
  last_action timestamptz,
  indicator_parameter app_public.indicator_parameter not null default 'WATER',
  indicator_colour text,
  indicator_colour_last text,
  indicator_colour_changed_at timestamptz,
  needs_water_notification_at timestamptz,
  -- Band limits overriding the defaults of decisions.md, e.g. {"dry":20,"needsWater":30,"good":60}.
  hydration_levels jsonb,
  -- Soilscape of the location, filled by the soilscape look-up.
  texture text,
  drainage text,
  fertility text,
  landcover text,
  habitats text,
  carbon text,
  drains_to text,
  water_protection text,
  general_cropping text,
  created_by uuid references app_public.users on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table app_public.things is 'A shared public thing people look after: a planter, a tree, a bee cafe...';
comment on column app_public.things.location is 'x = latitude, y = longitude.';
comment on column app_public.things.created_by is E'@behavior -insert -update';
create index things_group_id_idx on app_public.things (group_id);
create index things_created_by_idx on app_public.things (created_by);
create index things_location_idx on app_public.things using gist (location);
create index things_created_at_idx on app_public.things (created_at desc);

create trigger _100_timestamps before insert or update on app_public.things
  for each row execute function app_private.tg__timestamps();

create table app_public.thing_accesses (
  id uuid primary key default gen_random_uuid(),
  thing_id uuid not null references app_public.things on delete cascade,
  user_id uuid not null references app_public.users on delete cascade,
  is_owner boolean not null default false,
  is_collaborator boolean not null default false,
  created_at timestamptz not null default now(),
  constraint thing_accesses_thing_user_key unique (thing_id, user_id)
);
comment on constraint thing_accesses_thing_user_key on app_public.thing_accesses is E'@behavior -single -update -delete';
comment on table app_public.thing_accesses is 'A user''s role on a thing: owner, collaborator, or (neither flag) viewer.';
create index thing_accesses_user_id_idx on app_public.thing_accesses (user_id);

create table app_public.thing_access_invitations (
  id uuid primary key default gen_random_uuid(),
  thing_id uuid not null references app_public.things on delete cascade,
  email citext not null constraint thing_access_invitations_email_valid check (app_hidden.check_email(email)),
  user_id uuid references app_public.users on delete cascade,
  invited_by uuid references app_public.users on delete set null,
  code text not null,
  created_at timestamptz not null default now(),
  constraint thing_access_invitations_thing_email_key unique (thing_id, email)
);
comment on constraint thing_access_invitations_thing_email_key on app_public.thing_access_invitations is E'@behavior -single -update -delete';
create index thing_access_invitations_user_id_idx on app_public.thing_access_invitations (user_id);
create index thing_access_invitations_invited_by_idx on app_public.thing_access_invitations (invited_by);

-- The One Thing now has a table to point at.
alter table app_public.users add constraint users_one_thing_id_fkey
  foreign key (one_thing_id) references app_public.things on delete set null;
create index users_one_thing_id_idx on app_public.users (one_thing_id);

---------------------------------------------------------------------------------------------
-- Who may do what (security definer so policies do not recurse into each other's RLS).

create function app_hidden.my_thing_ids() returns setof uuid
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$ select thing_id from app_public.thing_accesses where user_id = app_public.current_user_id() $$;

-- Public things, things you have access to, things of your groups; everything for admins.
create function app_hidden.can_see_thing(p_thing_id uuid) returns boolean
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

create function app_hidden.is_thing_owner(p_thing_id uuid) returns boolean
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select exists (select 1 from app_public.thing_accesses
                 where thing_id = p_thing_id and user_id = app_public.current_user_id() and is_owner)
$$;

-- Owners and admins edit a thing and its settings (spec section 6).
create function app_hidden.can_manage_thing(p_thing_id uuid) returns boolean
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$ select app_public.current_user_is_admin() or app_hidden.is_thing_owner(p_thing_id) $$;

-- Admins, owners and collaborators record actions (spec section 6).
create function app_hidden.can_act_on_thing(p_thing_id uuid) returns boolean
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select app_public.current_user_is_admin() or exists (
    select 1 from app_public.thing_accesses
    where thing_id = p_thing_id and user_id = app_public.current_user_id() and (is_owner or is_collaborator)
  )
$$;

-- Computed fields the screens need, so each rule lives here once.
create function app_public.things_can_edit(t app_public.things) returns boolean
  language sql stable as $$ select app_hidden.can_manage_thing(t.id) $$;
comment on function app_public.things_can_edit(app_public.things) is 'Whether you may edit this thing and its settings.';
create function app_public.things_can_record_action(t app_public.things) returns boolean
  language sql stable as $$ select app_hidden.can_act_on_thing(t.id) $$;
comment on function app_public.things_can_record_action(app_public.things) is 'Whether you may record care actions on this thing.';

---------------------------------------------------------------------------------------------
-- Access rules kept by triggers

-- A thing always keeps an owner unless it is being deleted.
create function app_private.tg_thing_accesses__keep_an_owner() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if old.is_owner
     and (tg_op = 'DELETE' or not new.is_owner)
     and exists (select 1 from app_public.things where id = old.thing_id)
     and not exists (select 1 from app_public.thing_accesses where thing_id = old.thing_id and is_owner and id <> old.id) then
    raise exception 'Make someone else an owner before the last owner steps down' using errcode = 'OWNER';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
create trigger _500_keep_an_owner before update of is_owner or delete on app_public.thing_accesses
  for each row execute function app_private.tg_thing_accesses__keep_an_owner();

-- Only a thing's owners (or admins) may change who owns or collaborates on it.
create function app_private.tg_thing_accesses__owner_changes_roles() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if current_setting('role', true) in ('bk_user', 'bk_admin') and not app_hidden.can_manage_thing(new.thing_id) then
    raise exception 'Only the thing''s owners can change who owns or collaborates on it' using errcode = 'DNIED';
  end if;
  return new;
end;
$$;
create trigger _400_owner_changes_roles before update on app_public.thing_accesses
  for each row execute function app_private.tg_thing_accesses__owner_changes_roles();

---------------------------------------------------------------------------------------------
-- Row-level security

alter table app_public.things enable row level security;
alter table app_public.thing_accesses enable row level security;
alter table app_public.thing_access_invitations enable row level security;

create policy select_visible on app_public.things for select
  using (is_public
         or (select app_public.current_user_is_admin())
         or id in (select app_hidden.my_thing_ids())
         or group_id in (select app_hidden.my_group_ids()));
create policy update_owner on app_public.things for update to bk_user
  using (app_hidden.can_manage_thing(id));
create policy delete_owner on app_public.things for delete to bk_user
  using (app_hidden.can_manage_thing(id));

-- Access entries of a thing you can see; owners manage them; anyone may end their own access.
create policy select_visible on app_public.thing_accesses for select
  using (app_hidden.can_see_thing(thing_id));
create policy update_owner on app_public.thing_accesses for update to bk_user
  using (app_hidden.can_manage_thing(thing_id));
create policy delete_owner_or_self on app_public.thing_accesses for delete to bk_user
  using (user_id = (select app_public.current_user_id()) or app_hidden.can_manage_thing(thing_id));

create policy select_manager_or_invitee on app_public.thing_access_invitations for select to bk_user
  using (app_hidden.can_manage_thing(thing_id) or user_id = (select app_public.current_user_id()));
create policy delete_manager on app_public.thing_access_invitations for delete to bk_user
  using (app_hidden.can_manage_thing(thing_id));

grant select on app_public.things to bk_anonymous;
grant update (group_id, name, description, type, location, location_description, is_public, has_image,
              indicator_parameter, hydration_levels) on app_public.things to bk_user;
grant delete on app_public.things to bk_user;
grant select on app_public.thing_accesses to bk_anonymous;
grant update (is_owner, is_collaborator) on app_public.thing_accesses to bk_user;
grant delete on app_public.thing_accesses to bk_user;
grant select (id, thing_id, email, user_id, invited_by, created_at) on app_public.thing_access_invitations to bk_user;
grant delete on app_public.thing_access_invitations to bk_user;

---------------------------------------------------------------------------------------------
-- Functions

-- A thing belongs to a group its creator is a member of (or any group, for admins).
create function app_hidden.assert_can_use_group(p_group_id uuid) returns void
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if p_group_id is null then
    raise exception 'Group is required' using errcode = 'INVLD';
  end if;
  if not app_public.current_user_is_admin() and p_group_id not in (select app_hidden.my_group_ids()) then
    raise exception 'Choose a group you are a member of' using errcode = 'DNIED';
  end if;
end;
$$;

create function app_private.tg_things__group_is_yours() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if new.group_id is distinct from old.group_id then
    perform app_hidden.assert_can_use_group(new.group_id);
  end if;
  return new;
end;
$$;
create trigger _300_group_is_yours before update of group_id on app_public.things
  for each row execute function app_private.tg_things__group_is_yours();

-- Creating is a function so the thing and its creator's ownership are made together (a private
-- thing would otherwise be invisible to its creator), and the CREATED action recorded.
create function app_public.create_thing(
  group_id uuid, name text, type app_public.thing_type, location point, is_public boolean,
  has_image boolean default false, description text default null, location_description text default null,
  indicator_parameter app_public.indicator_parameter default 'WATER'
) returns app_public.things
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_thing app_public.things;
begin
  perform app_hidden.require_user();
  perform app_hidden.assert_can_use_group(create_thing.group_id);
  if type is null then
    raise exception 'Type is required' using errcode = 'INVLD';
  end if;
  if is_public is null then
    raise exception 'Choose whether the thing is public' using errcode = 'INVLD';
  end if;
  insert into app_public.things (group_id, name, type, location, is_public, has_image, description,
                                 location_description, indicator_parameter, created_by)
    values (create_thing.group_id, create_thing.name, create_thing.type, create_thing.location, create_thing.is_public,
            coalesce(create_thing.has_image, false), create_thing.description, create_thing.location_description,
            coalesce(create_thing.indicator_parameter, 'WATER'), app_public.current_user_id())
    returning * into v_thing;
  insert into app_public.thing_accesses (thing_id, user_id, is_owner, is_collaborator)
    values (v_thing.id, app_public.current_user_id(), true, true);
  perform app_hidden.after_thing_created(v_thing.id);
  return v_thing;
end;
$$;
comment on function app_public.create_thing(uuid, text, app_public.thing_type, point, boolean, boolean, text, text, app_public.indicator_parameter)
  is 'Creates a thing you own in one of your groups, and records its CREATED action.';

-- Extended by the actions migration (the CREATED action).
create function app_hidden.after_thing_created(p_thing_id uuid) returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$ begin perform p_thing_id; end; $$;

-- Any signed-in user who can see a thing may collaborate on it (spec section 6).
create function app_public.collaborate_thing_access(thing_id uuid) returns app_public.thing_accesses
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_access app_public.thing_accesses;
begin
  perform app_hidden.require_user();
  if not app_hidden.can_see_thing(collaborate_thing_access.thing_id) then
    raise exception 'Thing not found' using errcode = 'NTFND';
  end if;
  insert into app_public.thing_accesses (thing_id, user_id, is_collaborator)
    values (collaborate_thing_access.thing_id, app_public.current_user_id(), true)
    on conflict on constraint thing_accesses_thing_user_key do update set is_collaborator = true
    returning * into v_access;
  return v_access;
end;
$$;
comment on function app_public.collaborate_thing_access(uuid) is 'Makes you a collaborator on a thing you can see.';

create function app_public.invite_to_thing_access(thing_id uuid, email text) returns app_public.thing_access_invitations
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

create function app_public.thing_access_for_invitation(invitation_id uuid, code text) returns app_public.invitation_target
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_invitation app_public.thing_access_invitations;
begin
  select * into v_invitation from app_public.thing_access_invitations i where i.id = invitation_id;
  perform app_hidden.assert_invitation_usable(v_invitation.id is not null, v_invitation.created_at, v_invitation.code, code, v_invitation.email);
  return (select row(t.id, t.name)::app_public.invitation_target from app_public.things t where t.id = v_invitation.thing_id);
end;
$$;
comment on function app_public.thing_access_for_invitation(uuid, text) is 'Checks an invitation: the thing''s id and name, or an error LOGIN, NTFND, DNIED or DNIEM.';

create function app_public.accept_invitation_to_thing_access(invitation_id uuid, code text) returns app_public.thing_accesses
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_invitation app_public.thing_access_invitations;
  v_access app_public.thing_accesses;
begin
  select * into v_invitation from app_public.thing_access_invitations i where i.id = invitation_id for update;
  perform app_hidden.assert_invitation_usable(v_invitation.id is not null, v_invitation.created_at, v_invitation.code, code, v_invitation.email);
  if exists (select 1 from app_public.thing_accesses a
             where a.thing_id = v_invitation.thing_id and a.user_id = app_public.current_user_id() and (a.is_owner or a.is_collaborator)) then
    delete from app_public.thing_access_invitations where id = v_invitation.id;
    raise exception 'You already have access to this thing' using errcode = 'ISACS';
  end if;
  insert into app_public.thing_accesses (thing_id, user_id, is_collaborator)
    values (v_invitation.thing_id, app_public.current_user_id(), true)
    on conflict on constraint thing_accesses_thing_user_key do update set is_collaborator = true
    returning * into v_access;
  delete from app_public.thing_access_invitations where id = v_invitation.id;
  return v_access;
end;
$$;

-- nearestThing(latitude, longitude): visible things, nearest first (GiST <-> ordering).
create function app_public.nearest_thing(latitude float8, longitude float8) returns setof app_public.things
  language sql stable
  as $$
  select t.* from app_public.things t
  where latitude is not null and longitude is not null
  order by t.location <-> point(latitude, longitude)
  limit 1
$$;
comment on function app_public.nearest_thing(float8, float8) is 'The visible thing nearest to a point.';

-- Account deletion: things the user alone owned pass to a collaborator, or are deleted.
create or replace function app_hidden.delete_user_owned_data(p_user_id uuid) returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_group_id uuid;
  v_thing_id uuid;
  v_heir uuid;
begin
  for v_thing_id in
    select a.thing_id from app_public.thing_accesses a
    where a.user_id = p_user_id and a.is_owner
      and not exists (select 1 from app_public.thing_accesses o where o.thing_id = a.thing_id and o.is_owner and o.user_id <> p_user_id)
  loop
    select id into v_heir from app_public.thing_accesses
      where thing_id = v_thing_id and user_id <> p_user_id and is_collaborator order by created_at limit 1;
    if v_heir is null then
      delete from app_public.things where id = v_thing_id;
    else
      update app_public.thing_accesses set is_owner = true where id = v_heir;
    end if;
  end loop;

  for v_group_id in
    select m.group_id from app_public.group_memberships m
    where m.user_id = p_user_id and m.is_owner
      and not exists (select 1 from app_public.group_memberships o where o.group_id = m.group_id and o.is_owner and o.user_id <> p_user_id)
  loop
    select id into v_heir from app_public.group_memberships
      where group_id = v_group_id and user_id <> p_user_id order by created_at limit 1;
    if v_heir is null then
      -- A group with things of other people keeps existing under an admin's eye rather than
      -- taking their things with it.
      if exists (select 1 from app_public.things where group_id = v_group_id) then
        continue;
      end if;
      delete from app_public.groups where id = v_group_id;
    else
      update app_public.group_memberships set is_owner = true where id = v_heir;
    end if;
  end loop;
end;
$$;

grant execute on function app_hidden.my_thing_ids() to bk_anonymous;
grant execute on function app_hidden.can_see_thing(uuid) to bk_anonymous;
grant execute on function app_hidden.is_thing_owner(uuid) to bk_anonymous;
grant execute on function app_hidden.can_manage_thing(uuid) to bk_anonymous;
grant execute on function app_hidden.can_act_on_thing(uuid) to bk_anonymous;
grant execute on function app_public.things_can_edit(app_public.things) to bk_anonymous;
grant execute on function app_public.things_can_record_action(app_public.things) to bk_anonymous;
grant execute on function app_hidden.assert_can_use_group(uuid) to bk_user;
grant execute on function app_public.create_thing(uuid, text, app_public.thing_type, point, boolean, boolean, text, text, app_public.indicator_parameter) to bk_user;
grant execute on function app_hidden.after_thing_created(uuid) to bk_user;
grant execute on function app_public.collaborate_thing_access(uuid) to bk_user;
grant execute on function app_public.invite_to_thing_access(uuid, text) to bk_user;
grant execute on function app_public.thing_access_for_invitation(uuid, text) to bk_anonymous;
grant execute on function app_public.accept_invitation_to_thing_access(uuid, text) to bk_user;
grant execute on function app_public.nearest_thing(float8, float8) to bk_anonymous;

-- migrate:down
drop function app_public.nearest_thing(float8, float8);
drop function app_public.accept_invitation_to_thing_access(uuid, text);
drop function app_public.thing_access_for_invitation(uuid, text);
drop function app_public.invite_to_thing_access(uuid, text);
drop function app_public.collaborate_thing_access(uuid);
drop function app_public.create_thing(uuid, text, app_public.thing_type, point, boolean, boolean, text, text, app_public.indicator_parameter);
drop function app_hidden.after_thing_created(uuid);
alter table app_public.users drop constraint users_one_thing_id_fkey;
drop table app_public.thing_access_invitations;
drop table app_public.thing_accesses;
drop table app_public.things;
drop function app_private.tg_things__group_is_yours();
drop function app_hidden.assert_can_use_group(uuid);
drop function app_private.tg_thing_accesses__owner_changes_roles();
drop function app_private.tg_thing_accesses__keep_an_owner();
drop function app_public.things_can_record_action(app_public.things);
drop function app_public.things_can_edit(app_public.things);
drop function app_hidden.can_act_on_thing(uuid);
drop function app_hidden.can_manage_thing(uuid);
drop function app_hidden.is_thing_owner(uuid);
drop function app_hidden.can_see_thing(uuid);
drop function app_hidden.my_thing_ids();
drop function app_hidden.check_location(point);
drop type app_public.indicator_parameter;
drop type app_public.thing_type;
