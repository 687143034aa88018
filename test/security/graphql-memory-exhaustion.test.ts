// Security review (issue #20), GraphQL finding 1 (HIGH): anonymous POSTs of ~98 KB syntactically
// invalid documents, each unique, grew the server's heap by megabytes per request until it died.
// grafserv cached every parse failure (500 entries) with its GraphQLError, and the error's
// captured stack trace kept the parser, its lexer and so every token of the document alive
// (~90 bytes a token: 4.5 MB for a 98 KB document of 49,000 tokens; more for denser ones).
//
// Now: bodies over GRAPHQL_MAX_BODY_BYTES answer 413; documents over QUERY_MAX_BYTES,
// QUERY_MAX_TOKENS or QUERY_MAX_NESTING are refused (TOOBG) by a lexer pass before parsing and
// are not cached; a document that is parsed and fails keeps only a compact copy of its errors,
// in a cache bounded by bytes (QUERY_CACHE_MAX_BYTES). Each layer is attacked here on its own,
// with the limits in front of it raised, and the heap (after a full collection) must stay flat.
import { describe, it, expect, afterEach } from "vitest";
import v8 from "node:v8";
import vm from "node:vm";
import { startTestServer } from "../../server/test/harness.ts";
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from "../../server/graphql/document-limits.ts";
import { parseAndValidateCaches } from "../../server/graphql/query-limits-plugin.ts";

v8.setFlagsFromString("--expose-gc");
const gc: () => void = (globalThis as any).gc ?? vm.runInNewContext("gc");

/** Heap in use after full collections (the server runs in this process). */
function heapUsed(): number {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
}

const DOCUMENT_BYTES = 98_000;
let sequence = 0;
/** A unique, syntactically invalid document of ~98 KB: 49,000 name tokens, never closed. */
function invalidDocument(): string {
  sequence += 1;
  return `query Attack${sequence}_${Date.now()} { ` + "a ".repeat((DOCUMENT_BYTES - 40) / 2);
}

async function post(url: string, query: string) {
  const res = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json, application/json" },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * Sends `count` unique invalid documents after a warm-up and returns the heap's growth and the
 * last answer. Before the fix 150 documents kept about 680 MB; after it, well under 1 MB.
 */
async function attack(limits: Partial<DocumentLimits>, count = 150) {
  server = await startTestServer({ documentLimits: { ...DEFAULT_DOCUMENT_LIMITS, ...limits } });
  for (let i = 0; i < 10; i++) await post(server.url, invalidDocument());
  const before = heapUsed();
  let last: Awaited<ReturnType<typeof post>> | undefined;
  for (let i = 0; i < count; i++) last = await post(server.url, invalidDocument());
  const growth = heapUsed() - before;
  return { growth, last: last! };
}

const MB = 1024 * 1024;

describe("unique ~98 KB invalid documents, 150 of them", () => {
  it("with the default limits: refused by size (413) and the heap stays flat", async () => {
    const { growth, last } = await attack({});
    expect(growth).toBeLessThan(30 * MB);
    expect(last.status).toBe(413);
  });

  it("past the size limits: refused by the token count before parsing (TOOBG), nothing cached, heap flat", async () => {
    const { growth, last } = await attack({ maxBodyBytes: 256 * 1024, maxBytes: 256 * 1024 });
    expect(last.status).toBe(400);
    expect(last.body.errors).toEqual([
      { message: "Query has too many tokens: more than 2,000 are not allowed", extensions: { code: "TOOBG" } },
    ]);
    expect(growth).toBeLessThan(30 * MB);
  });

  it("past every limit before parsing: the syntax errors are cached compactly, within the cache's bytes, heap flat", async () => {
    const cacheMaxBytes = 2 * MB;
    const { growth, last } = await attack({ maxBodyBytes: 256 * 1024, maxBytes: 256 * 1024, maxTokens: 100_000, cacheMaxBytes });
    expect(last.status).toBe(400);
    expect(last.body.errors[0].message).toBe("Syntax Error: Expected Name, found <EOF>.");
    expect(last.body.errors[0].locations).toHaveLength(1);
    expect(growth).toBeLessThan(30 * MB);
    const caches = parseAndValidateCaches().filter((c) => c.maxBytes === cacheMaxBytes);
    expect(caches).toHaveLength(1);
    expect(caches[0].size).toBeGreaterThanOrEqual(150); // every failure is cached ...
    expect(caches[0].bytes).toBeLessThan(150 * 2_000); // ... as a few hundred bytes, not the document
    expect(caches[0].bytes).toBeLessThanOrEqual(cacheMaxBytes);
  });
});

describe("the cache of parsed documents", () => {
  it("is bounded by bytes as well as entries: valid unique documents evict older ones", async () => {
    const cacheMaxBytes = 1 * MB;
    server = await startTestServer({ documentLimits: { ...DEFAULT_DOCUMENT_LIMITS, cacheMaxBytes } });
    // Valid documents of ~1,000 tokens each (about 300 KB kept alive by estimate).
    for (let i = 0; i < 40; i++) {
      const fields = Array.from({ length: 15 }, (_, j) => `a${j}: __typename`).join(" ");
      const padding = Array.from({ length: 400 }, () => "__typename").join(" ");
      const r = await post(server.url, `query Valid${i}_${Date.now()} { ${fields} ${padding} }`);
      expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    }
    const [cache] = parseAndValidateCaches().filter((c) => c.maxBytes === cacheMaxBytes);
    expect(cache.bytes).toBeLessThanOrEqual(cacheMaxBytes);
    expect(cache.size).toBeLessThan(40);
    expect(cache.size).toBeGreaterThan(0);
  });
});
