-- migrate:up
-- Care actions recorded on things, the activity they make, and the badges they earn
-- (spec sections 3, 6, 9; decisions.md: levels 1, 2 and 3 at 1, 10 and 50 events).

create type app_public.action_type as enum (
  'CREATED', 'SHARE', 'MEASUREMENT', 'WATERING', 'LITTER_CLEANUP', 'UPKEEP', 'EDUCATION'
);

create table app_public.actions (
  id uuid primary key default gen_random_uuid(),
  -- Actions are always on a thing; recording one for a group is not possible (spec section 6).
  thing_id uuid not null references app_public.things on delete cascade,
  type app_public.action_type not null,
  comments text not null constraint actions_comments_valid check (
    case
      when btrim(comments) = '' then app_hidden.invalid('Comments are required')
      when char_length(comments) > 2000 then app_hidden.invalid('Comments must be at most 2000 characters')
      else true
    end),
  location point constraint actions_location_valid check (location is null or app_hidden.check_location(location)),
  has_image boolean not null default false,
  created_by uuid references app_public.users on delete set null default app_public.current_user_id(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table app_public.actions is 'A care action recorded on a thing: watering, litter clean-up, upkeep...';
comment on column app_public.actions.created_by is E'@behavior -insert -update';
create index actions_thing_id_created_at_idx on app_public.actions (thing_id, created_at desc);
create index actions_created_by_created_at_idx on app_public.actions (created_by, created_at desc);
create index actions_created_at_idx on app_public.actions (created_at desc);

create trigger _100_timestamps before insert or update on app_public.actions
  for each row execute function app_private.tg__timestamps();

-- The recorder is whoever is signed in, never a value from the client.
create function app_private.tg_actions__set_created_by() returns trigger
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if current_setting('role', true) in ('bk_user', 'bk_admin', 'bk_anonymous') then
    new.created_by := app_public.current_user_id();
  end if;
  return new;
end;
$$;
create trigger _200_set_created_by before insert on app_public.actions
  for each row execute function app_private.tg_actions__set_created_by();

-- Say plainly who may record actions (the policy below is the guard; this is the explanation).
-- Invoker's rights on purpose: current_user is the web role for an insert through the API, and
-- the owner for the CREATED action that create_thing (security definer) records.
create function app_private.tg_actions__explain_refusal() returns trigger
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if current_user in ('bk_user', 'bk_admin', 'bk_anonymous') then
    if new.type = 'CREATED' then
      raise exception 'The CREATED action is recorded when a thing is added' using errcode = 'DNIED';
    end if;
    if not app_hidden.can_act_on_thing(new.thing_id) then
      raise exception 'Only the thing''s owners and collaborators can record actions: collaborate on it first' using errcode = 'DNIED';
    end if;
  end if;
  return new;
end;
$$;
create trigger _250_explain_refusal before insert on app_public.actions
  for each row execute function app_private.tg_actions__explain_refusal();

create function app_private.tg_actions__touch_thing() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  update app_public.things set last_action = new.created_at where id = new.thing_id and (last_action is null or last_action < new.created_at);
  return new;
end;
$$;
create trigger _500_touch_thing after insert on app_public.actions
  for each row execute function app_private.tg_actions__touch_thing();

---------------------------------------------------------------------------------------------
-- Badges

create table app_public.badge_types (
  id uuid primary key default gen_random_uuid(),
  badge_type text not null,
  level int not null check (level between 1 and 3),
  title text not null,
  description text not null,
  -- Events needed for this level.
  threshold int not null,
  is_active boolean not null default true,
  constraint badge_types_type_level_key unique (badge_type, level)
);
comment on table app_public.badge_types is 'A badge that can be earned, at one of three levels.';
comment on constraint badge_types_type_level_key on app_public.badge_types is E'@behavior -single -update -delete';

create table app_public.badges (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references app_public.users on delete cascade,
  badge_type_id uuid not null references app_public.badge_types on delete cascade,
  awarded_at timestamptz not null default now(),
  constraint badges_user_badge_type_key unique (user_id, badge_type_id)
);
comment on constraint badges_user_badge_type_key on app_public.badges is E'@behavior -single -update -delete';
create index badges_badge_type_id_idx on app_public.badges (badge_type_id);
comment on table app_public.badges is 'A badge awarded to a user.';

insert into app_public.badge_types (badge_type, level, title, description, threshold)
select b.badge_type, l.level, b.title || ' ' || l.label, format(b.description, l.threshold), l.threshold
from (values
  ('signin', 'Regular', 'Signed in %s time(s)'),
  ('created', 'Founder', 'Added %s thing(s) to look after'),
  ('littercleanup', 'Litter Picker', 'Cleaned up litter %s time(s)'),
  ('share', 'Sharer', 'Shared a thing %s time(s)'),
  ('watering', 'Waterer', 'Watered %s time(s)'),
  ('education', 'Teacher', 'Ran %s education session(s)'),
  ('upkeep', 'Keeper', 'Did upkeep %s time(s)'),
  ('measurement', 'Measurer', 'Took %s measurement(s)')
) as b (badge_type, title, description)
cross join (values (1, 'I', 1), (2, 'II', 10), (3, 'III', 50)) as l (level, label, threshold);

-- Awards every level of a badge the user's count has reached and does not hold yet.
create function app_hidden.award_badges(p_user_id uuid, p_badge_type text, p_count bigint) returns void
  language sql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
  insert into app_public.badges (user_id, badge_type_id)
  select p_user_id, bt.id from app_public.badge_types bt
  where p_user_id is not null and bt.badge_type = p_badge_type and bt.is_active and bt.threshold <= p_count
  on conflict on constraint badges_user_badge_type_key do nothing
$$;

create function app_hidden.badge_type_for_action(p_type app_public.action_type) returns text
  language sql immutable
  as $$ select replace(lower(p_type::text), '_', '') $$;

create function app_private.tg_actions__award_badges() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  perform app_hidden.award_badges(new.created_by, app_hidden.badge_type_for_action(new.type),
    (select count(*) from app_public.actions where created_by = new.created_by and type = new.type));
  return new;
end;
$$;
create trigger _600_award_badges after insert on app_public.actions
  for each row execute function app_private.tg_actions__award_badges();

-- Sign-ins earn the signin badge: open_session is where every sign-in passes.
create function app_private.tg_sessions__award_signin_badge() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  perform app_hidden.award_badges(new.user_id, 'signin',
    (select count(*) from app_private.sessions where user_id = new.user_id));
  return new;
end;
$$;
create trigger _600_award_signin_badge after insert on app_private.sessions
  for each row execute function app_private.tg_sessions__award_signin_badge();

-- Creating a thing records its CREATED action (which also counts for the created badge).
create or replace function app_hidden.after_thing_created(p_thing_id uuid) returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  insert into app_public.actions (thing_id, type, comments, created_by)
    select t.id, 'CREATED', 'Added ' || t.name, app_public.current_user_id() from app_public.things t where t.id = p_thing_id;
end;
$$;

---------------------------------------------------------------------------------------------
-- Row-level security

alter table app_public.actions enable row level security;
alter table app_public.badge_types enable row level security;
alter table app_public.badges enable row level security;

create policy select_visible on app_public.actions for select
  using (app_hidden.can_see_thing(thing_id));
create policy insert_allowed on app_public.actions for insert to bk_user
  with check (app_hidden.can_act_on_thing(thing_id) and type <> 'CREATED');
-- The recorder, the thing's owners and admins correct or remove an action.
create policy update_allowed on app_public.actions for update to bk_user
  using (created_by = (select app_public.current_user_id()) or app_hidden.can_manage_thing(thing_id));
create policy delete_allowed on app_public.actions for delete to bk_user
  using (created_by = (select app_public.current_user_id()) or app_hidden.can_manage_thing(thing_id));

create policy select_all on app_public.badge_types for select using (true);
create policy select_all on app_public.badges for select using (true);

grant select on app_public.actions to bk_anonymous;
grant insert (thing_id, type, comments, location, has_image) on app_public.actions to bk_user;
grant update (type, comments, location, has_image) on app_public.actions to bk_user;
grant delete on app_public.actions to bk_user;
grant select on app_public.badge_types to bk_anonymous;
grant select on app_public.badges to bk_anonymous;

---------------------------------------------------------------------------------------------
-- Lists the screens use

create function app_public.all_public_things() returns setof app_public.things
  language sql stable
  as $$ select * from app_public.things where is_public order by created_at desc $$;
comment on function app_public.all_public_things() is 'Public things, newest first (the list guests see).';

-- A group's activity: actions on its things, newest first.
create function app_public.groups_activity(g app_public.groups) returns setof app_public.actions
  language sql stable
  as $$
  select a.* from app_public.actions a join app_public.things t on t.id = a.thing_id
  where t.group_id = g.id order by a.created_at desc
$$;
comment on function app_public.groups_activity(app_public.groups) is 'Actions on the group''s things, newest first.';

grant execute on function app_hidden.award_badges(uuid, text, bigint) to bk_anonymous;
grant execute on function app_hidden.badge_type_for_action(app_public.action_type) to bk_anonymous;
grant execute on function app_public.all_public_things() to bk_anonymous;
grant execute on function app_public.groups_activity(app_public.groups) to bk_anonymous;

-- migrate:down
drop function app_public.groups_activity(app_public.groups);
drop function app_public.all_public_things();
create or replace function app_hidden.after_thing_created(p_thing_id uuid) returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$ begin perform p_thing_id; end; $$;
drop trigger _600_award_signin_badge on app_private.sessions;
drop function app_private.tg_sessions__award_signin_badge();
drop table app_public.badges;
drop table app_public.badge_types;
drop table app_public.actions;
drop function app_private.tg_actions__award_badges();
drop function app_hidden.badge_type_for_action(app_public.action_type);
drop function app_hidden.award_badges(uuid, text, bigint);
drop function app_private.tg_actions__touch_thing();
drop function app_private.tg_actions__set_created_by();
drop function app_private.tg_actions__explain_refusal();
drop type app_public.action_type;
