// Applies the project's migrations to one database: graphile-worker's own schema first (our SQL
// functions queue jobs, and SQL-language functions are checked when created), then ours (dbmate,
// db/migrations).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { runMigrations } from "graphile-worker";

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The URL dbmate gets. Its driver requires TLS unless the URL says otherwise, which a local server
 * (loopback or unix socket) usually does not offer: a local URL without an sslmode gets
 * sslmode=disable. Any other URL is passed as written, so TLS is never switched off behind the
 * operator's back; a database on a private network without TLS says so with ?sslmode=disable.
 */
export function dbmateUrl(url: string): string {
  if (/[?&]sslmode=/.test(url) || !isLocalDatabaseUrl(url)) return url;
  return `${url}${url.includes("?") ? "&" : "?"}sslmode=disable`;
}

/** Whether a postgres:// URL reaches a server on this machine: loopback, or a unix socket. */
export function isLocalDatabaseUrl(url: string): boolean {
  const match = /^postgres(?:ql)?:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^/?#:]*)/i.exec(url);
  if (!match) return false;
  const query = url.includes("?") ? new URLSearchParams(url.slice(url.indexOf("?") + 1)) : new URLSearchParams();
  // A host parameter wins over the URL's host (libpq); no host at all means PGHOST or the socket.
  let host = query.get("host") ?? decodeURIComponent(match[1]);
  if (host === "") host = process.env.PGHOST ?? "";
  host = host.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "" || host.startsWith("/") || host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export async function migrate(databaseUrl: string): Promise<void> {
  const args = [
    "--url",
    dbmateUrl(databaseUrl),
    "--migrations-dir",
    path.join(root, "db/migrations"),
    "--schema-file",
    path.join(root, "db/schema.sql"),
    "--no-dump-schema",
    "up",
  ];
  await runMigrations({ connectionString: databaseUrl, logger: quietLogger });
  const dbmate = path.join(root, "node_modules/.bin/dbmate");
  try {
    await run(dbmate, args, { cwd: root });
  } catch (e) {
    const { stderr, message } = e as { stderr?: string; message?: string };
    const detail = String(stderr || message);
    const hint = /SSL is not enabled on the server/i.test(detail)
      ? " (the database offers no TLS: if it is on a private network, add ?sslmode=disable to DATABASE_URL)"
      : "";
    throw new Error(`Migration failed: ${detail.trim()}${hint}`);
  }
}

import { Logger } from "graphile-worker";
const quietLogger = new Logger(() => (level: string, message: string) => {
  if (level === "error" || level === "warning") console.warn(`[worker-migrate] ${message}`);
});
