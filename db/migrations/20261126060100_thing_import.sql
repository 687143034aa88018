-- migrate:up
-- Bulk import of things (issue #26, "A real inventory", part 2): a group's owners and admins load
-- rows of a CSV file or GeoJSON features (a council's tree register), keyed by an external id
-- unique in the group, so importing the same file again updates rather than duplicates. A dry
-- run reports what each row would do and every rejected row with the reason, and writes nothing.
--
-- The browser parses the file and sends it in batches (the GraphQL body limit), each row an
-- object of the file's values as text under our column names (web/src/features/import/columns.ts
-- maps a file's headers to them), with its row number in the file; a GeoJSON feature's geometry
-- comes as it is. Everything else is decided here: every value is parsed and checked with the
-- same rules (check_label, check_location, check_thing_attributes...) the table's constraints
-- apply, so a row the dry run accepts is a row the import writes.
--
-- A column the file has sets that field (empty clears it); a column it lacks leaves the field of
-- an existing thing as it is, so a register without descriptions keeps the ones added in the app.

create type app_public.thing_import_outcome as enum ('CREATED', 'UPDATED', 'UNCHANGED', 'REJECTED');
comment on type app_public.thing_import_outcome is 'What an import did (or, in a dry run, would do) with a row.';

create type app_public.thing_import_result as (
  row_number int,
  external_id text,
  outcome app_public.thing_import_outcome,
  message text,
  thing_id uuid
);
comment on type app_public.thing_import_result is 'One row of an import: its number in the file, external id, outcome, why it was rejected, and the thing (not in a dry run of a new one).';

-- Rows per call: a batch of a file, within the GraphQL body limit (64 KB by default).
create function app_hidden.import_rows_per_call() returns int
  language sql immutable as $$ select 500 $$;

-- A value as trimmed text; null when absent, empty or not a scalar.
create function app_hidden.import_text(p_row jsonb, p_key text) returns text
  language sql immutable parallel safe
  as $$
  select nullif(btrim(case when jsonb_typeof(p_row->p_key) in ('string', 'number', 'boolean') then p_row->>p_key end), '')
$$;

-- A decimal number as registers write it ("12", "12.5", "12,5"); raises p_message otherwise.
create function app_hidden.import_number(p_text text, p_message text) returns float8
  language plpgsql immutable
  as $$
begin
  if p_text is null then
    return null;
  end if;
  if p_text !~ '^[-+]?[0-9]{1,12}([.,][0-9]{1,12})?$' then
    raise exception '%', p_message using errcode = 'INVLD';
  end if;
  return replace(p_text, ',', '.')::float8;
end;
$$;

-- A list: a JSON array of texts, or one text split at semicolons or commas.
create function app_hidden.import_list(p_row jsonb, p_key text) returns text[]
  language sql immutable parallel safe
  as $$
  select nullif(array(
    select btrim(x) from (
      select e as x from jsonb_array_elements_text(case when jsonb_typeof(p_row->p_key) = 'array' then p_row->p_key else '[]' end) e
      union all
      select s from regexp_split_to_table(app_hidden.import_text(p_row, p_key), '[;,]') s
    ) l where btrim(x) <> ''), '{}')
$$;

create function app_hidden.import_thing_type(p_text text) returns app_public.thing_type
  language plpgsql immutable
  as $$
declare
  v_key text := upper(regexp_replace(coalesce(p_text, ''), '[^[:alpha:]]', '', 'g'));
begin
  if v_key in (select unnest(enum_range(null::app_public.thing_type))::text) then
    return v_key::app_public.thing_type;
  end if;
  raise exception 'Unknown type "%": use one of %', p_text,
    array_to_string(array(select unnest(enum_range(null::app_public.thing_type))::text), ', ') using errcode = 'INVLD';
end;
$$;

-- A height class from its name ("FROM_5_TO_10_M", "5-10 m", "over 20 m") or a height in metres.
create function app_hidden.import_height_class(p_text text) returns app_public.tree_height_class
  language plpgsql immutable
  as $$
declare
  v_key text := lower(regexp_replace(coalesce(p_text, ''), '\s+', '', 'g'));
  v_metres float8;
begin
  if p_text is null then
    return null;
  end if;
  if upper(p_text) in (select unnest(enum_range(null::app_public.tree_height_class))::text) then
    return upper(p_text)::app_public.tree_height_class;
  end if;
  v_key := regexp_replace(v_key, 'm$', '');
  case
    when v_key in ('<5', '0-5', 'under5', 'upto5') then return 'UNDER_5_M';
    when v_key in ('5-10') then return 'FROM_5_TO_10_M';
    when v_key in ('10-15') then return 'FROM_10_TO_15_M';
    when v_key in ('15-20') then return 'FROM_15_TO_20_M';
    when v_key in ('>20', '20+', 'over20') then return 'OVER_20_M';
    else null;
  end case;
  if v_key ~ '^[0-9]{1,3}([.,][0-9]+)?$' then
    v_metres := replace(v_key, ',', '.')::float8;
    return case when v_metres < 5 then 'UNDER_5_M' when v_metres < 10 then 'FROM_5_TO_10_M' when v_metres < 15 then 'FROM_10_TO_15_M'
                when v_metres < 20 then 'FROM_15_TO_20_M' else 'OVER_20_M' end;
  end if;
  raise exception 'Height class must be under 5 m, 5-10 m, 10-15 m, 15-20 m, over 20 m, or a height in metres' using errcode = 'INVLD';
end;
$$;

create function app_hidden.import_season(p_text text) returns app_public.flowering_season
  language plpgsql immutable
  as $$
begin
  case lower(btrim(p_text))
    when 'spring', 'frühling', 'fruehling', 'frühjahr' then return 'SPRING';
    when 'summer', 'sommer' then return 'SUMMER';
    when 'autumn', 'fall', 'herbst' then return 'AUTUMN';
    when 'winter' then return 'WINTER';
    else raise exception 'Unknown season "%": use spring, summer, autumn or winter', p_text using errcode = 'INVLD';
  end case;
end;
$$;

create function app_hidden.import_boolean(p_text text) returns boolean
  language plpgsql immutable
  as $$
begin
  if p_text is null then
    return null;
  end if;
  case lower(p_text)
    when 'true', 'yes', 'y', '1', 'ja', 'public', 'öffentlich' then return true;
    when 'false', 'no', 'n', '0', 'nein', 'private', 'privat' then return false;
    else raise exception 'Public must be yes or no' using errcode = 'INVLD';
  end case;
end;
$$;

-- The name of an imported thing without one: its species' (or type's) name and its external id.
create function app_hidden.import_default_name(p_type app_public.thing_type, p_species_id text, p_external_id text) returns text
  language sql stable set search_path to pg_catalog, public, pg_temp
  as $$
  select coalesce((select s.common_name_en from app_public.tree_species s where s.id = p_species_id),
                  case p_type when 'BEECAFE' then 'Bee cafe' when 'VEGETABLEBED' then 'Vegetable bed' when 'FLOWERBED' then 'Flower bed'
                              when 'NOTICEBOARD' then 'Notice board' when 'BOOKSHARE' then 'Book share'
                              else initcap(lower(p_type::text)) end)
         || ' ' || p_external_id
$$;

-- One row: the thing as it would be after the import (p_old: the group's thing with this
-- external id, or null). Raises INVLD with the first problem, as the form would.
create function app_hidden.import_thing_row(p_group_id uuid, p_row jsonb, p_old app_public.things) returns app_public.things
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v app_public.things;
  v_text text;
  v_geometry jsonb;
  v_lat text;
  v_lon text;
  v_list text[];
begin
  if p_old.id is not null then
    v := p_old;
  else
    v.id := gen_random_uuid();
    v.group_id := p_group_id;
    v.external_id := app_hidden.import_text(p_row, 'externalId');
    v.type := 'TREE';
    v.is_public := true;
  end if;

  if p_row ? 'type' and app_hidden.import_text(p_row, 'type') is not null then
    v.type := app_hidden.import_thing_type(app_hidden.import_text(p_row, 'type'));
  end if;
  if p_row ? 'name' then
    v.name := app_hidden.import_text(p_row, 'name');
  end if;
  if p_row ? 'description' then
    v.description := app_hidden.import_text(p_row, 'description');
  end if;
  if p_row ? 'locationDescription' then
    v.location_description := app_hidden.import_text(p_row, 'locationDescription');
  end if;
  if p_row ? 'isPublic' then
    -- Empty: as it is (public for a new thing).
    v.is_public := coalesce(app_hidden.import_boolean(app_hidden.import_text(p_row, 'isPublic')), v.is_public);
  end if;

  -- Where: a GeoJSON Point, or latitude and longitude columns.
  if p_row ? 'geometry' then
    v_geometry := p_row->'geometry';
    if v_geometry is null or jsonb_typeof(v_geometry) <> 'object' then
      raise exception 'Location is required: the feature has no geometry' using errcode = 'INVLD';
    end if;
    if v_geometry->>'type' is distinct from 'Point' then
      raise exception 'Only points can be imported, not a %', coalesce(v_geometry->>'type', 'geometry without a type') using errcode = 'INVLD';
    end if;
    if jsonb_typeof(v_geometry->'coordinates'->0) is distinct from 'number' or jsonb_typeof(v_geometry->'coordinates'->1) is distinct from 'number' then
      raise exception 'A point needs coordinates [longitude, latitude]' using errcode = 'INVLD';
    end if;
    v.location := point((v_geometry->'coordinates'->>1)::float8, (v_geometry->'coordinates'->>0)::float8);
  elsif p_row ? 'latitude' or p_row ? 'longitude' or p_old.id is null then
    v_lat := app_hidden.import_text(p_row, 'latitude');
    v_lon := app_hidden.import_text(p_row, 'longitude');
    if v_lat is null then
      raise exception 'Latitude is required' using errcode = 'INVLD';
    end if;
    if v_lon is null then
      raise exception 'Longitude is required' using errcode = 'INVLD';
    end if;
    v.location := point(app_hidden.import_number(v_lat, 'Latitude must be a number'),
                        app_hidden.import_number(v_lon, 'Longitude must be a number'));
  end if;

  -- Attributes by type.
  if p_row ? 'species' then
    v_text := app_hidden.import_text(p_row, 'species');
    v.species_id := app_hidden.tree_species_id_for(v_text);
    if v_text is not null and v.species_id is null then
      raise exception 'Unknown species "%": use a botanical, English or German name from the species list', v_text using errcode = 'INVLD';
    end if;
  end if;
  if p_row ? 'plantingYear' then
    v_text := app_hidden.import_text(p_row, 'plantingYear');
    if v_text is not null and v_text !~ '^[0-9]{4}$' then
      raise exception 'Planting year must be a year such as 2019' using errcode = 'INVLD';
    end if;
    v.planting_year := v_text::int;
  end if;
  if p_row ? 'trunkGirthCm' then
    v.trunk_girth_cm := round(app_hidden.import_number(app_hidden.import_text(p_row, 'trunkGirthCm'), 'Trunk girth must be a number of centimetres')::numeric);
  end if;
  if p_row ? 'heightClass' then
    v.height_class := app_hidden.import_height_class(app_hidden.import_text(p_row, 'heightClass'));
  end if;
  if p_row ? 'volumeLitres' then
    v.volume_litres := app_hidden.import_number(app_hidden.import_text(p_row, 'volumeLitres'), 'Volume must be a number of litres');
  end if;
  if p_row ? 'soilAreaM2' then
    v.soil_area_m2 := app_hidden.import_number(app_hidden.import_text(p_row, 'soilAreaM2'), 'Soil area must be a number of square metres');
  end if;
  if p_row ? 'floweringPlants' then
    v.flowering_plants := app_hidden.import_list(p_row, 'floweringPlants');
  end if;
  if p_row ? 'floweringSeasons' then
    v_list := app_hidden.import_list(p_row, 'floweringSeasons');
    v.flowering_seasons := case when v_list is not null then array(select app_hidden.import_season(s) from unnest(v_list) s) end;
  end if;

  if v.name is null then
    v.name := app_hidden.import_default_name(v.type, v.species_id, v.external_id);
  end if;

  -- The table's rules, in the form's order.
  perform app_hidden.check_label(v.name);
  perform app_hidden.check_description(v.description);
  if char_length(v.location_description) > 500 then
    raise exception 'Location description must be at most 500 characters' using errcode = 'INVLD';
  end if;
  perform app_hidden.check_location(v.location);
  perform app_hidden.check_thing_attributes(v.type, v.species_id, v.planting_year, v.trunk_girth_cm, v.height_class,
                                            v.volume_litres, v.soil_area_m2, v.flowering_plants, v.flowering_seasons);
  return v;
end;
$$;

-- GraphQL importThings: one batch of a file for a group; answers one result per row, in order.
create function app_public.import_things(group_id uuid, rows jsonb, dry_run boolean default true)
returns setof app_public.thing_import_result
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user uuid := app_hidden.require_user();
  v_group uuid := import_things.group_id;
  v_item jsonb;
  v_index int := 0;
  v_row int;
  v_external_id text;
  v_old app_public.things;
  v_new app_public.things;
  v_outcome app_public.thing_import_outcome;
  v_seen jsonb := '{}';
  v_creates app_public.things[] := '{}';
  v_updates app_public.things[] := '{}';
  v_results app_public.thing_import_result[] := '{}';
begin
  if v_group is null then
    raise exception 'Group is required' using errcode = 'INVLD';
  end if;
  if not exists (select 1 from app_public.groups g where g.id = v_group) then
    raise exception 'Group not found' using errcode = 'NTFND';
  end if;
  if not app_hidden.can_manage_group(v_group) then
    raise exception 'Only the group''s owners and admins can import things' using errcode = 'DNIED';
  end if;
  if jsonb_typeof(rows) is distinct from 'array' then
    raise exception 'Give the rows as a list' using errcode = 'INVLD';
  end if;
  if jsonb_array_length(rows) > app_hidden.import_rows_per_call() then
    raise exception 'At most % rows per call', app_hidden.import_rows_per_call() using errcode = 'INVLD';
  end if;

  for v_item in select value from jsonb_array_elements(rows) loop
    v_index := v_index + 1;
    v_row := case when v_item->>'row' ~ '^[0-9]{1,9}$' then (v_item->>'row')::int else v_index end;
    v_external_id := null;
    begin
      if jsonb_typeof(v_item) is distinct from 'object' then
        raise exception 'A row must be an object of columns' using errcode = 'INVLD';
      end if;
      v_external_id := app_hidden.import_text(v_item, 'externalId');
      if v_external_id is null then
        raise exception 'External id is required' using errcode = 'INVLD';
      end if;
      if char_length(v_external_id) > 100 then
        raise exception 'External id must be between 1 and 100 characters' using errcode = 'INVLD';
      end if;
      if v_seen ? v_external_id then
        raise exception 'External id % appears more than once (first in row %)', v_external_id, v_seen->>v_external_id using errcode = 'INVLD';
      end if;
      v_seen := v_seen || jsonb_build_object(v_external_id, v_row);

      v_old := null;
      select * into v_old from app_public.things t where t.group_id = v_group and t.external_id = v_external_id;
      v_new := app_hidden.import_thing_row(v_group, v_item, v_old);

      if v_old.id is null then
        v_outcome := 'CREATED';
        v_creates := v_creates || v_new;
      elsif (v_new.name, v_new.type, v_new.description, v_new.location_description, v_new.is_public, v_new.species_id,
             v_new.planting_year, v_new.trunk_girth_cm, v_new.height_class, v_new.volume_litres, v_new.soil_area_m2,
             v_new.flowering_plants, v_new.flowering_seasons)
            is distinct from
            (v_old.name, v_old.type, v_old.description, v_old.location_description, v_old.is_public, v_old.species_id,
             v_old.planting_year, v_old.trunk_girth_cm, v_old.height_class, v_old.volume_litres, v_old.soil_area_m2,
             v_old.flowering_plants, v_old.flowering_seasons)
            or not (v_new.location ~= v_old.location) then
        v_outcome := 'UPDATED';
        v_updates := v_updates || v_new;
      else
        v_outcome := 'UNCHANGED';
      end if;
      v_results := v_results || row(v_row, v_external_id, v_outcome, null,
                                    case when v_outcome <> 'CREATED' or not coalesce(dry_run, true) then v_new.id end)::app_public.thing_import_result;
    exception
      when sqlstate 'INVLD' then
        v_results := v_results || row(v_row, v_external_id, 'REJECTED', sqlerrm, null)::app_public.thing_import_result;
      when numeric_value_out_of_range then
        v_results := v_results || row(v_row, v_external_id, 'REJECTED', 'A number is out of range', null)::app_public.thing_import_result;
    end;
  end loop;

  if not coalesce(dry_run, true) then
    -- Set-based, so the water need is worked out once for the batch (a statement trigger).
    insert into app_public.things (id, group_id, external_id, name, type, location, description, location_description, is_public,
                                   species_id, planting_year, trunk_girth_cm, height_class, volume_litres, soil_area_m2,
                                   flowering_plants, flowering_seasons, created_by)
    select n.id, n.group_id, n.external_id, n.name, n.type, n.location, n.description, n.location_description, n.is_public,
           n.species_id, n.planting_year, n.trunk_girth_cm, n.height_class, n.volume_litres, n.soil_area_m2,
           n.flowering_plants, n.flowering_seasons, v_user
    from unnest(v_creates) n;
    -- The importer owns what they imported, as createThing's caller does, and each new thing has
    -- its CREATED action.
    insert into app_public.thing_accesses (thing_id, user_id, is_owner, is_collaborator)
    select n.id, v_user, true, true from unnest(v_creates) n;
    insert into app_public.actions (thing_id, type, comments, created_by)
    select n.id, 'CREATED', 'Imported ' || n.name, v_user from unnest(v_creates) n;

    update app_public.things t set
      name = u.name, type = u.type, location = u.location, description = u.description,
      location_description = u.location_description, is_public = u.is_public, species_id = u.species_id,
      planting_year = u.planting_year, trunk_girth_cm = u.trunk_girth_cm, height_class = u.height_class,
      volume_litres = u.volume_litres, soil_area_m2 = u.soil_area_m2, flowering_plants = u.flowering_plants,
      flowering_seasons = u.flowering_seasons
    from unnest(v_updates) u
    where t.id = u.id;
  end if;

  return query select * from unnest(v_results);
end;
$$;
comment on function app_public.import_things(uuid, jsonb, boolean) is
  'The group''s owners and admins import up to 500 rows (a batch of a CSV file or GeoJSON features) into the group, keyed by externalId; a dry run (the default) writes nothing. One result per row: CREATED, UPDATED, UNCHANGED or REJECTED with the reason.';
revoke execute on function app_public.import_things(uuid, jsonb, boolean) from public;
grant execute on function app_public.import_things(uuid, jsonb, boolean) to bk_user;

-- migrate:down
drop function app_public.import_things(uuid, jsonb, boolean);
drop function app_hidden.import_thing_row(uuid, jsonb, app_public.things);
drop function app_hidden.import_default_name(app_public.thing_type, text, text);
drop function app_hidden.import_boolean(text);
drop function app_hidden.import_season(text);
drop function app_hidden.import_height_class(text);
drop function app_hidden.import_thing_type(text);
drop function app_hidden.import_list(jsonb, text);
drop function app_hidden.import_number(text, text);
drop function app_hidden.import_text(jsonb, text);
drop function app_hidden.import_rows_per_call();
drop type app_public.thing_import_result;
drop type app_public.thing_import_outcome;
