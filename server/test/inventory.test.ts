// Attributes by thing type (issue #26, "A real inventory"): trees (species from the bundled list,
// planting year, trunk girth, height class), planters and beds (volume, soil area), bee cafes
// (flowering plants, seasons); checked in the database with the form's messages, and read by the
// water-need model (a young tree's store is smaller, a planter's volume and area set its store).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestServer, gql, signUp, withOwner } from "./harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const sql = <T = any>(text: string, values: unknown[] = []) =>
  withOwner(server.databaseUrl, async (c) => (await c.query(text, values)).rows as T[]);

const GROUP = `mutation { createGroup(input: { name: "Inventory Keepers", type: COUNCIL, isPublic: true }) { group { id } } }`;
const CREATE = `mutation C($input: CreateThingInput!) { createThing(input: $input) { thing {
  id nodeId type speciesId plantingYear trunkGirthCm heightClass volumeLitres soilAreaM2 floweringPlants floweringSeasons
  treeSpeciesEntryBySpeciesId { botanicalName commonNameEn commonNameDe }
  waterParameters { areaM2 capacityMm refillMm capacityLitres basis } } } }`;
const UPDATE = `mutation U($nodeId: ID!, $patch: ThingPatch!) { updateThing(input: { nodeId: $nodeId, thingPatch: $patch }) { thing { id } } }`;

let place = 0;
/** A grid cell of its own for each thing (0.1 degree cells). */
function nextPlace() {
  place += 1;
  return { x: 30 + place * 0.5, y: 20 + place * 0.5 };
}

async function owner() {
  const user = await signUp(server.url);
  const groupId = (await gql(server.url, GROUP, {}, user.token)).data.createGroup.group.id as string;
  return { ...user, groupId };
}

async function create(who: { token: string; groupId: string }, fields: Record<string, unknown>, at = nextPlace()) {
  const r = await gql(
    server.url,
    CREATE,
    {
      input: { groupId: who.groupId, name: "Inventory Thing", location: at, isPublic: true, ...fields },
    },
    who.token,
  );
  return { ...r, at, thing: r.data?.createThing?.thing };
}

/** The same dry fortnight as water-need.test.ts: weather from 14 days ago to 2 days ahead. */
async function weather(x: number, y: number, et0: number) {
  await sql(
    `insert into app_private.weather_days (latitude, longitude, day, et0_mm, precipitation_mm, observed_mm, temperature_max)
     select round($1::numeric, 1), round($2::numeric, 1), d::date, $3::float8, 0, case when d::date <= app_hidden.water_today() then 0 end, 12
     from generate_series(app_hidden.water_today() - 14, app_hidden.water_today() + 2, interval '1 day') d
     on conflict (latitude, longitude, day) do update set et0_mm = excluded.et0_mm, precipitation_mm = 0, observed_mm = excluded.observed_mm`,
    [x, y, et0],
  );
  await sql("select app_private.refresh_water_need()");
}

const state = async (id: string) => (await sql("select water_need, water_store_percent from app_public.things where id = $1", [id]))[0];
const thisYear = Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric" }).format(new Date()));

