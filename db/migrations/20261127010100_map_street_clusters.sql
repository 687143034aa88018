-- migrate:up
-- The map at a city's density (issue 27, a million things). At street zoom (14 and closer)
-- thingsInView sent every thing of the view one by one, up to 1,000 (about 230 KB): a street
-- view of Berlin's trees holds thousands. Now it sends at most 200 one by one (under 50 KB with
-- 60-character names), and a view that holds more is clustered in the zoom's own cells of 64 to
-- 128 pixels, like the zooms below 14. Reading thousands of things one by one for that would
-- cost as much as the table is dense, so the per-cell counts (app_private.thing_map_cells) now
-- go down to level 18 (64 to 128 pixels at zoom 16; was 14): a street view reads about a
-- hundred cells instead of its things. Closer in than zoom 16 the counts are coarser than the
-- view's cells, and up to 2,000 things are read one by one (c_live_limit) as before.

-- The cells' counts for the new levels, from the things there are.
insert into app_private.thing_map_cells as c
  (level, x, y, public_count, public_latitude_sum, public_longitude_sum, private_count, private_latitude_sum,
   private_longitude_sum, public_needs_water, private_needs_water)
select l.level, app_hidden.map_cell(app_hidden.map_world_x(t.location[1]), l.level),
       app_hidden.map_cell(app_hidden.map_world_y(t.location[0]), l.level),
       count(*) filter (where t.is_public and t.hidden_at is null),
       coalesce(sum(t.location[0]) filter (where t.is_public and t.hidden_at is null), 0),
       coalesce(sum(t.location[1]) filter (where t.is_public and t.hidden_at is null), 0),
       count(*) filter (where not (t.is_public and t.hidden_at is null)),
       coalesce(sum(t.location[0]) filter (where not (t.is_public and t.hidden_at is null)), 0),
       coalesce(sum(t.location[1]) filter (where not (t.is_public and t.hidden_at is null)), 0),
       count(*) filter (where t.is_public and t.hidden_at is null and t.water_need = 'needs_water'),
       count(*) filter (where not (t.is_public and t.hidden_at is null) and t.water_need = 'needs_water')
from app_public.things t, generate_series(15, 18) as l(level)
group by 1, 2, 3
order by 1, 2, 3;

create or replace function app_private.thing_map_cells_add(
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
    from changes, generate_series(0, 18) as l(level)
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
      from unnest(p_latitudes, p_longitudes, p_signs) as d(latitude, longitude, sign), generate_series(0, 18) as l(level)
      where d.sign < 0
    ) gone
    where c.level = gone.level and c.x = gone.x and c.y = gone.y and c.public_count = 0 and c.private_count = 0;
  end if;
end;
$$;

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
  -- with its water need (issue 21: a marker per thing where people walk), unless the view holds
  -- more than c_max_things (a city's street: issue 27), when they are clustered too.
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
  -- Things sent one by one at most: with 60-character names about 45 KB of JSON, so an answer
  -- stays under 50 KB (issue 27).
  c_max_things constant integer := 200;
  -- The finest level of app_private.thing_map_cells: 64 to 128 pixels at zoom 16.
  c_top_level constant integer := 18;
  -- The finest cells a crowd at street zoom is clustered in (zoom 24's).
  c_finest_level constant integer := 26;
  v_finer integer;
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

  -- At the zooms that draw each thing, a crowd (more than c_max_things visible to everyone, or
  -- to an admin) is clustered in the zoom's own cells of 64 to 128 pixels, as far as they fit
  -- 40 to an axis: the map's area asks whole cells of level 16, which the finer cells tile.
  if not v_cluster then
    select coalesce(sum(c.count), 0) into v_estimate
    from app_hidden.map_cells(least(v_level, c_top_level), v_x0 >> greatest(0, v_level - c_top_level), v_x1 >> greatest(0, v_level - c_top_level),
                              v_y0 >> greatest(0, v_level - c_top_level), v_y1 >> greatest(0, v_level - c_top_level)) c;
    if v_estimate > c_max_things then
      v_cluster := true;
      v_finer := least(floor(zoom)::integer + c_cells_per_tile_log2, c_finest_level) - v_level;
      while v_finer > 0 and (((v_x1 - v_x0 + 1) << v_finer) > c_max_cells_per_axis or ((v_y1 - v_y0 + 1) << v_finer) > c_max_cells_per_axis) loop
        v_finer := v_finer - 1;
      end loop;
      v_finer := greatest(v_finer, 0);
      v_x0 := v_x0 << v_finer;
      v_x1 := ((v_x1 + 1) << v_finer) - 1;
      v_y0 := v_y0 << v_finer;
      v_y1 := ((v_y1 + 1) << v_finer) - 1;
      v_level := v_level + v_finer;
    end if;
  end if;

  -- How many things the area holds, from coarse cells (an over-estimate: they reach beyond it).
  -- The private things of someone who is not an admin are not in the counts; they are few.
  v_shift := v_level - greatest(0, least(v_level, c_top_level) - 3);
  select coalesce(sum(c.count), 0) into v_estimate
  from app_hidden.map_cells(v_level - v_shift, v_x0 >> v_shift, v_x1 >> v_shift, v_y0 >> v_shift, v_y1 >> v_shift) c;

  if v_cluster and v_estimate > (case when v_level <= c_top_level then c_few else c_live_limit end) then
    -- Many things: the cell counts (level 18 at most) plus the private things the caller sees.
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

-- migrate:down
delete from app_private.thing_map_cells where level > 14;
create or replace function app_private.thing_map_cells_add(
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
