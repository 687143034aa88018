// Navigation analytics at scale: a year of events for 10,000 users, then every statistic the
// /admin screen asks for, timed as the API runs them (as bk_admin, through the SQL functions),
// against the 200 ms target, for windows ending today and windows ending in the past; then what
// keeping the rollups current costs a sync batch (new visitors and returning ones).
// Prints figures; no pass/fail. Run: npx tsx bench/analytics.ts [eventsPerUserPerYear=120]
import pg from "pg";
import { randomUUID } from "node:crypto";
import { findTestServer, createTestDatabase, dropTestDatabase } from "../test/database.ts";

const USERS = 10_000;
const perUser = Number(process.argv[2] ?? 120);
const ROUTES = ["/", "/map", "/things", "/activity", "/devices", "/tasks", "/community", "/scorer", "/about", "/account/profile"];
const TARGET_MS = 200;
const SYNC_BATCHES = 100;
const BATCH_SIZE = 50;

const server = await findTestServer();
const url = await createTestDatabase(server.adminUrl, "bk_bench");
const db = new pg.Client({ connectionString: url });
await db.connect();
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
try {
  console.log(`Generating ${USERS} users x ${perUser} navigations over 365 days (${(USERS * perUser).toLocaleString()} events)...`);
  let t = performance.now();
  // Raw rows first with triggers off, then the rollups in one pass (the migration's back-fill):
  // much faster than the trigger on one 1.2-million-row statement.
  await db.query("set session_replication_role = replica");
  await db.query(`
    insert into app_private.navigation_events (session_id, user_id, from_route, to_route, occurred_at, time_spent)
    select
      md5('s' || u || '-' || (n / 10))::uuid,
      md5('u' || u)::uuid,
      (array[${ROUTES.map((r) => `'${r}'`).join(",")}])[1 + (n + u) % ${ROUTES.length}],
      (array[${ROUTES.map((r) => `'${r}'`).join(",")}])[1 + (n * 7 + u) % ${ROUTES.length}],
      now() - ((u * 7919 + n * 104729) % (365 * 86400)) * interval '1 second',
      (n * 37 % 60000)
    from generate_series(1, ${USERS}) u, generate_series(1, ${perUser}) n
    on conflict do nothing`);
  await db.query(`
    insert into app_private.navigation_sessions (session_id, user_id, started_at, ended_at)
    select session_id, min(user_id::text)::uuid, min(occurred_at), max(occurred_at) from app_private.navigation_events group by session_id`);
  await db.query("set session_replication_role = origin");
  console.log(`  raw events and sessions loaded in ${seconds(t)}`);
  t = performance.now();
  await db.query("select app_private.rebuild_navigation_rollups()");
  console.log(`  rollups back-filled (rebuild_navigation_rollups) in ${seconds(t)}`);
  await db.query("vacuum analyze");
  const rows = await db.query(`
    select c.relname, c.reltuples::bigint as n, pg_total_relation_size(c.oid) as bytes from pg_class c
    where c.relnamespace = 'app_private'::regnamespace and c.relkind = 'r' and c.relname like 'navigation%' order by 1`);
  for (const r of rows.rows) {
    console.log(
      `    ${r.relname.padEnd(34)} ${Number(r.n).toLocaleString().padStart(10)} rows ${(Number(r.bytes) / 1048576).toFixed(1).padStart(7)} MB`,
    );
  }

  const admin = await db.query(
    "select user_id as id from app_hidden.sign_up('Bench Admin', 'benchadmin', 'bench@example.com', 'Secret123', null)",
  );
  await db.query("update app_public.users set is_admin = true where id = $1", [admin.rows[0].id]);
  const session = await db.query("select (app_hidden.open_session($1, null)).session_id", [admin.rows[0].id]);

  const results: { label: string; median: number }[] = [];
  let section = "default window";
  async function time(label: string, statements: string[], params: unknown[] = []) {
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      await db.query("begin");
      await db.query("select set_config('role', 'bk_admin', true), set_config('jwt.claims.session_id', $1, true)", [
        session.rows[0].session_id,
      ]);
      t = performance.now();
      for (const sql of statements) await db.query(sql, sql.includes("$1") ? params : []);
      runs.push(performance.now() - t);
      await db.query("rollback");
    }
    runs.sort((a, b) => a - b);
    results.push({ label: `${label} (${section})`, median: runs[2] });
    const verdict = runs[2] < TARGET_MS ? "under" : "OVER";
    console.log(
      `  ${label.padEnd(50)} median ${runs[2].toFixed(0).padStart(5)} ms   best ${runs[0].toFixed(0).padStart(5)} ms   ${verdict} ${TARGET_MS} ms`,
    );
  }

  // The /admin screen's statistics (web/src/features/admin/NavigationAnalytics.graphql): the
  // first rows of each list plus its totalCount, the daily series and the summary.
  async function adminScreen(args: string, params: unknown[]) {
    const fn = (name: string) => `app_public.${name}(${args})`;
    await time("route stats, top 10", [`select * from ${fn("navigation_route_stats")} limit 10`], params);
    await time("route stats, totalCount", [`select count(*) from ${fn("navigation_route_stats")}`], params);
    await time("pattern stats, top 10", [`select * from ${fn("navigation_pattern_stats")} limit 10`], params);
    await time("pattern stats, totalCount", [`select count(*) from ${fn("navigation_pattern_stats")}`], params);
    await time("session stats per user, first 20", [`select * from ${fn("navigation_session_stats")} limit 20`], params);
    await time("session stats per user, totalCount", [`select count(*) from ${fn("navigation_session_stats")}`], params);
    await time("daily stats (active users over time)", [`select * from ${fn("navigation_daily_stats")}`], params);
    const summaryArgs = args ? `null, ${args}` : "";
    await time("summary (getNavigationAnalytics)", [`select app_public.get_navigation_analytics(${summaryArgs})`], params);
  }

  const today = new Date().toISOString().slice(0, 10);
  const year = [new Date(Date.now() - 365 * 86400_000).toISOString().slice(0, 10), today];
  console.log("Admin statistics, default window (last 30 days):");
  await adminScreen("", []);
  section = "whole year";
  console.log(`Admin statistics over the whole year (${year[0]} to ${year[1]}), ${USERS.toLocaleString()} users:`);
  await adminScreen("$1, $2", year);
  await time("one user's summary for the year", ["select app_public.get_navigation_analytics(md5('u42')::uuid, $1, $2)"], year);

  // Windows ending in the past: every statistic again. Session statistics sum a window's days
  // when it holds fewer than half the days, else take everyone's totals less the days outside it,
  // so the half-year window is their slowest case.
  const daysAgo = (n: number) => new Date(Date.now() - n * 86400_000).toISOString().slice(0, 10);
  const pastWindows: [string, number, number][] = [
    ["200 to 100 days ago", 200, 100],
    ["a week, 150 to 144 days ago", 150, 144],
    ["the half year ending 60 days ago (240 to 60)", 240, 60],
    ["300 to 65 days ago (most of the year)", 300, 65],
    ["364 days ago to yesterday", 364, 1],
  ];
  for (const [label, from, to] of pastWindows) {
    section = label;
    console.log(`Admin statistics, ${label} (${daysAgo(from)} to ${daysAgo(to)}):`);
    await adminScreen("$1, $2", [daysAgo(from), daysAgo(to)]);
  }

  // The rollups must say what the raw events say: compare the answers with the same statistics
  // computed straight from the raw rows (as the functions did before the rollups), for the year
  // and for windows ending in the past.
  const window = "occurred_at >= $1::date::timestamp at time zone 'UTC' and occurred_at < ($2::date + 1)::timestamp at time zone 'UTC'";
  const checks: [string, string, string][] = [
    [
      "route stats",
      "select * from app_public.navigation_route_stats($1, $2)",
      `select to_route, count(*), sum(time_spent), round(avg(time_spent), 1), min(occurred_at), max(occurred_at), count(distinct user_id), count(distinct session_id)
       from app_private.navigation_events where ${window} group by to_route order by count(*) desc, to_route`,
    ],
    [
      "pattern stats",
      "select * from app_public.navigation_pattern_stats($1, $2)",
      `select from_route, to_route, count(*), round(avg(time_spent), 1), count(distinct user_id), count(distinct session_id), min(occurred_at), max(occurred_at)
       from app_private.navigation_events where from_route is not null and ${window} group by 1, 2 order by count(*) desc, 1, 2`,
    ],
    [
      "daily stats",
      "select * from app_public.navigation_daily_stats($1, $2)",
      `select (occurred_at at time zone 'UTC')::date, count(*), count(distinct session_id), count(distinct to_route), round(avg(time_spent), 1), count(distinct user_id)
       from app_private.navigation_events where ${window} group by 1 order by 1`,
    ],
    [
      "session stats",
      "select * from app_public.navigation_session_stats($1, $2)",
      `with sessions as (
         select s.user_id, s.started_at, extract(epoch from (coalesce(s.ended_at, ev.last_at) - s.started_at)) as duration, coalesce(ev.n, 0) as navigations
         from app_private.navigation_sessions s
         left join lateral (select count(*) as n, max(occurred_at) as last_at from app_private.navigation_events e where e.session_id = s.session_id) ev on true
         where s.started_at >= $1::date::timestamp at time zone 'UTC' and s.started_at < ($2::date + 1)::timestamp at time zone 'UTC')
       select x.user_id, u.username::text, count(*), round(avg(x.duration)::numeric, 1), sum(x.navigations), round(avg(x.navigations)::numeric, 2),
              min(x.started_at), max(x.started_at)
       from sessions x left join app_public.users u on u.id = x.user_id group by x.user_id, u.username order by count(*) desc, x.user_id`,
    ],
  ];
  const compared: [string, string[]][] = [
    ["whole year", year],
    ["200 to 100 days ago", [daysAgo(200), daysAgo(100)]],
    ["300 to 65 days ago", [daysAgo(300), daysAgo(65)]],
  ];
  let different = 0;
  for (const [name, dates] of compared) {
    console.log(`Rollups against raw events, ${name}:`);
    for (const [label, fromRollups, fromRaw] of checks) {
      await db.query("begin");
      await db.query("select set_config('role', 'bk_admin', true), set_config('jwt.claims.session_id', $1, true)", [
        session.rows[0].session_id,
      ]);
      const a = await db.query({ text: fromRollups, values: dates, rowMode: "array" });
      await db.query("rollback");
      t = performance.now();
      const b = await db.query({ text: fromRaw, values: dates, rowMode: "array" });
      const raw = performance.now() - t;
      const same = JSON.stringify(a.rows) === JSON.stringify(b.rows);
      if (!same) different++;
      console.log(
        `  ${label.padEnd(16)} ${a.rowCount} rows, ${same ? "identical" : "DIFFERENT"} (straight from raw events: ${raw.toFixed(0)} ms)`,
      );
    }
  }

  // Keeping the rollups current: sync batches of 50 events as the SPA sends them, each in its
  // own transaction as a guest, with the rollup trigger on and off.
  console.log(`Maintenance: ${SYNC_BATCHES} sync batches of ${BATCH_SIZE} events (syncNavigationEvents):`);
  // New visitors (random ids), or returning ones (the generated users, whose routes already hold
  // days: each new day of theirs changes the day-gap counts behind the distinct visitors).
  async function syncBatches(returning = false): Promise<number> {
    const start = performance.now();
    for (let b = 0; b < SYNC_BATCHES; b++) {
      const visitor = returning
        ? (await db.query("select md5('u' || $1::int)::uuid as id", [1 + Math.floor(Math.random() * USERS)])).rows[0].id
        : randomUUID();
      const base = Date.now() - Math.floor(Math.random() * 28 * 86400_000);
      const events = Array.from({ length: BATCH_SIZE }, (_, i) => ({
        from: ROUTES[(b + i) % ROUTES.length],
        to: ROUTES[(b + i * 3 + 1) % ROUTES.length],
        timestamp: new Date(base + i * 5000).toISOString(),
        timeSpent: 5000,
      }));
      await db.query("begin");
      await db.query("select set_config('jwt.claims.user_id', $1, true)", [visitor]);
      await db.query("select app_public.sync_navigation_events($1, null, $2)", [randomUUID(), JSON.stringify(events)]);
      await db.query("commit");
    }
    return (performance.now() - start) / SYNC_BATCHES;
  }
  await db.query("alter table app_private.navigation_events disable trigger tg_navigation_events__rollup");
  const without = await syncBatches();
  await db.query("alter table app_private.navigation_events enable trigger tg_navigation_events__rollup");
  const withRollups = await syncBatches();
  const returning = await syncBatches(true);
  console.log(
    `  raw insert only         ${without.toFixed(1).padStart(6)} ms per batch  (${((without / BATCH_SIZE) * 1000).toFixed(0)} us per event)`,
  );
  console.log(
    `  with rollup maintenance ${withRollups.toFixed(1).padStart(6)} ms per batch  (${((withRollups / BATCH_SIZE) * 1000).toFixed(0)} us per event)`,
  );
  console.log(`  rollup maintenance cost ${(withRollups - without).toFixed(1).padStart(6)} ms per batch`);
  console.log(`  returning visitors      ${returning.toFixed(1).padStart(6)} ms per batch  (visitors with a year of days already)`);

  if (different > 0) console.log(`${different} comparison(s) with the raw events DIFFERENT`);
  const over = results.filter((r) => r.median >= TARGET_MS);
  console.log(
    over.length === 0
      ? `Every statistic answered under ${TARGET_MS} ms (median of 5).`
      : `${over.length} statistic(s) at or over ${TARGET_MS} ms: ${over.map((r) => r.label).join(", ")}`,
  );
} finally {
  await db.end();
  await dropTestDatabase(server.adminUrl, url);
  await server.stop();
}
