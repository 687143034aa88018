// Standalone worker: `npm run worker`. Reads DATABASE_URL and the rest of config.ts from the environment.
// SIGINT/SIGTERM: finish the running jobs and exit; a second signal exits at once.
import { readWorkerConfig } from "./config.ts";
import { startWorker } from "./run.ts";

async function main(): Promise<void> {
  const config = readWorkerConfig();
  if (!config.databaseUrl) {
    console.error("worker: DATABASE_URL is not set (e.g. postgres://user:pass@127.0.0.1:5432/steward)");
    process.exit(1);
  }
  const worker = await startWorker({ databaseUrl: config.databaseUrl });
  const mail = config.smtpUrl ? "SMTP" : `outbox ${config.outboxDir}`;
  console.log(`worker: started, tasks: ${worker.taskNames.join(", ")}; concurrency ${worker.config.concurrency}; mail: ${mail}`);

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.warn(`worker: ${signal} again, exiting without waiting for running jobs`);
      process.exit(130);
    }
    stopping = true;
    console.log(`worker: ${signal} received, finishing running jobs...`);
    worker.stop().then(
      () => process.exit(0),
      (e) => {
        console.error("worker: error while stopping:", e);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);

  worker.promise.then(
    () => {
      if (!stopping) {
        console.error("worker: the runner stopped unexpectedly");
        process.exit(1);
      }
    },
    (e) => {
      console.error("worker: the runner failed:", e);
      process.exit(1);
    },
  );
}

main().catch((e) => {
  console.error("worker: could not start:", e instanceof Error ? e.message : e);
  process.exit(1);
});
