-- migrate:up
-- Tasks: care work planned on things, assigned to people (spec sections 3, 4, 5, 7, 8).

create type app_public.task_status as enum ('notStarted', 'inProgress', 'completed');
create type app_public.task_priority as enum ('low', 'normal', 'medium', 'high');

create table app_public.tasks (
  id uuid primary key default gen_random_uuid(),
  thing_id uuid not null references app_public.things on delete cascade,
  action_type app_public.action_type not null,
  title text not null constraint tasks_title_valid check (
    case
      when btrim(title) = '' then app_hidden.invalid('Title is required')
      when char_length(btrim(title)) not between 3 and 255 then app_hidden.invalid('Title must be between 3 and 255 characters')
      else true
    end),
  description text constraint tasks_description_valid check (app_hidden.check_description(description)),
  status app_public.task_status not null default 'notStarted',
  priority app_public.task_priority not null default 'normal',
  due_date date,
  completed_at timestamptz,
  created_by uuid references app_public.users on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table app_public.tasks is 'Care work planned on a thing.';
comment on column app_public.tasks.description is 'Notes.';
comment on column app_public.tasks.created_by is E'@behavior -insert -update';
comment on column app_public.tasks.completed_at is E'@behavior -insert -update\nWhen the task was completed.';
create index tasks_thing_id_idx on app_public.tasks (thing_id);
create index tasks_created_by_idx on app_public.tasks (created_by);
create index tasks_due_date_idx on app_public.tasks (due_date nulls last, priority desc);
create index tasks_status_idx on app_public.tasks (status);

create trigger _100_timestamps before insert or update on app_public.tasks
  for each row execute function app_private.tg__timestamps();

create table app_public.task_assignments (
  id uuid primary key default gen_random_uuid(),
  task_id uuid not null references app_public.tasks on delete cascade,
  assigned_to uuid not null references app_public.users on delete cascade,
  assigned_by uuid references app_public.users on delete set null,
  assigned_at timestamptz not null default now(),
  constraint task_assignments_task_user_key unique (task_id, assigned_to)
);
comment on constraint task_assignments_task_user_key on app_public.task_assignments is E'@behavior -single -update -delete';
comment on column app_public.task_assignments.assigned_by is E'@behavior -insert -update';
create index task_assignments_assigned_to_idx on app_public.task_assignments (assigned_to);
create index task_assignments_assigned_by_idx on app_public.task_assignments (assigned_by);

---------------------------------------------------------------------------------------------
-- Who plans: the thing's owners and collaborators, members of its group, and admins.

create function app_hidden.can_plan_on_thing(p_thing_id uuid) returns boolean
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select app_public.current_user_is_admin()
      or exists (select 1 from app_public.thing_accesses
                 where thing_id = p_thing_id and user_id = app_public.current_user_id() and (is_owner or is_collaborator))
      or exists (select 1 from app_public.things t
                 where t.id = p_thing_id and t.group_id in (select app_hidden.my_group_ids()))
$$;

create function app_hidden.my_assigned_task_ids() returns setof uuid
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$ select task_id from app_public.task_assignments where assigned_to = app_public.current_user_id() $$;

create function app_hidden.can_see_task(p_task_id uuid) returns boolean
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  select exists (select 1 from app_public.tasks t where t.id = p_task_id
                 and (app_hidden.can_plan_on_thing(t.thing_id) or t.id in (select app_hidden.my_assigned_task_ids())))
$$;

create function app_public.tasks_can_edit(t app_public.tasks) returns boolean
  language sql stable as $$ select app_hidden.can_plan_on_thing(t.thing_id) $$;
comment on function app_public.tasks_can_edit(app_public.tasks) is 'Whether you may change this task and its assignments.';

create function app_public.tasks_is_overdue(t app_public.tasks) returns boolean
  language sql stable as $$ select t.status <> 'completed' and t.due_date < current_date $$;

-- Recorder and completion time are the database's to set.
create function app_private.tg_tasks__stamps() returns trigger
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if tg_op = 'INSERT' then
    new.created_by := coalesce(app_public.current_user_id(), new.created_by);
  end if;
  if new.status = 'completed' and (tg_op = 'INSERT' or old.status <> 'completed') then
    new.completed_at := now();
  elsif new.status <> 'completed' then
    new.completed_at := null;
  end if;
  return new;
end;
$$;
create trigger _200_stamps before insert or update on app_public.tasks
  for each row execute function app_private.tg_tasks__stamps();

-- "asked you to <phrase> at <thing>".
create function app_hidden.action_phrase(p_type app_public.action_type) returns text
  language sql immutable
  as $$
  select case p_type
    when 'WATERING' then 'water'
    when 'LITTER_CLEANUP' then 'clean up litter'
    when 'UPKEEP' then 'do some upkeep'
    when 'EDUCATION' then 'run an education session'
    when 'MEASUREMENT' then 'take a measurement'
    when 'SHARE' then 'share'
    else 'look after'
  end
$$;
grant execute on function app_hidden.action_phrase(app_public.action_type) to bk_anonymous;

-- An assignee must be able to see the thing; the assignment is announced in the app and by e-mail.
create function app_private.tg_task_assignments__check_and_notify() returns trigger
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
create trigger _500_check_and_notify before insert on app_public.task_assignments
  for each row execute function app_private.tg_task_assignments__check_and_notify();

---------------------------------------------------------------------------------------------
-- Row-level security

alter table app_public.tasks enable row level security;
alter table app_public.task_assignments enable row level security;

create policy select_visible on app_public.tasks for select to bk_user
  using (app_hidden.can_plan_on_thing(thing_id) or id in (select app_hidden.my_assigned_task_ids()));
create policy insert_planner on app_public.tasks for insert to bk_user
  with check (app_hidden.can_plan_on_thing(thing_id));
-- Planners change tasks; assignees may move their task along (status).
create policy update_planner_or_assignee on app_public.tasks for update to bk_user
  using (app_hidden.can_plan_on_thing(thing_id) or id in (select app_hidden.my_assigned_task_ids()));
create policy delete_creator_or_owner on app_public.tasks for delete to bk_user
  using (created_by = (select app_public.current_user_id()) or app_hidden.can_manage_thing(thing_id));

create policy select_visible on app_public.task_assignments for select to bk_user
  using (app_hidden.can_see_task(task_id));
create policy insert_planner on app_public.task_assignments for insert to bk_user
  with check (exists (select 1 from app_public.tasks t where t.id = task_id and app_hidden.can_plan_on_thing(t.thing_id)));
create policy delete_planner_or_self on app_public.task_assignments for delete to bk_user
  using (assigned_to = (select app_public.current_user_id())
         or exists (select 1 from app_public.tasks t where t.id = task_id and app_hidden.can_plan_on_thing(t.thing_id)));

-- Assignees who are not planners may change only the status.
create function app_private.tg_tasks__assignee_changes_status_only() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if current_setting('role', true) in ('bk_user', 'bk_admin') and not app_hidden.can_plan_on_thing(old.thing_id)
     and (new.thing_id, new.action_type, new.title, new.description, new.priority, new.due_date)
         is distinct from (old.thing_id, old.action_type, old.title, old.description, old.priority, old.due_date) then
    raise exception 'As an assignee you can change the task''s status only' using errcode = 'DNIED';
  end if;
  if new.thing_id is distinct from old.thing_id and not app_hidden.can_plan_on_thing(new.thing_id) then
    raise exception 'You cannot plan tasks on that thing' using errcode = 'DNIED';
  end if;
  return new;
end;
$$;
create trigger _300_assignee_changes_status_only before update on app_public.tasks
  for each row execute function app_private.tg_tasks__assignee_changes_status_only();

grant select on app_public.tasks to bk_user;
grant insert (thing_id, action_type, title, description, status, priority, due_date) on app_public.tasks to bk_user;
grant update (thing_id, action_type, title, description, status, priority, due_date) on app_public.tasks to bk_user;
grant delete on app_public.tasks to bk_user;
grant select on app_public.task_assignments to bk_user;
grant insert (task_id, assigned_to) on app_public.task_assignments to bk_user;
grant delete on app_public.task_assignments to bk_user;

grant execute on function app_hidden.can_plan_on_thing(uuid) to bk_anonymous;
grant execute on function app_hidden.my_assigned_task_ids() to bk_anonymous;
grant execute on function app_hidden.can_see_task(uuid) to bk_anonymous;
grant execute on function app_public.tasks_can_edit(app_public.tasks) to bk_user;
grant execute on function app_public.tasks_is_overdue(app_public.tasks) to bk_user;

-- migrate:down
drop table app_public.task_assignments;
drop table app_public.tasks;
drop function app_private.tg_tasks__assignee_changes_status_only();
drop function app_private.tg_task_assignments__check_and_notify();
drop function app_private.tg_tasks__stamps();
drop function app_public.tasks_is_overdue(app_public.tasks);
drop function app_public.tasks_can_edit(app_public.tasks);
drop function app_hidden.can_see_task(uuid);
drop function app_hidden.action_phrase(app_public.action_type);
drop function app_hidden.my_assigned_task_ids();
drop function app_hidden.can_plan_on_thing(uuid);
drop type app_public.task_priority;
drop type app_public.task_status;
