// Attack (issue #20): every request with an invalid token wrote a stack trace to the log, so
// anyone could flood it (and bury real errors) with junk tokens. An invalid token is logged in
// one line, no stack.
import { describe, it, expect, beforeAll, afterAll, afterEach, vi } from "vitest";
import { format } from "node:util";
import { SignJWT } from "jose";
import { startTestServer, gql } from "../../server/test/harness.ts";
import { captureLogs } from "../logs.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Everything written through console or the logger while fn runs (the logger's lines as JSON). */
async function logged(fn: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const logs = captureLogs();
  const spies = (["error", "warn", "log", "info", "debug", "trace"] as const).map((m) =>
    vi.spyOn(console, m).mockImplementation((...args: unknown[]) => {
      lines.push(format(...args));
    }),
  );
  const dir = vi.spyOn(console, "dir").mockImplementation((obj: unknown) => {
    lines.push(format("%O", obj));
  });
  try {
    await fn();
  } finally {
    for (const s of [...spies, dir]) s.mockRestore();
    logs.stop();
  }
  // A JSON line holds a stack as "\n"-escaped text: the stack is what must not be there.
  return [
    ...lines,
    ...logs.records.map((r) => [r.msg, typeof r.err === "object" ? (r.err?.stack ?? r.err?.message) : r.err].filter(Boolean).join(" ")),
  ];
}
afterEach(() => vi.restoreAllMocks());

const ME = `query Me { currentUser { id } }`;

describe("invalid tokens are logged in one line", () => {
  it.each([
    ["a malformed token", async () => "not.a.token"],
    [
      "a forged token",
      async () =>
        new SignJWT({ user_id: crypto.randomUUID(), role: "bk_admin" })
          .setProtectedHeader({ alg: "HS256" })
          .setAudience("steward")
          .setIssuer("steward")
          .setIssuedAt()
          .setExpirationTime("1h")
          .sign(new TextEncoder().encode("some-other-secret-entirely-000000000000")),
    ],
    [
      "an expired token",
      async () =>
        new SignJWT({ user_id: crypto.randomUUID(), role: "bk_user" })
          .setProtectedHeader({ alg: "HS256" })
          .setAudience("steward")
          .setIssuer("steward")
          .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
          .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
          .sign(new TextEncoder().encode("test-secret-that-is-long-enough-for-hs256-000")),
    ],
  ])("%s: 401, and at most one log line without a stack", async (_name, make) => {
    const bad = await make();
    let status = 0;
    const lines = await logged(async () => {
      status = (await gql(server.url, ME, {}, bad)).status;
    });
    expect(status).toBe(401);
    expect(lines.length).toBeLessThanOrEqual(1);
    for (const line of lines) {
      expect(line.split("\n")).toHaveLength(1);
      expect(line).not.toMatch(/\bat .*\(.*:\d+:\d+\)/);
    }
  });

  it("a bad Authorization header as well", async () => {
    let status = 0;
    const lines = await logged(async () => {
      const res = await fetch(`${server.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Basic abc" },
        body: JSON.stringify({ query: ME }),
      });
      status = res.status;
    });
    expect(status).toBe(401);
    for (const line of lines) expect(line.split("\n")).toHaveLength(1);
  });
});
