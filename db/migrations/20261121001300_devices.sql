-- migrate:up
-- Sensor devices (spec sections 3, 4, 6, 9): LoRaWAN soil probes and a pump controller, linked to
-- things, with owners and invitations like things have.

create type app_public.device_model as enum ('LSE01', 'LSPH01', 'THE_THINGS_UNO');
comment on type app_public.device_model is E'LSE01: soil moisture, temperature and conductivity. LSPH01: soil pH. THE_THINGS_UNO: pump/LED controller.';
create type app_public.device_indicator_parameter as enum ('WATER', 'TEMPERATURE', 'PH', 'CONDUCTIVITY');

create table app_public.devices (
  id uuid primary key default gen_random_uuid(),
  -- The end-device id in The Things Stack (eui-...).
  device_id text not null constraint devices_device_id_valid check (app_hidden.check_device_id(device_id)),
  name text not null constraint devices_name_valid check (app_hidden.check_label(name)),
  model app_public.device_model not null,
  indicator_parameter app_public.device_indicator_parameter not null default 'WATER',
  location point not null constraint devices_location_valid check (app_hidden.check_location(location)),
  is_public boolean not null default true,
  has_image boolean not null default false,
  thing_id uuid references app_public.things on delete set null,
  water double precision,
  temperature double precision,
  conductivity double precision,
  ph double precision,
  led_state boolean,
  -- Volts.
  battery double precision,
  rssi double precision,
  snr double precision,
  last_sensor_data timestamptz,
  hydration_levels jsonb,
  indicator_colour text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint devices_device_id_key unique (device_id)
);
comment on table app_public.devices is 'A sensor or controller, usually fitted to a thing.';
comment on constraint devices_device_id_key on app_public.devices is E'@behavior -update -delete';
create index devices_thing_id_idx on app_public.devices (thing_id);
create index devices_location_idx on app_public.devices using gist (location);

create trigger _100_timestamps before insert or update on app_public.devices
  for each row execute function app_private.tg__timestamps();

create function app_private.tg_devices__unique_device_id() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if exists (select 1 from app_public.devices where device_id = new.device_id and id <> new.id) then
    raise exception 'This device is already registered' using errcode = 'NUNIQ';
  end if;
  return new;
end;
$$;
create trigger _200_unique_device_id before insert or update of device_id on app_public.devices
  for each row execute function app_private.tg_devices__unique_device_id();

create table app_public.device_accesses (
  id uuid primary key default gen_random_uuid(),
  device_id uuid not null references app_public.devices on delete cascade,
  user_id uuid not null references app_public.users on delete cascade,
  is_owner boolean not null default false,
  created_at timestamptz not null default now(),
  constraint device_accesses_device_user_key unique (device_id, user_id)
);
comment on constraint device_accesses_device_user_key on app_public.device_accesses is E'@behavior -single -update -delete';
create index device_accesses_user_id_idx on app_public.device_accesses (user_id);

create table app_public.device_access_invitations (
  id uuid primary key default gen_random_uuid(),
  device_id uuid not null references app_public.devices on delete cascade,
  email citext not null constraint device_access_invitations_email_valid check (app_hidden.check_email(email)),
  user_id uuid references app_public.users on delete cascade,
  invited_by uuid references app_public.users on delete set null,
  code text not null,
  created_at timestamptz not null default now(),
  constraint device_access_invitations_device_email_key unique (device_id, email)
);
comment on constraint device_access_invitations_device_email_key on app_public.device_access_invitations is E'@behavior -single -update -delete';
create index device_access_invitations_user_id_idx on app_public.device_access_invitations (user_id);
create index device_access_invitations_invited_by_idx on app_public.device_access_invitations (invited_by);

---------------------------------------------------------------------------------------------
-- Who may do what

create function app_hidden.my_device_ids() returns setof uuid
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$ select device_id from app_public.device_accesses where user_id = app_public.current_user_id() $$;

create function app_hidden.can_see_device(p_device_id uuid) returns boolean
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select exists (select 1 from app_public.devices d where d.id = p_device_id
                 and (d.is_public or app_public.current_user_is_admin() or d.id in (select app_hidden.my_device_ids())))
$$;

-- Owners and admins edit a device (spec section 6).
create function app_hidden.can_manage_device(p_device_id uuid) returns boolean
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select app_public.current_user_is_admin() or exists (
    select 1 from app_public.device_accesses where device_id = p_device_id and user_id = app_public.current_user_id() and is_owner)
