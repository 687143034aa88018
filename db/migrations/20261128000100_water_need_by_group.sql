-- migrate:up
-- The hourly recompute works the water balance out once per group of identical inputs (issue 27,
-- "A million things"; docs/decisions.md, "The hourly recompute grows with the things"). A
-- thing's balance depends only on its 0.1-degree grid cell, its parameters (type, age, soil
-- volume and area: app_hidden.thing_water_parameters), its waterings in the 30-day window and
-- whether it was ever watered. Most of a city's street trees share all of these (same cell,
-- type and age, no watering), so a million things are a few thousand series: the balance runs
-- for one thing of each group, and the group's things take its store and rain figures. What
-- stays per thing is its own last watering, for the reason's words. For one thing (a watering's
-- trigger) the group is that thing, and the work is as before.
create or replace function app_private.water_need_results(p_ids uuid[])
 returns table(id uuid, need app_public.water_need, reason text, store_percent double precision, parts jsonb)
 language plpgsql stable security definer
 set search_path to 'pg_catalog', 'public', 'pg_temp'
 set jit to 'off'
 set plan_cache_mode to 'force_custom_plan'
 set work_mem to '64MB'
as $function$
#variable_conflict use_column
begin
  -- plpgsql, so each call is planned for its own arrays (one thing or all).
  return query
  with win as (
    select app_hidden.water_today() as today, app_hidden.water_today() - app_hidden.water_window_days() as w0
  ), chosen as (
    select t.* from app_public.things t where p_ids is null
    union all
    select t.* from app_public.things t where t.id = any(p_ids)
  ), th as (
    select t.id, t.water, t.hydration_levels, t.last_sensor_data, t.location, p.needs_watering, p.rain_reaches, p.kc,
           round(t.location[0]::numeric, 1) as glat, round(t.location[1]::numeric, 1) as glon,
           t.type, t.planting_year, t.volume_litres, t.soil_area_m2
    from chosen t join app_private.water_need_parameters p on p.type = t.type
  ), sensed as (
    select th.id, r.* from th, lateral app_hidden.water_need_from_reading(th.water, th.hydration_levels, th.last_sensor_data) r
    where th.water is not null and th.last_sensor_data > now() - interval '48 hours' and r.need is not null
  ), balanced as (
    -- The things water_balance_days(…, p_skip_sensed => true) works out, with every input of their
    -- balance but the waterings: grid cell and the thing's parameters.
    select th.id, th.glat, th.glon, q.kc, q.area_m2, q.capacity_mm, q.stress_fraction, q.default_litres, q.rain_reaches
    from win cross join th
      cross join lateral app_hidden.thing_water_parameters(th.type, th.planting_year, th.volume_litres, th.soil_area_m2, win.today) q
    where not (th.water is not null and th.last_sensor_data > now() - interval '48 hours')
  ), window_waterings as (
    -- The waterings the balance counts, per thing and day (as water_balance_days counts them), in one text.
    select w.thing_id, string_agg(w.day || ':' || w.litres, ',' order by w.day) as days
    from (select a.thing_id, (a.created_at at time zone 'Europe/London')::date as day,
                 sum(coalesce(a.litres, b.default_litres)) as litres
          from win, balanced b join app_public.actions a on a.thing_id = b.id
          where a.type = 'WATERING' and a.created_at <= now()
            and a.created_at >= (win.w0::timestamp at time zone 'Europe/London')
          group by 1, 2) w
    group by w.thing_id
  ), ever_watered as (
    -- Whether a thing was ever watered: without waterings in the window, its start day depends on it.
    select distinct a.thing_id from app_public.actions a
    where a.type = 'WATERING' and a.thing_id in (select b.id from balanced b)
  ), keyed as (
    -- Things with the same key have the same balance, day by day: most street trees share their
    -- cell, type, age and no watering. Floats print exactly (shortest round-trip text).
    select b.id, concat_ws('|', b.glat, b.glon, b.kc, b.area_m2, b.capacity_mm, b.stress_fraction, b.default_litres,
                           b.rain_reaches, e.thing_id is not null, ww.days) as key
    from balanced b
      left join window_waterings ww on ww.thing_id = b.id
      left join ever_watered e on e.thing_id = b.id
  ), reps as (
    select k.key, min(k.id::text)::uuid as rep from keyed k group by k.key
  ), members as (
    select k.id, r.rep from keyed k join reps r on r.key = k.key
  ), series as (
    -- The balance once per group, for the group's first thing.
    select b.* from app_hidden.water_balance_days(coalesce((select array_agg(r.rep) from reps r), '{}'), null, true) b
  ), final as (
    select s.* from series s, win where s.day = win.today
  ), modelled_members as (
    select mb.id, mb.rep from members mb join final f on f.thing_id = mb.rep
  ), last_watering as (
    select distinct on (a.thing_id) a.thing_id, a.created_at, a.litres,
           win.today - (a.created_at at time zone 'Europe/London')::date as days_ago
    from app_public.actions a cross join win
    where a.type = 'WATERING' and a.created_at <= now() and a.thing_id in (select mm.id from modelled_members mm)
    order by a.thing_id, a.created_at desc, a.id desc
  ), modelled_cells as (
    select distinct th.glat, th.glon from th join final f on f.thing_id = th.id
  ), ahead_cells as (
    -- The rest of today and tomorrow: ET0, forecast rain still to come, hottest maximum.
    select x.latitude as glat, x.longitude as glon,
           sum(x.et0_mm) as et0_mm,
           sum(case when x.day = win.today then greatest(0, coalesce(x.forecast_mm, 0) - coalesce(x.rain_mm, 0)) else coalesce(x.forecast_mm, 0) end) as rain_mm,
           bool_or(x.forecast_mm is not null) as forecast_known,
           max(x.temperature_max) as tmax
    from win cross join lateral app_hidden.water_cells_days(
      (select array_agg(c.glat) from modelled_cells c), (select array_agg(c.glon) from modelled_cells c), win.today, win.today + 1) x
    group by x.latitude, x.longitude
  ), rain_stats as (
    -- Rain since the last watering (its day not counted) when it was at most 7 days ago, else
    -- over the last 7 days; and whether any rain figure is known at all. Per group: its things'
    -- last waterings in the window are on the same day, and older ones count as 7 days.
    select s.thing_id, count(s.rain_source) as rain_days,
           sum(s.rain_mm) filter (where s.rain_source is not null and s.day > win.today - least(coalesce(lw.days_ago, 7), 7)) as rain_since
    from series s cross join win left join last_watering lw on lw.thing_id = s.thing_id
    group by s.thing_id
  ), modelled as (
    select mm.id, f.store_mm, f.capacity_mm, f.refill_mm, th.kc, th.rain_reaches, lw.created_at as watered_at, lw.litres,
           lw.days_ago, ac.et0_mm as ahead_et0, ac.rain_mm as ahead_rain, ac.forecast_known, ac.tmax,
           rs.rain_since, coalesce(rs.rain_days, 0) as rain_days
    from modelled_members mm
      join final f on f.thing_id = mm.rep
      join th on th.id = mm.id
      left join last_watering lw on lw.thing_id = mm.id
      left join rain_stats rs on rs.thing_id = mm.rep
      left join ahead_cells ac on ac.glat = th.glat and ac.glon = th.glon
  )
  select s.id, s.need, s.reason, s.store_percent, s.parts from sensed s
  union all
  select th.id, 'fine', 'needs no watering', null, '[{"key": "reason.no_watering_needed"}]'::jsonb from th where not th.needs_watering and not exists (select 1 from sensed where sensed.id = th.id)
  union all
  select m.id,
         case when m.store_mm <= m.refill_mm then 'needs_water'
              when m.store_mm - m.kc * coalesce(m.ahead_et0, 0) + case when m.rain_reaches then coalesce(m.ahead_rain, 0) else 0 end <= m.refill_mm
                then 'due_soon'
              else 'fine' end::app_public.water_need,
         concat_ws('; ',
           case when m.watered_at is null then 'no watering recorded'
                when m.days_ago <= 7 then 'watered ' || app_hidden.water_days_ago_text(m.days_ago)
                     || coalesce(' with ' || trim(trailing '.' from trim(trailing '0' from round(m.litres::numeric, 1)::text)) || ' L', '')
                else 'no watering recorded for ' || m.days_ago || ' days' end,
           case when not m.rain_reaches then 'under glass'
                when m.rain_days = 0 then 'no weather data'
                when m.watered_at is not null and m.days_ago <= 7 then
                  case when coalesce(m.rain_since, 0) < 0.05 then 'no rain since' else app_hidden.water_mm_text(m.rain_since) || ' rain since' end
                when coalesce(m.rain_since, 0) < 0.05 then 'no rain in the last 7 days'
                else app_hidden.water_mm_text(m.rain_since) || ' rain in the last 7 days' end,
           case when m.tmax >= 25 then 'hot days ahead'
                when m.rain_reaches and m.ahead_rain >= 5 then 'rain expected' end),
         round((100 * m.store_mm / m.capacity_mm)::numeric)::float8,
         -- The same clauses as data for the catalogue (shared/i18n/notices, reason.*).
         (select jsonb_agg(p) from unnest(array[
           case when m.watered_at is null then jsonb_build_object('key', 'reason.no_watering')
                when m.days_ago <= 7 and m.litres is null then jsonb_build_object('key', 'reason.watered', 'values', jsonb_build_object('days', greatest(m.days_ago, 0)))
                when m.days_ago <= 7 then jsonb_build_object('key', 'reason.watered_litres', 'values', jsonb_build_object('days', greatest(m.days_ago, 0), 'litres', round(m.litres::numeric, 1)))
                else jsonb_build_object('key', 'reason.not_watered_for', 'values', jsonb_build_object('days', m.days_ago)) end,
           case when not m.rain_reaches then jsonb_build_object('key', 'reason.under_glass')
                when m.rain_days = 0 then jsonb_build_object('key', 'reason.no_weather')
                when m.watered_at is not null and m.days_ago <= 7 then
                  case when coalesce(m.rain_since, 0) < 0.05 then jsonb_build_object('key', 'reason.no_rain_since')
                       else jsonb_build_object('key', 'reason.rain_since', 'values', jsonb_build_object('mm', app_hidden.water_mm_value(m.rain_since))) end
                when coalesce(m.rain_since, 0) < 0.05 then jsonb_build_object('key', 'reason.no_rain_week')
                else jsonb_build_object('key', 'reason.rain_week', 'values', jsonb_build_object('mm', app_hidden.water_mm_value(m.rain_since))) end,
           case when m.tmax >= 25 then jsonb_build_object('key', 'reason.hot_ahead')
                when m.rain_reaches and m.ahead_rain >= 5 then jsonb_build_object('key', 'reason.rain_expected') end]) p
          where p is not null)
  from modelled m
  union all
  select th.id, 'unknown', 'no watering, fresh reading or weather recorded yet', null, '[{"key": "reason.not_yet"}]'::jsonb
  from th where th.needs_watering and not exists (select 1 from sensed where sensed.id = th.id)
    and not exists (select 1 from modelled_members mm where mm.id = th.id);
