// `npm run schema:export`: writes server/schema.graphql from a freshly migrated throw-away
// database, so the committed schema always matches the migrations.
import pg from "pg";
import { postgraphile } from "postgraphile";
import { findTestServer, createTestDatabase, dropTestDatabase, urlAsRole } from "../test/database.ts";
import { makePreset } from "../server/graphql/preset.ts";
import { loadConfig } from "../server/config.ts";

const server = await findTestServer();
const url = await createTestDatabase(server.adminUrl, "bk_schema");
try {
  // Introspect as the API's login role: what it may not do (by grants) is left out of the schema.
  const pool = new pg.Pool({ connectionString: urlAsRole(url, "bk_authenticator"), max: 2 });
  const ownerPool = new pg.Pool({ connectionString: url, max: 2 });
  const config = loadConfig({ databaseUrl: url, exportSchema: true });
  const pgl = postgraphile(makePreset(config, { pool, superuserPool: ownerPool }));
  await pgl.getSchema();
  await pgl.release();
  await Promise.all([pool.end(), ownerPool.end()]);
  console.log("Wrote server/schema.graphql");
} finally {
  await dropTestDatabase(server.adminUrl, url);
  await server.stop();
}
