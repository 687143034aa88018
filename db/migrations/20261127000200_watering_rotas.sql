-- migrate:up
-- Watering rotas (issue 26): a group's members take days of the week for the group's things
-- ("I do Tuesdays"), ask to swap one date, another member accepts (optionally giving one of their
-- own dates back), a reminder comes on the day (worker/tasks/rota_reminders.ts), and a thing's
-- page shows who is on this week. Visible to the group's members and admins only: a public
-- page saying when a named person will be at a place is not ours to publish.

create table app_public.rota_slots (
  id uuid primary key default gen_random_uuid(),
  group_id uuid not null references app_public.groups on delete cascade,
  -- ISO day of the week: 1 Monday .. 7 Sunday.
  weekday int not null constraint rota_slots_weekday_valid
    check (weekday between 1 and 7 or app_hidden.invalid('Choose a day of the week')),
  user_id uuid not null references app_public.users on delete cascade,
  created_by uuid references app_public.users on delete set null,
  created_at timestamptz not null default now(),
  constraint rota_slots_once unique (group_id, weekday, user_id)
);
create index rota_slots_user_id_idx on app_public.rota_slots (user_id);
comment on table app_public.rota_slots is
  E'@behavior -query:resource:connection -query:resource:list -query:resource:single -node -insert -update -delete\nA member''s day of the week on their group''s watering rota (takeRotaSlot, leaveRotaSlot).';
comment on column app_public.rota_slots.weekday is 'ISO day of the week: 1 Monday to 7 Sunday.';

create type app_public.rota_swap_status as enum ('open', 'accepted', 'cancelled');

create table app_public.rota_swaps (
  id uuid primary key default gen_random_uuid(),
  slot_id uuid not null references app_public.rota_slots on delete cascade,
  group_id uuid not null references app_public.groups on delete cascade,
  on_date date not null,
  requested_by uuid not null references app_public.users on delete cascade,
  note text constraint rota_swaps_note_valid
    check (note is null or char_length(note) <= 200 or app_hidden.invalid('The note must be at most 200 characters')),
  status app_public.rota_swap_status not null default 'open',
  accepted_by uuid references app_public.users on delete set null,
  -- The accepter's own date the requester takes in return (a swap), or null (the accepter covers).
  return_slot_id uuid references app_public.rota_slots on delete set null,
  return_date date,
  created_at timestamptz not null default now(),
  decided_at timestamptz
);
create unique index rota_swaps_one_per_date on app_public.rota_swaps (slot_id, on_date) where status <> 'cancelled';
create index rota_swaps_group_id_idx on app_public.rota_swaps (group_id, on_date);
create index rota_swaps_return_idx on app_public.rota_swaps (return_slot_id, return_date) where status = 'accepted';
comment on table app_public.rota_swaps is
  E'@behavior -query:resource:connection -query:resource:list -query:resource:single -node -insert -update -delete\nA request to swap one date of a rota slot (askRotaSwap), accepted by another member (acceptRotaSwap) or cancelled.';

alter table app_public.rota_slots enable row level security;
alter table app_public.rota_swaps enable row level security;
create policy select_members on app_public.rota_slots for select
  using (group_id in (select app_hidden.my_group_ids()) or (select app_public.current_user_is_admin()));
create policy select_members on app_public.rota_swaps for select
  using (group_id in (select app_hidden.my_group_ids()) or (select app_public.current_user_is_admin()));
grant select on app_public.rota_slots, app_public.rota_swaps to bk_user;

create function app_hidden.is_group_member(p_group_id uuid, p_user_id uuid) returns boolean
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$ select exists (select 1 from app_public.group_memberships where group_id = p_group_id and user_id = p_user_id) $$;

