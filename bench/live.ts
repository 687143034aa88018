// Uplink-to-subscriber latency (issue 6): 1,000 open thingUpdated subscriptions over graphql-ws,
// one connection each as browsers have, spread over 100 public things; uplinks are posted to the
// real webhook one thing at a time, and the time from posting to each subscriber's event is
// measured (decoding, batching, storage, pg_notify, PostGraphile's subscription, the socket).
// Target: p95 under 100 ms. Prints figures, ends with a BENCH_RESULT line.
// Run: npx tsx bench/live.ts [subscribers=1000] [things=100] [uplinks=300] [rate=20]
import pg from "pg";
import { Worker } from "node:worker_threads";
import { findTestServer, createTestDatabase, dropTestDatabase, authenticatorUrl } from "../test/database.ts";
import { loadConfig } from "../server/config.ts";
import { startServer } from "../server/app.ts";
import { summarize } from "./lib/stats.ts";
import { figure, printResult, under } from "./lib/result.ts";

const SUBSCRIBERS = Number(process.argv[2] ?? 1000);
const THINGS = Number(process.argv[3] ?? 100);
const UPLINKS = Number(process.argv[4] ?? 300);
const RATE = Number(process.argv[5] ?? 20);
const SECRET = "bench-secret";

const pgServer = await findTestServer();
const url = await createTestDatabase(pgServer.adminUrl, "bk_bench_live");
const owner = new pg.Client({ connectionString: url });
await owner.connect();
try {
  const { rows: targets } = await owner.query<{ deviceId: string; thingId: string }>(`
    with g as (insert into app_public.groups (name, type, slug) values ('Live Group', 'GROWER', 'live') returning id),
    t as (insert into app_public.things (group_id, name, type, location, is_public)
          select g.id, 'Live thing ' || n, 'PLANTER', point(51.4 + n / 1000.0, -0.9), true from g, generate_series(1, ${THINGS}) n
          returning id, name)
    insert into app_public.devices (device_id, name, model, location, thing_id)
    select 'eui-live' || lpad((row_number() over (order by t.name))::text, 8, '0'), 'Live probe', 'LSE01', point(51.4, -0.9), t.id from t
    returning device_id as "deviceId", thing_id as "thingId"`);

  const server = await startServer(
    loadConfig({
      databaseUrl: url,
      authDatabaseUrl: await authenticatorUrl(url),
      port: 0,
      host: "127.0.0.1",
      exportSchema: false,
      graphiql: false,
      rateLimits: false,
      ttnWebhookSecret: SECRET,
    }),
  );
  console.log(`Live updates: ${SUBSCRIBERS} subscriptions (one websocket each) on ${THINGS} things; ${UPLINKS} uplinks at ${RATE}/s...`);
  const result = await new Promise<{
    latencies: number[];
    timeline: [number, number][];
    unmatched: number;
    errors: number;
    expected: number;
  }>((resolve, reject) => {
    const worker = new Worker(new URL("./live/subscribers.ts", import.meta.url), {
      workerData: { url: server.url, secret: SECRET, targets, subscribers: SUBSCRIBERS, uplinks: UPLINKS, rate: RATE },
    });
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  await server.close();
  const s = summarize(result.latencies);
  console.log(`  ${s.count} of ${result.expected} expected deliveries (${result.unmatched} unmatched events, ${result.errors} errors)`);
  // The same figures per tenth of the run, to tell a warm-up or a backlog from steady state.
  const tenth = Math.ceil(UPLINKS / 10);
  for (let part = 0; part < 10; part++) {
    const slice = summarize(result.timeline.filter(([i]) => i >= part * tenth && i < (part + 1) * tenth).map(([, l]) => l));
    console.log(
      `    uplinks ${part * tenth}-${(part + 1) * tenth - 1}: p50 ${slice.p50.toFixed(1)} ms, p95 ${slice.p95.toFixed(1)} ms (${slice.count} deliveries)`,
    );
  }
  console.log(
    `  uplink to subscriber: p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms`,
  );
  printResult({
    bench: "live",
    figures: [
      under("uplink to subscriber p95", s.p95, "ms", 100),
      figure("uplink to subscriber p50", s.p50, "ms"),
      figure("uplink to subscriber p99", s.p99, "ms"),
      figure("deliveries", s.count, "events"),
      under("missed deliveries", result.expected - s.count, "events", 1),
      figure("errors", result.errors, "requests"),
    ],
    notes: [`${SUBSCRIBERS} subscriptions, one websocket each, on ${THINGS} public things; ${UPLINKS} uplinks at ${RATE}/s.`],
  });
} finally {
  await owner.end();
  await dropTestDatabase(pgServer.adminUrl, url);
  await pgServer.stop();
}
