// Navigation rollups (issue 11, db/migrations/20261122000200_navigation_rollups.sql and
// 20261122000210_analytics_windows.sql): the admin statistics read daily rollups; they must answer
// exactly what the raw events say, for every window (ending today or in the past). The oracle
// queries below are the statistics as they were computed straight from the raw events.
import { describe, it, expect, beforeAll, afterAll, inject, vi } from "vitest";
import pg from "pg";
import { randomUUID, randomBytes } from "node:crypto";
import { owner, makeUser } from "./sql-client.ts";
import { createTestDatabase, dropTestDatabase } from "../../test/database.ts";

/**
 * Waits until `waiting`'s statement `pending` is blocked by a lock another session holds, as
 * PostgreSQL reports it, or has already finished (it found nothing held): either way the race the
 * test sets up has been run, however slow the machine.
 */
async function untilBlockedOrDone(waiting: pg.Client, pending: Promise<unknown>, what: string): Promise<void> {
  const pid = (waiting as pg.Client & { processID: number }).processID;
  let done = false;
  pending.then(
    () => (done = true),
    () => (done = true),
  );
  await vi.waitFor(
    async () => {
      if (done) return;
      const { rows } = await db.query("select cardinality(pg_blocking_pids($1)) > 0 as blocked", [pid]);
      expect(rows[0].blocked, `${what} (session ${pid}) waits for a lock or is done`).toBe(true);
    },
    { timeout: 15_000, interval: 20 },
  );
}

let db: pg.Client;
let admin: Awaited<ReturnType<typeof makeUser>>;
let member: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  db = await owner();
  admin = await makeUser(db, { admin: true });
  member = await makeUser(db);
});
afterAll(async () => {
  await db.end();
});

// ---------------------------------------------------------------------------------------------
// Oracles: the raw-event statistics ($1 first day, $2 last day, both UTC and inclusive; $3 one person or null).
const WINDOW = `e.occurred_at >= $1::date::timestamp at time zone 'UTC' and e.occurred_at < ($2::date + 1)::timestamp at time zone 'UTC'
  and ($3::uuid is null or e.user_id = $3::uuid)`;
const ORACLE = {
  route: `select e.to_route, count(*), sum(e.time_spent), round(avg(e.time_spent), 1), min(e.occurred_at), max(e.occurred_at),
            count(distinct e.user_id), count(distinct e.session_id)
          from app_private.navigation_events e where ${WINDOW}
          group by e.to_route order by count(*) desc, e.to_route`,
  pattern: `select e.from_route, e.to_route, count(*), round(avg(e.time_spent), 1), count(distinct e.user_id), count(distinct e.session_id),
              min(e.occurred_at), max(e.occurred_at)
            from app_private.navigation_events e where e.from_route is not null and ${WINDOW}
            group by e.from_route, e.to_route order by count(*) desc, e.from_route, e.to_route`,
  daily: `select (e.occurred_at at time zone 'UTC')::date, count(*), count(distinct e.session_id), count(distinct e.to_route),
            round(avg(e.time_spent), 1), count(distinct e.user_id)
          from app_private.navigation_events e where ${WINDOW} group by 1 order by 1`,
  session: `with sessions as (
              select s.session_id, s.user_id, s.started_at,
                     extract(epoch from (coalesce(s.ended_at, ev.last_at) - s.started_at)) as duration, coalesce(ev.n, 0) as navigations
              from app_private.navigation_sessions s
              left join lateral (select count(*) as n, max(occurred_at) as last_at from app_private.navigation_events e
                                 where e.session_id = s.session_id) ev on true
              where s.started_at >= $1::date::timestamp at time zone 'UTC' and s.started_at < ($2::date + 1)::timestamp at time zone 'UTC'
                and ($3::uuid is null or s.user_id = $3::uuid))
            select x.user_id, u.username::text, count(*), round(avg(x.duration)::numeric, 1), sum(x.navigations),
                   round(avg(x.navigations)::numeric, 2), min(x.started_at), max(x.started_at)
            from sessions x left join app_public.users u on u.id = x.user_id
            group by x.user_id, u.username order by count(*) desc, x.user_id`,
};
const FUNCTION = {
  route: "select * from app_hidden.navigation_route_stats_rows($1, $2, $3)",
  pattern: "select * from app_hidden.navigation_pattern_stats_rows($1, $2, $3)",
  daily: "select * from app_hidden.navigation_daily_stats_rows($1, $2, $3)",
  session: "select * from app_hidden.navigation_session_stats_rows($1, $2, $3)",
};

/** Runs a statistic as the API does: as bk_admin, with the admin's session claim. The rollup logic
 * lives in the app_hidden *_rows functions; the public ones only cast counts to int (20261125001500). */
async function asAdmin(sql: string, params: unknown[]) {
  await db.query("begin");
  try {
    await db.query("select set_config('role', 'bk_admin', true), set_config('jwt.claims.session_id', $1, true)", [admin.sessionId]);
    return (await db.query({ text: sql, values: params, rowMode: "array" })).rows;
  } finally {
    await db.query("rollback");
  }
}

