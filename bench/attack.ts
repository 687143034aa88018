// The GraphQL attacks of the security review (issue #20) at full rate beside normal traffic,
// against the real server in a child process (so its RSS is its own):
//  - memory: anonymous POSTs of unique ~98 KB syntactically invalid documents (each once kept
//    ~4.4 MB alive in grafserv's parse cache; the server died after ~160);
//  - validation: unique documents built to make overlapping-field validation quadratic
//    (hundreds of the same field at the root, nested, through fragments, in unused fragments),
//    within the size limits so that they reach the parser;
//  - meanwhile, signed-in clients open the home dashboard (the SPA's own document), paced.
// Prints the server's RSS and heap before, at the end of the attack and --settle-seconds (15)
// later with normal traffic only, each after a full collection (target: RSS growth under 100 MB,
// no crash), the highest RSS seen, and the normal requests' latency during the attack (target
// p95 under 100 ms), beside the same traffic without the attack.
// Run: npx tsx bench/attack.ts [--seconds 60] [--attackers 4] [--validators 2] [--clients 4]
//        [--interval-ms 250] [--max-tokens 2000 (the server's QUERY_MAX_TOKENS)]
//        [--database-url URL (seeded: bench/seed.ts) | --things 2000]
import http from "node:http";
import { findTestServer, createTestDatabase, dropTestDatabase } from "../test/database.ts";
import { seed, defaultOptions, seedUsername, SEED_PASSWORD } from "./seed.ts";
import { Args } from "./lib/args.ts";
import { startServerProcess, type MemorySample } from "./lib/server-process.ts";
import { GraphqlClient, expectData, signIn } from "./lib/http.ts";
import { runLoad, type LoadResult } from "./lib/load.ts";
import { ms, mb } from "./lib/stats.ts";
import { homeDashboardVariables, spaDocument } from "./lib/spa-documents.ts";
import { printResult, under, figure, type Figure } from "./lib/result.ts";

const args = new Args();
const SECONDS = args.number("seconds", 60, 1);
const ATTACKERS = args.number("attackers", 4, 0);
const VALIDATORS = args.number("validators", 2, 0);
const CLIENTS = args.number("clients", 4, 1);
const INTERVAL_MS = args.number("interval-ms", 250, 1);
const BASELINE_SECONDS = Math.min(10, SECONDS);
/** Quiet seconds after the attack before memory is measured again (V8 gives back heap it no longer needs). */
const SETTLE_SECONDS = args.number("settle-seconds", 15, 0);
const RSS_GROWTH_TARGET = 100 * 1024 * 1024;
const P95_TARGET_MS = 100;

const HOME_DASHBOARD = spaDocument("web/src/features/home/HomeDashboard.graphql");

// --- The attack documents -------------------------------------------------------------------
let sequence = 0;
const unique = () => `${process.pid}_${++sequence}_${Date.now().toString(36)}`;
const PADDING = "a ".repeat(48_900);
/** ~98 KB, never closed: 49,000 tokens for a parser to keep. */
const memoryDocument = () => `query M${unique()} { ${PADDING}`;
/**
 * As large as the server's limits let through to the parser (QUERY_MAX_TOKENS, 2,000 by
 * default; --max-tokens when the server runs with another): the costliest it will parse.
 */
const TOKENS = args.number("max-tokens", 2_000, 100) - 20;
const VALIDATION_SHAPES = [
  // currentUser { id name }: 5 tokens
  () => `query V${unique()} { ${"currentUser { id name } ".repeat(Math.floor(TOKENS / 5))} }`,
  // userEmailsByUserId { nodes { id email } }: 8 tokens
  () => `query V${unique()} { currentUser { ${"userEmailsByUserId { nodes { id email } } ".repeat(Math.floor(TOKENS / 8))} } }`,
  // ...U: 2 tokens
  () => `query V${unique()} { currentUser { ${"...U ".repeat(Math.floor(TOKENS / 2))} } } fragment U on User { id name username }`,
  () => `query V${unique()} { __typename } fragment Unused on User { ${"id ".repeat(TOKENS)} }`,
];
const validationDocument = (i: number) => VALIDATION_SHAPES[i % VALIDATION_SHAPES.length]();

/** One raw POST; the answer's status, or the socket error (a 413 may cut the upload short). */
function attackPost(agent: http.Agent, url: URL, body: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: Number(url.port),
        path: "/graphql",
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          accept: "application/graphql-response+json, application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", (e) => resolve(e.message));
      },
    );
    req.on("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    req.end(body);
  });
}

