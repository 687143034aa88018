// Loads the demo data into one database, once: db/seed/*.sql in name order, then db/demo/ (the
// pictures, readings, waterings, weather and browsing that make it look alive), all in one
// transaction; a marker in app_private.installation records that it happened. The pictures go
// into `store` (the configured picture store) before the commit: a failed seed can leave a few
// pictures of things that do not exist, never a thing without its picture.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { fileURLToPath } from "node:url";
import type { PictureStore } from "../../server/storage/index.ts";
import { seedDemoLife } from "./index.ts";

const seedDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../db/seed");

export const DEMO_ACCOUNTS = [
  { role: "admin", username: "admin", password: "DemoAdmin1" },
  { role: "member", username: "member", password: "DemoMember1" },
];

/** Returns true when this call loaded the data, false when it was there already. */
export async function seedDemoData(databaseUrl: string, store: PictureStore): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const before = await client.query("select 1 from app_private.installation where key = 'demo_seeded_at'");
    if (before.rowCount) return false;
    const files = fs
      .readdirSync(seedDir)
      .filter((f) => f.endsWith(".sql"))
      .sort();
    await client.query("begin");
    for (const file of files) await client.query(fs.readFileSync(path.join(seedDir, file), "utf8"));
    await seedDemoLife(client, store);
    await client.query("insert into app_private.installation (key, value) values ('demo_seeded_at', now()::text)");
    await client.query("commit");
    return true;
  } catch (e) {
    await client.query("rollback").catch(() => {});
    throw e;
  } finally {
    await client.end();
  }
}
