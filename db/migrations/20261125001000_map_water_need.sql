-- migrate:up
-- The map as the home of the app (issue 21, section 3): thingsInView says each thing's water need
-- and how many things of a cluster need water; clusters stop at street zoom (from 14 every thing
-- is drawn on its own); nearestThing says the water need and can look only at things that need
-- water or soon will; and water points (public pumps and taps) are a map layer an admin imports
-- from GeoJSON.

---------------------------------------------------------------------------------------------
-- Needs-water counts per map cell

-- Public and private apart, as the counts (a shared count never reveals a private thing).
alter table app_private.thing_map_cells
  add column public_needs_water integer not null default 0,
  add column private_needs_water integer not null default 0;

drop function app_private.thing_map_cells_add(float8[], float8[], boolean[], integer[]);

-- Adds (sign 1) or removes (sign -1) things from their cells at every level, and changes the
-- needs-water counts by `p_needs` (-1, 0 or 1): a thing whose water need alone changed comes
-- with sign 0 (its place counts stay put, so the coordinate sums gather no rounding error).
create function app_private.thing_map_cells_add(
  p_latitudes float8[], p_longitudes float8[], p_is_public boolean[], p_signs integer[], p_needs integer[]
) returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  with changes as (
    select * from unnest(p_latitudes, p_longitudes, p_is_public, p_signs, p_needs) as c(latitude, longitude, is_public, sign, needs)
  ),
  delta as (
    select l.level, app_hidden.map_cell(app_hidden.map_world_x(longitude), l.level) as x,
           app_hidden.map_cell(app_hidden.map_world_y(latitude), l.level) as y,
           coalesce(sum(sign) filter (where is_public), 0) as public_count,
           coalesce(sum(sign * latitude) filter (where is_public and sign <> 0), 0) as public_latitude_sum,
           coalesce(sum(sign * longitude) filter (where is_public and sign <> 0), 0) as public_longitude_sum,
           coalesce(sum(sign) filter (where not is_public), 0) as private_count,
           coalesce(sum(sign * latitude) filter (where not is_public and sign <> 0), 0) as private_latitude_sum,
           coalesce(sum(sign * longitude) filter (where not is_public and sign <> 0), 0) as private_longitude_sum,
           coalesce(sum(needs) filter (where is_public), 0) as public_needs_water,
           coalesce(sum(needs) filter (where not is_public), 0) as private_needs_water
    from changes, generate_series(0, 14) as l(level)
    group by 1, 2, 3
    -- One order for every writer, so two transactions never wait on each other's cells crosswise.
    order by 1, 2, 3
  )
  insert into app_private.thing_map_cells as c
    (level, x, y, public_count, public_latitude_sum, public_longitude_sum, private_count, private_latitude_sum,
     private_longitude_sum, public_needs_water, private_needs_water)
  select * from delta
  on conflict (level, x, y) do update set
    public_count = c.public_count + excluded.public_count,
    public_latitude_sum = c.public_latitude_sum + excluded.public_latitude_sum,
    public_longitude_sum = c.public_longitude_sum + excluded.public_longitude_sum,
    private_count = c.private_count + excluded.private_count,
    private_latitude_sum = c.private_latitude_sum + excluded.private_latitude_sum,
    private_longitude_sum = c.private_longitude_sum + excluded.private_longitude_sum,
    public_needs_water = c.public_needs_water + excluded.public_needs_water,
    private_needs_water = c.private_needs_water + excluded.private_needs_water;

  -- Cells left empty go, so the table holds only cells with things.
  if -1 = any (p_signs) then
    delete from app_private.thing_map_cells c
    using (
      select distinct l.level, app_hidden.map_cell(app_hidden.map_world_x(longitude), l.level) as x,
             app_hidden.map_cell(app_hidden.map_world_y(latitude), l.level) as y
      from unnest(p_latitudes, p_longitudes, p_signs) as d(latitude, longitude, sign), generate_series(0, 14) as l(level)
      where d.sign < 0
    ) gone
    where c.level = gone.level and c.x = gone.x and c.y = gone.y and c.public_count = 0 and c.private_count = 0;
  end if;
end;
$$;

-- Statement-level as before (the triggers stay; their function is replaced). An update counts
-- when a thing moved, changed visibility, or started or stopped needing water: the model sets
-- water_need of every thing hourly in one statement, and only the things whose need changed
-- reach the cells, each cell once per level.
create or replace function app_private.tg_things__map_cells() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_latitudes float8[];
  v_longitudes float8[];
  v_public boolean[];
  v_signs integer[];
  v_needs integer[];
