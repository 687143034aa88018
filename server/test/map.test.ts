// thingsInView (issue 8): the map's things by visible area, clustered, under row-level security.
// Two remote regions keep this file's things apart from every other test's: a sparse one (the
// things are read one by one) and a dense one of about 3,500 things (the per-cell counts answer).
// Both ways must count exactly what the caller may see, and nothing of anyone else's private things.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestServer, gql, signUp, withOwner, makeAdmin } from "./harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;

const IN_VIEW = `query ThingsInView($west: Float!, $south: Float!, $east: Float!, $north: Float!, $zoom: Float!) {
  thingsInView(west: $west, south: $south, east: $east, north: $north, zoom: $zoom) {
    total truncated
    clusters { count latitude longitude }
    things { id name type indicatorColour isPublic latitude longitude }
  } }`;
const CREATE_GROUP = `mutation CreateGroup($name: String!) { createGroup(input: { name: $name, type: GROWER, isPublic: true }) { group { id } } }`;

interface Area {
  west: number;
  south: number;
  east: number;
  north: number;
}
interface MapView {
  total: number;
  truncated: boolean;
  clusters: { count: number; latitude: number; longitude: number }[];
  things: {
    id: string;
    name: string;
    type: string;
    indicatorColour: string | null;
    isPublic: boolean;
    latitude: number;
    longitude: number;
  }[];
}

// Sparse: Wellington's hills. Dense: a square degree west of Sydney, with a crowded corner.
const SPARSE: Area = { west: 174.6, south: -41.4, east: 174.9, north: -41.1 };
const DENSE: Area = { west: 150.2, south: -34.4, east: 151.2, north: -33.4 };
const CROWD = { latitude: -33.5, longitude: 150.3 };

async function inView(area: Area, zoom: number, token?: string): Promise<MapView> {
  const r = await gql(server.url, IN_VIEW, { ...area, zoom }, token);
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data.thingsInView;
}

/** Every thing the answer stands for: clusters count theirs, things one each. */
const counted = (view: MapView) => view.clusters.reduce((sum, c) => sum + c.count, 0) + view.things.length;

let owner: Awaited<ReturnType<typeof signUp>>;
let neighbour: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUp>>;
let ownerGroup: string;
let neighbourGroup: string;
const sparsePrivate: Record<"owner" | "neighbour", string[]> = { owner: [], neighbour: [] };

