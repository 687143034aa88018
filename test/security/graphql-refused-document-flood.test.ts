// A client flooding /graphql with unique refused documents (issue #20, "a few such clients stall
// the event loop for everyone"): past its budget of refused documents a minute, an address gets
// 429 before anything new of it is parsed, while documents the server already accepted keep
// working from that address, and other addresses are not affected.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestServer } from "../../server/test/harness.ts";
import type { RunningServer } from "../../server/app.ts";

let server: RunningServer;
const BUDGET = 5;

beforeAll(async () => {
  server = await startTestServer({ refusedDocumentsPerMinute: BUDGET, trustProxy: "loopback" });
});
afterAll(async () => {
  await server?.close();
});

let n = 0;
async function post(query: string, address: string) {
  const res = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json", "x-forwarded-for": address },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, body: (await res.json()) as any };
}
/** Unique, syntactically invalid. */
const broken = () => `query Broken${++n} { currentUser { id `;
/** Unique, refused by the field limit before validation. */
const tooMany = () => `query Wide${++n} { currentUser { ${"id ".repeat(600)} } }`;

describe("refused documents per address", () => {
  it("past the budget, new documents from that address answer 429 RATEL before parsing; known-good ones still run", async () => {
    const known = `query Known { __typename }`;
    expect((await post(known, "203.0.113.7")).body).toEqual({ data: { __typename: "Query" } });

    for (let i = 0; i < BUDGET; i++) {
      const r = await post(i % 2 ? tooMany() : broken(), "203.0.113.7");
      expect(r.status).toBe(400);
      expect(r.body.errors[0].extensions?.code).not.toBe("RATEL");
    }
    const refused = await post(broken(), "203.0.113.7");
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toMatchObject({
      message: expect.stringMatching(/^Too many refused GraphQL documents/),
      extensions: { code: "RATEL" },
    });
    // A new document, even a valid one, waits with the rest: the server cannot tell it apart without parsing it.
    expect((await post(`query New${++n} { __typename }`, "203.0.113.7")).status).toBe(429);
    // What the server accepted before still runs: people behind the same address keep working.
    expect(await post(known, "203.0.113.7")).toEqual({ status: 200, body: { data: { __typename: "Query" } } });
  });

  it("does not touch other addresses", async () => {
    expect((await post(broken(), "203.0.113.8")).status).toBe(400);
    expect(await post(`query Other${++n} { __typename }`, "203.0.113.8")).toEqual({ status: 200, body: { data: { __typename: "Query" } } });
  });

  it("counts only refused documents: valid ones never use the budget", async () => {
    for (let i = 0; i < BUDGET * 3; i++) {
      expect((await post(`query Fine${++n} { __typename }`, "203.0.113.9")).status).toBe(200);
    }
    expect((await post(broken(), "203.0.113.9")).status).toBe(400);
  });
});
