// Every setting of Steward, in one table: its variable, kind (allowed values and bounds), default,
// one line of what it does, and the parts that read it. server/config.ts and worker/config.ts read
// their slice through domain/config/read.ts; a wrong value stops the start with a message naming
// the variable, the value and what is allowed (all wrong values at once). .env.example documents
// each, and domain/config/test/env-example.test.ts holds the two to each other.
//
// Names and defaults are the ones the README, .env.example, docker-compose.yml and .ci/run use:
// change one only together with them.
import path from "node:path";
import { z } from "zod";
import { parseHostList } from "../../shared/branding.ts";
import { setting } from "./define.ts";
import { bool, int, list, num, oneOf, secret, text, url, type Kind } from "./kinds.ts";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy.ts";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export const STORAGE_KINDS = ["local", "postgres", "s3"] as const;
export const PG_ADAPTORS = ["one-trip", "postgraphile"] as const;

/** Shortest JWT_SECRET accepted: HS256 wants a key of at least 256 bits. */
export const MIN_JWT_SECRET_LENGTH = 32;
/** Shortest TTN_WEBHOOK_SECRET accepted in production. */
export const MIN_WEBHOOK_SECRET_LENGTH = 16;
/** Largest radius nearestThing/nearestDevice accept (app_hidden.nearest_radius_metres: 1 m to 50 km). */
export const NEAREST_MAX_KM_LIMIT = 50;

const POSTGRES = ["postgres", "postgresql"];
const WEB = ["http", "https"];

function postgresUrl(): Kind<string> {
  return url(POSTGRES, { example: "postgres://user:pass@127.0.0.1:5432/steward" });
}

/** A source's root URL without a trailing slash, or "off" (also none/false/0): "" = cache only. */
function sourceUrl(example: string): Kind<string> {
  const web = url(WEB, { example, normalise: false });
  return {
    schema: z.union([
      z
        .string()
        .regex(/^(off|none|false|0)$/i)
        .transform(() => ""),
      web.schema.transform((v) => v.replace(/\/+$/, "")),
    ]),
    allowed: `${web.allowed}, or off (cache only)`,
  };
}

/** A GraphQL endpoint for the browser: an absolute URL with one of the protocols, or a path on this origin. */
function endpoint(protocols: string[], example: string): Kind<string> {
  const absolute = url(protocols, { example });
  return { schema: z.union([z.string().regex(/^\/\S*$/), absolute.schema]), allowed: `${absolute.allowed}, or a path such as /graphql` };
}

function trustProxy(): Kind<TrustProxy> {
  return {
    schema: z.string().transform((value, ctx) => {
      try {
        return parseTrustProxy(value);
      } catch (e) {
        // Its own message says more than "must be ..." (why "true" is refused, what express said).
        ctx.addIssue({ code: "custom", message: (e as Error).message, params: { verbatim: true } });
        return z.NEVER;
      }
    }),
    allowed: `a hop count, "loopback", "linklocal", "uniquelocal", or addresses/CIDRs separated by commas`,
  };
}

const notProduction = ({ NODE_ENV }: { NODE_ENV: string }) => NODE_ENV !== "production";

