// The browsers' side of bench/live.ts, on its own thread so their work does not take the server's
// event loop: opens one graphql-ws connection per subscriber (as each browser has its own), each
// watching one thing with thingUpdated, then posts uplinks to the webhook one thing at a time and
// times how long each reaches every subscriber of its thing.
import { parentPort, workerData } from "node:worker_threads";
import { createClient, type Client } from "graphql-ws";

interface Input {
  url: string;
  secret: string;
  /** End-device id and thing id, one per thing. */
  targets: { deviceId: string; thingId: string }[];
  subscribers: number;
  uplinks: number;
  /** Uplinks per second. */
  rate: number;
}

const input = workerData as Input;
const wsUrl = input.url.replace(/^http/, "ws") + "/graphql";
const SUBSCRIPTION = `subscription Live($id: UUID!) { thingUpdated(id: $id) { event thing { id lastSensorData water } } }`;
const now = () => performance.timeOrigin + performance.now();

// When each uplink was posted, by its received_at (which comes back as the thing's lastSensorData).
const posted = new Map<number, number>();
const base = Date.now() - 3_600_000;
const latencies: number[] = [];
// [uplink number, latency] for the timeline.
const timeline: [number, number][] = [];
let unmatched = 0;
let errors = 0;

const clients: Client[] = [];
let ready = 0;
await new Promise<void>((resolve) => {
  for (let i = 0; i < input.subscribers; i++) {
    const target = input.targets[i % input.targets.length];
    const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, lazy: false });
    clients.push(client);
    client.subscribe(
      { query: SUBSCRIPTION, variables: { id: target.thingId } },
      {
        next: (value: any) => {
          const at = Date.parse(value?.data?.thingUpdated?.thing?.lastSensorData ?? "");
          const sent = posted.get(at);
          if (sent === undefined) unmatched++;
          else {
            latencies.push(now() - sent);
            timeline.push([(at - base) / 1000, now() - sent]);
          }
        },
        error: () => errors++,
        complete: () => {},
      },
    );
    // The server acknowledges a subscription once it listens; a short pause per batch of
    // connections lets them all settle before timing starts.
    client.on("connected", () => {
      if (++ready === input.subscribers) resolve();
    });
  }
});
await new Promise((r) => setTimeout(r, 1000));

for (let i = 0; i < input.uplinks; i++) {
  const target = input.targets[i % input.targets.length];
  const receivedAt = base + i * 1000;
  const body = JSON.stringify({
    end_device_ids: { device_id: target.deviceId },
    received_at: new Date(receivedAt).toISOString(),
    uplink_message: {
      f_port: 2,
      f_cnt: i,
      frm_payload: Buffer.from("0D0AFF3F0FA0FF7E00C810", "hex").toString("base64"),
      rx_metadata: [{ rssi: -100, snr: 7 }],
    },
  });
  posted.set(receivedAt, now());
  fetch(`${input.url}/webhooks/ttn`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${input.secret}` },
    body,
  }).then(
    (r) => {
      if (r.status !== 201) errors++;
      return r.arrayBuffer();
    },
    () => errors++,
  );
  await new Promise((r) => setTimeout(r, 1000 / input.rate));
}
await new Promise((r) => setTimeout(r, 2000));
await Promise.all(clients.map((c) => c.dispose()));
parentPort!.postMessage({ latencies, timeline, unmatched, errors, expected: input.uplinks * (input.subscribers / input.targets.length) });
