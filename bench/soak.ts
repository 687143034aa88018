// Soak: N simulated users (default 50) for D minutes (default 10) against the real server, run as a
// child process (scripts/start.ts --deployed, worker off: deployments run it apart) so its memory is its own.
// Each user signs in, holds two thingUpdated subscriptions over graphql-ws (one of their own
// things, one public thing whose device reports), and, after a think time, reads (home dashboard,
// recent activity, things list, a thing's readings) or records a care action on their thing.
// Meanwhile uplinks arrive through the TTN webhook for the devices being watched.
// Prints errors (target 0), request rates, latency percentiles, subscription events, and the
// server's memory sampled over time after a forced GC: start vs end and the slope (target: flat).
// Run: npx tsx bench/soak.ts [--users 50] [--minutes 10] [--think-ms 2000] [--uplinks-per-second 10]
//        [--database-url URL (an already seeded database) | --things 10000 --readings 1000000]
import pg from "pg";
import { createClient, type Client } from "graphql-ws";
import { findTestServer, createTestDatabase, dropTestDatabase } from "../test/database.ts";
import { seed, defaultOptions, seedUsername, SEED_PASSWORD } from "./seed.ts";
import { Args } from "./lib/args.ts";
import { startServerProcess, type MemorySample } from "./lib/server-process.ts";
import { GraphqlClient, expectData, signIn } from "./lib/http.ts";
import { lse01Payload, uplinkBody } from "./lib/uplink.ts";
import { summarize, slope, ms, mb } from "./lib/stats.ts";
import { spaDocument, THINGS_LIST_FIRST_PAGE } from "./lib/spa-documents.ts";
import { printResult, under, figure, type Figure } from "./lib/result.ts";

const document = spaDocument;
const DOCS = {
  dashboard: document("web/src/features/home/HomeDashboard.graphql"),
  activity: document("web/src/features/home/HomeActivity.graphql"),
  things: document("web/src/features/things/AllThings.graphql"),
  readings: document("web/src/features/things/ThingReadings.graphql"),
  createAction: document("web/src/features/things/CreateAction.graphql"),
  thingUpdated: document("web/src/features/things/ThingUpdated.graphql"),
};

const args = new Args();
const USERS = args.number("users", 50, 1);
const MINUTES = args.number("minutes", 10, 0.1);
const THINK_MS = args.number("think-ms", 2000, 0);
const UPLINKS_PER_SECOND = args.number("uplinks-per-second", 10, 0);
const SAMPLE_SECONDS = args.number("sample-seconds", MINUTES >= 5 ? 15 : 5, 1);
// Post-GC heap may grow by less than this per minute once warmed up (caches filled).
const HEAP_SLOPE_TARGET_MB_PER_MIN = 1;

// What a user does after each think time, with its share of the iterations.
const MIX: [op: string, weight: number][] = [
  ["dashboard", 35],
  ["activity", 20],
  ["readings", 20],
  ["action", 15],
  ["things", 10],
];

const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));
const pick = () => {
  let r = Math.random() * MIX.reduce((s, [, w]) => s + w, 0);
  for (const [op, w] of MIX) {
    r -= w;
    if (r < 0) return op;
  }
  return MIX[0][0];
};

