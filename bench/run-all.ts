// `npm run bench`: the whole performance suite, one bench after another (each in its own process,
// so none shares memory or an event loop with another), then a markdown report with every figure
// and whether each target was met: bench/results/<date>.md.
// Order: ingest, history (issue 24's year charts from rollups, and ingestion with them on, at 1M and
// 10M readings), live (uplink to subscriber), analytics, map, water-need (issue 21's hourly recompute
// of 100,000 things), scale (issue 27: 10k and 100k things; --full 100k and 1M), bundle, vitals (issue 27's Core
// Web Vitals on a throttled phone), attack (the GraphQL attacks
// of issue #20 beside normal traffic, on its own small database), then seed once at full scale
// and run api and soak against that database (soak for 1 minute unless --full: 10 minutes, and
// the scale bench at a million things).
// Run: npx tsx bench/run-all.ts [--full] [--only api,soak] [--out path.md]
//        [--things N --readings N (the seeded scale)]
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { claimTestDatabase, findTestServer, dropTestDatabase } from "../test/database.ts";
import { Args } from "./lib/args.ts";
import { parseResult, metText, type BenchResult } from "./lib/result.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = new Args();
const FULL = args.flag("full");
const only = args
  .string("only")
  ?.split(",")
  .map((s) => s.trim());
const wanted = (name: string) => !only || only.includes(name);

interface Run {
  name: string;
  command: string;
  exitCode: number;
  seconds: number;
  output: string;
  result: BenchResult | null;
}

/** Runs one bench in its own Node process (with tsx), echoing its output as it comes. */
function runBench(name: string, file: string, benchArgs: string[] = []): Promise<Run> {
  const command = `tsx ${file} ${benchArgs.join(" ")}`.trim();
  console.log(`\n=== ${name}: ${command}`);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(root, file), ...benchArgs], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const echo = (chunk: Buffer, to: NodeJS.WriteStream) => {
      output += chunk.toString("utf8");
      to.write(chunk);
    };
    child.stdout.on("data", (c: Buffer) => echo(c, process.stdout));
    child.stderr.on("data", (c: Buffer) => echo(c, process.stderr));
    child.on("close", (code) => {
      resolve({ name, command, exitCode: code ?? 1, seconds: (performance.now() - started) / 1000, output, result: parseResult(output) });
    });
  });
}

const runs: Run[] = [];
const startedAt = new Date();
const loadBefore = os.loadavg();

if (wanted("ingest")) runs.push(await runBench("ingest", "bench/ingest.ts"));
if (wanted("history")) runs.push(await runBench("history", "bench/history.ts"));
if (wanted("live")) runs.push(await runBench("live", "bench/live.ts"));
if (wanted("analytics")) runs.push(await runBench("analytics", "bench/analytics.ts"));
if (wanted("map")) runs.push(await runBench("map", "bench/map.ts"));
if (wanted("water-need")) runs.push(await runBench("water-need", "bench/water-need.ts"));
// Issue 27's growth: 10,000 and 100,000 things, or (--full) 100,000 and 1,000,000.
if (wanted("scale")) runs.push(await runBench("scale", "bench/scale.ts", FULL ? ["--full"] : []));
if (wanted("bundle")) runs.push(await runBench("bundle", "bench/bundle.ts"));
if (wanted("vitals")) runs.push(await runBench("vitals", "bench/vitals.ts"));
if (wanted("attack")) runs.push(await runBench("attack", "bench/attack.ts"));

// One seeded database (the slow part) serves both the API bench and the soak.
let seededUrl: string | null = null;
if (wanted("api") || wanted("soak")) {
  const scale = ["--things", String(args.number("things", 10_000, 1)), "--readings", String(args.number("readings", 1_000_000, 0))];
  const seeded = await runBench("seed", "bench/seed.ts", scale);
  runs.push(seeded);
  seededUrl = (seeded.result?.data?.databaseUrl as string | undefined) ?? null;
  if (seededUrl) {
    if (wanted("api")) runs.push(await runBench("api", "bench/api.ts", ["--database-url", seededUrl]));
    if (wanted("soak")) runs.push(await runBench("soak", "bench/soak.ts", ["--database-url", seededUrl, "--minutes", FULL ? "10" : "1"]));
    const server = await findTestServer();
    claimTestDatabase(seededUrl);
    await dropTestDatabase(server.adminUrl, seededUrl);
    await server.stop();
  }
}

// The report.
const pgVersion = await (async () => {
  const server = await findTestServer();
  const c = new pg.Client({ connectionString: server.adminUrl });
  try {
    await c.connect();
    return (await c.query("show server_version")).rows[0].server_version as string;
  } catch {
    return "unknown";
  } finally {
    await c.end().catch(() => {});
    await server.stop();
  }
})();
const loadAfter = os.loadavg();
const lines: string[] = [];
const stamp = startedAt.toISOString().slice(0, 16).replace(":", "");
lines.push(`# Benchmark report, ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC`, "");
lines.push(
  `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown"}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; ` +
    `Node ${process.version}; PostgreSQL ${pgVersion}. Load average ${loadBefore[0].toFixed(1)} at the start, ${loadAfter[0].toFixed(1)} at the end: ` +
    `PostgreSQL, the server under test and the load generators share these cores${loadBefore[0] > os.cpus().length || loadAfter[0] > os.cpus().length ? " (and other work was running: figures are noisy)" : ""}.`,
);
lines.push(`Mode: ${FULL ? "full (10-minute soak)" : "short (1-minute soak; `npm run bench -- --full` for the 10-minute one)"}.`, "");
lines.push("| Bench | Exit | Time | Targets met | Targets missed |", "| --- | --- | --- | --- | --- |");
for (const r of runs) {
  const targets = r.result?.figures.filter((f) => f.met !== undefined) ?? [];
  const missed = targets.filter((f) => !f.met).map((f) => f.name);
  lines.push(
    `| ${r.name} | ${r.exitCode} | ${r.seconds.toFixed(0)} s | ${targets.length - missed.length}/${targets.length} | ${missed.join("; ") || (targets.length ? "none" : "(figures only)")} |`,
  );
}
for (const r of runs) {
  lines.push("", `## ${r.name}`, "", `\`${r.command}\` (exit ${r.exitCode}, ${r.seconds.toFixed(0)} s)`, "");
  if (r.result) {
    lines.push("| Figure | Value | Target | |", "| --- | --- | --- | --- |");
    for (const f of r.result.figures)
      lines.push(`| ${f.name} | ${f.value.toLocaleString("en-GB")} ${f.unit} | ${f.target ?? ""} | ${metText(f.met)} |`);
    for (const n of r.result.notes ?? []) lines.push(`- ${n}`);
  }
  // Everything the bench printed (benches without a BENCH_RESULT line are reported this way only).
  const printed = r.output
    .split("\n")
    .filter((l) => !l.startsWith("BENCH_RESULT ") && !/npm warn/.test(l))
    .join("\n")
    .trim();
  lines.push("", r.result ? "<details><summary>Output</summary>\n" : "", "```", printed, "```", r.result ? "</details>" : "");
}
const out = args.string("out") ?? path.join(root, "bench/results", `${stamp}.md`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, lines.join("\n") + "\n");
console.log(`\nReport: ${path.relative(root, out)}`);
const crashed = runs.filter((r) => r.exitCode !== 0);
if (crashed.length) {
  console.log(`Benches that failed (exit code not 0): ${crashed.map((r) => r.name).join(", ")}`);
  process.exitCode = 1;
}
