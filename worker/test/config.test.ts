// Settings read from the environment, and the pieces startWorker assembles (tasks, crontab).
import { describe, expect, it } from "vitest";
import path from "node:path";
import { readWorkerConfig } from "../config.ts";
import { SETTINGS } from "../../domain/config/settings.ts";
import { vapidKeyPair } from "../../test/vapid-keys.ts";
import { checkCrontab, loadTaskList, readCrontab, startWorker } from "../run.ts";

describe("readWorkerConfig", () => {
  it("has local defaults", () => {
    expect(readWorkerConfig({}, "/srv/app")).toEqual({
      databaseUrl: undefined,
      concurrency: 4,
      smtpUrl: undefined,
      mailFrom: "no-reply@localhost",
      outboxDir: "/srv/app/.data/outbox",
      publicUrl: "http://localhost:3000",
      brandHosts: [],
      checks: {
        intervalMs: 3_600_000,
        initialDelayMs: 1000,
        rainMm: 5,
        windowHours: 12,
        deviceSilentHours: 24,
        lowBatteryVolts: 3,
        navigationRetentionDays: 30,
        sensorDataRetentionDays: 400,
      },
      llm: { baseUrl: undefined, apiKey: undefined, model: undefined, timeoutMs: 20000 },
      downlink: { apiUrl: "", applicationId: "", webhookId: "", apiKey: "" },
      locks: { graceMs: 60_000, sweepIntervalMs: 30_000 },
      statementTimeoutMs: 300_000,
      dataDir: "/srv/app/.data",
      push: { vapid: null, endpointHosts: SETTINGS.PUSH_ENDPOINT_HOSTS.default, ttlSeconds: 86_400 },
      unsubscribeSecret: null,
      noticesPerDay: 20,
    });
  });

  it("reads every variable", () => {
    const vapid = vapidKeyPair();
    const config = readWorkerConfig(
      {
        DATABASE_URL: "postgres://u@db/steward",
        WORKER_CONCURRENCY: " 8 ",
        SMTP_URL: "smtp://localhost:1025",
        MAIL_FROM: "Steward <hello@example.org>",
        MAIL_OUTBOX_DIR: "/var/mail/outbox",
        PUBLIC_URL: "https://example.org/app/",
        BRAND_HOSTS: "bees.example.org, beecafe.*",
        HOURLY_JOB_INTERVAL_MS: "60000",
        HOURLY_JOB_INITIAL_DELAY_MS: "0",
        ALERT_RAIN_MM: "2.5",
        ALERT_WINDOW_HOURS: "6",
        DEVICE_SILENT_HOURS: "48",
        DEVICE_LOW_BATTERY_VOLTS: "3.2",
        NAVIGATION_RETENTION_DAYS: "90",
        SENSOR_DATA_RETENTION_DAYS: "730",
        LLM_BASE_URL: "https://llm.example.org/v1/",
        LLM_API_KEY: "sk-test",
        LLM_MODEL: "care-model-1",
        LLM_TIMEOUT_MS: "5000",
        WORKER_LOCK_GRACE_MS: "5000",
        WORKER_LOCK_SWEEP_MS: "1000",
        WORKER_STATEMENT_TIMEOUT_MS: "60000",
        TTN_API_URL: "https://eu1.cloud.thethings.network",
        TTN_APPLICATION_ID: "stewards-soil",
        TTN_WEBHOOK_ID: "steward",
        TTN_API_KEY: "NNSXS.KEY",
        DATA_DIR: "/var/steward",
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: "https://example.org/contact",
        UNSUBSCRIBE_SECRET: "u".repeat(40),
        PUSH_ENDPOINT_HOSTS: "fcm.googleapis.com, *.push.apple.com, http://127.0.0.1:9000",
        PUSH_TTL_SECONDS: "3600",
        NOTICES_PER_DAY: "12",
      },
      "/srv/app",
    );
    expect(config).toEqual({
      databaseUrl: "postgres://u@db/steward",
      concurrency: 8,
      smtpUrl: "smtp://localhost:1025",
      mailFrom: "Steward <hello@example.org>",
      outboxDir: "/var/mail/outbox",
      publicUrl: "https://example.org/app",
      brandHosts: ["bees.example.org", "beecafe.*"],
      checks: {
        intervalMs: 60000,
        initialDelayMs: 0,
        rainMm: 2.5,
        windowHours: 6,
        deviceSilentHours: 48,
        lowBatteryVolts: 3.2,
        navigationRetentionDays: 90,
        sensorDataRetentionDays: 730,
      },
      llm: { baseUrl: "https://llm.example.org/v1", apiKey: "sk-test", model: "care-model-1", timeoutMs: 5000 },
      downlink: {
        apiUrl: "https://eu1.cloud.thethings.network",
        applicationId: "stewards-soil",
        webhookId: "steward",
        apiKey: "NNSXS.KEY",
      },
      locks: { graceMs: 5000, sweepIntervalMs: 1000 },
      statementTimeoutMs: 60_000,
      dataDir: "/var/steward",
      push: {
        vapid: {
          publicKey: vapid.publicKey,
          privateKey: vapid.privateKey,
          subject: "https://example.org/contact",
        },
        endpointHosts: ["fcm.googleapis.com", "*.push.apple.com", "http://127.0.0.1:9000"],
        ttlSeconds: 3600,
      },
      unsubscribeSecret: "u".repeat(40),
      noticesPerDay: 12,
    });
  });

  it("follows DATA_DIR and PORT like the server when the mail settings are not given", () => {
    expect(readWorkerConfig({ DATA_DIR: "/var/steward", PORT: "3900" }, "/srv/app")).toMatchObject({
      outboxDir: "/var/steward/outbox",
      publicUrl: "http://localhost:3900",
    });
  });

  it("treats blank values as unset", () => {
    expect(readWorkerConfig({ SMTP_URL: " ", PUBLIC_URL: "", WORKER_CONCURRENCY: "" }, "/x")).toMatchObject({
      smtpUrl: undefined,
      publicUrl: "http://localhost:3000",
      concurrency: 4,
    });
  });

  it("refuses values it cannot use, naming the variable", () => {
    expect(() => readWorkerConfig({ WORKER_CONCURRENCY: "0" })).toThrow(/WORKER_CONCURRENCY/);
    expect(() => readWorkerConfig({ WORKER_CONCURRENCY: "two" })).toThrow(/WORKER_CONCURRENCY/);
    expect(() => readWorkerConfig({ PUBLIC_URL: "localhost:3000" })).toThrow(/PUBLIC_URL/);
    expect(() => readWorkerConfig({ PUBLIC_URL: "ftp://example.org" })).toThrow(/PUBLIC_URL/);
    expect(() => readWorkerConfig({ PUBLIC_URL: "https://example.org/?a=1" })).toThrow(/PUBLIC_URL/);
    expect(() => readWorkerConfig({ SMTP_URL: "http://mail.example.org" })).toThrow(/SMTP_URL/);
    expect(() => readWorkerConfig({ SMTP_URL: "not a url" })).toThrow(/SMTP_URL/);
    expect(() => readWorkerConfig({ ALERT_RAIN_MM: "lots" })).toThrow(/ALERT_RAIN_MM/);
    expect(() => readWorkerConfig({ HOURLY_JOB_INTERVAL_MS: "10" })).toThrow(/HOURLY_JOB_INTERVAL_MS/);
    expect(() => readWorkerConfig({ WORKER_LOCK_GRACE_MS: "-1" })).toThrow(/WORKER_LOCK_GRACE_MS/);
    expect(() => readWorkerConfig({ SENSOR_DATA_RETENTION_DAYS: "7" })).toThrow(
      /SENSOR_DATA_RETENTION_DAYS must be a whole number of at least 31/,
    );
    expect(() => readWorkerConfig({ WORKER_LOCK_SWEEP_MS: "0" })).toThrow(/WORKER_LOCK_SWEEP_MS/);
    expect(() => readWorkerConfig({ LLM_BASE_URL: "llm.example.org", LLM_MODEL: "m" })).toThrow(/LLM_BASE_URL/);
    expect(() => readWorkerConfig({ LLM_BASE_URL: "https://llm.example.org/v1" })).toThrow(/LLM_MODEL/);
    expect(() => readWorkerConfig({ LLM_MODEL: "m" })).toThrow(/LLM_BASE_URL/);
    expect(() => readWorkerConfig({ LLM_BASE_URL: "https://llm.example.org", LLM_MODEL: "m", LLM_TIMEOUT_MS: "soon" })).toThrow(
      /LLM_TIMEOUT_MS/,
    );
  });
});

