// How a process that will not start says why: the message, on stderr, then exit 1, before it
// listens or runs a job. It goes through the logger (JSON lines in production stay JSON) at error
// level whatever LOG_LEVEL says: a start refused in silence would look like a hang.
import { createLogger } from "../logger.ts";

/** Writes `Configuration: <message>` (no stack trace) to stderr and exits 1. */
export function exitOnBadConfiguration(error: unknown, component: string): never {
  const message = error instanceof Error ? error.message : String(error);
  createLogger({ level: "error", destination: process.stderr }).child({ component }).error(`Configuration: ${message}`);
  process.exit(1);
}
