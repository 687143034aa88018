// Hardening that sits in front of the API, each item allowed and denied over real HTTP (and
// websockets where the SPA uses them): rate limits per address, security headers and the content
// security policy, query depth/cost/field/alias limits, introspection and GraphiQL switches, upload
// content sniffing, the webhook secret, the pinned JWT algorithm, and masked internal errors.
import { describe, it, expect, beforeAll, afterAll, inject } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { SignJWT, UnsecuredJWT } from "jose";
import { createClient } from "graphql-ws";
import { buildSchema, parse, Kind, type FragmentDefinitionNode, type OperationDefinitionNode } from "postgraphile/graphql";
import { loadConfig, rootDir, type ServerConfig } from "../config.ts";
import { startServer, type RunningServer } from "../app.ts";
import { authenticatorUrl } from "../../test/database.ts";
import { gql, newUserDetails, signUp, withOwner, SIGN_UP } from "./harness.ts";
import { DEFAULT_QUERY_LIMITS, measureOperation } from "../graphql/query-limits.ts";
import { maskError } from "../graphql/errors.ts";
import { GraphQLError } from "postgraphile/graphql";
import { captureLogs } from "../../test/logs.ts";

const JWT_SECRET = "test-secret-that-is-long-enough-for-hs256-000";
const WEBHOOK_SECRET = "hardening-webhook-secret-0123456789";

let server: RunningServer;
let databaseUrl: string;
let dataDir: string;

async function start(overrides: Partial<ServerConfig>): Promise<RunningServer> {
  return startServer(
    loadConfig({
      databaseUrl,
      authDatabaseUrl: await authenticatorUrl(databaseUrl),
      port: 0,
      host: "127.0.0.1",
      exportSchema: false,
      graphiql: false,
      jwtSecret: JWT_SECRET,
      ttnWebhookSecret: WEBHOOK_SECRET,
      dataDir,
      ...overrides,
    }),
  );
}

beforeAll(async () => {
  databaseUrl = inject("databaseUrl");
  dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "steward-hardening-"));
  // The rate-limit tests stand for clients behind a proxy on this machine, which names each
  // client in X-Forwarded-For (TRUST_PROXY=loopback); test/security/forwarded-for-spoofing.test.ts
  // covers the header from anyone else.
  server = await start({ rateLimits: true, trustProxy: "loopback" });
});
afterAll(async () => {
  await server?.close();
  if (dataDir) await fs.promises.rm(dataDir, { recursive: true, force: true });
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
    expect(refused.errors[0]).toMatchObject({
      message: "Too many attempts; please wait a few minutes and try again",
      extensions: { code: "RATEL" },
    });
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
    const again = await gql(
      server.url,
      `mutation S($u: String!, $p: String!) { signIn(input: { username: $u, password: $p }) { jwtToken } }`,
      { u: details.username, p: details.password },
    );
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
      expect(csp).toMatch(/connect-src 'self'/);
      expect(csp).not.toMatch(/ ws: | wss: /); // 'self' covers the app's own websocket
    }
  });

  it("the policy lets the map load its configured tiles and the app reach its API and websocket, nothing else", async () => {
    const directives = async (s: RunningServer) => {
      const csp = (await fetch(`${s.url}/health`)).headers.get("content-security-policy") ?? "";
      return Object.fromEntries(
        csp.split(/;\s*/).map((d) => {
          const [name, ...values] = d.split(" ");
          return [name, values];
        }),
      );
    };
    // Defaults: every basemap of web/src/components/environment/map-styles.ts.
    const d = await directives(server);
    for (const host of ["https://tiles.openfreemap.org", "https://server.arcgisonline.com", "https://tile.opentopomap.org"]) {
      expect(d["connect-src"], host).toContain(host); // styles, vector and raster tiles are fetched
      expect(d["img-src"], host).toContain(host);
    }
    expect(d["worker-src"]).toEqual(["'self'", "blob:"]); // maplibre's tile worker
    expect(d["script-src"]).toEqual(["'self'"]);
    expect(d["connect-src"]).not.toContain("*");

    // Configured: other tile hosts and an API on another origin (GRAPHQL_URL / GRAPHQL_WS_URL).
    const other = await start({
      mapTileHosts: ["https://tiles.example.org"],
      graphqlUrl: "https://api.example.org/graphql",
      graphqlWsUrl: "wss://live.example.org/graphql",
    });
    try {
      const o = await directives(other);
      expect(o["connect-src"]).toEqual(
        expect.arrayContaining(["'self'", "https://tiles.example.org", "https://api.example.org", "wss://live.example.org"]),
      );
      expect(o["img-src"]).toContain("https://tiles.example.org");
      expect(o["connect-src"]).not.toContain("https://tiles.openfreemap.org");
    } finally {
      await other.close();
    }
  });
});