export const SETTINGS = {
  // --- Read first: the defaults of others depend on them -------------------------------------
  NODE_ENV: setting({
    ...oneOf(["development", "production", "test"]),
    default: "development",
    parts: ["server", "worker", "start"],
    description: "production switches on the production defaults (JSON logs, no GraphiQL, required secrets)",
  }),
  PORT: setting({
    ...int(0, 65535),
    default: 3000,
    parts: ["server", "worker", "start"],
    description: "HTTP port of the app and API (the worker's default PUBLIC_URL uses it)",
  }),
  DATA_DIR: setting({
    ...text(),
    default: ".data",
    parts: ["server", "worker", "start"],
    description: "local data folder: embedded database, mail outbox, uploads, generated secrets",
  }),

  // --- Server ---------------------------------------------------------------------------------
  HOST: setting({
    ...text({ oneLine: true }),
    default: "127.0.0.1",
    parts: ["server"],
    description: "interface to listen on (the container sets 0.0.0.0)",
  }),
  TRUST_PROXY: setting({
    ...trustProxy(),
    default: false,
    parts: ["server"],
    description: "proxies whose X-Forwarded-For names the client (off by default)",
  }),
  PUBLIC_URL: setting({
    ...url(WEB, { example: "https://steward.example.org", noQuery: true, normalise: true }),
    default: ({ PORT }) => `http://localhost:${PORT}`,
    parts: ["server", "worker"],
    description: "the address people open the app at, for links in e-mails",
  }),
  DATABASE_URL: setting({
    ...postgresUrl(),
    shown: "url",
    parts: ["server", "worker", "start"],
    description: "owner connection (migrations, worker, pub/sub); unset: npm start's embedded database",
  }),
  PGHOST: setting({
    ...text(),
    parts: ["migrate"],
    description: "libpq's own: the host of a DATABASE_URL that names none (db/migrate.ts)",
  }),
  AUTH_DATABASE_URL: setting({
    ...postgresUrl(),
    shown: "url",
    parts: ["server", "start"],
    description: "connection the API uses (bk_authenticator); unset: DATABASE_URL",
  }),
  API_POOL_SIZE: setting({ ...int(1), default: 6, parts: ["server"], description: "connections the API keeps open on AUTH_DATABASE_URL" }),
  READ_DATABASE_URL: setting({
    ...postgresUrl(),
    shown: "url",
    parts: ["server"],
    description: "a streaming replica for the replica-safe reads; unset: every read on the primary",
  }),
  API_STATEMENT_TIMEOUT_MS: setting({
    ...int(0, undefined, "milliseconds"),
    default: 10_000,
    parts: ["server"],
    description: "statement_timeout of the API's connections",
  }),
  WEBHOOK_STATEMENT_TIMEOUT_MS: setting({
    ...int(0, undefined, "milliseconds"),
    default: 10_000,
    parts: ["server"],
    description: "statement_timeout of the webhook's connections",
  }),
  EMBEDDED_PG_PORT: setting({
    ...int(1, 65535),
    default: 54320,
    parts: ["start"],
    description: "port of the embedded PostgreSQL (only without DATABASE_URL)",
  }),
  RUN_WORKER: setting({
    ...bool(),
    default: true,
    parts: ["server", "start"],
    description: "run the worker beside the server in one process (scripts/start.ts)",
  }),

  // --- Images ---------------------------------------------------------------------------------
  UPLOAD_MAX_BYTES: setting({
    ...int(1, undefined, "bytes"),
    default: 10 * 1024 * 1024,
    parts: ["server"],
    description: "largest image POST /uploads accepts",
  }),
  UPLOAD_MAX_FILES: setting({ ...int(1), default: 5, parts: ["server"], description: "images per POST /uploads request" }),
  UPLOADS_PER_HOUR: setting({ ...int(1), default: 60, parts: ["server"], description: "images one user may upload per hour" }),
  STORAGE: setting({
    ...oneOf(STORAGE_KINDS, { caseInsensitive: true }),
    default: "local",
    parts: ["server"],
    description: "where pictures and pending uploads are kept",
  }),
  S3_BUCKET: setting({ ...text({ oneLine: true }), default: "", parts: ["server"], description: "the bucket of STORAGE=s3" }),
  S3_ENDPOINT: setting({
    ...url(WEB, { example: "http://minio:9000" }),
    default: "",
    parts: ["server"],
    description: "endpoint of anything but AWS S3",
  }),
  S3_REGION: setting({ ...text({ oneLine: true }), default: "us-east-1", parts: ["server"], description: "the bucket's region" }),
  S3_ACCESS_KEY_ID: setting({
    ...text({ oneLine: true }),
    default: "",
    shown: "secret",
    parts: ["server"],
    description: "credentials; unset: the AWS SDK's usual chain",
  }),
  S3_SECRET_ACCESS_KEY: setting({
    ...text({ oneLine: true }),
    default: "",
    shown: "secret",
    parts: ["server"],
    description: "credentials; unset: the AWS SDK's usual chain",
  }),
  S3_FORCE_PATH_STYLE: setting({
    ...bool(),
    default: false,
    parts: ["server"],
    description: "path-style URLs, as MinIO and Ceph usually need",
  }),
  S3_PREFIX: setting({
    schema: z
      .string()
      .transform((v) => v.replace(/^\/+|\/+$/g, ""))
      .transform((v) => (v ? `${v}/` : "")),
    allowed: "a folder name",
    default: "",
    parts: ["server"],
    description: "a folder of the bucket to keep the keys under",
  }),

  // --- Sessions -------------------------------------------------------------------------------
  JWT_SECRET: setting({
    ...secret(MIN_JWT_SECRET_LENGTH, "generate one with: openssl rand -base64 48"),
    shown: "secret",
    parts: ["server"],
    description: "signs session tokens; required in production, else generated into DATA_DIR/jwt-secret",
  }),
  JWT_AUDIENCE: setting({ ...text({ oneLine: true }), default: "steward", parts: ["server"], description: "aud claim of session tokens" }),
  JWT_ISSUER: setting({ ...text({ oneLine: true }), default: "steward", parts: ["server"], description: "iss claim of session tokens" }),

  // --- Web app --------------------------------------------------------------------------------
  BRAND_HOSTS: setting({
    schema: z.string().transform(parseHostList),
    allowed: "host names separated by commas",
    default: [] as string[],
    parts: ["server", "worker"],
    description: "extra host names served with the bee branding",
  }),
  GRAPHQL_URL: setting({
    ...endpoint(WEB, "https://api.example.org/graphql"),
    default: "",
    parts: ["server"],
    description: "GraphQL endpoint the browser uses; empty: this origin's /graphql",
  }),
  GRAPHQL_WS_URL: setting({
    ...endpoint(["ws", "wss", ...WEB], "wss://api.example.org/graphql"),
    default: "",
    parts: ["server"],
    description: "GraphQL websocket endpoint the browser uses; empty: this origin's /graphql",
  }),
  NEAREST_MAX_KM: setting({
    ...num(0.001, NEAREST_MAX_KM_LIMIT, "kilometres"),
    default: 20,
    parts: ["server"],
    description: 'how far "nearest thing" looks',
  }),
  VITE_GRAPHQL_URL: setting({ ...text(), parts: ["build"], description: "GRAPHQL_URL fixed at build time (vite build)" }),
  VITE_GRAPHQL_WS_URL: setting({ ...text(), parts: ["build"], description: "GRAPHQL_WS_URL fixed at build time (vite build)" }),
  GRAPHIQL: setting({
    ...bool(),
    default: notProduction,
    parts: ["server"],
    description: "the GraphiQL explorer at /graphiql (needs INTROSPECTION)",
  }),
  INTROSPECTION: setting({ ...bool(), default: notProduction, parts: ["server"], description: "answer __schema and __type" }),
  EXPORT_SCHEMA: setting({
    ...bool(),
    default: notProduction,
    parts: ["server"],
    description: "write server/schema.graphql when the schema is built",
  }),
  GRAPHILE_ENV: setting({
    ...oneOf(["development", "production"]),
    default: ({ NODE_ENV }) => (NODE_ENV === "production" ? "production" : "development"),
    parts: ["server"],
    description: "Grafast's checks and messages (server/env-defaults.ts sets it from NODE_ENV)",
  }),

  // --- Logs -----------------------------------------------------------------------------------
  LOG_LEVEL: setting({
    ...oneOf(LOG_LEVELS, { caseInsensitive: true }),
    default: "info",
    parts: ["server", "worker", "start"],
    description: "how much the server and worker log",
  }),
  LOG_FORMAT: setting({
    ...oneOf(["json", "pretty"], { caseInsensitive: true }),
    default: ({ NODE_ENV }) => (NODE_ENV === "production" ? "json" : "pretty"),
    parts: ["server", "worker", "start"],
    description: "JSON lines or one readable line per event",
  }),

  // --- Open data ------------------------------------------------------------------------------
  OPEN_DATA_LICENCE: setting({
    schema: z
      .string()
      .regex(/^[\x20-\x7e]+$/)
      .refine((v) => !v.includes('"')),
    allowed: "printable ASCII without quotes (an SPDX identifier such as CC-BY-4.0)",
    default: "CC-BY-4.0",
    parts: ["server"],
    description: "licence of the open data (/ogc, /export)",
  }),
  OPEN_DATA_LICENCE_URL: setting({
    // It goes into HTTP Link headers: printable ASCII only, no quotes or angle brackets.
    schema: z
      .string()
      .regex(/^https?:\/\/[\x21-\x7e]+$/)
      .refine((v) => !/[<>"]/.test(v)),
    allowed: `an http(s) address (ASCII, no <>")`,
    parts: ["server"],
    description: "the licence's text; known SPDX identifiers have one by default",
  }),
  OPEN_DATA_ATTRIBUTION: setting({
    ...text({ oneLine: true }),
    default: "© Steward contributors",
    parts: ["server"],
    description: "the credit reusers must give",
  }),

  // --- Worker and e-mail ----------------------------------------------------------------------
  WORKER_CONCURRENCY: setting({ ...int(1, 100), default: 4, parts: ["worker"], description: "jobs run at once by one worker process" }),
  WORKER_LOCK_GRACE_MS: setting({
    ...int(0, undefined, "milliseconds"),
    default: 60_000,
    parts: ["worker"],
    description: "a dead worker's job is taken back once its lock is this old",
  }),
  WORKER_LOCK_SWEEP_MS: setting({
    ...int(100, undefined, "milliseconds"),
    default: 30_000,
    parts: ["worker"],
    description: "how often a worker looks for dead workers' jobs",
  }),
  // The heaviest jobs (daily_cleanup deleting a day of navigation events, the hourly checks over
  // every thing) take seconds; five minutes stops a runaway statement without cutting them short.
  WORKER_STATEMENT_TIMEOUT_MS: setting({
    ...int(0, undefined, "milliseconds"),
    default: 300_000,
    parts: ["worker"],
    description: "statement_timeout of the jobs' connections",
  }),
  SMTP_URL: setting({
    ...url(["smtp", "smtps"], { example: "smtp://user:pass@mail.example.org:587" }),
    shown: "url",
    parts: ["worker"],
    description: "SMTP server for outgoing mail; unset: the outbox folder",
  }),
  MAIL_FROM: setting({
    ...text({ oneLine: true }),
    default: "no-reply@localhost",
    parts: ["worker"],
    description: "sender address, bare or with a name",
  }),
  MAIL_OUTBOX_DIR: setting({
    ...text(),
    default: ({ DATA_DIR }) => path.join(DATA_DIR, "outbox"),
    parts: ["worker"],
    description: "where the outbox keeps .eml/.json files when SMTP_URL is unset",
  }),

  // --- Push and notice e-mails ----------------------------------------------------------------
  VAPID_PUBLIC_KEY: setting({
    ...text({ oneLine: true }),
    parts: ["server", "worker"],
    description: "VAPID public key (base64url); unset: generated into DATA_DIR",
  }),
  VAPID_PRIVATE_KEY: setting({
    ...text({ oneLine: true }),
    shown: "secret",
    parts: ["server", "worker"],
    description: "VAPID private key (base64url), with the public one",
  }),
  VAPID_SUBJECT: setting({
    schema: z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/),
    allowed: "a mailto: address or an https: URL (push services may contact it)",
    default: "mailto:admin@localhost",
    parts: ["server", "worker"],
    description: "contact the push services may use",
  }),
  UNSUBSCRIBE_SECRET: setting({
    ...secret(32, "generate one with: openssl rand -base64 48"),
    shown: "secret",
    parts: ["server", "worker"],
    description: "signs one-click unsubscribe links; unset: generated into DATA_DIR",
  }),
  PUSH_ENDPOINT_HOSTS: setting({
    ...list(/^((\*\.)?[a-z0-9.-]+|http:\/\/[a-z0-9.-]+(:\d+)?)$/i, "host names, *.domain or http://host:port, separated by commas"),
    default: [
      "fcm.googleapis.com",
      "android.googleapis.com",
      "updates.push.services.mozilla.com",
      "*.push.services.mozilla.com",
      "*.notify.windows.com",
      "web.push.apple.com",
      "*.push.apple.com",
    ],
    parts: ["worker"],
    description: "push services messages may go to (default: the browsers' own)",
  }),
  PUSH_TTL_SECONDS: setting({
    ...int(0, undefined, "seconds"),
    default: 86_400,
    parts: ["worker"],
    description: "how long a push service keeps an undelivered message",
  }),
  NOTICES_PER_DAY: setting({ ...int(1), default: 20, parts: ["worker"], description: "the most notices one person gets in 24 hours" }),

  // --- Demo uplinks and tests: read by their own tools ---------------------------------------
  SIMULATE_URL: setting({ ...text(), parts: ["simulate"], description: "where npm run simulate sends uplinks" }),
  SIMULATE_INTERVAL_MS: setting({ ...text(), parts: ["simulate"], description: "between npm run simulate's rounds" }),
  SIMULATE_ROUNDS: setting({ ...text(), parts: ["simulate"], description: "how many rounds npm run simulate sends" }),
  TEST_DATABASE_URL: setting({ ...text(), parts: ["tests"], description: "server the tests make their throw-away databases on" }),

  // --- The Things Stack -----------------------------------------------------------------------
  TTN_WEBHOOK_SECRET: setting({
    ...text({ oneLine: true }),
    shown: "secret",
    parts: ["server"],
    description: "bearer secret of POST /webhooks/ttn; unset locally: generated into DATA_DIR",
  }),
  TTN_API_URL: setting({
    ...url(WEB, { example: "https://eu1.cloud.thethings.network" }),
    default: "",
    parts: ["worker"],
    description: "cluster the downlinks are pushed through",
  }),
  TTN_APPLICATION_ID: setting({
    ...text({ oneLine: true }),
    default: "",
    parts: ["worker"],
    description: "application the downlinks go through",
  }),
  TTN_WEBHOOK_ID: setting({ ...text({ oneLine: true }), default: "", parts: ["worker"], description: "webhook the downlinks go through" }),
  TTN_API_KEY: setting({
    ...text({ oneLine: true }),
    default: "",
    shown: "secret",
    parts: ["worker"],
    description: "API key allowed to write downlinks",
  }),

  // --- Environmental data ---------------------------------------------------------------------
  EA_API_URL: setting({
    ...sourceUrl("https://environment.data.gov.uk/flood-monitoring"),
    default: "https://environment.data.gov.uk/flood-monitoring",
    parts: ["server", "worker"],
    description: "Environment Agency flood-monitoring API root",
  }),
  OPEN_METEO_URL: setting({
    ...sourceUrl("https://api.open-meteo.com"),
    default: "https://api.open-meteo.com",
    parts: ["server", "worker"],
    description: "Open-Meteo root",
  }),
  ENVIRONMENT_TIMEOUT_MS: setting({
    ...int(1, undefined, "milliseconds"),
    default: 10_000,
    parts: ["server", "worker"],
    description: "timeout of one request to either source",
  }),
  RAINFALL_CACHE_MINUTES: setting({
    ...num(0.001, undefined, "minutes"),
    default: 15,
    parts: ["server", "worker"],
    description: "a rainfall answer is reused this long",
  }),
  WEATHER_CACHE_MINUTES: setting({
    ...num(0.001, undefined, "minutes"),
    default: 60,
    parts: ["server", "worker"],
    description: "a forecast is reused this long",
  }),

  // --- AI chat --------------------------------------------------------------------------------
  LLM_BASE_URL: setting({
    ...url(WEB, { example: "https://api.openai.com/v1", noQuery: true, normalise: true }),
    parts: ["worker"],
    description: "OpenAI-compatible chat API; unset: the rule-based care assistant answers",
  }),
  LLM_API_KEY: setting({
    ...text({ oneLine: true }),
    shown: "secret",
    parts: ["worker"],
    description: "sent as Authorization: Bearer <key>",
  }),
  LLM_MODEL: setting({ ...text({ oneLine: true }), parts: ["worker"], description: "the model to ask (required with LLM_BASE_URL)" }),
  LLM_TIMEOUT_MS: setting({
    ...int(100, undefined, "milliseconds"),
    default: 20_000,
    parts: ["worker"],
    description: "longest wait for one answer",
  }),

  // --- Hardening ------------------------------------------------------------------------------
  // Test suites sign many users up from one address; they switch limits on where they test them.
  RATE_LIMITS: setting({
    ...bool(),
    default: ({ NODE_ENV }) => NODE_ENV !== "test",
    parts: ["server"],
    description: "per-address limits on sign-in, sign-up, resets and invitations",
  }),
  PG_ADAPTOR: setting({ ...oneOf(PG_ADAPTORS), default: "one-trip", parts: ["server"], description: "how GraphQL reads reach PostgreSQL" }),
  DATAPLAN_PG_PREPARED_STATEMENT_CACHE_SIZE: setting({
    ...int(0),
    default: 100,
    parts: ["server"],
    description: "prepared statements kept per connection (PostGraphile's own variable)",
  }),
  MAP_TILE_HOSTS: setting({
    // They go into the content security policy: a quote or semicolon would add a directive.
    ...list(/^[^;'"]+$/, "origins separated by spaces, such as https://tiles.openfreemap.org"),
    default: [
      "https://tiles.openfreemap.org",
      "https://tile.opentopomap.org",
      "https://server.arcgisonline.com",
      "https://api.maptiler.com",
    ],
    parts: ["server"],
    description: "hosts the map may load tiles and styles from (content security policy)",
  }),
  QUERY_MAX_DEPTH: setting({
    ...int(1),
    default: 12,
    parts: ["server"],
    description: "deepest nesting of fields in one GraphQL operation",
  }),
  QUERY_MAX_COST: setting({
    ...int(1),
    default: 100_000,
    parts: ["server"],
    description: "estimated rows one GraphQL operation may ask for",
  }),
  QUERY_MAX_FIELDS: setting({ ...int(1), default: 500, parts: ["server"], description: "fields in one GraphQL operation" }),
  QUERY_MAX_ALIASES: setting({ ...int(1), default: 30, parts: ["server"], description: "aliases in one GraphQL operation" }),
  QUERY_DEFAULT_LIST_SIZE: setting({
    ...int(1),
    default: 50,
    parts: ["server"],
    description: "size assumed for a list without first/last",
  }),
  GRAPHQL_MAX_BODY_BYTES: setting({
    ...int(1, undefined, "bytes"),
    default: 64 * 1024,
    parts: ["server"],
    description: "largest /graphql body or websocket message",
  }),
  QUERY_MAX_BYTES: setting({
    ...int(1, undefined, "bytes"),
    default: 16 * 1024,
    parts: ["server"],
    description: "largest GraphQL document",
  }),
  QUERY_MAX_TOKENS: setting({ ...int(1), default: 2_000, parts: ["server"], description: "lexical tokens in one document" }),
  QUERY_MAX_NESTING: setting({
    ...int(1),
    default: 40,
    parts: ["server"],
    description: "deepest nesting of brackets in a document or its variables",
  }),
  QUERY_MAX_DIRECTIVES: setting({ ...int(1), default: 20, parts: ["server"], description: "directives in one document" }),
  QUERY_MAX_ROOT_FIELDS: setting({ ...int(1), default: 20, parts: ["server"], description: "root fields in one operation" }),
  QUERY_CACHE_MAX_BYTES: setting({
    ...int(1, undefined, "bytes"),
    default: 16 * 1024 * 1024,
    parts: ["server"],
    description: "memory of the parsed-document cache",
  }),
  // Off in the test suites, which send refused documents by the hundred from one address.
  GRAPHQL_REFUSALS_PER_MINUTE: setting({
    ...int(0),
    default: ({ NODE_ENV }) => (NODE_ENV === "test" ? 0 : 60),
    parts: ["server"],
    description: "refused GraphQL documents one address may send a minute",
  }),

  // --- Scheduled checks (worker) --------------------------------------------------------------
  HOURLY_JOB_INTERVAL_MS: setting({
    ...int(1000, undefined, "milliseconds"),
    default: 3_600_000,
    parts: ["worker"],
    description: "between runs of the hourly checks",
  }),
  HOURLY_JOB_INITIAL_DELAY_MS: setting({
    ...int(0, undefined, "milliseconds"),
    default: 1000,
    parts: ["worker"],
    description: "before the first hourly checks after start",
  }),
  ALERT_RAIN_MM: setting({
    ...num(0, undefined, "millimetres"),
    default: 5,
    parts: ["worker"],
    description: "rain that holds a dry alert back",
  }),
  ALERT_WINDOW_HOURS: setting({
    ...int(1, undefined, "hours"),
    default: 12,
    parts: ["worker"],
    description: "how far back and ahead rain and watering count",
  }),
  DEVICE_SILENT_HOURS: setting({
    ...int(1, undefined, "hours"),
    default: 24,
    parts: ["worker"],
    description: "silence after which a device gets a check task",
  }),
  DEVICE_LOW_BATTERY_VOLTS: setting({
    ...num(0, undefined, "volts"),
    default: 3.0,
    parts: ["worker"],
    description: "battery below which a device gets a check task",
  }),
  NAVIGATION_RETENTION_DAYS: setting({
    ...int(1, undefined, "days"),
    default: 30,
    parts: ["worker"],
    description: "days of navigation analytics kept",
  }),
  // At least a month: the 24-hour and 7-day charts, the latest readings and the CSV read raw rows.
  SENSOR_DATA_RETENTION_DAYS: setting({
    ...int(31, undefined, "days"),
    default: 400,
    parts: ["worker"],
    description: "days of raw sensor readings kept",
  }),

  // --- docker-compose.yml only: read by compose, not by the app -------------------------------
  POSTGRES_PASSWORD: setting({ ...text(), shown: "secret", parts: ["compose"], description: "the database's owner password" }),
  AUTHENTICATOR_PASSWORD: setting({ ...text(), shown: "secret", parts: ["compose"], description: "bk_authenticator's password" }),
  MINIO_ROOT_PASSWORD: setting({ ...text(), shown: "secret", parts: ["compose"], description: "MinIO's root password" }),
  APP_REPLICAS: setting({ ...text(), parts: ["compose"], description: "app replicas behind the proxy" }),
  SITE_ADDRESS: setting({ ...text(), parts: ["compose"], description: "the public host name Caddy serves" }),
  PROXY_BIND: setting({ ...text(), parts: ["compose"], description: "host address the proxy is published on" }),
  PROXY_HTTP_PORT: setting({ ...text(), parts: ["compose"], description: "host port of the proxy's HTTP" }),
  CADDY_UPSTREAMS: setting({ ...text(), parts: ["compose"], description: "the upstreams file deploy/Caddyfile imports" }),
};

export type SettingName = keyof typeof SETTINGS;

type Table = typeof SETTINGS;

/** Every setting's value once read: the default applied; undefined only where there is none. */
export type Settings = { [K in SettingName]: z.output<Table[K]["schema"]> | (Table[K]["default"] extends undefined ? undefined : never) };

/** The names read by one of the checked parts. */
export type NamesOf<P> = { [K in SettingName]: [Extract<P, Table[K]["parts"][number]>] extends [never] ? never : K }[SettingName];
