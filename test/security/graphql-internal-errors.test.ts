// Security review (issue #20), GraphQL finding 3: internal errors reached clients unmasked.
// Deeply nested documents (`{a{a{a...`, `[[[[...` in an argument) or variables made the
// recursive parser or value coercion run out of stack, and "Maximum call stack size exceeded"
// came back as a 400; and a websocket closed on an unexpected error (4500) carried the error's
// own message as its close reason.
//
// Now: such documents and variables are refused before parsing or coercion (QUERY_MAX_NESTING,
// TOOBG); should the stack run out anyway, the client gets "An error occurred" with an errorId,
// and the detail is logged once under that id; a websocket closed on an unexpected error says
// "Internal server error <id>", nothing else.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import http from "node:http";
import { WebSocket } from "ws";
import { createClient } from "graphql-ws";
import { buildSchema, parse } from "postgraphile/graphql";
import { startTestServer } from "../../server/test/harness.ts";
import { DEFAULT_DOCUMENT_LIMITS } from "../../server/graphql/document-limits.ts";
import { attachGraphqlWebsocket } from "../../server/graphql/websocket.ts";
import { captureLogs } from "../logs.ts";

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
/** Every limit before parsing raised out of the way, so the recursion itself is reached. */
let unguarded: Server;
beforeAll(async () => {
  server = await startTestServer();
  unguarded = await startTestServer({
    documentLimits: {
      ...DEFAULT_DOCUMENT_LIMITS,
      maxBodyBytes: 1024 * 1024,
      maxBytes: 1024 * 1024,
      maxTokens: 1_000_000,
      maxNesting: 1_000_000,
    },
  });
});
afterAll(async () => {
  await server?.close();
  await unguarded?.close();
});

/** `variablesJson` is written out as text: JSON.stringify itself runs out of stack on such values. */
async function post(url: string, body: { query: string; variablesJson?: string }) {
  const res = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json, application/json" },
    body: `{"query":${JSON.stringify(body.query)}${body.variablesJson ? `,"variables":${body.variablesJson}` : ""}}`,
  });
  return { status: res.status, text: await res.text() };
}

const nestedSelections = (n: number) => `query Deep ${"{a".repeat(n)}${"}".repeat(n)}`;
const nestedList = (n: number) => `query DeepList { thingById(id: ${"[".repeat(n)}${"]".repeat(n)}) { id } }`;
const nestedValue = (n: number) => `{"v":${"[".repeat(n)}${"]".repeat(n)}}`;
// A JSON input: the value is taken as it comes, however deep (the review's `[[[[...` variables).
const VARIABLE_QUERY = `mutation DeepVariable($v: JSON!) {
  syncNavigationEvents(input: { sessionId: "00000000-0000-4000-8000-000000000000", events: $v }) { syncNavigationResult { success } } }`;

const INTERNAL = /call stack|RangeError|at .*\.(ts|js):\d+/i;

