-- migrate:up
-- reportContent without a target type or id (both optional in GraphQL) failed with an internal
-- error ("case not found"); found by server/test/property-bad-input.test.ts. It now says what is
-- missing (INVLD) and changes nothing.
create or replace function app_public.report_content(
  target_type app_public.report_target, target_id uuid, reason app_public.report_reason,
  details text default null, picture_of text default null
) returns app_public.content_reports
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user_id uuid := app_hidden.require_user();
  v_details text := nullif(btrim(report_content.details), '');
  v_excerpt text;
  v_author uuid;
  v_found boolean := false;
  v_count int;
  v_report app_public.content_reports;
begin
  -- Without them the case below has no branch to take (PostgreSQL's "case not found", an
  -- internal error): say what is missing instead.
  if target_type is null or target_id is null then
    raise exception 'Say what you are reporting: a thing, picture, action or chat message, and which one' using errcode = 'INVLD';
  end if;
  if reason is null then
    raise exception 'Choose a reason: spam, wrong or offensive' using errcode = 'INVLD';
  end if;
  if v_details is not null and char_length(v_details) > 1000 then
    raise exception 'Details must be at most 1000 characters' using errcode = 'INVLD';
  end if;
  if target_type = 'picture' and (picture_of is null or picture_of not in ('user', 'thing', 'group', 'device', 'action')) then
    raise exception 'Say whose picture it is: a user, thing, group, device or action' using errcode = 'INVLD';
  end if;

  case target_type
    when 'thing' then
      select true, t.name, t.created_by into v_found, v_excerpt, v_author
        from app_public.things t where t.id = report_content.target_id and app_hidden.can_see_thing(t.id);
    when 'action' then
      select true, a.comments, a.created_by into v_found, v_excerpt, v_author
        from app_public.actions a
        where a.id = report_content.target_id and a.hidden_at is null and app_hidden.can_see_thing(a.thing_id);
    when 'chat_message' then
      select true, m.message_text, case when m.type_name = 'user' then m.recipient_id end into v_found, v_excerpt, v_author
        from app_public.chat_messages m
        where m.id = report_content.target_id and m.recipient_id = v_user_id and m.hidden_at is null
          and app_hidden.can_see_thing(m.thing_id);
    when 'picture' then
      case picture_of
        when 'user' then
          select true, 'Picture of ' || u.name, u.id into v_found, v_excerpt, v_author
            from app_public.users u where u.id = report_content.target_id and u.has_image;
        when 'thing' then
          select true, 'Picture of ' || t.name, t.created_by into v_found, v_excerpt, v_author
            from app_public.things t where t.id = report_content.target_id and t.has_image and app_hidden.can_see_thing(t.id);
        when 'action' then
          select true, 'Picture of an action: ' || left(a.comments, 200), a.created_by into v_found, v_excerpt, v_author
            from app_public.actions a
            where a.id = report_content.target_id and a.has_image and a.hidden_at is null and app_hidden.can_see_thing(a.thing_id);
        when 'device' then
          select true, 'Picture of ' || d.name into v_found, v_excerpt
            from app_public.devices d where d.id = report_content.target_id and d.has_image and app_hidden.can_see_device(d.id);
        else
          select true, 'Picture of ' || g.name into v_found, v_excerpt
            from app_public.groups g
            where g.id = report_content.target_id and g.has_image
              and (g.is_public or g.id in (select app_hidden.my_group_ids()) or app_public.current_user_is_admin());
      end case;
      if v_found and app_hidden.picture_is_hidden(picture_of, report_content.target_id) and not app_public.current_user_is_admin() then
        v_found := false;
      end if;
  end case;
  if not coalesce(v_found, false) then
    raise exception 'There is nothing to report there: it does not exist or you cannot see it' using errcode = 'NTFND';
  end if;

  -- One reporter at a time, so concurrent reports cannot both pass the limit.
  perform pg_advisory_xact_lock(hashtextextended('app_public.content_reports:' || v_user_id, 0));
  select * into v_report from app_public.content_reports r
    where r.reporter_id = v_user_id and r.target_type = report_content.target_type
      and r.target_id = report_content.target_id and r.status = 'open';
  if v_report.id is not null then
    return v_report;
  end if;
  select count(*) into v_count from app_public.content_reports r
    where r.reporter_id = v_user_id and r.created_at > now() - interval '1 day';
  if v_count >= app_hidden.reports_per_day() then
    raise exception 'You can send up to % reports a day. Please try again tomorrow.', app_hidden.reports_per_day()
      using errcode = 'RATEL';
  end if;

  insert into app_public.content_reports (reporter_id, target_type, target_id, picture_of, reason, details, excerpt, author_id)
    values (v_user_id, report_content.target_type, report_content.target_id,
            case when report_content.target_type = 'picture' then report_content.picture_of end,
            reason, v_details, left(coalesce(v_excerpt, ''), 500), v_author)
    returning * into v_report;
  return v_report;
