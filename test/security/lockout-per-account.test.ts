// Attack (issue #20): the sign-in lockout (10 failures in 15 minutes) counted each identifier
// on its own, so alternating an account's username and its e-mail address gave 10 guesses per
// identifier. Failures now count per account, whichever identifier was typed.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { randomInt } from "node:crypto";
import { startTestServer, signUpVerified, withOwner } from "../../server/test/harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  // Behind a local proxy (TRUST_PROXY=loopback), so a test can speak from several client addresses.
  server = await startTestServer({ trustProxy: "loopback" });
});
afterAll(async () => {
  await server?.close();
});

const SIGN_IN = `mutation SignIn($username: String!, $password: String!) { signIn(input: { username: $username, password: $password }) { jwtToken } }`;

/** Sign-in from an address of its own (X-Forwarded-For from the trusted local proxy), clear of the per-address rate limit. */
function signInFrom(ip: string) {
  return async (username: string, password: string) => {
    const res = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ query: SIGN_IN, variables: { username, password }, operationName: "SignIn" }),
    });
    const body = await res.json();
    return { token: body.data?.signIn?.jwtToken as string | undefined, error: body.errors?.[0] };
  };
}
const anAddress = () => `198.51.100.${randomInt(1, 254)}`;

describe("sign-in lockout per account", () => {
  it("5 failures by username and 5 by e-mail lock the account for both", async () => {
    const signIn = signInFrom(anAddress());
    const user = await signUpVerified(server.url, server.databaseUrl);
    for (let i = 0; i < 5; i++) {
      expect((await signIn(user.username, `Wrong${i}abc`)).error?.message).toBe("You entered incorrect details");
      expect((await signIn(user.email, `Wrong${i}xyz`)).error?.message).toBe("You entered incorrect details");
    }
    const byUsername = await signIn(user.username, user.password);
    expect(byUsername.token).toBeUndefined();
    expect(byUsername.error).toMatchObject({ message: "You entered incorrect details", extensions: { code: "LOGIN" } });
    expect((await signIn(user.email.toUpperCase(), user.password)).token).toBeUndefined();

    // 15 minutes later the right passphrase works again, by either identifier.
    await withOwner(server.databaseUrl, (c) =>
      c.query(
        `update app_private.sign_in_failures set failed_at = now() - interval '16 minutes'
         where user_id = (select id from app_public.users where username = $1)`,
        [user.username],
      ),
    );
    expect((await signIn(user.email, user.password)).token).toBeTruthy();
  });

  it("9 failures across both identifiers still let the owner in, and success clears the count", async () => {
    const signIn = signInFrom(anAddress());
    const user = await signUpVerified(server.url, server.databaseUrl);
    for (let i = 0; i < 9; i++) await signIn(i % 2 ? user.email : user.username, `Wrong${i}abc`);
    expect((await signIn(user.username, user.password)).token).toBeTruthy();
    const { rows } = await withOwner(server.databaseUrl, (c) =>
      c.query(
        `select count(*)::int as n from app_private.sign_in_failures where user_id = (select id from app_public.users where username = $1)`,
        [user.username],
      ),
    );
    expect(rows[0].n).toBe(0);
  });

  it("failures on a name that is no account lock only that name", async () => {
    const signIn = signInFrom(anAddress());
    const user = await signUpVerified(server.url, server.databaseUrl);
    for (let i = 0; i < 10; i++) await signIn(`${user.username}x`, `Wrong${i}abc`);
    expect((await signIn(user.username, user.password)).token).toBeTruthy();
  });

  it("an unverified address is no way in, and its failures do not lock its holder", async () => {
    const signIn = signInFrom(anAddress());
    const user = await signUpVerified(server.url, server.databaseUrl);
    const unverified = `second.${user.username}@example.org`;
    await withOwner(server.databaseUrl, (c) =>
      c.query(`insert into app_public.user_emails (user_id, email) select id, $2 from app_public.users where username = $1`, [
        user.username,
        unverified,
      ]),
    );
    expect((await signIn(unverified, user.password)).token).toBeUndefined();
    for (let i = 0; i < 10; i++) await signIn(unverified, `Wrong${i}abc`);
    expect((await signIn(user.username, user.password)).token).toBeTruthy();
  });
});
