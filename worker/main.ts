// Standalone worker: `npm run worker`. Reads DATABASE_URL and the rest of config.ts from the environment.
// SIGINT/SIGTERM: finish the running jobs and exit 0; a second signal exits at once, and so does
// a job still running after SHUTDOWN_DEADLINE_MS (an orchestrator's SIGKILL comes at 10 s): its
// lock dies with this process's liveness session, and a live worker runs it again (worker/liveness.ts).
import { readWorkerConfig, type WorkerConfig } from "./config.ts";
import { exitOnBadConfiguration } from "../domain/config/exit.ts";
import { startWorker, type WorkerHandle } from "./run.ts";
import { componentLogger } from "../domain/logger.ts";

const log = componentLogger("worker");

const SHUTDOWN_DEADLINE_MS = 9_500;

async function main(): Promise<void> {
  let config: WorkerConfig;
  try {
    config = readWorkerConfig();
  } catch (e) {
    exitOnBadConfiguration(e, "worker");
  }
  if (!config.databaseUrl) {
    log.error("DATABASE_URL is not set (e.g. postgres://user:pass@127.0.0.1:5432/steward)");
    process.exit(1);
  }

  // Listening for signals before starting: a signal during start-up stops the worker once started.
  let worker: WorkerHandle | undefined;
  let stoppingSince: number | undefined;
  const stop = () => {
    worker!.stop().then(
      () => process.exit(0),
      (e) => {
        log.error({ err: e }, "error while stopping");
        process.exit(1);
      },
    );
  };
  const shutdown = (signal: NodeJS.Signals) => {
    if (stoppingSince !== undefined) {
      // A terminal's Ctrl-C reaches npm and tsx too, which pass it on: the same press again.
      if (Date.now() - stoppingSince < 1000) return;
      log.warn(`${signal} again, exiting without waiting for running jobs`);
      process.exit(130);
    }
    stoppingSince = Date.now();
    log.info(`${signal} received, finishing running jobs...`);
    setTimeout(() => {
      log.error(`jobs still running after ${SHUTDOWN_DEADLINE_MS} ms; exiting (they will run again on a live worker)`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    if (worker) stop();
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);

  worker = await startWorker({ databaseUrl: config.databaseUrl });
  const mail = config.smtpUrl ? "SMTP" : `outbox ${config.outboxDir}`;
  log.info(`started, tasks: ${worker.taskNames.join(", ")}; concurrency ${worker.config.concurrency}; mail: ${mail}`);
  if (stoppingSince !== undefined) stop();

  worker.promise.then(
    () => {
      if (stoppingSince === undefined) {
        log.error("the runner stopped unexpectedly");
        process.exit(1);
      }
    },
    (e) => {
      log.error({ err: e }, "the runner failed");
      process.exit(1);
    },
  );
}

main().catch((e) => {
  log.error({ err: e instanceof Error ? e.message : e }, "could not start");
  process.exit(1);
});
