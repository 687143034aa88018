// The worker's settings: its slice of the one settings table (domain/config/settings.ts: every
// variable's kind, default and description; .env.example documents each). A wrong value throws a
// ConfigError listing every wrong one, and worker/main.ts stops with that message before running
// a job.
import path from "node:path";
import { namesOf, readSettings } from "../domain/config/read.ts";
import type { DownlinkSettings } from "./providers/ttn-downlink.ts";
import { readUnsubscribeSecret, readVapidKeys, type VapidKeys } from "../domain/notice-keys.ts";

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

/** WORKER_CONCURRENCY's bounds, for a concurrency given in code (startWorker's option). */
export function parseConcurrency(value: string | number): number {
  return readSettings({ WORKER_CONCURRENCY: String(value) }, ["WORKER_CONCURRENCY"]).WORKER_CONCURRENCY;
}

/** Reads the worker's settings from an environment (process.env by default); throws on invalid values. */
export function readWorkerConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): WorkerConfig {
  const s = readSettings(env, namesOf("worker"));
  return {
    databaseUrl: s.DATABASE_URL,
    concurrency: s.WORKER_CONCURRENCY,
    smtpUrl: s.SMTP_URL,
    mailFrom: s.MAIL_FROM,
    // Like the server: the outbox lives in DATA_DIR, and links point at the port served on.
    outboxDir: path.resolve(cwd, s.MAIL_OUTBOX_DIR),
    publicUrl: s.PUBLIC_URL,
    brandHosts: s.BRAND_HOSTS,
    checks: {
      intervalMs: s.HOURLY_JOB_INTERVAL_MS,
      initialDelayMs: s.HOURLY_JOB_INITIAL_DELAY_MS,
      rainMm: s.ALERT_RAIN_MM,
      windowHours: s.ALERT_WINDOW_HOURS,
      deviceSilentHours: s.DEVICE_SILENT_HOURS,
      lowBatteryVolts: s.DEVICE_LOW_BATTERY_VOLTS,
      navigationRetentionDays: s.NAVIGATION_RETENTION_DAYS,
      sensorDataRetentionDays: s.SENSOR_DATA_RETENTION_DAYS,
    },
    llm: { baseUrl: s.LLM_BASE_URL, apiKey: s.LLM_API_KEY, model: s.LLM_MODEL, timeoutMs: s.LLM_TIMEOUT_MS },
    downlink: { apiUrl: s.TTN_API_URL, applicationId: s.TTN_APPLICATION_ID, webhookId: s.TTN_WEBHOOK_ID, apiKey: s.TTN_API_KEY },
    locks: { graceMs: s.WORKER_LOCK_GRACE_MS, sweepIntervalMs: s.WORKER_LOCK_SWEEP_MS },
    statementTimeoutMs: s.WORKER_STATEMENT_TIMEOUT_MS,
    // Generated keys are kept where the server keeps its own (server/config.ts: DATA_DIR, else .data).
    dataDir: path.resolve(cwd, s.DATA_DIR),
    push: {
      vapid:
        s.VAPID_PUBLIC_KEY && s.VAPID_PRIVATE_KEY
          ? { publicKey: s.VAPID_PUBLIC_KEY, privateKey: s.VAPID_PRIVATE_KEY, subject: s.VAPID_SUBJECT }
          : null,
      endpointHosts: s.PUSH_ENDPOINT_HOSTS,
      ttlSeconds: s.PUSH_TTL_SECONDS,
    },
    unsubscribeSecret: s.UNSUBSCRIBE_SECRET ?? null,
    noticesPerDay: s.NOTICES_PER_DAY,
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
