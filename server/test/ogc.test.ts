// OGC API - Features (issue 26): the public things under /ogc, read as JSON and by GDAL's own
// OGC API client (ogrinfo / ogr2ogr, driver OAPIF) against the live test server.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startTestServer, gql, signUp } from "./harness.ts";
import { readOpenDataLicence, KNOWN_LICENCE_URLS } from "../config.ts";

const run = promisify(execFile);

let server: Awaited<ReturnType<typeof startTestServer>>;
let base: string;
let owner: Awaited<ReturnType<typeof signUp>>;
// A small area of this run's own (far from other tests' things), and what is in it.
const lat = -30 - Math.round(Math.random() * 10_000) / 1000;
const lon = 140 + Math.round(Math.random() * 10_000) / 1000;
const bbox = [lon - 0.01, lat - 0.01, lon + 0.01, lat + 0.01].join(",");
const open: { id: string; name: string; lat: number; lon: number }[] = [];
let hidden: string;

async function createThing(name: string, isPublic: boolean, latitude: number, longitude: number): Promise<string> {
  const g = (
    await gql(
      server.url,
      `mutation { createGroup(input: { name: "OGC Growers", type: GROWER, isPublic: true }) { group { id } } }`,
      {},
      owner.token,
    )
  ).data.createGroup.group.id;
  const r = await gql(
    server.url,
    `mutation T($g: UUID!, $p: Boolean!, $n: String!, $x: Float!, $y: Float!) { createThing(input: { groupId: $g, name: $n, type: PLANTER, location: { x: $x, y: $y }, isPublic: $p }) { thing { id } } }`,
    { g, p: isPublic, n: name, x: latitude, y: longitude },
    owner.token,
  );
  if (!r.data?.createThing) throw new Error(JSON.stringify(r.errors));
  return r.data.createThing.thing.id;
}

beforeAll(async () => {
  server = await startTestServer();
  base = server.url.replace("localhost", "127.0.0.1");
  owner = await signUp(server.url);
  for (const [i, offset] of [0.001, 0.002, 0.003].entries()) {
    const name = `OGC Planter ${i + 1}`;
    open.push({ id: await createThing(name, true, lat + offset, lon + offset), name, lat: lat + offset, lon: lon + offset });
  }
  hidden = await createThing("OGC Secret Planter", false, lat + 0.004, lon + 0.004);
});
afterAll(async () => {
  await server?.close();
});

async function getJson(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return { res, body: (await res.json()) as any };
}

const rels = (links: any[]) => links.map((l) => l.rel);

