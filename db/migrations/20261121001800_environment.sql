-- migrate:up
-- Environmental data (spec sections 2, 3, 7, 9; decisions.md "External data" and "Soilscape"):
--   * caches of the Environment Agency's rainfall API and of Open-Meteo forecasts, filled by the
--     API (server/graphql/environment-plugin.ts) and the hourly refresh_environment job, so the app
--     keeps answering with cached data when a source is unreachable;
--   * polygon layers (soilscapes, B-Lines) loaded by `npm run import:soilscapes|import:blines`;
--   * the soilscape fields of things, kept by a trigger;
--   * a small SQL API for the alert job and the assistant: rainfall_near, forecast_precipitation,
--     in_bline, soilscape_at.
-- Points are native `point` with x = latitude, y = longitude, as everywhere else; no PostGIS.
-- The tables live in app_private: web roles reach them only through the security definer
-- functions below, which the API calls on their behalf (readings and forecasts are public data).

---------------------------------------------------------------------------------------------
-- Geometry helpers

-- Great-circle distance in km between two (latitude, longitude) points.
create function app_hidden.distance_km(a point, b point) returns float8
  language sql immutable strict parallel safe
  as $$
  select 2 * 6371.0088 * asin(least(1, sqrt(
    power(sin(radians(b[0] - a[0]) / 2), 2)
    + cos(radians(a[0])) * cos(radians(b[0])) * power(sin(radians(b[1] - a[1]) / 2), 2))))
$$;

-- A box around a point reaching at least p_km in every direction (for GiST pre-filtering).
create function app_hidden.box_around(p point, p_km float8) returns box
  language sql immutable strict parallel safe
  as $$
  select box(
    point(p[0] - p_km / 110.574, p[1] - p_km / (111.320 * greatest(cos(radians(least(abs(p[0]) + p_km / 110.574, 89.9))), 0.001))),
    point(p[0] + p_km / 110.574, p[1] + p_km / (111.320 * greatest(cos(radians(least(abs(p[0]) + p_km / 110.574, 89.9))), 0.001))))
$$;

-- A GeoJSON ring ([[longitude, latitude], ...]) as a native polygon of (latitude, longitude).
create function app_hidden.geojson_ring_to_polygon(p_ring jsonb) returns polygon
  language sql immutable strict parallel safe
  as $$
  select ('(' || string_agg('(' || (c->>1) || ',' || (c->>0) || ')', ',' order by n) || ')')::polygon
  from jsonb_array_elements(p_ring) with ordinality as r(c, n)
$$;

---------------------------------------------------------------------------------------------
-- Cache of the Environment Agency flood-monitoring API (rainfall)

-- When each request (kind + normalised key) was last answered by its source.
create table app_private.environment_fetches (
  kind text not null,
  key text not null,
  fetched_at timestamptz not null default now(),
  primary key (kind, key)
);