begin
  if tg_op = 'TRUNCATE' then
    delete from app_private.thing_map_cells;
    return null;
  elsif tg_op = 'INSERT' then
    select array_agg(n.location[0]), array_agg(n.location[1]), array_agg(n.is_public), array_agg(1),
           array_agg((n.water_need = 'needs_water')::integer)
      into v_latitudes, v_longitudes, v_public, v_signs, v_needs
      from new_rows n;
  elsif tg_op = 'DELETE' then
    select array_agg(o.location[0]), array_agg(o.location[1]), array_agg(o.is_public), array_agg(-1),
           array_agg(-(o.water_need = 'needs_water')::integer)
      into v_latitudes, v_longitudes, v_public, v_signs, v_needs
      from old_rows o;
  else
    with changed as (
      select o.location as old_location, o.is_public as old_public, (o.water_need = 'needs_water')::integer as old_needs,
             n.location as new_location, n.is_public as new_public, (n.water_need = 'needs_water')::integer as new_needs,
             (o.location[0] <> n.location[0] or o.location[1] <> n.location[1] or o.is_public <> n.is_public) as moved
      from old_rows o
      join new_rows n on n.id = o.id
      where o.location[0] <> n.location[0] or o.location[1] <> n.location[1] or o.is_public <> n.is_public
         or (o.water_need = 'needs_water') <> (n.water_need = 'needs_water')
    )
    select array_agg(c.latitude), array_agg(c.longitude), array_agg(c.is_public), array_agg(c.sign), array_agg(c.needs)
      into v_latitudes, v_longitudes, v_public, v_signs, v_needs
      from changed ch
      cross join lateral (
        -- Moved or changed visibility: out of the old cells, into the new ones.
        select ch.old_location[0], ch.old_location[1], ch.old_public, -1, -ch.old_needs where ch.moved
        union all
        select ch.new_location[0], ch.new_location[1], ch.new_public, 1, ch.new_needs where ch.moved
        union all
        -- Only the need changed: the same cells, the needs-water count alone.
        select ch.new_location[0], ch.new_location[1], ch.new_public, 0, ch.new_needs - ch.old_needs where not ch.moved
      ) as c(latitude, longitude, is_public, sign, needs);
  end if;
  if v_signs is not null then
    perform app_private.thing_map_cells_add(v_latitudes, v_longitudes, v_public, v_signs, v_needs);
  end if;
  return null;
end;
$$;

-- The counts again from the things there are (the needs-water ones included).
delete from app_private.thing_map_cells;
select app_private.thing_map_cells_add(array_agg(location[0]), array_agg(location[1]), array_agg(is_public), array_agg(1),
                                       array_agg((water_need = 'needs_water')::integer))
from app_public.things
having count(*) > 0;

-- Cells with their needs-water counts; public things only unless the caller is an admin.
drop function app_hidden.map_cells(integer, integer, integer, integer, integer);
create function app_hidden.map_cells(p_level integer, p_x0 integer, p_x1 integer, p_y0 integer, p_y1 integer)
  returns table (x integer, y integer, count integer, needs_water integer, latitude_sum float8, longitude_sum float8)
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if app_public.current_user_is_admin() then
    return query
      select c.x, c.y, c.public_count + c.private_count, c.public_needs_water + c.private_needs_water,
             c.public_latitude_sum + c.private_latitude_sum, c.public_longitude_sum + c.private_longitude_sum
      from app_private.thing_map_cells c
      where c.level = p_level and c.x between p_x0 and p_x1 and c.y between p_y0 and p_y1;
  else
    return query
      select c.x, c.y, c.public_count, c.public_needs_water, c.public_latitude_sum, c.public_longitude_sum
      from app_private.thing_map_cells c
      where c.level = p_level and c.x between p_x0 and p_x1 and c.y between p_y0 and p_y1 and c.public_count > 0;
  end if;
end;
$$;
grant execute on function app_hidden.map_cells(integer, integer, integer, integer, integer) to bk_anonymous;

---------------------------------------------------------------------------------------------
-- thingsInView with water need

alter type app_public.map_cluster add attribute needs_water integer;
comment on column app_public.map_cluster.needs_water is E'@notNull\nHow many of the cluster''s things need water now.';
alter type app_public.map_thing add attribute water_need app_public.water_need;
comment on column app_public.map_thing.water_need is E'@notNull\nWhether the thing needs water (things.water_need).';

create or replace function app_public.things_in_view(west float8, south float8, east float8, north float8, zoom float8)
  returns app_public.map_view
  -- Strict: every argument is required (non-null in GraphQL).
  language plpgsql stable strict
  set search_path to pg_catalog, public, pg_temp
  -- Its queries suit any bounds alike, so they are planned once per connection, not per call.
  set plan_cache_mode to force_generic_plan
  as $$
declare
  -- Clusters are drawn up to zoom 13; from street zoom (14) on every thing is drawn on its own,
  -- with its water need (issue 21: a marker per thing where people walk).
  c_last_clustered_zoom constant integer := 13;
  -- Cells are 64 to 128 pixels: level = zoom + 2 (a 256-pixel tile holds 4 x 4 cells).
  c_cells_per_tile_log2 constant integer := 2;
  -- At most 40 x 40 cells (a 2,560-pixel-wide screen at 64-pixel cells); larger areas get coarser cells.
  c_max_cells_per_axis constant integer := 40;
  -- Where the cell counts are as fine as the zoom (up to zoom 12), they answer for more than a few
  -- things (reading a thing costs more than reading a cell). Closer in, the counts are coarser
  -- than the zoom's cells, so things are read one by one up to a couple of thousand.
  c_few constant integer := 200;
  c_live_limit constant integer := 2000;
  -- Things sent one by one at most (with 60-character names, about 230 KB of JSON).
  c_max_things constant integer := 1000;
  -- The finest level of app_private.thing_map_cells.
  c_top_level constant integer := 14;
  v_level integer;
  v_cluster boolean;
  v_x0 integer; v_x1 integer; v_y0 integer; v_y1 integer;
  v_coarse integer;
  v_shift integer;
  v_estimate bigint;
  v_admin boolean := app_public.current_user_is_admin();
  v_result app_public.map_view;