/** Each statistic as the API answers it and as the raw events say, both read in one snapshot
 *  (windows reaching today hold other tests' events, written meanwhile). */
async function expectStatisticsMatchRaw(first: string, last: string, target: string | null) {
  for (const stat of ["route", "pattern", "daily", "session"] as const) {
    await db.query("begin isolation level repeatable read");
    try {
      await db.query("select set_config('role', 'bk_admin', true), set_config('jwt.claims.session_id', $1, true)", [admin.sessionId]);
      const fromRollups = (await db.query({ text: FUNCTION[stat], values: [first, last, target], rowMode: "array" })).rows;
      await db.query("reset role");
      const fromRaw = (await db.query({ text: ORACLE[stat], values: [first, last, target], rowMode: "array" })).rows;
      expect({ stat, first, last, target, rows: fromRollups }).toEqual({ stat, first, last, target, rows: fromRaw });
    } finally {
      await db.query("rollback");
    }
  }
}

// ---------------------------------------------------------------------------------------------
// A known event set, on days of 2025 no other test uses (events are inserted as the owner: sync
// refuses events older than 30 days). Sessions cross midnight, a session comes back days later,
// a guest and an anonymous visitor (no id) take part.
const D1 = "2025-03-30";
const D2 = "2025-03-31";
const D3 = "2025-04-01";
// A visitor coming back after days, whose days arrive out of order (the last first, then the
// first, then one between): gaps are added before and between days already stored.
const D0 = "2025-03-25";
const D5 = "2025-04-05";
const D8 = "2025-04-08";

