-- migrate:up
-- New notifications are announced on the topic user:<id>, which the notificationAdded
-- subscription relays to that user's open pages (the bell updates live).
create function app_private.tg_notifications__announce() returns trigger
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
begin
  perform pg_notify('user:' || new.user_id, json_build_object('event', 'notification', 'id', new.id)::text);
  return null;
end;
$$;
create trigger _900_announce after insert on app_public.notifications
  for each row execute function app_private.tg_notifications__announce();

-- migrate:down
drop trigger _900_announce on app_public.notifications;
drop function app_private.tg_notifications__announce();
