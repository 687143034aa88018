// The hourly checks task: runs every check against the database and books its own next run.
import { describe, it, expect, inject } from "vitest";
import pg from "pg";
import hourlyChecks, { HOURLY_JOB_KEY } from "../tasks/hourly_checks.ts";
import { runInWorkerContext } from "../context.ts";
import { readWorkerConfig } from "../config.ts";
import { createMailer } from "../providers/mailer.ts";
import { createTestDatabase, dropTestDatabase } from "../../test/database.ts";

describe("hourly_checks", () => {
  it("runs the checks and books the next run under one job key", { timeout: 60_000 }, async () => {
    // Its own database: the checks act on every thing, and other files' alert tests count mails.
    const url = await createTestDatabase(inject("adminUrl"), "bk_hourly");
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const booked: { identifier: string; spec: any }[] = [];
    const logged: string[] = [];
    const config = readWorkerConfig({ HOURLY_JOB_INTERVAL_MS: "120000" });
    const helpers: any = {
      withPgClient: async (fn: (c: pg.PoolClient) => Promise<unknown>) => {
        const client = await pool.connect();
        try {
          return await fn(client);
        } finally {
          client.release();
        }
      },
      addJob: async (identifier: string, _payload: unknown, spec: unknown) => booked.push({ identifier, spec }),
      logger: { info: (m: string) => logged.push(m), debug() {}, warn() {}, error() {} },
    };
    const ctx = { config, mailer: createMailer({ from: "x@example.com", outboxDir: "/tmp/unused-outbox" }) };
    const before = Date.now();
    try {
      await runInWorkerContext(ctx, () => hourlyChecks({}, helpers));
    } finally {
      await pool.end();
      await dropTestDatabase(inject("adminUrl"), url);
    }
    expect(logged[0]).toMatch(/hourly_checks: \d+ indicator\(s\) greyed, \d+ dry alert\(s\) sent, \d+ device task\(s\) opened/);
    expect(booked).toHaveLength(1);
    expect(booked[0].identifier).toBe("hourly_checks");
    expect(booked[0].spec.jobKey).toBe(HOURLY_JOB_KEY);
    const next = booked[0].spec.runAt.getTime() - before;
    expect(next).toBeGreaterThanOrEqual(120000);
    expect(next).toBeLessThan(130000);
  });
});
