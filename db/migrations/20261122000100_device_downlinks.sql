-- migrate:up
-- Pump/LED downlinks as queued, retried jobs (issue 6, spec section 4). deviceDownPush records
-- the request and queues send_downlink in the same transaction; the worker calls The Things
-- Stack, retries what may pass later (network errors, 5xx, 429) and gives up at once on a refusal
-- (other 4xx). Only a sent downlink changes ledState. The row is what the screen watches.

create type app_public.downlink_status as enum ('QUEUED', 'SENT', 'SIMULATED', 'FAILED');
comment on type app_public.downlink_status is E'QUEUED: waiting for (or between attempts at) The Things Stack. SENT: accepted by it. SIMULATED: no The Things Stack application is configured, so it was only logged. FAILED: refused, or every attempt failed.';

create table app_public.device_downlinks (
  id uuid primary key default gen_random_uuid(),
  device_id uuid not null references app_public.devices on delete cascade,
  requested_by uuid references app_public.users on delete set null,
  -- "1" switches the pump/LED on, "0" off (port 1).
  message text not null constraint device_downlinks_message_valid check (message in ('0', '1')),
  status app_public.downlink_status not null default 'QUEUED',
  attempts int not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz
);
comment on table app_public.device_downlinks is 'A pump/LED switch sent to a device through The Things Stack, and how it went.';
comment on column app_public.device_downlinks.last_error is 'Why the last attempt failed, when it did.';
create index device_downlinks_device_id_created_at_idx on app_public.device_downlinks (device_id, created_at desc);
create index device_downlinks_requested_by_idx on app_public.device_downlinks (requested_by);
create trigger _100_timestamps before insert or update on app_public.device_downlinks
  for each row execute function app_private.tg__timestamps();

-- Those who may switch the device see its downlinks; nobody writes them but the functions below.
alter table app_public.device_downlinks enable row level security;
create policy select_manageable on app_public.device_downlinks for select
  using (app_hidden.can_manage_device(device_id));
grant select on app_public.device_downlinks to bk_user;

-- deviceDownPush(deviceId, message): deviceId is the device's uuid or its end-device id (eui-...).
-- Strict: both arguments are required in the schema.
create function app_public.device_down_push(device_id text, message text) returns app_public.device_downlinks
  language plpgsql volatile strict security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_device app_public.devices;
  v_downlink app_public.device_downlinks;
begin
  if message not in ('0', '1') then
    raise exception 'Message must be "1" (on) or "0" (off)' using errcode = 'INVLD';
  end if;
  if device_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select * into v_device from app_public.devices d where d.id = device_down_push.device_id::uuid;
  else
    select * into v_device from app_public.devices d where d.device_id = device_down_push.device_id;
  end if;
  if v_device.id is null or not app_hidden.can_manage_device(v_device.id) then
    raise exception 'Not found, or you are not allowed to change it' using errcode = 'NTFND';
  end if;
  if v_device.model <> 'THE_THINGS_UNO' then
    raise exception 'This device has no pump or LED to switch' using errcode = 'INVLD';
  end if;
  insert into app_public.device_downlinks (device_id, requested_by, message)
    values (v_device.id, app_public.current_user_id(), device_down_push.message)
    returning * into v_downlink;
  -- One queue per device: switches reach it in the order they were asked for.
  perform graphile_worker.add_job('send_downlink', json_build_object('downlinkId', v_downlink.id),
    queue_name => 'downlink:' || v_device.id, max_attempts => 6);
  return v_downlink;
end;
$$;
comment on function app_public.device_down_push(text, text) is E'Queues a pump/LED downlink (port 1, normal priority): "1" on, "0" off. Owners and admins only. Watch the returned downlink for the outcome.';
revoke execute on function app_public.device_down_push(text, text) from public;
grant execute on function app_public.device_down_push(text, text) to bk_user;

-- The worker's side (worker/tasks/send_downlink.ts).

-- What to send, or nothing when the downlink is gone or already settled (a job run twice).
create function app_private.downlink_to_send(p_id uuid)
  returns table (id uuid, end_device_id text, message text, attempts int)
  language sql stable set search_path to pg_catalog, public, pg_temp
  as $$
  select l.id, d.device_id, l.message, l.attempts
  from app_public.device_downlinks l join app_public.devices d on d.id = l.device_id
  where l.id = p_id and l.status = 'QUEUED'
$$;

-- Accepted (or simulated): the device's and its thing's ledState follow, in one transaction.
create function app_private.complete_downlink(p_id uuid, p_simulated boolean) returns app_public.device_downlinks
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_downlink app_public.device_downlinks;
begin
  update app_public.device_downlinks
    set status = case when p_simulated then 'SIMULATED' else 'SENT' end::app_public.downlink_status,
        attempts = attempts + 1, last_error = null, completed_at = now()
    where id = p_id and status = 'QUEUED'
    returning * into v_downlink;
  if v_downlink.id is not null then
    perform app_hidden.set_led_state(v_downlink.device_id, v_downlink.message = '1');
  end if;
  return v_downlink;
end;
$$;

-- A failed attempt. Final ones mark the downlink FAILED and tell the person who asked.
create function app_private.record_downlink_failure(p_id uuid, p_error text, p_final boolean) returns app_public.device_downlinks
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_downlink app_public.device_downlinks;
  v_device app_public.devices;
begin
  update app_public.device_downlinks
    set attempts = attempts + 1, last_error = left(p_error, 500),
        status = case when p_final then 'FAILED' else status end::app_public.downlink_status,
        completed_at = case when p_final then now() end
    where id = p_id and status = 'QUEUED'
    returning * into v_downlink;
  if v_downlink.id is not null and p_final and v_downlink.requested_by is not null then
    select * into v_device from app_public.devices where id = v_downlink.device_id;
    insert into app_public.notifications (user_id, kind, level, title, body, link_path, thing_id)
      values (v_downlink.requested_by, 'downlink_failed', 'negative',
        format('The pump of %s was not switched %s', v_device.name, case when v_downlink.message = '1' then 'on' else 'off' end),
        format('The Things Stack did not take the downlink: %s', v_downlink.last_error),
        '/devices/' || v_device.id, v_device.thing_id);
  end if;
  return v_downlink;
end;
$$;

-- migrate:down
drop function app_private.record_downlink_failure(uuid, text, boolean);
drop function app_private.complete_downlink(uuid, boolean);
drop function app_private.downlink_to_send(uuid);
drop function app_public.device_down_push(text, text);
drop table app_public.device_downlinks;
drop type app_public.downlink_status;
