// Readings' data goes out as PostgreSQL wrote it (server/graphql/raw-readings-plugin.ts): the
// answer must be the same JSON over HTTP and over a websocket, for every kind of value, and the
// hook into Grafast must be in place (else big charts silently get slower).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { createClient } from "graphql-ws";
import { startTestServer, gql, signUp, withOwner } from "./harness.ts";
import { installRawJsonOutput, RawJsonText } from "../graphql/raw-readings-plugin.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const READINGS = `query Readings($thingId: UUID!) { allSensorData(thingId: $thingId) { nodes { id createdAt data } } }`;

// Numbers with trailing zeros and exponents, nested values, text needing escapes, nulls.
const DATA = [
  { water: 21.5, battery: 3.62, rssi: -83, probeDetected: true },
  { water: 0, note: 'say "hi"\n\\ ünïcode ☔', nested: { list: [1, 2.5, null, "x"] }, big: 1.5e21, nothing: null },
];

async function thingWithReadings(token: string) {
  const groupId = (
    await gql(
      server.url,
      `mutation { createGroup(input: { name: "Raw Growers", type: GROWER, isPublic: true }) { group { id } } }`,
      {},
      token,
    )
  ).data.createGroup.group.id;
  const thingId = (
    await gql(
      server.url,
      `mutation T($g: UUID!) { createThing(input: { groupId: $g, name: "Raw Planter", type: PLANTER, location: { x: 51.45, y: -0.97 }, isPublic: false }) { thing { id } } }`,
      { g: groupId },
      token,
    )
  ).data.createThing.thing.id as string;
  await withOwner(server.databaseUrl, async (c) => {
    const device = await c.query(
      "insert into app_public.devices (device_id, name, model, location, thing_id, is_public) values ($1, 'Raw probe', 'LSE01', point(51.45, -0.97), $2, false) returning id",
      [`eui-raw${Date.now()}`, thingId],
    );
    for (const [i, data] of DATA.entries()) {
      await c.query(
        "insert into app_public.sensor_data (device_id, thing_id, created_at, data) values ($1, $2, now() - make_interval(mins => $3), $4)",
        [device.rows[0].id, thingId, i, JSON.stringify(data)],
      );
    }
  });
  return thingId;
}

describe("readings' data as PostgreSQL wrote it", () => {
  it("the hook into Grafast's JSON writer is in place", () => {
    expect(installRawJsonOutput()).toBe(true);
  });

  it("a RawJsonText written by JSON.stringify gives the same JSON as the parsed value", () => {
    const text = '{"a": 1.50, "b": [true, null, "x"]}';
    expect(JSON.parse(JSON.stringify({ v: new RawJsonText(text) }))).toEqual({ v: JSON.parse(text) });
  });

  it("over HTTP and over a websocket the readings' data are the stored values", async () => {
    const owner = await signUp(server.url);
    const thingId = await thingWithReadings(owner.token);

    const overHttp = await gql(server.url, READINGS, { thingId }, owner.token);
    expect(overHttp.errors).toBeUndefined();
    expect(overHttp.data.allSensorData.nodes.map((n: any) => n.data)).toEqual(DATA);

    const client = createClient({
      url: server.url.replace("http", "ws") + "/graphql",
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${owner.token}` },
      retryAttempts: 0,
    });
    try {
      const overWs = await new Promise<any>((resolve, reject) => {
        let result: any;
        client.subscribe(
          { query: READINGS, variables: { thingId } },
          {
            next: (r) => (result = r),
            error: reject,
            complete: () => resolve(result),
          },
        );
      });
      expect(overWs.errors).toBeUndefined();
      expect(overWs.data).toEqual(overHttp.data);
    } finally {
      await client.dispose();
    }
  });

  it("a stranger gets none of the readings of a private thing and device", async () => {
    const owner = await signUp(server.url);
    const stranger = await signUp(server.url);
    const thingId = await thingWithReadings(owner.token);
    const r = await gql(server.url, READINGS, { thingId }, stranger.token);
    expect(r.errors).toBeUndefined();
    expect(r.data.allSensorData.nodes).toEqual([]);
  });
});
