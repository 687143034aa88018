// Everything the worker reads from the environment, read in one place.
//
//   DATABASE_URL        PostgreSQL connection string (required by worker/main.ts; `npm start` passes its own)
//   WORKER_CONCURRENCY  jobs run at once by this process (default 4)
//   SMTP_URL            e.g. smtp://user:pass@mail.example.org:587 or smtp://localhost:1025 (Mailpit);
//                       unset: e-mails go to the outbox folder and the log instead
//   MAIL_FROM           sender address, bare ("no-reply@example.org": the branding's name is shown as the
//                       sender's name) or with a name ("Steward <no-reply@example.org>"); default no-reply@localhost
//   MAIL_OUTBOX_DIR     where the outbox keeps .eml/.json files when SMTP_URL is unset (default ./.data/outbox)
//   PUBLIC_URL          the address users open the app at, for links in e-mails (default http://localhost:3000)
//   BRAND_HOSTS         extra host names served with the bee branding, comma-separated (as for the server)
//   HOURLY_JOB_INTERVAL_MS       between runs of the hourly checks (default 3600000)
//   HOURLY_JOB_INITIAL_DELAY_MS  before the first run after the worker starts (default 1000)
//   ALERT_RAIN_MM        rain (fallen or forecast) that holds a dry alert back (default 5)
//   ALERT_WINDOW_HOURS   how far back and ahead rain and watering count (default 12)
//   DEVICE_SILENT_HOURS  silence after which a device gets a "check device" task (default 24)
//   DEVICE_LOW_BATTERY_VOLTS  battery below which it does too (default 3.0)
//   NAVIGATION_RETENTION_DAYS how long navigation analytics are kept (default 30)
//   SENSOR_DATA_RETENTION_DAYS how long raw readings are kept, in days (default 400, at least 31): whole
//                       monthly partitions past it are dropped; the hourly and daily rollups stay
//   WORKER_LOCK_GRACE_MS   a dead worker's job is taken back once its lock is this old (default 60000; worker/liveness.ts)
//   WORKER_LOCK_SWEEP_MS   how often a worker looks for dead workers' jobs (default 30000)
//   WORKER_STATEMENT_TIMEOUT_MS  statement_timeout of the jobs' connections, ms (default 300000; 0: none)
//   LLM_BASE_URL        OpenAI-compatible chat API for the AI chat, e.g. https://api.openai.com/v1 (POST
//                       {LLM_BASE_URL}/chat/completions); unset: the built-in rule-based care assistant answers
//   LLM_API_KEY         sent as "Authorization: Bearer <key>" (optional: local servers may need none)
//   LLM_MODEL           the model to ask, e.g. gpt-4o-mini (required when LLM_BASE_URL is set)
//   LLM_TIMEOUT_MS      how long one answer may take before a polite failure reply (default 20000)
//   TTN_API_URL, TTN_APPLICATION_ID, TTN_WEBHOOK_ID, TTN_API_KEY  The Things Stack application that
//                       pump/LED downlinks are pushed through (all four; unset: downlinks are simulated)
//   DATA_DIR            where generated keys live when not configured (default ./.data; see domain/notice-keys.ts)
//   VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT  the key pair push messages are signed with
//                       (RFC 8292); unset: a pair generated once into DATA_DIR/vapid-keys.json
//   UNSUBSCRIBE_SECRET  signs the one-click unsubscribe links in e-mails; unset: DATA_DIR/unsubscribe-secret
//   PUSH_ENDPOINT_HOSTS push services messages may go to, comma-separated: "host", "*.domain", or
//                       "http://host:port" for a plain-HTTP one (tests); default: the browsers' own services
//   PUSH_TTL_SECONDS    how long a push service keeps an undelivered message (default 86400)
//   NOTICES_PER_DAY     the most notices one person gets in 24 hours, on all channels (default 20);
//                       written into the database at start (app_private.notice_limits)
import path from "node:path";
import { parseBrandHosts } from "./mail/brand.ts";
import { DOWNLINK_ENV_VARIABLES, readDownlinkSettings, type DownlinkSettings } from "./providers/ttn-downlink.ts";
import {
  NOTICE_KEY_ENV_VARIABLES, readUnsubscribeSecret, readVapidKeys, unsubscribeSecretFromEnv, vapidKeysFromEnv, type VapidKeys,
} from "../domain/notice-keys.ts";

