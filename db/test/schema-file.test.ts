// db/schema.sql is what the migrations produce (issue 23): a migration added without running
// `npm run schema:export` fails here, with the first line that differs.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { createTestDatabase, dropTestDatabase } from "../../test/database.ts";
import { dumpSchema, normaliseDump, SCHEMA_FILE } from "../schema-dump.ts";

const adminUrl = inject("adminUrl");

/** pg_dump refuses a server of a newer major version than its own. */
async function pgDumpFits(databaseUrl: string): Promise<string | null> {
  let dumpMajor: number;
  try {
    dumpMajor = Number(/(\d+)\.\d+/.exec(execFileSync("pg_dump", ["--version"], { encoding: "utf8" }))![1]);
  } catch {
    return "pg_dump is not installed";
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const serverMajor = Math.floor(Number((await client.query("show server_version_num")).rows[0].server_version_num) / 10000);
    return serverMajor > dumpMajor ? `pg_dump ${dumpMajor} cannot dump a PostgreSQL ${serverMajor} server` : null;
  } finally {
    await client.end();
  }
}

describe("db/schema.sql", () => {
  it("drops the lines that differ between machines for the same schema", () => {
    const dump =
      "\n-- Dumped from database version 15.19\n-- Dumped by pg_dump version 15.20\n\\restrict abc123\n\nCREATE SCHEMA a;\n\n\n\n\\unrestrict abc123\n";
    expect(normaliseDump(dump)).toBe("CREATE SCHEMA a;\n");
  });

  it("is what the migrations produce", async (ctx) => {
    // A database of its own: other test files add objects to the shared one while they run.
    const databaseUrl = await createTestDatabase(adminUrl, "bk_schema_file");
    let fromMigrations: string;
    try {
      const unfit = await pgDumpFits(databaseUrl);
      // CI has the matching pg_dump (Debian's, for the local server); elsewhere say why it is skipped.
      if (unfit && !process.env.CI) ctx.skip(unfit);
      expect(unfit).toBeNull();
      fromMigrations = await dumpSchema(databaseUrl);
    } finally {
      await dropTestDatabase(adminUrl, databaseUrl);
    }
    const committed = fs.readFileSync(SCHEMA_FILE, "utf8");
    if (committed !== fromMigrations) {
      const a = committed.split("\n");
      const b = fromMigrations.split("\n");
      const at = a.findIndex((line, i) => line !== b[i]);
      const line = at === -1 ? Math.min(a.length, b.length) : at;
      expect.fail(
        `db/schema.sql differs from the migrations from line ${line + 1} (committed: ${JSON.stringify(a[line])}, migrations: ${JSON.stringify(b[line])}): run npm run schema:export`,
      );
    }
  });
});
