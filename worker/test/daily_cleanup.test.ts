// The daily clean-up task: raw navigation events and sessions past the retention go, the daily
// rollups stay (no personal data), and the rollups' memberships forget the closed days.
import { describe, it, expect, inject, beforeAll, afterAll } from "vitest";
import pg from "pg";
import { randomUUID } from "node:crypto";
import dailyCleanup from "../tasks/daily_cleanup.ts";
import { runInWorkerContext } from "../context.ts";
import { readWorkerConfig } from "../config.ts";
import { createMailer } from "../providers/mailer.ts";
import { createTestDatabase, dropTestDatabase } from "../../test/database.ts";
import { makeUser } from "../../db/test/sql-client.ts";

// Its own database: pruning closes days for every test using the database.
let url: string;
let pool: pg.Pool;
beforeAll(async () => {
  url = await createTestDatabase(inject("adminUrl"), "bk_cleanup");
  pool = new pg.Pool({ connectionString: url, max: 2 });
}, 60_000);
afterAll(async () => {
  await pool?.end();
  if (url) await dropTestDatabase(inject("adminUrl"), url);
});

async function runCleanup(): Promise<string[]> {
  const logged: string[] = [];
  const helpers: any = {
    query: (sql: string, params: unknown[]) => pool.query(sql, params),
    logger: { info: (m: string) => logged.push(m), debug() {}, warn() {}, error() {} },
  };
  const ctx = { config: readWorkerConfig({}), mailer: createMailer({ from: "x@example.com", outboxDir: "/tmp/unused-outbox" }) };
  await runInWorkerContext(ctx, () => dailyCleanup({}, helpers));
  return logged;
}

/** A UTC day `n` days ago at noon. */
const daysAgo = (n: number) => `(((now() at time zone 'UTC')::date - ${n}) + time '12:00') at time zone 'UTC'`;

