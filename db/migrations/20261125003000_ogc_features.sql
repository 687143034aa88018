-- migrate:up
-- Open data that tools load (issue 26): the public things as OGC API - Features (Part 1, Core and
-- GeoJSON), so QGIS, GDAL/ogr2ogr and other GIS tools read them directly. The HTTP side
-- (server/routes/ogc.ts) parses the query string and adds the links; the rules live here: which
-- things are published (public ones only, whoever asks), what a feature holds, how a bbox and the
-- paging are read, and which values are refused (INVLD, answered 400).
--
-- Coordinates: a location is a point with x = LATITUDE, y = LONGITUDE; GeoJSON and OGC's CRS84 are
-- [longitude, latitude], so every geometry below is built as [location[1], location[0]].
--
-- Every function is security invoker: the rows are read as the caller (the server calls them as
-- bk_anonymous) under row-level security, and `is_public` is asked for as well, so even a caller
-- who may see private things (an admin, an owner) publishes only public ones.

-- The boxes of a bbox (minimum longitude, minimum latitude, maximum longitude, maximum latitude;
-- OGC's order), as the points of app_public.things.location (x = latitude): one box, or two when
-- the bbox crosses the antimeridian (minimum longitude greater than the maximum, as OGC API
-- Features allows). All four null: no bbox (null). Anything else out of range: INVLD.
create function app_hidden.ogc_bbox_areas(p_west float8, p_south float8, p_east float8, p_north float8) returns box[]
  language plpgsql immutable
  set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if p_west is null and p_south is null and p_east is null and p_north is null then
    return null;
  end if;
  -- (NaN is greater than every number in PostgreSQL, so `between` refuses it, and infinities.)
  if p_west is null or p_south is null or p_east is null or p_north is null
     or not p_west between -180 and 180 or not p_east between -180 and 180
     or not p_south between -90 and 90 or not p_north between -90 and 90 then
    raise exception 'bbox must be four numbers: minimum longitude (-180 to 180), minimum latitude (-90 to 90), maximum longitude, maximum latitude'
      using errcode = 'INVLD';
  end if;
  if p_south > p_north then
    raise exception 'bbox: the minimum latitude is greater than the maximum' using errcode = 'INVLD';
  end if;
  if p_west <= p_east then
    return array[box(point(p_south, p_west), point(p_north, p_east))];
  end if;
  return array[box(point(p_south, p_west), point(p_north, 180)), box(point(p_south, -180), point(p_north, p_east))];
end;
$$;
comment on function app_hidden.ogc_bbox_areas(float8, float8, float8, float8) is
  'The location boxes (x = latitude) of an OGC bbox (west, south, east, north); two across the antimeridian; INVLD when out of range.';

-- One thing as a GeoJSON feature of the things collection, from the columns it publishes (the
-- queries below read only those, not whole rows). p_page_prefix is the address of the
-- things' pages up to the id (e.g. https://example.org/things/), given by the server.
create function app_hidden.ogc_thing_feature(
  p_id uuid, p_name text, p_type app_public.thing_type, p_location point, p_water_need app_public.water_need,
  p_created_at timestamptz, p_page_prefix text
) returns jsonb
  language sql immutable
  as $$
  select jsonb_build_object(
    'type', 'Feature',
    'id', p_id,
    'geometry', jsonb_build_object('type', 'Point', 'coordinates', jsonb_build_array(p_location[1], p_location[0])),
    'properties', jsonb_build_object(
      'id', p_id,
      'name', p_name,
      'type', p_type,
      'waterNeed', p_water_need,
      'createdAt', to_char(p_created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
      'url', p_page_prefix || p_id),
    'links', jsonb_build_array(jsonb_build_object(
      'href', p_page_prefix || p_id, 'rel', 'alternate', 'type', 'text/html', 'title', p_name)))
$$;
comment on function app_hidden.ogc_thing_feature(uuid, text, app_public.thing_type, point, app_public.water_need, timestamptz, text) is
  'A thing as a GeoJSON feature of the OGC things collection (coordinates longitude first).';

-- A page of public things as a GeoJSON FeatureCollection with OGC's numberMatched, numberReturned
-- and timeStamp (the server adds the links). Filters: bbox (all four or none; see
-- ogc_bbox_areas) and createdAt between p_from and p_to (either may be null: open). Paging:
-- p_limit 1 to 1000 features from p_offset (0 or more), ordered by id, so pages never overlap.
--
-- A bbox holding few things reads their places from the GiST index (app_hidden.thing_places_in_box,
-- as thingsInView does: under row-level security `location <@ box` cannot use the index itself)
-- and then the rows by ctid, under row-level security. A bbox holding many (more than 2,000) is
-- read with `location <@ box` over the table instead: with 100,000 things in the box, a page by
-- places and ctids took 820 ms, by the plain filter 100 ms; a box of 46 things takes 2 ms
-- (docs/decisions.md). Each query is planned for its own values (EXECUTE), so the planner sees
-- the ctids and the boxes.
create function app_hidden.ogc_things(
  p_west float8, p_south float8, p_east float8, p_north float8,
  p_from timestamptz, p_to timestamptz,
  p_limit integer, p_offset integer, p_page_prefix text
) returns jsonb
  language plpgsql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  c_few constant integer := 2000;
  v_areas box[] := app_hidden.ogc_bbox_areas(p_west, p_south, p_east, p_north);
  v_places tid[];
  v_where text := 'true';
  v_filter text;
  v_matched bigint;
  v_features jsonb;
begin
  if p_limit is null or p_limit not between 1 and 1000 then
    raise exception 'limit must be a whole number from 1 to 1000' using errcode = 'INVLD';
  end if;
  if p_offset is null or p_offset < 0 then
    raise exception 'offset must be a whole number, 0 or more' using errcode = 'INVLD';
  end if;
  if p_from is not null and p_to is not null and p_from > p_to then
    raise exception 'datetime: the start is after the end' using errcode = 'INVLD';
  end if;

  if v_areas is not null then
    v_places := array(select app_hidden.thing_places_in_box(a) from unnest(v_areas) as a limit c_few + 1);
    v_where := case when cardinality(v_places) <= c_few then 't.ctid = any ($1)' else 't.location <@ any ($2)' end;
  end if;
  v_filter := format(
    'from app_public.things t where %s and t.is_public'
    ' and ($3::timestamptz is null or t.created_at >= $3) and ($4::timestamptz is null or t.created_at <= $4)',
    v_where);

  execute 'select count(*) ' || v_filter
    into v_matched using v_places, v_areas, p_from, p_to;
  execute 'select coalesce(jsonb_agg(app_hidden.ogc_thing_feature(p.id, p.name, p.type, p.location, p.water_need, p.created_at, $7)'
       || ' order by p.id), ''[]''::jsonb)'
       || ' from (select t.id, t.name, t.type, t.location, t.water_need, t.created_at ' || v_filter
       || ' order by t.id limit $5 offset $6) p'
    into v_features using v_places, v_areas, p_from, p_to, p_limit, p_offset, p_page_prefix;

  return jsonb_build_object(
    'type', 'FeatureCollection',
    'timeStamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    'numberMatched', v_matched,
    'numberReturned', jsonb_array_length(v_features),
    'features', v_features);
end;
$$;
comment on function app_hidden.ogc_things(float8, float8, float8, float8, timestamptz, timestamptz, integer, integer, text) is
  'A page of public things as an OGC API Features GeoJSON FeatureCollection (bbox, createdAt interval, limit 1 to 1000, offset).';

-- One public thing as a feature; null when there is none with that id or it is not public.
create function app_hidden.ogc_thing(p_id uuid, p_page_prefix text) returns jsonb
  language sql stable
  as $$
  select app_hidden.ogc_thing_feature(t.id, t.name, t.type, t.location, t.water_need, t.created_at, p_page_prefix)
  from app_public.things t
  where t.id = p_id and t.is_public
$$;
comment on function app_hidden.ogc_thing(uuid, text) is 'A public thing as an OGC API Features GeoJSON feature, or null.';

-- The extent of the public things: spatial [west, south, east, north] in CRS84 and temporal
-- [first, last] createdAt, as OGC's collection `extent`; null when nothing is published.
create function app_hidden.ogc_things_extent() returns jsonb
  language sql stable
  as $$
  select case when count(*) > 0 then jsonb_build_object(
    'spatial', jsonb_build_object(
      'bbox', jsonb_build_array(jsonb_build_array(min(t.location[1]), min(t.location[0]), max(t.location[1]), max(t.location[0]))),
      'crs', 'http://www.opengis.net/def/crs/OGC/1.3/CRS84'),
    'temporal', jsonb_build_object(
      'interval', jsonb_build_array(jsonb_build_array(
        to_char(min(t.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
        to_char(max(t.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))),
      'trs', 'http://www.opengis.net/def/uom/ISO-8601/0/Gregorian'))
  end
  from app_public.things t
  where t.is_public
$$;
comment on function app_hidden.ogc_things_extent() is 'Spatial (CRS84) and temporal extent of the public things, or null when there are none.';

grant execute on function app_hidden.ogc_bbox_areas(float8, float8, float8, float8) to bk_anonymous;
grant execute on function app_hidden.ogc_thing_feature(uuid, text, app_public.thing_type, point, app_public.water_need, timestamptz, text) to bk_anonymous;
grant execute on function app_hidden.ogc_things(float8, float8, float8, float8, timestamptz, timestamptz, integer, integer, text) to bk_anonymous;
grant execute on function app_hidden.ogc_thing(uuid, text) to bk_anonymous;
grant execute on function app_hidden.ogc_things_extent() to bk_anonymous;

-- migrate:down
drop function app_hidden.ogc_things_extent();
drop function app_hidden.ogc_thing(uuid, text);
drop function app_hidden.ogc_things(float8, float8, float8, float8, timestamptz, timestamptz, integer, integer, text);
drop function app_hidden.ogc_thing_feature(uuid, text, app_public.thing_type, point, app_public.water_need, timestamptz, text);
drop function app_hidden.ogc_bbox_areas(float8, float8, float8, float8);
