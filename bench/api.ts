// API latency at scale, against the real server (scripts/start.ts --deployed in a child process) on a seeded
// database (bench/seed.ts):
//  - the home dashboard query and the things list, exactly as the SPA sends them (their .graphql
//    documents, with the variables of the list's first page), each from 20 signed-in users at
//    once for a fixed time in a closed loop (no pause between requests: the saturated server's
//    throughput and p50/p95/p99, target p95 under 50 ms), then paced (each user one request a
//    second: the latency people see while 20 are active);
//  - allSensorData, 10,000 readings of one thing through GraphQL, beside the same function
//    queried directly over SQL under the same role and claims (target: GraphQL at most 1.5 times
//    the SQL time).
// Run: npx tsx bench/api.ts [--seconds 30] [--clients 20] [--runs 10] [--paced-interval-ms 1000]
//        [--database-url URL (an already seeded database) | --things 10000 --readings 1000000]
import pg from "pg";
import { findTestServer, createTestDatabase, dropTestDatabase, authenticatorUrl } from "../test/database.ts";
import { seed, defaultOptions, seedUsername, SEED_PASSWORD } from "./seed.ts";
import { Args } from "./lib/args.ts";
import { startServerProcess } from "./lib/server-process.ts";
import { GraphqlClient, expectData, signIn } from "./lib/http.ts";
import { runLoad, type LoadResult } from "./lib/load.ts";
import { median, ms } from "./lib/stats.ts";
import { homeDashboardVariables, spaDocument, THINGS_LIST_FIRST_PAGE } from "./lib/spa-documents.ts";
import { printResult, under, figure, type Figure } from "./lib/result.ts";

const document = spaDocument;

const args = new Args();
const SECONDS = args.number("seconds", 30, 1);
const PACED_INTERVAL_MS = args.number("paced-interval-ms", 1000, 1);
const CLIENTS = args.number("clients", 20, 1);
const RUNS = args.number("runs", 30, 1);
const P95_TARGET_MS = 50;
const RATIO_TARGET = 1.5;

const HOME_DASHBOARD = document("web/src/features/home/HomeDashboard.graphql");
const THINGS_LIST = document("web/src/features/things/AllThings.graphql");
const THINGS_LIST_VARIABLES = THINGS_LIST_FIRST_PAGE;
const READINGS = document("web/src/features/things/ThingReadingsCharts.graphql");

