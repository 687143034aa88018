// SQL from the image routes runs the way PostGraphile runs it: on the authenticator's pool, in a
// transaction that switches to the request's web role and carries its claims, so row-level
// security and the grants decide exactly as they do for GraphQL.
import type pg from "pg";
import type { PgSettings } from "../auth/request-context.ts";

export async function withRole<T>(pool: pg.Pool, settings: PgSettings, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("begin");
    const entries = Object.entries(settings);
    if (entries.length > 0) {
      const calls = entries.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(", ");
      await client.query(`select ${calls}`, entries.flat());
    }
    const result = await fn(client);
    await client.query("commit");
    return result;
  } catch (e) {
    await client.query("rollback").catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw e;
  } finally {
    // A connection that could not roll back is not given back to the pool.
    client.release(broken);
  }
}
