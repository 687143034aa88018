-- migrate:up
-- The two reads every signed-in visit makes, measured by bench/api.ts on the 10,000-thing seed
-- with 20 clients: the home dashboard (HomeDashboard) and the things list (AllThings).

-- 1. Access entries, memberships and actions are visible when their thing, device or group is
-- (0500 said so with EXISTS). PostgreSQL turns such an EXISTS into a hash of every visible thing
-- whenever it guesses that cheaper than probing, and for a user's 20 actions it built a hash of
-- the 8,000 things they can see, twice per dashboard (4 ms each). A scalar sub-select is never
-- hashed: it stays one primary-key probe per row, whatever the estimate. Same rule, same policy
-- of the thing, device or group deciding.
drop policy select_visible on app_public.actions;
create policy select_visible on app_public.actions for select
  using ((select true from app_public.things t where t.id = actions.thing_id) is not null);

-- A user's own access entries and memberships are always visible, because their thing, device
-- or group is visible to them through that very entry (the things, devices and groups policies
-- admit my_thing_ids(), my_device_ids() and my_group_ids(), which are these rows). Saying so
-- first spares the probe for the lists of one's own (the home dashboard's); the rule is the same.
drop policy select_visible on app_public.thing_accesses;
create policy select_visible on app_public.thing_accesses for select
  using (user_id = (select app_public.current_user_id())
         or (select true from app_public.things t where t.id = thing_accesses.thing_id) is not null);

drop policy select_visible on app_public.device_accesses;
create policy select_visible on app_public.device_accesses for select
  using (user_id = (select app_public.current_user_id())
         or (select true from app_public.devices d where d.id = device_accesses.device_id) is not null);

drop policy select_visible on app_public.group_memberships;
create policy select_visible on app_public.group_memberships for select
  using (user_id = (select app_public.current_user_id())
         or (select true from app_public.groups g where g.id = group_memberships.group_id) is not null);

-- 2. PostGraphile orders every connection by the chosen column and then the primary key; with the
-- key in the index the newest action of a thing (and a user's newest actions) are read straight
-- off it instead of being sorted.
create index actions_thing_id_created_at_id_idx on app_public.actions (thing_id, created_at desc, id desc);
drop index app_public.actions_thing_id_created_at_idx;
create index actions_created_by_created_at_id_idx on app_public.actions (created_by, created_at desc, id desc);
drop index app_public.actions_created_by_created_at_idx;

-- 3. The things list pages through the server (web/src/features/things/ThingList.tsx) in one of
-- three orders. Each has an index in that order, so a page is the first visible rows of an index
-- walk rather than a sort of every visible thing.
create index things_name_id_idx on app_public.things (name, id);
create index things_created_at_id_idx on app_public.things (created_at desc, id desc);
drop index app_public.things_created_at_idx;

-- "Needs water first": red, orange, green, blue, then grey (no recent reading), driest first
-- within a colour (web/src/features/things/thing-meta.ts needsWaterRank is the same order).
create function app_public.things_needs_water_rank(t app_public.things) returns integer
  language sql immutable parallel safe
  as $$
  select case t.indicator_colour when 'red' then 0 when 'orange' then 1 when 'green' then 2 when 'blue' then 3 else 4 end
$$;
comment on function app_public.things_needs_water_rank(app_public.things) is
  E'@sortable\nHow urgently the thing needs water: 0 red, 1 orange, 2 green, 3 blue, 4 grey (unknown).';
grant execute on function app_public.things_needs_water_rank(app_public.things) to bk_anonymous;
create index things_needs_water_idx on app_public.things
  ((case indicator_colour when 'red' then 0 when 'orange' then 1 when 'green' then 2 when 'blue' then 3 else 4 end),
   water, name, id);

-- Counting visible things (a narrowed list's total, the home page's count per colour): the
-- columns the things policy reads, after the colour, in one small index, let PostgreSQL count from
-- the index instead of the wide table, all things or those of one colour.
create index things_colour_visibility_idx on app_public.things (indicator_colour, is_public, group_id, id);

-- The home page's gallery: things with a picture, most recently cared for first.
create index things_gallery_idx on app_public.things (last_action desc, name, id) where has_image;

-- Guests' list (allPublicThings) takes the same orders and filters as allThings.
comment on function app_public.all_public_things() is
  E'@sortable\n@filterable\nPublic things, newest first (the list guests see).';

-- 4. Who is signed in: asked by nearly every policy and helper, about 40 times for one home
-- dashboard, each a session look-up. The answer cannot change within a transaction unless a
-- session is revoked, so the first look-up is kept for the rest of the transaction (a local
-- setting, keyed by the session it is for), and revoking any session forgets it.
create or replace function app_public.current_user_id() returns uuid
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_session text := current_setting('jwt.claims.session_id', true);
  v_known text := current_setting('steward.signed_in_user', true);
  v_user_id uuid;
begin
  if v_session is null or v_session = '' then
    return null;
  end if;
  if v_known is not null and starts_with(v_known, v_session || '/') then
    return substr(v_known, length(v_session) + 2)::uuid;
  end if;
  v_user_id := (select s.user_id from app_private.sessions s
                where s.id = v_session::uuid and s.revoked_at is null and s.expires_at > now());
  if v_user_id is not null then
    perform set_config('steward.signed_in_user', v_session || '/' || v_user_id, true);
  end if;
  return v_user_id;
end;
$$;

create function app_private.tg_sessions__forget_signed_in_user() returns trigger
  language plpgsql
  as $$
begin
  perform set_config('steward.signed_in_user', '', true);
  return null;
end;
$$;
create trigger _900_forget_signed_in_user after update or delete on app_private.sessions
  for each statement execute function app_private.tg_sessions__forget_signed_in_user();

-- migrate:down
drop trigger _900_forget_signed_in_user on app_private.sessions;
drop function app_private.tg_sessions__forget_signed_in_user();
create or replace function app_public.current_user_id() returns uuid
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  return (select s.user_id from app_private.sessions s
          where s.id = app_public.current_session_id() and s.revoked_at is null and s.expires_at > now());
end;
$$;
comment on function app_public.all_public_things() is 'Public things, newest first (the list guests see).';
drop index app_public.things_gallery_idx;
drop index app_public.things_colour_visibility_idx;
drop index app_public.things_needs_water_idx;
drop function app_public.things_needs_water_rank(app_public.things);
create index things_created_at_idx on app_public.things (created_at desc);
drop index app_public.things_created_at_id_idx;
drop index app_public.things_name_id_idx;
create index actions_created_by_created_at_idx on app_public.actions (created_by, created_at desc);
drop index app_public.actions_created_by_created_at_id_idx;
create index actions_thing_id_created_at_idx on app_public.actions (thing_id, created_at desc);
drop index app_public.actions_thing_id_created_at_id_idx;
drop policy select_visible on app_public.group_memberships;
create policy select_visible on app_public.group_memberships for select
  using (group_id in (select groups.id from app_public.groups));
drop policy select_visible on app_public.device_accesses;
create policy select_visible on app_public.device_accesses for select
  using (exists (select 1 from app_public.devices d where d.id = device_accesses.device_id));
drop policy select_visible on app_public.actions;
create policy select_visible on app_public.actions for select
  using (exists (select 1 from app_public.things t where t.id = actions.thing_id));
drop policy select_visible on app_public.thing_accesses;
create policy select_visible on app_public.thing_accesses for select
  using (exists (select 1 from app_public.things t where t.id = thing_accesses.thing_id));
