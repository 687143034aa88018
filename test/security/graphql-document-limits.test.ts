// Security review (issue #20), GraphQL findings 1 and 2: every limit that now applies before a
// document is parsed or validated, each allowed at its figure and refused one past it, over HTTP
// and the websocket; the web app's own documents well inside the defaults; the settings read
// from the environment. (The attacks themselves: graphql-memory-exhaustion,
// graphql-validation-cost, graphql-internal-errors, graphql-content-types.)
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { WebSocket } from "ws";
import { buildSchema, parse } from "postgraphile/graphql";
import { startTestServer } from "../../server/test/harness.ts";
import { loadConfig, rootDir } from "../../server/config.ts";
import {
  DEFAULT_DOCUMENT_LIMITS,
  bracketNesting,
  checkBeforeParse,
  checkBeforeValidation,
  type DocumentLimits,
} from "../../server/graphql/document-limits.ts";
import { DEFAULT_QUERY_LIMITS } from "../../server/graphql/query-limits.ts";

/** Small limits, so each boundary is cheap to reach. */
const SMALL: DocumentLimits = {
  ...DEFAULT_DOCUMENT_LIMITS,
  maxBodyBytes: 4096,
  maxBytes: 2000,
  maxTokens: 100,
  maxNesting: 10,
  maxDirectives: 3,
  maxRootFields: 5,
};

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ documentLimits: SMALL });
});
afterAll(async () => {
  await server?.close();
});

async function postBody(body: string) {
  const res = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json, application/json" },
    body,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}
const post = (query: string, variables?: unknown) => postBody(JSON.stringify({ query, variables }));

/** Answered: no errors, data present. */
async function allowed(query: string, variables?: unknown) {
  const r = await post(query, variables);
  expect(r.body.errors, query.slice(0, 80)).toBeUndefined();
  expect(r.body.data).toBeTruthy();
}
/** Refused with TOOBG and this message, nothing else. */
async function refused(query: string, message: string, variables?: unknown) {
  const r = await post(query, variables);
  expect(r.status).toBe(400);
  expect(r.body.data).toBeUndefined();
  expect(r.body.errors).toHaveLength(1);
  expect(r.body.errors[0]).toMatchObject({ message, extensions: { code: "TOOBG" } });
}

/** A document of exactly `n` tokens: `{`, n - 2 fields, `}`. */
const tokens = (n: number) => `{ ${"__typename ".repeat(n - 2)}}`;
/** `{ __typename }` padded with a comment to exactly `n` bytes (comments are not tokens). */
const bytes = (n: number) => `{ __typename } #${"x".repeat(n - 16)}`;
/** Braces nested `n` deep through inline fragments (no field depth at all). */
const nesting = (n: number) => `${"{ ... on Query ".repeat(n - 1)}{ __typename }${" }".repeat(n - 1)}`;
const directives = (n: number) => `{ ${"__typename @include(if: true) ".repeat(n)}}`;
const rootFields = (n: number) => `{ ${"currentUser { id } ".repeat(n)}}`;
const nestedObject = (n: number): unknown => (n <= 1 ? { leaf: 1 } : { next: nestedObject(n - 1) });

describe("limits before parsing", () => {
  it("body size (GRAPHQL_MAX_BODY_BYTES): at the limit answered, one byte over 413", async () => {
    const body = (n: number) => {
      const head = JSON.stringify({ query: "{ __typename }", variables: { pad: "" } });
      return head.replace(`"pad":""`, `"pad":"${"x".repeat(n - head.length)}"`);
    };
    expect(body(4096)).toHaveLength(4096);
    const ok = await postBody(body(4096));
    expect(ok.body).toEqual({ data: { __typename: "Query" } });
    const over = await postBody(body(4097));
    expect(over.status).toBe(413);
  });

  it("document size (QUERY_MAX_BYTES), counted in UTF-8 bytes", async () => {
    expect(Buffer.byteLength(bytes(2000))).toBe(2000);
    await allowed(bytes(2000));
    await refused(bytes(2001), "Query is too large: 2,001 bytes, at most 2,000 are allowed");
    // 700 three-byte characters are 2,100 bytes though only 700 UTF-16 units.
    await refused(`{ __typename } #${"€".repeat(700)}`, "Query is too large: 2,116 bytes, at most 2,000 are allowed");
  });

  it("tokens (QUERY_MAX_TOKENS)", async () => {
    await allowed(tokens(100));
    await refused(tokens(101), "Query has too many tokens: more than 100 are not allowed");
  });

  it("bracket nesting in the document (QUERY_MAX_NESTING)", async () => {
    await allowed(nesting(10));
    await refused(nesting(11), "Query is nested too deeply: more than 10 levels of brackets are not allowed");
  });

  it("bracket nesting is read from the characters, brackets in strings and comments left out", () => {
    expect(bracketNesting(nesting(7), 100)).toBe(7);
    expect(
      bracketNesting(
        `{ a(x: "{[(\\"{{{") # {{{{{{
      b(y: """ {{{{ \\""" [[[[ """) { c } }`,
        100,
      ),
    ).toBe(2);
    expect(bracketNesting("{".repeat(1_000_000), 40)).toBe(41); // stops counting past the limit
  });

  it("nesting of the variables (QUERY_MAX_NESTING)", async () => {
    // The variables object itself is the first level.
    await allowed("{ __typename }", nestedObject(10));
    await refused(
      "{ __typename }",
      "Variables are nested too deeply: more than 10 levels of lists and objects are not allowed",
      nestedObject(11),
    );
  });
});

