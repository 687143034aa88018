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

export function logPoolErrors(pool: pg.Pool, label: string): void {
  // Idle connections: pg-pool removes them and re-emits here; the connection's own listener
  // below has logged it already.
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    client.on("error", (e) => console.error(`[${label}] connection lost: ${e.message}`));
  });
}
