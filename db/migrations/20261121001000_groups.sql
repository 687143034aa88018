-- migrate:up
-- Groups (community groups, councils, estates, orchards, growers; "beepasses" in the bee
-- branding), their memberships and e-mail invitations. Spec sections 3, 4 and 6.

create type app_public.group_type as enum ('BEEPASS', 'COUNCIL', 'ESTATE', 'ORCHARD', 'GROWER');

create table app_public.groups (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint groups_name_valid check (app_hidden.check_label(name)),
  type app_public.group_type not null,
  description text constraint groups_description_valid check (app_hidden.check_description(description)),
  -- Filled from the name when not given (tg_groups__slug).
  slug citext not null default '' constraint groups_slug_key unique,
  is_public boolean not null default true,
  has_image boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table app_public.groups is 'People who look after things together.';
comment on constraint groups_slug_key on app_public.groups is E'@behavior -update -delete';
create index groups_name_idx on app_public.groups (lower(name));

create table app_public.group_memberships (
  id uuid primary key default gen_random_uuid(),
  group_id uuid not null references app_public.groups on delete cascade,
  user_id uuid not null references app_public.users on delete cascade,
  is_owner boolean not null default false,
  created_at timestamptz not null default now(),
  constraint group_memberships_group_user_key unique (group_id, user_id)
);
comment on constraint group_memberships_group_user_key on app_public.group_memberships is E'@behavior -single -update -delete';
create index group_memberships_user_id_idx on app_public.group_memberships (user_id);
comment on table app_public.group_memberships is 'A user belonging to a group; owners manage it.';

create table app_public.group_membership_invitations (
  id uuid primary key default gen_random_uuid(),
  group_id uuid not null references app_public.groups on delete cascade,
  email citext not null constraint group_membership_invitations_email_valid check (app_hidden.check_email(email)),
  -- The invited user, when the address belongs to one already.
  user_id uuid references app_public.users on delete cascade,
  invited_by uuid references app_public.users on delete set null,
  code text not null,
  created_at timestamptz not null default now(),
  constraint group_membership_invitations_group_email_key unique (group_id, email)
);
comment on constraint group_membership_invitations_group_email_key on app_public.group_membership_invitations is E'@behavior -single -update -delete';
create index group_membership_invitations_user_id_idx on app_public.group_membership_invitations (user_id);
create index group_membership_invitations_invited_by_idx on app_public.group_membership_invitations (invited_by);

---------------------------------------------------------------------------------------------
-- Who belongs where. Security definer so policies can ask without recursing into RLS.

create function app_hidden.my_group_ids() returns setof uuid
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$ select group_id from app_public.group_memberships where user_id = app_public.current_user_id() $$;

create function app_hidden.my_owned_group_ids() returns setof uuid
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$ select group_id from app_public.group_memberships where user_id = app_public.current_user_id() and is_owner $$;

create function app_hidden.can_manage_group(p_group_id uuid) returns boolean
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select app_public.current_user_is_admin()
      or exists (select 1 from app_public.group_memberships
                 where group_id = p_group_id and user_id = app_public.current_user_id() and is_owner)
$$;

---------------------------------------------------------------------------------------------
-- Triggers

create trigger _100_timestamps before insert or update on app_public.groups
  for each row execute function app_private.tg__timestamps();

-- A readable, unique slug from the name when none is given.
create function app_private.tg_groups__slug() returns trigger
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_base text;
  v_slug text;
  v_n int := 1;
begin
  if new.slug is not null and new.slug <> '' and (tg_op = 'INSERT' or new.slug = old.slug) then
    return new;
  end if;
  v_base := trim(both '-' from regexp_replace(lower(new.name), '[^a-z0-9]+', '-', 'g'));
  if v_base = '' then v_base := 'group'; end if;
  v_slug := v_base;
  while exists (select 1 from app_public.groups where slug = v_slug and id <> new.id) loop
    v_n := v_n + 1;
    v_slug := v_base || '-' || v_n;
  end loop;
  new.slug := v_slug;
  return new;
end;
$$;
create trigger _200_slug before insert on app_public.groups
  for each row execute function app_private.tg_groups__slug();

-- A group always keeps an owner: the last one can neither step down nor leave (spec section 6),
-- except when the group itself is being deleted.
create function app_private.tg_group_memberships__keep_an_owner() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if old.is_owner
     and (tg_op = 'DELETE' or not new.is_owner)
     and exists (select 1 from app_public.groups where id = old.group_id)
     and not exists (select 1 from app_public.group_memberships
                     where group_id = old.group_id and is_owner and id <> old.id) then
    raise exception 'Make another member an owner before the last owner leaves or steps down'
      using errcode = 'OWNER';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
create trigger _500_keep_an_owner before update of is_owner or delete on app_public.group_memberships
  for each row execute function app_private.tg_group_memberships__keep_an_owner();

---------------------------------------------------------------------------------------------
-- Row-level security (policies first, then grants)

alter table app_public.groups enable row level security;
alter table app_public.group_memberships enable row level security;
alter table app_public.group_membership_invitations enable row level security;

-- Public groups are visible to everyone; private ones to members and admins.
create policy select_visible on app_public.groups for select
  using (is_public or id in (select app_hidden.my_group_ids()) or (select app_public.current_user_is_admin()));
create policy update_owner on app_public.groups for update to bk_user
  using (app_hidden.can_manage_group(id));
create policy delete_owner on app_public.groups for delete to bk_user
  using (app_hidden.can_manage_group(id));

-- Memberships of a group are visible to whoever can see the group.
create policy select_visible on app_public.group_memberships for select
  using (group_id in (select id from app_public.groups));
create policy update_owner on app_public.group_memberships for update to bk_user
  using (app_hidden.can_manage_group(group_id));
-- Owners remove members; members remove themselves (leaving).
create policy delete_owner_or_self on app_public.group_memberships for delete to bk_user
  using (user_id = (select app_public.current_user_id()) or app_hidden.can_manage_group(group_id));

-- Invitations are seen by the group's owners and admins, and by the invited user.
create policy select_manager_or_invitee on app_public.group_membership_invitations for select to bk_user
  using (app_hidden.can_manage_group(group_id) or user_id = (select app_public.current_user_id()));
create policy delete_manager on app_public.group_membership_invitations for delete to bk_user
  using (app_hidden.can_manage_group(group_id));

grant select on app_public.groups to bk_anonymous;
grant update (name, type, description, is_public, has_image) on app_public.groups to bk_user;
grant delete on app_public.groups to bk_user;

grant select on app_public.group_memberships to bk_anonymous;
grant update (is_owner) on app_public.group_memberships to bk_user;
grant delete on app_public.group_memberships to bk_user;

-- The code is secret: it only travels in the e-mail.
grant select (id, group_id, email, user_id, invited_by, created_at) on app_public.group_membership_invitations to bk_user;
grant delete on app_public.group_membership_invitations to bk_user;

---------------------------------------------------------------------------------------------
-- Functions

-- Creating is a function rather than a plain insert so the group and its creator's ownership
-- are made together (a private group would otherwise be invisible to its creator until then).
create function app_public.create_group(
  name text, type app_public.group_type, is_public boolean, description text default null,
  has_image boolean default false, slug text default null
) returns app_public.groups
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_group app_public.groups;
begin
  perform app_hidden.require_user();
  if type is null then
    raise exception 'Type is required' using errcode = 'INVLD';
  end if;
  if is_public is null then
    raise exception 'Choose whether the group is public' using errcode = 'INVLD';
  end if;
  -- Two groups of the same name created at once race for the slug; the loser tries again and
  -- then sees the winner's slug.
  for attempt in 1..5 loop
    begin
      insert into app_public.groups (name, type, description, is_public, has_image, slug)
        values (create_group.name, create_group.type, create_group.description, create_group.is_public,
                coalesce(create_group.has_image, false), coalesce(create_group.slug, ''))
        returning * into v_group;
      exit;
    exception when unique_violation then
      if attempt = 5 or create_group.slug is not null then
        raise exception 'That short name is taken' using errcode = 'NUNIQ';
      end if;
    end;
  end loop;
  insert into app_public.group_memberships (group_id, user_id, is_owner)
    values (v_group.id, app_public.current_user_id(), true);
  return v_group;
end;
$$;
comment on function app_public.create_group(text, app_public.group_type, boolean, text, boolean, text) is 'Creates a group owned by you.';

-- Join (public groups) or leave. /groups/{id}/membership calls it with join = true.
create function app_public.change_group_membership(group_id uuid, "join" boolean) returns app_public.groups
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user_id uuid := app_hidden.require_user();
  v_group app_public.groups;
begin
  select * into v_group from app_public.groups g where g.id = change_group_membership.group_id;
  if v_group.id is null
     or not (v_group.is_public or v_group.id in (select app_hidden.my_group_ids()) or app_public.current_user_is_admin()) then
    raise exception 'Group not found' using errcode = 'NTFND';
  end if;
  if "join" then
    if not v_group.is_public and not app_public.current_user_is_admin() then
      raise exception 'This group is private: ask an owner for an invitation' using errcode = 'DNIED';
    end if;
    insert into app_public.group_memberships (group_id, user_id) values (v_group.id, v_user_id)
      on conflict on constraint group_memberships_group_user_key do nothing;
  else
    delete from app_public.group_memberships m where m.group_id = v_group.id and m.user_id = v_user_id;
  end if;
  return v_group;
end;
$$;
comment on function app_public.change_group_membership(uuid, boolean) is 'Joins (join = true) or leaves a group.';

create function app_public.invite_to_group_membership(group_id uuid, email text) returns app_public.group_membership_invitations
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

create function app_public.group_membership_for_invitation(invitation_id uuid, code text) returns app_public.invitation_target
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_invitation app_public.group_membership_invitations;
begin
  select * into v_invitation from app_public.group_membership_invitations i where i.id = invitation_id;
  perform app_hidden.assert_invitation_usable(v_invitation.id is not null, v_invitation.created_at, v_invitation.code, code, v_invitation.email);
  return (select row(g.id, g.name)::app_public.invitation_target from app_public.groups g where g.id = v_invitation.group_id);
end;
$$;
comment on function app_public.group_membership_for_invitation(uuid, text) is 'Checks an invitation: the group''s id and name, or an error LOGIN, NTFND, DNIED or DNIEM.';

create function app_public.accept_invitation_to_group_membership(invitation_id uuid, code text) returns app_public.group_memberships
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_invitation app_public.group_membership_invitations;
  v_membership app_public.group_memberships;
begin
  select * into v_invitation from app_public.group_membership_invitations i where i.id = invitation_id for update;
  perform app_hidden.assert_invitation_usable(v_invitation.id is not null, v_invitation.created_at, v_invitation.code, code, v_invitation.email);
  insert into app_public.group_memberships (group_id, user_id) values (v_invitation.group_id, app_public.current_user_id())
    on conflict on constraint group_memberships_group_user_key do update set is_owner = app_public.group_memberships.is_owner
    returning * into v_membership;
  delete from app_public.group_membership_invitations where id = v_invitation.id;
  return v_membership;
end;
$$;

-- Account deletion (accounts migration): a group the user alone owns passes to its longest-standing
-- other member, or is deleted when nobody else is in it.
create or replace function app_hidden.delete_user_owned_data(p_user_id uuid) returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_group_id uuid;
  v_heir uuid;
begin
  for v_group_id in
    select m.group_id from app_public.group_memberships m
    where m.user_id = p_user_id and m.is_owner
      and not exists (select 1 from app_public.group_memberships o where o.group_id = m.group_id and o.is_owner and o.user_id <> p_user_id)
  loop
    select id into v_heir from app_public.group_memberships
      where group_id = v_group_id and user_id <> p_user_id order by created_at limit 1;
    if v_heir is null then
      delete from app_public.groups where id = v_group_id;
    else
      update app_public.group_memberships set is_owner = true where id = v_heir;
    end if;
  end loop;
end;
$$;

grant execute on function app_hidden.my_group_ids() to bk_anonymous;
grant execute on function app_hidden.my_owned_group_ids() to bk_anonymous;
grant execute on function app_hidden.can_manage_group(uuid) to bk_anonymous;
grant execute on function app_public.create_group(text, app_public.group_type, boolean, text, boolean, text) to bk_user;
grant execute on function app_public.change_group_membership(uuid, boolean) to bk_user;
grant execute on function app_public.invite_to_group_membership(uuid, text) to bk_user;
grant execute on function app_public.group_membership_for_invitation(uuid, text) to bk_anonymous;
grant execute on function app_public.accept_invitation_to_group_membership(uuid, text) to bk_user;

-- migrate:down
drop function app_public.accept_invitation_to_group_membership(uuid, text);
drop function app_public.group_membership_for_invitation(uuid, text);
drop function app_public.invite_to_group_membership(uuid, text);
drop function app_public.change_group_membership(uuid, boolean);
drop function app_public.create_group(text, app_public.group_type, boolean, text, boolean, text);
drop table app_public.group_membership_invitations;
drop table app_public.group_memberships;
drop table app_public.groups;
drop function app_private.tg_group_memberships__keep_an_owner();
drop function app_private.tg_groups__slug();
drop function app_hidden.can_manage_group(uuid);
drop function app_hidden.my_owned_group_ids();
drop function app_hidden.my_group_ids();
drop type app_public.group_type;
