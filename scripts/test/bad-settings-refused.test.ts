// A wrong setting stops the real entry points before they listen or run a job: exit 1, every
// wrong value named on stderr, no stack trace, nothing generated into the data folder.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { rootDir } from "../../server/config.ts";

let parent: string;
beforeAll(async () => {
  parent = await fs.promises.mkdtemp(path.join(os.tmpdir(), "steward-bad-settings-"));
});
afterAll(async () => {
  await fs.promises.rm(parent, { recursive: true, force: true });
});

/** Runs `node --import tsx <script>` with only these variables; resolves with its exit code and output. */
function run(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: rootDir,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

// Never reached: the configuration is refused before any connection.
const NOWHERE = "postgres://nobody@127.0.0.1:1/none";

describe("a wrong setting stops the start", () => {
  it("npm run server (scripts/start.ts --deployed): every wrong value of the server and the worker, before listening", async () => {
    const dataDir = path.join(parent, "server-data");
    const { code, stdout, stderr } = await run("scripts/start.ts", ["--deployed"], {
      NODE_ENV: "test",
      DATABASE_URL: NOWHERE,
      DATA_DIR: dataDir,
      PORT: "0",
      RATE_LIMITS: "ture",
      API_POOL_SIZE: "-1",
      STORAGE: "disk",
      WORKER_CONCURRENCY: "lots",
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(/Configuration: 4 settings are wrong/);
    expect(stderr).toContain(`RATE_LIMITS must be true or false (or 1/0, yes/no), got "ture"`);
    expect(stderr).toContain(`API_POOL_SIZE must be a whole number of at least 1, got "-1"`);
    expect(stderr).toContain(`STORAGE must be one of local, postgres, s3, got "disk"`);
    expect(stderr).toContain(`WORKER_CONCURRENCY must be a whole number from 1 to 100, got "lots"`);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stdout).not.toMatch(/listening|migrat/i);
    expect(fs.existsSync(path.join(dataDir, "jwt-secret"))).toBe(false);
  });

  it("a server that runs apart from the worker (RUN_WORKER=false) is not held to the worker's settings", async () => {
    const { code, stderr } = await run("scripts/start.ts", ["--deployed"], {
      NODE_ENV: "test",
      DATABASE_URL: NOWHERE,
      DATA_DIR: path.join(parent, "apart"),
      RUN_WORKER: "false",
      WORKER_CONCURRENCY: "lots",
      GRAPHIQL: "maybe",
    });
    expect(code).toBe(1);
    expect(stderr).toContain(`GRAPHIQL must be true or false (or 1/0, yes/no), got "maybe"`);
    expect(stderr).not.toContain("WORKER_CONCURRENCY");
  });

  it("npm run worker (worker/main.ts): every wrong value, before running a job", async () => {
    const { code, stdout, stderr } = await run("worker/main.ts", [], {
      NODE_ENV: "test",
      DATABASE_URL: NOWHERE,
      DATA_DIR: path.join(parent, "worker-data"),
      WORKER_CONCURRENCY: "0",
      PUBLIC_URL: "localhost:3000",
      EA_API_URL: "nowhere",
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(/Configuration: 3 settings are wrong/);
    expect(stderr).toContain(`WORKER_CONCURRENCY must be a whole number from 1 to 100, got "0"`);
    expect(stderr).toContain(
      `PUBLIC_URL must be an absolute http:// or https:// URL without a query or fragment (such as https://steward.example.org), got "localhost:3000"`,
    );
    expect(stderr).toContain(`EA_API_URL must be an absolute http:// or https:// URL`);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stdout).not.toMatch(/started, tasks/);
  });

  it("JSON logs stay JSON: the refusal is one JSON line on stderr", async () => {
    const { code, stderr } = await run("worker/main.ts", [], { LOG_FORMAT: "json", DATABASE_URL: NOWHERE, NOTICES_PER_DAY: "0" });
    expect(code).toBe(1);
    const line = JSON.parse(stderr.trim()) as { level: number; component: string; msg: string };
    expect(line).toMatchObject({ level: 50, component: "worker" });
    expect(line.msg).toBe(`Configuration: NOTICES_PER_DAY must be a whole number of at least 1, got "0"`);
  });
});
