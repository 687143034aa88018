// app_private.ingest_uplinks, the set-based store behind the TTN webhook: statuses in input order,
// one row per uplink even when it comes twice in a batch, and latest values that only move forward
// in time whatever order a batch arrives in. Each case runs in a rolled-back transaction.
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

/** A group, a thing and `count` LSE01 devices fitted to it, inside the open transaction. */
async function arrange(count = 1) {
  n += 1;
  const tag = `${Date.now().toString(16).slice(-6)}${n}`;
  const {
    rows: [thing],
  } = await db.query(
    `
    with g as (insert into app_public.groups (name, type, slug) values ('Ingest Group', 'GROWER', 'ingest-' || $1::text) returning id)
    insert into app_public.things (group_id, name, type, location) select g.id, 'Ingest Planter', 'PLANTER', point(51.4, -0.9) from g returning id`,
    [tag],
  );
  const devices: { id: string; device_id: string }[] = [];
  for (let i = 0; i < count; i++) {
    const { rows } = await db.query(
      `insert into app_public.devices (device_id, name, model, location, thing_id) values ($1, 'Probe', 'LSE01', point(51.4, -0.9), $2) returning id, device_id`,
      [`eui-ingest${tag}d${i}`, thing.id],
    );
    devices.push(rows[0]);
  }
  return { thingId: thing.id as string, devices };
}

async function ingest(uplinks: { device: string; at: string; fCnt: number; values: Record<string, unknown> }[]): Promise<string[]> {
  const { rows } = await db.query("select app_private.ingest_uplinks($1::text[], $2::timestamptz[], $3::int[], $4::jsonb[]) as s", [
    uplinks.map((u) => u.device),
    uplinks.map((u) => u.at),
    uplinks.map((u) => u.fCnt),
    uplinks.map((u) => JSON.stringify(u.values)),
  ]);
  return rows[0].s;
}

async function inTransaction(fn: () => Promise<void>) {
  await db.query("begin");
  try {
    await fn();
  } finally {
    await db.query("rollback");
  }
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe("ingest_uplinks", () => {
  it("answers each uplink's status in order and stores a repeated uplink once", () =>
    inTransaction(async () => {
      const {
        devices: [d],
      } = await arrange();
      const at = minutesAgo(10);
      expect(
        await ingest([
          { device: d.device_id, at, fCnt: 1, values: { water: 30 } },
          { device: "eui-nobodyhasthis", at, fCnt: 1, values: { water: 30 } },
          { device: d.device_id, at, fCnt: 1, values: { water: 30 } },
          { device: d.device_id, at, fCnt: 2, values: { water: 31 } },
        ]),
      ).toEqual(["stored", "unknown_device", "duplicate", "stored"]);
      expect(await ingest([{ device: d.device_id, at, fCnt: 2, values: { water: 31 } }])).toEqual(["duplicate"]);
      const { rows } = await db.query("select count(*)::int as n from app_public.sensor_data where device_id = $1", [d.id]);
      expect(rows[0].n).toBe(2);
    }));

  it("keeps the newest value of each kind, whatever order the batch came in, on the device and its thing", () =>
    inTransaction(async () => {
      const {
        thingId,
        devices: [d],
      } = await arrange();
      expect(
        await ingest([
          { device: d.device_id, at: minutesAgo(5), fCnt: 3, values: { water: 25, battery: 3.5, rssi: -90 } },
          { device: d.device_id, at: minutesAgo(1), fCnt: 4, values: { temperature: 12.5, rssi: -80 } },
          { device: d.device_id, at: minutesAgo(9), fCnt: 2, values: { water: 10, temperature: 8, conductivity: 400 } },
        ]),
      ).toEqual(["stored", "stored", "stored"]);
      const {
        rows: [device],
      } = await db.query(
        "select water, temperature, conductivity, battery, rssi, indicator_colour, last_sensor_data from app_public.devices where id = $1",
        [d.id],
      );
      expect(device).toMatchObject({
        water: 25,
        temperature: 12.5,
        conductivity: 400,
        battery: 3.5,
        rssi: -80,
        indicator_colour: "orange",
      });
      const {
        rows: [thing],
      } = await db.query(
        "select water, temperature, conductivity, last_sensor_data, indicator_colour from app_public.things where id = $1",
        [thingId],
      );
      expect(thing).toMatchObject({ water: 25, temperature: 12.5, conductivity: 400, indicator_colour: "orange" });
      expect(thing.last_sensor_data.getTime()).toBe(device.last_sensor_data.getTime());

      // An older uplink later on is stored but does not overwrite newer values.
      expect(await ingest([{ device: d.device_id, at: minutesAgo(30), fCnt: 1, values: { water: 99 } }])).toEqual(["stored"]);
      expect((await db.query("select water from app_public.devices where id = $1", [d.id])).rows[0].water).toBe(25);
    }));

  it("takes a thing's values from the newest reading of any of its devices", () =>
    inTransaction(async () => {
      const {
        thingId,
        devices: [a, b],
      } = await arrange(2);
      await ingest([
        { device: a.device_id, at: minutesAgo(2), fCnt: 1, values: { water: 45 } },
        { device: b.device_id, at: minutesAgo(4), fCnt: 1, values: { water: 15, ph: 6.5 } },
      ]);
      expect((await db.query("select water, ph from app_public.things where id = $1", [thingId])).rows[0]).toEqual({ water: 45, ph: 6.5 });
      expect((await db.query("select water from app_public.devices where id = $1", [b.id])).rows[0].water).toBe(15);
    }));

  it("creates the month's partition for readings from a new month and refuses arrays of different lengths", () =>
    inTransaction(async () => {
      const {
        devices: [d],
      } = await arrange();
      const old = "2019-03-15T10:00:00Z";
      expect(await ingest([{ device: d.device_id, at: old, fCnt: 1, values: { water: 20 } }])).toEqual(["stored"]);
      expect((await db.query("select to_regclass('app_partitions.sensor_data_2019_03') is not null as made")).rows[0].made).toBe(true);
      await expect(
        db.query("select app_private.ingest_uplinks(array['x'], array[now()], array[1, 2], array['{}'::jsonb])"),
      ).rejects.toMatchObject({ code: "INVLD", message: "Uplink arrays must have the same length" });
    }));
});