end;
$$;

-- migrate:down
create or replace function app_public.report_content(
  target_type app_public.report_target, target_id uuid, reason app_public.report_reason,
  details text default null, picture_of text default null
) returns app_public.content_reports
  language plpgsql volatile security definer set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user_id uuid := app_hidden.require_user();
  v_details text := nullif(btrim(report_content.details), '');
  v_excerpt text;
  v_author uuid;
  v_found boolean := false;
  v_count int;
  v_report app_public.content_reports;
begin
  if reason is null then
    raise exception 'Choose a reason: spam, wrong or offensive' using errcode = 'INVLD';
  end if;
  if v_details is not null and char_length(v_details) > 1000 then
    raise exception 'Details must be at most 1000 characters' using errcode = 'INVLD';
  end if;
  if target_type = 'picture' and (picture_of is null or picture_of not in ('user', 'thing', 'group', 'device', 'action')) then
    raise exception 'Say whose picture it is: a user, thing, group, device or action' using errcode = 'INVLD';
  end if;

  case target_type
    when 'thing' then
      select true, t.name, t.created_by into v_found, v_excerpt, v_author
        from app_public.things t where t.id = report_content.target_id and app_hidden.can_see_thing(t.id);
    when 'action' then
      select true, a.comments, a.created_by into v_found, v_excerpt, v_author
        from app_public.actions a
        where a.id = report_content.target_id and a.hidden_at is null and app_hidden.can_see_thing(a.thing_id);
    when 'chat_message' then
      select true, m.message_text, case when m.type_name = 'user' then m.recipient_id end into v_found, v_excerpt, v_author
        from app_public.chat_messages m
        where m.id = report_content.target_id and m.recipient_id = v_user_id and m.hidden_at is null
          and app_hidden.can_see_thing(m.thing_id);
    when 'picture' then
      case picture_of
        when 'user' then
          select true, 'Picture of ' || u.name, u.id into v_found, v_excerpt, v_author
            from app_public.users u where u.id = report_content.target_id and u.has_image;
        when 'thing' then
          select true, 'Picture of ' || t.name, t.created_by into v_found, v_excerpt, v_author
            from app_public.things t where t.id = report_content.target_id and t.has_image and app_hidden.can_see_thing(t.id);
        when 'action' then
          select true, 'Picture of an action: ' || left(a.comments, 200), a.created_by into v_found, v_excerpt, v_author
            from app_public.actions a
            where a.id = report_content.target_id and a.has_image and a.hidden_at is null and app_hidden.can_see_thing(a.thing_id);
        when 'device' then
          select true, 'Picture of ' || d.name into v_found, v_excerpt
            from app_public.devices d where d.id = report_content.target_id and d.has_image and app_hidden.can_see_device(d.id);
        else
          select true, 'Picture of ' || g.name into v_found, v_excerpt
            from app_public.groups g
            where g.id = report_content.target_id and g.has_image
              and (g.is_public or g.id in (select app_hidden.my_group_ids()) or app_public.current_user_is_admin());
      end case;
      if v_found and app_hidden.picture_is_hidden(picture_of, report_content.target_id) and not app_public.current_user_is_admin() then
        v_found := false;
      end if;
  end case;
  if not coalesce(v_found, false) then
    raise exception 'There is nothing to report there: it does not exist or you cannot see it' using errcode = 'NTFND';
  end if;

  -- One reporter at a time, so concurrent reports cannot both pass the limit.
  perform pg_advisory_xact_lock(hashtextextended('app_public.content_reports:' || v_user_id, 0));
  select * into v_report from app_public.content_reports r
    where r.reporter_id = v_user_id and r.target_type = report_content.target_type
      and r.target_id = report_content.target_id and r.status = 'open';
  if v_report.id is not null then
    return v_report;
  end if;
  select count(*) into v_count from app_public.content_reports r
    where r.reporter_id = v_user_id and r.created_at > now() - interval '1 day';
  if v_count >= app_hidden.reports_per_day() then
    raise exception 'You can send up to % reports a day. Please try again tomorrow.', app_hidden.reports_per_day()
      using errcode = 'RATEL';
  end if;

  insert into app_public.content_reports (reporter_id, target_type, target_id, picture_of, reason, details, excerpt, author_id)
    values (v_user_id, report_content.target_type, report_content.target_id,
            case when report_content.target_type = 'picture' then report_content.picture_of end,
            reason, v_details, left(coalesce(v_excerpt, ''), 500), v_author)
    returning * into v_report;
  return v_report;
end;
$$;
