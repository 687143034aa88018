// `npm run seed`: loads the demo data into DATABASE_URL (never done automatically there).
import { seedDemoData, DEMO_ACCOUNTS } from "./demo/seed.ts";
import { loadConfig } from "../server/config.ts";
import { openPictureStore } from "../server/storage/index.ts";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is not set.");
  process.exit(1);
}
const store = openPictureStore(loadConfig({ databaseUrl: url }));
const loaded = await seedDemoData(url, store).finally(() => store.close());
if (loaded) {
  console.log("Demo data loaded. Accounts:");
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.role.padEnd(7)} username ${a.username}  passphrase ${a.password}`);
} else {
  console.log("Demo data was already loaded.");
}
