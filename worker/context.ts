// What tasks need from their surroundings (configuration, providers). startWorker runs every task inside
// its runner's context, so several runners in one process (tests) each use their own settings. A task run
// outside startWorker (e.g. by the graphile-worker CLI) gets a context built once from the environment.
import { AsyncLocalStorage } from "node:async_hooks";
import { readWorkerConfig, withNoticeKeys, type WorkerConfig } from "./config.ts";
import { createMailer, type Mailer } from "./providers/mailer.ts";

export interface WorkerContext {
  config: WorkerConfig;
  mailer: Mailer;
}

const storage = new AsyncLocalStorage<WorkerContext>();
let fallback: WorkerContext | undefined;

export function runInWorkerContext<T>(ctx: WorkerContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function workerContext(): WorkerContext {
  const ctx = storage.getStore();
  if (ctx) return ctx;
  if (!fallback) {
    const config = withNoticeKeys(readWorkerConfig());
    fallback = {
      config,
      mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir }),
    };
  }
  return fallback;
}