create function app_hidden.weekday_name(p_weekday int) returns text language sql immutable
  as $$ select (array['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])[p_weekday] $$;

/** "Tuesday 2 December" */
create function app_hidden.rota_date_label(p_day date) returns text language sql immutable
  as $$ select trim(to_char(p_day, 'FMDay')) || ' ' || to_char(p_day, 'FMDD FMMonth') $$;

-- How far ahead swaps may be asked and given (eight weeks: a small group plans a season at most
-- two months ahead).
create function app_hidden.rota_horizon_days() returns int language sql immutable as $$ select 56 $$;
-- People on one day of one group's rota at most.
create function app_hidden.rota_people_per_day() returns int language sql immutable as $$ select 3 $$;

create type app_public.rota_duty as (
  day date,
  weekday int,
  slot_id uuid,
  user_id uuid,
  username text,
  name text,
  swapped boolean
);
comment on type app_public.rota_duty is 'Who is on a group''s watering rota on a day, after swaps.';

/** Who is on each day from p_from to p_to: each slot's person, or whoever took that date by a swap. */
create function app_hidden.rota_duties(p_group_id uuid, p_from date, p_to date) returns setof app_public.rota_duty
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select d.day::date, s.weekday, s.id, u.id, u.username, u.name, (w.id is not null or r.id is not null)
  from generate_series(p_from, p_to, interval '1 day') d(day)
  join app_public.rota_slots s on s.group_id = p_group_id and s.weekday = extract(isodow from d.day)::int
  left join app_public.rota_swaps w on w.slot_id = s.id and w.on_date = d.day::date and w.status = 'accepted' and w.accepted_by is not null
  left join app_public.rota_swaps r on r.return_slot_id = s.id and r.return_date = d.day::date and r.status = 'accepted'
  join app_public.users u on u.id = coalesce(w.accepted_by, r.requested_by, s.user_id)
  order by d.day, s.weekday, u.username
$$;

create function app_hidden.can_see_rota(p_group_id uuid) returns boolean
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$ select app_public.current_user_is_admin() or app_hidden.is_group_member(p_group_id, app_public.current_user_id()) $$;
grant execute on function app_hidden.can_see_rota(uuid) to bk_anonymous;

create function app_public.groups_rota_duties(g app_public.groups, from_date date default null, days int default 7)
  returns setof app_public.rota_duty
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  days := coalesce(days, 7);
  if days < 1 or days > app_hidden.rota_horizon_days() then
    perform app_hidden.invalid(format('Days must be between 1 and %s', app_hidden.rota_horizon_days()));
  end if;
  if not app_hidden.can_see_rota(g.id) then
    return;
  end if;
  from_date := coalesce(from_date, app_hidden.water_today());
  return query select * from app_hidden.rota_duties(g.id, from_date, from_date + days - 1);
end;
$$;
comment on function app_public.groups_rota_duties(app_public.groups, date, int) is 'Who is on the group''s watering rota each day from `fromDate` (today by default) for `days` days (1 to 56), after swaps; members and admins only.';
grant execute on function app_public.groups_rota_duties(app_public.groups, date, int) to bk_anonymous;

-- This week (Monday to Sunday, UK dates) of the rota of the thing's group: the thing's page.
create function app_public.things_rota_this_week(t app_public.things) returns setof app_public.rota_duty
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select d.* from app_hidden.rota_duties(t.group_id,
      app_hidden.water_today() - (extract(isodow from app_hidden.water_today())::int - 1),
      app_hidden.water_today() + (7 - extract(isodow from app_hidden.water_today())::int)) d
  where app_hidden.can_see_rota(t.group_id)
$$;
comment on function app_public.things_rota_this_week(app_public.things) is 'Who waters this thing this week (Monday to Sunday) on its group''s rota; members of the group and admins only.';
grant execute on function app_public.things_rota_this_week(app_public.things) to bk_anonymous;

create function app_public.take_rota_slot(group_id uuid, weekday int, user_id uuid default null) returns app_public.rota_slots
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_me uuid := app_hidden.require_user();
  v_who uuid := coalesce(take_rota_slot.user_id, v_me);
  v_slot app_public.rota_slots;
begin
  if take_rota_slot.group_id is null or not exists (select 1 from app_public.groups g where g.id = take_rota_slot.group_id) then
    raise exception 'The group it refers to does not exist' using errcode = 'NTFND';
  end if;
  if weekday is null or weekday not between 1 and 7 then
    perform app_hidden.invalid('Choose a day of the week');
  end if;
  if v_who <> v_me and not app_hidden.can_manage_group(take_rota_slot.group_id) then
    raise exception 'Only the group''s owners can put someone else on the rota' using errcode = 'DNIED';
  end if;
  if not app_hidden.is_group_member(take_rota_slot.group_id, v_me) and not app_public.current_user_is_admin() then
    raise exception 'Only members of the group can take a day on its rota' using errcode = 'DNIED';
  end if;
  if not app_hidden.is_group_member(take_rota_slot.group_id, v_who) then
    raise exception 'Only members of the group can be on its rota' using errcode = 'DNIED';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('app_public.rota_slots:' || take_rota_slot.group_id || ':' || weekday, 0));
  select * into v_slot from app_public.rota_slots s
    where s.group_id = take_rota_slot.group_id and s.weekday = take_rota_slot.weekday and s.user_id = v_who;
  if found then
    return v_slot;
  end if;
  if (select count(*) from app_public.rota_slots s where s.group_id = take_rota_slot.group_id and s.weekday = take_rota_slot.weekday)
     >= app_hidden.rota_people_per_day() then
    raise exception '% already has % people on the rota, the most a day can have', app_hidden.weekday_name(weekday), app_hidden.rota_people_per_day()
      using errcode = 'LIMIT';
  end if;
  insert into app_public.rota_slots (group_id, weekday, user_id, created_by)
    values (take_rota_slot.group_id, take_rota_slot.weekday, v_who, v_me) returning * into v_slot;
  return v_slot;
end;
$$;
comment on function app_public.take_rota_slot(uuid, int, uuid) is 'Take a day of the week (1 Monday to 7 Sunday) on a group''s watering rota; owners may put another member on it. Taking it again answers the same slot.';
grant execute on function app_public.take_rota_slot(uuid, int, uuid) to bk_user;

create function app_public.leave_rota_slot(slot_id uuid) returns app_public.rota_slots
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_me uuid := app_hidden.require_user();
  v_slot app_public.rota_slots;
begin
  select * into v_slot from app_public.rota_slots s where s.id = leave_rota_slot.slot_id;
  if not found or not app_hidden.can_see_rota(v_slot.group_id) then
    raise exception 'The rota slot it refers to does not exist' using errcode = 'NTFND';
  end if;
  if v_slot.user_id <> v_me and not app_hidden.can_manage_group(v_slot.group_id) then
    raise exception 'Only the person on the slot and the group''s owners can take it off the rota' using errcode = 'DNIED';
  end if;
  delete from app_public.rota_slots s where s.id = v_slot.id;
  return v_slot;
end;
$$;
comment on function app_public.leave_rota_slot(uuid) is 'Take a slot off the rota: your own, or any of the group''s as its owner. Its swaps go with it.';
grant execute on function app_public.leave_rota_slot(uuid) to bk_user;

/** Whether p_user_id is on the slot on p_day, after swaps (the slot's person unless swapped away). */
create function app_hidden.on_duty(p_slot_id uuid, p_day date, p_user_id uuid) returns boolean
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select exists (
    select 1 from app_public.rota_slots s
    cross join lateral app_hidden.rota_duties(s.group_id, p_day, p_day) d
    where s.id = p_slot_id and d.slot_id = s.id and d.user_id = p_user_id)
$$;

create function app_hidden.check_rota_date(p_day date, p_weekday int) returns void
  language plpgsql stable
  as $$
begin
  if p_day is null or p_day < app_hidden.water_today() or p_day > app_hidden.water_today() + app_hidden.rota_horizon_days() then
    perform app_hidden.invalid(format('Choose a date from today up to %s weeks ahead', app_hidden.rota_horizon_days() / 7));
  end if;
  if extract(isodow from p_day)::int <> p_weekday then
    perform app_hidden.invalid(format('%s is not a %s, the slot''s day', app_hidden.rota_date_label(p_day), app_hidden.weekday_name(p_weekday)));
  end if;
end;
$$;

create function app_public.ask_rota_swap(slot_id uuid, on_date date, note text default null) returns app_public.rota_swaps
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_me uuid := app_hidden.require_user();
  v_slot app_public.rota_slots;
  v_swap app_public.rota_swaps;
  v_note text := nullif(btrim(ask_rota_swap.note), '');
begin
  select * into v_slot from app_public.rota_slots s where s.id = ask_rota_swap.slot_id;
  if not found or not app_hidden.can_see_rota(v_slot.group_id) then
    raise exception 'The rota slot it refers to does not exist' using errcode = 'NTFND';
  end if;
  if v_slot.user_id <> v_me then
    raise exception 'Only the person on the slot can ask to swap it' using errcode = 'DNIED';
  end if;
  perform app_hidden.check_rota_date(on_date, v_slot.weekday);
  if exists (select 1 from app_public.rota_swaps w where w.slot_id = v_slot.id and w.on_date = ask_rota_swap.on_date and w.status <> 'cancelled') then
    perform app_hidden.invalid(format('You have already asked to swap %s', app_hidden.rota_date_label(on_date)));
  end if;
  insert into app_public.rota_swaps (slot_id, group_id, on_date, requested_by, note)
    values (v_slot.id, v_slot.group_id, ask_rota_swap.on_date, v_me, v_note) returning * into v_swap;
  return v_swap;
end;
$$;
comment on function app_public.ask_rota_swap(uuid, date, text) is 'Ask the group to take one date of your rota slot (from today up to 8 weeks ahead), with an optional note.';
grant execute on function app_public.ask_rota_swap(uuid, date, text) to bk_user;

create function app_public.accept_rota_swap(swap_id uuid, return_date date default null) returns app_public.rota_swaps
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_me uuid := app_hidden.require_user();
  v_swap app_public.rota_swaps;
  v_return_slot uuid;
begin
  select * into v_swap from app_public.rota_swaps w where w.id = accept_rota_swap.swap_id for update;
  if not found or not app_hidden.can_see_rota(v_swap.group_id) then
    raise exception 'The swap request it refers to does not exist' using errcode = 'NTFND';
  end if;
  if not app_hidden.is_group_member(v_swap.group_id, v_me) then
    raise exception 'Only members of the group can take a date on its rota' using errcode = 'DNIED';
  end if;
  if v_swap.requested_by = v_me then
    perform app_hidden.invalid('You cannot accept your own swap request');
  end if;
  if v_swap.status <> 'open' or v_swap.on_date < app_hidden.water_today() then
    perform app_hidden.invalid('This swap request is no longer open');
  end if;
  if return_date is not null then
    -- The requester takes one of the accepter's own dates in return.
    select s.id into v_return_slot from app_public.rota_slots s
      where s.group_id = v_swap.group_id and s.weekday = extract(isodow from return_date)::int and s.user_id = v_me;
    if v_return_slot is null or not app_hidden.on_duty(v_return_slot, return_date, v_me) then
      perform app_hidden.invalid(format('You are not on the rota on %s', app_hidden.rota_date_label(return_date)));
    end if;
    perform app_hidden.check_rota_date(return_date, extract(isodow from return_date)::int);
  end if;
  update app_public.rota_swaps w
    set status = 'accepted', accepted_by = v_me, return_slot_id = v_return_slot,
        return_date = accept_rota_swap.return_date, decided_at = now()
    where w.id = v_swap.id returning * into v_swap;
  perform app_hidden.notify_user(v_swap.requested_by, 'water_rota_swap', 'positive',
    'Your rota swap was accepted',
    format('%s takes %s for you%s.', (select coalesce(name, username) from app_public.users where id = v_me),
           app_hidden.rota_date_label(v_swap.on_date),
           case when v_swap.return_date is not null then format('; you take %s in return', app_hidden.rota_date_label(v_swap.return_date)) else '' end),
    '/groups/' || v_swap.group_id || '/rota', null, true);
  return v_swap;
end;
$$;
comment on function app_public.accept_rota_swap(uuid, date) is 'Take the date of another member''s open swap request; with `returnDate`, one of your own rota dates goes to them in return.';
grant execute on function app_public.accept_rota_swap(uuid, date) to bk_user;

create function app_public.cancel_rota_swap(swap_id uuid) returns app_public.rota_swaps
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_me uuid := app_hidden.require_user();
  v_swap app_public.rota_swaps;
begin
  select * into v_swap from app_public.rota_swaps w where w.id = cancel_rota_swap.swap_id for update;
  if not found or not app_hidden.can_see_rota(v_swap.group_id) then
    raise exception 'The swap request it refers to does not exist' using errcode = 'NTFND';
  end if;
  if v_swap.requested_by <> v_me and not app_hidden.can_manage_group(v_swap.group_id) then
    raise exception 'Only the person who asked and the group''s owners can cancel a swap request' using errcode = 'DNIED';
  end if;
  if v_swap.status <> 'open' then
    perform app_hidden.invalid('This swap request is no longer open');
  end if;
  update app_public.rota_swaps w set status = 'cancelled', decided_at = now() where w.id = v_swap.id returning * into v_swap;
  return v_swap;
end;
$$;
comment on function app_public.cancel_rota_swap(uuid) is 'Withdraw an open swap request (the person who asked, or the group''s owners).';
grant execute on function app_public.cancel_rota_swap(uuid) to bk_user;

-- Leaving the group takes a person off its rota (and their open requests with their slots).
create function app_hidden.tg_group_memberships__leave_rota() returns trigger
  language plpgsql security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  delete from app_public.rota_slots where group_id = old.group_id and user_id = old.user_id;
  update app_public.rota_swaps set status = 'cancelled', decided_at = now()
    where group_id = old.group_id and status = 'open' and requested_by = old.user_id;
  return null;
end;
$$;
create trigger _600_leave_rota after delete on app_public.group_memberships
  for each row execute function app_hidden.tg_group_memberships__leave_rota();

-- The reminder on the day (worker/tasks/rota_reminders.ts, every morning): each person on a
-- group's rota today is told once, through notify_user (kind water: their preferences, quiet hours
-- and the daily cap apply), with the group's things that need water first.
create table app_private.rota_reminders_sent (
  group_id uuid not null,
  day date not null,
  user_id uuid not null,
  primary key (group_id, day, user_id)
);
alter table app_private.rota_reminders_sent enable row level security;

