-- migrate:up
-- Recording a care action exactly once (issue #27, "Offline first for the volunteer"). A phone
-- that records a watering offline, or whose answer is lost on a bad connection, sends the same
-- action again later; without a key the server cannot tell a retry from a second watering.
--
-- * actions.client_key: a UUID the recording device makes once per tap, unique per recorder
--   (created_by, client_key); NULL for actions recorded without one (the API's createAction,
--   seeds, imports), and NULLs never collide.
-- * record_action(...): inserts the action, or, when this person already recorded an action with
--   that key, answers that action unchanged (a retry after a lost answer gets what the first try
--   made). The same checks as createAction apply: it runs with the caller's rights, so the
--   row-level security policy, the column rules and the refusal messages are the table's own.

alter table app_public.actions add column client_key uuid;
comment on column app_public.actions.client_key is
  E'@behavior -select -insert -update -filterBy -orderBy\nThe key the recording device gave this action, so that sending it again cannot record it twice (set through recordAction only).';
alter table app_public.actions add constraint actions_client_key_unique unique (created_by, client_key);
comment on constraint actions_client_key_unique on app_public.actions is E'@behavior -single -update -delete';
grant insert (client_key) on app_public.actions to bk_user;

create function app_public.record_action(
  thing_id uuid,
  type app_public.action_type,
  comments text,
  client_key uuid,
  litres double precision default null,
  location point default null,
  has_image boolean default false
) returns app_public.actions
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user uuid := app_public.current_user_id();
  v_action app_public.actions;
begin
  if v_user is null then
    raise exception 'Sign in to record an action' using errcode = 'LOGIN';
  end if;
  if record_action.client_key is null then
    raise exception 'A client key is required to record an action once' using errcode = 'INVLD';
  end if;
  if record_action.thing_id is null then
    raise exception 'Choose the thing the action was for' using errcode = 'INVLD';
  end if;
  if record_action.type is null then
    raise exception 'Choose what you did' using errcode = 'INVLD';
  end if;
  -- Already recorded by this person with this key: the retry gets that action.
  select a.* into v_action from app_public.actions a
    where a.created_by = v_user and a.client_key = record_action.client_key;
  if found then
    return v_action;
  end if;
  insert into app_public.actions (thing_id, type, comments, litres, location, has_image, client_key)
    values (record_action.thing_id, record_action.type, coalesce(record_action.comments, ''), record_action.litres,
            record_action.location, coalesce(record_action.has_image, false), record_action.client_key)
    on conflict on constraint actions_client_key_unique do nothing
    returning * into v_action;
  if v_action.id is null then
    -- Two copies of the same send arrived together: the other one inserted it first.
    select a.* into v_action from app_public.actions a
      where a.created_by = v_user and a.client_key = record_action.client_key;
  end if;
  return v_action;
end;
$$;
comment on function app_public.record_action(uuid, app_public.action_type, text, uuid, double precision, point, boolean) is
  E'Records a care action on a thing once per client key: sending the same key again answers the action already recorded (a retry after a lost answer, a queued action sent when the device is back online).';
revoke execute on function app_public.record_action(uuid, app_public.action_type, text, uuid, double precision, point, boolean) from public;
grant execute on function app_public.record_action(uuid, app_public.action_type, text, uuid, double precision, point, boolean) to bk_user;

-- migrate:down
drop function app_public.record_action(uuid, app_public.action_type, text, uuid, double precision, point, boolean);
alter table app_public.actions drop constraint actions_client_key_unique;
alter table app_public.actions drop column client_key;
