// Attack (issue #20): anyone who knows a user's id (profiles are visible) locked that user's
// passphrase reset (LOCKD after more than 5 failures per user per hour) with six made-up tokens,
// so the owner's own reset link stopped working. Failures now count per user and source address:
// guessing from one address stays bounded (that address is locked, even with the right token),
// and the owner, from their own address, is not denied.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestServer, signUpVerified, queuedEmail, gql, withOwner } from "../../server/test/harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  // Behind a local proxy (TRUST_PROXY=loopback), so a test can speak from several client addresses.
  server = await startTestServer({ trustProxy: "loopback" });
});
afterAll(async () => {
  await server?.close();
});

const FORGOT = `mutation ForgotPassword($email: String!) { forgotPassword(input: { email: $email }) { boolean } }`;
const RESET = `mutation ResetPassword($userId: UUID!, $token: String!, $password: String!) { resetPassword(input: { userId: $userId, resetToken: $token, newPassword: $password }) { boolean } }`;
const SIGN_IN = `mutation SignIn($username: String!, $password: String!) { signIn(input: { username: $username, password: $password }) { jwtToken } }`;

/** A reset attempt from a given client address (X-Forwarded-For from the trusted local proxy). */
async function resetFrom(ip: string, userId: string, token: string, password = "NewSecret9") {
  const res = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify({ query: RESET, variables: { userId, token, password }, operationName: "ResetPassword" }),
  });
  const body = await res.json();
  return { ok: body.data?.resetPassword?.boolean === true, error: body.errors?.[0] };
}

async function resetLink(email: string) {
  await gql(server.url, FORGOT, { email });
  const mail = await queuedEmail(server.databaseUrl, email, "password_reset");
  return { userId: mail.variables.userId as string, token: mail.variables.token as string };
}

describe("passphrase reset lock", () => {
  it("an attacker's failed guesses do not lock the owner's link", async () => {
    const user = await signUpVerified(server.url, server.databaseUrl);
    const link = await resetLink(user.email);
    for (let i = 0; i < 8; i++) {
      const r = await resetFrom("203.0.113.7", link.userId, `guess${i}`);
      expect(r.ok).toBe(false);
    }
    const owner = await resetFrom("198.51.100.20", link.userId, link.token);
    expect(owner.error).toBeUndefined();
    expect(owner.ok).toBe(true);
    expect((await gql(server.url, SIGN_IN, { username: user.username, password: "NewSecret9" })).data.signIn.jwtToken).toBeTruthy();
  });

  it("guessing stays bounded: after more than 5 failures an address is locked for that user, even with the right token", async () => {
    const user = await signUpVerified(server.url, server.databaseUrl);
    const link = await resetLink(user.email);
    for (let i = 0; i < 6; i++) {
      const r = await resetFrom("203.0.113.8", link.userId, `guess${i}`);
      expect(r.error).toMatchObject({ message: "This reset link is invalid or has expired", extensions: { code: "NTFND" } });
    }
    const locked = await resetFrom("203.0.113.8", link.userId, link.token);
    expect(locked.error).toMatchObject({ message: "Passphrase reset locked - too many reset attempts", extensions: { code: "LOCKD" } });
    // The lock holds for an hour from the failures, then the address may try again.
    await withOwner(server.databaseUrl, (c) =>
      c.query("update app_private.reset_failures set failed_at = now() - interval '61 minutes' where user_id = $1", [link.userId]),
    );
    expect((await resetFrom("203.0.113.8", link.userId, link.token)).ok).toBe(true);
  });

  it("the lock is per user: an address locked for one user may still reset another", async () => {
    const victim = await signUpVerified(server.url, server.databaseUrl);
    const other = await signUpVerified(server.url, server.databaseUrl);
    const victimLink = await resetLink(victim.email);
    for (let i = 0; i < 6; i++) await resetFrom("203.0.113.9", victimLink.userId, `guess${i}`);
    const otherLink = await resetLink(other.email);
    expect((await resetFrom("203.0.113.9", otherLink.userId, otherLink.token)).ok).toBe(true);
  });
});
