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

/** dbmate refuses local URLs without an explicit sslmode. */
export function withSslModeDisabled(url: string): string {
  const u = new URL(url);
  if (!u.searchParams.has("sslmode")) u.searchParams.set("sslmode", "disable");
  return u.toString();
}

export async function migrate(databaseUrl: string, opts: { dumpSchema?: boolean } = {}): Promise<void> {
  const args = [
    "--url", withSslModeDisabled(databaseUrl),
    "--migrations-dir", path.join(root, "db/migrations"),
    "--schema-file", path.join(root, "db/schema.sql"),
    "--no-dump-schema",
    "up",
  ];
  if (opts.dumpSchema) args.splice(args.indexOf("--no-dump-schema"), 1);
  await runMigrations({ connectionString: databaseUrl, logger: quietLogger });
  const dbmate = path.join(root, "node_modules/.bin/dbmate");
  try {
    await run(dbmate, args, { cwd: root });
  } catch (e: any) {
    throw new Error(`Migration failed: ${e.stderr || e.message}`);
  }
}

import { Logger } from "graphile-worker";
const quietLogger = new Logger(() => (level: string, message: string) => {
  if (level === "error" || level === "warning") console.warn(`[worker-migrate] ${message}`);
});