describe("OGC API Features: documents", () => {
  it("the landing page links itself, the conformance classes, the data, the API and the licence", async () => {
    const { res, body } = await getJson(`${base}/ogc`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(rels(body.links)).toEqual(expect.arrayContaining(["self", "conformance", "data", "service-desc", "license"]));
    expect(body.links.find((l: any) => l.rel === "data").href).toBe(`${base}/ogc/collections`);
    expect(body.links.find((l: any) => l.rel === "license")).toMatchObject({
      href: "https://creativecommons.org/licenses/by/4.0/",
      title: "CC-BY-4.0",
    });
    expect(body.attribution).toBe("© Steward contributors");
    const api = await fetch(`${base}/ogc/api`);
    expect(api.headers.get("content-type")).toMatch(/^application\/vnd\.oai\.openapi\+json/);
    expect(
      ((await api.json()) as any).paths["/collections/things/items"].get.parameters.find((p: any) => p.name === "limit").schema,
    ).toMatchObject({ minimum: 1, maximum: 1000, default: 100 });
  });

  it("declares Core and GeoJSON conformance", async () => {
    const { body } = await getJson(`${base}/ogc/conformance`);
    expect(body.conformsTo).toEqual(
      expect.arrayContaining([
        "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core",
        "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson",
      ]),
    );
  });

  it("describes the things collection: feature items, CRS84, the public things' extent, licence and attribution", async () => {
    const { body: all } = await getJson(`${base}/ogc/collections`);
    expect(all.collections.map((c: any) => c.id)).toEqual(["things"]);
    const { res, body } = await getJson(`${base}/ogc/collections/things`);
    expect(res.status).toBe(200);
    expect(body).toMatchObject({
      id: "things",
      title: "Things",
      itemType: "feature",
      crs: ["http://www.opengis.net/def/crs/OGC/1.3/CRS84"],
      attribution: "© Steward contributors",
    });
    expect(body.description).toBeTruthy();
    const [west, south, east, north] = body.extent.spatial.bbox[0];
    for (const t of open) {
      expect(t.lon).toBeGreaterThanOrEqual(west);
      expect(t.lon).toBeLessThanOrEqual(east);
      expect(t.lat).toBeGreaterThanOrEqual(south);
      expect(t.lat).toBeLessThanOrEqual(north);
    }
    expect(body.extent.spatial.crs).toBe("http://www.opengis.net/def/crs/OGC/1.3/CRS84");
    expect(rels(body.links)).toEqual(expect.arrayContaining(["self", "items", "license"]));
    expect(body.links.find((l: any) => l.rel === "items")).toMatchObject({
      href: `${base}/ogc/collections/things/items`,
      type: "application/geo+json",
    });
  });

  it("answers f=json and refuses other formats and unknown parameters with 400", async () => {
    expect((await fetch(`${base}/ogc?f=json`)).status).toBe(200);
    for (const url of [
      `${base}/ogc?f=html`,
      `${base}/ogc/collections?f=xml`,
      `${base}/ogc/collections/things/items?f=csv`,
      `${base}/ogc/collections/things/items?colour=red`,
      `${base}/ogc/collections/things/items?limit=1&limit=2`,
    ]) {
      const { res, body } = await getJson(url);
      expect(res.status, url).toBe(400);
      expect(body).toMatchObject({ code: "InvalidParameterValue" });
      expect(body.description).toBeTruthy();
    }
    expect((await fetch(`${base}/ogc/collections/nothing`)).status).toBe(404);
  });
});

describe("OGC API Features: items", () => {
  it("a bbox gives the public things in it as GeoJSON, longitude first, with their properties", async () => {
    const { res, body } = await getJson(`${base}/ogc/collections/things/items?bbox=${bbox}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/geo\+json/);
    expect(body).toMatchObject({ type: "FeatureCollection", numberMatched: 3, numberReturned: 3 });
    expect(Date.parse(body.timeStamp)).not.toBeNaN();
    const first = body.features.find((f: any) => f.id === open[0].id);
    expect(first.geometry).toEqual({ type: "Point", coordinates: [open[0].lon, open[0].lat] });
    expect(first.properties).toMatchObject({
      id: open[0].id,
      name: "OGC Planter 1",
      type: "PLANTER",
      waterNeed: "unknown",
      url: `${base}/things/${open[0].id}`,
    });
    // The inventory attributes (issue 26): every key on every feature, null where the type has none.
    expect(first.properties).toMatchObject({
      speciesId: null,
      plantingYear: null,
      trunkGirthCm: null,
      heightClass: null,
      volumeLitres: null,
      soilAreaM2: null,
      floweringPlants: null,
      floweringSeasons: null,
    });
    expect(Date.parse(first.properties.createdAt)).not.toBeNaN();
    expect(body.features.map((f: any) => f.id).sort()).toEqual(open.map((t) => t.id).sort());
    // Answers application/json to a client asking for that alone.
    expect(
      (await fetch(`${base}/ogc/collections/things/items?bbox=${bbox}`, { headers: { accept: "application/json" } })).headers.get(
        "content-type",
      ),
    ).toMatch(/^application\/json/);
  });

  it("pages with limit and offset, linking next and prev", async () => {
    const { body: one } = await getJson(`${base}/ogc/collections/things/items?bbox=${bbox}&limit=2`);
    expect(one).toMatchObject({ numberMatched: 3, numberReturned: 2 });
    expect(rels(one.links)).toEqual(expect.arrayContaining(["self", "next", "collection", "license"]));
    expect(rels(one.links)).not.toContain("prev");
    const next = one.links.find((l: any) => l.rel === "next");
    expect(next.type).toBe("application/geo+json");
    expect(new URL(next.href).searchParams.get("offset")).toBe("2");
    expect(new URL(next.href).searchParams.get("bbox")).toBe(bbox);
    const { body: two } = await getJson(next.href);
    expect(two).toMatchObject({ numberMatched: 3, numberReturned: 1 });
    expect(rels(two.links)).toContain("prev");
    expect(rels(two.links)).not.toContain("next");
    expect(new URL(two.links.find((l: any) => l.rel === "prev").href).searchParams.get("offset")).toBeNull();
    const ids = [...one.features, ...two.features].map((f: any) => f.id);
    expect(new Set(ids).size).toBe(3);
    // Default page: 100.
    const { body: all } = await getJson(`${base}/ogc/collections/things/items`);
    expect(all.numberReturned).toBe(Math.min(100, all.numberMatched));
  });

  it("refuses a limit outside 1 to 1000 and other bad values with 400 and a JSON reason", async () => {
    for (const q of [
      "limit=0",
      "limit=1001",
      "limit=-1",
      "limit=abc",
      "limit=1.5",
      "limit=99999999999",
      "offset=-1",
      "offset=x",
      "bbox=1,2,3",
      "bbox=a,b,c,d",
      "bbox=0,91,1,92",
      "bbox=-200,0,0,1",
      "bbox=0,10,1,5",
      "datetime=yesterday",
      "datetime=../..",
    ]) {
      const { res, body } = await getJson(`${base}/ogc/collections/things/items?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.headers.get("content-type"), q).toMatch(/^application\/json/);
      expect(body.code, q).toBe("InvalidParameterValue");
      expect(body.description, q).toBeTruthy();
    }
    expect((await fetch(`${base}/ogc/collections/things/items?limit=1000&bbox=${bbox}`)).status).toBe(200);
    expect((await fetch(`${base}/ogc/collections/things/items?limit=1`)).status).toBe(200);
  });

  it("filters by createdAt with datetime", async () => {
    const count = async (datetime: string) =>
      (await getJson(`${base}/ogc/collections/things/items?bbox=${bbox}&datetime=${encodeURIComponent(datetime)}`)).body.numberMatched;
    expect(await count("2000-01-01T00:00:00Z/..")).toBe(3);
    expect(await count("../2000-01-01T00:00:00Z")).toBe(0);
    expect(await count("2999-01-01/..")).toBe(0);
    expect(await count(new Date().toISOString().slice(0, 10))).toBe(3);
  });

  it("a bbox across the antimeridian finds things on both sides", async () => {
    const south = lat - 1;
    const east = await createThing("OGC East Planter", true, south, 179.995);
    const west = await createThing("OGC West Planter", true, south, -179.995);
    const { body } = await getJson(`${base}/ogc/collections/things/items?bbox=179.99,${south - 0.01},-179.99,${south + 0.01}`);
    expect(body.features.map((f: any) => f.id).sort()).toEqual([east, west].sort());
  });

  it("a thing by id; 404 for unknown ids", async () => {
    const { res, body } = await getJson(`${base}/ogc/collections/things/items/${open[1].id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/geo\+json/);
    expect(body).toMatchObject({
      type: "Feature",
      id: open[1].id,
      geometry: { coordinates: [open[1].lon, open[1].lat] },
      properties: { name: "OGC Planter 2" },
    });
    expect(rels(body.links)).toEqual(expect.arrayContaining(["self", "collection", "alternate", "license"]));
    expect((await fetch(`${base}/ogc/collections/things/items/00000000-0000-0000-0000-000000000000`)).status).toBe(404);
    expect((await fetch(`${base}/ogc/collections/things/items/not-an-id`)).status).toBe(404);
  });
});

describe("OGC API Features: private things", () => {
  it("allowed: the owner sees the private thing in the API", async () => {
    const r = await gql(server.url, `query Q($id: UUID!) { thingById(id: $id) { id isPublic } }`, { id: hidden }, owner.token);
    expect(r.data.thingById).toEqual({ id: hidden, isPublic: false });
  });

  it("denied: a private thing is never in items nor found by id, even with its owner's token", async () => {
    for (const headers of [{}, { authorization: `Bearer ${owner.token}` }] as Record<string, string>[]) {
      const { body } = await getJson(`${base}/ogc/collections/things/items?bbox=${bbox}&limit=1000`, headers);
      expect(body.features.map((f: any) => f.id)).not.toContain(hidden);
      expect(body.numberMatched).toBe(3);
      const byId = await fetch(`${base}/ogc/collections/things/items/${hidden}`, { headers });
      expect(byId.status).toBe(404);
      expect(((await byId.json()) as any).code).toBe("NotFound");
    }
    const { body: all } = await getJson(`${base}/ogc/collections/things/items?limit=1000`);
    expect(all.features.map((f: any) => f.id)).not.toContain(hidden);
  });
});

describe("open data licence", () => {
  it("OPEN_DATA_LICENCE: CC-BY-4.0 by default, known identifiers get their page, others need a URL", () => {
    expect(readOpenDataLicence({})).toEqual({
      id: "CC-BY-4.0",
      url: KNOWN_LICENCE_URLS["CC-BY-4.0"],
      attribution: "© Steward contributors",
    });
    expect(readOpenDataLicence({ OPEN_DATA_LICENCE: "ODbL-1.0", OPEN_DATA_ATTRIBUTION: "© Reading Growers" })).toEqual({
      id: "ODbL-1.0",
      url: "https://opendatacommons.org/licenses/odbl/1-0/",
      attribution: "© Reading Growers",
    });
    expect(() => readOpenDataLicence({ OPEN_DATA_LICENCE: "Our-Own-1.0" })).toThrow(/OPEN_DATA_LICENCE_URL must be set/);
    expect(readOpenDataLicence({ OPEN_DATA_LICENCE: "Our-Own-1.0", OPEN_DATA_LICENCE_URL: "https://example.org/licence" }).url).toBe(
      "https://example.org/licence",
    );
    expect(() => readOpenDataLicence({ OPEN_DATA_LICENCE_URL: "ftp://example.org/x" })).toThrow(/http\(s\)/);
  });

  it("the exports carry the licence: Link rel=license, GeoJSON members, CSVW metadata for the CSV", async () => {
    const geo = await fetch(`${base}/export/things.geojson`);
    expect(geo.headers.get("link")).toBe('<https://creativecommons.org/licenses/by/4.0/>; rel="license"; title="CC-BY-4.0"');
    expect(await geo.json()).toMatchObject({
      license: { id: "CC-BY-4.0", url: "https://creativecommons.org/licenses/by/4.0/" },
      attribution: "© Steward contributors",
    });
    const csv = await fetch(`${base}/export/things/${open[0].id}/actions.csv`);
    expect(csv.status).toBe(200);
    expect((await csv.text()).split("\r\n")[0]).toBe("time_utc,type,comments,recorded_by,litres");
    expect(csv.headers.get("link")).toContain('rel="license"');
    expect(csv.headers.get("link")).toContain('<actions.csv-metadata.json>; rel="describedby"; type="application/csvm+json"');
    const meta = await fetch(new URL("actions.csv-metadata.json", csv.url));
    expect(meta.headers.get("content-type")).toMatch(/^application\/csvm\+json/);
    expect(await meta.json()).toMatchObject({
      "@context": "http://www.w3.org/ns/csvw",
      url: "actions.csv",
      "dc:license": { "@id": "https://creativecommons.org/licenses/by/4.0/" },
      "dc:creator": "© Steward contributors",
      tableSchema: { columns: [{ name: "time_utc" }, { name: "type" }, { name: "comments" }, { name: "recorded_by" }, { name: "litres" }] },
    });
  });
});

// GDAL's OGC API - Features client (driver OAPIF), from Debian's gdal-bin. Without it the test is
// skipped locally; in CI (process.env.CI) it fails instead, so CI cannot silently skip it.
async function gdalInstalled(): Promise<boolean> {
  try {
    await run("ogrinfo", ["--version"]);
    return true;
  } catch {
    return false;
  }
}
const hasGdal = await gdalInstalled();

describe.skipIf(!hasGdal && !process.env.CI)("GDAL's OGC API client reads /ogc", () => {
  // Loopback never through a proxy; no GDAL HTTP cache between runs.
  const env = {
    ...process.env,
    NO_PROXY: "127.0.0.1,localhost",
    no_proxy: "127.0.0.1,localhost",
    CPL_VSIL_CURL_USE_CACHE: "NO",
    GDAL_HTTP_TIMEOUT: "20",
  };
  const gdal = async (cmd: string, args: string[]) => {
    if (!hasGdal) throw new Error(`${cmd} (gdal-bin) is not installed: CI must install it (.ci/run)`);
    return (await run(cmd, args, { env, timeout: 60_000 })).stdout;
  };
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "ogc-gdal-"));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("ogrinfo finds the things layer, its fields and as many features as the API says", async () => {
    const listing = await gdal("ogrinfo", ["-ro", "-q", `OAPIF:${base}/ogc`]);
    expect(listing).toMatch(/things/);
    const summary = await gdal("ogrinfo", ["-ro", "-so", `OAPIF:${base}/ogc`, "things"]);
    expect(summary).toMatch(/Geometry: Point/);
    for (const field of ["name", "type", "waterNeed", "createdAt", "url", "speciesId", "plantingYear", "volumeLitres"])
      expect(summary).toMatch(new RegExp(`^${field}: `, "m"));
    const count = Number(/Feature Count: (\d+)/.exec(summary)?.[1]);
    expect(count).toBeGreaterThanOrEqual(open.length);
    const spatial = await gdal("ogrinfo", ["-ro", "-so", "-spat", ...bbox.split(","), `OAPIF:${base}/ogc`, "things"]);
    expect(Number(/Feature Count: (\d+)/.exec(spatial)?.[1])).toBe(3);
  });

  it("ogr2ogr copies the things to a GeoJSON file, with -spat as a bbox, page by page", async () => {
    const out = path.join(dir, "things-in-box.geojson");
    // Two features a page, so GDAL follows the next link too.
    await gdal("ogr2ogr", ["-f", "GeoJSON", out, `OAPIF:${base}/ogc`, "things", "-spat", ...bbox.split(","), "-oo", "PAGE_SIZE=2"]);
    const geo = JSON.parse(await readFile(out, "utf8"));
    expect(geo.features).toHaveLength(3);
    for (const t of open) {
      const f = geo.features.find((x: any) => x.properties.name === t.name);
      expect(f, t.name).toBeTruthy();
      expect(f.geometry.type).toBe("Point");
      expect(f.geometry.coordinates[0]).toBeCloseTo(t.lon, 6);
      expect(f.geometry.coordinates[1]).toBeCloseTo(t.lat, 6);
      expect(f.properties.type).toBe("PLANTER");
    }
    expect(geo.features.some((f: any) => f.properties.name === "OGC Secret Planter")).toBe(false);

    const everything = path.join(dir, "things.geojson");
    await gdal("ogr2ogr", ["-f", "GeoJSON", everything, `OAPIF:${base}/ogc`, "things"]);
    const names = JSON.parse(await readFile(everything, "utf8")).features.map((f: any) => f.properties.name);
    expect(names).toEqual(expect.arrayContaining(open.map((t) => t.name)));
    expect(names).not.toContain("OGC Secret Planter");
  });
});
