-- migrate:up
-- A person's language (issue 25): the app's screens, e-mails and push messages in British
-- English or German. Null means "follow my browser" (the SPA's choice; e-mails then go in British
-- English). Private like notification_daily: only the person and admins read it, through a
-- computed field of the same name; the person sets it with updateUser.

alter table app_public.users add column language text
  constraint users_language_valid check (language is null or language in ('en-GB', 'de'));
comment on column app_public.users.language is E'@behavior -select -filterBy -orderBy\nThe language for screens, e-mails and push messages: en-GB or de; null follows the browser.';
comment on constraint users_language_valid on app_public.users is E'@behavior -*';

-- The constraint's message, the one the form shows (server/graphql/errors.ts passes 23514's
-- message through): raised by a trigger so it reads as a sentence, not a constraint name.
create function app_private.tg_users__check_language() returns trigger
  language plpgsql as $$
begin
  if new.language is not null and new.language not in ('en-GB', 'de') then
    raise exception 'Choose English (en-GB) or German (de)' using errcode = 'INVLD';
  end if;
  return new;
end;
$$;
create trigger _050_check_language before insert or update of language on app_public.users
  for each row execute function app_private.tg_users__check_language();

create function app_public.users_language(u app_public.users) returns text
  language sql stable as $$ select case when app_hidden.is_self_or_admin(u.id) then u.language end $$;
comment on function app_public.users_language(app_public.users) is 'The language for screens, e-mails and push messages: en-GB or de; null follows the browser (yourself and admins only).';
grant execute on function app_public.users_language(app_public.users) to bk_anonymous;

grant update (language) on app_public.users to bk_user;

-- migrate:down
revoke update (language) on app_public.users from bk_user;
drop function app_public.users_language(app_public.users);
drop trigger _050_check_language on app_public.users;
drop function app_private.tg_users__check_language();
alter table app_public.users drop column language;