interface AttackTally {
  sent: number;
  bytes: number;
  outcomes: Map<number | string, number>;
}

/** `workers` connections sending `make()` documents back to back until `deadline`. */
async function attack(url: string, workers: number, deadline: number, make: (i: number) => string): Promise<AttackTally> {
  const tally: AttackTally = { sent: 0, bytes: 0, outcomes: new Map() };
  const target = new URL(url);
  await Promise.all(
    Array.from({ length: workers }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (performance.now() < deadline) {
        const body = JSON.stringify({ query: make(tally.sent) });
        tally.sent++;
        tally.bytes += body.length;
        const outcome = await attackPost(agent, target, body);
        tally.outcomes.set(outcome, (tally.outcomes.get(outcome) ?? 0) + 1);
      }
      agent.destroy();
    }),
  );
  return tally;
}

const outcomes = (t: AttackTally) => [...t.outcomes].map(([k, n]) => `${n} × ${k}`).join(", ") || "none";

// --- The run --------------------------------------------------------------------------------
const given = args.string("database-url");
const pgServer = given ? null : await findTestServer();
const url = given ?? (await createTestDatabase(pgServer!.adminUrl, "bk_bench_attack"));
const figures: Figure[] = [];
const notes: string[] = [];
let server: Awaited<ReturnType<typeof startServerProcess>> | null = null;
let failed = false;
try {
  if (!given) {
    const things = args.number("things", 2_000, 10);
    await seed(url, { ...defaultOptions(things, things * 10), users: Math.max(CLIENTS, Math.round(things / 10)) });
  }
  server = await startServerProcess({ databaseUrl: url });
  const client = new GraphqlClient(server.url, CLIENTS * 2);
  const tokens: string[] = [];
  for (let n = 1; n <= CLIENTS; n++) tokens.push(await signIn(client, seedUsername(n), SEED_PASSWORD));
  const task = async (c: number) =>
    void expectData(await client.request(HOME_DASHBOARD, homeDashboardVariables(), tokens[c]), "HomeDashboard");
  const report = (label: string, r: LoadResult) => {
    console.log(
      `${label}: ${r.throughput.toFixed(1)} req/s, p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)} (${r.count} requests, ${r.errors} errors)`,
    );
    for (const e of r.errorSamples) console.log(`  error: ${e}`);
  };

  // Normal traffic alone, for comparison (and to warm the caches).
  const baseline = await runLoad({ clients: CLIENTS, seconds: BASELINE_SECONDS, warmupSeconds: 2, intervalMs: INTERVAL_MS, task });
  report(`HomeDashboard without attack, ${CLIENTS} clients, one request every ${INTERVAL_MS} ms each`, baseline);

  const before = await server.sample(true);
  console.log(
    `Server before the attack: RSS ${mb(before.rss)}, heap ${mb(before.heapUsed)}, external ${mb(before.external)} (after a full collection)`,
  );
  console.log(
    `Attack: ${SECONDS} s, ${ATTACKERS} connections of unique ~98 KB invalid documents, ${VALIDATORS} of overlapping-field documents, beside ${CLIENTS} signed-in clients`,
  );

  // Memory over the attack (a sample every second; a failed sample means the server is gone).
  const samples: MemorySample[] = [];
  let crashed = false;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const sampler = (async () => {
    while (performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1000));
      try {
        samples.push(await server!.sample(false));
      } catch {
        crashed = true;
        return;
      }
    }
  })();
  const [memoryTally, validationTally, during] = await Promise.all([
    attack(server.url, ATTACKERS, deadline, memoryDocument),
    attack(server.url, VALIDATORS, deadline, validationDocument),
    runLoad({ clients: CLIENTS, seconds: SECONDS, intervalMs: INTERVAL_MS, task }),
    sampler,
  ]);
  const seconds = (performance.now() - started) / 1000;

  let atEnd: MemorySample | null = null;
  let after: MemorySample | null = null;
  try {
    atEnd = await server.sample(true);
    // Light traffic only, as after an attack: the normal clients go on.
    await runLoad({ clients: CLIENTS, seconds: SETTLE_SECONDS, intervalMs: INTERVAL_MS, task });
    after = await server.sample(true);
  } catch {
    crashed = true;
  }
  const peak = Math.max(before.rss, ...samples.map((s) => s.rss));
  const every = Math.max(1, Math.round(samples.length / 10));
  console.log(
    `Server RSS / heap in use / heap total during the attack: ${samples
      .filter((_, i) => i % every === every - 1)
      .map((s) => `${((s.at - samples[0].at) / 1000 + 1).toFixed(0)} s ${mb(s.rss)} / ${mb(s.heapUsed)} / ${mb(s.heapTotal)}`)
      .join(", ")}`,
  );
  console.log(
    `Memory attack: ${memoryTally.sent} documents (${(memoryTally.sent / seconds).toFixed(0)}/s, ${mb(memoryTally.bytes)}), answers: ${outcomes(memoryTally)}`,
  );
  console.log(
    `Validation attack: ${validationTally.sent} documents (${(validationTally.sent / seconds).toFixed(0)}/s), answers: ${outcomes(validationTally)}`,
  );
  report(`HomeDashboard during the attack, ${CLIENTS} clients, one request every ${INTERVAL_MS} ms each`, during);
  if (after && atEnd) {
    console.log(
      `Server at the end of the attack: RSS ${mb(atEnd.rss)} (growth ${mb(atEnd.rss - before.rss)}), heap ${mb(atEnd.heapUsed)} of ${mb(atEnd.heapTotal)}, external ${mb(atEnd.external)} (after a full collection); highest RSS during it ${mb(peak)}`,
    );
    console.log(
      `Server ${SETTLE_SECONDS} s later (normal traffic only): RSS ${mb(after.rss)} (growth ${mb(after.rss - before.rss)}), heap ${mb(after.heapUsed)} of ${mb(after.heapTotal)} (after a full collection)`,
    );
  } else {
    console.log(`The server died during the attack (highest RSS seen ${mb(peak)}).`);
  }
  const growth = after ? after.rss - before.rss : Number.POSITIVE_INFINITY;
  const growthOk = growth < RSS_GROWTH_TARGET;
  const p95Ok = during.p95 < P95_TARGET_MS;
  console.log(`  target RSS growth < 100 MB and no crash: ${growthOk && !crashed ? "met" : "MISSED"}`);
  console.log(`  target p95 of normal requests during the attack < ${P95_TARGET_MS} ms: ${p95Ok ? "met" : "MISSED"}`);
  figures.push(
    figure("server RSS before", before.rss / 2 ** 20, "MB"),
    figure("server heap before (post-GC)", before.heapUsed / 2 ** 20, "MB"),
    figure("server RSS at the end of the attack (post-GC)", atEnd ? atEnd.rss / 2 ** 20 : 0, "MB"),
    figure("server heap at the end of the attack (post-GC)", atEnd ? atEnd.heapUsed / 2 ** 20 : 0, "MB"),
    figure(`server RSS ${SETTLE_SECONDS} s after the attack (post-GC)`, after ? after.rss / 2 ** 20 : 0, "MB"),
    under(`server RSS growth, ${SETTLE_SECONDS} s after the attack`, Number.isFinite(growth) ? growth / 2 ** 20 : 1e9, "MB", 100),
    figure("server RSS highest during the attack", peak / 2 ** 20, "MB"),
    under("server crashed", crashed ? 1 : 0, "", 0, true),
    figure("memory attack documents", memoryTally.sent, ""),
    figure("memory attack rate", memoryTally.sent / seconds, "req/s"),
    figure("validation attack documents", validationTally.sent, ""),
    figure("validation attack rate", validationTally.sent / seconds, "req/s"),
    figure("HomeDashboard p95 without attack", baseline.p95, "ms"),
    under("HomeDashboard p95 during the attack", during.p95, "ms", P95_TARGET_MS),
    figure("HomeDashboard p99 during the attack", during.p99, "ms"),
    under("HomeDashboard errors during the attack", during.errors, "", 0, true),
  );
  notes.push(
    `${SECONDS} s; ${ATTACKERS} + ${VALIDATORS} attack connections; ${CLIENTS} clients paced at one request every ${INTERVAL_MS} ms; one machine runs PostgreSQL, the server and the load generator`,
  );
  if (crashed || during.errors) failed = true;
  client.close();
} catch (e) {
  failed = true;
  console.error(e);
} finally {
  await server?.stop();
  if (!given && pgServer) {
    await dropTestDatabase(pgServer.adminUrl, url);
    await pgServer.stop();
  }
}
printResult({ bench: "attack", figures, notes });
if (failed) process.exitCode = 1;
