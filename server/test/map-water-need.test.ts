// The map as the home of the app (issue 21, section 3): thingsInView's water need per thing and
// needs-water count per cluster, kept right by the statement-level triggers when the model updates
// water_need in bulk; shared counts never reveal private things; nearestThing(needsWater); water
// points (admin import, read by everyone). Things live in a region of their own (Tasmania).
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gql, makeAdmin, signUp, startTestServer, withOwner } from "./harness.ts";
import { rootDir } from "../config.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;

const IN_VIEW = `query WaterInView($west: Float!, $south: Float!, $east: Float!, $north: Float!, $zoom: Float!) {
  thingsInView(west: $west, south: $south, east: $east, north: $north, zoom: $zoom) {
    total
    clusters { count needsWater latitude longitude }
    things { id isPublic waterNeed latitude longitude }
  } }`;
const CREATE_GROUP = `mutation WaterGroup($name: String!) { createGroup(input: { name: $name, type: GROWER, isPublic: true }) { group { id } } }`;
const NEAREST = `query WaterNearest($latitude: Float!, $longitude: Float!, $needsWater: Boolean) {
  nearestThing(latitude: $latitude, longitude: $longitude, needsWater: $needsWater, first: 100) {
    nodes { id waterNeed distanceMetres }
  } }`;
const IMPORT = `mutation ImportWaterPoints($geojson: JSON!, $source: String) {
  importWaterPoints(input: { geojson: $geojson, source: $source }) { integer } }`;
const POINTS = `query WaterPoints($west: Float!, $south: Float!, $east: Float!, $north: Float!) {
  waterPointsInView(west: $west, south: $south, east: $east, north: $north) { nodes { id name kind description latitude longitude } } }`;

interface Area {
  west: number;
  south: number;
  east: number;
  north: number;
}
interface View {
  total: number;
  clusters: { count: number; needsWater: number; latitude: number; longitude: number }[];
  things: { id: string; isPublic: boolean; waterNeed: string; latitude: number; longitude: number }[];
}

// A square degree of Tasmania, and a street-sized corner of it.
const REGION: Area = { west: 146.5, south: -42.5, east: 147.5, north: -41.5 };
const STREET: Area = { west: 146.9, south: -42.001, east: 146.903, north: -41.999 };

async function inView(area: Area, zoom: number, token?: string): Promise<View> {
  const r = await gql(server.url, IN_VIEW, { ...area, zoom }, token);
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data.thingsInView;
}

/** Things needing water the answer stands for: the clusters' counts plus the things that do. */
const needing = (view: View) =>
  view.clusters.reduce((sum, c) => sum + c.needsWater, 0) + view.things.filter((t) => t.waterNeed === "NEEDS_WATER").length;

async function placeThings(groupId: string, area: Area, count: number, isPublic: boolean, need: string): Promise<string[]> {
  return withOwner(server.databaseUrl, async (c) => {
    const { rows } = await c.query(
      `insert into app_public.things (group_id, name, type, location, is_public, water_need)
       select $1::uuid, 'Water test ' || n, 'PLANTER',
              point($2::float8 + ($4::float8 - $2::float8) * ((n * 0.618034) % 1),
                    $3::float8 + ($5::float8 - $3::float8) * ((n * 0.414214) % 1)),
              $6::boolean, $8::app_public.water_need
       from generate_series(1, $7::int) n
       returning id`,
      [groupId, area.south, area.west, area.north, area.east, isPublic, count, need],
    );
    const ids = rows.map((r) => r.id as string);
    // A new thing's state is the model's (its before-insert trigger); the state these tests need is
    // set afterwards, in one statement, as the model's hourly refresh writes it.
    await c.query(`update app_public.things set water_need = $2::app_public.water_need where id = any($1::uuid[])`, [ids, need]);
    return ids;
  });
}

/** The truth, counted by SQL as the owner. */
async function needsWaterIn(area: Area, which: "public" | "all"): Promise<number> {
  return withOwner(server.databaseUrl, async (c) => {
    const { rows } = await c.query(
      `select count(*)::int as n from app_public.things
       where location <@ box(point($1, $2), point($3, $4)) and water_need = 'needs_water' and ($5 = 'all' or is_public)`,
      [area.south, area.west, area.north, area.east, which],
    );
    return rows[0].n;
  });
}

