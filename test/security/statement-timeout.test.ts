// Attack: no statement ran with a timeout, so one slow query (a costly filter, a lock held by a
// stuck transaction, a pathological plan) held its pooled connection for as long as it ran; a few
// of them at once took the API's whole pool (6 connections) and every other request queued behind
// them. Each pool now sets statement_timeout on its connections: the API (API_STATEMENT_TIMEOUT_MS,
// 10 s), the webhook (WEBHOOK_STATEMENT_TIMEOUT_MS, 10 s) and the worker
// (WORKER_STATEMENT_TIMEOUT_MS, 5 min); the migration runner has none.
import { describe, it, expect, beforeAll, afterAll, afterEach, inject } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { loadConfig } from "../../server/config.ts";
import { startServer, type RunningServer } from "../../server/app.ts";
import { readWorkerConfig } from "../../worker/config.ts";
import { startWorker } from "../../worker/run.ts";
import { authenticatorUrl, createTestDatabase, dropTestDatabase } from "../database.ts";
import { silentLogger, waitFor } from "../../worker/test/helpers.ts";
import { captureLogs } from "../logs.ts";

let databaseUrl: string;
let dataDir: string;

// A database of its own: the test adds a slow function to app_public, which the other test files'
// schemas must not see.
beforeAll(async () => {
  databaseUrl = await createTestDatabase(inject("adminUrl"), "bk_stmt");
  dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "steward-stmt-"));
  const owner = new pg.Client({ connectionString: databaseUrl });
  await owner.connect();
  try {
    await owner.query(`
      create function app_public.slow_answer(seconds float) returns int language sql stable as $$
        select 42 from pg_sleep(seconds) $$;
      grant execute on function app_public.slow_answer(float) to bk_anonymous;`);
  } finally {
    await owner.end();
  }
});
afterAll(async () => {
  if (databaseUrl) await dropTestDatabase(inject("adminUrl"), databaseUrl);
  if (dataDir) await fs.promises.rm(dataDir, { recursive: true, force: true });
});

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe("settings", () => {
  it("API and webhook default to 10 s, the worker to 5 minutes; 0 turns a timeout off", () => {
    for (const key of ["API_STATEMENT_TIMEOUT_MS", "WEBHOOK_STATEMENT_TIMEOUT_MS", "WORKER_STATEMENT_TIMEOUT_MS"]) delete process.env[key];
    const config = loadConfig({ jwtSecret: "statement-timeout-test-secret-long-enough" });
    expect(config.apiStatementTimeoutMs).toBe(10_000);
    expect(config.webhookStatementTimeoutMs).toBe(10_000);
    expect(readWorkerConfig({}).statementTimeoutMs).toBe(300_000);
    Object.assign(process.env, { API_STATEMENT_TIMEOUT_MS: "2500", WEBHOOK_STATEMENT_TIMEOUT_MS: "0" });
    expect(loadConfig({ jwtSecret: "statement-timeout-test-secret-long-enough" })).toMatchObject({
      apiStatementTimeoutMs: 2500,
      webhookStatementTimeoutMs: 0,
    });
    expect(readWorkerConfig({ WORKER_STATEMENT_TIMEOUT_MS: "60000" }).statementTimeoutMs).toBe(60_000);
  });

  it("a value that is not a whole number of milliseconds is refused by name", () => {
    process.env.API_STATEMENT_TIMEOUT_MS = "ten seconds";
    expect(() => loadConfig({ jwtSecret: "statement-timeout-test-secret-long-enough" })).toThrow(/API_STATEMENT_TIMEOUT_MS/);
    expect(() => readWorkerConfig({ WORKER_STATEMENT_TIMEOUT_MS: "-1" })).toThrow(/WORKER_STATEMENT_TIMEOUT_MS/);
  });
});

