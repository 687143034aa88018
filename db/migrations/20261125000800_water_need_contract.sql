-- migrate:up
-- Water need of every thing (issue #21, section 1): the columns the map, the thing page, the dry
-- alert and the digest read. They are written only by the model (app_private functions of the
-- following migration, run by the worker hourly and at once on every watering or reading); no
-- web role may write them (no column grant).

create type app_public.water_need as enum ('fine', 'due_soon', 'needs_water', 'unknown');
comment on type app_public.water_need is
  'Whether a thing needs water: fine, due soon, needs water, or unknown (nothing at all is known).';

alter table app_public.things
  add column water_need app_public.water_need not null default 'unknown',
  -- One line a person understands, e.g. "watered 2 days ago with 40 L; 3 mm rain since; hot days ahead".
  add column water_need_reason text,
  -- The estimated fill of the soil-water store, 0 to 100 (null when unknown).
  add column water_store_percent double precision,
  add column water_need_at timestamptz;
comment on column app_public.things.water_need is E'@behavior -insert -update\nWhether this thing needs water (the water-balance model, docs/decisions.md).';
comment on column app_public.things.water_need_reason is E'@behavior -insert -update\nWhy, in one line.';
comment on column app_public.things.water_store_percent is E'@behavior -insert -update\nEstimated fill of the soil-water store, 0 to 100; null when unknown.';
comment on column app_public.things.water_need_at is E'@behavior -insert -update\nWhen the water need was last worked out.';

-- "Needs water near me" and the map's needs-water filter read only the few things that do.
create index things_needs_water_location_idx on app_public.things using gist (location)
  where water_need in ('needs_water', 'due_soon');

-- The last watering of a thing (when, by whom, how many litres): security invoker, so it is
-- the last one the caller can see, which is every one when the thing is visible.
create function app_public.things_last_watering(t app_public.things) returns app_public.actions
  language sql stable
  as $$
  select a.* from app_public.actions a
  where a.thing_id = t.id and a.type = 'WATERING'
  order by a.created_at desc, a.id desc
  limit 1
$$;
comment on function app_public.things_last_watering(app_public.things) is 'The most recent watering recorded on this thing.';
grant execute on function app_public.things_last_watering(app_public.things) to bk_anonymous;

-- migrate:down
drop function app_public.things_last_watering(app_public.things);
drop index app_public.things_needs_water_location_idx;
alter table app_public.things
  drop column water_need_at, drop column water_store_percent, drop column water_need_reason, drop column water_need;
drop type app_public.water_need;
