// A real PostgreSQL primary and a streaming replica of it, started for a test in a temporary
// folder with the PostgreSQL 15 server binaries, and removed by stop().
//
// Its own primary, not the shared test server: that one allows no replication connections
// (pg_hba.conf), and changing that would mean restarting a server others are using. initdb's
// pg_hba.conf trusts local and replication connections, which is what a test on this machine needs.
import { spawn, execFile, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

export const PG_BIN = process.env.PG_BIN || "/usr/lib/postgresql/15/bin";

export interface StreamingReplica {
  /** The primary's maintenance database, as the superuser postgres. */
  primaryAdminUrl: string;
  /** The replica's maintenance database, as postgres. */
  replicaAdminUrl: string;
  /** The same database on the replica (e.g. a database created on the primary before start). */
  onReplica(primaryUrl: string): string;
  /** Stops replaying WAL on the replica (pg_wal_replay_pause), so it serves what it had. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Waits until the replica has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, tries = 300): Promise<T> {
  let last: unknown;
  for (let i = 0; i < tries; i++) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not happen: ${String(last ?? "still waiting")}`);
}

/**
 * Starts the primary, runs `prepare` on it (create and migrate databases: they are then in the
 * base backup), takes a base backup with -R and starts the replica from it.
 */
export async function startStreamingReplica(
  prepare: (primaryAdminUrl: string) => Promise<void> = async () => {},
): Promise<StreamingReplica> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "steward-replica-"));
  // PostgreSQL will not run as root: then everything runs as the postgres system user.
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? await systemUser("postgres") : null;
  if (owner) fs.chownSync(base, owner.uid, owner.gid);
  const spawnOptions = owner ? { uid: owner.uid, gid: owner.gid } : {};
  const children: ChildProcess[] = [];
  // A test run that dies without stop() must not leave servers behind.
  const killAll = () => {
    for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  };
  process.once("exit", killAll);

  const startServer = (dataDir: string, port: number) => {
    const child = spawn(
      path.join(PG_BIN, "postgres"),
      [
        "-D",
        dataDir,
        "-p",
        String(port),
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        `unix_socket_directories=${base}`,
        "-c",
        "wal_level=replica",
        "-c",
        "max_wal_senders=4",
        "-c",
        "hot_standby=on",
        // A throw-away cluster: no need to wait for the disk.
        "-c",
        "fsync=off",
        "-c",
        "full_page_writes=off",
        "-c",
        "shared_buffers=32MB",
        "-c",
        "max_connections=60",
      ],
      { ...spawnOptions, stdio: ["ignore", "ignore", "pipe"] },
    );
    let log = "";
    child.stderr!.on("data", (d) => (log = (log + d).slice(-4000)));
    children.push(child);
    return { child, log: () => log };
  };

  const stop = async () => {
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            c.once("exit", () => resolve());
            c.kill("SIGINT"); // fast shutdown
            setTimeout(() => c.kill("SIGKILL"), 10_000).unref();
          }),
      ),
    );
    process.removeListener("exit", killAll);
    fs.rmSync(base, { recursive: true, force: true });
  };

  try {
    const primaryDir = path.join(base, "primary");
    const replicaDir = path.join(base, "replica");
    await run(
      path.join(PG_BIN, "initdb"),
      ["-D", primaryDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"],
      spawnOptions,
    );
    const primaryPort = await freePort();
    const primary = startServer(primaryDir, primaryPort);
    const primaryAdminUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
    await until(`the primary starting (${primary.log()})`, async () => (await query(primaryAdminUrl, "select 1")).length || undefined);
    await prepare(primaryAdminUrl);

    await run(
      path.join(PG_BIN, "pg_basebackup"),
      ["-h", "127.0.0.1", "-p", String(primaryPort), "-U", "postgres", "-D", replicaDir, "-R", "-X", "stream", "-c", "fast", "--no-sync"],
      spawnOptions,
    );
    const replicaPort = await freePort();
    const replica = startServer(replicaDir, replicaPort);
    const replicaAdminUrl = `postgres://postgres@127.0.0.1:${replicaPort}/postgres`;
    await until(
      `the replica starting (${replica.log()})`,
      async () => (await query<{ r: boolean }>(replicaAdminUrl, "select pg_is_in_recovery() as r"))[0]?.r === true || undefined,
    );

    const onReplica = (url: string) => {
      const u = new URL(url);
      u.port = String(replicaPort);
      return u.toString();
    };
    return {
      primaryAdminUrl,
      replicaAdminUrl,
      onReplica,
      pauseReplay: async () => {
        await query(replicaAdminUrl, "select pg_wal_replay_pause()");
        await until(
          "replay pausing",
          async () =>
            (await query<{ s: string }>(replicaAdminUrl, "select pg_get_wal_replay_pause_state() as s"))[0].s === "paused" || undefined,
        );
      },
      resumeReplay: async () => void (await query(replicaAdminUrl, "select pg_wal_replay_resume()")),
      caughtUp: async () => {
        const [{ lsn }] = await query<{ lsn: string }>(primaryAdminUrl, "select pg_current_wal_lsn()::text as lsn");
        await until(
          "the replica catching up",
          async () =>
            (await query<{ ok: boolean }>(replicaAdminUrl, `select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as ok`))[0].ok || undefined,
        );
      },
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}

async function systemUser(name: string): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run("id", ["-u", name]), run("id", ["-g", name])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}
