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
  const g = (await gql(server.url, `mutation { createGroup(input: { name: "Export Growers", type: GROWER, isPublic: true }) { group { id } } }`, {}, token)).data.createGroup.group.id;
  return (await gql(server.url, `mutation T($g: UUID!, $p: Boolean!, $n: String!) { createThing(input: { groupId: $g, name: $n, type: TREE, location: { x: 51.45, y: -0.97 }, isPublic: $p }) { thing { id } } }`, { g, p: isPublic, n: name }, token)).data.createThing.thing.id as string;
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
    expect(mine).toMatchObject({ type: "Feature", geometry: { type: "Point", coordinates: [-0.97, 51.45] }, properties: { name: "Exported Oak", type: "TREE" } });
    expect(geo.features.some((f: any) => f.id === closed)).toBe(false);
  });

  it("a thing's actions and readings as CSV for those who may see it, 404 for others", async () => {
    const owner = await signUp(server.url);
    const stranger = await signUp(server.url);
    const id = await thing(owner.token, false, "Private Pear");
    await gql(server.url, `mutation A($t: UUID!) { createAction(input: { action: { thingId: $t, type: WATERING, comments: "Two cans, \\"quickly\\"", litres: 20 } }) { action { id } } }`, { t: id }, owner.token);
    await withOwner(server.databaseUrl, async (c) => {
      const d = await c.query("insert into app_public.devices (device_id, name, model, location, thing_id) values ($1, 'Export probe', 'LSE01', point(51.45, -0.97), $2) returning id", [`eui-export${Date.now()}`, id]);
      await c.query(`insert into app_public.sensor_data (device_id, thing_id, created_at, data) values ($1, $2, '2026-11-20T10:00:00Z', '{"water": 31.5, "battery": 3.6}')`, [d.rows[0].id, id]);
    });
    const actions = await fetch(`${server.url}/export/things/${id}/actions.csv`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(actions.status).toBe(200);
    const text = await actions.text();
    expect(text.split("\r\n")[0]).toBe("time_utc,type,comments,recorded_by,litres");
    expect(text).toContain(`WATERING,"Two cans, ""quickly""",${owner.username},20\r\n`);
    const readings = await (await fetch(`${server.url}/export/things/${id}/readings.csv`, { headers: { authorization: `Bearer ${owner.token}` } })).text();
    expect(readings).toContain("2026-11-20T10:00:00.000Z");
    expect(readings).toContain(",31.5,,,,3.6,,");
    expect((await fetch(`${server.url}/export/things/${id}/actions.csv`, { headers: { authorization: `Bearer ${stranger.token}` } })).status).toBe(404);
    expect((await fetch(`${server.url}/export/things/${id}/actions.csv`)).status).toBe(404);
    expect((await fetch(`${server.url}/export/things/${id}/actions.csv`, { headers: { authorization: "Bearer forged" } })).status).toBe(401);
    expect((await fetch(`${server.url}/export/things/not-a-uuid/actions.csv`)).status).toBe(404);
  });

  it("quotes CSV fields that need it", () => {
    expect(toCsv(["a", "b"], [["x,y", 'say "hi"'], [null, 3]])).toBe('a,b\r\n"x,y","say ""hi"""\r\n,3\r\n');
  });
});
