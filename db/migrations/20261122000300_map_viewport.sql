-- migrate:up
-- /map loads things by the visible area (issue 8): `thingsInView(west, south, east, north, zoom)`
-- answers the visible things of an area, clustered on a grid of map cells, small enough to stay
-- fast with 100,000 things. The grid is Web Mercator's (the map's own projection), so a cell is
-- square on the screen and a cluster stays where it is when the map pans.
--
-- Two ways to an answer, same result:
--  - few things in the area: read them under row-level security and group them;
--  - many (more than 200 up to zoom 12, more than 2,000 closer in): read per-cell counts kept by
--    triggers (app_private.thing_map_cells, levels 0 to 14), adding the private things the caller
--    may see (their own and their groups'), which no shared count may reveal.

---------------------------------------------------------------------------------------------
-- The grid

-- Web Mercator "world" coordinates in [0, 1], as map tiles use: x grows east, y grows south.
create function app_hidden.map_world_x(longitude float8) returns float8
  language sql immutable parallel safe
  as $$ select (longitude + 180) / 360 $$;

create function app_hidden.map_world_y(latitude float8) returns float8
  language sql immutable parallel safe
  -- Mercator reaches infinity at the poles; maps stop at +-85.0511 degrees (y = 0 and 1).
  as $$ select 0.5 - asinh(tan(radians(least(85.0511287798, greatest(-85.0511287798, latitude))))) / (2 * pi()) $$;

create function app_hidden.map_longitude(world_x float8) returns float8
  language sql immutable parallel safe
  as $$ select world_x * 360 - 180 $$;

create function app_hidden.map_latitude(world_y float8) returns float8
  language sql immutable parallel safe
  as $$ select degrees(atan(sinh(pi() * (1 - 2 * world_y)))) $$;

-- The cell of a world coordinate at a level (2^level cells across the world).
create function app_hidden.map_cell(world float8, level integer) returns integer
  language sql immutable parallel safe
  as $$ select least((1 << level) - 1, greatest(0, floor(world * (1 << level))))::integer $$;

grant execute on function app_hidden.map_world_x(float8) to bk_anonymous;
grant execute on function app_hidden.map_world_y(float8) to bk_anonymous;
grant execute on function app_hidden.map_longitude(float8) to bk_anonymous;
grant execute on function app_hidden.map_latitude(float8) to bk_anonymous;
grant execute on function app_hidden.map_cell(float8, integer) to bk_anonymous;

---------------------------------------------------------------------------------------------
-- Counts per cell, kept by triggers

-- Public and private things apart: everyone may count public things, only admins private ones.
-- Sums of coordinates give a cluster's centre (their mean).
create table app_private.thing_map_cells (
  level smallint not null,
  x integer not null,
  y integer not null,
  public_count integer not null default 0,
  public_latitude_sum float8 not null default 0,
  public_longitude_sum float8 not null default 0,
  private_count integer not null default 0,
  private_latitude_sum float8 not null default 0,
  private_longitude_sum float8 not null default 0,
  primary key (level, x, y)
);
comment on table app_private.thing_map_cells is
  'Things per map cell (levels 0 to 14 of the Web Mercator grid), for clustering large areas fast.';
-- Read only through app_hidden.map_cells (security definer); no web role has a policy or grant.
alter table app_private.thing_map_cells enable row level security;

-- Adds (sign 1) or removes (sign -1) things from their cells at every level, in one statement.
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

-- Statement-level, so a bulk insert updates each cell once. An update counts only when a thing
-- moved or changed visibility (sensor readings update things often and leave the cells alone).
create function app_private.tg_things__map_cells() returns trigger
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
create trigger _800_map_cells_insert after insert on app_public.things
  referencing new table as new_rows
  for each statement execute function app_private.tg_things__map_cells();
create trigger _800_map_cells_update after update on app_public.things
  referencing old table as old_rows new table as new_rows
  for each statement execute function app_private.tg_things__map_cells();
create trigger _800_map_cells_delete after delete on app_public.things
  referencing old table as old_rows
  for each statement execute function app_private.tg_things__map_cells();
create trigger _800_map_cells_truncate after truncate on app_public.things
  for each statement execute function app_private.tg_things__map_cells();

-- The things there are already.
select app_private.thing_map_cells_add(array_agg(location[0]), array_agg(location[1]), array_agg(is_public), array_agg(1))
from app_public.things
having count(*) > 0;

-- Cells of a level within a range, public things only unless the caller is an admin (who sees
-- every thing). Security definer: the counts include things the caller may not see one by one.
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

-- Where the things of an area are stored (their row versions' ctid), found with the GiST index on
-- location. Under row-level security PostgreSQL may not use that index for `location <@ box`:
-- the operator is not leakproof, so the policy has to run first, on every row (a scan of all
-- things). Callers read the rows at these places with `ctid = any (...)` (a TID scan) under
-- row-level security as usual, so nobody sees more than before.
create function app_hidden.thing_places_in_box(p_area box) returns setof tid
  language sql stable security definer rows 200 set search_path to pg_catalog, public, pg_temp
  as $$ select t.ctid from app_public.things t where t.location <@ p_area $$;
grant execute on function app_hidden.thing_places_in_box(box) to bk_anonymous;

---------------------------------------------------------------------------------------------
-- thingsInView

create type app_public.map_cluster as (
  count integer,
  latitude float8,
  longitude float8
);
comment on type app_public.map_cluster is 'Things close together on the map at this zoom: how many, and their centre.';
comment on column app_public.map_cluster.count is E'@notNull';
comment on column app_public.map_cluster.latitude is E'@notNull';
comment on column app_public.map_cluster.longitude is E'@notNull';

create type app_public.map_thing as (
  id uuid,
  name text,
  type app_public.thing_type,
  indicator_colour text,
  is_public boolean,
  latitude float8,
  longitude float8
);
comment on type app_public.map_thing is 'A thing as the map draws it.';
comment on column app_public.map_thing.id is E'@notNull';
comment on column app_public.map_thing.name is E'@notNull\nThe name, cut to 60 characters.';
comment on column app_public.map_thing.type is E'@notNull';
comment on column app_public.map_thing.is_public is E'@notNull';
comment on column app_public.map_thing.latitude is E'@notNull';
comment on column app_public.map_thing.longitude is E'@notNull';

create type app_public.map_view as (
  clusters app_public.map_cluster[],
  things app_public.map_thing[],
  total integer,
  truncated boolean
);
comment on type app_public.map_view is 'The things of a map area: clusters, and things alone in their cell.';
comment on column app_public.map_view.clusters is E'@notNull';
comment on column app_public.map_view.things is E'@notNull';
comment on column app_public.map_view.total is E'@notNull\nVisible things in the area (the clusters'' counts plus the things).';
comment on column app_public.map_view.truncated is E'@notNull\nWhether things were left out (more than 1,000 at a zoom that draws each one).';

-- Six decimals of a degree is about 10 cm: all a map needs, and a smaller answer.
create function app_hidden.map_round(value float8) returns float8
  language sql immutable parallel safe
  as $$ select round(value::numeric, 6)::float8 $$;
grant execute on function app_hidden.map_round(float8) to bk_anonymous;

create function app_public.things_in_view(west float8, south float8, east float8, north float8, zoom float8)
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

-- migrate:down
drop function app_public.things_in_view(float8, float8, float8, float8, float8);
drop function app_hidden.map_round(float8);
drop type app_public.map_view;
drop type app_public.map_thing;
drop type app_public.map_cluster;
drop function app_hidden.thing_places_in_box(box);
drop function app_hidden.map_cells(integer, integer, integer, integer, integer);
drop trigger _800_map_cells_truncate on app_public.things;
drop trigger _800_map_cells_delete on app_public.things;
drop trigger _800_map_cells_update on app_public.things;
drop trigger _800_map_cells_insert on app_public.things;
drop function app_private.tg_things__map_cells();
drop function app_private.thing_map_cells_add(float8[], float8[], boolean[], integer[]);
drop table app_private.thing_map_cells;
drop function app_hidden.map_cell(float8, integer);
drop function app_hidden.map_latitude(float8);
drop function app_hidden.map_longitude(float8);
drop function app_hidden.map_world_y(float8);
drop function app_hidden.map_world_x(float8);