/** Things placed by SQL as the database owner: `count` of them on a grid inside an area. */
async function placeThings(groupId: string, area: Area, count: number, isPublic: boolean, name: string): Promise<string[]> {
  return withOwner(server.databaseUrl, async (c) => {
    const { rows } = await c.query(
      `insert into app_public.things (group_id, name, type, location, is_public)
       select $1::uuid, $2::text || ' ' || n, 'PLANTER',
              point($3::float8 + ($5::float8 - $3::float8) * ((n * 0.618034) % 1),
                    $4::float8 + ($6::float8 - $4::float8) * ((n * 0.414214) % 1)),
              $7::boolean
       from generate_series(1, $8::int) n
       returning id`,
      [groupId, name, area.south, area.west, area.north, area.east, isPublic, count],
    );
    return rows.map((r) => r.id as string);
  });
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server.url);
  neighbour = await signUp(server.url);
  admin = await makeAdmin(server.url, server.databaseUrl, await signUp(server.url));
  ownerGroup = (await gql(server.url, CREATE_GROUP, { name: "Map Growers" }, owner.token)).data.createGroup.group.id;
  neighbourGroup = (await gql(server.url, CREATE_GROUP, { name: "Map Neighbours" }, neighbour.token)).data.createGroup.group.id;

  // Sparse: 40 public things, 5 private ones of the owner's group, 3 of the neighbour's.
  await placeThings(ownerGroup, SPARSE, 40, true, "Sparse public");
  sparsePrivate.owner = await placeThings(ownerGroup, SPARSE, 5, false, "Sparse mine");
  sparsePrivate.neighbour = await placeThings(neighbourGroup, SPARSE, 3, false, "Sparse theirs");

  // Dense: 2,400 public things over the square, 1,050 public ones within 20 m, and private ones.
  await placeThings(ownerGroup, DENSE, 2400, true, "Dense public");
  const crowd = { west: CROWD.longitude, south: CROWD.latitude, east: CROWD.longitude + 0.0002, north: CROWD.latitude + 0.0002 };
  await placeThings(neighbourGroup, crowd, 1050, true, "Crowded");
  await placeThings(ownerGroup, DENSE, 10, false, "Dense mine");
  await placeThings(neighbourGroup, DENSE, 20, false, "Dense theirs");
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("thingsInView, few things (read one by one)", () => {
  it("clusters at a low zoom, and the clusters and things add up to what the caller may see", async () => {
    const guest = await inView(SPARSE, 9);
    expect(guest.total).toBe(40);
    expect(counted(guest)).toBe(40);
    expect(guest.clusters.length).toBeGreaterThan(0);
    expect(guest.truncated).toBe(false);

    // The owner sees their group's private things too; the neighbour theirs; the admin all.
    expect(counted(await inView(SPARSE, 9, owner.token))).toBe(45);
    expect((await inView(SPARSE, 9, owner.token)).total).toBe(45);
    expect((await inView(SPARSE, 9, neighbour.token)).total).toBe(43);
    expect((await inView(SPARSE, 9, admin.token)).total).toBe(48);
  });

  it("zoomed in, answers things one by one with what the map draws, and no one else's private things", async () => {
    const view = await inView(SPARSE, 17.5, owner.token);
    // A zoom that draws each thing: no clusters (the area is larger than a screen, so it is
    // clustered coarsely instead; ask for a screen-sized area around some things).
    expect(view.total).toBe(45);
    const [mine] = await withOwner(
      server.databaseUrl,
      async (c) =>
        (await c.query("select location[0] as lat, location[1] as lon from app_public.things where id = $1", [sparsePrivate.owner[0]]))
          .rows,
    );
    const near = { west: mine.lon - 0.004, south: mine.lat - 0.002, east: mine.lon + 0.004, north: mine.lat + 0.002 };
    const close = await inView(near, 17, owner.token);
    expect(close.clusters).toEqual([]);
    const found = close.things.find((t) => t.id === sparsePrivate.owner[0]);
    expect(found).toMatchObject({ type: "PLANTER", isPublic: false, indicatorColour: "grey" });
    expect(found!.name).toMatch(/^Sparse mine \d+$/);
    expect(found!.latitude).toBeCloseTo(mine.lat, 5);
    expect(found!.longitude).toBeCloseTo(mine.lon, 5);

    // A guest and the neighbour do not get the owner's private thing, the owner not theirs.
    for (const token of [undefined, neighbour.token]) {
      expect((await inView(near, 17, token)).things.map((t) => t.id)).not.toContain(sparsePrivate.owner[0]);
    }
    const everywhere = await inView(SPARSE, 12, owner.token);
    const ids = everywhere.things.map((t) => t.id);
    for (const id of sparsePrivate.neighbour) expect(ids).not.toContain(id);
  });
});

