-- migrate:up
-- Fixes found by the permission matrix (server/test/permissions, issue 13).

-- 1. Becoming a collaborator when you already have an access entry (you collaborate already, or
-- you are a viewer) failed: collaborate_thing_access and accept_invitation_to_thing_access upsert
-- the entry, and the update half tripped the rule that only owners change roles ('Only the
-- thing's owners can change who owns or collaborates on it'). Spec section 6: any signed-in user
-- may become or stop being a collaborator; so one may change one's own collaborator flag, and
-- only owners and admins change anything else (the owner flag, other people's entries).
create or replace function app_private.tg_thing_accesses__owner_changes_roles() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if current_setting('role', true) in ('bk_user', 'bk_admin')
     and not app_hidden.can_manage_thing(new.thing_id)
     and not (old.user_id = app_public.current_user_id()
              and new.user_id = old.user_id and new.thing_id = old.thing_id and new.is_owner = old.is_owner) then
    raise exception 'Only the thing''s owners can change who owns or collaborates on it' using errcode = 'DNIED';
  end if;
  return new;
end;
$$;

-- 2. Planning a task on a thing you may not plan on, or assigning a task you may not plan, was
-- refused by the row-level security check as a bare 'Permission denied'. Say why, as recording
-- an action does (tg_actions__explain_refusal); the policies stay the guard. The same answer for
-- a thing or task that does not exist, so it tells nothing about rows the caller cannot see.
create function app_private.tg_tasks__explain_refusal() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if current_setting('role', true) in ('bk_user', 'bk_admin') and not app_hidden.can_plan_on_thing(new.thing_id) then
    raise exception 'Only the thing''s owners, collaborators and group members can plan tasks on it' using errcode = 'DNIED';
  end if;
  return new;
end;
$$;
create trigger _250_explain_refusal before insert on app_public.tasks
  for each row execute function app_private.tg_tasks__explain_refusal();

create function app_private.tg_task_assignments__explain_refusal() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if current_setting('role', true) in ('bk_user', 'bk_admin')
     and not exists (select 1 from app_public.tasks t where t.id = new.task_id and app_hidden.can_plan_on_thing(t.thing_id)) then
    raise exception 'Only the people who plan tasks on the thing can assign this task' using errcode = 'DNIED';
  end if;
  return new;
end;
$$;
-- Before _500_check_and_notify, so a refused assignment notifies nobody even for a moment.
create trigger _250_explain_refusal before insert on app_public.task_assignments
  for each row execute function app_private.tg_task_assignments__explain_refusal();

-- migrate:down
drop trigger _250_explain_refusal on app_public.task_assignments;
drop function app_private.tg_task_assignments__explain_refusal();
drop trigger _250_explain_refusal on app_public.tasks;
drop function app_private.tg_tasks__explain_refusal();
create or replace function app_private.tg_thing_accesses__owner_changes_roles() returns trigger
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if current_setting('role', true) in ('bk_user', 'bk_admin') and not app_hidden.can_manage_thing(new.thing_id) then
    raise exception 'Only the thing''s owners can change who owns or collaborates on it' using errcode = 'DNIED';
  end if;
  return new;
end;
$$;