let owner: Awaited<ReturnType<typeof signUp>>;
let neighbour: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUp>>;
let ownerGroup: string;
let neighbourGroup: string;
let publicThirsty: string[];

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server.url);
  neighbour = await signUp(server.url);
  admin = await makeAdmin(server.url, server.databaseUrl, await signUp(server.url));
  ownerGroup = (await gql(server.url, CREATE_GROUP, { name: "Water Growers" }, owner.token)).data.createGroup.group.id;
  neighbourGroup = (await gql(server.url, CREATE_GROUP, { name: "Water Neighbours" }, neighbour.token)).data.createGroup.group.id;
  // 600 public things (60 need water, 40 soon), and private ones that need water: 15 of the
  // owner's group, 25 of the neighbour's.
  await placeThings(ownerGroup, REGION, 500, true, "fine");
  publicThirsty = await placeThings(ownerGroup, REGION, 60, true, "needs_water");
  await placeThings(ownerGroup, REGION, 40, true, "due_soon");
  await placeThings(ownerGroup, REGION, 15, false, "needs_water");
  await placeThings(neighbourGroup, REGION, 25, false, "needs_water");
  // A street with six things, two of them needing water.
  await placeThings(ownerGroup, STREET, 4, true, "fine");
  await placeThings(ownerGroup, STREET, 2, true, "needs_water");
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("thingsInView and water need", () => {
  it("draws every thing on its own from street zoom (14), each with its water need", async () => {
    const view = await inView(STREET, 14);
    expect(view.clusters).toEqual([]);
    expect(view.things).toHaveLength(6);
    expect(view.things.filter((t) => t.waterNeed === "NEEDS_WATER")).toHaveLength(2);
    expect(new Set(view.things.map((t) => t.waterNeed))).toEqual(new Set(["FINE", "NEEDS_WATER"]));
    // Zoom 13 still clusters things close together.
    expect((await inView(STREET, 13)).clusters.length).toBeGreaterThan(0);
  });

  it("counts the things that need water in clusters, from the cell counts, without others' private things", async () => {
    const publicCount = await needsWaterIn(REGION, "public");
    expect(publicCount).toBe(62);
    // Zoom 6: hundreds of things in the area, so the per-cell counts answer.
    for (const zoom of [6, 8]) {
      const guest = await inView(REGION, zoom);
      expect(guest.clusters.length).toBeGreaterThan(0);
      expect(needing(guest)).toBe(publicCount);
      // The owner adds their group's 15 private ones, never the neighbour's 25.
      expect(needing(await inView(REGION, zoom, owner.token))).toBe(publicCount + 15);
      expect(needing(await inView(REGION, zoom, neighbour.token))).toBe(publicCount + 25);
      expect(needing(await inView(REGION, zoom, admin.token))).toBe(publicCount + 40);
    }
  });

  it("follows the model's bulk updates of water_need (one statement) and things that move or go", async () => {
    const publicBefore = await needsWaterIn(REGION, "public");
    // The hourly run: every public thirsty thing of the region becomes fine, 30 fine ones need water.
    await withOwner(server.databaseUrl, (c) =>
      c.query(
        `update app_public.things set water_need = case when water_need = 'needs_water' then 'fine'::app_public.water_need
                                                        else 'needs_water'::app_public.water_need end
         where id in (select id from app_public.things where location <@ box(point($1, $2), point($3, $4)) and is_public
                      and (water_need = 'needs_water' or id in (select id from app_public.things
                             where location <@ box(point($1, $2), point($3, $4)) and is_public and water_need = 'fine' order by id limit 30)))`,
        [REGION.south, REGION.west, REGION.north, REGION.east],
      ),
    );
    expect(await needsWaterIn(REGION, "public")).toBe(30);
    expect(needing(await inView(REGION, 6))).toBe(30);
    expect(needing(await inView(REGION, 6, admin.token))).toBe(30 + 40);
    // A thirsty thing moving within the region and one going private keep the counts right.
    const [a, b] = await withOwner(server.databaseUrl, async (c) =>
      (
        await c.query(
          `select id from app_public.things where location <@ box(point($1, $2), point($3, $4)) and is_public and water_need = 'needs_water' order by id limit 2`,
          [REGION.south, REGION.west, REGION.north, REGION.east],
        )
      ).rows.map((r) => r.id as string),
    );
    await withOwner(server.databaseUrl, async (c) => {
      await c.query("update app_public.things set location = point(-41.6, 147.4) where id = $1", [a]);
      // A move puts the thing in other weather, so the model works its need out again; it is set
      // back to thirsty here, so the cells are seen to follow a thirsty thing's move.
      await c.query("update app_public.things set water_need = 'needs_water' where id = $1", [a]);
      await c.query("update app_public.things set is_public = false where id = $1", [b]);
    });
    expect(needing(await inView(REGION, 6))).toBe(29);
    expect(needing(await inView(REGION, 6, admin.token))).toBe(70);
    await withOwner(server.databaseUrl, (c) => c.query("delete from app_public.things where id = $1", [a]));
    expect(needing(await inView(REGION, 6))).toBe(28);
    expect(needing(await inView(REGION, 6, admin.token))).toBe(69);
    // The cells agree with counting the things again from scratch.
    await withOwner(server.databaseUrl, async (c) => {
      const { rows } = await c.query(`
        with truth as (
          select l.level, app_hidden.map_cell(app_hidden.map_world_x(location[1]), l.level) as x,
                 app_hidden.map_cell(app_hidden.map_world_y(location[0]), l.level) as y,
                 count(*) filter (where is_public and water_need = 'needs_water') as pub,
                 count(*) filter (where not is_public and water_need = 'needs_water') as priv
          from app_public.things, generate_series(0, 18) l(level) group by 1, 2, 3)
        select count(*)::int as wrong from truth t
        full join app_private.thing_map_cells c using (level, x, y)
        where coalesce(t.pub, 0) <> coalesce(c.public_needs_water, 0) or coalesce(t.priv, 0) <> coalesce(c.private_needs_water, 0)`);
      expect(rows[0].wrong).toBe(0);
    });
    expect(publicBefore).toBe(62);
    void publicThirsty;
  });
});

