// The API and SPA alone against DATABASE_URL (migrations are applied first), for a process that
// serves while workers run apart (worker/main.ts). The server never starts the worker itself:
// scripts/start.ts is the one place that starts both together (`npm start`, `npm run server`,
// the Docker image). SIGINT/SIGTERM drain the requests in flight and exit 0 (server/shutdown.ts).
import "./env-defaults.ts";
import { loadConfig, type ServerConfig } from "./config.ts";
import { startServer, type RunningServer } from "./app.ts";
import { stopOnSignals } from "./shutdown.ts";
import { migrate } from "../db/migrate.ts";
import { componentLogger } from "../domain/logger.ts";
import { exitOnBadConfiguration } from "../domain/config/exit.ts";

const log = componentLogger("server");

let config: ServerConfig;
try {
  config = loadConfig();
} catch (e) {
  exitOnBadConfiguration(e, "server");
}
if (!config.databaseUrl) {
  log.error("DATABASE_URL is not set. Use `npm start` for a local embedded database.");
  process.exit(1);
}

let server: RunningServer | undefined;
// From here on a signal drains whatever has started (requests in flight).
stopOnSignals("server", async () => {
  await server?.close();
});

await migrate(config.databaseUrl);
server = await startServer(config);
log.info(`API and app listening on ${server.url}`);
if (config.runWorker) log.info("no worker in this process: run worker/main.ts, or scripts/start.ts for both");