create table app_private.rainfall_stations (
  -- stationReference (the EA's notation), e.g. E7050.
  id text primary key,
  label text,
  location point not null,
  easting int,
  northing int,
  -- Other descriptive fields the EA sends (town, riverName, catchmentName, dateOpened...).
  details jsonb not null default '{}',
  fetched_at timestamptz not null default now()
);
create index rainfall_stations_location_idx on app_private.rainfall_stations using gist (location);

create table app_private.rainfall_measures (
  -- The measure's notation, e.g. E7050-rainfall-tipping_bucket_raingauge-t-15_min-mm.
  id text primary key,
  station_id text not null,
  parameter text,
  parameter_name text,
  -- Seconds per reading (900 for the 15-minute totals).
  period int,
  qualifier text,
  unit_name text,
  fetched_at timestamptz not null default now()
);
create index rainfall_measures_station_id_idx on app_private.rainfall_measures (station_id);

create table app_private.rainfall_readings (
  measure_id text not null,
  station_id text not null,
  date_time timestamptz not null,
  -- mm in the measure's period.
  value float8,
  fetched_at timestamptz not null default now(),
  primary key (measure_id, date_time)
);
create index rainfall_readings_station_id_date_time_idx on app_private.rainfall_readings (station_id, date_time desc);
create index rainfall_readings_date_time_idx on app_private.rainfall_readings (date_time);

---------------------------------------------------------------------------------------------
-- Cache of Open-Meteo forecasts, one per 0.1 degree grid point

create table app_private.weather_forecasts (
  latitude numeric(4, 1) not null,
  longitude numeric(4, 1) not null,
  location point generated always as (point(latitude::float8, longitude::float8)) stored,
  timezone text,
  elevation float8,
  -- [{time (UTC ISO), localTime, temperature, precipitation, precipitationProbability}]
  hourly jsonb not null default '[]',
  -- [{date (local), precipitationSum, temperatureMax, temperatureMin}]
  daily jsonb not null default '[]',
  fetched_at timestamptz not null default now(),
  primary key (latitude, longitude)
);
create index weather_forecasts_location_idx on app_private.weather_forecasts using gist (location);

---------------------------------------------------------------------------------------------
-- Writing the caches (the API and the refresh job). Arguments are the parsed answers
-- (server/environment/rainfall.ts and weather.ts), camelCase JSON.

create function app_hidden.record_environment_fetch(p_kind text, p_key text) returns void
  language sql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
  insert into app_private.environment_fetches (kind, key, fetched_at) values (p_kind, p_key, now())
    on conflict (kind, key) do update set fetched_at = excluded.fetched_at
$$;

create function app_hidden.environment_fetched_at(p_kind text, p_key text) returns timestamptz
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$ select fetched_at from app_private.environment_fetches where kind = p_kind and key = p_key $$;

-- Measures: [{id, stationId, parameter, parameterName, period, qualifier, unitName}]
create function app_hidden.cache_rainfall_measures(p_measures jsonb) returns void
  language sql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
  insert into app_private.rainfall_measures (id, station_id, parameter, parameter_name, period, qualifier, unit_name, fetched_at)
  select distinct on (m->>'id') m->>'id', m->>'stationId', m->>'parameter', m->>'parameterName',
         (m->>'period')::int, m->>'qualifier', m->>'unitName', now()
  from jsonb_array_elements(coalesce(p_measures, '[]')) m
  where m->>'id' is not null and m->>'stationId' is not null
  on conflict (id) do update set
    station_id = excluded.station_id,
    parameter = coalesce(excluded.parameter, rainfall_measures.parameter),
    parameter_name = coalesce(excluded.parameter_name, rainfall_measures.parameter_name),
    period = coalesce(excluded.period, rainfall_measures.period),
    qualifier = coalesce(excluded.qualifier, rainfall_measures.qualifier),
    unit_name = coalesce(excluded.unit_name, rainfall_measures.unit_name),
    fetched_at = excluded.fetched_at
$$;

-- Stations: [{id, label, lat, long, easting, northing, details, measures: [...]}]
create function app_hidden.cache_rainfall_stations(p_stations jsonb) returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  insert into app_private.rainfall_stations (id, label, location, easting, northing, details, fetched_at)
  select distinct on (s->>'id') s->>'id', s->>'label', point((s->>'lat')::float8, (s->>'long')::float8),
         (s->>'easting')::float8::int, (s->>'northing')::float8::int, coalesce(s->'details', '{}'), now()
  from jsonb_array_elements(coalesce(p_stations, '[]')) s
  where s->>'id' is not null and s->>'lat' is not null and s->>'long' is not null
  on conflict (id) do update set
    label = excluded.label, location = excluded.location, easting = excluded.easting, northing = excluded.northing,
    details = excluded.details, fetched_at = excluded.fetched_at;
  perform app_hidden.cache_rainfall_measures(
    (select coalesce(jsonb_agg(m || jsonb_build_object('stationId', coalesce(m->>'stationId', s->>'id'))), '[]')
     from jsonb_array_elements(coalesce(p_stations, '[]')) s, jsonb_array_elements(coalesce(s->'measures', '[]')) m));
end;
$$;

-- Readings: [{measure, stationId, dateTime, value}]
create function app_hidden.cache_rainfall_readings(p_readings jsonb) returns void
  language sql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
  insert into app_private.rainfall_readings (measure_id, station_id, date_time, value, fetched_at)
  select distinct on (r->>'measure', (r->>'dateTime')::timestamptz)
         r->>'measure', r->>'stationId', (r->>'dateTime')::timestamptz, (r->>'value')::float8, now()
  from jsonb_array_elements(coalesce(p_readings, '[]')) r
  where r->>'measure' is not null and r->>'stationId' is not null and r->>'dateTime' is not null
  on conflict (measure_id, date_time) do update set
    value = excluded.value, station_id = excluded.station_id, fetched_at = excluded.fetched_at
$$;

-- A forecast for one grid point: {timezone, elevation, hourly: [...], daily: [...]}
create function app_hidden.cache_weather_forecast(p_latitude numeric, p_longitude numeric, p_forecast jsonb) returns void
  language sql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
  insert into app_private.weather_forecasts (latitude, longitude, timezone, elevation, hourly, daily, fetched_at)
  values (round(p_latitude, 1), round(p_longitude, 1), p_forecast->>'timezone', (p_forecast->>'elevation')::float8,
          coalesce(p_forecast->'hourly', '[]'), coalesce(p_forecast->'daily', '[]'), now())
  on conflict (latitude, longitude) do update set
    timezone = excluded.timezone, elevation = excluded.elevation, hourly = excluded.hourly, daily = excluded.daily,
    fetched_at = excluded.fetched_at
$$;

---------------------------------------------------------------------------------------------
-- Reading the caches (the API's fallback when a source is down, and fresh answers)

create function app_hidden.rainfall_station_json(s app_private.rainfall_stations) returns jsonb
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select jsonb_build_object(
    'id', s.id, 'label', s.label, 'lat', s.location[0], 'long', s.location[1],
    'easting', s.easting, 'northing', s.northing, 'details', s.details, 'fetchedAt', s.fetched_at,
    'measures', (select coalesce(jsonb_agg(jsonb_build_object(
        'id', m.id, 'stationId', m.station_id, 'parameter', m.parameter, 'parameterName', m.parameter_name,
        'period', m.period, 'qualifier', m.qualifier, 'unitName', m.unit_name, 'fetchedAt', m.fetched_at) order by m.id), '[]')
      from app_private.rainfall_measures m where m.station_id = s.id))
$$;

-- Cached stations within p_dist_km of a point, nearest first, each with its distance in km.
create function app_hidden.cached_rainfall_stations(p_latitude float8, p_longitude float8, p_dist_km float8) returns jsonb
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select coalesce(jsonb_agg(j order by d), '[]')
  from (
    select app_hidden.rainfall_station_json(s) || jsonb_build_object('distance', d) as j, d
    from app_private.rainfall_stations s,
         lateral (select app_hidden.distance_km(point(p_latitude, p_longitude), s.location) as d) x
    where s.location <@ app_hidden.box_around(point(p_latitude, p_longitude), p_dist_km)
      and d <= p_dist_km
  ) found
$$;

create function app_hidden.cached_rainfall_station(p_id text) returns jsonb
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$ select app_hidden.rainfall_station_json(s) from app_private.rainfall_stations s where s.id = p_id $$;

create function app_hidden.cached_rainfall_measures(p_station_id text) returns jsonb
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', m.id, 'stationId', m.station_id, 'parameter', m.parameter, 'parameterName', m.parameter_name,
      'period', m.period, 'qualifier', m.qualifier, 'unitName', m.unit_name, 'fetchedAt', m.fetched_at) order by m.id), '[]')
  from app_private.rainfall_measures m where m.station_id = p_station_id
