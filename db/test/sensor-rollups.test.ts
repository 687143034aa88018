// Hourly and daily rollups of the readings (issue 24): the statement trigger on sensor_data marks
// the device-hours written, the worker's roll-up sums them; whatever the order, repeats and batch
// sizes of uplinks they equal the raw readings summed afresh, and sensor_rollups() reads them as
// one line per quantity, exact before the roll-up too; it refuses spans it would not answer quickly.
// Each case runs in a rolled-back transaction.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type pg from "pg";
import { owner } from "./sql-client.ts";

let db: pg.Client;
let n = 0;
beforeAll(async () => {
  db = await owner();
});
afterAll(async () => {
  await db.end();
});

async function inTransaction(fn: () => Promise<void>) {
  await db.query("begin");
  try {
    await fn();
  } finally {
    await db.query("rollback");
  }
}

async function arrange() {
  n += 1;
  const tag = `${Date.now().toString(16).slice(-6)}${n}`;
  const things = (
    await db.query(
      `
    with g as (insert into app_public.groups (name, type, slug) values ('Rollup Group', 'GROWER', 'rollup-' || $1::text) returning id)
    insert into app_public.things (group_id, name, type, location) select g.id, 'Rollup Planter ' || k, 'PLANTER', point(51.4, -0.9)
    from g, generate_series(1, 2) k returning id`,
      [tag],
    )
  ).rows.map((r) => r.id as string);
  const device = (
    await db.query(
      `insert into app_public.devices (device_id, name, model, location, thing_id) values ($1, 'Probe', 'LSE01', point(51.4, -0.9), $2) returning id, device_id`,
      [`eui-rollup${tag}`, things[0]],
    )
  ).rows[0] as { id: string; device_id: string };
  return { device, things };
}

async function ingest(device: string, uplinks: [at: string, fCnt: number, values: Record<string, unknown>][]): Promise<string[]> {
  const { rows } = await db.query("select app_private.ingest_uplinks($1::text[], $2::timestamptz[], $3::int[], $4::jsonb[]) as s", [
    uplinks.map(() => device),
    uplinks.map((u) => u[0]),
    uplinks.map((u) => u[1]),
    uplinks.map((u) => JSON.stringify(u[2])),
  ]);
  return rows[0].s;
}

/** Every rollup row of a device, and the same sums computed afresh from its raw readings. */
async function rollupsAndRaw(deviceId: string, table: "hourly" | "daily") {
  const unit = table === "hourly" ? "hour" : "day";
  const cols = `thing_id, bucket, readings, water_n, water_sum, water_min, water_max, battery_n, battery_sum, battery_min, battery_max`;
  const stored = (
    await db.query(`select ${cols} from app_public.sensor_rollups_${table} where device_id = $1 order by bucket, thing_id`, [deviceId])
  ).rows;
  const fresh = (
    await db.query(
      `
    select thing_id, date_trunc('${unit}', created_at, 'UTC') as bucket, count(*)::int as readings,
      count(w)::int as water_n, coalesce(sum(w), 0) as water_sum, min(w) as water_min, max(w) as water_max,
      count(b)::int as battery_n, coalesce(sum(b), 0) as battery_sum, min(b) as battery_min, max(b) as battery_max
    from app_public.sensor_data s,
      lateral (select case when jsonb_typeof(s.data->'water') = 'number' then (s.data->>'water')::float8 end as w,
                      case when jsonb_typeof(s.data->'battery') = 'number' then (s.data->>'battery')::float8 end as b) v
    where device_id = $1 group by 1, 2 order by 2, 1`,
      [deviceId],
    )
  ).rows;
  return { stored, fresh };
}

const at = (iso: string) => iso;

/** The worker's roll-up of marked device-hours into hourly and daily rows (worker/tasks/sensor_rollups.ts). */
const rollUp = async (client: pg.Client = db) => (await client.query("select app_private.roll_up_sensor_hours() as n")).rows[0].n as number;

const pendingHours = async (deviceId: string) =>
  (await db.query("select hour from app_private.sensor_rollup_hours_pending where device_id = $1 order by hour", [deviceId])).rows.map(
    (r) => (r.hour as Date).toISOString(),
  );

