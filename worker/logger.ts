// graphile-worker's Logger, writing through the one logger (domain/logger.ts): one line per event,
// jobs by name and id (job=send_email#9), never the whole job object graphile-worker passes as
// meta (its console logger printed some 25 lines per job). A job that succeeded is a debug line:
// the job's own info line says what it did; failures stay errors.
import { Logger as WorkerLogger } from "graphile-worker";
import { componentLogger, type Logger } from "../domain/logger.ts";

type LogScope = Parameters<ConstructorParameters<typeof WorkerLogger>[0]>[0];

const COMPLETED = /^Completed task \d+ \(.*\) with success/;

function fieldsOf(scope: Partial<LogScope>, meta: unknown): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (scope.taskIdentifier || scope.jobId) fields.job = `${scope.taskIdentifier ?? "?"}#${scope.jobId ?? "?"}`;
  const error = (meta as { error?: unknown } | undefined)?.error;
  if (error instanceof Error) fields.err = error;
  return fields;
}

/** A graphile-worker Logger over `base` (componentLogger("worker") by default). */
export function workerLogger(base: Logger = componentLogger("worker")): WorkerLogger {
  return new WorkerLogger((scope) => (level, message, meta) => {
    const fields = fieldsOf(scope, meta);
    switch (level) {
      case "error":
        base.error(fields, message);
        break;
      case "warning":
        base.warn(fields, message);
        break;
      case "info":
        if (COMPLETED.test(message)) base.debug(fields, message);
        else base.info(fields, message);
        break;
      default:
        base.debug(fields, message);
    }
  });
}
