// `npm run test:e2e [-- e2e/some.test.mjs ...]`: builds the web app into a folder of its own,
// starts the real server (and worker) on a fresh database, then runs the browser tests
// (e2e/*.test.mjs, or the files named; Node's test runner driving Debian's chromium through
// playwright-core). Several runs can go at once: each has its own build, database and port.
import { spawn } from "node:child_process";
import path from "node:path";
import fs from "node:fs";
import { findTestServer, createTestDatabase, dropTestDatabase, authenticatorUrl } from "../test/database.ts";
import { loadConfig, rootDir } from "../server/config.ts";
import { startServer } from "../server/app.ts";
import { ensureWebBuild } from "../scripts/web-build.ts";
import { startPushService } from "../test/push-service.ts";
import { SETTINGS } from "../domain/config/settings.ts";

const pgServer = await findTestServer();
const databaseUrl = await createTestDatabase(pgServer.adminUrl, "bk_e2e");
fs.mkdirSync(path.join(rootDir, ".data"), { recursive: true });
const outbox = fs.mkdtempSync(path.join(rootDir, ".data", "e2e-outbox-"));
let exitCode = 1;
try {
  const webDistDir = await ensureWebBuild(path.join(outbox, "web"));
  process.env.MAIL_OUTBOX_DIR = outbox;
  const server = await startServer(
    loadConfig({
      databaseUrl,
      authDatabaseUrl: await authenticatorUrl(databaseUrl),
      port: 0,
      host: "127.0.0.1",
      exportSchema: false,
      // The browser tests register many people from one address.
      rateLimits: false,
      webDistDir,
      dataDir: path.join(outbox, "data"),
      ttnWebhookSecret: "e2e-ttn-secret",
    }),
  );
  // A stand-in push service the worker may send to (e2e/push.test.mjs checks what it received).
  const pushService = await startPushService({ recordAll: true });
  const { startWorker } = await import("../worker/run.ts");
  const worker = await startWorker({
    databaseUrl,
    env: { ...process.env, PUSH_ENDPOINT_HOSTS: [...SETTINGS.PUSH_ENDPOINT_HOSTS.default, pushService.origin].join(",") },
  });
  try {
    const named = process.argv.slice(2).map((f) => path.basename(f));
    const files = named.length
      ? named
      : fs
          .readdirSync(path.join(rootDir, "e2e"))
          .filter((f) => f.endsWith(".test.mjs"))
          .sort();
    exitCode = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ["--test", "--test-concurrency=1", ...files.map((f) => path.join("e2e", f))], {
        cwd: rootDir,
        stdio: "inherit",
        env: {
          ...process.env,
          BASE_URL: server.url,
          DATABASE_URL: databaseUrl,
          MAIL_OUTBOX_DIR: outbox,
          TTN_WEBHOOK_SECRET: "e2e-ttn-secret",
          PUSH_SERVICE_URL: pushService.origin,
        },
      });
      child.on("exit", (code) => resolve(code ?? 1));
    });
  } finally {
    await worker.stop();
    await server.close();
    await pushService.close();
  }
} finally {
  await dropTestDatabase(pgServer.adminUrl, databaseUrl);
  await pgServer.stop();
  fs.rmSync(outbox, { recursive: true, force: true });
}
process.exit(exitCode);
