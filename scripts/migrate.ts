// `npm run db:migrate`: applies migrations to DATABASE_URL (db/schema.sql is written by
// `npm run schema:export`, from a throw-away database, not from whatever DATABASE_URL holds).
import { migrate } from "../db/migrate.ts";
import "../server/config.ts";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is not set.");
  process.exit(1);
}
await migrate(url);
console.log("Migrated.");
