// Navigation analytics at scale: a year of events for 10,000 users, then the admin queries,
// timed as the API runs them (as bk_admin, through the SQL functions). Prints figures; no
// pass/fail. Run: npx tsx bench/analytics.ts [eventsPerUserPerYear=120]
import pg from "pg";
import { findTestServer, createTestDatabase, dropTestDatabase } from "../test/database.ts";

const USERS = 10_000;
const perUser = Number(process.argv[2] ?? 120);
const ROUTES = ["/", "/map", "/things", "/activity", "/devices", "/tasks", "/community", "/scorer", "/about", "/account/profile"];

const server = await findTestServer();
const url = await createTestDatabase(server.adminUrl, "bk_bench");
const db = new pg.Client({ connectionString: url });
await db.connect();
try {
  console.log(`Generating ${USERS} users x ${perUser} navigations over 365 days (${(USERS * perUser).toLocaleString()} events)...`);
  let t = performance.now();
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
  await db.query("vacuum analyze app_private.navigation_events");
  await db.query("vacuum analyze app_private.navigation_sessions");
  console.log(`  loaded in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const admin = await db.query(
    "select user_id as id from app_hidden.sign_up('Bench Admin', 'benchadmin', 'bench@example.com', 'Secret123', null)",
  );
  await db.query("update app_public.users set is_admin = true where id = $1", [admin.rows[0].id]);
  const session = await db.query("select (app_hidden.open_session($1, null)).session_id", [admin.rows[0].id]);

  async function time(label: string, sql: string, params: unknown[] = []) {
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      await db.query("begin");
      await db.query("select set_config('role', 'bk_admin', true), set_config('jwt.claims.session_id', $1, true)", [session.rows[0].session_id]);
      t = performance.now();
      await db.query(sql, params);
      runs.push(performance.now() - t);
      await db.query("rollback");
    }
    runs.sort((a, b) => a - b);
    console.log(`  ${label.padEnd(46)} median ${runs[2].toFixed(0).padStart(5)} ms   best ${runs[0].toFixed(0).padStart(5)} ms`);
  }

  const year = [new Date(Date.now() - 365 * 86400_000).toISOString().slice(0, 10), new Date().toISOString().slice(0, 10)];
  console.log("Admin queries (default window: last 30 days):");
  await time("route stats, top 10", "select * from app_public.navigation_route_stats() limit 10");
  await time("pattern stats, top 10", "select * from app_public.navigation_pattern_stats() limit 10");
  await time("daily stats", "select * from app_public.navigation_daily_stats()");
  await time("summary (getNavigationAnalytics)", "select app_public.get_navigation_analytics()");
  console.log("Admin queries over the whole year:");
  await time("route stats, top 10", "select * from app_public.navigation_route_stats($1, $2) limit 10", year);
  await time("pattern stats, top 10", "select * from app_public.navigation_pattern_stats($1, $2) limit 10", year);
  await time("daily stats (active users over time)", "select * from app_public.navigation_daily_stats($1, $2)", year);
  await time("one user's summary for the year", "select app_public.get_navigation_analytics(md5('u42')::uuid, $1, $2)", year);
} finally {
  await db.end();
  await dropTestDatabase(server.adminUrl, url);
  await server.stop();
}
