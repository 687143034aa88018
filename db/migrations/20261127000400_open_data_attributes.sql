-- migrate:up
-- The inventory attributes (issue 26: species, planting year, girth, height class, volume, soil
-- area, flowering plants and seasons) in the OGC API things collection, as they already are in
-- the app. Every feature carries every key (null where the type has no such attribute), so a GIS
-- client that reads the first page for its fields gets the same table on every page.

create function app_hidden.thing_attributes_json(t app_public.things) returns jsonb
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select jsonb_build_object(
    'speciesId', t.species_id,
    'speciesBotanicalName', s.botanical_name,
    'speciesCommonName', s.common_name_en,
    'plantingYear', t.planting_year,
    'trunkGirthCm', t.trunk_girth_cm,
    'heightClass', t.height_class,
    'volumeLitres', t.volume_litres,
    'soilAreaM2', t.soil_area_m2,
    -- Lists as one text each ("Lavender; Thyme"): GIS tables and CSV readers take scalars.
    'floweringPlants', array_to_string(t.flowering_plants, '; '),
    'floweringSeasons', array_to_string(t.flowering_seasons, '; '))
  from (select 1) one
  left join app_public.tree_species s on s.id = t.species_id
$$;
comment on function app_hidden.thing_attributes_json(app_public.things) is 'A thing''s inventory attributes as the properties of open data (OGC features, GeoJSON export): every key, null where not set.';
grant execute on function app_hidden.thing_attributes_json(app_public.things) to bk_anonymous;

create function app_hidden.ogc_thing_feature(p_id uuid, p_name text, p_type app_public.thing_type, p_location point,
  p_water_need app_public.water_need, p_created_at timestamptz, p_page_prefix text, p_attributes jsonb) returns jsonb
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
      'url', p_page_prefix || p_id) || coalesce(p_attributes, '{}'),
    'links', jsonb_build_array(jsonb_build_object(
      'href', p_page_prefix || p_id, 'rel', 'alternate', 'type', 'text/html', 'title', p_name)))
$$;
comment on function app_hidden.ogc_thing_feature(uuid, text, app_public.thing_type, point, app_public.water_need, timestamptz, text, jsonb) is 'A thing as a GeoJSON feature of the OGC things collection (coordinates longitude first), with its inventory attributes.';
grant execute on function app_hidden.ogc_thing_feature(uuid, text, app_public.thing_type, point, app_public.water_need, timestamptz, text, jsonb) to bk_anonymous;

create or replace function app_hidden.ogc_thing(p_id uuid, p_page_prefix text) returns jsonb
  language sql stable
  as $$
  select app_hidden.ogc_thing_feature(t.id, t.name, t.type, t.location, t.water_need, t.created_at, p_page_prefix, app_hidden.thing_attributes_json(t))
  from app_public.things t
  where t.id = p_id and t.is_public
$$;

create or replace function app_hidden.ogc_things(p_west double precision, p_south double precision, p_east double precision, p_north double precision, p_from timestamp with time zone, p_to timestamp with time zone, p_limit integer, p_offset integer, p_page_prefix text) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $_$
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
  execute 'select coalesce(jsonb_agg(app_hidden.ogc_thing_feature(p.id, p.name, p.type, p.location, p.water_need, p.created_at, $7, p.attributes)'
       || ' order by p.id), ''[]''::jsonb)'
       || ' from (select t.id, t.name, t.type, t.location, t.water_need, t.created_at, app_hidden.thing_attributes_json(t) as attributes ' || v_filter
       || ' order by t.id limit $5 offset $6) p'
    into v_features using v_places, v_areas, p_from, p_to, p_limit, p_offset, p_page_prefix;

  return jsonb_build_object(
    'type', 'FeatureCollection',
    'timeStamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    'numberMatched', v_matched,
    'numberReturned', jsonb_array_length(v_features),
    'features', v_features);
end;
$_$;

drop function app_hidden.ogc_thing_feature(uuid, text, app_public.thing_type, point, app_public.water_need, timestamptz, text);

-- migrate:down
-- (Not reversible by itself: the earlier functions are in 20261125003000_ogc_features.sql.)
