// Every setting the server and worker read from the environment, in one place (.env.example
// documents each). A local .env file is loaded when present.
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { loggerSettings } from "../domain/logger.ts";
import { readEnvironmentSettings } from "../domain/environment/settings.ts";
import { DEFAULT_QUERY_LIMITS, type QueryLimits } from "./graphql/query-limits.ts";
import { parseTrustProxy, type TrustProxy } from "./client-address.ts";
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from "./graphql/document-limits.ts";
import { STORAGE_KINDS, type StorageKind } from "./storage/store.ts";
import type { S3Settings } from "./storage/s3.ts";
import { readUnsubscribeSecret, readVapidKeys } from "../domain/notice-keys.ts";

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

if (fs.existsSync(path.join(rootDir, ".env"))) process.loadEnvFile(path.join(rootDir, ".env"));

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  return /^(1|true|yes|on)$/i.test(value);
}

/** A count where 0 means "off". */
function wholeNumber(value: string | undefined, fallback: number): number {
  if (!value) return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

function positiveInt(value: string | undefined, fallback: number): number {
  if (!value) return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export type PgAdaptorName = "one-trip" | "postgraphile";

/** PG_ADAPTOR: unset means one-trip; anything but the two names stops the start (a typo must not silently pick one). */
export function parsePgAdaptor(value: string | undefined): PgAdaptorName {
  if (value === undefined || value === "" || value === "one-trip") return "one-trip";
  if (value === "postgraphile") return "postgraphile";
  throw new Error(`PG_ADAPTOR must be "one-trip" or "postgraphile", not "${value}"`);
}

/** Data kept by a local installation: the embedded database, the outbox, uploads, secrets. */
export const dataDir = path.resolve(rootDir, process.env.DATA_DIR || ".data");

/**
 * The token-signing secret. Production sets JWT_SECRET; a local installation keeps a generated one
 * under the data folder so sessions survive restarts.
 */
/** A secret from the environment, or one generated once into the data folder (local use). */
export function localSecret(envValue: string | undefined, fileName: string): string {
  if (envValue) return envValue;
  const file = path.join(dataDir, fileName);
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Shortest JWT_SECRET accepted: HS256 wants a key of at least 256 bits. */
export const MIN_JWT_SECRET_LENGTH = 32;
/** Shortest TTN_WEBHOOK_SECRET accepted in production. */
export const MIN_WEBHOOK_SECRET_LENGTH = 16;

/**
 * JWT_SECRET, required in production: a secret generated per data folder differs between
 * instances, so a token signed by one would be refused by the next. Elsewhere a local one is kept
 * under the data folder so `npm start` needs no setup.
 */
function readJwtSecret(env: NodeJS.ProcessEnv): string {
  const secret = env.JWT_SECRET ?? "";
  if (!secret && env.NODE_ENV === "production") {
    throw new Error(`JWT_SECRET must be set in production (NODE_ENV=production): every server instance signs and checks session tokens with it. Generate one with: openssl rand -base64 48`);
  }
  if (secret && secret.length < MIN_JWT_SECRET_LENGTH) {
    throw new Error(`JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters (it has ${secret.length}). Generate one with: openssl rand -base64 48`);
  }
  return localSecret(secret, "jwt-secret");
}

/** TTN_WEBHOOK_SECRET: optional in production (the webhook then answers 503), long enough when set. */
function readTtnWebhookSecret(env: NodeJS.ProcessEnv): string {
  if (env.NODE_ENV !== "production") return localSecret(env.TTN_WEBHOOK_SECRET, "ttn-webhook-secret");
  const secret = env.TTN_WEBHOOK_SECRET ?? "";
  if (secret && secret.length < MIN_WEBHOOK_SECRET_LENGTH) {
    throw new Error(`TTN_WEBHOOK_SECRET must be at least ${MIN_WEBHOOK_SECRET_LENGTH} characters (it has ${secret.length}). Generate one with: openssl rand -hex 24`);
  }
  return secret;
}

/** Milliseconds, 0 meaning off; anything else is refused by name. */
function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number of milliseconds (0: no limit), got "${raw}"`);
  return n;
}

/** Largest radius nearestThing/nearestDevice accept (app_hidden.nearest_radius_metres: 1 m to 50 km). */
export const NEAREST_MAX_KM_LIMIT = 50;

/** NEAREST_MAX_KM: kilometres, default 20; anything outside 0.001 to 50 is refused by name. */
export function nearestMaxKm(raw: string | undefined): number {
  const value = raw?.trim();
  if (!value) return 20;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0.001 || n > NEAREST_MAX_KM_LIMIT) {
    throw new Error(`NEAREST_MAX_KM must be a number of kilometres from 0.001 to ${NEAREST_MAX_KM_LIMIT}, got "${value}"`);
  }
  return n;
}

/** STORAGE: where pictures and pending uploads live (local, the default; postgres; s3). */
export function storageKind(raw: string | undefined): StorageKind {
  const value = (raw ?? "").trim().toLowerCase() || "local";
  if (!(STORAGE_KINDS as readonly string[]).includes(value)) {
    throw new Error(`STORAGE must be one of ${STORAGE_KINDS.join(", ")}, got "${raw}"`);
  }
  return value as StorageKind;
}

/** S3_*: the bucket of STORAGE=s3 (server/storage/s3.ts). */
export function s3Settings(env: NodeJS.ProcessEnv): S3Settings {
  const prefix = (env.S3_PREFIX ?? "").trim().replace(/^\/+|\/+$/g, "");
  return {
    bucket: env.S3_BUCKET?.trim() ?? "",
    endpoint: env.S3_ENDPOINT?.trim() ?? "",
    region: env.S3_REGION?.trim() || "us-east-1",
    accessKeyId: env.S3_ACCESS_KEY_ID ?? "",
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "",
    forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, false),
    prefix: prefix ? `${prefix}/` : "",
  };
}

/** Known open-data licences (SPDX identifiers) and the pages that state them. */
export const KNOWN_LICENCE_URLS: Record<string, string> = {
  "CC-BY-4.0": "https://creativecommons.org/licenses/by/4.0/",
  "CC-BY-SA-4.0": "https://creativecommons.org/licenses/by-sa/4.0/",
  "CC0-1.0": "https://creativecommons.org/publicdomain/zero/1.0/",
  "ODbL-1.0": "https://opendatacommons.org/licenses/odbl/1-0/",
  "ODC-By-1.0": "https://opendatacommons.org/licenses/by/1-0/",
  "PDDL-1.0": "https://opendatacommons.org/licenses/pddl/1-0/",
  "OGL-UK-3.0": "https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/",
};

export interface OpenDataLicence {
  /** OPEN_DATA_LICENCE: an SPDX identifier or a short name (default CC-BY-4.0). */
  id: string;
  /** OPEN_DATA_LICENCE_URL: the licence's text; known SPDX identifiers have one by default. */
  url: string;
  /** OPEN_DATA_ATTRIBUTION: the credit reusers must give (default "© Steward contributors"). */
  attribution: string;
}

/**
 * The licence the open data (OGC API Features, /export) is published under. An identifier not in
 * KNOWN_LICENCE_URLS needs OPEN_DATA_LICENCE_URL (a licence link must lead somewhere); the URL
 * must be http(s).
 */
export function readOpenDataLicence(env: NodeJS.ProcessEnv): OpenDataLicence {
  const id = env.OPEN_DATA_LICENCE?.trim() || "CC-BY-4.0";
  const url = env.OPEN_DATA_LICENCE_URL?.trim() || KNOWN_LICENCE_URLS[id] || "";
  if (!url) {
    throw new Error(`OPEN_DATA_LICENCE_URL must be set for the licence "${id}" (known without it: ${Object.keys(KNOWN_LICENCE_URLS).join(", ")})`);
  }
  // Both go into HTTP Link headers: printable ASCII only, no quotes or angle brackets.
  if (!/^https?:\/\/[\x21-\x7e]+$/.test(url) || /[<>"]/.test(url)) throw new Error(`OPEN_DATA_LICENCE_URL must be an http(s) address (ASCII, no <>"), got "${url}"`);
  if (!/^[\x20-\x7e]+$/.test(id) || id.includes('"')) throw new Error(`OPEN_DATA_LICENCE must be printable ASCII without quotes (an SPDX identifier such as CC-BY-4.0), got "${id}"`);
  const attribution = env.OPEN_DATA_ATTRIBUTION?.trim() || "© Steward contributors";
  if (/[\r\n]/.test(attribution)) throw new Error("OPEN_DATA_ATTRIBUTION must be one line");
  return { id, url, attribution };
}

export interface ServerConfig {
  port: number;
  /** Interface to listen on (HOST; 127.0.0.1 unless set: the container sets 0.0.0.0). */
  host: string;
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY; off by default; server/client-address.ts). */
  trustProxy: TrustProxy;
  /** Owner connection: migrations, worker, pub/sub. */
  databaseUrl: string;
  /** Connection the API uses; it switches to the web roles per request. */
  authDatabaseUrl: string;
  /** Connections the API keeps open on authDatabaseUrl (API_POOL_SIZE, 6); subscriptions listen on a connection of their own on databaseUrl. */
  apiPoolSize: number;
  /**
   * A streaming replica for the replica-safe reads, logging in as the authenticator like
   * authDatabaseUrl (READ_DATABASE_URL; null: every read on the primary). docs/scaling.md.
   */
  readDatabaseUrl: string | null;
  /** statement_timeout of the API's connections, ms (API_STATEMENT_TIMEOUT_MS, 10 s; 0: none). */
  apiStatementTimeoutMs: number;
  /** statement_timeout of the webhook's connections, ms (WEBHOOK_STATEMENT_TIMEOUT_MS, 10 s; 0: none). */
  webhookStatementTimeoutMs: number;
  jwtSecret: string;
  jwtAudience: string;
  jwtIssuer: string;
  publicUrl: string;
  /** Extra host names served with the bee branding, comma-separated. */
  brandHosts: string;
  graphqlUrl: string;
  graphqlWsUrl: string;
  /** Radius of "nearest" (/things/nearest), km (NEAREST_MAX_KM, default 20, 0.001 to 50): sent to the SPA by /config.js. */
  nearestMaxKm: number;
  graphiql: boolean;
  /** Answer `__schema`/`__type` (INTROSPECTION; default on except in production). GraphiQL needs it. */
  introspection: boolean;
  /** Depth, cost, field and alias limits of one GraphQL operation (QUERY_MAX_*; server/graphql/query-limits.ts). */
  queryLimits: QueryLimits;
  /** Body, document, token, nesting, directive and root-field limits, checked before parsing and validation, and the parse cache's bytes (GRAPHQL_MAX_BODY_BYTES, QUERY_MAX_*; server/graphql/document-limits.ts). */
  documentLimits: DocumentLimits;
  /** Refused GraphQL documents one address may send a minute before new ones get 429; 0 = no budget (GRAPHQL_REFUSALS_PER_MINUTE; server/graphql/refusal-budget.ts). */
  refusedDocumentsPerMinute: number;
  exportSchema: boolean;
  runWorker: boolean;
  webDistDir: string;
  /** Per-address limits on sign-in, sign-up, resets and invitations (RATE_LIMITS, default on). */
  rateLimits: boolean;
  /** How reads reach PostgreSQL (PG_ADAPTOR): ours in one round trip, or PostGraphile's own (server/graphql/one-trip-adaptor.ts). */
  pgAdaptor: PgAdaptorName;
  /** Hosts the map may load tiles from (MAP_TILE_HOSTS), for the content security policy. */
  mapTileHosts: string[];
  /** Shared secret The Things Stack sends with each uplink (Authorization: Bearer ...). */
  ttnWebhookSecret: string;
  /** Local data folder (DATA_DIR): pending uploads and processed images live under it with STORAGE=local. */
  dataDir: string;
  /** Where pictures and pending uploads are kept (STORAGE: local, postgres or s3; server/storage). */
  storage: StorageKind;
  /** The bucket when storage is s3 (S3_*). */
  s3: S3Settings;
  /** Largest image accepted by POST /uploads, in bytes (UPLOAD_MAX_BYTES, default 10 MB). */
  uploadMaxBytes: number;
  /** Images per POST /uploads request (UPLOAD_MAX_FILES, default 5). */
  uploadMaxFiles: number;
  /** Images one user may upload per hour (UPLOADS_PER_HOUR, default 60). */
  uploadsPerHour: number;
  /** Environment Agency flood-monitoring API root (EA_API_URL); "" = off, answers from the cache only. */
  eaApiUrl: string;
  /** Open-Meteo root (OPEN_METEO_URL); "" = off, answers from the cache only. */
  openMeteoUrl: string;
  /** Timeout of one request to either source, ms (ENVIRONMENT_TIMEOUT_MS, default 10000). */
  environmentTimeoutMs: number;
  /** The VAPID public key browsers subscribe to push with (VAPID_PUBLIC_KEY, else DATA_DIR/vapid-keys.json): sent to the SPA by /config.js. */
  vapidPublicKey: string;
  /** Checks one-click unsubscribe links (UNSUBSCRIBE_SECRET, else DATA_DIR/unsubscribe-secret; the worker signs them). */
  unsubscribeSecret: string;
  /** Rainfall answers are reused this long before asking the EA again (RAINFALL_CACHE_MINUTES, default 15). */
  rainfallCacheMinutes: number;
  /** Forecasts are reused this long before asking Open-Meteo again (WEATHER_CACHE_MINUTES, default 60). */
  weatherCacheMinutes: number;
  /** Licence and attribution of the open data: OGC API Features and /export (OPEN_DATA_LICENCE, OPEN_DATA_LICENCE_URL, OPEN_DATA_ATTRIBUTION). */
  openDataLicence: OpenDataLicence;
}

export function loadConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const env = process.env;
  const databaseUrl = overrides.databaseUrl ?? env.DATABASE_URL ?? "";
  const port = Number(env.PORT || 3000);
  const environment = readEnvironmentSettings(env);
  // LOG_LEVEL and LOG_FORMAT: a wrong value stops the start with its message, like the rest.
  loggerSettings(env);
  return {
    port,
    host: env.HOST || "127.0.0.1",
    trustProxy: overrides.trustProxy ?? parseTrustProxy(env.TRUST_PROXY),
    databaseUrl,
    authDatabaseUrl: env.AUTH_DATABASE_URL || databaseUrl,
    apiPoolSize: positiveInt(env.API_POOL_SIZE, 6),
    readDatabaseUrl: env.READ_DATABASE_URL || null,
    apiStatementTimeoutMs: milliseconds(env, "API_STATEMENT_TIMEOUT_MS", 10_000),
    webhookStatementTimeoutMs: milliseconds(env, "WEBHOOK_STATEMENT_TIMEOUT_MS", 10_000),
    jwtSecret: overrides.jwtSecret ?? readJwtSecret(env),
    jwtAudience: env.JWT_AUDIENCE || "steward",
    jwtIssuer: env.JWT_ISSUER || "steward",
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ""),
    brandHosts: env.BRAND_HOSTS || "",
    graphqlUrl: env.GRAPHQL_URL || "",
    graphqlWsUrl: env.GRAPHQL_WS_URL || "",
    nearestMaxKm: nearestMaxKm(env.NEAREST_MAX_KM),
    graphiql: bool(env.GRAPHIQL, env.NODE_ENV !== "production"),
    introspection: bool(env.INTROSPECTION, env.NODE_ENV !== "production"),
    queryLimits: {
      maxDepth: positiveInt(env.QUERY_MAX_DEPTH, DEFAULT_QUERY_LIMITS.maxDepth),
      maxCost: positiveInt(env.QUERY_MAX_COST, DEFAULT_QUERY_LIMITS.maxCost),
      maxFields: positiveInt(env.QUERY_MAX_FIELDS, DEFAULT_QUERY_LIMITS.maxFields),
      maxAliases: positiveInt(env.QUERY_MAX_ALIASES, DEFAULT_QUERY_LIMITS.maxAliases),
      defaultListSize: positiveInt(env.QUERY_DEFAULT_LIST_SIZE, DEFAULT_QUERY_LIMITS.defaultListSize),
    },
    documentLimits: {
      maxBodyBytes: positiveInt(env.GRAPHQL_MAX_BODY_BYTES, DEFAULT_DOCUMENT_LIMITS.maxBodyBytes),
      maxBytes: positiveInt(env.QUERY_MAX_BYTES, DEFAULT_DOCUMENT_LIMITS.maxBytes),
      maxTokens: positiveInt(env.QUERY_MAX_TOKENS, DEFAULT_DOCUMENT_LIMITS.maxTokens),
      maxNesting: positiveInt(env.QUERY_MAX_NESTING, DEFAULT_DOCUMENT_LIMITS.maxNesting),
      maxDirectives: positiveInt(env.QUERY_MAX_DIRECTIVES, DEFAULT_DOCUMENT_LIMITS.maxDirectives),
      maxRootFields: positiveInt(env.QUERY_MAX_ROOT_FIELDS, DEFAULT_DOCUMENT_LIMITS.maxRootFields),
      cacheMaxBytes: positiveInt(env.QUERY_CACHE_MAX_BYTES, DEFAULT_DOCUMENT_LIMITS.cacheMaxBytes),
    },
    // Off in the test suites, which send refused documents by the hundred from one address.
    refusedDocumentsPerMinute: wholeNumber(env.GRAPHQL_REFUSALS_PER_MINUTE, env.NODE_ENV === "test" ? 0 : 60),
    exportSchema: bool(env.EXPORT_SCHEMA, env.NODE_ENV !== "production"),
    runWorker: bool(env.RUN_WORKER, true),
    webDistDir: path.join(rootDir, "dist/web"),
    // Test suites sign many users up from one address; they switch limits on where they test them.
    rateLimits: bool(env.RATE_LIMITS, env.NODE_ENV !== "test"),
    pgAdaptor: parsePgAdaptor(env.PG_ADAPTOR),
    mapTileHosts: (env.MAP_TILE_HOSTS ?? "https://tiles.openfreemap.org https://tile.opentopomap.org https://server.arcgisonline.com https://api.maptiler.com")
      .split(/[\s,]+/).filter(Boolean),
    // Production sets it (without it the webhook answers 503); a local installation gets one in
    // the data folder, which `npm run simulate` uses too.
    ttnWebhookSecret: overrides.ttnWebhookSecret ?? readTtnWebhookSecret(env),
    dataDir,
    storage: storageKind(env.STORAGE),
    s3: s3Settings(env),
    uploadMaxBytes: positiveInt(env.UPLOAD_MAX_BYTES, 10 * 1024 * 1024),
    uploadMaxFiles: positiveInt(env.UPLOAD_MAX_FILES, 5),
    uploadsPerHour: positiveInt(env.UPLOADS_PER_HOUR, 60),
    eaApiUrl: environment.eaApiUrl,
    openMeteoUrl: environment.openMeteoUrl,
    environmentTimeoutMs: environment.timeoutMs,
    rainfallCacheMinutes: environment.rainfallCacheMinutes,
    weatherCacheMinutes: environment.weatherCacheMinutes,
    openDataLicence: readOpenDataLicence(env),
    vapidPublicKey: overrides.vapidPublicKey ?? readVapidKeys(env, dataDir).publicKey,
    unsubscribeSecret: overrides.unsubscribeSecret ?? readUnsubscribeSecret(env, dataDir),
    ...overrides,
  };
}