export interface WorkerConfig {
  databaseUrl: string | undefined;
  concurrency: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Absolute path. */
  outboxDir: string;
  /** Absolute http(s) URL without a trailing slash; may carry a path prefix. */
  publicUrl: string;
  /** Extra bee-branding host patterns (BRAND_HOSTS). */
  brandHosts: string[];
  /** The hourly checks (worker/tasks/hourly_checks.ts). */
  checks: CheckSettings;
  /** The AI chat's language model (worker/assistant/llm.ts); without baseUrl the rule-based assistant answers. */
  llm: LlmSettings;
  /** The Things Stack application that pump/LED downlinks go through; unset: they are simulated. */
  downlink: DownlinkSettings;
  /** Taking back the jobs of worker processes that died (worker/liveness.ts). */
  locks: LockSettings;
  /** statement_timeout of the jobs' connections, ms; 0: none (WORKER_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs: number;
  /** Absolute path (DATA_DIR, default ./.data): where keys not configured are generated (withNoticeKeys). */
  dataDir: string;
  /** Web push (worker/tasks/send_push.ts). */
  push: PushSettings;
  /** Signs one-click unsubscribe links (UNSUBSCRIBE_SECRET; null until withNoticeKeys fills it from DATA_DIR). */
  unsubscribeSecret: string | null;
  /** NOTICES_PER_DAY: the most notices one person gets in 24 hours (written into the database at start). */
  noticesPerDay: number;
}

export interface PushSettings {
  /** VAPID_*; null until withNoticeKeys fills it from DATA_DIR. */
  vapid: VapidKeys | null;
  /** Host patterns push messages may go to (PUSH_ENDPOINT_HOSTS). */
  endpointHosts: string[];
  ttlSeconds: number;
}

export interface LockSettings {
  graceMs: number;
  sweepIntervalMs: number;
}

export interface LlmSettings {
  /** Absolute http(s) URL without a trailing slash, or undefined (no LLM). */
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string | undefined;
  timeoutMs: number;
}

export interface CheckSettings {
  intervalMs: number;
  initialDelayMs: number;
  rainMm: number;
  windowHours: number;
  deviceSilentHours: number;
  lowBatteryVolts: number;
  navigationRetentionDays: number;
  /** Raw readings older than this are dropped, a whole month at a time (sensor_data_partitions). */
  sensorDataRetentionDays: number;
}

export const WORKER_ENV_VARIABLES = [
  "DATABASE_URL",
  "WORKER_CONCURRENCY",
  "SMTP_URL",
  "MAIL_FROM",
  "MAIL_OUTBOX_DIR",
  "PUBLIC_URL",
  "BRAND_HOSTS",
  "HOURLY_JOB_INTERVAL_MS",
  "HOURLY_JOB_INITIAL_DELAY_MS",
  "ALERT_RAIN_MM",
  "ALERT_WINDOW_HOURS",
  "DEVICE_SILENT_HOURS",
  "DEVICE_LOW_BATTERY_VOLTS",
  "SENSOR_DATA_RETENTION_DAYS",
  "LLM_BASE_URL",
  "LLM_API_KEY",
  "LLM_MODEL",
  "LLM_TIMEOUT_MS",
  ...DOWNLINK_ENV_VARIABLES,
  "WORKER_LOCK_GRACE_MS",
  "WORKER_LOCK_SWEEP_MS",
  "WORKER_STATEMENT_TIMEOUT_MS",
  "DATA_DIR",
  ...NOTICE_KEY_ENV_VARIABLES,
  "PUSH_ENDPOINT_HOSTS",
  "PUSH_TTL_SECONDS",
  "NOTICES_PER_DAY",
] as const;

export const DEFAULTS = {
  concurrency: 4,
  mailFrom: "no-reply@localhost",
  outboxDir: "./.data/outbox",
  publicUrl: "http://localhost:3000",
  checks: { intervalMs: 3_600_000, initialDelayMs: 1000, rainMm: 5, windowHours: 12, deviceSilentHours: 24, lowBatteryVolts: 3.0, navigationRetentionDays: 30, sensorDataRetentionDays: 400 },
  llmTimeoutMs: 20_000,
  locks: { graceMs: 60_000, sweepIntervalMs: 30_000 },
  // The heaviest jobs (daily_cleanup deleting a day of navigation events, the hourly checks over
  // every thing) take seconds; five minutes stops a runaway statement without cutting them short.
  statementTimeoutMs: 300_000,
  // The push services of Chrome, Edge, Firefox and Safari (and the browsers built on them).
  pushEndpointHosts: [
    "fcm.googleapis.com", "android.googleapis.com", "updates.push.services.mozilla.com", "*.push.services.mozilla.com",
    "*.notify.windows.com", "web.push.apple.com", "*.push.apple.com",
  ],
  pushTtlSeconds: 86_400,
  noticesPerDay: 20,
};

