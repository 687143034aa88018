// Security review (issue #20), GraphQL finding 2 (MEDIUM): documents built to make
// OverlappingFieldsCanBeMergedRule quadratic (hundreds of selections of the same response name,
// at the root, nested, or in fragments nothing uses) cost 0.3 to 2.2 s of CPU each in
// validation, before any limit applied: the limits were validation rules themselves.
//
// Now the shape limits run on the parsed document BEFORE validation (document-limits.ts): root
// fields (QUERY_MAX_ROOT_FIELDS), fields with fragments counted at every use and fields written
// anywhere in the document, unused fragments included (QUERY_MAX_FIELDS), besides tokens and
// bytes before parsing. Such a document is refused with TOOBG naming the limit, and validation
// never sees it: a field the schema does not have, put in the same document, is not reported.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestServer, gql, signUp } from "../../server/test/harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Errors only, all TOOBG, none of them from validation (the unknown field is never reported). */
function refusedBeforeValidation(result: { status: number; data?: unknown; errors?: any[] }, limit: RegExp) {
  expect(result.data).toBeUndefined();
  expect(result.errors!.length).toBeGreaterThan(0);
  for (const error of result.errors!) expect(error.extensions?.code, error.message).toBe("TOOBG");
  expect(result.errors!.map((e) => e.message).join("\n")).toMatch(limit);
  expect(JSON.stringify(result.errors)).not.toMatch(/Cannot query field|noSuchField/);
}

// Each stays within the size limits (16 KB, 2,000 tokens): they are refused for their shape.
const UNKNOWN = "noSuchField";

describe("overlapping-field documents", () => {
  it("at the root: hundreds of the same field are refused by the root-field cap", async () => {
    const query = `query Overlap { ${"currentUser { id name } ".repeat(300)} ${UNKNOWN} }`;
    expect(Buffer.byteLength(query)).toBeLessThan(16_384);
    refusedBeforeValidation(await gql(server.url, query), /^Query asks for too many root fields: 301, at most 20 are allowed$/m);
  });

  it("nested under one root field: refused by the field cap (500)", async () => {
    const user = await signUp(server.url);
    const query = `query Overlap { currentUser { ${"userEmailsByUserId { nodes { id email } } ".repeat(160)} ${UNKNOWN} } }`;
    expect(Buffer.byteLength(query)).toBeLessThan(16_384);
    refusedBeforeValidation(await gql(server.url, query, {}, user.token), /^Query has too many fields: more than 500 are not allowed$/m);
  });

  it("through fragments spread many times: refused by the field cap, fragments counted at every use", async () => {
    const query = `query Overlap { currentUser { ${"...U ".repeat(200)} ${UNKNOWN} } } fragment U on User { id name username }`;
    refusedBeforeValidation(await gql(server.url, query), /^Query has too many fields: more than 500 are not allowed$/m);
  });

  it("in a fragment nothing uses (validation would still compare its fields): refused by the field cap", async () => {
    const query = `query Small { __typename } fragment Unused on User { ${"id ".repeat(501)} ${UNKNOWN} }`;
    refusedBeforeValidation(await gql(server.url, query), /^Query has too many fields: more than 500 are not allowed$/m);
  });

  it("the same shapes at a size the limits allow are validated and answered", async () => {
    const user = await signUp(server.url);
    const nested = await gql(
      server.url,
      `query Fine { currentUser { ${"userEmailsByUserId { nodes { id email } } ".repeat(100)} } }`,
      {},
      user.token,
    );
    expect(nested.errors).toBeUndefined();
    expect(nested.data.currentUser.userEmailsByUserId.nodes).toHaveLength(1);
    const root = await gql(server.url, `query Fine { ${"currentUser { id name } ".repeat(20)} }`, {}, user.token);
    expect(root.errors).toBeUndefined();
    // Within the limits, validation runs as before and reports what is wrong.
    const unknown = await gql(server.url, `query Fine { currentUser { id ${UNKNOWN} } }`, {}, user.token);
    expect(unknown.errors![0].message).toMatch(/Cannot query field "noSuchField"/);
  });
});