$$;

create function app_public.devices_can_edit(d app_public.devices) returns boolean
  language sql stable as $$ select app_hidden.can_manage_device(d.id) $$;
comment on function app_public.devices_can_edit(app_public.devices) is 'Whether you may edit this device and control it.';

-- A device is fitted to a thing its owner may manage.
create function app_private.tg_devices__thing_is_yours() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if new.thing_id is not null and new.thing_id is distinct from old.thing_id
     and current_setting('role', true) in ('bk_user', 'bk_admin')
     and not app_hidden.can_manage_thing(new.thing_id) then
    raise exception 'Choose a thing you own' using errcode = 'DNIED';
  end if;
  return new;
end;
$$;
create trigger _300_thing_is_yours before update of thing_id on app_public.devices
  for each row execute function app_private.tg_devices__thing_is_yours();

create function app_private.tg_device_accesses__keep_an_owner() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if old.is_owner
     and (tg_op = 'DELETE' or not new.is_owner)
     and exists (select 1 from app_public.devices where id = old.device_id)
     and not exists (select 1 from app_public.device_accesses where device_id = old.device_id and is_owner and id <> old.id) then
    raise exception 'Make someone else an owner before the last owner steps down' using errcode = 'OWNER';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
create trigger _500_keep_an_owner before update of is_owner or delete on app_public.device_accesses
  for each row execute function app_private.tg_device_accesses__keep_an_owner();

---------------------------------------------------------------------------------------------
-- Row-level security

alter table app_public.devices enable row level security;
alter table app_public.device_accesses enable row level security;
alter table app_public.device_access_invitations enable row level security;

create policy select_visible on app_public.devices for select
  using (is_public or (select app_public.current_user_is_admin()) or id in (select app_hidden.my_device_ids()));
create policy update_owner on app_public.devices for update to bk_user
  using (app_hidden.can_manage_device(id));
create policy delete_owner on app_public.devices for delete to bk_user
  using (app_hidden.can_manage_device(id));

create policy select_visible on app_public.device_accesses for select
  using (app_hidden.can_see_device(device_id));
create policy update_owner on app_public.device_accesses for update to bk_user
  using (app_hidden.can_manage_device(device_id));
create policy delete_owner_or_self on app_public.device_accesses for delete to bk_user
  using (user_id = (select app_public.current_user_id()) or app_hidden.can_manage_device(device_id));

create policy select_manager_or_invitee on app_public.device_access_invitations for select to bk_user
  using (app_hidden.can_manage_device(device_id) or user_id = (select app_public.current_user_id()));
create policy delete_manager on app_public.device_access_invitations for delete to bk_user
  using (app_hidden.can_manage_device(device_id));

grant select on app_public.devices to bk_anonymous;
grant update (device_id, name, model, indicator_parameter, location, is_public, has_image, thing_id, hydration_levels)
  on app_public.devices to bk_user;
grant delete on app_public.devices to bk_user;
grant select on app_public.device_accesses to bk_anonymous;
grant update (is_owner) on app_public.device_accesses to bk_user;
grant delete on app_public.device_accesses to bk_user;
grant select (id, device_id, email, user_id, invited_by, created_at) on app_public.device_access_invitations to bk_user;
grant delete on app_public.device_access_invitations to bk_user;

---------------------------------------------------------------------------------------------
-- Functions

create function app_public.create_device(
  model app_public.device_model, name text, device_id text, is_public boolean, location point,
  thing_id uuid default null, indicator_parameter app_public.device_indicator_parameter default null,
  hydration_levels jsonb default null, has_image boolean default false
) returns app_public.devices
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_device app_public.devices;
begin
  perform app_hidden.require_user();
  if model is null then
    raise exception 'Model is required' using errcode = 'INVLD';
  end if;
  if is_public is null then
    raise exception 'Choose whether the device is public' using errcode = 'INVLD';
  end if;
  if create_device.thing_id is not null and not app_hidden.can_manage_thing(create_device.thing_id) then
    raise exception 'Choose a thing you own' using errcode = 'DNIED';
  end if;
  insert into app_public.devices (model, name, device_id, is_public, location, thing_id, indicator_parameter, hydration_levels, has_image)
    values (create_device.model, create_device.name, create_device.device_id, create_device.is_public, create_device.location,
            -- A pH probe shows pH unless told otherwise; the others show water.
            create_device.thing_id,
            coalesce(create_device.indicator_parameter, case when create_device.model = 'LSPH01' then 'PH' else 'WATER' end::app_public.device_indicator_parameter),
            create_device.hydration_levels,
            coalesce(create_device.has_image, false))
    returning * into v_device;
  insert into app_public.device_accesses (device_id, user_id, is_owner) values (v_device.id, app_public.current_user_id(), true);
  return v_device;