// --- Query limits -----------------------------------------------------------------------------

/** A path of real fields, member → group → member → user → ..., as deep as asked. */
const PATH = [
  "groupMembershipsByUserId(first: 1)",
  "nodes",
  "groupByGroupId",
  "groupMembershipsByGroupId(first: 1)",
  "nodes",
  "userByUserId",
];
function deepQuery(depth: number): string {
  // currentUser is level 1, __typename the last level.
  const fields = ["currentUser"];
  for (let i = 0; fields.length < depth - 1; i++) fields.push(PATH[i % PATH.length]);
  return `query Deep { ${fields.map((f) => `${f} {`).join(" ")} __typename ${"}".repeat(fields.length)} }`;
}

const COSTLY = `query Costly { allThings(first: 1000) { nodes { id actionsByThingId(first: 1000) { nodes { id } } } } }`;
const COSTLY_BY_VARIABLE = `query CostlyByVariable($n: Int) { allThings(first: $n) { nodes { id actionsByThingId(first: $n) { nodes { id } } } } }`;

function aliases(n: number): string {
  return `query Aliases { ${Array.from({ length: n }, (_, i) => `a${i}: __typename`).join(" ")} }`;
}

/** Each fragment uses the one before twice: 2^30 fields once expanded, in a few hundred bytes. */
function fragmentBomb(levels: number): string {
  const fragments = [`fragment F0 on Query { __typename }`];
  for (let i = 1; i <= levels; i++) fragments.push(`fragment F${i} on Query { ...F${i - 1} ...F${i - 1} }`);
  return `query Bomb { ...F${levels} } ${fragments.join(" ")}`;
}

function wsRun(url: string, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const client = createClient({ url: url.replace("http", "ws") + "/graphql", webSocketImpl: WebSocket, lazy: true, retryAttempts: 0 });
  return new Promise<any>((resolve) => {
    let result: any;
    client.subscribe(
      { query, variables },
      {
        next: (v) => (result = v),
        // Refused before execution, graphql-ws hands over the errors themselves.
        error: (e) => resolve(Array.isArray(e) ? { errors: e } : { failure: e }),
        complete: () => resolve(result),
      },
    );
  }).finally(() => client.dispose());
}

describe("query limits", () => {
  it("let every operation of the web app through with the default limits", () => {
    const schema = buildSchema(fs.readFileSync(path.join(rootDir, "server/schema.graphql"), "utf8"));
    const files = fs.globSync("web/src/**/*.graphql", { cwd: rootDir });
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const document = parse(fs.readFileSync(path.join(rootDir, file), "utf8"));
      const fragments = new Map(
        document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
      );
      for (const operation of document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)) {
        // Validation (values unknown), and execution with the largest page the SPA asks for (500).
        const pages = Object.fromEntries((operation.variableDefinitions ?? []).map((v) => [v.variable.name.value, 500]));
        for (const variables of ["unknown" as const, pages]) {
          const size = measureOperation(schema, fragments, operation, variables, DEFAULT_QUERY_LIMITS);
          expect(size.depth, file).toBeLessThanOrEqual(DEFAULT_QUERY_LIMITS.maxDepth - 2);
          expect(size.cost, file).toBeLessThanOrEqual(DEFAULT_QUERY_LIMITS.maxCost / 1.5);
          expect(size.fields, file).toBeLessThanOrEqual(DEFAULT_QUERY_LIMITS.maxFields / 2);
          expect(size.aliases, file).toBeLessThanOrEqual(DEFAULT_QUERY_LIMITS.maxAliases / 2);
        }
      }
    }
  });

  it("refuse a query deeper than 12 levels with TOOBG, and answer one of 12", async () => {
    const user = await signUp(server.url);
    const ok = await gql(server.url, deepQuery(12), {}, user.token);
    expect(ok.errors).toBeUndefined();
    expect(ok.data.currentUser).toBeTruthy();

    const refused = await gql(server.url, deepQuery(13), {}, user.token);
    expect(refused.data).toBeUndefined();
    expect(refused.errors).toHaveLength(1);
    expect(refused.errors![0]).toMatchObject({
      message: "Query is too deep: 13 levels of nested fields, at most 12 are allowed",
      extensions: { code: "TOOBG" },
    });
  });

  it("refuse a query that could return too many rows, naming the estimate", async () => {
    const refused = await gql(server.url, COSTLY);
    expect(refused.data).toBeUndefined();
    expect(refused.errors![0]).toMatchObject({
      message:
        "Query is too costly: it could return about 1,002,001 rows, at most 100,000 are allowed; ask for fewer with first or last, or split it",
      extensions: { code: "TOOBG" },
    });
    // The same shape with smaller pages runs (a guest sees the public things).
    const ok = await gql(server.url, COSTLY.replaceAll("1000", "100"));
    expect(ok.errors).toBeUndefined();
    expect(Array.isArray(ok.data.allThings.nodes)).toBe(true);
  });

  it("cost `first: $n` with the value sent: refused before anything runs when too large", async () => {
    const ok = await gql(server.url, COSTLY_BY_VARIABLE, { n: 100 });
    expect(ok.errors).toBeUndefined();
    const refused = await gql(server.url, COSTLY_BY_VARIABLE, { n: 1000 });
    expect(refused.data).toBeUndefined();
    expect(refused.errors![0].extensions.code).toBe("TOOBG");
    expect(refused.errors![0].message).toMatch(/^Query is too costly: it could return about 1,002,001 rows/);
    // Left out, a limit counts as the assumed page size (50): 1 + 50 + 50 + 2,500.
    expect((await gql(server.url, COSTLY_BY_VARIABLE, {})).errors).toBeUndefined();
  });

  it("a refused mutation writes nothing", async () => {
    const user = await signUp(server.url);
    const padding = Array.from({ length: 31 }, (_, i) => `a${i}: __typename`).join(" ");
    const r = await gql(
      server.url,
      `mutation Padded($e: String!) { createUserEmail(input: { email: $e }) { clientMutationId ${padding} } }`,
      { e: `padded.${randomUUID().slice(0, 8)}@example.com` },
      user.token,
    );
    expect(r.errors![0]).toMatchObject({
      message: "Query uses too many aliases: 31, at most 30 are allowed",
      extensions: { code: "TOOBG" },
    });
    const emails = await gql(server.url, `query { currentUser { userEmailsByUserId { totalCount } } }`, {}, user.token);
    expect(emails.data.currentUser.userEmailsByUserId.totalCount).toBe(1);
  });

  it("cap aliases at 30 and fields at 500, and measure a fragment bomb without expanding it", async () => {
    expect((await gql(server.url, aliases(30))).errors).toBeUndefined();
    expect((await gql(server.url, aliases(31))).errors![0].message).toBe("Query uses too many aliases: 31, at most 30 are allowed");

    // 2^40 fields once expanded (hours of work): that it is answered at all, within the test's
    // timeout, shows it was measured without expanding it.
    const bomb = await gql(server.url, fragmentBomb(40));
    expect(bomb.data).toBeUndefined();
    expect(bomb.errors!.map((e: any) => e.message)).toContain("Query has too many fields: more than 500 are not allowed");
  });

  it("apply the same limits over the websocket, to queries and subscriptions", async () => {
    const deep = await wsRun(server.url, deepQuery(13));
    expect(deep.errors[0]).toMatchObject({
      message: "Query is too deep: 13 levels of nested fields, at most 12 are allowed",
      extensions: { code: "TOOBG" },
    });
    const costly = await wsRun(server.url, COSTLY_BY_VARIABLE, { n: 1000 });
    expect(costly.errors[0].extensions.code).toBe("TOOBG");
    const subscription = await wsRun(
      server.url,
      `subscription S($id: UUID!) { thingUpdated(id: $id) { thing { id ${Array.from({ length: 31 }, (_, i) => `a${i}: __typename`).join(" ")} } } }`,
      { id: randomUUID() },
    );
    expect(subscription.errors[0]).toMatchObject({ message: "Query uses too many aliases: 31, at most 30 are allowed" });
    expect((await wsRun(server.url, COSTLY_BY_VARIABLE, { n: 10 })).data.allThings).toBeTruthy();
  });

  it("are read from the environment", () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, {
        QUERY_MAX_DEPTH: "20",
        QUERY_MAX_COST: "5000",
        QUERY_MAX_FIELDS: "300",
        QUERY_MAX_ALIASES: "5",
        QUERY_DEFAULT_LIST_SIZE: "10",
      });
      expect(loadConfig().queryLimits).toEqual({ maxDepth: 20, maxCost: 5000, maxFields: 300, maxAliases: 5, defaultListSize: 10 });
      // Nonsense stops the start (it used to fall back to the default silently); unset is the default.
      process.env.QUERY_MAX_DEPTH = "-3";
      expect(() => loadConfig()).toThrow('QUERY_MAX_DEPTH must be a whole number of at least 1, got "-3"');
      delete process.env.QUERY_MAX_DEPTH;
      expect(loadConfig().queryLimits.maxDepth).toBe(DEFAULT_QUERY_LIMITS.maxDepth);
    } finally {
      process.env = saved;
    }
  });
});

