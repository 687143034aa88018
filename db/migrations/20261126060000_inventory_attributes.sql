-- migrate:up
-- A real inventory (issue #26, "A real inventory", part 1): attributes by thing type, and what
-- they change in the water-need model (docs/decisions.md "Inventory (issue 26)").
--   trees: species (from app_public.tree_species), planting year, trunk girth (cm), height class;
--   planters and beds (PLANTER, FLOWERBED, VEGETABLEBED): soil volume (litres), soil area (m2);
--   bee cafes: flowering plants, flowering seasons.
-- Each is checked here with the form's messages (errcode INVLD), as the other check_* rules.

create type app_public.tree_height_class as enum ('UNDER_5_M', 'FROM_5_TO_10_M', 'FROM_10_TO_15_M', 'FROM_15_TO_20_M', 'OVER_20_M');
comment on type app_public.tree_height_class is 'A tree''s height in the bands tree registers use: under 5 m, 5-10 m, 10-15 m, 15-20 m, over 20 m.';
create type app_public.flowering_season as enum ('SPRING', 'SUMMER', 'AUTUMN', 'WINTER');
comment on type app_public.flowering_season is 'When a bee cafe''s plants flower.';

---------------------------------------------------------------------------------------------
-- The species list: common street trees of the UK and Germany (written for this project from
-- the usual English and German names; botanical names after current use).

create table app_public.tree_species (
  -- The botanical name as a slug, e.g. tilia-cordata: stable, readable in CSV files.
  id text primary key constraint tree_species_id_valid check (id ~ '^[a-z]+(-[a-z]+)+$'),
  botanical_name text not null unique,
  common_name_en text not null,
  common_name_de text not null,
  -- Other names an import may use (synonyms, other common names).
  other_names text[] not null default '{}'
);
comment on table app_public.tree_species is E'@name tree_species_entry\n@behavior -insert -update -delete\nCommon street trees of the UK and Germany, with their botanical, English and German names.';
alter table app_public.tree_species enable row level security;
create policy select_all on app_public.tree_species for select using (true);
grant select on app_public.tree_species to bk_anonymous;

insert into app_public.tree_species (id, botanical_name, common_name_en, common_name_de, other_names) values
  ('acer-campestre', 'Acer campestre', 'Field maple', 'Feld-Ahorn', '{}'),
  ('acer-platanoides', 'Acer platanoides', 'Norway maple', 'Spitz-Ahorn', '{}'),
  ('acer-pseudoplatanus', 'Acer pseudoplatanus', 'Sycamore', 'Berg-Ahorn', '{Sycamore maple}'),
  ('acer-rubrum', 'Acer rubrum', 'Red maple', 'Rot-Ahorn', '{}'),
  ('acer-saccharinum', 'Acer saccharinum', 'Silver maple', 'Silber-Ahorn', '{}'),
  ('aesculus-hippocastanum', 'Aesculus hippocastanum', 'Horse chestnut', 'Gewöhnliche Rosskastanie', '{Rosskastanie,Conker tree}'),
  ('aesculus-x-carnea', 'Aesculus × carnea', 'Red horse chestnut', 'Rotblühende Rosskastanie', '{}'),
  ('alnus-glutinosa', 'Alnus glutinosa', 'Common alder', 'Schwarz-Erle', '{Alder}'),
  ('alnus-x-spaethii', 'Alnus × spaethii', 'Spaeth''s alder', 'Purpur-Erle', '{}'),
  ('amelanchier-lamarckii', 'Amelanchier lamarckii', 'Juneberry', 'Kupfer-Felsenbirne', '{Snowy mespilus}'),
  ('betula-pendula', 'Betula pendula', 'Silver birch', 'Hänge-Birke', '{Sand-Birke}'),
  ('carpinus-betulus', 'Carpinus betulus', 'Hornbeam', 'Hainbuche', '{}'),
  ('castanea-sativa', 'Castanea sativa', 'Sweet chestnut', 'Edelkastanie', '{Esskastanie}'),
  ('catalpa-bignonioides', 'Catalpa bignonioides', 'Indian bean tree', 'Gewöhnlicher Trompetenbaum', '{Trompetenbaum}'),
  ('celtis-australis', 'Celtis australis', 'Nettle tree', 'Europäischer Zürgelbaum', '{}'),
  ('corylus-colurna', 'Corylus colurna', 'Turkish hazel', 'Baum-Hasel', '{}'),
  ('crataegus-monogyna', 'Crataegus monogyna', 'Hawthorn', 'Eingriffeliger Weißdorn', '{Weißdorn}'),
  ('crataegus-x-lavallei', 'Crataegus × lavallei', 'Lavalle hawthorn', 'Lederblättriger Weißdorn', '{}'),
  ('fagus-sylvatica', 'Fagus sylvatica', 'Common beech', 'Rotbuche', '{Beech}'),
  ('fraxinus-excelsior', 'Fraxinus excelsior', 'Ash', 'Gemeine Esche', '{Common ash,Esche}'),
  ('fraxinus-ornus', 'Fraxinus ornus', 'Manna ash', 'Blumen-Esche', '{}'),
  ('ginkgo-biloba', 'Ginkgo biloba', 'Ginkgo', 'Ginkgo', '{Maidenhair tree,Fächerblattbaum}'),
  ('gleditsia-triacanthos', 'Gleditsia triacanthos', 'Honey locust', 'Amerikanische Gleditschie', '{Lederhülsenbaum}'),
  ('juglans-regia', 'Juglans regia', 'Walnut', 'Walnuss', '{Common walnut}'),
  ('liquidambar-styraciflua', 'Liquidambar styraciflua', 'Sweetgum', 'Amberbaum', '{}'),
  ('liriodendron-tulipifera', 'Liriodendron tulipifera', 'Tulip tree', 'Tulpenbaum', '{}'),
  ('magnolia-kobus', 'Magnolia kobus', 'Kobus magnolia', 'Kobushi-Magnolie', '{}'),
  ('malus-domestica', 'Malus domestica', 'Apple', 'Kultur-Apfel', '{Apfel}'),
  ('malus-sylvestris', 'Malus sylvestris', 'Crab apple', 'Holz-Apfel', '{Wild apple}'),
  ('metasequoia-glyptostroboides', 'Metasequoia glyptostroboides', 'Dawn redwood', 'Urweltmammutbaum', '{}'),
  ('ostrya-carpinifolia', 'Ostrya carpinifolia', 'Hop hornbeam', 'Europäische Hopfenbuche', '{}'),
  ('pinus-sylvestris', 'Pinus sylvestris', 'Scots pine', 'Wald-Kiefer', '{Kiefer}'),
  ('platanus-x-hispanica', 'Platanus × hispanica', 'London plane', 'Ahornblättrige Platane', '{Platanus × acerifolia,Platanus acerifolia,Plane,Platane}'),
  ('populus-nigra', 'Populus nigra', 'Black poplar', 'Schwarz-Pappel', '{}'),
  ('populus-tremula', 'Populus tremula', 'Aspen', 'Zitter-Pappel', '{Espe}'),
  ('prunus-avium', 'Prunus avium', 'Wild cherry', 'Vogel-Kirsche', '{Gean}'),
  ('prunus-cerasifera', 'Prunus cerasifera', 'Cherry plum', 'Kirschpflaume', '{Blut-Pflaume}'),
  ('prunus-padus', 'Prunus padus', 'Bird cherry', 'Gewöhnliche Traubenkirsche', '{Traubenkirsche}'),
  ('prunus-serrulata', 'Prunus serrulata', 'Japanese cherry', 'Japanische Blütenkirsche', '{Japanese flowering cherry}'),
  ('pyrus-calleryana', 'Pyrus calleryana', 'Callery pear', 'Chinesische Wildbirne', '{Stadt-Birne}'),
  ('pyrus-communis', 'Pyrus communis', 'Pear', 'Kultur-Birne', '{Birne}'),
  ('quercus-cerris', 'Quercus cerris', 'Turkey oak', 'Zerr-Eiche', '{}'),
  ('quercus-ilex', 'Quercus ilex', 'Holm oak', 'Stein-Eiche', '{}'),
  ('quercus-petraea', 'Quercus petraea', 'Sessile oak', 'Trauben-Eiche', '{}'),
  ('quercus-robur', 'Quercus robur', 'English oak', 'Stiel-Eiche', '{Pedunculate oak,Oak,Eiche}'),
  ('quercus-rubra', 'Quercus rubra', 'Red oak', 'Rot-Eiche', '{Northern red oak}'),
  ('robinia-pseudoacacia', 'Robinia pseudoacacia', 'False acacia', 'Gewöhnliche Robinie', '{Black locust,Robinie,Scheinakazie}'),
  ('salix-alba', 'Salix alba', 'White willow', 'Silber-Weide', '{}'),
  ('sorbus-aria', 'Sorbus aria', 'Whitebeam', 'Echte Mehlbeere', '{Mehlbeere}'),
  ('sorbus-aucuparia', 'Sorbus aucuparia', 'Rowan', 'Eberesche', '{Mountain ash,Vogelbeere}'),
  ('sorbus-intermedia', 'Sorbus intermedia', 'Swedish whitebeam', 'Schwedische Mehlbeere', '{}'),
  ('sorbus-torminalis', 'Sorbus torminalis', 'Wild service tree', 'Elsbeere', '{}'),
  ('taxus-baccata', 'Taxus baccata', 'Yew', 'Eibe', '{English yew}'),
  ('tilia-cordata', 'Tilia cordata', 'Small-leaved lime', 'Winter-Linde', '{Small-leaved linden}'),
  ('tilia-platyphyllos', 'Tilia platyphyllos', 'Large-leaved lime', 'Sommer-Linde', '{}'),
  ('tilia-tomentosa', 'Tilia tomentosa', 'Silver lime', 'Silber-Linde', '{}'),
  ('tilia-x-euchlora', 'Tilia × euchlora', 'Caucasian lime', 'Krim-Linde', '{}'),
  ('tilia-x-europaea', 'Tilia × europaea', 'Common lime', 'Holländische Linde', '{Tilia × vulgaris,Tilia × intermedia,Lime,Linde}'),
  ('ulmus-glabra', 'Ulmus glabra', 'Wych elm', 'Berg-Ulme', '{}'),
  ('ulmus-minor', 'Ulmus minor', 'Field elm', 'Feld-Ulme', '{}'),
  ('zelkova-serrata', 'Zelkova serrata', 'Japanese zelkova', 'Japanische Zelkove', '{}');

-- The form of a name that matching compares: lower case, letters only, without a cultivar in
-- quotes, a part in brackets or the hybrid sign, so "Tilia x europaea 'Pallida'", "Tilia ×
-- europaea" and "tilia europaea" meet, as do "Feld-Ahorn" and "Feldahorn".
create function app_hidden.species_key(p_name text) returns text
  language sql immutable parallel safe
  as $$
  select regexp_replace(
           regexp_replace(
             regexp_replace(lower(coalesce(p_name, '')), '[''‘’"“”][^''‘’"“”]*[''‘’"“”]|\([^)]*\)', ' ', 'g'),
             '(^|\s)[x×](\s|$)|×', ' ', 'g'),
           '[^[:alpha:]]', '', 'g')
$$;

-- The species an import's text names: its id, botanical, English, German or other name; else the
-- first two words as a botanical name ("Acer platanoides Crimson King"). Null when unknown.
create function app_hidden.tree_species_id_for(p_name text) returns text
  language sql stable set search_path to pg_catalog, public, pg_temp
  as $$
  with k as (
    select app_hidden.species_key(p_name) as full_key,
           app_hidden.species_key(array_to_string((regexp_split_to_array(btrim(regexp_replace(p_name, '(^|\s)[x×](\s|$)|×', ' ', 'g')), '\s+'))[1:2], ' ')) as two_words
  )
  select s.id from app_public.tree_species s, k
  where k.full_key <> ''
    and (s.id = lower(btrim(p_name))
         or k.full_key in (app_hidden.species_key(s.botanical_name), app_hidden.species_key(s.common_name_en),
                           app_hidden.species_key(s.common_name_de))
         or k.full_key in (select app_hidden.species_key(o) from unnest(s.other_names) o)
         or k.two_words = app_hidden.species_key(s.botanical_name))
  order by (s.id = lower(btrim(p_name))) desc,
           (k.full_key = app_hidden.species_key(s.botanical_name)) desc,
           (k.full_key in (app_hidden.species_key(s.common_name_en), app_hidden.species_key(s.common_name_de))) desc,
           s.id
  limit 1
$$;

---------------------------------------------------------------------------------------------
-- The attributes on things, and their rules.

alter table app_public.things
  add column species_id text references app_public.tree_species on update cascade on delete restrict,
  add column planting_year int,
  add column trunk_girth_cm int,
  add column height_class app_public.tree_height_class,
  add column volume_litres float8,
  add column soil_area_m2 float8,
  add column flowering_plants text[],
  add column flowering_seasons app_public.flowering_season[],
  -- The id the thing has in the register it was imported from (a council's tree number).
  add column external_id text;
create index things_species_id_idx on app_public.things (species_id);
alter table app_public.things add constraint things_group_external_id_key unique (group_id, external_id);
comment on constraint things_group_external_id_key on app_public.things is E'@behavior -single -update -delete';

comment on column app_public.things.species_id is 'A tree''s species (app_public.tree_species).';
comment on column app_public.things.planting_year is 'The year a tree was planted.';
comment on column app_public.things.trunk_girth_cm is 'A tree''s trunk girth (circumference) in cm, measured at 1.3 m (breast height) as registers do.';
comment on column app_public.things.height_class is 'A tree''s height band.';
comment on column app_public.things.volume_litres is 'The soil volume of a planter or bed, in litres.';
comment on column app_public.things.soil_area_m2 is 'The soil surface of a planter or bed, in m2.';
comment on column app_public.things.flowering_plants is 'The flowering plants of a bee cafe.';
comment on column app_public.things.flowering_seasons is 'When a bee cafe flowers.';
comment on column app_public.things.external_id is E'@behavior -insert -update\nThe thing''s id in the register it was imported from (unique within its group); set by importThings.';

-- Types whose attributes are which.
create function app_hidden.is_planter_or_bed(p_type app_public.thing_type) returns boolean
  language sql immutable parallel safe
  as $$ select p_type in ('PLANTER', 'FLOWERBED', 'VEGETABLEBED') $$;

-- The rules, in the form's order (web/src/features/things/attributes.ts has the same messages).
-- Stable, not immutable: the planting year may not be in the future, and this year moves on
-- (a year valid once stays valid).
create function app_hidden.check_thing_attributes(
  p_type app_public.thing_type, p_species_id text, p_planting_year int, p_trunk_girth_cm int,
  p_height_class app_public.tree_height_class, p_volume_litres float8, p_soil_area_m2 float8,
  p_flowering_plants text[], p_flowering_seasons app_public.flowering_season[]
) returns boolean
  language sql stable
  as $$
  select case
    when p_type is distinct from 'TREE'
         and (p_species_id is not null or p_planting_year is not null or p_trunk_girth_cm is not null or p_height_class is not null)
      then app_hidden.invalid('Species, planting year, trunk girth and height class are for trees only')
    when not app_hidden.is_planter_or_bed(p_type) and (p_volume_litres is not null or p_soil_area_m2 is not null)
      then app_hidden.invalid('Volume and soil area are for planters and beds only')
    when p_type is distinct from 'BEECAFE' and (p_flowering_plants is not null or p_flowering_seasons is not null)
      then app_hidden.invalid('Flowering plants and seasons are for bee cafes only')
    when p_planting_year is not null
         and p_planting_year not between 1500 and extract(year from now() at time zone 'Europe/London')::int
      then app_hidden.invalid('Planting year must be between 1500 and this year')
    when p_trunk_girth_cm is not null and p_trunk_girth_cm not between 1 and 2000
      then app_hidden.invalid('Trunk girth must be between 1 and 2000 cm')
    when p_volume_litres is not null and not (p_volume_litres between 1 and 100000)
      then app_hidden.invalid('Volume must be between 1 and 100000 litres')
    when p_soil_area_m2 is not null and not (p_soil_area_m2 between 0.01 and 10000)
      then app_hidden.invalid('Soil area must be between 0.01 and 10000 m²')
    when cardinality(p_flowering_plants) > 30
      then app_hidden.invalid('At most 30 flowering plants')
    when exists (select 1 from unnest(p_flowering_plants) f where f is null or char_length(btrim(f)) not between 1 and 100 or f <> btrim(f))
      then app_hidden.invalid('Each flowering plant must be between 1 and 100 characters')
    when cardinality(p_flowering_plants) > (select count(distinct lower(f)) from unnest(p_flowering_plants) f)
      then app_hidden.invalid('Each flowering plant may be named once')
    when exists (select 1 from unnest(p_flowering_seasons) s where s is null)
         or cardinality(p_flowering_seasons) > (select count(distinct s) from unnest(p_flowering_seasons) s)
      then app_hidden.invalid('Each season may be chosen once')
    else true
  end
$$;
grant execute on function app_hidden.check_thing_attributes(app_public.thing_type, text, int, int, app_public.tree_height_class, float8, float8, text[], app_public.flowering_season[]) to bk_anonymous;
grant execute on function app_hidden.is_planter_or_bed(app_public.thing_type) to bk_anonymous;

alter table app_public.things add constraint things_attributes_valid check (app_hidden.check_thing_attributes(
  type, species_id, planting_year, trunk_girth_cm, height_class, volume_litres, soil_area_m2, flowering_plants, flowering_seasons));
alter table app_public.things add constraint things_external_id_valid check (
  external_id is null or (char_length(external_id) between 1 and 100 and external_id = btrim(external_id))
  or app_hidden.invalid('External id must be between 1 and 100 characters'));

-- An unknown species id gets a message of ours rather than the foreign key's.
create function app_private.tg_things__species_known() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if new.species_id is not null and not exists (select 1 from app_public.tree_species where id = new.species_id) then
    raise exception 'Choose a species from the list' using errcode = 'INVLD';
  end if;
  return new;
end;
$$;
create trigger _250_species_known before insert or update of species_id on app_public.things
  for each row execute function app_private.tg_things__species_known();

grant update (species_id, planting_year, trunk_girth_cm, height_class, volume_litres, soil_area_m2,
              flowering_plants, flowering_seasons) on app_public.things to bk_user;

---------------------------------------------------------------------------------------------
-- createThing takes the attributes too (one call, one transaction; added at the end, with
-- defaults, so earlier callers are unchanged).

drop function app_public.create_thing(uuid, text, app_public.thing_type, point, boolean, boolean, text, text, app_public.indicator_parameter);
create function app_public.create_thing(
  group_id uuid, name text, type app_public.thing_type, location point, is_public boolean,
  has_image boolean default false, description text default null, location_description text default null,
  indicator_parameter app_public.indicator_parameter default 'WATER',
  species_id text default null, planting_year int default null, trunk_girth_cm int default null,
  height_class app_public.tree_height_class default null, volume_litres float8 default null,
  soil_area_m2 float8 default null, flowering_plants text[] default null,
  flowering_seasons app_public.flowering_season[] default null
) returns app_public.things
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_thing app_public.things;
begin
  perform app_hidden.require_user();
  perform app_hidden.assert_can_use_group(create_thing.group_id);
  if type is null then
    raise exception 'Type is required' using errcode = 'INVLD';
  end if;
  if is_public is null then
    raise exception 'Choose whether the thing is public' using errcode = 'INVLD';
  end if;
  insert into app_public.things (group_id, name, type, location, is_public, has_image, description,
                                 location_description, indicator_parameter, created_by,
                                 species_id, planting_year, trunk_girth_cm, height_class, volume_litres, soil_area_m2,
                                 flowering_plants, flowering_seasons)
    values (create_thing.group_id, create_thing.name, create_thing.type, create_thing.location, create_thing.is_public,
            coalesce(create_thing.has_image, false), create_thing.description, create_thing.location_description,
            coalesce(create_thing.indicator_parameter, 'WATER'), app_public.current_user_id(),
            create_thing.species_id, create_thing.planting_year, create_thing.trunk_girth_cm, create_thing.height_class,
            create_thing.volume_litres, create_thing.soil_area_m2, create_thing.flowering_plants, create_thing.flowering_seasons)
    returning * into v_thing;
  insert into app_public.thing_accesses (thing_id, user_id, is_owner, is_collaborator)
    values (v_thing.id, app_public.current_user_id(), true, true);
  perform app_hidden.after_thing_created(v_thing.id);
  -- As it is now: the water need was worked out after the insert (a statement trigger).
  select * into v_thing from app_public.things where id = v_thing.id;
  return v_thing;
end;
$$;
comment on function app_public.create_thing(uuid, text, app_public.thing_type, point, boolean, boolean, text, text, app_public.indicator_parameter,
                                            text, int, int, app_public.tree_height_class, float8, float8, text[], app_public.flowering_season[])
  is 'Creates a thing you own in one of your groups, with its attributes by type, and records its CREATED action.';
revoke execute on function app_public.create_thing(uuid, text, app_public.thing_type, point, boolean, boolean, text, text, app_public.indicator_parameter,
                                                   text, int, int, app_public.tree_height_class, float8, float8, text[], app_public.flowering_season[]) from public;
grant execute on function app_public.create_thing(uuid, text, app_public.thing_type, point, boolean, boolean, text, text, app_public.indicator_parameter,
                                                  text, int, int, app_public.tree_height_class, float8, float8, text[], app_public.flowering_season[]) to bk_user;

---------------------------------------------------------------------------------------------
-- The water-need model reads the attributes (docs/decisions.md "Inventory (issue 26)"):
--   a planter's or bed's soil area is the area a watering spreads over (litres / m2 = mm), and
--   its soil volume sets the store: depth (volume / area, mm) x 0.14 plant-available water per
--   unit of soil (FAO-56 Table 19, loam, as the type defaults assume), depth counted to 1 m;
--   a tree planted less than 3 years ago (this year or the two before) has only its root ball
--   and pit to draw on: a 45 mm store (about 0.3 m of roots) and stress after 40% is used; an
--   established one (3 years or more) roots about 1 m deep: 140 mm. Without a planting year the
--   type's figures stay (90 mm, p 0.5).
-- One SQL function, inlined where it is called (not security definer, no SET), so the hourly run
-- over every thing costs no function call per thing.

create function app_hidden.thing_water_parameters(
  p_type app_public.thing_type, p_planting_year int, p_volume_litres float8, p_soil_area_m2 float8, p_today date
) returns table (kc float8, area_m2 float8, capacity_mm float8, stress_fraction float8, default_litres float8,
                 rain_reaches boolean, basis text)
  language sql stable
  as $$
  select p.kc,
         coalesce(p_soil_area_m2, p.area_m2),
         case when p_type = 'TREE' and p_planting_year is not null
                then case when extract(year from p_today)::int - p_planting_year < 3 then 45::float8 else 140::float8 end
              when p_volume_litres is not null
                then greatest(1, 0.14 * least(p_volume_litres / coalesce(p_soil_area_m2, p.area_m2), 1000))
              else p.capacity_mm end,
         case when p_type = 'TREE' and p_planting_year is not null and extract(year from p_today)::int - p_planting_year < 3
                then 0.4::float8 else p.stress_fraction end,
         p.default_litres,
         p.rain_reaches,
         case when p_type = 'TREE' and p_planting_year is not null
                then case when extract(year from p_today)::int - p_planting_year < 3 then 'young tree' else 'established tree' end
              when p_type = 'TREE' then 'tree of unknown age'
              when p_volume_litres is not null and p_soil_area_m2 is not null then 'its soil volume and area'
              when p_volume_litres is not null then 'its soil volume'
              when p_soil_area_m2 is not null then 'its soil area'
              else 'the type''s typical size' end
  from app_private.water_need_parameters p
  where p.type = p_type and p.needs_watering
$$;
comment on function app_hidden.thing_water_parameters(app_public.thing_type, int, float8, float8, date) is
  'The water-balance parameters of a thing: its type''s, changed by its planting year (trees) or soil volume and area (planters and beds).';

-- The model as in 20261125000900_water_need_model.sql; only `th` changed: the parameters come
-- from thing_water_parameters (the attributes) instead of the type's row alone.
create or replace function app_hidden.water_balance_days(p_ids uuid[], p_from date, p_skip_sensed boolean default false)
returns table (thing_id uuid, day date, rain_mm float8, rain_source text, watered_litres float8, et_mm float8,
               store_mm float8, capacity_mm float8, refill_mm float8, start_day date)
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp set jit to off set plan_cache_mode to force_custom_plan set work_mem to '64MB'
  as $$
#variable_conflict use_column
begin
  -- plpgsql, so each call is planned for its own arrays (one thing or all).
  return query
  with win as (
    select app_hidden.water_today() as today, app_hidden.water_today() - app_hidden.water_window_days() as w0
  ), chosen as (
    -- Two branches, so a list of ids is an index scan and "all" a plain scan.
    select t.* from app_public.things t where p_ids is null
    union all
    select t.* from app_public.things t where t.id = any(p_ids)
  ), th as (
    select t.id, round(t.location[0]::numeric, 1) as glat, round(t.location[1]::numeric, 1) as glon,
           p.kc, p.area_m2, p.capacity_mm, p.stress_fraction, p.default_litres, p.rain_reaches
    from win cross join chosen t
      cross join lateral app_hidden.thing_water_parameters(t.type, t.planting_year, t.volume_litres, t.soil_area_m2, win.today) p
    where not (p_skip_sensed and t.water is not null and t.last_sensor_data > now() - interval '48 hours')
  ), cells as (
    select distinct glat, glon from th
  ), cd as (
    select x.latitude as glat, x.longitude as glon, x.day, x.et0_mm, x.et0_measured, x.rain_mm, x.rain_source
    from win cross join lateral app_hidden.water_cells_days(
      (select array_agg(glat) from cells), (select array_agg(glon) from cells), least(coalesce(p_from, win.w0), win.w0), win.today) x
  ), cell_first as (
    select cd.glat, cd.glon, min(cd.day) filter (where cd.rain_source is not null or cd.et0_measured) as first_known
    from cd, win where cd.day >= win.w0 group by cd.glat, cd.glon
  ), wat as (
    select a.thing_id, (a.created_at at time zone 'Europe/London')::date as day,
           sum(coalesce(a.litres, th.default_litres)) as litres
    from win, th join app_public.actions a on a.thing_id = th.id
    where a.type = 'WATERING' and a.created_at <= now()
      and a.created_at >= (least(coalesce(p_from, win.w0), win.w0)::timestamp at time zone 'Europe/London')
    group by 1, 2
  ), first_watering as (
    select w.thing_id, min(w.day) as first_watering from wat w, win where w.day >= win.w0 group by w.thing_id
  ), starts as (
    select th.*, s.start_day,
           case when cf.first_known is not null and cf.first_known <= coalesce(fw.first_watering, cf.first_known)
                then th.capacity_mm else (1 - th.stress_fraction) * th.capacity_mm end as init_mm
    from th cross join win
      left join cell_first cf on cf.glat = th.glat and cf.glon = th.glon
      left join first_watering fw on fw.thing_id = th.id
      cross join lateral (select coalesce(least(fw.first_watering, cf.first_known),
                                          case when exists (select 1 from app_public.actions a where a.thing_id = th.id and a.type = 'WATERING')
                                               then win.w0 end) as start_day) s
    where s.start_day is not null
  )
  select s.id, cd.day, cd.rain_mm, cd.rain_source, w.litres, s.kc * cd.et0_mm,
         app_hidden.water_store(
           case when s.rain_reaches then coalesce(cd.rain_mm, 0) else 0 end + coalesce(w.litres, 0) / s.area_m2,
           case when cd.day < win.today then s.kc * cd.et0_mm else 0 end,
           s.capacity_mm, s.init_mm) filter (where cd.day >= s.start_day) over (partition by s.id order by cd.day),
         s.capacity_mm, (1 - s.stress_fraction) * s.capacity_mm, s.start_day
  from starts s cross join win
    join cd on cd.glat = s.glat and cd.glon = s.glon
    left join wat w on w.thing_id = s.id and w.day = cd.day;
end;
$$;

-- A change of the model's attributes works the state out again at once, as a move or retype does.
drop trigger _360_water_need_refresh on app_public.things;
create trigger _360_water_need_refresh after update of water, last_sensor_data, hydration_levels, type, location,
    planting_year, volume_litres, soil_area_m2 on app_public.things
  for each row
  when (old.type is distinct from new.type or not (old.location ~= new.location)
        or (old.planting_year, old.volume_litres, old.soil_area_m2) is distinct from (new.planting_year, new.volume_litres, new.soil_area_m2)
        or (old.water is not null and old.last_sensor_data > now() - interval '48 hours'
            and (new.water is null or new.last_sensor_data is null or new.last_sensor_data <= now() - interval '48 hours')))
  execute function app_private.tg_things__water_need_refresh_row();

-- What the model counts for this thing, for its page ("a young tree: a 45 mm store").
create type app_public.water_parameters as (
  area_m2 float8,
  capacity_mm float8,
  refill_mm float8,
  capacity_litres float8,
  basis text
);
comment on type app_public.water_parameters is 'The water-need model''s figures for a thing: the area a watering spreads over (m2), the store (mm and litres), the level below which it needs water (mm), and what they come from.';

create function app_public.things_water_parameters(t app_public.things) returns app_public.water_parameters
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select row(p.area_m2, round(p.capacity_mm::numeric, 1)::float8, round(((1 - p.stress_fraction) * p.capacity_mm)::numeric, 1)::float8,
             round((p.capacity_mm * p.area_m2)::numeric)::float8, p.basis)::app_public.water_parameters
  from app_hidden.thing_water_parameters(t.type, t.planting_year, t.volume_litres, t.soil_area_m2, app_hidden.water_today()) p
$$;
comment on function app_public.things_water_parameters(app_public.things) is
  'The water-need model''s figures for this thing (null for things that need no watering).';
grant execute on function app_public.things_water_parameters(app_public.things) to bk_anonymous;

-- migrate:down
drop function app_public.things_water_parameters(app_public.things);
drop type app_public.water_parameters;
drop trigger _360_water_need_refresh on app_public.things;
create trigger _360_water_need_refresh after update of water, last_sensor_data, hydration_levels, type, location on app_public.things
  for each row
  when (old.type is distinct from new.type or not (old.location ~= new.location)
        or (old.water is not null and old.last_sensor_data > now() - interval '48 hours'
            and (new.water is null or new.last_sensor_data is null or new.last_sensor_data <= now() - interval '48 hours')))
  execute function app_private.tg_things__water_need_refresh_row();
create or replace function app_hidden.water_balance_days(p_ids uuid[], p_from date, p_skip_sensed boolean default false)
returns table (thing_id uuid, day date, rain_mm float8, rain_source text, watered_litres float8, et_mm float8,
               store_mm float8, capacity_mm float8, refill_mm float8, start_day date)
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp set jit to off set plan_cache_mode to force_custom_plan set work_mem to '64MB'
  as $$
#variable_conflict use_column
begin
  return query
  with win as (
    select app_hidden.water_today() as today, app_hidden.water_today() - app_hidden.water_window_days() as w0
  ), chosen as (
    select t.* from app_public.things t where p_ids is null
    union all
    select t.* from app_public.things t where t.id = any(p_ids)
  ), th as (
    select t.id, round(t.location[0]::numeric, 1) as glat, round(t.location[1]::numeric, 1) as glon,
           p.kc, p.area_m2, p.capacity_mm, p.stress_fraction, p.default_litres, p.rain_reaches
    from chosen t join app_private.water_need_parameters p on p.type = t.type and p.needs_watering
    where not (p_skip_sensed and t.water is not null and t.last_sensor_data > now() - interval '48 hours')
  ), cells as (
    select distinct glat, glon from th
  ), cd as (
    select x.latitude as glat, x.longitude as glon, x.day, x.et0_mm, x.et0_measured, x.rain_mm, x.rain_source
    from win cross join lateral app_hidden.water_cells_days(
      (select array_agg(glat) from cells), (select array_agg(glon) from cells), least(coalesce(p_from, win.w0), win.w0), win.today) x
  ), cell_first as (
    select cd.glat, cd.glon, min(cd.day) filter (where cd.rain_source is not null or cd.et0_measured) as first_known
    from cd, win where cd.day >= win.w0 group by cd.glat, cd.glon
  ), wat as (
    select a.thing_id, (a.created_at at time zone 'Europe/London')::date as day,
           sum(coalesce(a.litres, th.default_litres)) as litres
    from win, th join app_public.actions a on a.thing_id = th.id
    where a.type = 'WATERING' and a.created_at <= now()
      and a.created_at >= (least(coalesce(p_from, win.w0), win.w0)::timestamp at time zone 'Europe/London')
    group by 1, 2
  ), first_watering as (
    select w.thing_id, min(w.day) as first_watering from wat w, win where w.day >= win.w0 group by w.thing_id
  ), starts as (
    select th.*, s.start_day,
           case when cf.first_known is not null and cf.first_known <= coalesce(fw.first_watering, cf.first_known)
                then th.capacity_mm else (1 - th.stress_fraction) * th.capacity_mm end as init_mm
    from th cross join win
      left join cell_first cf on cf.glat = th.glat and cf.glon = th.glon
      left join first_watering fw on fw.thing_id = th.id
      cross join lateral (select coalesce(least(fw.first_watering, cf.first_known),
                                          case when exists (select 1 from app_public.actions a where a.thing_id = th.id and a.type = 'WATERING')
                                               then win.w0 end) as start_day) s
    where s.start_day is not null
  )
  select s.id, cd.day, cd.rain_mm, cd.rain_source, w.litres, s.kc * cd.et0_mm,
         app_hidden.water_store(
           case when s.rain_reaches then coalesce(cd.rain_mm, 0) else 0 end + coalesce(w.litres, 0) / s.area_m2,
           case when cd.day < win.today then s.kc * cd.et0_mm else 0 end,
           s.capacity_mm, s.init_mm) filter (where cd.day >= s.start_day) over (partition by s.id order by cd.day),
         s.capacity_mm, (1 - s.stress_fraction) * s.capacity_mm, s.start_day
  from starts s cross join win
    join cd on cd.glat = s.glat and cd.glon = s.glon
    left join wat w on w.thing_id = s.id and w.day = cd.day;
end;
$$;
drop function app_hidden.thing_water_parameters(app_public.thing_type, int, float8, float8, date);
drop function app_public.create_thing(uuid, text, app_public.thing_type, point, boolean, boolean, text, text, app_public.indicator_parameter,
                                      text, int, int, app_public.tree_height_class, float8, float8, text[], app_public.flowering_season[]);
create function app_public.create_thing(
  group_id uuid, name text, type app_public.thing_type, location point, is_public boolean,
  has_image boolean default false, description text default null, location_description text default null,
  indicator_parameter app_public.indicator_parameter default 'WATER'
) returns app_public.things
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_thing app_public.things;
begin
  perform app_hidden.require_user();
  perform app_hidden.assert_can_use_group(create_thing.group_id);
  if type is null then
    raise exception 'Type is required' using errcode = 'INVLD';
  end if;
  if is_public is null then
    raise exception 'Choose whether the thing is public' using errcode = 'INVLD';
  end if;
  insert into app_public.things (group_id, name, type, location, is_public, has_image, description,
                                 location_description, indicator_parameter, created_by)
    values (create_thing.group_id, create_thing.name, create_thing.type, create_thing.location, create_thing.is_public,
            coalesce(create_thing.has_image, false), create_thing.description, create_thing.location_description,
            coalesce(create_thing.indicator_parameter, 'WATER'), app_public.current_user_id())
    returning * into v_thing;
  insert into app_public.thing_accesses (thing_id, user_id, is_owner, is_collaborator)
    values (v_thing.id, app_public.current_user_id(), true, true);
  perform app_hidden.after_thing_created(v_thing.id);
  select * into v_thing from app_public.things where id = v_thing.id;
  return v_thing;
end;
$$;
comment on function app_public.create_thing(uuid, text, app_public.thing_type, point, boolean, boolean, text, text, app_public.indicator_parameter)
  is 'Creates a thing you own in one of your groups, and records its CREATED action.';
grant execute on function app_public.create_thing(uuid, text, app_public.thing_type, point, boolean, boolean, text, text, app_public.indicator_parameter) to bk_user;
drop trigger _250_species_known on app_public.things;
drop function app_private.tg_things__species_known();
alter table app_public.things drop constraint things_external_id_valid;
alter table app_public.things drop constraint things_attributes_valid;
drop function app_hidden.check_thing_attributes(app_public.thing_type, text, int, int, app_public.tree_height_class, float8, float8, text[], app_public.flowering_season[]);
drop function app_hidden.is_planter_or_bed(app_public.thing_type);
alter table app_public.things drop constraint things_group_external_id_key;
alter table app_public.things
  drop column species_id, drop column planting_year, drop column trunk_girth_cm, drop column height_class,
  drop column volume_litres, drop column soil_area_m2, drop column flowering_plants, drop column flowering_seasons,
  drop column external_id;
drop function app_hidden.tree_species_id_for(text);
drop function app_hidden.species_key(text);
drop table app_public.tree_species;
drop type app_public.flowering_season;
drop type app_public.tree_height_class;
