// Real processes for the fault tests: the server (server/main.ts) and the worker (worker/main.ts)
// started as Node children, so they can be killed with SIGKILL and started again the way an
// orchestrator would. Each child is one Node process (`node --import tsx`, not the tsx CLI, which
// would put a second process between us and the one we mean to kill).
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export interface Child {
  process: ChildProcess;
  /** Everything it printed so far (stdout and stderr), for assertions and failure messages. */
  output(): string;
  /** Resolves with the first line matching `pattern`; rejects if the process exits first or time runs out. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves once the process has exited. */
  exited: Promise<number | null>;
  /** SIGKILL: no handler runs, nothing is cleaned up. */
  kill9(): Promise<void>;
  /** SIGTERM and wait (SIGKILL after 10 s). */
  stop(): Promise<void>;
}

export function startNode(script: string, env: Record<string, string>, label = path.basename(script), args: string[] = []): Child {
  return startProcess(process.execPath, ["--import", "tsx", script, ...args], env, label);
}

/** Any program as a child (for example Debian's caddy in front of the servers). */
export function startProcess(command: string, args: string[], env: Record<string, string>, label = path.basename(command)): Child {
  const child = spawn(command, args, {
    cwd: rootDir,
    // A clean environment on purpose: nothing from the test runner's settings leaks in.
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString("utf8");
    for (const l of listeners) l();
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let done = false;
  void exited.then(() => {
    done = true;
    for (const l of listeners) l();
  });

  return {
    process: child,
    output: () => text,
    exited,
    waitForLine(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const line = text.split("\n").find((l) => pattern.test(l));
          if (line !== undefined) {
            finish();
            resolve(line);
          } else if (done) {
            finish();
            reject(new Error(`${label} exited before printing ${pattern}:\n${text}`));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`${label} did not print ${pattern} within ${timeoutMs} ms:\n${text}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    async kill9() {
      if (!done) child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (done) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A TCP port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The worker's settings for a test: no hourly checks within the test, dead workers found fast. */
export function workerEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    // The first hourly checks would run a second after start; keep them out of the test's way.
    HOURLY_JOB_INITIAL_DELAY_MS: "3600000",
    WORKER_LOCK_GRACE_MS: "500",
    WORKER_LOCK_SWEEP_MS: "500",
    PUBLIC_URL: "https://steward.example.org",
    MAIL_FROM: "no-reply@steward.test",
    ...extra,
  };
}

/** A server of the fleet tests: no worker, rate limits on, pictures in the given S3 bucket, the proxy on loopback trusted. */
export function fleetServerEnv(o: {
  databaseUrl: string;
  authUrl: string;
  dataDir: string;
  port: number;
  jwtSecret: string;
  webhookSecret: string;
  s3: { bucket: string; endpoint: string; region: string; accessKeyId: string; secretAccessKey: string };
}): Record<string, string> {
  return {
    DATABASE_URL: o.databaseUrl,
    AUTH_DATABASE_URL: o.authUrl,
    JWT_SECRET: o.jwtSecret,
    DATA_DIR: o.dataDir,
    PORT: String(o.port),
    HOST: "127.0.0.1",
    RUN_WORKER: "false",
    TTN_WEBHOOK_SECRET: o.webhookSecret,
    EXPORT_SCHEMA: "false",
    GRAPHIQL: "false",
    RATE_LIMITS: "true",
    // As in docker-compose.yml: the proxy's address (here loopback) is the only one believed.
    TRUST_PROXY: "loopback",
    STORAGE: "s3",
    S3_BUCKET: o.s3.bucket,
    S3_ENDPOINT: o.s3.endpoint,
    S3_REGION: o.s3.region,
    S3_ACCESS_KEY_ID: o.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: o.s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
  };
}