$$;

-- Cached readings of a station or a measure, newest first: the latest per measure, or those in
-- [p_from, p_to), at most p_limit.
create function app_hidden.cached_rainfall_readings(
  p_station_id text, p_measure_id text, p_latest boolean, p_from timestamptz, p_to timestamptz, p_limit int
) returns jsonb
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  with matching as (
    select r.* from app_private.rainfall_readings r
    where (p_measure_id is null or r.measure_id = p_measure_id)
      and (p_station_id is null or r.station_id = p_station_id)
      and (p_from is null or r.date_time >= p_from)
      and (p_to is null or r.date_time < p_to)
  ), chosen as (
    select * from (select distinct on (measure_id) * from matching order by measure_id, date_time desc) latest
      where coalesce(p_latest, false)
    union all
    select * from (select * from matching order by date_time desc limit greatest(coalesce(p_limit, 500), 1)) window_
      where not coalesce(p_latest, false)
  )
  select coalesce(jsonb_agg(jsonb_build_object(
      'measure', c.measure_id, 'stationId', c.station_id, 'dateTime', c.date_time, 'value', c.value, 'fetchedAt', c.fetched_at)
      order by c.date_time desc, c.measure_id), '[]')
  from chosen c
$$;

create function app_hidden.cached_weather_forecast(p_latitude numeric, p_longitude numeric) returns jsonb
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select jsonb_build_object('latitude', f.latitude, 'longitude', f.longitude, 'timezone', f.timezone,
    'elevation', f.elevation, 'hourly', f.hourly, 'daily', f.daily, 'fetchedAt', f.fetched_at)
  from app_private.weather_forecasts f
  where f.latitude = round(p_latitude, 1) and f.longitude = round(p_longitude, 1)
