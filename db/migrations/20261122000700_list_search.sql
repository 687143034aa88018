-- migrate:up
-- Server-side search, sort and filters for the paged lists (issue #12). A list that loads a page
-- at a time cannot search in the browser without missing what is not loaded yet, so the lists
-- pass their search text to the server as `condition: { search: "..." }` (server/graphql/
-- search-condition-plugin.ts). The rule is the browser's (web/src/components/list/search.ts):
-- case- and accent-insensitive, every word of the query must occur somewhere in the row's text.

-- Lower case, common Latin accents dropped ("Café Crème" -> "cafe creme"), underscores of enum
-- values read as spaces ("LITTER_CLEANUP" -> "litter cleanup").
create function app_hidden.search_fold(value text) returns text
  language sql immutable parallel safe
  as $$
  select lower(translate(
    coalesce(value, ''),
    'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿ_',
    'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyy '
  ))
$$;

-- Whether every word of `query` occurs in `haystack` (an empty query matches everything).
create function app_hidden.matches_search(haystack text, query text) returns boolean
  language sql immutable parallel safe
  as $$
  select coalesce(bool_and(strpos(folded.text, word) > 0), true)
  from (select app_hidden.search_fold(haystack) as text) folded,
       regexp_split_to_table(app_hidden.search_fold(btrim(coalesce(query, ''))), '\s+') as word
  where word <> ''
$$;

-- The text each searchable row is found by. Related names (a thing's group, a device's thing, who
-- recorded an action) are read as the caller, so row-level security keeps hidden names out.
create function app_hidden.search_text(g app_public.groups) returns text
  language sql stable
  as $$ select concat_ws(' ', g.name, g.description, g.type::text) $$;

create function app_hidden.search_text(t app_public.things) returns text
  language sql stable
  as $$
  select concat_ws(' ', t.name, t.description, t.location_description, t.type::text,
    (select g.name from app_public.groups g where g.id = t.group_id))
$$;

create function app_hidden.search_text(d app_public.devices) returns text
  language sql stable
  as $$
  select concat_ws(' ', d.name, d.device_id, d.model::text,
    (select t.name from app_public.things t where t.id = d.thing_id))
$$;

create function app_hidden.search_text(a app_public.actions) returns text
  language sql stable
  as $$
  select concat_ws(' ', a.comments, a.type::text,
    (select t.name from app_public.things t where t.id = a.thing_id),
    (select concat_ws(' ', u.name, u.username) from app_public.users u where u.id = a.created_by))
$$;

create function app_hidden.search_text(t app_public.tasks) returns text
  language sql stable
  as $$
  select concat_ws(' ', t.title, t.description, t.action_type::text,
    (select th.name from app_public.things th where th.id = t.thing_id))
$$;

create function app_hidden.search_text(u app_public.users) returns text
  language sql stable
  as $$ select concat_ws(' ', u.name, u.username) $$;

create function app_hidden.search_text(m app_public.group_memberships) returns text
  language sql stable
  as $$
  select concat_ws(' ',
    (select concat_ws(' ', u.name, u.username) from app_public.users u where u.id = m.user_id),
    (select g.name from app_public.groups g where g.id = m.group_id))
$$;

grant execute on function app_hidden.search_fold(text) to bk_anonymous;
grant execute on function app_hidden.matches_search(text, text) to bk_anonymous;
grant execute on function app_hidden.search_text(app_public.groups) to bk_anonymous;
grant execute on function app_hidden.search_text(app_public.things) to bk_anonymous;
grant execute on function app_hidden.search_text(app_public.devices) to bk_anonymous;
grant execute on function app_hidden.search_text(app_public.actions) to bk_anonymous;
grant execute on function app_hidden.search_text(app_public.tasks) to bk_anonymous;
grant execute on function app_hidden.search_text(app_public.users) to bk_anonymous;
grant execute on function app_hidden.search_text(app_public.group_memberships) to bk_anonymous;

-- /users for members who are not admins: each person of the groups the caller can see once
-- (group_memberships' row-level security decides which), optionally of one group, so the list
-- can be paged, sorted and searched on the server like any other.
create function app_public.people_in_groups(group_id uuid default null) returns setof app_public.users
  language sql stable
  as $$
  select u.* from app_public.users u
  where exists (
    select 1 from app_public.group_memberships m
    where m.user_id = u.id and (people_in_groups.group_id is null or m.group_id = people_in_groups.group_id)
  )
  order by u.name, u.username
$$;
comment on function app_public.people_in_groups(uuid) is
  E'@sortable\n@filterable\nThe people in the groups you can see (of one group when groupId is given), ordered by name.';
grant execute on function app_public.people_in_groups(uuid) to bk_user;

-- The admins' list of everyone gets the same order and conditions.
comment on function app_public.all_users() is E'@sortable\n@filterable\nEvery user, ordered by name (admins only).';

-- migrate:down
comment on function app_public.all_users() is 'Every user, ordered by name (admins only).';
drop function app_public.people_in_groups(uuid);
drop function app_hidden.search_text(app_public.group_memberships);
drop function app_hidden.search_text(app_public.users);
drop function app_hidden.search_text(app_public.tasks);
drop function app_hidden.search_text(app_public.actions);
drop function app_hidden.search_text(app_public.devices);
drop function app_hidden.search_text(app_public.things);
drop function app_hidden.search_text(app_public.groups);
drop function app_hidden.matches_search(text, text);
drop function app_hidden.search_fold(text);