/** A positive number from the environment, or the default; anything else is refused by name. */
function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, opts: { integer?: boolean; min?: number } = {}): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < (opts.min ?? 0) || (opts.integer && !Number.isInteger(n))) {
    throw new Error(`${name} must be ${opts.integer ? "a whole number" : "a number"} of at least ${opts.min ?? 0}, got "${raw}"`);
  }
  return n;
}

export function readCheckSettings(env: NodeJS.ProcessEnv): CheckSettings {
  const d = DEFAULTS.checks;
  return {
    intervalMs: positiveNumber(env, "HOURLY_JOB_INTERVAL_MS", d.intervalMs, { integer: true, min: 1000 }),
    initialDelayMs: positiveNumber(env, "HOURLY_JOB_INITIAL_DELAY_MS", d.initialDelayMs, { integer: true }),
    rainMm: positiveNumber(env, "ALERT_RAIN_MM", d.rainMm),
    windowHours: positiveNumber(env, "ALERT_WINDOW_HOURS", d.windowHours, { integer: true, min: 1 }),
    deviceSilentHours: positiveNumber(env, "DEVICE_SILENT_HOURS", d.deviceSilentHours, { integer: true, min: 1 }),
    lowBatteryVolts: positiveNumber(env, "DEVICE_LOW_BATTERY_VOLTS", d.lowBatteryVolts),
    navigationRetentionDays: positiveNumber(env, "NAVIGATION_RETENTION_DAYS", d.navigationRetentionDays, { integer: true, min: 1 }),
    // At least a month: the 24-hour and 7-day charts, the latest readings and the CSV read raw rows.
    sensorDataRetentionDays: positiveNumber(env, "SENSOR_DATA_RETENTION_DAYS", d.sensorDataRetentionDays, { integer: true, min: 31 }),
  };
}

/** LLM_*: the URL must be http(s); a URL needs a model and a model a URL, so a half-made setup is refused. */
export function readLlmSettings(env: NodeJS.ProcessEnv): LlmSettings {
  const rawUrl = nonEmpty(env.LLM_BASE_URL);
  const model = nonEmpty(env.LLM_MODEL);
  let baseUrl: string | undefined;
  if (rawUrl) {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw new Error(`LLM_BASE_URL must be an absolute http(s) URL such as https://api.openai.com/v1, got "${rawUrl}"`);
    }
    if ((url.protocol !== "http:" && url.protocol !== "https:") || url.search || url.hash) {
      throw new Error(`LLM_BASE_URL must be an absolute http(s) URL without a query, got "${rawUrl}"`);
    }
    baseUrl = `${url.origin}${url.pathname}`.replace(/\/+$/, "");
    if (!model) throw new Error("LLM_MODEL must be set when LLM_BASE_URL is set (e.g. gpt-4o-mini)");
  } else if (model) {
    throw new Error("LLM_BASE_URL must be set when LLM_MODEL is set (e.g. https://api.openai.com/v1)");
  }
  return {
    baseUrl,
    apiKey: nonEmpty(env.LLM_API_KEY),
    model,
    timeoutMs: positiveNumber(env, "LLM_TIMEOUT_MS", DEFAULTS.llmTimeoutMs, { integer: true, min: 100 }),
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v ? v : undefined;
}

export function parseConcurrency(value: string | number | undefined): number {
  if (value === undefined || value === "") return DEFAULTS.concurrency;
  const n = typeof value === "number" ? value : Number(value.trim());
  if (!Number.isInteger(n) || n < 1 || n > 100) {
    throw new Error(`WORKER_CONCURRENCY must be a whole number from 1 to 100, got "${value}"`);
  }
  return n;
}

