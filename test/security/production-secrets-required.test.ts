// Attack: a production server started without JWT_SECRET used to generate a secret into its own
// data folder. Each instance then signed tokens with its own key (a session breaks whenever the
// load balancer picks another instance), and a short or guessable JWT_SECRET was accepted as is.
// Production (NODE_ENV=production) now refuses to start without a JWT_SECRET of at least 32
// characters, and a TTN_WEBHOOK_SECRET, when given, must be at least 16 characters.
import { describe, it, expect, afterEach } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig, dataDir } from "../../server/config.ts";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

const LONG_SECRET = "a".repeat(20) + "-production-secret-0123456789";

function env(values: Record<string, string | undefined>) {
  for (const key of ["JWT_SECRET", "TTN_WEBHOOK_SECRET", "NODE_ENV"]) delete process.env[key];
  for (const [key, value] of Object.entries(values)) if (value !== undefined) process.env[key] = value;
}

describe("production secrets", () => {
  it("without JWT_SECRET, production refuses to start and says what to set", () => {
    env({ NODE_ENV: "production" });
    const before = fs.existsSync(path.join(dataDir, "jwt-secret")) ? fs.readFileSync(path.join(dataDir, "jwt-secret"), "utf8") : null;
    expect(() => loadConfig()).toThrow(/JWT_SECRET must be set in production/);
    // Nothing was generated into the data folder on the way.
    const after = fs.existsSync(path.join(dataDir, "jwt-secret")) ? fs.readFileSync(path.join(dataDir, "jwt-secret"), "utf8") : null;
    expect(after).toBe(before);
  });

  it("a JWT_SECRET shorter than 32 characters is refused, in production and elsewhere", () => {
    env({ NODE_ENV: "production", JWT_SECRET: "short-secret" });
    expect(() => loadConfig()).toThrow(/JWT_SECRET must be at least 32 characters/);
    env({ NODE_ENV: "development", JWT_SECRET: "short-secret" });
    expect(() => loadConfig()).toThrow(/JWT_SECRET must be at least 32 characters/);
  });

  it("a long JWT_SECRET is used as given", () => {
    env({ NODE_ENV: "production", JWT_SECRET: LONG_SECRET });
    expect(loadConfig().jwtSecret).toBe(LONG_SECRET);
  });

  it("a secret passed by the caller (tests, scripts) counts as set", () => {
    env({ NODE_ENV: "production" });
    expect(loadConfig({ jwtSecret: LONG_SECRET }).jwtSecret).toBe(LONG_SECRET);
  });

  it("outside production a local secret is still generated, so `npm start` needs no setup", () => {
    env({ NODE_ENV: "development" });
    expect(loadConfig().jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("TTN_WEBHOOK_SECRET stays optional in production (the webhook answers 503), but a short one is refused", () => {
    env({ NODE_ENV: "production", JWT_SECRET: LONG_SECRET });
    expect(loadConfig().ttnWebhookSecret).toBe("");
    env({ NODE_ENV: "production", JWT_SECRET: LONG_SECRET, TTN_WEBHOOK_SECRET: "tooshort" });
    expect(() => loadConfig()).toThrow(/TTN_WEBHOOK_SECRET must be at least 16 characters/);
    env({ NODE_ENV: "production", JWT_SECRET: LONG_SECRET, TTN_WEBHOOK_SECRET: "a-webhook-secret-long-enough" });
    expect(loadConfig().ttnWebhookSecret).toBe("a-webhook-secret-long-enough");
  });
});

describe("server/main.ts in production without JWT_SECRET", () => {
  it("exits at once with the message, not a stack trace", async () => {
    const { startNode } = await import("../../server/test/faults/processes.ts");
    const parent = await fs.promises.mkdtemp(path.join(os.tmpdir(), "steward-secrets-"));
    try {
      const child = startNode("server/main.ts", {
        NODE_ENV: "production",
        // Never reached: the configuration is refused before any connection.
        DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
        DATA_DIR: path.join(parent, "data"),
      });
      const code = await child.exited;
      expect(code).toBe(1);
      expect(child.output()).toMatch(/JWT_SECRET must be set in production/);
      expect(child.output()).not.toMatch(/^\s+at /m);
      // No secret was generated for it.
      expect(fs.existsSync(path.join(parent, "data", "jwt-secret"))).toBe(false);
    } finally {
      await fs.promises.rm(parent, { recursive: true, force: true });
    }
  });
});
