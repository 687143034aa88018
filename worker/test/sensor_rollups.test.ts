// The sensor_rollups task: every device-hour the ingest marked is summed from its readings into the
// hourly rollups, and its day from its hours into the daily ones, in batches; the marks are
// cleared, and a run with nothing marked says nothing.
import { describe, it, expect, inject, beforeAll, afterAll } from "vitest";
import pg from "pg";
import sensorRollups, { BATCH } from "../tasks/sensor_rollups.ts";
import { createTestDatabase, dropTestDatabase } from "../../test/database.ts";

let url: string;
let pool: pg.Pool;
beforeAll(async () => {
  url = await createTestDatabase(inject("adminUrl"), "bk_rollups");
  pool = new pg.Pool({ connectionString: url, max: 2 });
}, 60_000);
afterAll(async () => {
  await pool?.end();
  if (url) await dropTestDatabase(inject("adminUrl"), url);
});

async function runTask(): Promise<string[]> {
  const logged: string[] = [];
  const helpers: any = {
    query: (sql: string, params?: unknown[]) => pool.query(sql, params),
    logger: { info: (m: string) => logged.push(m), debug() {}, warn() {}, error() {} },
  };
  await sensorRollups({}, helpers);
  return logged;
}

const count = async (table: string) => Number((await pool.query(`select count(*) as n from ${table}`)).rows[0].n);

describe("sensor_rollups", () => {
  it("sums every marked device-hour from its readings and each day from its hours, past one batch, and clears the marks", async () => {
    // More device-hours than one call takes: (BATCH / 40 + 1) devices x 20 days x 2 hours, two
    // readings at 01:00 and 01:30 and one at 13:00 UTC of each day.
    const days = 20;
    const devices = Math.floor(BATCH / (2 * days)) + 1;
    await pool.query("select app_private.ensure_sensor_data_partition(now() - make_interval(days => $1))", [days]);
    await pool.query(
      `insert into app_public.devices (device_id, name, model, location)
       select 'eui-rollup-' || k, 'Probe ' || k, 'LSE01', point(51.4, -0.9) from generate_series(1, $1) k`,
      [devices],
    );
    await pool.query(
      `insert into app_public.sensor_data (device_id, created_at, data)
       select d.id, date_trunc('day', now(), 'UTC') - make_interval(days => n) + make_interval(mins => m), jsonb_build_object('water', 10 + m / 60)
       from app_public.devices d, generate_series(1, $1) n, (values (60), (90), (780)) v(m)
       where d.device_id like 'eui-rollup-%'`,
      [days],
    );
    const marked = await count("app_private.sensor_rollup_hours_pending");
    expect(marked).toBe(devices * days * 2);
    expect(marked).toBeGreaterThan(BATCH);
    expect(await count("app_public.sensor_rollups_hourly")).toBe(0);
    expect(await count("app_public.sensor_rollups_daily")).toBe(0);

    expect(await runTask()).toEqual([`sensor_rollups: ${devices * days * 2} device-hours summed`]);
    expect(await count("app_private.sensor_rollup_hours_pending")).toBe(0);
    const sums = async (table: string) =>
      (
        await pool.query(
          `select count(*)::int as rows, sum(readings)::int as readings, min(water_sum) as water_sum, min(water_min) as water_min, max(water_max) as water_max
           from app_public.sensor_rollups_${table}`,
        )
      ).rows[0];
    // Hours: 01:00 (two readings of 11) and 13:00 (one of 23).
    expect(await sums("hourly")).toEqual({
      rows: devices * days * 2,
      readings: 3 * devices * days,
      water_sum: 22,
      water_min: 11,
      water_max: 23,
    });
    expect(await sums("daily")).toEqual({
      rows: devices * days,
      readings: 3 * devices * days,
      water_sum: 11 + 11 + 23,
      water_min: 11,
      water_max: 23,
    });

    expect(await runTask()).toEqual([]);
  });
});