describe("nearestThing with needsWater", () => {
  it("ranks only things that need water or soon will, by the database's metres, with their water need", async () => {
    const here = { latitude: -42, longitude: 146.9 };
    const all = await gql(server.url, NEAREST, here);
    expect(all.errors).toBeUndefined();
    expect(all.data.nearestThing.nodes.length).toBeGreaterThan(0);
    const thirsty = await gql(server.url, NEAREST, { ...here, needsWater: true });
    const nodes = thirsty.data.nearestThing.nodes as { waterNeed: string; distanceMetres: number }[];
    expect(nodes.length).toBeGreaterThan(0);
    expect(nodes.every((n) => n.waterNeed === "NEEDS_WATER" || n.waterNeed === "DUE_SOON")).toBe(true);
    const metres = nodes.map((n) => n.distanceMetres);
    expect(metres).toEqual([...metres].sort((x, y) => x - y));
  });
});

describe("water points", () => {
  const collection = {
    type: "FeatureCollection",
    features: [
      { type: "Feature", properties: { name: "Test pump", kind: "pump" }, geometry: { type: "Point", coordinates: [146.95, -42.05] } },
      { type: "Feature", properties: { amenity: "drinking_water" }, geometry: { type: "Point", coordinates: [146.96, -42.06] } },
      { type: "Feature", properties: { name: "Well", man_made: "water_well" }, geometry: { type: "Point", coordinates: [146.97, -42.07] } },
    ],
  };

  it("are imported by an admin and seen by everyone", async () => {
    const r = await gql(server.url, IMPORT, { geojson: collection, source: "test" }, admin.token);
    expect(r.errors).toBeUndefined();
    expect(r.data.importWaterPoints.integer).toBe(3);
    const seen = await gql(server.url, POINTS, { ...REGION });
    expect(seen.errors).toBeUndefined();
    const points = seen.data.waterPointsInView.nodes as { name: string; kind: string; latitude: number; longitude: number }[];
    expect(points.map((p) => [p.name, p.kind]).sort()).toEqual([
      ["Test pump", "pump"],
      ["Water tap", "tap"],
      ["Well", "pump"],
    ]);
    expect(points.find((p) => p.name === "Test pump")).toMatchObject({ latitude: -42.05, longitude: 146.95 });
  });

  it("are refused to anyone but an admin, and a bad file changes nothing", async () => {
    for (const token of [owner.token, undefined]) {
      const r = await gql(server.url, IMPORT, { geojson: collection }, token);
      expect(r.data?.importWaterPoints ?? null).toBeNull();
      expect(r.errors?.[0].extensions?.code).toMatch(/DNIED|42501/);
    }
    const bad = {
      type: "FeatureCollection",
      features: [collection.features[0], { type: "Feature", properties: {}, geometry: { type: "LineString", coordinates: [] } }],
    };
    const r = await gql(server.url, IMPORT, { geojson: bad }, admin.token);
    expect(r.errors?.[0]).toMatchObject({
      message: "Feature 2 is not a point with coordinates [longitude, latitude]",
      extensions: { code: "INVLD" },
    });
    const off = {
      type: "FeatureCollection",
      features: [{ type: "Feature", properties: {}, geometry: { type: "Point", coordinates: [190, 10] } }],
    };
    expect((await gql(server.url, IMPORT, { geojson: off }, admin.token)).errors?.[0].extensions.code).toBe("INVLD");
    expect((await gql(server.url, POINTS, { ...REGION })).data.waterPointsInView.nodes).toHaveLength(3);
  });

  it("has a seed that is the sample file", () => {
    const file = JSON.parse(fs.readFileSync(path.join(rootDir, "data/water-points-sample.geojson"), "utf8"));
    const seed = fs.readFileSync(path.join(rootDir, "db/seed/060_water_points.sql"), "utf8");
    const inline = /\$geojson\$(.*)\$geojson\$/s.exec(seed)?.[1];
    expect(JSON.parse(inline ?? "null")).toEqual(file);
    expect(file.features.length).toBeGreaterThanOrEqual(8);
  });
});