describe("attributes by type", () => {
  it("a tree takes a species from the list, planting year, girth and height class; the page reads the species' names", async () => {
    const who = await owner();
    const r = await create(who, {
      type: "TREE",
      speciesId: "tilia-cordata",
      plantingYear: 2015,
      trunkGirthCm: 94,
      heightClass: "FROM_10_TO_15_M",
    });
    expect(r.errors).toBeUndefined();
    expect(r.thing).toMatchObject({
      type: "TREE",
      speciesId: "tilia-cordata",
      plantingYear: 2015,
      trunkGirthCm: 94,
      heightClass: "FROM_10_TO_15_M",
      treeSpeciesEntryBySpeciesId: { botanicalName: "Tilia cordata", commonNameEn: "Small-leaved lime", commonNameDe: "Winter-Linde" },
    });
    const list = await gql(server.url, `query { allTreeSpeciesEntries(orderBy: COMMON_NAME_EN_ASC) { totalCount nodes { id } } }`);
    expect(list.data.allTreeSpeciesEntries.totalCount).toBeGreaterThanOrEqual(40);
  });

  it("planters and beds take volume and soil area; bee cafes flowering plants and seasons", async () => {
    const who = await owner();
    const bed = await create(who, { type: "VEGETABLEBED", volumeLitres: 1200, soilAreaM2: 4 });
    expect(bed.thing).toMatchObject({ volumeLitres: 1200, soilAreaM2: 4 });
    const cafe = await create(who, { type: "BEECAFE", floweringPlants: ["Lavender", "Borage"], floweringSeasons: ["SPRING", "SUMMER"] });
    expect(cafe.errors).toBeUndefined();
    expect(cafe.thing).toMatchObject({ floweringPlants: ["Lavender", "Borage"], floweringSeasons: ["SPRING", "SUMMER"] });
  });

  it("refuses bad values and attributes of another type with the form's messages, and writes nothing", async () => {
    const who = await owner();
    const cases: [Record<string, unknown>, string][] = [
      [{ type: "PLANTER", speciesId: "tilia-cordata" }, "Species, planting year, trunk girth and height class are for trees only"],
      [{ type: "TREE", soilAreaM2: 2 }, "Volume and soil area are for planters and beds only"],
      [{ type: "PLANTER", floweringSeasons: ["SUMMER"] }, "Flowering plants and seasons are for bee cafes only"],
      [{ type: "TREE", plantingYear: thisYear + 1 }, "Planting year must be between 1500 and this year"],
      [{ type: "TREE", trunkGirthCm: 0 }, "Trunk girth must be between 1 and 2000 cm"],
      [{ type: "PLANTER", volumeLitres: 0.5 }, "Volume must be between 1 and 100000 litres"],
      [{ type: "FLOWERBED", soilAreaM2: 20000 }, "Soil area must be between 0.01 and 10000 m²"],
      [{ type: "BEECAFE", floweringPlants: ["Lavender", "lavender"] }, "Each flowering plant may be named once"],
      [{ type: "BEECAFE", floweringSeasons: ["SUMMER", "SUMMER"] }, "Each season may be chosen once"],
      [{ type: "TREE", speciesId: "quercus-imaginaria" }, "Choose a species from the list"],
    ];
    const before = (await sql("select count(*)::int as n from app_public.things where group_id = $1", [who.groupId]))[0].n;
    for (const [fields, message] of cases) {
      const r = await create(who, fields);
      expect(r.errors?.[0], JSON.stringify(fields)).toMatchObject({ message, extensions: { code: "INVLD" } });
    }
    expect((await sql("select count(*)::int as n from app_public.things where group_id = $1", [who.groupId]))[0].n).toBe(before);

    // The same rules on an edit: the thing stays as it was.
    const tree = await create(who, { type: "TREE", trunkGirthCm: 50 });
    const r = await gql(server.url, UPDATE, { nodeId: tree.thing.nodeId, patch: { trunkGirthCm: 2500 } }, who.token);
    expect(r.errors?.[0]).toMatchObject({ message: "Trunk girth must be between 1 and 2000 cm", extensions: { code: "INVLD" } });
    const retyped = await gql(server.url, UPDATE, { nodeId: tree.thing.nodeId, patch: { type: "PLANTER" } }, who.token);
    expect(retyped.errors?.[0].message).toBe("Species, planting year, trunk girth and height class are for trees only");
    expect((await sql("select type, trunk_girth_cm from app_public.things where id = $1", [tree.thing.id]))[0]).toEqual({
      type: "TREE",
      trunk_girth_cm: 50,
    });
  });

  it("only owners and admins edit the attributes (a stranger's edit changes nothing)", async () => {
    const who = await owner();
    const tree = await create(who, { type: "TREE", plantingYear: 2001 });
    const stranger = await signUp(server.url);
    const r = await gql(server.url, UPDATE, { nodeId: tree.thing.nodeId, patch: { plantingYear: 2002 } }, stranger.token);
    expect(r.errors?.length).toBeGreaterThan(0);
    expect((await sql("select planting_year from app_public.things where id = $1", [tree.thing.id]))[0].planting_year).toBe(2001);
    const ok = await gql(server.url, UPDATE, { nodeId: tree.thing.nodeId, patch: { plantingYear: 2003 } }, who.token);
    expect(ok.errors).toBeUndefined();
  });
});

