// Runs the real server (scripts/start.ts --deployed, as `npm run server` does) as a child process against a
// given database, so its CPU and memory are its own and the bench's load generator does not share
// its event loop. The child answers memory samples over IPC (memory-probe.ts).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { authenticatorUrl } from "../../test/database.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface MemorySample {
  at: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

export interface ServerProcess {
  url: string;
  pid: number;
  webhookSecret: string;
  /** The server's memory now; with gc, after a full collection. */
  sample(gc?: boolean): Promise<MemorySample>;
  /** Lines the server wrote to stderr (errors it logged). */
  errorLines(): string[];
  stop(): Promise<void>;
}

export async function startServerProcess(options: {
  databaseUrl: string;
  runWorker?: boolean;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const webhookSecret = "bench-webhook-secret";
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-bench-"));
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: options.databaseUrl,
    AUTH_DATABASE_URL: await authenticatorUrl(options.databaseUrl),
    HOST: "127.0.0.1",
    PORT: "0",
    JWT_SECRET: randomBytes(32).toString("hex"),
    TTN_WEBHOOK_SECRET: webhookSecret,
    DATA_DIR: dataDir,
    // Measured as it would run in production: no GraphiQL, no schema export, Grafast without its
    // development checks; rate limits off because one machine plays many users.
    GRAPHILE_ENV: "production",
    GRAPHIQL: "false",
    EXPORT_SCHEMA: "false",
    RATE_LIMITS: "false",
    RUN_WORKER: options.runWorker ? "true" : "false",
    ...options.env,
  };
  const child: ChildProcess = spawn(
    process.execPath,
    [
      "--expose-gc",
      "--import",
      "tsx",
      "--import",
      path.join(root, "bench/lib/memory-probe.ts"),
      path.join(root, "scripts/start.ts"),
      "--deployed",
    ],
    { cwd: root, env, stdio: ["ignore", "pipe", "pipe", "ipc"] },
  );
  const errors: string[] = [];
  let stdout = "";
  let stderrTail = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-20_000);
    for (const line of chunk.split("\n")) if (line.trim()) errors.push(line);
  });

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start within 120 s:\n${stderrTail}`)), 120_000);
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      const m = /listening on (http:\/\/\S+)/.exec(stdout);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace("localhost", "127.0.0.1"));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}) before it listened:\n${stderrTail}`));
    });
  });

  let nextId = 0;
  const pending = new Map<number, (s: MemorySample) => void>();
  child.on("message", (m: any) => {
    if (m?.type === "memory") {
      pending.get(m.id)?.(m as MemorySample);
      pending.delete(m.id);
    }
  });

  return {
    url,
    pid: child.pid!,
    webhookSecret,
    sample(gc = false) {
      const id = ++nextId;
      return new Promise<MemorySample>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("memory sample timed out")), 10_000);
        pending.set(id, (s) => {
          clearTimeout(timer);
          resolve(s);
        });
        child.send({ type: "sample", gc, id });
      });
    },
    errorLines: () => errors,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
