// Webhook bodies as The Things Stack posts them, with an LSE01 payload encoded in the Dragino byte
// layout (test/fixtures/README.md) that server/devices/decoders.ts reads back.

export function lse01Payload(water: number, temperature: number, battery = 3.55): Buffer {
  const b = Buffer.alloc(11);
  b.writeUInt16BE(Math.round(battery * 1000) & 0x3fff, 0);
  b.writeInt16BE(Math.round((temperature - 0.6) * 10), 2);
  b.writeUInt16BE(Math.round(water * 100), 4);
  b.writeInt16BE(Math.round(temperature * 100), 6);
  b.writeUInt16BE(Math.round(120 + water * 6), 8);
  b[10] = 0x10; // probe detected
  return b;
}

export function uplinkBody(deviceId: string, fCnt: number, payload: Buffer, at = new Date()) {
  return {
    end_device_ids: { device_id: deviceId, application_ids: { application_id: "steward-bench" } },
    received_at: at.toISOString(),
    uplink_message: {
      f_port: 2,
      f_cnt: fCnt,
      frm_payload: payload.toString("base64"),
      rx_metadata: [{ gateway_ids: { gateway_id: "bench-gw" }, rssi: -90 - (fCnt % 20), snr: 7.5 }],
    },
  };
}
