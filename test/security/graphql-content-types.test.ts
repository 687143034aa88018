// Security review (issue #20), GraphQL finding 4: /graphql accepted
// application/x-www-form-urlencoded bodies (PostGraphile's V4 preset allows them). A form can be
// posted from any site without CORS, so with a cookie or other ambient credential that would be
// a CSRF surface. Now /graphql accepts application/json only (grafserv allowedRequestContentTypes);
// the web app and the tests send JSON.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { startTestServer, gql } from "../../server/test/harness.ts";
import { rootDir } from "../../server/config.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const QUERY = "query Hello { __typename }";

async function post(contentType: string, body: string) {
  const res = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": contentType, accept: "application/graphql-response+json, application/json" },
    body,
  });
  return { status: res.status, text: await res.text() };
}

describe("/graphql request bodies", () => {
  it("a form (x-www-form-urlencoded) is refused with 415 and runs nothing", async () => {
    const form = new URLSearchParams({ query: QUERY }).toString();
    const r = await post("application/x-www-form-urlencoded", form);
    expect(r.status).toBe(415);
    expect(r.text).not.toContain('__typename":"Query');
    // A mutation posted as a form (what a cross-site form would send) is refused the same way.
    const mutation = new URLSearchParams({ query: `mutation { signIn(input: { username: "a", password: "b" }) { jwtToken } }` }).toString();
    expect((await post("application/x-www-form-urlencoded; charset=utf-8", mutation)).status).toBe(415);
  });

  it("other types a browser form or a simple request can send are refused too", async () => {
    for (const type of ["text/plain", "multipart/form-data; boundary=x", "application/graphql"]) {
      expect((await post(type, type === "application/graphql" ? QUERY : JSON.stringify({ query: QUERY }))).status, type).toBe(415);
    }
  });

  it("JSON still works, with or without a charset", async () => {
    for (const type of ["application/json", "application/json; charset=utf-8"]) {
      const r = await post(type, JSON.stringify({ query: QUERY }));
      expect(r.status, type).toBe(200);
      expect(JSON.parse(r.text)).toEqual({ data: { __typename: "Query" } });
    }
    expect((await gql(server.url, QUERY)).data).toEqual({ __typename: "Query" });
  });

  it("the web app posts JSON to /graphql and nothing else", () => {
    const files = fs.globSync("web/src/**/*.{ts,tsx}", { cwd: rootDir }).filter((f) => !/\.test\.tsx?$/.test(f));
    const sources = files.map((f) => fs.readFileSync(path.join(rootDir, f), "utf8"));
    const all = sources.join("\n");
    expect(all).not.toMatch(/x-www-form-urlencoded|application\/graphql["'\s;]/);
    // Every content type the app sets by hand is JSON (urql itself posts JSON).
    const types = [...all.matchAll(/["']content-type["']\s*:\s*["']([^"']+)["']/gi)].map((m) => m[1]);
    expect(types.length).toBeGreaterThan(0);
    for (const type of types) expect(type).toBe("application/json");
  });
});
