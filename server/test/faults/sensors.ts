// What the fault tests need of the sensor pipeline: a device fitted to a thing, TTN uplinks posted
// the way The Things Stack posts them (test/fixtures sample, webhook secret header), and a
// thingUpdated subscriber over graphql-ws.
import { createClient, type Client } from "graphql-ws";
import { gql, signUp } from "../harness.ts";
import { specFixture } from "../../../test/spec-fixtures.ts";

export const WEBHOOK_SECRET = "ttn-webhook-secret-for-fault-tests";
const fixture = JSON.parse(specFixture("ttn-uplink-lse01.json"));

let seq = 0;
export function newDeviceId(): string {
  seq += 1;
  return `eui-fa0175${Date.now().toString(16).slice(-6)}${String(seq).padStart(4, "0")}`;
}

/** The sample uplink for another device, time and frame counter (payload: 45 % water). */
export function uplink(deviceId: string, receivedAt: Date, fCnt: number) {
  const body = structuredClone(fixture);
  body.end_device_ids.device_id = deviceId;
  body.received_at = receivedAt.toISOString();
  body.uplink_message.frm_payload = Buffer.from("0D0AFF3F1194FF7E00C810", "hex").toString("base64");
  body.uplink_message.f_cnt = fCnt;
  return body;
}

/** POSTs an uplink; a refused connection or a timeout counts as status 0 (no answer). */
export async function postUplink(baseUrl: string, body: unknown, timeoutMs = 10_000): Promise<number> {
  try {
    const res = await fetch(`${baseUrl}/webhooks/ttn`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${WEBHOOK_SECRET}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

export const is2xx = (status: number) => status >= 200 && status < 300;

/** A signed-up owner with a public thing and an LSE01 device fitted to it. */
export async function setupDevice(baseUrl: string) {
  const owner = await signUp(baseUrl);
  const group = await gql(
    baseUrl,
    `mutation { createGroup(input: { name: "Fault Growers", type: GROWER, isPublic: true }) { group { id } } }`,
    {},
    owner.token,
  );
  const groupId = group.data.createGroup.group.id;
  const thing = await gql(
    baseUrl,
    `mutation CreateThing($groupId: UUID!) { createThing(input: { groupId: $groupId, name: "Fault Planter", type: PLANTER, location: { x: 51.45, y: -0.97 }, isPublic: true }) { thing { id } } }`,
    { groupId },
    owner.token,
  );
  const thingId: string = thing.data.createThing.thing.id;
  const deviceId = newDeviceId();
  const device = await gql(
    baseUrl,
    `mutation CreateDevice($deviceId: String!, $thingId: UUID) { createDevice(input: { model: LSE01, name: "Soil probe", deviceId: $deviceId, isPublic: true, location: { x: 51.45, y: -0.97 }, thingId: $thingId }) { device { id } } }`,
    { deviceId, thingId },
    owner.token,
  );
  if (device.errors) throw new Error(JSON.stringify(device.errors));
  return { owner, thingId, deviceId, deviceUuid: device.data.createDevice.device.id as string };
}

export const THING_UPDATED = `subscription T($id: UUID!) { thingUpdated(id: $id) { event thing { id water } } }`;

export interface Subscriber {
  client: Client;
  events: any[];
  errors: unknown[];
  /** Resolves once `count` events have arrived; rejects after `timeoutMs`. */
  waitForEvents(count: number, timeoutMs?: number): Promise<void>;
  dispose(): Promise<void>;
}

/** Subscribes to one thing's updates over graphql-ws, as the browser does (token as a connection parameter). */
export function subscribeToThing(baseUrl: string, token: string, thingId: string, client?: Client): Subscriber {
  const ws =
    client ??
    createClient({
      url: baseUrl.replace(/^http/, "ws") + "/graphql",
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
    });
  const events: any[] = [];
  const errors: unknown[] = [];
  const waiters = new Set<() => void>();
  ws.subscribe(
    { query: THING_UPDATED, variables: { id: thingId } },
    {
      next: (v) => {
        events.push(v);
        for (const w of waiters) w();
      },
      error: (e) => {
        errors.push(e);
        for (const w of waiters) w();
      },
      complete: () => {},
    },
  );
  return {
    client: ws,
    events,
    errors,
    waitForEvents(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (events.length >= count) {
            done();
            resolve();
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`${events.length} of ${count} thingUpdated events within ${timeoutMs} ms; errors: ${JSON.stringify(errors)}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    dispose: async () => {
      if (!client) await ws.dispose();
    },
  };
}

/**
 * Posts fresh uplinks (post(n) for n = 0, 1, ...) until the subscriber hears one. A LISTEN has no
 * acknowledgement, so the first uplinks may go by before another server's subscription listens.
 */
export async function postUntilHeard(subscriber: Subscriber, post: (n: number) => Promise<void>, tries = 20): Promise<void> {
  for (let n = 0; subscriber.events.length === 0 && n < tries; n++) {
    await post(n);
    await subscriber.waitForEvents(1, 500).catch(() => {});
  }
}
