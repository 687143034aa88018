-- migrate:up
-- History of things, devices and groups (issue 26, "History and moderation"). Every insert,
-- change and delete of one of them is recorded by a trigger: who (the signed-in user, or null for
-- the system and imports), when, and the fields that changed, before and after, as jsonb. The
-- fields are whatever columns the table has (to_jsonb of the row), minus the ones the system keeps
-- up itself (readings, the water-need model, soilscape look-ups, timestamps, moderation), so a
-- column added later is recorded without touching this file. Those who can see the record see
-- its history (row-level security through the record's own policy); admins see all, also of
-- deleted records. Owners and admins restore an earlier version with restore_history_entry: the
-- stored "before" values of one change are written back, and that is recorded in turn.

create table app_public.history_entries (
  id uuid primary key default gen_random_uuid(),
  target_type text not null constraint history_entries_target_type_known check (target_type in ('thing', 'device', 'group')),
  -- No foreign key: the history outlives a deleted record (admins still read it).
  target_id uuid not null,
  operation text not null constraint history_entries_operation_known check (operation in ('insert', 'update', 'delete')),
  changed_by uuid references app_public.users on delete set null,
  -- The clock, not the transaction start: several changes in one transaction keep their order.
  changed_at timestamptz not null default clock_timestamp(),
  -- Changed fields only: null on insert (before) and delete (after).
  before jsonb,
  after jsonb,
  -- Set when this change was a restore of an earlier entry.
  restored_from_id uuid references app_public.history_entries on delete set null
);
comment on table app_public.history_entries is
  E'@behavior -query:resource:list\nA recorded change of a thing, device or group: who, when, and the changed fields before and after.';
comment on column app_public.history_entries.target_type is 'thing, device or group.';
comment on column app_public.history_entries.target_id is 'The id of the thing, device or group changed.';
comment on column app_public.history_entries.operation is 'insert (created), update (changed) or delete (deleted).';
comment on column app_public.history_entries.changed_by is 'Who made the change; null when the system did (imports, jobs).';
comment on column app_public.history_entries.before is 'The changed fields as they were (null for a creation).';
comment on column app_public.history_entries.after is 'The changed fields as they became (null for a deletion).';
comment on column app_public.history_entries.restored_from_id is 'When this change restored an earlier version: the entry whose "before" values were written back.';
comment on constraint history_entries_changed_by_fkey on app_public.history_entries is E'@fieldName changedByUser';
comment on constraint history_entries_restored_from_id_fkey on app_public.history_entries is E'@fieldName restoredFrom\n@foreignFieldName restorations';
create index history_entries_target_idx on app_public.history_entries (target_type, target_id, changed_at desc, id);
create index history_entries_changed_by_idx on app_public.history_entries (changed_by);
create index history_entries_restored_from_idx on app_public.history_entries (restored_from_id);

alter table app_public.history_entries enable row level security;
-- The record's own select policy decides (its subquery runs under the caller's row-level
-- security), so hidden or private records keep their history to themselves.
create policy select_visible on app_public.history_entries for select using (
  (case target_type
     when 'thing' then (select true from app_public.things t where t.id = history_entries.target_id)
     when 'device' then (select true from app_public.devices d where d.id = history_entries.target_id)
     when 'group' then (select true from app_public.groups g where g.id = history_entries.target_id)
   end) is not null
  or (select app_public.current_user_is_admin()));
grant select on app_public.history_entries to bk_anonymous;