const given = args.string("database-url");
const pgServer = given ? null : await findTestServer();
const url = given ?? (await createTestDatabase(pgServer!.adminUrl, "bk_bench_api"));
const figures: Figure[] = [];
const notes: string[] = [];
let server: Awaited<ReturnType<typeof startServerProcess>> | null = null;
let failed = false;
try {
  if (!given) {
    await seed(url, defaultOptions(args.number("things", 10_000, 1), args.number("readings", 1_000_000, 0)));
  }
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  const scale = (
    await owner.query(`select (select count(*) from app_public.things)::int as things,
    (select count(*) from app_public.sensor_data)::int as readings,
    (select count(*) from app_public.users where username ~ '^bench[0-9]+$')::int as users`)
  ).rows[0];
  if (scale.users < CLIENTS)
    throw new Error(`The database has ${scale.users} seeded users (bench1, ...); ${CLIENTS} are needed: seed it with bench/seed.ts`);
  console.log(`Database: ${scale.things} things, ${scale.readings} readings, ${scale.users} seeded users`);

  server = await startServerProcess({ databaseUrl: url });
  const client = new GraphqlClient(server.url, CLIENTS * 2);
  const tokens: string[] = [];
  for (let n = 1; n <= CLIENTS; n++) tokens.push(await signIn(client, seedUsername(n), SEED_PASSWORD));

  // What one answer holds, so the figures can be read against the work they stand for.
  const home = expectData(await client.request(HOME_DASHBOARD, homeDashboardVariables(), tokens[0]), "HomeDashboard").currentUser;
  const count = (list: { nodes: unknown[] }) => list.nodes.length;
  const list = expectData(await client.request(THINGS_LIST, THINGS_LIST_VARIABLES, tokens[0]), "AllThings").allThings;
  console.log(
    `One home dashboard: ${count(home.thingAccessesByUserId)} things, ${count(home.deviceAccessesByUserId)} devices, ` +
      `${count(home.groupMembershipsByUserId)} groups, ${count(home.badgesByUserId)} badges, ${home.actionCountSince} actions this week`,
  );
  const visible = expectData(
    await client.request(THINGS_LIST, { ...THINGS_LIST_VARIABLES, counted: true }, tokens[0]),
    "AllThings",
  ).allThings;
  console.log(`One things list page: ${list.nodes.length} of the ${visible.totalCount} things the user can see`);

  const report = (label: string, r: LoadResult, target: boolean) => {
    const met = r.p95 < P95_TARGET_MS;
    console.log(
      `${label}: ${r.throughput.toFixed(1)} req/s, ` +
        `p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)} (${r.count} requests, ${r.errors} errors)`,
    );
    if (target) console.log(`  target p95 < ${P95_TARGET_MS} ms: ${met ? "met" : "MISSED"}`);
    for (const e of r.errorSamples) console.log(`  error: ${e}`);
    figures.push(
      figure(`${label}: throughput`, r.throughput, "req/s"),
      figure(`${label}: p50`, r.p50, "ms"),
      target ? under(`${label}: p95`, r.p95, "ms", P95_TARGET_MS) : figure(`${label}: p95`, r.p95, "ms"),
      figure(`${label}: p99`, r.p99, "ms"),
      under(`${label}: errors`, r.errors, "", 0, true),
    );
    if (r.errors) failed = true;
  };
  const measure = async (name: string, query: string, variables: Record<string, unknown>, target = true) => {
    const task = async (c: number) => void expectData(await client.request(query, variables, tokens[c]), name.split(" ")[0]);
    report(
      `${name}, ${CLIENTS} clients, closed loop`,
      await runLoad({ clients: CLIENTS, seconds: SECONDS, warmupSeconds: 3, task }),
      target,
    );
    report(
      `${name}, ${CLIENTS} clients, one request every ${PACED_INTERVAL_MS} ms each`,
      await runLoad({ clients: CLIENTS, seconds: SECONDS, intervalMs: PACED_INTERVAL_MS, task }),
      false,
    );
  };
  await measure("HomeDashboard", HOME_DASHBOARD, homeDashboardVariables());
  await measure("AllThings", THINGS_LIST, THINGS_LIST_VARIABLES);
  // For comparison (no target): a narrowed list, which counts its matches ("12 things match").
  await measure(
    "AllThings filtered by colour and counted",
    THINGS_LIST,
    { ...THINGS_LIST_VARIABLES, condition: { indicatorColour: "red" }, counted: true },
    false,
  );

  // allSensorData: a busy device's thing (a reading every 30 minutes all year), read by its owner.
  const busy = (
    await owner.query(`
    select t.id as thing_id, u.username, (select count(*) from app_public.sensor_data s where s.thing_id = t.id)::int as readings
    from app_public.devices d join app_public.things t on t.id = d.thing_id
    join app_public.thing_accesses a on a.thing_id = t.id and a.is_owner join app_public.users u on u.id = a.user_id
    order by (select count(*) from app_public.sensor_data s where s.device_id = d.id) desc limit 1`)
  ).rows[0];
  await owner.end();
  const token = await signIn(client, busy.username, SEED_PASSWORD);
  const after = new Date(Date.now() - 400 * 86400_000).toISOString();
  const claims = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8"));
  // The API's own login role, switched to the user's role with the user's claims, as PostGraphile does.
  const direct = new pg.Client({ connectionString: await authenticatorUrl(url) });
  await direct.connect();
  const viaSql = async () => {
    const t = performance.now();
    await direct.query("begin");
    await direct.query(
      `select set_config('role', $1, true), set_config('jwt.claims.user_id', $2, true), set_config('jwt.claims.role', $1, true),
              set_config('jwt.claims.domain_name', $3, true), set_config('jwt.claims.session_id', $4, true)`,
      [claims.role, claims.user_id, claims.domain_name ?? "", claims.sid ?? ""],
    );
    // The columns the SPA's document asks for (ThingReadingsCharts.graphql: createdAt, data).
    const { rows } = await direct.query("select created_at, data from app_public.all_sensor_data(thing_id => $1, created_after => $2)", [
      busy.thing_id,
      after,
    ]);
    await direct.query("commit");
    return { ms: performance.now() - t, rows: rows.length };
  };
  const viaGraphql = async () => {
    const r = await client.request(READINGS, { thingId: busy.thing_id, after }, token);
    return { ms: r.ms, rows: expectData(r, "ThingReadingsCharts").allSensorData.nodes.length as number };
  };
  const sqlTimes: number[] = [];
  const gqlTimes: number[] = [];
  let rowsSeen = 0;
  for (let i = 0; i < RUNS + 2; i++) {
    const s = await viaSql();
    const g = await viaGraphql();
    if (s.rows !== g.rows) throw new Error(`allSensorData: GraphQL gave ${g.rows} rows, SQL ${s.rows}`);
    rowsSeen = g.rows;
    // The first two of each warm the caches and plans.
    if (i >= 2) {
      sqlTimes.push(s.ms);
      gqlTimes.push(g.ms);
    }
  }
  await direct.end();
  // Each GraphQL run is compared with the SQL run just before it, and the ratio is the median of
  // those pairs: this machine's speed drifts from second to second, and a pair shares the drift.
  const ratio = median(gqlTimes.map((g, i) => g / sqlTimes[i]));
  console.log(
    `allSensorData, ${rowsSeen} readings of one thing (${RUNS} pairs): GraphQL median ${ms(median(gqlTimes))}, ` +
      `the same function over SQL median ${ms(median(sqlTimes))}: ratio (median of the pairs) ${ratio.toFixed(2)}`,
  );
  console.log(`  target ratio <= ${RATIO_TARGET}: ${ratio <= RATIO_TARGET ? "met" : "MISSED"}`);
  figures.push(
    figure("allSensorData rows", rowsSeen, "rows"),
    figure("allSensorData via GraphQL (median)", median(gqlTimes), "ms"),
    figure("allSensorData via SQL (median)", median(sqlTimes), "ms"),
    under("allSensorData GraphQL/SQL ratio", ratio, "", RATIO_TARGET, true),
  );
  if (rowsSeen < 10_000) notes.push(`allSensorData returned ${rowsSeen} rows (fewer than 10,000: seed more readings)`);

  const logged = server.errorLines().filter((l) => /error/i.test(l));
  if (logged.length) {
    console.log(`The server logged ${logged.length} error lines, first: ${logged[0]}`);
    failed = true;
  }
  figures.push(under("server error lines", logged.length, "", 0, true));
  client.close();
  notes.push(
    `scale: ${scale.things} things, ${scale.readings} readings; ${CLIENTS} clients, ${SECONDS} s per query; one machine runs PostgreSQL, the server and the load generator`,
  );
} catch (e) {
  failed = true;
  console.error(e);
} finally {
  await server?.stop();
  if (!given) {
    await dropTestDatabase(pgServer!.adminUrl, url);
    await pgServer!.stop();
  }
  printResult({ bench: "api", figures, notes });
}
process.exit(failed ? 1 : 0);