describe("the API pool", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(
      loadConfig({
        databaseUrl,
        authDatabaseUrl: await authenticatorUrl(databaseUrl),
        port: 0,
        host: "127.0.0.1",
        exportSchema: false,
        graphiql: false,
        jwtSecret: "statement-timeout-test-secret-long-enough",
        dataDir,
        apiStatementTimeoutMs: 500,
      }),
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it("a query slower than the timeout is cancelled and answered with the masked error", async () => {
    const logged = captureLogs();
    try {
      // An hour: any answer within the test's timeout is the cancellation's.
      const res = await fetch(`${server.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: `query Slow { slowAnswer(seconds: 3600) }` }),
      });
      const body: any = await res.json();
      expect(body.data?.slowAnswer ?? null).toBeNull();
      expect(body.errors?.[0]?.message).toBe("An error occurred");
      const errorId = body.errors?.[0]?.extensions?.errorId;
      expect(errorId).toMatch(/^[0-9A-F]{12}$/);
      // Behind the masked error, PostgreSQL's own: the statement timeout cancelled it.
      const line = logged.records.find((r) => r.msg.includes(errorId));
      expect(String((line?.err as { message?: string } | undefined)?.message)).toMatch(/statement timeout/);
    } finally {
      logged.stop();
    }
  });

  it("a query within the timeout answers normally", async () => {
    const res = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: `query Quick { slowAnswer(seconds: 0.01) }` }),
    });
    expect(((await res.json()) as any).data).toEqual({ slowAnswer: 42 });
  });
});

describe("the worker's pool", () => {
  it("a job's statement slower than WORKER_STATEMENT_TIMEOUT_MS fails with PostgreSQL's timeout", async () => {
    const tasksDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "steward-stmt-tasks-"));
    await fs.promises.writeFile(
      path.join(tasksDir, "slow_job.mjs"),
      `export default async (_payload, helpers) => { await helpers.query("select pg_sleep(5)"); };\n`,
    );
    const worker = await startWorker({
      databaseUrl,
      env: { DATABASE_URL: databaseUrl, WORKER_STATEMENT_TIMEOUT_MS: "300", MAIL_OUTBOX_DIR: path.join(dataDir, "outbox") },
      tasksDir,
      crontab: "",
      scheduleChecks: false,
      logger: silentLogger,
      pollInterval: 200,
    });
    try {
      const job = await worker.addJob("slow_job", {}, { maxAttempts: 1 });
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const lastError = await waitFor(
          async () => {
            const { rows } = await client.query("select last_error from graphile_worker._private_jobs where id = $1", [job.id]);
            return rows[0]?.last_error as string | null;
          },
          "the job to fail",
          20_000,
          100,
        );
        expect(lastError).toMatch(/statement timeout/);
      } finally {
        await client.end();
      }
    } finally {
      await worker.stop();
      await fs.promises.rm(tasksDir, { recursive: true, force: true });
    }
  });
});

describe("the webhook's pool", () => {
  it("an uplink whose statements wait longer than WEBHOOK_STATEMENT_TIMEOUT_MS is answered with an error, not held", async () => {
    const { uplink, newDeviceId, postUplink, WEBHOOK_SECRET } = await import("../../server/test/faults/sensors.ts");
    const server = await startServer(
      loadConfig({
        databaseUrl,
        authDatabaseUrl: await authenticatorUrl(databaseUrl),
        port: 0,
        host: "127.0.0.1",
        exportSchema: false,
        graphiql: false,
        jwtSecret: "statement-timeout-test-secret-long-enough",
        dataDir,
        ttnWebhookSecret: WEBHOOK_SECRET,
        webhookStatementTimeoutMs: 500,
      }),
    );
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    try {
      // Whatever the ingest touches first waits for this lock (a stuck transaction elsewhere).
      await locker.query("begin; lock table app_public.devices, app_public.things, app_public.sensor_data in access exclusive mode");
      // The lock is held until the test ends, so only the statement timeout can end the request
      // (postUplink answers 0 if it is still waiting when the test's patience runs out).
      const status = await postUplink(server.url, uplink(newDeviceId(), new Date(), 1), 25_000);
      expect(status).toBeGreaterThanOrEqual(500);
    } finally {
      await locker.query("rollback").catch(() => {});
      await locker.end();
      await server.close();
    }
  });
});
