-- migrate:up
-- Rules shared by the three kinds of invitation (thing access, device access, group
-- membership): who may check or accept one, and the reasons it is invalid (spec section 4).
-- decisions.md: invitations expire after 14 days.

create function app_hidden.invitation_expiry() returns interval
  language sql immutable as $$ select interval '14 days' $$;

-- Raises LOGIN, NTFND, DNIED or DNIEM in that order; returns quietly when the invitation is good.
create function app_hidden.assert_invitation_usable(
  p_exists boolean, p_created_at timestamptz, p_stored_code text, p_given_code text, p_email citext
) returns void
  language plpgsql stable security definer set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if app_public.current_user_id() is null then
    raise exception 'Sign in to accept this invitation' using errcode = 'LOGIN';
  end if;
  if not coalesce(p_exists, false) or p_created_at < now() - app_hidden.invitation_expiry() then
    raise exception 'This invitation was not found or has expired' using errcode = 'NTFND';
  end if;
  if p_given_code is null or p_stored_code is distinct from p_given_code then
    raise exception 'This invitation code is not valid' using errcode = 'DNIED';
  end if;
  if not exists (
    select 1 from app_public.user_emails where user_id = app_public.current_user_id() and email = p_email
  ) then
    raise exception 'This invitation was sent to another e-mail address' using errcode = 'DNIEM';
  end if;
end;
$$;

create function app_hidden.new_invitation_code() returns text
  language sql volatile as $$ select encode(gen_random_bytes(16), 'hex') $$;

-- What checking an invitation answers when it is good: the target's id and name.
create type app_public.invitation_target as (
  id uuid,
  name text
);
comment on type app_public.invitation_target is 'The thing, device or group an invitation is for.';

-- A label such as a group's or thing's name: any text, 3 to 255 characters (decisions.md).
create function app_hidden.check_label(value text) returns boolean
  language sql immutable
  as $$
  select case
    when value is null or btrim(value) = '' then app_hidden.invalid('Name is required')
    when char_length(btrim(value)) not between 3 and 255 then app_hidden.invalid('Name must be between 3 and 255 characters')
    else true
  end
$$;

create function app_hidden.check_description(value text) returns boolean
  language sql immutable
  as $$
  select case
    when value is not null and char_length(value) > 5000 then app_hidden.invalid('Description must be at most 5000 characters')
    else true
  end
$$;

grant execute on function app_hidden.invitation_expiry() to bk_anonymous;
grant execute on function app_hidden.assert_invitation_usable(boolean, timestamptz, text, text, citext) to bk_anonymous;
grant execute on function app_hidden.new_invitation_code() to bk_anonymous;
grant execute on function app_hidden.check_label(text) to bk_anonymous;
grant execute on function app_hidden.check_description(text) to bk_anonymous;

-- migrate:down
drop function app_hidden.check_description(text);
drop function app_hidden.check_label(text);
drop type app_public.invitation_target;
drop function app_hidden.new_invitation_code();
drop function app_hidden.assert_invitation_usable(boolean, timestamptz, text, text, citext);
drop function app_hidden.invitation_expiry();
