// The hourly recompute works the water balance out once per group of identical inputs
// (db/migrations/20261128000100_water_need_by_group.sql): things in one grid cell with the same
// parameters and waterings share one series. Here the grouped answer for many things at once must
// be, thing by thing, what each thing's own recompute (a group of one) says.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type pg from "pg";
import { owner } from "./sql-client.ts";

let db: pg.Client;
const ids: string[] = [];

// Two grid cells of their own, far from other tests' places.
const CELLS = [
  { lat: 61.23, lon: -31.27 },
  { lat: 61.57, lon: -31.61 },
];

async function addThing(
  groupId: string,
  n: number,
  cell: (typeof CELLS)[number],
  extra: { type?: string; plantingYear?: number | null; volume?: number | null } = {},
) {
  const {
    rows: [t],
  } = await db.query(
    `insert into app_public.things (group_id, name, type, location, is_public, planting_year, volume_litres)
     values ($1, $2, $3, point($4, $5), true, $6, $7) returning id`,
    [
      groupId,
      `Grouped ${n}`,
      extra.type ?? "TREE",
      cell.lat + (n % 5) * 0.004,
      cell.lon + (n % 3) * 0.004,
      extra.plantingYear ?? null,
      extra.volume ?? null,
    ],
  );
  ids.push(t.id);
  return t.id as string;
}

async function water(thingId: string, daysAgo: number, litres: number | null) {
  await db.query(
    `insert into app_public.actions (thing_id, type, comments, litres, created_at)
     values ($1, 'WATERING', 'Watered', $2, now() - make_interval(days => $3))`,
    [thingId, litres, daysAgo],
  );
}

beforeAll(async () => {
  db = await owner();
  const {
    rows: [group],
  } = await db.query("insert into app_public.groups (name, type, is_public) values ('Grouped Trees', 'COUNCIL', true) returning id");
  const year = new Date().getFullYear();
  let n = 0;
  for (const cell of CELLS) {
    // Street trees alike: same type and age, never watered (one group per cell and age).
    for (let i = 0; i < 6; i++) await addThing(group.id, n++, cell, { plantingYear: year - 10 });
    for (let i = 0; i < 4; i++) await addThing(group.id, n++, cell, { plantingYear: year - 1 });
    for (let i = 0; i < 3; i++) await addThing(group.id, n++, cell);
    // Watered alike (same days and litres), watered differently, and watered only long ago.
    const alike = [
      await addThing(group.id, n++, cell, { plantingYear: year - 1 }),
      await addThing(group.id, n++, cell, { plantingYear: year - 1 }),
    ];
    for (const id of alike) {
      await water(id, 3, 40);
      await water(id, 9, null);
    }
    await water(await addThing(group.id, n++, cell, { plantingYear: year - 1 }), 3, 60);
    await water(await addThing(group.id, n++, cell, { plantingYear: year - 1 }), 3, null);
    await water(await addThing(group.id, n++, cell), 45, 20);
    await water(await addThing(group.id, n++, cell), 60, 20);
    // Other types and sizes in the same cells, one a planter with its own soil volume.
    for (let i = 0; i < 3; i++) await addThing(group.id, n++, cell, { type: "PLANTER" });
    await addThing(group.id, n++, cell, { type: "PLANTER", volume: 300 });
    await addThing(group.id, n++, cell, { type: "GREENHOUSE" });
    await addThing(group.id, n++, cell, { type: "BENCH" });
  }
  // Weather in the first cell only (the second has none: no weather, waterings decide).
  await db.query(
    `insert into app_private.weather_days (latitude, longitude, day, et0_mm, precipitation_mm, observed_mm, temperature_max)
     select round($1::numeric, 1), round($2::numeric, 1), d::date, 2 + (extract(doy from d)::int % 4) * 0.7,
            case when extract(doy from d)::int % 5 = 0 then 6 else 0 end,
            case when d::date <= app_hidden.water_today() then case when extract(doy from d)::int % 5 = 0 then 6 else 0 end end, 21
     from generate_series(app_hidden.water_today() - 40, app_hidden.water_today() + 2, interval '1 day') d
     on conflict do nothing`,
    [CELLS[0].lat, CELLS[0].lon],
  );
});
afterAll(async () => {
  await db.end();
});

describe("the recompute by groups of identical inputs", () => {
  it("gives every thing what its own recompute gives it", async () => {
    const { rows: grouped } = await db.query(
      "select id, need, reason, store_percent, parts from app_private.water_need_results($1::uuid[]) order by id",
      [ids],
    );
    expect(grouped.map((r) => r.id)).toEqual([...ids].sort());
    for (const row of grouped) {
      const {
        rows: [alone],
      } = await db.query("select id, need, reason, store_percent, parts from app_private.water_need_results(array[$1::uuid])", [row.id]);
      expect(row).toEqual(alone);
    }
    // The case is not trivial: the things reach several states, by the model and by its absence.
    const states = new Set(grouped.map((r) => `${r.need}: ${r.reason.split(";")[0]}`));
    expect(states.size).toBeGreaterThanOrEqual(5);
    expect(grouped.some((r) => r.store_percent !== null)).toBe(true);
  });

  it("the hourly run over every thing writes the same as each thing's own recompute", async () => {
    await db.query(
      "update app_public.things set water_need = 'unknown', water_need_reason = null, water_need_reason_parts = null, water_store_percent = null where id = any($1)",
      [ids],
    );
    await db.query("select app_private.refresh_water_need()");
    const { rows: written } = await db.query(
      "select id, water_need as need, water_need_reason as reason, water_store_percent as store_percent, water_need_reason_parts as parts from app_public.things where id = any($1) order by id",
      [ids],
    );
    const { rows: alone } = await db.query(
      "select r.* from unnest($1::uuid[]) i, app_private.water_need_results(array[i]) r order by r.id",
      [ids],
    );
    expect(written).toEqual(alone);
  });
});