$$;

-- Keeps the caches bounded (the refresh job calls it): readings older than p_keep_readings,
-- forecasts and request records not refreshed for a week.
create function app_hidden.prune_environment_cache(p_keep_readings interval default '35 days') returns void
  language sql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
  delete from app_private.rainfall_readings where date_time < now() - p_keep_readings;
  delete from app_private.weather_forecasts where fetched_at < now() - interval '7 days';
  delete from app_private.environment_fetches where fetched_at < now() - interval '7 days';
$$;

---------------------------------------------------------------------------------------------
-- SQL API for the alert job and the assistant (cache only; never calls a source)

-- Rain at the nearest cached station (within p_max_km) that has cached readings: the total in mm
-- of its 15-minute measure since p_since (up to now), how many readings that is, the span they
-- cover and when they were fetched. Gauges report once or twice a day: check last_reading
-- before reading a small total as "dry". No row when no cached station is near enough.
create function app_hidden.rainfall_near(
  p_latitude float8, p_longitude float8, p_since timestamptz, p_max_km float8 default 25
) returns table (
  station_id text, label text, distance_km float8, total_mm float8, readings int,
  first_reading timestamptz, last_reading timestamptz, fetched_at timestamptz
)
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  with station as (
    select s.id, s.label, app_hidden.distance_km(point(p_latitude, p_longitude), s.location) as d
    from app_private.rainfall_stations s
    where s.location <@ app_hidden.box_around(point(p_latitude, p_longitude), p_max_km)
      and exists (select 1 from app_private.rainfall_readings r where r.station_id = s.id)
    order by 3
    limit 1
  ), measure as (
    select r.measure_id
    from station, app_private.rainfall_readings r
      left join app_private.rainfall_measures m on m.id = r.measure_id
    where r.station_id = station.id
    group by r.measure_id, m.period
    order by (coalesce(m.period, 900) = 900) desc, count(*) desc, r.measure_id
    limit 1
  )
  select station.id, station.label, station.d,
         coalesce(sum(r.value) filter (where r.date_time > p_since and r.date_time <= now()), 0)::float8,
         (count(*) filter (where r.date_time > p_since and r.date_time <= now()))::int,
         min(r.date_time) filter (where r.date_time > p_since and r.date_time <= now()),
         max(r.date_time) filter (where r.date_time > p_since and r.date_time <= now()),
         max(r.fetched_at)
  from station cross join measure
    join app_private.rainfall_readings r on r.measure_id = measure.measure_id
  where station.d <= p_max_km and p_since is not null
  group by station.id, station.label, station.d
$$;
comment on function app_hidden.rainfall_near(float8, float8, timestamptz, float8) is
  'Cached rainfall (mm) since a time at the nearest cached station within max_km (default 25).';

-- Forecast precipitation in mm over the next p_hours hours (from the current hour) at the
-- cached forecast of the point's grid cell; null when none is cached or it does not reach now.
create function app_hidden.forecast_precipitation(p_latitude float8, p_longitude float8, p_hours int) returns float8
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select sum((h->>'precipitation')::float8)
  from (select f.hourly from app_private.weather_forecasts f
        where f.location <@ box(point(p_latitude - 0.08, p_longitude - 0.08), point(p_latitude + 0.08, p_longitude + 0.08))
        order by f.location <-> point(p_latitude, p_longitude)
        limit 1) f,
       jsonb_array_elements(f.hourly) h
  where p_hours > 0
    and (h->>'time')::timestamptz >= date_trunc('hour', now())
    and (h->>'time')::timestamptz < date_trunc('hour', now()) + make_interval(hours => p_hours)
$$;
comment on function app_hidden.forecast_precipitation(float8, float8, int) is
  'Cached forecast precipitation (mm) for the next hours at a point; null without a cached forecast.';

---------------------------------------------------------------------------------------------
-- Polygon layers: soilscapes and B-Lines. A feature keeps its WGS84 GeoJSON geometry for the
-- map; each of its polygons is a row with the outer ring as a native polygon (GiST-indexed) and
-- its holes beside it, for point look-ups.