// --- Production switches ----------------------------------------------------------------------

describe("introspection and GraphiQL", () => {
  const INTROSPECT = `query { __schema { queryType { name } } }`;

  it("are on in development and off in production unless switched on", () => {
    const saved = { ...process.env };
    try {
      for (const key of ["INTROSPECTION", "GRAPHIQL"]) delete process.env[key];
      // Production refuses to start without one (test/security/production-secrets-required.test.ts).
      process.env.JWT_SECRET = JWT_SECRET;
      process.env.NODE_ENV = "development";
      expect(loadConfig()).toMatchObject({ introspection: true, graphiql: true });
      process.env.NODE_ENV = "production";
      expect(loadConfig()).toMatchObject({ introspection: false, graphiql: false });
      Object.assign(process.env, { INTROSPECTION: "true", GRAPHIQL: "1" });
      expect(loadConfig()).toMatchObject({ introspection: true, graphiql: true });
      Object.assign(process.env, { NODE_ENV: "development", INTROSPECTION: "false", GRAPHIQL: "no" });
      expect(loadConfig()).toMatchObject({ introspection: false, graphiql: false });
    } finally {
      process.env = saved;
    }
  });

  it("on: the schema can be introspected; GraphiQL off: /graphiql is not served", async () => {
    const r = await gql(server.url, INTROSPECT);
    expect(r.errors).toBeUndefined();
    expect(r.data.__schema.queryType.name).toBe("Query");
    expect((await fetch(`${server.url}/graphiql`)).status).toBe(404);
  });

  it("off: __schema and __type are refused over HTTP and websocket, __typename still works; GraphiQL on: served", async () => {
    const locked = await start({ introspection: false, graphiql: true });
    try {
      for (const query of [INTROSPECT, `query { __type(name: "Thing") { name } }`]) {
        const r = await gql(locked.url, query);
        expect(r.data).toBeUndefined();
        expect(r.errors![0]).toMatchObject({ message: "Introspection is switched off on this server", extensions: { code: "DNIED" } });
      }
      expect((await wsRun(locked.url, INTROSPECT)).errors[0].message).toBe("Introspection is switched off on this server");
      expect((await gql(locked.url, `query { __typename }`)).data).toEqual({ __typename: "Query" });
      const page = await fetch(`${locked.url}/graphiql`, { headers: { accept: "text/html" } });
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/ruru|graphiql/i);
    } finally {
      await locked.close();
    }
  });
});

