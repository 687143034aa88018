SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: app_hidden; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA app_hidden;

--
-- Name: app_partitions; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA app_partitions;

--
-- Name: app_private; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA app_private;

--
-- Name: app_public; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA app_public;

--
-- Name: graphile_worker; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA graphile_worker;

--
-- Name: citext; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS citext WITH SCHEMA public;

--
-- Name: EXTENSION citext; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION citext IS 'data type for case-insensitive character strings';

--
-- Name: cube; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS cube WITH SCHEMA public;

--
-- Name: EXTENSION cube; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION cube IS 'data type for multidimensional cubes';

--
-- Name: earthdistance; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS earthdistance WITH SCHEMA public;

--
-- Name: EXTENSION earthdistance; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION earthdistance IS 'calculate great-circle distances on the surface of the Earth';

--
-- Name: pgcrypto; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS pgcrypto WITH SCHEMA public;

--
-- Name: EXTENSION pgcrypto; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION pgcrypto IS 'cryptographic functions';

--
-- Name: daily_stat_rows; Type: TYPE; Schema: app_hidden; Owner: -
--

CREATE TYPE app_hidden.daily_stat_rows AS (
	date date,
	daily_navigations bigint,
	daily_sessions bigint,
	unique_routes_visited bigint,
	average_time_per_navigation numeric,
	active_users bigint
);

--
-- Name: pattern_stat_rows; Type: TYPE; Schema: app_hidden; Owner: -
--

CREATE TYPE app_hidden.pattern_stat_rows AS (
	from_route text,
	to_route text,
	occurrence_count bigint,
	average_transition_time numeric,
	unique_users bigint,
	unique_sessions bigint,
	first_occurrence timestamp with time zone,
	last_occurrence timestamp with time zone
);

--
-- Name: route_stat_rows; Type: TYPE; Schema: app_hidden; Owner: -
--

CREATE TYPE app_hidden.route_stat_rows AS (
	route text,
	visit_count bigint,
	total_time_spent bigint,
	average_time_spent numeric,
	first_visited timestamp with time zone,
	last_visited timestamp with time zone,
	unique_visitors bigint,
	unique_sessions bigint
);

--
-- Name: session_grant; Type: TYPE; Schema: app_hidden; Owner: -
--

CREATE TYPE app_hidden.session_grant AS (
	session_id uuid,
	user_id uuid,
	role text,
	expires_at timestamp with time zone
);

--
-- Name: session_stat_rows; Type: TYPE; Schema: app_hidden; Owner: -
--

CREATE TYPE app_hidden.session_stat_rows AS (
	user_id uuid,
	username text,
	total_sessions bigint,
	average_session_duration numeric,
	total_navigations bigint,
	average_navigations_per_session numeric,
	first_session timestamp with time zone,
	last_session timestamp with time zone
);

--
-- Name: action_type; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.action_type AS ENUM (
    'CREATED',
    'SHARE',
    'MEASUREMENT',
    'WATERING',
    'LITTER_CLEANUP',
    'UPKEEP',
    'EDUCATION'
);

--
-- Name: admin_totals; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.admin_totals AS (
	things integer,
	devices integer,
	users integer,
	groups integer,
	actions integer
);

--
-- Name: daily_stat; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.daily_stat AS (
	date date,
	daily_navigations integer,
	daily_sessions integer,
	unique_routes_visited integer,
	average_time_per_navigation numeric,
	active_users integer
);

--
-- Name: device_indicator_parameter; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.device_indicator_parameter AS ENUM (
    'WATER',
    'TEMPERATURE',
    'PH',
    'CONDUCTIVITY'
);

--
-- Name: device_model; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.device_model AS ENUM (
    'LSE01',
    'LSPH01',
    'THE_THINGS_UNO'
);

--
-- Name: TYPE device_model; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TYPE app_public.device_model IS 'LSE01: soil moisture, temperature and conductivity. LSPH01: soil pH. THE_THINGS_UNO: pump/LED controller.';

--
-- Name: digest_frequency; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.digest_frequency AS ENUM (
    'daily',
    'weekly'
);

--
-- Name: downlink_status; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.downlink_status AS ENUM (
    'QUEUED',
    'SENT',
    'SIMULATED',
    'FAILED'
);

--
-- Name: TYPE downlink_status; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TYPE app_public.downlink_status IS 'QUEUED: waiting for (or between attempts at) The Things Stack. SENT: accepted by it. SIMULATED: no The Things Stack application is configured, so it was only logged. FAILED: refused, or every attempt failed.';

--
-- Name: flowering_season; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.flowering_season AS ENUM (
    'SPRING',
    'SUMMER',
    'AUTUMN',
    'WINTER'
);

--
-- Name: TYPE flowering_season; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TYPE app_public.flowering_season IS 'When a bee cafe''s plants flower.';

--
-- Name: group_type; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.group_type AS ENUM (
    'BEEPASS',
    'COUNCIL',
    'ESTATE',
    'ORCHARD',
    'GROWER'
);

--
-- Name: indicator_parameter; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.indicator_parameter AS ENUM (
    'WATER',
    'P_H'
);

--
-- Name: invitation_target; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.invitation_target AS (
	id uuid,
	name text
);

--
-- Name: TYPE invitation_target; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TYPE app_public.invitation_target IS 'The thing, device or group an invitation is for.';

--
-- Name: leaderboard_entry; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.leaderboard_entry AS (
	rank integer,
	id uuid,
	name text,
	points integer,
	has_image boolean,
	litres double precision
);

--
-- Name: leaderboard_period; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.leaderboard_period AS ENUM (
    'WEEK',
    'MONTH',
    'ALL_TIME'
);

--
-- Name: map_cluster; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.map_cluster AS (
	count integer,
	latitude double precision,
	longitude double precision,
	needs_water integer
);

--
-- Name: TYPE map_cluster; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TYPE app_public.map_cluster IS 'Things close together on the map at this zoom: how many, and their centre.';

--
-- Name: COLUMN map_cluster.count; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.map_cluster.count IS '@notNull';

--
-- Name: COLUMN map_cluster.latitude; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.map_cluster.latitude IS '@notNull';

--
-- Name: COLUMN map_cluster.longitude; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.map_cluster.longitude IS '@notNull';

--
-- Name: COLUMN map_cluster.needs_water; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.map_cluster.needs_water IS '@notNull
How many of the cluster''s things need water now.';

--
-- Name: thing_type; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.thing_type AS ENUM (
    'BEECAFE',
    'APIARY',
    'GREENHOUSE',
    'MEADOW',
    'FLOWERBED',
    'TREE',
    'BIN',
    'PLANTER',
    'HEDGE',
    'GRAVE',
    'VEGETABLEBED',
    'WALL',
    'FENCE',
    'BENCH',
    'MURAL',
    'NOTICEBOARD',
    'BOOKSHARE',
    'PLAQUE',
    'SCULPTURE'
);

--
-- Name: water_need; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.water_need AS ENUM (
    'fine',
    'due_soon',
    'needs_water',
    'unknown'
);

--
-- Name: TYPE water_need; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TYPE app_public.water_need IS 'Whether a thing needs water: fine, due soon, needs water, or unknown (nothing at all is known).';

--
-- Name: map_thing; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.map_thing AS (
	id uuid,
	name text,
	type app_public.thing_type,
	indicator_colour text,
	is_public boolean,
	latitude double precision,
	longitude double precision,
	water_need app_public.water_need
);

--
-- Name: TYPE map_thing; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TYPE app_public.map_thing IS 'A thing as the map draws it.';

--
-- Name: COLUMN map_thing.id; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.map_thing.id IS '@notNull';

--
-- Name: COLUMN map_thing.name; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.map_thing.name IS '@notNull
The name, cut to 60 characters.';

--
-- Name: COLUMN map_thing.type; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.map_thing.type IS '@notNull';

--
-- Name: COLUMN map_thing.is_public; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.map_thing.is_public IS '@notNull';

--
-- Name: COLUMN map_thing.latitude; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.map_thing.latitude IS '@notNull';

--
-- Name: COLUMN map_thing.longitude; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.map_thing.longitude IS '@notNull';

--
-- Name: COLUMN map_thing.water_need; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.map_thing.water_need IS '@notNull
Whether the thing needs water (things.water_need).';

--
-- Name: map_view; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.map_view AS (
	clusters app_public.map_cluster[],
	things app_public.map_thing[],
	total integer,
	truncated boolean
);

--
-- Name: TYPE map_view; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TYPE app_public.map_view IS 'The things of a map area: clusters, and things alone in their cell.';

--
-- Name: COLUMN map_view.clusters; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.map_view.clusters IS '@notNull';

--
-- Name: COLUMN map_view.things; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.map_view.things IS '@notNull';

--
-- Name: COLUMN map_view.total; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.map_view.total IS '@notNull
Visible things in the area (the clusters'' counts plus the things).';

--
-- Name: COLUMN map_view.truncated; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.map_view.truncated IS '@notNull
Whether things were left out (more than 1,000 at a zoom that draws each one).';

--
-- Name: nearby_device; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.nearby_device AS (
	id uuid,
	name text,
	latitude double precision,
	longitude double precision,
	distance_metres double precision
);

--
-- Name: TYPE nearby_device; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TYPE app_public.nearby_device IS 'A device near the place asked about, and how far it is.';

--
-- Name: COLUMN nearby_device.id; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.nearby_device.id IS '@notNull';

--
-- Name: COLUMN nearby_device.name; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.nearby_device.name IS '@notNull';

--
-- Name: COLUMN nearby_device.latitude; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.nearby_device.latitude IS '@notNull';

--
-- Name: COLUMN nearby_device.longitude; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.nearby_device.longitude IS '@notNull';

--
-- Name: COLUMN nearby_device.distance_metres; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.nearby_device.distance_metres IS '@notNull
Great-circle distance from the place asked about, in metres.';

--
-- Name: nearby_thing; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.nearby_thing AS (
	id uuid,
	name text,
	type app_public.thing_type,
	latitude double precision,
	longitude double precision,
	distance_metres double precision,
	water_need app_public.water_need
);

--
-- Name: TYPE nearby_thing; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TYPE app_public.nearby_thing IS 'A thing near the place asked about, and how far it is.';

--
-- Name: COLUMN nearby_thing.id; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.nearby_thing.id IS '@notNull';

--
-- Name: COLUMN nearby_thing.name; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.nearby_thing.name IS '@notNull';

--
-- Name: COLUMN nearby_thing.type; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.nearby_thing.type IS '@notNull';

--
-- Name: COLUMN nearby_thing.latitude; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.nearby_thing.latitude IS '@notNull';

--
-- Name: COLUMN nearby_thing.longitude; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.nearby_thing.longitude IS '@notNull';

--
-- Name: COLUMN nearby_thing.distance_metres; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.nearby_thing.distance_metres IS '@notNull
Great-circle distance from the place asked about, in metres.';

--
-- Name: COLUMN nearby_thing.water_need; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.nearby_thing.water_need IS '@notNull
Whether the thing needs water (things.water_need).';

--
-- Name: notice_kind; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.notice_kind AS ENUM (
    'water',
    'task',
    'invitation',
    'group',
    'device',
    'digest'
);

--
-- Name: TYPE notice_kind; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TYPE app_public.notice_kind IS 'A kind of notice: water needed, tasks, invitations, group activity, device health, the digest e-mail.';

--
-- Name: notification_level; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.notification_level AS ENUM (
    'positive',
    'negative',
    'warning',
    'info',
    'ongoing'
);

--
-- Name: pattern_stat; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.pattern_stat AS (
	from_route text,
	to_route text,
	occurrence_count integer,
	average_transition_time numeric,
	unique_users integer,
	unique_sessions integer,
	first_occurrence timestamp with time zone,
	last_occurrence timestamp with time zone
);

--
-- Name: report_reason; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.report_reason AS ENUM (
    'spam',
    'wrong',
    'offensive'
);

--
-- Name: report_status; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.report_status AS ENUM (
    'open',
    'hidden',
    'dismissed',
    'restored'
);

--
-- Name: report_target; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.report_target AS ENUM (
    'thing',
    'picture',
    'action',
    'chat_message'
);

--
-- Name: rota_duty; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.rota_duty AS (
	day date,
	weekday integer,
	slot_id uuid,
	user_id uuid,
	username text,
	name text,
	swapped boolean
);

--
-- Name: TYPE rota_duty; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TYPE app_public.rota_duty IS 'Who is on a group''s watering rota on a day, after swaps.';

--
-- Name: rota_swap_status; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.rota_swap_status AS ENUM (
    'open',
    'accepted',
    'cancelled'
);

--
-- Name: route_stat; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.route_stat AS (
	route text,
	visit_count integer,
	total_time_spent bigint,
	average_time_spent numeric,
	first_visited timestamp with time zone,
	last_visited timestamp with time zone,
	unique_visitors integer,
	unique_sessions integer
);

--
-- Name: sensor_rollup_line; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.sensor_rollup_line AS (
	parameter text,
	buckets timestamp with time zone[],
	readings integer[],
	min double precision[],
	max double precision[],
	mean double precision[]
);

--
-- Name: TYPE sensor_rollup_line; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TYPE app_public.sensor_rollup_line IS 'One quantity''s readings per hour or day (UTC), oldest first: for each bucket, how many, the lowest, the highest and the mean.';

--
-- Name: COLUMN sensor_rollup_line.parameter; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.sensor_rollup_line.parameter IS 'water, temperature, conductivity, ph, battery, rssi or snr.';

--
-- Name: COLUMN sensor_rollup_line.buckets; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.sensor_rollup_line.buckets IS 'The start of each hour or day (UTC); the other lists follow it.';

--
-- Name: sensor_rollup_resolution; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.sensor_rollup_resolution AS ENUM (
    'HOUR',
    'DAY'
);

--
-- Name: session_stat; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.session_stat AS (
	user_id uuid,
	username text,
	total_sessions integer,
	average_session_duration numeric,
	total_navigations integer,
	average_navigations_per_session numeric,
	first_session timestamp with time zone,
	last_session timestamp with time zone
);

--
-- Name: sync_navigation_result; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.sync_navigation_result AS (
	success boolean,
	synced_count integer,
	errors text[]
);

--
-- Name: sync_session_result; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.sync_session_result AS (
	success boolean,
	session_id uuid,
	total_events integer,
	errors text[]
);

--
-- Name: task_priority; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.task_priority AS ENUM (
    'low',
    'normal',
    'medium',
    'high'
);

--
-- Name: task_status; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.task_status AS ENUM (
    'notStarted',
    'inProgress',
    'completed'
);

--
-- Name: thing_import_outcome; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.thing_import_outcome AS ENUM (
    'CREATED',
    'UPDATED',
    'UNCHANGED',
    'REJECTED'
);

--
-- Name: TYPE thing_import_outcome; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TYPE app_public.thing_import_outcome IS 'What an import did (or, in a dry run, would do) with a row.';

--
-- Name: thing_import_result; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.thing_import_result AS (
	row_number integer,
	external_id text,
	outcome app_public.thing_import_outcome,
	message text,
	thing_id uuid
);

--
-- Name: TYPE thing_import_result; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TYPE app_public.thing_import_result IS 'One row of an import: its number in the file, external id, outcome, why it was rejected, and the thing (not in a dry run of a new one).';

--
-- Name: tree_height_class; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.tree_height_class AS ENUM (
    'UNDER_5_M',
    'FROM_5_TO_10_M',
    'FROM_10_TO_15_M',
    'FROM_15_TO_20_M',
    'OVER_20_M'
);

--
-- Name: TYPE tree_height_class; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TYPE app_public.tree_height_class IS 'A tree''s height in the bands tree registers use: under 5 m, 5-10 m, 10-15 m, 15-20 m, over 20 m.';

--
-- Name: water_balance_day; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.water_balance_day AS (
	day date,
	store_percent double precision,
	rain_mm double precision,
	watered_litres double precision,
	et_mm double precision
);

--
-- Name: TYPE water_balance_day; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TYPE app_public.water_balance_day IS 'One day of a thing''s water balance: store fill (percent; null before the model''s start), rain, litres watered, crop evapotranspiration (mm).';

--
-- Name: water_parameters; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.water_parameters AS (
	area_m2 double precision,
	capacity_mm double precision,
	refill_mm double precision,
	capacity_litres double precision,
	basis text
);

--
-- Name: TYPE water_parameters; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TYPE app_public.water_parameters IS 'The water-need model''s figures for a thing: the area a watering spreads over (m2), the store (mm and litres), the level below which it needs water (mm), and what they come from.';

--
-- Name: water_point; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.water_point AS (
	id uuid,
	name text,
	kind text,
	description text,
	latitude double precision,
	longitude double precision
);

--
-- Name: TYPE water_point; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TYPE app_public.water_point IS 'A public pump or tap.';

--
-- Name: COLUMN water_point.id; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.water_point.id IS '@notNull';

--
-- Name: COLUMN water_point.name; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.water_point.name IS '@notNull';

--
-- Name: COLUMN water_point.kind; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.water_point.kind IS '@notNull
pump or tap.';

--
-- Name: COLUMN water_point.latitude; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.water_point.latitude IS '@notNull';

--
-- Name: COLUMN water_point.longitude; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.water_point.longitude IS '@notNull';

--
-- Name: job_spec; Type: TYPE; Schema: graphile_worker; Owner: -
--

CREATE TYPE graphile_worker.job_spec AS (
	identifier text,
	payload json,
	queue_name text,
	run_at timestamp with time zone,
	max_attempts smallint,
	job_key text,
	priority smallint,
	flags text[]
);

--
-- Name: action_phrase(app_public.action_type); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.action_phrase(p_type app_public.action_type) RETURNS text
    LANGUAGE sql IMMUTABLE
    AS $$
  select case p_type
    when 'WATERING' then 'water'
    when 'LITTER_CLEANUP' then 'clean up litter'
    when 'UPKEEP' then 'do some upkeep'
    when 'EDUCATION' then 'run an education session'
    when 'MEASUREMENT' then 'take a measurement'
    when 'SHARE' then 'share'
    else 'look after'
  end
$$;

--
-- Name: adopter_head_start(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.adopter_head_start() RETURNS interval
    LANGUAGE sql IMMUTABLE
    AS $$ select interval '6 hours' $$;

--
-- Name: adopters_per_thing(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.adopters_per_thing() RETURNS integer
    LANGUAGE sql IMMUTABLE
    AS $$ select 5 $$;

--
-- Name: adoptions_per_person(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.adoptions_per_person() RETURNS integer
    LANGUAGE sql IMMUTABLE
    AS $$ select 50 $$;

--
-- Name: after_thing_created(uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.after_thing_created(p_thing_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  insert into app_public.actions (thing_id, type, comments, created_by)
    select t.id, 'CREATED', 'Added ' || t.name, app_public.current_user_id() from app_public.things t where t.id = p_thing_id;
end;
$$;

--
-- Name: analytics_window(date, date); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.analytics_window(p_start date, p_end date) RETURNS tstzrange
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_today date := (now() at time zone 'UTC')::date;
begin
  if not app_public.current_user_is_admin() then
    raise exception 'Only an admin may see navigation analytics' using errcode = 'DNIED';
  end if;
  if p_start is not null and p_end is not null and p_end < p_start then
    raise exception 'The end date is before the start date' using errcode = 'INVLD';
  end if;
  -- UTC midnights, so the window is made of the same days as the rollups and the daily stats.
  return tstzrange(coalesce(p_start, v_today - 29)::timestamp at time zone 'UTC',
                   (coalesce(p_end, v_today) + 1)::timestamp at time zone 'UTC', '[)');
end;
$$;

--
-- Name: assert_can_use_group(uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.assert_can_use_group(p_group_id uuid) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if p_group_id is null then
    raise exception 'Group is required' using errcode = 'INVLD';
  end if;
  if not app_public.current_user_is_admin() and p_group_id not in (select app_hidden.my_group_ids()) then
    raise exception 'Choose a group you are a member of' using errcode = 'DNIED';
  end if;
end;
$$;

--
-- Name: assert_invitation_usable(boolean, timestamp with time zone, text, text, public.citext); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.assert_invitation_usable(p_exists boolean, p_created_at timestamp with time zone, p_stored_code text, p_given_code text, p_email public.citext) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if app_public.current_user_id() is null then
    raise exception 'Sign in to accept this invitation' using errcode = 'LOGIN';
  end if;
  if not coalesce(p_exists, false) or p_created_at < now() - app_hidden.invitation_expiry() then
    raise exception 'This invitation was not found or has expired' using errcode = 'NTFND';
  end if;
  if p_given_code is null or p_stored_code is distinct from p_given_code then
    raise exception 'This invitation code is not valid' using errcode = 'DNIED';
  end if;
  if not exists (
    select 1 from app_public.user_emails
    where user_id = app_public.current_user_id() and email = p_email and is_verified
  ) then
    if exists (select 1 from app_public.user_emails where user_id = app_public.current_user_id() and email = p_email) then
      raise exception 'Verify your e-mail address to accept this invitation' using errcode = 'DNIEM';
    end if;
    raise exception 'This invitation was sent to another e-mail address' using errcode = 'DNIEM';
  end if;
end;
$$;

--
-- Name: award_badges(uuid, text, bigint); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.award_badges(p_user_id uuid, p_badge_type text, p_count bigint) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  insert into app_public.badges (user_id, badge_type_id)
  select p_user_id, bt.id from app_public.badge_types bt
  where p_user_id is not null and bt.badge_type = p_badge_type and bt.is_active and bt.threshold <= p_count
  on conflict on constraint badges_user_badge_type_key do nothing
$$;

--
-- Name: badge_type_for_action(app_public.action_type); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.badge_type_for_action(p_type app_public.action_type) RETURNS text
    LANGUAGE sql IMMUTABLE
    AS $$ select replace(lower(p_type::text), '_', '') $$;

--
-- Name: box_around(point, double precision); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.box_around(p point, p_km double precision) RETURNS box
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
  select box(
    point(p[0] - p_km / 110.574, p[1] - p_km / (111.320 * greatest(cos(radians(least(abs(p[0]) + p_km / 110.574, 89.9))), 0.001))),
    point(p[0] + p_km / 110.574, p[1] + p_km / (111.320 * greatest(cos(radians(least(abs(p[0]) + p_km / 110.574, 89.9))), 0.001))))
$$;

--
-- Name: cache_rainfall_measures(jsonb); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.cache_rainfall_measures(p_measures jsonb) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  insert into app_private.rainfall_measures (id, station_id, parameter, parameter_name, period, qualifier, unit_name, fetched_at)
  select distinct on (m->>'id') m->>'id', m->>'stationId', m->>'parameter', m->>'parameterName',
         (m->>'period')::int, m->>'qualifier', m->>'unitName', now()
  from jsonb_array_elements(coalesce(p_measures, '[]')) m
  where m->>'id' is not null and m->>'stationId' is not null
  on conflict (id) do update set
    station_id = excluded.station_id,
    parameter = coalesce(excluded.parameter, rainfall_measures.parameter),
    parameter_name = coalesce(excluded.parameter_name, rainfall_measures.parameter_name),
    period = coalesce(excluded.period, rainfall_measures.period),
    qualifier = coalesce(excluded.qualifier, rainfall_measures.qualifier),
    unit_name = coalesce(excluded.unit_name, rainfall_measures.unit_name),
    fetched_at = excluded.fetched_at
$$;

--
-- Name: cache_rainfall_readings(jsonb); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.cache_rainfall_readings(p_readings jsonb) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  insert into app_private.rainfall_readings (measure_id, station_id, date_time, value, fetched_at)
  select distinct on (r->>'measure', (r->>'dateTime')::timestamptz)
         r->>'measure', r->>'stationId', (r->>'dateTime')::timestamptz, (r->>'value')::float8, now()
  from jsonb_array_elements(coalesce(p_readings, '[]')) r
  where r->>'measure' is not null and r->>'stationId' is not null and r->>'dateTime' is not null
  on conflict (measure_id, date_time) do update set
    value = excluded.value, station_id = excluded.station_id, fetched_at = excluded.fetched_at
$$;

--
-- Name: cache_rainfall_stations(jsonb); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.cache_rainfall_stations(p_stations jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  insert into app_private.rainfall_stations (id, label, location, easting, northing, details, fetched_at)
  select distinct on (s->>'id') s->>'id', s->>'label', point((s->>'lat')::float8, (s->>'long')::float8),
         (s->>'easting')::float8::int, (s->>'northing')::float8::int, coalesce(s->'details', '{}'), now()
  from jsonb_array_elements(coalesce(p_stations, '[]')) s
  where s->>'id' is not null and s->>'lat' is not null and s->>'long' is not null
  on conflict (id) do update set
    label = excluded.label, location = excluded.location, easting = excluded.easting, northing = excluded.northing,
    details = excluded.details, fetched_at = excluded.fetched_at;
  perform app_hidden.cache_rainfall_measures(
    (select coalesce(jsonb_agg(m || jsonb_build_object('stationId', coalesce(m->>'stationId', s->>'id'))), '[]')
     from jsonb_array_elements(coalesce(p_stations, '[]')) s, jsonb_array_elements(coalesce(s->'measures', '[]')) m));
end;
$$;

--
-- Name: cache_weather_forecast(numeric, numeric, jsonb); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.cache_weather_forecast(p_latitude numeric, p_longitude numeric, p_forecast jsonb) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $_$
  insert into app_private.weather_forecasts (latitude, longitude, timezone, elevation, hourly, daily, fetched_at)
  values (round(p_latitude, 1), round(p_longitude, 1), p_forecast->>'timezone', (p_forecast->>'elevation')::float8,
          coalesce(p_forecast->'hourly', '[]'), coalesce(p_forecast->'daily', '[]'), now())
  on conflict (latitude, longitude) do update set
    timezone = excluded.timezone, elevation = excluded.elevation, hourly = excluded.hourly, daily = excluded.daily,
    fetched_at = excluded.fetched_at;
  insert into app_private.weather_days (latitude, longitude, day, et0_mm, precipitation_mm, observed_mm, temperature_max, fetched_at)
  select distinct on ((d->>'date')::date) round(p_latitude, 1), round(p_longitude, 1), (d->>'date')::date, (d->>'et0')::float8,
         (d->>'precipitationSum')::float8,
         case when x.past then (d->>'precipitationSum')::float8
              else (select sum((h->>'precipitation')::float8) from jsonb_array_elements(coalesce(p_forecast->'hourly', '[]')) h
                    where left(h->>'localTime', 10) = d->>'date' and (h->>'time')::timestamptz + interval '1 hour' <= now()) end,
         (d->>'temperatureMax')::float8, now()
  from (select true as past, d from jsonb_array_elements(coalesce(p_forecast->'history', '[]')) d
        union all
        select false, d from jsonb_array_elements(coalesce(p_forecast->'daily', '[]')) d) x
  where d->>'date' ~ '^\d{4}-\d{2}-\d{2}$'
  order by (d->>'date')::date, x.past
  on conflict (latitude, longitude, day) do update set
    et0_mm = coalesce(excluded.et0_mm, weather_days.et0_mm),
    precipitation_mm = coalesce(excluded.precipitation_mm, weather_days.precipitation_mm),
    observed_mm = coalesce(excluded.observed_mm, weather_days.observed_mm),
    temperature_max = coalesce(excluded.temperature_max, weather_days.temperature_max),
    fetched_at = excluded.fetched_at
$_$;

--
-- Name: cached_rainfall_measures(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.cached_rainfall_measures(p_station_id text) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', m.id, 'stationId', m.station_id, 'parameter', m.parameter, 'parameterName', m.parameter_name,
      'period', m.period, 'qualifier', m.qualifier, 'unitName', m.unit_name, 'fetchedAt', m.fetched_at) order by m.id), '[]')
  from app_private.rainfall_measures m where m.station_id = p_station_id
$$;

--
-- Name: cached_rainfall_readings(text, text, boolean, timestamp with time zone, timestamp with time zone, integer); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.cached_rainfall_readings(p_station_id text, p_measure_id text, p_latest boolean, p_from timestamp with time zone, p_to timestamp with time zone, p_limit integer) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  with matching as (
    select r.* from app_private.rainfall_readings r
    where (p_measure_id is null or r.measure_id = p_measure_id)
      and (p_station_id is null or r.station_id = p_station_id)
      and (p_from is null or r.date_time >= p_from)
      and (p_to is null or r.date_time < p_to)
  ), chosen as (
    select * from (select distinct on (measure_id) * from matching order by measure_id, date_time desc) latest
      where coalesce(p_latest, false)
    union all
    select * from (select * from matching order by date_time desc limit greatest(coalesce(p_limit, 500), 1)) window_
      where not coalesce(p_latest, false)
  )
  select coalesce(jsonb_agg(jsonb_build_object(
      'measure', c.measure_id, 'stationId', c.station_id, 'dateTime', c.date_time, 'value', c.value, 'fetchedAt', c.fetched_at)
      order by c.date_time desc, c.measure_id), '[]')
  from chosen c
$$;

--
-- Name: cached_rainfall_station(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.cached_rainfall_station(p_id text) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$ select app_hidden.rainfall_station_json(s) from app_private.rainfall_stations s where s.id = p_id $$;

--
-- Name: cached_rainfall_stations(double precision, double precision, double precision); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.cached_rainfall_stations(p_latitude double precision, p_longitude double precision, p_dist_km double precision) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select coalesce(jsonb_agg(j order by d), '[]')
  from (
    select app_hidden.rainfall_station_json(s) || jsonb_build_object('distance', d) as j, d
    from app_private.rainfall_stations s,
         lateral (select app_hidden.distance_km(point(p_latitude, p_longitude), s.location) as d) x
    where s.location <@ app_hidden.box_around(point(p_latitude, p_longitude), p_dist_km)
      and d <= p_dist_km
  ) found
$$;

--
-- Name: cached_weather_forecast(numeric, numeric); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.cached_weather_forecast(p_latitude numeric, p_longitude numeric) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select jsonb_build_object('latitude', f.latitude, 'longitude', f.longitude, 'timezone', f.timezone,
    'elevation', f.elevation, 'hourly', f.hourly, 'daily', f.daily, 'fetchedAt', f.fetched_at)
  from app_private.weather_forecasts f
  where f.latitude = round(p_latitude, 1) and f.longitude = round(p_longitude, 1)
$$;

--
-- Name: can_act_on_thing(uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.can_act_on_thing(p_thing_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select exists (
    select 1 from app_public.users u
    where u.id = app_public.current_user_id()
      and (u.is_admin or exists (
        select 1 from app_public.thing_accesses a
        where a.thing_id = p_thing_id and a.user_id = u.id and (a.is_owner or a.is_collaborator)))
  )
$$;

--
-- Name: can_manage_device(uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.can_manage_device(p_device_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select app_public.current_user_is_admin() or exists (
    select 1 from app_public.device_accesses where device_id = p_device_id and user_id = app_public.current_user_id() and is_owner)
$$;

--
-- Name: can_manage_group(uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.can_manage_group(p_group_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select app_public.current_user_is_admin()
      or exists (select 1 from app_public.group_memberships
                 where group_id = p_group_id and user_id = app_public.current_user_id() and is_owner)
$$;

--
-- Name: can_manage_thing(uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.can_manage_thing(p_thing_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$ select app_public.current_user_is_admin() or app_hidden.is_thing_owner(p_thing_id) $$;

--
-- Name: can_plan_on_thing(uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.can_plan_on_thing(p_thing_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select app_public.current_user_is_admin()
      or exists (select 1 from app_public.thing_accesses
                 where thing_id = p_thing_id and user_id = app_public.current_user_id() and (is_owner or is_collaborator))
      or exists (select 1 from app_public.things t
                 where t.id = p_thing_id and t.group_id in (select app_hidden.my_group_ids()))
$$;

--
-- Name: can_restore_history(text, uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.can_restore_history(p_target_type text, p_target_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select case p_target_type
    when 'thing' then app_hidden.can_manage_thing(p_target_id)
    when 'device' then app_hidden.can_manage_device(p_target_id)
    when 'group' then app_hidden.can_manage_group(p_target_id)
    else false
  end
$$;

--
-- Name: can_see_device(uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.can_see_device(p_device_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select exists (select 1 from app_public.devices d where d.id = p_device_id
                 and (d.is_public or app_public.current_user_is_admin() or d.id in (select app_hidden.my_device_ids())))
$$;

--
-- Name: can_see_rota(uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.can_see_rota(p_group_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$ select app_public.current_user_is_admin() or app_hidden.is_group_member(p_group_id, app_public.current_user_id()) $$;

--
-- Name: can_see_task(uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.can_see_task(p_task_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select exists (select 1 from app_public.tasks t where t.id = p_task_id
                 and (app_hidden.can_plan_on_thing(t.thing_id) or t.id in (select app_hidden.my_assigned_task_ids())))
$$;

--
-- Name: can_see_thing(uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.can_see_thing(p_thing_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select exists (
    select 1 from app_public.things t
    where t.id = p_thing_id
      and ((t.hidden_at is null
            and (t.is_public
                 or t.id in (select app_hidden.my_thing_ids())
                 or t.group_id in (select app_hidden.my_group_ids())))
           or app_public.current_user_is_admin())
  )
$$;

--
-- Name: can_set_image(text, uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.can_set_image(p_type text, p_id uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_user_id uuid := app_public.current_user_id();
begin
  if v_user_id is null or p_id is null then
    return false;
  end if;
  case p_type
    when 'user' then
      return exists (select 1 from app_public.users u where u.id = p_id and (u.id = v_user_id or app_public.current_user_is_admin()));
    when 'thing' then
      return exists (select 1 from app_public.things where id = p_id) and app_hidden.can_manage_thing(p_id);
    when 'group' then
      return exists (select 1 from app_public.groups where id = p_id) and app_hidden.can_manage_group(p_id);
    when 'device' then
      return exists (select 1 from app_public.devices where id = p_id) and app_hidden.can_manage_device(p_id);
    when 'action' then
      -- The recorder, the thing's owners and admins (as for editing the action).
      return exists (select 1 from app_public.actions a where a.id = p_id
                     and (a.created_by = v_user_id or app_hidden.can_manage_thing(a.thing_id)));
    else
      return false;
  end case;
end;
$$;

--
-- Name: FUNCTION can_set_image(p_type text, p_id uuid); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.can_set_image(p_type text, p_id uuid) IS 'Whether the signed-in user may set the picture of a user, thing, group, device or action. Extended per type by later migrations.';

--
-- Name: chat_messages_per_hour(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.chat_messages_per_hour() RETURNS integer
    LANGUAGE sql IMMUTABLE
    AS $$ select 20 $$;

--
-- Name: check_chat_message(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.check_chat_message(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  select case
    when value is null or app_hidden.trim_chat_message(value) = '' then app_hidden.invalid('Message is required')
    when char_length(app_hidden.trim_chat_message(value)) > 1000 then app_hidden.invalid('Messages must be at most 1000 characters')
    else true
  end
$$;

--
-- Name: check_description(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.check_description(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  select case
    when value is not null and char_length(value) > 5000 then app_hidden.invalid('Description must be at most 5000 characters')
    else true
  end
$$;

--
-- Name: check_device_id(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.check_device_id(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $_$
  select case
    when value is null or value = '' then app_hidden.invalid('Device id must start with eui-')
    when value !~ '^eui-' then app_hidden.invalid('Device id must start with eui-')
    when value !~ '^[A-Za-z0-9_-]+$' then app_hidden.invalid('Device id may contain only letters, numbers, underscores and hyphens')
    when char_length(value) not between 3 and 255 then app_hidden.invalid('Device id must be between 3 and 255 characters')
    else true
  end
$_$;

--
-- Name: check_email(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.check_email(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $_$
  select case
    when value is null or value = '' then app_hidden.invalid('Email is required')
    when char_length(value) not between 3 and 255 then app_hidden.invalid('Email must be between 3 and 255 characters')
    when value !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then app_hidden.invalid('Email must be a valid address')
    else true
  end
$_$;

--
-- Name: check_hydration_levels(jsonb); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.check_hydration_levels(value jsonb) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE
    AS $$
declare
  v_dry numeric;
  v_needs numeric;
  v_good numeric;
begin
  if value is null then
    return true;
  end if;
  if jsonb_typeof(value) <> 'object' or jsonb_typeof(value->'dry') is distinct from 'number'
     or jsonb_typeof(value->'needsWater') is distinct from 'number' or jsonb_typeof(value->'good') is distinct from 'number' then
    return app_hidden.invalid('Enter all three limits');
  end if;
  v_dry := (value->>'dry')::numeric;
  v_needs := (value->>'needsWater')::numeric;
  v_good := (value->>'good')::numeric;
  if least(v_dry, v_needs, v_good) < 0 or greatest(v_dry, v_needs, v_good) > 100 then
    return app_hidden.invalid('Limits must be between 0 and 100 percent');
  end if;
  if not (v_dry < v_needs and v_needs < v_good) then
    return app_hidden.invalid('Each limit must be higher than the one before');
  end if;
  return true;
end;
$$;

--
-- Name: check_label(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.check_label(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  select case
    when value is null or btrim(value) = '' then app_hidden.invalid('Name is required')
    when char_length(btrim(value)) not between 3 and 255 then app_hidden.invalid('Name must be between 3 and 255 characters')
    when app_hidden.has_invisible_characters(value) then app_hidden.invalid('Name must not contain invisible or text-direction characters')
    else true
  end
$$;

--
-- Name: check_litres(app_public.action_type, double precision); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.check_litres(p_type app_public.action_type, value double precision) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  select case
    when value is null then true
    when p_type is distinct from 'WATERING' then app_hidden.invalid('Only a watering can have an amount in litres')
    when value = 'NaN'::double precision or value not between 0.5 and 1000 then app_hidden.invalid('Litres must be between 0.5 and 1000')
    when value::numeric <> round(value::numeric, 1) then app_hidden.invalid('Litres may have at most one decimal place')
    else true
  end
$$;

--
-- Name: FUNCTION check_litres(p_type app_public.action_type, value double precision); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.check_litres(p_type app_public.action_type, value double precision) IS 'The litres rule of a care action (shared/validation.ts validateLitres): WATERING only, 0.5 to 1000, one decimal place.';

--
-- Name: check_location(point); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.check_location(value point) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  select case
    when value is null then app_hidden.invalid('Location is required')
    when value[0] not between -90 and 90 then app_hidden.invalid('Latitude must be between -90 and 90')
    when value[1] not between -180 and 180 then app_hidden.invalid('Longitude must be between -180 and 180')
    else true
  end
$$;

--
-- Name: check_name(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.check_name(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $_$
  select case
    when value is null or btrim(value) = '' then app_hidden.invalid('Name is required')
    when char_length(value) not between 3 and 255 then app_hidden.invalid('Name must be between 3 and 255 characters')
    when app_hidden.has_invisible_characters(value) then app_hidden.invalid('Name must not contain invisible or text-direction characters')
    when value !~ '^[[:alpha:] ''’-]+$' then app_hidden.invalid('Name may contain only letters, spaces, hyphens and apostrophes')
    else true
  end
$_$;

--
-- Name: check_passphrase(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.check_passphrase(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  select case
    when value is null or value = '' then app_hidden.invalid('Passphrase is required')
    when char_length(value) < 8 then app_hidden.invalid('Passphrase must be at least 8 characters long')
    when value !~ '[A-Z]' then app_hidden.invalid('Passphrase must contain an uppercase letter')
    when value !~ '[a-z]' then app_hidden.invalid('Passphrase must contain a lowercase letter')
    when value !~ '[0-9]' then app_hidden.invalid('Passphrase must contain a number')
    else true
  end
$$;

--
-- Name: check_rota_date(date, integer); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.check_rota_date(p_day date, p_weekday integer) RETURNS void
    LANGUAGE plpgsql STABLE
    AS $$
begin
  if p_day is null or p_day < app_hidden.water_today() or p_day > app_hidden.water_today() + app_hidden.rota_horizon_days() then
    perform app_hidden.invalid(format('Choose a date from today up to %s weeks ahead', app_hidden.rota_horizon_days() / 7));
  end if;
  if extract(isodow from p_day)::int <> p_weekday then
    perform app_hidden.invalid(format('%s is not a %s, the slot''s day', app_hidden.rota_date_label(p_day), app_hidden.weekday_name(p_weekday)));
  end if;
end;
$$;

--
-- Name: check_thing_attributes(app_public.thing_type, text, integer, integer, app_public.tree_height_class, double precision, double precision, text[], app_public.flowering_season[]); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.check_thing_attributes(p_type app_public.thing_type, p_species_id text, p_planting_year integer, p_trunk_girth_cm integer, p_height_class app_public.tree_height_class, p_volume_litres double precision, p_soil_area_m2 double precision, p_flowering_plants text[], p_flowering_seasons app_public.flowering_season[]) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  select case
    when p_type is distinct from 'TREE'
         and (p_species_id is not null or p_planting_year is not null or p_trunk_girth_cm is not null or p_height_class is not null)
      then app_hidden.invalid('Species, planting year, trunk girth and height class are for trees only')
    when not app_hidden.is_planter_or_bed(p_type) and (p_volume_litres is not null or p_soil_area_m2 is not null)
      then app_hidden.invalid('Volume and soil area are for planters and beds only')
    when p_type is distinct from 'BEECAFE' and (p_flowering_plants is not null or p_flowering_seasons is not null)
      then app_hidden.invalid('Flowering plants and seasons are for bee cafes only')
    when p_planting_year is not null
         and p_planting_year not between 1500 and extract(year from now() at time zone 'Europe/London')::int
      then app_hidden.invalid('Planting year must be between 1500 and this year')
    when p_trunk_girth_cm is not null and p_trunk_girth_cm not between 1 and 2000
      then app_hidden.invalid('Trunk girth must be between 1 and 2000 cm')
    when p_volume_litres is not null and not (p_volume_litres between 1 and 100000)
      then app_hidden.invalid('Volume must be between 1 and 100000 litres')
    when p_soil_area_m2 is not null and not (p_soil_area_m2 between 0.01 and 10000)
      then app_hidden.invalid('Soil area must be between 0.01 and 10000 m²')
    when cardinality(p_flowering_plants) > 30
      then app_hidden.invalid('At most 30 flowering plants')
    when exists (select 1 from unnest(p_flowering_plants) f where f is null or char_length(btrim(f)) not between 1 and 100 or f <> btrim(f))
      then app_hidden.invalid('Each flowering plant must be between 1 and 100 characters')
    when cardinality(p_flowering_plants) > (select count(distinct lower(f)) from unnest(p_flowering_plants) f)
      then app_hidden.invalid('Each flowering plant may be named once')
    when exists (select 1 from unnest(p_flowering_seasons) s where s is null)
         or cardinality(p_flowering_seasons) > (select count(distinct s) from unnest(p_flowering_seasons) s)
      then app_hidden.invalid('Each season may be chosen once')
    else true
  end
$$;

--
-- Name: check_username(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.check_username(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $_$
  select case
    when value is null or value = '' then app_hidden.invalid('Username is required')
    when char_length(value) < 2 then app_hidden.invalid('Username must be at least 2 characters long')
    when char_length(value) > 23 then app_hidden.invalid('Username must be less than 24 characters')
    when value !~ '^[A-Za-z]' then app_hidden.invalid('Username must start with a letter')
    when value !~ '^[A-Za-z0-9_-]+$' then app_hidden.invalid('Username may contain only letters, numbers, underscores and hyphens')
    when value ~ '[_-]{2}' then app_hidden.invalid('Username cannot contain consecutive underscores or hyphens')
    else true
  end
$_$;

--
-- Name: climate_et0_mm(integer); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.climate_et0_mm(p_month integer) RETURNS double precision
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ select (array[0.4, 0.7, 1.3, 2.2, 3.0, 3.5, 3.5, 2.9, 1.9, 1.0, 0.5, 0.3])[p_month]::float8 $$;

--
-- Name: current_visitor(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.current_visitor() RETURNS TABLE(user_id uuid, is_guest boolean)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select case when app_public.current_session_id() is not null then app_public.current_user_id()
              else nullif(current_setting('jwt.claims.user_id', true), '')::uuid end,
         app_public.current_session_id() is null
$$;

--
-- Name: delete_user_owned_data(uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.delete_user_owned_data(p_user_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_group_id uuid;
  v_thing_id uuid;
  v_heir uuid;
begin
  for v_thing_id in
    select a.thing_id from app_public.thing_accesses a
    where a.user_id = p_user_id and a.is_owner
      and not exists (select 1 from app_public.thing_accesses o where o.thing_id = a.thing_id and o.is_owner and o.user_id <> p_user_id)
  loop
    select id into v_heir from app_public.thing_accesses
      where thing_id = v_thing_id and user_id <> p_user_id and is_collaborator order by created_at limit 1;
    if v_heir is null then
      delete from app_public.things where id = v_thing_id;
    else
      update app_public.thing_accesses set is_owner = true where id = v_heir;
    end if;
  end loop;

  for v_group_id in
    select m.group_id from app_public.group_memberships m
    where m.user_id = p_user_id and m.is_owner
      and not exists (select 1 from app_public.group_memberships o where o.group_id = m.group_id and o.is_owner and o.user_id <> p_user_id)
  loop
    select id into v_heir from app_public.group_memberships
      where group_id = v_group_id and user_id <> p_user_id order by created_at limit 1;
    if v_heir is null then
      -- A group with things of other people keeps existing under an admin's eye rather than
      -- taking their things with it.
      if exists (select 1 from app_public.things where group_id = v_group_id) then
        continue;
      end if;
      delete from app_public.groups where id = v_group_id;
    else
      update app_public.group_memberships set is_owner = true where id = v_heir;
    end if;
  end loop;
end;
$$;

--
-- Name: device_places_in_box(box); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.device_places_in_box(p_area box) RETURNS SETOF tid
    LANGUAGE sql STABLE SECURITY DEFINER ROWS 200
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$ select d.ctid from app_public.devices d where d.location <@ p_area $$;

--
-- Name: distance_km(point, point); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.distance_km(a point, b point) RETURNS double precision
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$ select app_hidden.distance_metres(a, b) / 1000 $$;

--
-- Name: distance_metres(point, point); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.distance_metres(a point, b point) RETURNS double precision
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select 2 * 6378168 * asin(least(1, sqrt(
    (cos(radians(a[0])) * cos(radians(a[1])) - cos(radians(b[0])) * cos(radians(b[1]))) ^ 2
    + (cos(radians(a[0])) * sin(radians(a[1])) - cos(radians(b[0])) * sin(radians(b[1]))) ^ 2
    + (sin(radians(a[0])) - sin(radians(b[0]))) ^ 2) / 2))
$$;

--
-- Name: FUNCTION distance_metres(a point, b point); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.distance_metres(a point, b point) IS 'Great-circle metres between two points of x = latitude, y = longitude (earthdistance''s sphere, radius 6,378,168 m).';

--
-- Name: environment_fetched_at(text, text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.environment_fetched_at(p_kind text, p_key text) RETURNS timestamp with time zone
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$ select fetched_at from app_private.environment_fetches where kind = p_kind and key = p_key $$;

--
-- Name: invalid(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.invalid(message text) RETURNS boolean
    LANGUAGE plpgsql
    AS $$
begin
  raise exception '%', message using errcode = 'INVLD';
end;
$$;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: things; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.things (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    group_id uuid NOT NULL,
    name text NOT NULL,
    description text,
    type app_public.thing_type NOT NULL,
    location point NOT NULL,
    location_description text,
    is_public boolean DEFAULT true NOT NULL,
    has_image boolean DEFAULT false NOT NULL,
    water double precision,
    temperature double precision,
    conductivity double precision,
    ph double precision,
    led_state boolean,
    last_sensor_data timestamp with time zone,
    last_action timestamp with time zone,
    indicator_parameter app_public.indicator_parameter DEFAULT 'WATER'::app_public.indicator_parameter NOT NULL,
    indicator_colour text,
    indicator_colour_last text,
    indicator_colour_changed_at timestamp with time zone,
    needs_water_notification_at timestamp with time zone,
    hydration_levels jsonb,
    texture text,
    drainage text,
    fertility text,
    landcover text,
    habitats text,
    carbon text,
    drains_to text,
    water_protection text,
    general_cropping text,
    created_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    water_need app_public.water_need DEFAULT 'unknown'::app_public.water_need NOT NULL,
    water_need_reason text,
    water_store_percent double precision,
    water_need_at timestamp with time zone,
    species_id text,
    planting_year integer,
    trunk_girth_cm integer,
    height_class app_public.tree_height_class,
    volume_litres double precision,
    soil_area_m2 double precision,
    flowering_plants text[],
    flowering_seasons app_public.flowering_season[],
    external_id text,
    hidden_at timestamp with time zone,
    water_need_reason_parts jsonb,
    last_action_id uuid,
    CONSTRAINT things_attributes_valid CHECK (app_hidden.check_thing_attributes(type, species_id, planting_year, trunk_girth_cm, height_class, volume_litres, soil_area_m2, flowering_plants, flowering_seasons)),
    CONSTRAINT things_description_valid CHECK (app_hidden.check_description(description)),
    CONSTRAINT things_external_id_valid CHECK (((external_id IS NULL) OR (((char_length(external_id) >= 1) AND (char_length(external_id) <= 100)) AND (external_id = btrim(external_id))) OR app_hidden.invalid('External id must be between 1 and 100 characters'::text))),
    CONSTRAINT things_hydration_levels_valid CHECK (app_hidden.check_hydration_levels(hydration_levels)),
    CONSTRAINT things_location_description_valid CHECK (((location_description IS NULL) OR (char_length(location_description) <= 500) OR app_hidden.invalid('Location description must be at most 500 characters'::text))),
    CONSTRAINT things_location_valid CHECK (app_hidden.check_location(location)),
    CONSTRAINT things_name_valid CHECK (app_hidden.check_label(name))
)
WITH (fillfactor='50', autovacuum_vacuum_scale_factor='0.02', autovacuum_analyze_scale_factor='0.05');

--
-- Name: TABLE things; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.things IS '@foreignKey (last_action_id) references app_public.actions (id)|@fieldName lastCareAction|@backwardBehavior -manyRelation:resource:list -manyRelation:resource:connection
A shared public thing people look after: a planter, a tree, a bee cafe...';

--
-- Name: COLUMN things.location; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.things.location IS 'x = latitude, y = longitude (the reverse of GeoJSON''s [longitude, latitude]).';

--
-- Name: COLUMN things.created_by; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.things.created_by IS '@behavior -insert -update';

--
-- Name: COLUMN things.water_need; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.things.water_need IS '@behavior -insert -update
Whether this thing needs water (the water-balance model, docs/decisions.md).';

--
-- Name: COLUMN things.water_need_reason; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.things.water_need_reason IS '@behavior -insert -update
Why, in one line.';

--
-- Name: COLUMN things.water_store_percent; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.things.water_store_percent IS '@behavior -insert -update
Estimated fill of the soil-water store, 0 to 100; null when unknown.';

--
-- Name: COLUMN things.water_need_at; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.things.water_need_at IS '@behavior -insert -update
When the water need last changed (it is worked out hourly and on every watering or reading; an unchanged result is not written).';

--
-- Name: COLUMN things.species_id; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.things.species_id IS 'A tree''s species (app_public.tree_species).';

--
-- Name: COLUMN things.planting_year; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.things.planting_year IS 'The year a tree was planted.';

--
-- Name: COLUMN things.trunk_girth_cm; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.things.trunk_girth_cm IS 'A tree''s trunk girth (circumference) in cm, measured at 1.3 m (breast height) as registers do.';

--
-- Name: COLUMN things.height_class; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.things.height_class IS 'A tree''s height band.';

--
-- Name: COLUMN things.volume_litres; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.things.volume_litres IS 'The soil volume of a planter or bed, in litres.';

--
-- Name: COLUMN things.soil_area_m2; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.things.soil_area_m2 IS 'The soil surface of a planter or bed, in m2.';

--
-- Name: COLUMN things.flowering_plants; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.things.flowering_plants IS 'The flowering plants of a bee cafe.';

--
-- Name: COLUMN things.flowering_seasons; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.things.flowering_seasons IS 'When a bee cafe flowers.';

--
-- Name: COLUMN things.external_id; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.things.external_id IS '@behavior -insert -update
The thing''s id in the register it was imported from (unique within its group); set by importThings.';

--
-- Name: COLUMN things.hidden_at; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.things.hidden_at IS '@behavior -insert -update
When an admin hid this thing (only admins see it then).';

--
-- Name: COLUMN things.water_need_reason_parts; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.things.water_need_reason_parts IS '@behavior -insert -update
The water-need reason as the catalogue''s parts: a list of {key, values}, joined with "; ".';

--
-- Name: COLUMN things.last_action_id; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.things.last_action_id IS '@behavior -insert -update -filterBy -orderBy
The newest care action on this thing that is not hidden (kept by the actions'' triggers).';

--
-- Name: first_told(app_public.things); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.first_told(p_thing app_public.things) RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select coalesce(array_agg(distinct p.user_id), '{}')
  from (
    select a.user_id from app_public.thing_adoptions a where a.thing_id = p_thing.id
    union
    select d.user_id from app_hidden.rota_duties(p_thing.group_id, app_hidden.water_today(), app_hidden.water_today()) d
  ) p
  where app_hidden.user_sees_thing(p.user_id, p_thing.id)
$$;

--
-- Name: forecast_precipitation(double precision, double precision, integer); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.forecast_precipitation(p_latitude double precision, p_longitude double precision, p_hours integer) RETURNS double precision
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select sum((h->>'precipitation')::float8)
  from (select f.hourly from app_private.weather_forecasts f
        where f.location <@ box(point(p_latitude - 0.08, p_longitude - 0.08), point(p_latitude + 0.08, p_longitude + 0.08))
        order by f.location <-> point(p_latitude, p_longitude)
        limit 1) f,
       jsonb_array_elements(f.hourly) h
  where p_hours > 0
    and (h->>'time')::timestamptz >= date_trunc('hour', now())
    and (h->>'time')::timestamptz < date_trunc('hour', now()) + make_interval(hours => p_hours)
$$;

--
-- Name: FUNCTION forecast_precipitation(p_latitude double precision, p_longitude double precision, p_hours integer); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.forecast_precipitation(p_latitude double precision, p_longitude double precision, p_hours integer) IS 'Cached forecast precipitation (mm) for the next hours at a point; null without a cached forecast.';

--
-- Name: geojson_ring_to_polygon(jsonb); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.geojson_ring_to_polygon(p_ring jsonb) RETURNS polygon
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
  select ('(' || string_agg('(' || (c->>1) || ',' || (c->>0) || ')', ',' order by n) || ')')::polygon
  from jsonb_array_elements(p_ring) with ordinality as r(c, n)
$$;

--
-- Name: has_invisible_characters(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.has_invisible_characters(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ select value ~ app_hidden.invisible_characters_pattern() $$;

--
-- Name: FUNCTION has_invisible_characters(value text); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.has_invisible_characters(value text) IS 'True when the text holds a zero-width, text-direction, control or other invisible character.';

--
-- Name: devices; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.devices (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    device_id text NOT NULL,
    name text NOT NULL,
    model app_public.device_model NOT NULL,
    indicator_parameter app_public.device_indicator_parameter DEFAULT 'WATER'::app_public.device_indicator_parameter NOT NULL,
    location point NOT NULL,
    is_public boolean DEFAULT true NOT NULL,
    has_image boolean DEFAULT false NOT NULL,
    thing_id uuid,
    water double precision,
    temperature double precision,
    conductivity double precision,
    ph double precision,
    led_state boolean,
    battery double precision,
    rssi double precision,
    snr double precision,
    last_sensor_data timestamp with time zone,
    hydration_levels jsonb,
    indicator_colour text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT devices_device_id_valid CHECK (app_hidden.check_device_id(device_id)),
    CONSTRAINT devices_hydration_levels_valid CHECK (app_hidden.check_hydration_levels(hydration_levels)),
    CONSTRAINT devices_location_valid CHECK (app_hidden.check_location(location)),
    CONSTRAINT devices_name_valid CHECK (app_hidden.check_label(name))
)
WITH (fillfactor='50', autovacuum_vacuum_scale_factor='0.02', autovacuum_analyze_scale_factor='0.05');

--
-- Name: TABLE devices; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.devices IS 'A sensor or controller, usually fitted to a thing.';

--
-- Name: COLUMN devices.location; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.devices.location IS 'x = latitude, y = longitude (the reverse of GeoJSON''s [longitude, latitude]).';

--
-- Name: history_changed(app_public.devices, app_public.devices); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.history_changed(o app_public.devices, n app_public.devices) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$select row(o.device_id, o.name, o.model, o.indicator_parameter, o.location, o.is_public, o.thing_id, o.hydration_levels)::record *<> row(n.device_id, n.name, n.model, n.indicator_parameter, n.location, n.is_public, n.thing_id, n.hydration_levels)::record$$;

--
-- Name: FUNCTION history_changed(o app_public.devices, n app_public.devices); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.history_changed(o app_public.devices, n app_public.devices) IS 'Whether a change of devices touched a recorded column. Written by app_hidden.history_write_comparison after every ALTER TABLE; do not edit.';

--
-- Name: groups; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.groups (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    type app_public.group_type NOT NULL,
    description text,
    slug public.citext DEFAULT ''::public.citext NOT NULL,
    is_public boolean DEFAULT true NOT NULL,
    has_image boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT groups_description_valid CHECK (app_hidden.check_description(description)),
    CONSTRAINT groups_name_valid CHECK (app_hidden.check_label(name))
);

--
-- Name: TABLE groups; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.groups IS 'People who look after things together.';

--
-- Name: history_changed(app_public.groups, app_public.groups); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.history_changed(o app_public.groups, n app_public.groups) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$select row(o.name, o.type, o.description, o.is_public)::record *<> row(n.name, n.type, n.description, n.is_public)::record$$;

--
-- Name: FUNCTION history_changed(o app_public.groups, n app_public.groups); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.history_changed(o app_public.groups, n app_public.groups) IS 'Whether a change of groups touched a recorded column. Written by app_hidden.history_write_comparison after every ALTER TABLE; do not edit.';

--
-- Name: history_changed(app_public.things, app_public.things); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.history_changed(o app_public.things, n app_public.things) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$select row(o.group_id, o.name, o.description, o.type, o.location, o.location_description, o.is_public, o.indicator_parameter, o.hydration_levels, o.species_id, o.planting_year, o.trunk_girth_cm, o.height_class, o.volume_litres, o.soil_area_m2, o.flowering_plants, o.flowering_seasons, o.external_id)::record *<> row(n.group_id, n.name, n.description, n.type, n.location, n.location_description, n.is_public, n.indicator_parameter, n.hydration_levels, n.species_id, n.planting_year, n.trunk_girth_cm, n.height_class, n.volume_litres, n.soil_area_m2, n.flowering_plants, n.flowering_seasons, n.external_id)::record$$;

--
-- Name: FUNCTION history_changed(o app_public.things, n app_public.things); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.history_changed(o app_public.things, n app_public.things) IS 'Whether a change of things touched a recorded column. Written by app_hidden.history_write_comparison after every ALTER TABLE; do not edit.';

--
-- Name: history_ignored_columns(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.history_ignored_columns(p_table text) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select case p_table
    when 'things' then array[
      'id', 'created_at', 'updated_at', 'created_by', 'has_image', 'hidden_at',
      'water', 'temperature', 'conductivity', 'ph', 'led_state', 'last_sensor_data', 'last_action', 'last_action_id',
      'indicator_colour', 'indicator_colour_last', 'indicator_colour_changed_at', 'needs_water_notification_at',
      'water_need', 'water_need_reason', 'water_need_reason_parts', 'water_store_percent', 'water_need_at',
      'texture', 'drainage', 'fertility', 'landcover', 'habitats', 'carbon', 'drains_to', 'water_protection',
      'general_cropping']
    when 'devices' then array[
      'id', 'created_at', 'updated_at', 'has_image',
      'water', 'temperature', 'conductivity', 'ph', 'led_state', 'battery', 'rssi', 'snr', 'last_sensor_data',
      'indicator_colour']
    when 'groups' then array['id', 'created_at', 'updated_at', 'has_image', 'slug']
    else array[]::text[]
  end
$$;

--
-- Name: FUNCTION history_ignored_columns(p_table text); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.history_ignored_columns(p_table text) IS 'Columns of things, devices or groups that the history does not record (and a restore does not write).';

--
-- Name: history_write_comparison(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.history_write_comparison(p_table text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $_$
declare
  v_old text;
  v_new text;
begin
  select string_agg('o.' || quote_ident(a.attname), ', ' order by a.attnum),
         string_agg('n.' || quote_ident(a.attname), ', ' order by a.attnum)
    into v_old, v_new
    from pg_attribute a
    where a.attrelid = format('app_public.%I', p_table)::regclass and a.attnum > 0 and not a.attisdropped
      and a.attname <> all (app_hidden.history_ignored_columns(p_table));
  -- Not security definer, not strict, no settings: so the planner can inline it.
  execute format(
    'create or replace function app_hidden.history_changed(o app_public.%1$I, n app_public.%1$I) returns boolean
       language sql immutable parallel safe as %2$L',
    p_table,
    case when v_old is null then 'select false' else format('select row(%s)::record *<> row(%s)::record', v_old, v_new) end);
  execute format('comment on function app_hidden.history_changed(app_public.%1$I, app_public.%1$I) is %2$L', p_table,
    'Whether a change of ' || p_table || ' touched a recorded column. Written by app_hidden.history_write_comparison after every ALTER TABLE; do not edit.');
  -- The triggers' conditions run as whoever changes the row.
  execute format('grant execute on function app_hidden.history_changed(app_public.%1$I, app_public.%1$I) to bk_anonymous', p_table);
end;
$_$;

--
-- Name: FUNCTION history_write_comparison(p_table text); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.history_write_comparison(p_table text) IS 'Writes app_hidden.history_changed(old, new) for things, devices or groups from the table''s current columns.';

--
-- Name: hydration_band(double precision, jsonb); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.hydration_band(p_water double precision, p_levels jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE
    AS $$
  select case
    when p_water is null then null
    when p_water < coalesce((p_levels->>'dry')::float8, 20) then 'dry'
    when p_water < coalesce((p_levels->>'needsWater')::float8, 30) then 'needsWater'
    when p_water < coalesce((p_levels->>'good')::float8, 60) then 'good'
    else 'saturated'
  end
$$;

--
-- Name: image_is_shown(text, uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.image_is_shown(p_type text, p_id uuid) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select coalesce(case p_type
    when 'user' then (select has_image from app_public.users where id = p_id)
    when 'thing' then (select has_image from app_public.things where id = p_id)
    when 'group' then (select has_image from app_public.groups where id = p_id)
    when 'device' then (select has_image from app_public.devices where id = p_id)
    when 'action' then (select has_image from app_public.actions where id = p_id)
    else false
  end, false)
  and (not app_hidden.picture_is_hidden(p_type, p_id) or app_public.current_user_is_admin())
$$;

--
-- Name: FUNCTION image_is_shown(p_type text, p_id uuid); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.image_is_shown(p_type text, p_id uuid) IS 'Whether the picture of a user, thing, group, device or action is to be served to the caller: it has one, the caller may see the record (row-level security, security invoker), and an admin has not hid it (admins still see hidden pictures).';

--
-- Name: import_boolean(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.import_boolean(p_text text) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE
    AS $$
begin
  if p_text is null then
    return null;
  end if;
  case lower(p_text)
    when 'true', 'yes', 'y', '1', 'ja', 'public', 'öffentlich' then return true;
    when 'false', 'no', 'n', '0', 'nein', 'private', 'privat' then return false;
    else raise exception 'Public must be yes or no' using errcode = 'INVLD';
  end case;
end;
$$;

--
-- Name: import_default_name(app_public.thing_type, text, text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.import_default_name(p_type app_public.thing_type, p_species_id text, p_external_id text) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select coalesce((select s.common_name_en from app_public.tree_species s where s.id = p_species_id),
                  case p_type when 'BEECAFE' then 'Bee cafe' when 'VEGETABLEBED' then 'Vegetable bed' when 'FLOWERBED' then 'Flower bed'
                              when 'NOTICEBOARD' then 'Notice board' when 'BOOKSHARE' then 'Book share'
                              else initcap(lower(p_type::text)) end)
         || ' ' || p_external_id
$$;

--
-- Name: import_height_class(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.import_height_class(p_text text) RETURNS app_public.tree_height_class
    LANGUAGE plpgsql IMMUTABLE
    AS $_$
declare
  v_key text := lower(regexp_replace(coalesce(p_text, ''), '\s+', '', 'g'));
  v_metres float8;
begin
  if p_text is null then
    return null;
  end if;
  if upper(p_text) in (select unnest(enum_range(null::app_public.tree_height_class))::text) then
    return upper(p_text)::app_public.tree_height_class;
  end if;
  v_key := regexp_replace(v_key, 'm$', '');
  case
    when v_key in ('<5', '0-5', 'under5', 'upto5') then return 'UNDER_5_M';
    when v_key in ('5-10') then return 'FROM_5_TO_10_M';
    when v_key in ('10-15') then return 'FROM_10_TO_15_M';
    when v_key in ('15-20') then return 'FROM_15_TO_20_M';
    when v_key in ('>20', '20+', 'over20') then return 'OVER_20_M';
    else null;
  end case;
  if v_key ~ '^[0-9]{1,3}([.,][0-9]+)?$' then
    v_metres := replace(v_key, ',', '.')::float8;
    return case when v_metres < 5 then 'UNDER_5_M' when v_metres < 10 then 'FROM_5_TO_10_M' when v_metres < 15 then 'FROM_10_TO_15_M'
                when v_metres < 20 then 'FROM_15_TO_20_M' else 'OVER_20_M' end;
  end if;
  raise exception 'Height class must be under 5 m, 5-10 m, 10-15 m, 15-20 m, over 20 m, or a height in metres' using errcode = 'INVLD';
end;
$_$;

--
-- Name: import_list(jsonb, text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.import_list(p_row jsonb, p_key text) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select nullif(array(
    select btrim(x) from (
      select e as x from jsonb_array_elements_text(case when jsonb_typeof(p_row->p_key) = 'array' then p_row->p_key else '[]' end) e
      union all
      select s from regexp_split_to_table(app_hidden.import_text(p_row, p_key), '[;,]') s
    ) l where btrim(x) <> ''), '{}')
$$;

--
-- Name: import_number(text, text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.import_number(p_text text, p_message text) RETURNS double precision
    LANGUAGE plpgsql IMMUTABLE
    AS $_$
begin
  if p_text is null then
    return null;
  end if;
  if p_text !~ '^[-+]?[0-9]{1,12}([.,][0-9]{1,12})?$' then
    raise exception '%', p_message using errcode = 'INVLD';
  end if;
  return replace(p_text, ',', '.')::float8;
end;
$_$;

--
-- Name: import_rows_per_call(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.import_rows_per_call() RETURNS integer
    LANGUAGE sql IMMUTABLE
    AS $$ select 500 $$;

--
-- Name: import_season(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.import_season(p_text text) RETURNS app_public.flowering_season
    LANGUAGE plpgsql IMMUTABLE
    AS $$
begin
  case lower(btrim(p_text))
    when 'spring', 'frühling', 'fruehling', 'frühjahr' then return 'SPRING';
    when 'summer', 'sommer' then return 'SUMMER';
    when 'autumn', 'fall', 'herbst' then return 'AUTUMN';
    when 'winter' then return 'WINTER';
    else raise exception 'Unknown season "%": use spring, summer, autumn or winter', p_text using errcode = 'INVLD';
  end case;
end;
$$;

--
-- Name: import_text(jsonb, text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.import_text(p_row jsonb, p_key text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select nullif(btrim(case when jsonb_typeof(p_row->p_key) in ('string', 'number', 'boolean') then p_row->>p_key end), '')
$$;

--
-- Name: import_thing_row(uuid, jsonb, app_public.things); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.import_thing_row(p_group_id uuid, p_row jsonb, p_old app_public.things) RETURNS app_public.things
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $_$
declare
  v app_public.things;
  v_text text;
  v_geometry jsonb;
  v_lat text;
  v_lon text;
  v_list text[];
begin
  if p_old.id is not null then
    v := p_old;
  else
    v.id := gen_random_uuid();
    v.group_id := p_group_id;
    v.external_id := app_hidden.import_text(p_row, 'externalId');
    v.type := 'TREE';
    v.is_public := true;
  end if;

  if p_row ? 'type' and app_hidden.import_text(p_row, 'type') is not null then
    v.type := app_hidden.import_thing_type(app_hidden.import_text(p_row, 'type'));
  end if;
  if p_row ? 'name' then
    v.name := app_hidden.import_text(p_row, 'name');
  end if;
  if p_row ? 'description' then
    v.description := app_hidden.import_text(p_row, 'description');
  end if;
  if p_row ? 'locationDescription' then
    v.location_description := app_hidden.import_text(p_row, 'locationDescription');
  end if;
  if p_row ? 'isPublic' then
    -- Empty: as it is (public for a new thing).
    v.is_public := coalesce(app_hidden.import_boolean(app_hidden.import_text(p_row, 'isPublic')), v.is_public);
  end if;

  -- Where: a GeoJSON Point, or latitude and longitude columns.
  if p_row ? 'geometry' then
    v_geometry := p_row->'geometry';
    if v_geometry is null or jsonb_typeof(v_geometry) <> 'object' then
      raise exception 'Location is required: the feature has no geometry' using errcode = 'INVLD';
    end if;
    if v_geometry->>'type' is distinct from 'Point' then
      raise exception 'Only points can be imported, not a %', coalesce(v_geometry->>'type', 'geometry without a type') using errcode = 'INVLD';
    end if;
    if jsonb_typeof(v_geometry->'coordinates'->0) is distinct from 'number' or jsonb_typeof(v_geometry->'coordinates'->1) is distinct from 'number' then
      raise exception 'A point needs coordinates [longitude, latitude]' using errcode = 'INVLD';
    end if;
    v.location := point((v_geometry->'coordinates'->>1)::float8, (v_geometry->'coordinates'->>0)::float8);
  elsif p_row ? 'latitude' or p_row ? 'longitude' or p_old.id is null then
    v_lat := app_hidden.import_text(p_row, 'latitude');
    v_lon := app_hidden.import_text(p_row, 'longitude');
    if v_lat is null then
      raise exception 'Latitude is required' using errcode = 'INVLD';
    end if;
    if v_lon is null then
      raise exception 'Longitude is required' using errcode = 'INVLD';
    end if;
    v.location := point(app_hidden.import_number(v_lat, 'Latitude must be a number'),
                        app_hidden.import_number(v_lon, 'Longitude must be a number'));
  end if;

  -- Attributes by type.
  if p_row ? 'species' then
    v_text := app_hidden.import_text(p_row, 'species');
    v.species_id := app_hidden.tree_species_id_for(v_text);
    if v_text is not null and v.species_id is null then
      raise exception 'Unknown species "%": use a botanical, English or German name from the species list', v_text using errcode = 'INVLD';
    end if;
  end if;
  if p_row ? 'plantingYear' then
    v_text := app_hidden.import_text(p_row, 'plantingYear');
    if v_text is not null and v_text !~ '^[0-9]{4}$' then
      raise exception 'Planting year must be a year such as 2019' using errcode = 'INVLD';
    end if;
    v.planting_year := v_text::int;
  end if;
  if p_row ? 'trunkGirthCm' then
    v.trunk_girth_cm := round(app_hidden.import_number(app_hidden.import_text(p_row, 'trunkGirthCm'), 'Trunk girth must be a number of centimetres')::numeric);
  end if;
  if p_row ? 'heightClass' then
    v.height_class := app_hidden.import_height_class(app_hidden.import_text(p_row, 'heightClass'));
  end if;
  if p_row ? 'volumeLitres' then
    v.volume_litres := app_hidden.import_number(app_hidden.import_text(p_row, 'volumeLitres'), 'Volume must be a number of litres');
  end if;
  if p_row ? 'soilAreaM2' then
    v.soil_area_m2 := app_hidden.import_number(app_hidden.import_text(p_row, 'soilAreaM2'), 'Soil area must be a number of square metres');
  end if;
  if p_row ? 'floweringPlants' then
    v.flowering_plants := app_hidden.import_list(p_row, 'floweringPlants');
  end if;
  if p_row ? 'floweringSeasons' then
    v_list := app_hidden.import_list(p_row, 'floweringSeasons');
    v.flowering_seasons := case when v_list is not null then array(select app_hidden.import_season(s) from unnest(v_list) s) end;
  end if;

  if v.name is null then
    v.name := app_hidden.import_default_name(v.type, v.species_id, v.external_id);
  end if;

  -- The table's rules, in the form's order.
  perform app_hidden.check_label(v.name);
  perform app_hidden.check_description(v.description);
  if char_length(v.location_description) > 500 then
    raise exception 'Location description must be at most 500 characters' using errcode = 'INVLD';
  end if;
  perform app_hidden.check_location(v.location);
  perform app_hidden.check_thing_attributes(v.type, v.species_id, v.planting_year, v.trunk_girth_cm, v.height_class,
                                            v.volume_litres, v.soil_area_m2, v.flowering_plants, v.flowering_seasons);
  return v;
end;
$_$;

--
-- Name: import_thing_type(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.import_thing_type(p_text text) RETURNS app_public.thing_type
    LANGUAGE plpgsql IMMUTABLE
    AS $$
declare
  v_key text := upper(regexp_replace(coalesce(p_text, ''), '[^[:alpha:]]', '', 'g'));
begin
  if v_key in (select unnest(enum_range(null::app_public.thing_type))::text) then
    return v_key::app_public.thing_type;
  end if;
  raise exception 'Unknown type "%": use one of %', p_text,
    array_to_string(array(select unnest(enum_range(null::app_public.thing_type))::text), ', ') using errcode = 'INVLD';
end;
$$;

--
-- Name: in_bline(point); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.in_bline(p_location point) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select exists (select 1 from app_private.map_layer_polygons p
                 where p.layer = 'b_lines' and p.area && polygon(box(p_location, p_location)) and p.area @> p_location
                   and not exists (select 1 from unnest(p.holes) h where h @> p_location))
$$;

--
-- Name: FUNCTION in_bline(p_location point); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.in_bline(p_location point) IS 'Whether a (latitude, longitude) point lies in a B-Lines pollinator corridor.';

--
-- Name: indicator_colour(text, double precision, double precision, double precision, double precision, jsonb, timestamp with time zone); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.indicator_colour(p_parameter text, p_water double precision, p_temperature double precision, p_conductivity double precision, p_ph double precision, p_levels jsonb, p_last_reading timestamp with time zone) RETURNS text
    LANGUAGE sql STABLE
    AS $$
  select case
    when p_last_reading is null or p_last_reading < now() - interval '48 hours' then 'grey'
    when p_parameter = 'WATER' then
      case app_hidden.hydration_band(p_water, p_levels)
        when 'dry' then 'red' when 'needsWater' then 'orange' when 'good' then 'green' when 'saturated' then 'blue'
        else 'grey' end
    when p_parameter in ('P_H', 'PH') then
      case
        when p_ph is null then 'grey'
        when p_ph between 6.0 and 7.5 then 'green'
        when p_ph between 5.5 and 8.0 then 'orange'
        else 'red' end
    when p_parameter = 'TEMPERATURE' then
      case
        when p_temperature is null then 'grey'
        when p_temperature < 0 or p_temperature > 35 then 'red'
        when p_temperature < 5 or p_temperature > 30 then 'orange'
        else 'green' end
    when p_parameter = 'CONDUCTIVITY' then
      case
        when p_conductivity is null then 'grey'
        when p_conductivity > 2000 then 'red'
        when p_conductivity < 100 or p_conductivity > 1500 then 'orange'
        else 'green' end
    else 'grey'
  end
$$;

--
-- Name: invisible_characters_pattern(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.invisible_characters_pattern() RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select '[\u0001-\u001F\u007F-\u009F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB]'
$$;

--
-- Name: invitation_expiry(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.invitation_expiry() RETURNS interval
    LANGUAGE sql IMMUTABLE
    AS $$ select interval '14 days' $$;

--
-- Name: is_group_member(uuid, uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.is_group_member(p_group_id uuid, p_user_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$ select exists (select 1 from app_public.group_memberships where group_id = p_group_id and user_id = p_user_id) $$;

--
-- Name: is_planter_or_bed(app_public.thing_type); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.is_planter_or_bed(p_type app_public.thing_type) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ select p_type in ('PLANTER', 'FLOWERBED', 'VEGETABLEBED') $$;

--
-- Name: is_self_or_admin(uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.is_self_or_admin(p_user_id uuid) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$ select p_user_id = app_public.current_user_id() or app_public.current_user_is_admin() $$;

--
-- Name: is_thing_owner(uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.is_thing_owner(p_thing_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select exists (select 1 from app_public.thing_accesses
                 where thing_id = p_thing_id and user_id = app_public.current_user_id() and is_owner)
$$;

--
-- Name: leaderboard_since(app_public.leaderboard_period); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.leaderboard_since(p_period app_public.leaderboard_period) RETURNS timestamp with time zone
    LANGUAGE sql STABLE
    AS $$
  select case p_period
    when 'WEEK' then date_trunc('week', now())
    when 'MONTH' then date_trunc('month', now())
    else '-infinity'::timestamptz
  end
$$;

--
-- Name: live_session_until(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.live_session_until() RETURNS timestamp with time zone
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select s.expires_at from app_private.sessions s
  where s.id = app_public.current_session_id() and s.revoked_at is null and s.expires_at > now()
$$;

--
-- Name: map_cell(double precision, integer); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.map_cell(world double precision, level integer) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ select least((1 << level) - 1, greatest(0, floor(world * (1 << level))))::integer $$;

--
-- Name: map_cells(integer, integer, integer, integer, integer); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.map_cells(p_level integer, p_x0 integer, p_x1 integer, p_y0 integer, p_y1 integer) RETURNS TABLE(x integer, y integer, count integer, needs_water integer, latitude_sum double precision, longitude_sum double precision)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if app_public.current_user_is_admin() then
    return query
      select c.x, c.y, c.public_count + c.private_count, c.public_needs_water + c.private_needs_water,
             c.public_latitude_sum + c.private_latitude_sum, c.public_longitude_sum + c.private_longitude_sum
      from app_private.thing_map_cells c
      where c.level = p_level and c.x between p_x0 and p_x1 and c.y between p_y0 and p_y1;
  else
    return query
      select c.x, c.y, c.public_count, c.public_needs_water, c.public_latitude_sum, c.public_longitude_sum
      from app_private.thing_map_cells c
      where c.level = p_level and c.x between p_x0 and p_x1 and c.y between p_y0 and p_y1 and c.public_count > 0;
  end if;
end;
$$;

--
-- Name: map_latitude(double precision); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.map_latitude(world_y double precision) RETURNS double precision
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ select degrees(atan(sinh(pi() * (1 - 2 * world_y)))) $$;

--
-- Name: map_layer_features; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.map_layer_features (
    id bigint NOT NULL,
    layer text NOT NULL,
    properties jsonb DEFAULT '{}'::jsonb NOT NULL,
    geometry jsonb NOT NULL,
    CONSTRAINT map_layer_features_layer_known CHECK ((layer = ANY (ARRAY['soilscapes'::text, 'b_lines'::text])))
);

--
-- Name: map_layer_feature_at(text, point); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.map_layer_feature_at(p_layer text, p_location point) RETURNS app_private.map_layer_features
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select f.* from app_private.map_layer_polygons p
    join app_private.map_layer_features f on f.id = p.feature_id
  where p.layer = p_layer
    and p.area && polygon(box(p_location, p_location))
    and p.area @> p_location
    and not exists (select 1 from unnest(p.holes) h where h @> p_location)
  order by f.id
  limit 1
$$;

--
-- Name: map_layer_geojson(text, double precision, double precision, double precision, double precision, integer); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.map_layer_geojson(p_layer text, p_south double precision, p_west double precision, p_north double precision, p_east double precision, p_limit integer DEFAULT 500) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  with hits as (
    select distinct p.feature_id from app_private.map_layer_polygons p
    where p.layer = p_layer and p.area && polygon(box(point(p_south, p_west), point(p_north, p_east)))
  ), chosen as (
    select f.* from app_private.map_layer_features f where f.id in (select feature_id from hits)
    order by f.id limit greatest(p_limit, 1)
  )
  select jsonb_build_object(
    'type', 'FeatureCollection',
    'features', (select coalesce(jsonb_agg(jsonb_build_object('type', 'Feature', 'id', c.id, 'properties', c.properties,
                   'geometry', c.geometry) order by c.id), '[]') from chosen c),
    'truncated', (select count(*) from hits) > greatest(p_limit, 1),
    'attribution', l.attribution,
    'isSample', coalesce(l.is_sample, false))
  from (select 1) one left join app_private.map_layers l on l.layer = p_layer
$$;

--
-- Name: map_longitude(double precision); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.map_longitude(world_x double precision) RETURNS double precision
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ select world_x * 360 - 180 $$;

--
-- Name: map_round(double precision); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.map_round(value double precision) RETURNS double precision
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ select round(value::numeric, 6)::float8 $$;

--
-- Name: map_world_x(double precision); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.map_world_x(longitude double precision) RETURNS double precision
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ select (longitude + 180) / 360 $$;

--
-- Name: map_world_y(double precision); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.map_world_y(latitude double precision) RETURNS double precision
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ select 0.5 - asinh(tan(radians(least(85.0511287798, greatest(-85.0511287798, latitude))))) / (2 * pi()) $$;

--
-- Name: matches_search(text, text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.matches_search(haystack text, query text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select coalesce(bool_and(strpos(folded.text, word) > 0), true)
  from (select app_hidden.search_fold(haystack) as text) folded,
       regexp_split_to_table(app_hidden.search_fold(btrim(coalesce(query, ''))), '\s+') as word
  where word <> ''
$$;

--
-- Name: my_assigned_task_ids(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.my_assigned_task_ids() RETURNS SETOF uuid
    LANGUAGE sql STABLE SECURITY DEFINER ROWS 10
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$ select task_id from app_public.task_assignments where assigned_to = app_public.current_user_id() $$;

--
-- Name: my_device_ids(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.my_device_ids() RETURNS SETOF uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 5
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  return query select device_id from app_public.device_accesses where user_id = app_public.current_user_id();
end;
$$;

--
-- Name: my_group_ids(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.my_group_ids() RETURNS SETOF uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 5
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  return query select group_id from app_public.group_memberships where user_id = app_public.current_user_id();
end;
$$;

--
-- Name: my_owned_group_ids(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.my_owned_group_ids() RETURNS SETOF uuid
    LANGUAGE sql STABLE SECURITY DEFINER ROWS 3
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$ select group_id from app_public.group_memberships where user_id = app_public.current_user_id() and is_owner $$;

--
-- Name: my_thing_ids(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.my_thing_ids() RETURNS SETOF uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 20
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  return query select thing_id from app_public.thing_accesses where user_id = app_public.current_user_id();
end;
$$;

--
-- Name: navigation_daily_stats_rows(date, date, uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.navigation_daily_stats_rows(start_date date DEFAULT NULL::date, end_date date DEFAULT NULL::date, target_user_id uuid DEFAULT NULL::uuid) RETURNS SETOF app_hidden.daily_stat_rows
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    SET jit TO 'off'
    SET max_parallel_workers_per_gather TO '0'
    AS $$
declare
  v_window tstzrange := app_hidden.analytics_window(start_date, end_date);
  v_first date := (lower(v_window) at time zone 'UTC')::date;
  v_last date := (upper(v_window) at time zone 'UTC')::date - 1;
begin
  if target_user_id is not null then
    return query
      select (e.occurred_at at time zone 'UTC')::date, count(*), count(distinct e.session_id), count(distinct e.to_route),
             round(avg(e.time_spent), 1), count(distinct e.user_id)
      from app_private.navigation_events e
      where e.user_id = target_user_id and e.occurred_at >= lower(v_window) and e.occurred_at < upper(v_window)
      group by 1
      order by 1;
    return;
  end if;

  return query
    select d.day, d.navigations, d.sessions, coalesce(r.routes, 0), round(d.time_spent::numeric / d.navigations, 1), d.visitors
    from app_private.navigation_days d
    left join (select r.day, count(*) as routes from app_private.navigation_route_days r
               where r.day between v_first and v_last group by r.day) r on r.day = d.day
    where d.day between v_first and v_last
    order by d.day;
end;
$$;

--
-- Name: FUNCTION navigation_daily_stats_rows(start_date date, end_date date, target_user_id uuid); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.navigation_daily_stats_rows(start_date date, end_date date, target_user_id uuid) IS 'Per day: navigations, sessions, routes, time per navigation and active users (active users over time).';

--
-- Name: navigation_pattern_stats_rows(date, date, uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.navigation_pattern_stats_rows(start_date date DEFAULT NULL::date, end_date date DEFAULT NULL::date, target_user_id uuid DEFAULT NULL::uuid) RETURNS SETOF app_hidden.pattern_stat_rows
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    SET jit TO 'off'
    SET max_parallel_workers_per_gather TO '0'
    AS $$
declare
  v_window tstzrange := app_hidden.analytics_window(start_date, end_date);
  v_first date := (lower(v_window) at time zone 'UTC')::date;
  v_last date := (upper(v_window) at time zone 'UTC')::date - 1;
  v_open date := greatest(v_first, (select closed_before from app_private.navigation_rollup_state));
begin
  if target_user_id is not null then
    return query
      select e.from_route, e.to_route, count(*), round(avg(e.time_spent), 1), count(distinct e.user_id), count(distinct e.session_id),
             min(e.occurred_at), max(e.occurred_at)
      from app_private.navigation_events e
      where e.user_id = target_user_id and e.from_route is not null
        and e.occurred_at >= lower(v_window) and e.occurred_at < upper(v_window)
      group by e.from_route, e.to_route
      order by count(*) desc, e.from_route, e.to_route;
    return;
  end if;

  return query
    select p.from_route, p.to_route, sum(p.occurrences)::bigint, round(sum(p.time_spent)::numeric / sum(p.occurrences), 1),
           sum(p.visitors - case when p.day > v_open
                                 then coalesce(p.visitor_returns[least(p.day - v_open, cardinality(p.visitor_returns))], 0)
                                 else 0 end)::bigint,
           sum(p.sessions - case when p.day > v_open
                                 then coalesce(p.session_returns[least(p.day - v_open, cardinality(p.session_returns))], 0)
                                 else 0 end)::bigint,
           min(p.first_at), max(p.last_at)
    from app_private.navigation_pattern_days p
    where p.day between v_first and v_last
    group by p.from_route, p.to_route
    order by 3 desc, 1, 2;
end;
$$;

--
-- Name: navigation_route_stats_rows(date, date, uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.navigation_route_stats_rows(start_date date DEFAULT NULL::date, end_date date DEFAULT NULL::date, target_user_id uuid DEFAULT NULL::uuid) RETURNS SETOF app_hidden.route_stat_rows
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    SET jit TO 'off'
    SET max_parallel_workers_per_gather TO '0'
    AS $$
declare
  v_window tstzrange := app_hidden.analytics_window(start_date, end_date);
  v_first date := (lower(v_window) at time zone 'UTC')::date;
  v_last date := (upper(v_window) at time zone 'UTC')::date - 1;
  -- The first day of the window whose visitors can still be told apart from other days' (see
  -- retention in docs/decisions.md): before it, each day's visitors and sessions count.
  v_open date := greatest(v_first, (select closed_before from app_private.navigation_rollup_state));
begin
  if target_user_id is not null then
    return query
      select e.to_route, count(*), sum(e.time_spent), round(avg(e.time_spent), 1), min(e.occurred_at), max(e.occurred_at),
             count(distinct e.user_id), count(distinct e.session_id)
      from app_private.navigation_events e
      where e.user_id = target_user_id and e.occurred_at >= lower(v_window) and e.occurred_at < upper(v_window)
      group by e.to_route
      order by count(*) desc, e.to_route;
    return;
  end if;

  -- A day's visitors (sessions) count unless they were already seen on the route since v_open
  -- (the header of 20261122000210_analytics_windows.sql).
  return query
    select r.route, sum(r.visits)::bigint, sum(r.time_spent)::bigint, round(sum(r.time_spent)::numeric / sum(r.visits), 1),
           min(r.first_at), max(r.last_at),
           sum(r.visitors - case when r.day > v_open
                                 then coalesce(r.visitor_returns[least(r.day - v_open, cardinality(r.visitor_returns))], 0)
                                 else 0 end)::bigint,
           sum(r.sessions - case when r.day > v_open
                                 then coalesce(r.session_returns[least(r.day - v_open, cardinality(r.session_returns))], 0)
                                 else 0 end)::bigint
    from app_private.navigation_route_days r
    where r.day between v_first and v_last
    group by r.route
    order by 2 desc, 1;
end;
$$;

--
-- Name: navigation_session_stats_rows(date, date, uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.navigation_session_stats_rows(start_date date DEFAULT NULL::date, end_date date DEFAULT NULL::date, target_user_id uuid DEFAULT NULL::uuid) RETURNS SETOF app_hidden.session_stat_rows
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    SET jit TO 'off'
    SET max_parallel_workers_per_gather TO '0'
    AS $$
declare
  v_window tstzrange := app_hidden.analytics_window(start_date, end_date);
begin
  return query
    select p.person, u.username::text, p.sessions,
           -- One division of the exact sum, as avg() over the raw durations does.
           round(p.duration_us / (1000000 * nullif(p.timed_sessions, 0)), 1), p.navigations,
           round(p.navigations::numeric / p.sessions, 2), p.first_started, p.last_started
    from app_private.navigation_sessions_by_person((lower(v_window) at time zone 'UTC')::date,
                                                   (upper(v_window) at time zone 'UTC')::date - 1, target_user_id) p
    left join app_public.users u on u.id = p.person
    order by p.sessions desc, p.person;
end;
$$;

--
-- Name: nearest_radius_metres(double precision); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.nearest_radius_metres(p_metres double precision) RETURNS double precision
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select case
    when p_metres is null then 20000
    when p_metres = 'NaN'::float8 or p_metres < 1 or p_metres > 50000
      then app_hidden.invalid('Distance must be between 1 and 50000 metres')::int::float8
    else p_metres
  end
$$;

--
-- Name: new_invitation_code(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.new_invitation_code() RETURNS text
    LANGUAGE sql
    AS $$ select encode(gen_random_bytes(16), 'hex') $$;

--
-- Name: notice_preferences; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.notice_preferences (
    user_id uuid NOT NULL,
    kind app_public.notice_kind NOT NULL,
    in_app boolean NOT NULL,
    email boolean NOT NULL,
    push boolean NOT NULL,
    updated_at timestamp with time zone DEFAULT now(),
    CONSTRAINT notice_preferences_digest_by_email CHECK (((kind <> 'digest'::app_public.notice_kind) OR ((NOT in_app) AND (NOT push))))
);

--
-- Name: TABLE notice_preferences; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.notice_preferences IS '@behavior -insert -update -delete -list -connection -single -node
How you want each kind of notice: in the app, by e-mail, as a push message.';

--
-- Name: notice_defaults(uuid, app_public.notice_kind); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.notice_defaults(p_user_id uuid, p_kind app_public.notice_kind) RETURNS app_public.notice_preferences
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  -- Group activity is in the digest already; its single notices are for those who ask.
  select row(p_user_id, p_kind,
    p_kind not in ('digest', 'group'),
    case p_kind when 'group' then false when 'device' then false
                when 'digest' then coalesce((select notification_daily from app_public.users where id = p_user_id), false)
                else true end,
    p_kind not in ('group', 'digest'),
    null)::app_public.notice_preferences
$$;

--
-- Name: notice_emails_per_hour(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.notice_emails_per_hour() RETURNS integer
    LANGUAGE sql IMMUTABLE
    AS $$ select 30 $$;

--
-- Name: notice_kind_of(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.notice_kind_of(p_kind text) RETURNS app_public.notice_kind
    LANGUAGE sql IMMUTABLE
    AS $$
  select case
    when p_kind like 'dry%' or p_kind like 'water%' then 'water'
    when p_kind like 'task%' then 'task'
    when p_kind like 'invitation%' then 'invitation'
    when p_kind like 'group%' then 'group'
    when p_kind like 'device%' then 'device'
  end::app_public.notice_kind
$$;

--
-- Name: notice_preference(uuid, app_public.notice_kind); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.notice_preference(p_user_id uuid, p_kind app_public.notice_kind) RETURNS app_public.notice_preferences
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select row(d.user_id, d.kind, coalesce(p.in_app, d.in_app),
             case when d.kind = 'digest' then d.email else coalesce(p.email, d.email) end,
             coalesce(p.push, d.push), p.updated_at)::app_public.notice_preferences
  from app_hidden.notice_defaults(p_user_id, p_kind) d
  left join app_public.notice_preferences p on p.user_id = p_user_id and p.kind = p_kind
$$;

--
-- Name: notice_settings; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.notice_settings (
    user_id uuid NOT NULL,
    digest_frequency app_public.digest_frequency DEFAULT 'daily'::app_public.digest_frequency NOT NULL,
    single_emails boolean DEFAULT true NOT NULL,
    quiet_start time without time zone,
    quiet_end time without time zone,
    time_zone text DEFAULT 'Europe/London'::text NOT NULL,
    updated_at timestamp with time zone DEFAULT now(),
    CONSTRAINT notice_settings_quiet_both CHECK (((quiet_start IS NULL) = (quiet_end IS NULL))),
    CONSTRAINT notice_settings_quiet_differ CHECK (((quiet_start IS DISTINCT FROM quiet_end) OR (quiet_start IS NULL)))
);

--
-- Name: TABLE notice_settings; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.notice_settings IS '@behavior -insert -update -delete -list -connection -single -node
When notices reach you: the digest''s frequency, single e-mails or the digest, quiet hours.';

--
-- Name: COLUMN notice_settings.quiet_start; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.notice_settings.quiet_start IS 'From this time (in time_zone) no e-mail or push message is sent; they wait until quiet_end.';

--
-- Name: notice_settings_of(uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.notice_settings_of(p_user_id uuid) RETURNS app_public.notice_settings
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select coalesce(
    (select s from app_public.notice_settings s where s.user_id = p_user_id),
    row(p_user_id, 'daily', true, null, null, 'Europe/London', null)::app_public.notice_settings)
$$;

--
-- Name: notices_per_day(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.notices_per_day() RETURNS integer
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$ select coalesce((select per_day from app_private.notice_limits), 20) $$;

--
-- Name: notify_user(uuid, text, app_public.notification_level, text, text, text, uuid, boolean, text, jsonb); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.notify_user(p_user_id uuid, p_kind text, p_level app_public.notification_level, p_title text, p_body text, p_link_path text, p_thing_id uuid, p_email boolean, p_text_key text DEFAULT NULL::text, p_text_values jsonb DEFAULT NULL::jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_kind app_public.notice_kind := app_hidden.notice_kind_of(p_kind);
  v_pref app_public.notice_preferences;
  v_settings app_public.notice_settings := app_hidden.notice_settings_of(p_user_id);
  v_in_app boolean;
  v_email boolean;
  v_push boolean;
  v_run_at timestamptz;
  v_id uuid;
begin
  if v_kind is null then
    -- A kind no preference covers: in the app, and by e-mail when the caller asks.
    v_in_app := true;
    v_email := p_email;
    v_push := false;
  else
    v_pref := app_hidden.notice_preference(p_user_id, v_kind);
    v_in_app := v_pref.in_app;
    v_email := p_email and v_pref.email;
    v_push := v_pref.push;
  end if;
  v_push := v_push and exists (select 1 from app_public.push_subscriptions where user_id = p_user_id);
  if not (v_in_app or v_email or v_push) then
    return;
  end if;
  -- An e-mail someone causes to be sent to another person counts against their hourly limit.
  if v_email and v_settings.single_emails and p_user_id is distinct from app_public.current_user_id() then
    perform app_hidden.take_notice_email();
  end if;
  -- At most notices_per_day() in 24 hours; the rest wait for the digest. One notice at a time per
  -- person, so concurrent ones cannot both pass the count.
  perform pg_advisory_xact_lock(hashtextextended('app_private.notice_log:' || p_user_id, 0));
  if (select count(*) from app_private.notice_log
      where user_id = p_user_id and created_at > now() - interval '24 hours') >= app_hidden.notices_per_day() then
    insert into app_private.held_notices (user_id, kind, title, body, link_path, reason, text_key, text_values)
      values (p_user_id, v_kind, p_title, p_body, p_link_path, 'cap', p_text_key, p_text_values);
    return;
  end if;
  insert into app_private.notice_log (user_id, kind) values (p_user_id, p_kind);

  if v_in_app then
    insert into app_public.notifications (user_id, kind, level, title, body, link_path, thing_id, text_key, text_values)
      values (p_user_id, p_kind, p_level, p_title, p_body, p_link_path, p_thing_id, p_text_key, p_text_values)
      returning id into v_id;
  end if;
  v_run_at := app_hidden.quiet_until(v_settings);
  if v_email then
    if v_settings.single_emails then
      perform graphile_worker.add_job('send_email', json_build_object(
        'to', app_hidden.primary_email(p_user_id), 'template', 'notification',
        'domainName', app_public.current_domain_name(),
        'variables', json_build_object(
          'name', (select name from app_public.users where id = p_user_id),
          'title', p_title, 'body', p_body, 'linkPath', p_link_path, 'linkLabel', 'Open in the app',
          'textKey', p_text_key, 'textValues', p_text_values),
        'unsubscribe', case when v_kind is not null then json_build_object('userId', p_user_id, 'kind', v_kind) end),
        run_at => coalesce(v_run_at, now()))
      where app_hidden.primary_email(p_user_id) is not null;
    else
      insert into app_private.held_notices (user_id, kind, title, body, link_path, reason, text_key, text_values)
        values (p_user_id, v_kind, p_title, p_body, p_link_path, 'digest', p_text_key, p_text_values);
    end if;
  end if;
  if v_push then
    perform graphile_worker.add_job('send_push', json_build_object(
      'userId', p_user_id, 'kind', v_kind, 'notificationId', v_id,
      'title', left(p_title, 200), 'body', left(p_body, 1000), 'linkPath', p_link_path,
      'textKey', p_text_key, 'textValues', p_text_values),
      run_at => coalesce(v_run_at, now()));
  end if;
end;
$$;

--
-- Name: ogc_bbox_areas(double precision, double precision, double precision, double precision); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.ogc_bbox_areas(p_west double precision, p_south double precision, p_east double precision, p_north double precision) RETURNS box[]
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if p_west is null and p_south is null and p_east is null and p_north is null then
    return null;
  end if;
  -- (NaN is greater than every number in PostgreSQL, so `between` refuses it, and infinities.)
  if p_west is null or p_south is null or p_east is null or p_north is null
     or not p_west between -180 and 180 or not p_east between -180 and 180
     or not p_south between -90 and 90 or not p_north between -90 and 90 then
    raise exception 'bbox must be four numbers: minimum longitude (-180 to 180), minimum latitude (-90 to 90), maximum longitude, maximum latitude'
      using errcode = 'INVLD';
  end if;
  if p_south > p_north then
    raise exception 'bbox: the minimum latitude is greater than the maximum' using errcode = 'INVLD';
  end if;
  if p_west <= p_east then
    return array[box(point(p_south, p_west), point(p_north, p_east))];
  end if;
  return array[box(point(p_south, p_west), point(p_north, 180)), box(point(p_south, -180), point(p_north, p_east))];
end;
$$;

--
-- Name: FUNCTION ogc_bbox_areas(p_west double precision, p_south double precision, p_east double precision, p_north double precision); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.ogc_bbox_areas(p_west double precision, p_south double precision, p_east double precision, p_north double precision) IS 'The location boxes (x = latitude) of an OGC bbox (west, south, east, north); two across the antimeridian; INVLD when out of range.';

--
-- Name: ogc_thing(uuid, text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.ogc_thing(p_id uuid, p_page_prefix text) RETURNS jsonb
    LANGUAGE sql STABLE
    AS $$
  select app_hidden.ogc_thing_feature(t.id, t.name, t.type, t.location, t.water_need, t.created_at, p_page_prefix, app_hidden.thing_attributes_json(t))
  from app_public.things t
  where t.id = p_id and t.is_public
$$;

--
-- Name: FUNCTION ogc_thing(p_id uuid, p_page_prefix text); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.ogc_thing(p_id uuid, p_page_prefix text) IS 'A public thing as an OGC API Features GeoJSON feature, or null.';

--
-- Name: ogc_thing_feature(uuid, text, app_public.thing_type, point, app_public.water_need, timestamp with time zone, text, jsonb); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.ogc_thing_feature(p_id uuid, p_name text, p_type app_public.thing_type, p_location point, p_water_need app_public.water_need, p_created_at timestamp with time zone, p_page_prefix text, p_attributes jsonb) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    AS $$
  select jsonb_build_object(
    'type', 'Feature',
    'id', p_id,
    'geometry', jsonb_build_object('type', 'Point', 'coordinates', jsonb_build_array(p_location[1], p_location[0])),
    'properties', jsonb_build_object(
      'id', p_id,
      'name', p_name,
      'type', p_type,
      'waterNeed', p_water_need,
      'createdAt', to_char(p_created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
      'url', p_page_prefix || p_id) || coalesce(p_attributes, '{}'),
    'links', jsonb_build_array(jsonb_build_object(
      'href', p_page_prefix || p_id, 'rel', 'alternate', 'type', 'text/html', 'title', p_name)))
$$;

--
-- Name: FUNCTION ogc_thing_feature(p_id uuid, p_name text, p_type app_public.thing_type, p_location point, p_water_need app_public.water_need, p_created_at timestamp with time zone, p_page_prefix text, p_attributes jsonb); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.ogc_thing_feature(p_id uuid, p_name text, p_type app_public.thing_type, p_location point, p_water_need app_public.water_need, p_created_at timestamp with time zone, p_page_prefix text, p_attributes jsonb) IS 'A thing as a GeoJSON feature of the OGC things collection (coordinates longitude first), with its inventory attributes.';

--
-- Name: ogc_things(double precision, double precision, double precision, double precision, timestamp with time zone, timestamp with time zone, integer, integer, text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.ogc_things(p_west double precision, p_south double precision, p_east double precision, p_north double precision, p_from timestamp with time zone, p_to timestamp with time zone, p_limit integer, p_offset integer, p_page_prefix text) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $_$
declare
  c_few constant integer := 2000;
  v_areas box[] := app_hidden.ogc_bbox_areas(p_west, p_south, p_east, p_north);
  v_places tid[];
  v_where text := 'true';
  v_filter text;
  v_matched bigint;
  v_features jsonb;
begin
  if p_limit is null or p_limit not between 1 and 1000 then
    raise exception 'limit must be a whole number from 1 to 1000' using errcode = 'INVLD';
  end if;
  if p_offset is null or p_offset < 0 then
    raise exception 'offset must be a whole number, 0 or more' using errcode = 'INVLD';
  end if;
  if p_from is not null and p_to is not null and p_from > p_to then
    raise exception 'datetime: the start is after the end' using errcode = 'INVLD';
  end if;

  if v_areas is not null then
    v_places := array(select app_hidden.thing_places_in_box(a) from unnest(v_areas) as a limit c_few + 1);
    v_where := case when cardinality(v_places) <= c_few then 't.ctid = any ($1)' else 't.location <@ any ($2)' end;
  end if;
  v_filter := format(
    'from app_public.things t where %s and t.is_public'
    ' and ($3::timestamptz is null or t.created_at >= $3) and ($4::timestamptz is null or t.created_at <= $4)',
    v_where);

  execute 'select count(*) ' || v_filter
    into v_matched using v_places, v_areas, p_from, p_to;
  execute 'select coalesce(jsonb_agg(app_hidden.ogc_thing_feature(p.id, p.name, p.type, p.location, p.water_need, p.created_at, $7, p.attributes)'
       || ' order by p.id), ''[]''::jsonb)'
       || ' from (select t.id, t.name, t.type, t.location, t.water_need, t.created_at, app_hidden.thing_attributes_json(t) as attributes ' || v_filter
       || ' order by t.id limit $5 offset $6) p'
    into v_features using v_places, v_areas, p_from, p_to, p_limit, p_offset, p_page_prefix;

  return jsonb_build_object(
    'type', 'FeatureCollection',
    'timeStamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    'numberMatched', v_matched,
    'numberReturned', jsonb_array_length(v_features),
    'features', v_features);
end;
$_$;

--
-- Name: FUNCTION ogc_things(p_west double precision, p_south double precision, p_east double precision, p_north double precision, p_from timestamp with time zone, p_to timestamp with time zone, p_limit integer, p_offset integer, p_page_prefix text); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.ogc_things(p_west double precision, p_south double precision, p_east double precision, p_north double precision, p_from timestamp with time zone, p_to timestamp with time zone, p_limit integer, p_offset integer, p_page_prefix text) IS 'A page of public things as an OGC API Features GeoJSON FeatureCollection (bbox, createdAt interval, limit 1 to 1000, offset).';

--
-- Name: ogc_things_extent(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.ogc_things_extent() RETURNS jsonb
    LANGUAGE sql STABLE
    AS $$
  select case when count(*) > 0 then jsonb_build_object(
    'spatial', jsonb_build_object(
      'bbox', jsonb_build_array(jsonb_build_array(min(t.location[1]), min(t.location[0]), max(t.location[1]), max(t.location[0]))),
      'crs', 'http://www.opengis.net/def/crs/OGC/1.3/CRS84'),
    'temporal', jsonb_build_object(
      'interval', jsonb_build_array(jsonb_build_array(
        to_char(min(t.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
        to_char(max(t.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))),
      'trs', 'http://www.opengis.net/def/uom/ISO-8601/0/Gregorian'))
  end
  from app_public.things t
  where t.is_public
$$;

--
-- Name: FUNCTION ogc_things_extent(); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.ogc_things_extent() IS 'Spatial (CRS84) and temporal extent of the public things, or null when there are none.';

--
-- Name: on_duty(uuid, date, uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.on_duty(p_slot_id uuid, p_day date, p_user_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select exists (
    select 1 from app_public.rota_slots s
    cross join lateral app_hidden.rota_duties(s.group_id, p_day, p_day) d
    where s.id = p_slot_id and d.slot_id = s.id and d.user_id = p_user_id)
$$;

--
-- Name: open_session(uuid, text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.open_session(p_user_id uuid, p_domain_name text) RETURNS app_hidden.session_grant
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_session app_private.sessions;
  v_user app_public.users;
begin
  if exists (select 1 from app_public.users where id = p_user_id and suspended_at is not null) then
    raise exception 'This account has been suspended by an administrator' using errcode = 'DNIED';
  end if;
  update app_public.users set last_sign_in_at = now() where id = p_user_id returning * into v_user;
  insert into app_private.sessions (user_id, domain_name, expires_at)
    values (p_user_id, p_domain_name, now() + interval '30 days')
    returning * into v_session;
  return row(v_session.id, v_user.id, app_public.users_role(v_user), v_session.expires_at)::app_hidden.session_grant;
end;
$$;

--
-- Name: picture_is_hidden(text, uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.picture_is_hidden(p_type text, p_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$ select exists (select 1 from app_private.hidden_pictures where image_type = p_type and target_id = p_id) $$;

--
-- Name: primary_email(uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.primary_email(p_user_id uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$ select email from app_public.user_emails where user_id = p_user_id and is_primary $$;

--
-- Name: prune_environment_cache(interval); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.prune_environment_cache(p_keep_readings interval DEFAULT '35 days'::interval) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  delete from app_private.rainfall_readings where date_time < now() - p_keep_readings;
  delete from app_private.weather_forecasts where fetched_at < now() - interval '7 days';
  delete from app_private.environment_fetches where fetched_at < now() - interval '7 days';
  delete from app_private.weather_days where day < app_hidden.water_today() - 70;
$$;

--
-- Name: push_subscriptions_per_user(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.push_subscriptions_per_user() RETURNS integer
    LANGUAGE sql IMMUTABLE
    AS $$ select 10 $$;

--
-- Name: queue_email(text, text, json); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.queue_email(p_to text, p_template text, p_variables json) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select graphile_worker.add_job('send_email', json_build_object(
    'to', p_to, 'template', p_template, 'domainName', app_public.current_domain_name(), 'variables', p_variables
  )) where p_to is not null;
  select null::void;
$$;

--
-- Name: quiet_until(app_public.notice_settings, timestamp with time zone); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.quiet_until(p_settings app_public.notice_settings, p_at timestamp with time zone DEFAULT now()) RETURNS timestamp with time zone
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_local timestamp;
  v_time time;
  v_end timestamp;
begin
  if p_settings.quiet_start is null or p_settings.quiet_end is null then
    return null;
  end if;
  v_local := p_at at time zone p_settings.time_zone;
  v_time := v_local::time;
  if p_settings.quiet_start < p_settings.quiet_end then
    -- e.g. 13:00 to 15:00, the same day
    if v_time >= p_settings.quiet_start and v_time < p_settings.quiet_end then
      v_end := v_local::date + p_settings.quiet_end;
    end if;
  else
    -- e.g. 22:00 to 07:00, across midnight
    if v_time >= p_settings.quiet_start then
      v_end := v_local::date + 1 + p_settings.quiet_end;
    elsif v_time < p_settings.quiet_end then
      v_end := v_local::date + p_settings.quiet_end;
    end if;
  end if;
  return v_end at time zone p_settings.time_zone;
end;
$$;

--
-- Name: rainfall_near(double precision, double precision, timestamp with time zone, double precision); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.rainfall_near(p_latitude double precision, p_longitude double precision, p_since timestamp with time zone, p_max_km double precision DEFAULT 25) RETURNS TABLE(station_id text, label text, distance_km double precision, total_mm double precision, readings integer, first_reading timestamp with time zone, last_reading timestamp with time zone, fetched_at timestamp with time zone)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  with station as (
    select s.id, s.label, app_hidden.distance_km(point(p_latitude, p_longitude), s.location) as d
    from app_private.rainfall_stations s
    where s.location <@ app_hidden.box_around(point(p_latitude, p_longitude), p_max_km)
      and exists (select 1 from app_private.rainfall_readings r where r.station_id = s.id)
    order by 3
    limit 1
  ), measure as (
    select r.measure_id
    from station, app_private.rainfall_readings r
      left join app_private.rainfall_measures m on m.id = r.measure_id
    where r.station_id = station.id
    group by r.measure_id, m.period
    order by (coalesce(m.period, 900) = 900) desc, count(*) desc, r.measure_id
    limit 1
  )
  select station.id, station.label, station.d,
         coalesce(sum(r.value) filter (where r.date_time > p_since and r.date_time <= now()), 0)::float8,
         (count(*) filter (where r.date_time > p_since and r.date_time <= now()))::int,
         min(r.date_time) filter (where r.date_time > p_since and r.date_time <= now()),
         max(r.date_time) filter (where r.date_time > p_since and r.date_time <= now()),
         max(r.fetched_at)
  from station cross join measure
    join app_private.rainfall_readings r on r.measure_id = measure.measure_id
  where station.d <= p_max_km and p_since is not null
  group by station.id, station.label, station.d
$$;

--
-- Name: FUNCTION rainfall_near(p_latitude double precision, p_longitude double precision, p_since timestamp with time zone, p_max_km double precision); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.rainfall_near(p_latitude double precision, p_longitude double precision, p_since timestamp with time zone, p_max_km double precision) IS 'Cached rainfall (mm) since a time at the nearest cached station within max_km (default 25).';

--
-- Name: rainfall_stations; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.rainfall_stations (
    id text NOT NULL,
    label text,
    location point NOT NULL,
    easting integer,
    northing integer,
    details jsonb DEFAULT '{}'::jsonb NOT NULL,
    fetched_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: rainfall_station_json(app_private.rainfall_stations); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.rainfall_station_json(s app_private.rainfall_stations) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select jsonb_build_object(
    'id', s.id, 'label', s.label, 'lat', s.location[0], 'long', s.location[1],
    'easting', s.easting, 'northing', s.northing, 'details', s.details, 'fetchedAt', s.fetched_at,
    'measures', (select coalesce(jsonb_agg(jsonb_build_object(
        'id', m.id, 'stationId', m.station_id, 'parameter', m.parameter, 'parameterName', m.parameter_name,
        'period', m.period, 'qualifier', m.qualifier, 'unitName', m.unit_name, 'fetchedAt', m.fetched_at) order by m.id), '[]')
      from app_private.rainfall_measures m where m.station_id = s.id))
$$;

--
-- Name: record_environment_fetch(text, text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.record_environment_fetch(p_kind text, p_key text) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  insert into app_private.environment_fetches (kind, key, fetched_at) values (p_kind, p_key, now())
    on conflict (kind, key) do update set fetched_at = excluded.fetched_at
$$;

--
-- Name: reports_per_day(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.reports_per_day() RETURNS integer
    LANGUAGE sql IMMUTABLE
    AS $$ select 20 $$;

--
-- Name: require_admin(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.require_admin() RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if not app_public.current_user_is_admin() then
    raise exception 'Only an admin may do this' using errcode = 'DNIED';
  end if;
end;
$$;

--
-- Name: require_user(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.require_user() RETURNS uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_id uuid := app_public.current_user_id();
begin
  if v_id is null then
    raise exception 'You must be signed in' using errcode = 'LOGIN';
  end if;
  return v_id;
end;
$$;

--
-- Name: reset_password(uuid, text, text, text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.reset_password(p_user_id uuid, p_token text, p_new_password text, p_source text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_secret app_private.user_secrets;
  v_source text := coalesce(nullif(btrim(p_source), ''), 'unknown');
begin
  select * into v_secret from app_private.user_secrets where user_id = p_user_id for update;
  if v_secret.user_id is not null and (
    select count(*) from app_private.reset_failures f
    where f.user_id = p_user_id and f.source = v_source and f.failed_at > now() - interval '1 hour'
  ) > 5 then
    raise exception 'Passphrase reset locked - too many reset attempts' using errcode = 'LOCKD';
  end if;
  if v_secret.user_id is null or v_secret.reset_token is null or p_token is null
     or v_secret.reset_token <> p_token or v_secret.reset_token_expires_at < now() then
    if v_secret.user_id is not null then
      delete from app_private.reset_failures f where f.user_id = p_user_id and f.failed_at < now() - interval '1 hour';
      insert into app_private.reset_failures (user_id, source) values (p_user_id, v_source);
    end if;
    return 'invalid';
  end if;
  perform app_hidden.check_passphrase(p_new_password);
  update app_private.user_secrets set
    password_hash = crypt(p_new_password, gen_salt('bf', 10)),
    reset_token = null, reset_token_created_at = null, reset_token_expires_at = null, reset_email_id = null,
    failed_reset_attempts = 0, first_failed_reset_at = null
    where user_id = p_user_id;
  delete from app_private.reset_failures where user_id = p_user_id;
  -- The link went to this address, so using it proves control of it: verify it (the account
  -- too), unless someone else has verified it meanwhile. _600_claim_verified then removes other
  -- accounts' unverified copies and points invitations to the address at this user.
  if v_secret.reset_email_id is not null then
    update app_public.user_emails e set is_verified = true
      where e.id = v_secret.reset_email_id and e.user_id = p_user_id and not e.is_verified
        and not exists (select 1 from app_public.user_emails o where o.email = e.email and o.is_verified);
    if found then
      update app_public.users set is_verified = true where id = p_user_id;
    end if;
  end if;
  -- A reset signs the user out everywhere.
  update app_private.sessions set revoked_at = now() where user_id = p_user_id and revoked_at is null;
  perform app_hidden.queue_email(app_hidden.primary_email(p_user_id), 'password_changed',
    json_build_object('name', (select name from app_public.users where id = p_user_id)));
  return 'ok';
end;
$$;

--
-- Name: rota_date_label(date); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.rota_date_label(p_day date) RETURNS text
    LANGUAGE sql IMMUTABLE
    AS $$ select trim(to_char(p_day, 'FMDay')) || ' ' || to_char(p_day, 'FMDD FMMonth') $$;

--
-- Name: rota_duties(uuid, date, date); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.rota_duties(p_group_id uuid, p_from date, p_to date) RETURNS SETOF app_public.rota_duty
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select d.day::date, s.weekday, s.id, u.id, u.username, u.name, (w.id is not null or r.id is not null)
  from generate_series(p_from, p_to, interval '1 day') d(day)
  join app_public.rota_slots s on s.group_id = p_group_id and s.weekday = extract(isodow from d.day)::int
  left join app_public.rota_swaps w on w.slot_id = s.id and w.on_date = d.day::date and w.status = 'accepted' and w.accepted_by is not null
  left join app_public.rota_swaps r on r.return_slot_id = s.id and r.return_date = d.day::date and r.status = 'accepted'
  join app_public.users u on u.id = coalesce(w.accepted_by, r.requested_by, s.user_id)
  order by d.day, s.weekday, u.username
$$;

--
-- Name: rota_horizon_days(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.rota_horizon_days() RETURNS integer
    LANGUAGE sql IMMUTABLE
    AS $$ select 56 $$;

--
-- Name: rota_people_per_day(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.rota_people_per_day() RETURNS integer
    LANGUAGE sql IMMUTABLE
    AS $$ select 3 $$;

--
-- Name: search_fold(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.search_fold(value text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select lower(translate(
    coalesce(value, ''),
    'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿ_',
    'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyy '
  ))
$$;

--
-- Name: current_user_id(); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.current_user_id() RETURNS uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_session text := current_setting('jwt.claims.session_id', true);
  v_known text := current_setting('steward.signed_in_user', true);
  v_user_id uuid;
begin
  if v_session is null or v_session = '' then
    return null;
  end if;
  if v_known is not null and starts_with(v_known, v_session || '/') then
    return substr(v_known, length(v_session) + 2)::uuid;
  end if;
  v_user_id := (select s.user_id from app_private.sessions s
                where s.id = v_session::uuid and s.revoked_at is null and s.expires_at > now());
  if v_user_id is not null then
    perform set_config('steward.signed_in_user', v_session || '/' || v_user_id, true);
  end if;
  return v_user_id;
end;
$$;

--
-- Name: FUNCTION current_user_id(); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.current_user_id() IS '@behavior -*
The signed-in user of this request, or null for guests and revoked sessions.';

--
-- Name: actions; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.actions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    thing_id uuid NOT NULL,
    type app_public.action_type NOT NULL,
    comments text NOT NULL,
    location point,
    has_image boolean DEFAULT false NOT NULL,
    created_by uuid DEFAULT app_public.current_user_id(),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    litres double precision,
    client_key uuid,
    hidden_at timestamp with time zone,
    CONSTRAINT actions_comments_valid CHECK (
CASE
    WHEN (btrim(comments) = ''::text) THEN app_hidden.invalid('Comments are required'::text)
    WHEN (char_length(comments) > 2000) THEN app_hidden.invalid('Comments must be at most 2000 characters'::text)
    ELSE true
END),
    CONSTRAINT actions_litres_valid CHECK (app_hidden.check_litres(type, litres)),
    CONSTRAINT actions_location_valid CHECK (((location IS NULL) OR app_hidden.check_location(location)))
);

--
-- Name: TABLE actions; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.actions IS 'A care action recorded on a thing: watering, litter clean-up, upkeep...';

--
-- Name: COLUMN actions.created_by; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.actions.created_by IS '@behavior -insert -update';

--
-- Name: COLUMN actions.litres; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.actions.litres IS 'Water given, in litres (WATERING actions only; 0.5 to 1000, one decimal place).';

--
-- Name: COLUMN actions.client_key; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.actions.client_key IS '@behavior -select -insert -update -filterBy -orderBy
The key the recording device gave this action, so that sending it again cannot record it twice (set through recordAction only).';

--
-- Name: COLUMN actions.hidden_at; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.actions.hidden_at IS '@behavior -insert -update
When an admin hid this action (only admins see it then).';

--
-- Name: search_text(app_public.actions); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.search_text(a app_public.actions) RETURNS text
    LANGUAGE sql STABLE
    AS $$
  select concat_ws(' ', a.comments, a.type::text,
    (select t.name from app_public.things t where t.id = a.thing_id),
    (select concat_ws(' ', u.name, u.username) from app_public.users u where u.id = a.created_by))
$$;

--
-- Name: search_text(app_public.devices); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.search_text(d app_public.devices) RETURNS text
    LANGUAGE sql STABLE
    AS $$
  select concat_ws(' ', d.name, d.device_id, d.model::text,
    (select t.name from app_public.things t where t.id = d.thing_id))
$$;

--
-- Name: group_memberships; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.group_memberships (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    group_id uuid NOT NULL,
    user_id uuid NOT NULL,
    is_owner boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: TABLE group_memberships; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.group_memberships IS 'A user belonging to a group; owners manage it.';

--
-- Name: search_text(app_public.group_memberships); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.search_text(m app_public.group_memberships) RETURNS text
    LANGUAGE sql STABLE
    AS $$
  select concat_ws(' ',
    (select concat_ws(' ', u.name, u.username) from app_public.users u where u.id = m.user_id),
    (select g.name from app_public.groups g where g.id = m.group_id))
$$;

--
-- Name: search_text(app_public.groups); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.search_text(g app_public.groups) RETURNS text
    LANGUAGE sql STABLE
    AS $$ select concat_ws(' ', g.name, g.description, g.type::text) $$;

--
-- Name: tasks; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.tasks (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    thing_id uuid NOT NULL,
    action_type app_public.action_type NOT NULL,
    title text NOT NULL,
    description text,
    status app_public.task_status DEFAULT 'notStarted'::app_public.task_status NOT NULL,
    priority app_public.task_priority DEFAULT 'normal'::app_public.task_priority NOT NULL,
    due_date date,
    completed_at timestamp with time zone,
    created_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    source text,
    CONSTRAINT tasks_description_valid CHECK (app_hidden.check_description(description)),
    CONSTRAINT tasks_title_valid CHECK (
CASE
    WHEN (btrim(title) = ''::text) THEN app_hidden.invalid('Title is required'::text)
    WHEN ((char_length(btrim(title)) < 3) OR (char_length(btrim(title)) > 255)) THEN app_hidden.invalid('Title must be between 3 and 255 characters'::text)
    ELSE true
END)
);

--
-- Name: TABLE tasks; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.tasks IS 'Care work planned on a thing.';

--
-- Name: COLUMN tasks.description; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.tasks.description IS 'Notes.';

--
-- Name: COLUMN tasks.completed_at; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.tasks.completed_at IS '@behavior -insert -update
When the task was completed.';

--
-- Name: COLUMN tasks.created_by; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.tasks.created_by IS '@behavior -insert -update';

--
-- Name: COLUMN tasks.source; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.tasks.source IS '@behavior -insert -update
Set on tasks the system opened itself, e.g. device_health:<device id>.';

--
-- Name: search_text(app_public.tasks); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.search_text(t app_public.tasks) RETURNS text
    LANGUAGE sql STABLE
    AS $$
  select concat_ws(' ', t.title, t.description, t.action_type::text,
    (select th.name from app_public.things th where th.id = t.thing_id))
$$;

--
-- Name: search_text(app_public.things); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.search_text(t app_public.things) RETURNS text
    LANGUAGE sql STABLE
    AS $$
  select concat_ws(' ', t.name, t.description, t.location_description, t.type::text,
    (select g.name from app_public.groups g where g.id = t.group_id))
$$;

--
-- Name: users; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.users (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    username public.citext NOT NULL,
    has_image boolean DEFAULT false NOT NULL,
    is_verified boolean DEFAULT false NOT NULL,
    is_admin boolean DEFAULT false NOT NULL,
    notification_daily boolean DEFAULT false NOT NULL,
    one_thing_id uuid,
    last_sign_in_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    suspended_at timestamp with time zone,
    language text,
    CONSTRAINT users_language_valid CHECK (((language IS NULL) OR (language = ANY (ARRAY['en-GB'::text, 'de'::text])))),
    CONSTRAINT users_name_valid CHECK (app_hidden.check_name(name)),
    CONSTRAINT users_username_valid CHECK (app_hidden.check_username((username)::text))
);

--
-- Name: TABLE users; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.users IS '@behavior -query:resource:connection -query:resource:list
A person who looks after things.';

--
-- Name: COLUMN users.is_admin; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.users.is_admin IS '@behavior -*
Read through the role field.';

--
-- Name: COLUMN users.notification_daily; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.users.notification_daily IS '@behavior -select -filterBy -orderBy';

--
-- Name: COLUMN users.one_thing_id; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.users.one_thing_id IS '@behavior -select -filterBy -orderBy
The thing this user cares about most (the One Thing).';

--
-- Name: COLUMN users.last_sign_in_at; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.users.last_sign_in_at IS '@behavior -select -filterBy -orderBy';

--
-- Name: COLUMN users.suspended_at; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.users.suspended_at IS '@behavior -*
When an admin suspended this account; read through isSuspended.';

--
-- Name: COLUMN users.language; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.users.language IS '@behavior -select -filterBy -orderBy
The language for screens, e-mails and push messages: en-GB or de; null follows the browser.';

--
-- Name: CONSTRAINT users_language_valid ON users; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT users_language_valid ON app_public.users IS '@behavior -*';

--
-- Name: search_text(app_public.users); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.search_text(u app_public.users) RETURNS text
    LANGUAGE sql STABLE
    AS $$ select concat_ws(' ', u.name, u.username) $$;

--
-- Name: send_email_verification(uuid, text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.send_email_verification(p_user_email_id uuid, p_domain_name text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_token text := encode(gen_random_bytes(18), 'hex');
  v_email app_public.user_emails;
  v_name text;
begin
  select * into v_email from app_public.user_emails where id = p_user_email_id;
  select name into v_name from app_public.users where id = v_email.user_id;
  perform app_hidden.take_notice_email_to(v_email.email);
  insert into app_private.user_email_secrets (user_email_id, verification_token, verification_sent_at)
    values (p_user_email_id, v_token, now())
    on conflict (user_email_id) do update
      set verification_token = excluded.verification_token, verification_sent_at = excluded.verification_sent_at;
  perform graphile_worker.add_job('send_email', json_build_object(
    'to', v_email.email,
    'template', 'verify_email',
    'domainName', p_domain_name,
    'variables', json_build_object('name', v_name, 'userEmailId', v_email.id, 'token', v_token)
  ));
end;
$$;

--
-- Name: sensor_rollups_hourly; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.sensor_rollups_hourly (
    device_id uuid NOT NULL,
    thing_id uuid,
    bucket timestamp with time zone NOT NULL,
    readings integer NOT NULL,
    water_n integer DEFAULT 0 NOT NULL,
    water_sum double precision DEFAULT 0 NOT NULL,
    water_min double precision,
    water_max double precision,
    temperature_n integer DEFAULT 0 NOT NULL,
    temperature_sum double precision DEFAULT 0 NOT NULL,
    temperature_min double precision,
    temperature_max double precision,
    conductivity_n integer DEFAULT 0 NOT NULL,
    conductivity_sum double precision DEFAULT 0 NOT NULL,
    conductivity_min double precision,
    conductivity_max double precision,
    ph_n integer DEFAULT 0 NOT NULL,
    ph_sum double precision DEFAULT 0 NOT NULL,
    ph_min double precision,
    ph_max double precision,
    battery_n integer DEFAULT 0 NOT NULL,
    battery_sum double precision DEFAULT 0 NOT NULL,
    battery_min double precision,
    battery_max double precision,
    rssi_n integer DEFAULT 0 NOT NULL,
    rssi_sum double precision DEFAULT 0 NOT NULL,
    rssi_min double precision,
    rssi_max double precision,
    snr_n integer DEFAULT 0 NOT NULL,
    snr_sum double precision DEFAULT 0 NOT NULL,
    snr_min double precision,
    snr_max double precision
)
WITH (fillfactor='70');

--
-- Name: TABLE sensor_rollups_hourly; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.sensor_rollups_hourly IS '@behavior -*
Readings per device, thing and UTC hour (read through sensor_rollups()).';

--
-- Name: sensor_hours(uuid, timestamp with time zone, timestamp with time zone); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.sensor_hours(p_device_id uuid, p_from timestamp with time zone, p_to timestamp with time zone) RETURNS SETOF app_public.sensor_rollups_hourly
    LANGUAGE sql STABLE
    AS $$
  select s.device_id, s.thing_id, date_trunc('hour', s.created_at, 'UTC'), count(*)::int,
         count(v.water)::int, coalesce(sum(v.water), 0), min(v.water), max(v.water),
         count(v.temperature)::int, coalesce(sum(v.temperature), 0), min(v.temperature), max(v.temperature),
         count(v.conductivity)::int, coalesce(sum(v.conductivity), 0), min(v.conductivity), max(v.conductivity),
         count(v.ph)::int, coalesce(sum(v.ph), 0), min(v.ph), max(v.ph),
         count(v.battery)::int, coalesce(sum(v.battery), 0), min(v.battery), max(v.battery),
         count(v.rssi)::int, coalesce(sum(v.rssi), 0), min(v.rssi), max(v.rssi),
         count(v.snr)::int, coalesce(sum(v.snr), 0), min(v.snr), max(v.snr)
  from app_public.sensor_data s
  cross join lateral (select
         case when jsonb_typeof(s.data->'water') = 'number' then (s.data->>'water')::float8 end as water,
         case when jsonb_typeof(s.data->'temperature') = 'number' then (s.data->>'temperature')::float8 end as temperature,
         case when jsonb_typeof(s.data->'conductivity') = 'number' then (s.data->>'conductivity')::float8 end as conductivity,
         case when jsonb_typeof(s.data->'ph') = 'number' then (s.data->>'ph')::float8 end as ph,
         case when jsonb_typeof(s.data->'battery') = 'number' then (s.data->>'battery')::float8 end as battery,
         case when jsonb_typeof(s.data->'rssi') = 'number' then (s.data->>'rssi')::float8 end as rssi,
         case when jsonb_typeof(s.data->'snr') = 'number' then (s.data->>'snr')::float8 end as snr) v
  where s.device_id = p_device_id and s.created_at >= p_from and s.created_at < p_to
  group by s.device_id, s.thing_id, date_trunc('hour', s.created_at, 'UTC')
$$;

--
-- Name: sensor_rollup_pending_hours(uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.sensor_rollup_pending_hours(p_device_id uuid) RETURNS timestamp with time zone[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select coalesce(array_agg(hour order by hour), '{}') from app_private.sensor_rollup_hours_pending where device_id = p_device_id
$$;

--
-- Name: content_reports; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.content_reports (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    reporter_id uuid NOT NULL,
    target_type app_public.report_target NOT NULL,
    target_id uuid NOT NULL,
    picture_of text,
    reason app_public.report_reason NOT NULL,
    details text,
    excerpt text DEFAULT ''::text NOT NULL,
    author_id uuid,
    status app_public.report_status DEFAULT 'open'::app_public.report_status NOT NULL,
    resolved_by uuid,
    resolved_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT content_reports_details_valid CHECK (((details IS NULL) OR (char_length(details) <= 1000) OR app_hidden.invalid('Details must be at most 1000 characters'::text))),
    CONSTRAINT content_reports_picture_of_valid CHECK ((((target_type = 'picture'::app_public.report_target) = (picture_of IS NOT NULL)) AND ((picture_of IS NULL) OR (picture_of = ANY (ARRAY['user'::text, 'thing'::text, 'group'::text, 'device'::text, 'action'::text])))))
);

--
-- Name: TABLE content_reports; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.content_reports IS 'A report of a thing, picture, action or chat message, for the admins to hide, restore or dismiss.';

--
-- Name: COLUMN content_reports.picture_of; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.content_reports.picture_of IS 'For a picture: user, thing, group, device or action (targetId names it).';

--
-- Name: COLUMN content_reports.excerpt; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.content_reports.excerpt IS 'What was reported, as it read when reported.';

--
-- Name: COLUMN content_reports.author_id; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.content_reports.author_id IS 'Whose content it is, when known.';

--
-- Name: set_content_hidden(app_public.content_reports, boolean); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.set_content_hidden(p_report app_public.content_reports, p_hidden boolean) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_at timestamptz := case when p_hidden then now() end;
begin
  case p_report.target_type
    when 'thing' then update app_public.things set hidden_at = v_at where id = p_report.target_id;
    when 'action' then update app_public.actions set hidden_at = v_at where id = p_report.target_id;
    when 'chat_message' then update app_public.chat_messages set hidden_at = v_at where id = p_report.target_id;
    when 'picture' then
      if p_hidden then
        insert into app_private.hidden_pictures (image_type, target_id) values (p_report.picture_of, p_report.target_id)
          on conflict do nothing;
      else
        delete from app_private.hidden_pictures where image_type = p_report.picture_of and target_id = p_report.target_id;
      end if;
  end case;
end;
$$;

--
-- Name: set_has_image(text, uuid, boolean); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.set_has_image(p_type text, p_id uuid, p_value boolean) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if not app_hidden.can_set_image(p_type, p_id) then
    raise exception 'Not found, or you are not allowed to change it' using errcode = 'NTFND';
  end if;
  case p_type
    when 'user' then update app_public.users set has_image = p_value where id = p_id;
    when 'thing' then update app_public.things set has_image = p_value where id = p_id;
    when 'group' then update app_public.groups set has_image = p_value where id = p_id;
    when 'device' then update app_public.devices set has_image = p_value where id = p_id;
    when 'action' then update app_public.actions set has_image = p_value where id = p_id;
    else raise exception 'Unknown image type' using errcode = 'INVLD';
  end case;
end;
$$;

--
-- Name: FUNCTION set_has_image(p_type text, p_id uuid, p_value boolean); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.set_has_image(p_type text, p_id uuid, p_value boolean) IS 'Records that a target has (or no longer has) a picture, when the signed-in user may change it.';

--
-- Name: set_led_state(uuid, boolean); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.set_led_state(p_device_id uuid, p_on boolean) RETURNS app_public.devices
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_device app_public.devices;
begin
  update app_public.devices set led_state = p_on where id = p_device_id returning * into v_device;
  if v_device.thing_id is not null then
    update app_public.things set led_state = p_on where id = v_device.thing_id;
  end if;
  return v_device;
end;
$$;

--
-- Name: sign_in(text, text, text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.sign_in(p_username text, p_password text, p_domain_name text) RETURNS app_hidden.session_grant
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_user_id uuid;
  v_hash text;
  v_failures int;
  v_match boolean;
begin
  if p_username is null or p_username = '' or p_password is null or p_password = '' then
    return null;
  end if;

  select u.id into v_user_id from app_public.users u where u.username = p_username;
  if v_user_id is null then
    select e.user_id into v_user_id from app_public.user_emails e where e.email = p_username and e.is_verified;
  end if;
  select s.password_hash into v_hash from app_private.user_secrets s where s.user_id = v_user_id;

  if v_user_id is not null then
    select count(*) into v_failures from app_private.sign_in_failures f
      where f.user_id = v_user_id and f.failed_at > now() - interval '15 minutes';
  else
    select count(*) into v_failures from app_private.sign_in_failures f
      where f.user_id is null and f.username = p_username and f.failed_at > now() - interval '15 minutes';
  end if;

  -- Without a stored hash the comparison is against a fresh salt of the same cost: the same
  -- bcrypt, and null (no match).
  v_match := coalesce(crypt(p_password, coalesce(v_hash, gen_salt('bf', 10))) = v_hash, false);

  if v_match and v_failures < 10 then
    delete from app_private.sign_in_failures where user_id = v_user_id;
    return app_hidden.open_session(v_user_id, p_domain_name);
  end if;
  -- While locked nothing more is recorded, so the lock ends 15 minutes after the 10th failure.
  if v_failures < 10 then
    delete from app_private.sign_in_failures where failed_at < now() - interval '1 day';
    insert into app_private.sign_in_failures (username, user_id) values (p_username, v_user_id);
  end if;
  return null;
end;
$$;

--
-- Name: sign_out(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.sign_out() RETURNS boolean
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  update app_private.sessions set revoked_at = now()
  where id = app_public.current_session_id() and revoked_at is null
  returning true
$$;

--
-- Name: sign_up(text, text, text, text, text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.sign_up(p_name text, p_username text, p_email text, p_password text, p_domain_name text) RETURNS app_hidden.session_grant
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_user app_public.users;
  v_email app_public.user_emails;
begin
  -- Field order matches the form: name, username, email, passphrase.
  insert into app_public.users (name, username) values (p_name, p_username) returning * into v_user;
  insert into app_public.user_emails (user_id, email, is_primary) values (v_user.id, p_email, true) returning * into v_email;
  perform app_hidden.check_passphrase(p_password);
  insert into app_private.user_secrets (user_id, password_hash) values (v_user.id, crypt(p_password, gen_salt('bf', 10)));
  perform app_hidden.send_email_verification(v_email.id, p_domain_name);
  return app_hidden.open_session(v_user.id, p_domain_name);
end;
$$;

--
-- Name: soilscape_at(point); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.soilscape_at(p_location point) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$ select (app_hidden.map_layer_feature_at('soilscapes', p_location)).properties $$;

--
-- Name: FUNCTION soilscape_at(p_location point); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.soilscape_at(p_location point) IS 'Soilscape class properties at a (latitude, longitude) point, or null.';

--
-- Name: soilscape_class_at(point); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.soilscape_class_at(p_location point) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select s || jsonb_build_object('attribution', l.attribution, 'isSample', l.is_sample, 'source', l.source)
  from (select app_hidden.soilscape_at(p_location) as s) x
    left join app_private.map_layers l on l.layer = 'soilscapes'
  where s is not null
$$;

--
-- Name: species_key(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.species_key(p_name text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $_$
  select regexp_replace(
           regexp_replace(
             regexp_replace(lower(coalesce(p_name, '')), '[''‘’"“”][^''‘’"“”]*[''‘’"“”]|\([^)]*\)', ' ', 'g'),
             '(^|\s)[x×](\s|$)|×', ' ', 'g'),
           '[^[:alpha:]]', '', 'g')
$_$;

--
-- Name: take_notice_email(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.take_notice_email() RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_sender uuid := app_public.current_user_id();
  v_count int;
  v_oldest timestamptz;
  v_wait int;
begin
  if v_sender is null then
    return;
  end if;
  -- One sender at a time, so concurrent requests (on any server) cannot both pass the limit.
  perform pg_advisory_xact_lock(hashtextextended('app_private.notice_emails:' || v_sender, 0));
  delete from app_private.notice_emails where sender_id = v_sender and sent_at <= now() - interval '1 hour';
  select count(*), min(sent_at) into v_count, v_oldest
    from app_private.notice_emails where sender_id = v_sender;
  if v_count >= app_hidden.notice_emails_per_hour() then
    v_wait := greatest(1, ceil(extract(epoch from (v_oldest + interval '1 hour' - now())) / 60)::int);
    raise exception 'You can send people up to % e-mail notices an hour. Please try again in % minute%.',
      app_hidden.notice_emails_per_hour(), v_wait, case when v_wait = 1 then '' else 's' end
      using errcode = 'RATEL';
  end if;
  insert into app_private.notice_emails (sender_id) values (v_sender);
end;
$$;

--
-- Name: take_notice_email_to(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.take_notice_email_to(p_to text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if p_to is null or app_public.current_user_id() is null then
    return;
  end if;
  if exists (select 1 from app_public.user_emails e
             where e.user_id = app_public.current_user_id() and e.email = p_to::citext and e.is_verified) then
    return;
  end if;
  perform app_hidden.take_notice_email();
end;
$$;

--
-- Name: FUNCTION take_notice_email_to(p_to text); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.take_notice_email_to(p_to text) IS 'Counts an e-mail the signed-in user causes to be sent to an address that is not one of their verified ones (RATEL past the hourly limit).';

--
-- Name: tg_group_memberships__leave_rota(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.tg_group_memberships__leave_rota() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  delete from app_public.rota_slots where group_id = old.group_id and user_id = old.user_id;
  update app_public.rota_swaps set status = 'cancelled', decided_at = now()
    where group_id = old.group_id and status = 'open' and requested_by = old.user_id;
  return null;
end;
$$;

--
-- Name: thing_attributes_json(app_public.things); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.thing_attributes_json(t app_public.things) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select jsonb_build_object(
    'speciesId', t.species_id,
    'speciesBotanicalName', s.botanical_name,
    'speciesCommonName', s.common_name_en,
    'plantingYear', t.planting_year,
    'trunkGirthCm', t.trunk_girth_cm,
    'heightClass', t.height_class,
    'volumeLitres', t.volume_litres,
    'soilAreaM2', t.soil_area_m2,
    -- Lists as one text each ("Lavender; Thyme"): GIS tables and CSV readers take scalars.
    'floweringPlants', array_to_string(t.flowering_plants, '; '),
    'floweringSeasons', array_to_string(t.flowering_seasons, '; '))
  from (select 1) one
  left join app_public.tree_species s on s.id = t.species_id
$$;

--
-- Name: FUNCTION thing_attributes_json(t app_public.things); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.thing_attributes_json(t app_public.things) IS 'A thing''s inventory attributes as the properties of open data (OGC features, GeoJSON export): every key, null where not set.';

--
-- Name: thing_places_in_box(box); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.thing_places_in_box(p_area box) RETURNS SETOF tid
    LANGUAGE sql STABLE SECURITY DEFINER ROWS 200
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$ select t.ctid from app_public.things t where t.location <@ p_area $$;

--
-- Name: thing_water_parameters(app_public.thing_type, integer, double precision, double precision, date); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.thing_water_parameters(p_type app_public.thing_type, p_planting_year integer, p_volume_litres double precision, p_soil_area_m2 double precision, p_today date) RETURNS TABLE(kc double precision, area_m2 double precision, capacity_mm double precision, stress_fraction double precision, default_litres double precision, rain_reaches boolean, basis text)
    LANGUAGE sql STABLE
    AS $$
  select p.kc,
         coalesce(p_soil_area_m2, p.area_m2),
         case when p_type = 'TREE' and p_planting_year is not null
                then case when extract(year from p_today)::int - p_planting_year < 3 then 45::float8 else 140::float8 end
              when p_volume_litres is not null
                then greatest(1, 0.14 * least(p_volume_litres / coalesce(p_soil_area_m2, p.area_m2), 1000))
              else p.capacity_mm end,
         case when p_type = 'TREE' and p_planting_year is not null and extract(year from p_today)::int - p_planting_year < 3
                then 0.4::float8 else p.stress_fraction end,
         p.default_litres,
         p.rain_reaches,
         case when p_type = 'TREE' and p_planting_year is not null
                then case when extract(year from p_today)::int - p_planting_year < 3 then 'young tree' else 'established tree' end
              when p_type = 'TREE' then 'tree of unknown age'
              when p_volume_litres is not null and p_soil_area_m2 is not null then 'its soil volume and area'
              when p_volume_litres is not null then 'its soil volume'
              when p_soil_area_m2 is not null then 'its soil area'
              else 'the type''s typical size' end
  from app_private.water_need_parameters p
  where p.type = p_type and p.needs_watering
$$;

--
-- Name: FUNCTION thing_water_parameters(p_type app_public.thing_type, p_planting_year integer, p_volume_litres double precision, p_soil_area_m2 double precision, p_today date); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.thing_water_parameters(p_type app_public.thing_type, p_planting_year integer, p_volume_litres double precision, p_soil_area_m2 double precision, p_today date) IS 'The water-balance parameters of a thing: its type''s, changed by its planting year (trees) or soil volume and area (planters and beds).';

--
-- Name: thirsty_thing_places_in_box(box); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.thirsty_thing_places_in_box(p_area box) RETURNS SETOF tid
    LANGUAGE sql STABLE SECURITY DEFINER ROWS 50
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select t.ctid from app_public.things t
  where t.location <@ p_area and t.water_need in ('needs_water', 'due_soon')
$$;

--
-- Name: tree_species_id_for(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.tree_species_id_for(p_name text) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $_$
  with k as (
    select app_hidden.species_key(p_name) as full_key,
           app_hidden.species_key(array_to_string((regexp_split_to_array(btrim(regexp_replace(p_name, '(^|\s)[x×](\s|$)|×', ' ', 'g')), '\s+'))[1:2], ' ')) as two_words
  )
  select s.id from app_public.tree_species s, k
  where k.full_key <> ''
    and (s.id = lower(btrim(p_name))
         or k.full_key in (app_hidden.species_key(s.botanical_name), app_hidden.species_key(s.common_name_en),
                           app_hidden.species_key(s.common_name_de))
         or k.full_key in (select app_hidden.species_key(o) from unnest(s.other_names) o)
         or k.two_words = app_hidden.species_key(s.botanical_name))
  order by (s.id = lower(btrim(p_name))) desc,
           (k.full_key = app_hidden.species_key(s.botanical_name)) desc,
           (k.full_key in (app_hidden.species_key(s.common_name_en), app_hidden.species_key(s.common_name_de))) desc,
           s.id
  limit 1
$_$;

--
-- Name: trim_chat_message(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.trim_chat_message(value text) RETURNS text
    LANGUAGE sql IMMUTABLE
    AS $_$ select regexp_replace(value, '^[[:space:]]+|[[:space:]]+$', '', 'g') $_$;

--
-- Name: unsubscribe_notice(uuid, app_public.notice_kind); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.unsubscribe_notice(p_user_id uuid, p_kind app_public.notice_kind) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_pref app_public.notice_preferences;
begin
  if not exists (select 1 from app_public.users where id = p_user_id) then
    return false;
  end if;
  v_pref := app_hidden.notice_preference(p_user_id, p_kind);
  insert into app_public.notice_preferences (user_id, kind, in_app, email, push)
    values (p_user_id, p_kind, v_pref.in_app, false, v_pref.push)
    on conflict (user_id, kind) do update set email = false, updated_at = now();
  if p_kind = 'digest' then
    update app_public.users set notification_daily = false where id = p_user_id;
  end if;
  return true;
end;
$$;

--
-- Name: user_sees_thing(uuid, uuid); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.user_sees_thing(p_user_id uuid, p_thing_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select exists (
    select 1 from app_public.things t join app_public.users u on u.id = p_user_id
    where t.id = p_thing_id and u.suspended_at is null
      and ((t.hidden_at is null
            and (t.is_public
                 or exists (select 1 from app_public.thing_accesses a where a.thing_id = t.id and a.user_id = u.id)
                 or exists (select 1 from app_public.group_memberships m where m.group_id = t.group_id and m.user_id = u.id)))
           or u.is_admin))
$$;

--
-- Name: water_ago_text(timestamp with time zone); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.water_ago_text(p_at timestamp with time zone) RETURNS text
    LANGUAGE sql STABLE PARALLEL SAFE
    AS $$
  select case
    when now() - p_at < interval '2 minutes' then 'just now'
    when now() - p_at < interval '1 hour' then floor(extract(epoch from now() - p_at) / 60) || ' minutes ago'
    when now() - p_at < interval '2 hours' then '1 hour ago'
    else floor(extract(epoch from now() - p_at) / 3600) || ' hours ago' end
$$;

--
-- Name: water_ago_values(timestamp with time zone); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.water_ago_values(p_at timestamp with time zone) RETURNS jsonb
    LANGUAGE sql STABLE PARALLEL SAFE
    AS $$
  select case
    when now() - p_at < interval '2 minutes' then jsonb_build_object('agoUnit', 'now', 'ago', 0)
    when now() - p_at < interval '1 hour' then jsonb_build_object('agoUnit', 'minutes', 'ago', floor(extract(epoch from now() - p_at) / 60))
    when now() - p_at < interval '2 hours' then jsonb_build_object('agoUnit', 'hours', 'ago', 1)
    else jsonb_build_object('agoUnit', 'hours', 'ago', floor(extract(epoch from now() - p_at) / 3600)) end
$$;

--
-- Name: water_balance_days(uuid[], date, boolean); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.water_balance_days(p_ids uuid[], p_from date, p_skip_sensed boolean DEFAULT false) RETURNS TABLE(thing_id uuid, day date, rain_mm double precision, rain_source text, watered_litres double precision, et_mm double precision, store_mm double precision, capacity_mm double precision, refill_mm double precision, start_day date)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    SET jit TO 'off'
    SET plan_cache_mode TO 'force_custom_plan'
    SET work_mem TO '64MB'
    AS $$
#variable_conflict use_column
begin
  -- plpgsql, so each call is planned for its own arrays (one thing or all).
  return query
  with win as (
    select app_hidden.water_today() as today, app_hidden.water_today() - app_hidden.water_window_days() as w0
  ), chosen as (
    -- Two branches, so a list of ids is an index scan and "all" a plain scan.
    select t.* from app_public.things t where p_ids is null
    union all
    select t.* from app_public.things t where t.id = any(p_ids)
  ), th as (
    select t.id, round(t.location[0]::numeric, 1) as glat, round(t.location[1]::numeric, 1) as glon,
           p.kc, p.area_m2, p.capacity_mm, p.stress_fraction, p.default_litres, p.rain_reaches
    from win cross join chosen t
      cross join lateral app_hidden.thing_water_parameters(t.type, t.planting_year, t.volume_litres, t.soil_area_m2, win.today) p
    where not (p_skip_sensed and t.water is not null and t.last_sensor_data > now() - interval '48 hours')
  ), cells as (
    select distinct glat, glon from th
  ), cd as (
    select x.latitude as glat, x.longitude as glon, x.day, x.et0_mm, x.et0_measured, x.rain_mm, x.rain_source
    from win cross join lateral app_hidden.water_cells_days(
      (select array_agg(glat) from cells), (select array_agg(glon) from cells), least(coalesce(p_from, win.w0), win.w0), win.today) x
  ), cell_first as (
    select cd.glat, cd.glon, min(cd.day) filter (where cd.rain_source is not null or cd.et0_measured) as first_known
    from cd, win where cd.day >= win.w0 group by cd.glat, cd.glon
  ), wat as (
    select a.thing_id, (a.created_at at time zone 'Europe/London')::date as day,
           sum(coalesce(a.litres, th.default_litres)) as litres
    from win, th join app_public.actions a on a.thing_id = th.id
    where a.type = 'WATERING' and a.created_at <= now()
      and a.created_at >= (least(coalesce(p_from, win.w0), win.w0)::timestamp at time zone 'Europe/London')
    group by 1, 2
  ), first_watering as (
    select w.thing_id, min(w.day) as first_watering from wat w, win where w.day >= win.w0 group by w.thing_id
  ), starts as (
    select th.*, s.start_day,
           case when cf.first_known is not null and cf.first_known <= coalesce(fw.first_watering, cf.first_known)
                then th.capacity_mm else (1 - th.stress_fraction) * th.capacity_mm end as init_mm
    from th cross join win
      left join cell_first cf on cf.glat = th.glat and cf.glon = th.glon
      left join first_watering fw on fw.thing_id = th.id
      cross join lateral (select coalesce(least(fw.first_watering, cf.first_known),
                                          case when exists (select 1 from app_public.actions a where a.thing_id = th.id and a.type = 'WATERING')
                                               then win.w0 end) as start_day) s
    where s.start_day is not null
  )
  select s.id, cd.day, cd.rain_mm, cd.rain_source, w.litres, s.kc * cd.et0_mm,
         app_hidden.water_store(
           case when s.rain_reaches then coalesce(cd.rain_mm, 0) else 0 end + coalesce(w.litres, 0) / s.area_m2,
           case when cd.day < win.today then s.kc * cd.et0_mm else 0 end,
           s.capacity_mm, s.init_mm) filter (where cd.day >= s.start_day) over (partition by s.id order by cd.day),
         s.capacity_mm, (1 - s.stress_fraction) * s.capacity_mm, s.start_day
  from starts s cross join win
    join cd on cd.glat = s.glat and cd.glon = s.glon
    left join wat w on w.thing_id = s.id and w.day = cd.day;
end;
$$;

--
-- Name: FUNCTION water_balance_days(p_ids uuid[], p_from date, p_skip_sensed boolean); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.water_balance_days(p_ids uuid[], p_from date, p_skip_sensed boolean) IS 'The water-balance model (docs/decisions.md "Water need"): inputs and store per thing per day up to today.';

--
-- Name: water_cell_days(numeric, numeric, date, date); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.water_cell_days(p_latitude numeric, p_longitude numeric, p_from date, p_to date) RETURNS TABLE(day date, et0_mm double precision, et0_measured boolean, rain_mm double precision, rain_source text, forecast_mm double precision, temperature_max double precision)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    SET jit TO 'off'
    AS $$
  select x.day, x.et0_mm, x.et0_measured, x.rain_mm, x.rain_source, x.forecast_mm, x.temperature_max
  from app_hidden.water_cells_days(array[p_latitude], array[p_longitude], p_from, p_to) x
$$;

--
-- Name: FUNCTION water_cell_days(p_latitude numeric, p_longitude numeric, p_from date, p_to date); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.water_cell_days(p_latitude numeric, p_longitude numeric, p_from date, p_to date) IS 'ET0 and rain per day at a 0.1 degree grid point (station readings first, then Open-Meteo), for the water-need model.';

--
-- Name: water_cells_days(numeric[], numeric[], date, date); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.water_cells_days(p_latitudes numeric[], p_longitudes numeric[], p_from date, p_to date) RETURNS TABLE(latitude numeric, longitude numeric, day date, et0_mm double precision, et0_measured boolean, rain_mm double precision, rain_source text, forecast_mm double precision, temperature_max double precision)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    SET jit TO 'off'
    SET plan_cache_mode TO 'force_custom_plan'
    AS $$
#variable_conflict use_column
begin
  -- plpgsql, so each call is planned for its own arrays (one thing or all).
  return query
  with here as (
    select app_hidden.water_today() as today
  ), cells as (
    select distinct round(c.lat, 1) as lat, round(c.lon, 1) as lon from unnest(p_latitudes, p_longitudes) as c(lat, lon)
    where c.lat is not null and c.lon is not null
  ), cell_station as (
    select c.lat, c.lon, st.id as station_id
    from cells c left join lateral (
      select s.id from app_private.rainfall_stations s
      where s.location <@ app_hidden.box_around(point(c.lat::float8, c.lon::float8), 10)
        and app_hidden.distance_km(point(c.lat::float8, c.lon::float8), s.location) <= 10
        and exists (select 1 from app_private.rainfall_readings r where r.station_id = s.id)
      order by app_hidden.distance_km(point(c.lat::float8, c.lon::float8), s.location), s.id
      limit 1) st on true
  ), measure as (
    -- A station's rainfall measure: the 15-minute one, else the one with most readings.
    select distinct on (r.station_id) r.station_id, r.measure_id
    from (select distinct station_id from cell_station where station_id is not null) cs
      join app_private.rainfall_readings r on r.station_id = cs.station_id
      left join app_private.rainfall_measures m on m.id = r.measure_id
    group by r.station_id, r.measure_id, m.period
    order by r.station_id, (coalesce(m.period, 900) = 900) desc, count(*) desc, r.measure_id
  ), wd as (
    -- Per cell, its days by the primary key (offset 0 keeps it a per-cell index scan).
    select c.lat, c.lon, w.*
    from cells c cross join lateral (
      select w.day, w.et0_mm, w.precipitation_mm, w.observed_mm, w.temperature_max from app_private.weather_days w
      where w.latitude = c.lat and w.longitude = c.lon and w.day between p_from and p_to offset 0) w
  ), ea as (
    select m.station_id, (r.date_time at time zone 'Europe/London')::date as day, sum(r.value) as mm
    from measure m join app_private.rainfall_readings r on r.measure_id = m.measure_id
    where r.date_time >= (p_from::timestamp at time zone 'Europe/London') and r.date_time <= now()
    group by 1, 2
  )
  select c.lat, c.lon, g.day,
         coalesce(w.et0_mm, app_hidden.climate_et0_mm(extract(month from g.day)::int)),
         w.et0_mm is not null,
         case when ea.mm is not null then ea.mm
              when w.day is null then null
              when g.day < here.today then coalesce(w.precipitation_mm, w.observed_mm, 0)
              when g.day = here.today then coalesce(w.observed_mm, 0)
              else w.precipitation_mm end,
         case when ea.mm is not null then 'station'
              when w.day is not null and g.day <= here.today then 'open-meteo'
              when w.day is not null then 'forecast' end,
         w.precipitation_mm,
         w.temperature_max
  from here cross join cell_station c
    cross join (select d::date as day from generate_series(p_from, p_to, interval '1 day') d) g
    left join wd w on w.lat = c.lat and w.lon = c.lon and w.day = g.day
    left join ea on ea.station_id = c.station_id and ea.day = g.day;
end;
$$;

--
-- Name: FUNCTION water_cells_days(p_latitudes numeric[], p_longitudes numeric[], p_from date, p_to date); Type: COMMENT; Schema: app_hidden; Owner: -
--

COMMENT ON FUNCTION app_hidden.water_cells_days(p_latitudes numeric[], p_longitudes numeric[], p_from date, p_to date) IS 'ET0 and rain per day at 0.1 degree grid points (station readings first, then Open-Meteo), for the water-need model.';

--
-- Name: water_days_ago_text(integer); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.water_days_ago_text(p_days integer) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ select case when p_days <= 0 then 'today' when p_days = 1 then 'yesterday' else p_days || ' days ago' end $$;

--
-- Name: water_mm_text(double precision); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.water_mm_text(p_mm double precision) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select case when p_mm >= 9.95 then round(p_mm::numeric)::text
              else trim(trailing '.' from trim(trailing '0' from round(p_mm::numeric, 1)::text)) end || ' mm'
$$;

--
-- Name: water_mm_value(double precision); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.water_mm_value(p_mm double precision) RETURNS numeric
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ select case when p_mm >= 9.95 then round(p_mm::numeric) else round(p_mm::numeric, 1) end $$;

--
-- Name: water_need_from_reading(double precision, jsonb, timestamp with time zone); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.water_need_from_reading(p_water double precision, p_levels jsonb, p_at timestamp with time zone, OUT need app_public.water_need, OUT reason text, OUT store_percent double precision, OUT parts jsonb) RETURNS record
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    AS $$
declare
  v_band text;
begin
  if p_water is null or p_at is null or p_at <= now() - interval '48 hours' then
    return;
  end if;
  v_band := app_hidden.hydration_band(p_water, p_levels);
  need := case v_band when 'dry' then 'needs_water' when 'needsWater' then 'due_soon' else 'fine' end;
  reason := 'soil moisture ' || round(p_water::numeric) || '%'
    || case v_band when 'dry' then ' (dry below ' || round(coalesce((p_levels->>'dry')::numeric, 20)) || '%)'
                   when 'needsWater' then ' (needs water below ' || round(coalesce((p_levels->>'needsWater')::numeric, 30)) || '%)'
                   when 'saturated' then ' (wet from ' || round(coalesce((p_levels->>'good')::numeric, 60)) || '%)'
                   else '' end
    || ', measured ' || app_hidden.water_ago_text(p_at);
  parts := jsonb_build_array(jsonb_build_object('key', 'reason.reading', 'values', jsonb_build_object(
    'percent', round(p_water::numeric),
    'band', case when v_band in ('dry', 'needsWater', 'saturated') then v_band else 'none' end,
    'limit', case v_band when 'dry' then round(coalesce((p_levels->>'dry')::numeric, 20))
                         when 'needsWater' then round(coalesce((p_levels->>'needsWater')::numeric, 30))
                         when 'saturated' then round(coalesce((p_levels->>'good')::numeric, 60)) end)
    || app_hidden.water_ago_values(p_at)));
  store_percent := round(least(100, greatest(0, 100 * p_water / nullif(coalesce((p_levels->>'good')::float8, 60), 0)))::numeric)::float8;
end;
$$;

--
-- Name: water_store_step(double precision, double precision, double precision, double precision, double precision); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.water_store_step(p_state double precision, p_inflow double precision, p_outflow double precision, p_capacity double precision, p_init double precision) RETURNS double precision
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ select greatest(0, least(p_capacity, coalesce(p_state, p_init) + p_inflow) - p_outflow) $$;

--
-- Name: water_today(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.water_today() RETURNS date
    LANGUAGE sql STABLE PARALLEL SAFE
    AS $$ select (now() at time zone 'Europe/London')::date $$;

--
-- Name: water_window_days(); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.water_window_days() RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ select 30 $$;

--
-- Name: weekday_name(integer); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.weekday_name(p_weekday integer) RETURNS text
    LANGUAGE sql IMMUTABLE
    AS $$ select (array['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])[p_weekday] $$;

--
-- Name: without_invisible_characters(text); Type: FUNCTION; Schema: app_hidden; Owner: -
--

CREATE FUNCTION app_hidden.without_invisible_characters(value text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ select regexp_replace(value, app_hidden.invisible_characters_pattern(), '', 'g') $$;

--
-- Name: add_map_layer_features(text, jsonb); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.add_map_layer_features(p_layer text, p_features jsonb) RETURNS integer
    LANGUAGE sql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  with given as (
    select f, n from jsonb_array_elements(p_features) with ordinality as x(f, n)
    where f->'geometry'->>'type' in ('Polygon', 'MultiPolygon')
  ), added as (
    insert into app_private.map_layer_features (layer, properties, geometry)
    select p_layer, coalesce(f->'properties', '{}'), f->'geometry' from given order by n
    returning id, geometry
  ), parts as (
    insert into app_private.map_layer_polygons (feature_id, layer, area, holes)
    select added.id, p_layer, app_hidden.geojson_ring_to_polygon(part->0),
           array(select app_hidden.geojson_ring_to_polygon(r) from jsonb_array_elements(part) with ordinality as h(r, i)
                 where i > 1 and jsonb_array_length(r) >= 3 order by i)
    from added, jsonb_array_elements(case added.geometry->>'type'
                                      when 'Polygon' then jsonb_build_array(added.geometry->'coordinates')
                                      else added.geometry->'coordinates' end) part
    where jsonb_array_length(part->0) >= 3
    returning 1
  )
  select (select count(*) from added)::int + 0 * (select count(*) from parts)::int
$$;

--
-- Name: analytics_open_days(date, date); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.analytics_open_days(p_first date, p_last date) RETURNS datemultirange
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select case when greatest(p_first, s.closed_before) <= p_last
              then datemultirange(daterange(greatest(p_first, s.closed_before), p_last, '[]'))
              else '{}'::datemultirange end
  from app_private.navigation_rollup_state s
$$;

--
-- Name: chat_context(uuid); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.chat_context(p_thing_id uuid) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  with t as (
    select * from app_public.things where id = p_thing_id
  ), forecast as (
    select f.* from t, app_private.weather_forecasts f
    where f.location <@ box(point(t.location[0] - 0.08, t.location[1] - 0.08), point(t.location[0] + 0.08, t.location[1] + 0.08))
    order by f.location <-> t.location
    limit 1
  ), hours as (
    select x.at, (h->>'temperature')::float8 as temperature, (h->>'precipitation')::float8 as precipitation,
           (h->>'precipitationProbability')::float8 as probability
    from forecast, jsonb_array_elements(forecast.hourly) h, lateral (select (h->>'time')::timestamptz as at) x
    where x.at >= date_trunc('hour', now()) and x.at < date_trunc('hour', now()) + interval '48 hours'
  ), rain_day as (
    select r.* from t, app_hidden.rainfall_near(t.location[0], t.location[1], now() - interval '24 hours') r
  ), rain_week as (
    select r.* from t, app_hidden.rainfall_near(t.location[0], t.location[1], now() - interval '7 days') r
  )
  select jsonb_build_object(
    'now', now(),
    'thing', jsonb_build_object(
      'id', t.id, 'name', t.name, 'type', t.type, 'description', t.description,
      'locationDescription', t.location_description, 'latitude', t.location[0], 'longitude', t.location[1],
      'isPublic', t.is_public, 'groupName', (select g.name from app_public.groups g where g.id = t.group_id),
      'indicatorParameter', t.indicator_parameter, 'indicatorColour', t.indicator_colour,
      'indicatorColourChangedAt', t.indicator_colour_changed_at, 'createdAt', t.created_at),
    'readings', jsonb_build_object(
      'water', t.water, 'temperature', t.temperature, 'conductivity', t.conductivity, 'ph', t.ph,
      'lastReadingAt', t.last_sensor_data,
      'band', app_hidden.hydration_band(t.water, t.hydration_levels),
      'bandLimits', jsonb_build_object(
        'dry', coalesce((t.hydration_levels->>'dry')::float8, 20),
        'needsWater', coalesce((t.hydration_levels->>'needsWater')::float8, 30),
        'good', coalesce((t.hydration_levels->>'good')::float8, 60))),
    'trend', (
      select coalesce(jsonb_agg(jsonb_build_object(
          'day', d.day, 'readings', d.n, 'water', round(d.water::numeric, 1), 'temperature', round(d.temperature::numeric, 1),
          'conductivity', round(d.conductivity::numeric), 'ph', round(d.ph::numeric, 2)) order by d.day), '[]')
      from (
        select (s.created_at at time zone 'UTC')::date as day, count(*) as n,
               avg(case when jsonb_typeof(s.data->'water') = 'number' then (s.data->>'water')::float8 end) as water,
               avg(case when jsonb_typeof(s.data->'temperature') = 'number' then (s.data->>'temperature')::float8 end) as temperature,
               avg(case when jsonb_typeof(s.data->'conductivity') = 'number' then (s.data->>'conductivity')::float8 end) as conductivity,
               avg(case when jsonb_typeof(s.data->'ph') = 'number' then (s.data->>'ph')::float8 end) as ph
        from app_public.sensor_data s
        where s.thing_id = t.id and s.created_at > now() - interval '7 days' and s.created_at <= now()
        group by 1
      ) d),
    'actions', (
      select coalesce(jsonb_agg(jsonb_build_object('type', a.type, 'comments', a.comments, 'at', a.created_at, 'by', a.by)
                                order by a.created_at desc), '[]')
      from (select a.*, u.name as by from app_public.actions a left join app_public.users u on u.id = a.created_by
            where a.thing_id = t.id order by a.created_at desc limit 10) a),
    'lastWatering', (
      select jsonb_build_object('at', a.created_at, 'comments', a.comments, 'by', u.name)
      from app_public.actions a left join app_public.users u on u.id = a.created_by
      where a.thing_id = t.id and a.type = 'WATERING' order by a.created_at desc limit 1),
    'wateringsLast30Days', (
      select count(*) from app_public.actions a
      where a.thing_id = t.id and a.type = 'WATERING' and a.created_at > now() - interval '30 days'),
    'lastUpkeep', (
      select jsonb_build_object('type', a.type, 'at', a.created_at, 'comments', a.comments)
      from app_public.actions a
      where a.thing_id = t.id and a.type in ('UPKEEP', 'LITTER_CLEANUP') order by a.created_at desc limit 1),
    'openTasks', (
      select coalesce(jsonb_agg(jsonb_build_object(
          'title', k.title, 'actionType', k.action_type, 'status', k.status, 'priority', k.priority,
          'dueDate', k.due_date, 'overdue', coalesce(k.due_date < current_date, false), 'description', k.description)
          order by k.due_date nulls last, k.priority desc, k.created_at), '[]')
      from (select * from app_public.tasks k where k.thing_id = t.id and k.status <> 'completed'
            order by k.due_date nulls last, k.priority desc, k.created_at limit 10) k),
    'forecast', (
      select jsonb_build_object(
        'latitude', f.latitude, 'longitude', f.longitude, 'timezone', f.timezone, 'fetchedAt', f.fetched_at,
        'hours', (select count(*) from hours),
        'next24hPrecipitationMm', (select round(sum(h.precipitation)::numeric, 1) from hours h where h.at < date_trunc('hour', now()) + interval '24 hours'),
        'next24to48hPrecipitationMm', (select round(sum(h.precipitation)::numeric, 1) from hours h where h.at >= date_trunc('hour', now()) + interval '24 hours'),
        'maxPrecipitationProbability', (select max(h.probability) from hours h),
        'temperatureMin', (select round(min(h.temperature)::numeric, 1) from hours h),
        'temperatureMax', (select round(max(h.temperature)::numeric, 1) from hours h),
        'daily', f.daily)
      from forecast f),
    'rainfall', (
      select jsonb_build_object(
        'stationId', w.station_id, 'station', coalesce(w.label, w.station_id), 'distanceKm', round(w.distance_km::numeric, 1),
        'last24hMm', round(coalesce(d.total_mm, 0)::numeric, 1), 'readings24h', coalesce(d.readings, 0),
        'last7dMm', round(w.total_mm::numeric, 1), 'readings7d', w.readings,
        'lastReadingAt', w.last_reading, 'fetchedAt', w.fetched_at)
      from rain_week w left join rain_day d on d.station_id = w.station_id),
    'soilscape', (
      select case when s is null and t.texture is null then null else jsonb_build_object(
        'name', s->>'name', 'classNumber', s->'class_number',
        'texture', coalesce(t.texture, s->>'texture'), 'drainage', coalesce(t.drainage, s->>'drainage'),
        'fertility', coalesce(t.fertility, s->>'fertility'), 'landcover', coalesce(t.landcover, s->>'landcover'),
        'habitats', coalesce(t.habitats, s->>'habitats'), 'carbon', coalesce(t.carbon, s->>'carbon'),
        'drainsTo', coalesce(t.drains_to, s->>'drains_to'), 'waterProtection', coalesce(t.water_protection, s->>'water_protection'),
        'generalCropping', coalesce(t.general_cropping, s->>'general_cropping'),
        'isSample', coalesce((s->>'isSample')::boolean, false), 'attribution', s->>'attribution') end
      from (select app_hidden.soilscape_class_at(t.location) as s) x),
    'inBLine', app_hidden.in_bline(t.location),
    'devices', (
      select coalesce(jsonb_agg(jsonb_build_object(
          'name', v.name, 'deviceId', v.device_id, 'model', v.model, 'battery', v.battery,
          'lastReportAt', v.last_sensor_data, 'water', v.water, 'temperature', v.temperature,
          'conductivity', v.conductivity, 'ph', v.ph, 'rssi', v.rssi, 'snr', v.snr, 'ledState', v.led_state,
          'createdAt', v.created_at) order by v.name), '[]')
      from app_public.devices v where v.thing_id = t.id)
  )
  from t
$$;

--
-- Name: FUNCTION chat_context(p_thing_id uuid); Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON FUNCTION app_private.chat_context(p_thing_id uuid) IS 'What the care assistant knows about a thing (worker/assistant/context.ts types it).';

--
-- Name: check_device_health(integer, double precision); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.check_device_health(p_silent_hours integer, p_low_battery_volts double precision) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_device app_public.devices;
  v_problem text;
  v_opened int := 0;
begin
  for v_device in select * from app_public.devices where thing_id is not null and model <> 'THE_THINGS_UNO' loop
    v_problem := case
      when coalesce(v_device.last_sensor_data, v_device.created_at) < now() - make_interval(hours => p_silent_hours)
        then format('has sent nothing since %s', coalesce(to_char(v_device.last_sensor_data at time zone 'UTC', 'FMDD FMMonth HH24:MI "UTC"'), 'it was added'))
      when v_device.battery < p_low_battery_volts
        then format('reports a low battery (%s V)', round(v_device.battery::numeric, 2))
    end;
    if v_problem is not null then
      if not exists (select 1 from app_public.tasks where source = 'device_health:' || v_device.id and status <> 'completed') then
        insert into app_public.tasks (thing_id, action_type, title, description, priority, source, due_date)
          values (v_device.thing_id, 'MEASUREMENT', 'Check device ' || v_device.name,
                  format('The device %s (%s) %s. Check its battery, antenna and probe.', v_device.name, v_device.device_id, v_problem),
                  'high', 'device_health:' || v_device.id, current_date + 2);
        v_opened := v_opened + 1;
      end if;
    else
      update app_public.tasks set status = 'completed',
          description = coalesce(description, '') || E'\nClosed automatically: the device reported healthy again.'
        where source = 'device_health:' || v_device.id and status <> 'completed';
    end if;
  end loop;
  return v_opened;
end;
$$;

--
-- Name: check_dry_alerts(double precision, integer); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.check_dry_alerts(p_rain_mm double precision, p_window_hours integer) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_thing app_public.things;
  v_window interval := make_interval(hours => p_window_hours);
  v_rain record;
  v_forecast float8;
  v_reason text;
  v_sensed boolean;
  v_user uuid;
  v_first uuid[];
  v_body text;
  v_key text;
  v_values jsonb;
  v_esc record;
  v_sent int := 0;
begin
  -- 1. The head start is over: the owners and collaborators hear of it unless someone watered.
  for v_esc in
    select e.thing_id, e.told_at, e.first_told from app_private.dry_alert_escalations e
    where e.told_at <= now() - app_hidden.adopter_head_start()
    for update skip locked
  loop
    delete from app_private.dry_alert_escalations where thing_id = v_esc.thing_id;
    select * into v_thing from app_public.things where id = v_esc.thing_id;
    if v_thing.water_need <> 'needs_water' or exists (
         select 1 from app_public.actions a where a.thing_id = v_thing.id and a.type = 'WATERING' and a.created_at >= v_esc.told_at) then
      insert into app_public.thing_alerts (thing_id, kind, outcome, reason)
        values (v_thing.id, 'dry', 'held', format('%s was watered (or no longer needs water) after its adopters were told: its owners were not alerted.', v_thing.name));
      continue;
    end if;
    for v_user in
      select user_id from app_public.thing_accesses
      where thing_id = v_thing.id and (is_owner or is_collaborator) and not (user_id = any (v_esc.first_told))
    loop
      perform app_hidden.notify_user(v_user, 'dry_alert', 'negative',
        v_thing.name || ' still needs water',
        format('%s needs water (%s). The people who look after it were told %s hours ago and no watering has been recorded since.',
               v_thing.name, v_thing.water_need_reason, extract(epoch from now() - v_esc.told_at)::int / 3600),
        '/things/' || v_thing.id || '/action', v_thing.id, true,
        'notice.dry_alert.still', jsonb_build_object('thing', v_thing.name, 'reason', v_thing.water_need_reason_parts,
                                                     'hours', extract(epoch from now() - v_esc.told_at)::int / 3600));
    end loop;
    insert into app_public.thing_alerts (thing_id, kind, outcome, reason)
      values (v_thing.id, 'dry', 'sent', format('%s still needs water and nobody watered it after its adopters were told: its people were alerted.', v_thing.name));
    v_sent := v_sent + 1;
  end loop;

  -- 2. Things that need water now: as before, but the adopters and today's rota come first.
  for v_thing in
    select * from app_public.things t
    where t.water_need = 'needs_water'
      and (t.needs_water_notification_at is null or t.needs_water_notification_at < now() - interval '24 hours')
    for update skip locked
  loop
    v_reason := null;
    v_sensed := v_thing.water is not null and v_thing.last_sensor_data > now() - interval '48 hours';
    select * into v_rain from app_hidden.rainfall_near(v_thing.location[0], v_thing.location[1], now() - v_window);
    v_forecast := app_hidden.forecast_precipitation(v_thing.location[0], v_thing.location[1], p_window_hours);
    if exists (select 1 from app_public.actions a where a.thing_id = v_thing.id and a.type = 'WATERING'
               and a.created_at > now() - v_window) then
      v_reason := format('it was watered in the last %s hours', p_window_hours);
    elsif coalesce(v_rain.total_mm, 0) >= p_rain_mm then
      v_reason := format('%s mm of rain fell at %s (%s km away) in the last %s hours',
                         round(v_rain.total_mm::numeric, 1), v_rain.label, round(v_rain.distance_km::numeric, 1), p_window_hours);
    elsif coalesce(v_forecast, 0) >= p_rain_mm then
      v_reason := format('%s mm of rain is forecast for the next %s hours', round(v_forecast::numeric, 1), p_window_hours);
    end if;

    if v_reason is not null then
      -- Said once a day at most, like the alert it replaces.
      if not exists (select 1 from app_public.thing_alerts where thing_id = v_thing.id and kind = 'dry'
                     and created_at > now() - interval '24 hours') then
        insert into app_public.thing_alerts (thing_id, kind, outcome, reason)
          values (v_thing.id, 'dry', 'held',
                  case when v_sensed then format('%s is dry (%s%%), but no alert was sent: %s.', v_thing.name, round(v_thing.water::numeric), v_reason)
                       else format('%s needs water (%s), but no alert was sent: %s.', v_thing.name, v_thing.water_need_reason, v_reason) end);
      end if;
      continue;
    end if;

    v_body := case when v_sensed then
        format('%s is dry: the soil moisture is %s%% (dry is below %s%%), measured %s. No watering was recorded and no rain is expected.',
               v_thing.name, round(v_thing.water::numeric), coalesce((v_thing.hydration_levels->>'dry')::numeric, 20),
               to_char(v_thing.last_sensor_data at time zone 'UTC', 'HH24:MI "UTC" on FMDD FMMonth'))
      else
        format('%s needs water by our estimate: %s. No watering was recorded recently and no rain is expected.',
               v_thing.name, v_thing.water_need_reason)
      end;
    -- The same in words of the catalogue (shared/i18n/notices): the key and its data.
    v_key := case when v_sensed then 'notice.dry_alert.sensed' else 'notice.dry_alert.estimate' end;
    v_values := case when v_sensed then
        jsonb_build_object('thing', v_thing.name, 'moisture', round(v_thing.water::numeric),
                           'dry', coalesce((v_thing.hydration_levels->>'dry')::numeric, 20), 'measuredAt', v_thing.last_sensor_data)
      else jsonb_build_object('thing', v_thing.name, 'reason', v_thing.water_need_reason_parts) end;
    v_first := app_hidden.first_told(v_thing);

    if cardinality(v_first) > 0 then
      foreach v_user in array v_first loop
        perform app_hidden.notify_user(v_user, 'dry_alert', 'negative', v_thing.name || ' needs water',
          'You look after it, so you are the first to know. ' || v_body,
          '/things/' || v_thing.id || '/action', v_thing.id, true, v_key || '_first', v_values);
      end loop;
      insert into app_private.dry_alert_escalations (thing_id, told_at, first_told) values (v_thing.id, now(), v_first)
        on conflict (thing_id) do update set told_at = excluded.told_at, first_told = excluded.first_told;
      insert into app_public.thing_alerts (thing_id, kind, outcome, reason)
        values (v_thing.id, 'dry', 'sent',
                format('%s needs water (%s): the %s people who look after it were told first; its owners hear in %s hours unless it is watered.',
                       v_thing.name, coalesce(v_thing.water_need_reason, 'dry'), cardinality(v_first),
                       extract(epoch from app_hidden.adopter_head_start())::int / 3600));
    else
      for v_user in
        select user_id from app_public.thing_accesses where thing_id = v_thing.id and (is_owner or is_collaborator)
      loop
        perform app_hidden.notify_user(v_user, 'dry_alert', 'negative', v_thing.name || ' needs water', v_body,
          '/things/' || v_thing.id || '/action', v_thing.id, true, v_key, v_values);
      end loop;
      insert into app_public.thing_alerts (thing_id, kind, outcome, reason)
        values (v_thing.id, 'dry', 'sent',
                case when v_sensed then format('%s is dry (%s%%): its people were alerted.', v_thing.name, round(v_thing.water::numeric))
                     else format('%s needs water (%s): its people were alerted.', v_thing.name, v_thing.water_need_reason) end);
    end if;
    update app_public.things set needs_water_notification_at = now() where id = v_thing.id;
    v_sent := v_sent + 1;
  end loop;
  return v_sent;
end;
$$;

--
-- Name: clear_map_layer(text); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.clear_map_layer(p_layer text) RETURNS void
    LANGUAGE sql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$ delete from app_private.map_layer_features where layer = p_layer $$;

--
-- Name: device_downlinks; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.device_downlinks (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    device_id uuid NOT NULL,
    requested_by uuid,
    message text NOT NULL,
    status app_public.downlink_status DEFAULT 'QUEUED'::app_public.downlink_status NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    completed_at timestamp with time zone,
    CONSTRAINT device_downlinks_message_valid CHECK ((message = ANY (ARRAY['0'::text, '1'::text])))
);

--
-- Name: TABLE device_downlinks; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.device_downlinks IS 'A pump/LED switch sent to a device through The Things Stack, and how it went.';

--
-- Name: COLUMN device_downlinks.last_error; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.device_downlinks.last_error IS 'Why the last attempt failed, when it did.';

--
-- Name: complete_downlink(uuid, boolean); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.complete_downlink(p_id uuid, p_simulated boolean) RETURNS app_public.device_downlinks
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_downlink app_public.device_downlinks;
begin
  update app_public.device_downlinks
    set status = case when p_simulated then 'SIMULATED' else 'SENT' end::app_public.downlink_status,
        attempts = attempts + 1, last_error = null, completed_at = now()
    where id = p_id and status = 'QUEUED'
    returning * into v_downlink;
  if v_downlink.id is not null then
    perform app_hidden.set_led_state(v_downlink.device_id, v_downlink.message = '1');
  end if;
  return v_downlink;
end;
$$;

--
-- Name: daily_digest_payload(uuid); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.daily_digest_payload(p_user_id uuid) RETURNS json
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select json_build_object(
    'name', u.name,
    'things', coalesce((
      select json_agg(json_build_object('id', t.id, 'name', t.name, 'colour', coalesce(t.indicator_colour, 'grey'),
                                        'band', app_hidden.hydration_band(t.water, t.hydration_levels),
                                        'water', t.water, 'lastReading', t.last_sensor_data, 'lastAction', t.last_action,
                                        'waterNeed', t.water_need, 'waterNeedReason', t.water_need_reason,
                                        'waterNeedReasonParts', t.water_need_reason_parts)
                      order by case t.water_need when 'needs_water' then 0 when 'due_soon' then 1 else 2 end, t.name)
      from app_public.things t join app_public.thing_accesses a on a.thing_id = t.id and a.user_id = u.id), '[]'),
    'tasks', coalesce((
      select json_agg(json_build_object('id', k.id, 'title', k.title, 'dueDate', k.due_date, 'priority', k.priority,
                                        'overdue', k.due_date < current_date, 'thingName', t.name)
                      order by k.due_date nulls last)
      from app_public.tasks k join app_public.task_assignments ta on ta.task_id = k.id and ta.assigned_to = u.id
      join app_public.things t on t.id = k.thing_id
      where k.status <> 'completed' and (k.due_date is null or k.due_date <= current_date + 7)), '[]'),
    'activity', coalesce((
      select json_agg(x order by x->>'at' desc) from (
        select json_build_object('type', a.type, 'thingName', t.name, 'by', cu.name, 'at', a.created_at) as x
        from app_public.actions a join app_public.things t on t.id = a.thing_id
        left join app_public.users cu on cu.id = a.created_by
        where t.group_id in (select group_id from app_public.group_memberships where user_id = u.id)
          and a.created_at > now() - interval '24 hours'
        order by a.created_at desc limit 20) y), '[]')
  )
  from app_public.users u where u.id = p_user_id
$$;

--
-- Name: day_count(datemultirange); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.day_count(p_days datemultirange) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select coalesce(sum(upper(r) - lower(r)), 0)::bigint from unnest(p_days) r
$$;

--
-- Name: days_of(datemultirange); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.days_of(p_days datemultirange) RETURNS SETOF date
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select lower(r) + g from unnest(p_days) r, generate_series(0, upper(r) - lower(r) - 1) g
$$;

--
-- Name: downlink_to_send(uuid); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.downlink_to_send(p_id uuid) RETURNS TABLE(id uuid, end_device_id text, message text, attempts integer)
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select l.id, d.device_id, l.message, l.attempts
  from app_public.device_downlinks l join app_public.devices d on d.id = l.device_id
  where l.id = p_id and l.status = 'QUEUED'
$$;

--
-- Name: ensure_sensor_data_partition(timestamp with time zone); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.ensure_sensor_data_partition(p_at timestamp with time zone) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_from timestamptz := date_trunc('month', p_at at time zone 'UTC') at time zone 'UTC';
  v_name text := 'sensor_data_' || to_char(v_from at time zone 'UTC', 'YYYY_MM');
begin
  if to_regclass('app_partitions.' || v_name) is not null then
    return;
  end if;
  perform pg_advisory_xact_lock(hashtext('app_public.sensor_data partitions'));
  if to_regclass('app_partitions.' || v_name) is null then
    execute format('create table app_partitions.%I partition of app_public.sensor_data for values from (%L) to (%L)',
                   v_name, v_from, v_from + interval '1 month');
  end if;
end;
$$;

--
-- Name: expired_sensor_data_partitions(interval); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.expired_sensor_data_partitions(p_keep interval) RETURNS TABLE(name text, detach_pending boolean)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select p.name, p.detach_pending from app_private.sensor_data_partitions() p
  where p.detach_pending or p.month_end <= now() - p_keep
  order by p.month_start
$$;

--
-- Name: finish_map_layer(text, text, text, boolean); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.finish_map_layer(p_layer text, p_source text, p_attribution text, p_is_sample boolean) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_count int;
begin
  select count(*) into v_count from app_private.map_layer_features where layer = p_layer;
  insert into app_private.map_layers (layer, source, attribution, is_sample, feature_count, loaded_at)
    values (p_layer, p_source, p_attribution, coalesce(p_is_sample, false), v_count, now())
    on conflict (layer) do update set source = excluded.source, attribution = excluded.attribution,
      is_sample = excluded.is_sample, feature_count = excluded.feature_count, loaded_at = excluded.loaded_at;
  if p_layer = 'soilscapes' then
    perform app_private.refresh_things_soilscape();
  end if;
  return v_count;
end;
$$;

--
-- Name: gap_changes(datemultirange, datemultirange); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.gap_changes(p_days datemultirange, p_added datemultirange) RETURNS TABLE(day date, gap integer, delta integer)
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  with added as (
    select d,
           upper(p_days * datemultirange(daterange(null, d))) - 1 as day_before,
           lower((p_days - p_added) * datemultirange(daterange(d, null, '()'))) as next_old,
           lower(p_added * datemultirange(daterange(d, null, '()'))) as next_added
    from app_private.days_of(p_added) d
  ),
  followed as (
    -- Old days that now follow an added day, with their old day before.
    select d, next_old, upper((p_days - p_added) * datemultirange(daterange(null, next_old))) - 1 as old_before
    from added
    where next_old is not null and (next_added is null or next_added > next_old)
  )
  select d, d - day_before, 1 from added where day_before is not null
  union all
  select next_old, next_old - old_before, -1 from followed where old_before is not null
  union all
  select next_old, next_old - d, 1 from followed
$$;

--
-- Name: ingest_uplink(text, timestamp with time zone, integer, jsonb); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.ingest_uplink(p_device_id text, p_received_at timestamp with time zone, p_f_cnt integer, p_values jsonb) RETURNS text
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select (app_private.ingest_uplinks(array[p_device_id], array[p_received_at], array[p_f_cnt], array[p_values]))[1]
$$;

--
-- Name: ingest_uplinks(text[], timestamp with time zone[], integer[], jsonb[], text[]); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.ingest_uplinks(p_device_ids text[], p_received_at timestamp with time zone[], p_f_cnts integer[], p_values jsonb[], p_payloads text[] DEFAULT NULL::text[]) RETURNS text[]
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_statuses text[];
  v_problems text[];
begin
  if cardinality(p_device_ids) is distinct from cardinality(p_received_at)
     or cardinality(p_device_ids) is distinct from cardinality(p_f_cnts)
     or cardinality(p_device_ids) is distinct from cardinality(p_values)
     or (p_payloads is not null and cardinality(p_device_ids) is distinct from cardinality(p_payloads)) then
    raise exception 'Uplink arrays must have the same length' using errcode = 'INVLD';
  end if;

  -- What is wrong with each uplink, if anything (null: it is a reading).
  select array_agg(app_private.uplink_problem(u.v, u.r) order by u.o) into v_problems
    from unnest(p_received_at, p_values) with ordinality u(r, v, o);

  -- Partitions for the readings only: a rejected uplink's time makes none.
  perform app_private.ensure_sensor_data_partition(m.at)
  from (select distinct on (date_trunc('month', r at time zone 'UTC')) r as at
        from unnest(p_received_at, v_problems) u(r, problem) where problem is null) m;

  -- Rows are locked in id order, devices before things, so concurrent batches cannot deadlock.
  perform 1 from app_public.devices where device_id = any (p_device_ids) order by id for no key update;
  perform 1 from app_public.things
    where id in (select thing_id from app_public.devices where device_id = any (p_device_ids))
    order by id for no key update;

  with input as (
    select i.ord, d.id as device_id, d.thing_id, i.received_at, coalesce(i.f_cnt, 0) as f_cnt, i.vals,
           p_payloads[i.ord] as payload, v_problems[i.ord] as problem
    from unnest(p_device_ids, p_received_at, p_f_cnts, p_values) with ordinality as i(device_key, received_at, f_cnt, vals, ord)
    left join app_public.devices d on d.device_id = i.device_key
  ),
  inserted as (
    insert into app_public.sensor_data (device_id, thing_id, created_at, f_cnt, data)
    select device_id, thing_id, received_at, f_cnt, vals from input where device_id is not null and problem is null
    on conflict on constraint sensor_data_uplink_key do nothing
    returning device_id, created_at, f_cnt
  ),
  rejected as (
    insert into app_private.rejected_uplinks (device_id, received_at, f_cnt, data, payload, reason)
    select device_id, received_at, f_cnt, vals, payload, problem from input where device_id is not null and problem is not null
    on conflict on constraint rejected_uplinks_uplink_key do nothing
    returning device_id, received_at, f_cnt
  ),
  -- An uplink twice in one batch is stored once: the first is "stored", the other "duplicate".
  stored as (
    select distinct on (i.device_id, i.received_at, i.f_cnt) i.*
    from input i join inserted s on s.device_id = i.device_id and s.created_at = i.received_at and s.f_cnt = i.f_cnt
    order by i.device_id, i.received_at, i.f_cnt, i.ord
  ),
  kept as (
    select distinct on (i.device_id, i.received_at, i.f_cnt) i.ord
    from input i join rejected r on r.device_id = i.device_id and r.received_at = i.received_at and r.f_cnt = i.f_cnt
    order by i.device_id, i.received_at, i.f_cnt, i.ord
  ),
  device_latest as (
    select s.device_id,
      max(s.received_at) as at,
      (array_agg((s.vals->>'water')::float8 order by s.received_at desc) filter (where s.vals->>'water' is not null))[1] as water,
      (array_agg((s.vals->>'temperature')::float8 order by s.received_at desc) filter (where s.vals->>'temperature' is not null))[1] as temperature,
      (array_agg((s.vals->>'conductivity')::float8 order by s.received_at desc) filter (where s.vals->>'conductivity' is not null))[1] as conductivity,
      (array_agg((s.vals->>'ph')::float8 order by s.received_at desc) filter (where s.vals->>'ph' is not null))[1] as ph,
      (array_agg((s.vals->>'battery')::float8 order by s.received_at desc) filter (where s.vals->>'battery' is not null))[1] as battery,
      (array_agg((s.vals->>'rssi')::float8 order by s.received_at desc) filter (where s.vals->>'rssi' is not null))[1] as rssi,
      (array_agg((s.vals->>'snr')::float8 order by s.received_at desc) filter (where s.vals->>'snr' is not null))[1] as snr
    from stored s join app_public.devices d on d.id = s.device_id
    where d.last_sensor_data is null or s.received_at >= d.last_sensor_data
    group by s.device_id
  ),
  devices_updated as (
    update app_public.devices d set
        water = coalesce(l.water, d.water),
        temperature = coalesce(l.temperature, d.temperature),
        conductivity = coalesce(l.conductivity, d.conductivity),
        ph = coalesce(l.ph, d.ph),
        battery = coalesce(l.battery, d.battery),
        rssi = coalesce(l.rssi, d.rssi),
        snr = coalesce(l.snr, d.snr),
        last_sensor_data = l.at
      from device_latest l
      where d.id = l.device_id
      returning d.id
  ),
  thing_latest as (
    select s.thing_id,
      max(s.received_at) as at,
      (array_agg((s.vals->>'water')::float8 order by s.received_at desc) filter (where s.vals->>'water' is not null))[1] as water,
      (array_agg((s.vals->>'temperature')::float8 order by s.received_at desc) filter (where s.vals->>'temperature' is not null))[1] as temperature,
      (array_agg((s.vals->>'conductivity')::float8 order by s.received_at desc) filter (where s.vals->>'conductivity' is not null))[1] as conductivity,
      (array_agg((s.vals->>'ph')::float8 order by s.received_at desc) filter (where s.vals->>'ph' is not null))[1] as ph
    from stored s join app_public.things t on t.id = s.thing_id
    where t.last_sensor_data is null or s.received_at >= t.last_sensor_data
    group by s.thing_id
  ),
  things_updated as (
    update app_public.things t set
        water = coalesce(l.water, t.water),
        temperature = coalesce(l.temperature, t.temperature),
        conductivity = coalesce(l.conductivity, t.conductivity),
        ph = coalesce(l.ph, t.ph),
        last_sensor_data = l.at
      from thing_latest l
      where t.id = l.thing_id
      returning t.id
  )
  select array_agg(
      case when i.device_id is null then 'unknown_device'
           when s.ord is not null then 'stored'
           when k.ord is not null then 'rejected: ' || i.problem
           else 'duplicate' end
      order by i.ord)
    into v_statuses
  -- devices_updated and things_updated run although nothing reads them (data-modifying CTEs do).
  from input i left join stored s on s.ord = i.ord left join kept k on k.ord = i.ord;
  return coalesce(v_statuses, '{}');
end;
$$;

--
-- Name: FUNCTION ingest_uplinks(p_device_ids text[], p_received_at timestamp with time zone[], p_f_cnts integer[], p_values jsonb[], p_payloads text[]); Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON FUNCTION app_private.ingest_uplinks(p_device_ids text[], p_received_at timestamp with time zone[], p_f_cnts integer[], p_values jsonb[], p_payloads text[]) IS 'Stores a batch of uplinks (parallel arrays; payloads are the raw frm_payloads, optional); answers stored, duplicate, unknown_device or "rejected: <reason>" for each, in order.';

--
-- Name: navigation_sessions_by_person(date, date, uuid); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.navigation_sessions_by_person(p_first date, p_last date, p_user uuid) RETURNS TABLE(person uuid, sessions bigint, duration_us numeric, timed_sessions bigint, navigations bigint, first_started timestamp with time zone, last_started timestamp with time zone)
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    SET jit TO 'off'
    SET max_parallel_workers_per_gather TO '0'
    AS $$
  with upto_last as materialized (
    select d.user_id, d.total_sessions, d.total_duration_us, d.total_timed_sessions, d.total_navigations,
           d.person_first_started, d.last_started
    from app_private.navigation_user_session_days d
    where daterange(d.day, d.next_day) @> p_last and (p_user is null or d.user_id = p_user)
  ),
  before_first as materialized (
    select d.user_id, d.total_sessions, d.total_duration_us, d.total_timed_sessions, d.total_navigations, d.next_first_started
    from app_private.navigation_user_session_days d
    where daterange(d.day, d.next_day) @> p_first - 1 and (p_user is null or d.user_id = p_user)
  )
  select u.user_id, u.total_sessions - coalesce(b.total_sessions, 0),
         (u.total_duration_us - coalesce(b.total_duration_us, 0))::numeric,
         u.total_timed_sessions - coalesce(b.total_timed_sessions, 0), u.total_navigations - coalesce(b.total_navigations, 0),
         coalesce(b.next_first_started, u.person_first_started), u.last_started
  from upto_last u left join before_first b on b.user_id = u.user_id
  where u.total_sessions > coalesce(b.total_sessions, 0)
  union all
  -- Visitors without any id, together as one row (as grouping by a null id does).
  select null::uuid, count(*), coalesce(sum((extract(epoch from (coalesce(s.ended_at, t.last_at) - s.started_at)) * 1000000)::bigint), 0),
         count(coalesce(s.ended_at, t.last_at)), coalesce(sum(t.navigations), 0)::bigint, min(s.started_at), max(s.started_at)
  from app_private.navigation_sessions s
  left join app_private.navigation_session_totals t on t.session_id = s.session_id
  where s.user_id is null and p_user is null
    and s.started_at >= p_first::timestamp at time zone 'UTC' and s.started_at < (p_last + 1)::timestamp at time zone 'UTC'
  having count(*) > 0
$$;

--
-- Name: notify_rota_duties(date); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.notify_rota_duties(p_day date DEFAULT NULL::date) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_day date := coalesce(p_day, app_hidden.water_today());
  v_row record;
  v_things text;
  v_list jsonb;
  v_count int := 0;
begin
  for v_row in
    select distinct g.id as group_id, g.name as group_name, d.user_id
    from app_public.groups g
    cross join lateral app_hidden.rota_duties(g.id, v_day, v_day) d
    join app_public.users u on u.id = d.user_id and u.suspended_at is null
    where exists (select 1 from app_public.rota_slots s where s.group_id = g.id)
      and not exists (select 1 from app_private.rota_reminders_sent r where r.group_id = g.id and r.day = v_day and r.user_id = d.user_id)
  loop
    insert into app_private.rota_reminders_sent (group_id, day, user_id) values (v_row.group_id, v_day, v_row.user_id);
    select string_agg(t.name || case t.water_need when 'needs_water' then ' (needs water)' when 'due_soon' then ' (due soon)' else '' end,
                      ', ' order by t.water_need = 'needs_water' desc, t.water_need = 'due_soon' desc, t.name)
      into v_things
      from (select * from app_public.things t where t.group_id = v_row.group_id and t.hidden_at is null
            order by t.water_need = 'needs_water' desc, t.water_need = 'due_soon' desc, t.name limit 10) t;
    select jsonb_agg(jsonb_build_object('name', t.name, 'need', t.water_need)
                     order by t.water_need = 'needs_water' desc, t.water_need = 'due_soon' desc, t.name)
      into v_list
      from (select * from app_public.things t where t.group_id = v_row.group_id and t.hidden_at is null
            order by t.water_need = 'needs_water' desc, t.water_need = 'due_soon' desc, t.name limit 10) t;
    perform app_hidden.notify_user(v_row.user_id, 'water_rota', 'info',
      format('Your watering day for %s', v_row.group_name),
      format('You are on the %s watering rota today, %s.%s', v_row.group_name, app_hidden.rota_date_label(v_day),
             case when v_things is not null then ' Its things: ' || v_things || '.' else '' end),
      '/groups/' || v_row.group_id || '/rota', null, true,
      case when v_list is not null then 'notice.water_rota.day' else 'notice.water_rota.day_no_things' end,
      jsonb_build_object('group', v_row.group_name, 'onDate', v_day, 'things', v_list));
    v_count := v_count + 1;
  end loop;
  delete from app_private.rota_reminders_sent where day < v_day - 7;
  return v_count;
end;
$$;

--
-- Name: FUNCTION notify_rota_duties(p_day date); Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON FUNCTION app_private.notify_rota_duties(p_day date) IS 'Tells each person on a rota today (UK date) that it is their watering day, once per group and day; the number told.';

--
-- Name: notify_tasks_due_tomorrow(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.notify_tasks_due_tomorrow() RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_row record;
  v_count int := 0;
begin
  for v_row in
    select k.id, k.title, k.due_date, k.thing_id, t.name as thing_name, a.assigned_to
    from app_public.tasks k
    join app_public.task_assignments a on a.task_id = k.id
    join app_public.things t on t.id = k.thing_id
    where k.status <> 'completed' and k.due_date = current_date + 1
      and not exists (select 1 from app_private.task_due_notices n
                      where n.task_id = k.id and n.user_id = a.assigned_to and n.due_date = k.due_date)
  loop
    insert into app_private.task_due_notices (task_id, user_id, due_date) values (v_row.id, v_row.assigned_to, v_row.due_date);
    perform app_hidden.notify_user(v_row.assigned_to, 'task_due', 'info', 'Due tomorrow: ' || v_row.title,
      format('The task "%s" at %s is due tomorrow.', v_row.title, v_row.thing_name), '/tasks', v_row.thing_id, true,
      'notice.task_due', jsonb_build_object('task', v_row.title, 'thing', v_row.thing_name));
    v_count := v_count + 1;
  end loop;
  delete from app_private.task_due_notices where due_date < current_date - 7;
  return v_count;
end;
$$;

--
-- Name: prepare_sensor_data_partitions(integer); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.prepare_sensor_data_partitions(p_months integer) RETURNS SETOF text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_at timestamptz;
  v_name text;
begin
  if p_months is null or p_months < 0 or p_months > 24 then
    raise exception 'p_months must be between 0 and 24' using errcode = 'INVLD';
  end if;
  for v_at in select now() + make_interval(months => m) from generate_series(0, p_months) m loop
    v_name := 'sensor_data_' || to_char(v_at at time zone 'UTC', 'YYYY_MM');
    if to_regclass('app_partitions.' || v_name) is null then
      perform app_private.ensure_sensor_data_partition(v_at);
      return next v_name;
    end if;
  end loop;
end;
$$;

--
-- Name: prune_navigation_events(interval); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.prune_navigation_events(p_keep interval DEFAULT '30 days'::interval) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_cut timestamptz := now() - p_keep;
  v_open date := (v_cut at time zone 'UTC')::date + 1;
  v_closed datemultirange := datemultirange(daterange(null, v_open));
  v_gone bigint;
begin
  delete from app_private.navigation_events where occurred_at < v_cut;
  get diagnostics v_gone = row_count;
  delete from app_private.navigation_sessions where coalesce(ended_at, started_at) < v_cut;

  update app_private.navigation_rollup_state set closed_before = greatest(closed_before, v_open);

  perform 1 from app_private.navigation_route_visitors where lower(days) < v_open order by route, user_id for update;
  delete from app_private.navigation_route_visitors where upper(days) <= v_open;
  update app_private.navigation_route_visitors set days = days - v_closed, added = null where lower(days) < v_open;
  perform 1 from app_private.navigation_route_sessions where lower(days) < v_open order by route, session_id for update;
  delete from app_private.navigation_route_sessions where upper(days) <= v_open;
  update app_private.navigation_route_sessions set days = days - v_closed, added = null where lower(days) < v_open;
  perform 1 from app_private.navigation_route_days
    where day < v_open and (visitor_returns <> '{}' or session_returns <> '{}') order by day, route for update;
  update app_private.navigation_route_days set visitor_returns = '{}', session_returns = '{}'
    where day < v_open and (visitor_returns <> '{}' or session_returns <> '{}');
  perform 1 from app_private.navigation_pattern_visitors where lower(days) < v_open order by from_route, to_route, user_id for update;
  delete from app_private.navigation_pattern_visitors where upper(days) <= v_open;
  update app_private.navigation_pattern_visitors set days = days - v_closed, added = null where lower(days) < v_open;
  perform 1 from app_private.navigation_pattern_sessions where lower(days) < v_open order by from_route, to_route, session_id for update;
  delete from app_private.navigation_pattern_sessions where upper(days) <= v_open;
  update app_private.navigation_pattern_sessions set days = days - v_closed, added = null where lower(days) < v_open;
  perform 1 from app_private.navigation_pattern_days
    where day < v_open and (visitor_returns <> '{}' or session_returns <> '{}') order by day, from_route, to_route for update;
  update app_private.navigation_pattern_days set visitor_returns = '{}', session_returns = '{}'
    where day < v_open and (visitor_returns <> '{}' or session_returns <> '{}');
  perform 1 from app_private.navigation_visitor_days where lower(days) < v_open order by user_id for update;
  delete from app_private.navigation_visitor_days where upper(days) <= v_open;
  update app_private.navigation_visitor_days set days = days - v_closed, added = null where lower(days) < v_open;
  -- A session still kept keeps its totals (its session statistics stay whole).
  perform 1 from app_private.navigation_session_totals t
    where lower(t.days) < v_open
       or (t.last_at < v_cut and not exists (select 1 from app_private.navigation_sessions s where s.session_id = t.session_id))
    order by t.session_id for update;
  delete from app_private.navigation_session_totals t where t.last_at < v_cut
    and not exists (select 1 from app_private.navigation_sessions s where s.session_id = t.session_id);
  update app_private.navigation_session_totals set days = days - v_closed, added = null where lower(days) < v_open;
  return v_gone;
end;
$$;

--
-- Name: queue_daily_digests(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.queue_daily_digests() RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_user app_public.users;
  v_settings app_public.notice_settings;
  v_payload json;
  v_held json;
  v_max bigint;
  v_count int := 0;
  v_summary boolean;
begin
  for v_user in
    select u.* from app_public.users u
    left join app_private.user_digests d on d.user_id = u.id
    left join app_public.notice_settings s on s.user_id = u.id
    where (u.notification_daily or exists (select 1 from app_private.held_notices h where h.user_id = u.id))
      and (d.last_sent_at is null
           or d.last_sent_at < now() - case when s.digest_frequency = 'weekly' then interval '6 days 20 hours' else interval '20 hours' end)
  loop
    v_settings := app_hidden.notice_settings_of(v_user.id);
    select json_agg(json_build_object('title', h.title, 'body', h.body, 'linkPath', h.link_path, 'at', h.created_at,
                             'textKey', h.text_key, 'textValues', h.text_values) order by h.id),
           max(h.id)
      into v_held, v_max
      from (select * from app_private.held_notices where user_id = v_user.id order by id limit 50) h;
    v_summary := v_user.notification_daily;
    v_payload := case when v_summary then app_private.daily_digest_payload(v_user.id) end;
    if v_summary and (json_array_length(v_payload->'things') > 0 or json_array_length(v_payload->'tasks') > 0
                      or json_array_length(v_payload->'activity') > 0) then
      perform graphile_worker.add_job('send_email', json_build_object(
        'to', app_hidden.primary_email(v_user.id), 'template', 'daily_digest', 'domainName', null,
        'variables', v_payload, 'unsubscribe', json_build_object('userId', v_user.id, 'kind', 'digest')))
      where app_hidden.primary_email(v_user.id) is not null;
    end if;
    if v_held is not null then
      perform graphile_worker.add_job('send_email', json_build_object(
        'to', app_hidden.primary_email(v_user.id), 'template', 'notice_digest', 'domainName', null,
        'variables', json_build_object('name', v_user.name, 'frequency', v_settings.digest_frequency, 'notices', v_held),
        'unsubscribe', json_build_object('userId', v_user.id, 'kind', 'digest')))
      where app_hidden.primary_email(v_user.id) is not null;
      delete from app_private.held_notices where user_id = v_user.id and id <= v_max;
    end if;
    insert into app_private.user_digests (user_id, last_sent_at) values (v_user.id, now())
      on conflict (user_id) do update set last_sent_at = excluded.last_sent_at;
    v_count := v_count + 1;
  end loop;
  delete from app_private.notice_log where created_at < now() - interval '7 days';
  return v_count;
end;
$$;

--
-- Name: rebuild_navigation_rollups(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.rebuild_navigation_rollups() RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_open date := (select closed_before from app_private.navigation_rollup_state);
begin
  -- Nothing may insert events or change sessions meanwhile (the triggers would count them twice).
  lock table app_private.navigation_events, app_private.navigation_sessions in share mode;
  delete from app_private.navigation_route_days where day >= v_open;
  delete from app_private.navigation_pattern_days where day >= v_open;
  delete from app_private.navigation_days where day >= v_open;
  truncate app_private.navigation_route_visitors, app_private.navigation_route_sessions,
    app_private.navigation_pattern_visitors, app_private.navigation_pattern_sessions,
    app_private.navigation_visitor_days, app_private.navigation_session_totals,
    app_private.navigation_user_session_days;

  create temporary table rollup_events on commit drop as
    select session_id, user_id, from_route, to_route, occurred_at, time_spent, (occurred_at at time zone 'UTC')::date as day
    from app_private.navigation_events;

  -- Each visitor's and session's days on a route (from_route null) or pattern, with the gap to
  -- the day before: what the returns arrays count.
  create temporary table rollup_gaps on commit drop as
    select from_route, to_route, visitor, day, day - lag(day) over (partition by from_route, to_route, visitor, id order by day) as gap
    from (select distinct null::text as from_route, to_route, true as visitor, user_id as id, day
          from rollup_events where day >= v_open and user_id is not null
          union all
          select distinct null, to_route, false, session_id, day from rollup_events where day >= v_open
          union all
          select distinct from_route, to_route, true, user_id, day
          from rollup_events where day >= v_open and from_route is not null and user_id is not null
          union all
          select distinct from_route, to_route, false, session_id, day
          from rollup_events where day >= v_open and from_route is not null) k;
  create temporary table rollup_returns on commit drop as
    select from_route, to_route, day,
           coalesce(app_private.returns_of(array_agg(gap) filter (where visitor), array_agg(1) filter (where visitor)), '{}') as visitor_returns,
           coalesce(app_private.returns_of(array_agg(gap) filter (where not visitor), array_agg(1) filter (where not visitor)), '{}') as session_returns
    from rollup_gaps where gap is not null group by from_route, to_route, day;
  drop table rollup_gaps;

  insert into app_private.navigation_route_days
    (day, route, visits, time_spent, first_at, last_at, visitors, sessions, visitor_returns, session_returns)
    select e.*, coalesce(g.visitor_returns, '{}'), coalesce(g.session_returns, '{}')
    from (select day, to_route, count(*), sum(time_spent), min(occurred_at), max(occurred_at), count(distinct user_id), count(distinct session_id)
          from rollup_events where day >= v_open group by day, to_route) e(day, route, visits, time_spent, first_at, last_at, visitors, sessions)
    left join rollup_returns g on g.from_route is null and g.to_route = e.route and g.day = e.day;
  insert into app_private.navigation_pattern_days
    (day, from_route, to_route, occurrences, time_spent, first_at, last_at, visitors, sessions, visitor_returns, session_returns)
    select e.*, coalesce(g.visitor_returns, '{}'), coalesce(g.session_returns, '{}')
    from (select day, from_route, to_route, count(*), sum(time_spent), min(occurred_at), max(occurred_at),
                 count(distinct user_id), count(distinct session_id)
          from rollup_events where day >= v_open and from_route is not null group by day, from_route, to_route)
         e(day, from_route, to_route, occurrences, time_spent, first_at, last_at, visitors, sessions)
    left join rollup_returns g on g.from_route = e.from_route and g.to_route = e.to_route and g.day = e.day;
  insert into app_private.navigation_days (day, navigations, time_spent, sessions, visitors)
    select day, count(*), sum(time_spent), count(distinct session_id), count(distinct user_id)
    from rollup_events where day >= v_open group by day;
  drop table rollup_returns;

  insert into app_private.navigation_route_visitors (route, user_id, days)
    select to_route, user_id, range_agg(daterange(day, day, '[]')) from rollup_events
    where day >= v_open and user_id is not null group by to_route, user_id;
  insert into app_private.navigation_route_sessions (route, session_id, days)
    select to_route, session_id, range_agg(daterange(day, day, '[]')) from rollup_events
    where day >= v_open group by to_route, session_id;
  insert into app_private.navigation_pattern_visitors (from_route, to_route, user_id, days)
    select from_route, to_route, user_id, range_agg(daterange(day, day, '[]')) from rollup_events
    where day >= v_open and from_route is not null and user_id is not null group by from_route, to_route, user_id;
  insert into app_private.navigation_pattern_sessions (from_route, to_route, session_id, days)
    select from_route, to_route, session_id, range_agg(daterange(day, day, '[]')) from rollup_events
    where day >= v_open and from_route is not null group by from_route, to_route, session_id;
  insert into app_private.navigation_visitor_days (user_id, days)
    select user_id, range_agg(daterange(day, day, '[]')) from rollup_events
    where day >= v_open and user_id is not null group by user_id;
  insert into app_private.navigation_session_totals (session_id, navigations, last_at, days)
    select session_id, count(*), max(occurred_at), coalesce(range_agg(daterange(day, day, '[]')) filter (where day >= v_open), '{}')
    from rollup_events group by session_id;
  drop table rollup_events;

  insert into app_private.navigation_user_session_days
    (user_id, day, sessions, duration_us, timed_sessions, navigations, first_started, last_started,
     next_day, next_first_started, person_first_started, total_sessions, total_duration_us, total_timed_sessions, total_navigations)
  select x.*, lead(x.day) over w, lead(x.first_started) over w, first_value(x.first_started) over w,
         sum(x.sessions) over w, sum(x.duration_us) over w, sum(x.timed_sessions) over w, sum(x.navigations) over w
  from (select s.user_id, (s.started_at at time zone 'UTC')::date, count(*),
               coalesce(sum((extract(epoch from (coalesce(s.ended_at, t.last_at) - s.started_at)) * 1000000)::bigint), 0),
               count(coalesce(s.ended_at, t.last_at)), coalesce(sum(t.navigations), 0), min(s.started_at), max(s.started_at)
        from app_private.navigation_sessions s
        left join app_private.navigation_session_totals t on t.session_id = s.session_id
        where s.user_id is not null
        group by 1, 2) x(user_id, day, sessions, duration_us, timed_sessions, navigations, first_started, last_started)
  window w as (partition by x.user_id order by x.day);
end;
$$;

--
-- Name: rebuild_sensor_rollups(timestamp with time zone, timestamp with time zone); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.rebuild_sensor_rollups(p_from timestamp with time zone, p_to timestamp with time zone) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    SET work_mem TO '256MB'
    AS $$
declare
  v_from timestamptz := date_trunc('day', p_from, 'UTC');
  v_to timestamptz := date_trunc('day', p_to, 'UTC');
  v_kept timestamptz := (select min(month_start) from app_private.sensor_data_partitions());
begin
  if v_from is null or v_to is null or v_to <= v_from then
    raise exception 'Give a range of at least one whole UTC day' using errcode = 'INVLD';
  end if;
  if v_kept is not null and v_from < v_kept then
    raise exception 'Raw readings before % are gone: their sums cannot be rebuilt', v_kept using errcode = 'INVLD';
  end if;
  delete from app_public.sensor_rollups_hourly where bucket >= v_from and bucket < v_to;
  delete from app_public.sensor_rollups_daily where bucket >= v_from and bucket < v_to;
  delete from app_private.sensor_rollup_hours_pending where hour >= v_from and hour < v_to;
  insert into app_public.sensor_rollups_hourly (device_id, thing_id, bucket, readings,
      water_n, water_sum, water_min, water_max,
      temperature_n, temperature_sum, temperature_min, temperature_max,
      conductivity_n, conductivity_sum, conductivity_min, conductivity_max,
      ph_n, ph_sum, ph_min, ph_max,
      battery_n, battery_sum, battery_min, battery_max,
      rssi_n, rssi_sum, rssi_min, rssi_max,
      snr_n, snr_sum, snr_min, snr_max)
    select s.device_id, s.thing_id, date_trunc('hour', s.created_at, 'UTC') as bucket, count(*)::int as readings,
           count(v.water) as water_n, coalesce(sum(v.water), 0) as water_sum, min(v.water) as water_min, max(v.water) as water_max,
           count(v.temperature) as temperature_n, coalesce(sum(v.temperature), 0) as temperature_sum, min(v.temperature) as temperature_min, max(v.temperature) as temperature_max,
           count(v.conductivity) as conductivity_n, coalesce(sum(v.conductivity), 0) as conductivity_sum, min(v.conductivity) as conductivity_min, max(v.conductivity) as conductivity_max,
           count(v.ph) as ph_n, coalesce(sum(v.ph), 0) as ph_sum, min(v.ph) as ph_min, max(v.ph) as ph_max,
           count(v.battery) as battery_n, coalesce(sum(v.battery), 0) as battery_sum, min(v.battery) as battery_min, max(v.battery) as battery_max,
           count(v.rssi) as rssi_n, coalesce(sum(v.rssi), 0) as rssi_sum, min(v.rssi) as rssi_min, max(v.rssi) as rssi_max,
           count(v.snr) as snr_n, coalesce(sum(v.snr), 0) as snr_sum, min(v.snr) as snr_min, max(v.snr) as snr_max
    from app_public.sensor_data s
    cross join lateral (select
           case when jsonb_typeof(s.data->'water') = 'number' then (s.data->>'water')::float8 end as water,
           case when jsonb_typeof(s.data->'temperature') = 'number' then (s.data->>'temperature')::float8 end as temperature,
           case when jsonb_typeof(s.data->'conductivity') = 'number' then (s.data->>'conductivity')::float8 end as conductivity,
           case when jsonb_typeof(s.data->'ph') = 'number' then (s.data->>'ph')::float8 end as ph,
           case when jsonb_typeof(s.data->'battery') = 'number' then (s.data->>'battery')::float8 end as battery,
           case when jsonb_typeof(s.data->'rssi') = 'number' then (s.data->>'rssi')::float8 end as rssi,
           case when jsonb_typeof(s.data->'snr') = 'number' then (s.data->>'snr')::float8 end as snr) v
    where s.created_at >= v_from and s.created_at < v_to
    group by 1, 2, 3;
  insert into app_public.sensor_rollups_daily (device_id, thing_id, bucket, readings,
      water_n, water_sum, water_min, water_max,
      temperature_n, temperature_sum, temperature_min, temperature_max,
      conductivity_n, conductivity_sum, conductivity_min, conductivity_max,
      ph_n, ph_sum, ph_min, ph_max,
      battery_n, battery_sum, battery_min, battery_max,
      rssi_n, rssi_sum, rssi_min, rssi_max,
      snr_n, snr_sum, snr_min, snr_max)
    select device_id, thing_id, date_trunc('day', bucket, 'UTC'), sum(readings),
           sum(water_n), sum(water_sum), min(water_min), max(water_max),
           sum(temperature_n), sum(temperature_sum), min(temperature_min), max(temperature_max),
           sum(conductivity_n), sum(conductivity_sum), min(conductivity_min), max(conductivity_max),
           sum(ph_n), sum(ph_sum), min(ph_min), max(ph_max),
           sum(battery_n), sum(battery_sum), min(battery_min), max(battery_max),
           sum(rssi_n), sum(rssi_sum), min(rssi_min), max(rssi_max),
           sum(snr_n), sum(snr_sum), min(snr_min), max(snr_max)
    from app_public.sensor_rollups_hourly where bucket >= v_from and bucket < v_to group by 1, 2, 3;
end;
$$;

--
-- Name: record_downlink_failure(uuid, text, boolean); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.record_downlink_failure(p_id uuid, p_error text, p_final boolean) RETURNS app_public.device_downlinks
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_downlink app_public.device_downlinks;
  v_device app_public.devices;
begin
  update app_public.device_downlinks
    set attempts = attempts + 1, last_error = left(p_error, 500),
        status = case when p_final then 'FAILED' else status end::app_public.downlink_status,
        completed_at = case when p_final then now() end
    where id = p_id and status = 'QUEUED'
    returning * into v_downlink;
  if v_downlink.id is not null and p_final and v_downlink.requested_by is not null then
    select * into v_device from app_public.devices where id = v_downlink.device_id;
    insert into app_public.notifications (user_id, kind, level, title, body, link_path, thing_id)
      values (v_downlink.requested_by, 'downlink_failed', 'negative',
        format('The pump of %s was not switched %s', v_device.name, case when v_downlink.message = '1' then 'on' else 'off' end),
        format('The Things Stack did not take the downlink: %s', v_downlink.last_error),
        '/devices/' || v_device.id, v_device.thing_id);
  end if;
  return v_downlink;
end;
$$;

--
-- Name: refresh_navigation_user_session_days(uuid[], date[]); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.refresh_navigation_user_session_days(p_users uuid[], p_days date[]) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_people uuid[] := array(select distinct u from unnest(p_users) u where u is not null order by u);
begin
  if cardinality(v_people) = 0 then
    return;
  end if;
  perform pg_advisory_xact_lock(hashtext('navigation_user_sessions'), hashtext(u::text)) from unnest(v_people) u;

  -- Two statements: a delete in a WITH would run after the insert it makes room for.
  delete from app_private.navigation_user_session_days d
  using unnest(p_users, p_days) t(user_id, day)
  where d.user_id = t.user_id and d.day = t.day;
  insert into app_private.navigation_user_session_days
    (user_id, day, sessions, duration_us, timed_sessions, navigations, first_started, last_started, person_first_started)
  select t.user_id, t.day, x.*, x.first_started
  from (select distinct t.user_id, t.day from unnest(p_users, p_days) t(user_id, day)
        where t.user_id is not null and t.day is not null) t
  cross join lateral (
    select count(*)::int,
           coalesce(sum((extract(epoch from (coalesce(s.ended_at, tt.last_at) - s.started_at)) * 1000000)::bigint), 0),
           count(coalesce(s.ended_at, tt.last_at))::int,
           coalesce(sum(tt.navigations), 0)::int, min(s.started_at), max(s.started_at)
    from app_private.navigation_sessions s
    left join app_private.navigation_session_totals tt on tt.session_id = s.session_id
    where s.user_id = t.user_id
      and s.started_at >= t.day::timestamp at time zone 'UTC' and s.started_at < (t.day + 1)::timestamp at time zone 'UTC'
  ) x(sessions, duration_us, timed_sessions, navigations, first_started, last_started)
  where x.sessions > 0
  order by t.user_id, t.day;

  update app_private.navigation_user_session_days d
  set next_day = x.next_day, next_first_started = x.next_first_started, person_first_started = x.person_first_started,
      total_sessions = x.total_sessions, total_duration_us = x.total_duration_us,
      total_timed_sessions = x.total_timed_sessions, total_navigations = x.total_navigations
  from (select n.user_id, n.day, lead(n.day) over w as next_day, lead(n.first_started) over w as next_first_started,
               first_value(n.first_started) over w as person_first_started,
               sum(n.sessions) over w as total_sessions, sum(n.duration_us) over w as total_duration_us,
               sum(n.timed_sessions) over w as total_timed_sessions, sum(n.navigations) over w as total_navigations
        from app_private.navigation_user_session_days n where n.user_id = any(v_people)
        window w as (partition by n.user_id order by n.day)) x
  where d.user_id = x.user_id and d.day = x.day
    and (d.next_day, d.next_first_started, d.person_first_started, d.total_sessions, d.total_duration_us,
         d.total_timed_sessions, d.total_navigations)
        is distinct from (x.next_day, x.next_first_started, x.person_first_started, x.total_sessions, x.total_duration_us,
                          x.total_timed_sessions, x.total_navigations);
end;
$$;

--
-- Name: refresh_stale_indicators(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.refresh_stale_indicators() RETURNS integer
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  with t as (
    -- Touching the row lets tg_things__indicator recompute the colour (grey after 48 hours).
    update app_public.things set last_sensor_data = last_sensor_data
    where indicator_colour is distinct from 'grey' and (last_sensor_data is null or last_sensor_data < now() - interval '48 hours')
    returning 1
  ), d as (
    update app_public.devices set last_sensor_data = last_sensor_data
    where indicator_colour is distinct from 'grey' and (last_sensor_data is null or last_sensor_data < now() - interval '48 hours')
    returning 1
  )
  select (select count(*) from t)::int + (select count(*) from d)::int
$$;

--
-- Name: refresh_things_last_action(uuid[]); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.refresh_things_last_action(p_things uuid[]) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  update app_public.things t set last_action_id = l.id
  from unnest(p_things) as x(id)
  left join lateral (
    select a.id from app_public.actions a
    where a.thing_id = x.id and a.hidden_at is null
    order by a.created_at desc, a.id desc limit 1
  ) l on true
  where t.id = x.id and t.last_action_id is distinct from l.id
$$;

--
-- Name: refresh_things_soilscape(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.refresh_things_soilscape() RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_count int;
begin
  with looked_up as (
    select t.id, app_hidden.soilscape_at(t.location) as v from app_public.things t
  )
  update app_public.things t set
    texture = l.v->>'texture', drainage = l.v->>'drainage', fertility = l.v->>'fertility',
    landcover = l.v->>'landcover', habitats = l.v->>'habitats', carbon = l.v->>'carbon',
    drains_to = l.v->>'drains_to', water_protection = l.v->>'water_protection',
    general_cropping = l.v->>'general_cropping'
  from looked_up l
  where l.id = t.id
    and (t.texture, t.drainage, t.fertility, t.landcover, t.habitats, t.carbon, t.drains_to, t.water_protection, t.general_cropping)
        is distinct from
        (l.v->>'texture', l.v->>'drainage', l.v->>'fertility', l.v->>'landcover', l.v->>'habitats', l.v->>'carbon',
         l.v->>'drains_to', l.v->>'water_protection', l.v->>'general_cropping');
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

--
-- Name: refresh_water_need(uuid[]); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.refresh_water_need(p_ids uuid[] DEFAULT NULL::uuid[]) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    SET jit TO 'off'
    SET plan_cache_mode TO 'force_custom_plan'
    AS $$
declare
  v_count int;
begin
  if p_ids is not null and cardinality(p_ids) = 0 then
    return 0;
  end if;
  if p_ids is null then
    update app_public.things t set
        water_need = r.need, water_need_reason = r.reason, water_need_reason_parts = r.parts, water_store_percent = r.store_percent, water_need_at = now(),
        -- A new dry spell alerts afresh (app_private.check_dry_alerts).
        needs_water_notification_at = case when r.need = 'needs_water' then t.needs_water_notification_at end
      from app_private.water_need_results(null) r
      where r.id = t.id
        and (t.water_need, t.water_need_reason, t.water_store_percent, t.water_need_reason_parts) is distinct from (r.need, r.reason, r.store_percent, r.parts);
  else
    -- The same for a few things: t.id = any(p_ids) lets the update find them by index.
    update app_public.things t set
        water_need = r.need, water_need_reason = r.reason, water_need_reason_parts = r.parts, water_store_percent = r.store_percent, water_need_at = now(),
        needs_water_notification_at = case when r.need = 'needs_water' then t.needs_water_notification_at end
      from app_private.water_need_results(p_ids) r
      where r.id = t.id and t.id = any(p_ids)
        and (t.water_need, t.water_need_reason, t.water_store_percent, t.water_need_reason_parts) is distinct from (r.need, r.reason, r.store_percent, r.parts);
  end if;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

--
-- Name: FUNCTION refresh_water_need(p_ids uuid[]); Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON FUNCTION app_private.refresh_water_need(p_ids uuid[]) IS 'Works out water_need (and its reason and store) for the given things, or all; writes only what changed; returns how many changed.';

--
-- Name: replace_map_layer(text, jsonb, text, text, boolean); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.replace_map_layer(p_layer text, p_features jsonb, p_source text, p_attribution text, p_is_sample boolean) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  perform app_private.clear_map_layer(p_layer);
  perform app_private.add_map_layer_features(p_layer, p_features);
  return app_private.finish_map_layer(p_layer, p_source, p_attribution, p_is_sample);
end;
$$;

--
-- Name: replace_water_points(jsonb, text); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.replace_water_points(p_geojson jsonb, p_source text) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_features jsonb := case when jsonb_typeof(p_geojson) = 'array' then p_geojson else p_geojson->'features' end;
  v_feature jsonb;
  v_index integer := 0;
  v_lon float8;
  v_lat float8;
  v_props jsonb;
  v_kind text;
  v_name text;
  v_count integer := 0;
begin
  if v_features is null or jsonb_typeof(v_features) <> 'array' then
    raise exception 'Give a GeoJSON FeatureCollection of points' using errcode = 'INVLD';
  end if;
  if jsonb_array_length(v_features) > 10000 then
    raise exception 'At most 10000 water points at a time' using errcode = 'INVLD';
  end if;
  delete from app_private.water_points;
  for v_feature in select value from jsonb_array_elements(v_features) loop
    v_index := v_index + 1;
    if v_feature->'geometry'->>'type' is distinct from 'Point'
       or jsonb_typeof(v_feature->'geometry'->'coordinates'->0) <> 'number'
       or jsonb_typeof(v_feature->'geometry'->'coordinates'->1) <> 'number' then
      raise exception 'Feature % is not a point with coordinates [longitude, latitude]', v_index using errcode = 'INVLD';
    end if;
    v_lon := (v_feature->'geometry'->'coordinates'->>0)::float8;
    v_lat := (v_feature->'geometry'->'coordinates'->>1)::float8;
    if v_lat not between -90 and 90 or v_lon not between -180 and 180 then
      raise exception 'Feature % is off the map (longitude -180 to 180, latitude -90 to 90)', v_index using errcode = 'INVLD';
    end if;
    v_props := coalesce(v_feature->'properties', '{}'::jsonb);
    v_kind := lower(coalesce(v_props->>'kind', ''));
    if v_kind not in ('pump', 'tap') then
      v_kind := case when concat_ws(' ', v_props->>'amenity', v_props->>'man_made', v_props->>'pump') ~* '(pump|water_well)'
                     then 'pump' else 'tap' end;
    end if;
    v_name := nullif(btrim(coalesce(v_props->>'name', '')), '');
    if v_name is not null and char_length(v_name) > 120 then
      raise exception 'Feature %: the name must be at most 120 characters', v_index using errcode = 'INVLD';
    end if;
    if char_length(v_props->>'description') > 500 then
      raise exception 'Feature %: the description must be at most 500 characters', v_index using errcode = 'INVLD';
    end if;
    insert into app_private.water_points (name, kind, description, location, source)
    values (coalesce(v_name, case v_kind when 'pump' then 'Water pump' else 'Water tap' end), v_kind,
            nullif(btrim(v_props->>'description'), ''), point(v_lat, v_lon), p_source);
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;

--
-- Name: returns_add(integer[], integer[]); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.returns_add(p_a integer[], p_b integer[]) RETURNS integer[]
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select app_private.returns_trim(array(
    select coalesce(p_a[least(k, cardinality(p_a))], 0) + coalesce(p_b[least(k, cardinality(p_b))], 0)
    from generate_series(1, greatest(cardinality(p_a), cardinality(p_b))) k order by k))
$$;

--
-- Name: returns_of(integer[], integer[]); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.returns_of(p_gaps integer[], p_deltas integer[]) RETURNS integer[]
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select app_private.returns_trim(coalesce(array_agg(x.n order by x.k), '{}'))
  from (select k, (sum(coalesce(sum(g.delta), 0)) over (order by k))::int as n
        from generate_series(1, (select max(g) from unnest(p_gaps) g)) k
        left join unnest(p_gaps, p_deltas) g(gap, delta) on g.gap = k
        group by k) x
$$;

--
-- Name: returns_trim(integer[]); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.returns_trim(p_returns integer[]) RETURNS integer[]
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select coalesce(p_returns[1:(select max(k) from generate_subscripts(p_returns, 1) k
                               where p_returns[k] <> coalesce(p_returns[k - 1], 0))], '{}')
$$;

--
-- Name: roll_up_sensor_hours(integer); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.roll_up_sensor_hours(p_limit integer DEFAULT 5000) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    SET work_mem TO '64MB'
    AS $$
declare
  v_devices uuid[];
  v_hours timestamptz[];
  v_day_devices uuid[];
  v_days timestamptz[];
  v_kept timestamptz := coalesce((select min(month_start) from app_private.sensor_data_partitions()), '-infinity');
begin
  if p_limit is null or p_limit < 1 then
    raise exception 'p_limit must be at least 1' using errcode = 'INVLD';
  end if;
  with taken as (
    select device_id, hour from app_private.sensor_rollup_hours_pending
    order by hour, device_id limit p_limit for update skip locked
  ), gone as (
    delete from app_private.sensor_rollup_hours_pending p using taken t
    where p.device_id = t.device_id and p.hour = t.hour
    returning p.device_id, p.hour
  )
  select array_agg(device_id order by device_id, hour), array_agg(hour order by device_id, hour) into v_devices, v_hours from gone;
  if v_devices is null then
    return 0;
  end if;
  delete from app_public.sensor_rollups_hourly h
  using unnest(v_devices, v_hours) k(device_id, hour)
  where h.device_id = k.device_id and h.bucket = k.hour and k.hour >= v_kept;
  insert into app_public.sensor_rollups_hourly
    select r.* from unnest(v_devices, v_hours) k(device_id, hour)
    cross join lateral app_hidden.sensor_hours(k.device_id, k.hour, k.hour + interval '1 hour') r
    where k.hour >= v_kept
    order by r.device_id, r.bucket, r.thing_id;
  select array_agg(device_id order by device_id, day), array_agg(day order by device_id, day) into v_day_devices, v_days
  from (select distinct k.device_id, date_trunc('day', k.hour, 'UTC') as day from unnest(v_devices, v_hours) k(device_id, hour)) d;
  delete from app_public.sensor_rollups_daily d
  using unnest(v_day_devices, v_days) k(device_id, day)
  where d.device_id = k.device_id and d.bucket = k.day;
  insert into app_public.sensor_rollups_daily (device_id, thing_id, bucket, readings, water_n, water_sum, water_min, water_max, temperature_n, temperature_sum, temperature_min, temperature_max, conductivity_n, conductivity_sum, conductivity_min, conductivity_max, ph_n, ph_sum, ph_min, ph_max, battery_n, battery_sum, battery_min, battery_max, rssi_n, rssi_sum, rssi_min, rssi_max, snr_n, snr_sum, snr_min, snr_max)
    select h.device_id, h.thing_id, k.day, sum(h.readings),
           sum(h.water_n), sum(h.water_sum), min(h.water_min), max(h.water_max),
           sum(h.temperature_n), sum(h.temperature_sum), min(h.temperature_min), max(h.temperature_max),
           sum(h.conductivity_n), sum(h.conductivity_sum), min(h.conductivity_min), max(h.conductivity_max),
           sum(h.ph_n), sum(h.ph_sum), min(h.ph_min), max(h.ph_max),
           sum(h.battery_n), sum(h.battery_sum), min(h.battery_min), max(h.battery_max),
           sum(h.rssi_n), sum(h.rssi_sum), min(h.rssi_min), max(h.rssi_max),
           sum(h.snr_n), sum(h.snr_sum), min(h.snr_min), max(h.snr_max)
    from unnest(v_day_devices, v_days) k(device_id, day)
    join app_public.sensor_rollups_hourly h on h.device_id = k.device_id and h.bucket >= k.day and h.bucket < k.day + interval '1 day'
    group by h.device_id, h.thing_id, k.day
    order by 1, 3, 2;
  return cardinality(v_devices);
end;
$$;

--
-- Name: FUNCTION roll_up_sensor_hours(p_limit integer); Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON FUNCTION app_private.roll_up_sensor_hours(p_limit integer) IS 'Sums up to p_limit marked device-hours into the hourly rollups and their days into the daily ones; answers how many hours it took.';

--
-- Name: sensor_data_partitions(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.sensor_data_partitions() RETURNS TABLE(name text, month_start timestamp with time zone, month_end timestamp with time zone, detach_pending boolean)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $_$
  select c.relname::text, m.start, m.start + interval '1 month', i.inhdetachpending
  from pg_inherits i
  join pg_class c on c.oid = i.inhrelid
  join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'app_partitions'
  cross join lateral (select to_date(substr(c.relname, 13), 'YYYY_MM')::timestamp at time zone 'UTC' as start) m
  where i.inhparent = 'app_public.sensor_data'::regclass and c.relname ~ '^sensor_data_[0-9]{4}_[0-9]{2}$'
  order by m.start
$_$;

--
-- Name: FUNCTION sensor_data_partitions(); Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON FUNCTION app_private.sensor_data_partitions() IS 'The monthly partitions of sensor_data: name, UTC month, and whether a detach was left half done.';

--
-- Name: store_chat_reply(uuid, text, text, jsonb); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.store_chat_reply(p_question_id uuid, p_text text, p_status text, p_metadata jsonb) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_question app_public.chat_messages;
  v_id uuid;
begin
  select * into v_question from app_public.chat_messages where id = p_question_id and type_name = 'user' for update;
  if v_question.id is null then
    return null;
  end if;
  insert into app_public.chat_messages (thing_id, recipient_id, type_name, sender, message_text, status, in_reply_to, metadata)
    values (v_question.thing_id, v_question.recipient_id, 'assistant', 'Care assistant', left(p_text, 8000),
            p_status, v_question.id, coalesce(p_metadata, '{}') || jsonb_build_object('thingId', v_question.thing_id))
    on conflict on constraint chat_messages_in_reply_to_key do nothing
    returning id into v_id;
  if v_id is not null then
    update app_public.chat_messages set status = p_status where id = v_question.id;
  end if;
  return v_id;
end;
$$;

--
-- Name: tg__history_columns(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg__history_columns() RETURNS event_trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_table text;
begin
  for v_table in
    select distinct c.relname::text
    from pg_event_trigger_ddl_commands() d join pg_class c on c.oid = d.objid
    where d.classid = 'pg_class'::regclass and c.relnamespace = 'app_public'::regnamespace
      and c.relname in ('things', 'devices', 'groups')
    union
    select t from pg_event_trigger_ddl_commands() d, unnest(array['things', 'devices', 'groups']) t
    where d.classid = 'pg_proc'::regclass and d.objid = to_regprocedure('app_hidden.history_ignored_columns(text)')
  loop
    perform app_hidden.history_write_comparison(v_table);
  end loop;
end;
$$;

--
-- Name: tg__record_history(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg__record_history() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_ignored text[] := app_hidden.history_ignored_columns(tg_table_name);
  v_old jsonb;
  v_new jsonb;
  v_before jsonb;
  v_after jsonb;
  v_restoring text := nullif(current_setting('steward.restoring_history_entry', true), '');
begin
  if tg_op <> 'INSERT' then v_old := to_jsonb(old) - v_ignored; end if;
  if tg_op <> 'DELETE' then v_new := to_jsonb(new) - v_ignored; end if;
  if tg_op = 'UPDATE' then
    select jsonb_object_agg(n.key, o.value), jsonb_object_agg(n.key, n.value)
      into v_before, v_after
      from jsonb_each(v_new) n
      left join jsonb_each(v_old) o on o.key = n.key
      where o.value is distinct from n.value;
    if v_after is null then
      return null;
    end if;
  else
    v_before := v_old;
    v_after := v_new;
  end if;
  insert into app_public.history_entries (target_type, target_id, operation, changed_by, before, after, restored_from_id)
    values (case tg_table_name when 'things' then 'thing' when 'devices' then 'device' else 'group' end,
            coalesce(new.id, old.id), lower(tg_op), app_public.current_user_id(), v_before, v_after,
            case when tg_op = 'UPDATE' then v_restoring::uuid end);
  return null;
end;
$$;

--
-- Name: tg__timestamps(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg__timestamps() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
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

--
-- Name: tg_actions__award_badges(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_actions__award_badges() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  perform app_hidden.award_badges(new.created_by, app_hidden.badge_type_for_action(new.type),
    (select count(*) from app_public.actions where created_by = new.created_by and type = new.type));
  return new;
end;
$$;

--
-- Name: tg_actions__award_litres_badge(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_actions__award_litres_badge() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if new.litres is not null and new.created_by is not null then
    perform app_hidden.award_badges(new.created_by, 'litres',
      (select floor(coalesce(sum(litres::numeric), 0))::bigint from app_public.actions
        where created_by = new.created_by and litres is not null));
  end if;
  return new;
end;
$$;

--
-- Name: tg_actions__explain_refusal(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_actions__explain_refusal() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if current_user in ('bk_user', 'bk_admin', 'bk_anonymous') then
    if new.type = 'CREATED' then
      raise exception 'The CREATED action is recorded when a thing is added' using errcode = 'DNIED';
    end if;
    if not app_hidden.can_act_on_thing(new.thing_id) then
      raise exception 'Only the thing''s owners and collaborators can record actions: collaborate on it first' using errcode = 'DNIED';
    end if;
  end if;
  return new;
end;
$$;

--
-- Name: tg_actions__last_action_changed(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_actions__last_action_changed() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  perform app_private.refresh_things_last_action(array[old.thing_id, new.thing_id]);
  return null;
end;
$$;

--
-- Name: tg_actions__last_action_deleted(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_actions__last_action_deleted() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  -- Only things whose shown action went (a thing being deleted with its actions is gone already).
  perform app_private.refresh_things_last_action(array(
    select distinct t.id from old_actions o join app_public.things t on t.id = o.thing_id and t.last_action_id = o.id));
  return null;
end;
$$;

--
-- Name: tg_actions__last_action_inserted(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_actions__last_action_inserted() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  perform app_private.refresh_things_last_action(array(select distinct thing_id from new_actions));
  return null;
end;
$$;

--
-- Name: tg_actions__notify_thing(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_actions__notify_thing() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  perform pg_notify('thing:' || new.thing_id, json_build_object('event', 'action', 'id', new.thing_id)::text);
  return null;
end;
$$;

--
-- Name: tg_actions__set_created_by(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_actions__set_created_by() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if current_setting('role', true) in ('bk_user', 'bk_admin', 'bk_anonymous') then
    new.created_by := app_public.current_user_id();
  end if;
  return new;
end;
$$;

--
-- Name: tg_actions__touch_thing(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_actions__touch_thing() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  update app_public.things set last_action = new.created_at where id = new.thing_id and (last_action is null or last_action < new.created_at);
  return new;
end;
$$;

--
-- Name: tg_actions__water_need(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_actions__water_need() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_ids uuid[];
begin
  if tg_op = 'INSERT' then
    v_ids := array(select distinct thing_id from new_actions where type = 'WATERING');
  elsif tg_op = 'DELETE' then
    v_ids := array(select distinct thing_id from old_actions where type = 'WATERING');
  else
    v_ids := array(select distinct n.thing_id from new_actions n join old_actions o on o.id = n.id
                   where (n.type = 'WATERING' or o.type = 'WATERING')
                     and (n.type, n.litres, n.created_at, n.thing_id) is distinct from (o.type, o.litres, o.created_at, o.thing_id)
                   union
                   select o.thing_id from new_actions n join old_actions o on o.id = n.id
                   where o.type = 'WATERING' and o.thing_id is distinct from n.thing_id);
  end if;
  perform app_private.refresh_water_need(v_ids);
  return null;
end;
$$;

--
-- Name: tg_chat_messages__notify_thing(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_chat_messages__notify_thing() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  perform pg_notify('thing:' || new.thing_id, json_build_object('event', 'chat', 'id', new.thing_id)::text);
  return null;
end;
$$;

--
-- Name: tg_device_accesses__keep_an_owner(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_device_accesses__keep_an_owner() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if old.is_owner
     and (tg_op = 'DELETE' or not new.is_owner)
     and exists (select 1 from app_public.devices where id = old.device_id)
     and not exists (select 1 from app_public.device_accesses where device_id = old.device_id and is_owner and id <> old.id) then
    raise exception 'Make someone else an owner before the last owner steps down' using errcode = 'OWNER';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

--
-- Name: tg_devices__indicator(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_devices__indicator() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  new.indicator_colour := app_hidden.indicator_colour(new.indicator_parameter::text, new.water, new.temperature,
    new.conductivity, new.ph, new.hydration_levels, new.last_sensor_data);
  return new;
end;
$$;

--
-- Name: tg_devices__thing_is_yours(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_devices__thing_is_yours() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if new.thing_id is not null and new.thing_id is distinct from old.thing_id
     and current_setting('role', true) in ('bk_user', 'bk_admin')
     and not app_hidden.can_manage_thing(new.thing_id) then
    raise exception 'Choose a thing you own' using errcode = 'DNIED';
  end if;
  return new;
end;
$$;

--
-- Name: tg_devices__unique_device_id(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_devices__unique_device_id() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if exists (select 1 from app_public.devices where device_id = new.device_id and id <> new.id) then
    raise exception 'This device is already registered' using errcode = 'NUNIQ';
  end if;
  return new;
end;
$$;

--
-- Name: tg_feedback__set_user(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_feedback__set_user() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  new.user_id := app_public.current_user_id();
  return new;
end;
$$;

--
-- Name: tg_feedback__thing_visible(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_feedback__thing_visible() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if new.thing_id is not null and current_setting('role', true) in ('bk_user', 'bk_admin')
     and not app_hidden.can_see_thing(new.thing_id) then
    raise exception 'The thing it refers to does not exist' using errcode = 'NTFND';
  end if;
  return new;
end;
$$;

--
-- Name: tg_group_memberships__keep_an_owner(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_group_memberships__keep_an_owner() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if old.is_owner
     and (tg_op = 'DELETE' or not new.is_owner)
     and exists (select 1 from app_public.groups where id = old.group_id)
     and not exists (select 1 from app_public.group_memberships
                     where group_id = old.group_id and is_owner and id <> old.id) then
    raise exception 'Make another member an owner before the last owner leaves or steps down'
      using errcode = 'OWNER';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

--
-- Name: tg_group_memberships__notify_owners(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_group_memberships__notify_owners() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_owner uuid;
  v_group app_public.groups;
  v_name text := coalesce((select name from app_public.users where id = new.user_id), 'Someone');
begin
  select * into v_group from app_public.groups where id = new.group_id;
  for v_owner in
    select user_id from app_public.group_memberships where group_id = new.group_id and is_owner and user_id <> new.user_id
  loop
    perform app_hidden.notify_user(v_owner, 'group_joined', 'positive', v_name || ' joined ' || v_group.name,
      format('%s is now a member of %s.', v_name, v_group.name), '/groups/' || v_group.id, null, true,
      'notice.group_joined', jsonb_build_object('person', (select name from app_public.users where id = new.user_id), 'group', v_group.name));
  end loop;
  return null;
end;
$$;

--
-- Name: tg_groups__slug(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_groups__slug() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_base text;
  v_slug text;
  v_n int := 1;
begin
  if new.slug is not null and new.slug <> '' and (tg_op = 'INSERT' or new.slug = old.slug) then
    return new;
  end if;
  v_base := trim(both '-' from regexp_replace(lower(new.name), '[^a-z0-9]+', '-', 'g'));
  if v_base = '' then v_base := 'group'; end if;
  v_slug := v_base;
  while exists (select 1 from app_public.groups where slug = v_slug and id <> new.id) loop
    v_n := v_n + 1;
    v_slug := v_base || '-' || v_n;
  end loop;
  new.slug := v_slug;
  return new;
end;
$$;

--
-- Name: tg_invitations__notify(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_invitations__notify() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_inviter text := coalesce((select name from app_public.users where id = new.invited_by), 'Someone');
  v_what text;
  v_name text;
  v_which text;
  v_path text;
  v_thing uuid;
begin
  if new.user_id is null or new.user_id is not distinct from new.invited_by then
    return null;
  end if;
  if tg_table_name = 'thing_access_invitations' then
    v_what := (select name from app_public.things where id = new.thing_id);
    v_name := v_what;
    v_which := 'thing';
    v_path := '/things/accept';
    v_thing := new.thing_id;
  elsif tg_table_name = 'device_access_invitations' then
    v_name := (select name from app_public.devices where id = new.device_id);
    v_what := 'the device ' || v_name;
    v_which := 'device';
    v_path := '/devices/accept';
  else
    v_name := (select name from app_public.groups where id = new.group_id);
    v_what := 'the group ' || v_name;
    v_which := 'group';
    v_path := '/groups/accept';
  end if;
  perform app_hidden.notify_user(new.user_id, 'invitation', 'info',
    'Invitation: ' || coalesce(v_what, 'a new place'),
    v_inviter || ' invited you to help with ' || coalesce(v_what, 'something') || '.',
    v_path || '?id=' || new.id || '&code=' || new.code, v_thing, false,
    'notice.invitation.' || case when v_name is null then 'unknown' else v_which end,
    jsonb_build_object('person', (select name from app_public.users where id = new.invited_by), 'name', v_name));
  return null;
end;
$$;

--
-- Name: tg_navigation_events__rollup(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_navigation_events__rollup() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_users uuid[];
  v_days date[];
begin
  if not exists (select 1 from new_events) then
    return null;
  end if;

  -- Routes.
  with batch as (
    select to_route as route, user_id, session_id, occurred_at, time_spent, (occurred_at at time zone 'UTC')::date as day
    from new_events
  ),
  new_visitor_days as (
    insert into app_private.navigation_route_visitors as m (route, user_id, days, added)
    select route, user_id, days, days
    from (select route, user_id, range_agg(daterange(day, day, '[]')) as days from batch
          where user_id is not null group by route, user_id) b
    order by route, user_id
    on conflict (route, user_id) do update set added = excluded.days - m.days, days = m.days + excluded.days
      where not m.days @> excluded.days
    returning m.route, m.days, m.added
  ),
  new_session_days as (
    insert into app_private.navigation_route_sessions as m (route, session_id, days, added)
    select route, session_id, days, days
    from (select route, session_id, range_agg(daterange(day, day, '[]')) as days from batch group by route, session_id) b
    order by route, session_id
    on conflict (route, session_id) do update set added = excluded.days - m.days, days = m.days + excluded.days
      where not m.days @> excluded.days
    returning m.route, m.days, m.added
  ),
  parts as (
    select day, route, count(*) as visits, sum(time_spent) as time_spent, min(occurred_at) as first_at,
           max(occurred_at) as last_at, 0 as visitors, 0 as sessions, null::int as visitor_gap, null::int as session_gap, 0 as delta
    from batch group by day, route
    union all
    select d, route, 0, 0, null, null, 1, 0, null, null, 0 from new_visitor_days, app_private.days_of(added) d
    union all
    select d, route, 0, 0, null, null, 0, 1, null, null, 0 from new_session_days, app_private.days_of(added) d
    union all
    select g.day, route, 0, 0, null, null, 0, 0, g.gap, null, g.delta from new_visitor_days, app_private.gap_changes(days, added) g
    union all
    select g.day, route, 0, 0, null, null, 0, 0, null, g.gap, g.delta from new_session_days, app_private.gap_changes(days, added) g
  )
  insert into app_private.navigation_route_days as r
    (day, route, visits, time_spent, first_at, last_at, visitors, sessions, visitor_returns, session_returns)
  -- A day with no event in the batch (only a gap that changed) proposes -infinity/infinity as its
  -- first and last visit, which change nothing in its row: NOT NULL is checked before ON CONFLICT.
  select day, route, sum(visits), sum(time_spent), coalesce(min(first_at), 'infinity'), coalesce(max(last_at), '-infinity'),
         sum(visitors), sum(sessions),
         coalesce(app_private.returns_of(array_agg(visitor_gap) filter (where visitor_gap is not null),
                                         array_agg(delta) filter (where visitor_gap is not null)), '{}'),
         coalesce(app_private.returns_of(array_agg(session_gap) filter (where session_gap is not null),
                                         array_agg(delta) filter (where session_gap is not null)), '{}')
  from parts group by day, route
  order by day, route
  on conflict (day, route) do update set
    visits = r.visits + excluded.visits,
    time_spent = r.time_spent + excluded.time_spent,
    first_at = least(r.first_at, excluded.first_at),
    last_at = greatest(r.last_at, excluded.last_at),
    visitors = r.visitors + excluded.visitors,
    sessions = r.sessions + excluded.sessions,
    visitor_returns = case when excluded.visitor_returns = '{}' then r.visitor_returns
                           else app_private.returns_add(r.visitor_returns, excluded.visitor_returns) end,
    session_returns = case when excluded.session_returns = '{}' then r.session_returns
                           else app_private.returns_add(r.session_returns, excluded.session_returns) end;

  -- Patterns (navigations that came from somewhere).
  with batch as (
    select from_route, to_route, user_id, session_id, occurred_at, time_spent, (occurred_at at time zone 'UTC')::date as day
    from new_events where from_route is not null
  ),
  new_visitor_days as (
    insert into app_private.navigation_pattern_visitors as m (from_route, to_route, user_id, days, added)
    select from_route, to_route, user_id, days, days
    from (select from_route, to_route, user_id, range_agg(daterange(day, day, '[]')) as days from batch
          where user_id is not null group by from_route, to_route, user_id) b
    order by from_route, to_route, user_id
    on conflict (from_route, to_route, user_id) do update set added = excluded.days - m.days, days = m.days + excluded.days
      where not m.days @> excluded.days
    returning m.from_route, m.to_route, m.days, m.added
  ),
  new_session_days as (
    insert into app_private.navigation_pattern_sessions as m (from_route, to_route, session_id, days, added)
    select from_route, to_route, session_id, days, days
    from (select from_route, to_route, session_id, range_agg(daterange(day, day, '[]')) as days from batch
          group by from_route, to_route, session_id) b
    order by from_route, to_route, session_id
    on conflict (from_route, to_route, session_id) do update set added = excluded.days - m.days, days = m.days + excluded.days
      where not m.days @> excluded.days
    returning m.from_route, m.to_route, m.days, m.added
  ),
  parts as (
    select day, from_route, to_route, count(*) as occurrences, sum(time_spent) as time_spent,
           min(occurred_at) as first_at, max(occurred_at) as last_at, 0 as visitors, 0 as sessions,
           null::int as visitor_gap, null::int as session_gap, 0 as delta
    from batch group by day, from_route, to_route
    union all
    select d, from_route, to_route, 0, 0, null, null, 1, 0, null, null, 0 from new_visitor_days, app_private.days_of(added) d
    union all
    select d, from_route, to_route, 0, 0, null, null, 0, 1, null, null, 0 from new_session_days, app_private.days_of(added) d
    union all
    select g.day, from_route, to_route, 0, 0, null, null, 0, 0, g.gap, null, g.delta
    from new_visitor_days, app_private.gap_changes(days, added) g
    union all
    select g.day, from_route, to_route, 0, 0, null, null, 0, 0, null, g.gap, g.delta
    from new_session_days, app_private.gap_changes(days, added) g
  )
  insert into app_private.navigation_pattern_days as p
    (day, from_route, to_route, occurrences, time_spent, first_at, last_at, visitors, sessions, visitor_returns, session_returns)
  select day, from_route, to_route, sum(occurrences), sum(time_spent), coalesce(min(first_at), 'infinity'),
         coalesce(max(last_at), '-infinity'), sum(visitors), sum(sessions),
         coalesce(app_private.returns_of(array_agg(visitor_gap) filter (where visitor_gap is not null),
                                         array_agg(delta) filter (where visitor_gap is not null)), '{}'),
         coalesce(app_private.returns_of(array_agg(session_gap) filter (where session_gap is not null),
                                         array_agg(delta) filter (where session_gap is not null)), '{}')
  from parts group by day, from_route, to_route
  order by day, from_route, to_route
  on conflict (day, from_route, to_route) do update set
    occurrences = p.occurrences + excluded.occurrences,
    time_spent = p.time_spent + excluded.time_spent,
    first_at = least(p.first_at, excluded.first_at),
    last_at = greatest(p.last_at, excluded.last_at),
    visitors = p.visitors + excluded.visitors,
    sessions = p.sessions + excluded.sessions,
    visitor_returns = case when excluded.visitor_returns = '{}' then p.visitor_returns
                           else app_private.returns_add(p.visitor_returns, excluded.visitor_returns) end,
    session_returns = case when excluded.session_returns = '{}' then p.session_returns
                           else app_private.returns_add(p.session_returns, excluded.session_returns) end;

  -- Days, and the per-session totals (unchanged).
  with batch as (
    select user_id, session_id, occurred_at, time_spent, (occurred_at at time zone 'UTC')::date as day from new_events
  ),
  new_visitor_days as (
    insert into app_private.navigation_visitor_days as m (user_id, days, added)
    select user_id, days, days
    from (select user_id, range_agg(daterange(day, day, '[]')) as days from batch where user_id is not null group by user_id) b
    order by user_id
    on conflict (user_id) do update set added = excluded.days - m.days, days = m.days + excluded.days
      where not m.days @> excluded.days
    returning m.added
  ),
  new_session_days as (
    insert into app_private.navigation_session_totals as m (session_id, navigations, last_at, days, added)
    select session_id, navigations, last_at, days, days
    from (select session_id, count(*) as navigations, max(occurred_at) as last_at, range_agg(daterange(day, day, '[]')) as days
          from batch group by session_id) b
    order by session_id
    on conflict (session_id) do update set
      navigations = m.navigations + excluded.navigations,
      last_at = greatest(m.last_at, excluded.last_at),
      added = excluded.days - m.days,
      days = m.days + excluded.days
    returning m.added
  ),
  parts as (
    select day, count(*) as navigations, sum(time_spent) as time_spent, 0 as visitors, 0 as sessions from batch group by day
    union all
    select d, 0, 0, 1, 0 from new_visitor_days, app_private.days_of(added) d
    union all
    select d, 0, 0, 0, 1 from new_session_days, app_private.days_of(added) d
  )
  insert into app_private.navigation_days as t (day, navigations, time_spent, visitors, sessions)
  select day, sum(navigations), sum(time_spent), sum(visitors), sum(sessions)
  from parts group by day
  order by day
  on conflict (day) do update set
    navigations = t.navigations + excluded.navigations,
    time_spent = t.time_spent + excluded.time_spent,
    visitors = t.visitors + excluded.visitors,
    sessions = t.sessions + excluded.sessions;

  -- The sessions now with more navigations (or a later last one): their people's start days.
  select array_agg(s.user_id), array_agg((s.started_at at time zone 'UTC')::date) into v_users, v_days
  from app_private.navigation_sessions s
  where s.session_id in (select session_id from new_events) and s.user_id is not null;
  perform app_private.refresh_navigation_user_session_days(v_users, v_days);

  return null;
end;
$$;

--
-- Name: tg_navigation_sessions__refresh_people(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_navigation_sessions__refresh_people() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_users uuid[];
  v_days date[];
begin
  -- A session's start can move (to an earlier day), and pruning deletes sessions: the days it
  -- left and the days it is on now.
  if tg_op = 'INSERT' then
    select array_agg(user_id), array_agg((started_at at time zone 'UTC')::date) into v_users, v_days from new_sessions;
  elsif tg_op = 'UPDATE' then
    select array_agg(user_id), array_agg(day) into v_users, v_days
    from (select user_id, (started_at at time zone 'UTC')::date as day from new_sessions
          union select user_id, (started_at at time zone 'UTC')::date from old_sessions) x;
  else
    select array_agg(user_id), array_agg((started_at at time zone 'UTC')::date) into v_users, v_days from old_sessions;
  end if;
  perform app_private.refresh_navigation_user_session_days(v_users, v_days);
  return null;
end;
$$;

--
-- Name: tg_notifications__announce(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_notifications__announce() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  perform pg_notify('user:' || new.user_id, json_build_object('event', 'notification', 'id', new.id)::text);
  return null;
end;
$$;

--
-- Name: tg_sensor_data__rollups(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_sensor_data__rollups() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  insert into app_private.sensor_rollup_hours_pending as p (device_id, hour)
    select distinct device_id, date_trunc('hour', created_at, 'UTC') from new_readings order by 1, 2
    on conflict (device_id, hour) do update set hour = excluded.hour where false;
  return null;
end;
$$;

--
-- Name: tg_sessions__announce_end(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_sessions__announce_end() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  perform pg_notify('session:' || old.id, 'ended');
  return null;
end;
$$;

--
-- Name: tg_sessions__award_signin_badge(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_sessions__award_signin_badge() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  perform app_hidden.award_badges(new.user_id, 'signin',
    (select count(*) from app_private.sessions where user_id = new.user_id));
  return new;
end;
$$;

--
-- Name: tg_sessions__forget_signed_in_user(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_sessions__forget_signed_in_user() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  perform set_config('steward.signed_in_user', '', true);
  return null;
end;
$$;

--
-- Name: tg_task_assignments__check_and_notify(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_task_assignments__check_and_notify() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_task app_public.tasks;
  v_thing app_public.things;
  v_visible boolean;
begin
  select * into v_task from app_public.tasks where id = new.task_id;
  -- Without this, a task id that names no task got as far as the notification (null title).
  if v_task.id is null then
    raise exception 'Task not found' using errcode = 'NTFND';
  end if;
  select * into v_thing from app_public.things where id = v_task.thing_id;
  -- Those who see the task (tasks' select policy): the thing's owners and collaborators and its
  -- group's members. A public thing is seen by everyone, its tasks are not. The planner (who
  -- passed _250_explain_refusal) may take the task on themselves.
  v_visible := new.assigned_to = app_public.current_user_id()
    or exists (select 1 from app_public.thing_accesses
               where thing_id = v_thing.id and user_id = new.assigned_to and (is_owner or is_collaborator))
    or exists (select 1 from app_public.group_memberships where group_id = v_thing.group_id and user_id = new.assigned_to);
  if not v_visible then
    -- Word for word what an id that names nobody gets (server/graphql/errors.ts, 23503).
    raise exception 'The user it refers to does not exist' using errcode = 'NTFND';
  end if;
  new.assigned_by := app_public.current_user_id();
  if new.assigned_to is distinct from app_public.current_user_id() then
    perform app_hidden.notify_user(new.assigned_to, 'task_assigned', 'info',
      'Task assigned: ' || v_task.title,
      coalesce((select name from app_public.users where id = app_public.current_user_id()), 'Someone')
        || ' asked you to ' || app_hidden.action_phrase(v_task.action_type) || ' at ' || v_thing.name
        || coalesce(' by ' || to_char(v_task.due_date, 'FMDay FMDD FMMonth'), '') || ': ' || v_task.title,
      '/tasks', v_thing.id, true,
      case when v_task.due_date is null then 'notice.task_assigned' else 'notice.task_assigned_by' end,
      jsonb_build_object('person', (select name from app_public.users where id = app_public.current_user_id()),
                         'action', v_task.action_type, 'thing', v_thing.name, 'dueDate', v_task.due_date, 'task', v_task.title));
  end if;
  return new;
end;
$$;

--
-- Name: tg_task_assignments__explain_refusal(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_task_assignments__explain_refusal() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if current_setting('role', true) in ('bk_user', 'bk_admin')
     and not exists (select 1 from app_public.tasks t where t.id = new.task_id and app_hidden.can_plan_on_thing(t.thing_id)) then
    raise exception 'Only the people who plan tasks on the thing can assign this task' using errcode = 'DNIED';
  end if;
  return new;
end;
$$;

--
-- Name: tg_tasks__assignee_changes_status_only(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_tasks__assignee_changes_status_only() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if current_setting('role', true) in ('bk_user', 'bk_admin') and not app_hidden.can_plan_on_thing(old.thing_id)
     and (new.thing_id, new.action_type, new.title, new.description, new.priority, new.due_date)
         is distinct from (old.thing_id, old.action_type, old.title, old.description, old.priority, old.due_date) then
    raise exception 'As an assignee you can change the task''s status only' using errcode = 'DNIED';
  end if;
  if new.thing_id is distinct from old.thing_id and not app_hidden.can_plan_on_thing(new.thing_id) then
    raise exception 'You cannot plan tasks on that thing' using errcode = 'DNIED';
  end if;
  return new;
end;
$$;

--
-- Name: tg_tasks__device_health_notify(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_tasks__device_health_notify() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_user uuid;
  v_device app_public.devices;
  v_key text;
begin
  -- Which of app_private.check_device_health's two texts this task carries, by writing them again
  -- from the device (unchanged in this transaction); a task worded otherwise keeps English only.
  select * into v_device from app_public.devices where id::text = substr(new.source, length('device_health:') + 1);
  if new.title = 'Check device ' || v_device.name then
    v_key := case
      when new.description = format('The device %s (%s) has sent nothing since %s. Check its battery, antenna and probe.',
             v_device.name, v_device.device_id, to_char(v_device.last_sensor_data at time zone 'UTC', 'FMDD FMMonth HH24:MI "UTC"'))
        then 'notice.device_health.silent'
      when new.description = format('The device %s (%s) has sent nothing since it was added. Check its battery, antenna and probe.',
             v_device.name, v_device.device_id)
        then 'notice.device_health.silent_since_added'
      when new.description = format('The device %s (%s) reports a low battery (%s V). Check its battery, antenna and probe.',
             v_device.name, v_device.device_id, round(v_device.battery::numeric, 2))
        then 'notice.device_health.battery' end;
  end if;
  for v_user in
    select user_id from app_public.thing_accesses where thing_id = new.thing_id and (is_owner or is_collaborator)
  loop
    perform app_hidden.notify_user(v_user, 'device_health', 'warning', new.title,
      coalesce(new.description, new.title), '/things/' || new.thing_id, new.thing_id, true, v_key,
      case when v_key is not null then jsonb_build_object('device', v_device.name, 'deviceId', v_device.device_id,
        'sinceAt', v_device.last_sensor_data, 'volts', round(v_device.battery::numeric, 2)) end);
  end loop;
  return null;
end;
$$;

--
-- Name: tg_tasks__explain_refusal(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_tasks__explain_refusal() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if current_setting('role', true) in ('bk_user', 'bk_admin') and not app_hidden.can_plan_on_thing(new.thing_id) then
    raise exception 'Only the thing''s owners, collaborators and group members can plan tasks on it' using errcode = 'DNIED';
  end if;
  return new;
end;
$$;

--
-- Name: tg_tasks__stamps(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_tasks__stamps() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if tg_op = 'INSERT' then
    new.created_by := coalesce(app_public.current_user_id(), new.created_by);
  end if;
  if new.status = 'completed' and (tg_op = 'INSERT' or old.status <> 'completed') then
    new.completed_at := now();
  elsif new.status <> 'completed' then
    new.completed_at := null;
  end if;
  return new;
end;
$$;

--
-- Name: tg_thing_accesses__keep_an_owner(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_thing_accesses__keep_an_owner() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if old.is_owner
     and (tg_op = 'DELETE' or not new.is_owner)
     and exists (select 1 from app_public.things where id = old.thing_id)
     and not exists (select 1 from app_public.thing_accesses where thing_id = old.thing_id and is_owner and id <> old.id) then
    raise exception 'Make someone else an owner before the last owner steps down' using errcode = 'OWNER';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

--
-- Name: tg_thing_accesses__owner_changes_roles(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_thing_accesses__owner_changes_roles() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if current_setting('role', true) in ('bk_user', 'bk_admin')
     and not app_hidden.can_manage_thing(new.thing_id)
     and not (old.user_id = app_public.current_user_id()
              and new.user_id = old.user_id and new.thing_id = old.thing_id and new.is_owner = old.is_owner) then
    raise exception 'Only the thing''s owners can change who owns or collaborates on it' using errcode = 'DNIED';
  end if;
  return new;
end;
$$;

--
-- Name: tg_things__group_is_yours(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_things__group_is_yours() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if new.group_id is distinct from old.group_id then
    perform app_hidden.assert_can_use_group(new.group_id);
  end if;
  return new;
end;
$$;

--
-- Name: tg_things__indicator(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_things__indicator() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  new.indicator_colour := app_hidden.indicator_colour(new.indicator_parameter::text, new.water, new.temperature,
    new.conductivity, new.ph, new.hydration_levels, new.last_sensor_data);
  if tg_op = 'INSERT' then
    new.indicator_colour_changed_at := now();
  elsif new.indicator_colour is distinct from old.indicator_colour then
    new.indicator_colour_last := old.indicator_colour;
    new.indicator_colour_changed_at := now();
  end if;
  return new;
end;
$$;

--
-- Name: tg_things__map_cells(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_things__map_cells() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_latitudes float8[];
  v_longitudes float8[];
  v_public boolean[];
  v_signs integer[];
  v_needs integer[];
begin
  if tg_op = 'TRUNCATE' then
    delete from app_private.thing_map_cells;
    return null;
  elsif tg_op = 'INSERT' then
    select array_agg(n.location[0]), array_agg(n.location[1]), array_agg(n.is_public and n.hidden_at is null), array_agg(1),
           array_agg((n.water_need = 'needs_water')::integer)
      into v_latitudes, v_longitudes, v_public, v_signs, v_needs
      from new_rows n;
  elsif tg_op = 'DELETE' then
    select array_agg(o.location[0]), array_agg(o.location[1]), array_agg(o.is_public and o.hidden_at is null), array_agg(-1),
           array_agg(-(o.water_need = 'needs_water')::integer)
      into v_latitudes, v_longitudes, v_public, v_signs, v_needs
      from old_rows o;
  else
    with changed as (
      select o.location as old_location, (o.is_public and o.hidden_at is null) as old_public, (o.water_need = 'needs_water')::integer as old_needs,
             n.location as new_location, (n.is_public and n.hidden_at is null) as new_public, (n.water_need = 'needs_water')::integer as new_needs,
             (o.location[0] <> n.location[0] or o.location[1] <> n.location[1]
              or (o.is_public and o.hidden_at is null) <> (n.is_public and n.hidden_at is null)) as moved
      from old_rows o
      join new_rows n on n.id = o.id
      where o.location[0] <> n.location[0] or o.location[1] <> n.location[1]
         or (o.is_public and o.hidden_at is null) <> (n.is_public and n.hidden_at is null)
         or (o.water_need = 'needs_water') <> (n.water_need = 'needs_water')
    )
    select array_agg(c.latitude), array_agg(c.longitude), array_agg(c.is_public), array_agg(c.sign), array_agg(c.needs)
      into v_latitudes, v_longitudes, v_public, v_signs, v_needs
      from changed ch
      cross join lateral (
        select ch.old_location[0], ch.old_location[1], ch.old_public, -1, -ch.old_needs where ch.moved
        union all
        select ch.new_location[0], ch.new_location[1], ch.new_public, 1, ch.new_needs where ch.moved
        union all
        select ch.new_location[0], ch.new_location[1], ch.new_public, 0, ch.new_needs - ch.old_needs where not ch.moved
      ) as c(latitude, longitude, is_public, sign, needs);
  end if;
  if v_signs is not null then
    perform app_private.thing_map_cells_add(v_latitudes, v_longitudes, v_public, v_signs, v_needs);
  end if;
  return null;
end;
$$;

--
-- Name: tg_things__notify(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_things__notify() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  perform pg_notify('thing:' || old.id, json_build_object('event', lower(tg_op), 'id', old.id)::text);
  return null;
end;
$$;

--
-- Name: tg_things__soilscape(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_things__soilscape() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v jsonb := app_hidden.soilscape_at(new.location);
begin
  new.texture := v->>'texture';
  new.drainage := v->>'drainage';
  new.fertility := v->>'fertility';
  new.landcover := v->>'landcover';
  new.habitats := v->>'habitats';
  new.carbon := v->>'carbon';
  new.drains_to := v->>'drains_to';
  new.water_protection := v->>'water_protection';
  new.general_cropping := v->>'general_cropping';
  return new;
end;
$$;

--
-- Name: tg_things__species_known(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_things__species_known() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if new.species_id is not null and not exists (select 1 from app_public.tree_species where id = new.species_id) then
    raise exception 'Choose a species from the list' using errcode = 'INVLD';
  end if;
  return new;
end;
$$;

--
-- Name: tg_things__water_need_from_reading(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_things__water_need_from_reading() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  r record;
begin
  select * into r from app_hidden.water_need_from_reading(new.water, new.hydration_levels, new.last_sensor_data);
  if r.need is not null
     and (new.water_need, new.water_need_reason, new.water_store_percent, new.water_need_reason_parts) is distinct from (r.need, r.reason, r.store_percent, r.parts) then
    new.water_need := r.need;
    new.water_need_reason := r.reason;
    new.water_need_reason_parts := r.parts;
    new.water_store_percent := r.store_percent;
    new.water_need_at := now();
    if r.need <> 'needs_water' then
      new.needs_water_notification_at := null;
    end if;
  elsif r.need is null and tg_op = 'INSERT' then
    -- What a new thing is before the model has looked at its weather (the statement trigger
    -- below), so a bulk insert in a place without weather writes nothing twice.
    if exists (select 1 from app_private.water_need_parameters p where p.type = new.type and not p.needs_watering) then
      new.water_need := 'fine';
      new.water_need_reason := 'needs no watering';
      new.water_need_reason_parts := '[{"key": "reason.no_watering_needed"}]';
    else
      new.water_need := 'unknown';
      new.water_need_reason := 'no watering, fresh reading or weather recorded yet';
      new.water_need_reason_parts := '[{"key": "reason.not_yet"}]';
    end if;
    new.water_store_percent := null;
    new.water_need_at := now();
  end if;
  return new;
end;
$$;

--
-- Name: tg_things__water_need_refresh_new(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_things__water_need_refresh_new() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  perform app_private.refresh_water_need(array(select id from new_things));
  return null;
end;
$$;

--
-- Name: tg_things__water_need_refresh_row(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_things__water_need_refresh_row() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  perform app_private.refresh_water_need(array[new.id]);
  return null;
end;
$$;

--
-- Name: tg_user_emails__claim_verified(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_user_emails__claim_verified() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_copy record;
begin
  for v_copy in
    select e.id, e.user_id, e.is_primary from app_public.user_emails e
    where e.email = new.email and e.user_id <> new.user_id and not e.is_verified
  loop
    if v_copy.is_primary then
      update app_public.user_emails set is_primary = false where id = v_copy.id;
    end if;
    delete from app_public.user_emails where id = v_copy.id;
    if v_copy.is_primary then
      update app_public.user_emails set is_primary = true
        where id = (select e.id from app_public.user_emails e where e.user_id = v_copy.user_id
                    order by e.is_verified desc, e.created_at, e.id limit 1);
    end if;
  end loop;
  update app_public.thing_access_invitations set user_id = new.user_id where email = new.email and user_id is distinct from new.user_id;
  update app_public.device_access_invitations set user_id = new.user_id where email = new.email and user_id is distinct from new.user_id;
  update app_public.group_membership_invitations set user_id = new.user_id where email = new.email and user_id is distinct from new.user_id;
  return null;
end;
$$;

--
-- Name: tg_user_emails__keep_primary(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_user_emails__keep_primary() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if old.is_primary and exists (select 1 from app_public.users where id = old.user_id) then
    raise exception 'You cannot delete your primary e-mail address' using errcode = 'DNIED';
  end if;
  return old;
end;
$$;

--
-- Name: tg_user_emails__unique_email(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_user_emails__unique_email() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if exists (select 1 from app_public.user_emails where email = new.email and user_id = new.user_id and id <> new.id) then
    raise exception 'Email already added' using errcode = 'NUNIQ';
  end if;
  if exists (select 1 from app_public.user_emails where email = new.email and user_id <> new.user_id and is_verified) then
    raise exception 'Email already exists' using errcode = 'NUNIQ';
  end if;
  return new;
end;
$$;

--
-- Name: tg_users__check_language(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_users__check_language() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  if new.language is not null and new.language not in ('en-GB', 'de') then
    raise exception 'Choose English (en-GB) or German (de)' using errcode = 'INVLD';
  end if;
  return new;
end;
$$;

--
-- Name: tg_users__one_thing_visible(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_users__one_thing_visible() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if new.one_thing_id is not null and new.one_thing_id is distinct from old.one_thing_id
     and current_setting('role', true) in ('bk_user', 'bk_admin')
     and not app_hidden.can_see_thing(new.one_thing_id) then
    raise exception 'The thing it refers to does not exist' using errcode = 'NTFND';
  end if;
  return new;
end;
$$;

--
-- Name: tg_users__unique_username(); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.tg_users__unique_username() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if exists (select 1 from app_public.users where username = new.username and id <> new.id) then
    raise exception 'Username already exists' using errcode = 'NUNIQ';
  end if;
  return new;
end;
$$;

--
-- Name: thing_map_cells_add(double precision[], double precision[], boolean[], integer[], integer[]); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.thing_map_cells_add(p_latitudes double precision[], p_longitudes double precision[], p_is_public boolean[], p_signs integer[], p_needs integer[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  with changes as (
    select * from unnest(p_latitudes, p_longitudes, p_is_public, p_signs, p_needs) as c(latitude, longitude, is_public, sign, needs)
  ),
  delta as (
    select l.level, app_hidden.map_cell(app_hidden.map_world_x(longitude), l.level) as x,
           app_hidden.map_cell(app_hidden.map_world_y(latitude), l.level) as y,
           coalesce(sum(sign) filter (where is_public), 0) as public_count,
           coalesce(sum(sign * latitude) filter (where is_public and sign <> 0), 0) as public_latitude_sum,
           coalesce(sum(sign * longitude) filter (where is_public and sign <> 0), 0) as public_longitude_sum,
           coalesce(sum(sign) filter (where not is_public), 0) as private_count,
           coalesce(sum(sign * latitude) filter (where not is_public and sign <> 0), 0) as private_latitude_sum,
           coalesce(sum(sign * longitude) filter (where not is_public and sign <> 0), 0) as private_longitude_sum,
           coalesce(sum(needs) filter (where is_public), 0) as public_needs_water,
           coalesce(sum(needs) filter (where not is_public), 0) as private_needs_water
    from changes, generate_series(0, 18) as l(level)
    group by 1, 2, 3
    -- One order for every writer, so two transactions never wait on each other's cells crosswise.
    order by 1, 2, 3
  )
  insert into app_private.thing_map_cells as c
    (level, x, y, public_count, public_latitude_sum, public_longitude_sum, private_count, private_latitude_sum,
     private_longitude_sum, public_needs_water, private_needs_water)
  select * from delta
  on conflict (level, x, y) do update set
    public_count = c.public_count + excluded.public_count,
    public_latitude_sum = c.public_latitude_sum + excluded.public_latitude_sum,
    public_longitude_sum = c.public_longitude_sum + excluded.public_longitude_sum,
    private_count = c.private_count + excluded.private_count,
    private_latitude_sum = c.private_latitude_sum + excluded.private_latitude_sum,
    private_longitude_sum = c.private_longitude_sum + excluded.private_longitude_sum,
    public_needs_water = c.public_needs_water + excluded.public_needs_water,
    private_needs_water = c.private_needs_water + excluded.private_needs_water;

  -- Cells left empty go, so the table holds only cells with things.
  if -1 = any (p_signs) then
    delete from app_private.thing_map_cells c
    using (
      select distinct l.level, app_hidden.map_cell(app_hidden.map_world_x(longitude), l.level) as x,
             app_hidden.map_cell(app_hidden.map_world_y(latitude), l.level) as y
      from unnest(p_latitudes, p_longitudes, p_signs) as d(latitude, longitude, sign), generate_series(0, 18) as l(level)
      where d.sign < 0
    ) gone
    where c.level = gone.level and c.x = gone.x and c.y = gone.y and c.public_count = 0 and c.private_count = 0;
  end if;
end;
$$;

--
-- Name: uplink_problem(jsonb, timestamp with time zone); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.uplink_problem(p_values jsonb, p_received_at timestamp with time zone) RETURNS text
    LANGUAGE sql STABLE
    AS $$
  select case
    when p_received_at > now() + interval '5 minutes' then 'received_at is in the future'
    when jsonb_typeof(p_values) is distinct from 'object' then 'the values must be a JSON object'
    when jsonb_typeof(p_values->'water') not in ('number', 'null') then 'water must be a number'
    when jsonb_typeof(p_values->'temperature') not in ('number', 'null') then 'temperature must be a number'
    when jsonb_typeof(p_values->'conductivity') not in ('number', 'null') then 'conductivity must be a number'
    when jsonb_typeof(p_values->'ph') not in ('number', 'null') then 'ph must be a number'
    when jsonb_typeof(p_values->'battery') not in ('number', 'null') then 'battery must be a number'
    when jsonb_typeof(p_values->'rainfall') not in ('number', 'null') then 'rainfall must be a number'
    when (p_values->>'water')::numeric not between 0 and 100
      then format('water must be between 0 and 100 %% (got %s)', p_values->>'water')
    when (p_values->>'temperature')::numeric not between -40 and 85
      then format('temperature must be between -40 and 85 °C (got %s)', p_values->>'temperature')
    when (p_values->>'conductivity')::numeric not between 0 and 20000
      then format('conductivity must be between 0 and 20000 µS/cm (got %s)', p_values->>'conductivity')
    when (p_values->>'ph')::numeric not between 0 and 14
      then format('ph must be between 0 and 14 (got %s)', p_values->>'ph')
    when (p_values->>'battery')::numeric not between 2 and 4
      then format('battery must be between 2 and 4 V (got %s)', p_values->>'battery')
    -- More than a metre between two uplinks is no rain gauge's reading.
    when (p_values->>'rainfall')::numeric not between 0 and 1000
      then format('rainfall must be between 0 and 1000 mm (got %s)', p_values->>'rainfall')
  end
$$;

--
-- Name: FUNCTION uplink_problem(p_values jsonb, p_received_at timestamp with time zone); Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON FUNCTION app_private.uplink_problem(p_values jsonb, p_received_at timestamp with time zone) IS 'Why an uplink''s values cannot be a reading (dated in the future, or out of the sensors'' ranges); null when they can.';

--
-- Name: water_need_results(uuid[]); Type: FUNCTION; Schema: app_private; Owner: -
--

CREATE FUNCTION app_private.water_need_results(p_ids uuid[]) RETURNS TABLE(id uuid, need app_public.water_need, reason text, store_percent double precision, parts jsonb)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    SET jit TO 'off'
    SET plan_cache_mode TO 'force_custom_plan'
    SET work_mem TO '64MB'
    AS $$
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
$$;

--
-- Name: device_accesses; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.device_accesses (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    device_id uuid NOT NULL,
    user_id uuid NOT NULL,
    is_owner boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: accept_invitation_to_device_access(uuid, text); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.accept_invitation_to_device_access(invitation_id uuid, code text) RETURNS app_public.device_accesses
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_invitation app_public.device_access_invitations;
  v_access app_public.device_accesses;
begin
  select * into v_invitation from app_public.device_access_invitations i where i.id = invitation_id for update;
  perform app_hidden.assert_invitation_usable(v_invitation.id is not null, v_invitation.created_at, v_invitation.code, code, v_invitation.email);
  if exists (select 1 from app_public.device_accesses a where a.device_id = v_invitation.device_id and a.user_id = app_public.current_user_id()) then
    delete from app_public.device_access_invitations where id = v_invitation.id;
    raise exception 'You already have access to this device' using errcode = 'ISACS';
  end if;
  insert into app_public.device_accesses (device_id, user_id) values (v_invitation.device_id, app_public.current_user_id())
    returning * into v_access;
  delete from app_public.device_access_invitations where id = v_invitation.id;
  return v_access;
end;
$$;

--
-- Name: accept_invitation_to_group_membership(uuid, text); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.accept_invitation_to_group_membership(invitation_id uuid, code text) RETURNS app_public.group_memberships
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_invitation app_public.group_membership_invitations;
  v_membership app_public.group_memberships;
begin
  select * into v_invitation from app_public.group_membership_invitations i where i.id = invitation_id for update;
  perform app_hidden.assert_invitation_usable(v_invitation.id is not null, v_invitation.created_at, v_invitation.code, code, v_invitation.email);
  insert into app_public.group_memberships (group_id, user_id) values (v_invitation.group_id, app_public.current_user_id())
    on conflict on constraint group_memberships_group_user_key do update set is_owner = app_public.group_memberships.is_owner
    returning * into v_membership;
  delete from app_public.group_membership_invitations where id = v_invitation.id;
  return v_membership;
end;
$$;

--
-- Name: thing_accesses; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.thing_accesses (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    thing_id uuid NOT NULL,
    user_id uuid NOT NULL,
    is_owner boolean DEFAULT false NOT NULL,
    is_collaborator boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: TABLE thing_accesses; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.thing_accesses IS 'A user''s role on a thing: owner, collaborator, or (neither flag) viewer.';

--
-- Name: accept_invitation_to_thing_access(uuid, text); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.accept_invitation_to_thing_access(invitation_id uuid, code text) RETURNS app_public.thing_accesses
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_invitation app_public.thing_access_invitations;
  v_access app_public.thing_accesses;
begin
  select * into v_invitation from app_public.thing_access_invitations i where i.id = invitation_id for update;
  perform app_hidden.assert_invitation_usable(v_invitation.id is not null, v_invitation.created_at, v_invitation.code, code, v_invitation.email);
  if exists (select 1 from app_public.thing_accesses a
             where a.thing_id = v_invitation.thing_id and a.user_id = app_public.current_user_id() and (a.is_owner or a.is_collaborator)) then
    delete from app_public.thing_access_invitations where id = v_invitation.id;
    raise exception 'You already have access to this thing' using errcode = 'ISACS';
  end if;
  insert into app_public.thing_accesses (thing_id, user_id, is_collaborator)
    values (v_invitation.thing_id, app_public.current_user_id(), true)
    on conflict on constraint thing_accesses_thing_user_key do update set is_collaborator = true
    returning * into v_access;
  delete from app_public.thing_access_invitations where id = v_invitation.id;
  return v_access;
end;
$$;

--
-- Name: rota_swaps; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.rota_swaps (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    slot_id uuid NOT NULL,
    group_id uuid NOT NULL,
    on_date date NOT NULL,
    requested_by uuid NOT NULL,
    note text,
    status app_public.rota_swap_status DEFAULT 'open'::app_public.rota_swap_status NOT NULL,
    accepted_by uuid,
    return_slot_id uuid,
    return_date date,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    decided_at timestamp with time zone,
    CONSTRAINT rota_swaps_note_valid CHECK (((note IS NULL) OR (char_length(note) <= 200) OR app_hidden.invalid('The note must be at most 200 characters'::text)))
);

--
-- Name: TABLE rota_swaps; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.rota_swaps IS '@behavior -query:resource:connection -query:resource:list -query:resource:single -node -insert -update -delete
A request to swap one date of a rota slot (askRotaSwap), accepted by another member (acceptRotaSwap) or cancelled.';

--
-- Name: accept_rota_swap(uuid, date); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.accept_rota_swap(swap_id uuid, return_date date DEFAULT NULL::date) RETURNS app_public.rota_swaps
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_me uuid := app_hidden.require_user();
  v_swap app_public.rota_swaps;
  v_return_slot uuid;
begin
  select * into v_swap from app_public.rota_swaps w where w.id = accept_rota_swap.swap_id for update;
  if not found or not app_hidden.can_see_rota(v_swap.group_id) then
    raise exception 'The swap request it refers to does not exist' using errcode = 'NTFND';
  end if;
  if not app_hidden.is_group_member(v_swap.group_id, v_me) then
    raise exception 'Only members of the group can take a date on its rota' using errcode = 'DNIED';
  end if;
  if v_swap.requested_by = v_me then
    perform app_hidden.invalid('You cannot accept your own swap request');
  end if;
  if v_swap.status <> 'open' or v_swap.on_date < app_hidden.water_today() then
    perform app_hidden.invalid('This swap request is no longer open');
  end if;
  if return_date is not null then
    -- The requester takes one of the accepter's own dates in return.
    select s.id into v_return_slot from app_public.rota_slots s
      where s.group_id = v_swap.group_id and s.weekday = extract(isodow from return_date)::int and s.user_id = v_me;
    if v_return_slot is null or not app_hidden.on_duty(v_return_slot, return_date, v_me) then
      perform app_hidden.invalid(format('You are not on the rota on %s', app_hidden.rota_date_label(return_date)));
    end if;
    perform app_hidden.check_rota_date(return_date, extract(isodow from return_date)::int);
  end if;
  update app_public.rota_swaps w
    set status = 'accepted', accepted_by = v_me, return_slot_id = v_return_slot,
        return_date = accept_rota_swap.return_date, decided_at = now()
    where w.id = v_swap.id returning * into v_swap;
  perform app_hidden.notify_user(v_swap.requested_by, 'water_rota_swap', 'positive',
    'Your rota swap was accepted',
    format('%s takes %s for you%s.', (select coalesce(name, username) from app_public.users where id = v_me),
           app_hidden.rota_date_label(v_swap.on_date),
           case when v_swap.return_date is not null then format('; you take %s in return', app_hidden.rota_date_label(v_swap.return_date)) else '' end),
    '/groups/' || v_swap.group_id || '/rota', null, true,
    case when v_swap.return_date is null then 'notice.water_rota_swap.accepted' else 'notice.water_rota_swap.accepted_return' end,
    jsonb_build_object('person', (select coalesce(name, username) from app_public.users where id = v_me),
                       'onDate', v_swap.on_date, 'returnDate', v_swap.return_date));
  return v_swap;
end;
$$;

--
-- Name: FUNCTION accept_rota_swap(swap_id uuid, return_date date); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.accept_rota_swap(swap_id uuid, return_date date) IS 'Take the date of another member''s open swap request; with `returnDate`, one of your own rota dates goes to them in return.';

--
-- Name: admin_totals(); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.admin_totals() RETURNS app_public.admin_totals
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  perform app_hidden.analytics_window(null, null);
  return row((select count(*) from app_public.things)::int, (select count(*) from app_public.devices)::int,
             (select count(*) from app_public.users)::int, (select count(*) from app_public.groups)::int,
             (select count(*) from app_public.actions)::int)::app_public.admin_totals;
end;
$$;

--
-- Name: FUNCTION admin_totals(); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.admin_totals() IS 'Totals of things, devices, users, groups and care actions (admins only).';

--
-- Name: thing_adoptions; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.thing_adoptions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    thing_id uuid NOT NULL,
    user_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: TABLE thing_adoptions; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.thing_adoptions IS '@behavior -query:resource:connection -query:resource:list -query:resource:single -node -insert -update -delete
A person who looks after a thing (adoptThing, stopAdoptingThing); the first told when it needs water.';

--
-- Name: adopt_thing(uuid); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.adopt_thing(thing_id uuid) RETURNS app_public.thing_adoptions
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_user_id uuid := app_hidden.require_user();
  v_adoption app_public.thing_adoptions;
begin
  -- Only what the person may see: a public thing, or a private one they have access to through
  -- the thing or its group. A hidden thing is gone for everyone but admins, and admins do not
  -- adopt what moderation hid.
  if adopt_thing.thing_id is null or not app_hidden.can_see_thing(adopt_thing.thing_id)
     or exists (select 1 from app_public.things t where t.id = adopt_thing.thing_id and t.hidden_at is not null) then
    raise exception 'The thing it refers to does not exist' using errcode = 'NTFND';
  end if;
  -- One at a time per thing, so two people cannot both take the last place.
  perform pg_advisory_xact_lock(hashtextextended('app_public.thing_adoptions:' || adopt_thing.thing_id, 0));
  select * into v_adoption from app_public.thing_adoptions a
    where a.thing_id = adopt_thing.thing_id and a.user_id = v_user_id;
  if found then
    return v_adoption; -- adopting again changes nothing (a double tap, a second tab)
  end if;
  if (select count(*) from app_public.thing_adoptions a where a.thing_id = adopt_thing.thing_id) >= app_hidden.adopters_per_thing() then
    raise exception 'This thing already has % people looking after it, the most it can have', app_hidden.adopters_per_thing()
      using errcode = 'LIMIT';
  end if;
  if (select count(*) from app_public.thing_adoptions a where a.user_id = v_user_id) >= app_hidden.adoptions_per_person() then
    raise exception 'You can look after up to % things; stop looking after one first', app_hidden.adoptions_per_person()
      using errcode = 'LIMIT';
  end if;
  insert into app_public.thing_adoptions (thing_id, user_id) values (adopt_thing.thing_id, v_user_id)
    returning * into v_adoption;
  return v_adoption;
end;
$$;

--
-- Name: FUNCTION adopt_thing(thing_id uuid); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.adopt_thing(thing_id uuid) IS 'Look after a thing you can see (at most 5 people per thing, 50 things per person). Adopting again answers the same adoption.';

--
-- Name: all_public_things(); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.all_public_things() RETURNS SETOF app_public.things
    LANGUAGE sql STABLE
    AS $$ select * from app_public.things where is_public order by created_at desc $$;

--
-- Name: FUNCTION all_public_things(); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.all_public_things() IS '@sortable
@filterable
Public things, newest first (the list guests see).';

--
-- Name: sensor_data; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.sensor_data (
    id bigint NOT NULL,
    device_id uuid NOT NULL,
    thing_id uuid,
    created_at timestamp with time zone NOT NULL,
    f_cnt integer DEFAULT 0 NOT NULL,
    data jsonb NOT NULL
)
PARTITION BY RANGE (created_at);

--
-- Name: TABLE sensor_data; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.sensor_data IS '@behavior -query:resource:connection -query:resource:list -single
One reading from a device.';

--
-- Name: all_sensor_data(uuid, uuid, timestamp with time zone); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.all_sensor_data(device_id uuid DEFAULT NULL::uuid, thing_id uuid DEFAULT NULL::uuid, created_after timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS SETOF app_public.sensor_data
    LANGUAGE sql STABLE
    AS $$
  select s.* from app_public.sensor_data s
  where (all_sensor_data.device_id is null or s.device_id = all_sensor_data.device_id)
    and (all_sensor_data.thing_id is null or s.thing_id = all_sensor_data.thing_id)
    and (all_sensor_data.created_after is null or s.created_at > all_sensor_data.created_after)
    and (all_sensor_data.device_id is not null or all_sensor_data.thing_id is not null)
  order by s.created_at desc
  limit 10000
$$;

--
-- Name: FUNCTION all_sensor_data(device_id uuid, thing_id uuid, created_after timestamp with time zone); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.all_sensor_data(device_id uuid, thing_id uuid, created_after timestamp with time zone) IS 'Readings of one device or thing, newest first (at most 10000).';

--
-- Name: all_users(); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.all_users() RETURNS SETOF app_public.users
    LANGUAGE sql STABLE
    AS $$
  select u.* from app_public.users u where app_public.current_user_is_admin() order by u.name, u.username
$$;

--
-- Name: FUNCTION all_users(); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.all_users() IS '@sortable
@filterable
Every user, ordered by name (admins only).';

--
-- Name: ask_rota_swap(uuid, date, text); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.ask_rota_swap(slot_id uuid, on_date date, note text DEFAULT NULL::text) RETURNS app_public.rota_swaps
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_me uuid := app_hidden.require_user();
  v_slot app_public.rota_slots;
  v_swap app_public.rota_swaps;
  v_note text := nullif(btrim(ask_rota_swap.note), '');
begin
  select * into v_slot from app_public.rota_slots s where s.id = ask_rota_swap.slot_id;
  if not found or not app_hidden.can_see_rota(v_slot.group_id) then
    raise exception 'The rota slot it refers to does not exist' using errcode = 'NTFND';
  end if;
  if v_slot.user_id <> v_me then
    raise exception 'Only the person on the slot can ask to swap it' using errcode = 'DNIED';
  end if;
  perform app_hidden.check_rota_date(on_date, v_slot.weekday);
  if exists (select 1 from app_public.rota_swaps w where w.slot_id = v_slot.id and w.on_date = ask_rota_swap.on_date and w.status <> 'cancelled') then
    perform app_hidden.invalid(format('You have already asked to swap %s', app_hidden.rota_date_label(on_date)));
  end if;
  insert into app_public.rota_swaps (slot_id, group_id, on_date, requested_by, note)
    values (v_slot.id, v_slot.group_id, ask_rota_swap.on_date, v_me, v_note) returning * into v_swap;
  return v_swap;
end;
$$;

--
-- Name: FUNCTION ask_rota_swap(slot_id uuid, on_date date, note text); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.ask_rota_swap(slot_id uuid, on_date date, note text) IS 'Ask the group to take one date of your rota slot (from today up to 8 weeks ahead), with an optional note.';

--
-- Name: cancel_rota_swap(uuid); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.cancel_rota_swap(swap_id uuid) RETURNS app_public.rota_swaps
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_me uuid := app_hidden.require_user();
  v_swap app_public.rota_swaps;
begin
  select * into v_swap from app_public.rota_swaps w where w.id = cancel_rota_swap.swap_id for update;
  if not found or not app_hidden.can_see_rota(v_swap.group_id) then
    raise exception 'The swap request it refers to does not exist' using errcode = 'NTFND';
  end if;
  if v_swap.requested_by <> v_me and not app_hidden.can_manage_group(v_swap.group_id) then
    raise exception 'Only the person who asked and the group''s owners can cancel a swap request' using errcode = 'DNIED';
  end if;
  if v_swap.status <> 'open' then
    perform app_hidden.invalid('This swap request is no longer open');
  end if;
  update app_public.rota_swaps w set status = 'cancelled', decided_at = now() where w.id = v_swap.id returning * into v_swap;
  return v_swap;
end;
$$;

--
-- Name: FUNCTION cancel_rota_swap(swap_id uuid); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.cancel_rota_swap(swap_id uuid) IS 'Withdraw an open swap request (the person who asked, or the group''s owners).';

--
-- Name: change_group_membership(uuid, boolean); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.change_group_membership(group_id uuid, "join" boolean) RETURNS app_public.groups
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_user_id uuid := app_hidden.require_user();
  v_group app_public.groups;
begin
  select * into v_group from app_public.groups g where g.id = change_group_membership.group_id;
  if v_group.id is null
     or not (v_group.is_public or v_group.id in (select app_hidden.my_group_ids()) or app_public.current_user_is_admin()) then
    raise exception 'Group not found' using errcode = 'NTFND';
  end if;
  if "join" then
    if not v_group.is_public and not app_public.current_user_is_admin() then
      raise exception 'This group is private: ask an owner for an invitation' using errcode = 'DNIED';
    end if;
    insert into app_public.group_memberships (group_id, user_id) values (v_group.id, v_user_id)
      on conflict on constraint group_memberships_group_user_key do nothing;
  else
    delete from app_public.group_memberships m where m.group_id = v_group.id and m.user_id = v_user_id;
  end if;
  return v_group;
end;
$$;

--
-- Name: FUNCTION change_group_membership(group_id uuid, "join" boolean); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.change_group_membership(group_id uuid, "join" boolean) IS 'Joins (join = true) or leaves a group.';

--
-- Name: change_password(text, text); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.change_password(old_password text, new_password text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_user_id uuid := app_hidden.require_user();
  v_hash text;
begin
  select password_hash into v_hash from app_private.user_secrets where user_id = v_user_id;
  if v_hash is null or old_password is null or v_hash <> crypt(old_password, v_hash) then
    raise exception 'Incorrect old passphrase' using errcode = 'CREDS';
  end if;
  perform app_hidden.check_passphrase(new_password);
  update app_private.user_secrets set password_hash = crypt(new_password, gen_salt('bf', 10)) where user_id = v_user_id;
  -- Other sessions end; this one goes on.
  update app_private.sessions set revoked_at = now()
    where user_id = v_user_id and revoked_at is null and id <> app_public.current_session_id();
  perform app_hidden.take_notice_email_to(app_hidden.primary_email(v_user_id));
  perform app_hidden.queue_email(app_hidden.primary_email(v_user_id), 'password_changed',
    json_build_object('name', (select name from app_public.users where id = v_user_id)));
  return true;
end;
$$;

--
-- Name: collaborate_thing_access(uuid); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.collaborate_thing_access(thing_id uuid) RETURNS app_public.thing_accesses
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_access app_public.thing_accesses;
begin
  perform app_hidden.require_user();
  if not app_hidden.can_see_thing(collaborate_thing_access.thing_id) then
    raise exception 'Thing not found' using errcode = 'NTFND';
  end if;
  insert into app_public.thing_accesses (thing_id, user_id, is_collaborator)
    values (collaborate_thing_access.thing_id, app_public.current_user_id(), true)
    on conflict on constraint thing_accesses_thing_user_key do update set is_collaborator = true
    returning * into v_access;
  return v_access;
end;
$$;

--
-- Name: FUNCTION collaborate_thing_access(thing_id uuid); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.collaborate_thing_access(thing_id uuid) IS 'Makes you a collaborator on a thing you can see.';

--
-- Name: confirm_account_deletion(text); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.confirm_account_deletion(token text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_user_id uuid := app_hidden.require_user();
begin
  if not exists (
    select 1 from app_private.user_secrets
    where user_id = v_user_id and delete_account_token = confirm_account_deletion.token
      and delete_account_token_created_at > now() - interval '24 hours'
  ) then
    raise exception 'This deletion link is invalid or has expired' using errcode = 'NTFND';
  end if;
  perform app_hidden.delete_user_owned_data(v_user_id);
  delete from app_public.users where id = v_user_id;
  return true;
end;
$$;

--
-- Name: create_device(app_public.device_model, text, text, boolean, point, uuid, app_public.device_indicator_parameter, jsonb, boolean); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.create_device(model app_public.device_model, name text, device_id text, is_public boolean, location point, thing_id uuid DEFAULT NULL::uuid, indicator_parameter app_public.device_indicator_parameter DEFAULT NULL::app_public.device_indicator_parameter, hydration_levels jsonb DEFAULT NULL::jsonb, has_image boolean DEFAULT false) RETURNS app_public.devices
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_device app_public.devices;
begin
  perform app_hidden.require_user();
  if model is null then
    raise exception 'Model is required' using errcode = 'INVLD';
  end if;
  if is_public is null then
    raise exception 'Choose whether the device is public' using errcode = 'INVLD';
  end if;
  if create_device.thing_id is not null and not app_hidden.can_manage_thing(create_device.thing_id) then
    raise exception 'Choose a thing you own' using errcode = 'DNIED';
  end if;
  insert into app_public.devices (model, name, device_id, is_public, location, thing_id, indicator_parameter, hydration_levels, has_image)
    values (create_device.model, create_device.name, create_device.device_id, create_device.is_public, create_device.location,
            -- A pH probe shows pH unless told otherwise; the others show water.
            create_device.thing_id,
            coalesce(create_device.indicator_parameter, case when create_device.model = 'LSPH01' then 'PH' else 'WATER' end::app_public.device_indicator_parameter),
            create_device.hydration_levels,
            coalesce(create_device.has_image, false))
    returning * into v_device;
  insert into app_public.device_accesses (device_id, user_id, is_owner) values (v_device.id, app_public.current_user_id(), true);
  return v_device;
end;
$$;

--
-- Name: FUNCTION create_device(model app_public.device_model, name text, device_id text, is_public boolean, location point, thing_id uuid, indicator_parameter app_public.device_indicator_parameter, hydration_levels jsonb, has_image boolean); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.create_device(model app_public.device_model, name text, device_id text, is_public boolean, location point, thing_id uuid, indicator_parameter app_public.device_indicator_parameter, hydration_levels jsonb, has_image boolean) IS 'Registers a device you own (its deviceId is the end-device id in The Things Stack).';

--
-- Name: create_group(text, app_public.group_type, boolean, text, boolean, text); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.create_group(name text, type app_public.group_type, is_public boolean, description text DEFAULT NULL::text, has_image boolean DEFAULT false, slug text DEFAULT NULL::text) RETURNS app_public.groups
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_group app_public.groups;
begin
  perform app_hidden.require_user();
  if type is null then
    raise exception 'Type is required' using errcode = 'INVLD';
  end if;
  if is_public is null then
    raise exception 'Choose whether the group is public' using errcode = 'INVLD';
  end if;
  -- Two groups of the same name created at once race for the slug; the loser tries again and
  -- then sees the winner's slug.
  for attempt in 1..5 loop
    begin
      insert into app_public.groups (name, type, description, is_public, has_image, slug)
        values (create_group.name, create_group.type, create_group.description, create_group.is_public,
                coalesce(create_group.has_image, false), coalesce(create_group.slug, ''))
        returning * into v_group;
      exit;
    exception when unique_violation then
      if attempt = 5 or create_group.slug is not null then
        raise exception 'That short name is taken' using errcode = 'NUNIQ';
      end if;
    end;
  end loop;
  insert into app_public.group_memberships (group_id, user_id, is_owner)
    values (v_group.id, app_public.current_user_id(), true);
  return v_group;
end;
$$;

--
-- Name: FUNCTION create_group(name text, type app_public.group_type, is_public boolean, description text, has_image boolean, slug text); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.create_group(name text, type app_public.group_type, is_public boolean, description text, has_image boolean, slug text) IS 'Creates a group owned by you.';

--
-- Name: create_thing(uuid, text, app_public.thing_type, point, boolean, boolean, text, text, app_public.indicator_parameter, text, integer, integer, app_public.tree_height_class, double precision, double precision, text[], app_public.flowering_season[]); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.create_thing(group_id uuid, name text, type app_public.thing_type, location point, is_public boolean, has_image boolean DEFAULT false, description text DEFAULT NULL::text, location_description text DEFAULT NULL::text, indicator_parameter app_public.indicator_parameter DEFAULT 'WATER'::app_public.indicator_parameter, species_id text DEFAULT NULL::text, planting_year integer DEFAULT NULL::integer, trunk_girth_cm integer DEFAULT NULL::integer, height_class app_public.tree_height_class DEFAULT NULL::app_public.tree_height_class, volume_litres double precision DEFAULT NULL::double precision, soil_area_m2 double precision DEFAULT NULL::double precision, flowering_plants text[] DEFAULT NULL::text[], flowering_seasons app_public.flowering_season[] DEFAULT NULL::app_public.flowering_season[]) RETURNS app_public.things
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_thing app_public.things;
begin
  perform app_hidden.require_user();
  perform app_hidden.assert_can_use_group(create_thing.group_id);
  if type is null then
    raise exception 'Type is required' using errcode = 'INVLD';
  end if;
  if is_public is null then
    raise exception 'Choose whether the thing is public' using errcode = 'INVLD';
  end if;
  insert into app_public.things (group_id, name, type, location, is_public, has_image, description,
                                 location_description, indicator_parameter, created_by,
                                 species_id, planting_year, trunk_girth_cm, height_class, volume_litres, soil_area_m2,
                                 flowering_plants, flowering_seasons)
    values (create_thing.group_id, create_thing.name, create_thing.type, create_thing.location, create_thing.is_public,
            coalesce(create_thing.has_image, false), create_thing.description, create_thing.location_description,
            coalesce(create_thing.indicator_parameter, 'WATER'), app_public.current_user_id(),
            create_thing.species_id, create_thing.planting_year, create_thing.trunk_girth_cm, create_thing.height_class,
            create_thing.volume_litres, create_thing.soil_area_m2, create_thing.flowering_plants, create_thing.flowering_seasons)
    returning * into v_thing;
  insert into app_public.thing_accesses (thing_id, user_id, is_owner, is_collaborator)
    values (v_thing.id, app_public.current_user_id(), true, true);
  perform app_hidden.after_thing_created(v_thing.id);
  -- As it is now: the water need was worked out after the insert (a statement trigger).
  select * into v_thing from app_public.things where id = v_thing.id;
  return v_thing;
end;
$$;

--
-- Name: FUNCTION create_thing(group_id uuid, name text, type app_public.thing_type, location point, is_public boolean, has_image boolean, description text, location_description text, indicator_parameter app_public.indicator_parameter, species_id text, planting_year integer, trunk_girth_cm integer, height_class app_public.tree_height_class, volume_litres double precision, soil_area_m2 double precision, flowering_plants text[], flowering_seasons app_public.flowering_season[]); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.create_thing(group_id uuid, name text, type app_public.thing_type, location point, is_public boolean, has_image boolean, description text, location_description text, indicator_parameter app_public.indicator_parameter, species_id text, planting_year integer, trunk_girth_cm integer, height_class app_public.tree_height_class, volume_litres double precision, soil_area_m2 double precision, flowering_plants text[], flowering_seasons app_public.flowering_season[]) IS 'Creates a thing you own in one of your groups, with its attributes by type, and records its CREATED action.';

--
-- Name: user_emails; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.user_emails (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    email public.citext NOT NULL,
    is_primary boolean DEFAULT false NOT NULL,
    is_verified boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT user_emails_email_valid CHECK (app_hidden.check_email((email)::text))
);

--
-- Name: TABLE user_emails; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.user_emails IS 'An e-mail address of a user; exactly one is primary.';

--
-- Name: create_user_email(text); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.create_user_email(email text) RETURNS app_public.user_emails
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_email app_public.user_emails;
begin
  insert into app_public.user_emails (user_id, email, is_primary)
    values (app_hidden.require_user(), create_user_email.email, false)
    returning * into v_email;
  perform app_hidden.send_email_verification(v_email.id, app_public.current_domain_name());
  return v_email;
end;
$$;

--
-- Name: FUNCTION create_user_email(email text); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.create_user_email(email text) IS 'Adds an unverified address to the signed-in user and mails a verification link.';

--
-- Name: current_domain_name(); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.current_domain_name() RETURNS text
    LANGUAGE sql STABLE
    AS $$ select nullif(current_setting('jwt.claims.domain_name', true), '') $$;

--
-- Name: FUNCTION current_domain_name(); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.current_domain_name() IS '@behavior -*';

--
-- Name: current_session_id(); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.current_session_id() RETURNS uuid
    LANGUAGE sql STABLE
    AS $$ select nullif(current_setting('jwt.claims.session_id', true), '')::uuid $$;

--
-- Name: FUNCTION current_session_id(); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.current_session_id() IS '@behavior -*';

--
-- Name: current_user(); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public."current_user"() RETURNS app_public.users
    LANGUAGE plpgsql STABLE
    AS $$
begin
  return (select u from app_public.users u where u.id = app_public.current_user_id());
end;
$$;

--
-- Name: FUNCTION "current_user"(); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public."current_user"() IS 'The signed-in user, or null for guests.';

--
-- Name: current_user_is_admin(); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.current_user_is_admin() RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  return coalesce((select is_admin from app_public.users where id = app_public.current_user_id()), false);
end;
$$;

--
-- Name: FUNCTION current_user_is_admin(); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.current_user_is_admin() IS '@behavior -*';

--
-- Name: device_access_for_invitation(uuid, text); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.device_access_for_invitation(invitation_id uuid, code text) RETURNS app_public.invitation_target
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_invitation app_public.device_access_invitations;
begin
  select * into v_invitation from app_public.device_access_invitations i where i.id = invitation_id;
  perform app_hidden.assert_invitation_usable(v_invitation.id is not null, v_invitation.created_at, v_invitation.code, code, v_invitation.email);
  return (select row(d.id, d.name)::app_public.invitation_target from app_public.devices d where d.id = v_invitation.device_id);
end;
$$;

--
-- Name: device_down_push(text, text); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.device_down_push(device_id text, message text) RETURNS app_public.device_downlinks
    LANGUAGE plpgsql STRICT SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $_$
declare
  v_device app_public.devices;
  v_downlink app_public.device_downlinks;
begin
  if message not in ('0', '1') then
    raise exception 'Message must be "1" (on) or "0" (off)' using errcode = 'INVLD';
  end if;
  if device_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select * into v_device from app_public.devices d where d.id = device_down_push.device_id::uuid;
  else
    select * into v_device from app_public.devices d where d.device_id = device_down_push.device_id;
  end if;
  if v_device.id is null or not app_hidden.can_manage_device(v_device.id) then
    raise exception 'Not found, or you are not allowed to change it' using errcode = 'NTFND';
  end if;
  if v_device.model <> 'THE_THINGS_UNO' then
    raise exception 'This device has no pump or LED to switch' using errcode = 'INVLD';
  end if;
  insert into app_public.device_downlinks (device_id, requested_by, message)
    values (v_device.id, app_public.current_user_id(), device_down_push.message)
    returning * into v_downlink;
  -- One queue per device: switches reach it in the order they were asked for.
  perform graphile_worker.add_job('send_downlink', json_build_object('downlinkId', v_downlink.id),
    queue_name => 'downlink:' || v_device.id, max_attempts => 6);
  return v_downlink;
end;
$_$;

--
-- Name: FUNCTION device_down_push(device_id text, message text); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.device_down_push(device_id text, message text) IS 'Queues a pump/LED downlink (port 1, normal priority): "1" on, "0" off. Owners and admins only. Watch the returned downlink for the outcome.';

--
-- Name: devices_can_edit(app_public.devices); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.devices_can_edit(d app_public.devices) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$ select app_hidden.can_manage_device(d.id) $$;

--
-- Name: FUNCTION devices_can_edit(d app_public.devices); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.devices_can_edit(d app_public.devices) IS 'Whether you may edit this device and control it.';

--
-- Name: forgot_password(text); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.forgot_password(email text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_email app_public.user_emails;
  v_token text := encode(gen_random_bytes(18), 'hex');
  v_name text;
begin
  perform app_hidden.check_email(forgot_password.email);
  -- A verified address; or, while an account has no passphrase yet (made by an admin, whose
  -- set-passphrase link went to its primary address), that address, so an expired link can be
  -- replaced as the new_user mail says. Accounts with a passphrase never match unverified.
  select * into v_email from app_public.user_emails e
    where e.email = forgot_password.email
      and (e.is_verified or (e.is_primary and not exists (
        select 1 from app_private.user_secrets s where s.user_id = e.user_id and s.password_hash is not null)))
    order by e.is_verified desc, e.created_at desc, e.id
    limit 1;
  if v_email.id is null then
    return true;
  end if;
  -- At most one mail a minute per account.
  if exists (select 1 from app_private.user_secrets
             where user_id = v_email.user_id and reset_token_created_at > now() - interval '1 minute') then
    return true;
  end if;
  insert into app_private.user_secrets (user_id) values (v_email.user_id) on conflict do nothing;
  update app_private.user_secrets
    set reset_token = v_token, reset_token_created_at = now(), reset_token_expires_at = now() + interval '1 hour',
        reset_email_id = v_email.id
    where user_id = v_email.user_id;
  select name into v_name from app_public.users where id = v_email.user_id;
  perform app_hidden.queue_email(v_email.email, 'password_reset',
    json_build_object('name', v_name, 'userId', v_email.user_id, 'token', v_token));
  return true;
end;
$$;

--
-- Name: get_navigation_analytics(uuid, date, date); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.get_navigation_analytics(target_user_id uuid DEFAULT NULL::uuid, start_date date DEFAULT NULL::date, end_date date DEFAULT NULL::date) RETURNS jsonb
    LANGUAGE sql STABLE
    AS $$
  select jsonb_build_object(
    'mostVisitedRoutes', coalesce((select jsonb_agg(jsonb_build_object(
        'route', r.route, 'visitCount', r.visit_count, 'totalTimeSpent', r.total_time_spent,
        'averageTimeSpent', r.average_time_spent, 'firstVisited', r.first_visited, 'lastVisited', r.last_visited,
        'uniqueVisitors', r.unique_visitors, 'uniqueSessions', r.unique_sessions))
      from (select * from app_public.navigation_route_stats(start_date, end_date, target_user_id) limit 10) r), '[]'),
    'navigationPatterns', coalesce((select jsonb_agg(jsonb_build_object(
        'fromRoute', p.from_route, 'toRoute', p.to_route, 'occurrenceCount', p.occurrence_count,
        'averageTransitionTime', p.average_transition_time, 'uniqueUsers', p.unique_users,
        'uniqueSessions', p.unique_sessions, 'firstOccurrence', p.first_occurrence, 'lastOccurrence', p.last_occurrence))
      from (select * from app_public.navigation_pattern_stats(start_date, end_date, target_user_id) limit 10) p), '[]'),
    'sessionSummary', (select jsonb_build_object(
        'totalSessions', coalesce(sum(total_sessions), 0)::int,
        'totalNavigations', coalesce(sum(total_navigations), 0)::int,
        'averageSessionDuration', round(coalesce(sum(average_session_duration * total_sessions) / nullif(sum(total_sessions), 0), 0), 1),
        'averageNavigationsPerSession', round(coalesce(sum(total_navigations)::numeric / nullif(sum(total_sessions), 0), 0), 2),
        'uniqueVisitors', count(*)::int)
      from app_public.navigation_session_stats(start_date, end_date, target_user_id))
  )
$$;

--
-- Name: group_leaderboard(app_public.leaderboard_period); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.group_leaderboard(period app_public.leaderboard_period DEFAULT 'WEEK'::app_public.leaderboard_period) RETURNS SETOF app_public.leaderboard_entry
    LANGUAGE sql STABLE
    AS $$
  select (rank() over (order by count(*) desc))::int, g.id, g.name, count(*)::int, g.has_image,
    coalesce(sum(a.litres::numeric), 0)::double precision
  from app_public.actions a join app_public.things t on t.id = a.thing_id join app_public.groups g on g.id = t.group_id
  where a.created_at >= app_hidden.leaderboard_since(period)
  group by g.id, g.name, g.has_image
  order by count(*) desc, g.name
  limit 50
$$;

--
-- Name: FUNCTION group_leaderboard(period app_public.leaderboard_period); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.group_leaderboard(period app_public.leaderboard_period) IS 'Care points (one per action on its things) by group, for a period.';

--
-- Name: group_litres_leaderboard(app_public.leaderboard_period); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.group_litres_leaderboard(period app_public.leaderboard_period DEFAULT 'WEEK'::app_public.leaderboard_period) RETURNS SETOF app_public.leaderboard_entry
    LANGUAGE sql STABLE
    AS $$
  select (rank() over (order by sum(a.litres::numeric) desc))::int, g.id, g.name, count(*)::int, g.has_image,
    sum(a.litres::numeric)::double precision
  from app_public.actions a join app_public.things t on t.id = a.thing_id join app_public.groups g on g.id = t.group_id
  where a.litres is not null and a.created_at >= app_hidden.leaderboard_since(period)
  group by g.id, g.name, g.has_image
  order by sum(a.litres::numeric) desc, g.name
  limit 50
$$;

--
-- Name: FUNCTION group_litres_leaderboard(period app_public.leaderboard_period); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.group_litres_leaderboard(period app_public.leaderboard_period) IS 'Litres of water recorded on each group''s things, for a period (points: the waterings with an amount).';

--
-- Name: group_membership_for_invitation(uuid, text); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.group_membership_for_invitation(invitation_id uuid, code text) RETURNS app_public.invitation_target
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_invitation app_public.group_membership_invitations;
begin
  select * into v_invitation from app_public.group_membership_invitations i where i.id = invitation_id;
  perform app_hidden.assert_invitation_usable(v_invitation.id is not null, v_invitation.created_at, v_invitation.code, code, v_invitation.email);
  return (select row(g.id, g.name)::app_public.invitation_target from app_public.groups g where g.id = v_invitation.group_id);
end;
$$;

--
-- Name: FUNCTION group_membership_for_invitation(invitation_id uuid, code text); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.group_membership_for_invitation(invitation_id uuid, code text) IS 'Checks an invitation: the group''s id and name, or an error LOGIN, NTFND, DNIED or DNIEM.';

--
-- Name: groups_activity(app_public.groups); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.groups_activity(g app_public.groups) RETURNS SETOF app_public.actions
    LANGUAGE sql STABLE
    AS $$
  select a.* from app_public.actions a join app_public.things t on t.id = a.thing_id
  where t.group_id = g.id order by a.created_at desc
$$;

--
-- Name: FUNCTION groups_activity(g app_public.groups); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.groups_activity(g app_public.groups) IS 'Actions on the group''s things, newest first.';

--
-- Name: groups_litres_total(app_public.groups); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.groups_litres_total(g app_public.groups) RETURNS double precision
    LANGUAGE sql STABLE
    AS $$
  select coalesce(sum(a.litres::numeric), 0)::double precision
  from app_public.actions a join app_public.things t on t.id = a.thing_id
  where t.group_id = g.id and a.litres is not null
$$;

--
-- Name: FUNCTION groups_litres_total(g app_public.groups); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.groups_litres_total(g app_public.groups) IS 'Litres of water recorded on this group''s things, all time (the things you can see).';

--
-- Name: groups_rota_duties(app_public.groups, date, integer); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.groups_rota_duties(g app_public.groups, from_date date DEFAULT NULL::date, days integer DEFAULT 7) RETURNS SETOF app_public.rota_duty
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  days := coalesce(days, 7);
  if days < 1 or days > app_hidden.rota_horizon_days() then
    perform app_hidden.invalid(format('Days must be between 1 and %s', app_hidden.rota_horizon_days()));
  end if;
  if not app_hidden.can_see_rota(g.id) then
    return;
  end if;
  from_date := coalesce(from_date, app_hidden.water_today());
  return query select * from app_hidden.rota_duties(g.id, from_date, from_date + days - 1);
end;
$$;

--
-- Name: FUNCTION groups_rota_duties(g app_public.groups, from_date date, days integer); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.groups_rota_duties(g app_public.groups, from_date date, days integer) IS 'Who is on the group''s watering rota each day from `fromDate` (today by default) for `days` days (1 to 56), after swaps; members and admins only.';

--
-- Name: history_entries; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.history_entries (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    target_type text NOT NULL,
    target_id uuid NOT NULL,
    operation text NOT NULL,
    changed_by uuid,
    changed_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    before jsonb,
    after jsonb,
    restored_from_id uuid,
    CONSTRAINT history_entries_operation_known CHECK ((operation = ANY (ARRAY['insert'::text, 'update'::text, 'delete'::text]))),
    CONSTRAINT history_entries_target_type_known CHECK ((target_type = ANY (ARRAY['thing'::text, 'device'::text, 'group'::text])))
);

--
-- Name: TABLE history_entries; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.history_entries IS '@behavior -query:resource:list
A recorded change of a thing, device or group: who, when, and the changed fields before and after.';

--
-- Name: COLUMN history_entries.target_type; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.history_entries.target_type IS 'thing, device or group.';

--
-- Name: COLUMN history_entries.target_id; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.history_entries.target_id IS 'The id of the thing, device or group changed.';

--
-- Name: COLUMN history_entries.operation; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.history_entries.operation IS 'insert (created), update (changed) or delete (deleted).';

--
-- Name: COLUMN history_entries.changed_by; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.history_entries.changed_by IS 'Who made the change; null when the system did (imports, jobs).';

--
-- Name: COLUMN history_entries.before; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.history_entries.before IS 'The changed fields as they were (null for a creation).';

--
-- Name: COLUMN history_entries.after; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.history_entries.after IS 'The changed fields as they became (null for a deletion).';

--
-- Name: COLUMN history_entries.restored_from_id; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.history_entries.restored_from_id IS 'When this change restored an earlier version: the entry whose "before" values were written back.';

--
-- Name: history_entries_can_restore(app_public.history_entries); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.history_entries_can_restore(e app_public.history_entries) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  select e.operation = 'update' and e.before is not null and app_public.current_user_id() is not null
     and app_hidden.can_restore_history(e.target_type, e.target_id)
$$;

--
-- Name: FUNCTION history_entries_can_restore(e app_public.history_entries); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.history_entries_can_restore(e app_public.history_entries) IS 'Whether the signed-in user may restore the version before this change (owners and admins, changes only).';

--
-- Name: import_things(uuid, jsonb, boolean); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.import_things(group_id uuid, rows jsonb, dry_run boolean DEFAULT true) RETURNS SETOF app_public.thing_import_result
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $_$
declare
  v_user uuid := app_hidden.require_user();
  v_group uuid := import_things.group_id;
  v_item jsonb;
  v_index int := 0;
  v_row int;
  v_external_id text;
  v_old app_public.things;
  v_new app_public.things;
  v_outcome app_public.thing_import_outcome;
  v_seen jsonb := '{}';
  v_creates app_public.things[] := '{}';
  v_updates app_public.things[] := '{}';
  v_results app_public.thing_import_result[] := '{}';
begin
  if v_group is null then
    raise exception 'Group is required' using errcode = 'INVLD';
  end if;
  if not exists (select 1 from app_public.groups g where g.id = v_group) then
    raise exception 'Group not found' using errcode = 'NTFND';
  end if;
  if not app_hidden.can_manage_group(v_group) then
    raise exception 'Only the group''s owners and admins can import things' using errcode = 'DNIED';
  end if;
  if jsonb_typeof(rows) is distinct from 'array' then
    raise exception 'Give the rows as a list' using errcode = 'INVLD';
  end if;
  if jsonb_array_length(rows) > app_hidden.import_rows_per_call() then
    raise exception 'At most % rows per call', app_hidden.import_rows_per_call() using errcode = 'INVLD';
  end if;

  for v_item in select value from jsonb_array_elements(rows) loop
    v_index := v_index + 1;
    v_row := case when v_item->>'row' ~ '^[0-9]{1,9}$' then (v_item->>'row')::int else v_index end;
    v_external_id := null;
    begin
      if jsonb_typeof(v_item) is distinct from 'object' then
        raise exception 'A row must be an object of columns' using errcode = 'INVLD';
      end if;
      v_external_id := app_hidden.import_text(v_item, 'externalId');
      if v_external_id is null then
        raise exception 'External id is required' using errcode = 'INVLD';
      end if;
      if char_length(v_external_id) > 100 then
        raise exception 'External id must be between 1 and 100 characters' using errcode = 'INVLD';
      end if;
      if v_seen ? v_external_id then
        raise exception 'External id % appears more than once (first in row %)', v_external_id, v_seen->>v_external_id using errcode = 'INVLD';
      end if;
      v_seen := v_seen || jsonb_build_object(v_external_id, v_row);

      v_old := null;
      select * into v_old from app_public.things t where t.group_id = v_group and t.external_id = v_external_id;
      v_new := app_hidden.import_thing_row(v_group, v_item, v_old);

      if v_old.id is null then
        v_outcome := 'CREATED';
        v_creates := v_creates || v_new;
      elsif (v_new.name, v_new.type, v_new.description, v_new.location_description, v_new.is_public, v_new.species_id,
             v_new.planting_year, v_new.trunk_girth_cm, v_new.height_class, v_new.volume_litres, v_new.soil_area_m2,
             v_new.flowering_plants, v_new.flowering_seasons)
            is distinct from
            (v_old.name, v_old.type, v_old.description, v_old.location_description, v_old.is_public, v_old.species_id,
             v_old.planting_year, v_old.trunk_girth_cm, v_old.height_class, v_old.volume_litres, v_old.soil_area_m2,
             v_old.flowering_plants, v_old.flowering_seasons)
            or not (v_new.location ~= v_old.location) then
        v_outcome := 'UPDATED';
        v_updates := v_updates || v_new;
      else
        v_outcome := 'UNCHANGED';
      end if;
      v_results := v_results || row(v_row, v_external_id, v_outcome, null,
                                    case when v_outcome <> 'CREATED' or not coalesce(dry_run, true) then v_new.id end)::app_public.thing_import_result;
    exception
      when sqlstate 'INVLD' then
        v_results := v_results || row(v_row, v_external_id, 'REJECTED', sqlerrm, null)::app_public.thing_import_result;
      when numeric_value_out_of_range then
        v_results := v_results || row(v_row, v_external_id, 'REJECTED', 'A number is out of range', null)::app_public.thing_import_result;
    end;
  end loop;

  if not coalesce(dry_run, true) then
    -- Set-based, so the water need is worked out once for the batch (a statement trigger).
    insert into app_public.things (id, group_id, external_id, name, type, location, description, location_description, is_public,
                                   species_id, planting_year, trunk_girth_cm, height_class, volume_litres, soil_area_m2,
                                   flowering_plants, flowering_seasons, created_by)
    select n.id, n.group_id, n.external_id, n.name, n.type, n.location, n.description, n.location_description, n.is_public,
           n.species_id, n.planting_year, n.trunk_girth_cm, n.height_class, n.volume_litres, n.soil_area_m2,
           n.flowering_plants, n.flowering_seasons, v_user
    from unnest(v_creates) n;
    -- The importer owns what they imported, as createThing's caller does, and each new thing has
    -- its CREATED action.
    insert into app_public.thing_accesses (thing_id, user_id, is_owner, is_collaborator)
    select n.id, v_user, true, true from unnest(v_creates) n;
    insert into app_public.actions (thing_id, type, comments, created_by)
    select n.id, 'CREATED', 'Imported ' || n.name, v_user from unnest(v_creates) n;

    update app_public.things t set
      name = u.name, type = u.type, location = u.location, description = u.description,
      location_description = u.location_description, is_public = u.is_public, species_id = u.species_id,
      planting_year = u.planting_year, trunk_girth_cm = u.trunk_girth_cm, height_class = u.height_class,
      volume_litres = u.volume_litres, soil_area_m2 = u.soil_area_m2, flowering_plants = u.flowering_plants,
      flowering_seasons = u.flowering_seasons
    from unnest(v_updates) u
    where t.id = u.id;
  end if;

  return query select * from unnest(v_results);
end;
$_$;

--
-- Name: FUNCTION import_things(group_id uuid, rows jsonb, dry_run boolean); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.import_things(group_id uuid, rows jsonb, dry_run boolean) IS 'The group''s owners and admins import up to 500 rows (a batch of a CSV file or GeoJSON features) into the group, keyed by externalId; a dry run (the default) writes nothing. One result per row: CREATED, UPDATED, UNCHANGED or REJECTED with the reason.';

--
-- Name: import_water_points(jsonb, text); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.import_water_points(geojson jsonb, source text DEFAULT NULL::text) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if not app_public.current_user_is_admin() then
    raise exception 'Only an admin may do this' using errcode = 'DNIED';
  end if;
  if source is not null and char_length(source) > 200 then
    raise exception 'The source must be at most 200 characters' using errcode = 'INVLD';
  end if;
  return app_private.replace_water_points(geojson, coalesce(nullif(btrim(source), ''), 'import'));
end;
$$;

--
-- Name: FUNCTION import_water_points(geojson jsonb, source text); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.import_water_points(geojson jsonb, source text) IS 'Admins only (DNIED otherwise): replaces the water points with the Point features of a GeoJSON FeatureCollection ([longitude, latitude]); properties name, kind (pump or tap), description. Answers how many were loaded.';

--
-- Name: device_access_invitations; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.device_access_invitations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    device_id uuid NOT NULL,
    email public.citext NOT NULL,
    user_id uuid,
    invited_by uuid,
    code text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT device_access_invitations_email_valid CHECK (app_hidden.check_email((email)::text))
);

--
-- Name: invite_to_device_access(uuid, text); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.invite_to_device_access(device_id uuid, email text) RETURNS app_public.device_access_invitations
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_device app_public.devices;
  v_invitee uuid;
  v_invitation app_public.device_access_invitations;
begin
  perform app_hidden.require_user();
  select * into v_device from app_public.devices d where d.id = invite_to_device_access.device_id;
  if v_device.id is null or not app_hidden.can_manage_device(v_device.id) then
    raise exception 'Only the device''s owners can invite people' using errcode = 'DNIED';
  end if;
  perform app_hidden.check_email(invite_to_device_access.email);
  select e.user_id into v_invitee from app_public.user_emails e where e.email = invite_to_device_access.email and e.is_verified;
  if v_invitee is not null and exists (
    select 1 from app_public.device_accesses a where a.device_id = v_device.id and a.user_id = v_invitee
  ) then
    raise exception 'This person already has access to the device' using errcode = 'ISACS';
  end if;
  -- Every invitation mail (a repeated one too, which resends) counts against the sender's hour.
  perform app_hidden.take_notice_email_to(invite_to_device_access.email);
  insert into app_public.device_access_invitations (device_id, email, user_id, invited_by, code)
    values (v_device.id, invite_to_device_access.email, v_invitee, app_public.current_user_id(), app_hidden.new_invitation_code())
    on conflict on constraint device_access_invitations_device_email_key do update
      set code = excluded.code, created_at = now(), invited_by = excluded.invited_by, user_id = excluded.user_id
    returning * into v_invitation;
  perform app_hidden.queue_email(v_invitation.email, 'invitation', json_build_object(
    'inviterName', (select name from app_public.users where id = app_public.current_user_id()),
    'kind', 'device', 'targetName', v_device.name, 'invitationId', v_invitation.id, 'code', v_invitation.code));
  return v_invitation;
end;
$$;

--
-- Name: group_membership_invitations; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.group_membership_invitations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    group_id uuid NOT NULL,
    email public.citext NOT NULL,
    user_id uuid,
    invited_by uuid,
    code text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT group_membership_invitations_email_valid CHECK (app_hidden.check_email((email)::text))
);

--
-- Name: invite_to_group_membership(uuid, text); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.invite_to_group_membership(group_id uuid, email text) RETURNS app_public.group_membership_invitations
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_group app_public.groups;
  v_invitee uuid;
  v_invitation app_public.group_membership_invitations;
begin
  perform app_hidden.require_user();
  select * into v_group from app_public.groups g where g.id = invite_to_group_membership.group_id;
  if v_group.id is null or not app_hidden.can_manage_group(v_group.id) then
    raise exception 'Only the group''s owners can invite people' using errcode = 'DNIED';
  end if;
  perform app_hidden.check_email(invite_to_group_membership.email);
  select e.user_id into v_invitee from app_public.user_emails e where e.email = invite_to_group_membership.email and e.is_verified;
  if v_invitee is not null and exists (
    select 1 from app_public.group_memberships m where m.group_id = v_group.id and m.user_id = v_invitee
  ) then
    raise exception 'This person is already a member' using errcode = 'ISACS';
  end if;
  -- Inviting the same address again resends: a fresh code and a fresh 14 days.
  -- Every invitation mail (a repeated one too, which resends) counts against the sender's hour.
  perform app_hidden.take_notice_email_to(invite_to_group_membership.email);
  insert into app_public.group_membership_invitations (group_id, email, user_id, invited_by, code)
    values (v_group.id, invite_to_group_membership.email, v_invitee, app_public.current_user_id(), app_hidden.new_invitation_code())
    on conflict on constraint group_membership_invitations_group_email_key do update
      set code = excluded.code, created_at = now(), invited_by = excluded.invited_by, user_id = excluded.user_id
    returning * into v_invitation;
  perform app_hidden.queue_email(v_invitation.email, 'invitation', json_build_object(
    'inviterName', (select name from app_public.users where id = app_public.current_user_id()),
    'kind', 'group', 'targetName', v_group.name, 'invitationId', v_invitation.id, 'code', v_invitation.code));
  return v_invitation;
end;
$$;

--
-- Name: thing_access_invitations; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.thing_access_invitations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    thing_id uuid NOT NULL,
    email public.citext NOT NULL,
    user_id uuid,
    invited_by uuid,
    code text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT thing_access_invitations_email_valid CHECK (app_hidden.check_email((email)::text))
);

--
-- Name: invite_to_thing_access(uuid, text); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.invite_to_thing_access(thing_id uuid, email text) RETURNS app_public.thing_access_invitations
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_thing app_public.things;
  v_invitee uuid;
  v_invitation app_public.thing_access_invitations;
begin
  perform app_hidden.require_user();
  select * into v_thing from app_public.things t where t.id = invite_to_thing_access.thing_id;
  if v_thing.id is null or not app_hidden.can_manage_thing(v_thing.id) then
    raise exception 'Only the thing''s owners can invite people' using errcode = 'DNIED';
  end if;
  perform app_hidden.check_email(invite_to_thing_access.email);
  select e.user_id into v_invitee from app_public.user_emails e where e.email = invite_to_thing_access.email and e.is_verified;
  if v_invitee is not null and exists (
    select 1 from app_public.thing_accesses a where a.thing_id = v_thing.id and a.user_id = v_invitee and (a.is_owner or a.is_collaborator)
  ) then
    raise exception 'This person already has access to the thing' using errcode = 'ISACS';
  end if;
  -- Every invitation mail (a repeated one too, which resends) counts against the sender's hour.
  perform app_hidden.take_notice_email_to(invite_to_thing_access.email);
  insert into app_public.thing_access_invitations (thing_id, email, user_id, invited_by, code)
    values (v_thing.id, invite_to_thing_access.email, v_invitee, app_public.current_user_id(), app_hidden.new_invitation_code())
    on conflict on constraint thing_access_invitations_thing_email_key do update
      set code = excluded.code, created_at = now(), invited_by = excluded.invited_by, user_id = excluded.user_id
    returning * into v_invitation;
  perform app_hidden.queue_email(v_invitation.email, 'invitation', json_build_object(
    'inviterName', (select name from app_public.users where id = app_public.current_user_id()),
    'kind', 'thing', 'targetName', v_thing.name, 'invitationId', v_invitation.id, 'code', v_invitation.code));
  return v_invitation;
end;
$$;

--
-- Name: rota_slots; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.rota_slots (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    group_id uuid NOT NULL,
    weekday integer NOT NULL,
    user_id uuid NOT NULL,
    created_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT rota_slots_weekday_valid CHECK ((((weekday >= 1) AND (weekday <= 7)) OR app_hidden.invalid('Choose a day of the week'::text)))
);

--
-- Name: TABLE rota_slots; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.rota_slots IS '@behavior -query:resource:connection -query:resource:list -query:resource:single -node -insert -update -delete
A member''s day of the week on their group''s watering rota (takeRotaSlot, leaveRotaSlot).';

--
-- Name: COLUMN rota_slots.weekday; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.rota_slots.weekday IS 'ISO day of the week: 1 Monday to 7 Sunday.';

--
-- Name: leave_rota_slot(uuid); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.leave_rota_slot(slot_id uuid) RETURNS app_public.rota_slots
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_me uuid := app_hidden.require_user();
  v_slot app_public.rota_slots;
begin
  select * into v_slot from app_public.rota_slots s where s.id = leave_rota_slot.slot_id;
  if not found or not app_hidden.can_see_rota(v_slot.group_id) then
    raise exception 'The rota slot it refers to does not exist' using errcode = 'NTFND';
  end if;
  if v_slot.user_id <> v_me and not app_hidden.can_manage_group(v_slot.group_id) then
    raise exception 'Only the person on the slot and the group''s owners can take it off the rota' using errcode = 'DNIED';
  end if;
  delete from app_public.rota_slots s where s.id = v_slot.id;
  return v_slot;
end;
$$;

--
-- Name: FUNCTION leave_rota_slot(slot_id uuid); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.leave_rota_slot(slot_id uuid) IS 'Take a slot off the rota: your own, or any of the group''s as its owner. Its swaps go with it.';

--
-- Name: make_email_primary(uuid); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.make_email_primary(email_id uuid) RETURNS app_public.user_emails
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_email app_public.user_emails;
begin
  select * into v_email from app_public.user_emails
    where id = email_id and user_id = app_hidden.require_user();
  if v_email.id is null then
    raise exception 'E-mail address not found' using errcode = 'NTFND';
  end if;
  update app_public.user_emails set is_primary = false where user_id = v_email.user_id and is_primary and id <> v_email.id;
  update app_public.user_emails set is_primary = true where id = v_email.id returning * into v_email;
  return v_email;
end;
$$;

--
-- Name: FUNCTION make_email_primary(email_id uuid); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.make_email_primary(email_id uuid) IS 'Makes one of your addresses the primary one (exactly one is primary).';

--
-- Name: mark_all_notifications_read(); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.mark_all_notifications_read() RETURNS integer
    LANGUAGE sql
    AS $$
  with changed as (
    update app_public.notifications set read_at = now()
    where user_id = app_public.current_user_id() and read_at is null
    returning 1
  )
  select count(*)::int from changed
$$;

--
-- Name: FUNCTION mark_all_notifications_read(); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.mark_all_notifications_read() IS 'Marks all your notifications read; returns how many.';

--
-- Name: moderate_report(uuid, text); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.moderate_report(report_id uuid, decision text) RETURNS app_public.content_reports
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_report app_public.content_reports;
  v_status app_public.report_status;
begin
  perform app_hidden.require_admin();
  select * into v_report from app_public.content_reports where id = report_id for update;
  if v_report.id is null then
    raise exception 'Report not found' using errcode = 'NTFND';
  end if;
  v_status := case decision when 'hide' then 'hidden' when 'restore' then 'restored' when 'dismiss' then 'dismissed' end;
  if v_status is null then
    raise exception 'Decide hide, restore or dismiss' using errcode = 'INVLD';
  end if;
  if decision = 'dismiss' and v_report.status <> 'open' then
    raise exception 'Only an open report can be dismissed' using errcode = 'INVLD';
  end if;
  if decision <> 'dismiss' then
    perform app_hidden.set_content_hidden(v_report, decision = 'hide');
  end if;
  update app_public.content_reports r
    set status = v_status, resolved_by = app_public.current_user_id(), resolved_at = now()
    where r.id = v_report.id
       or (decision <> 'dismiss' and r.target_type = v_report.target_type and r.target_id = v_report.target_id
           and r.picture_of is not distinct from v_report.picture_of
           and r.status in ('open', 'hidden', 'restored'));
  select * into v_report from app_public.content_reports where id = report_id;
  return v_report;
end;
$$;

--
-- Name: FUNCTION moderate_report(report_id uuid, decision text); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.moderate_report(report_id uuid, decision text) IS 'Admins: hide the reported content (closing its open reports), restore it, or dismiss the report (decision: hide, restore or dismiss).';

--
-- Name: my_notice_preferences(); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.my_notice_preferences() RETURNS SETOF app_public.notice_preferences
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select p.* from unnest(enum_range(null::app_public.notice_kind)) k,
    lateral app_hidden.notice_preference(app_public.current_user_id(), k) p
  where app_public.current_user_id() is not null
$$;

--
-- Name: FUNCTION my_notice_preferences(); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.my_notice_preferences() IS '@behavior -connection +list
Your preference for every kind of notice, the defaults where you saved none.';

--
-- Name: my_notice_settings(); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.my_notice_settings() RETURNS app_public.notice_settings
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select * from app_hidden.notice_settings_of(app_public.current_user_id()) where app_public.current_user_id() is not null
$$;

--
-- Name: FUNCTION my_notice_settings(); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.my_notice_settings() IS 'When notices reach you (the defaults if you saved none).';

--
-- Name: navigation_daily_stats(date, date, uuid); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.navigation_daily_stats(start_date date DEFAULT NULL::date, end_date date DEFAULT NULL::date, target_user_id uuid DEFAULT NULL::uuid) RETURNS SETOF app_public.daily_stat
    LANGUAGE sql STABLE
    AS $$
  select date, daily_navigations::int, daily_sessions::int, unique_routes_visited::int, average_time_per_navigation, active_users::int
  from app_hidden.navigation_daily_stats_rows(start_date, end_date, target_user_id)
$$;

--
-- Name: FUNCTION navigation_daily_stats(start_date date, end_date date, target_user_id uuid); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.navigation_daily_stats(start_date date, end_date date, target_user_id uuid) IS 'Per day: navigations, sessions, routes, time per navigation and active users (active users over time).';

--
-- Name: navigation_pattern_stats(date, date, uuid); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.navigation_pattern_stats(start_date date DEFAULT NULL::date, end_date date DEFAULT NULL::date, target_user_id uuid DEFAULT NULL::uuid) RETURNS SETOF app_public.pattern_stat
    LANGUAGE sql STABLE
    AS $$
  select from_route, to_route, occurrence_count::int, average_transition_time, unique_users::int, unique_sessions::int,
         first_occurrence, last_occurrence
  from app_hidden.navigation_pattern_stats_rows(start_date, end_date, target_user_id)
$$;

--
-- Name: FUNCTION navigation_pattern_stats(start_date date, end_date date, target_user_id uuid); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.navigation_pattern_stats(start_date date, end_date date, target_user_id uuid) IS 'Per route-to-route step: how often, how fast, by how many people and sessions (admins only).';

--
-- Name: navigation_route_stats(date, date, uuid); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.navigation_route_stats(start_date date DEFAULT NULL::date, end_date date DEFAULT NULL::date, target_user_id uuid DEFAULT NULL::uuid) RETURNS SETOF app_public.route_stat
    LANGUAGE sql STABLE
    AS $$
  select route, visit_count::int, total_time_spent, average_time_spent, first_visited, last_visited,
         unique_visitors::int, unique_sessions::int
  from app_hidden.navigation_route_stats_rows(start_date, end_date, target_user_id)
$$;

--
-- Name: FUNCTION navigation_route_stats(start_date date, end_date date, target_user_id uuid); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.navigation_route_stats(start_date date, end_date date, target_user_id uuid) IS 'Per route: visits, time spent, first and last visit, unique visitors and sessions (admins only).';

--
-- Name: navigation_session_stats(date, date, uuid); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.navigation_session_stats(start_date date DEFAULT NULL::date, end_date date DEFAULT NULL::date, target_user_id uuid DEFAULT NULL::uuid) RETURNS SETOF app_public.session_stat
    LANGUAGE sql STABLE
    AS $$
  select user_id, username, total_sessions::int, average_session_duration, total_navigations::int,
         average_navigations_per_session, first_session, last_session
  from app_hidden.navigation_session_stats_rows(start_date, end_date, target_user_id)
$$;

--
-- Name: FUNCTION navigation_session_stats(start_date date, end_date date, target_user_id uuid); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.navigation_session_stats(start_date date, end_date date, target_user_id uuid) IS 'Per person: sessions, their length, navigations, first and last session (admins only).';

--
-- Name: nearest_device(double precision, double precision, double precision); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.nearest_device(latitude double precision, longitude double precision, max_distance_metres double precision DEFAULT NULL::double precision) RETURNS SETOF app_public.nearby_device
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  c_first_ring constant float8 := 250;
  c_most constant integer := 100;
  v_max float8 := app_hidden.nearest_radius_metres(nearest_device.max_distance_metres);
  v_here point;
  v_cos float8;
  v_r float8;
  v_rows app_public.nearby_device[];
begin
  if nearest_device.latitude is null or nearest_device.longitude is null
     or not (nearest_device.latitude between -90 and 90 and nearest_device.longitude between -180 and 180) then
    return;
  end if;
  v_here := point(nearest_device.latitude, nearest_device.longitude);
  v_cos := cos(radians(nearest_device.latitude));
  v_r := least(v_max, c_first_ring);
  loop
    v_rows := array(
      select row(c.id, c.name, c.location[0], c.location[1], d.metres)::app_public.nearby_device
      from (
        select dv.id, dv.name, dv.location
        from app_public.devices dv
        where dv.ctid = any (array(select app_hidden.device_places_in_box(app_hidden.box_around(v_here, v_r / 1000))))
        order by (dv.location[0] - v_here[0]) ^ 2 + ((dv.location[1] - v_here[1]) * v_cos) ^ 2
        limit c_most * 2
      ) c,
      lateral (select app_hidden.distance_metres(v_here, c.location) as metres) d
      where d.metres <= v_r
      order by d.metres, c.id
      limit c_most);
    exit when cardinality(v_rows) >= c_most or v_r >= v_max;
    v_r := least(v_max, v_r * 2);
  end loop;
  return query select * from unnest(v_rows);
end;
$$;

--
-- Name: FUNCTION nearest_device(latitude double precision, longitude double precision, max_distance_metres double precision); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.nearest_device(latitude double precision, longitude double precision, max_distance_metres double precision) IS 'The visible devices nearest to a point (latitude, longitude), nearest first, within maxDistanceMetres (default 20000, at most 50000), at most 100.';

--
-- Name: nearest_thing(double precision, double precision, double precision, boolean); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.nearest_thing(latitude double precision, longitude double precision, max_distance_metres double precision DEFAULT NULL::double precision, needs_water boolean DEFAULT false) RETURNS SETOF app_public.nearby_thing
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  c_first_ring constant float8 := 250;
  c_most constant integer := 100;
  v_max float8 := app_hidden.nearest_radius_metres(nearest_thing.max_distance_metres);
  v_thirsty boolean := coalesce(nearest_thing.needs_water, false);
  v_here point;
  v_cos float8;
  v_r float8;
  v_rows app_public.nearby_thing[];
begin
  if nearest_thing.latitude is null or nearest_thing.longitude is null
     or not (nearest_thing.latitude between -90 and 90 and nearest_thing.longitude between -180 and 180) then
    return;
  end if;
  v_here := point(nearest_thing.latitude, nearest_thing.longitude);
  v_cos := cos(radians(nearest_thing.latitude));
  v_r := least(v_max, c_first_ring);
  loop
    v_rows := array(
      select row(c.id, c.name, c.type, c.location[0], c.location[1], d.metres, c.water_need)::app_public.nearby_thing
      from (
        select t.id, t.name, t.type, t.location, t.water_need
        from app_public.things t
        where t.ctid = any (array(
                select app_hidden.thing_places_in_box(app_hidden.box_around(v_here, v_r / 1000)) where not v_thirsty
                union all
                select app_hidden.thirsty_thing_places_in_box(app_hidden.box_around(v_here, v_r / 1000)) where v_thirsty))
        order by (t.location[0] - v_here[0]) ^ 2 + ((t.location[1] - v_here[1]) * v_cos) ^ 2
        limit c_most * 2
      ) c,
      lateral (select app_hidden.distance_metres(v_here, c.location) as metres) d
      where d.metres <= v_r
      order by d.metres, c.id
      limit c_most);
    exit when cardinality(v_rows) >= c_most or v_r >= v_max;
    v_r := least(v_max, v_r * 2);
  end loop;
  return query select * from unnest(v_rows);
end;
$$;

--
-- Name: FUNCTION nearest_thing(latitude double precision, longitude double precision, max_distance_metres double precision, needs_water boolean); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.nearest_thing(latitude double precision, longitude double precision, max_distance_metres double precision, needs_water boolean) IS 'The visible things nearest to a point (latitude, longitude), nearest first, within maxDistanceMetres (default 20000, at most 50000), at most 100.
With needsWater, only things that need water or soon will.';

--
-- Name: new_user(text, text, text); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.new_user(name text, username text, email text) RETURNS app_public.users
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_user app_public.users;
  v_token text := encode(gen_random_bytes(18), 'hex');
  v_email_id uuid;
begin
  perform app_hidden.require_admin();
  insert into app_public.users (name, username) values (new_user.name, new_user.username) returning * into v_user;
  insert into app_public.user_emails (user_id, email, is_primary) values (v_user.id, new_user.email, true)
    returning id into v_email_id;
  perform app_hidden.take_notice_email_to(new_user.email);
  -- The link goes to this address: using it verifies the address (reset_password).
  insert into app_private.user_secrets (user_id, reset_token, reset_token_created_at, reset_token_expires_at, reset_email_id)
    values (v_user.id, v_token, now(), now() + interval '7 days', v_email_id);
  perform app_hidden.queue_email(new_user.email, 'new_user',
    json_build_object('name', v_user.name, 'username', v_user.username, 'userId', v_user.id, 'token', v_token));
  return v_user;
end;
$$;

--
-- Name: people_in_groups(uuid); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.people_in_groups(group_id uuid DEFAULT NULL::uuid) RETURNS SETOF app_public.users
    LANGUAGE sql STABLE
    AS $$
  select u.* from app_public.users u
  where exists (
    select 1 from app_public.group_memberships m
    where m.user_id = u.id and (people_in_groups.group_id is null or m.group_id = people_in_groups.group_id)
  )
  order by u.name, u.username
$$;

--
-- Name: FUNCTION people_in_groups(group_id uuid); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.people_in_groups(group_id uuid) IS '@sortable
@filterable
The people in the groups you can see (of one group when groupId is given), ordered by name.';

--
-- Name: record_action(uuid, app_public.action_type, text, uuid, double precision, point, boolean); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.record_action(thing_id uuid, type app_public.action_type, comments text, client_key uuid, litres double precision DEFAULT NULL::double precision, location point DEFAULT NULL::point, has_image boolean DEFAULT false) RETURNS app_public.actions
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_user uuid := app_public.current_user_id();
  v_action app_public.actions;
begin
  if v_user is null then
    raise exception 'Sign in to record an action' using errcode = 'LOGIN';
  end if;
  if record_action.client_key is null then
    raise exception 'A client key is required to record an action once' using errcode = 'INVLD';
  end if;
  if record_action.thing_id is null then
    raise exception 'Choose the thing the action was for' using errcode = 'INVLD';
  end if;
  if record_action.type is null then
    raise exception 'Choose what you did' using errcode = 'INVLD';
  end if;
  -- Already recorded by this person with this key: the retry gets that action.
  select a.* into v_action from app_public.actions a
    where a.created_by = v_user and a.client_key = record_action.client_key;
  if found then
    return v_action;
  end if;
  insert into app_public.actions (thing_id, type, comments, litres, location, has_image, client_key)
    values (record_action.thing_id, record_action.type, coalesce(record_action.comments, ''), record_action.litres,
            record_action.location, coalesce(record_action.has_image, false), record_action.client_key)
    on conflict on constraint actions_client_key_unique do nothing
    returning * into v_action;
  if v_action.id is null then
    -- Two copies of the same send arrived together: the other one inserted it first.
    select a.* into v_action from app_public.actions a
      where a.created_by = v_user and a.client_key = record_action.client_key;
  end if;
  return v_action;
end;
$$;

--
-- Name: FUNCTION record_action(thing_id uuid, type app_public.action_type, comments text, client_key uuid, litres double precision, location point, has_image boolean); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.record_action(thing_id uuid, type app_public.action_type, comments text, client_key uuid, litres double precision, location point, has_image boolean) IS 'Records a care action on a thing once per client key: sending the same key again answers the action already recorded (a retry after a lost answer, a queued action sent when the device is back online).';

--
-- Name: push_subscriptions; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.push_subscriptions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    endpoint text NOT NULL,
    p256dh text NOT NULL,
    auth text NOT NULL,
    label text DEFAULT 'A browser'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_success_at timestamp with time zone,
    expires_at timestamp with time zone,
    CONSTRAINT push_subscriptions_auth_valid CHECK ((auth ~ '^[A-Za-z0-9_-]{21,24}={0,2}$'::text)),
    CONSTRAINT push_subscriptions_endpoint_valid CHECK (((endpoint ~ '^https?://[^\s/]+/\S*$'::text) AND (length(endpoint) <= 2000))),
    CONSTRAINT push_subscriptions_label_check CHECK (((length(label) >= 1) AND (length(label) <= 120))),
    CONSTRAINT push_subscriptions_p256dh_valid CHECK ((p256dh ~ '^[A-Za-z0-9_-]{86,88}={0,2}$'::text))
);

--
-- Name: TABLE push_subscriptions; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.push_subscriptions IS '@behavior -insert -update
A browser that receives your notices as push messages.';

--
-- Name: COLUMN push_subscriptions.endpoint; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.push_subscriptions.endpoint IS '@behavior -filterBy -orderBy
The push service''s address for this browser.';

--
-- Name: COLUMN push_subscriptions.p256dh; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.push_subscriptions.p256dh IS '@behavior -select -filterBy -orderBy';

--
-- Name: COLUMN push_subscriptions.auth; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.push_subscriptions.auth IS '@behavior -select -filterBy -orderBy';

--
-- Name: register_push_subscription(text, text, text, text, timestamp with time zone); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.register_push_subscription(endpoint text, p256dh text, auth text, label text DEFAULT NULL::text, expires_at timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS app_public.push_subscriptions
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $_$
declare
  v_user uuid := app_hidden.require_user();
  v_row app_public.push_subscriptions;
  v_key bytea;
begin
  if endpoint is null or endpoint !~ '^https?://[^\s/]+/\S*$' or length(endpoint) > 2000 then
    raise exception 'The push service address is not valid' using errcode = 'INVLD';
  end if;
  begin
    v_key := decode(translate(rtrim(p256dh, '='), '-_', '+/') || repeat('=', (4 - length(rtrim(p256dh, '=')) % 4) % 4), 'base64');
  exception when others then
    v_key := null;
  end;
  if v_key is null or length(v_key) <> 65 or get_byte(v_key, 0) <> 4 then
    raise exception 'The browser''s push key is not valid (a P-256 public key is 65 bytes)' using errcode = 'INVLD';
  end if;
  begin
    v_key := decode(translate(rtrim(auth, '='), '-_', '+/') || repeat('=', (4 - length(rtrim(auth, '=')) % 4) % 4), 'base64');
  exception when others then
    v_key := null;
  end;
  if v_key is null or length(v_key) <> 16 then
    raise exception 'The browser''s push secret is not valid (it is 16 bytes)' using errcode = 'INVLD';
  end if;
  insert into app_public.push_subscriptions (user_id, endpoint, p256dh, auth, label, expires_at)
    values (v_user, register_push_subscription.endpoint,
            translate(rtrim(register_push_subscription.p256dh, '='), '+/', '-_'),
            translate(rtrim(register_push_subscription.auth, '='), '+/', '-_'),
            coalesce(nullif(left(btrim(register_push_subscription.label), 120), ''), 'A browser'),
            register_push_subscription.expires_at)
    on conflict on constraint push_subscriptions_endpoint_key do update set
      user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, label = excluded.label,
      expires_at = excluded.expires_at, created_at = now(), last_success_at = null
    returning * into v_row;
  delete from app_public.push_subscriptions s where s.id in (
    select s2.id from app_public.push_subscriptions s2 where s2.user_id = v_user
    order by s2.created_at desc offset app_hidden.push_subscriptions_per_user());
  return v_row;
end;
$_$;

--
-- Name: FUNCTION register_push_subscription(endpoint text, p256dh text, auth text, label text, expires_at timestamp with time zone); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.register_push_subscription(endpoint text, p256dh text, auth text, label text, expires_at timestamp with time zone) IS 'Sends your notices to this browser as push messages (the PushSubscription''s endpoint and keys).';

--
-- Name: report_content(app_public.report_target, uuid, app_public.report_reason, text, text); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.report_content(target_type app_public.report_target, target_id uuid, reason app_public.report_reason, details text DEFAULT NULL::text, picture_of text DEFAULT NULL::text) RETURNS app_public.content_reports
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
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

--
-- Name: FUNCTION report_content(target_type app_public.report_target, target_id uuid, reason app_public.report_reason, details text, picture_of text); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.report_content(target_type app_public.report_target, target_id uuid, reason app_public.report_reason, details text, picture_of text) IS 'Reports a thing, picture, action or chat message you can see (spam, wrong or offensive; details optional, at most 1000 characters). At most 20 reports a day.';

--
-- Name: request_account_deletion(); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.request_account_deletion() RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_user_id uuid := app_hidden.require_user();
  v_token text := encode(gen_random_bytes(18), 'hex');
begin
  perform app_hidden.take_notice_email_to(app_hidden.primary_email(v_user_id));
  insert into app_private.user_secrets (user_id) values (v_user_id) on conflict do nothing;
  update app_private.user_secrets set delete_account_token = v_token, delete_account_token_created_at = now()
    where user_id = v_user_id;
  perform app_hidden.queue_email(app_hidden.primary_email(v_user_id), 'account_deletion',
    json_build_object('name', (select name from app_public.users where id = v_user_id), 'token', v_token));
  return true;
end;
$$;

--
-- Name: resend_email_verification_code(uuid); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.resend_email_verification_code(email_id uuid) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_email app_public.user_emails;
  v_sent_at timestamptz;
begin
  select * into v_email from app_public.user_emails where id = email_id and user_id = app_hidden.require_user();
  if v_email.id is null then
    raise exception 'E-mail address not found' using errcode = 'NTFND';
  end if;
  if v_email.is_verified then
    raise exception 'This e-mail address is already verified' using errcode = 'DNIED';
  end if;
  select verification_sent_at into v_sent_at from app_private.user_email_secrets where user_email_id = v_email.id;
  -- One mail a minute is plenty; more would let the button be used to spam an address.
  if v_sent_at > now() - interval '1 minute' then
    return false;
  end if;
  perform app_hidden.send_email_verification(v_email.id, app_public.current_domain_name());
  return true;
end;
$$;

--
-- Name: restore_history_entry(uuid); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.restore_history_entry(entry_id uuid) RETURNS app_public.history_entries
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $_$
declare
  v_entry app_public.history_entries;
  v_table text;
  v_columns text[];
  v_set text;
  v_count int;
  v_restorations int;
  v_result app_public.history_entries;
begin
  if app_public.current_user_id() is null then
    raise exception 'You must be signed in' using errcode = 'LOGIN';
  end if;
  select * into v_entry from app_public.history_entries where id = entry_id;
  if v_entry.id is null then
    raise exception 'This version was not found' using errcode = 'NTFND';
  end if;
  if not app_hidden.can_restore_history(v_entry.target_type, v_entry.target_id) then
    raise exception 'Only the owners of the % and admins can restore an earlier version', v_entry.target_type
      using errcode = 'DNIED';
  end if;
  if v_entry.operation <> 'update' or v_entry.before is null then
    raise exception 'Only a change can be undone; this entry has no earlier version' using errcode = 'INVLD';
  end if;
  v_table := case v_entry.target_type when 'thing' then 'things' when 'device' then 'devices' else 'groups' end;
  select array_agg(a.attname order by a.attnum) into v_columns
    from pg_attribute a
    where a.attrelid = ('app_public.' || v_table)::regclass and a.attnum > 0 and not a.attisdropped
      and v_entry.before ? a.attname
      and not (a.attname = any (app_hidden.history_ignored_columns(v_table)))
      and has_column_privilege(('app_public.' || v_table)::regclass, a.attname, 'UPDATE');
  if v_columns is null then
    raise exception 'None of the fields of this version can be restored' using errcode = 'INVLD';
  end if;
  select string_agg(format('%1$I = r.%1$I', c), ', ') into v_set from unnest(v_columns) c;
  select count(*) into v_restorations from app_public.history_entries where restored_from_id = v_entry.id;

  perform set_config('steward.restoring_history_entry', v_entry.id::text, true);
  execute format('update app_public.%I t set %s from jsonb_populate_record(null::app_public.%I, $1) r where t.id = $2',
                 v_table, v_set, v_table)
    using v_entry.before, v_entry.target_id;
  get diagnostics v_count = row_count;
  perform set_config('steward.restoring_history_entry', '', true);
  if v_count = 0 then
    raise exception 'This % was not found', v_entry.target_type using errcode = 'NTFND';
  end if;

  -- The trigger records a restore only when a field changed.
  if (select count(*) from app_public.history_entries where restored_from_id = v_entry.id) = v_restorations then
    raise exception 'The % already has the values of this version', v_entry.target_type using errcode = 'INVLD';
  end if;
  select * into v_result from app_public.history_entries
    where restored_from_id = v_entry.id order by changed_at desc, id desc limit 1;
  return v_result;
end;
$_$;

--
-- Name: FUNCTION restore_history_entry(entry_id uuid); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.restore_history_entry(entry_id uuid) IS 'Restores the version before a recorded change: writes back its "before" values (owners and admins). The restore is recorded as a change in turn.';

--
-- Name: chat_messages; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.chat_messages (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    event_id uuid DEFAULT gen_random_uuid() NOT NULL,
    thing_id uuid NOT NULL,
    recipient_id uuid NOT NULL,
    type_name text NOT NULL,
    sender text NOT NULL,
    message_text text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    in_reply_to uuid,
    metadata jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    hidden_at timestamp with time zone,
    CONSTRAINT chat_messages_message_text_valid CHECK (((type_name <> 'user'::text) OR app_hidden.check_chat_message(message_text))),
    CONSTRAINT chat_messages_reply_has_question CHECK (((type_name = 'assistant'::text) = (in_reply_to IS NOT NULL))),
    CONSTRAINT chat_messages_status_known CHECK ((status = ANY (ARRAY['pending'::text, 'answered'::text, 'failed'::text]))),
    CONSTRAINT chat_messages_type_name_known CHECK ((type_name = ANY (ARRAY['user'::text, 'assistant'::text])))
);

--
-- Name: TABLE chat_messages; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.chat_messages IS 'A message of a conversation with the care assistant about a thing: a question or its reply.';

--
-- Name: COLUMN chat_messages.event_id; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.chat_messages.event_id IS 'The message''s event id: unique and stable.';

--
-- Name: COLUMN chat_messages.recipient_id; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.chat_messages.recipient_id IS 'The user whose conversation this is (who asks, and receives the replies).';

--
-- Name: COLUMN chat_messages.type_name; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.chat_messages.type_name IS 'user (a question) or assistant (a reply).';

--
-- Name: COLUMN chat_messages.sender; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.chat_messages.sender IS 'Display name of the writer: the user''s name, or Care assistant.';

--
-- Name: COLUMN chat_messages.status; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.chat_messages.status IS 'pending (question not answered yet), answered, or failed (the assistant could not answer; the reply says so).';

--
-- Name: COLUMN chat_messages.in_reply_to; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.chat_messages.in_reply_to IS 'On a reply: the question it answers.';

--
-- Name: COLUMN chat_messages.metadata; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.chat_messages.metadata IS 'On a question: what the client sent ({"thingId": ...}). On a reply: {"thingId", "provider" (llm or rules), "model", "intent", "error"}.';

--
-- Name: COLUMN chat_messages.hidden_at; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.chat_messages.hidden_at IS '@behavior -insert -update
When an admin hid this message.';

--
-- Name: send_chat_message(text, text, jsonb); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.send_chat_message(message text, sender text DEFAULT NULL::text, metadata jsonb DEFAULT NULL::jsonb) RETURNS app_public.chat_messages
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $_$
declare
  v_user_id uuid := app_hidden.require_user();
  v_text text := app_hidden.trim_chat_message(send_chat_message.message);
  v_thing_id uuid;
  v_count int;
  v_oldest timestamptz;
  v_wait int;
  v_message app_public.chat_messages;
begin
  perform app_hidden.check_chat_message(v_text);
  if metadata is null or jsonb_typeof(metadata) <> 'object' or coalesce(metadata->>'thingId', '') = '' then
    raise exception 'Choose the thing to ask about' using errcode = 'INVLD';
  end if;
  if pg_column_size(metadata) > 2048 then
    raise exception 'Message details must be at most 2 KB' using errcode = 'INVLD';
  end if;
  if metadata->>'thingId' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    raise exception 'Thing not found' using errcode = 'NTFND';
  end if;
  v_thing_id := (metadata->>'thingId')::uuid;
  if not app_hidden.can_see_thing(v_thing_id) then
    raise exception 'Thing not found' using errcode = 'NTFND';
  end if;

  -- One sender at a time per user, so concurrent requests cannot both pass the limit.
  perform pg_advisory_xact_lock(hashtextextended('app_public.chat_messages:' || v_user_id, 0));
  select count(*), min(created_at) into v_count, v_oldest
    from app_public.chat_messages
    where recipient_id = v_user_id and type_name = 'user' and created_at > now() - interval '1 hour';
  if v_count >= app_hidden.chat_messages_per_hour() then
    v_wait := greatest(1, ceil(extract(epoch from (v_oldest + interval '1 hour' - now())) / 60)::int);
    raise exception 'You can send up to % messages an hour. Please try again in % minute%.',
      app_hidden.chat_messages_per_hour(), v_wait, case when v_wait = 1 then '' else 's' end
      using errcode = 'RATEL';
  end if;

  insert into app_public.chat_messages (thing_id, recipient_id, type_name, sender, message_text, status, metadata)
    values (v_thing_id, v_user_id, 'user', (select u.name from app_public.users u where u.id = v_user_id), v_text, 'pending',
            metadata || jsonb_build_object('thingId', v_thing_id))
    returning * into v_message;
  -- One queue per user: replies come in the order asked, each seeing the previous answers.
  perform graphile_worker.add_job('chat_reply', json_build_object('messageId', v_message.id),
    queue_name := 'chat_reply:' || v_user_id, max_attempts := 3, job_key := 'chat_reply:' || v_message.id);
  return v_message;
end;
$_$;

--
-- Name: FUNCTION send_chat_message(message text, sender text, metadata jsonb); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.send_chat_message(message text, sender text, metadata jsonb) IS 'Asks the care assistant about a thing: metadata is {"thingId": "..."}; the reply arrives as another chat message (thingUpdated event "chat"). sender is ignored: messages carry your own name.';

--
-- Name: sensor_rollups(uuid, app_public.sensor_rollup_resolution, timestamp with time zone, timestamp with time zone, text[]); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.sensor_rollups(device_id uuid, resolution app_public.sensor_rollup_resolution, since timestamp with time zone, until timestamp with time zone DEFAULT 'infinity'::timestamp with time zone, parameters text[] DEFAULT ARRAY['water'::text, 'temperature'::text, 'conductivity'::text, 'ph'::text, 'battery'::text, 'rssi'::text, 'snr'::text]) RETURNS SETOF app_public.sensor_rollup_line
    LANGUAGE plpgsql STABLE STRICT
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  -- Nothing is summed after now (an uplink may be 5 minutes ahead: its hour starts before now).
  v_until timestamptz := least(sensor_rollups.until, now());
  v_unit text := case when sensor_rollups.resolution = 'HOUR' then 'hour' else 'day' end;
  v_from timestamptz := date_trunc(v_unit, sensor_rollups.since, 'UTC');
  -- The device's hours the worker has not summed yet (read from their readings), and their days
  -- (read from their hours). Usually one or two of each.
  v_pending timestamptz[] := app_hidden.sensor_rollup_pending_hours(sensor_rollups.device_id);
  v_pending_days timestamptz[] := array(select distinct date_trunc('day', h, 'UTC') from unnest(v_pending) h);
begin
  if v_until < sensor_rollups.since then
    raise exception 'until must not be before since' using errcode = 'INVLD';
  end if;
  -- At most about 2,200 hours or 7,300 days a call: a longer span asks for a coarser resolution.
  if sensor_rollups.resolution = 'HOUR' and v_until - sensor_rollups.since > interval '92 days' then
    raise exception 'Hourly rollups cover at most 92 days: ask for DAY' using errcode = 'INVLD';
  end if;
  if sensor_rollups.resolution = 'DAY' and v_until - sensor_rollups.since > interval '7305 days' then
    raise exception 'Daily rollups cover at most 20 years' using errcode = 'INVLD';
  end if;
  -- The device's rows of each bucket are summed first (more than one only when it moved between
  -- things within it), then gathered into one series per quantity, in the order of the list below.
  return query
  select p.parameter, array_agg(r.bucket order by r.bucket), array_agg(p.n::int order by r.bucket),
         array_agg(p.lo order by r.bucket), array_agg(p.hi order by r.bucket), array_agg(p.total / p.n order by r.bucket)
  from (
    select date_trunc(v_unit, x.bucket, 'UTC') as bucket, sum(x.water_n) as water_n, sum(x.water_sum) as water_sum, min(x.water_min) as water_min, max(x.water_max) as water_max,
           sum(x.temperature_n) as temperature_n, sum(x.temperature_sum) as temperature_sum, min(x.temperature_min) as temperature_min, max(x.temperature_max) as temperature_max,
           sum(x.conductivity_n) as conductivity_n, sum(x.conductivity_sum) as conductivity_sum, min(x.conductivity_min) as conductivity_min, max(x.conductivity_max) as conductivity_max,
           sum(x.ph_n) as ph_n, sum(x.ph_sum) as ph_sum, min(x.ph_min) as ph_min, max(x.ph_max) as ph_max,
           sum(x.battery_n) as battery_n, sum(x.battery_sum) as battery_sum, min(x.battery_min) as battery_min, max(x.battery_max) as battery_max,
           sum(x.rssi_n) as rssi_n, sum(x.rssi_sum) as rssi_sum, min(x.rssi_min) as rssi_min, max(x.rssi_max) as rssi_max,
           sum(x.snr_n) as snr_n, sum(x.snr_sum) as snr_sum, min(x.snr_min) as snr_min, max(x.snr_max) as snr_max
    from (
      -- Daily rows, but not of days with marked hours (the worker has not summed those days yet).
      select d.* from app_public.sensor_rollups_daily d
      where sensor_rollups.resolution = 'DAY' and d.device_id = sensor_rollups.device_id
        and d.bucket >= v_from and d.bucket <= v_until and d.bucket <> all (v_pending_days)
      union all
      -- Hourly rows: all of the range by the hour; of the marked days by the day. Not marked hours.
      select h.* from app_public.sensor_rollups_hourly h
      where sensor_rollups.resolution = 'HOUR' and h.device_id = sensor_rollups.device_id
        and h.bucket >= v_from and h.bucket <= v_until and h.bucket <> all (v_pending)
      union all
      select h.* from unnest(v_pending_days) p(day)
      join app_public.sensor_rollups_hourly h
        on h.device_id = sensor_rollups.device_id and h.bucket >= p.day and h.bucket < p.day + interval '1 day'
      where sensor_rollups.resolution = 'DAY' and p.day >= v_from and p.day <= v_until and h.bucket <> all (v_pending)
      union all
      -- Marked hours, from their readings (read under row-level security, as the rows above).
      select s.* from unnest(v_pending) p(hour)
      cross join lateral app_hidden.sensor_hours(sensor_rollups.device_id, p.hour, p.hour + interval '1 hour') s
      where date_trunc(v_unit, p.hour, 'UTC') >= v_from and date_trunc(v_unit, p.hour, 'UTC') <= v_until
    ) x
    group by 1
  ) r
  cross join lateral (values
      (0, 'water', r.water_n, r.water_sum, r.water_min, r.water_max),
      (1, 'temperature', r.temperature_n, r.temperature_sum, r.temperature_min, r.temperature_max),
      (2, 'conductivity', r.conductivity_n, r.conductivity_sum, r.conductivity_min, r.conductivity_max),
      (3, 'ph', r.ph_n, r.ph_sum, r.ph_min, r.ph_max),
      (4, 'battery', r.battery_n, r.battery_sum, r.battery_min, r.battery_max),
      (5, 'rssi', r.rssi_n, r.rssi_sum, r.rssi_min, r.rssi_max),
      (6, 'snr', r.snr_n, r.snr_sum, r.snr_min, r.snr_max)
  ) p(ord, parameter, n, total, lo, hi)
  where p.n > 0 and p.parameter = any (sensor_rollups.parameters)
  group by p.ord, p.parameter
  order by p.ord;
end;
$$;

--
-- Name: FUNCTION sensor_rollups(device_id uuid, resolution app_public.sensor_rollup_resolution, since timestamp with time zone, until timestamp with time zone, parameters text[]); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.sensor_rollups(device_id uuid, resolution app_public.sensor_rollup_resolution, since timestamp with time zone, until timestamp with time zone, parameters text[]) IS 'A device''s readings per UTC hour (spans up to 92 days) or day, from since (its hour or day) to until (default now): one series per quantity (all, or those in parameters), oldest first. What charts past a week read.';

--
-- Name: set_notice_preference(app_public.notice_kind, boolean, boolean, boolean); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.set_notice_preference(kind app_public.notice_kind, in_app boolean, email boolean, push boolean) RETURNS app_public.notice_preferences
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_user uuid := app_hidden.require_user();
  v_row app_public.notice_preferences;
begin
  if kind is null or in_app is null or email is null or push is null then
    raise exception 'Say for each channel whether it is on or off' using errcode = 'INVLD';
  end if;
  if kind = 'digest' and (in_app or push) then
    raise exception 'The digest comes by e-mail only' using errcode = 'INVLD';
  end if;
  insert into app_public.notice_preferences as p (user_id, kind, in_app, email, push)
    values (v_user, set_notice_preference.kind, set_notice_preference.in_app, set_notice_preference.email, set_notice_preference.push)
    on conflict on constraint notice_preferences_pkey do update
      set in_app = excluded.in_app, email = excluded.email, push = excluded.push, updated_at = now()
    returning * into v_row;
  if kind = 'digest' then
    update app_public.users set notification_daily = set_notice_preference.email where id = v_user;
  end if;
  return v_row;
end;
$$;

--
-- Name: FUNCTION set_notice_preference(kind app_public.notice_kind, in_app boolean, email boolean, push boolean); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.set_notice_preference(kind app_public.notice_kind, in_app boolean, email boolean, push boolean) IS 'Switches the channels of one kind of notice on or off.';

--
-- Name: set_notice_settings(app_public.digest_frequency, boolean, time without time zone, time without time zone, text); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.set_notice_settings(digest_frequency app_public.digest_frequency, single_emails boolean, quiet_start time without time zone, quiet_end time without time zone, time_zone text) RETURNS app_public.notice_settings
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_user uuid := app_hidden.require_user();
  v_row app_public.notice_settings;
  v_zone text := nullif(btrim(time_zone), '');
begin
  if digest_frequency is null or single_emails is null then
    raise exception 'Choose how often the digest comes and whether e-mails come one by one' using errcode = 'INVLD';
  end if;
  if (quiet_start is null) <> (quiet_end is null) then
    raise exception 'Quiet hours need both a start and an end' using errcode = 'INVLD';
  end if;
  if quiet_start = quiet_end then
    raise exception 'Quiet hours must start and end at different times' using errcode = 'INVLD';
  end if;
  if v_zone is null then
    raise exception 'Choose a time zone' using errcode = 'INVLD';
  end if;
  if not exists (select 1 from pg_timezone_names where name = v_zone) then
    raise exception 'Unknown time zone "%"', left(v_zone, 60) using errcode = 'INVLD';
  end if;
  insert into app_public.notice_settings as s (user_id, digest_frequency, single_emails, quiet_start, quiet_end, time_zone)
    values (v_user, set_notice_settings.digest_frequency, set_notice_settings.single_emails,
            date_trunc('minute', set_notice_settings.quiet_start), date_trunc('minute', set_notice_settings.quiet_end), v_zone)
    on conflict (user_id) do update set digest_frequency = excluded.digest_frequency, single_emails = excluded.single_emails,
      quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, time_zone = excluded.time_zone, updated_at = now()
    returning * into v_row;
  return v_row;
end;
$$;

--
-- Name: FUNCTION set_notice_settings(digest_frequency app_public.digest_frequency, single_emails boolean, quiet_start time without time zone, quiet_end time without time zone, time_zone text); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.set_notice_settings(digest_frequency app_public.digest_frequency, single_emails boolean, quiet_start time without time zone, quiet_end time without time zone, time_zone text) IS 'Sets the digest''s frequency, single e-mails or the digest, and quiet hours (both times or neither) in a time zone.';

--
-- Name: stop_adopting_thing(uuid); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.stop_adopting_thing(thing_id uuid) RETURNS app_public.thing_adoptions
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_user_id uuid := app_hidden.require_user();
  v_adoption app_public.thing_adoptions;
begin
  delete from app_public.thing_adoptions a
    where a.thing_id = stop_adopting_thing.thing_id and a.user_id = v_user_id
    returning * into v_adoption;
  if not found then
    raise exception 'You do not look after this thing' using errcode = 'NTFND';
  end if;
  return v_adoption;
end;
$$;

--
-- Name: FUNCTION stop_adopting_thing(thing_id uuid); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.stop_adopting_thing(thing_id uuid) IS 'Stop looking after a thing (your own adoption only).';

--
-- Name: suspend_user(uuid, boolean); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.suspend_user(user_id uuid, suspended boolean DEFAULT true) RETURNS app_public.users
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_user app_public.users;
begin
  perform app_hidden.require_admin();
  if suspend_user.user_id = app_public.current_user_id() then
    raise exception 'You cannot suspend your own account' using errcode = 'DNIED';
  end if;
  update app_public.users u
    set suspended_at = case when suspended then coalesce(u.suspended_at, now()) end
    where u.id = suspend_user.user_id
    returning * into v_user;
  if v_user.id is null then
    raise exception 'User not found' using errcode = 'NTFND';
  end if;
  if suspended then
    update app_private.sessions s set revoked_at = now() where s.user_id = v_user.id and s.revoked_at is null;
  end if;
  return v_user;
end;
$$;

--
-- Name: FUNCTION suspend_user(user_id uuid, suspended boolean); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.suspend_user(user_id uuid, suspended boolean) IS 'Suspends an account (its sessions end, it cannot sign in) or, with suspended false, lifts the suspension. Admins only.';

--
-- Name: sync_navigation_events(uuid, uuid, jsonb); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.sync_navigation_events(session_id uuid, user_id uuid, events jsonb) RETURNS app_public.sync_navigation_result
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
#variable_conflict use_column
declare
  v_visitor record;
  v_event jsonb;
  v_index int := 0;
  v_errors text[] := '{}';
  v_at timestamptz;
  v_to text;
  v_from text;
  v_spent numeric;
  v_good_from text[] := '{}';
  v_good_to text[] := '{}';
  v_good_at timestamptz[] := '{}';
  v_good_spent int[] := '{}';
  v_owner uuid;
  v_rows int;
begin
  select * into v_visitor from app_hidden.current_visitor();
  if v_visitor.user_id is null then
    return row(false, 0, array['A guest or signed-in session is required'])::app_public.sync_navigation_result;
  end if;
  if sync_navigation_events.session_id is null then
    return row(false, 0, array['sessionId is required'])::app_public.sync_navigation_result;
  end if;
  if sync_navigation_events.user_id is not null and v_visitor.user_id is distinct from sync_navigation_events.user_id then
    return row(false, 0, array['userId does not match the signed-in visitor'])::app_public.sync_navigation_result;
  end if;
  if jsonb_typeof(events) is distinct from 'array' then
    return row(false, 0, array['events must be a list'])::app_public.sync_navigation_result;
  end if;
  -- An analytics session belongs to the visitor who started it.
  select s.user_id into v_owner from app_private.navigation_sessions s where s.session_id = sync_navigation_events.session_id;
  if found and v_owner is distinct from v_visitor.user_id then
    return row(false, 0, array['sessionId belongs to another visitor'])::app_public.sync_navigation_result;
  end if;
  if jsonb_array_length(events) > 1000 then
    return row(false, 0, array['At most 1000 events per batch'])::app_public.sync_navigation_result;
  end if;

  for v_event in select value from jsonb_array_elements(events) loop
    v_index := v_index + 1;
    begin
      if jsonb_typeof(v_event) is distinct from 'object' then
        raise exception 'is not an object';
      end if;
      v_to := v_event->>'to';
      v_from := v_event->>'from';
      if v_to is null or v_to = '' or v_to !~ '^/' then raise exception 'to must be a path starting with /'; end if;
      if char_length(v_to) > 500 or char_length(coalesce(v_from, '')) > 500 then raise exception 'paths must be at most 500 characters'; end if;
      if v_from is not null and v_from <> '' and v_from !~ '^/' then raise exception 'from must be a path starting with /'; end if;
      begin
        v_at := (v_event->>'timestamp')::timestamptz;
      exception when others then
        raise exception 'timestamp is not a time';
      end;
      if v_at is null then raise exception 'timestamp is required'; end if;
      if v_at > now() + interval '5 minutes' then raise exception 'timestamp is in the future'; end if;
      if v_at < now() - interval '30 days' then raise exception 'timestamp is older than the 30-day retention'; end if;
      begin
        v_spent := coalesce((v_event->>'timeSpent')::numeric, 0);
      exception when others then
        raise exception 'timeSpent is not a number';
      end;
      if v_spent < 0 or v_spent > 86400000 then raise exception 'timeSpent must be between 0 and 86400000 ms'; end if;
      v_good_from := v_good_from || nullif(v_from, '');
      v_good_to := v_good_to || v_to;
      v_good_at := v_good_at || v_at;
      v_good_spent := v_good_spent || round(v_spent)::int;
    exception when others then
      v_errors := v_errors || format('event %s: %s', v_index, sqlerrm);
    end;
  end loop;

  -- A session row exists for every session with events, starting at its first event. It is
  -- written before the events: see refresh_navigation_user_sessions for why.
  insert into app_private.navigation_sessions (session_id, user_id, is_guest, started_at)
    select sync_navigation_events.session_id, v_visitor.user_id, v_visitor.is_guest, min(g.at)
    from unnest(v_good_at) as g(at)
    having count(*) > 0
    on conflict on constraint navigation_sessions_pkey do update set started_at = least(navigation_sessions.started_at, excluded.started_at), updated_at = now()
    where navigation_sessions.user_id is not distinct from excluded.user_id;
  get diagnostics v_rows = row_count;
  -- Someone else started this session id meanwhile (their transaction committed first).
  if cardinality(v_good_at) > 0 and v_rows = 0 then
    return row(false, 0, array['sessionId belongs to another visitor'])::app_public.sync_navigation_result;
  end if;

  -- A resent event (same session, time and route) is skipped, and counted as synced: the client
  -- only needs to know the server has it.
  insert into app_private.navigation_events (session_id, user_id, is_guest, from_route, to_route, occurred_at, time_spent)
    select sync_navigation_events.session_id, v_visitor.user_id, v_visitor.is_guest, g.from_route, g.to_route, g.occurred_at, g.time_spent
    from unnest(v_good_from, v_good_to, v_good_at, v_good_spent) as g(from_route, to_route, occurred_at, time_spent)
    on conflict on constraint navigation_events_once do nothing;

  return row(cardinality(v_errors) = 0, cardinality(v_good_to), v_errors)::app_public.sync_navigation_result;
end;
$$;

--
-- Name: FUNCTION sync_navigation_events(session_id uuid, user_id uuid, events jsonb); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.sync_navigation_events(session_id uuid, user_id uuid, events jsonb) IS 'Stores a batch of navigation events ({from, to, timestamp, timeSpent}); reports bad ones per event.';

--
-- Name: sync_user_session(uuid, uuid, timestamp with time zone, timestamp with time zone, text); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.sync_user_session(session_id uuid, user_id uuid, started_at timestamp with time zone, ended_at timestamp with time zone DEFAULT NULL::timestamp with time zone, user_agent text DEFAULT NULL::text) RETURNS app_public.sync_session_result
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
#variable_conflict use_column
declare
  v_visitor record;
  v_total int;
  v_rows int;
begin
  select * into v_visitor from app_hidden.current_visitor();
  if v_visitor.user_id is null then
    return row(false, sync_user_session.session_id, 0, array['A guest or signed-in session is required'])::app_public.sync_session_result;
  end if;
  if sync_user_session.session_id is null or sync_user_session.started_at is null then
    return row(false, sync_user_session.session_id, 0, array['sessionId and startedAt are required'])::app_public.sync_session_result;
  end if;
  if sync_user_session.user_id is not null and v_visitor.user_id is distinct from sync_user_session.user_id then
    return row(false, sync_user_session.session_id, 0, array['userId does not match the signed-in visitor'])::app_public.sync_session_result;
  end if;
  if ended_at is not null and ended_at < started_at then
    return row(false, sync_user_session.session_id, 0, array['endedAt is before startedAt'])::app_public.sync_session_result;
  end if;
  insert into app_private.navigation_sessions (session_id, user_id, is_guest, started_at, ended_at, user_agent)
    values (sync_user_session.session_id, v_visitor.user_id, v_visitor.is_guest, sync_user_session.started_at,
            sync_user_session.ended_at, left(sync_user_session.user_agent, 500))
    on conflict on constraint navigation_sessions_pkey do update set
      started_at = least(navigation_sessions.started_at, excluded.started_at),
      ended_at = greatest(navigation_sessions.ended_at, excluded.ended_at),
      user_agent = coalesce(excluded.user_agent, navigation_sessions.user_agent),
      updated_at = now()
    where navigation_sessions.user_id is not distinct from excluded.user_id;
  get diagnostics v_rows = row_count;
  -- Another visitor's session: changed nothing, and nothing about it is told.
  if v_rows = 0 then
    return row(false, sync_user_session.session_id, 0, array['sessionId belongs to another visitor'])::app_public.sync_session_result;
  end if;
  select count(*) into v_total from app_private.navigation_events e where e.session_id = sync_user_session.session_id;
  return row(true, sync_user_session.session_id, v_total, '{}'::text[])::app_public.sync_session_result;
end;
$$;

--
-- Name: take_rota_slot(uuid, integer, uuid); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.take_rota_slot(group_id uuid, weekday integer, user_id uuid DEFAULT NULL::uuid) RETURNS app_public.rota_slots
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_me uuid := app_hidden.require_user();
  v_who uuid := coalesce(take_rota_slot.user_id, v_me);
  v_slot app_public.rota_slots;
begin
  if take_rota_slot.group_id is null or not exists (select 1 from app_public.groups g where g.id = take_rota_slot.group_id) then
    raise exception 'The group it refers to does not exist' using errcode = 'NTFND';
  end if;
  if weekday is null or weekday not between 1 and 7 then
    perform app_hidden.invalid('Choose a day of the week');
  end if;
  if v_who <> v_me and not app_hidden.can_manage_group(take_rota_slot.group_id) then
    raise exception 'Only the group''s owners can put someone else on the rota' using errcode = 'DNIED';
  end if;
  if not app_hidden.is_group_member(take_rota_slot.group_id, v_me) and not app_public.current_user_is_admin() then
    raise exception 'Only members of the group can take a day on its rota' using errcode = 'DNIED';
  end if;
  if not app_hidden.is_group_member(take_rota_slot.group_id, v_who) then
    raise exception 'Only members of the group can be on its rota' using errcode = 'DNIED';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('app_public.rota_slots:' || take_rota_slot.group_id || ':' || weekday, 0));
  select * into v_slot from app_public.rota_slots s
    where s.group_id = take_rota_slot.group_id and s.weekday = take_rota_slot.weekday and s.user_id = v_who;
  if found then
    return v_slot;
  end if;
  if (select count(*) from app_public.rota_slots s where s.group_id = take_rota_slot.group_id and s.weekday = take_rota_slot.weekday)
     >= app_hidden.rota_people_per_day() then
    raise exception '% already has % people on the rota, the most a day can have', app_hidden.weekday_name(weekday), app_hidden.rota_people_per_day()
      using errcode = 'LIMIT';
  end if;
  insert into app_public.rota_slots (group_id, weekday, user_id, created_by)
    values (take_rota_slot.group_id, take_rota_slot.weekday, v_who, v_me) returning * into v_slot;
  return v_slot;
end;
$$;

--
-- Name: FUNCTION take_rota_slot(group_id uuid, weekday integer, user_id uuid); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.take_rota_slot(group_id uuid, weekday integer, user_id uuid) IS 'Take a day of the week (1 Monday to 7 Sunday) on a group''s watering rota; owners may put another member on it. Taking it again answers the same slot.';

--
-- Name: tasks_can_edit(app_public.tasks); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.tasks_can_edit(t app_public.tasks) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$ select app_hidden.can_plan_on_thing(t.thing_id) $$;

--
-- Name: FUNCTION tasks_can_edit(t app_public.tasks); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.tasks_can_edit(t app_public.tasks) IS 'Whether you may change this task and its assignments.';

--
-- Name: tasks_is_overdue(app_public.tasks); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.tasks_is_overdue(t app_public.tasks) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$ select t.status <> 'completed' and t.due_date < current_date $$;

--
-- Name: thing_access_for_invitation(uuid, text); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.thing_access_for_invitation(invitation_id uuid, code text) RETURNS app_public.invitation_target
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_invitation app_public.thing_access_invitations;
begin
  select * into v_invitation from app_public.thing_access_invitations i where i.id = invitation_id;
  perform app_hidden.assert_invitation_usable(v_invitation.id is not null, v_invitation.created_at, v_invitation.code, code, v_invitation.email);
  return (select row(t.id, t.name)::app_public.invitation_target from app_public.things t where t.id = v_invitation.thing_id);
end;
$$;

--
-- Name: FUNCTION thing_access_for_invitation(invitation_id uuid, code text); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.thing_access_for_invitation(invitation_id uuid, code text) IS 'Checks an invitation: the thing''s id and name, or an error LOGIN, NTFND, DNIED or DNIEM.';

--
-- Name: things_adopted_by_me(app_public.things); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.things_adopted_by_me(t app_public.things) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$ select exists (select 1 from app_public.thing_adoptions a where a.thing_id = t.id and a.user_id = app_public.current_user_id()) $$;

--
-- Name: FUNCTION things_adopted_by_me(t app_public.things); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.things_adopted_by_me(t app_public.things) IS 'Whether you look after this thing.';

--
-- Name: things_adopter_count(app_public.things); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.things_adopter_count(t app_public.things) RETURNS integer
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$ select count(*)::int from app_public.thing_adoptions a where a.thing_id = t.id $$;

--
-- Name: FUNCTION things_adopter_count(t app_public.things); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.things_adopter_count(t app_public.things) IS 'How many people look after this thing.';

--
-- Name: things_can_edit(app_public.things); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.things_can_edit(t app_public.things) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$ select app_hidden.can_manage_thing(t.id) $$;

--
-- Name: FUNCTION things_can_edit(t app_public.things); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.things_can_edit(t app_public.things) IS 'Whether you may edit this thing and its settings.';

--
-- Name: things_can_record_action(app_public.things); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.things_can_record_action(t app_public.things) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$ select app_hidden.can_act_on_thing(t.id) $$;

--
-- Name: FUNCTION things_can_record_action(t app_public.things); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.things_can_record_action(t app_public.things) IS 'Whether you may record care actions on this thing.';

--
-- Name: things_hydration_band(app_public.things); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.things_hydration_band(t app_public.things) RETURNS text
    LANGUAGE sql STABLE
    AS $$ select app_hidden.hydration_band(t.water, t.hydration_levels) $$;

--
-- Name: FUNCTION things_hydration_band(t app_public.things); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.things_hydration_band(t app_public.things) IS 'dry, needsWater, good or saturated (null without a water reading).';

--
-- Name: things_in_view(double precision, double precision, double precision, double precision, double precision); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.things_in_view(west double precision, south double precision, east double precision, north double precision, zoom double precision) RETURNS app_public.map_view
    LANGUAGE plpgsql STABLE STRICT
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
declare
  -- Clusters are drawn up to zoom 13; from street zoom (14) on every thing is drawn on its own,
  -- with its water need (issue 21: a marker per thing where people walk), unless the view holds
  -- more than c_max_things (a city's street: issue 27), when they are clustered too.
  c_last_clustered_zoom constant integer := 13;
  -- Cells are 64 to 128 pixels: level = zoom + 2 (a 256-pixel tile holds 4 x 4 cells).
  c_cells_per_tile_log2 constant integer := 2;
  -- At most 40 x 40 cells (a 2,560-pixel-wide screen at 64-pixel cells); larger areas get coarser cells.
  c_max_cells_per_axis constant integer := 40;
  -- Where the cell counts are as fine as the zoom (up to zoom 12), they answer for more than a few
  -- things (reading a thing costs more than reading a cell). Closer in, the counts are coarser
  -- than the zoom's cells, so things are read one by one up to a couple of thousand.
  c_few constant integer := 200;
  c_live_limit constant integer := 2000;
  -- Things sent one by one at most: with 60-character names about 45 KB of JSON, so an answer
  -- stays under 50 KB (issue 27).
  c_max_things constant integer := 200;
  -- The finest level of app_private.thing_map_cells: 64 to 128 pixels at zoom 16.
  c_top_level constant integer := 18;
  -- The finest cells a crowd at street zoom is clustered in (zoom 24's).
  c_finest_level constant integer := 26;
  v_finer integer;
  v_level integer;
  v_cluster boolean;
  v_x0 integer; v_x1 integer; v_y0 integer; v_y1 integer;
  v_coarse integer;
  v_shift integer;
  v_estimate bigint;
  v_admin boolean := app_public.current_user_is_admin();
  v_result app_public.map_view;
begin
  if not zoom between 0 and 24 then
    raise exception 'Zoom must be between 0 and 24' using errcode = 'INVLD';
  end if;
  if not west between -180 and 180 or not east between -180 and 180 then
    raise exception 'Longitude must be between -180 and 180' using errcode = 'INVLD';
  end if;
  if not south between -90 and 90 or not north between -90 and 90 then
    raise exception 'Latitude must be between -90 and 90' using errcode = 'INVLD';
  end if;
  if west >= east then
    raise exception 'West must be less than east (ask for an area across the 180th meridian in two parts)' using errcode = 'INVLD';
  end if;
  if south >= north then
    raise exception 'South must be less than north' using errcode = 'INVLD';
  end if;

  -- The cells covering the area; an area too large for its zoom gets coarser cells (and clusters).
  v_level := least(floor(zoom)::integer, c_last_clustered_zoom + 1) + c_cells_per_tile_log2;
  v_cluster := zoom < c_last_clustered_zoom + 1;
  loop
    v_x0 := app_hidden.map_cell(app_hidden.map_world_x(west), v_level);
    v_x1 := app_hidden.map_cell(app_hidden.map_world_x(east), v_level);
    v_y0 := app_hidden.map_cell(app_hidden.map_world_y(north), v_level);
    v_y1 := app_hidden.map_cell(app_hidden.map_world_y(south), v_level);
    exit when v_x1 - v_x0 < c_max_cells_per_axis and v_y1 - v_y0 < c_max_cells_per_axis;
    v_level := v_level - 1;
    v_cluster := true;
  end loop;

  -- At the zooms that draw each thing, a crowd (more than c_max_things visible to everyone, or
  -- to an admin) is clustered in the zoom's own cells of 64 to 128 pixels, as far as they fit
  -- 40 to an axis: the map's area asks whole cells of level 16, which the finer cells tile.
  if not v_cluster then
    select coalesce(sum(c.count), 0) into v_estimate
    from app_hidden.map_cells(least(v_level, c_top_level), v_x0 >> greatest(0, v_level - c_top_level), v_x1 >> greatest(0, v_level - c_top_level),
                              v_y0 >> greatest(0, v_level - c_top_level), v_y1 >> greatest(0, v_level - c_top_level)) c;
    if v_estimate > c_max_things then
      v_cluster := true;
      v_finer := least(floor(zoom)::integer + c_cells_per_tile_log2, c_finest_level) - v_level;
      while v_finer > 0 and (((v_x1 - v_x0 + 1) << v_finer) > c_max_cells_per_axis or ((v_y1 - v_y0 + 1) << v_finer) > c_max_cells_per_axis) loop
        v_finer := v_finer - 1;
      end loop;
      v_finer := greatest(v_finer, 0);
      v_x0 := v_x0 << v_finer;
      v_x1 := ((v_x1 + 1) << v_finer) - 1;
      v_y0 := v_y0 << v_finer;
      v_y1 := ((v_y1 + 1) << v_finer) - 1;
      v_level := v_level + v_finer;
    end if;
  end if;

  -- How many things the area holds, from coarse cells (an over-estimate: they reach beyond it).
  -- The private things of someone who is not an admin are not in the counts; they are few.
  v_shift := v_level - greatest(0, least(v_level, c_top_level) - 3);
  select coalesce(sum(c.count), 0) into v_estimate
  from app_hidden.map_cells(v_level - v_shift, v_x0 >> v_shift, v_x1 >> v_shift, v_y0 >> v_shift, v_y1 >> v_shift) c;

  if v_cluster and v_estimate > (case when v_level <= c_top_level then c_few else c_live_limit end) then
    -- Many things: the cell counts (level 18 at most) plus the private things the caller sees.
    v_coarse := least(v_level, c_top_level);
    v_shift := v_level - v_coarse;
    with mine as (
      -- `= any (array(...))` lets the indexes answer under row-level security.
      select t.id, t.location[0] as latitude, t.location[1] as longitude, (t.water_need = 'needs_water')::integer as needs_water
      from app_public.things t
      where not v_admin and t.group_id = any (array(select app_hidden.my_group_ids())) and not t.is_public
      union
      select t.id, t.location[0], t.location[1], (t.water_need = 'needs_water')::integer from app_public.things t
      where not v_admin and t.id = any (array(select app_hidden.my_thing_ids())) and not t.is_public
    ),
    counted as (
      select c.x, c.y, c.count, c.needs_water, c.latitude_sum, c.longitude_sum
      from app_hidden.map_cells(v_coarse, v_x0 >> v_shift, v_x1 >> v_shift, v_y0 >> v_shift, v_y1 >> v_shift) c
      union all
      select app_hidden.map_cell(app_hidden.map_world_x(m.longitude), v_coarse),
             app_hidden.map_cell(app_hidden.map_world_y(m.latitude), v_coarse),
             1, m.needs_water, m.latitude, m.longitude
      from mine m
    ),
    cells as (
      select c.x, c.y, sum(c.count)::integer as count, sum(c.needs_water)::integer as needs_water,
             sum(c.latitude_sum) / sum(c.count) as latitude, sum(c.longitude_sum) / sum(c.count) as longitude
      from counted c
      where c.x between v_x0 >> v_shift and v_x1 >> v_shift and c.y between v_y0 >> v_shift and v_y1 >> v_shift
      group by c.x, c.y
    ),
    ranked as (
      select c.*, row_number() over (partition by c.count = 1 order by c.x, c.y) as rank from cells c
    ),
    -- A thing alone in its cell is found by its place (the cell's mean is its position).
    resolved as (
      select r.x, r.y, r.count, r.needs_water, r.latitude, r.longitude, t.id, t.name, t.type, t.indicator_colour, t.is_public, t.water_need
      from ranked r
      left join lateral (
        select t.id, left(t.name, 60) as name, t.type, t.indicator_colour, t.is_public, t.water_need
        from app_public.things t
        where r.count = 1 and r.rank <= c_max_things
          and t.ctid = any (array(select app_hidden.thing_places_in_box(
                box(point(r.latitude - 1e-7, r.longitude - 1e-7), point(r.latitude + 1e-7, r.longitude + 1e-7)))))
        limit 1
      ) t on true
    )
    select
      (select array_agg(row(r.count, app_hidden.map_round(r.latitude), app_hidden.map_round(r.longitude), r.needs_water)::app_public.map_cluster
                        order by r.x, r.y)
       from resolved r where r.id is null),
      (select array_agg(row(r.id, r.name, r.type, r.indicator_colour, r.is_public,
                            app_hidden.map_round(r.latitude), app_hidden.map_round(r.longitude), r.water_need)::app_public.map_thing
                        order by r.x, r.y)
       from resolved r where r.id is not null),
      (select coalesce(sum(r.count), 0) from resolved r),
      false
    into v_result.clusters, v_result.things, v_result.total, v_result.truncated;
  else
    -- Few things, or a zoom that draws each one: read them under row-level security.
    with visible as (
      select v.*, count(*) over (partition by v.x, v.y) as in_cell from (
        select t.id, left(t.name, 60) as name, t.type, t.indicator_colour, t.is_public, t.water_need,
               t.location[0] as latitude, t.location[1] as longitude,
               app_hidden.map_cell(app_hidden.map_world_x(t.location[1]), v_level) as x,
               app_hidden.map_cell(app_hidden.map_world_y(t.location[0]), v_level) as y
        from app_public.things t
        -- The whole cells (a cluster on the edge of the view counts all its things, the same
        -- whichever way the map was panned to it).
        where t.ctid = any (array(select app_hidden.thing_places_in_box(box(
          point(app_hidden.map_latitude((v_y1 + 1)::float8 / (1 << v_level)), app_hidden.map_longitude(v_x0::float8 / (1 << v_level))),
          point(app_hidden.map_latitude(v_y0::float8 / (1 << v_level)), app_hidden.map_longitude((v_x1 + 1)::float8 / (1 << v_level)))))))
      ) v
      where v.x between v_x0 and v_x1 and v.y between v_y0 and v_y1
    ),
    -- Things drawn one by one: alone in their cell, or all of them at the zooms without clusters;
    -- past the limit, a lone thing becomes a cluster of one (or, without clusters, is left out).
    ranked as (
      select v.*, v.in_cell = 1 or not v_cluster as alone,
             row_number() over (partition by v.in_cell = 1 or not v_cluster order by v.x, v.y, v.id) as rank
      from visible v
    )
    select
      (select array_agg(row(c.count, app_hidden.map_round(c.latitude), app_hidden.map_round(c.longitude), c.needs_water)::app_public.map_cluster
                        order by c.x, c.y)
       from (select r.x, r.y, count(*)::integer as count, avg(r.latitude) as latitude, avg(r.longitude) as longitude,
                    (count(*) filter (where r.water_need = 'needs_water'))::integer as needs_water
             from ranked r where v_cluster and (not r.alone or r.rank > c_max_things) group by r.x, r.y) c),
      (select array_agg(row(r.id, r.name, r.type, r.indicator_colour, r.is_public,
                            app_hidden.map_round(r.latitude), app_hidden.map_round(r.longitude), r.water_need)::app_public.map_thing
                        order by r.x, r.y, r.id)
       from ranked r where r.alone and r.rank <= c_max_things),
      (select count(*) from ranked),
      (select count(*) > 0 from ranked r where not v_cluster and r.rank > c_max_things)
    into v_result.clusters, v_result.things, v_result.total, v_result.truncated;
  end if;
  v_result.clusters := coalesce(v_result.clusters, '{}');
  v_result.things := coalesce(v_result.things, '{}');
  return v_result;
end;
$$;

--
-- Name: FUNCTION things_in_view(west double precision, south double precision, east double precision, north double precision, zoom double precision); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.things_in_view(west double precision, south double precision, east double precision, north double precision, zoom double precision) IS 'The things of a map area you may see (public ones, your own and your groups''), clustered below zoom 14, with their water need (clusters count those that need water).
Bounds in degrees (west < east, south < north), zoom as the map''s (0 to 24). Invalid bounds: INVLD.';

--
-- Name: things_last_watering(app_public.things); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.things_last_watering(t app_public.things) RETURNS app_public.actions
    LANGUAGE sql STABLE
    AS $$
  select a.* from app_public.actions a
  where a.thing_id = t.id and a.type = 'WATERING'
  order by a.created_at desc, a.id desc
  limit 1
$$;

--
-- Name: FUNCTION things_last_watering(t app_public.things); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.things_last_watering(t app_public.things) IS 'The most recent watering recorded on this thing.';

--
-- Name: things_litres_total(app_public.things); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.things_litres_total(t app_public.things) RETURNS double precision
    LANGUAGE sql STABLE
    AS $$
  select coalesce(sum(a.litres::numeric), 0)::double precision
  from app_public.actions a where a.thing_id = t.id and a.litres is not null
$$;

--
-- Name: FUNCTION things_litres_total(t app_public.things); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.things_litres_total(t app_public.things) IS 'Litres of water recorded on this thing, all time.';

--
-- Name: things_needs_water_rank(app_public.things); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.things_needs_water_rank(t app_public.things) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select case t.indicator_colour when 'red' then 0 when 'orange' then 1 when 'green' then 2 when 'blue' then 3 else 4 end
$$;

--
-- Name: FUNCTION things_needs_water_rank(t app_public.things); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.things_needs_water_rank(t app_public.things) IS '@sortable
How urgently the thing needs water: 0 red, 1 orange, 2 green, 3 blue, 4 grey (unknown).';

--
-- Name: things_rain_since_last_watering_mm(app_public.things); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.things_rain_since_last_watering_mm(t app_public.things) RETURNS double precision
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    SET jit TO 'off'
    AS $$
  -- Known when any day from the day after the watering (today, for a watering today) has a rain
  -- figure; the watering's own day is not counted (the model works in whole days).
  select case when count(x.rain_source) > 0 then coalesce(round((sum(x.rain_mm) filter (where x.day > w.day))::numeric, 1), 0)::float8 end
  from (select (a.created_at at time zone 'Europe/London')::date as day
        from app_public.actions a where a.thing_id = t.id and a.type = 'WATERING' and a.created_at <= now()
        order by a.created_at desc limit 1) w
    cross join lateral app_hidden.water_cell_days(round(t.location[0]::numeric, 1), round(t.location[1]::numeric, 1),
                                                  greatest(least(w.day + 1, app_hidden.water_today()), app_hidden.water_today() - 60),
                                                  app_hidden.water_today()) x
$$;

--
-- Name: FUNCTION things_rain_since_last_watering_mm(t app_public.things); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.things_rain_since_last_watering_mm(t app_public.things) IS 'Rain (mm) on the days after the last watering, up to today (nearest rain gauge, else Open-Meteo); null without a watering or rain data.';

--
-- Name: things_rota_this_week(app_public.things); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.things_rota_this_week(t app_public.things) RETURNS SETOF app_public.rota_duty
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select d.* from app_hidden.rota_duties(t.group_id,
      app_hidden.water_today() - (extract(isodow from app_hidden.water_today())::int - 1),
      app_hidden.water_today() + (7 - extract(isodow from app_hidden.water_today())::int)) d
  where app_hidden.can_see_rota(t.group_id)
$$;

--
-- Name: FUNCTION things_rota_this_week(t app_public.things); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.things_rota_this_week(t app_public.things) IS 'Who waters this thing this week (Monday to Sunday) on its group''s rota; members of the group and admins only.';

--
-- Name: things_water_balance(app_public.things, integer); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.things_water_balance(t app_public.things, days integer DEFAULT 14) RETURNS SETOF app_public.water_balance_day
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    SET jit TO 'off'
    AS $$
begin
  days := coalesce(days, 14);
  if days < 1 or days > 60 then
    perform app_hidden.invalid('Days must be between 1 and 60');
  end if;
  return query
    select b.day, round((100 * b.store_mm / b.capacity_mm)::numeric, 1)::float8, b.rain_mm, b.watered_litres, b.et_mm
    from app_hidden.water_balance_days(array[t.id], app_hidden.water_today() - days + 1) b
    where b.day > app_hidden.water_today() - days
    order by b.day;
end;
$$;

--
-- Name: FUNCTION things_water_balance(t app_public.things, days integer); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.things_water_balance(t app_public.things, days integer) IS 'The thing''s water balance for the last `days` days (1 to 60, default 14), oldest first; empty for things that need no watering.';

--
-- Name: things_water_parameters(app_public.things); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.things_water_parameters(t app_public.things) RETURNS app_public.water_parameters
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
  select row(p.area_m2, round(p.capacity_mm::numeric, 1)::float8, round(((1 - p.stress_fraction) * p.capacity_mm)::numeric, 1)::float8,
             round((p.capacity_mm * p.area_m2)::numeric)::float8, p.basis)::app_public.water_parameters
  from app_hidden.thing_water_parameters(t.type, t.planting_year, t.volume_litres, t.soil_area_m2, app_hidden.water_today()) p
$$;

--
-- Name: FUNCTION things_water_parameters(t app_public.things); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.things_water_parameters(t app_public.things) IS 'The water-need model''s figures for this thing (null for things that need no watering).';

--
-- Name: user_leaderboard(app_public.leaderboard_period); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.user_leaderboard(period app_public.leaderboard_period DEFAULT 'WEEK'::app_public.leaderboard_period) RETURNS SETOF app_public.leaderboard_entry
    LANGUAGE sql STABLE
    AS $$
  select (rank() over (order by count(*) desc))::int, u.id, u.name, count(*)::int, u.has_image,
    coalesce(sum(a.litres::numeric), 0)::double precision
  from app_public.actions a join app_public.users u on u.id = a.created_by
  where a.created_at >= app_hidden.leaderboard_since(period)
  group by u.id, u.name, u.has_image
  order by count(*) desc, u.name
  limit 50
$$;

--
-- Name: FUNCTION user_leaderboard(period app_public.leaderboard_period); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.user_leaderboard(period app_public.leaderboard_period) IS 'Care points (one per action) by person, for a period.';

--
-- Name: user_litres_leaderboard(app_public.leaderboard_period); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.user_litres_leaderboard(period app_public.leaderboard_period DEFAULT 'WEEK'::app_public.leaderboard_period) RETURNS SETOF app_public.leaderboard_entry
    LANGUAGE sql STABLE
    AS $$
  select (rank() over (order by sum(a.litres::numeric) desc))::int, u.id, u.name, count(*)::int, u.has_image,
    sum(a.litres::numeric)::double precision
  from app_public.actions a join app_public.users u on u.id = a.created_by
  where a.litres is not null and a.created_at >= app_hidden.leaderboard_since(period)
  group by u.id, u.name, u.has_image
  order by sum(a.litres::numeric) desc, u.name
  limit 50
$$;

--
-- Name: FUNCTION user_litres_leaderboard(period app_public.leaderboard_period); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.user_litres_leaderboard(period app_public.leaderboard_period) IS 'Litres of water recorded by person, for a period (points: the waterings with an amount).';

--
-- Name: users_action_count_since(app_public.users, timestamp with time zone); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.users_action_count_since(u app_public.users, since timestamp with time zone) RETURNS integer
    LANGUAGE sql STABLE STRICT
    AS $$ select count(*)::int from app_public.actions a where a.created_by = u.id and a.created_at >= since $$;

--
-- Name: FUNCTION users_action_count_since(u app_public.users, since timestamp with time zone); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.users_action_count_since(u app_public.users, since timestamp with time zone) IS 'How many care actions (of those you can see) this person recorded at or after the given moment.';

--
-- Name: users_adopted_thing_count(app_public.users); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.users_adopted_thing_count(u app_public.users) RETURNS integer
    LANGUAGE sql STABLE
    AS $$ select count(*)::int from app_public.thing_adoptions a where a.user_id = u.id $$;

--
-- Name: FUNCTION users_adopted_thing_count(u app_public.users); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.users_adopted_thing_count(u app_public.users) IS 'How many things (of those you can see) this person looks after.';

--
-- Name: users_is_suspended(app_public.users); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.users_is_suspended(u app_public.users) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$ select case when app_public.current_user_is_admin() then u.suspended_at is not null end $$;

--
-- Name: FUNCTION users_is_suspended(u app_public.users); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.users_is_suspended(u app_public.users) IS 'Whether an admin suspended this account (admins only; null for everyone else).';

--
-- Name: users_language(app_public.users); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.users_language(u app_public.users) RETURNS text
    LANGUAGE sql STABLE
    AS $$ select case when app_hidden.is_self_or_admin(u.id) then u.language end $$;

--
-- Name: FUNCTION users_language(u app_public.users); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.users_language(u app_public.users) IS 'The language for screens, e-mails and push messages: en-GB or de; null follows the browser (yourself and admins only).';

--
-- Name: users_last_sign_in_at(app_public.users); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.users_last_sign_in_at(u app_public.users) RETURNS timestamp with time zone
    LANGUAGE sql STABLE
    AS $$ select case when app_hidden.is_self_or_admin(u.id) then u.last_sign_in_at end $$;

--
-- Name: FUNCTION users_last_sign_in_at(u app_public.users); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.users_last_sign_in_at(u app_public.users) IS 'When this user last signed in (yourself and admins only).';

--
-- Name: users_litres_total(app_public.users); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.users_litres_total(u app_public.users) RETURNS double precision
    LANGUAGE sql STABLE
    AS $$
  select coalesce(sum(a.litres::numeric), 0)::double precision
  from app_public.actions a where a.created_by = u.id and a.litres is not null
$$;

--
-- Name: FUNCTION users_litres_total(u app_public.users); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.users_litres_total(u app_public.users) IS 'Litres of water this person recorded, all time, on the things you can see.';

--
-- Name: users_notification_daily(app_public.users); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.users_notification_daily(u app_public.users) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$ select case when app_hidden.is_self_or_admin(u.id) then u.notification_daily end $$;

--
-- Name: FUNCTION users_notification_daily(u app_public.users); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.users_notification_daily(u app_public.users) IS 'Whether this user takes the daily e-mail (yourself and admins only).';

--
-- Name: users_one_thing_id(app_public.users); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.users_one_thing_id(u app_public.users) RETURNS uuid
    LANGUAGE sql STABLE
    AS $$ select case when app_hidden.is_self_or_admin(u.id) then u.one_thing_id end $$;

--
-- Name: FUNCTION users_one_thing_id(u app_public.users); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.users_one_thing_id(u app_public.users) IS 'The thing this user cares about most, the One Thing (yourself and admins only).';

--
-- Name: users_role(app_public.users); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.users_role(u app_public.users) RETURNS text
    LANGUAGE sql STABLE
    AS $$ select case when u.is_admin then 'bk_admin' else 'bk_user' end $$;

--
-- Name: verify_email(uuid, text); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.verify_email(user_email_id uuid, token text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
declare
  v_user_id uuid;
begin
  update app_public.user_emails e set is_verified = true
    from app_private.user_email_secrets s
    where e.id = verify_email.user_email_id and s.user_email_id = e.id
      and s.verification_token = verify_email.token
      and s.verification_sent_at > now() - interval '7 days'
    returning e.user_id into v_user_id;
  if v_user_id is null then
    raise exception 'This verification link is invalid or has expired' using errcode = 'NTFND';
  end if;
  update app_private.user_email_secrets s set verification_token = null where s.user_email_id = verify_email.user_email_id;
  update app_public.users set is_verified = true where id = v_user_id;
  return true;
end;
$$;

--
-- Name: water_points_in_view(double precision, double precision, double precision, double precision); Type: FUNCTION; Schema: app_public; Owner: -
--

CREATE FUNCTION app_public.water_points_in_view(west double precision, south double precision, east double precision, north double precision) RETURNS SETOF app_public.water_point
    LANGUAGE plpgsql STABLE STRICT SECURITY DEFINER ROWS 100
    SET search_path TO 'pg_catalog', 'public', 'pg_temp'
    AS $$
begin
  if not west between -180 and 180 or not east between -180 and 180 or west >= east then
    raise exception 'Longitudes must be between -180 and 180, west less than east' using errcode = 'INVLD';
  end if;
  if not south between -90 and 90 or not north between -90 and 90 or south >= north then
    raise exception 'Latitudes must be between -90 and 90, south less than north' using errcode = 'INVLD';
  end if;
  return query
    select w.id, w.name, w.kind, w.description, app_hidden.map_round(w.location[0]), app_hidden.map_round(w.location[1])
    from app_private.water_points w
    where w.location <@ box(point(south, west), point(north, east))
    order by w.id
    limit 500;
end;
$$;

--
-- Name: FUNCTION water_points_in_view(west double precision, south double precision, east double precision, north double precision); Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON FUNCTION app_public.water_points_in_view(west double precision, south double precision, east double precision, north double precision) IS 'Public pumps and taps in an area (at most 500). Bounds in degrees, west < east, south < north; INVLD otherwise.';

--
-- Name: _private_jobs; Type: TABLE; Schema: graphile_worker; Owner: -
--

CREATE TABLE graphile_worker._private_jobs (
    id bigint NOT NULL,
    job_queue_id integer,
    task_id integer NOT NULL,
    payload json DEFAULT '{}'::json NOT NULL,
    priority smallint DEFAULT 0 NOT NULL,
    run_at timestamp with time zone DEFAULT now() NOT NULL,
    attempts smallint DEFAULT 0 NOT NULL,
    max_attempts smallint DEFAULT 25 NOT NULL,
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    key text,
    locked_at timestamp with time zone,
    locked_by text,
    revision integer DEFAULT 0 NOT NULL,
    flags jsonb,
    is_available boolean GENERATED ALWAYS AS (((locked_at IS NULL) AND (attempts < max_attempts))) STORED NOT NULL,
    CONSTRAINT jobs_key_check CHECK (((length(key) > 0) AND (length(key) <= 512))),
    CONSTRAINT jobs_max_attempts_check CHECK ((max_attempts >= 1))
);

--
-- Name: add_job(text, json, text, timestamp with time zone, integer, text, integer, text[], text); Type: FUNCTION; Schema: graphile_worker; Owner: -
--

CREATE FUNCTION graphile_worker.add_job(identifier text, payload json DEFAULT NULL::json, queue_name text DEFAULT NULL::text, run_at timestamp with time zone DEFAULT NULL::timestamp with time zone, max_attempts integer DEFAULT NULL::integer, job_key text DEFAULT NULL::text, priority integer DEFAULT NULL::integer, flags text[] DEFAULT NULL::text[], job_key_mode text DEFAULT 'replace'::text) RETURNS graphile_worker._private_jobs
    LANGUAGE plpgsql
    AS $$
declare
  v_job "graphile_worker"._private_jobs;
begin
  if (job_key is null or job_key_mode is null or job_key_mode in ('replace', 'preserve_run_at')) then
    select * into v_job
    from "graphile_worker".add_jobs(
      ARRAY[(
        identifier,
        payload,
        queue_name,
        run_at,
        max_attempts::smallint,
        job_key,
        priority::smallint,
        flags
      )::"graphile_worker".job_spec],
      (job_key_mode = 'preserve_run_at')
    )
    limit 1;
    return v_job;
  elsif job_key_mode = 'unsafe_dedupe' then
    -- Ensure all the tasks exist (insert only missing identifiers so identity is not consumed)
    insert into "graphile_worker"._private_tasks as tasks (identifier)
    select add_job.identifier
    where not exists (
      select 1
      from "graphile_worker"._private_tasks as existing
      where existing.identifier = add_job.identifier
    )
    on conflict do nothing;
    -- Ensure all the queues exist
    if add_job.queue_name is not null then
      insert into "graphile_worker"._private_job_queues as job_queues (queue_name)
      select add_job.queue_name
      where not exists (
        select 1
        from "graphile_worker"._private_job_queues as existing
        where existing.queue_name = add_job.queue_name
      )
      on conflict do nothing;
    end if;
    -- Insert job, but if one already exists then do nothing, even if the
    -- existing job has already started (and thus represents an out-of-date
    -- world state). This is dangerous because it means that whatever state
    -- change triggered this add_job may not be acted upon (since it happened
    -- after the existing job started executing, but no further job is being
    -- scheduled), but it is useful in very rare circumstances for
    -- de-duplication. If in doubt, DO NOT USE THIS.
    insert into "graphile_worker"._private_jobs as jobs (
      job_queue_id,
      task_id,
      payload,
      run_at,
      max_attempts,
      key,
      priority,
      flags
    )
      select
        job_queues.id,
        tasks.id,
        coalesce(add_job.payload, '{}'::json),
        coalesce(add_job.run_at, now()),
        coalesce(add_job.max_attempts::smallint, 25::smallint),
        add_job.job_key,
        coalesce(add_job.priority::smallint, 0::smallint),
        (
          select jsonb_object_agg(flag, true)
          from unnest(add_job.flags) as item(flag)
        )
      from "graphile_worker"._private_tasks as tasks
      left join "graphile_worker"._private_job_queues as job_queues
      on job_queues.queue_name = add_job.queue_name
      where tasks.identifier = add_job.identifier
    on conflict (key)
      -- Bump the updated_at so that there's something to return
      do update set
        revision = jobs.revision + 1,
        updated_at = now()
      returning *
      into v_job;
    if v_job.revision = 0 then
      perform pg_notify('jobs:insert', '{"r":' || random()::text || ',"count":1}');
    end if;
    return v_job;
  else
    raise exception 'Invalid job_key_mode value, expected ''replace'', ''preserve_run_at'' or ''unsafe_dedupe''.' using errcode = 'GWBKM';
  end if;
end;
$$;

--
-- Name: add_jobs(graphile_worker.job_spec[], boolean); Type: FUNCTION; Schema: graphile_worker; Owner: -
--

CREATE FUNCTION graphile_worker.add_jobs(specs graphile_worker.job_spec[], job_key_preserve_run_at boolean DEFAULT false) RETURNS SETOF graphile_worker._private_jobs
    LANGUAGE plpgsql
    AS $$
begin
  -- Ensure all the tasks exist (insert only missing identifiers so identity is not consumed)
  insert into "graphile_worker"._private_tasks as tasks (identifier)
  select distinct spec.identifier
  from unnest(specs) spec
  where not exists (
    select 1
    from "graphile_worker"._private_tasks as existing
    where existing.identifier = spec.identifier
  )
  on conflict do nothing;
  -- Ensure all the queues exist
  insert into "graphile_worker"._private_job_queues as job_queues (queue_name)
  select distinct spec.queue_name
  from unnest(specs) spec
  where spec.queue_name is not null
  and not exists (
    select 1
    from "graphile_worker"._private_job_queues as existing
    where existing.queue_name = spec.queue_name
  )
  on conflict do nothing;
  -- Ensure any locked jobs have their key cleared - in the case of locked
  -- existing job create a new job instead as it must have already started
  -- executing (i.e. it's world state is out of date, and the fact add_job
  -- has been called again implies there's new information that needs to be
  -- acted upon).
  update "graphile_worker"._private_jobs as jobs
  set
    key = null,
    attempts = jobs.max_attempts,
    updated_at = now()
  from unnest(specs) spec
  where spec.job_key is not null
  and jobs.key = spec.job_key
  and is_available is not true;

  -- WARNING: this count is not 100% accurate; 'on conflict' clause will cause it to be an overestimate
  perform pg_notify('jobs:insert', '{"r":' || random()::text || ',"count":' || array_length(specs, 1)::text || '}');

  -- TODO: is there a risk that a conflict could occur depending on the
  -- isolation level?
  return query insert into "graphile_worker"._private_jobs as jobs (
    job_queue_id,
    task_id,
    payload,
    run_at,
    max_attempts,
    key,
    priority,
    flags
  )
    select
      job_queues.id,
      tasks.id,
      coalesce(spec.payload, '{}'::json),
      coalesce(spec.run_at, now()),
      coalesce(spec.max_attempts, 25),
      spec.job_key,
      coalesce(spec.priority, 0),
      (
        select jsonb_object_agg(flag, true)
        from unnest(spec.flags) as item(flag)
      )
    from unnest(specs) spec
    inner join "graphile_worker"._private_tasks as tasks
    on tasks.identifier = spec.identifier
    left join "graphile_worker"._private_job_queues as job_queues
    on job_queues.queue_name = spec.queue_name
  on conflict (key) do update set
    job_queue_id = excluded.job_queue_id,
    task_id = excluded.task_id,
    payload =
      case
      when json_typeof(jobs.payload) = 'array' and json_typeof(excluded.payload) = 'array' then
        (jobs.payload::jsonb || excluded.payload::jsonb)::json
      else
        excluded.payload
      end,
    max_attempts = excluded.max_attempts,
    run_at = (case
      when job_key_preserve_run_at is true and jobs.attempts = 0 then jobs.run_at
      else excluded.run_at
    end),
    priority = excluded.priority,
    revision = jobs.revision + 1,
    flags = excluded.flags,
    -- always reset error/retry state
    attempts = 0,
    last_error = null,
    updated_at = now()
  where jobs.locked_at is null
  returning *;
end;
$$;

--
-- Name: complete_jobs(bigint[]); Type: FUNCTION; Schema: graphile_worker; Owner: -
--

CREATE FUNCTION graphile_worker.complete_jobs(job_ids bigint[]) RETURNS SETOF graphile_worker._private_jobs
    LANGUAGE sql
    AS $$
  delete from "graphile_worker"._private_jobs as jobs
    where id = any(job_ids)
    and (
      locked_at is null
    or
      locked_at < now() - interval '4 hours'
    )
    returning *;
$$;

--
-- Name: force_unlock_workers(text[]); Type: FUNCTION; Schema: graphile_worker; Owner: -
--

CREATE FUNCTION graphile_worker.force_unlock_workers(worker_ids text[]) RETURNS void
    LANGUAGE sql
    AS $$
update "graphile_worker"._private_jobs as jobs
set locked_at = null, locked_by = null
where locked_by = any(worker_ids);
update "graphile_worker"._private_job_queues as job_queues
set locked_at = null, locked_by = null
where locked_by = any(worker_ids);
$$;

--
-- Name: permanently_fail_jobs(bigint[], text); Type: FUNCTION; Schema: graphile_worker; Owner: -
--

CREATE FUNCTION graphile_worker.permanently_fail_jobs(job_ids bigint[], error_message text DEFAULT NULL::text) RETURNS SETOF graphile_worker._private_jobs
    LANGUAGE sql
    AS $$
  update "graphile_worker"._private_jobs as jobs
    set
      last_error = coalesce(error_message, 'Manually marked as failed'),
      attempts = max_attempts,
      updated_at = now()
    where id = any(job_ids)
    and (
      locked_at is null
    or
      locked_at < NOW() - interval '4 hours'
    )
    returning *;
$$;

--
-- Name: remove_job(text); Type: FUNCTION; Schema: graphile_worker; Owner: -
--

CREATE FUNCTION graphile_worker.remove_job(job_key text) RETURNS graphile_worker._private_jobs
    LANGUAGE plpgsql STRICT
    AS $$
declare
  v_job "graphile_worker"._private_jobs;
begin
  -- Delete job if not locked
  delete from "graphile_worker"._private_jobs as jobs
    where key = job_key
    and (
      locked_at is null
    or
      locked_at < NOW() - interval '4 hours'
    )
  returning * into v_job;
  if not (v_job is null) then
    perform pg_notify('jobs:insert', '{"r":' || random()::text || ',"count":-1}');
    return v_job;
  end if;
  -- Otherwise prevent job from retrying, and clear the key
  update "graphile_worker"._private_jobs as jobs
  set
    key = null,
    attempts = jobs.max_attempts,
    updated_at = now()
  where key = job_key
  returning * into v_job;
  return v_job;
end;
$$;

--
-- Name: reschedule_jobs(bigint[], timestamp with time zone, integer, integer, integer); Type: FUNCTION; Schema: graphile_worker; Owner: -
--

CREATE FUNCTION graphile_worker.reschedule_jobs(job_ids bigint[], run_at timestamp with time zone DEFAULT NULL::timestamp with time zone, priority integer DEFAULT NULL::integer, attempts integer DEFAULT NULL::integer, max_attempts integer DEFAULT NULL::integer) RETURNS SETOF graphile_worker._private_jobs
    LANGUAGE sql
    AS $$
  update "graphile_worker"._private_jobs as jobs
    set
      run_at = coalesce(reschedule_jobs.run_at, jobs.run_at),
      priority = coalesce(reschedule_jobs.priority::smallint, jobs.priority),
      attempts = coalesce(reschedule_jobs.attempts::smallint, jobs.attempts),
      max_attempts = coalesce(reschedule_jobs.max_attempts::smallint, jobs.max_attempts),
      updated_at = now()
    where id = any(job_ids)
    and (
      locked_at is null
    or
      locked_at < NOW() - interval '4 hours'
    )
    returning *;
$$;

--
-- Name: water_store(double precision, double precision, double precision, double precision); Type: AGGREGATE; Schema: app_hidden; Owner: -
--

CREATE AGGREGATE app_hidden.water_store(double precision, double precision, double precision, double precision) (
    SFUNC = app_hidden.water_store_step,
    STYPE = double precision
);

--
-- Name: sensor_data_2026_09; Type: TABLE; Schema: app_partitions; Owner: -
--

CREATE TABLE app_partitions.sensor_data_2026_09 (
    id bigint NOT NULL,
    device_id uuid NOT NULL,
    thing_id uuid,
    created_at timestamp with time zone NOT NULL,
    f_cnt integer DEFAULT 0 NOT NULL,
    data jsonb NOT NULL
);

--
-- Name: sensor_data_2026_10; Type: TABLE; Schema: app_partitions; Owner: -
--

CREATE TABLE app_partitions.sensor_data_2026_10 (
    id bigint NOT NULL,
    device_id uuid NOT NULL,
    thing_id uuid,
    created_at timestamp with time zone NOT NULL,
    f_cnt integer DEFAULT 0 NOT NULL,
    data jsonb NOT NULL
);

--
-- Name: sensor_data_2026_11; Type: TABLE; Schema: app_partitions; Owner: -
--

CREATE TABLE app_partitions.sensor_data_2026_11 (
    id bigint NOT NULL,
    device_id uuid NOT NULL,
    thing_id uuid,
    created_at timestamp with time zone NOT NULL,
    f_cnt integer DEFAULT 0 NOT NULL,
    data jsonb NOT NULL
);

--
-- Name: sensor_data_2026_12; Type: TABLE; Schema: app_partitions; Owner: -
--

CREATE TABLE app_partitions.sensor_data_2026_12 (
    id bigint NOT NULL,
    device_id uuid NOT NULL,
    thing_id uuid,
    created_at timestamp with time zone NOT NULL,
    f_cnt integer DEFAULT 0 NOT NULL,
    data jsonb NOT NULL
);

--
-- Name: sensor_data_2027_01; Type: TABLE; Schema: app_partitions; Owner: -
--

CREATE TABLE app_partitions.sensor_data_2027_01 (
    id bigint NOT NULL,
    device_id uuid NOT NULL,
    thing_id uuid,
    created_at timestamp with time zone NOT NULL,
    f_cnt integer DEFAULT 0 NOT NULL,
    data jsonb NOT NULL
);

--
-- Name: dry_alert_escalations; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.dry_alert_escalations (
    thing_id uuid NOT NULL,
    told_at timestamp with time zone DEFAULT now() NOT NULL,
    first_told uuid[] NOT NULL
);

--
-- Name: environment_fetches; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.environment_fetches (
    kind text NOT NULL,
    key text NOT NULL,
    fetched_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: held_notices; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.held_notices (
    id bigint NOT NULL,
    user_id uuid NOT NULL,
    kind app_public.notice_kind,
    title text NOT NULL,
    body text NOT NULL,
    link_path text,
    reason text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    text_key text,
    text_values jsonb,
    CONSTRAINT held_notices_reason_check CHECK ((reason = ANY (ARRAY['digest'::text, 'cap'::text])))
);

--
-- Name: held_notices_id_seq; Type: SEQUENCE; Schema: app_private; Owner: -
--

ALTER TABLE app_private.held_notices ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME app_private.held_notices_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: hidden_pictures; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.hidden_pictures (
    image_type text NOT NULL,
    target_id uuid NOT NULL,
    hidden_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT hidden_pictures_image_type_check CHECK ((image_type = ANY (ARRAY['user'::text, 'thing'::text, 'group'::text, 'device'::text, 'action'::text])))
);

--
-- Name: TABLE hidden_pictures; Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON TABLE app_private.hidden_pictures IS 'Pictures an admin hid: served to admins only (app_hidden.image_is_shown).';

--
-- Name: installation; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.installation (
    key text NOT NULL,
    value text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: map_layer_features_id_seq; Type: SEQUENCE; Schema: app_private; Owner: -
--

ALTER TABLE app_private.map_layer_features ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME app_private.map_layer_features_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: map_layer_polygons; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.map_layer_polygons (
    feature_id bigint NOT NULL,
    layer text NOT NULL,
    area polygon NOT NULL,
    holes polygon[] DEFAULT '{}'::polygon[] NOT NULL
);

--
-- Name: map_layers; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.map_layers (
    layer text NOT NULL,
    source text,
    attribution text NOT NULL,
    is_sample boolean DEFAULT false NOT NULL,
    feature_count integer DEFAULT 0 NOT NULL,
    loaded_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT map_layers_layer_known CHECK ((layer = ANY (ARRAY['soilscapes'::text, 'b_lines'::text])))
);

--
-- Name: navigation_days; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.navigation_days (
    day date NOT NULL,
    navigations bigint NOT NULL,
    time_spent bigint NOT NULL,
    sessions bigint NOT NULL,
    visitors bigint NOT NULL
);

--
-- Name: TABLE navigation_days; Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON TABLE app_private.navigation_days IS 'Navigation rollup: per UTC day (no personal data; outlives raw events).';

--
-- Name: navigation_events; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.navigation_events (
    id bigint NOT NULL,
    session_id uuid NOT NULL,
    user_id uuid,
    is_guest boolean DEFAULT false NOT NULL,
    from_route text,
    to_route text NOT NULL,
    occurred_at timestamp with time zone NOT NULL,
    time_spent integer DEFAULT 0 NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: navigation_events_id_seq; Type: SEQUENCE; Schema: app_private; Owner: -
--

ALTER TABLE app_private.navigation_events ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME app_private.navigation_events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: navigation_pattern_days; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.navigation_pattern_days (
    day date NOT NULL,
    from_route text NOT NULL,
    to_route text NOT NULL,
    occurrences bigint NOT NULL,
    time_spent bigint NOT NULL,
    first_at timestamp with time zone NOT NULL,
    last_at timestamp with time zone NOT NULL,
    visitors bigint NOT NULL,
    sessions bigint NOT NULL,
    visitor_returns integer[] DEFAULT '{}'::integer[] NOT NULL,
    session_returns integer[] DEFAULT '{}'::integer[] NOT NULL
)
WITH (toast_tuple_target='8160');

--
-- Name: TABLE navigation_pattern_days; Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON TABLE app_private.navigation_pattern_days IS 'Navigation rollup: per UTC day and from -> to pattern (no personal data; outlives raw events).';

--
-- Name: navigation_pattern_sessions; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.navigation_pattern_sessions (
    from_route text NOT NULL,
    to_route text NOT NULL,
    session_id uuid NOT NULL,
    days datemultirange NOT NULL,
    added datemultirange
);

--
-- Name: navigation_pattern_visitors; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.navigation_pattern_visitors (
    from_route text NOT NULL,
    to_route text NOT NULL,
    user_id uuid NOT NULL,
    days datemultirange NOT NULL,
    added datemultirange
);

--
-- Name: navigation_rollup_state; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.navigation_rollup_state (
    id boolean DEFAULT true NOT NULL,
    closed_before date DEFAULT '-infinity'::date NOT NULL,
    CONSTRAINT navigation_rollup_state_id_check CHECK (id)
);

--
-- Name: navigation_route_days; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.navigation_route_days (
    day date NOT NULL,
    route text NOT NULL,
    visits bigint NOT NULL,
    time_spent bigint NOT NULL,
    first_at timestamp with time zone NOT NULL,
    last_at timestamp with time zone NOT NULL,
    visitors bigint NOT NULL,
    sessions bigint NOT NULL,
    visitor_returns integer[] DEFAULT '{}'::integer[] NOT NULL,
    session_returns integer[] DEFAULT '{}'::integer[] NOT NULL
)
WITH (toast_tuple_target='8160');

--
-- Name: TABLE navigation_route_days; Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON TABLE app_private.navigation_route_days IS 'Navigation rollup: per UTC day and route (no personal data; outlives raw events).';

--
-- Name: COLUMN navigation_route_days.visitor_returns; Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON COLUMN app_private.navigation_route_days.visitor_returns IS 'Element k: visitors of the day whose previous visit to the route was at most k days earlier (cumulative; the last element repeats).';

--
-- Name: COLUMN navigation_route_days.session_returns; Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON COLUMN app_private.navigation_route_days.session_returns IS 'Element k: sessions of the day last seen on the route at most k days earlier (cumulative; the last element repeats).';

--
-- Name: navigation_route_sessions; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.navigation_route_sessions (
    route text NOT NULL,
    session_id uuid NOT NULL,
    days datemultirange NOT NULL,
    added datemultirange
);

--
-- Name: navigation_route_visitors; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.navigation_route_visitors (
    route text NOT NULL,
    user_id uuid NOT NULL,
    days datemultirange NOT NULL,
    added datemultirange
);

--
-- Name: navigation_session_totals; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.navigation_session_totals (
    session_id uuid NOT NULL,
    navigations bigint NOT NULL,
    last_at timestamp with time zone NOT NULL,
    days datemultirange NOT NULL,
    added datemultirange
);

--
-- Name: navigation_sessions; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.navigation_sessions (
    session_id uuid NOT NULL,
    user_id uuid,
    is_guest boolean DEFAULT false NOT NULL,
    started_at timestamp with time zone NOT NULL,
    ended_at timestamp with time zone,
    user_agent text,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: navigation_user_session_days; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.navigation_user_session_days (
    user_id uuid NOT NULL,
    day date NOT NULL,
    sessions integer NOT NULL,
    duration_us bigint NOT NULL,
    timed_sessions integer NOT NULL,
    navigations integer NOT NULL,
    first_started timestamp with time zone NOT NULL,
    last_started timestamp with time zone NOT NULL,
    next_day date,
    next_first_started timestamp with time zone,
    person_first_started timestamp with time zone NOT NULL,
    total_sessions bigint DEFAULT 0 NOT NULL,
    total_duration_us bigint DEFAULT 0 NOT NULL,
    total_timed_sessions bigint DEFAULT 0 NOT NULL,
    total_navigations bigint DEFAULT 0 NOT NULL
);

--
-- Name: TABLE navigation_user_session_days; Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON TABLE app_private.navigation_user_session_days IS 'Navigation sessions per person and UTC start day, with running totals (personal data: follows the sessions, pruned with them).';

--
-- Name: navigation_visitor_days; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.navigation_visitor_days (
    user_id uuid NOT NULL,
    days datemultirange NOT NULL,
    added datemultirange
);

--
-- Name: notice_emails; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.notice_emails (
    id bigint NOT NULL,
    sender_id uuid NOT NULL,
    sent_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: TABLE notice_emails; Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON TABLE app_private.notice_emails IS 'One row per notice e-mail a user caused to be sent to someone else, kept for an hour (the rate limit).';

--
-- Name: notice_emails_id_seq; Type: SEQUENCE; Schema: app_private; Owner: -
--

ALTER TABLE app_private.notice_emails ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME app_private.notice_emails_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: notice_limits; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.notice_limits (
    id boolean DEFAULT true NOT NULL,
    per_day integer DEFAULT 20 NOT NULL,
    CONSTRAINT notice_limits_id_check CHECK (id),
    CONSTRAINT notice_limits_per_day_check CHECK ((per_day >= 1))
);

--
-- Name: TABLE notice_limits; Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON TABLE app_private.notice_limits IS 'NOTICES_PER_DAY: the most notices one person gets in 24 hours (the worker writes it at start).';

--
-- Name: notice_log; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.notice_log (
    user_id uuid NOT NULL,
    kind text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: picture_objects; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.picture_objects (
    key text NOT NULL,
    body bytea NOT NULL,
    content_type text DEFAULT 'image/webp'::text NOT NULL,
    etag text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT picture_objects_key_check CHECK (((key ~ '^[a-z0-9][a-z0-9._/-]*$'::text) AND (key !~ '(^|/)\.\.?(/|$)'::text) AND (length(key) <= 400)))
);
ALTER TABLE ONLY app_private.picture_objects ALTER COLUMN body SET STORAGE EXTERNAL;

--
-- Name: TABLE picture_objects; Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON TABLE app_private.picture_objects IS 'Picture bytes when STORAGE=postgres (server/storage/postgres.ts); served only after app_hidden.image_is_shown allows it.';

--
-- Name: rainfall_measures; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.rainfall_measures (
    id text NOT NULL,
    station_id text NOT NULL,
    parameter text,
    parameter_name text,
    period integer,
    qualifier text,
    unit_name text,
    fetched_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: rainfall_readings; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.rainfall_readings (
    measure_id text NOT NULL,
    station_id text NOT NULL,
    date_time timestamp with time zone NOT NULL,
    value double precision,
    fetched_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: rate_limits; Type: TABLE; Schema: app_private; Owner: -
--

CREATE UNLOGGED TABLE app_private.rate_limits (
    key character varying(255) NOT NULL,
    points integer DEFAULT 0 NOT NULL,
    expire bigint
);

--
-- Name: TABLE rate_limits; Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON TABLE app_private.rate_limits IS 'Hits per key and fixed window, shared by all server processes (rate-limiter-flexible, server/auth/rate-limit.ts).';

--
-- Name: rejected_uplinks; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.rejected_uplinks (
    id bigint NOT NULL,
    device_id uuid NOT NULL,
    received_at timestamp with time zone NOT NULL,
    f_cnt integer NOT NULL,
    data jsonb NOT NULL,
    payload text,
    reason text NOT NULL,
    stored_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: TABLE rejected_uplinks; Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON TABLE app_private.rejected_uplinks IS 'Uplinks that gave no reading (future time, impossible values), with the reason.';

--
-- Name: rejected_uplinks_id_seq; Type: SEQUENCE; Schema: app_private; Owner: -
--

ALTER TABLE app_private.rejected_uplinks ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME app_private.rejected_uplinks_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: reset_failures; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.reset_failures (
    user_id uuid NOT NULL,
    source text NOT NULL,
    failed_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: TABLE reset_failures; Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON TABLE app_private.reset_failures IS 'Failed passphrase resets, per user and source address, for the reset lock (LOCKD).';

--
-- Name: rota_reminders_sent; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.rota_reminders_sent (
    group_id uuid NOT NULL,
    day date NOT NULL,
    user_id uuid NOT NULL
);

--
-- Name: sensor_rollup_hours_pending; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.sensor_rollup_hours_pending (
    device_id uuid NOT NULL,
    hour timestamp with time zone NOT NULL
);

--
-- Name: TABLE sensor_rollup_hours_pending; Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON TABLE app_private.sensor_rollup_hours_pending IS 'Hours (UTC) of a device with readings not yet summed into its hourly and daily rollups.';

--
-- Name: sessions; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.sessions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    domain_name text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    revoked_at timestamp with time zone
);

--
-- Name: sign_in_failures; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.sign_in_failures (
    username public.citext NOT NULL,
    failed_at timestamp with time zone DEFAULT now() NOT NULL,
    user_id uuid
);

--
-- Name: task_due_notices; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.task_due_notices (
    task_id uuid NOT NULL,
    user_id uuid NOT NULL,
    due_date date NOT NULL
);

--
-- Name: thing_map_cells; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.thing_map_cells (
    level smallint NOT NULL,
    x integer NOT NULL,
    y integer NOT NULL,
    public_count integer DEFAULT 0 NOT NULL,
    public_latitude_sum double precision DEFAULT 0 NOT NULL,
    public_longitude_sum double precision DEFAULT 0 NOT NULL,
    private_count integer DEFAULT 0 NOT NULL,
    private_latitude_sum double precision DEFAULT 0 NOT NULL,
    private_longitude_sum double precision DEFAULT 0 NOT NULL,
    public_needs_water integer DEFAULT 0 NOT NULL,
    private_needs_water integer DEFAULT 0 NOT NULL
);

--
-- Name: TABLE thing_map_cells; Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON TABLE app_private.thing_map_cells IS 'Things per map cell (levels 0 to 14 of the Web Mercator grid), for clustering large areas fast.';

--
-- Name: user_digests; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.user_digests (
    user_id uuid NOT NULL,
    last_sent_at timestamp with time zone NOT NULL
);

--
-- Name: user_email_secrets; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.user_email_secrets (
    user_email_id uuid NOT NULL,
    verification_token text,
    verification_sent_at timestamp with time zone
);

--
-- Name: user_secrets; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.user_secrets (
    user_id uuid NOT NULL,
    password_hash text,
    reset_token text,
    reset_token_created_at timestamp with time zone,
    failed_reset_attempts integer DEFAULT 0 NOT NULL,
    first_failed_reset_at timestamp with time zone,
    delete_account_token text,
    delete_account_token_created_at timestamp with time zone,
    reset_token_expires_at timestamp with time zone,
    reset_email_id uuid
);

--
-- Name: COLUMN user_secrets.failed_reset_attempts; Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON COLUMN app_private.user_secrets.failed_reset_attempts IS 'Unused since 20261125000200 (app_private.reset_failures counts per source).';

--
-- Name: COLUMN user_secrets.reset_email_id; Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON COLUMN app_private.user_secrets.reset_email_id IS 'The user_emails row the current reset or set-passphrase link was sent to; using the link verifies it.';

--
-- Name: water_need_parameters; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.water_need_parameters (
    type app_public.thing_type NOT NULL,
    needs_watering boolean NOT NULL,
    kc double precision,
    area_m2 double precision,
    capacity_mm double precision,
    stress_fraction double precision,
    default_litres double precision,
    rain_reaches boolean DEFAULT true NOT NULL,
    CONSTRAINT water_need_parameters_complete CHECK (((NOT needs_watering) OR ((kc > (0)::double precision) AND (area_m2 > (0)::double precision) AND (capacity_mm > (0)::double precision) AND (stress_fraction > (0)::double precision) AND (stress_fraction < (1)::double precision) AND (default_litres > (0)::double precision))))
);

--
-- Name: TABLE water_need_parameters; Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON TABLE app_private.water_need_parameters IS 'Water-balance parameters per thing type (docs/decisions.md, "Water need").';

--
-- Name: water_points; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.water_points (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    kind text NOT NULL,
    description text,
    location point NOT NULL,
    source text NOT NULL,
    imported_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT water_points_description_valid CHECK ((char_length(description) <= 500)),
    CONSTRAINT water_points_kind_known CHECK ((kind = ANY (ARRAY['pump'::text, 'tap'::text]))),
    CONSTRAINT water_points_location_valid CHECK ((((location[0] >= ('-90'::integer)::double precision) AND (location[0] <= (90)::double precision)) AND ((location[1] >= ('-180'::integer)::double precision) AND (location[1] <= (180)::double precision)))),
    CONSTRAINT water_points_name_valid CHECK (((char_length(btrim(name)) >= 1) AND (char_length(btrim(name)) <= 120)))
);

--
-- Name: TABLE water_points; Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON TABLE app_private.water_points IS 'Public pumps and taps to fill a can at (imported from GeoJSON by an admin).';

--
-- Name: weather_days; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.weather_days (
    latitude numeric(4,1) NOT NULL,
    longitude numeric(4,1) NOT NULL,
    day date NOT NULL,
    et0_mm double precision,
    precipitation_mm double precision,
    observed_mm double precision,
    temperature_max double precision,
    fetched_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: TABLE weather_days; Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON TABLE app_private.weather_days IS 'Daily ET0, rain and maximum temperature per 0.1 degree grid point, from Open-Meteo.';

--
-- Name: weather_forecasts; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.weather_forecasts (
    latitude numeric(4,1) NOT NULL,
    longitude numeric(4,1) NOT NULL,
    location point GENERATED ALWAYS AS (point((latitude)::double precision, (longitude)::double precision)) STORED,
    timezone text,
    elevation double precision,
    hourly jsonb DEFAULT '[]'::jsonb NOT NULL,
    daily jsonb DEFAULT '[]'::jsonb NOT NULL,
    fetched_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: badge_types; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.badge_types (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    badge_type text NOT NULL,
    level integer NOT NULL,
    title text NOT NULL,
    description text NOT NULL,
    threshold integer NOT NULL,
    is_active boolean DEFAULT true NOT NULL,
    CONSTRAINT badge_types_level_check CHECK (((level >= 1) AND (level <= 3)))
);

--
-- Name: TABLE badge_types; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.badge_types IS 'A badge that can be earned, at one of three levels.';

--
-- Name: badges; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.badges (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    badge_type_id uuid NOT NULL,
    awarded_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: TABLE badges; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.badges IS 'A badge awarded to a user.';

--
-- Name: feedback; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.feedback (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT app_public.current_user_id(),
    subject text NOT NULL,
    message text NOT NULL,
    thing_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT feedback_message_valid CHECK (
CASE
    WHEN (btrim(message) = ''::text) THEN app_hidden.invalid('Message is required'::text)
    WHEN (char_length(message) > 5000) THEN app_hidden.invalid('Message must be at most 5000 characters'::text)
    ELSE true
END),
    CONSTRAINT feedback_subject_valid CHECK (
CASE
    WHEN (btrim(subject) = ''::text) THEN app_hidden.invalid('Subject is required'::text)
    WHEN (char_length(subject) > 200) THEN app_hidden.invalid('Subject must be at most 200 characters'::text)
    ELSE true
END)
);

--
-- Name: TABLE feedback; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.feedback IS 'What people tell the team through /form; admins read it.';

--
-- Name: COLUMN feedback.user_id; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.feedback.user_id IS '@behavior -insert -update';

--
-- Name: home_things; Type: VIEW; Schema: app_public; Owner: -
--

CREATE VIEW app_public.home_things WITH (security_invoker='true') AS
 SELECT a.id,
    a.user_id,
    a.thing_id,
    a.is_owner,
    a.is_collaborator,
        CASE
            WHEN (u.one_thing_id = t.id) THEN 0
            ELSE (1 + app_public.things_needs_water_rank(t.*))
        END AS home_rank,
    lower(t.name) AS sort_name
   FROM ((app_public.thing_accesses a
     JOIN app_public.things t ON ((t.id = a.thing_id)))
     JOIN app_public.users u ON ((u.id = a.user_id)));

--
-- Name: VIEW home_things; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON VIEW app_public.home_things IS '@primaryKey id
@foreignKey (thing_id) references app_public.things (id)|@behavior -connection -list
@foreignKey (user_id) references app_public.users (id)|@behavior -single
@behavior -query:resource:list -query:resource:connection -query:resource:single -node
The things a person looks after, with where each comes on their home page.';

--
-- Name: COLUMN home_things.id; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.home_things.id IS 'The thing access''s id.';

--
-- Name: COLUMN home_things.user_id; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.home_things.user_id IS '@notNull';

--
-- Name: COLUMN home_things.thing_id; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.home_things.thing_id IS '@notNull';

--
-- Name: COLUMN home_things.is_owner; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.home_things.is_owner IS '@notNull';

--
-- Name: COLUMN home_things.is_collaborator; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.home_things.is_collaborator IS '@notNull';

--
-- Name: COLUMN home_things.home_rank; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.home_things.home_rank IS '@notNull
@behavior +orderBy
0 the person''s One Thing, then 1 to 5 by how urgently it needs water (red, orange, green, blue, unknown).';

--
-- Name: COLUMN home_things.sort_name; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.home_things.sort_name IS '@notNull
@behavior +orderBy
The thing''s name in lower case, to order by.';

--
-- Name: notifications; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.notifications (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    kind text NOT NULL,
    level app_public.notification_level DEFAULT 'info'::app_public.notification_level NOT NULL,
    title text NOT NULL,
    body text NOT NULL,
    link_path text,
    thing_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    read_at timestamp with time zone,
    text_key text,
    text_values jsonb,
    CONSTRAINT notifications_link_path_check CHECK (((link_path IS NULL) OR (link_path ~~ '/%'::text)))
);

--
-- Name: TABLE notifications; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.notifications IS 'Something the user should know or do.';

--
-- Name: COLUMN notifications.text_key; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.notifications.text_key IS 'Which text of the notices catalogue (shared/i18n/notices) this is; its title and body are <key>.title and <key>.body. Null for notices older than the catalogue.';

--
-- Name: COLUMN notifications.text_values; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.notifications.text_values IS 'The data the text is written with (names, numbers, ISO dates, enum values).';

--
-- Name: sensor_data_id_seq; Type: SEQUENCE; Schema: app_public; Owner: -
--

ALTER TABLE app_public.sensor_data ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME app_public.sensor_data_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: sensor_rollups_daily; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.sensor_rollups_daily (
    device_id uuid NOT NULL,
    thing_id uuid,
    bucket timestamp with time zone NOT NULL,
    readings integer NOT NULL,
    water_n integer DEFAULT 0 NOT NULL,
    water_sum double precision DEFAULT 0 NOT NULL,
    water_min double precision,
    water_max double precision,
    temperature_n integer DEFAULT 0 NOT NULL,
    temperature_sum double precision DEFAULT 0 NOT NULL,
    temperature_min double precision,
    temperature_max double precision,
    conductivity_n integer DEFAULT 0 NOT NULL,
    conductivity_sum double precision DEFAULT 0 NOT NULL,
    conductivity_min double precision,
    conductivity_max double precision,
    ph_n integer DEFAULT 0 NOT NULL,
    ph_sum double precision DEFAULT 0 NOT NULL,
    ph_min double precision,
    ph_max double precision,
    battery_n integer DEFAULT 0 NOT NULL,
    battery_sum double precision DEFAULT 0 NOT NULL,
    battery_min double precision,
    battery_max double precision,
    rssi_n integer DEFAULT 0 NOT NULL,
    rssi_sum double precision DEFAULT 0 NOT NULL,
    rssi_min double precision,
    rssi_max double precision,
    snr_n integer DEFAULT 0 NOT NULL,
    snr_sum double precision DEFAULT 0 NOT NULL,
    snr_min double precision,
    snr_max double precision
)
WITH (fillfactor='70');

--
-- Name: TABLE sensor_rollups_daily; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.sensor_rollups_daily IS '@behavior -*
Readings per device, thing and UTC day (read through sensor_rollups()).';

--
-- Name: task_assignments; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.task_assignments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    task_id uuid NOT NULL,
    assigned_to uuid NOT NULL,
    assigned_by uuid,
    assigned_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: COLUMN task_assignments.assigned_by; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.task_assignments.assigned_by IS '@behavior -insert -update';

--
-- Name: thing_alerts; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.thing_alerts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    thing_id uuid NOT NULL,
    kind text NOT NULL,
    outcome text NOT NULL,
    reason text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT thing_alerts_outcome_check CHECK ((outcome = ANY (ARRAY['sent'::text, 'held'::text])))
);

--
-- Name: TABLE thing_alerts; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.thing_alerts IS 'Alerts raised (or held back, with the reason) about a thing.';

--
-- Name: tree_species; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.tree_species (
    id text NOT NULL,
    botanical_name text NOT NULL,
    common_name_en text NOT NULL,
    common_name_de text NOT NULL,
    other_names text[] DEFAULT '{}'::text[] NOT NULL,
    CONSTRAINT tree_species_id_valid CHECK ((id ~ '^[a-z]+(-[a-z]+)+$'::text))
);

--
-- Name: TABLE tree_species; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.tree_species IS '@name tree_species_entry
@behavior -insert -update -delete
Common street trees of the UK and Germany, with their botanical, English and German names.';

--
-- Name: _private_job_queues; Type: TABLE; Schema: graphile_worker; Owner: -
--

CREATE TABLE graphile_worker._private_job_queues (
    id integer NOT NULL,
    queue_name text NOT NULL,
    locked_at timestamp with time zone,
    locked_by text,
    is_available boolean GENERATED ALWAYS AS ((locked_at IS NULL)) STORED NOT NULL,
    CONSTRAINT job_queues_queue_name_check CHECK ((length(queue_name) <= 128))
);

--
-- Name: _private_known_crontabs; Type: TABLE; Schema: graphile_worker; Owner: -
--

CREATE TABLE graphile_worker._private_known_crontabs (
    identifier text NOT NULL,
    known_since timestamp with time zone NOT NULL,
    last_execution timestamp with time zone
);

--
-- Name: _private_tasks; Type: TABLE; Schema: graphile_worker; Owner: -
--

CREATE TABLE graphile_worker._private_tasks (
    id integer NOT NULL,
    identifier text NOT NULL,
    CONSTRAINT tasks_identifier_check CHECK ((length(identifier) <= 128))
);

--
-- Name: job_queues_id_seq; Type: SEQUENCE; Schema: graphile_worker; Owner: -
--

ALTER TABLE graphile_worker._private_job_queues ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME graphile_worker.job_queues_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: jobs; Type: VIEW; Schema: graphile_worker; Owner: -
--

CREATE VIEW graphile_worker.jobs AS
 SELECT jobs.id,
    job_queues.queue_name,
    tasks.identifier AS task_identifier,
    jobs.priority,
    jobs.run_at,
    jobs.attempts,
    jobs.max_attempts,
    jobs.last_error,
    jobs.created_at,
    jobs.updated_at,
    jobs.key,
    jobs.locked_at,
    jobs.locked_by,
    jobs.revision,
    jobs.flags
   FROM ((graphile_worker._private_jobs jobs
     JOIN graphile_worker._private_tasks tasks ON ((tasks.id = jobs.task_id)))
     LEFT JOIN graphile_worker._private_job_queues job_queues ON ((job_queues.id = jobs.job_queue_id)));

--
-- Name: jobs_id_seq1; Type: SEQUENCE; Schema: graphile_worker; Owner: -
--

ALTER TABLE graphile_worker._private_jobs ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME graphile_worker.jobs_id_seq1
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: migrations; Type: TABLE; Schema: graphile_worker; Owner: -
--

CREATE TABLE graphile_worker.migrations (
    id integer NOT NULL,
    ts timestamp with time zone DEFAULT now() NOT NULL,
    breaking boolean DEFAULT false NOT NULL
);

--
-- Name: tasks_id_seq; Type: SEQUENCE; Schema: graphile_worker; Owner: -
--

ALTER TABLE graphile_worker._private_tasks ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME graphile_worker.tasks_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: schema_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.schema_migrations (
    version character varying(128) NOT NULL
);

--
-- Name: sensor_data_2026_09; Type: TABLE ATTACH; Schema: app_partitions; Owner: -
--

ALTER TABLE ONLY app_public.sensor_data ATTACH PARTITION app_partitions.sensor_data_2026_09 FOR VALUES FROM ('2026-09-01 00:00:00+00') TO ('2026-10-01 00:00:00+00');

--
-- Name: sensor_data_2026_10; Type: TABLE ATTACH; Schema: app_partitions; Owner: -
--

ALTER TABLE ONLY app_public.sensor_data ATTACH PARTITION app_partitions.sensor_data_2026_10 FOR VALUES FROM ('2026-10-01 00:00:00+00') TO ('2026-11-01 00:00:00+00');

--
-- Name: sensor_data_2026_11; Type: TABLE ATTACH; Schema: app_partitions; Owner: -
--

ALTER TABLE ONLY app_public.sensor_data ATTACH PARTITION app_partitions.sensor_data_2026_11 FOR VALUES FROM ('2026-11-01 00:00:00+00') TO ('2026-12-01 00:00:00+00');

--
-- Name: sensor_data_2026_12; Type: TABLE ATTACH; Schema: app_partitions; Owner: -
--

ALTER TABLE ONLY app_public.sensor_data ATTACH PARTITION app_partitions.sensor_data_2026_12 FOR VALUES FROM ('2026-12-01 00:00:00+00') TO ('2027-01-01 00:00:00+00');

--
-- Name: sensor_data_2027_01; Type: TABLE ATTACH; Schema: app_partitions; Owner: -
--

ALTER TABLE ONLY app_public.sensor_data ATTACH PARTITION app_partitions.sensor_data_2027_01 FOR VALUES FROM ('2027-01-01 00:00:00+00') TO ('2027-02-01 00:00:00+00');

--
-- Name: sensor_data sensor_data_uplink_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.sensor_data
    ADD CONSTRAINT sensor_data_uplink_key UNIQUE (device_id, created_at, f_cnt);

--
-- Name: CONSTRAINT sensor_data_uplink_key ON sensor_data; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT sensor_data_uplink_key ON app_public.sensor_data IS '@behavior -single -update -delete';

--
-- Name: sensor_data_2026_09 sensor_data_2026_09_device_id_created_at_f_cnt_key; Type: CONSTRAINT; Schema: app_partitions; Owner: -
--

ALTER TABLE ONLY app_partitions.sensor_data_2026_09
    ADD CONSTRAINT sensor_data_2026_09_device_id_created_at_f_cnt_key UNIQUE (device_id, created_at, f_cnt);

--
-- Name: sensor_data sensor_data_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.sensor_data
    ADD CONSTRAINT sensor_data_pkey PRIMARY KEY (id, created_at);

--
-- Name: CONSTRAINT sensor_data_pkey ON sensor_data; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT sensor_data_pkey ON app_public.sensor_data IS '@behavior -single -update -delete';

--
-- Name: sensor_data_2026_09 sensor_data_2026_09_pkey; Type: CONSTRAINT; Schema: app_partitions; Owner: -
--

ALTER TABLE ONLY app_partitions.sensor_data_2026_09
    ADD CONSTRAINT sensor_data_2026_09_pkey PRIMARY KEY (id, created_at);

--
-- Name: sensor_data_2026_10 sensor_data_2026_10_device_id_created_at_f_cnt_key; Type: CONSTRAINT; Schema: app_partitions; Owner: -
--

ALTER TABLE ONLY app_partitions.sensor_data_2026_10
    ADD CONSTRAINT sensor_data_2026_10_device_id_created_at_f_cnt_key UNIQUE (device_id, created_at, f_cnt);

--
-- Name: sensor_data_2026_10 sensor_data_2026_10_pkey; Type: CONSTRAINT; Schema: app_partitions; Owner: -
--

ALTER TABLE ONLY app_partitions.sensor_data_2026_10
    ADD CONSTRAINT sensor_data_2026_10_pkey PRIMARY KEY (id, created_at);

--
-- Name: sensor_data_2026_11 sensor_data_2026_11_device_id_created_at_f_cnt_key; Type: CONSTRAINT; Schema: app_partitions; Owner: -
--

ALTER TABLE ONLY app_partitions.sensor_data_2026_11
    ADD CONSTRAINT sensor_data_2026_11_device_id_created_at_f_cnt_key UNIQUE (device_id, created_at, f_cnt);

--
-- Name: sensor_data_2026_11 sensor_data_2026_11_pkey; Type: CONSTRAINT; Schema: app_partitions; Owner: -
--

ALTER TABLE ONLY app_partitions.sensor_data_2026_11
    ADD CONSTRAINT sensor_data_2026_11_pkey PRIMARY KEY (id, created_at);

--
-- Name: sensor_data_2026_12 sensor_data_2026_12_device_id_created_at_f_cnt_key; Type: CONSTRAINT; Schema: app_partitions; Owner: -
--

ALTER TABLE ONLY app_partitions.sensor_data_2026_12
    ADD CONSTRAINT sensor_data_2026_12_device_id_created_at_f_cnt_key UNIQUE (device_id, created_at, f_cnt);

--
-- Name: sensor_data_2026_12 sensor_data_2026_12_pkey; Type: CONSTRAINT; Schema: app_partitions; Owner: -
--

ALTER TABLE ONLY app_partitions.sensor_data_2026_12
    ADD CONSTRAINT sensor_data_2026_12_pkey PRIMARY KEY (id, created_at);

--
-- Name: sensor_data_2027_01 sensor_data_2027_01_device_id_created_at_f_cnt_key; Type: CONSTRAINT; Schema: app_partitions; Owner: -
--

ALTER TABLE ONLY app_partitions.sensor_data_2027_01
    ADD CONSTRAINT sensor_data_2027_01_device_id_created_at_f_cnt_key UNIQUE (device_id, created_at, f_cnt);

--
-- Name: sensor_data_2027_01 sensor_data_2027_01_pkey; Type: CONSTRAINT; Schema: app_partitions; Owner: -
--

ALTER TABLE ONLY app_partitions.sensor_data_2027_01
    ADD CONSTRAINT sensor_data_2027_01_pkey PRIMARY KEY (id, created_at);

--
-- Name: dry_alert_escalations dry_alert_escalations_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.dry_alert_escalations
    ADD CONSTRAINT dry_alert_escalations_pkey PRIMARY KEY (thing_id);

--
-- Name: environment_fetches environment_fetches_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.environment_fetches
    ADD CONSTRAINT environment_fetches_pkey PRIMARY KEY (kind, key);

--
-- Name: held_notices held_notices_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.held_notices
    ADD CONSTRAINT held_notices_pkey PRIMARY KEY (id);

--
-- Name: hidden_pictures hidden_pictures_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.hidden_pictures
    ADD CONSTRAINT hidden_pictures_pkey PRIMARY KEY (image_type, target_id);

--
-- Name: installation installation_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.installation
    ADD CONSTRAINT installation_pkey PRIMARY KEY (key);

--
-- Name: map_layer_features map_layer_features_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.map_layer_features
    ADD CONSTRAINT map_layer_features_pkey PRIMARY KEY (id);

--
-- Name: map_layers map_layers_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.map_layers
    ADD CONSTRAINT map_layers_pkey PRIMARY KEY (layer);

--
-- Name: navigation_days navigation_days_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.navigation_days
    ADD CONSTRAINT navigation_days_pkey PRIMARY KEY (day);

--
-- Name: navigation_events navigation_events_once; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.navigation_events
    ADD CONSTRAINT navigation_events_once UNIQUE (session_id, occurred_at, to_route);

--
-- Name: navigation_events navigation_events_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.navigation_events
    ADD CONSTRAINT navigation_events_pkey PRIMARY KEY (id);

--
-- Name: navigation_pattern_days navigation_pattern_days_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.navigation_pattern_days
    ADD CONSTRAINT navigation_pattern_days_pkey PRIMARY KEY (day, from_route, to_route);

--
-- Name: navigation_pattern_sessions navigation_pattern_sessions_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.navigation_pattern_sessions
    ADD CONSTRAINT navigation_pattern_sessions_pkey PRIMARY KEY (from_route, to_route, session_id);

--
-- Name: navigation_pattern_visitors navigation_pattern_visitors_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.navigation_pattern_visitors
    ADD CONSTRAINT navigation_pattern_visitors_pkey PRIMARY KEY (from_route, to_route, user_id);

--
-- Name: navigation_rollup_state navigation_rollup_state_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.navigation_rollup_state
    ADD CONSTRAINT navigation_rollup_state_pkey PRIMARY KEY (id);

--
-- Name: navigation_route_days navigation_route_days_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.navigation_route_days
    ADD CONSTRAINT navigation_route_days_pkey PRIMARY KEY (day, route);

--
-- Name: navigation_route_sessions navigation_route_sessions_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.navigation_route_sessions
    ADD CONSTRAINT navigation_route_sessions_pkey PRIMARY KEY (route, session_id);

--
-- Name: navigation_route_visitors navigation_route_visitors_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.navigation_route_visitors
    ADD CONSTRAINT navigation_route_visitors_pkey PRIMARY KEY (route, user_id);

--
-- Name: navigation_session_totals navigation_session_totals_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.navigation_session_totals
    ADD CONSTRAINT navigation_session_totals_pkey PRIMARY KEY (session_id);

--
-- Name: navigation_sessions navigation_sessions_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.navigation_sessions
    ADD CONSTRAINT navigation_sessions_pkey PRIMARY KEY (session_id);

--
-- Name: navigation_user_session_days navigation_user_session_days_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.navigation_user_session_days
    ADD CONSTRAINT navigation_user_session_days_pkey PRIMARY KEY (user_id, day);

--
-- Name: navigation_visitor_days navigation_visitor_days_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.navigation_visitor_days
    ADD CONSTRAINT navigation_visitor_days_pkey PRIMARY KEY (user_id);

--
-- Name: notice_emails notice_emails_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.notice_emails
    ADD CONSTRAINT notice_emails_pkey PRIMARY KEY (id);

--
-- Name: notice_limits notice_limits_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.notice_limits
    ADD CONSTRAINT notice_limits_pkey PRIMARY KEY (id);

--
-- Name: picture_objects picture_objects_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.picture_objects
    ADD CONSTRAINT picture_objects_pkey PRIMARY KEY (key);

--
-- Name: rainfall_measures rainfall_measures_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.rainfall_measures
    ADD CONSTRAINT rainfall_measures_pkey PRIMARY KEY (id);

--
-- Name: rainfall_readings rainfall_readings_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.rainfall_readings
    ADD CONSTRAINT rainfall_readings_pkey PRIMARY KEY (measure_id, date_time);

--
-- Name: rainfall_stations rainfall_stations_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.rainfall_stations
    ADD CONSTRAINT rainfall_stations_pkey PRIMARY KEY (id);

--
-- Name: rate_limits rate_limits_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.rate_limits
    ADD CONSTRAINT rate_limits_pkey PRIMARY KEY (key);

--
-- Name: rejected_uplinks rejected_uplinks_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.rejected_uplinks
    ADD CONSTRAINT rejected_uplinks_pkey PRIMARY KEY (id);

--
-- Name: rejected_uplinks rejected_uplinks_uplink_key; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.rejected_uplinks
    ADD CONSTRAINT rejected_uplinks_uplink_key UNIQUE (device_id, received_at, f_cnt);

--
-- Name: rota_reminders_sent rota_reminders_sent_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.rota_reminders_sent
    ADD CONSTRAINT rota_reminders_sent_pkey PRIMARY KEY (group_id, day, user_id);

--
-- Name: sensor_rollup_hours_pending sensor_rollup_hours_pending_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.sensor_rollup_hours_pending
    ADD CONSTRAINT sensor_rollup_hours_pending_pkey PRIMARY KEY (device_id, hour);

--
-- Name: sessions sessions_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);

--
-- Name: task_due_notices task_due_notices_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.task_due_notices
    ADD CONSTRAINT task_due_notices_pkey PRIMARY KEY (task_id, user_id, due_date);

--
-- Name: thing_map_cells thing_map_cells_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.thing_map_cells
    ADD CONSTRAINT thing_map_cells_pkey PRIMARY KEY (level, x, y);

--
-- Name: user_digests user_digests_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.user_digests
    ADD CONSTRAINT user_digests_pkey PRIMARY KEY (user_id);

--
-- Name: user_email_secrets user_email_secrets_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.user_email_secrets
    ADD CONSTRAINT user_email_secrets_pkey PRIMARY KEY (user_email_id);

--
-- Name: user_secrets user_secrets_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.user_secrets
    ADD CONSTRAINT user_secrets_pkey PRIMARY KEY (user_id);

--
-- Name: water_need_parameters water_need_parameters_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.water_need_parameters
    ADD CONSTRAINT water_need_parameters_pkey PRIMARY KEY (type);

--
-- Name: water_points water_points_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.water_points
    ADD CONSTRAINT water_points_pkey PRIMARY KEY (id);

--
-- Name: weather_days weather_days_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.weather_days
    ADD CONSTRAINT weather_days_pkey PRIMARY KEY (latitude, longitude, day);

--
-- Name: weather_forecasts weather_forecasts_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.weather_forecasts
    ADD CONSTRAINT weather_forecasts_pkey PRIMARY KEY (latitude, longitude);

--
-- Name: actions actions_client_key_unique; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.actions
    ADD CONSTRAINT actions_client_key_unique UNIQUE (created_by, client_key);

--
-- Name: CONSTRAINT actions_client_key_unique ON actions; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT actions_client_key_unique ON app_public.actions IS '@behavior -single -update -delete';

--
-- Name: actions actions_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.actions
    ADD CONSTRAINT actions_pkey PRIMARY KEY (id);

--
-- Name: badge_types badge_types_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.badge_types
    ADD CONSTRAINT badge_types_pkey PRIMARY KEY (id);

--
-- Name: badge_types badge_types_type_level_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.badge_types
    ADD CONSTRAINT badge_types_type_level_key UNIQUE (badge_type, level);

--
-- Name: CONSTRAINT badge_types_type_level_key ON badge_types; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT badge_types_type_level_key ON app_public.badge_types IS '@behavior -single -update -delete';

--
-- Name: badges badges_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.badges
    ADD CONSTRAINT badges_pkey PRIMARY KEY (id);

--
-- Name: badges badges_user_badge_type_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.badges
    ADD CONSTRAINT badges_user_badge_type_key UNIQUE (user_id, badge_type_id);

--
-- Name: CONSTRAINT badges_user_badge_type_key ON badges; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT badges_user_badge_type_key ON app_public.badges IS '@behavior -single -update -delete';

--
-- Name: chat_messages chat_messages_event_id_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.chat_messages
    ADD CONSTRAINT chat_messages_event_id_key UNIQUE (event_id);

--
-- Name: CONSTRAINT chat_messages_event_id_key ON chat_messages; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT chat_messages_event_id_key ON app_public.chat_messages IS '@behavior -update -delete';

--
-- Name: chat_messages chat_messages_in_reply_to_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.chat_messages
    ADD CONSTRAINT chat_messages_in_reply_to_key UNIQUE (in_reply_to);

--
-- Name: CONSTRAINT chat_messages_in_reply_to_key ON chat_messages; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT chat_messages_in_reply_to_key ON app_public.chat_messages IS '@behavior -single -update -delete';

--
-- Name: chat_messages chat_messages_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.chat_messages
    ADD CONSTRAINT chat_messages_pkey PRIMARY KEY (id);

--
-- Name: content_reports content_reports_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.content_reports
    ADD CONSTRAINT content_reports_pkey PRIMARY KEY (id);

--
-- Name: device_access_invitations device_access_invitations_device_email_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.device_access_invitations
    ADD CONSTRAINT device_access_invitations_device_email_key UNIQUE (device_id, email);

--
-- Name: CONSTRAINT device_access_invitations_device_email_key ON device_access_invitations; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT device_access_invitations_device_email_key ON app_public.device_access_invitations IS '@behavior -single -update -delete';

--
-- Name: device_access_invitations device_access_invitations_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.device_access_invitations
    ADD CONSTRAINT device_access_invitations_pkey PRIMARY KEY (id);

--
-- Name: device_accesses device_accesses_device_user_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.device_accesses
    ADD CONSTRAINT device_accesses_device_user_key UNIQUE (device_id, user_id);

--
-- Name: CONSTRAINT device_accesses_device_user_key ON device_accesses; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT device_accesses_device_user_key ON app_public.device_accesses IS '@behavior -single -update -delete';

--
-- Name: device_accesses device_accesses_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.device_accesses
    ADD CONSTRAINT device_accesses_pkey PRIMARY KEY (id);

--
-- Name: device_downlinks device_downlinks_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.device_downlinks
    ADD CONSTRAINT device_downlinks_pkey PRIMARY KEY (id);

--
-- Name: devices devices_device_id_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.devices
    ADD CONSTRAINT devices_device_id_key UNIQUE (device_id);

--
-- Name: CONSTRAINT devices_device_id_key ON devices; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT devices_device_id_key ON app_public.devices IS '@behavior -update -delete';

--
-- Name: devices devices_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.devices
    ADD CONSTRAINT devices_pkey PRIMARY KEY (id);

--
-- Name: feedback feedback_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.feedback
    ADD CONSTRAINT feedback_pkey PRIMARY KEY (id);

--
-- Name: group_membership_invitations group_membership_invitations_group_email_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.group_membership_invitations
    ADD CONSTRAINT group_membership_invitations_group_email_key UNIQUE (group_id, email);

--
-- Name: CONSTRAINT group_membership_invitations_group_email_key ON group_membership_invitations; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT group_membership_invitations_group_email_key ON app_public.group_membership_invitations IS '@behavior -single -update -delete';

--
-- Name: group_membership_invitations group_membership_invitations_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.group_membership_invitations
    ADD CONSTRAINT group_membership_invitations_pkey PRIMARY KEY (id);

--
-- Name: group_memberships group_memberships_group_user_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.group_memberships
    ADD CONSTRAINT group_memberships_group_user_key UNIQUE (group_id, user_id);

--
-- Name: CONSTRAINT group_memberships_group_user_key ON group_memberships; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT group_memberships_group_user_key ON app_public.group_memberships IS '@behavior -single -update -delete';

--
-- Name: group_memberships group_memberships_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.group_memberships
    ADD CONSTRAINT group_memberships_pkey PRIMARY KEY (id);

--
-- Name: groups groups_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.groups
    ADD CONSTRAINT groups_pkey PRIMARY KEY (id);

--
-- Name: groups groups_slug_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.groups
    ADD CONSTRAINT groups_slug_key UNIQUE (slug);

--
-- Name: CONSTRAINT groups_slug_key ON groups; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT groups_slug_key ON app_public.groups IS '@behavior -update -delete';

--
-- Name: history_entries history_entries_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.history_entries
    ADD CONSTRAINT history_entries_pkey PRIMARY KEY (id);

--
-- Name: notice_preferences notice_preferences_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.notice_preferences
    ADD CONSTRAINT notice_preferences_pkey PRIMARY KEY (user_id, kind);

--
-- Name: notice_settings notice_settings_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.notice_settings
    ADD CONSTRAINT notice_settings_pkey PRIMARY KEY (user_id);

--
-- Name: notifications notifications_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.notifications
    ADD CONSTRAINT notifications_pkey PRIMARY KEY (id);

--
-- Name: push_subscriptions push_subscriptions_endpoint_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.push_subscriptions
    ADD CONSTRAINT push_subscriptions_endpoint_key UNIQUE (endpoint);

--
-- Name: CONSTRAINT push_subscriptions_endpoint_key ON push_subscriptions; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT push_subscriptions_endpoint_key ON app_public.push_subscriptions IS '@behavior -single -update -delete';

--
-- Name: push_subscriptions push_subscriptions_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.push_subscriptions
    ADD CONSTRAINT push_subscriptions_pkey PRIMARY KEY (id);

--
-- Name: rota_slots rota_slots_once; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.rota_slots
    ADD CONSTRAINT rota_slots_once UNIQUE (group_id, weekday, user_id);

--
-- Name: rota_slots rota_slots_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.rota_slots
    ADD CONSTRAINT rota_slots_pkey PRIMARY KEY (id);

--
-- Name: rota_swaps rota_swaps_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.rota_swaps
    ADD CONSTRAINT rota_swaps_pkey PRIMARY KEY (id);

--
-- Name: sensor_rollups_daily sensor_rollups_daily_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.sensor_rollups_daily
    ADD CONSTRAINT sensor_rollups_daily_key UNIQUE NULLS NOT DISTINCT (device_id, bucket, thing_id);

--
-- Name: sensor_rollups_hourly sensor_rollups_hourly_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.sensor_rollups_hourly
    ADD CONSTRAINT sensor_rollups_hourly_key UNIQUE NULLS NOT DISTINCT (device_id, bucket, thing_id);

--
-- Name: task_assignments task_assignments_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.task_assignments
    ADD CONSTRAINT task_assignments_pkey PRIMARY KEY (id);

--
-- Name: task_assignments task_assignments_task_user_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.task_assignments
    ADD CONSTRAINT task_assignments_task_user_key UNIQUE (task_id, assigned_to);

--
-- Name: CONSTRAINT task_assignments_task_user_key ON task_assignments; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT task_assignments_task_user_key ON app_public.task_assignments IS '@behavior -single -update -delete';

--
-- Name: tasks tasks_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.tasks
    ADD CONSTRAINT tasks_pkey PRIMARY KEY (id);

--
-- Name: thing_access_invitations thing_access_invitations_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.thing_access_invitations
    ADD CONSTRAINT thing_access_invitations_pkey PRIMARY KEY (id);

--
-- Name: thing_access_invitations thing_access_invitations_thing_email_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.thing_access_invitations
    ADD CONSTRAINT thing_access_invitations_thing_email_key UNIQUE (thing_id, email);

--
-- Name: CONSTRAINT thing_access_invitations_thing_email_key ON thing_access_invitations; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT thing_access_invitations_thing_email_key ON app_public.thing_access_invitations IS '@behavior -single -update -delete';

--
-- Name: thing_accesses thing_accesses_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.thing_accesses
    ADD CONSTRAINT thing_accesses_pkey PRIMARY KEY (id);

--
-- Name: thing_accesses thing_accesses_thing_user_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.thing_accesses
    ADD CONSTRAINT thing_accesses_thing_user_key UNIQUE (thing_id, user_id);

--
-- Name: CONSTRAINT thing_accesses_thing_user_key ON thing_accesses; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT thing_accesses_thing_user_key ON app_public.thing_accesses IS '@behavior -single -update -delete';

--
-- Name: thing_adoptions thing_adoptions_once; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.thing_adoptions
    ADD CONSTRAINT thing_adoptions_once UNIQUE (thing_id, user_id);

--
-- Name: thing_adoptions thing_adoptions_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.thing_adoptions
    ADD CONSTRAINT thing_adoptions_pkey PRIMARY KEY (id);

--
-- Name: thing_alerts thing_alerts_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.thing_alerts
    ADD CONSTRAINT thing_alerts_pkey PRIMARY KEY (id);

--
-- Name: things things_group_external_id_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.things
    ADD CONSTRAINT things_group_external_id_key UNIQUE (group_id, external_id);

--
-- Name: CONSTRAINT things_group_external_id_key ON things; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT things_group_external_id_key ON app_public.things IS '@behavior -single -update -delete';

--
-- Name: things things_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.things
    ADD CONSTRAINT things_pkey PRIMARY KEY (id);

--
-- Name: tree_species tree_species_botanical_name_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.tree_species
    ADD CONSTRAINT tree_species_botanical_name_key UNIQUE (botanical_name);

--
-- Name: tree_species tree_species_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.tree_species
    ADD CONSTRAINT tree_species_pkey PRIMARY KEY (id);

--
-- Name: user_emails user_emails_email_user_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.user_emails
    ADD CONSTRAINT user_emails_email_user_key UNIQUE (email, user_id);

--
-- Name: CONSTRAINT user_emails_email_user_key ON user_emails; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT user_emails_email_user_key ON app_public.user_emails IS '@behavior -single -update -delete';

--
-- Name: user_emails user_emails_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.user_emails
    ADD CONSTRAINT user_emails_pkey PRIMARY KEY (id);

--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);

--
-- Name: users users_username_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.users
    ADD CONSTRAINT users_username_key UNIQUE (username);

--
-- Name: CONSTRAINT users_username_key ON users; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT users_username_key ON app_public.users IS '@behavior -update -delete';

--
-- Name: _private_job_queues job_queues_pkey1; Type: CONSTRAINT; Schema: graphile_worker; Owner: -
--

ALTER TABLE ONLY graphile_worker._private_job_queues
    ADD CONSTRAINT job_queues_pkey1 PRIMARY KEY (id);

--
-- Name: _private_job_queues job_queues_queue_name_key; Type: CONSTRAINT; Schema: graphile_worker; Owner: -
--

ALTER TABLE ONLY graphile_worker._private_job_queues
    ADD CONSTRAINT job_queues_queue_name_key UNIQUE (queue_name);

--
-- Name: _private_jobs jobs_key_key1; Type: CONSTRAINT; Schema: graphile_worker; Owner: -
--

ALTER TABLE ONLY graphile_worker._private_jobs
    ADD CONSTRAINT jobs_key_key1 UNIQUE (key);

--
-- Name: _private_jobs jobs_pkey1; Type: CONSTRAINT; Schema: graphile_worker; Owner: -
--

ALTER TABLE ONLY graphile_worker._private_jobs
    ADD CONSTRAINT jobs_pkey1 PRIMARY KEY (id);

--
-- Name: _private_known_crontabs known_crontabs_pkey; Type: CONSTRAINT; Schema: graphile_worker; Owner: -
--

ALTER TABLE ONLY graphile_worker._private_known_crontabs
    ADD CONSTRAINT known_crontabs_pkey PRIMARY KEY (identifier);

--
-- Name: migrations migrations_pkey; Type: CONSTRAINT; Schema: graphile_worker; Owner: -
--

ALTER TABLE ONLY graphile_worker.migrations
    ADD CONSTRAINT migrations_pkey PRIMARY KEY (id);

--
-- Name: _private_tasks tasks_identifier_key; Type: CONSTRAINT; Schema: graphile_worker; Owner: -
--

ALTER TABLE ONLY graphile_worker._private_tasks
    ADD CONSTRAINT tasks_identifier_key UNIQUE (identifier);

--
-- Name: _private_tasks tasks_pkey; Type: CONSTRAINT; Schema: graphile_worker; Owner: -
--

ALTER TABLE ONLY graphile_worker._private_tasks
    ADD CONSTRAINT tasks_pkey PRIMARY KEY (id);

--
-- Name: schema_migrations schema_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (version);

--
-- Name: sensor_data_thing_id_created_at_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX sensor_data_thing_id_created_at_idx ON ONLY app_public.sensor_data USING btree (thing_id, created_at DESC);

--
-- Name: sensor_data_2026_09_thing_id_created_at_idx; Type: INDEX; Schema: app_partitions; Owner: -
--

CREATE INDEX sensor_data_2026_09_thing_id_created_at_idx ON app_partitions.sensor_data_2026_09 USING btree (thing_id, created_at DESC);

--
-- Name: sensor_data_2026_10_thing_id_created_at_idx; Type: INDEX; Schema: app_partitions; Owner: -
--

CREATE INDEX sensor_data_2026_10_thing_id_created_at_idx ON app_partitions.sensor_data_2026_10 USING btree (thing_id, created_at DESC);

--
-- Name: sensor_data_2026_11_thing_id_created_at_idx; Type: INDEX; Schema: app_partitions; Owner: -
--

CREATE INDEX sensor_data_2026_11_thing_id_created_at_idx ON app_partitions.sensor_data_2026_11 USING btree (thing_id, created_at DESC);

--
-- Name: sensor_data_2026_12_thing_id_created_at_idx; Type: INDEX; Schema: app_partitions; Owner: -
--

CREATE INDEX sensor_data_2026_12_thing_id_created_at_idx ON app_partitions.sensor_data_2026_12 USING btree (thing_id, created_at DESC);

--
-- Name: sensor_data_2027_01_thing_id_created_at_idx; Type: INDEX; Schema: app_partitions; Owner: -
--

CREATE INDEX sensor_data_2027_01_thing_id_created_at_idx ON app_partitions.sensor_data_2027_01 USING btree (thing_id, created_at DESC);

--
-- Name: held_notices_user_id_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX held_notices_user_id_idx ON app_private.held_notices USING btree (user_id, id);

--
-- Name: map_layer_features_layer_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX map_layer_features_layer_idx ON app_private.map_layer_features USING btree (layer);

--
-- Name: map_layer_polygons_area_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX map_layer_polygons_area_idx ON app_private.map_layer_polygons USING gist (area);

--
-- Name: map_layer_polygons_feature_id_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX map_layer_polygons_feature_id_idx ON app_private.map_layer_polygons USING btree (feature_id);

--
-- Name: navigation_events_occurred_at_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX navigation_events_occurred_at_idx ON app_private.navigation_events USING btree (occurred_at);

--
-- Name: navigation_events_to_route_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX navigation_events_to_route_idx ON app_private.navigation_events USING btree (to_route, occurred_at);

--
-- Name: navigation_events_user_occurred_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX navigation_events_user_occurred_idx ON app_private.navigation_events USING btree (user_id, occurred_at);

--
-- Name: navigation_pattern_days_pattern_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX navigation_pattern_days_pattern_idx ON app_private.navigation_pattern_days USING btree (from_route, to_route, day);

--
-- Name: navigation_route_days_route_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX navigation_route_days_route_idx ON app_private.navigation_route_days USING btree (route, day);

--
-- Name: navigation_sessions_anonymous_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX navigation_sessions_anonymous_idx ON app_private.navigation_sessions USING btree (started_at) WHERE (user_id IS NULL);

--
-- Name: navigation_sessions_started_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX navigation_sessions_started_idx ON app_private.navigation_sessions USING btree (started_at);

--
-- Name: navigation_sessions_user_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX navigation_sessions_user_idx ON app_private.navigation_sessions USING btree (user_id, started_at);

--
-- Name: navigation_user_session_days_span_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX navigation_user_session_days_span_idx ON app_private.navigation_user_session_days USING gist (daterange(day, next_day));

--
-- Name: notice_emails_sender_id_sent_at_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX notice_emails_sender_id_sent_at_idx ON app_private.notice_emails USING btree (sender_id, sent_at);

--
-- Name: notice_log_user_id_created_at_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX notice_log_user_id_created_at_idx ON app_private.notice_log USING btree (user_id, created_at);

--
-- Name: picture_objects_key_pattern; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX picture_objects_key_pattern ON app_private.picture_objects USING btree (key text_pattern_ops);

--
-- Name: rainfall_measures_station_id_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX rainfall_measures_station_id_idx ON app_private.rainfall_measures USING btree (station_id);

--
-- Name: rainfall_readings_date_time_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX rainfall_readings_date_time_idx ON app_private.rainfall_readings USING btree (date_time);

--
-- Name: rainfall_readings_station_id_date_time_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX rainfall_readings_station_id_date_time_idx ON app_private.rainfall_readings USING btree (station_id, date_time DESC);

--
-- Name: rainfall_stations_location_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX rainfall_stations_location_idx ON app_private.rainfall_stations USING gist (location);

--
-- Name: rate_limits_expire; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX rate_limits_expire ON app_private.rate_limits USING btree (expire);

--
-- Name: reset_failures_user_source_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX reset_failures_user_source_idx ON app_private.reset_failures USING btree (user_id, source, failed_at);

--
-- Name: sessions_user_id_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX sessions_user_id_idx ON app_private.sessions USING btree (user_id);

--
-- Name: sign_in_failures_user_id_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX sign_in_failures_user_id_idx ON app_private.sign_in_failures USING btree (user_id, failed_at);

--
-- Name: sign_in_failures_username_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX sign_in_failures_username_idx ON app_private.sign_in_failures USING btree (username, failed_at);

--
-- Name: water_points_location_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX water_points_location_idx ON app_private.water_points USING gist (location);

--
-- Name: weather_forecasts_location_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX weather_forecasts_location_idx ON app_private.weather_forecasts USING gist (location);

--
-- Name: actions_created_at_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX actions_created_at_idx ON app_public.actions USING btree (created_at DESC);

--
-- Name: actions_created_by_created_at_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX actions_created_by_created_at_id_idx ON app_public.actions USING btree (created_by, created_at DESC, id DESC);

--
-- Name: actions_created_by_litres_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX actions_created_by_litres_idx ON app_public.actions USING btree (created_by) INCLUDE (litres, thing_id, created_at) WHERE (litres IS NOT NULL);

--
-- Name: actions_thing_id_created_at_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX actions_thing_id_created_at_id_idx ON app_public.actions USING btree (thing_id, created_at DESC, id DESC);

--
-- Name: actions_thing_id_litres_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX actions_thing_id_litres_idx ON app_public.actions USING btree (thing_id) INCLUDE (litres, created_by, created_at) WHERE (litres IS NOT NULL);

--
-- Name: badges_badge_type_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX badges_badge_type_id_idx ON app_public.badges USING btree (badge_type_id);

--
-- Name: chat_messages_created_at_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX chat_messages_created_at_idx ON app_public.chat_messages USING btree (created_at);

--
-- Name: chat_messages_questions_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX chat_messages_questions_idx ON app_public.chat_messages USING btree (recipient_id, created_at) WHERE (type_name = 'user'::text);

--
-- Name: chat_messages_recipient_thing_created_at_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX chat_messages_recipient_thing_created_at_idx ON app_public.chat_messages USING btree (recipient_id, thing_id, created_at);

--
-- Name: chat_messages_thing_id_created_at_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX chat_messages_thing_id_created_at_idx ON app_public.chat_messages USING btree (thing_id, created_at);

--
-- Name: content_reports_author_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX content_reports_author_idx ON app_public.content_reports USING btree (author_id);

--
-- Name: content_reports_open_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX content_reports_open_idx ON app_public.content_reports USING btree (status, created_at);

--
-- Name: content_reports_reporter_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX content_reports_reporter_idx ON app_public.content_reports USING btree (reporter_id, created_at);

--
-- Name: content_reports_resolved_by_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX content_reports_resolved_by_idx ON app_public.content_reports USING btree (resolved_by);

--
-- Name: content_reports_target_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX content_reports_target_idx ON app_public.content_reports USING btree (target_type, target_id);

--
-- Name: device_access_invitations_email_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX device_access_invitations_email_idx ON app_public.device_access_invitations USING btree (email);

--
-- Name: device_access_invitations_invited_by_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX device_access_invitations_invited_by_idx ON app_public.device_access_invitations USING btree (invited_by);

--
-- Name: device_access_invitations_user_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX device_access_invitations_user_id_idx ON app_public.device_access_invitations USING btree (user_id);

--
-- Name: device_accesses_user_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX device_accesses_user_id_idx ON app_public.device_accesses USING btree (user_id);

--
-- Name: device_downlinks_device_id_created_at_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX device_downlinks_device_id_created_at_idx ON app_public.device_downlinks USING btree (device_id, created_at DESC);

--
-- Name: device_downlinks_requested_by_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX device_downlinks_requested_by_idx ON app_public.device_downlinks USING btree (requested_by);

--
-- Name: devices_location_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX devices_location_idx ON app_public.devices USING gist (location);

--
-- Name: devices_thing_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX devices_thing_id_idx ON app_public.devices USING btree (thing_id);

--
-- Name: feedback_created_at_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX feedback_created_at_idx ON app_public.feedback USING btree (created_at DESC);

--
-- Name: feedback_thing_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX feedback_thing_id_idx ON app_public.feedback USING btree (thing_id);

--
-- Name: feedback_user_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX feedback_user_id_idx ON app_public.feedback USING btree (user_id);

--
-- Name: group_membership_invitations_email_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX group_membership_invitations_email_idx ON app_public.group_membership_invitations USING btree (email);

--
-- Name: group_membership_invitations_invited_by_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX group_membership_invitations_invited_by_idx ON app_public.group_membership_invitations USING btree (invited_by);

--
-- Name: group_membership_invitations_user_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX group_membership_invitations_user_id_idx ON app_public.group_membership_invitations USING btree (user_id);

--
-- Name: group_memberships_user_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX group_memberships_user_id_idx ON app_public.group_memberships USING btree (user_id);

--
-- Name: groups_name_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX groups_name_idx ON app_public.groups USING btree (lower(name));

--
-- Name: history_entries_changed_by_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX history_entries_changed_by_idx ON app_public.history_entries USING btree (changed_by);

--
-- Name: history_entries_restored_from_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX history_entries_restored_from_idx ON app_public.history_entries USING btree (restored_from_id);

--
-- Name: history_entries_target_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX history_entries_target_idx ON app_public.history_entries USING btree (target_type, target_id, changed_at DESC, id);

--
-- Name: notifications_thing_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX notifications_thing_id_idx ON app_public.notifications USING btree (thing_id);

--
-- Name: notifications_user_id_created_at_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX notifications_user_id_created_at_idx ON app_public.notifications USING btree (user_id, created_at DESC);

--
-- Name: push_subscriptions_user_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX push_subscriptions_user_id_idx ON app_public.push_subscriptions USING btree (user_id);

--
-- Name: rota_slots_user_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX rota_slots_user_id_idx ON app_public.rota_slots USING btree (user_id);

--
-- Name: rota_swaps_group_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX rota_swaps_group_id_idx ON app_public.rota_swaps USING btree (group_id, on_date);

--
-- Name: rota_swaps_one_per_date; Type: INDEX; Schema: app_public; Owner: -
--

CREATE UNIQUE INDEX rota_swaps_one_per_date ON app_public.rota_swaps USING btree (slot_id, on_date) WHERE (status <> 'cancelled'::app_public.rota_swap_status);

--
-- Name: rota_swaps_return_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX rota_swaps_return_idx ON app_public.rota_swaps USING btree (return_slot_id, return_date) WHERE (status = 'accepted'::app_public.rota_swap_status);

--
-- Name: task_assignments_assigned_by_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX task_assignments_assigned_by_idx ON app_public.task_assignments USING btree (assigned_by);

--
-- Name: task_assignments_assigned_to_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX task_assignments_assigned_to_idx ON app_public.task_assignments USING btree (assigned_to);

--
-- Name: tasks_created_by_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX tasks_created_by_idx ON app_public.tasks USING btree (created_by);

--
-- Name: tasks_due_date_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX tasks_due_date_idx ON app_public.tasks USING btree (due_date, priority DESC);

--
-- Name: tasks_one_open_per_source; Type: INDEX; Schema: app_public; Owner: -
--

CREATE UNIQUE INDEX tasks_one_open_per_source ON app_public.tasks USING btree (source) WHERE ((source IS NOT NULL) AND (status <> 'completed'::app_public.task_status));

--
-- Name: tasks_status_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX tasks_status_idx ON app_public.tasks USING btree (status);

--
-- Name: tasks_thing_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX tasks_thing_id_idx ON app_public.tasks USING btree (thing_id);

--
-- Name: thing_access_invitations_email_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX thing_access_invitations_email_idx ON app_public.thing_access_invitations USING btree (email);

--
-- Name: thing_access_invitations_invited_by_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX thing_access_invitations_invited_by_idx ON app_public.thing_access_invitations USING btree (invited_by);

--
-- Name: thing_access_invitations_user_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX thing_access_invitations_user_id_idx ON app_public.thing_access_invitations USING btree (user_id);

--
-- Name: thing_accesses_user_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX thing_accesses_user_id_idx ON app_public.thing_accesses USING btree (user_id);

--
-- Name: thing_adoptions_user_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX thing_adoptions_user_id_idx ON app_public.thing_adoptions USING btree (user_id);

--
-- Name: thing_alerts_thing_id_created_at_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX thing_alerts_thing_id_created_at_idx ON app_public.thing_alerts USING btree (thing_id, created_at DESC);

--
-- Name: things_colour_visibility_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX things_colour_visibility_idx ON app_public.things USING btree (indicator_colour, is_public, group_id, id);

--
-- Name: things_created_at_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX things_created_at_id_idx ON app_public.things USING btree (created_at DESC, id DESC);

--
-- Name: things_created_by_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX things_created_by_idx ON app_public.things USING btree (created_by);

--
-- Name: things_gallery_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX things_gallery_idx ON app_public.things USING btree (last_action DESC, name, id) WHERE has_image;

--
-- Name: things_group_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX things_group_id_idx ON app_public.things USING btree (group_id);

--
-- Name: things_location_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX things_location_idx ON app_public.things USING gist (location);

--
-- Name: things_name_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX things_name_id_idx ON app_public.things USING btree (name, id);

--
-- Name: things_needs_water_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX things_needs_water_idx ON app_public.things USING btree ((
CASE indicator_colour
    WHEN 'red'::text THEN 0
    WHEN 'orange'::text THEN 1
    WHEN 'green'::text THEN 2
    WHEN 'blue'::text THEN 3
    ELSE 4
END), water, name, id);

--
-- Name: things_needs_water_location_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX things_needs_water_location_idx ON app_public.things USING gist (location) WHERE (water_need = ANY (ARRAY['needs_water'::app_public.water_need, 'due_soon'::app_public.water_need]));

--
-- Name: things_needs_water_name_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX things_needs_water_name_idx ON app_public.things USING btree (name, id) WHERE (water_need = 'needs_water'::app_public.water_need);

--
-- Name: things_species_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX things_species_id_idx ON app_public.things USING btree (species_id);

--
-- Name: user_emails_one_primary; Type: INDEX; Schema: app_public; Owner: -
--

CREATE UNIQUE INDEX user_emails_one_primary ON app_public.user_emails USING btree (user_id) WHERE is_primary;

--
-- Name: user_emails_user_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX user_emails_user_id_idx ON app_public.user_emails USING btree (user_id);

--
-- Name: user_emails_verified_email_key; Type: INDEX; Schema: app_public; Owner: -
--

CREATE UNIQUE INDEX user_emails_verified_email_key ON app_public.user_emails USING btree (email) WHERE is_verified;

--
-- Name: users_one_thing_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX users_one_thing_id_idx ON app_public.users USING btree (one_thing_id);

--
-- Name: jobs_main_index; Type: INDEX; Schema: graphile_worker; Owner: -
--

CREATE INDEX jobs_main_index ON graphile_worker._private_jobs USING btree (priority, run_at) INCLUDE (id, task_id, job_queue_id) WHERE (is_available = true);

--
-- Name: jobs_no_queue_index; Type: INDEX; Schema: graphile_worker; Owner: -
--

CREATE INDEX jobs_no_queue_index ON graphile_worker._private_jobs USING btree (priority, run_at) INCLUDE (id, task_id) WHERE ((is_available = true) AND (job_queue_id IS NULL));

--
-- Name: sensor_data_2026_09_device_id_created_at_f_cnt_key; Type: INDEX ATTACH; Schema: app_partitions; Owner: -
--

ALTER INDEX app_public.sensor_data_uplink_key ATTACH PARTITION app_partitions.sensor_data_2026_09_device_id_created_at_f_cnt_key;

--
-- Name: sensor_data_2026_09_pkey; Type: INDEX ATTACH; Schema: app_partitions; Owner: -
--

ALTER INDEX app_public.sensor_data_pkey ATTACH PARTITION app_partitions.sensor_data_2026_09_pkey;

--
-- Name: sensor_data_2026_09_thing_id_created_at_idx; Type: INDEX ATTACH; Schema: app_partitions; Owner: -
--

ALTER INDEX app_public.sensor_data_thing_id_created_at_idx ATTACH PARTITION app_partitions.sensor_data_2026_09_thing_id_created_at_idx;

--
-- Name: sensor_data_2026_10_device_id_created_at_f_cnt_key; Type: INDEX ATTACH; Schema: app_partitions; Owner: -
--

ALTER INDEX app_public.sensor_data_uplink_key ATTACH PARTITION app_partitions.sensor_data_2026_10_device_id_created_at_f_cnt_key;

--
-- Name: sensor_data_2026_10_pkey; Type: INDEX ATTACH; Schema: app_partitions; Owner: -
--

ALTER INDEX app_public.sensor_data_pkey ATTACH PARTITION app_partitions.sensor_data_2026_10_pkey;

--
-- Name: sensor_data_2026_10_thing_id_created_at_idx; Type: INDEX ATTACH; Schema: app_partitions; Owner: -
--

ALTER INDEX app_public.sensor_data_thing_id_created_at_idx ATTACH PARTITION app_partitions.sensor_data_2026_10_thing_id_created_at_idx;

--
-- Name: sensor_data_2026_11_device_id_created_at_f_cnt_key; Type: INDEX ATTACH; Schema: app_partitions; Owner: -
--

ALTER INDEX app_public.sensor_data_uplink_key ATTACH PARTITION app_partitions.sensor_data_2026_11_device_id_created_at_f_cnt_key;

--
-- Name: sensor_data_2026_11_pkey; Type: INDEX ATTACH; Schema: app_partitions; Owner: -
--

ALTER INDEX app_public.sensor_data_pkey ATTACH PARTITION app_partitions.sensor_data_2026_11_pkey;

--
-- Name: sensor_data_2026_11_thing_id_created_at_idx; Type: INDEX ATTACH; Schema: app_partitions; Owner: -
--

ALTER INDEX app_public.sensor_data_thing_id_created_at_idx ATTACH PARTITION app_partitions.sensor_data_2026_11_thing_id_created_at_idx;

--
-- Name: sensor_data_2026_12_device_id_created_at_f_cnt_key; Type: INDEX ATTACH; Schema: app_partitions; Owner: -
--

ALTER INDEX app_public.sensor_data_uplink_key ATTACH PARTITION app_partitions.sensor_data_2026_12_device_id_created_at_f_cnt_key;

--
-- Name: sensor_data_2026_12_pkey; Type: INDEX ATTACH; Schema: app_partitions; Owner: -
--

ALTER INDEX app_public.sensor_data_pkey ATTACH PARTITION app_partitions.sensor_data_2026_12_pkey;

--
-- Name: sensor_data_2026_12_thing_id_created_at_idx; Type: INDEX ATTACH; Schema: app_partitions; Owner: -
--

ALTER INDEX app_public.sensor_data_thing_id_created_at_idx ATTACH PARTITION app_partitions.sensor_data_2026_12_thing_id_created_at_idx;

--
-- Name: sensor_data_2027_01_device_id_created_at_f_cnt_key; Type: INDEX ATTACH; Schema: app_partitions; Owner: -
--

ALTER INDEX app_public.sensor_data_uplink_key ATTACH PARTITION app_partitions.sensor_data_2027_01_device_id_created_at_f_cnt_key;

--
-- Name: sensor_data_2027_01_pkey; Type: INDEX ATTACH; Schema: app_partitions; Owner: -
--

ALTER INDEX app_public.sensor_data_pkey ATTACH PARTITION app_partitions.sensor_data_2027_01_pkey;

--
-- Name: sensor_data_2027_01_thing_id_created_at_idx; Type: INDEX ATTACH; Schema: app_partitions; Owner: -
--

ALTER INDEX app_public.sensor_data_thing_id_created_at_idx ATTACH PARTITION app_partitions.sensor_data_2027_01_thing_id_created_at_idx;

--
-- Name: sessions _600_award_signin_badge; Type: TRIGGER; Schema: app_private; Owner: -
--

CREATE TRIGGER _600_award_signin_badge AFTER INSERT ON app_private.sessions FOR EACH ROW EXECUTE FUNCTION app_private.tg_sessions__award_signin_badge();

--
-- Name: sessions _900_announce_deleted; Type: TRIGGER; Schema: app_private; Owner: -
--

CREATE TRIGGER _900_announce_deleted AFTER DELETE ON app_private.sessions FOR EACH ROW WHEN ((old.revoked_at IS NULL)) EXECUTE FUNCTION app_private.tg_sessions__announce_end();

--
-- Name: sessions _900_announce_revoked; Type: TRIGGER; Schema: app_private; Owner: -
--

CREATE TRIGGER _900_announce_revoked AFTER UPDATE OF revoked_at ON app_private.sessions FOR EACH ROW WHEN (((old.revoked_at IS NULL) AND (new.revoked_at IS NOT NULL))) EXECUTE FUNCTION app_private.tg_sessions__announce_end();

--
-- Name: sessions _900_forget_signed_in_user; Type: TRIGGER; Schema: app_private; Owner: -
--

CREATE TRIGGER _900_forget_signed_in_user AFTER DELETE OR UPDATE ON app_private.sessions FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_sessions__forget_signed_in_user();

--
-- Name: navigation_events tg_navigation_events__rollup; Type: TRIGGER; Schema: app_private; Owner: -
--

CREATE TRIGGER tg_navigation_events__rollup AFTER INSERT ON app_private.navigation_events REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_navigation_events__rollup();

--
-- Name: navigation_sessions tg_navigation_sessions__refresh_people_delete; Type: TRIGGER; Schema: app_private; Owner: -
--

CREATE TRIGGER tg_navigation_sessions__refresh_people_delete AFTER DELETE ON app_private.navigation_sessions REFERENCING OLD TABLE AS old_sessions FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_navigation_sessions__refresh_people();

--
-- Name: navigation_sessions tg_navigation_sessions__refresh_people_insert; Type: TRIGGER; Schema: app_private; Owner: -
--

CREATE TRIGGER tg_navigation_sessions__refresh_people_insert AFTER INSERT ON app_private.navigation_sessions REFERENCING NEW TABLE AS new_sessions FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_navigation_sessions__refresh_people();

--
-- Name: navigation_sessions tg_navigation_sessions__refresh_people_update; Type: TRIGGER; Schema: app_private; Owner: -
--

CREATE TRIGGER tg_navigation_sessions__refresh_people_update AFTER UPDATE ON app_private.navigation_sessions REFERENCING OLD TABLE AS old_sessions NEW TABLE AS new_sessions FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_navigation_sessions__refresh_people();

--
-- Name: users _050_check_language; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_check_language BEFORE INSERT OR UPDATE OF language ON app_public.users FOR EACH ROW EXECUTE FUNCTION app_private.tg_users__check_language();

--
-- Name: actions _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.actions FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();

--
-- Name: device_downlinks _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.device_downlinks FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();

--
-- Name: devices _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.devices FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();

--
-- Name: groups _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.groups FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();

--
-- Name: tasks _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.tasks FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();

--
-- Name: things _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.things FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();

--
-- Name: user_emails _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.user_emails FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();

--
-- Name: users _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.users FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();

--
-- Name: actions _200_set_created_by; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _200_set_created_by BEFORE INSERT ON app_public.actions FOR EACH ROW EXECUTE FUNCTION app_private.tg_actions__set_created_by();

--
-- Name: feedback _200_set_user; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _200_set_user BEFORE INSERT ON app_public.feedback FOR EACH ROW EXECUTE FUNCTION app_private.tg_feedback__set_user();

--
-- Name: groups _200_slug; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _200_slug BEFORE INSERT ON app_public.groups FOR EACH ROW EXECUTE FUNCTION app_private.tg_groups__slug();

--
-- Name: things _200_soilscape; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _200_soilscape BEFORE INSERT OR UPDATE OF location ON app_public.things FOR EACH ROW EXECUTE FUNCTION app_private.tg_things__soilscape();

--
-- Name: tasks _200_stamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _200_stamps BEFORE INSERT OR UPDATE ON app_public.tasks FOR EACH ROW EXECUTE FUNCTION app_private.tg_tasks__stamps();

--
-- Name: devices _200_unique_device_id; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _200_unique_device_id BEFORE INSERT OR UPDATE OF device_id ON app_public.devices FOR EACH ROW EXECUTE FUNCTION app_private.tg_devices__unique_device_id();

--
-- Name: user_emails _200_unique_email; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _200_unique_email BEFORE INSERT OR UPDATE OF email, is_verified ON app_public.user_emails FOR EACH ROW EXECUTE FUNCTION app_private.tg_user_emails__unique_email();

--
-- Name: users _200_unique_username; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _200_unique_username BEFORE INSERT OR UPDATE OF username ON app_public.users FOR EACH ROW EXECUTE FUNCTION app_private.tg_users__unique_username();

--
-- Name: actions _250_explain_refusal; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _250_explain_refusal BEFORE INSERT ON app_public.actions FOR EACH ROW EXECUTE FUNCTION app_private.tg_actions__explain_refusal();

--
-- Name: task_assignments _250_explain_refusal; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _250_explain_refusal BEFORE INSERT ON app_public.task_assignments FOR EACH ROW EXECUTE FUNCTION app_private.tg_task_assignments__explain_refusal();

--
-- Name: tasks _250_explain_refusal; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _250_explain_refusal BEFORE INSERT ON app_public.tasks FOR EACH ROW EXECUTE FUNCTION app_private.tg_tasks__explain_refusal();

--
-- Name: things _250_species_known; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _250_species_known BEFORE INSERT OR UPDATE OF species_id ON app_public.things FOR EACH ROW EXECUTE FUNCTION app_private.tg_things__species_known();

--
-- Name: tasks _300_assignee_changes_status_only; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _300_assignee_changes_status_only BEFORE UPDATE ON app_public.tasks FOR EACH ROW EXECUTE FUNCTION app_private.tg_tasks__assignee_changes_status_only();

--
-- Name: things _300_group_is_yours; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _300_group_is_yours BEFORE UPDATE OF group_id ON app_public.things FOR EACH ROW EXECUTE FUNCTION app_private.tg_things__group_is_yours();

--
-- Name: devices _300_indicator; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _300_indicator BEFORE INSERT OR UPDATE ON app_public.devices FOR EACH ROW EXECUTE FUNCTION app_private.tg_devices__indicator();

--
-- Name: things _300_indicator; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _300_indicator BEFORE INSERT OR UPDATE ON app_public.things FOR EACH ROW EXECUTE FUNCTION app_private.tg_things__indicator();

--
-- Name: users _300_one_thing_visible; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _300_one_thing_visible BEFORE UPDATE OF one_thing_id ON app_public.users FOR EACH ROW EXECUTE FUNCTION app_private.tg_users__one_thing_visible();

--
-- Name: devices _300_thing_is_yours; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _300_thing_is_yours BEFORE UPDATE OF thing_id ON app_public.devices FOR EACH ROW EXECUTE FUNCTION app_private.tg_devices__thing_is_yours();

--
-- Name: feedback _300_thing_visible; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _300_thing_visible BEFORE INSERT ON app_public.feedback FOR EACH ROW EXECUTE FUNCTION app_private.tg_feedback__thing_visible();

--
-- Name: things _350_water_need_from_reading; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _350_water_need_from_reading BEFORE INSERT OR UPDATE OF water, last_sensor_data, hydration_levels ON app_public.things FOR EACH ROW EXECUTE FUNCTION app_private.tg_things__water_need_from_reading();

--
-- Name: things _360_water_need_refresh; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _360_water_need_refresh AFTER UPDATE OF water, last_sensor_data, hydration_levels, type, location, planting_year, volume_litres, soil_area_m2 ON app_public.things FOR EACH ROW WHEN (((old.type IS DISTINCT FROM new.type) OR (NOT (old.location ~= new.location)) OR (((old.planting_year IS DISTINCT FROM new.planting_year) OR (old.volume_litres IS DISTINCT FROM new.volume_litres)) OR (old.soil_area_m2 IS DISTINCT FROM new.soil_area_m2)) OR ((old.water IS NOT NULL) AND (old.last_sensor_data > (now() - '48:00:00'::interval)) AND ((new.water IS NULL) OR (new.last_sensor_data IS NULL) OR (new.last_sensor_data <= (now() - '48:00:00'::interval)))))) EXECUTE FUNCTION app_private.tg_things__water_need_refresh_row();

--
-- Name: things _360_water_need_refresh_new; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _360_water_need_refresh_new AFTER INSERT ON app_public.things REFERENCING NEW TABLE AS new_things FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_things__water_need_refresh_new();

--
-- Name: thing_accesses _400_owner_changes_roles; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _400_owner_changes_roles BEFORE UPDATE ON app_public.thing_accesses FOR EACH ROW EXECUTE FUNCTION app_private.tg_thing_accesses__owner_changes_roles();

--
-- Name: task_assignments _500_check_and_notify; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _500_check_and_notify BEFORE INSERT ON app_public.task_assignments FOR EACH ROW EXECUTE FUNCTION app_private.tg_task_assignments__check_and_notify();

--
-- Name: device_accesses _500_keep_an_owner; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _500_keep_an_owner BEFORE DELETE OR UPDATE OF is_owner ON app_public.device_accesses FOR EACH ROW EXECUTE FUNCTION app_private.tg_device_accesses__keep_an_owner();

--
-- Name: group_memberships _500_keep_an_owner; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _500_keep_an_owner BEFORE DELETE OR UPDATE OF is_owner ON app_public.group_memberships FOR EACH ROW EXECUTE FUNCTION app_private.tg_group_memberships__keep_an_owner();

--
-- Name: thing_accesses _500_keep_an_owner; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _500_keep_an_owner BEFORE DELETE OR UPDATE OF is_owner ON app_public.thing_accesses FOR EACH ROW EXECUTE FUNCTION app_private.tg_thing_accesses__keep_an_owner();

--
-- Name: user_emails _500_keep_primary; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _500_keep_primary BEFORE DELETE ON app_public.user_emails FOR EACH ROW EXECUTE FUNCTION app_private.tg_user_emails__keep_primary();

--
-- Name: sensor_data _500_rollups; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _500_rollups AFTER INSERT ON app_public.sensor_data REFERENCING NEW TABLE AS new_readings FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_sensor_data__rollups();

--
-- Name: actions _500_touch_thing; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _500_touch_thing AFTER INSERT ON app_public.actions FOR EACH ROW EXECUTE FUNCTION app_private.tg_actions__touch_thing();

--
-- Name: actions _510_last_action_changed; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _510_last_action_changed AFTER UPDATE OF hidden_at, created_at, thing_id ON app_public.actions FOR EACH ROW WHEN (((old.hidden_at IS DISTINCT FROM new.hidden_at) OR (old.created_at IS DISTINCT FROM new.created_at) OR (old.thing_id IS DISTINCT FROM new.thing_id))) EXECUTE FUNCTION app_private.tg_actions__last_action_changed();

--
-- Name: actions _510_last_action_deleted; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _510_last_action_deleted AFTER DELETE ON app_public.actions REFERENCING OLD TABLE AS old_actions FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_actions__last_action_deleted();

--
-- Name: actions _510_last_action_inserted; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _510_last_action_inserted AFTER INSERT ON app_public.actions REFERENCING NEW TABLE AS new_actions FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_actions__last_action_inserted();

--
-- Name: actions _600_award_badges; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _600_award_badges AFTER INSERT ON app_public.actions FOR EACH ROW EXECUTE FUNCTION app_private.tg_actions__award_badges();

--
-- Name: user_emails _600_claim_verified; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _600_claim_verified AFTER INSERT OR UPDATE OF is_verified ON app_public.user_emails FOR EACH ROW WHEN (new.is_verified) EXECUTE FUNCTION app_private.tg_user_emails__claim_verified();

--
-- Name: group_memberships _600_leave_rota; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _600_leave_rota AFTER DELETE ON app_public.group_memberships FOR EACH ROW EXECUTE FUNCTION app_hidden.tg_group_memberships__leave_rota();

--
-- Name: actions _610_award_litres_badge; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _610_award_litres_badge AFTER INSERT OR UPDATE OF litres ON app_public.actions FOR EACH ROW WHEN ((new.litres IS NOT NULL)) EXECUTE FUNCTION app_private.tg_actions__award_litres_badge();

--
-- Name: actions _700_water_need_delete; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _700_water_need_delete AFTER DELETE ON app_public.actions REFERENCING OLD TABLE AS old_actions FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_actions__water_need();

--
-- Name: actions _700_water_need_insert; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _700_water_need_insert AFTER INSERT ON app_public.actions REFERENCING NEW TABLE AS new_actions FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_actions__water_need();

--
-- Name: actions _700_water_need_update; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _700_water_need_update AFTER UPDATE ON app_public.actions REFERENCING OLD TABLE AS old_actions NEW TABLE AS new_actions FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_actions__water_need();

--
-- Name: things _800_map_cells_delete; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _800_map_cells_delete AFTER DELETE ON app_public.things REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_things__map_cells();

--
-- Name: things _800_map_cells_insert; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _800_map_cells_insert AFTER INSERT ON app_public.things REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_things__map_cells();

--
-- Name: things _800_map_cells_truncate; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _800_map_cells_truncate AFTER TRUNCATE ON app_public.things FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_things__map_cells();

--
-- Name: things _800_map_cells_update; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _800_map_cells_update AFTER UPDATE ON app_public.things REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg_things__map_cells();

--
-- Name: notifications _900_announce; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _900_announce AFTER INSERT ON app_public.notifications FOR EACH ROW EXECUTE FUNCTION app_private.tg_notifications__announce();

--
-- Name: tasks _900_device_health_notify; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _900_device_health_notify AFTER INSERT ON app_public.tasks FOR EACH ROW WHEN ((new.source ~~ 'device_health:%'::text)) EXECUTE FUNCTION app_private.tg_tasks__device_health_notify();

--
-- Name: device_access_invitations _900_notify; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _900_notify AFTER INSERT OR UPDATE OF code ON app_public.device_access_invitations FOR EACH ROW EXECUTE FUNCTION app_private.tg_invitations__notify();

--
-- Name: group_membership_invitations _900_notify; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _900_notify AFTER INSERT OR UPDATE OF code ON app_public.group_membership_invitations FOR EACH ROW EXECUTE FUNCTION app_private.tg_invitations__notify();

--
-- Name: thing_access_invitations _900_notify; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _900_notify AFTER INSERT OR UPDATE OF code ON app_public.thing_access_invitations FOR EACH ROW EXECUTE FUNCTION app_private.tg_invitations__notify();

--
-- Name: things _900_notify; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _900_notify AFTER DELETE OR UPDATE ON app_public.things FOR EACH ROW EXECUTE FUNCTION app_private.tg_things__notify();

--
-- Name: group_memberships _900_notify_owners; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _900_notify_owners AFTER INSERT ON app_public.group_memberships FOR EACH ROW WHEN ((NOT new.is_owner)) EXECUTE FUNCTION app_private.tg_group_memberships__notify_owners();

--
-- Name: actions _900_notify_thing; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _900_notify_thing AFTER INSERT ON app_public.actions FOR EACH ROW EXECUTE FUNCTION app_private.tg_actions__notify_thing();

--
-- Name: chat_messages _900_notify_thing; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _900_notify_thing AFTER INSERT ON app_public.chat_messages FOR EACH ROW WHEN ((new.type_name = 'assistant'::text)) EXECUTE FUNCTION app_private.tg_chat_messages__notify_thing();

--
-- Name: devices _950_history_delete; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _950_history_delete AFTER DELETE ON app_public.devices FOR EACH ROW EXECUTE FUNCTION app_private.tg__record_history();

--
-- Name: groups _950_history_delete; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _950_history_delete AFTER DELETE ON app_public.groups FOR EACH ROW EXECUTE FUNCTION app_private.tg__record_history();

--
-- Name: things _950_history_delete; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _950_history_delete AFTER DELETE ON app_public.things FOR EACH ROW EXECUTE FUNCTION app_private.tg__record_history();

--
-- Name: devices _950_history_insert; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _950_history_insert AFTER INSERT ON app_public.devices FOR EACH ROW EXECUTE FUNCTION app_private.tg__record_history();

--
-- Name: groups _950_history_insert; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _950_history_insert AFTER INSERT ON app_public.groups FOR EACH ROW EXECUTE FUNCTION app_private.tg__record_history();

--
-- Name: things _950_history_insert; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _950_history_insert AFTER INSERT ON app_public.things FOR EACH ROW EXECUTE FUNCTION app_private.tg__record_history();

--
-- Name: devices _950_history_update; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _950_history_update AFTER UPDATE ON app_public.devices FOR EACH ROW WHEN (app_hidden.history_changed(old.*, new.*)) EXECUTE FUNCTION app_private.tg__record_history();

--
-- Name: groups _950_history_update; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _950_history_update AFTER UPDATE ON app_public.groups FOR EACH ROW WHEN (app_hidden.history_changed(old.*, new.*)) EXECUTE FUNCTION app_private.tg__record_history();

--
-- Name: things _950_history_update; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _950_history_update AFTER UPDATE ON app_public.things FOR EACH ROW WHEN (app_hidden.history_changed(old.*, new.*)) EXECUTE FUNCTION app_private.tg__record_history();

--
-- Name: dry_alert_escalations dry_alert_escalations_thing_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.dry_alert_escalations
    ADD CONSTRAINT dry_alert_escalations_thing_id_fkey FOREIGN KEY (thing_id) REFERENCES app_public.things(id) ON DELETE CASCADE;

--
-- Name: held_notices held_notices_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.held_notices
    ADD CONSTRAINT held_notices_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: map_layer_polygons map_layer_polygons_feature_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.map_layer_polygons
    ADD CONSTRAINT map_layer_polygons_feature_id_fkey FOREIGN KEY (feature_id) REFERENCES app_private.map_layer_features(id) ON DELETE CASCADE;

--
-- Name: notice_emails notice_emails_sender_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.notice_emails
    ADD CONSTRAINT notice_emails_sender_id_fkey FOREIGN KEY (sender_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: notice_log notice_log_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.notice_log
    ADD CONSTRAINT notice_log_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: rejected_uplinks rejected_uplinks_device_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.rejected_uplinks
    ADD CONSTRAINT rejected_uplinks_device_id_fkey FOREIGN KEY (device_id) REFERENCES app_public.devices(id) ON DELETE CASCADE;

--
-- Name: reset_failures reset_failures_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.reset_failures
    ADD CONSTRAINT reset_failures_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: sensor_rollup_hours_pending sensor_rollup_hours_pending_device_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.sensor_rollup_hours_pending
    ADD CONSTRAINT sensor_rollup_hours_pending_device_id_fkey FOREIGN KEY (device_id) REFERENCES app_public.devices(id) ON DELETE CASCADE;

--
-- Name: sessions sessions_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.sessions
    ADD CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: sign_in_failures sign_in_failures_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.sign_in_failures
    ADD CONSTRAINT sign_in_failures_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: task_due_notices task_due_notices_task_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.task_due_notices
    ADD CONSTRAINT task_due_notices_task_id_fkey FOREIGN KEY (task_id) REFERENCES app_public.tasks(id) ON DELETE CASCADE;

--
-- Name: task_due_notices task_due_notices_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.task_due_notices
    ADD CONSTRAINT task_due_notices_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: user_digests user_digests_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.user_digests
    ADD CONSTRAINT user_digests_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: user_email_secrets user_email_secrets_user_email_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.user_email_secrets
    ADD CONSTRAINT user_email_secrets_user_email_id_fkey FOREIGN KEY (user_email_id) REFERENCES app_public.user_emails(id) ON DELETE CASCADE;

--
-- Name: user_secrets user_secrets_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.user_secrets
    ADD CONSTRAINT user_secrets_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: actions actions_created_by_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.actions
    ADD CONSTRAINT actions_created_by_fkey FOREIGN KEY (created_by) REFERENCES app_public.users(id) ON DELETE SET NULL;

--
-- Name: actions actions_thing_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.actions
    ADD CONSTRAINT actions_thing_id_fkey FOREIGN KEY (thing_id) REFERENCES app_public.things(id) ON DELETE CASCADE;

--
-- Name: badges badges_badge_type_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.badges
    ADD CONSTRAINT badges_badge_type_id_fkey FOREIGN KEY (badge_type_id) REFERENCES app_public.badge_types(id) ON DELETE CASCADE;

--
-- Name: badges badges_user_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.badges
    ADD CONSTRAINT badges_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: chat_messages chat_messages_in_reply_to_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.chat_messages
    ADD CONSTRAINT chat_messages_in_reply_to_fkey FOREIGN KEY (in_reply_to) REFERENCES app_public.chat_messages(id) ON DELETE CASCADE;

--
-- Name: CONSTRAINT chat_messages_in_reply_to_fkey ON chat_messages; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT chat_messages_in_reply_to_fkey ON app_public.chat_messages IS '@fieldName question
@foreignFieldName replies
@foreignSingleFieldName reply';

--
-- Name: chat_messages chat_messages_recipient_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.chat_messages
    ADD CONSTRAINT chat_messages_recipient_id_fkey FOREIGN KEY (recipient_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: chat_messages chat_messages_thing_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.chat_messages
    ADD CONSTRAINT chat_messages_thing_id_fkey FOREIGN KEY (thing_id) REFERENCES app_public.things(id) ON DELETE CASCADE;

--
-- Name: content_reports content_reports_author_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.content_reports
    ADD CONSTRAINT content_reports_author_id_fkey FOREIGN KEY (author_id) REFERENCES app_public.users(id) ON DELETE SET NULL;

--
-- Name: CONSTRAINT content_reports_author_id_fkey ON content_reports; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT content_reports_author_id_fkey ON app_public.content_reports IS '@fieldName author';

--
-- Name: content_reports content_reports_reporter_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.content_reports
    ADD CONSTRAINT content_reports_reporter_id_fkey FOREIGN KEY (reporter_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: CONSTRAINT content_reports_reporter_id_fkey ON content_reports; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT content_reports_reporter_id_fkey ON app_public.content_reports IS '@fieldName reporter';

--
-- Name: content_reports content_reports_resolved_by_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.content_reports
    ADD CONSTRAINT content_reports_resolved_by_fkey FOREIGN KEY (resolved_by) REFERENCES app_public.users(id) ON DELETE SET NULL;

--
-- Name: CONSTRAINT content_reports_resolved_by_fkey ON content_reports; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT content_reports_resolved_by_fkey ON app_public.content_reports IS '@fieldName resolvedByUser';

--
-- Name: device_access_invitations device_access_invitations_device_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.device_access_invitations
    ADD CONSTRAINT device_access_invitations_device_id_fkey FOREIGN KEY (device_id) REFERENCES app_public.devices(id) ON DELETE CASCADE;

--
-- Name: device_access_invitations device_access_invitations_invited_by_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.device_access_invitations
    ADD CONSTRAINT device_access_invitations_invited_by_fkey FOREIGN KEY (invited_by) REFERENCES app_public.users(id) ON DELETE SET NULL;

--
-- Name: device_access_invitations device_access_invitations_user_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.device_access_invitations
    ADD CONSTRAINT device_access_invitations_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: device_accesses device_accesses_device_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.device_accesses
    ADD CONSTRAINT device_accesses_device_id_fkey FOREIGN KEY (device_id) REFERENCES app_public.devices(id) ON DELETE CASCADE;

--
-- Name: device_accesses device_accesses_user_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.device_accesses
    ADD CONSTRAINT device_accesses_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: device_downlinks device_downlinks_device_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.device_downlinks
    ADD CONSTRAINT device_downlinks_device_id_fkey FOREIGN KEY (device_id) REFERENCES app_public.devices(id) ON DELETE CASCADE;

--
-- Name: device_downlinks device_downlinks_requested_by_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.device_downlinks
    ADD CONSTRAINT device_downlinks_requested_by_fkey FOREIGN KEY (requested_by) REFERENCES app_public.users(id) ON DELETE SET NULL;

--
-- Name: devices devices_thing_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.devices
    ADD CONSTRAINT devices_thing_id_fkey FOREIGN KEY (thing_id) REFERENCES app_public.things(id) ON DELETE SET NULL;

--
-- Name: feedback feedback_thing_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.feedback
    ADD CONSTRAINT feedback_thing_id_fkey FOREIGN KEY (thing_id) REFERENCES app_public.things(id) ON DELETE SET NULL;

--
-- Name: feedback feedback_user_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.feedback
    ADD CONSTRAINT feedback_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE SET NULL;

--
-- Name: group_membership_invitations group_membership_invitations_group_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.group_membership_invitations
    ADD CONSTRAINT group_membership_invitations_group_id_fkey FOREIGN KEY (group_id) REFERENCES app_public.groups(id) ON DELETE CASCADE;

--
-- Name: group_membership_invitations group_membership_invitations_invited_by_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.group_membership_invitations
    ADD CONSTRAINT group_membership_invitations_invited_by_fkey FOREIGN KEY (invited_by) REFERENCES app_public.users(id) ON DELETE SET NULL;

--
-- Name: group_membership_invitations group_membership_invitations_user_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.group_membership_invitations
    ADD CONSTRAINT group_membership_invitations_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: group_memberships group_memberships_group_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.group_memberships
    ADD CONSTRAINT group_memberships_group_id_fkey FOREIGN KEY (group_id) REFERENCES app_public.groups(id) ON DELETE CASCADE;

--
-- Name: group_memberships group_memberships_user_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.group_memberships
    ADD CONSTRAINT group_memberships_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: history_entries history_entries_changed_by_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.history_entries
    ADD CONSTRAINT history_entries_changed_by_fkey FOREIGN KEY (changed_by) REFERENCES app_public.users(id) ON DELETE SET NULL;

--
-- Name: CONSTRAINT history_entries_changed_by_fkey ON history_entries; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT history_entries_changed_by_fkey ON app_public.history_entries IS '@fieldName changedByUser';

--
-- Name: history_entries history_entries_restored_from_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.history_entries
    ADD CONSTRAINT history_entries_restored_from_id_fkey FOREIGN KEY (restored_from_id) REFERENCES app_public.history_entries(id) ON DELETE SET NULL;

--
-- Name: CONSTRAINT history_entries_restored_from_id_fkey ON history_entries; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT history_entries_restored_from_id_fkey ON app_public.history_entries IS '@fieldName restoredFrom
@foreignFieldName restorations';

--
-- Name: notice_preferences notice_preferences_user_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.notice_preferences
    ADD CONSTRAINT notice_preferences_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: notice_settings notice_settings_user_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.notice_settings
    ADD CONSTRAINT notice_settings_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: notifications notifications_thing_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.notifications
    ADD CONSTRAINT notifications_thing_id_fkey FOREIGN KEY (thing_id) REFERENCES app_public.things(id) ON DELETE CASCADE;

--
-- Name: notifications notifications_user_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.notifications
    ADD CONSTRAINT notifications_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: push_subscriptions push_subscriptions_user_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.push_subscriptions
    ADD CONSTRAINT push_subscriptions_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: rota_slots rota_slots_created_by_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.rota_slots
    ADD CONSTRAINT rota_slots_created_by_fkey FOREIGN KEY (created_by) REFERENCES app_public.users(id) ON DELETE SET NULL;

--
-- Name: rota_slots rota_slots_group_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.rota_slots
    ADD CONSTRAINT rota_slots_group_id_fkey FOREIGN KEY (group_id) REFERENCES app_public.groups(id) ON DELETE CASCADE;

--
-- Name: rota_slots rota_slots_user_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.rota_slots
    ADD CONSTRAINT rota_slots_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: rota_swaps rota_swaps_accepted_by_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.rota_swaps
    ADD CONSTRAINT rota_swaps_accepted_by_fkey FOREIGN KEY (accepted_by) REFERENCES app_public.users(id) ON DELETE SET NULL;

--
-- Name: rota_swaps rota_swaps_group_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.rota_swaps
    ADD CONSTRAINT rota_swaps_group_id_fkey FOREIGN KEY (group_id) REFERENCES app_public.groups(id) ON DELETE CASCADE;

--
-- Name: rota_swaps rota_swaps_requested_by_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.rota_swaps
    ADD CONSTRAINT rota_swaps_requested_by_fkey FOREIGN KEY (requested_by) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: rota_swaps rota_swaps_return_slot_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.rota_swaps
    ADD CONSTRAINT rota_swaps_return_slot_id_fkey FOREIGN KEY (return_slot_id) REFERENCES app_public.rota_slots(id) ON DELETE SET NULL;

--
-- Name: rota_swaps rota_swaps_slot_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.rota_swaps
    ADD CONSTRAINT rota_swaps_slot_id_fkey FOREIGN KEY (slot_id) REFERENCES app_public.rota_slots(id) ON DELETE CASCADE;

--
-- Name: sensor_data sensor_data_device_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE app_public.sensor_data
    ADD CONSTRAINT sensor_data_device_id_fkey FOREIGN KEY (device_id) REFERENCES app_public.devices(id) ON DELETE CASCADE;

--
-- Name: sensor_data sensor_data_thing_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE app_public.sensor_data
    ADD CONSTRAINT sensor_data_thing_id_fkey FOREIGN KEY (thing_id) REFERENCES app_public.things(id) ON DELETE SET NULL;

--
-- Name: sensor_rollups_daily sensor_rollups_daily_device_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.sensor_rollups_daily
    ADD CONSTRAINT sensor_rollups_daily_device_id_fkey FOREIGN KEY (device_id) REFERENCES app_public.devices(id) ON DELETE CASCADE;

--
-- Name: sensor_rollups_hourly sensor_rollups_hourly_device_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.sensor_rollups_hourly
    ADD CONSTRAINT sensor_rollups_hourly_device_id_fkey FOREIGN KEY (device_id) REFERENCES app_public.devices(id) ON DELETE CASCADE;

--
-- Name: task_assignments task_assignments_assigned_by_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.task_assignments
    ADD CONSTRAINT task_assignments_assigned_by_fkey FOREIGN KEY (assigned_by) REFERENCES app_public.users(id) ON DELETE SET NULL;

--
-- Name: task_assignments task_assignments_assigned_to_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.task_assignments
    ADD CONSTRAINT task_assignments_assigned_to_fkey FOREIGN KEY (assigned_to) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: task_assignments task_assignments_task_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.task_assignments
    ADD CONSTRAINT task_assignments_task_id_fkey FOREIGN KEY (task_id) REFERENCES app_public.tasks(id) ON DELETE CASCADE;

--
-- Name: tasks tasks_created_by_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.tasks
    ADD CONSTRAINT tasks_created_by_fkey FOREIGN KEY (created_by) REFERENCES app_public.users(id) ON DELETE SET NULL;

--
-- Name: tasks tasks_thing_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.tasks
    ADD CONSTRAINT tasks_thing_id_fkey FOREIGN KEY (thing_id) REFERENCES app_public.things(id) ON DELETE CASCADE;

--
-- Name: thing_access_invitations thing_access_invitations_invited_by_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.thing_access_invitations
    ADD CONSTRAINT thing_access_invitations_invited_by_fkey FOREIGN KEY (invited_by) REFERENCES app_public.users(id) ON DELETE SET NULL;

--
-- Name: thing_access_invitations thing_access_invitations_thing_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.thing_access_invitations
    ADD CONSTRAINT thing_access_invitations_thing_id_fkey FOREIGN KEY (thing_id) REFERENCES app_public.things(id) ON DELETE CASCADE;

--
-- Name: thing_access_invitations thing_access_invitations_user_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.thing_access_invitations
    ADD CONSTRAINT thing_access_invitations_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: thing_accesses thing_accesses_thing_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.thing_accesses
    ADD CONSTRAINT thing_accesses_thing_id_fkey FOREIGN KEY (thing_id) REFERENCES app_public.things(id) ON DELETE CASCADE;

--
-- Name: thing_accesses thing_accesses_user_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.thing_accesses
    ADD CONSTRAINT thing_accesses_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: thing_adoptions thing_adoptions_thing_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.thing_adoptions
    ADD CONSTRAINT thing_adoptions_thing_id_fkey FOREIGN KEY (thing_id) REFERENCES app_public.things(id) ON DELETE CASCADE;

--
-- Name: thing_adoptions thing_adoptions_user_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.thing_adoptions
    ADD CONSTRAINT thing_adoptions_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: thing_alerts thing_alerts_thing_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.thing_alerts
    ADD CONSTRAINT thing_alerts_thing_id_fkey FOREIGN KEY (thing_id) REFERENCES app_public.things(id) ON DELETE CASCADE;

--
-- Name: things things_created_by_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.things
    ADD CONSTRAINT things_created_by_fkey FOREIGN KEY (created_by) REFERENCES app_public.users(id) ON DELETE SET NULL;

--
-- Name: things things_group_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.things
    ADD CONSTRAINT things_group_id_fkey FOREIGN KEY (group_id) REFERENCES app_public.groups(id) ON DELETE RESTRICT;

--
-- Name: things things_species_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.things
    ADD CONSTRAINT things_species_id_fkey FOREIGN KEY (species_id) REFERENCES app_public.tree_species(id) ON UPDATE CASCADE ON DELETE RESTRICT;

--
-- Name: user_emails user_emails_user_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.user_emails
    ADD CONSTRAINT user_emails_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;

--
-- Name: users users_one_thing_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.users
    ADD CONSTRAINT users_one_thing_id_fkey FOREIGN KEY (one_thing_id) REFERENCES app_public.things(id) ON DELETE SET NULL;

--
-- Name: CONSTRAINT users_one_thing_id_fkey ON users; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON CONSTRAINT users_one_thing_id_fkey ON app_public.users IS '@behavior -*';

--
-- Name: dry_alert_escalations; Type: ROW SECURITY; Schema: app_private; Owner: -
--

ALTER TABLE app_private.dry_alert_escalations ENABLE ROW LEVEL SECURITY;

--
-- Name: hidden_pictures; Type: ROW SECURITY; Schema: app_private; Owner: -
--

ALTER TABLE app_private.hidden_pictures ENABLE ROW LEVEL SECURITY;

--
-- Name: picture_objects; Type: ROW SECURITY; Schema: app_private; Owner: -
--

ALTER TABLE app_private.picture_objects ENABLE ROW LEVEL SECURITY;

--
-- Name: rate_limits; Type: ROW SECURITY; Schema: app_private; Owner: -
--

ALTER TABLE app_private.rate_limits ENABLE ROW LEVEL SECURITY;

--
-- Name: rota_reminders_sent; Type: ROW SECURITY; Schema: app_private; Owner: -
--

ALTER TABLE app_private.rota_reminders_sent ENABLE ROW LEVEL SECURITY;

--
-- Name: thing_map_cells; Type: ROW SECURITY; Schema: app_private; Owner: -
--

ALTER TABLE app_private.thing_map_cells ENABLE ROW LEVEL SECURITY;

--
-- Name: water_points; Type: ROW SECURITY; Schema: app_private; Owner: -
--

ALTER TABLE app_private.water_points ENABLE ROW LEVEL SECURITY;

--
-- Name: actions; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.actions ENABLE ROW LEVEL SECURITY;

--
-- Name: badge_types; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.badge_types ENABLE ROW LEVEL SECURITY;

--
-- Name: badges; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.badges ENABLE ROW LEVEL SECURITY;

--
-- Name: chat_messages; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.chat_messages ENABLE ROW LEVEL SECURITY;

--
-- Name: content_reports; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.content_reports ENABLE ROW LEVEL SECURITY;

--
-- Name: feedback delete_admin; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY delete_admin ON app_public.feedback FOR DELETE TO bk_admin USING (( SELECT app_public.current_user_is_admin() AS current_user_is_admin));

--
-- Name: users delete_admin; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY delete_admin ON app_public.users FOR DELETE TO bk_admin USING (( SELECT app_public.current_user_is_admin() AS current_user_is_admin));

--
-- Name: actions delete_allowed; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY delete_allowed ON app_public.actions FOR DELETE TO bk_user USING (((created_by = ( SELECT app_public.current_user_id() AS current_user_id)) OR app_hidden.can_manage_thing(thing_id)));

--
-- Name: tasks delete_creator_or_owner; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY delete_creator_or_owner ON app_public.tasks FOR DELETE TO bk_user USING (((created_by = ( SELECT app_public.current_user_id() AS current_user_id)) OR app_hidden.can_manage_thing(thing_id)));

--
-- Name: device_access_invitations delete_manager; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY delete_manager ON app_public.device_access_invitations FOR DELETE TO bk_user USING (app_hidden.can_manage_device(device_id));

--
-- Name: group_membership_invitations delete_manager; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY delete_manager ON app_public.group_membership_invitations FOR DELETE TO bk_user USING (app_hidden.can_manage_group(group_id));

--
-- Name: thing_access_invitations delete_manager; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY delete_manager ON app_public.thing_access_invitations FOR DELETE TO bk_user USING (app_hidden.can_manage_thing(thing_id));

--
-- Name: notifications delete_own; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY delete_own ON app_public.notifications FOR DELETE TO bk_user USING ((user_id = ( SELECT app_public.current_user_id() AS current_user_id)));

--
-- Name: push_subscriptions delete_own; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY delete_own ON app_public.push_subscriptions FOR DELETE TO bk_user USING ((user_id = ( SELECT app_public.current_user_id() AS current_user_id)));

--
-- Name: user_emails delete_own; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY delete_own ON app_public.user_emails FOR DELETE TO bk_user USING ((user_id = ( SELECT app_public.current_user_id() AS current_user_id)));

--
-- Name: devices delete_owner; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY delete_owner ON app_public.devices FOR DELETE TO bk_user USING (app_hidden.can_manage_device(id));

--
-- Name: groups delete_owner; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY delete_owner ON app_public.groups FOR DELETE TO bk_user USING (app_hidden.can_manage_group(id));

--
-- Name: things delete_owner; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY delete_owner ON app_public.things FOR DELETE TO bk_user USING (app_hidden.can_manage_thing(id));

--
-- Name: device_accesses delete_owner_or_self; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY delete_owner_or_self ON app_public.device_accesses FOR DELETE TO bk_user USING (((user_id = ( SELECT app_public.current_user_id() AS current_user_id)) OR app_hidden.can_manage_device(device_id)));

--
-- Name: group_memberships delete_owner_or_self; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY delete_owner_or_self ON app_public.group_memberships FOR DELETE TO bk_user USING (((user_id = ( SELECT app_public.current_user_id() AS current_user_id)) OR app_hidden.can_manage_group(group_id)));

--
-- Name: thing_accesses delete_owner_or_self; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY delete_owner_or_self ON app_public.thing_accesses FOR DELETE TO bk_user USING (((user_id = ( SELECT app_public.current_user_id() AS current_user_id)) OR app_hidden.can_manage_thing(thing_id)));

--
-- Name: task_assignments delete_planner_or_self; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY delete_planner_or_self ON app_public.task_assignments FOR DELETE TO bk_user USING (((assigned_to = ( SELECT app_public.current_user_id() AS current_user_id)) OR (EXISTS ( SELECT 1
   FROM app_public.tasks t
  WHERE ((t.id = task_assignments.task_id) AND app_hidden.can_plan_on_thing(t.thing_id))))));

--
-- Name: device_access_invitations; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.device_access_invitations ENABLE ROW LEVEL SECURITY;

--
-- Name: device_accesses; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.device_accesses ENABLE ROW LEVEL SECURITY;

--
-- Name: device_downlinks; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.device_downlinks ENABLE ROW LEVEL SECURITY;

--
-- Name: devices; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.devices ENABLE ROW LEVEL SECURITY;

--
-- Name: feedback; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.feedback ENABLE ROW LEVEL SECURITY;

--
-- Name: group_membership_invitations; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.group_membership_invitations ENABLE ROW LEVEL SECURITY;

--
-- Name: group_memberships; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.group_memberships ENABLE ROW LEVEL SECURITY;

--
-- Name: groups; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.groups ENABLE ROW LEVEL SECURITY;

--
-- Name: history_entries; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.history_entries ENABLE ROW LEVEL SECURITY;

--
-- Name: actions insert_allowed; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY insert_allowed ON app_public.actions FOR INSERT TO bk_user WITH CHECK ((app_hidden.can_act_on_thing(thing_id) AND (type <> 'CREATED'::app_public.action_type)));

--
-- Name: task_assignments insert_planner; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY insert_planner ON app_public.task_assignments FOR INSERT TO bk_user WITH CHECK ((EXISTS ( SELECT 1
   FROM app_public.tasks t
  WHERE ((t.id = task_assignments.task_id) AND app_hidden.can_plan_on_thing(t.thing_id)))));

--
-- Name: tasks insert_planner; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY insert_planner ON app_public.tasks FOR INSERT TO bk_user WITH CHECK (app_hidden.can_plan_on_thing(thing_id));

--
-- Name: feedback insert_signed_in; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY insert_signed_in ON app_public.feedback FOR INSERT TO bk_user WITH CHECK ((( SELECT app_public.current_user_id() AS current_user_id) IS NOT NULL));

--
-- Name: notice_preferences; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.notice_preferences ENABLE ROW LEVEL SECURITY;

--
-- Name: notice_settings; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.notice_settings ENABLE ROW LEVEL SECURITY;

--
-- Name: notifications; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.notifications ENABLE ROW LEVEL SECURITY;

--
-- Name: push_subscriptions; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.push_subscriptions ENABLE ROW LEVEL SECURITY;

--
-- Name: rota_slots; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.rota_slots ENABLE ROW LEVEL SECURITY;

--
-- Name: rota_swaps; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.rota_swaps ENABLE ROW LEVEL SECURITY;

--
-- Name: badge_types select_all; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_all ON app_public.badge_types FOR SELECT USING (true);

--
-- Name: badges select_all; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_all ON app_public.badges FOR SELECT USING (true);

--
-- Name: tree_species select_all; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_all ON app_public.tree_species FOR SELECT USING (true);

--
-- Name: device_downlinks select_manageable; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_manageable ON app_public.device_downlinks FOR SELECT USING (app_hidden.can_manage_device(device_id));

--
-- Name: device_access_invitations select_manager_or_invitee; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_manager_or_invitee ON app_public.device_access_invitations FOR SELECT TO bk_user USING ((app_hidden.can_manage_device(device_id) OR (user_id = ( SELECT app_public.current_user_id() AS current_user_id))));

--
-- Name: group_membership_invitations select_manager_or_invitee; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_manager_or_invitee ON app_public.group_membership_invitations FOR SELECT TO bk_user USING ((app_hidden.can_manage_group(group_id) OR (user_id = ( SELECT app_public.current_user_id() AS current_user_id))));

--
-- Name: thing_access_invitations select_manager_or_invitee; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_manager_or_invitee ON app_public.thing_access_invitations FOR SELECT TO bk_user USING ((app_hidden.can_manage_thing(thing_id) OR (user_id = ( SELECT app_public.current_user_id() AS current_user_id))));

--
-- Name: rota_slots select_members; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_members ON app_public.rota_slots FOR SELECT USING (((group_id IN ( SELECT app_hidden.my_group_ids() AS my_group_ids)) OR ( SELECT app_public.current_user_is_admin() AS current_user_is_admin)));

--
-- Name: rota_swaps select_members; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_members ON app_public.rota_swaps FOR SELECT USING (((group_id IN ( SELECT app_hidden.my_group_ids() AS my_group_ids)) OR ( SELECT app_public.current_user_is_admin() AS current_user_is_admin)));

--
-- Name: chat_messages select_own; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_own ON app_public.chat_messages FOR SELECT TO bk_user USING (((recipient_id = ( SELECT app_public.current_user_id() AS current_user_id)) AND (hidden_at IS NULL) AND app_hidden.can_see_thing(thing_id)));

--
-- Name: notice_preferences select_own; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_own ON app_public.notice_preferences FOR SELECT TO bk_user USING ((user_id = ( SELECT app_public.current_user_id() AS current_user_id)));

--
-- Name: notice_settings select_own; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_own ON app_public.notice_settings FOR SELECT TO bk_user USING ((user_id = ( SELECT app_public.current_user_id() AS current_user_id)));

--
-- Name: notifications select_own; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_own ON app_public.notifications FOR SELECT TO bk_user USING ((user_id = ( SELECT app_public.current_user_id() AS current_user_id)));

--
-- Name: push_subscriptions select_own; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_own ON app_public.push_subscriptions FOR SELECT TO bk_user USING ((user_id = ( SELECT app_public.current_user_id() AS current_user_id)));

--
-- Name: user_emails select_own; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_own ON app_public.user_emails FOR SELECT TO bk_user USING (((user_id = ( SELECT app_public.current_user_id() AS current_user_id)) OR ( SELECT app_public.current_user_is_admin() AS current_user_is_admin)));

--
-- Name: content_reports select_own_or_admin; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_own_or_admin ON app_public.content_reports FOR SELECT TO bk_user USING (((reporter_id = ( SELECT app_public.current_user_id() AS current_user_id)) OR ( SELECT app_public.current_user_is_admin() AS current_user_is_admin)));

--
-- Name: feedback select_own_or_admin; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_own_or_admin ON app_public.feedback FOR SELECT TO bk_user USING (((user_id = ( SELECT app_public.current_user_id() AS current_user_id)) OR ( SELECT app_public.current_user_is_admin() AS current_user_is_admin)));

--
-- Name: users select_signed_in; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_signed_in ON app_public.users FOR SELECT TO bk_user USING ((( SELECT app_public.current_user_id() AS current_user_id) IS NOT NULL));

--
-- Name: actions select_visible; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_visible ON app_public.actions FOR SELECT USING ((((hidden_at IS NULL) OR ( SELECT app_public.current_user_is_admin() AS current_user_is_admin)) AND (( SELECT true
   FROM app_public.things t
  WHERE (t.id = actions.thing_id)) IS NOT NULL)));

--
-- Name: device_accesses select_visible; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_visible ON app_public.device_accesses FOR SELECT USING (((user_id = ( SELECT app_public.current_user_id() AS current_user_id)) OR (( SELECT true
   FROM app_public.devices d
  WHERE (d.id = device_accesses.device_id)) IS NOT NULL)));

--
-- Name: devices select_visible; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_visible ON app_public.devices FOR SELECT USING ((is_public OR ( SELECT app_public.current_user_is_admin() AS current_user_is_admin) OR (id IN ( SELECT app_hidden.my_device_ids() AS my_device_ids))));

--
-- Name: group_memberships select_visible; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_visible ON app_public.group_memberships FOR SELECT USING (((user_id = ( SELECT app_public.current_user_id() AS current_user_id)) OR (( SELECT true
   FROM app_public.groups g
  WHERE (g.id = group_memberships.group_id)) IS NOT NULL)));

--
-- Name: groups select_visible; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_visible ON app_public.groups FOR SELECT USING ((is_public OR (id IN ( SELECT app_hidden.my_group_ids() AS my_group_ids)) OR ( SELECT app_public.current_user_is_admin() AS current_user_is_admin)));

--
-- Name: history_entries select_visible; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_visible ON app_public.history_entries FOR SELECT USING (((
CASE target_type
    WHEN 'thing'::text THEN ( SELECT true
       FROM app_public.things t
      WHERE (t.id = history_entries.target_id))
    WHEN 'device'::text THEN ( SELECT true
       FROM app_public.devices d
      WHERE (d.id = history_entries.target_id))
    WHEN 'group'::text THEN ( SELECT true
       FROM app_public.groups g
      WHERE (g.id = history_entries.target_id))
    ELSE NULL::boolean
END IS NOT NULL) OR ( SELECT app_public.current_user_is_admin() AS current_user_is_admin)));

--
-- Name: sensor_data select_visible; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_visible ON app_public.sensor_data FOR SELECT USING (((device_id IN ( SELECT devices.id
   FROM app_public.devices)) OR (thing_id IN ( SELECT things.id
   FROM app_public.things))));

--
-- Name: sensor_rollups_daily select_visible; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_visible ON app_public.sensor_rollups_daily FOR SELECT USING (((device_id IN ( SELECT devices.id
   FROM app_public.devices)) OR (thing_id IN ( SELECT things.id
   FROM app_public.things))));

--
-- Name: sensor_rollups_hourly select_visible; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_visible ON app_public.sensor_rollups_hourly FOR SELECT USING (((device_id IN ( SELECT devices.id
   FROM app_public.devices)) OR (thing_id IN ( SELECT things.id
   FROM app_public.things))));

--
-- Name: task_assignments select_visible; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_visible ON app_public.task_assignments FOR SELECT TO bk_user USING (app_hidden.can_see_task(task_id));

--
-- Name: tasks select_visible; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_visible ON app_public.tasks FOR SELECT TO bk_user USING ((app_hidden.can_plan_on_thing(thing_id) OR (id IN ( SELECT app_hidden.my_assigned_task_ids() AS my_assigned_task_ids))));

--
-- Name: thing_accesses select_visible; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_visible ON app_public.thing_accesses FOR SELECT USING (((user_id = ( SELECT app_public.current_user_id() AS current_user_id)) OR (( SELECT true
   FROM app_public.things t
  WHERE (t.id = thing_accesses.thing_id)) IS NOT NULL)));

--
-- Name: thing_adoptions select_visible; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_visible ON app_public.thing_adoptions FOR SELECT USING (app_hidden.can_see_thing(thing_id));

--
-- Name: thing_alerts select_visible; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_visible ON app_public.thing_alerts FOR SELECT USING (app_hidden.can_see_thing(thing_id));

--
-- Name: things select_visible; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY select_visible ON app_public.things FOR SELECT USING ((((hidden_at IS NULL) AND (is_public OR (id IN ( SELECT app_hidden.my_thing_ids() AS my_thing_ids)) OR (group_id IN ( SELECT app_hidden.my_group_ids() AS my_group_ids)))) OR ( SELECT app_public.current_user_is_admin() AS current_user_is_admin)));

--
-- Name: sensor_data; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.sensor_data ENABLE ROW LEVEL SECURITY;

--
-- Name: sensor_rollups_daily; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.sensor_rollups_daily ENABLE ROW LEVEL SECURITY;

--
-- Name: sensor_rollups_hourly; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.sensor_rollups_hourly ENABLE ROW LEVEL SECURITY;

--
-- Name: task_assignments; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.task_assignments ENABLE ROW LEVEL SECURITY;

--
-- Name: tasks; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.tasks ENABLE ROW LEVEL SECURITY;

--
-- Name: thing_access_invitations; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.thing_access_invitations ENABLE ROW LEVEL SECURITY;

--
-- Name: thing_accesses; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.thing_accesses ENABLE ROW LEVEL SECURITY;

--
-- Name: thing_adoptions; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.thing_adoptions ENABLE ROW LEVEL SECURITY;

--
-- Name: thing_alerts; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.thing_alerts ENABLE ROW LEVEL SECURITY;

--
-- Name: things; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.things ENABLE ROW LEVEL SECURITY;

--
-- Name: tree_species; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.tree_species ENABLE ROW LEVEL SECURITY;

--
-- Name: actions update_allowed; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY update_allowed ON app_public.actions FOR UPDATE TO bk_user USING (((created_by = ( SELECT app_public.current_user_id() AS current_user_id)) OR app_hidden.can_manage_thing(thing_id)));

--
-- Name: notifications update_own; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY update_own ON app_public.notifications FOR UPDATE TO bk_user USING ((user_id = ( SELECT app_public.current_user_id() AS current_user_id)));

--
-- Name: device_accesses update_owner; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY update_owner ON app_public.device_accesses FOR UPDATE TO bk_user USING (app_hidden.can_manage_device(device_id));

--
-- Name: devices update_owner; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY update_owner ON app_public.devices FOR UPDATE TO bk_user USING (app_hidden.can_manage_device(id));

--
-- Name: group_memberships update_owner; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY update_owner ON app_public.group_memberships FOR UPDATE TO bk_user USING (app_hidden.can_manage_group(group_id));

--
-- Name: groups update_owner; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY update_owner ON app_public.groups FOR UPDATE TO bk_user USING (app_hidden.can_manage_group(id));

--
-- Name: thing_accesses update_owner; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY update_owner ON app_public.thing_accesses FOR UPDATE TO bk_user USING (app_hidden.can_manage_thing(thing_id));

--
-- Name: things update_owner; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY update_owner ON app_public.things FOR UPDATE TO bk_user USING (app_hidden.can_manage_thing(id));

--
-- Name: tasks update_planner_or_assignee; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY update_planner_or_assignee ON app_public.tasks FOR UPDATE TO bk_user USING ((app_hidden.can_plan_on_thing(thing_id) OR (id IN ( SELECT app_hidden.my_assigned_task_ids() AS my_assigned_task_ids))));

--
-- Name: users update_self; Type: POLICY; Schema: app_public; Owner: -
--

CREATE POLICY update_self ON app_public.users FOR UPDATE TO bk_user USING (((id = ( SELECT app_public.current_user_id() AS current_user_id)) OR ( SELECT app_public.current_user_is_admin() AS current_user_is_admin)));

--
-- Name: user_emails; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.user_emails ENABLE ROW LEVEL SECURITY;

--
-- Name: users; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.users ENABLE ROW LEVEL SECURITY;

--
-- Name: _private_job_queues; Type: ROW SECURITY; Schema: graphile_worker; Owner: -
--

ALTER TABLE graphile_worker._private_job_queues ENABLE ROW LEVEL SECURITY;

--
-- Name: _private_jobs; Type: ROW SECURITY; Schema: graphile_worker; Owner: -
--

ALTER TABLE graphile_worker._private_jobs ENABLE ROW LEVEL SECURITY;

--
-- Name: _private_known_crontabs; Type: ROW SECURITY; Schema: graphile_worker; Owner: -
--

ALTER TABLE graphile_worker._private_known_crontabs ENABLE ROW LEVEL SECURITY;

--
-- Name: _private_tasks; Type: ROW SECURITY; Schema: graphile_worker; Owner: -
--

ALTER TABLE graphile_worker._private_tasks ENABLE ROW LEVEL SECURITY;

--
-- Name: history_columns; Type: EVENT TRIGGER; Schema: -; Owner: -
--

CREATE EVENT TRIGGER history_columns ON ddl_command_end
         WHEN TAG IN ('ALTER TABLE', 'CREATE FUNCTION')
   EXECUTE FUNCTION app_private.tg__history_columns();

--
-- PostgreSQL database dump complete
--

--
-- Dbmate schema migrations
--

INSERT INTO public.schema_migrations (version) VALUES
    ('20261121000100'),
    ('20261121000200'),
    ('20261121000300'),
    ('20261121000400'),
    ('20261121000500'),
    ('20261121000600'),
    ('20261121000700'),
    ('20261121000800'),
    ('20261121000900'),
    ('20261121001000'),
    ('20261121001100'),
    ('20261121001200'),
    ('20261121001300'),
    ('20261121001400'),
    ('20261121001500'),
    ('20261121001600'),
    ('20261121001700'),
    ('20261121001800'),
    ('20261121001900'),
    ('20261121002000'),
    ('20261121002100'),
    ('20261121002200'),
    ('20261121002300'),
    ('20261121002400'),
    ('20261122000100'),
    ('20261122000150'),
    ('20261122000160'),
    ('20261122000170'),
    ('20261122000200'),
    ('20261122000210'),
    ('20261122000300'),
    ('20261122000400'),
    ('20261122000500'),
    ('20261122000550'),
    ('20261122000700'),
    ('20261122000800'),
    ('20261122000900'),
    ('20261125000200'),
    ('20261125000300'),
    ('20261125000400'),
    ('20261125000500'),
    ('20261125000600'),
    ('20261125000700'),
    ('20261125000800'),
    ('20261125000900'),
    ('20261125001000'),
    ('20261125001500'),
    ('20261125002000'),
    ('20261125003000'),
    ('20261125003500'),
    ('20261125100000'),
    ('20261125100100'),
    ('20261126010000'),
    ('20261126030000'),
    ('20261126050000'),
    ('20261126060000'),
    ('20261126060100'),
    ('20261126070000'),
    ('20261126070100'),
    ('20261126080000'),
    ('20261127000100'),
    ('20261127000200'),
    ('20261127000300'),
    ('20261127000400'),
    ('20261127010000'),
    ('20261127010100'),
    ('20261127090000'),
    ('20261127100000'),
    ('20261127100100'),
    ('20261128000100'),
    ('20261128000200'),
    ('20261129000100'),
    ('20261129000200'),
    ('20261130000100'),
    ('20261130000200'),
    ('20261201000100'),
    ('20261202000100'),
    ('20261203000100');