create table app_private.map_layers (
  layer text primary key constraint map_layers_layer_known check (layer in ('soilscapes', 'b_lines')),
  source text,
  attribution text not null,
  is_sample boolean not null default false,
  feature_count int not null default 0,
  loaded_at timestamptz not null default now()
);

create table app_private.map_layer_features (
  id bigint generated always as identity primary key,
  layer text not null constraint map_layer_features_layer_known check (layer in ('soilscapes', 'b_lines')),
  properties jsonb not null default '{}',
  -- GeoJSON Polygon or MultiPolygon, [longitude, latitude].
  geometry jsonb not null
);
create index map_layer_features_layer_idx on app_private.map_layer_features (layer);

create table app_private.map_layer_polygons (
  feature_id bigint not null references app_private.map_layer_features on delete cascade,
  layer text not null,
  -- Outer ring, x = latitude, y = longitude.
  area polygon not null,
  -- Inner rings: a point in one of them is not in this polygon.
  holes polygon[] not null default '{}'
);
create index map_layer_polygons_area_idx on app_private.map_layer_polygons using gist (area);
create index map_layer_polygons_feature_id_idx on app_private.map_layer_polygons (feature_id);

-- Loading (the import commands and the demo seed, as the database owner). The import runs
-- clear, add (in batches) and finish in one transaction, so readers see the old layer or the new.
create function app_private.clear_map_layer(p_layer text) returns void
  language sql volatile set search_path to pg_catalog, public, pg_temp
  as $$ delete from app_private.map_layer_features where layer = p_layer $$;

-- Features: [{properties, geometry}] with WGS84 Polygon or MultiPolygon geometries.
create function app_private.add_map_layer_features(p_layer text, p_features jsonb) returns int
  language sql volatile set search_path to pg_catalog, public, pg_temp
  as $$
  with given as (
    select f, n from jsonb_array_elements(p_features) with ordinality as x(f, n)
    where f->'geometry'->>'type' in ('Polygon', 'MultiPolygon')
  ), added as (
    insert into app_private.map_layer_features (layer, properties, geometry)
    select p_layer, coalesce(f->'properties', '{}'), f->'geometry' from given order by n
    returning id, geometry
  ), parts as (
    insert into app_private.map_layer_polygons (feature_id, layer, area, holes)
    select added.id, p_layer, app_hidden.geojson_ring_to_polygon(part->0),
           array(select app_hidden.geojson_ring_to_polygon(r) from jsonb_array_elements(part) with ordinality as h(r, i)
                 where i > 1 and jsonb_array_length(r) >= 3 order by i)
    from added, jsonb_array_elements(case added.geometry->>'type'
                                      when 'Polygon' then jsonb_build_array(added.geometry->'coordinates')
                                      else added.geometry->'coordinates' end) part
    where jsonb_array_length(part->0) >= 3
    returning 1
  )
  select (select count(*) from added)::int + 0 * (select count(*) from parts)::int
$$;

create function app_private.finish_map_layer(p_layer text, p_source text, p_attribution text, p_is_sample boolean) returns int
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_count int;
begin
  select count(*) into v_count from app_private.map_layer_features where layer = p_layer;
  insert into app_private.map_layers (layer, source, attribution, is_sample, feature_count, loaded_at)
    values (p_layer, p_source, p_attribution, coalesce(p_is_sample, false), v_count, now())
    on conflict (layer) do update set source = excluded.source, attribution = excluded.attribution,
      is_sample = excluded.is_sample, feature_count = excluded.feature_count, loaded_at = excluded.loaded_at;
  if p_layer = 'soilscapes' then
    perform app_private.refresh_things_soilscape();
  end if;
  return v_count;
end;
$$;

-- Look-ups. The properties of a soilscape feature are normalised by the import:
-- class_number, name, texture, drainage, fertility, landcover, habitats, carbon, drains_to,
-- water_protection, general_cropping.
create function app_hidden.map_layer_feature_at(p_layer text, p_location point) returns app_private.map_layer_features
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select f.* from app_private.map_layer_polygons p
    join app_private.map_layer_features f on f.id = p.feature_id
  where p.layer = p_layer
    and p.area && polygon(box(p_location, p_location))
    and p.area @> p_location
    and not exists (select 1 from unnest(p.holes) h where h @> p_location)
  order by f.id
  limit 1
$$;

