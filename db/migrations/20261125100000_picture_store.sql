-- migrate:up
-- Pictures in PostgreSQL (issue 24, STORAGE=postgres: server/storage/postgres.ts). One row per
-- stored object: the three WebP sizes of every picture (images/<type>/<id>/<variant>.webp) and
-- the sizes of pending uploads (uploads/pending/<user>/<form>/<upload>/<variant>.webp), so a fleet
-- of servers needs nothing beyond its database. Only the server's owner connection reads and
-- writes it; who may see a picture is decided before any row is read (app_hidden.image_is_shown),
-- as on every backend, so no web role is granted anything here.
create table app_private.picture_objects (
  key text primary key check (key ~ '^[a-z0-9][a-z0-9._/-]*$' and key !~ '(^|/)\.\.?(/|$)' and length(key) <= 400),
  body bytea not null,
  content_type text not null default 'image/webp',
  -- md5 of the body, computed on write: the ETag served and compared by If-None-Match.
  etag text not null,
  updated_at timestamptz not null default now()
);
-- WebP is already compressed: keep the bytes as they are, out of line.
alter table app_private.picture_objects alter column body set storage external;
-- Prefix listing (a form's pending uploads, the move command) by key range.
create index picture_objects_key_pattern on app_private.picture_objects (key text_pattern_ops);
alter table app_private.picture_objects enable row level security;
comment on table app_private.picture_objects is 'Picture bytes when STORAGE=postgres (server/storage/postgres.ts); served only after app_hidden.image_is_shown allows it.';

-- migrate:down
drop table app_private.picture_objects;
