// Reads a The Things Stack uplink message (webhook body). Every field is optional there: zero,
// false and empty values are left out (no f_cnt means 0), and single values sometimes arrive as
// arrays, so each is read defensively and a missing essential gives a clear error.

export interface Uplink {
  deviceId: string;
  receivedAt: Date;
  fPort: number;
  fCnt: number;
  payload: Buffer;
  decodedPayload: Record<string, unknown> | null;
  rssi: number | null;
  snr: number | null;
}

export class UplinkError extends Error {}

// The parts of the body read here, each member unknown until checked.
interface Body {
  end_device_ids?: { device_id?: unknown } | null;
  received_at?: unknown;
  uplink_message?: unknown;
}
interface Message {
  received_at?: unknown;
  frm_payload?: unknown;
  f_port?: unknown;
  f_cnt?: unknown;
  decoded_payload?: unknown;
  rx_metadata?: unknown;
}
interface GatewayMetadata {
  rssi?: unknown;
  channel_rssi?: unknown;
  snr?: unknown;
}

function first<T>(value: T | T[] | undefined): T | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function num(value: unknown): number | null {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
}

export function parseUplink(body: unknown): Uplink {
  if (!body || typeof body !== "object") throw new UplinkError("The body must be a JSON object");
  const b = body as Body;
  const deviceId = first(b.end_device_ids?.device_id);
  if (typeof deviceId !== "string" || deviceId === "") throw new UplinkError("end_device_ids.device_id is missing");
  const message = first(b.uplink_message) as Message | null | undefined;
  if (!message || typeof message !== "object") throw new UplinkError("uplink_message is missing");
  const receivedRaw = first(b.received_at) ?? first(message.received_at);
  const receivedAt = new Date(typeof receivedRaw === "string" ? receivedRaw : NaN);
  if (Number.isNaN(receivedAt.getTime())) throw new UplinkError("received_at is missing or not a time");
  const frm = first(message.frm_payload);
  if (frm !== undefined && (typeof frm !== "string" || !/^[A-Za-z0-9+/]*={0,2}$/.test(frm))) {
    throw new UplinkError("uplink_message.frm_payload must be base64");
  }
  // The strongest gateway's signal.
  const metadata: (GatewayMetadata | null)[] = Array.isArray(message.rx_metadata) ? message.rx_metadata : [];
  const best = metadata.reduce<GatewayMetadata | null>(
    (a, m) => (a === null || (num(m?.rssi) ?? -Infinity) > (num(a?.rssi) ?? -Infinity) ? m : a),
    null,
  );
  return {
    deviceId,
    receivedAt,
    fPort: num(first(message.f_port)) ?? 0,
    fCnt: num(first(message.f_cnt)) ?? 0,
    payload: Buffer.from(typeof frm === "string" ? frm : "", "base64"),
    decodedPayload:
      message.decoded_payload && typeof message.decoded_payload === "object" ? (message.decoded_payload as Record<string, unknown>) : null,
    rssi: num(best?.rssi ?? best?.channel_rssi),
    snr: num(best?.snr),
  };
}
