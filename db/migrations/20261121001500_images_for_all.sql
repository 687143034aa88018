-- migrate:up
-- Pictures for things, groups, devices and actions (the images migration started with users).
-- Who may set one follows who may edit the target.

create or replace function app_hidden.can_set_image(p_type text, p_id uuid) returns boolean
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user_id uuid := app_public.current_user_id();
begin
  if v_user_id is null or p_id is null then
    return false;
  end if;
  case p_type
    when 'user' then
      return exists (select 1 from app_public.users u where u.id = p_id and (u.id = v_user_id or app_public.current_user_is_admin()));
    when 'thing' then
      return exists (select 1 from app_public.things where id = p_id) and app_hidden.can_manage_thing(p_id);
    when 'group' then
      return exists (select 1 from app_public.groups where id = p_id) and app_hidden.can_manage_group(p_id);
    when 'device' then
      return exists (select 1 from app_public.devices where id = p_id) and app_hidden.can_manage_device(p_id);
    when 'action' then
      -- The recorder, the thing's owners and admins (as for editing the action).
      return exists (select 1 from app_public.actions a where a.id = p_id
                     and (a.created_by = v_user_id or app_hidden.can_manage_thing(a.thing_id)));
    else
      return false;
  end case;
end;
$$;

create or replace function app_hidden.set_has_image(p_type text, p_id uuid, p_value boolean) returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if not app_hidden.can_set_image(p_type, p_id) then
    raise exception 'Not found, or you are not allowed to change it' using errcode = 'NTFND';
  end if;
  case p_type
    when 'user' then update app_public.users set has_image = p_value where id = p_id;
    when 'thing' then update app_public.things set has_image = p_value where id = p_id;
    when 'group' then update app_public.groups set has_image = p_value where id = p_id;
    when 'device' then update app_public.devices set has_image = p_value where id = p_id;
    when 'action' then update app_public.actions set has_image = p_value where id = p_id;
    else raise exception 'Unknown image type' using errcode = 'INVLD';
  end case;
end;
$$;

create or replace function app_hidden.image_is_shown(p_type text, p_id uuid) returns boolean
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
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

-- migrate:down
-- The earlier definitions come back with the images migration's own down/up.
select 1;
