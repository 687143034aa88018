-- migrate:up
-- Nearest rings grow twice as wide each time, not four times (issue 27, a million things). The
-- cost of a lookup is the candidates of its last ring, read by ctid from pages all over the
-- table (neighbours were not stored together). Where the first ring holds nearly 100 things,
-- the next one four times as wide held sixteen times as many: at 1,000,000 things, 2,408 rows
-- (1,716 pages read) around a point in Manchester to answer 100. Twice as wide bounds the last
-- ring at about four times what the one before held; a sparse place takes a ring or two more,
-- each cheap. 1,000 lookups around things (as bench:scale asks), the same points each time:
-- p95 15.9 and 14.4 ms with x4, 11.2 and 11.8 ms with x2; max 35 to 42 ms, now 17 to 18 ms.
-- Same answers: a ring still ends the search only once it holds 100 things within its radius.

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
    v_r := least(v_max, v_r * 2);
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
    v_r := least(v_max, v_r * 2);
  end loop;
  return query select * from unnest(v_rows);
end;
$$;

-- migrate:down
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