describe("daily_cleanup", () => {
  it("removes raw events past the retention and keeps the daily rollups", async () => {
    const client = await pool.connect();
    try {
      const admin = await makeUser(client as unknown as pg.Client, { admin: true });
      const [u1, u2] = [randomUUID(), randomUUID()];
      const [s1, s2, s3, s4] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      // u1 on /a 40 and 39 days ago and 2 days ago, u2 on /a 40 days ago; one session each.
      await client.query(
        `insert into app_private.navigation_events (session_id, user_id, to_route, occurred_at, time_spent) values
          ($1, $5, '/a', ${daysAgo(40)}, 10), ($2, $5, '/a', ${daysAgo(39)}, 20),
          ($3, $5, '/a', ${daysAgo(2)}, 30), ($4, $6, '/a', ${daysAgo(40)}, 40)`,
        [s1, s2, s3, s4, u1, u2],
      );
      await client.query(
        `insert into app_private.navigation_sessions (session_id, user_id, started_at, ended_at)
         select session_id, user_id, occurred_at, occurred_at + interval '1 minute' from app_private.navigation_events`,
      );
      const stats = async () => {
        await client.query("begin");
        try {
          await client.query("select set_config('role', 'bk_admin', true), set_config('jwt.claims.session_id', $1, true)", [
            admin.sessionId,
          ]);
          const w = [new Date(Date.now() - 41 * 86400_000).toISOString().slice(0, 10), new Date().toISOString().slice(0, 10)];
          return {
            route: (
              await client.query(
                "select visit_count, total_time_spent, unique_visitors, unique_sessions from app_hidden.navigation_route_stats_rows($1, $2)",
                w,
              )
            ).rows,
            days: (await client.query("select daily_navigations, active_users from app_hidden.navigation_daily_stats_rows($1, $2)", w))
              .rows,
            sessions: (await client.query("select count(*)::int as n from app_hidden.navigation_session_stats_rows($1, $2)", w)).rows[0].n,
            u1: (await client.query("select visit_count from app_hidden.navigation_route_stats_rows($1, $2, $3)", [...w, u1])).rows,
          };
        } finally {
          await client.query("rollback");
        }
      };
      const before = await stats();
      expect(before.route).toEqual([{ visit_count: "4", total_time_spent: "100", unique_visitors: "2", unique_sessions: "4" }]);
      expect(before.sessions).toBe(2);

      const logged = await runCleanup();
      expect(logged).toEqual(["daily_cleanup: 3 navigation event(s) older than 30 days removed"]);
      const raw = await client.query("select session_id from app_private.navigation_events");
      expect(raw.rows).toEqual([{ session_id: s3 }]);
      const sessions = await client.query("select session_id from app_private.navigation_sessions");
      expect(sessions.rows).toEqual([{ session_id: s3 }]);

      const after = await stats();
      // Visits, time and the days survive; the closed days' visitors are counted day by day, since
      // nothing tells who they were any more (u1 on two closed days and today: 3 instead of 1).
      expect(after.route).toEqual([{ visit_count: "4", total_time_spent: "100", unique_visitors: "4", unique_sessions: "4" }]);
      expect(after.days).toEqual(before.days);
      // Per person and per session, only what the raw events still hold.
      expect(after.sessions).toBe(1);
      expect(after.u1).toEqual([{ visit_count: "1" }]);

      // No membership remembers a closed day (nor who was seen on it).
      const state = await client.query(
        "select closed_before = ((now() - interval '30 days') at time zone 'UTC')::date + 1 as ok from app_private.navigation_rollup_state",
      );
      expect(state.rows[0].ok).toBe(true);
      const remembered = await client.query(`
        select (select count(*) from app_private.navigation_route_visitors where lower(days) < s.closed_before or lower(added) < s.closed_before)
             + (select count(*) from app_private.navigation_route_sessions where lower(days) < s.closed_before)
             + (select count(*) from app_private.navigation_visitor_days where lower(days) < s.closed_before)
             + (select count(*) from app_private.navigation_session_totals where lower(days) < s.closed_before) as n,
               (select count(*) from app_private.navigation_route_visitors) as visitors
        from app_private.navigation_rollup_state s`);
      expect(remembered.rows[0]).toEqual({ n: "0", visitors: "1" });

      // Running again changes nothing.
      expect(await runCleanup()).toEqual(["daily_cleanup: 0 navigation event(s) older than 30 days removed"]);
      expect(await stats()).toEqual(after);
    } finally {
      client.release();
    }
  });

  it("drops notice e-mail counts past their hour and rejected uplinks past 90 days", async () => {
    const client = await pool.connect();
    try {
      const sender = await makeUser(client as unknown as pg.Client);
      await client.query(
        `insert into app_private.notice_emails (sender_id, sent_at) values ($1, now() - interval '2 hours'), ($1, now() - interval '5 minutes')`,
        [sender.userId],
      );
      const device = (
        await client.query(
          `insert into app_public.devices (device_id, name, model, is_public, location) values ('eui-cleanup0001', 'Probe', 'LSE01', true, point(51.4, -0.9)) returning id`,
        )
      ).rows[0].id;
      await client.query(
        `insert into app_private.rejected_uplinks (device_id, received_at, f_cnt, data, reason, stored_at) values
          ($1, now() - interval '100 days', 1, '{}', 'received_at is in the future', now() - interval '100 days'),
          ($1, now() - interval '1 day', 2, '{}', 'water must be between 0 and 100 % (got 150)', now() - interval '1 day')`,
        [device],
      );
      await runCleanup();
      expect(
        (await client.query("select count(*)::int as n from app_private.notice_emails where sender_id = $1", [sender.userId])).rows[0].n,
      ).toBe(1);
      expect((await client.query("select f_cnt from app_private.rejected_uplinks where device_id = $1", [device])).rows).toEqual([
        { f_cnt: 2 },
      ]);
    } finally {
      client.release();
    }
  });
});
