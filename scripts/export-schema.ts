// `npm run schema:export`: writes server/schema.graphql and db/schema.sql from a freshly migrated
// throw-away database, so the committed schemas always match the migrations.
import fs from "node:fs/promises";
import pg from "pg";
import { postgraphile } from "postgraphile";
import { findTestServer, createTestDatabase, dropTestDatabase } from "../test/database.ts";
import { makePreset } from "../server/graphql/preset.ts";
import { loadConfig } from "../server/config.ts";
import { localStore } from "../server/storage/local.ts";
import { sharedLimits } from "../server/auth/rate-limit.ts";
import { dumpSchema, SCHEMA_FILE } from "../db/schema-dump.ts";

const server = await findTestServer();
const url = await createTestDatabase(server.adminUrl, "bk_schema");
try {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const config = loadConfig({ databaseUrl: url, exportSchema: true });
  // Only the schema is built: nothing is stored or counted.
  const pgl = postgraphile(
    makePreset(config, { pool, superuserPool: pool, pictureStore: localStore(config.dataDir), limits: sharedLimits(pool) }),
  );
  await pgl.getSchema();
  await pgl.release();
  await pool.end();
  console.log("Wrote server/schema.graphql");
  await fs.writeFile(SCHEMA_FILE, await dumpSchema(url));
  console.log("Wrote db/schema.sql");
} finally {
  await dropTestDatabase(server.adminUrl, url);
  await server.stop();
}