-- The soilscape class at a point (its properties) or null.
create function app_hidden.soilscape_at(p_location point) returns jsonb
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$ select (app_hidden.map_layer_feature_at('soilscapes', p_location)).properties $$;
comment on function app_hidden.soilscape_at(point) is 'Soilscape class properties at a (latitude, longitude) point, or null.';

-- The same with the layer's attribution, for the API.
create function app_hidden.soilscape_class_at(p_location point) returns jsonb
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select s || jsonb_build_object('attribution', l.attribution, 'isSample', l.is_sample, 'source', l.source)
  from (select app_hidden.soilscape_at(p_location) as s) x
    left join app_private.map_layers l on l.layer = 'soilscapes'
  where s is not null
$$;

-- Whether a (latitude, longitude) point lies in a B-Lines corridor.
create function app_hidden.in_bline(p_location point) returns boolean
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select exists (select 1 from app_private.map_layer_polygons p
                 where p.layer = 'b_lines' and p.area && polygon(box(p_location, p_location)) and p.area @> p_location
                   and not exists (select 1 from unnest(p.holes) h where h @> p_location))
$$;
comment on function app_hidden.in_bline(point) is 'Whether a (latitude, longitude) point lies in a B-Lines pollinator corridor.';

-- A layer's features overlapping a box (south, west, north, east), as a GeoJSON FeatureCollection
-- (at most p_limit features; "truncated" says when there were more).
create function app_hidden.map_layer_geojson(
  p_layer text, p_south float8, p_west float8, p_north float8, p_east float8, p_limit int default 500
) returns jsonb
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  with hits as (
    select distinct p.feature_id from app_private.map_layer_polygons p
    where p.layer = p_layer and p.area && polygon(box(point(p_south, p_west), point(p_north, p_east)))
  ), chosen as (
    select f.* from app_private.map_layer_features f where f.id in (select feature_id from hits)
    order by f.id limit greatest(p_limit, 1)
  )
  select jsonb_build_object(
    'type', 'FeatureCollection',
    'features', (select coalesce(jsonb_agg(jsonb_build_object('type', 'Feature', 'id', c.id, 'properties', c.properties,
                   'geometry', c.geometry) order by c.id), '[]') from chosen c),
    'truncated', (select count(*) from hits) > greatest(p_limit, 1),
    'attribution', l.attribution,
    'isSample', coalesce(l.is_sample, false))
  from (select 1) one left join app_private.map_layers l on l.layer = p_layer
$$;

---------------------------------------------------------------------------------------------
-- Soilscape fields of things: filled when a thing is created or moved, and for every thing when
-- a layer is loaded. Null where no polygon covers the point.

create function app_private.tg_things__soilscape() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v jsonb := app_hidden.soilscape_at(new.location);
begin
  new.texture := v->>'texture';
  new.drainage := v->>'drainage';
  new.fertility := v->>'fertility';
  new.landcover := v->>'landcover';
  new.habitats := v->>'habitats';
  new.carbon := v->>'carbon';
  new.drains_to := v->>'drains_to';
  new.water_protection := v->>'water_protection';
  new.general_cropping := v->>'general_cropping';
  return new;
end;
$$;
create trigger _200_soilscape before insert or update of location on app_public.things
  for each row execute function app_private.tg_things__soilscape();

create function app_private.refresh_things_soilscape() returns int
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_count int;
begin
  with looked_up as (
    select t.id, app_hidden.soilscape_at(t.location) as v from app_public.things t
  )
  update app_public.things t set
    texture = l.v->>'texture', drainage = l.v->>'drainage', fertility = l.v->>'fertility',
    landcover = l.v->>'landcover', habitats = l.v->>'habitats', carbon = l.v->>'carbon',
    drains_to = l.v->>'drains_to', water_protection = l.v->>'water_protection',
    general_cropping = l.v->>'general_cropping'
  from looked_up l
  where l.id = t.id
    and (t.texture, t.drainage, t.fertility, t.landcover, t.habitats, t.carbon, t.drains_to, t.water_protection, t.general_cropping)
        is distinct from
        (l.v->>'texture', l.v->>'drainage', l.v->>'fertility', l.v->>'landcover', l.v->>'habitats', l.v->>'carbon',
         l.v->>'drains_to', l.v->>'water_protection', l.v->>'general_cropping');
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

create function app_private.replace_map_layer(
  p_layer text, p_features jsonb, p_source text, p_attribution text, p_is_sample boolean
) returns int
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
begin
  perform app_private.clear_map_layer(p_layer);
  perform app_private.add_map_layer_features(p_layer, p_features);
  return app_private.finish_map_layer(p_layer, p_source, p_attribution, p_is_sample);