create function app_private.notify_rota_duties(p_day date default null) returns int
  language plpgsql security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_day date := coalesce(p_day, app_hidden.water_today());
  v_row record;
  v_things text;
  v_count int := 0;
begin
  for v_row in
    select distinct g.id as group_id, g.name as group_name, d.user_id
    from app_public.groups g
    cross join lateral app_hidden.rota_duties(g.id, v_day, v_day) d
    join app_public.users u on u.id = d.user_id and u.suspended_at is null
    where exists (select 1 from app_public.rota_slots s where s.group_id = g.id)
      and not exists (select 1 from app_private.rota_reminders_sent r where r.group_id = g.id and r.day = v_day and r.user_id = d.user_id)
  loop
    insert into app_private.rota_reminders_sent (group_id, day, user_id) values (v_row.group_id, v_day, v_row.user_id);
    select string_agg(t.name || case t.water_need when 'needs_water' then ' (needs water)' when 'due_soon' then ' (due soon)' else '' end,
                      ', ' order by t.water_need = 'needs_water' desc, t.water_need = 'due_soon' desc, t.name)
      into v_things
      from (select * from app_public.things t where t.group_id = v_row.group_id and t.hidden_at is null
            order by t.water_need = 'needs_water' desc, t.water_need = 'due_soon' desc, t.name limit 10) t;
    perform app_hidden.notify_user(v_row.user_id, 'water_rota', 'info',
      format('Your watering day for %s', v_row.group_name),
      format('You are on the %s watering rota today, %s.%s', v_row.group_name, app_hidden.rota_date_label(v_day),
             case when v_things is not null then ' Its things: ' || v_things || '.' else '' end),
      '/groups/' || v_row.group_id || '/rota', null, true);
    v_count := v_count + 1;
  end loop;
  delete from app_private.rota_reminders_sent where day < v_day - 7;
  return v_count;
