// `npm run simulate`: sends realistic uplinks for the demo devices to the local webhook, as The
// Things Stack would, so readings move on screen. One round every few seconds until stopped.
// Needs no settings against `npm start` on this machine: the same PORT default (3000), and the
// webhook secret `npm start` generated into the data folder (TTN_WEBHOOK_SECRET when set).
// Settings: SIMULATE_URL (default http://localhost:$PORT), SIMULATE_INTERVAL_MS (default 5000),
// SIMULATE_ROUNDS (default: until Ctrl-C).
import { loadConfig } from "../server/config.ts";

const config = loadConfig();
const base = (process.env.SIMULATE_URL || `http://localhost:${config.port}`).replace(/\/$/, "");
const url = `${base}/webhooks/ttn`;
const interval = Number(process.env.SIMULATE_INTERVAL_MS || 5000);
const rounds = Number(process.env.SIMULATE_ROUNDS || Infinity);

// The demo devices (db/seed/020_community.sql) and how each one's soil behaves: where the seeded
// readings (scripts/demo/readings.ts) end, overridden by the latest values when the API gives them.
const DEVICES = [
  { id: "eui-a84041000000a101", model: "LSE01", water: 37, drying: 0.08 },
  { id: "eui-a84041000000a102", model: "LSE01", water: 13, drying: 0.12 },
  { id: "eui-a84041000000a103", model: "LSE01", water: 39, drying: 0.1 },
  { id: "eui-a84041000000a104", model: "LSE01", water: 40, drying: 0.06 },
  { id: "eui-a84041000000a105", model: "LSE01", water: 27, drying: 0.05 },
  { id: "eui-a84041000000b201", model: "LSPH01", ph: 6.4 },
];

/** The Dragino byte layouts of test/fixtures/README.md, the other way round. */
function payload(d: (typeof DEVICES)[number], t: number): Buffer {
  const b = Buffer.alloc(11);
  const temperature = 13 + 3 * Math.sin((t / 86_400_000) * 2 * Math.PI);
  b.writeUInt16BE(3500 + Math.round(Math.random() * 30), 0);
  b.writeInt16BE(Math.round((temperature - 1) * 10), 2);
  if (d.model === "LSE01") {
    b.writeUInt16BE(Math.round(d.water! * 100), 4);
    b.writeInt16BE(Math.round(temperature * 100), 6);
    b.writeUInt16BE(Math.round(180 + d.water! * 3), 8);
    b[10] = 0x10;
  } else {
    b.writeUInt16BE(Math.round(d.ph! * 100), 4);
    b.writeInt16BE(Math.round(temperature * 10), 6);
  }
  return b;
}

/** Carries on from each device's latest values (public devices, as a guest sees them), so the charts do not jump. */
async function startFromLatest(): Promise<void> {
  try {
    const res = await fetch(`${base}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        operationName: "SimulateLatest",
        query: "query SimulateLatest { allDevices { nodes { deviceId water ph } } }",
      }),
    });
    const nodes: { deviceId: string; water: number | null; ph: number | null }[] = (await res.json())?.data?.allDevices?.nodes ?? [];
    for (const n of nodes) {
      const d = DEVICES.find((x) => x.id === n.deviceId);
      if (d && d.model === "LSE01" && typeof n.water === "number") d.water = n.water;
      if (d && d.model === "LSPH01" && typeof n.ph === "number") d.ph = n.ph;
    }
  } catch {
    // Not up yet, or another app: start from the defaults above; the webhook call says more.
  }
}

await startFromLatest();
let fCnt = Math.floor(Date.now() / 1000) % 60000;
for (let round = 1; round <= rounds; round++) {
  const now = Date.now();
  for (const d of DEVICES) {
    if (d.model === "LSE01") {
      // Soil dries; now and then someone waters it.
      d.water = Math.random() < 0.05 ? Math.min(55, d.water! + 12) : Math.max(5, d.water! - d.drying! * Math.random());
    } else {
      d.ph = Math.min(8, Math.max(5, d.ph! + (Math.random() - 0.5) * 0.05));
    }
    fCnt += 1;
    const body = {
      end_device_ids: { device_id: d.id, application_ids: { application_id: "steward-demo" } },
      received_at: new Date(now).toISOString(),
      uplink_message: {
        f_port: 2,
        f_cnt: fCnt,
        frm_payload: payload(d, now).toString("base64"),
        rx_metadata: [
          { gateway_ids: { gateway_id: "simulated-gw" }, rssi: -90 - Math.round(Math.random() * 20), snr: 6 + Math.random() * 3 },
        ],
      },
    };
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${config.ttnWebhookSecret}` },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      console.log(`${d.id} ${d.model === "LSE01" ? `water ${d.water!.toFixed(1)}%` : `pH ${d.ph!.toFixed(2)}`} -> ${res.status} ${text}`);
    } catch (e) {
      console.error(`${d.id}: ${e instanceof Error ? e.message : e} (is \`npm start\` running on ${url}?)`);
    }
  }
  if (round < rounds) await new Promise((r) => setTimeout(r, interval));
}
