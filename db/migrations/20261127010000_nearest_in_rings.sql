-- migrate:up
-- Nearest in growing rings (issue 27, a million things). nearestThing and nearestDevice read
-- every visible row in a box around the whole radius (20 km unless asked) and worked out the
-- exact metres of each: fine at 100,000 things over Great Britain, but a city of a million
-- things puts most of them within 20 km of anyone in it (about 600,000 candidates in Berlin).
-- Now they look 250 m around first and four times further each time (250 m, 1 km, 4 km, 16 km,
-- then the radius) until a ring holds the 100 answers or the radius is reached: 100 visible
-- things within r are the 100 nearest of all, since everything outside r is further. Within a
-- ring the candidates are first ranked by a flat-earth distance (degrees, longitude scaled by
-- the cosine of the latitude; cheap arithmetic), and only the nearest 200 of them get the exact
-- great-circle metres that filter, rank and are answered, so the cost no longer follows the
-- number of things in the radius. Same answers: the flat ranking's error within 50 km is far
-- below the spread between the 100th and the 200th candidate.
-- The one distance, now as arithmetic the planner inlines: the same great circle on
-- earthdistance's sphere (radius 6,378,168 m, the chord between the two points on it turned into
-- an arc), without ll_to_earth and earth(), SQL functions that were called for every row (about
-- 11 us a distance against 2 us; answers differ by under a nanometre). Not strict, so that the
-- planner inlines it (least() is not strict); a null point still gives null.
create or replace function app_hidden.distance_metres(a point, b point) returns float8
  language sql immutable parallel safe
  as $$
  select 2 * 6378168 * asin(least(1, sqrt(
    (cos(radians(a[0])) * cos(radians(a[1])) - cos(radians(b[0])) * cos(radians(b[1]))) ^ 2
    + (cos(radians(a[0])) * sin(radians(a[1])) - cos(radians(b[0])) * sin(radians(b[1]))) ^ 2
    + (sin(radians(a[0])) - sin(radians(b[0]))) ^ 2) / 2))
$$;
comment on function app_hidden.distance_metres(point, point) is
  'Great-circle metres between two points of x = latitude, y = longitude (earthdistance''s sphere, radius 6,378,168 m).';

create or replace function app_public.nearest_thing(latitude float8, longitude float8, max_distance_metres float8 default null, needs_water boolean default false)
  returns setof app_public.nearby_thing
  language plpgsql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  c_first_ring constant float8 := 250;
  c_most constant integer := 100;
  v_max float8 := app_hidden.nearest_radius_metres(nearest_thing.max_distance_metres);
  v_thirsty boolean := coalesce(nearest_thing.needs_water, false);
  v_here point;
  v_cos float8;
  v_r float8;
  v_rows app_public.nearby_thing[];
begin
  if nearest_thing.latitude is null or nearest_thing.longitude is null
     or not (nearest_thing.latitude between -90 and 90 and nearest_thing.longitude between -180 and 180) then
    return;
  end if;
  v_here := point(nearest_thing.latitude, nearest_thing.longitude);
  v_cos := cos(radians(nearest_thing.latitude));
  v_r := least(v_max, c_first_ring);
  loop
    v_rows := array(
      select row(c.id, c.name, c.type, c.location[0], c.location[1], d.metres, c.water_need)::app_public.nearby_thing
      from (
        select t.id, t.name, t.type, t.location, t.water_need
        from app_public.things t
        where t.ctid = any (array(
                select app_hidden.thing_places_in_box(app_hidden.box_around(v_here, v_r / 1000)) where not v_thirsty
                union all
                select app_hidden.thirsty_thing_places_in_box(app_hidden.box_around(v_here, v_r / 1000)) where v_thirsty))
        order by (t.location[0] - v_here[0]) ^ 2 + ((t.location[1] - v_here[1]) * v_cos) ^ 2
        limit c_most * 2
      ) c,
      lateral (select app_hidden.distance_metres(v_here, c.location) as metres) d
      where d.metres <= v_r
      order by d.metres, c.id
      limit c_most);
    exit when cardinality(v_rows) >= c_most or v_r >= v_max;
    v_r := least(v_max, v_r * 4);
  end loop;
  return query select * from unnest(v_rows);
end;
$$;

create or replace function app_public.nearest_device(latitude float8, longitude float8, max_distance_metres float8 default null)
  returns setof app_public.nearby_device
  language plpgsql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  c_first_ring constant float8 := 250;
  c_most constant integer := 100;
  v_max float8 := app_hidden.nearest_radius_metres(nearest_device.max_distance_metres);
  v_here point;
  v_cos float8;
  v_r float8;
  v_rows app_public.nearby_device[];
begin
  if nearest_device.latitude is null or nearest_device.longitude is null
     or not (nearest_device.latitude between -90 and 90 and nearest_device.longitude between -180 and 180) then
    return;
  end if;
  v_here := point(nearest_device.latitude, nearest_device.longitude);
  v_cos := cos(radians(nearest_device.latitude));
  v_r := least(v_max, c_first_ring);
  loop
    v_rows := array(
      select row(c.id, c.name, c.location[0], c.location[1], d.metres)::app_public.nearby_device
      from (
        select dv.id, dv.name, dv.location
        from app_public.devices dv
        where dv.ctid = any (array(select app_hidden.device_places_in_box(app_hidden.box_around(v_here, v_r / 1000))))
        order by (dv.location[0] - v_here[0]) ^ 2 + ((dv.location[1] - v_here[1]) * v_cos) ^ 2
        limit c_most * 2
      ) c,
      lateral (select app_hidden.distance_metres(v_here, c.location) as metres) d
      where d.metres <= v_r
      order by d.metres, c.id
      limit c_most);
    exit when cardinality(v_rows) >= c_most or v_r >= v_max;
    v_r := least(v_max, v_r * 4);
  end loop;
  return query select * from unnest(v_rows);
end;
$$;

-- migrate:down
create or replace function app_hidden.distance_metres(a point, b point) returns float8
  language sql immutable strict parallel safe
  as $$ select public.earth_distance(public.ll_to_earth(a[0], a[1]), public.ll_to_earth(b[0], b[1])) $$;
comment on function app_hidden.distance_metres(point, point) is
  'Great-circle metres between two points of x = latitude, y = longitude (earthdistance).';
create or replace function app_public.nearest_thing(latitude float8, longitude float8, max_distance_metres float8 default null, needs_water boolean default false)
  returns setof app_public.nearby_thing
  language sql stable

  as $$
  with here as (
    select point(latitude, longitude) as p, app_hidden.nearest_radius_metres(max_distance_metres) as r
    where latitude between -90 and 90 and longitude between -180 and 180
  )
  select t.id, t.name, t.type, t.location[0], t.location[1], d.metres, t.water_need
  from here, app_public.things t,
       lateral (select app_hidden.distance_metres(here.p, t.location) as metres) d
  where t.ctid = any (array(
          select app_hidden.thing_places_in_box(app_hidden.box_around(here.p, here.r / 1000)) where not coalesce(needs_water, false)
          union all
          select app_hidden.thirsty_thing_places_in_box(app_hidden.box_around(here.p, here.r / 1000)) where coalesce(needs_water, false)))
    and d.metres <= here.r
  order by d.metres, t.id
  limit 100
$$;
create or replace function app_public.nearest_device(latitude float8, longitude float8, max_distance_metres float8 default null)
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