describe("stack-deep documents and variables", () => {
  it("are refused before parsing with TOOBG under the default limits", async () => {
    // Within the document's size limit (16 KB): thousands of levels.
    for (const query of [nestedSelections(4_000), nestedList(7_000)]) {
      const r = await post(server.url, { query });
      expect(r.status).toBe(400);
      expect(JSON.parse(r.text).errors).toEqual([
        {
          message: "Query is nested too deeply: more than 40 levels of brackets are not allowed",
          extensions: { code: "TOOBG" },
        },
      ]);
    }
    const r = await post(server.url, { query: VARIABLE_QUERY, variablesJson: nestedValue(20_000) });
    expect(r.status).toBe(400);
    expect(r.text).not.toMatch(INTERNAL);
    expect(JSON.parse(r.text).errors[0]).toMatchObject({
      message: "Variables are nested too deeply: more than 40 levels of lists and objects are not allowed",
      extensions: { code: "TOOBG" },
    });
  });

  it("that exhaust the stack anyway get a masked error with an id, logged once under that id", async () => {
    const logged = captureLogs();
    try {
      for (const body of [
        { query: nestedSelections(30_000) },
        { query: nestedList(60_000) },
        { query: VARIABLE_QUERY, variablesJson: nestedValue(200_000) },
      ]) {
        logged.records.length = 0;
        const r = await post(unguarded.url, body);
        expect(r.text).not.toMatch(INTERNAL);
        const errors = JSON.parse(r.text).errors;
        expect(errors).toHaveLength(1);
        expect(errors[0].message).toBe("An error occurred");
        const errorId = errors[0].extensions.errorId;
        expect(errorId).toMatch(/^[0-9A-F]{12}$/);
        const lines = logged.records.filter((r) => r.msg.includes(errorId)).map((r) => `${r.msg} ${JSON.stringify(r.err)}`);
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(/call stack/i);
      }
    } finally {
      logged.stop();
    }
  });

  it("over the websocket: the same refusals, as errors of the operation", async () => {
    const run = (payload: { query: string; variables?: Record<string, unknown> }) => {
      const client = createClient({ url: server.url.replace(/^http/, "ws") + "/graphql", webSocketImpl: WebSocket, retryAttempts: 0 });
      return new Promise<any>((resolve) => {
        let result: unknown;
        client.subscribe(payload, {
          next: (v) => (result = v),
          error: (e) => resolve(Array.isArray(e) ? { errors: e } : { failure: String(e) }),
          complete: () => resolve(result),
        });
      }).finally(() => client.dispose());
    };
    const deep = await run({ query: nestedSelections(4_000) });
    expect(deep.errors[0]).toMatchObject({
      message: "Query is nested too deeply: more than 40 levels of brackets are not allowed",
      extensions: { code: "TOOBG" },
    });
    // (1,000 levels: the test's own client cannot write a deeper value.)
    const variables = await run({ query: VARIABLE_QUERY, variables: JSON.parse(nestedValue(1_000)) });
    expect(variables.errors[0]).toMatchObject({
      message: "Variables are nested too deeply: more than 40 levels of lists and objects are not allowed",
      extensions: { code: "TOOBG" },
    });
  });
});

describe("a websocket closed on an unexpected error", () => {
  it("says 'Internal server error' and an id, never the error's text; the text is logged under the id", async () => {
    // The websocket handler in front of a stand-in for grafserv whose execution throws an
    // internal message (as a stack overflow coercing variables did, before the limits).
    const schema = buildSchema("type Query { a: Int }");
    const secret = "connection to app_private.secrets at /srv/server/x.ts:12 failed";
    const serv = {
      resolvedPreset: {},
      middleware: null,
      grafastMiddleware: null,
      dynamicOptions: { maskError: (e: unknown) => e },
      getExecutionConfig: () => ({
        schema,
        resolvedPreset: {},
        contextValue: {},
        parseAndValidate: (query: string) => ({ document: parse(query) }),
        execute: async () => {
          throw new Error(secret);
        },
        subscribe: async () => {
          throw new Error(secret);
        },
      }),
    };
    const httpServer = http.createServer();
    await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
    const ws = attachGraphqlWebsocket(httpServer, serv as any, { path: "/graphql", maxPayload: 64 * 1024 });
    const logged = captureLogs();
    try {
      const port = (httpServer.address() as { port: number }).port;
      const socket = new WebSocket(`ws://127.0.0.1:${port}/graphql`, "graphql-transport-ws");
      const closed = new Promise<{ code: number; reason: string }>((resolve) =>
        socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
      );
      socket.on("open", () => socket.send(JSON.stringify({ type: "connection_init" })));
      socket.on("message", (data) => {
        if (JSON.parse(data.toString()).type === "connection_ack") {
          socket.send(JSON.stringify({ id: "1", type: "subscribe", payload: { query: "query { a }" } }));
        }
      });
      const { code, reason } = await closed;
      expect(code).toBe(4500);
      expect(reason).toMatch(/^Internal server error [0-9A-F]{12}$/);
      expect(reason).not.toContain("app_private");
      const errorId = reason.split(" ").pop()!;
      const lines = logged.lines.filter((l) => l.includes(errorId));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(secret);
    } finally {
      logged.stop();
      ws.close();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    }
  });
});
