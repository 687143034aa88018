// The keys behind push and one-click unsubscribe, which the server and the worker both need
// (issue 25): the VAPID key pair (RFC 8292) push services check our messages against, and the
// HMAC secret that signs unsubscribe links. Each comes from the environment or, when unset, is
// generated once into the data folder (DATA_DIR), like the JWT secret, so `npm start` needs no
// setup. Several instances, or a worker with its own data folder, must be given the same values
// (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT, UNSUBSCRIBE_SECRET).
import fs from "node:fs";
import path from "node:path";
import { createECDH, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url (65 bytes): the browser's applicationServerKey. */
  publicKey: string;
  /** The private scalar, base64url (32 bytes). */
  privateKey: string;
  /** mailto: or https: contact the push service may use (VAPID "sub" claim). */
  subject: string;
}

export const NOTICE_KEY_ENV_VARIABLES = ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT", "UNSUBSCRIBE_SECRET"] as const;

export const VAPID_FILE = "vapid-keys.json";
export const UNSUBSCRIBE_SECRET_FILE = "unsubscribe-secret";
export const DEFAULT_VAPID_SUBJECT = "mailto:admin@localhost";

function nonEmpty(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v ? v : undefined;
}

/**
 * Writes `content` to `file` unless it exists (another process, or the worker beside the server,
 * may be doing the same); returns what is there. The content is written to a file of its own
 * first and then linked into place, so a reader never sees a file half written.
 */
function writeOnce(file: string, content: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  fs.writeFileSync(temp, content, { mode: 0o600 });
  try {
    fs.linkSync(temp, file);
    return content;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return fs.readFileSync(file, "utf8");
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** A P-256 private key as the 32 bytes VAPID wants: ECDH drops leading zero bytes (1 key in 256). */
export function fullPrivateKey(key: Buffer): Buffer {
  return key.length >= 32 ? key : Buffer.concat([Buffer.alloc(32 - key.length), key]);
}

function checkKeyPair(publicKey: string, privateKey: string, where: string): void {
  const pub = Buffer.from(publicKey, "base64url");
  const priv = Buffer.from(privateKey, "base64url");
  if (pub.length !== 65 || pub[0] !== 4) {
    throw new Error(
      `${where}: the VAPID public key must be an uncompressed P-256 point, 65 bytes in base64url (generate a pair with: npx web-push generate-vapid-keys)`,
    );
  }
  if (priv.length !== 32) {
    throw new Error(
      `${where}: the VAPID private key must be 32 bytes in base64url (generate a pair with: npx web-push generate-vapid-keys)`,
    );
  }
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(priv);
  if (!ecdh.getPublicKey().equals(pub)) throw new Error(`${where}: the VAPID public and private keys are not a pair`);
}

function checkSubject(subject: string): string {
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) {
    throw new Error(`VAPID_SUBJECT must be a mailto: address or an https: URL (push services may contact it), got "${subject}"`);
  }
  return subject;
}

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (both or neither; checked), or null when neither is set. */
export function vapidKeysFromEnv(env: NodeJS.ProcessEnv): VapidKeys | null {
  const subject = checkSubject(nonEmpty(env.VAPID_SUBJECT) ?? DEFAULT_VAPID_SUBJECT);
  const publicKey = nonEmpty(env.VAPID_PUBLIC_KEY);
  const privateKey = nonEmpty(env.VAPID_PRIVATE_KEY);
  if (!publicKey && !privateKey) return null;
  if (!publicKey || !privateKey)
    throw new Error("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither: a pair is generated into DATA_DIR)");
  checkKeyPair(publicKey, privateKey, "VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY");
  return { publicKey, privateKey, subject };
}

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (both or neither), else a pair kept in <dataDir>/vapid-keys.json. */
export function readVapidKeys(env: NodeJS.ProcessEnv, dataDir: string): VapidKeys {
  const fromEnv = vapidKeysFromEnv(env);
  if (fromEnv) return fromEnv;
  const subject = checkSubject(nonEmpty(env.VAPID_SUBJECT) ?? DEFAULT_VAPID_SUBJECT);
  const file = path.join(dataDir, VAPID_FILE);
  let stored: string;
  if (fs.existsSync(file)) {
    stored = fs.readFileSync(file, "utf8");
  } else {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    stored = writeOnce(
      file,
      JSON.stringify({
        publicKey: ecdh.getPublicKey().toString("base64url"),
        privateKey: fullPrivateKey(ecdh.getPrivateKey()).toString("base64url"),
      }) + "\n",
    );
  }
  const pair = JSON.parse(stored) as { publicKey: string; privateKey: string };
  checkKeyPair(pair.publicKey, pair.privateKey, file);
  return { publicKey: pair.publicKey, privateKey: pair.privateKey, subject };
}

/** Shortest UNSUBSCRIBE_SECRET accepted (HMAC-SHA256 wants 256 bits). */
export const MIN_UNSUBSCRIBE_SECRET_LENGTH = 32;

/** UNSUBSCRIBE_SECRET (checked), or null when unset. */
export function unsubscribeSecretFromEnv(env: NodeJS.ProcessEnv): string | null {
  const given = nonEmpty(env.UNSUBSCRIBE_SECRET);
  if (!given) return null;
  if (given.length < MIN_UNSUBSCRIBE_SECRET_LENGTH) {
    throw new Error(
      `UNSUBSCRIBE_SECRET must be at least ${MIN_UNSUBSCRIBE_SECRET_LENGTH} characters (it has ${given.length}). Generate one with: openssl rand -base64 48`,
    );
  }
  return given;
}

/** UNSUBSCRIBE_SECRET, else one kept in <dataDir>/unsubscribe-secret. */
export function readUnsubscribeSecret(env: NodeJS.ProcessEnv, dataDir: string): string {
  const given = unsubscribeSecretFromEnv(env);
  if (given) return given;
  const file = path.join(dataDir, UNSUBSCRIBE_SECRET_FILE);
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  return writeOnce(file, randomBytes(48).toString("base64url")).trim();
}

/** The kinds of notice a person can switch per channel (app_public.notice_kind). */
export const UNSUBSCRIBE_KINDS = ["water", "task", "invitation", "group", "device", "digest"] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signature(secret: string, userId: string, kind: string): string {
  return createHmac("sha256", secret).update(`unsubscribe\n${userId}\n${kind}`).digest("base64url");
}

/** The query of a one-click unsubscribe link: u (user), k (kind), s (HMAC-SHA256 of both). */
export function unsubscribeQuery(secret: string, userId: string, kind: UnsubscribeKind): URLSearchParams {
  return new URLSearchParams({ u: userId, k: kind, s: signature(secret, userId, kind) });
}

/** The user and kind a link names when its signature is right; null otherwise. */
export function verifyUnsubscribe(
  secret: string,
  query: { u?: unknown; k?: unknown; s?: unknown },
): { userId: string; kind: UnsubscribeKind } | null {
  const { u, k, s } = query;
  if (typeof u !== "string" || typeof k !== "string" || typeof s !== "string") return null;
  const userId = u.toLowerCase();
  if (!UUID.test(userId) || !(UNSUBSCRIBE_KINDS as readonly string[]).includes(k)) return null;
  const expected = Buffer.from(signature(secret, userId, k));
  const given = Buffer.from(s);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind: k as UnsubscribeKind };
}
