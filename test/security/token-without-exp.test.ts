// Attack (issue #20): a token signed with the server's key but without `exp` was accepted, and
// would never expire (it also stayed in the verified-token cache for good). `exp` is required.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { SignJWT } from "jose";
import { startTestServer, gql, signUp, decodeClaims } from "../../server/test/harness.ts";
import { verifyToken } from "../../server/auth/tokens.ts";

const SECRET = "test-secret-that-is-long-enough-for-hs256-000";
const SETTINGS = { jwtSecret: SECRET, jwtAudience: "steward", jwtIssuer: "steward" };

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ jwtSecret: SECRET });
});
afterAll(async () => {
  await server?.close();
});

const ME = `query Me { currentUser { id username } }`;

function token(claims: Record<string, unknown>, exp?: number) {
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setAudience("steward")
    .setIssuer("steward")
    .setIssuedAt();
  if (exp !== undefined) jwt.setExpirationTime(exp);
  return jwt.sign(new TextEncoder().encode(SECRET));
}

describe("tokens must carry exp", () => {
  it("a correctly signed token without exp answers 401, for guests and signed-in sessions alike", async () => {
    const guest = await token({ user_id: crypto.randomUUID(), role: "bk_anonymous", domain_name: null });
    const r = await gql(server.url, ME, {}, guest);
    expect(r.status).toBe(401);
    expect(r.errors?.[0].message).toBe("Invalid token");

    // A real session's claims, re-signed without exp.
    const user = await signUp(server.url);
    const { exp: _exp, iat: _iat, aud: _aud, iss: _iss, ...claims } = decodeClaims(user.token);
    const forever = await token(claims);
    expect((await gql(server.url, ME, {}, forever)).status).toBe(401);
    await expect(verifyToken(SETTINGS, forever)).rejects.toMatchObject({ message: "Invalid token", statusCode: 401 });
  });

  it("the same token with exp is accepted", async () => {
    const user = await signUp(server.url);
    const { iat: _iat, aud: _aud, iss: _iss, ...claims } = decodeClaims(user.token);
    const resigned = await token(claims, claims.exp);
    const r = await gql(server.url, ME, {}, resigned);
    expect(r.status).toBe(200);
    expect(r.data.currentUser.username).toBe(user.username);
  });
});