describe("sensor rollups", () => {
  it("equal the raw readings summed afresh, whatever the order, repeats and batches", () =>
    inTransaction(async () => {
      const { device } = await arrange();
      expect(
        await ingest(device.device_id, [
          [at("2026-11-20T10:50:00Z"), 3, { water: 30, battery: 3.5 }],
          [at("2026-11-20T10:05:00Z"), 1, { water: 20 }],
          [at("2026-11-20T10:05:00Z"), 1, { water: 20 }],
          [at("2026-11-20T23:59:00Z"), 4, { water: 60, battery: 3.4 }],
        ]),
      ).toEqual(["stored", "stored", "duplicate", "stored"]);
      // A redelivery, a late uplink into an hour already summed, a reading without water, one rejected.
      expect(
        await ingest(device.device_id, [
          [at("2026-11-20T10:50:00Z"), 3, { water: 30, battery: 3.5 }],
          [at("2026-11-20T10:20:00Z"), 2, { water: 10 }],
          [at("2026-11-21T00:00:00Z"), 5, { battery: 3.3 }],
          [at("2026-11-21T00:10:00Z"), 6, { water: 150 }],
        ]),
      ).toEqual(["duplicate", "stored", "stored", "rejected: water must be between 0 and 100 % (got 150)"]);
      // The rows wait for the worker; the device's four hours are marked meanwhile.
      expect((await rollupsAndRaw(device.id, "hourly")).stored).toEqual([]);
      expect((await rollupsAndRaw(device.id, "daily")).stored).toEqual([]);
      expect(await pendingHours(device.id)).toEqual(["2026-11-20T10:00:00.000Z", "2026-11-20T23:00:00.000Z", "2026-11-21T00:00:00.000Z"]);

      // Read back: one line per quantity, oldest first, with each hour's (day's) count, extremes and mean.
      const line = (r: any) => [r.parameter, r.buckets.map((b: Date) => b.toISOString()), r.readings, r.min, r.max, r.mean];
      const hourly = async () =>
        (
          await db.query("select * from app_public.sensor_rollups($1, 'HOUR', '2026-11-20T10:30:00Z', '2026-11-21T06:00:00Z')", [device.id])
        ).rows.map(line);
      const hours = [
        ["water", ["2026-11-20T10:00:00.000Z", "2026-11-20T23:00:00.000Z"], [3, 1], [10, 60], [30, 60], [20, 60]],
        [
          "battery",
          ["2026-11-20T10:00:00.000Z", "2026-11-20T23:00:00.000Z", "2026-11-21T00:00:00.000Z"],
          [1, 1, 1],
          [3.5, 3.4, 3.3],
          [3.5, 3.4, 3.3],
          [3.5, 3.4, 3.3],
        ],
      ];
      const daily = async () =>
        (
          await db.query(
            "select * from app_public.sensor_rollups($1, 'DAY', '2026-11-01T00:00:00Z', '2026-11-30T00:00:00Z', array['water', 'battery'])",
            [device.id],
          )
        ).rows.map(line);
      const days = [
        ["water", ["2026-11-20T00:00:00.000Z"], [4], [10], [60], [30]],
        ["battery", ["2026-11-20T00:00:00.000Z", "2026-11-21T00:00:00.000Z"], [2, 1], [3.4, 3.3], [3.5, 3.3], [3.45, 3.3]],
      ];
      // Read from the marked hours' readings before the worker sums them, from the rows after.
      expect(await hourly()).toEqual(hours);
      expect(await daily()).toEqual(days);
      // The test database is shared: other files' devices may have marked hours too.
      expect(await rollUp()).toBeGreaterThanOrEqual(3);
      expect(await pendingHours(device.id)).toEqual([]);
      for (const table of ["hourly", "daily"] as const) {
        const { stored, fresh } = await rollupsAndRaw(device.id, table);
        expect(stored).toEqual(fresh);
      }
      const hour = (await rollupsAndRaw(device.id, "hourly")).stored.find((r) => r.bucket.toISOString() === "2026-11-20T10:00:00.000Z");
      expect(hour).toMatchObject({ readings: 3, water_n: 3, water_sum: 60, water_min: 10, water_max: 30, battery_n: 1 });
      expect(await hourly()).toEqual(hours);
      expect(await daily()).toEqual(days);
      // A late uplink into a summed hour marks it again; read exact at once, summed afresh after.
      await ingest(device.device_id, [[at("2026-11-20T10:40:00Z"), 7, { water: 50 }]]);
      expect(await pendingHours(device.id)).toEqual(["2026-11-20T10:00:00.000Z"]);
      const later = (rows: any[]) => rows.map((r) => (r[0] === "water" ? [r[0], r[1], [4, 1], [10, 60], [50, 60], [27.5, 60]] : r));
      expect(await hourly()).toEqual(later(hours));
      await rollUp();
      expect(await hourly()).toEqual(later(hours));
      expect((await rollupsAndRaw(device.id, "hourly")).stored).toEqual((await rollupsAndRaw(device.id, "hourly")).fresh);
    }));

  it("keep a row per thing when a device moves within the hour, read as one bucket", () =>
    inTransaction(async () => {
      const { device, things } = await arrange();
      await ingest(device.device_id, [[at("2026-11-20T10:05:00Z"), 1, { water: 20 }]]);
      await db.query("update app_public.devices set thing_id = $1 where id = $2", [things[1], device.id]);
      await ingest(device.device_id, [[at("2026-11-20T10:35:00Z"), 2, { water: 40 }]]);
      const read = async () =>
        (
          await db.query(
            "select parameter, readings, min, max, mean from app_public.sensor_rollups($1, 'HOUR', '2026-11-20T10:00:00Z', '2026-11-20T11:00:00Z')",
            [device.id],
          )
        ).rows;
      expect(await read()).toEqual([{ parameter: "water", readings: [2], min: [20], max: [40], mean: [30] }]);
      await rollUp();
      const rows = (
        await db.query("select thing_id, readings from app_public.sensor_rollups_hourly where device_id = $1 order by readings, thing_id", [
          device.id,
        ])
      ).rows;
      expect(new Set(rows.map((r) => r.thing_id))).toEqual(new Set(things));
      expect(await read()).toEqual([{ parameter: "water", readings: [2], min: [20], max: [40], mean: [30] }]);
    }));

  it("count only numbers, and go with their device", () =>
    inTransaction(async () => {
      const { device, things } = await arrange();
      // Written directly (as scripts may): text and nested values are not quantities, nothing fails.
      await db.query(
        `insert into app_public.sensor_data (device_id, thing_id, created_at, data) values
        ($1, $2, '2026-11-20T10:00:00Z', '{"water": "wet", "battery": 3.6, "extra": {"water": 1}}')`,
        [device.id, things[0]],
      );
      await rollUp();
      expect((await rollupsAndRaw(device.id, "hourly")).stored).toMatchObject([{ readings: 1, water_n: 0, water_min: null, battery_n: 1 }]);
      await ingest(device.device_id, [[at("2026-11-20T11:00:00Z"), 1, { water: 20 }]]);
      await db.query("delete from app_public.devices where id = $1", [device.id]);
      const left = await db.query(
        `select (select count(*) from app_public.sensor_rollups_hourly where device_id = $1) + (select count(*) from app_public.sensor_rollups_daily where device_id = $1)
          + (select count(*) from app_private.sensor_rollup_hours_pending where device_id = $1) as n`,
        [device.id],
      );
      expect(left.rows[0].n).toBe("0");
    }));

  it("are rebuilt from the raw readings as the worker sums them, and not where readings are gone", () =>
    inTransaction(async () => {
      const { device } = await arrange();
      await ingest(device.device_id, [
        [at("2026-11-19T23:50:00Z"), 1, { water: 25, battery: 3.6 }],
        [at("2026-11-20T10:05:00Z"), 2, { water: 20 }],
        [at("2026-11-20T10:35:00Z"), 3, { water: 40, battery: 3.5 }],
      ]);
      await rollUp();
      const kept = { hourly: await rollupsAndRaw(device.id, "hourly"), daily: await rollupsAndRaw(device.id, "daily") };
      // A bulk load with the trigger off leaves the rollups behind; a rebuild of its days catches up.
      await db.query("alter table app_public.sensor_data disable trigger _500_rollups");
      await db.query(
        `insert into app_public.sensor_data (device_id, thing_id, created_at, data)
      select id, thing_id, '2026-11-20T11:00:00Z', '{"water": 60}' from app_public.devices where id = $1`,
        [device.id],
      );
      await db.query("alter table app_public.sensor_data enable trigger _500_rollups");
      expect((await rollupsAndRaw(device.id, "daily")).stored).toEqual(kept.daily.stored);
      await db.query("select app_private.rebuild_sensor_rollups('2026-11-19T12:00:00Z', '2026-11-21T00:00:00Z')");
      for (const table of ["hourly", "daily"] as const) {
        const { stored, fresh } = await rollupsAndRaw(device.id, table);
        expect(stored).toEqual(fresh);
      }
      expect((await rollupsAndRaw(device.id, "daily")).stored.map((r) => r.readings)).toEqual([1, 3]);
      const oldest = (await db.query("select min(month_start) as m from app_private.sensor_data_partitions()")).rows[0].m as Date;
      const error = await db.query("select app_private.rebuild_sensor_rollups($1::timestamptz - interval '1 day', $1)", [oldest]).then(
        () => null,
        (e: any) => e,
      );
      expect(error?.code).toBe("INVLD");
      expect(error?.message).toMatch(/^Raw readings before .* are gone: their sums cannot be rebuilt$/);
    }));

  it("stay exact while the worker sums the hours, which skips an hour an ingest still holds", async () => {
    // Committed, across two connections: the worker's roll-up must not take an hour's mark while an
    // ingest that added to it is uncommitted (its readings would be missed for good).
    const { device, things } = await arrange();
    const other = await owner();
    const read = async () =>
      (
        await db.query(
          "select readings, mean from app_public.sensor_rollups($1, 'DAY', '2026-11-01T00:00:00Z', '2026-11-30T00:00:00Z', array['water'])",
          [device.id],
        )
      ).rows;
    try {
      await ingest(device.device_id, [[at("2026-11-22T10:00:00Z"), 1, { water: 10 }]]);
      expect(await rollUp()).toBeGreaterThanOrEqual(1);
      await ingest(device.device_id, [[at("2026-11-22T11:00:00Z"), 2, { water: 30 }]]);
      await other.query("begin");
      await other.query(
        "select app_private.ingest_uplinks(array[$1], array['2026-11-22T11:30:00Z']::timestamptz[], array[3], array['{\"water\": 50}']::jsonb[])",
        [device.device_id],
      );
      // The mark is held by the open ingest: skipped (it stays), and the hour read from its committed readings.
      await rollUp();
      expect(await pendingHours(device.id)).toEqual(["2026-11-22T11:00:00.000Z"]);
      expect(await read()).toEqual([{ readings: [2], mean: [20] }]);
      await other.query("commit");
      expect(await read()).toEqual([{ readings: [3], mean: [30] }]);
      expect(await rollUp()).toBeGreaterThanOrEqual(1);
      expect(await pendingHours(device.id)).toEqual([]);
      expect(await read()).toEqual([{ readings: [3], mean: [30] }]);
      for (const table of ["hourly", "daily"] as const) {
        const { stored, fresh } = await rollupsAndRaw(device.id, table);
        expect(stored).toEqual(fresh);
      }
    } finally {
      await other.query("rollback").catch(() => {});
      await other.end();
      await db.query("delete from app_public.devices where id = $1", [device.id]);
      const { group_id } = (await db.query("select group_id from app_public.things where id = $1", [things[0]])).rows[0];
      await db.query("delete from app_public.things where id = any($1)", [things]);
      await db.query("delete from app_public.groups where id = $1", [group_id]);
    }
  });

  it("refuses what it would not answer quickly or cannot answer, with a clear error", async () => {
    const {
      rows: [{ id }],
    } = await db.query("select gen_random_uuid() as id");
    const refused = async (sql: string) => {
      const error = await db.query(sql, [id]).then(
        () => null,
        (e: any) => e,
      );
      return error && `${error.code}: ${error.message}`;
    };
    expect(await refused("select * from app_public.sensor_rollups($1, 'HOUR', now() - interval '93 days')")).toBe(
      "INVLD: Hourly rollups cover at most 92 days: ask for DAY",
    );
    expect(await refused("select * from app_public.sensor_rollups($1, 'DAY', now() - interval '21 years')")).toBe(
      "INVLD: Daily rollups cover at most 20 years",
    );
    expect(await refused("select * from app_public.sensor_rollups($1, 'DAY', now(), now() - interval '1 day')")).toBe(
      "INVLD: until must not be before since",
    );
    // Strict: GraphQL requires deviceId, resolution and since; a null straight from SQL gives nothing.
    expect((await db.query("select * from app_public.sensor_rollups($1, 'DAY', null)", [id])).rows).toEqual([]);
    expect(await refused("select * from app_public.sensor_rollups($1, 'DAY', now() - interval '1 year')")).toBeNull();
  });
});
