// Ingestion throughput: uplinks through the real webhook (HTTP, decoding, batching, storage,
// latest values, indicator colours, notifications), beside a raw INSERT of the same number of
// rows on the same database in the same run. Prints figures; no pass/fail.
// Run: npx tsx bench/ingest.ts [uplinks=20000] [concurrency=64] [devices=200]
import pg from "pg";
import { Worker } from "node:worker_threads";
import { findTestServer, createTestDatabase, dropTestDatabase, authenticatorUrl } from "../test/database.ts";
import { loadConfig } from "../server/config.ts";
import { startServer } from "../server/app.ts";
import { atLeast, figure, printResult, under } from "./lib/result.ts";

const TOTAL = Number(process.argv[2] ?? 20_000);
const CONCURRENCY = Number(process.argv[3] ?? 64);
const DEVICES = Number(process.argv[4] ?? 200);
const SECRET = "bench-secret";

// The load generator runs on its own thread so it does not take the server's event loop.
const LOADER = `
const { parentPort, workerData } = require("node:worker_threads");
const http = require("node:http");
const { port, total, concurrency, devices, secret } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const payload = Buffer.from("0D0AFF3F0FA0FF7E00C810", "hex").toString("base64");
const base = Date.now() - 3600_000;
let next = 0, done = 0, failed = 0;
const latencies = [];
function one() {
  if (next >= total) return;
  const i = next++;
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
      if (++done === total) parentPort.postMessage({ failed, latencies });
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

  const server = await startServer(loadConfig({
    databaseUrl: url, authDatabaseUrl: await authenticatorUrl(url), port: 0, host: "127.0.0.1",
    exportSchema: false, graphiql: false, rateLimits: false, ttnWebhookSecret: SECRET,
  }));
  const port = Number(new URL(server.url).port);
  console.log(`Webhook: ${TOTAL} uplinks from ${DEVICES} devices, ${CONCURRENCY} at a time...`);
  const started = performance.now();
  const result = await new Promise<{ failed: number; latencies: number[] }>((resolve, reject) => {
    const worker = new Worker(LOADER, { eval: true, workerData: { port, total: TOTAL, concurrency: CONCURRENCY, devices: DEVICES, secret: SECRET } });
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  const seconds = (performance.now() - started) / 1000;
  await server.close();
  const stored = Number((await owner.query("select count(*) as n from app_public.sensor_data")).rows[0].n);
  result.latencies.sort((a, b) => a - b);
  const pct = (p: number) => result.latencies[Math.floor((result.latencies.length - 1) * p)].toFixed(1);
  console.log(`  ${(TOTAL / seconds).toFixed(0)} uplinks/s through the webhook (${seconds.toFixed(1)} s; ${stored} stored, ${result.failed} failed)`);
  console.log(`  request latency p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, p99 ${pct(0.99)} ms`);

  // The same number of rows, one INSERT per statement from 8 connections, into a plain table.
  await owner.query("create table public.bench_raw (device_id uuid, created_at timestamptz, data jsonb)");
  const device = (await owner.query("select id from app_public.devices limit 1")).rows[0].id;
  const clients = await Promise.all(Array.from({ length: 8 }, async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    return c;
  }));
  let i = 0;
  const rawStarted = performance.now();
  await Promise.all(clients.map(async (c) => {
    while (i < TOTAL) {
      i++;
      await c.query("insert into public.bench_raw values ($1, now(), $2)", [device, '{"water": 40}']);
    }
  }));
  const rawSeconds = (performance.now() - rawStarted) / 1000;
  await Promise.all(clients.map((c) => c.end()));
  console.log(`  ${(TOTAL / rawSeconds).toFixed(0)} rows/s as raw single-row INSERTs from 8 connections (${rawSeconds.toFixed(1)} s)`);
  const rate = TOTAL / seconds;
  printResult({
    bench: "ingest",
    figures: [
      atLeast("webhook ingestion", rate, "uplinks/s", 2000),
      figure("raw single-row INSERTs", TOTAL / rawSeconds, "rows/s"),
      figure("webhook / raw INSERT", rate / (TOTAL / rawSeconds), "ratio"),
      figure("request latency p95", result.latencies[Math.floor((result.latencies.length - 1) * 0.95)], "ms"),
      under("failed or not stored", result.failed + (TOTAL - stored), "uplinks", 1),
    ],
    notes: [`${TOTAL} uplinks from ${DEVICES} devices, ${CONCURRENCY} requests at a time.`],
  });
} finally {
  await owner.end();
  await dropTestDatabase(pgServer.adminUrl, url);
  await pgServer.stop();
}
