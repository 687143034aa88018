-- migrate:up
-- The row-level security policies ask "is this among my groups / things / devices / tasks" through
-- these set-returning functions, and the planner took each to return 1,000 rows (its default for
-- a function). A person has a few groups and a few dozen things, so it planned as if they were
-- many: the home dashboard's list of my groups joined them by hashing every visible group (a scan
-- of all 1,000 groups at 100,000 things, 0.3 ms of its 1 ms in PostgreSQL) instead of looking up
-- my four (0.07 ms). Estimates only: what the functions return is unchanged. docs/decisions.md,
-- "A million things".
alter function app_hidden.my_group_ids() rows 5;
alter function app_hidden.my_owned_group_ids() rows 3;
alter function app_hidden.my_thing_ids() rows 20;
alter function app_hidden.my_device_ids() rows 5;
alter function app_hidden.my_assigned_task_ids() rows 10;

-- migrate:down
alter function app_hidden.my_group_ids() rows 1000;
alter function app_hidden.my_owned_group_ids() rows 1000;
alter function app_hidden.my_thing_ids() rows 1000;
alter function app_hidden.my_device_ids() rows 1000;
alter function app_hidden.my_assigned_task_ids() rows 1000;
