// Stores uplinks in batches: each webhook request waits a few milliseconds for others, then a
// single transaction stores them all (architecture.md: one transaction per uplink tops out near
// 1,400/s here; batching lets ingestion keep up with thousands a second), with a few batches in
// flight at once on their own connections. Each request is answered only after its batch
// commits, so The Things Stack retries whatever failed. bench/ingest.ts measures it.
import type pg from "pg";
import { decodeUplink, PayloadError, type DeviceModel, type Reading } from "./decoders.ts";
import type { Uplink } from "./ttn-uplink.ts";

export type IngestStatus = "stored" | "duplicate" | "unknown_device" | "bad_payload";

interface Pending {
  uplink: Uplink;
  resolve(status: IngestStatus): void;
  reject(error: unknown): void;
}

// Names used by the vendor's own TTN payload formatter, for uplinks that arrive decoded only.
const DECODED_NAMES: Record<string, keyof Reading> = {
  water_SOIL: "water", temp_SOIL: "temperature", conduct_SOIL: "conductivity", PH1_SOIL: "ph", BatV: "battery",
  TempC_DS18B20: "probeTemperature",
};

function readingFrom(model: DeviceModel, uplink: Uplink): Reading {
  if (uplink.payload.length > 0) return decodeUplink(model, uplink.fPort, uplink.payload);
  const reading: Reading = {};
  for (const [name, key] of Object.entries(DECODED_NAMES)) {
    const value = Number(uplink.decodedPayload?.[name]);
    if (uplink.decodedPayload?.[name] !== undefined && Number.isFinite(value)) (reading as any)[key] = value;
  }
  return reading;
}

export class UplinkIngester {
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** Batches being stored now; a few run at once (each on its own connection). */
  private inFlight = new Set<Promise<void>>();
  private waiting: Pending[][] = [];

  constructor(
    private pool: pg.Pool,
    private options: { maxBatch: number; maxWaitMs: number; parallel: number } = { maxBatch: 250, maxWaitMs: 5, parallel: 3 },
  ) {}

  submit(uplink: Uplink): Promise<IngestStatus> {
    return new Promise((resolve, reject) => {
      this.queue.push({ uplink, resolve, reject });
      if (this.queue.length >= this.options.maxBatch) this.flushSoon(0);
      else this.flushSoon(this.options.maxWaitMs);
    });
  }

  private flushSoon(delay: number) {
    if (this.timer && delay > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      const batch = this.queue.splice(0, this.options.maxBatch);
      if (this.queue.length) this.flushSoon(this.options.maxWaitMs);
      this.waiting.push(batch);
      this.pump();
    }, delay);
  }

  /** Starts waiting batches while fewer than `parallel` are being stored. */
  private pump() {
    while (this.inFlight.size < this.options.parallel && this.waiting.length) {
      const batch = this.waiting.shift()!;
      const running: Promise<void> = this.store(batch).finally(() => {
        this.inFlight.delete(running);
        this.pump();
      });
      this.inFlight.add(running);
    }
  }

  private async store(batch: Pending[]): Promise<void> {
    if (batch.length === 0) return;
    try {
      const statuses = await this.storeInOneTransaction(batch.map((p) => p.uplink));
      batch.forEach((p, i) => p.resolve(statuses[i]));
    } catch (error) {
      if (batch.length === 1) {
        batch[0].reject(error);
        return;
      }
      // One bad uplink must not fail the others: retry each on its own.
      for (const p of batch) {
        try {
          p.resolve((await this.storeInOneTransaction([p.uplink]))[0]);
        } catch (e) {
          p.reject(e);
        }
      }
    }
  }

  private async storeInOneTransaction(uplinks: Uplink[]): Promise<IngestStatus[]> {
    // Concurrent batches take row locks in the same (device id) order, so they cannot deadlock.
    const order = uplinks.map((u, i) => i).sort((a, b) => (uplinks[a].deviceId < uplinks[b].deviceId ? -1 : uplinks[a].deviceId > uplinks[b].deviceId ? 1 : a - b));
    const statuses = await this.storeSorted(order.map((i) => uplinks[i]));
    const result: IngestStatus[] = new Array(uplinks.length);
    order.forEach((original, sortedIndex) => (result[original] = statuses[sortedIndex]));
    return result;
  }

  private async storeSorted(uplinks: Uplink[]): Promise<IngestStatus[]> {
    const client = await this.pool.connect();
    try {
      await client.query("begin");
      const ids = [...new Set(uplinks.map((u) => u.deviceId))];
      const { rows } = await client.query<{ device_id: string; model: DeviceModel }>(
        "select device_id, model from app_public.devices where device_id = any($1)",
        [ids],
      );
      const models = new Map(rows.map((r) => [r.device_id, r.model]));
      const statuses: IngestStatus[] = [];
      for (const uplink of uplinks) {
        const model = models.get(uplink.deviceId);
        if (!model) {
          statuses.push("unknown_device");
          continue;
        }
        let reading: Reading;
        try {
          reading = readingFrom(model, uplink);
        } catch (e) {
          if (e instanceof PayloadError) {
            statuses.push("bad_payload");
            continue;
          }
          throw e;
        }
        const values = { ...reading, rssi: uplink.rssi, snr: uplink.snr, fPort: uplink.fPort };
        const result = await client.query<{ status: IngestStatus }>(
          "select app_private.ingest_uplink($1, $2, $3, $4) as status",
          [uplink.deviceId, uplink.receivedAt.toISOString(), uplink.fCnt, JSON.stringify(values)],
        );
        statuses.push(result.rows[0].status);
      }
      await client.query("commit");
      return statuses;
    } catch (e) {
      await client.query("rollback").catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }

  /** Waits for queued uplinks to be stored (used on shutdown). */
  async drain(): Promise<void> {
    while (this.queue.length || this.timer) {
      await new Promise((r) => setTimeout(r, this.options.maxWaitMs + 1));
    }
    while (this.inFlight.size || this.waiting.length) await Promise.all([...this.inFlight]);
  }
}
