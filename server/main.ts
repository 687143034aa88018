// `npm run server`: the API and SPA against DATABASE_URL (migrations are applied first), and the
// worker in the same process unless RUN_WORKER=false. SIGINT/SIGTERM drain both and exit 0
// (server/shutdown.ts).
import "./env-defaults.ts";
import { loadConfig, type ServerConfig } from "./config.ts";
import { startServer, type RunningServer } from "./app.ts";
import { stopOnSignals } from "./shutdown.ts";
import { migrate } from "../db/migrate.ts";
import { componentLogger } from "../domain/logger.ts";

const log = componentLogger("server");

let config: ServerConfig;
try {
  config = loadConfig();
} catch (e) {
  log.error(`Configuration: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}
if (!config.databaseUrl) {
  log.error("DATABASE_URL is not set. Use `npm start` for a local embedded database.");
  process.exit(1);
}

let server: RunningServer | undefined;
let worker: { stop(): Promise<void> } | undefined;
// From here on a signal drains whatever has started (requests in flight, running jobs).
stopOnSignals("server", async () => {
  await Promise.all([server?.close(), worker?.stop()]);
});

await migrate(config.databaseUrl);
server = await startServer(config);
log.info(`API and app listening on ${server.url}`);

if (config.runWorker) {
  const { startWorker } = await import("../worker/run.ts");
  worker = await startWorker({ databaseUrl: config.databaseUrl });
}