describe("statistics from the rollups on a known event set", () => {
  const tag = randomBytes(4).toString("hex");
  const A = `/k${tag}/a`;
  const B = `/k${tag}/b`;
  const C = `/k${tag}/c`;
  const u2 = randomUUID();
  const guest = randomUUID();
  const u3 = randomUUID();
  const [s1, s2, s3, s4, s5, s6, s7] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];

  beforeAll(async () => {
    const u1 = member.userId;
    const events: [string, string | null, boolean, string | null, string, string, number][] = [
      // session, user, guest, from, to, at (UTC), time spent
      [s1, u1, false, null, A, `${D1}T23:50:00Z`, 0],
      [s1, u1, false, A, B, `${D1}T23:55:00Z`, 300_000],
      [s1, u1, false, B, A, `${D2}T00:05:00Z`, 600_000],
      [s1, u1, false, A, B, `${D2}T00:10:00Z`, 300_000],
      [s2, u1, false, null, A, `${D3}T10:00:00Z`, 0],
      [s2, u1, false, A, C, `${D3}T10:01:00Z`, 60_000],
      [s3, u2, false, null, B, `${D1}T12:00:00Z`, 0],
      [s3, u2, false, B, A, `${D1}T12:02:00Z`, 120_000],
      [s3, u2, false, A, B, `${D3}T08:00:00Z`, 1_000],
      [s4, guest, true, null, A, `${D2}T15:00:00Z`, 0],
      [s4, guest, true, A, A, `${D2}T15:01:00Z`, 5_000],
      [s5, null, true, null, C, `${D2}T16:00:00Z`, 0],
      [s5, null, true, C, A, `${D2}T16:00:30Z`, 30_001],
    ];
    // u3: session s6 on D8, then D0, then D5; session s7 on D5 between them.
    const comeback: typeof events = [
      [s6, u3, false, null, A, `${D8}T09:00:00Z`, 0],
      [s6, u3, false, A, B, `${D8}T09:01:00Z`, 60_000],
      [s6, u3, false, null, A, `${D0}T09:00:00Z`, 0],
      [s6, u3, false, A, B, `${D0}T09:05:00Z`, 300_000],
      [s7, u3, false, null, A, `${D5}T10:00:00Z`, 0],
      [s7, u3, false, A, B, `${D5}T10:02:00Z`, 120_000],
      [s6, u3, false, B, A, `${D5}T20:00:00Z`, 7_000],
    ];
    // Several statements, one of them repeating rows already stored, as batches arrive.
    for (const chunk of [
      events.slice(0, 5),
      events.slice(3, 9),
      events.slice(9),
      events.slice(0, 2),
      comeback.slice(0, 2),
      comeback.slice(2, 4),
      comeback.slice(4, 6),
      comeback.slice(6),
    ]) {
      await db.query(
        `insert into app_private.navigation_events (session_id, user_id, is_guest, from_route, to_route, occurred_at, time_spent)
         select * from unnest($1::uuid[], $2::uuid[], $3::boolean[], $4::text[], $5::text[], $6::timestamptz[], $7::int[])
         on conflict on constraint navigation_events_once do nothing`,
        [0, 1, 2, 3, 4, 5, 6].map((i) => chunk.map((e) => e[i])),
      );
    }
    await db.query(
      `insert into app_private.navigation_sessions (session_id, user_id, is_guest, started_at, ended_at) values
        ($1, $6, false, '${D1}T23:50:00Z', '${D2}T00:20:00Z'), ($2, $6, false, '${D3}T10:00:00Z', null),
        ($3, $7, false, '${D1}T12:00:00Z', null), ($4, $8, true, '${D2}T15:00:00Z', '${D2}T15:30:00Z'),
        ($5, null, true, '${D2}T16:00:00Z', null), ($9, $10, false, '${D0}T09:00:00Z', null),
        ($11, $10, false, '${D5}T10:00:00Z', '${D5}T10:30:00Z')`,
      [s1, s2, s3, s4, s5, u1, u2, guest, s6, u3, s7],
    );
  });

  it("counts a visitor or session seen on several days once", async () => {
    const routes = await asAdmin(FUNCTION.route, [D1, D2, null]);
    const a = routes.find((r) => r[0] === A)!;
    // A on D1-D2: s1 twice (either side of midnight), s3 once, the guest twice, the anonymous visitor once.
    expect(a.slice(1, 4)).toEqual(["6", "755001", "125833.5"]);
    expect(a.slice(6)).toEqual(["3", "4"]); // visitors: member, u2, guest; sessions s1, s3, s4, s5
    const patterns = await asAdmin(FUNCTION.pattern, [D1, D3, null]);
    expect(patterns.find((p) => p[0] === A && p[1] === B)!.slice(2, 6)).toEqual(["3", "200333.3", "2", "2"]);
    const daily = await asAdmin(FUNCTION.daily, [D1, D3, null]);
    expect(daily.map((d) => d.slice(1))).toEqual([
      ["4", "2", "2", "105000.0", "2"],
      ["6", "3", "3", "155833.5", "2"],
      ["3", "2", "3", "20333.3", "2"],
    ]);
  });

  it("answers every statistic as the raw events do, for every window and person", async () => {
    const windows: [string, string][] = [
      [D1, D3],
      [D1, D1],
      [D2, D2],
      [D3, D3],
      [D1, D2],
      [D2, D3],
      ["2025-03-01", "2025-04-30"],
      ["2025-04-02", "2025-04-09"],
    ];
    for (const [first, last] of windows) {
      for (const target of [null, member.userId, u2, guest, u3]) await expectStatisticsMatchRaw(first, last, target);
    }
  });

  it("answers every window that starts and ends on any of the days around the events", async () => {
    // Windows ending before, on and after the routes' last days, starting before, on and after
    // visitors' first days: each day is a window edge somewhere.
    const days = ["2025-03-24", D0, "2025-03-28", D1, D2, D3, "2025-04-03", D5, "2025-04-06", D8, "2025-04-09"];
    for (let i = 0; i < days.length; i++) {
      for (let j = i; j < days.length; j++) await expectStatisticsMatchRaw(days[i], days[j], null);
    }
  });

  it("counts someone who comes back after days once in a window holding both visits, twice in two windows", async () => {
    const route = (rows: any[][]) => rows.find((r) => r[0] === A)!;
    const u3Only = async (first: string, last: string) => route(await asAdmin(FUNCTION.route, [first, last, u3])).slice(6);
    expect(await u3Only(D0, D8)).toEqual(["1", "2"]); // s6 (D0, D5, D8) and s7 (D5)
    expect(await u3Only("2025-04-02", D8)).toEqual(["1", "2"]);
    // For everyone: A from D3 to D8 is u1 (s2) on D3 and u3 on D5 and D8 (s6, s7).
    const a = route(await asAdmin(FUNCTION.route, [D3, D8, null]));
    expect([a[1], a[6], a[7]]).toEqual(["4", "2", "3"]);
    // s6 from D0 09:00 to its last navigation, D8 09:01 (14 days and a minute), s7 half an hour.
    const sessions = await asAdmin(FUNCTION.session, [D0, D8, u3]);
    expect(sessions.map((r) => r.slice(2))).toEqual([
      ["2", "605730.0", "7", "3.50", new Date(`${D0}T09:00:00Z`), new Date(`${D5}T10:00:00Z`)],
    ]);
  });

  it("keeps its rollup rows equal to what the raw events say", async () => {
    await expectRollupsMatchRaw(db, `/k${tag}`, [s1, s2, s3, s4, s5, s6, s7], [member.userId, u2, guest, u3]);
  });

  it("the summary reads the same statistics", async () => {
    const [[summary]] = await asAdmin("select app_public.get_navigation_analytics(null, $1, $2)", [D1, D3]);
    expect(summary.mostVisitedRoutes.map((r: any) => [r.route, r.visitCount, r.uniqueVisitors, r.uniqueSessions])).toEqual([
      [A, 7, 3, 5],
      [B, 4, 2, 2],
      [C, 2, 1, 2],
    ]);
    expect(summary.sessionSummary).toMatchObject({ totalSessions: 5, totalNavigations: 13, uniqueVisitors: 4 });
  });
});

// ---------------------------------------------------------------------------------------------
// The rollup tables themselves, against the same figures grouped straight from the raw rows.

