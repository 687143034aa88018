-- migrate:up
-- Facts about this installation, such as whether the demo data has been loaded.
create table app_private.installation (
  key text primary key,
  value text not null,
  updated_at timestamptz not null default now()
);

-- migrate:down
drop table app_private.installation;
