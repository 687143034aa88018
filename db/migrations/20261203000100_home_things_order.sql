-- migrate:up
-- The home page's "My things" card shows five of a member's things: the One Thing first, then the
-- driest (red, orange, green, blue, then unknown), then by name, case-blind. The dashboard asked
-- for every thing the member looks after only to show five and count the rest, so a volunteer who
-- adopted 500 street trees put 500 rows through the API on every visit to the home page (issue
-- 27). This view is a person's thing accesses with the card's sort keys, so the page asks for the
-- first five in that order and the total (User.homeThingsByUserId).
-- A view, not sortable computed columns or a set-returning function: PostgreSQL inlines a view
-- into the dashboard's one statement, where a function with its own lookup of the thing ran once
-- per row (with the things policy each time), and PostGraphile joins a view's thing as it joins a
-- table's (a function's rows got their things by a second, by-ids query).
-- security_invoker: the reader's own policies apply to both tables, so an access to a thing the
-- reader may not see is not here (the card left those out).
create view app_public.home_things with (security_invoker = true) as
  select a.id,
         a.user_id,
         a.thing_id,
         a.is_owner,
         a.is_collaborator,
         case when u.one_thing_id = t.id then 0 else 1 + app_public.things_needs_water_rank(t) end as home_rank,
         lower(t.name) as sort_name
    from app_public.thing_accesses a
    join app_public.things t on t.id = a.thing_id
    join app_public.users u on u.id = a.user_id;
-- Read only through User.homeThingsByUserId: no root fields, no node id, no field on Thing, and
-- no user on each row (the reader asked through the user).
comment on view app_public.home_things is E'@primaryKey id\n@foreignKey (thing_id) references app_public.things (id)|@behavior -connection -list\n@foreignKey (user_id) references app_public.users (id)|@behavior -single\n@behavior -query:resource:list -query:resource:connection -query:resource:single -node\nThe things a person looks after, with where each comes on their home page.';
comment on column app_public.home_things.id is 'The thing access''s id.';
-- A view's columns may be null as far as PostgreSQL says; these never are (the tables' are not null).
comment on column app_public.home_things.user_id is E'@notNull';
comment on column app_public.home_things.thing_id is E'@notNull';
comment on column app_public.home_things.is_owner is E'@notNull';
comment on column app_public.home_things.is_collaborator is E'@notNull';
comment on column app_public.home_things.home_rank is E'@notNull\n@behavior +orderBy\n0 the person''s One Thing, then 1 to 5 by how urgently it needs water (red, orange, green, blue, unknown).';
comment on column app_public.home_things.sort_name is E'@notNull\n@behavior +orderBy\nThe thing''s name in lower case, to order by.';
grant select on app_public.home_things to bk_anonymous;

-- migrate:down
drop view app_public.home_things;
