// Open data export: public things as GeoJSON, a thing's readings and actions as CSV under the
// caller's own rights.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestServer, gql, signUp, withOwner } from "./harness.ts";
import { toCsv } from "../routes/export.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function thing(token: string, isPublic: boolean, name: string) {
  const g = (
    await gql(
      server.url,
      `mutation { createGroup(input: { name: "Export Growers", type: GROWER, isPublic: true }) { group { id } } }`,
      {},
      token,
    )
  ).data.createGroup.group.id;
  return (
    await gql(
      server.url,
      `mutation T($g: UUID!, $p: Boolean!, $n: String!) { createThing(input: { groupId: $g, name: $n, type: TREE, location: { x: 51.45, y: -0.97 }, isPublic: $p }) { thing { id } } }`,
      { g, p: isPublic, n: name },
      token,
    )
  ).data.createThing.thing.id as string;
}

describe("export", () => {
  it("public things as GeoJSON, longitude first, without private ones", async () => {
    const owner = await signUp(server.url);
    const open = await thing(owner.token, true, "Exported Oak");
    const closed = await thing(owner.token, false, "Secret Oak");
    const res = await fetch(`${server.url}/export/things.geojson`);
    expect(res.headers.get("content-type")).toMatch(/application\/geo\+json/);
    const geo = (await res.json()) as any;
    const mine = geo.features.find((f: any) => f.id === open);
    expect(mine).toMatchObject({
      type: "Feature",
      geometry: { type: "Point", coordinates: [-0.97, 51.45] },
      properties: { name: "Exported Oak", type: "TREE" },
    });
    expect(geo.features.some((f: any) => f.id === closed)).toBe(false);
  });

  it("the inventory attributes in the GeoJSON and in things.csv (public things only, with a CSVW description)", async () => {
    const owner = await signUp(server.url);
    const g = (
      await gql(
        server.url,
        `mutation { createGroup(input: { name: "Export Growers", type: GROWER, isPublic: true }) { group { id } } }`,
        {},
        owner.token,
      )
    ).data.createGroup.group.id;
    const lime = await gql(
      server.url,
      `mutation T($g: UUID!) { createThing(input: { groupId: $g, name: "Attributed Lime", type: TREE, location: { x: 51.46, y: -0.98 }, isPublic: true,
      speciesId: "tilia-cordata", plantingYear: 2019, trunkGirthCm: 85, heightClass: FROM_5_TO_10_M }) { thing { id } } }`,
      { g },
      owner.token,
    );
    const id = lime.data.createThing.thing.id as string;
    const closed = await thing(owner.token, false, "Secret Lime");
    const geo = (await (await fetch(`${server.url}/export/things.geojson`)).json()) as any;
    expect(geo.features.find((f: any) => f.id === id).properties).toMatchObject({
      speciesId: "tilia-cordata",
      speciesBotanicalName: "Tilia cordata",
      speciesCommonName: "Small-leaved lime",
      plantingYear: 2019,
      trunkGirthCm: 85,
      heightClass: "FROM_5_TO_10_M",
      volumeLitres: null,
      floweringSeasons: null,
    });
    const res = await fetch(`${server.url}/export/things.csv`);
    expect(res.headers.get("content-type")).toMatch(/text\/csv/);
    expect(res.headers.get("link")).toContain('<things.csv-metadata.json>; rel="describedby"');
    const lines = (await res.text()).split("\r\n");
    expect(lines[0]).toBe(
      "id,name,type,latitude,longitude,location_description,water_need,created_utc,species_id,species_botanical_name,species_common_name,planting_year,trunk_girth_cm,height_class,volume_litres,soil_area_m2,flowering_plants,flowering_seasons",
    );
    expect(lines.find((l) => l.startsWith(id))).toMatch(
      /^[^,]+,Attributed Lime,TREE,51\.46,-0\.98,,\w+,[^,]+,tilia-cordata,Tilia cordata,Small-leaved lime,2019,85,FROM_5_TO_10_M,,,,$/,
    );
    expect(lines.some((l) => l.startsWith(closed))).toBe(false);
    const meta = (await (await fetch(`${server.url}/export/things.csv-metadata.json`)).json()) as any;
    expect(meta.tableSchema.columns.map((c: any) => c.name)).toEqual(lines[0].split(","));
  });

  it("a thing's actions and readings as CSV for those who may see it, 404 for others", async () => {
    const owner = await signUp(server.url);
    const stranger = await signUp(server.url);
    const id = await thing(owner.token, false, "Private Pear");
    await gql(
      server.url,
      `mutation A($t: UUID!) { createAction(input: { action: { thingId: $t, type: WATERING, comments: "Two cans, \\"quickly\\"", litres: 20 } }) { action { id } } }`,
      { t: id },
      owner.token,
    );
    await withOwner(server.databaseUrl, async (c) => {
      const d = await c.query(
        "insert into app_public.devices (device_id, name, model, location, thing_id) values ($1, 'Export probe', 'LSE01', point(51.45, -0.97), $2) returning id",
        [`eui-export${Date.now()}`, id],
      );
      await c.query(
        `insert into app_public.sensor_data (device_id, thing_id, created_at, data) values ($1, $2, '2026-11-20T10:00:00Z', '{"water": 31.5, "battery": 3.6}')`,
        [d.rows[0].id, id],
      );
    });
    const actions = await fetch(`${server.url}/export/things/${id}/actions.csv`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(actions.status).toBe(200);
    const text = await actions.text();
    expect(text.split("\r\n")[0]).toBe("time_utc,type,comments,recorded_by,litres");
    expect(text).toContain(`WATERING,"Two cans, ""quickly""",${owner.username},20\r\n`);
    const readings = await (
      await fetch(`${server.url}/export/things/${id}/readings.csv`, { headers: { authorization: `Bearer ${owner.token}` } })
    ).text();
    expect(readings).toContain("2026-11-20T10:00:00.000Z");
    expect(readings).toContain(",31.5,,,,3.6,,");
    expect(
      (await fetch(`${server.url}/export/things/${id}/actions.csv`, { headers: { authorization: `Bearer ${stranger.token}` } })).status,
    ).toBe(404);
    expect((await fetch(`${server.url}/export/things/${id}/actions.csv`)).status).toBe(404);
    expect((await fetch(`${server.url}/export/things/${id}/actions.csv`, { headers: { authorization: "Bearer forged" } })).status).toBe(
      401,
    );
    expect((await fetch(`${server.url}/export/things/not-a-uuid/actions.csv`)).status).toBe(404);
  });

  it("quotes CSV fields that need it", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["x,y", 'say "hi"'],
          [null, 3],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n,3\r\n');
  });
});
