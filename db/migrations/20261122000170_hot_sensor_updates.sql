-- migrate:up
-- Every stored batch of uplinks updates its devices' and things' latest values (issue 6). Those
-- updates touch no indexed column, so PostgreSQL can make them HOT (no index entries, old
-- versions pruned within the page without waiting for VACUUM) if the page has room: leave half of
-- each page free on these two small, hot tables, and vacuum them early. Measured on a 200-device
-- batch load: without room, devices' updates went non-HOT and each index probe walked thousands of
-- dead versions.
alter table app_public.devices set (fillfactor = 50, autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.05);
alter table app_public.things set (fillfactor = 50, autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.05);

-- sensor_data_uplink_key (device_id, created_at, f_cnt) already answers "a device's readings, newest
-- first" (scanned backwards); a second index on (device_id, created_at desc) only cost every insert.
drop index app_public.sensor_data_device_id_created_at_idx;

-- migrate:down
create index sensor_data_device_id_created_at_idx on app_public.sensor_data (device_id, created_at desc);
alter table app_public.things reset (fillfactor, autovacuum_vacuum_scale_factor, autovacuum_analyze_scale_factor);
alter table app_public.devices reset (fillfactor, autovacuum_vacuum_scale_factor, autovacuum_analyze_scale_factor);