describe("limits before validation", () => {
  it("directives (QUERY_MAX_DIRECTIVES)", async () => {
    await allowed(directives(3));
    await refused(directives(4), "Query uses too many directives: 4, at most 3 are allowed");
  });

  it("root fields (QUERY_MAX_ROOT_FIELDS), fragments at the root counted", async () => {
    await allowed(rootFields(5));
    await refused(rootFields(6), "Query asks for too many root fields: 6, at most 5 are allowed");
    await refused(
      `query { ...A ...B } fragment A on Query { currentUser { id } currentUser { name } thingById(id: "00000000-0000-4000-8000-000000000000") { id } }
      fragment B on Query { currentUser { id } currentUser { username } currentUser { name } }`,
      "Query asks for too many root fields: 6, at most 5 are allowed",
    );
  });
});

describe("over the websocket", () => {
  function exchange(messages: string[]) {
    const socket = new WebSocket(`${server.url.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws");
    const received: any[] = [];
    const closed = new Promise<{ code: number; received: any[] }>((resolve) => {
      socket.on("close", (code) => resolve({ code, received }));
    });
    socket.on("open", () => socket.send(JSON.stringify({ type: "connection_init" })));
    socket.on("message", (data) => {
      const message = JSON.parse(data.toString());
      received.push(message);
      if (message.type === "connection_ack") for (const m of messages) socket.send(m);
      if (message.type === "error" || message.type === "complete") socket.close(1000);
    });
    return closed;
  }
  const subscribe = (query: string) => JSON.stringify({ id: "1", type: "subscribe", payload: { query } });

  it("a message larger than GRAPHQL_MAX_BODY_BYTES closes the socket (1009); one within is answered", async () => {
    const within = await exchange([subscribe(bytes(2000))]);
    expect(within.received.find((m) => m.type === "next")?.payload).toEqual({ data: { __typename: "Query" } });
    const pad = "x".repeat(5000);
    const over = await exchange([JSON.stringify({ id: "1", type: "subscribe", payload: { query: "{ __typename }", variables: { pad } } })]);
    expect(over.code).toBe(1009);
    expect(over.received.some((m) => m.type === "next")).toBe(false);
    // The oversized message is the client's fault: the server logs it and goes on serving.
    const after = await exchange([subscribe(bytes(2000))]);
    expect(after.received.find((m) => m.type === "next")?.payload).toEqual({ data: { __typename: "Query" } });
  });

  it("a subscribe payload over the document limits gets TOOBG, as over HTTP", async () => {
    for (const [query, message] of [
      [tokens(101), "Query has too many tokens: more than 100 are not allowed"],
      [rootFields(6), "Query asks for too many root fields: 6, at most 5 are allowed"],
    ]) {
      const r = await exchange([subscribe(query)]);
      expect(r.received.find((m) => m.type === "error")?.payload).toEqual([{ message, extensions: { code: "TOOBG" } }]);
    }
  });
});

describe("the defaults", () => {
  it("leave every document of the web app well inside every limit (at most half of each)", () => {
    const schema = buildSchema(fs.readFileSync(path.join(rootDir, "server/schema.graphql"), "utf8"));
    const half: DocumentLimits = {
      ...DEFAULT_DOCUMENT_LIMITS,
      maxBytes: DEFAULT_DOCUMENT_LIMITS.maxBytes / 2,
      maxTokens: DEFAULT_DOCUMENT_LIMITS.maxTokens / 2,
      maxNesting: DEFAULT_DOCUMENT_LIMITS.maxNesting / 2,
      maxDirectives: DEFAULT_DOCUMENT_LIMITS.maxDirectives / 2,
      maxRootFields: DEFAULT_DOCUMENT_LIMITS.maxRootFields / 2,
    };
    const files = fs.globSync("web/src/**/*.graphql", { cwd: rootDir });
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const text = fs.readFileSync(path.join(rootDir, file), "utf8");
      expect(checkBeforeParse(text, half), file).toBeNull();
      expect(checkBeforeValidation(schema, parse(text), { ...half, ...DEFAULT_QUERY_LIMITS }), file).toEqual([]);
    }
  });

  it("are read from the environment; nonsense stops the start (it no longer falls back to the default)", () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, {
        GRAPHQL_MAX_BODY_BYTES: "1000",
        QUERY_MAX_BYTES: "900",
        QUERY_MAX_TOKENS: "50",
        QUERY_MAX_NESTING: "7",
        QUERY_MAX_DIRECTIVES: "2",
        QUERY_MAX_ROOT_FIELDS: "4",
        QUERY_CACHE_MAX_BYTES: "123456",
      });
      expect(loadConfig().documentLimits).toEqual({
        maxBodyBytes: 1000,
        maxBytes: 900,
        maxTokens: 50,
        maxNesting: 7,
        maxDirectives: 2,
        maxRootFields: 4,
        cacheMaxBytes: 123456,
      });
      process.env.QUERY_MAX_TOKENS = "-1";
      expect(() => loadConfig()).toThrow('QUERY_MAX_TOKENS must be a whole number of at least 1, got "-1"');
      delete process.env.QUERY_MAX_TOKENS;
      expect(loadConfig().documentLimits.maxTokens).toBe(DEFAULT_DOCUMENT_LIMITS.maxTokens);
    } finally {
      process.env = saved;
    }
  });
});
