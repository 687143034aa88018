-- migrate:up
-- The home dashboard's "this week" figure: how many care actions a person recorded since a moment
-- (the start of the reader's week in their own time zone, which only the browser knows). The page
-- used to fetch up to 200 of the person's actions, newest first, only to count those of this week
-- itself: rows over the wire and work for the API on every visit to the home page (issue 27).
-- Counts the actions the reader can see (row-level security applies: security invoker), as
-- actionsByCreatedBy did. A null moment gives null.
create function app_public.users_action_count_since(u app_public.users, since timestamptz) returns int
  language sql stable strict
  as $$ select count(*)::int from app_public.actions a where a.created_by = u.id and a.created_at >= since $$;
comment on function app_public.users_action_count_since(app_public.users, timestamptz) is
  'How many care actions (of those you can see) this person recorded at or after the given moment.';
grant execute on function app_public.users_action_count_since(app_public.users, timestamptz) to bk_anonymous;

-- migrate:down
drop function app_public.users_action_count_since(app_public.users, timestamptz);