/** Rows in one query and not the other, in one statement (one snapshot, whatever other tests do). */
async function differences(client: pg.Client, rollup: string, raw: string, params: unknown[]) {
  const { rows } = await client.query(
    // p declares all three parameters, whichever of them the two queries use.
    `with p as (select $1::text, $2::uuid[], $3::uuid[]), a as (${rollup}), b as (${raw})
     select 'rollup only' as side, * from (select * from a except all select * from b) x
     union all select 'raw only', * from (select * from b except all select * from a) y`,
    params,
  );
  return rows;
}

const DAY = "(e.occurred_at at time zone 'UTC')::date";
const DAYS = `range_agg(daterange(${DAY}, ${DAY}, '[]'))`;
/** Each rollup and membership table for routes under a prefix ($1), and for given sessions ($2) and visitors ($3). */
const ROLLUP_CHECKS: [string, string, string][] = [
  [
    "route days",
    "select day, route, visits, time_spent, first_at, last_at, visitors, sessions from app_private.navigation_route_days where route like $1 || '%'",
    `select ${DAY}, e.to_route, count(*), sum(e.time_spent), min(e.occurred_at), max(e.occurred_at), count(distinct e.user_id), count(distinct e.session_id)
     from app_private.navigation_events e where e.to_route like $1 || '%' group by 1, 2`,
  ],
  [
    "pattern days",
    "select day, from_route, to_route, occurrences, time_spent, first_at, last_at, visitors, sessions from app_private.navigation_pattern_days where to_route like $1 || '%'",
    `select ${DAY}, e.from_route, e.to_route, count(*), sum(e.time_spent), min(e.occurred_at), max(e.occurred_at), count(distinct e.user_id), count(distinct e.session_id)
     from app_private.navigation_events e where e.to_route like $1 || '%' and e.from_route is not null group by 1, 2, 3`,
  ],
  [
    "route visitors",
    "select route, user_id, days from app_private.navigation_route_visitors where route like $1 || '%'",
    `select e.to_route, e.user_id, ${DAYS} from app_private.navigation_events e where e.to_route like $1 || '%' and e.user_id is not null group by 1, 2`,
  ],
  [
    "route sessions",
    "select route, session_id, days from app_private.navigation_route_sessions where route like $1 || '%'",
    `select e.to_route, e.session_id, ${DAYS} from app_private.navigation_events e where e.to_route like $1 || '%' group by 1, 2`,
  ],
  [
    "pattern visitors",
    "select from_route, to_route, user_id, days from app_private.navigation_pattern_visitors where to_route like $1 || '%'",
    `select e.from_route, e.to_route, e.user_id, ${DAYS} from app_private.navigation_events e
     where e.to_route like $1 || '%' and e.from_route is not null and e.user_id is not null group by 1, 2, 3`,
  ],
  [
    "pattern sessions",
    "select from_route, to_route, session_id, days from app_private.navigation_pattern_sessions where to_route like $1 || '%'",
    `select e.from_route, e.to_route, e.session_id, ${DAYS} from app_private.navigation_events e
     where e.to_route like $1 || '%' and e.from_route is not null group by 1, 2, 3`,
  ],
  [
    "session totals",
    "select session_id, navigations, last_at, days from app_private.navigation_session_totals where session_id = any($2::uuid[])",
    `select e.session_id, count(*), max(e.occurred_at), ${DAYS} from app_private.navigation_events e where e.session_id = any($2::uuid[]) group by 1`,
  ],
  [
    "visitor days",
    "select user_id, days from app_private.navigation_visitor_days where user_id = any($3::uuid[])",
    `select e.user_id, ${DAYS} from app_private.navigation_events e where e.user_id = any($3::uuid[]) group by 1`,
  ],
  // The returns arrays, by their definition: element k of a day's is how many of its visitors
  // (sessions) were also on the route (pattern) in the k days before.
  [
    "route returns",
    `select r.day, r.route, k, coalesce(r.visitor_returns[least(k, cardinality(r.visitor_returns))], 0),
            coalesce(r.session_returns[least(k, cardinality(r.session_returns))], 0)
     from app_private.navigation_route_days r, generate_series(1, 20) k where r.route like $1 || '%'`,
    `select d.day, d.route, k,
            (select count(distinct e.user_id) from app_private.navigation_events e
             where e.to_route = d.route and ${DAY} = d.day and exists (
               select 1 from app_private.navigation_events f where f.to_route = e.to_route and f.user_id = e.user_id
                 and (f.occurred_at at time zone 'UTC')::date between d.day - k and d.day - 1)),
            (select count(distinct e.session_id) from app_private.navigation_events e
             where e.to_route = d.route and ${DAY} = d.day and exists (
               select 1 from app_private.navigation_events f where f.to_route = e.to_route and f.session_id = e.session_id
                 and (f.occurred_at at time zone 'UTC')::date between d.day - k and d.day - 1))
     from (select distinct ${DAY} as day, e.to_route as route from app_private.navigation_events e where e.to_route like $1 || '%') d,
          generate_series(1, 20) k`,
  ],
  [
    "pattern returns",
    `select p.day, p.from_route, p.to_route, k, coalesce(p.visitor_returns[least(k, cardinality(p.visitor_returns))], 0),
            coalesce(p.session_returns[least(k, cardinality(p.session_returns))], 0)
     from app_private.navigation_pattern_days p, generate_series(1, 20) k where p.to_route like $1 || '%'`,
    `select d.day, d.from_route, d.to_route, k,
            (select count(distinct e.user_id) from app_private.navigation_events e
             where e.from_route = d.from_route and e.to_route = d.to_route and ${DAY} = d.day and exists (
               select 1 from app_private.navigation_events f
               where f.from_route = e.from_route and f.to_route = e.to_route and f.user_id = e.user_id
                 and (f.occurred_at at time zone 'UTC')::date between d.day - k and d.day - 1)),
            (select count(distinct e.session_id) from app_private.navigation_events e
             where e.from_route = d.from_route and e.to_route = d.to_route and ${DAY} = d.day and exists (
               select 1 from app_private.navigation_events f
               where f.from_route = e.from_route and f.to_route = e.to_route and f.session_id = e.session_id
                 and (f.occurred_at at time zone 'UTC')::date between d.day - k and d.day - 1))
     from (select distinct ${DAY} as day, e.from_route, e.to_route from app_private.navigation_events e
           where e.to_route like $1 || '%' and e.from_route is not null) d,
          generate_series(1, 20) k`,
  ],
  [
    "people's session days",
    `select user_id, day, sessions, duration_us, timed_sessions, navigations, first_started, last_started, next_day, next_first_started,
            person_first_started, total_sessions, total_duration_us, total_timed_sessions, total_navigations
     from app_private.navigation_user_session_days where user_id = any($3::uuid[])`,
    `select x.*, lead(x.day) over w, lead(x.first_started) over w, first_value(x.first_started) over w,
            sum(x.sessions) over w, sum(x.duration_us) over w, sum(x.timed_sessions) over w, sum(x.navigations) over w
     from (select s.user_id, (s.started_at at time zone 'UTC')::date as day, count(*) as sessions,
                  coalesce(sum((extract(epoch from (coalesce(s.ended_at, ev.last_at) - s.started_at)) * 1000000)::bigint), 0) as duration_us,
                  count(coalesce(s.ended_at, ev.last_at)) as timed_sessions, coalesce(sum(ev.n), 0) as navigations,
                  min(s.started_at) as first_started, max(s.started_at) as last_started
           from app_private.navigation_sessions s
           left join lateral (select count(*) as n, max(e.occurred_at) as last_at from app_private.navigation_events e
                              where e.session_id = s.session_id having count(*) > 0) ev on true
           where s.user_id = any($3::uuid[]) group by 1, 2) x
     window w as (partition by x.user_id order by x.day)`,
  ],
  // Every day at once: other tests' events are in it, which one snapshot keeps consistent.
  [
    "days",
    "select day, navigations, time_spent, sessions, visitors from app_private.navigation_days where day >= (select closed_before from app_private.navigation_rollup_state)",
    `select ${DAY}, count(*), sum(e.time_spent), count(distinct e.session_id), count(distinct e.user_id) from app_private.navigation_events e
     where ${DAY} >= (select closed_before from app_private.navigation_rollup_state)
     group by 1`,
  ],
];

