// Attack (issue #20): tell from how long sign-in takes whether an account exists (or is locked).
// Sign-in must do the same work on every path: exactly one bcrypt of the same cost, whether the
// user is unknown, has no passphrase, is locked, or typed a wrong or the right passphrase.
// Measured by counting crypt() calls in the transaction (pg_stat_xact_user_functions with
// track_functions = all), never by the clock.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type pg from "pg";
import { startTestServer, gql, signUpVerified, withOwner } from "../../server/test/harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const SIGN_IN = `mutation SignIn($username: String!, $password: String!) { signIn(input: { username: $username, password: $password }) { jwtToken } }`;

/** Calls app_hidden.sign_in once in a transaction that is rolled back; the functions it called, by name. */
async function workOf(username: string, password: string, arrange?: (c: pg.Client) => Promise<unknown>) {
  return withOwner(server.databaseUrl, async (c) => {
    await c.query("begin");
    try {
      if (arrange) await arrange(c);
      await c.query("set local track_functions = 'all'");
      const {
        rows: [grant],
      } = await c.query("select (app_hidden.sign_in($1, $2, null)).session_id", [username, password]);
      const { rows } = await c.query(
        "select funcname, calls::int from pg_stat_xact_user_functions where funcname in ('crypt', 'gen_salt', 'open_session')",
      );
      const calls = Object.fromEntries(rows.map((r) => [r.funcname, r.calls])) as Record<string, number>;
      return { signedIn: grant.session_id !== null, crypt: calls.crypt ?? 0, calls };
    } finally {
      await c.query("rollback");
    }
  });
}

const lockUser = (username: string) => async (c: pg.Client) =>
  c.query(
    `insert into app_private.sign_in_failures (username, user_id, failed_at)
     select $1, (select id from app_public.users where username = $1), now() from generate_series(1, 10)`,
    [username],
  );
const lockName = (name: string) => async (c: pg.Client) =>
  c.query(`insert into app_private.sign_in_failures (username, failed_at) select $1, now() from generate_series(1, 10)`, [name]);

describe("sign-in does one bcrypt on every path", () => {
  it("for an unknown username and an unknown address", async () => {
    expect(await workOf("nobody_by_that_name", "Secret123")).toMatchObject({ signedIn: false, crypt: 1 });
    expect(await workOf("nobody.at.all@example.com", "Secret123")).toMatchObject({ signedIn: false, crypt: 1 });
  });

  it("for a wrong passphrase, as for the right one", async () => {
    const user = await signUpVerified(server.url, server.databaseUrl);
    expect(await workOf(user.username, "Wrong1234")).toMatchObject({ signedIn: false, crypt: 1 });
    expect(await workOf(user.email, "Wrong1234")).toMatchObject({ signedIn: false, crypt: 1 });
    expect(await workOf(user.username, user.password)).toMatchObject({ signedIn: true, crypt: 1 });
  });

  it("for a user without a passphrase (created by an admin, link not used yet)", async () => {
    const user = await signUpVerified(server.url, server.databaseUrl);
    const clearHash = (c: pg.Client) =>
      c.query(
        "update app_private.user_secrets set password_hash = null where user_id = (select id from app_public.users where username = $1)",
        [user.username],
      );
    expect(await workOf(user.username, user.password, clearHash)).toMatchObject({ signedIn: false, crypt: 1 });
  });

  it("for a locked account, with the right passphrase or not, and for a locked unknown name", async () => {
    const user = await signUpVerified(server.url, server.databaseUrl);
    expect(await workOf(user.username, user.password, lockUser(user.username))).toMatchObject({ signedIn: false, crypt: 1 });
    expect(await workOf(user.username, "Wrong1234", lockUser(user.username))).toMatchObject({ signedIn: false, crypt: 1 });
    expect(await workOf("locked_nobody", "Secret123", lockName("locked_nobody"))).toMatchObject({ signedIn: false, crypt: 1 });
  });

  it("the bcrypt for an unknown user has the cost of a stored hash", async () => {
    const user = await signUpVerified(server.url, server.databaseUrl);
    const { rows } = await withOwner(server.databaseUrl, (c) =>
      c.query(
        `select substr(password_hash, 1, 7) as prefix,
                substr(crypt('x', gen_salt('bf', 10)), 1, 7) as dummy_prefix,
                pg_get_functiondef('app_hidden.sign_in(text, text, text)'::regprocedure) as body
         from app_private.user_secrets where user_id = (select id from app_public.users where username = $1)`,
        [user.username],
      ),
    );
    // A stored hash is bcrypt of cost 10; the stand-in salt in sign_in is gen_salt('bf', 10), the same.
    expect(rows[0].prefix).toBe(rows[0].dummy_prefix);
    expect(rows[0].body).toContain("gen_salt('bf', 10)");
  });

  it("answers the same over HTTP whatever the path", async () => {
    const user = await signUpVerified(server.url, server.databaseUrl);
    const answers = [
      await gql(server.url, SIGN_IN, { username: "nobody_by_that_name", password: "Secret123" }),
      await gql(server.url, SIGN_IN, { username: user.username, password: "Wrong1234" }),
    ];
    for (const a of answers) {
      expect(a.errors?.[0]).toMatchObject({ message: "You entered incorrect details", extensions: { code: "LOGIN" } });
    }
  });
});
