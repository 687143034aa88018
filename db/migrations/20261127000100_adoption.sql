-- migrate:up
-- Adoption (issue 26): a person adopts a thing ("I look after this one") and can stop. Shown on
-- the thing and the map, counted on profiles, and the adopter is the first told when the thing
-- needs water (check_dry_alerts below; docs/decisions.md, "Adoption and rotas").

create table app_public.thing_adoptions (
  id uuid primary key default gen_random_uuid(),
  thing_id uuid not null references app_public.things on delete cascade,
  user_id uuid not null references app_public.users on delete cascade,
  created_at timestamptz not null default now(),
  constraint thing_adoptions_once unique (thing_id, user_id)
);
create index thing_adoptions_user_id_idx on app_public.thing_adoptions (user_id);
comment on table app_public.thing_adoptions is
  E'@behavior -query:resource:connection -query:resource:list -query:resource:single -node -insert -update -delete\nA person who looks after a thing (adoptThing, stopAdoptingThing); the first told when it needs water.';

alter table app_public.thing_adoptions enable row level security;
-- Whoever sees the thing sees who looks after it (the adopters' names only to those signed in, as
-- users are readable only by them).
create policy select_visible on app_public.thing_adoptions for select using (app_hidden.can_see_thing(thing_id));
grant select on app_public.thing_adoptions to bk_anonymous;

-- At most this many adopters per thing, and things per person (docs/decisions.md).
create function app_hidden.adopters_per_thing() returns int language sql immutable as $$ select 5 $$;
create function app_hidden.adoptions_per_person() returns int language sql immutable as $$ select 50 $$;

/** Whether p_user_id may see the thing (can_see_thing for someone other than the caller). */
create function app_hidden.user_sees_thing(p_user_id uuid, p_thing_id uuid) returns boolean
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select exists (
    select 1 from app_public.things t join app_public.users u on u.id = p_user_id
    where t.id = p_thing_id and u.suspended_at is null
      and ((t.hidden_at is null
            and (t.is_public
                 or exists (select 1 from app_public.thing_accesses a where a.thing_id = t.id and a.user_id = u.id)
                 or exists (select 1 from app_public.group_memberships m where m.group_id = t.group_id and m.user_id = u.id)))
           or u.is_admin))
$$;

create function app_public.adopt_thing(thing_id uuid) returns app_public.thing_adoptions
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user_id uuid := app_hidden.require_user();
  v_adoption app_public.thing_adoptions;
begin
  -- Only what the person may see: a public thing, or a private one they have access to through
  -- the thing or its group. A hidden thing is gone for everyone but admins, and admins do not
  -- adopt what moderation hid.
  if adopt_thing.thing_id is null or not app_hidden.can_see_thing(adopt_thing.thing_id)
     or exists (select 1 from app_public.things t where t.id = adopt_thing.thing_id and t.hidden_at is not null) then
    raise exception 'The thing it refers to does not exist' using errcode = 'NTFND';
  end if;
  -- One at a time per thing, so two people cannot both take the last place.
  perform pg_advisory_xact_lock(hashtextextended('app_public.thing_adoptions:' || adopt_thing.thing_id, 0));
  select * into v_adoption from app_public.thing_adoptions a
    where a.thing_id = adopt_thing.thing_id and a.user_id = v_user_id;
  if found then
    return v_adoption; -- adopting again changes nothing (a double tap, a second tab)
  end if;
  if (select count(*) from app_public.thing_adoptions a where a.thing_id = adopt_thing.thing_id) >= app_hidden.adopters_per_thing() then
    raise exception 'This thing already has % people looking after it, the most it can have', app_hidden.adopters_per_thing()
      using errcode = 'LIMIT';
  end if;
  if (select count(*) from app_public.thing_adoptions a where a.user_id = v_user_id) >= app_hidden.adoptions_per_person() then
    raise exception 'You can look after up to % things; stop looking after one first', app_hidden.adoptions_per_person()
      using errcode = 'LIMIT';
  end if;
  insert into app_public.thing_adoptions (thing_id, user_id) values (adopt_thing.thing_id, v_user_id)
    returning * into v_adoption;
  return v_adoption;
end;
$$;
comment on function app_public.adopt_thing(uuid) is 'Look after a thing you can see (at most 5 people per thing, 50 things per person). Adopting again answers the same adoption.';
grant execute on function app_public.adopt_thing(uuid) to bk_user;

create function app_public.stop_adopting_thing(thing_id uuid) returns app_public.thing_adoptions
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user_id uuid := app_hidden.require_user();
  v_adoption app_public.thing_adoptions;
begin
  delete from app_public.thing_adoptions a
    where a.thing_id = stop_adopting_thing.thing_id and a.user_id = v_user_id
    returning * into v_adoption;
  if not found then
    raise exception 'You do not look after this thing' using errcode = 'NTFND';
  end if;
  return v_adoption;
end;
$$;
comment on function app_public.stop_adopting_thing(uuid) is 'Stop looking after a thing (your own adoption only).';
grant execute on function app_public.stop_adopting_thing(uuid) to bk_user;

create function app_public.things_adopted_by_me(t app_public.things) returns boolean
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$ select exists (select 1 from app_public.thing_adoptions a where a.thing_id = t.id and a.user_id = app_public.current_user_id()) $$;
comment on function app_public.things_adopted_by_me(app_public.things) is 'Whether you look after this thing.';
grant execute on function app_public.things_adopted_by_me(app_public.things) to bk_anonymous;

create function app_public.things_adopter_count(t app_public.things) returns int
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$ select count(*)::int from app_public.thing_adoptions a where a.thing_id = t.id $$;
comment on function app_public.things_adopter_count(app_public.things) is 'How many people look after this thing.';
grant execute on function app_public.things_adopter_count(app_public.things) to bk_anonymous;

-- Counted under the viewer's row-level security, so a private thing they cannot see is not counted.
create function app_public.users_adopted_thing_count(u app_public.users) returns int
  language sql stable
  as $$ select count(*)::int from app_public.thing_adoptions a where a.user_id = u.id $$;
comment on function app_public.users_adopted_thing_count(app_public.users) is 'How many things (of those you can see) this person looks after.';
grant execute on function app_public.users_adopted_thing_count(app_public.users) to bk_anonymous;

-- migrate:down
drop function app_public.users_adopted_thing_count(app_public.users);
drop function app_public.things_adopter_count(app_public.things);
drop function app_public.things_adopted_by_me(app_public.things);
drop function app_public.stop_adopting_thing(uuid);
drop function app_public.adopt_thing(uuid);
drop function app_hidden.user_sees_thing(uuid, uuid);
drop function app_hidden.adoptions_per_person();
drop function app_hidden.adopters_per_thing();
drop table app_public.thing_adoptions;
