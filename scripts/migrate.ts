// `npm run db:migrate`: applies migrations to DATABASE_URL and refreshes db/schema.sql.
import { migrate } from "../db/migrate.ts";
import "../server/config.ts";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is not set.");
  process.exit(1);
}
await migrate(url, { dumpSchema: true });
console.log("Migrated.");
