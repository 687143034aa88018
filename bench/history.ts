// Sensor history for years (issue 24): at 1M, 10M (and, asked for, 50M) readings, how long a
// device's one-year chart takes through the real API (sensorRollups, daily), and whether keeping
// the rollups (the ingest path marks device-hours, the worker sums them) slows ingestion. Ends with a growth table and a BENCH_RESULT line.
//
// Per scale: a fresh database; max(200, readings / 52,560) devices on things, each with an equal
// share of the readings spread evenly over the last 365 days (52,560 is a year of 10-minute
// readings, so from 10M on each device reports about every 10 minutes), inserted by
// generate_series in statements of about 250,000 rows from two connections with the rollups
// trigger off, then summed set-based by app_private.rebuild_sensor_rollups (as a bulk load of
// history would be; through the trigger a million-row statement took minutes). Then:
//   - the chart: DeviceRollups (daily, a year, the five charted quantities) for random devices,
//     over HTTP to the real server, one at a time; p50/p95 (target p95 < 50 ms); the 30-day hourly
//     chart likewise, and for comparison the old way, allSensorData (its newest 10,000 rows);
//   - ingestion: batches of an uplink from each of 50 devices through app_private.ingest_uplinks
//     (the webhook's store) from 4 connections (200 devices), rounds alternating with the rollups trigger
//     enabled and disabled on the same database; the median rate of each, and their ratio (target:
//     with rollups at least 90 % of without). bench/ingest.ts measures the whole webhook.
//     Two cadences, each its own alternating rounds:
//       live: the seeded year ends a few days before now and each batch is stamped 10 minutes
//         after the one before, so every uplink is its device's newest (the latest-values path, as
//         in service), a device's hourly row is made by one batch and updated by the next five,
//         and its day changes every 144 batches: a sensor's own 10-minute cadence, compressed in
//         time. The target is set on this one.
//       burst: every uplink stamped a minute ago, so every batch lands in each device's current
//         hour (about 100 times in a few seconds; when the trigger summed hours, it rewrote that
//         hour's row each time): harsher than any real traffic, kept as a figure for comparison
//         with earlier runs.
//     Between rounds (untimed) the marked hours are summed, as the worker's sensor_rollups job
//     does every 5 minutes; the charts are read with each reporting device's last hour or two
//     still marked, as in service.
// Run: npx tsx bench/history.ts [--scales 1000000,10000000] [--samples 200] [--rounds 3] [--batches 100]
import pg from "pg";
import { findTestServer, createTestDatabase, dropTestDatabase, authenticatorUrl } from "../test/database.ts";
import { loadConfig } from "../server/config.ts";
import { startServer } from "../server/app.ts";
import { Args } from "./lib/args.ts";
import { atLeast, figure, printResult, under, type Figure } from "./lib/result.ts";

const args = new Args();
const SCALES = args
  .string("scales", "1000000,10000000")
  .split(",")
  .map((s) => Number(s.trim()));
if (SCALES.some((n) => !Number.isInteger(n) || n < 10_000)) {
  console.error(`--scales must be whole numbers of readings of at least 10000 (got "${args.string("scales")}")`);
  process.exit(2);
}
const SAMPLES = args.number("samples", 200, 10);
const ROUNDS = args.number("rounds", 3, 1);
const BATCHES = args.number("batches", 100, 10);
const INGEST_DEVICES = 200;
const YEAR_OF_READINGS = 52_560;
/** A sensor's reporting interval: the live cadence's step from one batch to the next. */
const CADENCE_MS = 10 * 60_000;
/** Days the seeded year ends before now: room for every live batch (2 x ROUNDS x BATCHES steps). */
const LEAD_DAYS = Math.ceil((2 * ROUNDS * BATCHES * CADENCE_MS) / 86_400_000) + 1;
const CHART_METRICS = ["water", "temperature", "conductivity", "ph", "battery"];

const ROLLUPS = `query DeviceRollups($deviceId: UUID!, $resolution: SensorRollupResolution!, $since: Datetime!, $parameters: [String]) {
  sensorRollups(deviceId: $deviceId, resolution: $resolution, since: $since, parameters: $parameters) { nodes { parameter buckets readings min max mean } }
}`;
const READINGS = `query DeviceReadings($deviceId: UUID!, $createdAfter: Datetime) {
  allSensorData(deviceId: $deviceId, createdAfter: $createdAfter) { nodes { id createdAt data } }
}`;

