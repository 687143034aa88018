// The demo data: loads once on a fresh database, through the real functions, and leaves a
// community worth looking at (things with readings and colours, actions, badges, tasks).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { inject } from "vitest";
import pg from "pg";
import { createTestDatabase, dropTestDatabase } from "../../test/database.ts";
import { seedDemoData } from "../seed.ts";

let url: string;
let db: pg.Client;
beforeAll(async () => {
  url = await createTestDatabase(inject("adminUrl"), "bk_seed");
  db = new pg.Client({ connectionString: url });
  await db.connect();
}, 120_000);
afterAll(async () => {
  await db?.end();
  if (url) await dropTestDatabase(inject("adminUrl"), url);
});

const count = async (sql: string) => Number((await db.query(sql)).rows[0].n);

describe("demo data", () => {
  it("loads once", async () => {
    expect(await seedDemoData(url)).toBe(true);
    expect(await seedDemoData(url)).toBe(false);
    expect(await count("select count(*) as n from app_public.users where username in ('admin', 'member')")).toBe(2);
  }, 120_000);

  it("has a town's worth of things, devices with weeks of readings, actions, tasks and badges", async () => {
    expect(await count("select count(*) as n from app_public.groups")).toBeGreaterThanOrEqual(5);
    expect(await count("select count(*) as n from app_public.things")).toBeGreaterThanOrEqual(12);
    expect(await count("select count(*) as n from app_public.devices")).toBeGreaterThanOrEqual(6);
    expect(await count("select count(*) as n from app_public.sensor_data where created_at < now() - interval '14 days'")).toBeGreaterThan(100);
    expect(await count("select count(*) as n from app_public.actions where type <> 'CREATED'")).toBeGreaterThanOrEqual(20);
    expect(await count("select count(*) as n from app_public.tasks")).toBeGreaterThanOrEqual(5);
    expect(await count("select count(*) as n from app_public.badges")).toBeGreaterThan(10);
    const colours = (await db.query("select distinct indicator_colour from app_public.things where last_sensor_data is not null")).rows.map((r) => r.indicator_colour);
    expect(colours).toContain("red");
  });

  it("every thing has a water need, probe or not, and a reason; none is unknown", async () => {
    const rows = (await db.query("select name, water_need::text as need, water_need_reason as reason from app_public.things order by name")).rows;
    expect(rows.filter((r) => r.need === "unknown")).toEqual([]);
    expect(rows.every((r) => typeof r.reason === "string" && r.reason.length > 0)).toBe(true);
    const needs = new Set(rows.map((r) => r.need));
    expect(needs).toContain("fine");
    expect(needs).toContain("needs_water");
    // The bee cafe's probe reads dry; the pear has had one small can in 18 days.
    expect(rows.find((r) => r.name === "Forbury Bee Cafe")).toMatchObject({ need: "needs_water", reason: expect.stringMatching(/^soil moisture \d+% \(dry below 20%\), measured /) });
    expect(rows.find((r) => r.name === "Prospect Park Conference Pear")).toMatchObject({ need: "needs_water", reason: "no watering recorded for 18 days; no weather data" });
    expect(rows.find((r) => r.name === "Whitley Wood Bench")).toMatchObject({ need: "fine", reason: "needs no watering" });
  });

  it("the demo accounts sign in with the printed passphrases; the admin is an admin", async () => {
    const admin = await db.query("select role from app_hidden.sign_in('admin', 'DemoAdmin1', null)");
    const member = await db.query("select role from app_hidden.sign_in('member', 'DemoMember1', null)");
    expect(admin.rows[0].role).toBe("bk_admin");
    expect(member.rows[0].role).toBe("bk_user");
  });
});