async function expectRollupsMatchRaw(client: pg.Client, prefix: string, sessions: string[], visitors: string[]) {
  for (const [name, rollup, raw] of ROLLUP_CHECKS) {
    const rows = await differences(client, rollup, raw, [prefix, sessions, visitors]);
    expect({ name, rows }).toEqual({ name, rows: [] });
  }
}

const SYNC = "select (app_public.sync_navigation_events($1, null, $2)).*";

/** Acts as a signed-in member (or a guest id) in the current transaction of `client`. */
async function actAs(client: pg.Client, who: { sessionId?: string; guestId?: string }) {
  await client.query(
    "select set_config('role', $1, true), set_config('jwt.claims.session_id', $2, true), set_config('jwt.claims.user_id', $3, true)",
    [who.sessionId ? "bk_user" : "bk_anonymous", who.sessionId ?? "", who.guestId ?? ""],
  );
}

describe("rollups kept current by the trigger", () => {
  it("agree with the raw events after duplicate and overlapping batches", async () => {
    const prefix = `/d${randomBytes(4).toString("hex")}`;
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const batchA = [
      { from: null, to: `${prefix}/`, timestamp: ago(90), timeSpent: 0 },
      { from: `${prefix}/`, to: `${prefix}/x`, timestamp: ago(80), timeSpent: 600_000 },
      { from: `${prefix}/x`, to: `${prefix}/`, timestamp: ago(70), timeSpent: 600_000 },
    ];
    // Overlaps A (its last two events) and repeats one of its own events.
    const batchB = [
      ...batchA.slice(1),
      { from: `${prefix}/`, to: `${prefix}/y`, timestamp: ago(60), timeSpent: 12 },
      { from: `${prefix}/`, to: `${prefix}/y`, timestamp: ago(60), timeSpent: 12 },
    ];
    const memberSession = randomUUID();
    const guestSession = randomUUID();
    const guestId = randomUUID();
    await db.query("begin");
    try {
      await actAs(db, { sessionId: member.sessionId });
      const first = (await db.query(SYNC, [memberSession, JSON.stringify(batchA)])).rows[0];
      const again = (await db.query(SYNC, [memberSession, JSON.stringify(batchA)])).rows[0];
      const overlap = (await db.query(SYNC, [memberSession, JSON.stringify(batchB)])).rows[0];
      expect([first.synced_count, again.synced_count, overlap.synced_count]).toEqual([3, 3, 4]);
      await actAs(db, { guestId });
      await db.query(SYNC, [guestSession, JSON.stringify(batchB)]);
      await db.query(SYNC, [guestSession, JSON.stringify(batchB)]);
      await db.query("reset role");

      const stored = await db.query("select count(*)::int as n from app_private.navigation_events where to_route like $1 || '%'", [prefix]);
      expect(stored.rows[0].n).toBe(4 + 3);
      await expectRollupsMatchRaw(db, prefix, [memberSession, guestSession], [member.userId, guestId]);
      const visits = await db.query(
        "select sum(visits)::int as n, sum(visitors)::int as v from app_private.navigation_route_days where route = $1",
        [`${prefix}/y`],
      );
      expect(visits.rows[0]).toEqual({ n: 2, v: 2 });

      // The repair function rebuilds the same tables from the raw events (arrays spelt the same).
      const rebuilt: [string, unknown[]][] = [
        ["select * from app_private.navigation_route_days where route like $1 || '%' order by day, route", [prefix]],
        ["select * from app_private.navigation_pattern_days where to_route like $1 || '%' order by day, from_route, to_route", [prefix]],
        [
          "select * from app_private.navigation_user_session_days where user_id = any($1::uuid[]) order by user_id, day",
          [[member.userId, guestId]],
        ],
      ];
      const read = async () => {
        const tables = [];
        for (const [sql, params] of rebuilt) tables.push((await db.query(sql, params)).rows);
        return tables;
      };
      const before = await read();
      await db.query("select app_private.rebuild_navigation_rollups()");
      expect(await read()).toEqual(before);
      await expectRollupsMatchRaw(db, prefix, [memberSession, guestSession], [member.userId, guestId]);
    } finally {
      await db.query("rollback");
    }
  });

  it("counts once what two racing batches both bring, without deadlocking", async () => {
    const prefix = `/r${randomBytes(4).toString("hex")}`;
    const session = randomUUID();
    const now = Date.now();
    const at = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
    // The same visitor and session on the same routes, in opposite orders, with one event in common.
    const one = [
      { to: `${prefix}/p`, timestamp: at(30) },
      { from: `${prefix}/p`, to: `${prefix}/q`, timestamp: at(29) },
    ];
    const two = [
      { from: `${prefix}/q`, to: `${prefix}/p`, timestamp: at(28) },
      { to: `${prefix}/p`, timestamp: at(30) },
    ];
    const other = await owner();
    try {
      await db.query("begin");
      await actAs(db, { sessionId: member.sessionId });
      await db.query(SYNC, [session, JSON.stringify(one)]);
      await other.query("begin");
      await actAs(other, { sessionId: member.sessionId });
      const racing = other.query(SYNC, [session, JSON.stringify(two)]);
      await untilBlockedOrDone(other, racing, "the second batch"); // it has reached the rows the first batch holds
      await db.query("commit");
      expect((await racing).rows[0].synced_count).toBe(2);
      await other.query("commit");
    } finally {
      await db.query("rollback").catch(() => {});
      await other.end();
    }
    await expectRollupsMatchRaw(db, prefix, [session], [member.userId]);
    const p = await db.query(
      "select sum(visits)::int as visits, sum(visitors)::int as visitors, sum(sessions)::int as sessions from app_private.navigation_route_days where route = $1",
      [`${prefix}/p`],
    );
    expect(p.rows[0]).toEqual({ visits: 2, visitors: 1, sessions: 1 });
  });
});

