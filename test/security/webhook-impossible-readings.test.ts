// Security review (issue #20), finding 5: the TTN webhook stored readings dated in the future and
// physically impossible values (soil water over 100 %, 300 degC, negative conductivity, pH
// outside 0-14, absurd battery voltages), which then drove the indicator colour, alerts and
// charts. Such an uplink is now kept as it came (app_private.rejected_uplinks, with the reason)
// but gives no reading and changes no latest value; the webhook answers 200 with the reason, so
// The Things Stack does not retry it, and a redelivery is recognised.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestServer, gql, signUp, withOwner } from "../../server/test/harness.ts";
import { specFixture } from "../spec-fixtures.ts";

const SECRET = "ttn-webhook-secret-for-security-tests";
const fixture = JSON.parse(specFixture("ttn-uplink-lse01.json"));

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ ttnWebhookSecret: SECRET });
});
afterAll(async () => {
  await server?.close();
});

const GROUP = `mutation { createGroup(input: { name: "Probe Growers", type: GROWER, isPublic: true }) { group { id } } }`;
const THING = `mutation T($g: UUID!) { createThing(input: { groupId: $g, name: "Probe Planter", type: PLANTER, location: { x: 51.45, y: -0.97 }, isPublic: true }) { thing { id } } }`;
const DEVICE = `mutation D($deviceId: String!, $model: DeviceModel!, $thingId: UUID) {
  createDevice(input: { model: $model, name: "Probe", deviceId: $deviceId, isPublic: true, location: { x: 51.45, y: -0.97 }, thingId: $thingId }) { device { id deviceId } } }`;

let seq = 0;
const eui = () => `eui-5ec${Date.now().toString(16).slice(-6)}${String(++seq).padStart(4, "0")}`;

async function setup(model = "LSE01") {
  const owner = await signUp(server.url);
  const g = (await gql(server.url, GROUP, {}, owner.token)).data.createGroup.group.id;
  const thingId = (await gql(server.url, THING, { g }, owner.token)).data.createThing.thing.id;
  const r = await gql(server.url, DEVICE, { deviceId: eui(), model, thingId }, owner.token);
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return { thingId, device: r.data.createDevice.device as { id: string; deviceId: string } };
}

function uplink(deviceId: string, payload: { hex: string } | { decoded: Record<string, unknown> }, receivedAt: string, fCnt: number) {
  const body = structuredClone(fixture);
  body.end_device_ids.device_id = deviceId;
  body.received_at = receivedAt;
  body.uplink_message.f_cnt = fCnt;
  if ("hex" in payload) body.uplink_message.frm_payload = Buffer.from(payload.hex, "hex").toString("base64");
  else {
    delete body.uplink_message.frm_payload;
    body.uplink_message.decoded_payload = payload.decoded;
  }
  return body;
}

