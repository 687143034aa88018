// Ingestion throughput: uplinks through the real webhook (HTTP, decoding, batching, storage,
// latest values, indicator colours, notifications), beside a raw INSERT of the same number of
// rows on the same database in the same run. Ends with a BENCH_RESULT line.
//
// Each webhook request is answered only once its batch has committed, so a sender with few
// requests in flight is held to in-flight / latency however fast the server is. The Things Stack
// delivers uplinks concurrently, so the bench drives the webhook at two levels: 64 requests in
// flight (latency-bound) and 256 (the sustained rate the server can take); the 2,000 uplinks/s
// target applies to the latter, and both are printed.
// Run: npx tsx bench/ingest.ts [uplinks per level=20000] [levels=64,256] [devices=200]
import pg from "pg";
import { Worker } from "node:worker_threads";
import { findTestServer, createTestDatabase, dropTestDatabase, authenticatorUrl } from "../test/database.ts";
import { loadConfig } from "../server/config.ts";
import { startServer } from "../server/app.ts";
import { atLeast, figure, printResult, under, type Figure } from "./lib/result.ts";

const TOTAL = Number(process.argv[2] ?? 20_000);
const LEVELS = String(process.argv[3] ?? "64,256")
  .split(",")
  .map(Number);
const DEVICES = Number(process.argv[4] ?? 200);
const SECRET = "bench-secret";

// The load generator runs on its own thread so it does not take the server's event loop.
const LOADER = `
const { parentPort, workerData } = require("node:worker_threads");
const http = require("node:http");
const { port, total, concurrency, devices, secret, offset } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const payload = Buffer.from("0D0AFF3F0FA0FF7E00C810", "hex").toString("base64");
const base = Date.now() - 3600_000;
let next = 0, done = 0, failed = 0;
const latencies = [];
function one() {
  if (next >= total) return;
  const i = offset + next++;
  const body = JSON.stringify({
    end_device_ids: { device_id: "eui-bench" + String(i % devices).padStart(8, "0") },
    received_at: new Date(base + i).toISOString(),
    uplink_message: { f_port: 2, f_cnt: i, frm_payload: payload, rx_metadata: [{ rssi: -100, snr: 7 }] },
  });
  const started = performance.now();
  const req = http.request({ host: "127.0.0.1", port, path: "/webhooks/ttn", method: "POST", agent,
    headers: { "content-type": "application/json", authorization: "Bearer " + secret, "content-length": Buffer.byteLength(body) } }, (res) => {
    res.resume();
    res.on("end", () => {
      latencies.push(performance.now() - started);
      if (res.statusCode !== 201) failed++;
      if (++done === total) { agent.destroy(); parentPort.postMessage({ failed, latencies }); }
      else one();
    });
  });
  req.on("error", () => { failed++; if (++done === total) parentPort.postMessage({ failed, latencies }); else one(); });
  req.end(body);
}
for (let c = 0; c < concurrency; c++) one();
`;

const pgServer = await findTestServer();
const url = await createTestDatabase(pgServer.adminUrl, "bk_bench_ingest");
const owner = new pg.Client({ connectionString: url });
await owner.connect();
try {
  await owner.query(`
    with g as (insert into app_public.groups (name, type, slug) values ('Bench Group', 'GROWER', 'bench') returning id),
    t as (insert into app_public.things (group_id, name, type, location)
          select g.id, 'Bench thing ' || n, 'PLANTER', point(51.4, -0.9) from g, generate_series(1, ${DEVICES}) n returning id, name)
    insert into app_public.devices (device_id, name, model, location, thing_id)
    select 'eui-bench' || lpad((row_number() over (order by t.name) - 1)::text, 8, '0'), 'Bench probe', 'LSE01', point(51.4, -0.9), t.id from t`);

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
  const port = Number(new URL(server.url).port);
  const rates: { level: number; rate: number; p50: number; p95: number; failed: number }[] = [];
  for (const [index, level] of LEVELS.entries()) {
    console.log(`Webhook: ${TOTAL} uplinks from ${DEVICES} devices, ${level} requests in flight...`);
    const started = performance.now();
    const result = await new Promise<{ failed: number; latencies: number[] }>((resolve, reject) => {
      const worker = new Worker(LOADER, {
        eval: true,
        workerData: { port, total: TOTAL, concurrency: level, devices: DEVICES, secret: SECRET, offset: index * TOTAL },
      });
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    const seconds = (performance.now() - started) / 1000;
    result.latencies.sort((a, b) => a - b);
    const pct = (p: number) => result.latencies[Math.floor((result.latencies.length - 1) * p)];
    rates.push({ level, rate: TOTAL / seconds, p50: pct(0.5), p95: pct(0.95), failed: result.failed });
    console.log(
      `  ${(TOTAL / seconds).toFixed(0)} uplinks/s (${seconds.toFixed(1)} s, ${result.failed} failed); request latency p50 ${pct(0.5).toFixed(1)} ms, p95 ${pct(0.95).toFixed(1)} ms, p99 ${pct(0.99).toFixed(1)} ms`,
    );
  }
  await server.close();
  const stored = Number((await owner.query("select count(*) as n from app_public.sensor_data")).rows[0].n);
  console.log(`  ${stored} of ${TOTAL * LEVELS.length} uplinks stored`);

  // The same number of rows, one INSERT per statement from 8 connections, into a plain table.
  await owner.query("create table public.bench_raw (device_id uuid, created_at timestamptz, data jsonb)");
  const device = (await owner.query("select id from app_public.devices limit 1")).rows[0].id;
  const clients = await Promise.all(
    Array.from({ length: 8 }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  let i = 0;
  const rawStarted = performance.now();
  await Promise.all(
    clients.map(async (c) => {
      while (i < TOTAL) {
        i++;
        await c.query("insert into public.bench_raw values ($1, now(), $2)", [device, '{"water": 40}']);
      }
    }),
  );
  const rawSeconds = (performance.now() - rawStarted) / 1000;
  await Promise.all(clients.map((c) => c.end()));
  const raw = TOTAL / rawSeconds;
  console.log(`  ${raw.toFixed(0)} rows/s as raw single-row INSERTs from 8 connections (${rawSeconds.toFixed(1)} s)`);
  const top = rates[rates.length - 1];
  const figures: Figure[] = [atLeast(`webhook ingestion, ${top.level} in flight`, top.rate, "uplinks/s", 2000)];
  for (const r of rates.slice(0, -1)) figures.push(figure(`webhook ingestion, ${r.level} in flight`, r.rate, "uplinks/s"));
  figures.push(
    figure("raw single-row INSERTs", raw, "rows/s"),
    figure(`webhook / raw INSERT (${top.level} in flight)`, top.rate / raw, "ratio"),
    figure(`request latency p95, ${top.level} in flight`, top.p95, "ms"),
    under("failed or not stored", rates.reduce((n, r) => n + r.failed, 0) + (TOTAL * LEVELS.length - stored), "uplinks", 1),
  );
  printResult({
    bench: "ingest",
    figures,
    notes: [`${TOTAL} uplinks per level from ${DEVICES} devices; levels of requests in flight: ${LEVELS.join(", ")}.`],
  });
} finally {
  await owner.end();
  await dropTestDatabase(pgServer.adminUrl, url);
  await pgServer.stop();
}