interface ScaleResult {
  readings: number;
  devices: number;
  seedSeconds: number;
  databaseGb: number;
  rollupRows: { hourly: number; daily: number };
  yearChart: { p50: number; p95: number; points: number };
  monthChart: { p95: number };
  rawChart: { p95: number; rows: number };
  ingest: { on: number; off: number };
  burst: { on: number; off: number };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const value = await fn();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return value;
}

/** Devices on things, public (so the chart is read as a guest would), named eui-hist00000000... */
async function seedDevices(db: pg.Client, devices: number) {
  await db.query(
    `
    with g as (insert into app_public.groups (name, type, slug) values ('History Group', 'GROWER', 'history') returning id),
    t as (insert into app_public.things (group_id, name, type, location, is_public)
          select g.id, 'History thing ' || lpad(n::text, 6, '0'), 'PLANTER', point(51.4, -0.9), true from g, generate_series(1, $1) n returning id, name)
    insert into app_public.devices (device_id, name, model, location, thing_id, is_public)
    select 'eui-hist' || lpad((row_number() over (order by t.name) - 1)::text, 8, '0'), 'History probe', 'LSE01', point(51.4, -0.9), t.id, true from t`,
    [devices],
  );
}

/** `perDevice` readings for devices [from, to), evenly over the 365 days ending LEAD_DAYS ago, as an LSE01 reports them. */
function readingsSql(from: number, to: number, perDevice: number): string {
  return `insert into app_public.sensor_data (device_id, thing_id, created_at, f_cnt, data)
    select d.id, d.thing_id, now() - interval '${365 + LEAD_DAYS} days' + (k * interval '365 days') / ${perDevice}, k,
      jsonb_build_object(
        'water', round((30 + 20 * sin(k / 500.0 + d.n) + (k % 7))::numeric, 2),
        'temperature', round((11 + 7 * cos(2 * pi() * k / ${perDevice}) + 3 * sin(k / 24.0))::numeric, 2),
        'conductivity', 200 + (k + d.n) % 300,
        'battery', round((3.62 - 0.2 * k / ${perDevice})::numeric, 3),
        'rssi', -75 - (d.n * 7 + k) % 40,
        'snr', round((9.5 - ((d.n + k * 3) % 120) / 10.0)::numeric, 1))
    from (select id, thing_id, (substr(device_id, 9))::int as n from app_public.devices where device_id like 'eui-hist%') d,
      generate_series(1, ${perDevice}) k
    where d.n >= ${from} and d.n < ${to}`;
}

async function seed(url: string, readings: number): Promise<{ devices: number; seconds: number }> {
  const devices = Math.max(INGEST_DEVICES, Math.ceil(readings / YEAR_OF_READINGS));
  const perDevice = Math.floor(readings / devices);
  const db = new pg.Client({ connectionString: url });
  const db2 = new pg.Client({ connectionString: url });
  await Promise.all([db.connect(), db2.connect()]);
  const started = performance.now();
  try {
    await seedDevices(db, devices);
    await db.query(`select app_private.ensure_sensor_data_partition(now() - m * interval '1 month') from generate_series(-1, 13) m`);
    // Statements of about 250,000 rows, devices split between two connections.
    const perStatement = Math.max(1, Math.floor(250_000 / perDevice));
    await db.query("alter table app_public.sensor_data disable trigger _500_rollups");
    const chunks: [number, number][] = [];
    for (let d = 0; d < devices; d += perStatement) chunks.push([d, Math.min(devices, d + perStatement)]);
    await timed(
      `${(perDevice * devices).toLocaleString("en-GB")} readings for ${devices} devices (${chunks.length} statements, 2 connections)`,
      async () => {
        let next = 0;
        await Promise.all(
          [db, db2].map(async (c) => {
            while (next < chunks.length) {
              const [from, to] = chunks[next++];
              await c.query(readingsSql(from, to, perDevice));
            }
          }),
        );
      },
    );
    await db.query("alter table app_public.sensor_data enable trigger _500_rollups");
    await timed("rollups (rebuild_sensor_rollups)", () =>
      db.query(`select app_private.rebuild_sensor_rollups(now() - interval '${366 + LEAD_DAYS} days', now() + interval '1 day')`),
    );
    await timed("vacuum analyze", () =>
      db.query(
        "vacuum analyze app_public.sensor_data, app_public.sensor_rollups_hourly, app_public.sensor_rollups_daily, app_public.devices, app_public.things",
      ),
    );
  } finally {
    await Promise.all([db.end(), db2.end()]);
  }
  return { devices, seconds: (performance.now() - started) / 1000 };
}

