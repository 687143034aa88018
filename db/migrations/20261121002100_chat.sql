-- migrate:up
-- AI chat about a thing (spec sections 1, 3 ChatMessage and 7 sendChatMessage; decisions.md "AI
-- chat about a thing"). A signed-in user who can see a thing asks a question about it; the
-- question is stored and a chat_reply job queued; the job (worker/tasks/chat_reply.ts) reads the
-- thing's own data (app_private.chat_context), answers through the configured LLM or the built-in
-- rule-based care assistant, stores the answer with app_private.store_chat_reply, and the
-- thingUpdated(id) subscription hears {"event": "chat", "id": <thing id>} on the topic thing:<id>.
-- Each user sees only their own conversation.

-- Leading and trailing white space (new lines included) is not part of a message.
create function app_hidden.trim_chat_message(value text) returns text
  language sql immutable
  as $$ select regexp_replace(value, '^[[:space:]]+|[[:space:]]+$', '', 'g') $$;

-- Message rules (the form shows the same texts): 1 to 1000 characters once trimmed.
create function app_hidden.check_chat_message(value text) returns boolean
  language sql immutable
  as $$
  select case
    when value is null or app_hidden.trim_chat_message(value) = '' then app_hidden.invalid('Message is required')
    when char_length(app_hidden.trim_chat_message(value)) > 1000 then app_hidden.invalid('Messages must be at most 1000 characters')
    else true
  end
$$;

create table app_public.chat_messages (
  id uuid primary key default gen_random_uuid(),
  -- The message's event id (spec section 3): unique, stable, never reused.
  event_id uuid not null default gen_random_uuid(),
  -- The thing the conversation is about.
  thing_id uuid not null references app_public.things on delete cascade,
  -- The user whose conversation this is: the sender of the questions, the recipient of the replies.
  recipient_id uuid not null references app_public.users on delete cascade,
  -- Who wrote it: 'user' (the recipient's question) or 'assistant' (a reply).
  type_name text not null constraint chat_messages_type_name_known check (type_name in ('user', 'assistant')),
  -- Display name of the writer: the user's name when sent, or 'Care assistant'.
  sender text not null,
  message_text text not null,
  -- A question is 'pending' until its reply is stored, then 'answered' or 'failed' like its reply;
  -- a reply is 'answered', or 'failed' when the assistant could not answer (the reply then says so).
  status text not null default 'pending' constraint chat_messages_status_known check (status in ('pending', 'answered', 'failed')),
  -- A reply's question (one reply per question: a retried job cannot answer twice).
  in_reply_to uuid references app_public.chat_messages on delete cascade,
  -- Questions: what the client sent ({"thingId": ...}). Replies: how it was made
  -- ({"thingId", "provider": "llm" | "rules", "model", "intent", "error"}).
  metadata jsonb not null default '{}',
  created_at timestamptz not null default now(),
  constraint chat_messages_event_id_key unique (event_id),
  constraint chat_messages_in_reply_to_key unique (in_reply_to),
  constraint chat_messages_message_text_valid check (type_name <> 'user' or app_hidden.check_chat_message(message_text)),
  constraint chat_messages_reply_has_question check ((type_name = 'assistant') = (in_reply_to is not null))
);
comment on table app_public.chat_messages is 'A message of a conversation with the care assistant about a thing: a question or its reply.';
comment on column app_public.chat_messages.event_id is 'The message''s event id: unique and stable.';
comment on column app_public.chat_messages.recipient_id is 'The user whose conversation this is (who asks, and receives the replies).';
comment on column app_public.chat_messages.type_name is E'user (a question) or assistant (a reply).';
comment on column app_public.chat_messages.sender is 'Display name of the writer: the user''s name, or Care assistant.';
comment on column app_public.chat_messages.status is 'pending (question not answered yet), answered, or failed (the assistant could not answer; the reply says so).';
comment on column app_public.chat_messages.in_reply_to is 'On a reply: the question it answers.';
comment on column app_public.chat_messages.metadata is E'On a question: what the client sent ({"thingId": ...}). On a reply: {"thingId", "provider" (llm or rules), "model", "intent", "error"}.';
comment on constraint chat_messages_event_id_key on app_public.chat_messages is E'@behavior -update -delete';
comment on constraint chat_messages_in_reply_to_key on app_public.chat_messages is E'@behavior -single -update -delete';
comment on constraint chat_messages_in_reply_to_fkey on app_public.chat_messages is
  E'@fieldName question\n@foreignFieldName replies\n@foreignSingleFieldName reply';
create index chat_messages_recipient_thing_created_at_idx on app_public.chat_messages (recipient_id, thing_id, created_at);
create index chat_messages_thing_id_created_at_idx on app_public.chat_messages (thing_id, created_at);
create index chat_messages_created_at_idx on app_public.chat_messages (created_at);
-- The hourly limit counts a user's questions.
create index chat_messages_questions_idx on app_public.chat_messages (recipient_id, created_at) where type_name = 'user';

-- Your own conversations, about things you can (still) see. Admins included: a conversation is private.
alter table app_public.chat_messages enable row level security;
create policy select_own on app_public.chat_messages for select to bk_user
  using (recipient_id = (select app_public.current_user_id()) and app_hidden.can_see_thing(thing_id));
grant select on app_public.chat_messages to bk_user;

-- A stored reply announces itself to the thing's live subscribers (thingUpdated), who refetch
-- their conversation. The payload names only the thing, never the message.
create function app_private.tg_chat_messages__notify_thing() returns trigger
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
begin
  perform pg_notify('thing:' || new.thing_id, json_build_object('event', 'chat', 'id', new.thing_id)::text);
  return null;
end;
$$;
create trigger _900_notify_thing after insert on app_public.chat_messages
  for each row when (new.type_name = 'assistant') execute function app_private.tg_chat_messages__notify_thing();

---------------------------------------------------------------------------------------------
-- sendChatMessage(message, sender, metadata)

-- Limits: 20 questions per user per rolling hour.
create function app_hidden.chat_messages_per_hour() returns int
  language sql immutable as $$ select 20 $$;

-- Stores a question about the thing named by metadata.thingId and queues its reply. `sender` is
-- accepted for the spec's call shape but never trusted: the stored sender is the signed-in user's
-- name. Errors: LOGIN (guests), INVLD (message or metadata), NTFND (no such thing, or one you
-- cannot see), RATEL (more than 20 questions in an hour).
create function app_public.send_chat_message(message text, sender text default null, metadata jsonb default null)
  returns app_public.chat_messages
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user_id uuid := app_hidden.require_user();
  v_text text := app_hidden.trim_chat_message(send_chat_message.message);
  v_thing_id uuid;
  v_count int;
  v_oldest timestamptz;
  v_wait int;
  v_message app_public.chat_messages;
begin
  perform app_hidden.check_chat_message(v_text);
  if metadata is null or jsonb_typeof(metadata) <> 'object' or coalesce(metadata->>'thingId', '') = '' then
    raise exception 'Choose the thing to ask about' using errcode = 'INVLD';
  end if;
  if pg_column_size(metadata) > 2048 then
    raise exception 'Message details must be at most 2 KB' using errcode = 'INVLD';
  end if;
  if metadata->>'thingId' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    raise exception 'Thing not found' using errcode = 'NTFND';
  end if;
  v_thing_id := (metadata->>'thingId')::uuid;
  if not app_hidden.can_see_thing(v_thing_id) then
    raise exception 'Thing not found' using errcode = 'NTFND';
  end if;

  -- One sender at a time per user, so concurrent requests cannot both pass the limit.
  perform pg_advisory_xact_lock(hashtextextended('app_public.chat_messages:' || v_user_id, 0));
  select count(*), min(created_at) into v_count, v_oldest
    from app_public.chat_messages
    where recipient_id = v_user_id and type_name = 'user' and created_at > now() - interval '1 hour';
  if v_count >= app_hidden.chat_messages_per_hour() then
    v_wait := greatest(1, ceil(extract(epoch from (v_oldest + interval '1 hour' - now())) / 60)::int);
    raise exception 'You can send up to % messages an hour. Please try again in % minute%.',
      app_hidden.chat_messages_per_hour(), v_wait, case when v_wait = 1 then '' else 's' end
      using errcode = 'RATEL';
  end if;

  insert into app_public.chat_messages (thing_id, recipient_id, type_name, sender, message_text, status, metadata)
    values (v_thing_id, v_user_id, 'user', (select u.name from app_public.users u where u.id = v_user_id), v_text, 'pending',
            metadata || jsonb_build_object('thingId', v_thing_id))
    returning * into v_message;
  -- One queue per user: replies come in the order asked, each seeing the previous answers.
  perform graphile_worker.add_job('chat_reply', json_build_object('messageId', v_message.id),
    queue_name := 'chat_reply:' || v_user_id, max_attempts := 3, job_key := 'chat_reply:' || v_message.id);
  return v_message;
end;
$$;
comment on function app_public.send_chat_message(text, text, jsonb) is
  E'Asks the care assistant about a thing: metadata is {"thingId": "..."}; the reply arrives as another chat message (thingUpdated event "chat"). sender is ignored: messages carry your own name.';

---------------------------------------------------------------------------------------------
-- For the worker (run as the database owner; no web role may call these)

-- Everything the assistant knows about a thing, as one JSON document read in one snapshot.
-- Keys are camelCase; figures carry their unit in the name where it is not obvious.
create function app_private.chat_context(p_thing_id uuid) returns jsonb
  language sql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
  with t as (
    select * from app_public.things where id = p_thing_id
  ), forecast as (
    select f.* from t, app_private.weather_forecasts f
    where f.location <@ box(point(t.location[0] - 0.08, t.location[1] - 0.08), point(t.location[0] + 0.08, t.location[1] + 0.08))
    order by f.location <-> t.location
    limit 1
  ), hours as (
    select x.at, (h->>'temperature')::float8 as temperature, (h->>'precipitation')::float8 as precipitation,
           (h->>'precipitationProbability')::float8 as probability
    from forecast, jsonb_array_elements(forecast.hourly) h, lateral (select (h->>'time')::timestamptz as at) x
    where x.at >= date_trunc('hour', now()) and x.at < date_trunc('hour', now()) + interval '48 hours'
  ), rain_day as (
    select r.* from t, app_hidden.rainfall_near(t.location[0], t.location[1], now() - interval '24 hours') r
  ), rain_week as (
    select r.* from t, app_hidden.rainfall_near(t.location[0], t.location[1], now() - interval '7 days') r
  )
  select jsonb_build_object(
    'now', now(),
    'thing', jsonb_build_object(
      'id', t.id, 'name', t.name, 'type', t.type, 'description', t.description,
      'locationDescription', t.location_description, 'latitude', t.location[0], 'longitude', t.location[1],
      'isPublic', t.is_public, 'groupName', (select g.name from app_public.groups g where g.id = t.group_id),
      'indicatorParameter', t.indicator_parameter, 'indicatorColour', t.indicator_colour,
      'indicatorColourChangedAt', t.indicator_colour_changed_at, 'createdAt', t.created_at),
    'readings', jsonb_build_object(
      'water', t.water, 'temperature', t.temperature, 'conductivity', t.conductivity, 'ph', t.ph,
      'lastReadingAt', t.last_sensor_data,
      'band', app_hidden.hydration_band(t.water, t.hydration_levels),
      'bandLimits', jsonb_build_object(
        'dry', coalesce((t.hydration_levels->>'dry')::float8, 20),
        'needsWater', coalesce((t.hydration_levels->>'needsWater')::float8, 30),
        'good', coalesce((t.hydration_levels->>'good')::float8, 60))),
    'trend', (
      select coalesce(jsonb_agg(jsonb_build_object(
          'day', d.day, 'readings', d.n, 'water', round(d.water::numeric, 1), 'temperature', round(d.temperature::numeric, 1),
          'conductivity', round(d.conductivity::numeric), 'ph', round(d.ph::numeric, 2)) order by d.day), '[]')
      from (
        select (s.created_at at time zone 'UTC')::date as day, count(*) as n,
               avg(case when jsonb_typeof(s.data->'water') = 'number' then (s.data->>'water')::float8 end) as water,
               avg(case when jsonb_typeof(s.data->'temperature') = 'number' then (s.data->>'temperature')::float8 end) as temperature,
               avg(case when jsonb_typeof(s.data->'conductivity') = 'number' then (s.data->>'conductivity')::float8 end) as conductivity,
               avg(case when jsonb_typeof(s.data->'ph') = 'number' then (s.data->>'ph')::float8 end) as ph
        from app_public.sensor_data s
        where s.thing_id = t.id and s.created_at > now() - interval '7 days' and s.created_at <= now()
        group by 1
      ) d),
    'actions', (
      select coalesce(jsonb_agg(jsonb_build_object('type', a.type, 'comments', a.comments, 'at', a.created_at, 'by', a.by)
                                order by a.created_at desc), '[]')
      from (select a.*, u.name as by from app_public.actions a left join app_public.users u on u.id = a.created_by
            where a.thing_id = t.id order by a.created_at desc limit 10) a),
    'lastWatering', (
      select jsonb_build_object('at', a.created_at, 'comments', a.comments, 'by', u.name)
      from app_public.actions a left join app_public.users u on u.id = a.created_by
      where a.thing_id = t.id and a.type = 'WATERING' order by a.created_at desc limit 1),
    'wateringsLast30Days', (
      select count(*) from app_public.actions a
      where a.thing_id = t.id and a.type = 'WATERING' and a.created_at > now() - interval '30 days'),
    'lastUpkeep', (
      select jsonb_build_object('type', a.type, 'at', a.created_at, 'comments', a.comments)
      from app_public.actions a
      where a.thing_id = t.id and a.type in ('UPKEEP', 'LITTER_CLEANUP') order by a.created_at desc limit 1),
    'openTasks', (
      select coalesce(jsonb_agg(jsonb_build_object(
          'title', k.title, 'actionType', k.action_type, 'status', k.status, 'priority', k.priority,
          'dueDate', k.due_date, 'overdue', coalesce(k.due_date < current_date, false), 'description', k.description)
          order by k.due_date nulls last, k.priority desc, k.created_at), '[]')
      from (select * from app_public.tasks k where k.thing_id = t.id and k.status <> 'completed'
            order by k.due_date nulls last, k.priority desc, k.created_at limit 10) k),
    'forecast', (
      select jsonb_build_object(
        'latitude', f.latitude, 'longitude', f.longitude, 'timezone', f.timezone, 'fetchedAt', f.fetched_at,
        'hours', (select count(*) from hours),
        'next24hPrecipitationMm', (select round(sum(h.precipitation)::numeric, 1) from hours h where h.at < date_trunc('hour', now()) + interval '24 hours'),
        'next24to48hPrecipitationMm', (select round(sum(h.precipitation)::numeric, 1) from hours h where h.at >= date_trunc('hour', now()) + interval '24 hours'),
        'maxPrecipitationProbability', (select max(h.probability) from hours h),
        'temperatureMin', (select round(min(h.temperature)::numeric, 1) from hours h),
        'temperatureMax', (select round(max(h.temperature)::numeric, 1) from hours h),
        'daily', f.daily)
      from forecast f),
    'rainfall', (
      select jsonb_build_object(
        'stationId', w.station_id, 'station', coalesce(w.label, w.station_id), 'distanceKm', round(w.distance_km::numeric, 1),
        'last24hMm', round(coalesce(d.total_mm, 0)::numeric, 1), 'readings24h', coalesce(d.readings, 0),
        'last7dMm', round(w.total_mm::numeric, 1), 'readings7d', w.readings,
        'lastReadingAt', w.last_reading, 'fetchedAt', w.fetched_at)
      from rain_week w left join rain_day d on d.station_id = w.station_id),
    'soilscape', (
      select case when s is null and t.texture is null then null else jsonb_build_object(
        'name', s->>'name', 'classNumber', s->'class_number',
        'texture', coalesce(t.texture, s->>'texture'), 'drainage', coalesce(t.drainage, s->>'drainage'),
        'fertility', coalesce(t.fertility, s->>'fertility'), 'landcover', coalesce(t.landcover, s->>'landcover'),
        'habitats', coalesce(t.habitats, s->>'habitats'), 'carbon', coalesce(t.carbon, s->>'carbon'),
        'drainsTo', coalesce(t.drains_to, s->>'drains_to'), 'waterProtection', coalesce(t.water_protection, s->>'water_protection'),
        'generalCropping', coalesce(t.general_cropping, s->>'general_cropping'),
        'isSample', coalesce((s->>'isSample')::boolean, false), 'attribution', s->>'attribution') end
      from (select app_hidden.soilscape_class_at(t.location) as s) x),
    'inBLine', app_hidden.in_bline(t.location),
    'devices', (
      select coalesce(jsonb_agg(jsonb_build_object(
          'name', v.name, 'deviceId', v.device_id, 'model', v.model, 'battery', v.battery,
          'lastReportAt', v.last_sensor_data, 'water', v.water, 'temperature', v.temperature,
          'conductivity', v.conductivity, 'ph', v.ph, 'rssi', v.rssi, 'snr', v.snr, 'ledState', v.led_state,
          'createdAt', v.created_at) order by v.name), '[]')
      from app_public.devices v where v.thing_id = t.id)
  )
  from t
$$;
comment on function app_private.chat_context(uuid) is 'What the care assistant knows about a thing (worker/assistant/context.ts types it).';

-- Stores the reply to a question, once: returns the reply's id, or null when the question is gone
-- or already answered (a retried job). The question takes the reply's status.
create function app_private.store_chat_reply(p_question_id uuid, p_text text, p_status text, p_metadata jsonb)
  returns uuid
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_question app_public.chat_messages;
  v_id uuid;
begin
  select * into v_question from app_public.chat_messages where id = p_question_id and type_name = 'user' for update;
  if v_question.id is null then
    return null;
  end if;
  insert into app_public.chat_messages (thing_id, recipient_id, type_name, sender, message_text, status, in_reply_to, metadata)
    values (v_question.thing_id, v_question.recipient_id, 'assistant', 'Care assistant', left(p_text, 8000),
            p_status, v_question.id, coalesce(p_metadata, '{}') || jsonb_build_object('thingId', v_question.thing_id))
    on conflict on constraint chat_messages_in_reply_to_key do nothing
    returning id into v_id;
  if v_id is not null then
    update app_public.chat_messages set status = p_status where id = v_question.id;
  end if;
  return v_id;
end;
$$;

grant execute on function app_hidden.trim_chat_message(text) to bk_anonymous;
grant execute on function app_hidden.check_chat_message(text) to bk_anonymous;
grant execute on function app_hidden.chat_messages_per_hour() to bk_anonymous;
-- Guests may call it to be told to sign in (LOGIN) rather than get a bare permission error.
grant execute on function app_public.send_chat_message(text, text, jsonb) to bk_anonymous;

-- migrate:down
drop function app_private.store_chat_reply(uuid, text, text, jsonb);
drop function app_private.chat_context(uuid);
drop function app_public.send_chat_message(text, text, jsonb);
drop function app_hidden.chat_messages_per_hour();
drop table app_public.chat_messages;
drop function app_private.tg_chat_messages__notify_thing();
drop function app_hidden.check_chat_message(text);
drop function app_hidden.trim_chat_message(text);
