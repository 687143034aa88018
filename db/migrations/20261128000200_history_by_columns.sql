-- migrate:up
-- The change history's update condition compares columns, not two jsonb copies of the row
-- (issue 27, "A million things"; docs/decisions.md, "The hourly recompute grows with the
-- things"). `to_jsonb(old) - ignored is distinct from to_jsonb(new) - ignored` built and compared
-- two jsonb documents for every updated row, readings and water-need updates included, about a
-- third of the hourly recompute's UPDATE. Now the condition calls
-- app_hidden.history_changed(old, new), a SQL function written from the table's columns (minus
-- app_hidden.history_ignored_columns) that the planner inlines into plain column comparisons.
--
-- A column added later must still be recorded without naming it anywhere (db/test/history.test.ts):
-- an event trigger writes the function again after every ALTER TABLE of things, devices or
-- groups, and all three after app_hidden.history_ignored_columns is replaced. The trigger's condition depends on the function, not on the columns, so dropping a
-- column is not blocked by it (the function is written again at the end of that same command).
--
-- The comparison is of the values' bytes (record_image_ne, `*<>`), because some columns (point)
-- have no equality operator. Bytes differ where jsonb would not (1.0 against 1.00): then the
-- trigger function runs, finds no changed field and records nothing, as before; equal bytes are
-- always equal values, so no change is missed. (`::record`: between two ROW(...) the operator
-- would apply column by column.)

create function app_hidden.history_write_comparison(p_table text) returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_old text;
  v_new text;
begin
  select string_agg('o.' || quote_ident(a.attname), ', ' order by a.attnum),
         string_agg('n.' || quote_ident(a.attname), ', ' order by a.attnum)
    into v_old, v_new
    from pg_attribute a
    where a.attrelid = format('app_public.%I', p_table)::regclass and a.attnum > 0 and not a.attisdropped
      and a.attname <> all (app_hidden.history_ignored_columns(p_table));
  -- Not security definer, not strict, no settings: so the planner can inline it.
  execute format(
    'create or replace function app_hidden.history_changed(o app_public.%1$I, n app_public.%1$I) returns boolean
       language sql immutable parallel safe as %2$L',
    p_table,
    case when v_old is null then 'select false' else format('select row(%s)::record *<> row(%s)::record', v_old, v_new) end);
  execute format('comment on function app_hidden.history_changed(app_public.%1$I, app_public.%1$I) is %2$L', p_table,
    'Whether a change of ' || p_table || ' touched a recorded column. Written by app_hidden.history_write_comparison after every ALTER TABLE; do not edit.');
  -- The triggers' conditions run as whoever changes the row.
  execute format('grant execute on function app_hidden.history_changed(app_public.%1$I, app_public.%1$I) to bk_anonymous', p_table);
end;
$$;
comment on function app_hidden.history_write_comparison(text) is
  'Writes app_hidden.history_changed(old, new) for things, devices or groups from the table''s current columns.';

create function app_private.tg__history_columns() returns event_trigger
  language plpgsql security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_table text;
begin
  for v_table in
    select distinct c.relname::text
    from pg_event_trigger_ddl_commands() d join pg_class c on c.oid = d.objid
    where d.classid = 'pg_class'::regclass and c.relnamespace = 'app_public'::regnamespace
      and c.relname in ('things', 'devices', 'groups')
    union
    select t from pg_event_trigger_ddl_commands() d, unnest(array['things', 'devices', 'groups']) t
    where d.classid = 'pg_proc'::regclass and d.objid = to_regprocedure('app_hidden.history_ignored_columns(text)')
  loop
    perform app_hidden.history_write_comparison(v_table);
  end loop;
end;
$$;
-- Event triggers need a superuser. Where the migrating role is not one (some managed services),
-- the comparison is still written below, once; a later migration that adds a column to these
-- tables must then call app_hidden.history_write_comparison for the table itself (docs/scaling.md).
do $$
begin
  create event trigger history_columns on ddl_command_end when tag in ('ALTER TABLE', 'CREATE FUNCTION')
    execute function app_private.tg__history_columns();
exception when insufficient_privilege then
  raise warning 'history_columns: no event trigger (not a superuser); after adding a column to things, devices or groups, run select app_hidden.history_write_comparison(''<table>'')';
end;
$$;

select app_hidden.history_write_comparison(t) from unnest(array['things', 'devices', 'groups']) t;

drop trigger _950_history_update on app_public.things;
create trigger _950_history_update after update on app_public.things
  for each row when (app_hidden.history_changed(old, new))
  execute function app_private.tg__record_history();
drop trigger _950_history_update on app_public.devices;
create trigger _950_history_update after update on app_public.devices
  for each row when (app_hidden.history_changed(old, new))
  execute function app_private.tg__record_history();
drop trigger _950_history_update on app_public.groups;
create trigger _950_history_update after update on app_public.groups
  for each row when (app_hidden.history_changed(old, new))
  execute function app_private.tg__record_history();

-- migrate:down
drop trigger _950_history_update on app_public.things;
create trigger _950_history_update after update on app_public.things
  for each row when ((to_jsonb(old) - app_hidden.history_ignored_columns('things')) is distinct from
                     (to_jsonb(new) - app_hidden.history_ignored_columns('things')))
  execute function app_private.tg__record_history();
drop trigger _950_history_update on app_public.devices;
create trigger _950_history_update after update on app_public.devices
  for each row when ((to_jsonb(old) - app_hidden.history_ignored_columns('devices')) is distinct from
                     (to_jsonb(new) - app_hidden.history_ignored_columns('devices')))
  execute function app_private.tg__record_history();
drop trigger _950_history_update on app_public.groups;
create trigger _950_history_update after update on app_public.groups
  for each row when ((to_jsonb(old) - app_hidden.history_ignored_columns('groups')) is distinct from
                     (to_jsonb(new) - app_hidden.history_ignored_columns('groups')))
  execute function app_private.tg__record_history();
drop event trigger if exists history_columns;
drop function app_private.tg__history_columns();
drop function app_hidden.history_changed(app_public.things, app_public.things);
drop function app_hidden.history_changed(app_public.devices, app_public.devices);
drop function app_hidden.history_changed(app_public.groups, app_public.groups);
drop function app_hidden.history_write_comparison(text);
