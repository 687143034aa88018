// Stopping without cutting anyone off, for server/app.ts and the entry points (server/main.ts,
// scripts/start.ts): on SIGINT or SIGTERM stop accepting, let requests in flight finish, close
// websockets with 1001 (server/graphql/websocket.ts), then close the pools. A deadline bounds
// it all: orchestrators send SIGKILL after 10 s.
import { componentLogger } from "../domain/logger.ts";

/** How long an entry point waits for the whole shutdown before it exits anyway (exit code 1). */
export const SHUTDOWN_DEADLINE_MS = 9_500;
/** How long requests in flight may still run once shutdown begins; then their connections are cut. */
export const DRAIN_MS = 8_000;

/**
 * Runs `stop` once on the first SIGINT or SIGTERM and exits 0 when it is done; exits 1 if it fails
 * or takes longer than the deadline. A second signal while stopping is ignored (a terminal sends
 * Ctrl-C to npm and tsx as well, which pass it on).
 */
export function stopOnSignals(label: string, stop: () => Promise<void>, deadlineMs = SHUTDOWN_DEADLINE_MS): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const log = componentLogger(label);
    log.info(`${signal}: stopping (requests in flight and running jobs finish first)...`);
    const deadline = setTimeout(() => {
      log.error(`still stopping after ${deadlineMs} ms; exiting anyway`);
      process.exit(1);
    }, deadlineMs);
    deadline.unref();
    stop().then(
      () => {
        log.info(`stopped`);
        process.exit(0);
      },
      (e) => {
        log.error(`error while stopping: ${e instanceof Error ? e.message : e}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}
