// `npm run server`: the API and SPA against DATABASE_URL (migrations are applied first), and the
// worker in the same process unless RUN_WORKER=false.
import "./env-defaults.ts";
import { loadConfig } from "./config.ts";
import { startServer } from "./app.ts";
import { migrate } from "../db/migrate.ts";

const config = loadConfig();
if (!config.databaseUrl) {
  console.error("DATABASE_URL is not set. Use `npm start` for a local embedded database.");
  process.exit(1);
}
await migrate(config.databaseUrl);
const server = await startServer(config);
console.log(`API and app listening on ${server.url}`);

let worker: { stop(): Promise<void> } | null = null;
if (config.runWorker) {
  const { startWorker } = await import("../worker/run.ts");
  worker = await startWorker({ databaseUrl: config.databaseUrl });
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    await worker?.stop();
    await server.close();
    process.exit(0);
  });
}
