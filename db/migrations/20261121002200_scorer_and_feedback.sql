-- migrate:up
-- /scorer and /form (decisions.md): a leaderboard of care points (one point per recorded action)
-- by user and by group for this week, this month and all time; and feedback stored for admins.

create type app_public.leaderboard_period as enum ('WEEK', 'MONTH', 'ALL_TIME');
create type app_public.leaderboard_entry as (
  rank int,
  id uuid,
  name text,
  points int,
  has_image boolean
);

create function app_hidden.leaderboard_since(p_period app_public.leaderboard_period) returns timestamptz
  language sql stable
  as $$
  select case p_period
    when 'WEEK' then date_trunc('week', now())
    when 'MONTH' then date_trunc('month', now())
    else '-infinity'::timestamptz
  end
$$;

-- Points count actions on things the caller can see; CREATED counts too (adding a thing is care).
create function app_public.user_leaderboard(period app_public.leaderboard_period default 'WEEK') returns setof app_public.leaderboard_entry
  language sql stable
  as $$
  select (rank() over (order by count(*) desc))::int, u.id, u.name, count(*)::int, u.has_image
  from app_public.actions a join app_public.users u on u.id = a.created_by
  where a.created_at >= app_hidden.leaderboard_since(period)
  group by u.id, u.name, u.has_image
  order by count(*) desc, u.name
  limit 50
$$;
comment on function app_public.user_leaderboard(app_public.leaderboard_period) is 'Care points (one per action) by person, for a period.';

create function app_public.group_leaderboard(period app_public.leaderboard_period default 'WEEK') returns setof app_public.leaderboard_entry
  language sql stable
  as $$
  select (rank() over (order by count(*) desc))::int, g.id, g.name, count(*)::int, g.has_image
  from app_public.actions a join app_public.things t on t.id = a.thing_id join app_public.groups g on g.id = t.group_id
  where a.created_at >= app_hidden.leaderboard_since(period)
  group by g.id, g.name, g.has_image
  order by count(*) desc, g.name
  limit 50
$$;
comment on function app_public.group_leaderboard(app_public.leaderboard_period) is 'Care points (one per action on its things) by group, for a period.';

create table app_public.feedback (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references app_public.users on delete set null default app_public.current_user_id(),
  subject text not null constraint feedback_subject_valid check (
    case when btrim(subject) = '' then app_hidden.invalid('Subject is required')
         when char_length(subject) > 200 then app_hidden.invalid('Subject must be at most 200 characters')
         else true end),
  message text not null constraint feedback_message_valid check (
    case when btrim(message) = '' then app_hidden.invalid('Message is required')
         when char_length(message) > 5000 then app_hidden.invalid('Message must be at most 5000 characters')
         else true end),
  thing_id uuid references app_public.things on delete set null,
  created_at timestamptz not null default now()
);
comment on table app_public.feedback is 'What people tell the team through /form; admins read it.';
comment on column app_public.feedback.user_id is E'@behavior -insert -update';
create index feedback_user_id_idx on app_public.feedback (user_id);
create index feedback_thing_id_idx on app_public.feedback (thing_id);
create index feedback_created_at_idx on app_public.feedback (created_at desc);

create function app_private.tg_feedback__set_user() returns trigger
  language plpgsql volatile set search_path to pg_catalog, public, pg_temp
  as $$
begin
  new.user_id := app_public.current_user_id();
  return new;
end;
$$;
create trigger _200_set_user before insert on app_public.feedback
  for each row execute function app_private.tg_feedback__set_user();

alter table app_public.feedback enable row level security;
create policy insert_signed_in on app_public.feedback for insert to bk_user
  with check ((select app_public.current_user_id()) is not null);
create policy select_own_or_admin on app_public.feedback for select to bk_user
  using (user_id = (select app_public.current_user_id()) or (select app_public.current_user_is_admin()));
create policy delete_admin on app_public.feedback for delete to bk_admin
  using ((select app_public.current_user_is_admin()));
grant select on app_public.feedback to bk_user;
grant insert (subject, message, thing_id) on app_public.feedback to bk_user;
grant delete on app_public.feedback to bk_admin;

grant execute on function app_hidden.leaderboard_since(app_public.leaderboard_period) to bk_anonymous;
grant execute on function app_public.user_leaderboard(app_public.leaderboard_period) to bk_anonymous;
grant execute on function app_public.group_leaderboard(app_public.leaderboard_period) to bk_anonymous;

-- migrate:down
drop table app_public.feedback;
drop function app_private.tg_feedback__set_user();
drop function app_public.group_leaderboard(app_public.leaderboard_period);
drop function app_public.user_leaderboard(app_public.leaderboard_period);
drop function app_hidden.leaderboard_since(app_public.leaderboard_period);
drop type app_public.leaderboard_entry;
drop type app_public.leaderboard_period;