begin
  if not zoom between 0 and 24 then
    raise exception 'Zoom must be between 0 and 24' using errcode = 'INVLD';
  end if;
  if not west between -180 and 180 or not east between -180 and 180 then
    raise exception 'Longitude must be between -180 and 180' using errcode = 'INVLD';
  end if;
  if not south between -90 and 90 or not north between -90 and 90 then
    raise exception 'Latitude must be between -90 and 90' using errcode = 'INVLD';
  end if;
  if west >= east then
    raise exception 'West must be less than east (ask for an area across the 180th meridian in two parts)' using errcode = 'INVLD';
  end if;
  if south >= north then
    raise exception 'South must be less than north' using errcode = 'INVLD';
  end if;

  -- The cells covering the area; an area too large for its zoom gets coarser cells (and clusters).
  v_level := least(floor(zoom)::integer, c_last_clustered_zoom + 1) + c_cells_per_tile_log2;
  v_cluster := zoom < c_last_clustered_zoom + 1;
  loop
    v_x0 := app_hidden.map_cell(app_hidden.map_world_x(west), v_level);
    v_x1 := app_hidden.map_cell(app_hidden.map_world_x(east), v_level);
    v_y0 := app_hidden.map_cell(app_hidden.map_world_y(north), v_level);
    v_y1 := app_hidden.map_cell(app_hidden.map_world_y(south), v_level);
    exit when v_x1 - v_x0 < c_max_cells_per_axis and v_y1 - v_y0 < c_max_cells_per_axis;
    v_level := v_level - 1;
    v_cluster := true;
  end loop;

  -- How many things the area holds, from coarse cells (an over-estimate: they reach beyond it).
  -- The private things of someone who is not an admin are not in the counts; they are few.
  v_shift := v_level - greatest(0, least(v_level, c_top_level) - 3);
  select coalesce(sum(c.count), 0) into v_estimate
  from app_hidden.map_cells(v_level - v_shift, v_x0 >> v_shift, v_x1 >> v_shift, v_y0 >> v_shift, v_y1 >> v_shift) c;

  if v_cluster and v_estimate > (case when v_level <= c_top_level then c_few else c_live_limit end) then
    -- Many things: the cell counts (level 14 at most) plus the private things the caller sees.
    v_coarse := least(v_level, c_top_level);
    v_shift := v_level - v_coarse;
    with mine as (
      -- `= any (array(...))` lets the indexes answer under row-level security.
      select t.id, t.location[0] as latitude, t.location[1] as longitude, (t.water_need = 'needs_water')::integer as needs_water
      from app_public.things t
      where not v_admin and t.group_id = any (array(select app_hidden.my_group_ids())) and not t.is_public
      union
      select t.id, t.location[0], t.location[1], (t.water_need = 'needs_water')::integer from app_public.things t
      where not v_admin and t.id = any (array(select app_hidden.my_thing_ids())) and not t.is_public
    ),
    counted as (
      select c.x, c.y, c.count, c.needs_water, c.latitude_sum, c.longitude_sum
      from app_hidden.map_cells(v_coarse, v_x0 >> v_shift, v_x1 >> v_shift, v_y0 >> v_shift, v_y1 >> v_shift) c
      union all
      select app_hidden.map_cell(app_hidden.map_world_x(m.longitude), v_coarse),
             app_hidden.map_cell(app_hidden.map_world_y(m.latitude), v_coarse),
             1, m.needs_water, m.latitude, m.longitude
      from mine m
    ),
    cells as (
      select c.x, c.y, sum(c.count)::integer as count, sum(c.needs_water)::integer as needs_water,
             sum(c.latitude_sum) / sum(c.count) as latitude, sum(c.longitude_sum) / sum(c.count) as longitude
      from counted c
      where c.x between v_x0 >> v_shift and v_x1 >> v_shift and c.y between v_y0 >> v_shift and v_y1 >> v_shift
      group by c.x, c.y
    ),
    ranked as (
      select c.*, row_number() over (partition by c.count = 1 order by c.x, c.y) as rank from cells c
    ),
    -- A thing alone in its cell is found by its place (the cell's mean is its position).
    resolved as (
      select r.x, r.y, r.count, r.needs_water, r.latitude, r.longitude, t.id, t.name, t.type, t.indicator_colour, t.is_public, t.water_need
      from ranked r
      left join lateral (
        select t.id, left(t.name, 60) as name, t.type, t.indicator_colour, t.is_public, t.water_need
        from app_public.things t
        where r.count = 1 and r.rank <= c_max_things
          and t.ctid = any (array(select app_hidden.thing_places_in_box(
                box(point(r.latitude - 1e-7, r.longitude - 1e-7), point(r.latitude + 1e-7, r.longitude + 1e-7)))))
        limit 1
      ) t on true
    )
    select
      (select array_agg(row(r.count, app_hidden.map_round(r.latitude), app_hidden.map_round(r.longitude), r.needs_water)::app_public.map_cluster
                        order by r.x, r.y)
       from resolved r where r.id is null),
      (select array_agg(row(r.id, r.name, r.type, r.indicator_colour, r.is_public,
                            app_hidden.map_round(r.latitude), app_hidden.map_round(r.longitude), r.water_need)::app_public.map_thing
                        order by r.x, r.y)
       from resolved r where r.id is not null),
      (select coalesce(sum(r.count), 0) from resolved r),
      false
    into v_result.clusters, v_result.things, v_result.total, v_result.truncated;
  else
    -- Few things, or a zoom that draws each one: read them under row-level security.
    with visible as (
      select v.*, count(*) over (partition by v.x, v.y) as in_cell from (
        select t.id, left(t.name, 60) as name, t.type, t.indicator_colour, t.is_public, t.water_need,
               t.location[0] as latitude, t.location[1] as longitude,
               app_hidden.map_cell(app_hidden.map_world_x(t.location[1]), v_level) as x,
               app_hidden.map_cell(app_hidden.map_world_y(t.location[0]), v_level) as y
        from app_public.things t
        -- The whole cells (a cluster on the edge of the view counts all its things, the same
        -- whichever way the map was panned to it).
        where t.ctid = any (array(select app_hidden.thing_places_in_box(box(
          point(app_hidden.map_latitude((v_y1 + 1)::float8 / (1 << v_level)), app_hidden.map_longitude(v_x0::float8 / (1 << v_level))),
          point(app_hidden.map_latitude(v_y0::float8 / (1 << v_level)), app_hidden.map_longitude((v_x1 + 1)::float8 / (1 << v_level)))))))
      ) v
      where v.x between v_x0 and v_x1 and v.y between v_y0 and v_y1
    ),
    -- Things drawn one by one: alone in their cell, or all of them at the zooms without clusters;
    -- past the limit, a lone thing becomes a cluster of one (or, without clusters, is left out).
    ranked as (
      select v.*, v.in_cell = 1 or not v_cluster as alone,
             row_number() over (partition by v.in_cell = 1 or not v_cluster order by v.x, v.y, v.id) as rank
      from visible v
    )
    select
      (select array_agg(row(c.count, app_hidden.map_round(c.latitude), app_hidden.map_round(c.longitude), c.needs_water)::app_public.map_cluster
                        order by c.x, c.y)
       from (select r.x, r.y, count(*)::integer as count, avg(r.latitude) as latitude, avg(r.longitude) as longitude,
                    (count(*) filter (where r.water_need = 'needs_water'))::integer as needs_water
             from ranked r where v_cluster and (not r.alone or r.rank > c_max_things) group by r.x, r.y) c),
      (select array_agg(row(r.id, r.name, r.type, r.indicator_colour, r.is_public,
                            app_hidden.map_round(r.latitude), app_hidden.map_round(r.longitude), r.water_need)::app_public.map_thing
                        order by r.x, r.y, r.id)
       from ranked r where r.alone and r.rank <= c_max_things),
      (select count(*) from ranked),
      (select count(*) > 0 from ranked r where not v_cluster and r.rank > c_max_things)
    into v_result.clusters, v_result.things, v_result.total, v_result.truncated;
  end if;
  v_result.clusters := coalesce(v_result.clusters, '{}');
  v_result.things := coalesce(v_result.things, '{}');
  return v_result;
end;
$$;
comment on function app_public.things_in_view(float8, float8, float8, float8, float8) is
  E'The things of a map area you may see (public ones, your own and your groups''), clustered below zoom 14, with their water need (clusters count those that need water).\nBounds in degrees (west < east, south < north), zoom as the map''s (0 to 24). Invalid bounds: INVLD.';
grant execute on function app_public.things_in_view(float8, float8, float8, float8, float8) to bk_anonymous;


---------------------------------------------------------------------------------------------
-- nearestThing with water need, optionally only the things that need water or soon will

drop function app_public.nearest_thing(float8, float8, float8);
alter type app_public.nearby_thing add attribute water_need app_public.water_need;
comment on column app_public.nearby_thing.water_need is E'@notNull\nWhether the thing needs water (things.water_need).';

-- Row places of the things that need water or soon will, in a box: the partial GiST index of
-- 20261125000800 answers, so "needs water near me" reads only those few (then under RLS by ctid).
create function app_hidden.thirsty_thing_places_in_box(p_area box) returns setof tid
  language sql stable security definer rows 50 set search_path to pg_catalog, public, pg_temp
  as $$
  select t.ctid from app_public.things t
  where t.location <@ p_area and t.water_need in ('needs_water', 'due_soon')
$$;
grant execute on function app_hidden.thirsty_thing_places_in_box(box) to bk_anonymous;

create function app_public.nearest_thing(latitude float8, longitude float8, max_distance_metres float8 default null,
                                         needs_water boolean default false)
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
comment on function app_public.nearest_thing(float8, float8, float8, boolean) is
  E'The visible things nearest to a point (latitude, longitude), nearest first, within maxDistanceMetres (default 20000, at most 50000), at most 100.\nWith needsWater, only things that need water or soon will.';
grant execute on function app_public.nearest_thing(float8, float8, float8, boolean) to bk_anonymous;

---------------------------------------------------------------------------------------------
-- Water points: public pumps and taps, a map layer everyone sees and an admin imports

create table app_private.water_points (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint water_points_name_valid check (char_length(btrim(name)) between 1 and 120),
  kind text not null constraint water_points_kind_known check (kind in ('pump', 'tap')),
  description text constraint water_points_description_valid check (char_length(description) <= 500),
  -- x = latitude, y = longitude, as things.location.
  location point not null constraint water_points_location_valid
    check (location[0] between -90 and 90 and location[1] between -180 and 180),
  source text not null,
  imported_at timestamptz not null default now()
);
comment on table app_private.water_points is 'Public pumps and taps to fill a can at (imported from GeoJSON by an admin).';
create index water_points_location_idx on app_private.water_points using gist (location);
-- Read only through app_public.water_points_in_view (security definer).
alter table app_private.water_points enable row level security;

create type app_public.water_point as (
  id uuid,
  name text,
  kind text,
  description text,
  latitude float8,
  longitude float8
);
comment on type app_public.water_point is 'A public pump or tap.';
comment on column app_public.water_point.id is E'@notNull';
comment on column app_public.water_point.name is E'@notNull';
comment on column app_public.water_point.kind is E'@notNull\npump or tap.';
comment on column app_public.water_point.latitude is E'@notNull';
comment on column app_public.water_point.longitude is E'@notNull';

-- Replaces every water point with the Point features of a GeoJSON FeatureCollection (or an array
-- of features), coordinates [longitude, latitude] in WGS84. Kind: properties.kind (pump or tap),
-- else a pump when amenity/man_made say so (water_well, pump), else a tap. A bad feature refuses
-- the whole file (INVLD, saying which).
create function app_private.replace_water_points(p_geojson jsonb, p_source text) returns integer
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_features jsonb := case when jsonb_typeof(p_geojson) = 'array' then p_geojson else p_geojson->'features' end;
  v_feature jsonb;
  v_index integer := 0;
  v_lon float8;
  v_lat float8;
  v_props jsonb;
  v_kind text;
  v_name text;
  v_count integer := 0;
begin
  if v_features is null or jsonb_typeof(v_features) <> 'array' then
    raise exception 'Give a GeoJSON FeatureCollection of points' using errcode = 'INVLD';
  end if;
  if jsonb_array_length(v_features) > 10000 then
    raise exception 'At most 10000 water points at a time' using errcode = 'INVLD';
  end if;
  delete from app_private.water_points;
  for v_feature in select value from jsonb_array_elements(v_features) loop
    v_index := v_index + 1;
    if v_feature->'geometry'->>'type' is distinct from 'Point'
       or jsonb_typeof(v_feature->'geometry'->'coordinates'->0) <> 'number'
       or jsonb_typeof(v_feature->'geometry'->'coordinates'->1) <> 'number' then
      raise exception 'Feature % is not a point with coordinates [longitude, latitude]', v_index using errcode = 'INVLD';
    end if;
    v_lon := (v_feature->'geometry'->'coordinates'->>0)::float8;
    v_lat := (v_feature->'geometry'->'coordinates'->>1)::float8;
    if v_lat not between -90 and 90 or v_lon not between -180 and 180 then
      raise exception 'Feature % is off the map (longitude -180 to 180, latitude -90 to 90)', v_index using errcode = 'INVLD';
    end if;
    v_props := coalesce(v_feature->'properties', '{}'::jsonb);
    v_kind := lower(coalesce(v_props->>'kind', ''));
    if v_kind not in ('pump', 'tap') then
      v_kind := case when concat_ws(' ', v_props->>'amenity', v_props->>'man_made', v_props->>'pump') ~* '(pump|water_well)'
                     then 'pump' else 'tap' end;
    end if;
    v_name := nullif(btrim(coalesce(v_props->>'name', '')), '');
    if v_name is not null and char_length(v_name) > 120 then
      raise exception 'Feature %: the name must be at most 120 characters', v_index using errcode = 'INVLD';
    end if;
    if char_length(v_props->>'description') > 500 then
      raise exception 'Feature %: the description must be at most 500 characters', v_index using errcode = 'INVLD';
    end if;
    insert into app_private.water_points (name, kind, description, location, source)
    values (coalesce(v_name, case v_kind when 'pump' then 'Water pump' else 'Water tap' end), v_kind,
            nullif(btrim(v_props->>'description'), ''), point(v_lat, v_lon), p_source);
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;

-- The admin's import (GraphQL importWaterPoints): the layer replaced, and how many points it has.
create function app_public.import_water_points(geojson jsonb, source text default null) returns integer
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if not app_public.current_user_is_admin() then
    raise exception 'Only an admin may do this' using errcode = 'DNIED';
  end if;
  if source is not null and char_length(source) > 200 then
    raise exception 'The source must be at most 200 characters' using errcode = 'INVLD';
  end if;
  return app_private.replace_water_points(geojson, coalesce(nullif(btrim(source), ''), 'import'));
end;
$$;
comment on function app_public.import_water_points(jsonb, text) is
  E'Admins only (DNIED otherwise): replaces the water points with the Point features of a GeoJSON FeatureCollection ([longitude, latitude]); properties name, kind (pump or tap), description. Answers how many were loaded.';
revoke execute on function app_public.import_water_points(jsonb, text) from public;
grant execute on function app_public.import_water_points(jsonb, text) to bk_user;

-- The water points of an area (at most 500), for everyone.
create function app_public.water_points_in_view(west float8, south float8, east float8, north float8)
  returns setof app_public.water_point
  language plpgsql stable strict security definer set search_path to pg_catalog, public, pg_temp
  rows 100
  as $$
begin
  if not west between -180 and 180 or not east between -180 and 180 or west >= east then
    raise exception 'Longitudes must be between -180 and 180, west less than east' using errcode = 'INVLD';
  end if;
  if not south between -90 and 90 or not north between -90 and 90 or south >= north then
    raise exception 'Latitudes must be between -90 and 90, south less than north' using errcode = 'INVLD';
  end if;
  return query
    select w.id, w.name, w.kind, w.description, app_hidden.map_round(w.location[0]), app_hidden.map_round(w.location[1])
    from app_private.water_points w
    where w.location <@ box(point(south, west), point(north, east))
    order by w.id
    limit 500;
end;
$$;
comment on function app_public.water_points_in_view(float8, float8, float8, float8) is
  E'Public pumps and taps in an area (at most 500). Bounds in degrees, west < east, south < north; INVLD otherwise.';
grant execute on function app_public.water_points_in_view(float8, float8, float8, float8) to bk_anonymous;

-- migrate:down
drop function app_public.water_points_in_view(float8, float8, float8, float8);
drop function app_public.import_water_points(jsonb, text);
drop function app_private.replace_water_points(jsonb, text);
drop type app_public.water_point;
drop table app_private.water_points;

drop function app_public.nearest_thing(float8, float8, float8, boolean);
drop function app_hidden.thirsty_thing_places_in_box(box);
alter type app_public.nearby_thing drop attribute water_need;
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
grant execute on function app_public.nearest_thing(float8, float8, float8) to bk_anonymous;

-- things_in_view goes back to 20261122000300's body with the types (dbmate runs this as one file).
alter type app_public.map_thing drop attribute water_need;
alter type app_public.map_cluster drop attribute needs_water;
create or replace function app_public.things_in_view(west float8, south float8, east float8, north float8, zoom float8)
  returns app_public.map_view
  -- Strict: every argument is required (non-null in GraphQL).
  language plpgsql stable strict
  set search_path to pg_catalog, public, pg_temp
  -- Its queries suit any bounds alike, so they are planned once per connection, not per call.
  set plan_cache_mode to force_generic_plan
  as $$
declare
  -- Clusters are drawn up to zoom 16; from 17 every thing is drawn on its own.
  c_last_clustered_zoom constant integer := 16;
  -- Cells are 64 to 128 pixels: level = zoom + 2 (a 256-pixel tile holds 4 x 4 cells).
  c_cells_per_tile_log2 constant integer := 2;
  -- At most 40 x 40 cells (a 2,560-pixel-wide screen at 64-pixel cells); larger areas get coarser cells.
  c_max_cells_per_axis constant integer := 40;
  -- Where the cell counts are as fine as the zoom (up to zoom 12), they answer for more than a few
  -- things (reading a thing costs more than reading a cell). Closer in, the counts are coarser
  -- than the zoom's cells, so things are read one by one up to a couple of thousand.
  c_few constant integer := 200;
  c_live_limit constant integer := 2000;
  -- Things sent one by one at most (with 60-character names, about 230 KB of JSON).
  c_max_things constant integer := 1000;
  -- The finest level of app_private.thing_map_cells.
  c_top_level constant integer := 14;
  v_level integer;
  v_cluster boolean;
  v_x0 integer; v_x1 integer; v_y0 integer; v_y1 integer;
  v_coarse integer;
  v_shift integer;
  v_estimate bigint;
  v_admin boolean := app_public.current_user_is_admin();
  v_result app_public.map_view;
begin
  if not zoom between 0 and 24 then
    raise exception 'Zoom must be between 0 and 24' using errcode = 'INVLD';
  end if;
  if not west between -180 and 180 or not east between -180 and 180 then
    raise exception 'Longitude must be between -180 and 180' using errcode = 'INVLD';
  end if;
  if not south between -90 and 90 or not north between -90 and 90 then
    raise exception 'Latitude must be between -90 and 90' using errcode = 'INVLD';
  end if;
  if west >= east then
    raise exception 'West must be less than east (ask for an area across the 180th meridian in two parts)' using errcode = 'INVLD';
  end if;
  if south >= north then
    raise exception 'South must be less than north' using errcode = 'INVLD';
  end if;

  -- The cells covering the area; an area too large for its zoom gets coarser cells (and clusters).
  v_level := least(floor(zoom)::integer, c_last_clustered_zoom + 1) + c_cells_per_tile_log2;
  v_cluster := zoom < c_last_clustered_zoom + 1;
  loop
    v_x0 := app_hidden.map_cell(app_hidden.map_world_x(west), v_level);
    v_x1 := app_hidden.map_cell(app_hidden.map_world_x(east), v_level);
    v_y0 := app_hidden.map_cell(app_hidden.map_world_y(north), v_level);
    v_y1 := app_hidden.map_cell(app_hidden.map_world_y(south), v_level);
    exit when v_x1 - v_x0 < c_max_cells_per_axis and v_y1 - v_y0 < c_max_cells_per_axis;
    v_level := v_level - 1;
    v_cluster := true;
  end loop;

  -- How many things the area holds, from coarse cells (an over-estimate: they reach beyond it).
  -- The private things of someone who is not an admin are not in the counts; they are few.
  v_shift := v_level - greatest(0, least(v_level, c_top_level) - 3);
  select coalesce(sum(c.count), 0) into v_estimate
  from app_hidden.map_cells(v_level - v_shift, v_x0 >> v_shift, v_x1 >> v_shift, v_y0 >> v_shift, v_y1 >> v_shift) c;

  if v_cluster and v_estimate > (case when v_level <= c_top_level then c_few else c_live_limit end) then
    -- Many things: the cell counts (level 14 at most) plus the private things the caller sees.
    v_coarse := least(v_level, c_top_level);
    v_shift := v_level - v_coarse;
    with mine as (
      -- `= any (array(...))` lets the indexes answer under row-level security.
      select t.id, t.location[0] as latitude, t.location[1] as longitude from app_public.things t
      where not v_admin and t.group_id = any (array(select app_hidden.my_group_ids())) and not t.is_public
      union
      select t.id, t.location[0], t.location[1] from app_public.things t
      where not v_admin and t.id = any (array(select app_hidden.my_thing_ids())) and not t.is_public
    ),
    counted as (
      select c.x, c.y, c.count, c.latitude_sum, c.longitude_sum
      from app_hidden.map_cells(v_coarse, v_x0 >> v_shift, v_x1 >> v_shift, v_y0 >> v_shift, v_y1 >> v_shift) c
      union all
      select app_hidden.map_cell(app_hidden.map_world_x(m.longitude), v_coarse),
             app_hidden.map_cell(app_hidden.map_world_y(m.latitude), v_coarse),
             1, m.latitude, m.longitude
      from mine m
    ),
    cells as (
      select c.x, c.y, sum(c.count)::integer as count,
             sum(c.latitude_sum) / sum(c.count) as latitude, sum(c.longitude_sum) / sum(c.count) as longitude
      from counted c
      where c.x between v_x0 >> v_shift and v_x1 >> v_shift and c.y between v_y0 >> v_shift and v_y1 >> v_shift
      group by c.x, c.y
    ),
    ranked as (
      select c.*, row_number() over (partition by c.count = 1 order by c.x, c.y) as rank from cells c
    ),
    -- A thing alone in its cell is found by its place (the cell's mean is its position).
    resolved as (
      select r.x, r.y, r.count, r.latitude, r.longitude, t.id, t.name, t.type, t.indicator_colour, t.is_public
      from ranked r
      left join lateral (
        select t.id, left(t.name, 60) as name, t.type, t.indicator_colour, t.is_public
        from app_public.things t
        where r.count = 1 and r.rank <= c_max_things
          and t.ctid = any (array(select app_hidden.thing_places_in_box(
                box(point(r.latitude - 1e-7, r.longitude - 1e-7), point(r.latitude + 1e-7, r.longitude + 1e-7)))))
        limit 1
      ) t on true
    )
    select
      (select array_agg(row(r.count, app_hidden.map_round(r.latitude), app_hidden.map_round(r.longitude))::app_public.map_cluster
                        order by r.x, r.y)
       from resolved r where r.id is null),
      (select array_agg(row(r.id, r.name, r.type, r.indicator_colour, r.is_public,
                            app_hidden.map_round(r.latitude), app_hidden.map_round(r.longitude))::app_public.map_thing
                        order by r.x, r.y)
       from resolved r where r.id is not null),
      (select coalesce(sum(r.count), 0) from resolved r),
      false
    into v_result.clusters, v_result.things, v_result.total, v_result.truncated;
  else
    -- Few things, or a zoom that draws each one: read them under row-level security.
    with visible as (
      select v.*, count(*) over (partition by v.x, v.y) as in_cell from (
        select t.id, left(t.name, 60) as name, t.type, t.indicator_colour, t.is_public,
               t.location[0] as latitude, t.location[1] as longitude,
               app_hidden.map_cell(app_hidden.map_world_x(t.location[1]), v_level) as x,
               app_hidden.map_cell(app_hidden.map_world_y(t.location[0]), v_level) as y
        from app_public.things t
        -- The whole cells (a cluster on the edge of the view counts all its things, the same
        -- whichever way the map was panned to it).
        where t.ctid = any (array(select app_hidden.thing_places_in_box(box(
          point(app_hidden.map_latitude((v_y1 + 1)::float8 / (1 << v_level)), app_hidden.map_longitude(v_x0::float8 / (1 << v_level))),
          point(app_hidden.map_latitude(v_y0::float8 / (1 << v_level)), app_hidden.map_longitude((v_x1 + 1)::float8 / (1 << v_level)))))))
      ) v
      where v.x between v_x0 and v_x1 and v.y between v_y0 and v_y1
    ),
    -- Things drawn one by one: alone in their cell, or all of them at the zooms without clusters;
    -- past the limit, a lone thing becomes a cluster of one (or, without clusters, is left out).
    ranked as (
      select v.*, v.in_cell = 1 or not v_cluster as alone,
             row_number() over (partition by v.in_cell = 1 or not v_cluster order by v.x, v.y, v.id) as rank
      from visible v
    )
    select
      (select array_agg(row(c.count, app_hidden.map_round(c.latitude), app_hidden.map_round(c.longitude))::app_public.map_cluster
                        order by c.x, c.y)
       from (select r.x, r.y, count(*)::integer as count, avg(r.latitude) as latitude, avg(r.longitude) as longitude
             from ranked r where v_cluster and (not r.alone or r.rank > c_max_things) group by r.x, r.y) c),
      (select array_agg(row(r.id, r.name, r.type, r.indicator_colour, r.is_public,
                            app_hidden.map_round(r.latitude), app_hidden.map_round(r.longitude))::app_public.map_thing
                        order by r.x, r.y, r.id)
       from ranked r where r.alone and r.rank <= c_max_things),
      (select count(*) from ranked),
      (select count(*) > 0 from ranked r where not v_cluster and r.rank > c_max_things)
    into v_result.clusters, v_result.things, v_result.total, v_result.truncated;
  end if;
  v_result.clusters := coalesce(v_result.clusters, '{}');
  v_result.things := coalesce(v_result.things, '{}');
  return v_result;
end;
$$;
comment on function app_public.things_in_view(float8, float8, float8, float8, float8) is
  E'The things of a map area you may see (public ones, your own and your groups''), clustered below zoom 17.\nBounds in degrees (west < east, south < north), zoom as the map''s (0 to 24). Invalid bounds: INVLD.';
grant execute on function app_public.things_in_view(float8, float8, float8, float8, float8) to bk_anonymous;


drop function app_hidden.map_cells(integer, integer, integer, integer, integer);
create function app_hidden.map_cells(p_level integer, p_x0 integer, p_x1 integer, p_y0 integer, p_y1 integer)
  returns table (x integer, y integer, count integer, latitude_sum float8, longitude_sum float8)
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if app_public.current_user_is_admin() then
    return query
      select c.x, c.y, c.public_count + c.private_count, c.public_latitude_sum + c.private_latitude_sum,
             c.public_longitude_sum + c.private_longitude_sum
      from app_private.thing_map_cells c
      where c.level = p_level and c.x between p_x0 and p_x1 and c.y between p_y0 and p_y1;
  else
    return query
      select c.x, c.y, c.public_count, c.public_latitude_sum, c.public_longitude_sum
      from app_private.thing_map_cells c
      where c.level = p_level and c.x between p_x0 and p_x1 and c.y between p_y0 and p_y1 and c.public_count > 0;
  end if;
end;
$$;
grant execute on function app_hidden.map_cells(integer, integer, integer, integer, integer) to bk_anonymous;


create or replace function app_private.tg_things__map_cells() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_latitudes float8[];
  v_longitudes float8[];
  v_public boolean[];
  v_signs integer[];
begin
  if tg_op = 'TRUNCATE' then
    delete from app_private.thing_map_cells;
    return null;
  elsif tg_op = 'INSERT' then
    select array_agg(n.location[0]), array_agg(n.location[1]), array_agg(n.is_public), array_agg(1)
      into v_latitudes, v_longitudes, v_public, v_signs
      from new_rows n;
  elsif tg_op = 'DELETE' then
    select array_agg(o.location[0]), array_agg(o.location[1]), array_agg(o.is_public), array_agg(-1)
      into v_latitudes, v_longitudes, v_public, v_signs
      from old_rows o;
  else
    select array_agg(c.latitude), array_agg(c.longitude), array_agg(c.is_public), array_agg(c.sign)
      into v_latitudes, v_longitudes, v_public, v_signs
      from old_rows o
      join new_rows n on n.id = o.id
      cross join lateral (values (o.location[0], o.location[1], o.is_public, -1),
                                 (n.location[0], n.location[1], n.is_public, 1)) as c(latitude, longitude, is_public, sign)
      where o.location[0] <> n.location[0] or o.location[1] <> n.location[1] or o.is_public <> n.is_public;
  end if;
  if v_signs is not null then
    perform app_private.thing_map_cells_add(v_latitudes, v_longitudes, v_public, v_signs);
  end if;
  return null;
end;
$$;

drop function app_private.thing_map_cells_add(float8[], float8[], boolean[], integer[], integer[]);
create function app_private.thing_map_cells_add(
  p_latitudes float8[], p_longitudes float8[], p_is_public boolean[], p_signs integer[]
) returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  with changes as (
    select * from unnest(p_latitudes, p_longitudes, p_is_public, p_signs) as c(latitude, longitude, is_public, sign)
  ),
  delta as (
    select l.level, app_hidden.map_cell(app_hidden.map_world_x(longitude), l.level) as x,
           app_hidden.map_cell(app_hidden.map_world_y(latitude), l.level) as y,
           coalesce(sum(sign) filter (where is_public), 0) as public_count,
           coalesce(sum(sign * latitude) filter (where is_public), 0) as public_latitude_sum,
           coalesce(sum(sign * longitude) filter (where is_public), 0) as public_longitude_sum,
           coalesce(sum(sign) filter (where not is_public), 0) as private_count,
           coalesce(sum(sign * latitude) filter (where not is_public), 0) as private_latitude_sum,
           coalesce(sum(sign * longitude) filter (where not is_public), 0) as private_longitude_sum
    from changes, generate_series(0, 14) as l(level)
    group by 1, 2, 3
    -- One order for every writer, so two transactions never wait on each other's cells crosswise.
    order by 1, 2, 3
  )
  insert into app_private.thing_map_cells as c
    (level, x, y, public_count, public_latitude_sum, public_longitude_sum, private_count, private_latitude_sum, private_longitude_sum)
  select * from delta
  on conflict (level, x, y) do update set
    public_count = c.public_count + excluded.public_count,
    public_latitude_sum = c.public_latitude_sum + excluded.public_latitude_sum,
    public_longitude_sum = c.public_longitude_sum + excluded.public_longitude_sum,
    private_count = c.private_count + excluded.private_count,
    private_latitude_sum = c.private_latitude_sum + excluded.private_latitude_sum,
    private_longitude_sum = c.private_longitude_sum + excluded.private_longitude_sum;

  -- Cells left empty go, so the table holds only cells with things.
  if -1 = any (p_signs) then
    delete from app_private.thing_map_cells c
    using (
      select distinct l.level, app_hidden.map_cell(app_hidden.map_world_x(longitude), l.level) as x,
             app_hidden.map_cell(app_hidden.map_world_y(latitude), l.level) as y
      from unnest(p_latitudes, p_longitudes, p_signs) as d(latitude, longitude, sign), generate_series(0, 14) as l(level)
      where d.sign < 0
    ) gone
    where c.level = gone.level and c.x = gone.x and c.y = gone.y and c.public_count = 0 and c.private_count = 0;
  end if;
end;
$$;


alter table app_private.thing_map_cells drop column private_needs_water, drop column public_needs_water;
