-- migrate:up
-- Each thing's newest care action, kept on the thing (issue 27). The home dashboard showed it for
-- each of my things as a list of one (actionsByThingId, first: 1): a third level of queries under
-- my things, which GraphQL runs as a query of its own after the things arrive, on every visit to
-- the home page. As a column kept by the actions' triggers, the action is a join in the things'
-- own query (Thing.lastCareAction). The newest action that is not hidden (a hidden action shows
-- only to admins; the column holds what everyone may see), by created_at then id, as the list
-- ordered them. Kept on insert, on delete (an undo), and when an action is hidden, shown again or
-- moved in time.

-- Not recorded in the change history, as last_action is not.
create or replace function app_hidden.history_ignored_columns(p_table text) returns text[]
  language sql immutable parallel safe
  as $$
  select case p_table
    when 'things' then array[
      'id', 'created_at', 'updated_at', 'created_by', 'has_image', 'hidden_at',
      'water', 'temperature', 'conductivity', 'ph', 'led_state', 'last_sensor_data', 'last_action', 'last_action_id',
      'indicator_colour', 'indicator_colour_last', 'indicator_colour_changed_at', 'needs_water_notification_at',
      'water_need', 'water_need_reason', 'water_need_reason_parts', 'water_store_percent', 'water_need_at',
      'texture', 'drainage', 'fertility', 'landcover', 'habitats', 'carbon', 'drains_to', 'water_protection',
      'general_cropping']
    when 'devices' then array[
      'id', 'created_at', 'updated_at', 'has_image',
      'water', 'temperature', 'conductivity', 'ph', 'led_state', 'battery', 'rssi', 'snr', 'last_sensor_data',
      'indicator_colour']
    when 'groups' then array['id', 'created_at', 'updated_at', 'has_image', 'slug']
    else array[]::text[]
  end
$$;

alter table app_public.things add column last_action_id uuid;
-- The event trigger does this after an ALTER TABLE where it exists (docs/scaling.md).
select app_hidden.history_write_comparison('things');
comment on column app_public.things.last_action_id is
  E'@behavior -insert -update -filterBy -orderBy\nThe newest care action on this thing that is not hidden (kept by the actions'' triggers).';
-- No foreign key: deleting an action must not wait on, or cascade into, a scan of the things; the
-- triggers below keep the column right. The relation GraphQL needs is declared instead.
comment on table app_public.things is
  E'@foreignKey (last_action_id) references app_public.actions (id)|@fieldName lastCareAction|@backwardBehavior -manyRelation:resource:list -manyRelation:resource:connection\nA shared public thing people look after: a planter, a tree, a bee cafe...';

-- Sets last_action_id of these things to their newest action that is not hidden.
create function app_private.refresh_things_last_action(p_things uuid[]) returns void
  language sql security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
  update app_public.things t set last_action_id = l.id
  from unnest(p_things) as x(id)
  left join lateral (
    select a.id from app_public.actions a
    where a.thing_id = x.id and a.hidden_at is null
    order by a.created_at desc, a.id desc limit 1
  ) l on true
  where t.id = x.id and t.last_action_id is distinct from l.id
$$;

create function app_private.tg_actions__last_action_inserted() returns trigger
  language plpgsql security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
begin
  perform app_private.refresh_things_last_action(array(select distinct thing_id from new_actions));
  return null;
end;
$$;
create function app_private.tg_actions__last_action_deleted() returns trigger
  language plpgsql security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
begin
  -- Only things whose shown action went (a thing being deleted with its actions is gone already).
  perform app_private.refresh_things_last_action(array(
    select distinct t.id from old_actions o join app_public.things t on t.id = o.thing_id and t.last_action_id = o.id));
  return null;
end;
$$;
create function app_private.tg_actions__last_action_changed() returns trigger
  language plpgsql security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
begin
  perform app_private.refresh_things_last_action(array[old.thing_id, new.thing_id]);
  return null;
end;
$$;

create trigger _510_last_action_inserted after insert on app_public.actions
  referencing new table as new_actions for each statement execute function app_private.tg_actions__last_action_inserted();
create trigger _510_last_action_deleted after delete on app_public.actions
  referencing old table as old_actions for each statement execute function app_private.tg_actions__last_action_deleted();
-- (A trigger with a column list cannot have transition tables: a row trigger, for what is rare.)
create trigger _510_last_action_changed after update of hidden_at, created_at, thing_id on app_public.actions
  for each row when (old.hidden_at is distinct from new.hidden_at or old.created_at is distinct from new.created_at
                     or old.thing_id is distinct from new.thing_id)
  execute function app_private.tg_actions__last_action_changed();

-- The things there are now.
update app_public.things t set last_action_id = l.id
from (
  select distinct on (a.thing_id) a.thing_id, a.id from app_public.actions a
  where a.hidden_at is null order by a.thing_id, a.created_at desc, a.id desc
) l
where t.id = l.thing_id;

-- migrate:down
drop trigger _510_last_action_changed on app_public.actions;
drop trigger _510_last_action_deleted on app_public.actions;
drop trigger _510_last_action_inserted on app_public.actions;
drop function app_private.tg_actions__last_action_changed();
drop function app_private.tg_actions__last_action_deleted();
drop function app_private.tg_actions__last_action_inserted();
drop function app_private.refresh_things_last_action(uuid[]);
comment on table app_public.things is 'A shared public thing people look after: a planter, a tree, a bee cafe...';
alter table app_public.things drop column last_action_id;
select app_hidden.history_write_comparison('things');
create or replace function app_hidden.history_ignored_columns(p_table text) returns text[]
  language sql immutable parallel safe
  as $$
  select case p_table
    when 'things' then array[
      'id', 'created_at', 'updated_at', 'created_by', 'has_image', 'hidden_at',
      'water', 'temperature', 'conductivity', 'ph', 'led_state', 'last_sensor_data', 'last_action',
      'indicator_colour', 'indicator_colour_last', 'indicator_colour_changed_at', 'needs_water_notification_at',
      'water_need', 'water_need_reason', 'water_need_reason_parts', 'water_store_percent', 'water_need_at',
      'texture', 'drainage', 'fertility', 'landcover', 'habitats', 'carbon', 'drains_to', 'water_protection',
      'general_cropping']
    when 'devices' then array[
      'id', 'created_at', 'updated_at', 'has_image',
      'water', 'temperature', 'conductivity', 'ph', 'led_state', 'battery', 'rssi', 'snr', 'last_sensor_data',
      'indicator_colour']
    when 'groups' then array['id', 'created_at', 'updated_at', 'has_image', 'slug']
    else array[]::text[]
  end
$$;