end;
$$;

---------------------------------------------------------------------------------------------
-- Grants: the API calls these under the request's role (guests included: the data is public).

grant execute on function app_hidden.distance_km(point, point) to bk_anonymous;
grant execute on function app_hidden.box_around(point, float8) to bk_anonymous;
grant execute on function app_hidden.geojson_ring_to_polygon(jsonb) to bk_anonymous;
grant execute on function app_hidden.record_environment_fetch(text, text) to bk_anonymous;
grant execute on function app_hidden.environment_fetched_at(text, text) to bk_anonymous;
grant execute on function app_hidden.cache_rainfall_measures(jsonb) to bk_anonymous;
grant execute on function app_hidden.cache_rainfall_stations(jsonb) to bk_anonymous;
grant execute on function app_hidden.cache_rainfall_readings(jsonb) to bk_anonymous;
grant execute on function app_hidden.cache_weather_forecast(numeric, numeric, jsonb) to bk_anonymous;
grant execute on function app_hidden.cached_rainfall_stations(float8, float8, float8) to bk_anonymous;
grant execute on function app_hidden.cached_rainfall_station(text) to bk_anonymous;
grant execute on function app_hidden.cached_rainfall_measures(text) to bk_anonymous;
grant execute on function app_hidden.cached_rainfall_readings(text, text, boolean, timestamptz, timestamptz, int) to bk_anonymous;
grant execute on function app_hidden.cached_weather_forecast(numeric, numeric) to bk_anonymous;
grant execute on function app_hidden.rainfall_near(float8, float8, timestamptz, float8) to bk_anonymous;
grant execute on function app_hidden.forecast_precipitation(float8, float8, int) to bk_anonymous;
grant execute on function app_hidden.soilscape_at(point) to bk_anonymous;
grant execute on function app_hidden.soilscape_class_at(point) to bk_anonymous;
grant execute on function app_hidden.in_bline(point) to bk_anonymous;
grant execute on function app_hidden.map_layer_geojson(text, float8, float8, float8, float8, int) to bk_anonymous;

-- migrate:down
drop trigger _200_soilscape on app_public.things;
drop function app_private.replace_map_layer(text, jsonb, text, text, boolean);
drop function app_private.finish_map_layer(text, text, text, boolean);
drop function app_private.refresh_things_soilscape();
drop function app_private.tg_things__soilscape();
drop function app_hidden.map_layer_geojson(text, float8, float8, float8, float8, int);
drop function app_hidden.in_bline(point);
drop function app_hidden.soilscape_class_at(point);
drop function app_hidden.soilscape_at(point);
drop function app_hidden.map_layer_feature_at(text, point);
drop function app_private.add_map_layer_features(text, jsonb);
drop function app_private.clear_map_layer(text);
drop table app_private.map_layer_polygons;
drop table app_private.map_layer_features;
drop table app_private.map_layers;
drop function app_hidden.forecast_precipitation(float8, float8, int);
drop function app_hidden.rainfall_near(float8, float8, timestamptz, float8);
drop function app_hidden.prune_environment_cache(interval);
drop function app_hidden.cached_weather_forecast(numeric, numeric);
drop function app_hidden.cached_rainfall_readings(text, text, boolean, timestamptz, timestamptz, int);
drop function app_hidden.cached_rainfall_measures(text);
drop function app_hidden.cached_rainfall_station(text);
drop function app_hidden.cached_rainfall_stations(float8, float8, float8);
drop function app_hidden.rainfall_station_json(app_private.rainfall_stations);
drop function app_hidden.cache_weather_forecast(numeric, numeric, jsonb);
drop function app_hidden.cache_rainfall_readings(jsonb);
drop function app_hidden.cache_rainfall_stations(jsonb);
drop function app_hidden.cache_rainfall_measures(jsonb);
drop function app_hidden.environment_fetched_at(text, text);
drop function app_hidden.record_environment_fetch(text, text);
drop table app_private.weather_forecasts;
drop table app_private.rainfall_readings;
drop table app_private.rainfall_measures;
drop table app_private.rainfall_stations;
drop table app_private.environment_fetches;
drop function app_hidden.geojson_ring_to_polygon(jsonb);
drop function app_hidden.box_around(point, float8);
drop function app_hidden.distance_km(point, point);
