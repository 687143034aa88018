-- migrate:up
-- Hardening (issue 13): bad input found by the property-based tests
-- (server/test/property-bad-input.test.ts) that reached the database without a clear error.

-- Assigning a task that does not exist (an admin passes row-level security for any id) now says
-- so (NTFND) instead of failing on the notification's missing title.
create or replace function app_private.tg_task_assignments__check_and_notify() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_task app_public.tasks;
  v_thing app_public.things;
  v_visible boolean;
begin
  select * into v_task from app_public.tasks where id = new.task_id;
  -- Without this, a task id that names no task got as far as the notification (null title).
  if v_task.id is null then
    raise exception 'Task not found' using errcode = 'NTFND';
  end if;
  select * into v_thing from app_public.things where id = v_task.thing_id;
  v_visible := v_thing.is_public
    or exists (select 1 from app_public.thing_accesses where thing_id = v_thing.id and user_id = new.assigned_to)
    or exists (select 1 from app_public.group_memberships where group_id = v_thing.group_id and user_id = new.assigned_to)
    or exists (select 1 from app_public.users where id = new.assigned_to and is_admin);
  if not v_visible then
    raise exception 'This person cannot see the thing, so the task cannot be assigned to them' using errcode = 'DNIED';
  end if;
  new.assigned_by := app_public.current_user_id();
  if new.assigned_to is distinct from app_public.current_user_id() then
    perform app_hidden.notify_user(new.assigned_to, 'task_assigned', 'info',
      'Task assigned: ' || v_task.title,
      coalesce((select name from app_public.users where id = app_public.current_user_id()), 'Someone')
        || ' asked you to ' || app_hidden.action_phrase(v_task.action_type) || ' at ' || v_thing.name
        || coalesce(' by ' || to_char(v_task.due_date, 'FMDay FMDD FMMonth'), '') || ': ' || v_task.title,
      '/tasks', v_thing.id, true);
  end if;
  return new;
end;
$$;

-- migrate:down
create or replace function app_private.tg_task_assignments__check_and_notify() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_task app_public.tasks;
  v_thing app_public.things;
  v_visible boolean;
begin
  select * into v_task from app_public.tasks where id = new.task_id;
  select * into v_thing from app_public.things where id = v_task.thing_id;
  v_visible := v_thing.is_public
    or exists (select 1 from app_public.thing_accesses where thing_id = v_thing.id and user_id = new.assigned_to)
    or exists (select 1 from app_public.group_memberships where group_id = v_thing.group_id and user_id = new.assigned_to)
    or exists (select 1 from app_public.users where id = new.assigned_to and is_admin);
  if not v_visible then
    raise exception 'This person cannot see the thing, so the task cannot be assigned to them' using errcode = 'DNIED';
  end if;
  new.assigned_by := app_public.current_user_id();
  if new.assigned_to is distinct from app_public.current_user_id() then
    perform app_hidden.notify_user(new.assigned_to, 'task_assigned', 'info',
      'Task assigned: ' || v_task.title,
      coalesce((select name from app_public.users where id = app_public.current_user_id()), 'Someone')
        || ' asked you to ' || app_hidden.action_phrase(v_task.action_type) || ' at ' || v_thing.name
        || coalesce(' by ' || to_char(v_task.due_date, 'FMDay FMDD FMMonth'), '') || ': ' || v_task.title,
      '/tasks', v_thing.id, true);
  end if;
  return new;
end;
$$;
