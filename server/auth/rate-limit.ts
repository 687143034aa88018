// Rate limits. RateLimiter: per-key sliding windows in this process's memory, for what protects
// the process itself (the refused-document budget, server/graphql/refusal-budget.ts).
// sharedLimits (below): per-key windows counted in PostgreSQL, for limits a fleet of servers must
// hold together (sign-in, sign-up, resets and invitations per address; uploads per user).
import type pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";

export class RateLimiter {
  private hits = new Map<string, number[]>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Records a hit; false when the key is over its limit (the hit is not counted then). */
  take(key: string, now = Date.now()): boolean {
    const since = now - this.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 50_000) this.sweep(now);
    return true;
  }

  /** Whether the key has used its limit within the window (nothing is counted). */
  isOver(key: string, now = Date.now()): boolean {
    const since = now - this.windowMs;
    const times = this.hits.get(key);
    if (!times) return false;
    let recent = 0;
    for (const t of times) if (t > since) recent += 1;
    return recent >= this.limit;
  }

  private sweep(now: number) {
    for (const [key, times] of this.hits) {
      if (!times.some((t) => t > now - this.windowMs)) this.hits.delete(key);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Limits shared by every server process (issue 24): counted in PostgreSQL, so N servers allow
// what one does. rate-limiter-flexible's RateLimiterPostgres keeps one row per key and window in
// app_private.rate_limits (unlogged; migration 20261125100100_shared_rate_limits) and counts a
// hit with one atomic INSERT ... ON CONFLICT DO UPDATE. Windows are fixed (they start at a key's
// first hit), where the in-memory RateLimiter above slides; the limit per window is the same.
// The window's end is written from the server's clock, so the servers' clocks must agree (NTP).
// A key that has used its allowance is also remembered in this process until its window ends,
// so a flood from it costs the database nothing more. If the database cannot be asked, a
// per-process count stands in (the library's insurance limiter) rather than letting all through.

export interface SharedLimit {
  /** Counts one hit; false when the key is over its limit. */
  take(key: string): Promise<boolean>;
  /** Whether the key has used its allowance (counts nothing). */
  isOver(key: string): Promise<boolean>;
  /** Seconds until the key's window ends (at least 1). */
  retryAfterSeconds(key: string): Promise<number>;
}

export interface SharedLimits {
  /** The limit called `name` (the key prefix in the table): `points` hits per `windowMs`. */
  limit(name: string, points: number, windowMs: number): SharedLimit;
}

/** `pool` logs in as the owner (app_private.rate_limits is granted to no web role). */
export function sharedLimits(pool: pg.Pool): SharedLimits {
  return {
    limit(name, points, windowMs) {
      const duration = Math.max(1, Math.ceil(windowMs / 1000));
      const limiter = new RateLimiterPostgres({
        storeClient: pool,
        storeType: "pool",
        schemaName: "app_private",
        tableName: "rate_limits",
        // Made by the migration; the library would otherwise create it at start as whoever connects.
        tableCreated: true,
        keyPrefix: name,
        points,
        duration,
        inMemoryBlockOnConsumed: points,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration }),
      });
      return {
        async take(key) {
          try {
            await limiter.consume(key);
            return true;
          } catch (e) {
            if (e instanceof RateLimiterRes) return false;
            throw e;
          }
        },
        async isOver(key) {
          const res = await limiter.get(key);
          return res !== null && res.consumedPoints >= points;
        },
        async retryAfterSeconds(key) {
          const res = await limiter.get(key);
          return Math.max(1, Math.ceil((res?.msBeforeNext ?? 1000) / 1000));
        },
      };
    },
  };
}
