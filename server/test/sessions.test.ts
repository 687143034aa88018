// Sessions over real HTTP: guest, sign-up, sign-in with lockout, sign-out, token checks.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { SignJWT } from "jose";
import { startTestServer, gql, signUp, signUpVerified, newUserDetails, SIGN_UP, decodeClaims, withOwner } from "./harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const SIGN_IN = `mutation SignIn($username: String!, $password: String!, $domainName: String) {
  signIn(input: { username: $username, password: $password, domainName: $domainName }) { jwtToken }
}`;
const GUEST = `mutation SignInAsGuest($domainName: String) { signInAsGuest(input: { domainName: $domainName }) { jwtToken } }`;
const ME = `query Me { currentUser { id name username role isVerified userEmailsByUserId { nodes { email isPrimary isVerified } } } }`;
const SIGN_OUT = `mutation SignOut { signOut(input: {}) { success } }`;

describe("signInAsGuest", () => {
  it("returns a guest token with the spec's claims", async () => {
    const result = await gql(server.url, GUEST, { domainName: "bee.localhost" });
    expect(result.errors).toBeUndefined();
    const claims = decodeClaims(result.data.signInAsGuest.jwtToken);
    expect(claims.role).toBe("bk_anonymous");
    expect(claims.domain_name).toBe("bee.localhost");
    expect(claims.user_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);
  });

  it("a guest has no current user", async () => {
    const guest = (await gql(server.url, GUEST, { domainName: "localhost" })).data.signInAsGuest.jwtToken;
    const result = await gql(server.url, ME, {}, guest);
    expect(result.errors).toBeUndefined();
    expect(result.data.currentUser).toBeNull();
  });
});

describe("signUp", () => {
  it("registers, signs in and queues the verification e-mail", async () => {
    const details = newUserDetails("reg");
    const user = await signUp(server.url, details);
    const claims = decodeClaims(user.token);
    expect(claims).toMatchObject({ role: "bk_user", domain_name: "localhost" });
    expect(claims.exp - claims.iat).toBeGreaterThan(29 * 24 * 3600);
    const me = await gql(server.url, ME, {}, user.token);
    expect(me.data.currentUser).toMatchObject({ username: details.username, name: details.name, role: "bk_user", isVerified: false });
    expect(me.data.currentUser.userEmailsByUserId.nodes).toEqual([{ email: details.email, isPrimary: true, isVerified: false }]);
    const jobs = await withOwner(server.databaseUrl, (c) =>
      c.query(
        `select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
         where t.identifier = 'send_email' and j.payload->>'to' = $1`,
        [details.email],
      ),
    );
    expect(jobs.rows).toHaveLength(1);
    expect(jobs.rows[0].payload).toMatchObject({ template: "verify_email", domainName: "localhost" });
  });

  it("rejects a duplicate username and a duplicate e-mail with the spec's messages, writing nothing", async () => {
    // An address is taken once verified; an unverified one reserves nothing (test/security/invitation-unverified-email.test.ts).
    const first = await signUpVerified(server.url, server.databaseUrl);
    const sameUsername = await gql(server.url, SIGN_UP, { ...newUserDetails(), username: first.username });
    expect(sameUsername.errors?.[0].message).toBe("Username already exists");
    const sameEmail = await gql(server.url, SIGN_UP, { ...newUserDetails(), email: first.email.toUpperCase() });
    expect(sameEmail.errors?.[0].message).toBe("Email already exists");
    const count = await withOwner(server.databaseUrl, (c) =>
      c.query(`select count(*)::int as n from app_public.user_emails where email = $1`, [first.email]),
    );
    expect(count.rows[0].n).toBe(1);
  });

  it.each([
    [{ name: "Al" }, "Name must be between 3 and 255 characters"],
    [{ name: "R2-D2 unit" }, "Name may contain only letters, spaces, hyphens and apostrophes"],
    [{ username: "a" }, "Username must be at least 2 characters long"],
    [{ username: "abcdefghijklmnopqrstuvwx" }, "Username must be less than 24 characters"],
    [{ username: "1abc" }, "Username must start with a letter"],
    [{ username: "ab cd" }, "Username may contain only letters, numbers, underscores and hyphens"],
    [{ username: "ab__cd" }, "Username cannot contain consecutive underscores or hyphens"],
    [{ email: "not-an-address" }, "Email must be a valid address"],
    [{ password: "Short1" }, "Passphrase must be at least 8 characters long"],
    [{ password: "lowercase123" }, "Passphrase must contain an uppercase letter"],
    [{ password: "UPPERCASE123" }, "Passphrase must contain a lowercase letter"],
    [{ password: "NoDigitsHere" }, "Passphrase must contain a number"],
  ])("rejects %o with a clear message and no user", async (bad, message) => {
    const details = { ...newUserDetails("bad"), ...bad };
    const result = await gql(server.url, SIGN_UP, details);
    expect(result.errors?.[0]).toMatchObject({ message, extensions: { code: "INVLD" } });
    const count = await withOwner(server.databaseUrl, (c) =>
      c.query(`select count(*)::int as n from app_public.user_emails where email = $1`, [details.email]),
    );
    expect(count.rows[0].n).toBe(0);
  });
});

describe("signIn", () => {
  it("signs in with the right passphrase, by username or verified e-mail", async () => {
    // Sign-in by e-mail takes a verified address (test/security/lockout-per-account.test.ts).
    const user = await signUpVerified(server.url, server.databaseUrl);
    const byUsername = await gql(server.url, SIGN_IN, { username: user.username, password: user.password, domainName: "x.example" });
    expect(byUsername.errors).toBeUndefined();
    expect(decodeClaims(byUsername.data.signIn.jwtToken)).toMatchObject({ role: "bk_user", domain_name: "x.example" });
    const byEmail = await gql(server.url, SIGN_IN, { username: user.email, password: user.password });
    expect(byEmail.data.signIn.jwtToken).toBeTruthy();
  });

  it("answers the same message for a wrong passphrase and an unknown user", async () => {
    const user = await signUp(server.url);
    const wrong = await gql(server.url, SIGN_IN, { username: user.username, password: "Wrong1234" });
    const unknown = await gql(server.url, SIGN_IN, { username: "nobody_here", password: "Wrong1234" });
    expect(wrong.errors?.[0]).toMatchObject({ message: "You entered incorrect details", extensions: { code: "LOGIN" } });
    expect(unknown.errors?.[0]).toMatchObject({ message: "You entered incorrect details", extensions: { code: "LOGIN" } });
    expect(wrong.data?.signIn ?? null).toBeNull();
  });

  it("locks a username after 10 failures in 15 minutes, even for the right passphrase", async () => {
    const user = await signUp(server.url);
    for (let i = 0; i < 10; i++) {
      const r = await gql(server.url, SIGN_IN, { username: user.username, password: `Wrong${i}abc` });
      expect(r.errors?.[0].message).toBe("You entered incorrect details");
    }
    const locked = await gql(server.url, SIGN_IN, { username: user.username, password: user.password });
    expect(locked.errors?.[0].message).toBe("You entered incorrect details");
    // Once the failures are older than 15 minutes the right passphrase works again.
    await withOwner(server.databaseUrl, (c) =>
      c.query(`update app_private.sign_in_failures set failed_at = now() - interval '16 minutes' where username = $1`, [user.username]),
    );
    const after = await gql(server.url, SIGN_IN, { username: user.username, password: user.password });
    expect(after.errors).toBeUndefined();
  });

  it("gives admins the bk_admin role", async () => {
    const user = await signUp(server.url);
    await withOwner(server.databaseUrl, (c) => c.query(`update app_public.users set is_admin = true where username = $1`, [user.username]));
    const r = await gql(server.url, SIGN_IN, { username: user.username, password: user.password });
    expect(decodeClaims(r.data.signIn.jwtToken).role).toBe("bk_admin");
  });
});

describe("signOut and token checks", () => {
  it("revokes the session so the token no longer identifies the user", async () => {
    const user = await signUp(server.url);
    expect((await gql(server.url, ME, {}, user.token)).data.currentUser.username).toBe(user.username);
    const out = await gql(server.url, SIGN_OUT, {}, user.token);
    expect(out.data.signOut.success).toBe(true);
    expect((await gql(server.url, ME, {}, user.token)).data.currentUser).toBeNull();
  });

  it("answers 401 for a forged, malformed or expired token", async () => {
    const forged = await new SignJWT({ user_id: crypto.randomUUID(), role: "bk_admin", domain_name: null })
      .setProtectedHeader({ alg: "HS256" })
      .setAudience("steward")
      .setIssuer("steward")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("some-other-secret-entirely-000000000000"));
    expect((await gql(server.url, ME, {}, forged)).status).toBe(401);
    expect((await gql(server.url, ME, {}, "not.a.token")).status).toBe(401);
    const expired = await new SignJWT({ user_id: crypto.randomUUID(), role: "bk_user", domain_name: null })
      .setProtectedHeader({ alg: "HS256" })
      .setAudience("steward")
      .setIssuer("steward")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode("test-secret-that-is-long-enough-for-hs256-000"));
    expect((await gql(server.url, ME, {}, expired)).status).toBe(401);
  });

  it("no token at all is a guest", async () => {
    const r = await gql(server.url, ME, {});
    expect(r.status).toBe(200);
    expect(r.data.currentUser).toBeNull();
  });
});