describe("thingsInView, many things (per-cell counts)", () => {
  it("counts exactly what each caller may see, in clusters, without anyone else's private things", async () => {
    const guest = await inView(DENSE, 8);
    expect(guest.total).toBe(3450);
    expect(counted(guest)).toBe(3450);
    // At zoom 8 the square degree is a few dozen cells at most: clusters, not thousands of things.
    expect(guest.clusters.length + guest.things.length).toBeLessThanOrEqual(30);
    expect(guest.clusters.some((c) => c.count >= 1050)).toBe(true);

    const mine = await inView(DENSE, 8, owner.token);
    expect(mine.total).toBe(3460);
    expect(counted(mine)).toBe(3460);
    expect((await inView(DENSE, 8, neighbour.token)).total).toBe(3470);
    expect((await inView(DENSE, 8, admin.token)).total).toBe(3480);
  });

  it("agrees with reading the things one by one", async () => {
    // Zoom 10 over the whole square: the counts answer (thousands of things). Zoom 13 over a
    // small part away from the crowd: read one by one. Both must cover the same things.
    const part: Area = { west: 150.7, south: -34.0, east: 150.8, north: -33.9 };
    const fine = await inView(part, 13, owner.token);
    const [{ n }] = await withOwner(
      server.databaseUrl,
      async (c) =>
        (
          await c.query(
            `select count(*)::int as n from app_public.things
           where location <@ box(point(-34.0, 150.7), point(-33.9, 150.8)) and (is_public or group_id = $1)`,
            [ownerGroup],
          )
        ).rows,
    );
    // Whole cells: the answer may reach a little beyond the area, never less than it.
    expect(fine.total).toBeGreaterThanOrEqual(n);
    expect(counted(fine)).toBe(fine.total);
    const coarse = await inView(DENSE, 10, owner.token);
    expect(coarse.total).toBe(3460);
    expect(counted(coarse)).toBe(3460);
  });

  it("follows things that move, change visibility or go", async () => {
    const before = (await inView(DENSE, 8)).total;
    const ids = await placeThings(ownerGroup, DENSE, 3, true, "Dense moving");
    expect((await inView(DENSE, 8)).total).toBe(before + 3);
    await withOwner(server.databaseUrl, async (c) => {
      await c.query("update app_public.things set is_public = false where id = $1", [ids[0]]);
      await c.query("update app_public.things set location = point(-41.2, 174.7) where id = $1", [ids[1]]);
    });
    expect((await inView(DENSE, 8)).total).toBe(before + 1);
    expect((await inView(DENSE, 8, owner.token)).total).toBe(3460 + 2);
    expect((await inView(SPARSE, 9)).total).toBe(41);
    await withOwner(server.databaseUrl, (c) => c.query("delete from app_public.things where id = any($1)", [ids]));
    expect((await inView(DENSE, 8)).total).toBe(before);
    expect((await inView(DENSE, 8, owner.token)).total).toBe(3460);
    expect((await inView(SPARSE, 9)).total).toBe(40);
  });

  it("clusters a crowd of more than 200 at the zooms that draw each thing, so the answer stays under 50 KB, and leaves nothing out", async () => {
    // Issue 27: a street of a city's trees. Up to zoom 16 the cells' counts answer (level 18),
    // closer in the crowd is read one by one and clustered in the zoom's own cells.
    const spot: Area = {
      west: CROWD.longitude - 0.001,
      south: CROWD.latitude - 0.0005,
      east: CROWD.longitude + 0.001,
      north: CROWD.latitude + 0.0007,
    };
    for (const zoom of [14, 16, 18]) {
      const view = await inView(spot, zoom);
      expect(view.total).toBe(1050);
      expect(counted(view)).toBe(1050);
      expect(view.truncated).toBe(false);
      expect(view.clusters.length).toBeGreaterThan(0);
      expect(view.things.length).toBeLessThanOrEqual(200);
      expect(JSON.stringify(view).length).toBeLessThan(50 * 1024);
    }
    const clustered = await inView(spot, 13);
    expect(clustered.truncated).toBe(false);
    expect(counted(clustered)).toBe(1050);
  });

  it("leaves things out past 200 at a zoom that draws each one when no count may cluster them (private things), and says so", async () => {
    // 210 private things of the owner's group in a remote spot: the shared counts hold none of
    // them (they may not reveal private things), so the owner's answer reads them one by one.
    const corner: Area = { west: 149.5, south: -36.0005, east: 149.5008, north: -36.0 };
    await placeThings(ownerGroup, corner, 210, false, "Corner mine");
    const view = await inView(corner, 18, owner.token);
    expect(view.total).toBe(210);
    expect(view.things).toHaveLength(200);
    expect(view.clusters).toEqual([]);
    expect(view.truncated).toBe(true);
    expect((await inView(corner, 18)).total).toBe(0);
  });
});

describe("thingsInView, bad input", () => {
  it.each([
    [
      { west: 10, south: 0, east: 5, north: 1, zoom: 5 },
      "West must be less than east (ask for an area across the 180th meridian in two parts)",
    ],
    [{ west: 0, south: 2, east: 1, north: 1, zoom: 5 }, "South must be less than north"],
    [{ west: 0, south: -95, east: 1, north: 1, zoom: 5 }, "Latitude must be between -90 and 90"],
    [{ west: -190, south: 0, east: 1, north: 1, zoom: 5 }, "Longitude must be between -180 and 180"],
    [{ west: 0, south: 0, east: 1, north: 1, zoom: 25 }, "Zoom must be between 0 and 24"],
    [{ west: 0, south: 0, east: 1, north: 1, zoom: -1 }, "Zoom must be between 0 and 24"],
  ])("%o is refused: %s", async (variables, message) => {
    const r = await gql(server.url, IN_VIEW, variables);
    expect(r.data?.thingsInView ?? null).toBeNull();
    expect(r.errors?.[0]).toMatchObject({ message, extensions: { code: "INVLD" } });
  });

  it("needs every bound", async () => {
    const r = await gql(server.url, IN_VIEW, { west: 0, south: 0, east: 1, zoom: 5 });
    expect(r.errors?.[0].message).toMatch(/north/);
  });
});
