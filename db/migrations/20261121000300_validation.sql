-- migrate:up
-- The validation rules of spec section 5, once, in the database. Each check_* function raises the
-- same message the form shows (shared/validation.ts) with errcode INVLD, or returns true; check
-- constraints call them so a direct API call with bad input gets a clear error and writes nothing.
-- Rules run in the same order as in the form, so both report the same first failure.

-- Volatile on purpose: an immutable one would be folded at plan time and raise even from a
-- CASE branch that is never taken.
create function app_hidden.invalid(message text) returns boolean
  language plpgsql volatile
  as $$
begin
  raise exception '%', message using errcode = 'INVLD';
end;
$$;

create function app_hidden.check_name(value text) returns boolean
  language sql immutable
  as $$
  select case
    when value is null or btrim(value) = '' then app_hidden.invalid('Name is required')
    when char_length(value) not between 3 and 255 then app_hidden.invalid('Name must be between 3 and 255 characters')
    when value !~ '^[[:alpha:] ''’-]+$' then app_hidden.invalid('Name may contain only letters, spaces, hyphens and apostrophes')
    else true
  end
$$;

create function app_hidden.check_username(value text) returns boolean
  language sql immutable
  as $$
  select case
    when value is null or value = '' then app_hidden.invalid('Username is required')
    when char_length(value) < 2 then app_hidden.invalid('Username must be at least 2 characters long')
    when char_length(value) > 23 then app_hidden.invalid('Username must be less than 24 characters')
    when value !~ '^[A-Za-z]' then app_hidden.invalid('Username must start with a letter')
    when value !~ '^[A-Za-z0-9_-]+$' then app_hidden.invalid('Username may contain only letters, numbers, underscores and hyphens')
    when value ~ '[_-]{2}' then app_hidden.invalid('Username cannot contain consecutive underscores or hyphens')
    else true
  end
$$;

create function app_hidden.check_email(value text) returns boolean
  language sql immutable
  as $$
  select case
    when value is null or value = '' then app_hidden.invalid('Email is required')
    when char_length(value) not between 3 and 255 then app_hidden.invalid('Email must be between 3 and 255 characters')
    when value !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then app_hidden.invalid('Email must be a valid address')
    else true
  end
$$;

-- Passphrases are never stored, so this is called by the functions that accept one.
create function app_hidden.check_passphrase(value text) returns boolean
  language sql immutable
  as $$
  select case
    when value is null or value = '' then app_hidden.invalid('Passphrase is required')
    when char_length(value) < 8 then app_hidden.invalid('Passphrase must be at least 8 characters long')
    when value !~ '[A-Z]' then app_hidden.invalid('Passphrase must contain an uppercase letter')
    when value !~ '[a-z]' then app_hidden.invalid('Passphrase must contain a lowercase letter')
    when value !~ '[0-9]' then app_hidden.invalid('Passphrase must contain a number')
    else true
  end
$$;

create function app_hidden.check_device_id(value text) returns boolean
  language sql immutable
  as $$
  select case
    when value is null or value = '' then app_hidden.invalid('Device id must start with eui-')
    when value !~ '^eui-' then app_hidden.invalid('Device id must start with eui-')
    when value !~ '^[A-Za-z0-9_-]+$' then app_hidden.invalid('Device id may contain only letters, numbers, underscores and hyphens')
    when char_length(value) not between 3 and 255 then app_hidden.invalid('Device id must be between 3 and 255 characters')
    else true
  end
$$;

grant execute on function app_hidden.invalid(text) to bk_anonymous;
grant execute on function app_hidden.check_name(text) to bk_anonymous;
grant execute on function app_hidden.check_username(text) to bk_anonymous;
grant execute on function app_hidden.check_email(text) to bk_anonymous;
grant execute on function app_hidden.check_passphrase(text) to bk_anonymous;
grant execute on function app_hidden.check_device_id(text) to bk_anonymous;

-- migrate:down
drop function app_hidden.check_device_id(text);
drop function app_hidden.check_passphrase(text);
drop function app_hidden.check_email(text);
drop function app_hidden.check_username(text);
drop function app_hidden.check_name(text);
drop function app_hidden.invalid(text);
