// Devices, their access rules, the TTN webhook ingestion, readings, indicators and
// live thing updates (issue 6). The pump downlink is in downlink.test.ts.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { createClient } from "graphql-ws";
import { inject } from "vitest";
import { loadConfig } from "../config.ts";
import { startServer, type RunningServer } from "../app.ts";
import { gql, signUp, signUpVerified, withOwner, queuedEmail } from "./harness.ts";
import { urlAsRole } from "../../test/database.ts";
import { specFixture } from "../../test/spec-fixtures.ts";
import { pokeUntilHeard } from "../../test/until-heard.ts";

const SECRET = "ttn-webhook-secret-for-tests";
const fixture = JSON.parse(specFixture("ttn-uplink-lse01.json"));

let server: RunningServer;
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = inject("databaseUrl");
  server = await startServer(
    loadConfig({
      databaseUrl,
      authDatabaseUrl: urlAsRole(databaseUrl, "bk_authenticator"),
      port: 0,
      host: "127.0.0.1",
      exportSchema: false,
      graphiql: false,
      jwtSecret: "test-secret-that-is-long-enough-for-hs256-000",
      ttnWebhookSecret: SECRET,
    }),
  );
});
afterAll(async () => {
  await server?.close();
});

const GROUP = `mutation { createGroup(input: { name: "Sensor Growers", type: GROWER, isPublic: true }) { group { id } } }`;
const THING = `mutation CreateThing($groupId: UUID!) { createThing(input: { groupId: $groupId, name: "Wet Planter", type: PLANTER, location: { x: 51.45, y: -0.97 }, isPublic: true }) { thing { id } } }`;
const CREATE_DEVICE = `mutation CreateDevice($deviceId: String!, $model: DeviceModel!, $thingId: UUID, $isPublic: Boolean!) {
  createDevice(input: { model: $model, name: "Soil probe", deviceId: $deviceId, isPublic: $isPublic, location: { x: 51.45, y: -0.97 }, thingId: $thingId }) {
    device { id deviceId canEdit } } }`;
const DEVICE = `query DeviceById($id: UUID!) { deviceById(id: $id) { id water temperature conductivity battery rssi snr lastSensorData indicatorColour ledState } }`;
const THING_STATE = `query ThingById($id: UUID!) { thingById(id: $id) { id water temperature conductivity lastSensorData indicatorColour indicatorColourLast hydrationBand ledState } }`;
const READINGS = `query AllSensorData($deviceId: UUID, $thingId: UUID, $after: Datetime) { allSensorData(deviceId: $deviceId, thingId: $thingId, createdAfter: $after) { nodes { createdAt data } } }`;

let seq = 0;
function eui() {
  seq += 1;
  return `eui-a84041${Date.now().toString(16).slice(-6)}${String(seq).padStart(4, "0")}`;
}

function uplink(deviceId: string, payloadHex: string, receivedAt: string, fCnt: number) {
  const body = structuredClone(fixture);
  body.end_device_ids.device_id = deviceId;
  body.received_at = receivedAt;
  body.uplink_message.frm_payload = Buffer.from(payloadHex, "hex").toString("base64");
  body.uplink_message.f_cnt = fCnt;
  return body;
}

