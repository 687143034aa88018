// A stand-in for a browser's push service (FCM, Mozilla autopush...) on 127.0.0.1, for tests of
// web push (issue 25). It checks what a real one checks and what a browser then does:
//   - the VAPID Authorization header (RFC 8292): "vapid t=<JWT>, k=<public key>", the JWT signed
//     ES256 by that key, its aud the endpoint's origin, its exp within 24 hours, a sub;
//   - the body, encrypted aes128gcm (RFC 8188) for the subscription's keys (RFC 8291), which it
//     decrypts with the subscription's private key and auth secret, as the browser would.
// Each endpoint path can be told to answer a status instead (404 and 410: the subscription is
// gone; 500: try again later).
//
// The subscription's keys are made here too (pushKeys): an ECDH P-256 pair and a 16-byte auth secret.
//
// With { recordAll: true } (the e2e run, where the keys live in another process) it also accepts
// messages for endpoints it has no keys for, keeps them as sent, and lists them at GET /received
// ({ path, headers, body (base64) }[]), for the test to check with checkVapid and decryptPush.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createECDH, createPublicKey, hkdfSync, randomBytes, createDecipheriv, verify, type ECDH } from "node:crypto";

export interface PushKeys {
  ecdh: ECDH;
  /** base64url, as PushSubscription.getKey("p256dh") gives it. */
  p256dh: string;
  /** base64url, as PushSubscription.getKey("auth") gives it. */
  auth: string;
}

export function pushKeys(): PushKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
}

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The decrypted message. */
  text: string;
  /** The VAPID JWT's claims and the key it was signed with (k). */
  vapid: { claims: Record<string, unknown>; publicKey: string };
}

export interface PushServiceStandIn {
  origin: string;
  /** An endpoint on this server, e.g. endpoint("a") = http://127.0.0.1:<port>/push/a */
  endpoint(name: string): string;
  /** The keys of the subscription at an endpoint name (set before a message arrives). */
  keys: Map<string, PushKeys>;
  /** Answer this status for an endpoint name instead of accepting. */
  statuses: Map<string, number>;
  received: ReceivedPush[];
  /** Requests refused because a check failed, with the reason. */
  refused: { path: string; reason: string }[];
  /** recordAll: messages for endpoints without keys, as they came. */
  raw: RawPush[];
  close(): Promise<void>;
}

/** RFC 8291 + RFC 8188 decryption of one aes128gcm body with the subscription's keys. */
export function decryptPush(body: Buffer, keys: PushKeys): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (idlen !== 65 || asPublic[0] !== 4) throw new Error(`keyid must be the sender's uncompressed P-256 key (65 bytes), got ${idlen}`);
  if (record.length > rs) throw new Error(`one record expected (rs ${rs}, ${record.length} bytes)`);
  const uaPublic = keys.ecdh.getPublicKey();
  const ecdhSecret = keys.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, Buffer.from(keys.auth, "base64url"), keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // data || 0x02 (the last record's delimiter) || zero padding
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("the last record's delimiter (0x02) is missing");
  return padded.subarray(0, end).toString("utf8");
}

/** Checks "vapid t=<JWT>, k=<key>" for an endpoint origin; returns the claims and key, or throws why not. */
export function checkVapid(authorization: string | undefined, origin: string): ReceivedPush["vapid"] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`Authorization is not "vapid t=..., k=...": ${authorization}`);
  const [, jwt, k] = match;
  const [h, c, s] = jwt.split(".");
  const header = JSON.parse(Buffer.from(h, "base64url").toString());
  if (header.alg !== "ES256") throw new Error(`JWT alg must be ES256, got ${header.alg}`);
  const point = Buffer.from(k, "base64url");
  if (point.length !== 65 || point[0] !== 4) throw new Error("k must be an uncompressed P-256 point");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") },
    format: "jwk",
  });
  const ok = verify("sha256", Buffer.from(`${h}.${c}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(s, "base64url"));
  if (!ok) throw new Error("the JWT's signature does not verify with k");
  const claims = JSON.parse(Buffer.from(c, "base64url").toString()) as Record<string, unknown>;
  if (claims.aud !== origin) throw new Error(`aud must be the endpoint's origin ${origin}, got ${String(claims.aud)}`);
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== "number" || claims.exp <= now || claims.exp > now + 24 * 3600)
    throw new Error(`exp must be within 24 hours, got ${String(claims.exp)}`);
  if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub))
    throw new Error(`sub must be a mailto: or https: contact, got ${String(claims.sub)}`);
  return { claims, publicKey: k };
}

export interface RawPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** base64 */
  body: string;
}

export async function startPushService(options: { recordAll?: boolean } = {}): Promise<PushServiceStandIn> {
  const raw: RawPush[] = [];
  const keys = new Map<string, PushKeys>();
  const statuses = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: { path: string; reason: string }[] = [];
  let origin = "";
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      const name = path.replace(/^\/push\//, "");
      const refuse = (status: number, reason: string) => {
        refused.push({ path, reason });
        res.writeHead(status, { "content-type": "text/plain" }).end(reason);
      };
      if (req.method === "GET" && path === "/received") {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(raw));
        return;
      }
      if (req.method !== "POST" || !path.startsWith("/push/")) return refuse(404, "no such endpoint");
      const status = statuses.get(name);
      if (status) {
        res.writeHead(status).end();
        return;
      }
      const subscription = keys.get(name);
      if (!subscription && options.recordAll) {
        raw.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString("base64") });
        res.writeHead(201).end();
        return;
      }
      if (!subscription) return refuse(404, "unknown subscription");
      try {
        if (req.headers["content-encoding"] !== "aes128gcm")
          throw new Error(`Content-Encoding must be aes128gcm, got ${req.headers["content-encoding"]}`);
        if (!/^\d+$/.test(String(req.headers.ttl ?? ""))) throw new Error("TTL header missing");
        const vapid = checkVapid(req.headers.authorization, origin);
        const text = decryptPush(Buffer.concat(chunks), subscription);
        received.push({ path, headers: req.headers, text, vapid });
        res.writeHead(201, { location: `${origin}/message/${received.length}` }).end();
      } catch (error) {
        refuse(400, (error as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    endpoint: (name) => `${origin}/push/${name}`,
    keys,
    statuses,
    received,
    refused,
    raw,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
