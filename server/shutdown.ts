// Stopping without cutting anyone off, for server/app.ts and the entry points (server/main.ts,
// scripts/start.ts): on SIGINT or SIGTERM stop accepting, let requests in flight finish, close
// websockets with 1001 (going away: the SPA reconnects, to another instance if there is one),
// then close the pools. A deadline bounds it all: orchestrators send SIGKILL after 10 s.
import type { Duplex } from "node:stream";

/** How long an entry point waits for the whole shutdown before it exits anyway (exit code 1). */
export const SHUTDOWN_DEADLINE_MS = 9_500;
/** How long requests in flight may still run once shutdown begins; then their connections are cut. */
export const DRAIN_MS = 8_000;

export const GOING_AWAY = 1001;

interface ClosableWebSocket {
  readyState: number;
  close(code: number, reason: string): void;
}

/**
 * The `ws` WebSocket that runs over an upgraded socket. `ws` keeps it on the socket under a symbol
 * of its own; whichever handler accepted the upgrade (server/graphql/websocket.ts), this finds it.
 */
function webSocketOf(socket: Duplex): ClosableWebSocket | undefined {
  for (const symbol of Object.getOwnPropertySymbols(socket)) {
    const value = (socket as any)[symbol];
    if (value && typeof value === "object" && typeof value.close === "function" && typeof value.ping === "function" && "readyState" in value) {
      return value as ClosableWebSocket;
    }
  }
  return undefined;
}

/**
 * Closes every open websocket with 1001 and waits (up to `timeoutMs`) for the closing handshakes;
 * sockets without a websocket on them, or still open after the wait, are destroyed.
 */
export async function closeWebSockets(sockets: Iterable<Duplex>, timeoutMs = 1_000): Promise<void> {
  const waits: Promise<void>[] = [];
  for (const socket of sockets) {
    if (socket.destroyed) continue;
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    const ws = webSocketOf(socket);
    if (ws && ws.readyState === 1 /* OPEN */) ws.close(GOING_AWAY, "Server shutting down");
    else socket.destroy();
    waits.push(closed);
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(waits), new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
  for (const socket of sockets) if (!socket.destroyed) socket.destroy();
}

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
    console.log(`[${label}] ${signal}: stopping (requests in flight and running jobs finish first)...`);
    const deadline = setTimeout(() => {
      console.error(`[${label}] still stopping after ${deadlineMs} ms; exiting anyway`);
      process.exit(1);
    }, deadlineMs);
    deadline.unref();
    stop().then(
      () => {
        console.log(`[${label}] stopped`);
        process.exit(0);
      },
      (e) => {
        console.error(`[${label}] error while stopping: ${e instanceof Error ? e.message : e}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}
