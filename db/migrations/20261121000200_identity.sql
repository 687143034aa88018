-- migrate:up
-- Who is asking. The server verifies the JWT and hands its claims over as settings
-- (jwt.claims.*); these helpers read them. In policies call them as (select fn()) so they run
-- once per statement, not once per row.

create function app_public.current_session_id() returns uuid
  language sql stable
  as $$ select nullif(current_setting('jwt.claims.session_id', true), '')::uuid $$;

create function app_public.current_domain_name() returns text
  language sql stable
  as $$ select nullif(current_setting('jwt.claims.domain_name', true), '') $$;

-- Generic trigger: created_at never changes after insert, and updated_at follows every change.
-- (Web roles cannot set created_at at all: it is left out of their column grants; imports and
-- demo data, run as the owner, may give an older one.)
create function app_private.tg__timestamps() returns trigger
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if tg_op = 'INSERT' then
    new.created_at = coalesce(new.created_at, now());
    new.updated_at = greatest(new.created_at, coalesce(new.updated_at, new.created_at));
  else
    new.created_at = old.created_at;
    new.updated_at = (case when old.updated_at >= now() then old.updated_at + interval '1 millisecond' else now() end);
  end if;
  return new;
end;
$$;

grant execute on function app_public.current_session_id() to bk_anonymous;
grant execute on function app_public.current_domain_name() to bk_anonymous;

-- migrate:down
drop function app_private.tg__timestamps();
drop function app_public.current_domain_name();
drop function app_public.current_session_id();