// --- Uploads, webhook secret, tokens, errors --------------------------------------------------

async function upload(token: string, name: string, data: Buffer, type: string) {
  const form = new FormData();
  form.append("sessionId", randomUUID());
  form.append("file", new Blob([new Uint8Array(data)], { type }), name);
  const res = await fetch(`${server.url}/uploads`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

describe("upload content sniffing", () => {
  it("accepts a real PNG and refuses bytes that only claim to be one (name and type)", async () => {
    const user = await signUp(server.url);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 9, g: 90, b: 9 } } })
      .png()
      .toBuffer();
    expect((await upload(user.token, "ok.png", png, "image/png")).status).toBe(201);
    const html = Buffer.from("<html><script>alert(1)</script></html>");
    const refused = await upload(user.token, "evil.png", html, "image/png");
    expect(refused).toEqual({ status: 415, body: { error: "Only JPEG, PNG, WebP or GIF images can be uploaded" } });
    // The type is taken from the content, never from the name: a PNG called .jpg is stored as PNG.
    expect((await upload(user.token, "renamed.jpg", png, "image/jpeg")).body.files[0].type).toBe("image/png");
  });
});

describe("the TTN webhook and the NUL character", () => {
  it("answers 400, not 503, when a text holds U+0000 (PostgreSQL cannot store it)", async () => {
    const res = await fetch(`${server.url}/webhooks/ttn`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${WEBHOOK_SECRET}` },
      body: JSON.stringify({
        end_device_ids: { device_id: "eui-00000000000000aa\u0000" },
        received_at: new Date().toISOString(),
        uplink_message: { f_port: 2, f_cnt: 1, frm_payload: "AA==" },
      }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/body\.end_device_ids\.device_id contains the NUL character/);
  });
});

describe("the webhook secret", () => {
  it("is compared in constant time (hashes of equal length through timingSafeEqual)", () => {
    const source = fs.readFileSync(path.join(rootDir, "server/webhooks/ttn.ts"), "utf8");
    expect(source).toMatch(/timingSafeEqual\(/);
    expect(source).toMatch(/createHash\("sha256"\)\.update\(given\)/);
    // No early-exit comparison of the secret anywhere.
    expect(source).not.toMatch(/(given|secret)\s*[!=]==?\s*(given|secret)/);
  });

  it("lets the right secret in and keeps every other one out with 401", async () => {
    const post = (authorization?: string) =>
      fetch(`${server.url}/webhooks/ttn`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({
          end_device_ids: { device_id: "eui-00000000000000aa" },
          received_at: new Date().toISOString(),
          uplink_message: { f_port: 2, f_cnt: 1, frm_payload: "AA==" },
        }),
      }).then((r) => r.status);
    // Past the secret, an unknown device answers 404.
    expect(await post(`Bearer ${WEBHOOK_SECRET}`)).toBe(404);
    for (const wrong of [
      undefined,
      "",
      "Bearer",
      `Bearer ${WEBHOOK_SECRET.slice(0, -1)}`,
      `Bearer ${WEBHOOK_SECRET}x`,
      `Bearer ${WEBHOOK_SECRET.toUpperCase()}`,
      `Basic ${WEBHOOK_SECRET}`,
      `Bearer ${"x".repeat(10_000)}`,
    ]) {
      expect(await post(wrong), String(wrong).slice(0, 40)).toBe(401);
    }
  });
});

describe("the JWT algorithm", () => {
  const ME = `query { currentUser { id } }`;
  const claims = () => ({ user_id: randomUUID(), role: "bk_admin", domain_name: null });

  it("accepts HS256 tokens signed with the secret", async () => {
    const user = await signUp(server.url);
    const r = await gql(server.url, ME, {}, user.token);
    expect(r.status).toBe(200);
    expect(r.data.currentUser.id).toBeTruthy();
  });

  it("refuses alg none, other HMAC algorithms and a public-key algorithm, whatever the claims", async () => {
    const key = new TextEncoder().encode(JWT_SECRET);
    const none = new UnsecuredJWT(claims()).setAudience("steward").setIssuer("steward").setIssuedAt().setExpirationTime("1h").encode();
    const hs512 = await new SignJWT(claims())
      .setProtectedHeader({ alg: "HS512" })
      .setAudience("steward")
      .setIssuer("steward")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(JWT_SECRET.repeat(2)));
    const hs384 = await new SignJWT(claims())
      .setProtectedHeader({ alg: "HS384" })
      .setAudience("steward")
      .setIssuer("steward")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(key);
    // An RS256 header over an HS256 signature: the classic algorithm-confusion shape.
    const [, body, signature] = (
      await new SignJWT(claims())
        .setProtectedHeader({ alg: "HS256" })
        .setAudience("steward")
        .setIssuer("steward")
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(key)
    ).split(".");
    const confused = `${Buffer.from(JSON.stringify({ alg: "RS256", typ: "JWT" })).toString("base64url")}.${body}.${signature}`;
    for (const [name, token] of Object.entries({ none, hs512, hs384, confused })) {
      const r = await gql(server.url, ME, {}, token);
      expect(r.status, name).toBe(401);
      expect(r.errors![0].message, name).toBe("Invalid token");
      expect(r.data, name).toBeUndefined();
    }
  });
});

describe("client errors", () => {
  it("never carry SQL or stack traces", async () => {
    const r = await gql(server.url, `query { thingById(id: "not-a-uuid") { id } }`);
    const text = JSON.stringify(r);
    expect(text).not.toMatch(/select |app_public\.|at .*\.ts:\d+/i);
  });

  it("a malformed path answers a short JSON 400, not Express's page with a stack trace", async () => {
    for (const path of ["/%zz", "/export/things/%E0%A4%A/readings.csv"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toEqual({ error: "Bad request" });
    }
  });

  it("an internal error answers a generic message and an id; the details go to the log under that id", async () => {
    const marker = `force an internal error ${randomUUID()}`;
    await withOwner(databaseUrl, async (c) => {
      // Fires only for this test's subject, so tests running beside it are not affected.
      await c.query(`create function app_private.tg_feedback__hardening_test() returns trigger language plpgsql as $$
        begin
          raise exception 'relation "app_private.user_secrets" does not exist'
            using errcode = '42P01', detail = 'select password_hash from app_private.user_secrets', hint = 'check the SQL';
        end $$`);
      await c.query(`create trigger tg_feedback__hardening_test before insert on app_public.feedback for each row
        when (new.subject = ${"'" + marker + "'"}) execute function app_private.tg_feedback__hardening_test()`);
    });
    const logged = captureLogs();
    try {
      const user = await signUp(server.url);
      const r = await gql(
        server.url,
        `mutation F($s: String!) { createFeedback(input: { feedback: { subject: $s, message: "Hello there" } }) { clientMutationId } }`,
        { s: marker },
        user.token,
      );
      expect(r.status).toBe(200);
      expect(r.errors).toHaveLength(1);
      const error = r.errors![0];
      expect(error.message).toBe("An error occurred");
      expect(error.extensions.errorId).toMatch(/^[A-Z0-9]{8,}$/);
      expect(Object.keys(error.extensions)).toEqual(["errorId"]);
      const text = JSON.stringify(r);
      expect(text).not.toMatch(/select|app_private|user_secrets|password|42P01|hint|\.ts:\d+|at [\w.]+ \(/i);
      // The id leads to the details in the server log.
      const line = logged.records.find((record) => record.msg.includes(error.extensions.errorId));
      expect(line, "the masked error is logged with its id").toBeTruthy();
      expect(String((line!.err as { message: string }).message)).toContain("user_secrets");
    } finally {
      logged.stop();
      await withOwner(databaseUrl, async (c) => {
        await c.query(`drop trigger tg_feedback__hardening_test on app_public.feedback`);
        await c.query(`drop function app_private.tg_feedback__hardening_test()`);
      });
    }
  });

  it("maskError keeps our codes, explains bad values plainly and masks the rest", () => {
    const logged = captureLogs();
    try {
      const wrap = (original: Error) => maskError(new GraphQLError(original.message, { originalError: original })).toJSON();
      const pgError = (code: string, message: string, fields: Record<string, string> = {}) =>
        Object.assign(new Error(message), { code, ...fields });
      expect(wrap(pgError("INVLD", "Name must be at least 3 characters"))).toMatchObject({
        message: "Name must be at least 3 characters",
        extensions: { code: "INVLD" },
      });
      // PostgreSQL's complaints about values: our words, never its text (which quotes the value).
      const cases: [Error, string, string][] = [
        [pgError("22021", 'invalid byte sequence for encoding "UTF8": 0x00'), "Text must not contain the NUL character", "INVLD"],
        [pgError("22P02", 'invalid input syntax for type uuid: "secret-ish"'), "A value is not in the expected format", "INVLD"],
        [pgError("22008", 'date/time field value out of range: "2020-13-45"'), "A date or time is out of range", "INVLD"],
        [pgError("22003", "integer out of range"), "A number is out of range", "INVLD"],
        [pgError("2201X", "something new in class 22"), "A value is not valid", "INVLD"],
        [
          pgError("23502", 'null value in column "thing_id" of relation "tasks" violates not-null constraint', { column: "thing_id" }),
          "Thing id is required",
          "INVLD",
        ],
        [
          pgError("23503", 'insert or update on table "tasks" violates foreign key constraint "tasks_thing_id_fkey"', {
            detail: 'Key (thing_id)=(6d4f...) is not present in table "things".',
          }),
          "The thing it refers to does not exist",
          "NTFND",
        ],
        [
          pgError("23503", 'insert or update on table "x" violates foreign key constraint "x_fkey"', {
            detail: 'Key (access_id)=(1) is not present in table "device_accesses".',
          }),
          "The device access it refers to does not exist",
          "NTFND",
        ],
        [
          pgError("23503", 'update or delete on table "things" violates foreign key constraint "x_fkey" on table "tasks"', {
            detail: 'Key (id)=(1) is still referenced from table "tasks".',
          }),
          "It cannot be changed or deleted while other records refer to it",
          "DNIED",
        ],
      ];
      for (const [error, message, code] of cases) expect(wrap(error), error.message).toEqual({ message, extensions: { code } });
      const masked = wrap(pgError("XX000", "select * from app_private.secrets"));
      expect(masked).toEqual({ message: "An error occurred", extensions: { errorId: expect.stringMatching(/^[0-9A-F]{12}$/) } });
      expect(logged.records.filter((r) => r.level === 50)[0].msg).toContain(masked.extensions!.errorId as string);
    } finally {
      logged.stop();
    }
  });

  it("a NUL character in a mutation gets a plain INVLD, and nothing is stored", async () => {
    const user = await signUp(server.url);
    const feedback = `mutation F($s: String!, $m: String!) { createFeedback(input: { feedback: { subject: $s, message: $m } }) { clientMutationId } }`;
    const nul = await gql(server.url, feedback, { s: "Hello\u0000there", m: "A message" }, user.token);
    expect(nul.errors![0]).toMatchObject({ message: "Text must not contain the NUL character", extensions: { code: "INVLD" } });
    const count = await withOwner(databaseUrl, (c) =>
      c.query("select count(*)::int as n from app_public.feedback where subject like 'Hello%there'"),
    );
    expect(count.rows[0].n).toBe(0);
  });
});
