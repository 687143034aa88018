// The server's settings: its slice of the one settings table (domain/config/settings.ts: every
// variable's kind, default and description; .env.example documents each), read once per
// loadConfig. A wrong value throws a ConfigError listing every wrong one; scripts/start.ts and
// server/main.ts then stop with that message before listening. A local .env file is loaded when
// present.
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { namesOf, readSettings } from "../domain/config/read.ts";
import type { Settings } from "../domain/config/settings.ts";
import { KNOWN_LICENCE_URLS } from "../domain/config/licences.ts";
import type { QueryLimits } from "./graphql/query-limits.ts";
import type { TrustProxy } from "./client-address.ts";
import type { DocumentLimits } from "./graphql/document-limits.ts";
import type { StorageKind } from "./storage/store.ts";
import type { S3Settings } from "./storage/s3.ts";
import { readUnsubscribeSecret, readVapidKeys } from "../domain/notice-keys.ts";

export { KNOWN_LICENCE_URLS } from "../domain/config/licences.ts";

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

if (fs.existsSync(path.join(rootDir, ".env"))) process.loadEnvFile(path.join(rootDir, ".env"));

export type PgAdaptorName = Settings["PG_ADAPTOR"];

/** Data kept by a local installation: the embedded database, the outbox, uploads, secrets. */
export const dataDir = path.resolve(rootDir, process.env.DATA_DIR?.trim() || ".data");

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

export const S3_SETTINGS = [
  "S3_BUCKET",
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
  "S3_PREFIX",
] as const;

/** S3_*: the bucket of STORAGE=s3 (server/storage/s3.ts). */
export function s3Settings(s: Pick<Settings, (typeof S3_SETTINGS)[number]>): S3Settings {
  return {
    bucket: s.S3_BUCKET,
    endpoint: s.S3_ENDPOINT,
    region: s.S3_REGION,
    accessKeyId: s.S3_ACCESS_KEY_ID,
    secretAccessKey: s.S3_SECRET_ACCESS_KEY,
    forcePathStyle: s.S3_FORCE_PATH_STYLE,
    prefix: s.S3_PREFIX,
  };
}

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
 * KNOWN_LICENCE_URLS needs OPEN_DATA_LICENCE_URL (a licence link must lead somewhere).
 */
export function readOpenDataLicence(env: NodeJS.ProcessEnv): OpenDataLicence {
  return openDataLicence(readSettings(env, ["OPEN_DATA_LICENCE", "OPEN_DATA_LICENCE_URL", "OPEN_DATA_ATTRIBUTION"]));
}

function openDataLicence(s: Pick<Settings, "OPEN_DATA_LICENCE" | "OPEN_DATA_LICENCE_URL" | "OPEN_DATA_ATTRIBUTION">): OpenDataLicence {
  return {
    id: s.OPEN_DATA_LICENCE,
    url: s.OPEN_DATA_LICENCE_URL || KNOWN_LICENCE_URLS[s.OPEN_DATA_LICENCE],
    attribution: s.OPEN_DATA_ATTRIBUTION,
  };
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
  // A secret passed by the caller (tests, scripts) counts as set, in production too.
  const env = overrides.jwtSecret ? { ...process.env, JWT_SECRET: overrides.jwtSecret } : process.env;
  const s = readSettings(env, namesOf("server"));
  const databaseUrl = overrides.databaseUrl ?? s.DATABASE_URL ?? "";
  return {
    port: s.PORT,
    host: s.HOST,
    trustProxy: s.TRUST_PROXY,
    databaseUrl,
    authDatabaseUrl: s.AUTH_DATABASE_URL || databaseUrl,
    apiPoolSize: s.API_POOL_SIZE,
    readDatabaseUrl: s.READ_DATABASE_URL || null,
    apiStatementTimeoutMs: s.API_STATEMENT_TIMEOUT_MS,
    webhookStatementTimeoutMs: s.WEBHOOK_STATEMENT_TIMEOUT_MS,
    // Production has one (the schema refuses to start without); a local installation keeps a
    // generated one under the data folder so sessions survive restarts.
    jwtSecret: overrides.jwtSecret ?? localSecret(s.JWT_SECRET, "jwt-secret"),
    jwtAudience: s.JWT_AUDIENCE,
    jwtIssuer: s.JWT_ISSUER,
    publicUrl: s.PUBLIC_URL,
    brandHosts: s.BRAND_HOSTS.join(","),
    graphqlUrl: s.GRAPHQL_URL,
    graphqlWsUrl: s.GRAPHQL_WS_URL,
    nearestMaxKm: s.NEAREST_MAX_KM,
    graphiql: s.GRAPHIQL,
    introspection: s.INTROSPECTION,
    queryLimits: {
      maxDepth: s.QUERY_MAX_DEPTH,
      maxCost: s.QUERY_MAX_COST,
      maxFields: s.QUERY_MAX_FIELDS,
      maxAliases: s.QUERY_MAX_ALIASES,
      defaultListSize: s.QUERY_DEFAULT_LIST_SIZE,
    },
    documentLimits: {
      maxBodyBytes: s.GRAPHQL_MAX_BODY_BYTES,
      maxBytes: s.QUERY_MAX_BYTES,
      maxTokens: s.QUERY_MAX_TOKENS,
      maxNesting: s.QUERY_MAX_NESTING,
      maxDirectives: s.QUERY_MAX_DIRECTIVES,
      maxRootFields: s.QUERY_MAX_ROOT_FIELDS,
      cacheMaxBytes: s.QUERY_CACHE_MAX_BYTES,
    },
    refusedDocumentsPerMinute: s.GRAPHQL_REFUSALS_PER_MINUTE,
    exportSchema: s.EXPORT_SCHEMA,
    runWorker: s.RUN_WORKER,
    webDistDir: path.join(rootDir, "dist/web"),
    rateLimits: s.RATE_LIMITS,
    pgAdaptor: s.PG_ADAPTOR,
    mapTileHosts: s.MAP_TILE_HOSTS,
    // Production may leave it unset (the webhook then answers 503); a local installation gets one
    // in the data folder, which `npm run simulate` uses too.
    ttnWebhookSecret:
      overrides.ttnWebhookSecret ??
      (s.NODE_ENV === "production" ? (s.TTN_WEBHOOK_SECRET ?? "") : localSecret(s.TTN_WEBHOOK_SECRET, "ttn-webhook-secret")),
    dataDir,
    storage: s.STORAGE,
    s3: s3Settings(s),
    uploadMaxBytes: s.UPLOAD_MAX_BYTES,
    uploadMaxFiles: s.UPLOAD_MAX_FILES,
    uploadsPerHour: s.UPLOADS_PER_HOUR,
    eaApiUrl: s.EA_API_URL,
    openMeteoUrl: s.OPEN_METEO_URL,
    environmentTimeoutMs: s.ENVIRONMENT_TIMEOUT_MS,
    rainfallCacheMinutes: s.RAINFALL_CACHE_MINUTES,
    weatherCacheMinutes: s.WEATHER_CACHE_MINUTES,
    openDataLicence: openDataLicence(s),
    vapidPublicKey: overrides.vapidPublicKey ?? readVapidKeys(env, dataDir).publicKey,
    unsubscribeSecret: overrides.unsubscribeSecret ?? readUnsubscribeSecret(env, dataDir),
    ...overrides,
  };
}