describe("task list and crontab", () => {
  it("loads one task per file in worker/tasks", async () => {
    const tasks = await loadTaskList();
    expect(Object.keys(tasks)).toContain("send_email");
    for (const task of Object.values(tasks)) expect(typeof task).toBe("function");
  });

  it("ships a crontab that parses and names only existing tasks", async () => {
    const tasks = await loadTaskList();
    const crontab = await readCrontab();
    expect(crontab).toContain("#");
    expect(() => checkCrontab(crontab, Object.keys(tasks))).not.toThrow();
    expect(await readCrontab(path.join(import.meta.dirname, "no-such-crontab"))).toBe("");
  });

  it("refuses a crontab line for a task that does not exist, or a malformed one", () => {
    expect(() => checkCrontab("0 7 * * * daily_digest", ["send_email"])).toThrow(/crontab names task "daily_digest"/);
    expect(() => checkCrontab("every day send_email", ["send_email"])).toThrow();
    expect(() => checkCrontab("# nothing yet\n\n", ["send_email"])).not.toThrow();
  });

  it("startWorker needs a database and a valid crontab before it connects", async () => {
    await expect(startWorker({ env: {} })).rejects.toThrow(/no database/);
    await expect(startWorker({ env: {}, databaseUrl: "postgres://127.0.0.1:1/none", crontab: "0 7 * * * nope" })).rejects.toThrow(
      /crontab names task "nope"/,
    );
  });
});
