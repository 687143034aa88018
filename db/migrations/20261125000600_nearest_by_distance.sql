-- migrate:up
-- Nearest by real distance (issue 21, section 4): nearestThing and nearestDevice rank by
-- great-circle distance in metres, say how far each answer is, and look no further than a radius
-- (20 km unless asked otherwise, at most 50 km). Distance is computed in one place, here, with
-- PostgreSQL's contrib earthdistance (present in the Debian server and in the embedded one);
-- the server and the SPA show what the database computed.
--
-- Coordinates: a location is a native `point` with x = LATITUDE and y = LONGITUDE
-- (location[0] is the latitude). That is the reverse of GeoJSON's [longitude, latitude] and of
-- earthdistance's own `point <@> point` operator (which takes x = longitude): never use `<@>` on
-- our points; use app_hidden.distance_metres below.

create extension if not exists cube;
create extension if not exists earthdistance;

-- The web roles run app_hidden.distance_metres inlined, so they need the extensions' functions its
-- body reaches (new functions here are not executable by PUBLIC: see 20261121000100): pure
-- arithmetic on numbers and cubes, nothing that reads a table.
grant execute on function public.earth(), public.ll_to_earth(float8, float8), public.earth_distance(public.earth, public.earth),
  public.sec_to_gc(float8), public.cube(float8), public.cube(public.cube, float8), public.cube_distance(public.cube, public.cube),
  public.cube_is_point(public.cube), public.cube_dim(public.cube)
  to bk_anonymous;

comment on column app_public.things.location is
  'x = latitude, y = longitude (the reverse of GeoJSON''s [longitude, latitude]).';
comment on column app_public.devices.location is
  'x = latitude, y = longitude (the reverse of GeoJSON''s [longitude, latitude]).';

---------------------------------------------------------------------------------------------
-- The one distance

-- Great-circle distance in metres between two points of x = latitude, y = longitude, on
-- earthdistance's sphere (radius 6,378,168 m). Inlined by the planner (plain SQL, immutable).
create function app_hidden.distance_metres(a point, b point) returns float8
  language sql immutable strict parallel safe
  as $$ select public.earth_distance(public.ll_to_earth(a[0], a[1]), public.ll_to_earth(b[0], b[1])) $$;
comment on function app_hidden.distance_metres(point, point) is
  'Great-circle metres between two points of x = latitude, y = longitude (earthdistance).';

-- The rainfall look-ups' kilometres now come from the same place (was a hand-written haversine).
create or replace function app_hidden.distance_km(a point, b point) returns float8
  language sql immutable strict parallel safe
  as $$ select app_hidden.distance_metres(a, b) / 1000 $$;

-- The radius of "nearest": 20 km when not given; 1 m to 50 km, else INVLD.
create function app_hidden.nearest_radius_metres(p_metres float8) returns float8
  language sql immutable parallel safe
  as $$
  select case
    when p_metres is null then 20000
    when p_metres = 'NaN'::float8 or p_metres < 1 or p_metres > 50000
      then app_hidden.invalid('Distance must be between 1 and 50000 metres')::int::float8
    else p_metres
  end
$$;

-- Row places (ctid) of devices in a box, from the GiST index, as app_hidden.thing_places_in_box
-- does for things: under row-level security `location <@ box` (not leakproof) cannot use the
-- index, so the caller reads these rows by ctid, still under its own policies.
create function app_hidden.device_places_in_box(p_area box) returns setof tid
  language sql stable security definer rows 200 set search_path to pg_catalog, public, pg_temp
  as $$ select d.ctid from app_public.devices d where d.location <@ p_area $$;

---------------------------------------------------------------------------------------------
-- nearestThing / nearestDevice

create type app_public.nearby_thing as (
  id uuid,
  name text,
  type app_public.thing_type,
  latitude float8,
  longitude float8,
  distance_metres float8
);
comment on type app_public.nearby_thing is 'A thing near the place asked about, and how far it is.';
comment on column app_public.nearby_thing.id is E'@notNull';
comment on column app_public.nearby_thing.name is E'@notNull';
comment on column app_public.nearby_thing.type is E'@notNull';
comment on column app_public.nearby_thing.latitude is E'@notNull';
comment on column app_public.nearby_thing.longitude is E'@notNull';
comment on column app_public.nearby_thing.distance_metres is E'@notNull\nGreat-circle distance from the place asked about, in metres.';

create type app_public.nearby_device as (
  id uuid,
  name text,
  latitude float8,
  longitude float8,
  distance_metres float8
);
comment on type app_public.nearby_device is 'A device near the place asked about, and how far it is.';
comment on column app_public.nearby_device.id is E'@notNull';
comment on column app_public.nearby_device.name is E'@notNull';
comment on column app_public.nearby_device.latitude is E'@notNull';
comment on column app_public.nearby_device.longitude is E'@notNull';
comment on column app_public.nearby_device.distance_metres is E'@notNull\nGreat-circle distance from the place asked about, in metres.';