async function post(base: string, query: string, variables: Record<string, unknown>): Promise<any> {
  const res = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json, application/json" },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as any;
  if (body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
  return body.data;
}

type Latency = { p50: number; p95: number; size: number };

/** p50/p95 of `samples` requests, one at a time, each for a random device, after a warm-up. */
async function latency(ids: string[], samples: number, request: (id: string) => Promise<number>): Promise<Latency> {
  for (let i = 0; i < Math.min(20, samples); i++) await request(ids[i % ids.length]);
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < samples; i++) {
    const id = ids[Math.floor(Math.random() * ids.length)];
    const started = performance.now();
    size = await request(id);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), size };
}

type Cadence = "live" | "burst";

/**
 * Uplinks per second through ingest_uplinks from 4 connections, each storing BATCHES batches of
 * one uplink from each of its own 50 devices (as the webhook's batches are: an uplink per device
 * at most, and no two connections waiting for the same devices' locks). `round` numbers the
 * rounds of one cadence from 0, so live rounds carry on in time where the last one stopped.
 */
async function ingestRate(url: string, cadence: Cadence, round: number, batches = BATCHES): Promise<number> {
  const liveStart = Date.now() - LEAD_DAYS * 86_400_000;
  const stamp = (b: number) =>
    cadence === "live" ? new Date(liveStart + (round * BATCHES + b + 1) * CADENCE_MS) : new Date(Date.now() - 60_000);
  const connections = 4;
  const perConnection = INGEST_DEVICES / connections;
  const pool = new pg.Pool({ connectionString: url, max: connections });
  // pool.end() does not wait for the server processes to exit; dropping the database then ends
  // them, which an idle client reports as an error.
  pool.on("error", () => {});
  try {
    await Promise.all(Array.from({ length: connections }, () => pool.query("select 1")));
    const started = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async (_, c) => {
        for (let b = 0; b < batches; b++) {
          const ids: string[] = [],
            at: string[] = [],
            cnt: number[] = [],
            values: string[] = [];
          for (let i = 0; i < perConnection; i++) {
            const n = b * perConnection + i;
            ids.push(`eui-hist${String(c * perConnection + i).padStart(8, "0")}`);
            at.push(stamp(b).toISOString());
            cnt.push(10_000_000 + (cadence === "live" ? 0 : 5_000_000) + round * 100_000 + b);
            values.push(
              JSON.stringify({ water: 20 + (n % 50), temperature: 12.5, conductivity: 310 + (n % 9), battery: 3.41, rssi: -97, snr: 6.5 }),
            );
          }
          await pool.query("select app_private.ingest_uplinks($1::text[], $2::timestamptz[], $3::int[], $4::jsonb[])", [
            ids,
            at,
            cnt,
            values,
          ]);
        }
      }),
    );
    return (batches * INGEST_DEVICES) / ((performance.now() - started) / 1000);
  } finally {
    await pool.end();
  }
}