const given = args.string("database-url");
const pgServer = given ? null : await findTestServer();
const url = given ?? (await createTestDatabase(pgServer!.adminUrl, "bk_bench_soak"));
const figures: Figure[] = [];
const notes: string[] = [];
let server: Awaited<ReturnType<typeof startServerProcess>> | null = null;
let failed = false;
try {
  if (!given) await seed(url, defaultOptions(args.number("things", 10_000, 1), args.number("readings", 1_000_000, 0)));

  // Each user's first owned thing, and the public soil probes whose uplinks the users watch.
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  const own = (
    await owner.query(
      `select u.username, (select a.thing_id from app_public.thing_accesses a where a.user_id = u.id and a.is_owner order by a.created_at, a.thing_id limit 1) as thing_id
     from app_public.users u where u.username = any($1) order by u.username`,
      [Array.from({ length: USERS }, (_, i) => seedUsername(i + 1))],
    )
  ).rows as { username: string; thing_id: string }[];
  if (own.length < USERS || own.some((r) => !r.thing_id))
    throw new Error(`The database needs ${USERS} seeded users with things (bench/seed.ts)`);
  const devices = (
    await owner.query(
      `select device_id, thing_id from app_public.devices where model = 'LSE01' and is_public and thing_id is not null order by device_id limit $1`,
      [Math.max(1, Math.min(USERS, 50))],
    )
  ).rows as { device_id: string; thing_id: string }[];
  await owner.end();
  if (devices.length === 0) throw new Error("The database has no public LSE01 devices to send uplinks for");

  server = await startServerProcess({ databaseUrl: url });
  const srv = server;
  const http = new GraphqlClient(srv.url, USERS + 8);
  const latencies = new Map<string, number[]>();
  const errorSamples: string[] = [];
  let errors = 0;
  let events = 0;
  let stopping = false;
  const fail = (what: string, e: unknown) => {
    errors++;
    if (errorSamples.length < 10) errorSamples.push(`${what}: ${e instanceof Error ? e.message : JSON.stringify(e)}`.slice(0, 300));
  };
  const timed = async (op: string, work: () => Promise<unknown>) => {
    const t = performance.now();
    try {
      await work();
      if (!latencies.has(op)) latencies.set(op, []);
      latencies.get(op)!.push(performance.now() - t);
    } catch (e) {
      fail(op, e);
    }
  };

  console.log(
    `Soak: ${USERS} users for ${MINUTES} min (think ${THINK_MS} ms), ${UPLINKS_PER_SECOND} uplinks/s for ${devices.length} devices, server pid ${srv.pid}`,
  );
  const memory: (MemorySample & { minute: number })[] = [];
  const started = Date.now();
  const deadline = started + MINUTES * 60_000;
  const sampleMemory = async () => memory.push({ ...(await srv.sample(true)), minute: (Date.now() - started) / 60_000 });
  await sampleMemory();

  const wsClients: Client[] = [];
  const user = async (i: number) => {
    const { username, thing_id: ownThing } = own[i];
    const watched = devices[i % devices.length].thing_id;
    const token = await signIn(http, username, SEED_PASSWORD);
    const ws = createClient({
      url: srv.url.replace(/^http/, "ws") + "/graphql",
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
      lazy: false,
      on: { closed: (event: any) => void (!stopping && fail("websocket", `closed with code ${event?.code}`)) },
    });
    wsClients.push(ws);
    for (const id of new Set([ownThing, watched])) {
      ws.subscribe(
        { query: DOCS.thingUpdated, variables: { id } },
        {
          next: (value) => (value.errors ? fail("thingUpdated", value.errors) : events++),
          error: (e) => void (!stopping && fail("thingUpdated", e)),
          complete: () => void (!stopping && fail("thingUpdated", "completed before the end")),
        },
      );
    }
    // Users start spread over the first think time rather than all at once.
    await sleep(Math.random() * THINK_MS);
    while (Date.now() < deadline) {
      const op = pick();
      await timed(op, async () => {
        const r =
          op === "action"
            ? await http.request(
                DOCS.createAction,
                { action: { thingId: ownThing, type: "WATERING", comments: "Watered during the soak" } },
                token,
              )
            : op === "readings"
              ? await http.request(DOCS.readings, { thingId: watched }, token)
              : await http.request(DOCS[op as "dashboard" | "activity" | "things"], op === "things" ? THINGS_LIST_FIRST_PAGE : {}, token);
        expectData(r, op);
      });
      await sleep(THINK_MS * (0.5 + Math.random()));
    }
  };

  // The network: uplinks for the watched devices at a steady rate, each answered 201 once stored.
  const uplinks = async () => {
    if (UPLINKS_PER_SECOND <= 0) return;
    const every = 1000 / UPLINKS_PER_SECOND;
    let n = 0;
    const inFlight = new Set<Promise<void>>();
    for (let next = Date.now(); Date.now() < deadline; next += every) {
      await sleep(Math.max(0, next - Date.now()));
      const d = devices[n % devices.length];
      const fCnt = 1_000_000 + n++;
      const water = 20 + 25 * (1 + Math.sin(n / 50));
      const p: Promise<void> = timed("uplink", async () => {
        const r = await http.post("/webhooks/ttn", uplinkBody(d.device_id, fCnt, lse01Payload(water, 12)), {
          authorization: `Bearer ${srv.webhookSecret}`,
        });
        if (r.status !== 201) throw new Error(`HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
      }).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await Promise.all(inFlight);
  };

  const sampler = async () => {
    while (Date.now() + SAMPLE_SECONDS * 1000 < deadline) {
      await sleep(SAMPLE_SECONDS * 1000);
      await sampleMemory().catch((e) => fail("memory sample", e));
    }
  };

  await Promise.all([...Array.from({ length: USERS }, (_, i) => user(i).catch((e) => fail(`user ${i + 1}`, e))), uplinks(), sampler()]);
  await sleep(500); // the last uplinks' notifications
  stopping = true;
  await sampleMemory();
  await Promise.all(wsClients.map((c) => c.dispose()));
  http.close();
  const seconds = (Date.now() - started) / 1000;

  // Figures.
  console.log(`Requests over ${seconds.toFixed(0)} s:`);
  let total = 0;
  for (const [op, values] of [...latencies.entries()].sort()) {
    const s = summarize(values);
    total += s.count;
    console.log(
      `  ${op.padEnd(10)} ${String(s.count).padStart(6)} (${(s.count / seconds).toFixed(1).padStart(5)}/s)  p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, p99 ${ms(s.p99)}`,
    );
    figures.push(
      figure(`${op}: rate`, s.count / seconds, "req/s"),
      figure(`${op}: p50`, s.p50, "ms"),
      figure(`${op}: p95`, s.p95, "ms"),
      figure(`${op}: p99`, s.p99, "ms"),
    );
  }
  console.log(
    `  all        ${String(total).padStart(6)} (${(total / seconds).toFixed(1).padStart(5)}/s); thingUpdated events received: ${events}`,
  );
  const logged = srv.errorLines().filter((l) => /error/i.test(l));
  console.log(`Errors: ${errors} in the clients, ${logged.length} lines logged as errors by the server`);
  for (const e of errorSamples) console.log(`  ${e}`);
  for (const l of logged.slice(0, 5)) console.log(`  server: ${l.slice(0, 300)}`);
  figures.push(
    figure("requests", total, ""),
    figure("request rate", total / seconds, "req/s"),
    figure("thingUpdated events received", events, ""),
    under("client errors", errors, "", 0, true),
    under("server error lines", logged.length, "", 0, true),
  );
  if (events === 0) notes.push("No thingUpdated event arrived: subscriptions did not deliver");

  // Memory: the first minutes fill caches (plans, prepared statements), so the slope is taken
  // after a warm-up of a tenth of the run.
  const warm = memory.filter((m) => m.minute >= MINUTES * 0.1);
  const base = warm[0] ?? memory[0];
  const last = memory[memory.length - 1];
  const heapSlope = slope(warm.map((m) => ({ x: m.minute, y: m.heapUsed / 1024 / 1024 })));
  const rssSlope = slope(warm.map((m) => ({ x: m.minute, y: m.rss / 1024 / 1024 })));
  console.log(
    `Server memory (after GC, ${memory.length} samples every ${SAMPLE_SECONDS} s): heap ${mb(memory[0].heapUsed)} at start, ` +
      `${mb(base.heapUsed)} after warm-up, ${mb(last.heapUsed)} at the end; RSS ${mb(memory[0].rss)} -> ${mb(base.rss)} -> ${mb(last.rss)}`,
  );
  console.log(
    `  slope after warm-up: heap ${heapSlope.toFixed(2)} MB/min, RSS ${rssSlope.toFixed(2)} MB/min; ` +
      `target heap < ${HEAP_SLOPE_TARGET_MB_PER_MIN} MB/min: ${heapSlope < HEAP_SLOPE_TARGET_MB_PER_MIN ? "met" : "MISSED"}`,
  );
  figures.push(
    figure("heap after GC at start", memory[0].heapUsed / 1048576, "MB"),
    figure("heap after GC after warm-up", base.heapUsed / 1048576, "MB"),
    figure("heap after GC at end", last.heapUsed / 1048576, "MB"),
    figure("RSS after warm-up", base.rss / 1048576, "MB"),
    figure("RSS at end", last.rss / 1048576, "MB"),
    under("heap slope after warm-up", heapSlope, "MB/min", HEAP_SLOPE_TARGET_MB_PER_MIN),
    figure("RSS slope after warm-up", rssSlope, "MB/min"),
  );
  if (MINUTES < 5) notes.push(`a ${MINUTES}-minute run: the memory slope is indicative only (run --minutes 10 for the soak proper)`);
  notes.push(
    `${USERS} users, think time ${THINK_MS} ms, ${UPLINKS_PER_SECOND} uplinks/s, ${MINUTES} min; memory as the server process itself reports it (process.memoryUsage after global.gc)`,
  );
  failed = errors > 0 || logged.length > 0;
} catch (e) {
  failed = true;
  console.error(e);
} finally {
  await server?.stop();
  if (!given) {
    await dropTestDatabase(pgServer!.adminUrl, url);
    await pgServer!.stop();
  }
  printResult({ bench: "soak", figures, notes });
}
// Explicitly: a websocket or socket left half-closed must not keep the bench alive or hide a failure.
process.exit(failed ? 1 : 0);
