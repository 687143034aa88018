// `npm run simulate`: sends realistic uplinks for the demo devices to the local webhook, as The
// Things Stack would, so readings move on screen. One round every few seconds until stopped.
// Settings: SIMULATE_URL (default http://localhost:$PORT), SIMULATE_INTERVAL_MS (default 5000),
// SIMULATE_ROUNDS (default: until Ctrl-C); the secret is TTN_WEBHOOK_SECRET or the local one.
import { loadConfig } from "../server/config.ts";

const config = loadConfig();
const url = `${(process.env.SIMULATE_URL || `http://localhost:${config.port}`).replace(/\/$/, "")}/webhooks/ttn`;
const interval = Number(process.env.SIMULATE_INTERVAL_MS || 5000);
const rounds = Number(process.env.SIMULATE_ROUNDS || Infinity);

// The demo devices (db/seed/020_community.sql) and how each one's soil behaves.
const DEVICES = [
  { id: "eui-a84041000000a101", model: "LSE01", water: 41, drying: 0.4 },
  { id: "eui-a84041000000a102", model: "LSE01", water: 14, drying: 0.6 },
  { id: "eui-a84041000000a103", model: "LSE01", water: 27, drying: 0.5 },
  { id: "eui-a84041000000a104", model: "LSE01", water: 70, drying: 0.3 },
  { id: "eui-a84041000000a105", model: "LSE01", water: 66, drying: 0.2 },
  { id: "eui-a84041000000b201", model: "LSPH01", ph: 6.4 },
];

/** The Dragino byte layouts of test/fixtures/README.md, the other way round. */
function payload(d: (typeof DEVICES)[number], t: number): Buffer {
  const b = Buffer.alloc(11);
  const temperature = 8 + 5 * Math.sin((t / 86_400_000) * 2 * Math.PI);
  b.writeUInt16BE(3400 + Math.round(Math.random() * 100), 0);
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

let fCnt = Math.floor(Date.now() / 1000) % 60000;
for (let round = 1; round <= rounds; round++) {
  const now = Date.now();
  for (const d of DEVICES) {
    if (d.model === "LSE01") {
      // Soil dries; now and then someone waters it.
      d.water = Math.random() < 0.05 ? Math.min(75, d.water! + 35) : Math.max(5, d.water! - d.drying! * Math.random());
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
        rx_metadata: [{ gateway_ids: { gateway_id: "simulated-gw" }, rssi: -90 - Math.round(Math.random() * 20), snr: 6 + Math.random() * 3 }],
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
