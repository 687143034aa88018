-- migrate:up
-- Watering amounts (issue #21, section 2): an optional amount in litres on WATERING actions,
-- litre totals per thing, person and group, litres on the leaderboard, and a "litres" badge.
--
-- Rules (shared/validation.ts validateLitres has the same messages in the same order):
-- * only a WATERING action carries litres; any other type with litres is refused;
-- * 0.5 to 1000 litres per watering: half a litre is a bottle (a bee cafe's dish), 1000 litres
--   is an IBC tank or a bowser's worth for one thing; more than that is a typo or several things;
-- * at most one decimal place (2.5 L yes, 2.25 L no): amounts are shown to one decimal, and a
--   stored 2.25 shown as "2.3 L" would confuse.
-- Stored as double precision so GraphQL carries a Float (numeric would be a BigFloat string);
-- totals are summed as numeric and returned as double precision, so 0.1 + 0.2 shows 0.3.

create function app_hidden.check_litres(p_type app_public.action_type, value double precision) returns boolean
  language sql immutable
  as $$
  select case
    when value is null then true
    when p_type is distinct from 'WATERING' then app_hidden.invalid('Only a watering can have an amount in litres')
    when value = 'NaN'::double precision or value not between 0.5 and 1000 then app_hidden.invalid('Litres must be between 0.5 and 1000')
    when value::numeric <> round(value::numeric, 1) then app_hidden.invalid('Litres may have at most one decimal place')
    else true
  end
$$;
comment on function app_hidden.check_litres(app_public.action_type, double precision) is
  'The litres rule of a care action (shared/validation.ts validateLitres): WATERING only, 0.5 to 1000, one decimal place.';
grant execute on function app_hidden.check_litres(app_public.action_type, double precision) to bk_anonymous;

alter table app_public.actions add column litres double precision
  constraint actions_litres_valid check (app_hidden.check_litres(type, litres));
comment on column app_public.actions.litres is 'Water given, in litres (WATERING actions only; 0.5 to 1000, one decimal place).';

grant insert (litres) on app_public.actions to bk_user;
grant update (litres) on app_public.actions to bk_user;

-- Who watered a thing with how much is read per person and per group; these keep those sums to
-- the waterings that carry an amount.
create index actions_created_by_litres_idx on app_public.actions (created_by) include (litres, thing_id, created_at)
  where litres is not null;
create index actions_thing_id_litres_idx on app_public.actions (thing_id) include (litres, created_by, created_at)
  where litres is not null;

---------------------------------------------------------------------------------------------
-- Totals. Security invoker, like the leaderboard: a total adds up the waterings the caller can
-- see (an action is visible when its thing is), so a private thing's litres never show to
-- someone who cannot see the thing, and the person's own profile and the group page agree with
-- the timelines the caller can open. 0 when nothing was recorded.

create function app_public.things_litres_total(t app_public.things) returns double precision
  language sql stable
  as $$
  select coalesce(sum(a.litres::numeric), 0)::double precision
  from app_public.actions a where a.thing_id = t.id and a.litres is not null
$$;
comment on function app_public.things_litres_total(app_public.things) is 'Litres of water recorded on this thing, all time.';

create function app_public.users_litres_total(u app_public.users) returns double precision
  language sql stable
  as $$
  select coalesce(sum(a.litres::numeric), 0)::double precision
  from app_public.actions a where a.created_by = u.id and a.litres is not null
$$;
comment on function app_public.users_litres_total(app_public.users) is
  'Litres of water this person recorded, all time, on the things you can see.';

create function app_public.groups_litres_total(g app_public.groups) returns double precision
  language sql stable
  as $$
  select coalesce(sum(a.litres::numeric), 0)::double precision
  from app_public.actions a join app_public.things t on t.id = a.thing_id
  where t.group_id = g.id and a.litres is not null
$$;
comment on function app_public.groups_litres_total(app_public.groups) is
  'Litres of water recorded on this group''s things, all time (the things you can see).';

grant execute on function app_public.things_litres_total(app_public.things) to bk_anonymous;
grant execute on function app_public.users_litres_total(app_public.users) to bk_anonymous;
grant execute on function app_public.groups_litres_total(app_public.groups) to bk_anonymous;

---------------------------------------------------------------------------------------------
-- The leaderboard: every entry gains its litres for the period; two more boards rank by litres
-- (only people and groups with some litres in the period). Same counting as the points: the
-- actions the caller can see, people only for signed-in viewers (users are not visible to guests).

alter type app_public.leaderboard_entry add attribute litres double precision;

create or replace function app_public.user_leaderboard(period app_public.leaderboard_period default 'WEEK') returns setof app_public.leaderboard_entry
  language sql stable
  as $$
  select (rank() over (order by count(*) desc))::int, u.id, u.name, count(*)::int, u.has_image,
    coalesce(sum(a.litres::numeric), 0)::double precision
  from app_public.actions a join app_public.users u on u.id = a.created_by
  where a.created_at >= app_hidden.leaderboard_since(period)
  group by u.id, u.name, u.has_image
  order by count(*) desc, u.name
  limit 50
$$;

create or replace function app_public.group_leaderboard(period app_public.leaderboard_period default 'WEEK') returns setof app_public.leaderboard_entry
  language sql stable
  as $$
  select (rank() over (order by count(*) desc))::int, g.id, g.name, count(*)::int, g.has_image,
    coalesce(sum(a.litres::numeric), 0)::double precision
  from app_public.actions a join app_public.things t on t.id = a.thing_id join app_public.groups g on g.id = t.group_id
  where a.created_at >= app_hidden.leaderboard_since(period)
  group by g.id, g.name, g.has_image
  order by count(*) desc, g.name
  limit 50
$$;

-- points here are the waterings with an amount, so "120 L in 6 waterings" can be said.
create function app_public.user_litres_leaderboard(period app_public.leaderboard_period default 'WEEK') returns setof app_public.leaderboard_entry
  language sql stable
  as $$
  select (rank() over (order by sum(a.litres::numeric) desc))::int, u.id, u.name, count(*)::int, u.has_image,
    sum(a.litres::numeric)::double precision
  from app_public.actions a join app_public.users u on u.id = a.created_by
  where a.litres is not null and a.created_at >= app_hidden.leaderboard_since(period)
  group by u.id, u.name, u.has_image
  order by sum(a.litres::numeric) desc, u.name
  limit 50
$$;
comment on function app_public.user_litres_leaderboard(app_public.leaderboard_period) is
  'Litres of water recorded by person, for a period (points: the waterings with an amount).';

create function app_public.group_litres_leaderboard(period app_public.leaderboard_period default 'WEEK') returns setof app_public.leaderboard_entry
  language sql stable
  as $$
  select (rank() over (order by sum(a.litres::numeric) desc))::int, g.id, g.name, count(*)::int, g.has_image,
    sum(a.litres::numeric)::double precision
  from app_public.actions a join app_public.things t on t.id = a.thing_id join app_public.groups g on g.id = t.group_id
  where a.litres is not null and a.created_at >= app_hidden.leaderboard_since(period)
  group by g.id, g.name, g.has_image
  order by sum(a.litres::numeric) desc, g.name
  limit 50
$$;
comment on function app_public.group_litres_leaderboard(app_public.leaderboard_period) is
  'Litres of water recorded on each group''s things, for a period (points: the waterings with an amount).';

grant execute on function app_public.user_litres_leaderboard(app_public.leaderboard_period) to bk_anonymous;
grant execute on function app_public.group_litres_leaderboard(app_public.leaderboard_period) to bk_anonymous;

---------------------------------------------------------------------------------------------
-- The "litres" badge: levels at 100, 1,000 and 10,000 litres watered (all of the person's
-- waterings, whoever can see them, as the other badges count). Awarded by the database when a
-- watering is recorded or its amount raised; like the other badges, never taken back.

insert into app_public.badge_types (badge_type, level, title, description, threshold)
select 'litres', l.level, 'Water Carrier ' || l.label, format('Gave %s litres of water', l.shown), l.threshold
from (values (1, 'I', 100, '100'), (2, 'II', 1000, '1,000'), (3, 'III', 10000, '10,000')) as l (level, label, threshold, shown);

create function app_private.tg_actions__award_litres_badge() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if new.litres is not null and new.created_by is not null then
    perform app_hidden.award_badges(new.created_by, 'litres',
      (select floor(coalesce(sum(litres::numeric), 0))::bigint from app_public.actions
        where created_by = new.created_by and litres is not null));
  end if;
  return new;
end;
$$;
-- WHEN keeps the trigger function from even being called for the actions without litres.
create trigger _610_award_litres_badge after insert or update of litres on app_public.actions
  for each row when (new.litres is not null) execute function app_private.tg_actions__award_litres_badge();

-- migrate:down
drop trigger _610_award_litres_badge on app_public.actions;
drop function app_private.tg_actions__award_litres_badge();
delete from app_public.badge_types where badge_type = 'litres';
drop function app_public.group_litres_leaderboard(app_public.leaderboard_period);
drop function app_public.user_litres_leaderboard(app_public.leaderboard_period);
create or replace function app_public.user_leaderboard(period app_public.leaderboard_period default 'WEEK') returns setof app_public.leaderboard_entry
  language sql stable
  as $$
  select (rank() over (order by count(*) desc))::int, u.id, u.name, count(*)::int, u.has_image, null::double precision
  from app_public.actions a join app_public.users u on u.id = a.created_by
  where a.created_at >= app_hidden.leaderboard_since(period)
  group by u.id, u.name, u.has_image
  order by count(*) desc, u.name
  limit 50
$$;
create or replace function app_public.group_leaderboard(period app_public.leaderboard_period default 'WEEK') returns setof app_public.leaderboard_entry
  language sql stable
  as $$
  select (rank() over (order by count(*) desc))::int, g.id, g.name, count(*)::int, g.has_image, null::double precision
  from app_public.actions a join app_public.things t on t.id = a.thing_id join app_public.groups g on g.id = t.group_id
  where a.created_at >= app_hidden.leaderboard_since(period)
  group by g.id, g.name, g.has_image
  order by count(*) desc, g.name
  limit 50
$$;
alter type app_public.leaderboard_entry drop attribute litres;
create or replace function app_public.user_leaderboard(period app_public.leaderboard_period default 'WEEK') returns setof app_public.leaderboard_entry
  language sql stable
  as $$
  select (rank() over (order by count(*) desc))::int, u.id, u.name, count(*)::int, u.has_image
  from app_public.actions a join app_public.users u on u.id = a.created_by
  where a.created_at >= app_hidden.leaderboard_since(period)
  group by u.id, u.name, u.has_image
  order by count(*) desc, u.name
  limit 50
$$;
create or replace function app_public.group_leaderboard(period app_public.leaderboard_period default 'WEEK') returns setof app_public.leaderboard_entry
  language sql stable
  as $$
  select (rank() over (order by count(*) desc))::int, g.id, g.name, count(*)::int, g.has_image
  from app_public.actions a join app_public.things t on t.id = a.thing_id join app_public.groups g on g.id = t.group_id
  where a.created_at >= app_hidden.leaderboard_since(period)
  group by g.id, g.name, g.has_image
  order by count(*) desc, g.name
  limit 50
$$;
drop function app_public.groups_litres_total(app_public.groups);
drop function app_public.users_litres_total(app_public.users);
drop function app_public.things_litres_total(app_public.things);
drop index app_public.actions_thing_id_litres_idx;
drop index app_public.actions_created_by_litres_idx;
alter table app_public.actions drop column litres;
drop function app_hidden.check_litres(app_public.action_type, double precision);
