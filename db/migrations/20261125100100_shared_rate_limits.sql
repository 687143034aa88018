-- migrate:up
-- Rate limits counted in PostgreSQL (issue 24), so N servers allow what one does, not N times
-- it: the per-address limits of sign-in, sign-up, resets and invitations
-- (server/graphql/rate-limit-plugin.ts) and the uploads per user per hour
-- (server/images/uploads.ts), through rate-limiter-flexible's RateLimiterPostgres
-- (server/auth/rate-limit.ts). The table is the library's own shape (key, points, expire in epoch
-- milliseconds; one atomic INSERT ... ON CONFLICT DO UPDATE per hit, fixed windows). Unlogged: a
-- crash of the database empties it, which forgets at most one window of counts, and every hit
-- skips the write-ahead log. Only the server's owner connection touches it.
create unlogged table app_private.rate_limits (
  key varchar(255) primary key,
  points integer not null default 0,
  expire bigint
);
create index rate_limits_expire on app_private.rate_limits (expire);
alter table app_private.rate_limits enable row level security;
comment on table app_private.rate_limits is 'Hits per key and fixed window, shared by all server processes (rate-limiter-flexible, server/auth/rate-limit.ts).';

-- migrate:down
drop table app_private.rate_limits;
