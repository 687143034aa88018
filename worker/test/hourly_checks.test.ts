// The hourly checks task: runs every check against the database and books its own next run.
import { describe, it, expect, inject } from "vitest";
import pg from "pg";
import hourlyChecks, { HOURLY_JOB_KEY } from "../tasks/hourly_checks.ts";
import { runInWorkerContext } from "../context.ts";
import { readWorkerConfig } from "../config.ts";
import { createMailer } from "../providers/mailer.ts";
import { createTestDatabase, dropTestDatabase } from "../../test/database.ts";

describe("hourly_checks", () => {
  it("works out water needs, runs the checks and books the next run under one job key", { timeout: 60_000 }, async () => {
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
    // A planter watered 6 days ago with 5 L in a hot, dry fortnight, whose state is out of date
    // (as it would be after a day without a run): the job works it out again first.
    await pool.query(`
      insert into app_public.groups (id, name, type, slug, is_public) values ('00000000-0000-4000-8000-00000000a001', 'Hourly Growers', 'GROWER', 'hourly-growers', true);
      insert into app_public.things (id, group_id, name, type, location) values ('00000000-0000-4000-8000-00000000b001', '00000000-0000-4000-8000-00000000a001', 'Hourly Planter', 'PLANTER', point(52.01, -1.01));
      insert into app_private.weather_days (latitude, longitude, day, et0_mm, precipitation_mm, observed_mm, temperature_max)
        select 52.0, -1.0, d::date, 4.0, 0, 0, 27 from generate_series(app_hidden.water_today() - 14, app_hidden.water_today() + 2, interval '1 day') d;
      insert into app_public.actions (thing_id, type, comments, litres, created_at) values ('00000000-0000-4000-8000-00000000b001', 'WATERING', 'A small can', 5, now() - interval '6 days');
      update app_public.things set water_need = 'unknown', water_need_reason = null, water_store_percent = null;`);
    const before = Date.now();
    let thing: any;
    try {
      await runInWorkerContext(ctx, () => hourlyChecks({}, helpers));
      thing = (await pool.query("select water_need, water_need_reason from app_public.things")).rows[0];
    } finally {
      await pool.end();
      await dropTestDatabase(inject("adminUrl"), url);
    }
    expect(thing).toEqual({ water_need: "needs_water", water_need_reason: "watered 6 days ago with 5 L; no rain since; hot days ahead" });
    expect(logged[0]).toMatch(/^hourly_checks: 1 water need\(s\) changed, 0 indicator\(s\) greyed, 1 dry alert\(s\) sent/);
    expect(logged[0]).toMatch(
      /hourly_checks: \d+ water need\(s\) changed, \d+ indicator\(s\) greyed, \d+ dry alert\(s\) sent, \d+ device task\(s\) opened/,
    );
    expect(booked).toHaveLength(1);
    expect(booked[0].identifier).toBe("hourly_checks");
    expect(booked[0].spec.jobKey).toBe(HOURLY_JOB_KEY);
    const next = booked[0].spec.runAt.getTime() - before;
    expect(next).toBeGreaterThanOrEqual(120000);
    expect(next).toBeLessThan(130000);
  });
});