// ---------------------------------------------------------------------------------------------
// Windows reaching far back and up to (or past) today: everything every other test synced is in
// them too, which one snapshot keeps consistent.
describe("windows from 2025 to today", () => {
  it("answer every statistic as the raw events do", async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);
    for (const [first, last] of [
      [D2, day(0)],
      [D0, day(-1)],
      ["2025-01-01", day(1)],
      [D3, day(0)],
      [day(-2), day(0)],
    ]) {
      await expectStatisticsMatchRaw(first, last, null);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// syncUserSession and syncNavigationEvents for the same session and person at once (a deadlock was
// reported once under load). Both take the session's row, then the person's lock, then (events
// only) the rollup rows in one order: whichever comes second waits.
describe("a person's session and events synced at the same time", () => {
  const SESSION_SYNC = "select (app_public.sync_user_session($1, null, $2, $3, 'race test')).*";

  it("wait for each other in either order, never deadlock, and agree with the raw events", async () => {
    const prefix = `/w${randomBytes(4).toString("hex")}`;
    const [session, other] = [randomUUID(), randomUUID()];
    const now = Date.now();
    const hoursAgo = (h: number) => new Date(now - h * 3600_000).toISOString();
    const batch = (round: number, lane: number) =>
      [0, 1].map((i) => ({
        from: i === 0 ? null : `${prefix}/${lane}`,
        to: `${prefix}/${(round + i) % 3}`,
        timestamp: hoursAgo(round * 13 + lane * 5 + i),
        timeSpent: 1000 * (round + i),
      }));
    const clients = await Promise.all([owner(), owner(), owner()]);
    try {
      // One holds its locks (not yet committed) while the other starts: both orders.
      for (const eventsFirst of [true, false]) {
        const [a, b] = clients;
        for (const c of [a, b]) {
          await c.query("begin");
          await actAs(c, { sessionId: member.sessionId });
        }
        const events = () => (eventsFirst ? a : b).query(SYNC, [session, JSON.stringify(batch(eventsFirst ? 0 : 1, 0))]);
        const summary = () => (eventsFirst ? b : a).query(SESSION_SYNC, [session, hoursAgo(eventsFirst ? 20 : 30), hoursAgo(1)]);
        await (eventsFirst ? events() : summary());
        const second = eventsFirst ? summary() : events();
        await untilBlockedOrDone(b, second, eventsFirst ? "the summary" : "the events"); // it has reached the session row the first holds
        await a.query("commit");
        const answer = (await second).rows[0];
        expect(answer.success).toBe(true);
        await b.query("commit");
      }
      // Three connections at once, many rounds: events and the session summary for one session, and
      // events for another session of the same person. The session's start moves back each round.
      for (let round = 2; round < 14; round++) {
        await Promise.all(
          clients.map(async (c, lane) => {
            await c.query("begin");
            await actAs(c, { sessionId: member.sessionId });
            const r =
              lane === 1
                ? await c.query(SESSION_SYNC, [session, hoursAgo(round * 13 + 10), hoursAgo(1)])
                : await c.query(SYNC, [lane === 0 ? session : other, JSON.stringify(batch(round, lane))]);
            expect(r.rows[0].success).toBe(true);
            await c.query("commit");
          }),
        );
      }
      // The person's lock (refresh_navigation_user_session_days) held by a third connection while
      // the events and then the summary queue for it. When it goes, the events get it first (the
      // queue is in order) and go on to the session's row: they must not find the summary holding
      // it (that is the deadlock an order of events first, session row second would make).
      const [a, b, c] = clients;
      await c.query("select pg_advisory_lock(hashtext('navigation_user_sessions'), hashtext($1))", [member.userId]);
      for (const x of [a, b]) {
        await x.query("begin");
        await actAs(x, { sessionId: member.sessionId });
      }
      const events = a.query(SYNC, [session, JSON.stringify(batch(14, 0))]);
      await untilBlockedOrDone(a, events, "the events");
      const summary = b.query(SESSION_SYNC, [session, hoursAgo(2), hoursAgo(1)]);
      await untilBlockedOrDone(b, summary, "the summary");
      await c.query("select pg_advisory_unlock(hashtext('navigation_user_sessions'), hashtext($1))", [member.userId]);
      expect((await events).rows[0].success).toBe(true);
      await a.query("commit");
      expect((await summary).rows[0].success).toBe(true);
      await b.query("commit");
    } finally {
      for (const c of clients) {
        await c.query("rollback").catch(() => {});
        await c.end();
      }
    }
    await expectRollupsMatchRaw(db, prefix, [session, other], [member.userId]);
    const started = await db.query("select started_at from app_private.navigation_sessions where session_id = $1", [session]);
    expect(started.rows[0].started_at).toEqual(new Date(hoursAgo(14 * 13 + 1))); // the last batch's earlier event
  });
});

// ---------------------------------------------------------------------------------------------
// Retention closes days: their visitors can no longer be told apart, so a window counts each
// closed day's own visitors and sessions, and the open days' exactly, even for someone whose
// previous visit was on a closed day. Its own database: pruning closes days for every test in it.
describe("windows across days the retention closed", () => {
  let url: string;
  let own: pg.Client;
  beforeAll(async () => {
    url = await createTestDatabase(inject("adminUrl"), "bk_rollup_prune");
    own = new pg.Client({ connectionString: url });
    await own.connect();
  }, 60_000);
  afterAll(async () => {
    await own?.end();
    if (url) await dropTestDatabase(inject("adminUrl"), url);
  });

  it("count closed days day by day and open days exactly, for every window", async () => {
    const boss = await makeUser(own, { admin: true });
    const [u1, u2, u3] = [randomUUID(), randomUUID(), randomUUID()];
    const [s1, s2, s3, s4] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const noon = (n: number) => `(((now() at time zone 'UTC')::date - ${n}) + time '12:00') at time zone 'UTC'`;
    // [session, user, days ago, from, to]: u1 comes back across the 30-day cut, s2 too.
    const visits: [string, string, number, string | null, string][] = [
      [s1, u1, 40, null, "/a"],
      [s1, u1, 33, "/a", "/b"],
      [s2, u1, 31, null, "/a"],
      [s2, u1, 25, "/a", "/b"],
      [s2, u1, 10, null, "/a"],
      [s3, u1, 2, "/a", "/b"],
      [s3, u2, 35, null, "/a"],
      [s4, u2, 5, "/a", "/b"],
      [s4, u3, 29, null, "/a"],
      [s4, u3, 2, "/b", "/a"],
    ];
    for (const [session, user, ago, from, to] of visits) {
      await own.query(
        `insert into app_private.navigation_events (session_id, user_id, from_route, to_route, occurred_at, time_spent)
         values ($1, $2, $3, $4, ${noon(ago)}, 100)`,
        [session, user, from, to],
      );
    }
    await own.query("select app_private.prune_navigation_events(interval '30 days')");
    const closed = (await own.query("select closed_before::text as day from app_private.navigation_rollup_state")).rows[0].day;
    // The days now closed keep no returns (nothing reads them).
    const kept = await own.query(
      `select count(*)::int as n from app_private.navigation_route_days
      where day < $1 and (visitor_returns <> '{}' or session_returns <> '{}')`,
      [closed],
    );
    expect(kept.rows[0].n).toBe(0);

    // Expected: closed days' own counts plus the distinct visitors and sessions of the open days.
    const expected = (stat: "route" | "pattern") => {
      const key = stat === "route" ? "route" : "from_route, to_route";
      const rollup = stat === "route" ? "navigation_route_days" : "navigation_pattern_days";
      const raw = stat === "route" ? "e.to_route" : "e.from_route, e.to_route";
      return `select ${key
        .split(", ")
        .map((k) => `k.${k}`)
        .join(", ")}, sum(k.visitors)::bigint, sum(k.sessions)::bigint from (
          select ${key}, visitors, sessions from app_private.${rollup} where day between $1 and $2 and day < $3::date
          union all
          select ${raw}, count(distinct e.user_id), count(distinct e.session_id) from app_private.navigation_events e
          where e.occurred_at >= greatest($1::date, $3::date)::timestamp at time zone 'UTC'
            and e.occurred_at < ($2::date + 1)::timestamp at time zone 'UTC' ${stat === "pattern" ? "and e.from_route is not null" : ""}
          group by ${raw}) k
        group by ${key
          .split(", ")
          .map((k) => `k.${k}`)
          .join(", ")} order by 1, 2`;
    };
    const day = (n: number) => new Date(Date.now() - n * 86400_000).toISOString().slice(0, 10);
    const edges = [45, 40, 35, 33, 31, 30, 29, 25, 10, 5, 2, 0].map(day);
    for (let i = 0; i < edges.length; i++) {
      for (let j = i; j < edges.length; j++) {
        const [first, last] = [edges[i], edges[j]];
        await own.query("begin");
        try {
          await own.query("select set_config('role', 'bk_admin', true), set_config('jwt.claims.session_id', $1, true)", [boss.sessionId]);
          const routes = (
            await own.query(
              {
                rowMode: "array",
                text: "select route, unique_visitors, unique_sessions from app_hidden.navigation_route_stats_rows($1, $2) order by 1",
              },
              [first, last],
            )
          ).rows;
          const patterns = (
            await own.query(
              {
                rowMode: "array",
                text: "select from_route, to_route, unique_users, unique_sessions from app_hidden.navigation_pattern_stats_rows($1, $2) order by 1, 2",
              },
              [first, last],
            )
          ).rows;
          await own.query("reset role");
          const want = async (stat: "route" | "pattern") =>
            (await own.query({ rowMode: "array", text: expected(stat) }, [first, last, closed])).rows;
          expect({ first, last, routes, patterns }).toEqual({ first, last, routes: await want("route"), patterns: await want("pattern") });
        } finally {
          await own.query("rollback");
        }
      }
    }
    // /a over all of it: the closed days 40 (u1, s1), 35 (u2, s3) and 31 (u1, s2) count one by
    // one; the open days 29 (u3, s4), 10 (u1, s2) and 2 (u3, s4) count u1, u3, s2 and s4 once.
    await own.query("begin");
    await own.query("select set_config('role', 'bk_admin', true), set_config('jwt.claims.session_id', $1, true)", [boss.sessionId]);
    const all = (
      await own.query(
        "select visit_count, unique_visitors, unique_sessions from app_hidden.navigation_route_stats_rows($1, $2) where route = '/a'",
        [day(45), day(0)],
      )
    ).rows;
    await own.query("rollback");
    expect(all).toEqual([{ visit_count: "6", unique_visitors: "5", unique_sessions: "5" }]);
  });
});
