-- migrate:up
-- What only the person (and admins) may read of a user row (the permission matrix's finding,
-- docs/decisions.md): when they last signed in, whether they take the daily e-mail, and which
-- thing is their One Thing. Everyone signed in may read the rest of a user row (name, username,
-- picture, role), so these columns are hidden from the API and read through computed fields of
-- the same names that answer null for anyone else. The One Thing relation goes too, in both
-- directions (thing.usersByOneThingId would list who cares most for a thing).

comment on column app_public.users.last_sign_in_at is E'@behavior -select -filterBy -orderBy';
comment on column app_public.users.notification_daily is E'@behavior -select -filterBy -orderBy';
comment on column app_public.users.one_thing_id is E'@behavior -select -filterBy -orderBy\nThe thing this user cares about most (the One Thing).';
comment on constraint users_one_thing_id_fkey on app_public.users is E'@behavior -*';

create function app_hidden.is_self_or_admin(p_user_id uuid) returns boolean
  language sql stable
  as $$ select p_user_id = app_public.current_user_id() or app_public.current_user_is_admin() $$;

create function app_public.users_last_sign_in_at(u app_public.users) returns timestamptz
  language sql stable as $$ select case when app_hidden.is_self_or_admin(u.id) then u.last_sign_in_at end $$;
comment on function app_public.users_last_sign_in_at(app_public.users) is 'When this user last signed in (yourself and admins only).';

create function app_public.users_notification_daily(u app_public.users) returns boolean
  language sql stable as $$ select case when app_hidden.is_self_or_admin(u.id) then u.notification_daily end $$;
comment on function app_public.users_notification_daily(app_public.users) is 'Whether this user takes the daily e-mail (yourself and admins only).';

create function app_public.users_one_thing_id(u app_public.users) returns uuid
  language sql stable as $$ select case when app_hidden.is_self_or_admin(u.id) then u.one_thing_id end $$;
comment on function app_public.users_one_thing_id(app_public.users) is 'The thing this user cares about most, the One Thing (yourself and admins only).';

grant execute on function app_hidden.is_self_or_admin(uuid) to bk_anonymous;
grant execute on function app_public.users_last_sign_in_at(app_public.users) to bk_anonymous;
grant execute on function app_public.users_notification_daily(app_public.users) to bk_anonymous;
grant execute on function app_public.users_one_thing_id(app_public.users) to bk_anonymous;

-- migrate:down
drop function app_public.users_one_thing_id(app_public.users);
drop function app_public.users_notification_daily(app_public.users);
drop function app_public.users_last_sign_in_at(app_public.users);
drop function app_hidden.is_self_or_admin(uuid);
comment on constraint users_one_thing_id_fkey on app_public.users is null;
comment on column app_public.users.one_thing_id is 'The thing this user cares about most (the One Thing).';
comment on column app_public.users.notification_daily is null;
comment on column app_public.users.last_sign_in_at is null;
