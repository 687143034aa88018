-- migrate:up
-- Pictures follow the visibility of what they belong to (security review #20). Until now
-- image_is_shown ran as its owner (security definer) and only read has_image, so anyone who learnt
-- the id of a private thing (a public device's thingId), group (a public thing's groupId), device,
-- action or user got its picture. It now runs as the caller (security invoker): the request's own
-- role and claims, so the tables' row-level security decides, exactly as for the record itself in
-- GraphQL. A record the caller cannot see answers false, the same as one that does not exist.
-- The server asks it once as a guest (bk_anonymous, no claims: is the picture public?) and, when
-- not, as the requester (server/images/visibility.ts).

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
comment on function app_hidden.image_is_shown(text, uuid) is
  'Whether the picture of a user, thing, group, device or action is to be served to the caller: it has one and the caller may see the record (row-level security, security invoker).';

-- migrate:down
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
comment on function app_hidden.image_is_shown(text, uuid) is
  'Whether the picture of a user, thing, group, device or action is to be served. Extended per type by later migrations.';
