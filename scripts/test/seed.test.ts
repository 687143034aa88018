// The demo data: loads once on a fresh database, through the real functions, and leaves a
// community worth looking at (things with pictures and readings, waterings with litres, a weather
// sample, browsing history, colours, actions, badges, tasks).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { inject } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { createTestDatabase, dropTestDatabase } from "../../test/database.ts";
import { collect, openPictureStore, type PictureStore } from "../../server/storage/index.ts";
import { imageKey, VARIANT_NAMES } from "../../server/images/layout.ts";
import { seedDemoData } from "../demo/seed.ts";

let url: string;
let db: pg.Client;
let dataDir: string;
let store: PictureStore;
beforeAll(async () => {
  url = await createTestDatabase(inject("adminUrl"), "bk_seed");
  db = new pg.Client({ connectionString: url });
  await db.connect();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-seed-"));
  store = openPictureStore({ storage: "local", dataDir, databaseUrl: url, s3: {} as any });
}, 120_000);
afterAll(async () => {
  await store?.close();
  await db?.end();
  if (url) await dropTestDatabase(inject("adminUrl"), url);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const count = async (sql: string, values: unknown[] = []) => Number((await db.query(sql, values)).rows[0].n);

/** What a second seed could duplicate. */
async function sizes() {
  return {
    users: await count("select count(*) as n from app_public.users"),
    things: await count("select count(*) as n from app_public.things"),
    readings: await count("select count(*) as n from app_public.sensor_data"),
    actions: await count("select count(*) as n from app_public.actions"),
    forecasts: await count("select count(*) as n from app_private.weather_forecasts"),
    rain: await count("select count(*) as n from app_private.rainfall_readings"),
    events: await count("select count(*) as n from app_private.navigation_events"),
    sessions: await count("select count(*) as n from app_private.navigation_sessions"),
    pictures: (await collect(store.list("images/"))).length,
  };
}

describe("demo data", () => {
  it("loads once: a second run adds nothing", async () => {
    expect(await seedDemoData(url, store)).toBe(true);
    const first = await sizes();
    expect(await seedDemoData(url, store)).toBe(false);
    expect(await sizes()).toEqual(first);
    expect(await count("select count(*) as n from app_public.users where username in ('admin', 'member')")).toBe(2);
  }, 120_000);

  it("has a town's worth of things, devices, actions, tasks and badges", async () => {
    expect(await count("select count(*) as n from app_public.groups")).toBeGreaterThanOrEqual(5);
    expect(await count("select count(*) as n from app_public.things")).toBeGreaterThanOrEqual(12);
    expect(await count("select count(*) as n from app_public.devices")).toBeGreaterThanOrEqual(6);
    expect(await count("select count(*) as n from app_public.actions where type <> 'CREATED'")).toBeGreaterThanOrEqual(20);
    expect(await count("select count(*) as n from app_public.tasks")).toBeGreaterThanOrEqual(5);
    expect(await count("select count(*) as n from app_public.badges")).toBeGreaterThan(10);
    const colours = (await db.query("select distinct indicator_colour from app_public.things where last_sensor_data is not null")).rows.map(
      (r) => r.indicator_colour,
    );
    expect(colours).toContain("red");
  });

  it("has adoptions and watering rotas, with an open swap and an accepted one (issue 26)", async () => {
    const { ADOPTIONS, ROTA } = await import("../demo/adoptions-and-rotas.ts");
    expect(await count("select count(*) as n from app_public.thing_adoptions")).toBe(ADOPTIONS.length);
    expect(await count("select count(*) as n from app_public.rota_slots")).toBe(ROTA.length);
    expect((await db.query("select status::text from app_public.rota_swaps order by status")).rows.map((r) => r.status)).toEqual([
      "accepted",
      "open",
    ]);
    // The member is on the rota somewhere in every week, and looks after three things.
    expect(
      await count(
        "select count(*) as n from app_public.thing_adoptions a join app_public.users u on u.id = a.user_id where u.username = 'member'",
      ),
    ).toBe(3);
  });

  it("every thing has a picture in the picture store, in every WebP size", async () => {
    const things = (await db.query("select id, has_image from app_public.things")).rows;
    expect(things.every((t) => t.has_image)).toBe(true);
    for (const t of things) {
      for (const v of VARIANT_NAMES) {
        const bytes = await store.read(imageKey("thing", t.id, v));
        expect(bytes, `${t.id} ${v}`).not.toBeNull();
        expect((await sharp(bytes!).metadata()).format).toBe("webp");
      }
    }
    const large = await sharp((await store.read(imageKey("thing", things[0].id, "large")))!).metadata();
    expect(large.width).toBeGreaterThan(512);
  });

  it("every probe has 30 days of readings, hourly", async () => {
    const rows = (
      await db.query(`
      select d.device_id, count(s.*)::int as n, min(s.created_at) as first, max(s.created_at) as last
      from app_public.devices d left join app_public.sensor_data s on s.device_id = d.id
      where d.model <> 'THE_THINGS_UNO' group by d.device_id`)
    ).rows;
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const r of rows) {
      expect(r.n, r.device_id).toBeGreaterThan(600);
      expect(Date.now() - new Date(r.first).getTime(), r.device_id).toBeGreaterThan(29.5 * 86_400_000);
      expect(Date.now() - new Date(r.last).getTime(), r.device_id).toBeLessThan(2 * 3600_000);
    }
  });

  it("soil moisture rises after a watering and after rain, and falls in the dry spell", async () => {
    // Each watering of a thing with a soil probe: the moisture two hours later is above the one before.
    const jumps = (
      await db.query(`
      select a.litres,
        (select (s.data->>'water')::float8 from app_public.sensor_data s where s.device_id = d.id
          and s.created_at < a.created_at order by s.created_at desc limit 1) as before,
        (select (s.data->>'water')::float8 from app_public.sensor_data s where s.device_id = d.id
          and s.created_at between a.created_at + interval '1 hour' and a.created_at + interval '3 hours' order by s.created_at limit 1) as after
      from app_public.actions a join app_public.devices d on d.thing_id = a.thing_id and d.model = 'LSE01'
      where a.type = 'WATERING' and a.litres >= 10 and a.created_at > now() - interval '29 days'`)
    ).rows.filter((j) => j.before !== null && j.after !== null);
    expect(jumps.length).toBeGreaterThan(10);
    expect(jumps.filter((j) => j.after > j.before).length).toBe(jumps.length);
    // The bee cafe's probe, not watered for days in a dry spell, reads lower than a fortnight ago.
    const beeCafe = (
      await db.query(`
      select (select avg((data->>'water')::float8) from app_public.sensor_data s where s.device_id = d.id and s.created_at > now() - interval '1 day') as now,
             (select avg((data->>'water')::float8) from app_public.sensor_data s where s.device_id = d.id
                and s.created_at between now() - interval '15 days' and now() - interval '14 days') as then
      from app_public.devices d where d.device_id = 'eui-a84041000000a102'`)
    ).rows[0];
    expect(beeCafe.now).toBeLessThan(beeCafe.then - 10);
  });

  it("waterings with litres over the 30 days, by several people (leaderboards and litre totals)", async () => {
    const w = (
      await db.query(`
      select count(*)::int as n, count(litres)::int as with_litres, count(distinct created_by)::int as people,
             count(distinct created_at::date)::int as days, min(created_at) as first
      from app_public.actions where type = 'WATERING'`)
    ).rows[0];
    expect(w.n).toBeGreaterThanOrEqual(30);
    expect(w.with_litres).toBe(w.n);
    expect(w.people).toBeGreaterThanOrEqual(6);
    expect(w.days).toBeGreaterThanOrEqual(20);
    expect(Date.now() - new Date(w.first).getTime()).toBeGreaterThan(26 * 86_400_000);
  });

  it("a weather and rainfall sample is cached for every grid point of the things, not marked as fetched", async () => {
    const points = (
      await db.query(`select distinct round(location[0]::numeric, 1) as lat, round(location[1]::numeric, 1) as lon from app_public.things`)
    ).rows;
    for (const p of points) {
      const f = (
        await db.query(
          "select jsonb_array_length(hourly) as hours, jsonb_array_length(daily) as days from app_private.weather_forecasts where latitude = $1 and longitude = $2",
          [p.lat, p.lon],
        )
      ).rows[0];
      expect(f, `${p.lat},${p.lon}`).toMatchObject({ hours: 7 * 24, days: 7 });
      expect(
        await count(
          "select count(*) as n from app_private.weather_days where latitude = $1 and longitude = $2 and et0_mm is not null and day < (now() at time zone 'Europe/London')::date",
          [p.lat, p.lon],
        ),
      ).toBe(29);
    }
    expect(await count("select count(*) as n from app_private.rainfall_stations where details->>'sample' = 'true'")).toBe(1);
    expect(
      await count("select count(*) as n from app_private.rainfall_readings where date_time < now() - interval '28 days'"),
    ).toBeGreaterThan(0);
    expect(await count("select count(*) as n from app_private.rainfall_readings where value > 0")).toBeGreaterThan(20);
    // The API and the worker still ask the sources first; the sample answers only when they fail.
    expect(await count("select count(*) as n from app_private.environment_fetches")).toBe(0);
  });

  it("a few weeks of browsing for /admin's analytics", async () => {
    expect(await count("select count(*) as n from app_private.navigation_events")).toBeGreaterThan(300);
    expect(
      await count("select count(distinct (occurred_at at time zone 'UTC')::date) as n from app_private.navigation_events"),
    ).toBeGreaterThanOrEqual(21);
    expect(await count("select count(*) as n from app_private.navigation_days")).toBeGreaterThanOrEqual(21);
    expect(
      await count("select count(distinct user_id) as n from app_private.navigation_sessions where not is_guest"),
    ).toBeGreaterThanOrEqual(5);
    expect(await count("select count(*) as n from app_private.navigation_sessions where is_guest")).toBeGreaterThan(0);
  });

  it("every thing has a water need, probe or not, and a reason; none is unknown", async () => {
    const rows = (await db.query("select name, water_need::text as need, water_need_reason as reason from app_public.things order by name"))
      .rows;
    expect(rows.filter((r) => r.need === "unknown")).toEqual([]);
    expect(rows.every((r) => typeof r.reason === "string" && r.reason.length > 0)).toBe(true);
    const needs = new Set(rows.map((r) => r.need));
    expect(needs).toEqual(new Set(["fine", "due_soon", "needs_water"]));
    // The bee cafe's probe reads dry, the Bramley's is getting there; the herb bed's last can was
    // 5 days into the dry spell; the pear has had one can in 18 days (its deep roots still hold water).
    expect(rows.find((r) => r.name === "Forbury Bee Cafe")).toMatchObject({
      need: "needs_water",
      reason: expect.stringMatching(/^soil moisture \d+% \(dry below 20%\), measured /),
    });
    expect(rows.find((r) => r.name === "Prospect Park Bramley")).toMatchObject({
      need: "due_soon",
      reason: expect.stringMatching(/^soil moisture \d+% \(needs water below 30%\), measured /),
    });
    // (Days are counted in London dates: 120 hours can span 4 to 6 of them around a clock change.)
    expect(rows.find((r) => r.name === "Caversham Court Herb Bed")).toMatchObject({
      need: "needs_water",
      reason: expect.stringMatching(/^watered [4-6] days ago with 10 L; no rain since$/),
    });
    expect(rows.find((r) => r.name === "Prospect Park Conference Pear")?.reason).toMatch(
      /^no watering recorded for 1[7-9] days; no rain in the last 7 days/,
    );
    expect(rows.find((r) => r.name === "Whitley Wood Bench")).toMatchObject({ need: "fine", reason: "needs no watering" });
  });

  it("the demo accounts sign in with the printed passphrases; the admin is an admin", async () => {
    const admin = await db.query("select role from app_hidden.sign_in('admin', 'DemoAdmin1', null)");
    const member = await db.query("select role from app_hidden.sign_in('member', 'DemoMember1', null)");
    expect(admin.rows[0].role).toBe("bk_admin");
    expect(member.rows[0].role).toBe("bk_user");
  });
});