export function normalizePublicUrl(value: string | undefined): string {
  const raw = nonEmpty(value) ?? DEFAULTS.publicUrl;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.search || url.hash) {
    throw new Error(`PUBLIC_URL must not carry a query or fragment, got "${raw}"`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

export function validateSmtpUrl(value: string | undefined): string | undefined {
  const raw = nonEmpty(value);
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error("SMTP_URL must be a URL such as smtp://host:1025 or smtps://user:pass@host:465");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, got "${url.protocol}//..."`);
  }
  return raw;
}

/** PUSH_ENDPOINT_HOSTS: "host", "*.domain" or "http://host[:port]"; anything else is refused by name. */
export function parseEndpointHosts(raw: string | undefined): string[] {
  const value = nonEmpty(raw);
  if (!value) return [...DEFAULTS.pushEndpointHosts];
  const hosts = value.split(/[\s,]+/).filter(Boolean);
  for (const host of hosts) {
    if (!/^(\*\.)?[a-z0-9.-]+$/i.test(host) && !/^http:\/\/[a-z0-9.-]+(:\d+)?$/i.test(host)) {
      throw new Error(`PUSH_ENDPOINT_HOSTS entries must be a host name, *.domain or http://host:port, got "${host}"`);
    }
  }
  return hosts;
}

/** Whether a subscription's endpoint is on one of the allowed push services (https, or an http:// entry). */
export function endpointAllowed(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === "http:") return hosts.some((h) => h.toLowerCase() === url.origin.toLowerCase());
  if (url.protocol !== "https:") return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((pattern) => {
    const p = pattern.toLowerCase();
    if (p.startsWith("http://")) return false;
    return p.startsWith("*.") ? host.endsWith(p.slice(1)) && host.length > p.length - 1 : host === p;
  });
}

/** Reads the worker's settings from an environment (process.env by default); throws on invalid values. */
export function readWorkerConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): WorkerConfig {
  // Generated keys are kept where the server keeps its own (server/config.ts: DATA_DIR, else .data).
  const dataDir = path.resolve(cwd, nonEmpty(env.DATA_DIR) ?? ".data");
  return {
    databaseUrl: nonEmpty(env.DATABASE_URL),
    concurrency: parseConcurrency(nonEmpty(env.WORKER_CONCURRENCY)),
    smtpUrl: validateSmtpUrl(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? DEFAULTS.mailFrom,
    // Like the server: the outbox lives in DATA_DIR, and links point at the port served on.
    outboxDir: path.resolve(cwd, nonEmpty(env.MAIL_OUTBOX_DIR) ?? (nonEmpty(env.DATA_DIR) ? path.join(env.DATA_DIR!.trim(), "outbox") : DEFAULTS.outboxDir)),
    publicUrl: normalizePublicUrl(env.PUBLIC_URL ?? (nonEmpty(env.PORT) ? `http://localhost:${env.PORT!.trim()}` : undefined)),
    brandHosts: parseBrandHosts(env.BRAND_HOSTS),
    checks: readCheckSettings(env),
    llm: readLlmSettings(env),
    downlink: readDownlinkSettings(env),
    locks: {
      graceMs: positiveNumber(env, "WORKER_LOCK_GRACE_MS", DEFAULTS.locks.graceMs, { integer: true }),
      sweepIntervalMs: positiveNumber(env, "WORKER_LOCK_SWEEP_MS", DEFAULTS.locks.sweepIntervalMs, { integer: true, min: 100 }),
    },
    statementTimeoutMs: positiveNumber(env, "WORKER_STATEMENT_TIMEOUT_MS", DEFAULTS.statementTimeoutMs, { integer: true }),
    dataDir,
    push: {
      vapid: vapidKeysFromEnv(env),
      endpointHosts: parseEndpointHosts(env.PUSH_ENDPOINT_HOSTS),
      ttlSeconds: positiveNumber(env, "PUSH_TTL_SECONDS", DEFAULTS.pushTtlSeconds, { integer: true, min: 0 }),
    },
    unsubscribeSecret: unsubscribeSecretFromEnv(env),
    noticesPerDay: positiveNumber(env, "NOTICES_PER_DAY", DEFAULTS.noticesPerDay, { integer: true, min: 1 }),
  };
}

/**
 * The settings with the keys the environment did not give generated once into DATA_DIR (the
 * server reads the same files): startWorker calls it at start, so reading the configuration
 * itself never writes files.
 */
export function withNoticeKeys(config: WorkerConfig, env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  if (config.push.vapid && config.unsubscribeSecret) return config;
  return {
    ...config,
    push: { ...config.push, vapid: config.push.vapid ?? readVapidKeys(env, config.dataDir) },
    unsubscribeSecret: config.unsubscribeSecret ?? readUnsubscribeSecret(env, config.dataDir),
  };
}
