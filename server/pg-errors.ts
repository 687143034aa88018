// Connection errors of the server's pools are logged, never thrown.
//
// Why: when PostgreSQL restarts (or a network drops), every connection emits an "error" event.
// pg-pool listens on idle connections only (and re-emits on the pool); a connection that is
// checked out at that moment (an uplink batch in its transaction, a GraphQL query) has no
// listener, and an "error" event without one is an uncaught exception that ends the process.
// The query on it fails on its own, the caller answers 503, and pg-pool drops the broken
// connection on release, so logging is all that is left to do; new connections are opened as
// soon as the database answers again. server/test/faults/database-restart.test.ts covers it.
import type pg from "pg";
import { componentLogger } from "../domain/logger.ts";

export function logPoolErrors(pool: pg.Pool, label: string): void {
  const log = componentLogger(label);
  const open = new Set<pg.PoolClient>();
  openConnections.set(pool, open);
  // Idle connections: pg-pool removes them and re-emits here; the connection's own listener
  // below has logged it already.
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    open.add(client);
    client.once("end", () => open.delete(client));
    client.on("error", (e) => {
      if (!pool.ending) log.error(`connection lost: ${e.message}`);
    });
  });
}

const openConnections = new WeakMap<pg.Pool, Set<pg.PoolClient>>();

/**
 * pool.end(), and then waits until each connection has really closed: pg-pool resolves end() once
 * it has asked them to close, so a database stopped right after (npm start's embedded one) would
 * otherwise terminate sessions still closing, and each would report an error.
 */
export async function endPool(pool: pg.Pool): Promise<void> {
  const open = [...(openConnections.get(pool) ?? [])];
  await pool.end();
  await Promise.all(
    open.map(
      (client) =>
        new Promise<void>((resolve) => {
          if (!openConnections.get(pool)?.has(client)) return resolve();
          client.once("end", () => resolve());
        }),
    ),
  );
}
