-- migrate:up
-- Pictures of users, things, groups, devices and actions. The files live on disk (server/images);
-- the database decides who may set a target's picture and keeps its has_image flag, which also
-- decides whether the picture is served.
--
-- Three functions, one branch per image type. Only 'user' exists so far: the migrations that add
-- things, groups, devices and actions extend all three (`create or replace`, keeping the other
-- branches), or their pictures can be neither set nor served:
--   can_set_image(type, id)          may the current user change that target's picture?
--   set_has_image(type, id, value)   record it (checks can_set_image itself)
--   image_is_shown(type, id)         is a picture of that target to be served? (anyone may ask)

create function app_hidden.can_set_image(p_type text, p_id uuid) returns boolean
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
      -- Yourself, or anyone when you are an admin; the user must exist.
      return exists (
        select 1 from app_public.users u
        where u.id = p_id and (u.id = v_user_id or app_public.current_user_is_admin())
      );
    else
      -- 'thing', 'group', 'device', 'action': added by the migrations that create those tables.
      return false;
  end case;
end;
$$;
comment on function app_hidden.can_set_image(text, uuid) is
  'Whether the signed-in user may set the picture of a user, thing, group, device or action. Extended per type by later migrations.';

create function app_hidden.set_has_image(p_type text, p_id uuid, p_value boolean) returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if not app_hidden.can_set_image(p_type, p_id) then
    raise exception 'Not found, or you are not allowed to change it' using errcode = 'NTFND';
  end if;
  case p_type
    when 'user' then
      update app_public.users set has_image = p_value where id = p_id;
    else
      -- Extended with the other types, like can_set_image.
      raise exception 'Unknown image type' using errcode = 'INVLD';
  end case;
end;
$$;
comment on function app_hidden.set_has_image(text, uuid, boolean) is
  'Records that a target has (or no longer has) a picture, when the signed-in user may change it.';

-- Pictures are served to whoever has their URL (docs/decisions.md, Images), as long as the
-- target says it has one: this is the only fact about the target it reveals.
create function app_hidden.image_is_shown(p_type text, p_id uuid) returns boolean
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select coalesce(case p_type
    when 'user' then (select u.has_image from app_public.users u where u.id = p_id)
    -- 'thing', 'group', 'device', 'action': added by the migrations that create those tables.
    else false
  end, false)
$$;
comment on function app_hidden.image_is_shown(text, uuid) is
  'Whether the picture of a user, thing, group, device or action is to be served. Extended per type by later migrations.';

grant execute on function app_hidden.can_set_image(text, uuid) to bk_user;
grant execute on function app_hidden.set_has_image(text, uuid, boolean) to bk_user;
grant execute on function app_hidden.image_is_shown(text, uuid) to bk_anonymous;

-- migrate:down
drop function app_hidden.image_is_shown(text, uuid);
drop function app_hidden.set_has_image(text, uuid, boolean);
drop function app_hidden.can_set_image(text, uuid);