end;
$function$;

-- migrate:down
-- The balance per thing again (as 20261127100000_notice_texts.sql defined it).
create or replace function app_private.water_need_results(p_ids uuid[])
 RETURNS TABLE(id uuid, need app_public.water_need, reason text, store_percent double precision, parts jsonb)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
 SET jit TO 'off'
 SET plan_cache_mode TO 'force_custom_plan'
 SET work_mem TO '64MB'
AS $function$
#variable_conflict use_column
begin
  -- plpgsql, so each call is planned for its own arrays (one thing or all).
  return query
  with win as (
    select app_hidden.water_today() as today
  ), chosen as (
    select t.* from app_public.things t where p_ids is null
    union all
    select t.* from app_public.things t where t.id = any(p_ids)
  ), th as (
    select t.id, t.water, t.hydration_levels, t.last_sensor_data, t.location, p.needs_watering, p.rain_reaches, p.kc,
           round(t.location[0]::numeric, 1) as glat, round(t.location[1]::numeric, 1) as glon
    from chosen t join app_private.water_need_parameters p on p.type = t.type
  ), sensed as (
    select th.id, r.* from th, lateral app_hidden.water_need_from_reading(th.water, th.hydration_levels, th.last_sensor_data) r
    where th.water is not null and th.last_sensor_data > now() - interval '48 hours' and r.need is not null
  ), series as (
    select b.* from app_hidden.water_balance_days(p_ids, null, true) b
  ), final as (
    select s.* from series s, win where s.day = win.today
  ), last_watering as (
    select distinct on (a.thing_id) a.thing_id, a.created_at, a.litres,
           win.today - (a.created_at at time zone 'Europe/London')::date as days_ago
    from app_public.actions a cross join win
    where a.type = 'WATERING' and a.created_at <= now() and a.thing_id in (select f.thing_id from final f)
    order by a.thing_id, a.created_at desc, a.id desc
  ), modelled_cells as (
    select distinct th.glat, th.glon from th join final f on f.thing_id = th.id
  ), ahead_cells as (
    -- The rest of today and tomorrow: ET0, forecast rain still to come, hottest maximum.
    select x.latitude as glat, x.longitude as glon,
           sum(x.et0_mm) as et0_mm,
           sum(case when x.day = win.today then greatest(0, coalesce(x.forecast_mm, 0) - coalesce(x.rain_mm, 0)) else coalesce(x.forecast_mm, 0) end) as rain_mm,
           bool_or(x.forecast_mm is not null) as forecast_known,
           max(x.temperature_max) as tmax
    from win cross join lateral app_hidden.water_cells_days(
      (select array_agg(c.glat) from modelled_cells c), (select array_agg(c.glon) from modelled_cells c), win.today, win.today + 1) x
    group by x.latitude, x.longitude
  ), rain_stats as (
    -- Rain since the last watering (its day not counted) when it was at most 7 days ago, else
    -- over the last 7 days; and whether any rain figure is known at all.
    select s.thing_id, count(s.rain_source) as rain_days,
           sum(s.rain_mm) filter (where s.rain_source is not null and s.day > win.today - least(coalesce(lw.days_ago, 7), 7)) as rain_since
    from series s cross join win left join last_watering lw on lw.thing_id = s.thing_id
    group by s.thing_id
  ), modelled as (
    select f.thing_id as id, f.store_mm, f.capacity_mm, f.refill_mm, th.kc, th.rain_reaches, lw.created_at as watered_at, lw.litres,
           lw.days_ago, ac.et0_mm as ahead_et0, ac.rain_mm as ahead_rain, ac.forecast_known, ac.tmax,
           rs.rain_since, coalesce(rs.rain_days, 0) as rain_days
    from final f join th on th.id = f.thing_id
      left join last_watering lw on lw.thing_id = f.thing_id
      left join rain_stats rs on rs.thing_id = f.thing_id
      left join ahead_cells ac on ac.glat = th.glat and ac.glon = th.glon
  )
  select s.id, s.need, s.reason, s.store_percent, s.parts from sensed s
  union all
  select th.id, 'fine', 'needs no watering', null, '[{"key": "reason.no_watering_needed"}]'::jsonb from th where not th.needs_watering and not exists (select 1 from sensed where sensed.id = th.id)
  union all
  select m.id,
         case when m.store_mm <= m.refill_mm then 'needs_water'
              when m.store_mm - m.kc * coalesce(m.ahead_et0, 0) + case when m.rain_reaches then coalesce(m.ahead_rain, 0) else 0 end <= m.refill_mm
                then 'due_soon'
              else 'fine' end::app_public.water_need,
         concat_ws('; ',
           case when m.watered_at is null then 'no watering recorded'
                when m.days_ago <= 7 then 'watered ' || app_hidden.water_days_ago_text(m.days_ago)
                     || coalesce(' with ' || trim(trailing '.' from trim(trailing '0' from round(m.litres::numeric, 1)::text)) || ' L', '')
                else 'no watering recorded for ' || m.days_ago || ' days' end,
           case when not m.rain_reaches then 'under glass'
                when m.rain_days = 0 then 'no weather data'
                when m.watered_at is not null and m.days_ago <= 7 then
                  case when coalesce(m.rain_since, 0) < 0.05 then 'no rain since' else app_hidden.water_mm_text(m.rain_since) || ' rain since' end
                when coalesce(m.rain_since, 0) < 0.05 then 'no rain in the last 7 days'
                else app_hidden.water_mm_text(m.rain_since) || ' rain in the last 7 days' end,
           case when m.tmax >= 25 then 'hot days ahead'
                when m.rain_reaches and m.ahead_rain >= 5 then 'rain expected' end),
         round((100 * m.store_mm / m.capacity_mm)::numeric)::float8,
         -- The same clauses as data for the catalogue (shared/i18n/notices, reason.*).
         (select jsonb_agg(p) from unnest(array[
           case when m.watered_at is null then jsonb_build_object('key', 'reason.no_watering')
                when m.days_ago <= 7 and m.litres is null then jsonb_build_object('key', 'reason.watered', 'values', jsonb_build_object('days', greatest(m.days_ago, 0)))
                when m.days_ago <= 7 then jsonb_build_object('key', 'reason.watered_litres', 'values', jsonb_build_object('days', greatest(m.days_ago, 0), 'litres', round(m.litres::numeric, 1)))
                else jsonb_build_object('key', 'reason.not_watered_for', 'values', jsonb_build_object('days', m.days_ago)) end,
           case when not m.rain_reaches then jsonb_build_object('key', 'reason.under_glass')
                when m.rain_days = 0 then jsonb_build_object('key', 'reason.no_weather')
                when m.watered_at is not null and m.days_ago <= 7 then
                  case when coalesce(m.rain_since, 0) < 0.05 then jsonb_build_object('key', 'reason.no_rain_since')
                       else jsonb_build_object('key', 'reason.rain_since', 'values', jsonb_build_object('mm', app_hidden.water_mm_value(m.rain_since))) end
                when coalesce(m.rain_since, 0) < 0.05 then jsonb_build_object('key', 'reason.no_rain_week')
                else jsonb_build_object('key', 'reason.rain_week', 'values', jsonb_build_object('mm', app_hidden.water_mm_value(m.rain_since))) end,
           case when m.tmax >= 25 then jsonb_build_object('key', 'reason.hot_ahead')
                when m.rain_reaches and m.ahead_rain >= 5 then jsonb_build_object('key', 'reason.rain_expected') end]) p
          where p is not null)
  from modelled m
  union all
  select th.id, 'unknown', 'no watering, fresh reading or weather recorded yet', null, '[{"key": "reason.not_yet"}]'::jsonb
  from th where th.needs_watering and not exists (select 1 from sensed where sensed.id = th.id)
    and not exists (select 1 from final f where f.thing_id = th.id);
end;
$function$
;