end;
$$;
comment on function app_public.create_device(app_public.device_model, text, text, boolean, point, uuid, app_public.device_indicator_parameter, jsonb, boolean)
  is 'Registers a device you own (its deviceId is the end-device id in The Things Stack).';

create function app_public.invite_to_device_access(device_id uuid, email text) returns app_public.device_access_invitations
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

create function app_public.device_access_for_invitation(invitation_id uuid, code text) returns app_public.invitation_target
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_invitation app_public.device_access_invitations;
begin
  select * into v_invitation from app_public.device_access_invitations i where i.id = invitation_id;
  perform app_hidden.assert_invitation_usable(v_invitation.id is not null, v_invitation.created_at, v_invitation.code, code, v_invitation.email);
  return (select row(d.id, d.name)::app_public.invitation_target from app_public.devices d where d.id = v_invitation.device_id);
end;
$$;

create function app_public.accept_invitation_to_device_access(invitation_id uuid, code text) returns app_public.device_accesses
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_invitation app_public.device_access_invitations;
  v_access app_public.device_accesses;
begin
  select * into v_invitation from app_public.device_access_invitations i where i.id = invitation_id for update;
  perform app_hidden.assert_invitation_usable(v_invitation.id is not null, v_invitation.created_at, v_invitation.code, code, v_invitation.email);
  if exists (select 1 from app_public.device_accesses a where a.device_id = v_invitation.device_id and a.user_id = app_public.current_user_id()) then
    delete from app_public.device_access_invitations where id = v_invitation.id;
    raise exception 'You already have access to this device' using errcode = 'ISACS';
  end if;
  insert into app_public.device_accesses (device_id, user_id) values (v_invitation.device_id, app_public.current_user_id())
    returning * into v_access;
  delete from app_public.device_access_invitations where id = v_invitation.id;
  return v_access;
end;
$$;

create function app_public.nearest_device(latitude float8, longitude float8) returns setof app_public.devices
  language sql stable
  as $$
  select d.* from app_public.devices d
  where latitude is not null and longitude is not null
  order by d.location <-> point(latitude, longitude)
  limit 1
$$;
comment on function app_public.nearest_device(float8, float8) is 'The visible device nearest to a point.';

grant execute on function app_hidden.my_device_ids() to bk_anonymous;
grant execute on function app_hidden.can_see_device(uuid) to bk_anonymous;
grant execute on function app_hidden.can_manage_device(uuid) to bk_anonymous;
grant execute on function app_public.devices_can_edit(app_public.devices) to bk_anonymous;
grant execute on function app_public.create_device(app_public.device_model, text, text, boolean, point, uuid, app_public.device_indicator_parameter, jsonb, boolean) to bk_user;
grant execute on function app_public.invite_to_device_access(uuid, text) to bk_user;
grant execute on function app_public.device_access_for_invitation(uuid, text) to bk_anonymous;
grant execute on function app_public.accept_invitation_to_device_access(uuid, text) to bk_user;
grant execute on function app_public.nearest_device(float8, float8) to bk_anonymous;

-- migrate:down
drop function app_public.nearest_device(float8, float8);
drop function app_public.accept_invitation_to_device_access(uuid, text);
drop function app_public.device_access_for_invitation(uuid, text);
drop function app_public.invite_to_device_access(uuid, text);
drop function app_public.create_device(app_public.device_model, text, text, boolean, point, uuid, app_public.device_indicator_parameter, jsonb, boolean);
drop table app_public.device_access_invitations;
drop table app_public.device_accesses;
drop table app_public.devices;
drop function app_private.tg_device_accesses__keep_an_owner();
drop function app_private.tg_devices__thing_is_yours();
drop function app_public.devices_can_edit(app_public.devices);
drop function app_hidden.can_manage_device(uuid);
drop function app_hidden.can_see_device(uuid);
drop function app_hidden.my_device_ids();
drop function app_private.tg_devices__unique_device_id();
drop type app_public.device_indicator_parameter;
drop type app_public.device_model;