/** Points of all lines of a sensorRollups answer. */
const points = (lines: { buckets: string[] }[]) => lines.reduce((n, l) => n + l.buckets.length, 0);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function runScale(adminUrl: string, readings: number): Promise<ScaleResult> {
  console.log(`\n${readings.toLocaleString("en-GB")} readings`);
  const url = await createTestDatabase(adminUrl, "bk_bench_history");
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  try {
    const seeded = await seed(url, readings);
    const sizes = (
      await owner.query(`select pg_database_size(current_database()) as bytes,
      (select count(*) from app_public.sensor_rollups_hourly)::int as hourly, (select count(*) from app_public.sensor_rollups_daily)::int as daily,
      (select count(*) from app_public.sensor_data)::bigint as readings`)
    ).rows[0];
    console.log(
      `  database ${(Number(sizes.bytes) / 2 ** 30).toFixed(2)} GB; ${Number(sizes.readings).toLocaleString("en-GB")} readings; rollup rows: ${sizes.hourly.toLocaleString("en-GB")} hourly, ${sizes.daily.toLocaleString("en-GB")} daily`,
    );
    const ids = (await owner.query<{ id: string }>("select id from app_public.devices order by device_id")).rows.map((r) => r.id);

    // Ingestion with and without the rollups trigger, alternating, on this database: the live
    // cadence first (its batches must stay in the days between the seed and now), then the burst.
    const rates = async (cadence: Cadence) => {
      const on: number[] = [],
        off: number[] = [];
      // Rounds numbered in the order they run, so live rounds go forward in time.
      let seq = 0;
      let summed = { hours: 0, ms: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        for (const enabled of round % 2 === 0 ? [true, false] : [false, true]) {
          await owner.query(`alter table app_public.sensor_data ${enabled ? "enable" : "disable"} trigger _500_rollups`);
          // Each round starts just after a checkpoint, so neither side pays for one falling inside
          // it (and the full-page images written after it) more than the other: at 10M readings,
          // rounds of a few seconds varied by a fifth without this.
          // The worker's sensor_rollups job (every 5 minutes in service) sums the hours the last
          // round marked, untimed, so the marks stay as few as in service.
          const started = performance.now();
          const { rows } = await owner.query<{ n: number }>("select app_private.roll_up_sensor_hours(1000000) as n");
          if (rows[0].n > 0) summed = { hours: summed.hours + rows[0].n, ms: summed.ms + performance.now() - started };
          await owner.query("checkpoint");
          const rate = await ingestRate(url, cadence, seq++);
          (enabled ? on : off).push(rate);
          console.log(`  ingest_uplinks (${cadence}), rollups ${enabled ? "on " : "off"}: ${rate.toFixed(0)} uplinks/s`);
        }
      }
      await owner.query("alter table app_public.sensor_data enable trigger _500_rollups");
      await owner.query("select app_private.roll_up_sensor_hours(1000000)");
      if (summed.hours)
        console.log(
          `  roll-ups between ${cadence} rounds: ${summed.hours.toLocaleString("en-GB")} device-hours in ${summed.ms.toFixed(0)} ms (${((1000 * summed.ms) / summed.hours).toFixed(0)} µs each)`,
        );
      return { on: median(on), off: median(off) };
    };
    const live = await rates("live");
    // The charts are read as in service, where each reporting device has an hour or two the
    // worker has not summed yet (read from its readings): six more live batches, 10 minutes
    // apart, marked and left so.
    await ingestRate(url, "live", 2 * ROUNDS, 6);
    const marked = (await owner.query<{ n: number }>("select count(*)::int as n from app_private.sensor_rollup_hours_pending")).rows[0].n;
    console.log(`  ${marked} device-hours marked, not yet summed, while the charts are read`);

    const server = await startServer(
      loadConfig({
        databaseUrl: url,
        authDatabaseUrl: await authenticatorUrl(url),
        port: 0,
        host: "127.0.0.1",
        exportSchema: false,
        graphiql: false,
        rateLimits: false,
      }),
    );
    let yearChart: Latency, monthChart: Latency, rawChart: Latency;
    try {
      const yearAgo = () => new Date(Date.now() - 365 * 86400_000).toISOString();
      const monthAgo = () => new Date(Date.now() - 30 * 86400_000).toISOString();
      yearChart = await latency(ids, SAMPLES, async (deviceId) =>
        points(
          (await post(server.url, ROLLUPS, { deviceId, resolution: "DAY", since: yearAgo(), parameters: CHART_METRICS })).sensorRollups
            .nodes,
        ),
      );
      console.log(
        `  one-year chart (daily rollups): p50 ${yearChart.p50.toFixed(1)} ms, p95 ${yearChart.p95.toFixed(1)} ms (${yearChart.size} points)`,
      );
      monthChart = await latency(ids, SAMPLES, async (deviceId) =>
        points(
          (await post(server.url, ROLLUPS, { deviceId, resolution: "HOUR", since: monthAgo(), parameters: CHART_METRICS })).sensorRollups
            .nodes,
        ),
      );
      console.log(
        `  30-day chart (hourly rollups): p50 ${monthChart.p50.toFixed(1)} ms, p95 ${monthChart.p95.toFixed(1)} ms (${monthChart.size} points)`,
      );
      rawChart = await latency(
        ids,
        Math.max(10, Math.floor(SAMPLES / 5)),
        async (deviceId) => (await post(server.url, READINGS, { deviceId, createdAfter: yearAgo() })).allSensorData.nodes.length,
      );
      console.log(
        `  for comparison, a year of raw readings (allSensorData, newest ${rawChart.size} only): p50 ${rawChart.p50.toFixed(1)} ms, p95 ${rawChart.p95.toFixed(1)} ms`,
      );
    } finally {
      await server.close();
    }
    await owner.query("select app_private.roll_up_sensor_hours(1000000)");

    const burst = await rates("burst");
    return {
      readings: Number(sizes.readings),
      devices: seeded.devices,
      seedSeconds: seeded.seconds,
      databaseGb: Number(sizes.bytes) / 2 ** 30,
      rollupRows: { hourly: sizes.hourly, daily: sizes.daily },
      yearChart: { p50: yearChart.p50, p95: yearChart.p95, points: yearChart.size },
      monthChart: { p95: monthChart.p95 },
      rawChart: { p95: rawChart.p95, rows: rawChart.size },
      ingest: live,
      burst,
    };
  } finally {
    await owner.end();
    await dropTestDatabase(adminUrl, url);
  }
}

