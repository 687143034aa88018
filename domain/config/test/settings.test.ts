// The one settings schema: wrong values refused with a message naming the variable, the value and
// what is allowed, every wrong value at once; right values read; defaults as documented.
import { describe, expect, it } from "vitest";
import { createECDH } from "node:crypto";
import { fullPrivateKey } from "../../notice-keys.ts";
import { ConfigError, namesOf, readSettings, settingsProblems } from "../read.ts";
import { SETTINGS, type SettingName } from "../settings.ts";
import { PARTS } from "../define.ts";

const SERVER_AND_WORKER = namesOf("server", "worker", "start");

describe("a wrong value is refused with its variable, its value and what is allowed", () => {
  const cases: [string, string, RegExp][] = [
    ["RATE_LIMITS", "ture", /^RATE_LIMITS must be true or false \(or 1\/0, yes\/no\), got "ture"$/],
    ["GRAPHIQL", "on", /^GRAPHIQL must be true or false \(or 1\/0, yes\/no\), got "on"$/],
    ["S3_FORCE_PATH_STYLE", "enabled", /^S3_FORCE_PATH_STYLE must be true or false/],
    ["API_POOL_SIZE", "-2", /^API_POOL_SIZE must be a whole number of at least 1, got "-2"$/],
    ["API_POOL_SIZE", "0", /^API_POOL_SIZE must be a whole number of at least 1, got "0"$/],
    ["API_POOL_SIZE", "six", /^API_POOL_SIZE must be a whole number of at least 1, got "six"$/],
    ["API_POOL_SIZE", "2.5", /^API_POOL_SIZE must be a whole number/],
    ["WORKER_CONCURRENCY", "101", /^WORKER_CONCURRENCY must be a whole number from 1 to 100, got "101"$/],
    ["PORT", "70000", /^PORT must be a whole number from 0 to 65535/],
    [
      "API_STATEMENT_TIMEOUT_MS",
      "-1",
      /^API_STATEMENT_TIMEOUT_MS must be a whole number of at least 0 \(milliseconds; 0: none\), got "-1"$/,
    ],
    ["NEAREST_MAX_KM", "51", /^NEAREST_MAX_KM must be a number from 0.001 to 50 \(kilometres\), got "51"$/],
    ["ALERT_RAIN_MM", "lots", /^ALERT_RAIN_MM must be a number of at least 0 \(millimetres\), got "lots"$/],
    ["SENSOR_DATA_RETENTION_DAYS", "7", /^SENSOR_DATA_RETENTION_DAYS must be a whole number of at least 31 \(days\), got "7"$/],
    [
      "PUBLIC_URL",
      "localhost:3000",
      /^PUBLIC_URL must be an absolute http:\/\/ or https:\/\/ URL without a query or fragment \(such as https:\/\/steward.example.org\), got "localhost:3000"$/,
    ],
    ["PUBLIC_URL", "https://example.org/?a=1", /^PUBLIC_URL must be an absolute http/],
    ["LLM_BASE_URL", "llm.example.org", /^LLM_BASE_URL must be an absolute http:\/\/ or https:\/\/ URL/],
    ["SMTP_URL", "http://mail.example.org", /^SMTP_URL must be an absolute smtp:\/\/ or smtps:\/\/ URL/],
    [
      "EA_API_URL",
      "environment.data.gov.uk",
      /^EA_API_URL must be an absolute http:\/\/ or https:\/\/ URL .*, or off \(cache only\), got "environment.data.gov.uk"$/,
    ],
    ["STORAGE", "disk", /^STORAGE must be one of local, postgres, s3, got "disk"$/],
    ["PG_ADAPTOR", "postgraphlie", /^PG_ADAPTOR must be one of one-trip, postgraphile, got "postgraphlie"$/],
    ["LOG_LEVEL", "loud", /^LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"$/],
    ["LOG_FORMAT", "xml", /^LOG_FORMAT must be one of json, pretty, got "xml"$/],
    ["NODE_ENV", "prod", /^NODE_ENV must be one of development, production, test, got "prod"$/],
    ["PUSH_ENDPOINT_HOSTS", "fcm.googleapis.com, ftp://x", /^PUSH_ENDPOINT_HOSTS must be host names, \*\.domain or http:\/\/host:port/],
    ["MAP_TILE_HOSTS", "https://a.org; script-src *", /^MAP_TILE_HOSTS must be origins separated by spaces/],
    ["OPEN_DATA_ATTRIBUTION", "a\nb", /^OPEN_DATA_ATTRIBUTION must be one line of text/],
    ["OPEN_DATA_LICENCE_URL", "ftp://example.org/x", /^OPEN_DATA_LICENCE_URL must be an http\(s\) address/],
    ["VAPID_SUBJECT", "admin@example.org", /^VAPID_SUBJECT must be a mailto: address or an https: URL/],
    ["TRUST_PROXY", "true", /^TRUST_PROXY=true would believe X-Forwarded-For from anyone/],
    ["TRUST_PROXY", "not-an-address", /^TRUST_PROXY must be a hop count/],
  ];
  it.each(cases)("%s=%j", (name, value, message) => {
    expect(settingsProblems({ [name]: value }, [name as SettingName])).toEqual([expect.stringMatching(message)]);
  });

  it("shows secrets by their length and URLs without their password", () => {
    const [jwt] = settingsProblems({ JWT_SECRET: "hunter2" }, ["JWT_SECRET"]);
    expect(jwt).toBe("JWT_SECRET must be at least 32 characters (generate one with: openssl rand -base64 48), got a value of 7 characters");
    const [db] = settingsProblems({ DATABASE_URL: "mysql://steward:hunter2@db/steward" }, ["DATABASE_URL"]);
    expect(db).toMatch(/^DATABASE_URL must be an absolute postgres:\/\/ or postgresql:\/\/ URL/);
    expect(db).toContain(`got "mysql://steward:***@db/steward"`);
    expect(db).not.toContain("hunter2");
  });

  it("reports every wrong value at once, in one error", () => {
    const env = { RATE_LIMITS: "ture", API_POOL_SIZE: "-2", PUBLIC_URL: "not a url", STORAGE: "disk", WORKER_CONCURRENCY: "0" };
    let error: unknown;
    try {
      readSettings(env, SERVER_AND_WORKER);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(5);
    for (const name of Object.keys(env)) expect(problems.some((p) => p.startsWith(`${name} must be`))).toBe(true);
    expect((error as Error).message).toMatch(/^5 settings are wrong:\n {2}- /);
  });

  it("checks the rules over several settings", () => {
    expect(settingsProblems({ NODE_ENV: "production" }, ["NODE_ENV", "JWT_SECRET"])).toEqual([
      expect.stringMatching(/^JWT_SECRET must be set in production/),
    ]);
    expect(settingsProblems({ NODE_ENV: "production", TTN_WEBHOOK_SECRET: "short" }, ["NODE_ENV", "TTN_WEBHOOK_SECRET"])).toEqual([
      expect.stringMatching(/^TTN_WEBHOOK_SECRET must be at least 16 characters \(it has 5\)/),
    ]);
    expect(settingsProblems({ TTN_WEBHOOK_SECRET: "short" }, ["NODE_ENV", "TTN_WEBHOOK_SECRET"])).toEqual([]);
    expect(settingsProblems({ LLM_BASE_URL: "https://llm.example.org/v1" }, ["LLM_BASE_URL", "LLM_MODEL"])).toEqual([
      expect.stringMatching(/^LLM_MODEL must be set/),
    ]);
    expect(settingsProblems({ LLM_MODEL: "m" }, ["LLM_BASE_URL", "LLM_MODEL"])).toEqual([
      expect.stringMatching(/^LLM_BASE_URL must be set/),
    ]);
    expect(settingsProblems({ VAPID_PUBLIC_KEY: "abc" }, ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"])).toEqual([
      expect.stringMatching(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together/),
    ]);
    expect(settingsProblems({ OPEN_DATA_LICENCE: "Our-Own-1.0" }, ["OPEN_DATA_LICENCE", "OPEN_DATA_LICENCE_URL"])).toEqual([
      expect.stringMatching(/^OPEN_DATA_LICENCE_URL must be set for the licence "Our-Own-1.0"/),
    ]);
  });

  it("does not run a rule over a value that was itself refused", () => {
    expect(settingsProblems({ LLM_BASE_URL: "nope", LLM_MODEL: "m" }, ["LLM_BASE_URL", "LLM_MODEL"])).toEqual([
      expect.stringMatching(/^LLM_BASE_URL must be an absolute/),
    ]);
  });
});

describe("right values are read", () => {
  it("booleans: true/false, 1/0, yes/no in any case", () => {
    for (const [value, expected] of [
      ["true", true],
      ["TRUE", true],
      ["1", true],
      ["Yes", true],
      ["false", false],
      ["0", false],
      ["NO", false],
    ] as const) {
      expect(readSettings({ RATE_LIMITS: value }, ["RATE_LIMITS"]).RATE_LIMITS).toBe(expected);
    }
  });

  it("numbers, URLs, enums and lists, trimmed", () => {
    // domain/ may not use test/vapid-keys.ts; the same padding (ECDH drops a leading zero byte).
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const vapid = {
      publicKey: ecdh.getPublicKey().toString("base64url"),
      privateKey: fullPrivateKey(ecdh.getPrivateKey()).toString("base64url"),
    };
    const s = readSettings(
      {
        API_POOL_SIZE: " 12 ",
        NEAREST_MAX_KM: "0.5",
        PUBLIC_URL: "https://Example.org/app/",
        STORAGE: "S3",
        LOG_LEVEL: "DEBUG",
        EA_API_URL: "OFF",
        OPEN_METEO_URL: "http://127.0.0.1:9/meteo/",
        BRAND_HOSTS: "bees.example.org, beecafe.*",
        S3_PREFIX: "/pictures/",
        TRUST_PROXY: "loopback, 10.0.0.0/8",
        GRAPHQL_URL: "/api/graphql",
        DATABASE_URL: "postgresql:///steward?host=/run/postgresql",
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
      },
      SERVER_AND_WORKER,
    );
    expect(s).toMatchObject({
      API_POOL_SIZE: 12,
      NEAREST_MAX_KM: 0.5,
      PUBLIC_URL: "https://example.org/app",
      STORAGE: "s3",
      LOG_LEVEL: "debug",
      EA_API_URL: "",
      OPEN_METEO_URL: "http://127.0.0.1:9/meteo",
      BRAND_HOSTS: ["bees.example.org", "beecafe.*"],
      S3_PREFIX: "pictures/",
      TRUST_PROXY: "loopback, 10.0.0.0/8",
      GRAPHQL_URL: "/api/graphql",
      DATABASE_URL: "postgresql:///steward?host=/run/postgresql",
    });
    expect(readSettings({ TRUST_PROXY: "2" }, ["TRUST_PROXY"]).TRUST_PROXY).toBe(2);
  });

  it("a blank variable counts as unset", () => {
    expect(readSettings({ API_POOL_SIZE: "  ", RATE_LIMITS: "" }, ["API_POOL_SIZE", "RATE_LIMITS"])).toEqual({
      API_POOL_SIZE: 6,
      RATE_LIMITS: true,
    });
  });
});

describe("defaults", () => {
  it("are the documented ones", () => {
    const s = readSettings({}, SERVER_AND_WORKER);
    expect(s).toMatchObject({
      PORT: 3000,
      HOST: "127.0.0.1",
      DATA_DIR: ".data",
      PUBLIC_URL: "http://localhost:3000",
      API_POOL_SIZE: 6,
      API_STATEMENT_TIMEOUT_MS: 10_000,
      WEBHOOK_STATEMENT_TIMEOUT_MS: 10_000,
      EMBEDDED_PG_PORT: 54320,
      RUN_WORKER: true,
      UPLOAD_MAX_BYTES: 10_485_760,
      UPLOAD_MAX_FILES: 5,
      UPLOADS_PER_HOUR: 60,
      STORAGE: "local",
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: false,
      JWT_AUDIENCE: "steward",
      JWT_ISSUER: "steward",
      NEAREST_MAX_KM: 20,
      GRAPHIQL: true,
      INTROSPECTION: true,
      EXPORT_SCHEMA: true,
      LOG_LEVEL: "info",
      LOG_FORMAT: "pretty",
      OPEN_DATA_LICENCE: "CC-BY-4.0",
      OPEN_DATA_ATTRIBUTION: "© Steward contributors",
      WORKER_CONCURRENCY: 4,
      WORKER_LOCK_GRACE_MS: 60_000,
      WORKER_LOCK_SWEEP_MS: 30_000,
      WORKER_STATEMENT_TIMEOUT_MS: 300_000,
      MAIL_FROM: "no-reply@localhost",
      MAIL_OUTBOX_DIR: ".data/outbox",
      VAPID_SUBJECT: "mailto:admin@localhost",
      PUSH_TTL_SECONDS: 86_400,
      NOTICES_PER_DAY: 20,
      EA_API_URL: "https://environment.data.gov.uk/flood-monitoring",
      OPEN_METEO_URL: "https://api.open-meteo.com",
      ENVIRONMENT_TIMEOUT_MS: 10_000,
      RAINFALL_CACHE_MINUTES: 15,
      WEATHER_CACHE_MINUTES: 60,
      LLM_TIMEOUT_MS: 20_000,
      RATE_LIMITS: true,
      PG_ADAPTOR: "one-trip",
      DATAPLAN_PG_PREPARED_STATEMENT_CACHE_SIZE: 100,
      QUERY_MAX_DEPTH: 12,
      QUERY_MAX_COST: 100_000,
      QUERY_MAX_FIELDS: 500,
      QUERY_MAX_ALIASES: 30,
      QUERY_DEFAULT_LIST_SIZE: 50,
      GRAPHQL_MAX_BODY_BYTES: 65_536,
      QUERY_MAX_BYTES: 16_384,
      QUERY_MAX_TOKENS: 2000,
      QUERY_MAX_NESTING: 40,
      QUERY_MAX_DIRECTIVES: 20,
      QUERY_MAX_ROOT_FIELDS: 20,
      QUERY_CACHE_MAX_BYTES: 16_777_216,
      GRAPHQL_REFUSALS_PER_MINUTE: 60,
      HOURLY_JOB_INTERVAL_MS: 3_600_000,
      HOURLY_JOB_INITIAL_DELAY_MS: 1000,
      ALERT_RAIN_MM: 5,
      ALERT_WINDOW_HOURS: 12,
      DEVICE_SILENT_HOURS: 24,
      DEVICE_LOW_BATTERY_VOLTS: 3,
      NAVIGATION_RETENTION_DAYS: 30,
      SENSOR_DATA_RETENTION_DAYS: 400,
      TRUST_PROXY: false,
      BRAND_HOSTS: [],
      GRAPHILE_ENV: "development",
      NODE_ENV: "development",
    });
    expect(s.DATABASE_URL).toBeUndefined();
    expect(s.JWT_SECRET).toBeUndefined();
  });

  it("follow NODE_ENV, PORT and DATA_DIR where they depend on them", () => {
    const production = readSettings({ NODE_ENV: "production", JWT_SECRET: "x".repeat(40) }, namesOf("server"));
    expect(production).toMatchObject({
      GRAPHIQL: false,
      INTROSPECTION: false,
      EXPORT_SCHEMA: false,
      LOG_FORMAT: "json",
      GRAPHILE_ENV: "production",
      RATE_LIMITS: true,
    });
    expect(readSettings({ NODE_ENV: "test" }, ["RATE_LIMITS", "GRAPHQL_REFUSALS_PER_MINUTE"])).toEqual({
      RATE_LIMITS: false,
      GRAPHQL_REFUSALS_PER_MINUTE: 0,
    });
    expect(readSettings({ PORT: "3900", DATA_DIR: "/var/steward" }, ["PUBLIC_URL", "MAIL_OUTBOX_DIR"])).toEqual({
      PUBLIC_URL: "http://localhost:3900",
      MAIL_OUTBOX_DIR: "/var/steward/outbox",
    });
  });
});

describe("the table", () => {
  it("gives every setting a description, what is allowed, and known parts", () => {
    for (const [name, setting] of Object.entries(SETTINGS)) {
      expect(name).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(setting.description.length, name).toBeGreaterThan(5);
      expect(setting.description, name).not.toMatch(/\n/);
      expect(setting.allowed.length, name).toBeGreaterThan(2);
      expect(setting.parts.length, name).toBeGreaterThan(0);
      for (const part of setting.parts) expect(PARTS, name).toContain(part);
    }
  });

  it("every default passes its own check", () => {
    // A default the schema would refuse if it were written out is a default nobody could copy.
    for (const [name, setting] of Object.entries(SETTINGS)) {
      const d =
        typeof setting.default === "function"
          ? setting.default({ NODE_ENV: "development", PORT: 3000, DATA_DIR: ".data" })
          : setting.default;
      if (d === undefined || d === "" || typeof d === "boolean" || Array.isArray(d)) continue;
      expect(settingsProblems({ [name]: String(d) }, [name as SettingName]), name).toEqual([]);
    }
  });
});
