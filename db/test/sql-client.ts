// Runs SQL as a given web role with given claims, inside a transaction that is always rolled back,
// exactly as the API does per request (set local role + jwt.claims.*).
import pg from "pg";
import { inject } from "vitest";

export interface As {
  role: "bk_anonymous" | "bk_user" | "bk_admin";
  sessionId?: string;
}

export async function owner(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: inject("databaseUrl") });
  await client.connect();
  return client;
}

/** Runs fn as `as` in a rolled-back transaction; errors from SQL propagate to the caller. */
export async function asRole<T>(as: As, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await owner();
  try {
    await client.query("begin");
    await client.query("select set_config('role', $1, true), set_config('jwt.claims.session_id', $2, true)", [as.role, as.sessionId ?? ""]);
    return await fn(client);
  } finally {
    await client.query("rollback").catch(() => {});
    await client.end();
  }
}

let n = 0;
/** Creates a user through the real sign-up function; returns ids to act as them. */
export async function makeUser(client: pg.Client, opts: { admin?: boolean } = {}) {
  n += 1;
  const tag = `${Date.now().toString(36)}x${n}`;
  const { rows } = await client.query("select * from app_hidden.sign_up('Sam Example', $1, $2, 'Secret123', 'localhost')", [
    `u${tag}`,
    `u${tag}@example.com`,
  ]);
  if (opts.admin) await client.query("update app_public.users set is_admin = true where id = $1", [rows[0].user_id]);
  return { userId: rows[0].user_id as string, sessionId: rows[0].session_id as string, username: `u${tag}`, email: `u${tag}@example.com` };
}