end;
$$;
comment on function app_private.notify_rota_duties(date) is 'Tells each person on a rota today (UK date) that it is their watering day, once per group and day; the number told.';

-- migrate:down
drop function app_private.notify_rota_duties(date);
drop table app_private.rota_reminders_sent;
drop trigger _600_leave_rota on app_public.group_memberships;
drop function app_hidden.tg_group_memberships__leave_rota();
drop function app_public.cancel_rota_swap(uuid);
drop function app_public.accept_rota_swap(uuid, date);
drop function app_public.ask_rota_swap(uuid, date, text);
drop function app_hidden.check_rota_date(date, int);
drop function app_hidden.on_duty(uuid, date, uuid);
drop function app_public.leave_rota_slot(uuid);
drop function app_public.take_rota_slot(uuid, int, uuid);
drop function app_public.things_rota_this_week(app_public.things);
drop function app_public.groups_rota_duties(app_public.groups, date, int);
drop function app_hidden.can_see_rota(uuid);
drop function app_hidden.rota_duties(uuid, date, date);
drop type app_public.rota_duty;
drop function app_hidden.rota_people_per_day();
drop function app_hidden.rota_horizon_days();
drop function app_hidden.rota_date_label(date);
drop function app_hidden.weekday_name(int);
drop function app_hidden.is_group_member(uuid, uuid);
drop table app_public.rota_swaps;
drop table app_public.rota_slots;
drop type app_public.rota_swap_status;
