// Stores uplinks in batches: each webhook request waits a few milliseconds for others, then a
// single statement stores them all (architecture.md: one transaction per uplink tops out near
// 1,400/s here; batching lets ingestion keep up with thousands a second), with a few batches in
// flight at once on their own connections. Each request is answered only after its batch
// commits, so The Things Stack retries whatever failed. bench/ingest.ts measures it.
import type pg from "pg";
import { decodeUplink, PayloadError, type DeviceModel, type Reading } from "./decoders.ts";
import type { Uplink } from "./ttn-uplink.ts";

export type IngestStatus = "stored" | "duplicate" | "unknown_device" | "bad_payload" | "rejected";

/** What became of one uplink; a rejected one (kept, but no reading) carries the database's reason. */
export interface IngestOutcome {
  status: IngestStatus;
  reason?: string;
}

/** app_private.ingest_uplinks answers "rejected: <reason>" for an uplink kept without a reading. */
function outcomeOf(status: string): IngestOutcome {
  if (status.startsWith("rejected: ")) return { status: "rejected", reason: status.slice("rejected: ".length) };
  return { status: status as IngestStatus };
}

interface Pending {
  uplink: Uplink;
  resolve(outcome: IngestOutcome): void;
  reject(error: unknown): void;
}

// Names used by the vendor's own TTN payload formatter, for uplinks that arrive decoded only.
const DECODED_NAMES: Record<string, Exclude<keyof Reading, "probeDetected">> = {
  water_SOIL: "water",
  temp_SOIL: "temperature",
  conduct_SOIL: "conductivity",
  PH1_SOIL: "ph",
  BatV: "battery",
  TempC_DS18B20: "probeTemperature",
};

/** A number from the decoded payload (numbers or numeric strings), or undefined. */
function decodedNumber(uplink: Uplink, name: string): number | undefined {
  const raw = uplink.decodedPayload?.[name];
  if (raw === undefined || raw === null || raw === "") return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

function readingFrom(model: DeviceModel, uplink: Uplink): Reading {
  const reading: Reading = {};
  if (uplink.payload.length > 0) Object.assign(reading, decodeUplink(model, uplink.fPort, uplink.payload));
  else {
    for (const [name, key] of Object.entries(DECODED_NAMES)) {
      const value = decodedNumber(uplink, name);
      if (value !== undefined) reading[key] = value;
    }
  }
  // Rainfall is in no Dragino byte layout: it comes from the payload formatter of whatever
  // measures it, alongside the bytes or alone (spec: readings include rainfall). The database
  // refuses an impossible amount (app_private.uplink_problem).
  const rainfall = decodedNumber(uplink, "rainfall");
  if (rainfall !== undefined) reading.rainfall = rainfall;
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

  submit(uplink: Uplink): Promise<IngestOutcome> {
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
      for (const [i, p] of batch.entries()) p.resolve(statuses[i]);
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

  /**
   * Decodes in JavaScript, then stores the whole batch with one call of
   * app_private.ingest_uplinks (one statement, so one transaction): the readings, and each
   * device's and thing's newest values once per batch. The function locks rows in id order, so
   * concurrent batches cannot deadlock.
   */
  private async storeInOneTransaction(uplinks: Uplink[]): Promise<IngestOutcome[]> {
    const ids = [...new Set(uplinks.map((u) => u.deviceId))];
    const { rows } = await this.pool.query<{ device_id: string; model: DeviceModel }>(
      "select device_id, model from app_public.devices where device_id = any($1)",
      [ids],
    );
    const models = new Map(rows.map((r) => [r.device_id, r.model]));
    const statuses: (IngestOutcome | null)[] = [];
    const toStore: { index: number; uplink: Uplink; values: string }[] = [];
    uplinks.forEach((uplink, index) => {
      const model = models.get(uplink.deviceId);
      if (!model) {
        statuses.push({ status: "unknown_device" });
        return;
      }
      try {
        const reading = readingFrom(model, uplink);
        statuses.push(null);
        toStore.push({ index, uplink, values: JSON.stringify({ ...reading, rssi: uplink.rssi, snr: uplink.snr, fPort: uplink.fPort }) });
      } catch (e) {
        if (!(e instanceof PayloadError)) throw e;
        statuses.push({ status: "bad_payload" });
      }
    });
    if (toStore.length === 0) return statuses as IngestOutcome[];
    // The raw payload goes along: an uplink the database rejects is kept as it came.
    const result = await this.pool.query<{ statuses: string[] }>(
      "select app_private.ingest_uplinks($1::text[], $2::timestamptz[], $3::int[], $4::jsonb[], $5::text[]) as statuses",
      [
        toStore.map((s) => s.uplink.deviceId),
        toStore.map((s) => s.uplink.receivedAt.toISOString()),
        toStore.map((s) => s.uplink.fCnt),
        toStore.map((s) => s.values),
        toStore.map((s) => (s.uplink.payload.length > 0 ? s.uplink.payload.toString("base64") : null)),
      ],
    );
    for (const [i, status] of result.rows[0].statuses.entries()) statuses[toStore[i].index] = outcomeOf(status);
    return statuses as IngestOutcome[];
  }

  /** Waits for queued uplinks to be stored (used on shutdown). */
  async drain(): Promise<void> {
    while (this.queue.length || this.timer) {
      await new Promise((r) => setTimeout(r, this.options.maxWaitMs + 1));
    }
    while (this.inFlight.size || this.waiting.length) await Promise.all([...this.inFlight]);
  }
}