async function post(body: unknown) {
  const res = await fetch(`${server.url}/webhooks/ttn`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${SECRET}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

const state = (deviceId: string, thingId: string) =>
  withOwner(server.databaseUrl, async (c) => ({
    readings: (await c.query("select count(*)::int as n from app_public.sensor_data where device_id = $1", [deviceId])).rows[0].n as number,
    device: (
      await c.query("select water, temperature, conductivity, ph, battery, last_sensor_data from app_public.devices where id = $1", [
        deviceId,
      ])
    ).rows[0],
    thing: (await c.query("select water, temperature, conductivity, ph, last_sensor_data from app_public.things where id = $1", [thingId]))
      .rows[0],
    rejected: (
      await c.query(
        "select received_at, f_cnt, payload, reason from app_private.rejected_uplinks where device_id = $1 order by received_at",
        [deviceId],
      )
    ).rows,
  }));

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const GOOD_LSE01 = "0D0AFF3F05DCFF7E00C810"; // 3.338 V, water 15.00 %, -1.30 degC, 200 uS/cm

describe("impossible readings", () => {
  const cases: [string, string, { hex: string } | { decoded: Record<string, unknown> }, RegExp][] = [
    ["soil water above 100 %", "LSE01", { hex: "0D0AFF3F3A98FF7E00C810" }, /^water must be between 0 and 100 % \(got 150\)$/],
    [
      "a soil temperature of 300 degC",
      "LSE01",
      { hex: "0D0AFF3F05DC753000C810" },
      /^temperature must be between -40 and 85 °C \(got 300\)$/,
    ],
    ["an absurd battery voltage", "LSE01", { hex: "3FFFFF3F05DCFF7E00C810" }, /^battery must be between 2 and 4 V \(got 16\.383\)$/],
    [
      "negative conductivity (decoded payload)",
      "LSE01",
      { decoded: { water_SOIL: 20, conduct_SOIL: -5, BatV: 3.3 } },
      /^conductivity must be between 0 and 20000 µS\/cm \(got -5\)$/,
    ],
    ["a pH above 14", "LSPH01", { hex: "0D23000005DC00F9000001" }, /^ph must be between 0 and 14 \(got 15\)$/],
    ["a pH below 0 (decoded payload)", "LSPH01", { decoded: { PH1_SOIL: -1, BatV: 3.3 } }, /^ph must be between 0 and 14 \(got -1\)$/],
  ];
  for (const [name, model, payload, reason] of cases) {
    it(`${name}: kept as a rejected uplink with its reason, no reading, latest values unchanged`, async () => {
      const { thingId, device } = await setup(model);
      const good = model === "LSE01" ? { hex: GOOD_LSE01 } : { hex: "0D230000025400F9000001" };
      expect((await post(uplink(device.deviceId, good, minutesAgo(10), 1))).status).toBe(201);
      const before = await state(device.id, thingId);

      const r = await post(uplink(device.deviceId, payload, minutesAgo(5), 2));
      expect(r.status).toBe(200);
      expect(r.body.status).toBe("rejected");
      expect(r.body.reason).toMatch(reason);

      const after = await state(device.id, thingId);
      expect(after.readings).toBe(before.readings);
      expect(after.device).toEqual(before.device);
      expect(after.thing).toEqual(before.thing);
      expect(after.rejected).toHaveLength(1);
      expect(after.rejected[0]).toMatchObject({ f_cnt: 2 });
      expect(after.rejected[0].reason).toMatch(reason);
      if ("hex" in payload) expect(after.rejected[0].payload).toBe(Buffer.from(payload.hex, "hex").toString("base64"));

      // The Things Stack delivers it again: recognised, stored once.
      expect(await post(uplink(device.deviceId, payload, after.rejected[0].received_at.toISOString(), 2))).toEqual({
        status: 200,
        body: { status: "duplicate" },
      });
      expect((await state(device.id, thingId)).rejected).toHaveLength(1);
    });
  }
});

describe("readings dated in the future", () => {
  it("an uplink received an hour ahead of the server's clock is kept as rejected and moves nothing forward", async () => {
    const { thingId, device } = await setup();
    const ahead = new Date(Date.now() + 3600_000).toISOString();
    const r = await post(uplink(device.deviceId, { hex: GOOD_LSE01 }, ahead, 7));
    expect(r).toEqual({ status: 200, body: { status: "rejected", reason: "received_at is in the future" } });
    const after = await state(device.id, thingId);
    expect(after.readings).toBe(0);
    expect(after.device.last_sensor_data).toBeNull();
    expect(after.thing.last_sensor_data).toBeNull();
    expect(after.rejected).toMatchObject([{ f_cnt: 7, reason: "received_at is in the future" }]);
    // A current uplink afterwards is a reading as usual.
    expect((await post(uplink(device.deviceId, { hex: GOOD_LSE01 }, minutesAgo(1), 8))).status).toBe(201);
  });

  it("a reading a few seconds ahead (clock skew) is still a reading", async () => {
    const { device } = await setup();
    const r = await post(uplink(device.deviceId, { hex: GOOD_LSE01 }, new Date(Date.now() + 20_000).toISOString(), 9));
    expect(r).toEqual({ status: 201, body: { status: "stored" } });
  });
});

describe("possible readings at the edges of the ranges", () => {
  it("are stored: 0 and 100 % water, -40 and 85 degC, pH 0 and 14", async () => {
    const { device } = await setup();
    // water 100.00 % (0x2710), -40.00 degC (0xF060)
    expect((await post(uplink(device.deviceId, { hex: "0D0AFF3F2710F06000C810" }, minutesAgo(4), 1))).status).toBe(201);
    // water 0 %, 85.00 degC (0x2134)
    expect((await post(uplink(device.deviceId, { hex: "0D0AFF3F0000213400C810" }, minutesAgo(3), 2))).status).toBe(201);
    const ph = await setup("LSPH01");
    expect((await post(uplink(ph.device.deviceId, { hex: "0D230000000000F9000001" }, minutesAgo(3), 1))).status).toBe(201);
    expect((await post(uplink(ph.device.deviceId, { hex: "0D230000057800F9000001" }, minutesAgo(2), 2))).status).toBe(201);
  });
});