const pgServer = await findTestServer();
const results: ScaleResult[] = [];
try {
  for (const n of SCALES) results.push(await runScale(pgServer.adminUrl, n));
} finally {
  await pgServer.stop();
}

const fmt = (n: number, d = 0) => n.toLocaleString("en-GB", { maximumFractionDigits: d, minimumFractionDigits: d });
console.log("\nGrowth table");
console.log(
  "| Readings | Devices | Seed | Database | Rollup rows (hourly / daily) | 1-year chart p50 / p95 | 30-day chart p95 | Raw year (10,000 rows) p95 | Ingest (live), rollups on / off | Ratio | Ingest (burst), on / off | Ratio |",
);
console.log("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const r of results) {
  console.log(
    `| ${fmt(r.readings)} | ${fmt(r.devices)} | ${fmt(r.seedSeconds)} s | ${fmt(r.databaseGb, 2)} GB | ${fmt(r.rollupRows.hourly)} / ${fmt(r.rollupRows.daily)} | ` +
      `${fmt(r.yearChart.p50, 1)} / ${fmt(r.yearChart.p95, 1)} ms | ${fmt(r.monthChart.p95, 1)} ms | ${fmt(r.rawChart.p95, 1)} ms | ` +
      `${fmt(r.ingest.on)} / ${fmt(r.ingest.off)} uplinks/s | ${fmt(r.ingest.on / r.ingest.off, 2)} | ` +
      `${fmt(r.burst.on)} / ${fmt(r.burst.off)} uplinks/s | ${fmt(r.burst.on / r.burst.off, 2)} |`,
  );
}

const figures: Figure[] = [];
for (const r of results) {
  const at = `${fmt(r.readings / 1e6, r.readings % 1e6 ? 1 : 0)}M readings`;
  figures.push(
    under(`one-year chart p95, ${at}`, r.yearChart.p95, "ms", 50),
    figure(`30-day chart p95, ${at}`, r.monthChart.p95, "ms"),
    figure(`raw year (allSensorData, 10,000 rows) p95, ${at}`, r.rawChart.p95, "ms"),
    figure(`ingest_uplinks with rollups (live cadence), ${at}`, r.ingest.on, "uplinks/s"),
    figure(`ingest_uplinks without rollups (live cadence), ${at}`, r.ingest.off, "uplinks/s"),
    atLeast(`ingest with / without rollups (live cadence), ${at}`, r.ingest.on / r.ingest.off, "ratio", 0.9),
    figure(`ingest with / without rollups (burst: every uplink a minute ago), ${at}`, r.burst.on / r.burst.off, "ratio"),
  );
}
printResult({
  bench: "history",
  figures,
  notes: [
    `Scales ${SCALES.map((n) => fmt(n)).join(", ")}; ${SAMPLES} chart requests per figure (one at a time, random devices); ` +
      `ingestion: ${ROUNDS} alternating rounds each way and cadence of ${BATCHES} batches per connection, 4 connections of 50 devices, an uplink per device per batch (medians); live: batches 10 minutes apart in the ${LEAD_DAYS} days after the seeded year; burst: every uplink a minute ago.`,
  ],
});
