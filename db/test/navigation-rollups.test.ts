// Navigation rollups (issue 11, db/migrations/20261122000200_navigation_rollups.sql): the admin
// statistics now read daily rollups; they must answer exactly what the raw events say. The oracle
// queries below are the statistics as they were computed straight from the raw events.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import pg from "pg";
import { randomUUID, randomBytes } from "node:crypto";
import { owner, makeUser } from "./sql-client.ts";

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
  route: "select * from app_public.navigation_route_stats($1, $2, $3)",
  pattern: "select * from app_public.navigation_pattern_stats($1, $2, $3)",
  daily: "select * from app_public.navigation_daily_stats($1, $2, $3)",
  session: "select * from app_public.navigation_session_stats($1, $2, $3)",
};

/** Runs a statistic as the API does: as bk_admin, with the admin's session claim. */
async function asAdmin(sql: string, params: unknown[]) {
  await db.query("begin");
  try {
    await db.query("select set_config('role', 'bk_admin', true), set_config('jwt.claims.session_id', $1, true)", [admin.sessionId]);
    return (await db.query({ text: sql, values: params, rowMode: "array" })).rows;
  } finally {
    await db.query("rollback");
  }
}

async function expectStatisticsMatchRaw(first: string, last: string, target: string | null) {
  for (const stat of ["route", "pattern", "daily", "session"] as const) {
    const fromRollups = await asAdmin(FUNCTION[stat], [first, last, target]);
    const fromRaw = (await db.query({ text: ORACLE[stat], values: [first, last, target], rowMode: "array" })).rows;
    expect({ stat, first, last, target, rows: fromRollups }).toEqual({ stat, first, last, target, rows: fromRaw });
  }
}

// ---------------------------------------------------------------------------------------------
// A known event set, on days of 2025 no other test uses (events are inserted as the owner: sync
// refuses events older than 30 days). Sessions cross midnight, a session comes back days later,
// a guest and an anonymous visitor (no id) take part.
const D1 = "2025-03-30";
const D2 = "2025-03-31";
const D3 = "2025-04-01";

