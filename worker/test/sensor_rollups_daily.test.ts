// The sensor_rollups_daily task: every device-day the ingest marked is summed from its hours into
// the daily rollups, in batches, and the marks are cleared; a run with nothing marked says nothing.
import { describe, it, expect, inject, beforeAll, afterAll } from "vitest";
import pg from "pg";
import sensorRollupsDaily, { BATCH } from "../tasks/sensor_rollups_daily.ts";
import { createTestDatabase, dropTestDatabase } from "../../test/database.ts";

let url: string;
let pool: pg.Pool;
beforeAll(async () => {
  url = await createTestDatabase(inject("adminUrl"), "bk_rollups_daily");
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
  await sensorRollupsDaily({}, helpers);
  return logged;
}

describe("sensor_rollups_daily", () => {
  it("sums every marked device-day from its hours, past one batch, and clears the marks", async () => {
    // More device-days than one call takes: (BATCH / 20 + 1) devices x 20 days, a reading at
    // 01:00 and 13:00 UTC of each.
    const days = 20;
    const devices = Math.floor(BATCH / days) + 1;
    await pool.query("select app_private.ensure_sensor_data_partition(now() - make_interval(days => $1))", [days]);
    await pool.query(
      `insert into app_public.devices (device_id, name, model, location)
       select 'eui-daily-' || k, 'Probe ' || k, 'LSE01', point(51.4, -0.9) from generate_series(1, $1) k`,
      [devices],
    );
    await pool.query(
      `insert into app_public.sensor_data (device_id, created_at, data)
       select d.id, date_trunc('day', now(), 'UTC') - make_interval(days => n) + make_interval(hours => h), jsonb_build_object('water', 10 + h)
       from app_public.devices d, generate_series(1, $1) n, (values (1), (13)) v(h)
       where d.device_id like 'eui-daily-%'`,
      [days],
    );
    const marked = Number((await pool.query("select count(*) as n from app_private.sensor_rollup_days_pending")).rows[0].n);
    expect(marked).toBe(devices * days);
    expect(marked).toBeGreaterThan(BATCH);
    expect(Number((await pool.query("select count(*) as n from app_public.sensor_rollups_daily")).rows[0].n)).toBe(0);

    expect(await runTask()).toEqual([`sensor_rollups_daily: ${devices * days} device-days summed`]);
    expect(Number((await pool.query("select count(*) as n from app_private.sensor_rollup_days_pending")).rows[0].n)).toBe(0);
    const daily = (
      await pool.query<{ rows: string; readings: string; water_sum: number; water_min: number; water_max: number }>(
        `select count(*) as rows, sum(readings) as readings, min(water_sum) as water_sum, min(water_min) as water_min, max(water_max) as water_max
         from app_public.sensor_rollups_daily`,
      )
    ).rows[0];
    expect(daily).toEqual({
      rows: String(devices * days),
      readings: String(2 * devices * days),
      water_sum: 11 + 23,
      water_min: 11,
      water_max: 23,
    });

    expect(await runTask()).toEqual([]);
  });
});
