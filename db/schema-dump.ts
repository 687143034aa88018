// db/schema.sql: the whole schema as the migrations leave it (dbmate's dump: pg_dump's schema
// without owners or grants, then the applied versions), so a function's current definition is
// read in one place instead of replayed through the migrations that redefined it. Written by
// `npm run schema:export`; db/test/schema-file.test.ts fails when it differs from the migrations.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { dbmateUrl } from "./migrate.ts";

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SCHEMA_FILE = path.join(root, "db/schema.sql");

/**
 * Lines that differ between machines for the same schema: the server's and pg_dump's minor
 * versions, and the random key of the \restrict guard that newer pg_dump releases add.
 */
export function normaliseDump(text: string): string {
  return (
    text
      .split("\n")
      .filter((line) => !/^-- Dumped (from database|by pg_dump) version /.test(line) && !/^\\(un)?restrict /.test(line))
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .replace(/^\n+/, "")
      .trimEnd() + "\n"
  );
}

/** dbmate's dump of a migrated database, normalised. Needs pg_dump of the server's major version. */
export async function dumpSchema(databaseUrl: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "steward-schema-"));
  const file = path.join(dir, "schema.sql");
  try {
    await run(path.join(root, "node_modules/.bin/dbmate"), ["--url", dbmateUrl(databaseUrl), "--schema-file", file, "dump"], { cwd: root });
    return normaliseDump(await fs.readFile(file, "utf8"));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
