// Hardening that sits in front of the API: rate limits per address and security headers.
import { describe, it, expect, beforeAll, afterAll, inject } from "vitest";
import { loadConfig } from "../config.ts";
import { startServer, type RunningServer } from "../app.ts";
import { authenticatorUrl } from "../../test/database.ts";
import { gql, newUserDetails, SIGN_UP } from "./harness.ts";

let server: RunningServer;
beforeAll(async () => {
  const databaseUrl = inject("databaseUrl");
  server = await startServer(loadConfig({
    databaseUrl, authDatabaseUrl: await authenticatorUrl(databaseUrl), port: 0, host: "127.0.0.1",
    exportSchema: false, graphiql: false, jwtSecret: "test-secret-that-is-long-enough-for-hs256-000", rateLimits: true,
  }));
});
afterAll(async () => {
  await server?.close();
});

async function signInFrom(ip: string) {
  const res = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify({ query: `mutation { signIn(input: { username: "nobody_at_all", password: "Wrong1234" }) { jwtToken } }` }),
  });
  return (await res.json()) as any;
}

describe("rate limits", () => {
  it("refuse the 31st sign-in from one address within 10 minutes, not other addresses", async () => {
    for (let i = 0; i < 30; i++) expect((await signInFrom("10.0.0.7")).errors[0].extensions.code).toBe("LOGIN");
    const refused = await signInFrom("10.0.0.7");
    expect(refused.errors[0]).toMatchObject({ message: "Too many attempts; please wait a few minutes and try again", extensions: { code: "RATEL" } });
    expect((await signInFrom("10.0.0.8")).errors[0].extensions.code).toBe("LOGIN");
  });

  it("a refused sign-up writes nothing", async () => {
    for (let i = 0; i < 10; i++) {
      const r = await fetch(`${server.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "10.0.0.9" },
        body: JSON.stringify({ query: SIGN_UP, variables: newUserDetails("rl") }),
      });
      expect(((await r.json()) as any).errors).toBeUndefined();
    }
    const details = newUserDetails("rl");
    const r = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10.0.0.9" },
      body: JSON.stringify({ query: SIGN_UP, variables: details }),
    });
    expect(((await r.json()) as any).errors[0].extensions.code).toBe("RATEL");
    const again = await gql(server.url, `mutation S($u: String!, $p: String!) { signIn(input: { username: $u, password: $p }) { jwtToken } }`, { u: details.username, p: details.password });
    expect(again.errors?.[0].message).toBe("You entered incorrect details");
  });
});

describe("security headers", () => {
  it("every answer carries them, with a content security policy", async () => {
    for (const path of ["/health", "/signin", "/config.js"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/connect-src 'self' ws: wss:/);
    }
  });

  it("errors never carry SQL or stack traces", async () => {
    const r = await gql(server.url, `query { thingById(id: "not-a-uuid") { id } }`);
    const text = JSON.stringify(r);
    expect(text).not.toMatch(/select |app_public\.|at .*\.ts:\d+/i);
  });
});
