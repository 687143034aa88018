// POST /webhooks/ttn: uplinks from The Things Stack. Authenticated by the secret configured as a
// custom header on the webhook (Authorization: Bearer <TTN_WEBHOOK_SECRET>), compared in
// constant time. 2xx only once the uplink is stored, so anything else is retried upstream.
import express, { type Router } from "express";
import { createHash, timingSafeEqual } from "node:crypto";
import type pg from "pg";
import { parseUplink, UplinkError, type Uplink } from "../devices/ttn-uplink.ts";
import { UplinkIngester } from "../devices/ingester.ts";
import { componentLogger } from "../../domain/logger.ts";

const log = componentLogger("webhooks/ttn");

/** The earliest reading time accepted; anything before is a broken clock or a forged body. */
const EARLIEST_UPLINK = Date.UTC(2000, 0, 1);
const DAY_MS = 24 * 3600 * 1000;
const INT4_MAX = 2_147_483_647;

/**
 * Ranges the store can hold, checked before anything is queued: a value out of them is the
 * sender's mistake (400, not retried), not a failure to store (503, retried by The Things Stack
 * for ever). The frame counter is an int4 column; a time far in the future would make a partition
 * for it, or overflow the timestamp.
 */
export function uplinkRangeError(uplink: Uplink): string | null {
  const time = uplink.receivedAt.getTime();
  if (time < EARLIEST_UPLINK || time > Date.now() + DAY_MS) return "received_at must be a time between the year 2000 and now";
  if (!Number.isInteger(uplink.fCnt) || uplink.fCnt < 0 || uplink.fCnt > INT4_MAX) {
    return `uplink_message.f_cnt must be a whole number from 0 to ${INT4_MAX}`;
  }
  if (!Number.isInteger(uplink.fPort) || uplink.fPort < 0 || uplink.fPort > 255)
    return "uplink_message.f_port must be a whole number from 0 to 255";
  return null;
}

/**
 * Where in the body a text holds the NUL character (U+0000), or null. PostgreSQL's text and jsonb
 * cannot hold it, so such a body could only fail to store (a 503, retried for ever): it is the
 * sender's mistake and answered 400 (found by the property test of bad webhook bodies).
 */
export function nulCharacterAt(value: unknown, path = "body"): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulCharacterAt(item, `${path}[${i}]`);
      if (found) return found;
    }
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = key.includes("\u0000") ? `${path}.${key}` : nulCharacterAt(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

function sameSecret(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

export function ttnWebhookRouter(pool: pg.Pool, secret: string): { router: Router; ingester: UplinkIngester } {
  const router = express.Router();
  const ingester = new UplinkIngester(pool);

  router.post("/webhooks/ttn", express.json({ limit: "64kb" }), async (req, res) => {
    if (!secret) {
      res.status(503).json({ error: "The Things Stack webhook is not configured (TTN_WEBHOOK_SECRET)" });
      return;
    }
    const header = req.get("authorization") ?? "";
    const given = /^Bearer\s+(.+)$/i.exec(header)?.[1] ?? req.get("x-webhook-secret") ?? "";
    if (!given || !sameSecret(given, secret)) {
      res.status(401).json({ error: "Missing or wrong webhook secret" });
      return;
    }
    const nul = nulCharacterAt(req.body);
    if (nul) {
      res.status(400).json({ error: `${nul} contains the NUL character (\\u0000), which cannot be stored` });
      return;
    }
    let uplink: Uplink;
    try {
      uplink = parseUplink(req.body);
    } catch (e) {
      if (e instanceof UplinkError) {
        res.status(400).json({ error: e.message });
        return;
      }
      throw e;
    }
    const rangeError = uplinkRangeError(uplink);
    if (rangeError) {
      res.status(400).json({ error: rangeError });
      return;
    }
    try {
      const { status, reason } = await ingester.submit(uplink);
      switch (status) {
        case "stored":
          res.status(201).json({ status });
          return;
        case "duplicate":
          res.status(200).json({ status });
          return;
        case "unknown_device":
          res.status(404).json({ error: `Unknown device ${uplink.deviceId}` });
          return;
        case "rejected":
          // Kept as it came (app_private.rejected_uplinks) but no reading: dated in the future or
          // outside the sensor's ranges. 200, since sending it again would change nothing.
          res.status(200).json({ status, reason });
          return;
        case "bad_payload":
          res.status(422).json({ error: `The payload of ${uplink.deviceId} could not be decoded` });
          return;
      }
    } catch (e) {
      log.error({ err: e instanceof Error ? e.message : e }, "storing failed");
      res.status(503).json({ error: "Could not store the uplink; try again" });
    }
  });

  // Malformed JSON comes here from express.json().
  router.use("/webhooks/ttn", (error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    // body-parser's errors (http-errors) say what went wrong in `type`, `status` and `expose`.
    const err = error as { type?: unknown; status?: unknown; expose?: unknown; message?: unknown } | null | undefined;
    if (err?.type === "entity.parse.failed") {
      res.status(400).json({ error: "The body is not valid JSON" });
      return;
    }
    if (err?.type === "entity.too.large") {
      res.status(413).json({ error: "The body is too large" });
      return;
    }
    if (err?.type === "charset.unsupported" || err?.type === "encoding.unsupported") {
      res.status(415).json({ error: "The body must be JSON in UTF-8" });
      return;
    }
    // Any other complaint of the body parser about the request is the sender's, and says so.
    if (typeof err?.status === "number" && err.status >= 400 && err.status < 500) {
      res.status(err.status).json({ error: err.expose && typeof err.message === "string" ? err.message : "The request could not be read" });
      return;
    }
    next(error);
  });

  return { router, ingester };
}