drop function app_public.nearest_thing(float8, float8);
drop function app_public.nearest_device(float8, float8);

-- The visible things within the radius, nearest first (at most 100). Candidates come from the
-- GiST point index through a box that holds the circle (app_hidden.box_around), read by ctid
-- under row-level security; the exact metres then filter and rank them. Ties by id.
create function app_public.nearest_thing(latitude float8, longitude float8, max_distance_metres float8 default null)
  returns setof app_public.nearby_thing
  language sql stable
  as $$
  with here as (
    select point(latitude, longitude) as p, app_hidden.nearest_radius_metres(max_distance_metres) as r
    where latitude between -90 and 90 and longitude between -180 and 180
  )
  select t.id, t.name, t.type, t.location[0], t.location[1], d.metres
  from here, app_public.things t,
       lateral (select app_hidden.distance_metres(here.p, t.location) as metres) d
  where t.ctid = any (array(select app_hidden.thing_places_in_box(app_hidden.box_around(here.p, here.r / 1000))))
    and d.metres <= here.r
  order by d.metres, t.id
  limit 100
$$;
comment on function app_public.nearest_thing(float8, float8, float8) is
  E'The visible things nearest to a point (latitude, longitude), nearest first, within maxDistanceMetres (default 20000, at most 50000), at most 100.';

create function app_public.nearest_device(latitude float8, longitude float8, max_distance_metres float8 default null)
  returns setof app_public.nearby_device
  language sql stable
  as $$
  with here as (
    select point(latitude, longitude) as p, app_hidden.nearest_radius_metres(max_distance_metres) as r
    where latitude between -90 and 90 and longitude between -180 and 180
  )
  select dv.id, dv.name, dv.location[0], dv.location[1], d.metres
  from here, app_public.devices dv,
       lateral (select app_hidden.distance_metres(here.p, dv.location) as metres) d
  where dv.ctid = any (array(select app_hidden.device_places_in_box(app_hidden.box_around(here.p, here.r / 1000))))
    and d.metres <= here.r
  order by d.metres, dv.id
  limit 100
$$;
comment on function app_public.nearest_device(float8, float8, float8) is
  E'The visible devices nearest to a point (latitude, longitude), nearest first, within maxDistanceMetres (default 20000, at most 50000), at most 100.';

grant execute on function app_hidden.distance_metres(point, point) to bk_anonymous;
grant execute on function app_hidden.nearest_radius_metres(float8) to bk_anonymous;
grant execute on function app_hidden.device_places_in_box(box) to bk_anonymous;
grant execute on function app_public.nearest_thing(float8, float8, float8) to bk_anonymous;
grant execute on function app_public.nearest_device(float8, float8, float8) to bk_anonymous;

-- migrate:down
drop function app_public.nearest_device(float8, float8, float8);
drop function app_public.nearest_thing(float8, float8, float8);
drop type app_public.nearby_device;
drop type app_public.nearby_thing;
drop function app_hidden.device_places_in_box(box);
drop function app_hidden.nearest_radius_metres(float8);

create or replace function app_hidden.distance_km(a point, b point) returns float8
  language sql immutable strict parallel safe
  as $$
  select 2 * 6371.0088 * asin(least(1, sqrt(
    power(sin(radians(b[0] - a[0]) / 2), 2)
    + cos(radians(a[0])) * cos(radians(b[0])) * power(sin(radians(b[1] - a[1]) / 2), 2))))
$$;
drop function app_hidden.distance_metres(point, point);

create function app_public.nearest_thing(latitude float8, longitude float8) returns setof app_public.things
  language sql stable
  as $$
  select t.* from app_public.things t
  where latitude is not null and longitude is not null
  order by t.location <-> point(latitude, longitude)
  limit 1
$$;
comment on function app_public.nearest_thing(float8, float8) is 'The visible thing nearest to a point.';
grant execute on function app_public.nearest_thing(float8, float8) to bk_anonymous;

create function app_public.nearest_device(latitude float8, longitude float8) returns setof app_public.devices
  language sql stable
  as $$
  select d.* from app_public.devices d
  where latitude is not null and longitude is not null
  order by d.location <-> point(latitude, longitude)
  limit 1
$$;
comment on function app_public.nearest_device(float8, float8) is 'The visible device nearest to a point.';
grant execute on function app_public.nearest_device(float8, float8) to bk_anonymous;

comment on column app_public.devices.location is null;
comment on column app_public.things.location is 'x = latitude, y = longitude.';
-- The extensions stay: other objects may use them by now.