describe("the water-need model reads them", () => {
  it("a young tree (planted under 3 years ago) needs water before one of unknown age, an established one last", async () => {
    const who = await owner();
    // One cell, ET0 3 mm a day for 14 days, no rain: Kc 0.8 takes 33.6 mm from a full store.
    const at = nextPlace();
    const young = await create(who, { type: "TREE", plantingYear: thisYear - 1 }, at);
    const unknown = await create(who, { type: "TREE" }, at);
    const old = await create(who, { type: "TREE", plantingYear: thisYear - 10 }, at);
    expect(young.thing.waterParameters).toEqual({ areaM2: 3, capacityMm: 45, refillMm: 27, capacityLitres: 135, basis: "young tree" });
    expect(unknown.thing.waterParameters).toEqual({
      areaM2: 3,
      capacityMm: 90,
      refillMm: 45,
      capacityLitres: 270,
      basis: "tree of unknown age",
    });
    expect(old.thing.waterParameters).toEqual({ areaM2: 3, capacityMm: 140, refillMm: 70, capacityLitres: 420, basis: "established tree" });
    await weather(at.x, at.y, 3);
    // 45 - 33.6 = 11.4 mm (25 %): below its refill point of 27 mm.
    expect(await state(young.thing.id)).toEqual({ water_need: "needs_water", water_store_percent: 25 });
    // 90 - 33.6 = 56.4 mm (63 %), as before this change.
    expect(await state(unknown.thing.id)).toEqual({ water_need: "fine", water_store_percent: 63 });
    // 140 - 33.6 = 106.4 mm (76 %).
    expect(await state(old.thing.id)).toEqual({ water_need: "fine", water_store_percent: 76 });

    // Saying it was planted three years ago makes it established at once (the trigger recomputes).
    await gql(server.url, UPDATE, { nodeId: young.thing.nodeId, patch: { plantingYear: thisYear - 3 } }, who.token);
    expect(await state(young.thing.id)).toEqual({ water_need: "fine", water_store_percent: 76 });
  });

  it("a planter's volume sets its store, and its soil area how deep a watering goes", async () => {
    const who = await owner();
    const at = nextPlace();
    // ET0 1.5 mm for 14 days at Kc 1.0: 21 mm gone.
    const plain = await create(who, { type: "PLANTER" }, at);
    const big = await create(who, { type: "PLANTER", volumeLitres: 600 }, at);
    const small = await create(who, { type: "PLANTER", soilAreaM2: 0.25 }, at);
    expect(big.thing.waterParameters).toEqual({ areaM2: 1, capacityMm: 84, refillMm: 50.4, capacityLitres: 84, basis: "its soil volume" });
    expect(small.thing.waterParameters).toEqual({ areaM2: 0.25, capacityMm: 30, refillMm: 18, capacityLitres: 8, basis: "its soil area" });
    await weather(at.x, at.y, 1.5);
    // 30 - 21 = 9 mm (30 %): needs water; 600 L (600 mm deep, 84 mm held): 63 mm (75 %), fine.
    expect(await state(plain.thing.id)).toEqual({ water_need: "needs_water", water_store_percent: 30 });
    expect(await state(big.thing.id)).toEqual({ water_need: "fine", water_store_percent: 75 });
    // 5 L today: 5 mm on the plain planter (14 mm, still below 18), 20 mm on a quarter of a square metre (29 mm).
    for (const t of [plain, small]) {
      await sql(`insert into app_public.actions (thing_id, type, comments, litres) values ($1, 'WATERING', 'Watered', 5)`, [t.thing.id]);
    }
    expect(await state(plain.thing.id)).toEqual({ water_need: "needs_water", water_store_percent: 47 });
    expect(await state(small.thing.id)).toEqual({ water_need: "fine", water_store_percent: 97 });
  });
});
