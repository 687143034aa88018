// The tests' databases (issue 23): tests work only in databases they made, never in the
// developer's DATABASE_URL, and drop only what they made.
import pg from "pg";
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, inject, it } from "vitest";
import { createEmptyTestDatabase, databaseUrl, dropTestDatabase, findTestServer } from "../../test/database.ts";

const adminUrl = inject("adminUrl");

async function exists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const saved = { DATABASE_URL: process.env.DATABASE_URL, TEST_DATABASE_URL: process.env.TEST_DATABASE_URL };
afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

describe("test databases", () => {
  it("never take the developer's DATABASE_URL as the server to work in", async () => {
    delete process.env.TEST_DATABASE_URL;
    process.env.DATABASE_URL = "postgres://someone@127.0.0.1:5432/their_own_app";
    const server = await findTestServer();
    try {
      expect(server.adminUrl).not.toContain("their_own_app");
    } finally {
      await server.stop();
    }
  });

  it("reach TEST_DATABASE_URL's server through its maintenance database, not the database named", async () => {
    process.env.TEST_DATABASE_URL = databaseUrl(adminUrl, "their_own_app");
    const server = await findTestServer();
    expect(new URL(server.adminUrl).pathname).toBe("/postgres");
  });

  it("drop only databases this run made", async () => {
    // A database the tests did not make, with a name like theirs: left alone.
    const foreign = `bk_test_${randomBytes(5).toString("hex")}`;
    await adminQuery(`create database ${foreign}`);
    try {
      await expect(dropTestDatabase(adminUrl, databaseUrl(adminUrl, foreign))).rejects.toThrow(/only databases this test run made/);
      expect(await exists(foreign)).toBe(true);
    } finally {
      await adminQuery(`drop database if exists ${foreign}`);
    }
    // One it made: dropped, and only once.
    const mine = await createEmptyTestDatabase(adminUrl, "bk_dropme");
    const name = new URL(mine).pathname.slice(1);
    expect(await exists(name)).toBe(true);
    await dropTestDatabase(adminUrl, mine);
    expect(await exists(name)).toBe(false);
    await expect(dropTestDatabase(adminUrl, mine)).rejects.toThrow(/only databases this test run made/);
  });
});
