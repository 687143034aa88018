-- migrate:up
-- In-app notifications (spec section 4: levels positive, negative, warning, info, ongoing), each
-- optionally mirrored by an e-mail (the worker's "notification" template).

create type app_public.notification_level as enum ('positive', 'negative', 'warning', 'info', 'ongoing');

create table app_public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references app_public.users on delete cascade,
  -- What raised it: task_assigned, dry_alert, device_health, ...
  kind text not null,
  level app_public.notification_level not null default 'info',
  title text not null,
  body text not null,
  -- Where to act on it, a path in the app.
  link_path text check (link_path is null or link_path like '/%'),
  thing_id uuid references app_public.things on delete cascade,
  created_at timestamptz not null default now(),
  read_at timestamptz
);
comment on table app_public.notifications is 'Something the user should know or do.';
create index notifications_user_id_created_at_idx on app_public.notifications (user_id, created_at desc);
create index notifications_thing_id_idx on app_public.notifications (thing_id);

alter table app_public.notifications enable row level security;
create policy select_own on app_public.notifications for select to bk_user
  using (user_id = (select app_public.current_user_id()));
-- Marking as read is the only change a user makes.
create policy update_own on app_public.notifications for update to bk_user
  using (user_id = (select app_public.current_user_id()));
create policy delete_own on app_public.notifications for delete to bk_user
  using (user_id = (select app_public.current_user_id()));
grant select on app_public.notifications to bk_user;
grant update (read_at) on app_public.notifications to bk_user;
grant delete on app_public.notifications to bk_user;

-- Notifies a user in the app and, when p_email, by e-mail to their primary address.
create function app_hidden.notify_user(
  p_user_id uuid, p_kind text, p_level app_public.notification_level, p_title text, p_body text,
  p_link_path text, p_thing_id uuid, p_email boolean
) returns void
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  insert into app_public.notifications (user_id, kind, level, title, body, link_path, thing_id)
    values (p_user_id, p_kind, p_level, p_title, p_body, p_link_path, p_thing_id);
  if p_email then
    perform app_hidden.queue_email(app_hidden.primary_email(p_user_id), 'notification', json_build_object(
      'name', (select name from app_public.users where id = p_user_id),
      'title', p_title, 'body', p_body, 'linkPath', p_link_path, 'linkLabel', 'Open in the app'));
  end if;
end;
$$;

create function app_public.mark_all_notifications_read() returns integer
  language sql volatile
  as $$
  with changed as (
    update app_public.notifications set read_at = now()
    where user_id = app_public.current_user_id() and read_at is null
    returning 1
  )
  select count(*)::int from changed
$$;
comment on function app_public.mark_all_notifications_read() is 'Marks all your notifications read; returns how many.';

grant execute on function app_public.mark_all_notifications_read() to bk_user;

-- migrate:down
drop function app_public.mark_all_notifications_read();
drop function app_hidden.notify_user(uuid, text, app_public.notification_level, text, text, text, uuid, boolean);
drop table app_public.notifications;
drop type app_public.notification_level;