async function post(body: unknown, secret: string | null = SECRET, raw = false) {
  const res = await fetch(`${server.url}/webhooks/ttn`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(secret ? { authorization: `Bearer ${secret}` } : {}) },
    body: raw ? (body as string) : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

async function setup(opts: { model?: string; isPublic?: boolean } = {}) {
  const owner = await signUp(server.url);
  const groupId = (await gql(server.url, GROUP, {}, owner.token)).data.createGroup.group.id;
  const thingId = (await gql(server.url, THING, { groupId }, owner.token)).data.createThing.thing.id;
  const r = await gql(
    server.url,
    CREATE_DEVICE,
    { deviceId: eui(), model: opts.model ?? "LSE01", thingId, isPublic: opts.isPublic ?? true },
    owner.token,
  );
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return { owner, thingId, device: r.data.createDevice.device };
}

describe("devices", () => {
  it("validates the device id and refuses duplicates", async () => {
    const owner = await signUp(server.url);
    const bad = await gql(server.url, CREATE_DEVICE, { deviceId: "a84041000000a1b2", model: "LSE01", isPublic: true }, owner.token);
    expect(bad.errors?.[0]).toMatchObject({ message: "Device id must start with eui-", extensions: { code: "INVLD" } });
    const spaces = await gql(server.url, CREATE_DEVICE, { deviceId: "eui-has space", model: "LSE01", isPublic: true }, owner.token);
    expect(spaces.errors?.[0].message).toBe("Device id may contain only letters, numbers, underscores and hyphens");
    const id = eui();
    expect((await gql(server.url, CREATE_DEVICE, { deviceId: id, model: "LSE01", isPublic: true }, owner.token)).errors).toBeUndefined();
    expect((await gql(server.url, CREATE_DEVICE, { deviceId: id, model: "LSE01", isPublic: true }, owner.token)).errors?.[0].message).toBe(
      "This device is already registered",
    );
  });

  it("a device can only be fitted to a thing you own", async () => {
    const { thingId } = await setup();
    const other = await signUp(server.url);
    const r = await gql(server.url, CREATE_DEVICE, { deviceId: eui(), model: "LSE01", thingId, isPublic: true }, other.token);
    expect(r.errors?.[0].extensions.code).toBe("DNIED");
  });

  it("private devices are hidden from strangers; public ones visible to guests", async () => {
    const priv = await setup({ isPublic: false });
    const pub = await setup();
    const stranger = await signUp(server.url);
    expect((await gql(server.url, DEVICE, { id: priv.device.id }, stranger.token)).data.deviceById).toBeNull();
    expect((await gql(server.url, DEVICE, { id: priv.device.id }, priv.owner.token)).data.deviceById.id).toBe(priv.device.id);
    expect((await gql(server.url, DEVICE, { id: pub.device.id })).data.deviceById.id).toBe(pub.device.id);
  });

  it("device invitations follow the same rules as things'", async () => {
    const { owner, device } = await setup({ isPublic: false });
    // Only a verified address counts for invitations (test/security/invitation-unverified-email.test.ts).
    const invitee = await signUpVerified(server.url, databaseUrl);
    const INVITE = `mutation InviteToDeviceAccess($deviceId: UUID!, $email: String!) { inviteToDeviceAccess(input: { deviceId: $deviceId, email: $email }) { deviceAccessInvitation { id } } }`;
    const ACCEPT = `mutation AcceptInvitationToDeviceAccess($id: UUID!, $code: String!) { acceptInvitationToDeviceAccess(input: { invitationId: $id, code: $code }) { deviceAccess { id isOwner } } }`;
    expect((await gql(server.url, INVITE, { deviceId: device.id, email: invitee.email }, invitee.token)).errors?.[0].extensions.code).toBe(
      "DNIED",
    );
    await gql(server.url, INVITE, { deviceId: device.id, email: invitee.email }, owner.token);
    const mail = (await queuedEmail(databaseUrl, invitee.email, "invitation")).variables;
    expect(mail.kind).toBe("device");
    expect(
      (await gql(server.url, ACCEPT, { id: mail.invitationId, code: mail.code }, invitee.token)).data.acceptInvitationToDeviceAccess
        .deviceAccess.isOwner,
    ).toBe(false);
    expect((await gql(server.url, DEVICE, { id: device.id }, invitee.token)).data.deviceById.id).toBe(device.id);
  });
});

describe("the TTN webhook", () => {
  it("stores a decoded LSE01 uplink and updates the device, its thing and the indicator", async () => {
    const { owner, device, thingId } = await setup();
    const at = new Date(Date.now() - 60_000).toISOString();
    const r = await post(uplink(device.deviceId, "0D0AFF3F05DCFF7E00C810", at, 118));
    expect(r).toEqual({ status: 201, body: { status: "stored" } });
    const d = (await gql(server.url, DEVICE, { id: device.id }, owner.token)).data.deviceById;
    expect(d).toMatchObject({
      water: 15,
      temperature: -1.3,
      conductivity: 200,
      battery: 3.338,
      rssi: -97,
      snr: 6.5,
      indicatorColour: "red",
    });
    expect(new Date(d.lastSensorData).toISOString()).toBe(at);
    const t = (await gql(server.url, THING_STATE, { id: thingId }, owner.token)).data.thingById;
    expect(t).toMatchObject({ water: 15, indicatorColour: "red", indicatorColourLast: "grey", hydrationBand: "dry" });
    const readings = (await gql(server.url, READINGS, { deviceId: device.id }, owner.token)).data.allSensorData.nodes;
    expect(readings).toHaveLength(1);
    expect(readings[0].data).toMatchObject({ water: 15, conductivity: 200, probeTemperature: -19.3 });
  });

  it("a redelivered uplink is not stored twice", async () => {
    const { owner, device } = await setup();
    const body = uplink(device.deviceId, "0D0AFF3F05DCFF7E00C810", new Date().toISOString(), 7);
    expect((await post(body)).status).toBe(201);
    expect(await post(body)).toEqual({ status: 200, body: { status: "duplicate" } });
    expect((await gql(server.url, READINGS, { deviceId: device.id }, owner.token)).data.allSensorData.nodes).toHaveLength(1);
  });

  it("readings come newest first, filtered by time; an older uplink does not overwrite newer values", async () => {
    const { owner, device, thingId } = await setup();
    const t1 = new Date(Date.now() - 3 * 3600_000).toISOString();
    const t2 = new Date(Date.now() - 1 * 3600_000).toISOString();
    // 45 % moisture at t2, then a late 15 % from t1.
    await post(uplink(device.deviceId, "0D0AFF3F1194FF7E00C810", t2, 2));
    await post(uplink(device.deviceId, "0D0AFF3F05DCFF7E00C810", t1, 1));
    const all = (await gql(server.url, READINGS, { thingId }, owner.token)).data.allSensorData.nodes;
    expect(all.map((n: any) => new Date(n.createdAt).toISOString())).toEqual([t2, t1]);
    const after = (
      await gql(server.url, READINGS, { deviceId: device.id, after: new Date(Date.now() - 2 * 3600_000).toISOString() }, owner.token)
    ).data.allSensorData.nodes;
    expect(after).toHaveLength(1);
    const thing = (await gql(server.url, THING_STATE, { id: thingId }, owner.token)).data.thingById;
    expect(thing).toMatchObject({ water: 45, indicatorColour: "green", hydrationBand: "good" });
  });

  it("a reading includes the rainfall the payload reports (decoded_payload.rainfall, mm); an impossible amount is refused by the database", async () => {
    const { owner, device } = await setup();
    // Bytes and a formatter's rainfall together.
    const both = uplink(device.deviceId, "0D0AFF3F05DCFF7E00C810", new Date(Date.now() - 120_000).toISOString(), 21);
    both.uplink_message.decoded_payload = { rainfall: 1.4 };
    expect((await post(both)).body).toEqual({ status: "stored" });
    // Decoded only (no frm_payload), as a rain gauge's formatter sends it.
    const decoded = uplink(device.deviceId, "", new Date(Date.now() - 60_000).toISOString(), 22);
    delete decoded.uplink_message.frm_payload;
    decoded.uplink_message.decoded_payload = { water_SOIL: "31.50", rainfall: "0.2" };
    expect((await post(decoded)).body).toEqual({ status: "stored" });
    const readings = (await gql(server.url, READINGS, { deviceId: device.id }, owner.token)).data.allSensorData.nodes;
    expect(readings.map((r: any) => r.data.rainfall)).toEqual([0.2, 1.4]);
    expect(readings[1].data).toMatchObject({ water: 15, conductivity: 200, rainfall: 1.4 });
    expect(readings[0].data).toMatchObject({ water: 31.5, rainfall: 0.2 });
    // Below zero: kept as it came, but no reading.
    const negative = uplink(device.deviceId, "0D0AFF3F05DCFF7E00C810", new Date().toISOString(), 23);
    negative.uplink_message.decoded_payload = { rainfall: -3 };
    expect((await post(negative)).body).toEqual({ status: "rejected", reason: "rainfall must be between 0 and 1000 mm (got -3)" });
    expect((await gql(server.url, READINGS, { deviceId: device.id }, owner.token)).data.allSensorData.nodes).toHaveLength(2);
  });

  it("stores LSPH01 pH readings", async () => {
    const { owner, device } = await setup({ model: "LSPH01" });
    await post(uplink(device.deviceId, "0D230000025400F9000001", new Date().toISOString(), 3));
    const d = (
      await gql(server.url, `query D($id: UUID!) { deviceById(id: $id) { ph temperature battery } }`, { id: device.id }, owner.token)
    ).data.deviceById;
    expect(d).toEqual({ ph: 5.96, temperature: 24.9, battery: 3.363 });
  });

  it("rejects a missing or wrong secret, malformed bodies, unknown devices and bad payloads with clear 4xx", async () => {
    const { device } = await setup();
    const good = uplink(device.deviceId, "0D0AFF3F05DCFF7E00C810", new Date().toISOString(), 9);
    expect((await post(good, null)).status).toBe(401);
    expect((await post(good, "wrong-secret")).status).toBe(401);
    expect(await post("{not json", SECRET, true)).toEqual({ status: 400, body: { error: "The body is not valid JSON" } });
    expect((await post({ uplink_message: {} })).body.error).toBe("end_device_ids.device_id is missing");
    expect((await post(uplink("eui-0000000000000000", "0D0AFF3F05DCFF7E00C810", new Date().toISOString(), 1))).status).toBe(404);
    expect((await post(uplink(device.deviceId, "0D0A", new Date().toISOString(), 10))).status).toBe(422);
  });

  it("keeps up with a burst of uplinks from many devices, storing each once", async () => {
    const devices = await Promise.all([setup(), setup(), setup()]);
    const base = Date.now() - 600_000;
    const bodies = Array.from({ length: 60 }, (_, i) =>
      uplink(devices[i % 3].device.deviceId, "0D0AFF3F0FA0FF7E00C810", new Date(base + i * 1000).toISOString(), i),
    );
    const results = await Promise.all([...bodies, ...bodies.slice(0, 10)].map((b) => post(b)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(60);
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    const count = await withOwner(databaseUrl, (c) =>
      c.query("select count(*)::int as n from app_public.sensor_data where device_id = any($1)", [devices.map((d) => d.device.id)]),
    );
    expect(count.rows[0].n).toBe(60);
  });
});

describe("thingUpdated subscription", () => {
  it("delivers a new reading live to a subscriber", async () => {
    const { owner, device, thingId } = await setup();
    const client = createClient({
      url: server.url.replace("http", "ws") + "/graphql",
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${owner.token}` },
      retryAttempts: 0,
    });
    const events: any[] = [];
    const got = new Promise<void>((resolve, reject) => {
      client.subscribe(
        {
          query: `subscription T($id: UUID!) { thingUpdated(id: $id) { event thing { id water indicatorColour } } }`,
          variables: { id: thingId },
        },
        {
          next: (v) => {
            events.push(v);
            if (events.length >= 1) resolve();
          },
          error: reject,
          complete: () => {},
        },
      );
    });
    try {
      // The LISTEN has no acknowledgement: post fresh uplinks (the same reading, a new frame
      // counter each) until one is delivered.
      let fCnt = 0;
      await pokeUntilHeard(
        () => post(uplink(device.deviceId, "0D0AFF3F1194FF7E00C810", new Date().toISOString(), ++fCnt)),
        () => events.length > 0,
        "a reading delivered live",
      );
      await got;
    } finally {
      await client.dispose();
    }
    expect(events[0].data.thingUpdated).toMatchObject({ event: "update", thing: { id: thingId, water: 45, indicatorColour: "green" } });
  });
});