describe("statistics from the rollups on a known event set", () => {
  const tag = randomBytes(4).toString("hex");
  const A = `/k${tag}/a`;
  const B = `/k${tag}/b`;
  const C = `/k${tag}/c`;
  const u2 = randomUUID();
  const guest = randomUUID();
  const [s1, s2, s3, s4, s5] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];

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
    // Several statements, one of them repeating rows already stored, as batches arrive.
    for (const chunk of [events.slice(0, 5), events.slice(3, 9), events.slice(9), events.slice(0, 2)]) {
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
        ($5, null, true, '${D2}T16:00:00Z', null)`,
      [s1, s2, s3, s4, s5, u1, u2, guest],
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
      [D1, D3], [D1, D1], [D2, D2], [D3, D3], [D1, D2], [D2, D3], ["2025-03-01", "2025-04-30"], ["2025-04-02", "2025-04-09"],
    ];
    for (const [first, last] of windows) {
      for (const target of [null, member.userId, u2, guest]) await expectStatisticsMatchRaw(first, last, target);
    }
  });

  it("the summary reads the same statistics", async () => {
    const [[summary]] = await asAdmin("select app_public.get_navigation_analytics(null, $1, $2)", [D1, D3]);
    expect(summary.mostVisitedRoutes.map((r: any) => [r.route, r.visit_count, r.unique_visitors, r.unique_sessions])).toEqual([
      [A, 7, 3, 5], [B, 4, 2, 2], [C, 2, 1, 2],
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
  ["route days",
    "select day, route, visits, time_spent, first_at, last_at, visitors, sessions from app_private.navigation_route_days where route like $1 || '%'",
    `select ${DAY}, e.to_route, count(*), sum(e.time_spent), min(e.occurred_at), max(e.occurred_at), count(distinct e.user_id), count(distinct e.session_id)
     from app_private.navigation_events e where e.to_route like $1 || '%' group by 1, 2`],
  ["pattern days",
    "select day, from_route, to_route, occurrences, time_spent, first_at, last_at, visitors, sessions from app_private.navigation_pattern_days where to_route like $1 || '%'",
    `select ${DAY}, e.from_route, e.to_route, count(*), sum(e.time_spent), min(e.occurred_at), max(e.occurred_at), count(distinct e.user_id), count(distinct e.session_id)
     from app_private.navigation_events e where e.to_route like $1 || '%' and e.from_route is not null group by 1, 2, 3`],
  ["route visitors",
    "select route, user_id, days from app_private.navigation_route_visitors where route like $1 || '%'",
    `select e.to_route, e.user_id, ${DAYS} from app_private.navigation_events e where e.to_route like $1 || '%' and e.user_id is not null group by 1, 2`],
  ["route sessions",
    "select route, session_id, days from app_private.navigation_route_sessions where route like $1 || '%'",
    `select e.to_route, e.session_id, ${DAYS} from app_private.navigation_events e where e.to_route like $1 || '%' group by 1, 2`],
  ["pattern visitors",
    "select from_route, to_route, user_id, days from app_private.navigation_pattern_visitors where to_route like $1 || '%'",
    `select e.from_route, e.to_route, e.user_id, ${DAYS} from app_private.navigation_events e
     where e.to_route like $1 || '%' and e.from_route is not null and e.user_id is not null group by 1, 2, 3`],
  ["pattern sessions",
    "select from_route, to_route, session_id, days from app_private.navigation_pattern_sessions where to_route like $1 || '%'",
    `select e.from_route, e.to_route, e.session_id, ${DAYS} from app_private.navigation_events e
     where e.to_route like $1 || '%' and e.from_route is not null group by 1, 2, 3`],
  ["session totals",
    "select session_id, navigations, last_at, days from app_private.navigation_session_totals where session_id = any($2::uuid[])",
    `select e.session_id, count(*), max(e.occurred_at), ${DAYS} from app_private.navigation_events e where e.session_id = any($2::uuid[]) group by 1`],
  ["visitor days",
    "select user_id, days from app_private.navigation_visitor_days where user_id = any($3::uuid[])",
    `select e.user_id, ${DAYS} from app_private.navigation_events e where e.user_id = any($3::uuid[]) group by 1`],
  ["route last visits",
    "select day, route, last_visitors from app_private.navigation_route_days where route like $1 || '%' and last_visitors <> 0",
    `select last_day, to_route, count(*) from (select e.to_route, e.user_id, max(${DAY}) as last_day from app_private.navigation_events e
       where e.to_route like $1 || '%' and e.user_id is not null group by 1, 2) v group by 1, 2`],
  ["pattern last visits",
    "select day, from_route, to_route, last_visitors from app_private.navigation_pattern_days where to_route like $1 || '%' and last_visitors <> 0",
    `select last_day, from_route, to_route, count(*) from (select e.from_route, e.to_route, e.user_id, max(${DAY}) as last_day
       from app_private.navigation_events e where e.to_route like $1 || '%' and e.from_route is not null and e.user_id is not null
       group by 1, 2, 3) v group by 1, 2, 3`],
  ["people's sessions",
    "select user_id, sessions, duration, timed_sessions, navigations, first_started, last_started from app_private.navigation_user_sessions where user_id = any($3::uuid[])",
    `select s.user_id, count(*), coalesce(sum(extract(epoch from (coalesce(s.ended_at, ev.last_at) - s.started_at))), 0),
            count(coalesce(s.ended_at, ev.last_at)), coalesce(sum(ev.n), 0), min(s.started_at), max(s.started_at)
     from app_private.navigation_sessions s
     left join lateral (select count(*) as n, max(e.occurred_at) as last_at from app_private.navigation_events e
                        where e.session_id = s.session_id having count(*) > 0) ev on true
     where s.user_id = any($3::uuid[]) group by s.user_id`],
  // Every day at once: other tests' events are in it, which one snapshot keeps consistent.
  ["days",
    "select day, navigations, time_spent, sessions, visitors from app_private.navigation_days where day >= (select closed_before from app_private.navigation_rollup_state)",
    `select ${DAY}, count(*), sum(e.time_spent), count(distinct e.session_id), count(distinct e.user_id) from app_private.navigation_events e
     where ${DAY} >= (select closed_before from app_private.navigation_rollup_state)
     group by 1`],
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
    const batchB = [...batchA.slice(1), { from: `${prefix}/`, to: `${prefix}/y`, timestamp: ago(60), timeSpent: 12 },
      { from: `${prefix}/`, to: `${prefix}/y`, timestamp: ago(60), timeSpent: 12 }];
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
      const visits = await db.query("select sum(visits)::int as n, sum(visitors)::int as v from app_private.navigation_route_days where route = $1", [`${prefix}/y`]);
      expect(visits.rows[0]).toEqual({ n: 2, v: 2 });

      // The repair function rebuilds the same tables from the raw events.
      const before = await db.query("select * from app_private.navigation_route_days where route like $1 || '%' order by day, route", [prefix]);
      await db.query("select app_private.rebuild_navigation_rollups()");
      const after = await db.query("select * from app_private.navigation_route_days where route like $1 || '%' order by day, route", [prefix]);
      expect(after.rows).toEqual(before.rows);
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
    const one = [{ to: `${prefix}/p`, timestamp: at(30) }, { from: `${prefix}/p`, to: `${prefix}/q`, timestamp: at(29) }];
    const two = [{ from: `${prefix}/q`, to: `${prefix}/p`, timestamp: at(28) }, { to: `${prefix}/p`, timestamp: at(30) }];
    const other = await owner();
    try {
      await db.query("begin");
      await actAs(db, { sessionId: member.sessionId });
      await db.query(SYNC, [session, JSON.stringify(one)]);
      await other.query("begin");
      await actAs(other, { sessionId: member.sessionId });
      const racing = other.query(SYNC, [session, JSON.stringify(two)]);
      await new Promise((r) => setTimeout(r, 200)); // let it reach the rows the first batch holds
      await db.query("commit");
      expect((await racing).rows[0].synced_count).toBe(2);
      await other.query("commit");
    } finally {
      await db.query("rollback").catch(() => {});
      await other.end();
    }
    await expectRollupsMatchRaw(db, prefix, [session], [member.userId]);
    const p = await db.query("select sum(visits)::int as visits, sum(visitors)::int as visitors, sum(sessions)::int as sessions from app_private.navigation_route_days where route = $1", [`${prefix}/p`]);
    expect(p.rows[0]).toEqual({ visits: 2, visitors: 1, sessions: 1 });
  });
});