-- Columns not recorded: kept up by the system (readings, indicator, water-need model, soilscape
-- look-ups), timestamps, the picture flag (pictures have their own flow) and moderation.
create function app_hidden.history_ignored_columns(p_table text) returns text[]
  language sql immutable parallel safe
  as $$
  select case p_table
    when 'things' then array[
      'id', 'created_at', 'updated_at', 'created_by', 'has_image', 'hidden_at',
      'water', 'temperature', 'conductivity', 'ph', 'led_state', 'last_sensor_data', 'last_action',
      'indicator_colour', 'indicator_colour_last', 'indicator_colour_changed_at', 'needs_water_notification_at',
      'water_need', 'water_need_reason', 'water_store_percent', 'water_need_at',
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
comment on function app_hidden.history_ignored_columns(text) is
  'Columns of things, devices or groups that the history does not record (and a restore does not write).';
-- The triggers' conditions run as whoever changes the row.
grant execute on function app_hidden.history_ignored_columns(text) to bk_anonymous;

create function app_private.tg__record_history() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_ignored text[] := app_hidden.history_ignored_columns(tg_table_name);
  v_old jsonb;
  v_new jsonb;
  v_before jsonb;
  v_after jsonb;
  v_restoring text := nullif(current_setting('steward.restoring_history_entry', true), '');
begin
  if tg_op <> 'INSERT' then v_old := to_jsonb(old) - v_ignored; end if;
  if tg_op <> 'DELETE' then v_new := to_jsonb(new) - v_ignored; end if;
  if tg_op = 'UPDATE' then
    select jsonb_object_agg(n.key, o.value), jsonb_object_agg(n.key, n.value)
      into v_before, v_after
      from jsonb_each(v_new) n
      left join jsonb_each(v_old) o on o.key = n.key
      where o.value is distinct from n.value;
    if v_after is null then
      return null;
    end if;
  else
    v_before := v_old;
    v_after := v_new;
  end if;
  insert into app_public.history_entries (target_type, target_id, operation, changed_by, before, after, restored_from_id)
    values (case tg_table_name when 'things' then 'thing' when 'devices' then 'device' else 'group' end,
            coalesce(new.id, old.id), lower(tg_op), app_public.current_user_id(), v_before, v_after,
            case when tg_op = 'UPDATE' then v_restoring::uuid end);
  return null;
end;
$$;

-- The condition keeps the trigger off the hot path: a reading or a water-need update changes
-- only ignored columns and costs one comparison, no function call.
create trigger _950_history_insert after insert on app_public.things
  for each row execute function app_private.tg__record_history();
create trigger _950_history_update after update on app_public.things
  for each row when ((to_jsonb(old) - app_hidden.history_ignored_columns('things')) is distinct from
                     (to_jsonb(new) - app_hidden.history_ignored_columns('things')))
  execute function app_private.tg__record_history();
create trigger _950_history_delete after delete on app_public.things
  for each row execute function app_private.tg__record_history();

create trigger _950_history_insert after insert on app_public.devices
  for each row execute function app_private.tg__record_history();
create trigger _950_history_update after update on app_public.devices
  for each row when ((to_jsonb(old) - app_hidden.history_ignored_columns('devices')) is distinct from
                     (to_jsonb(new) - app_hidden.history_ignored_columns('devices')))
  execute function app_private.tg__record_history();
create trigger _950_history_delete after delete on app_public.devices
  for each row execute function app_private.tg__record_history();

create trigger _950_history_insert after insert on app_public.groups
  for each row execute function app_private.tg__record_history();
create trigger _950_history_update after update on app_public.groups
  for each row when ((to_jsonb(old) - app_hidden.history_ignored_columns('groups')) is distinct from
                     (to_jsonb(new) - app_hidden.history_ignored_columns('groups')))
  execute function app_private.tg__record_history();
create trigger _950_history_delete after delete on app_public.groups
  for each row execute function app_private.tg__record_history();

-- Whether the caller may restore versions of a record: its owners and admins.
create function app_hidden.can_restore_history(p_target_type text, p_target_id uuid) returns boolean
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select case p_target_type
    when 'thing' then app_hidden.can_manage_thing(p_target_id)
    when 'device' then app_hidden.can_manage_device(p_target_id)
    when 'group' then app_hidden.can_manage_group(p_target_id)
    else false
  end
$$;
grant execute on function app_hidden.can_restore_history(text, uuid) to bk_anonymous;

create function app_public.history_entries_can_restore(e app_public.history_entries) returns boolean
  language sql stable
  as $$
  select e.operation = 'update' and e.before is not null and app_public.current_user_id() is not null
     and app_hidden.can_restore_history(e.target_type, e.target_id)
$$;
comment on function app_public.history_entries_can_restore(app_public.history_entries) is
  'Whether the signed-in user may restore the version before this change (owners and admins, changes only).';
grant execute on function app_public.history_entries_can_restore(app_public.history_entries) to bk_anonymous;

-- Writes back the values a change replaced. Runs as the caller, so the table's own update policy
-- and column grants apply as to any edit; the fields the caller may not write (and those no longer
-- in the table) are left as they are. Errors: LOGIN (guests), NTFND (no such entry, or one the
-- caller cannot see), DNIED (not an owner or admin), INVLD (a creation, or nothing to change).
create function app_public.restore_history_entry(entry_id uuid) returns app_public.history_entries
  language plpgsql volatile
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_entry app_public.history_entries;
  v_table text;
  v_columns text[];
  v_set text;
  v_count int;
  v_restorations int;
  v_result app_public.history_entries;
begin
  if app_public.current_user_id() is null then
    raise exception 'You must be signed in' using errcode = 'LOGIN';
  end if;
  select * into v_entry from app_public.history_entries where id = entry_id;
  if v_entry.id is null then
    raise exception 'This version was not found' using errcode = 'NTFND';
  end if;
  if not app_hidden.can_restore_history(v_entry.target_type, v_entry.target_id) then
    raise exception 'Only the owners of the % and admins can restore an earlier version', v_entry.target_type
      using errcode = 'DNIED';
  end if;
  if v_entry.operation <> 'update' or v_entry.before is null then
    raise exception 'Only a change can be undone; this entry has no earlier version' using errcode = 'INVLD';
  end if;
  v_table := case v_entry.target_type when 'thing' then 'things' when 'device' then 'devices' else 'groups' end;
  select array_agg(a.attname order by a.attnum) into v_columns
    from pg_attribute a
    where a.attrelid = ('app_public.' || v_table)::regclass and a.attnum > 0 and not a.attisdropped
      and v_entry.before ? a.attname
      and not (a.attname = any (app_hidden.history_ignored_columns(v_table)))
      and has_column_privilege(('app_public.' || v_table)::regclass, a.attname, 'UPDATE');
  if v_columns is null then
    raise exception 'None of the fields of this version can be restored' using errcode = 'INVLD';
  end if;
  select string_agg(format('%1$I = r.%1$I', c), ', ') into v_set from unnest(v_columns) c;
  select count(*) into v_restorations from app_public.history_entries where restored_from_id = v_entry.id;

  perform set_config('steward.restoring_history_entry', v_entry.id::text, true);
  execute format('update app_public.%I t set %s from jsonb_populate_record(null::app_public.%I, $1) r where t.id = $2',
                 v_table, v_set, v_table)
    using v_entry.before, v_entry.target_id;
  get diagnostics v_count = row_count;
  perform set_config('steward.restoring_history_entry', '', true);
  if v_count = 0 then
    raise exception 'This % was not found', v_entry.target_type using errcode = 'NTFND';
  end if;

  -- The trigger records a restore only when a field changed.
  if (select count(*) from app_public.history_entries where restored_from_id = v_entry.id) = v_restorations then
    raise exception 'The % already has the values of this version', v_entry.target_type using errcode = 'INVLD';
  end if;
  select * into v_result from app_public.history_entries
    where restored_from_id = v_entry.id order by changed_at desc, id desc limit 1;
  return v_result;
end;
$$;
comment on function app_public.restore_history_entry(uuid) is
  'Restores the version before a recorded change: writes back its "before" values (owners and admins). The restore is recorded as a change in turn.';
grant execute on function app_public.restore_history_entry(uuid) to bk_user;

-- migrate:down
drop function app_public.restore_history_entry(uuid);
drop function app_public.history_entries_can_restore(app_public.history_entries);
drop function app_hidden.can_restore_history(text, uuid);
drop trigger _950_history_insert on app_public.things;
drop trigger _950_history_update on app_public.things;
drop trigger _950_history_delete on app_public.things;
drop trigger _950_history_insert on app_public.devices;
drop trigger _950_history_update on app_public.devices;
drop trigger _950_history_delete on app_public.devices;
drop trigger _950_history_insert on app_public.groups;
drop trigger _950_history_update on app_public.groups;
drop trigger _950_history_delete on app_public.groups;
drop function app_private.tg__record_history();
drop function app_hidden.history_ignored_columns(text);
drop table app_public.history_entries;
