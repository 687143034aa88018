-- migrate:up
-- The home page's "Needs water" list now reads the water-need model (issue 21):
-- allThings(condition: { waterNeed: NEEDS_WATER }, orderBy: [NAME_ASC, ID_ASC], first: 5). The few
-- things that need water, in that order, from a small partial index instead of every thing.
create index things_needs_water_name_idx on app_public.things (name, id) where water_need = 'needs_water';

-- migrate:down
drop index app_public.things_needs_water_name_idx;
