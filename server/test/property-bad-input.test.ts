// Property-based bad input (fast-check): every mutation of the API, and the TTN webhook, fed
// malformed values over real HTTP, as a signed-in member and as an admin. Whatever comes in:
// - the answer is never HTTP 5xx and never the masked "An error occurred" (an internal error);
// - every error has a clear message without SQL or stack traces;
// - a refused call writes nothing: a fingerprint of every table is the same before and after.
//
// The mutation list comes from the schema (one test per mutation of server/schema.graphql, typed
// from the running server's own introspection), so a new mutation is covered without editing this
// file. Values are built from each argument's GraphQL type: mostly of the right type with hostile
// content (empty, huge, unicode, NUL, negative, out-of-range numbers, bad or foreign ids, bad enum
// names, impossible dates), sometimes of the wrong type altogether. Ids come from a pool of real
// rows (the caller's own and someone else's) beside random and malformed ones, so calls get past
// "not found" into the real checks.
//
// The test runs against its own database, so the fingerprints see only its own writes.
// PROPERTY_RUNS (default 3, and 6 in CI, where time matters less than finding a case) sets the
// calls per mutation and role; PROPERTY_SEED replays a failure.
import { describe, it, expect, beforeAll, afterAll, inject } from "vitest";
import fc from "fast-check";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import pg from "pg";
import {
  buildClientSchema,
  buildSchema,
  getIntrospectionQuery,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isCompositeType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from "postgraphile/graphql";
import { loadConfig, rootDir } from "../config.ts";
import { startServer, type RunningServer } from "../app.ts";
import { authenticatorUrl, createTestDatabase, dropTestDatabase } from "../../test/database.ts";
import { gql, newUserDetails, signUp, withOwner } from "./harness.ts";

const RUNS = Number(process.env.PROPERTY_RUNS) || (process.env.CI ? 6 : 3);
/** A regular expression picking some mutations, while working on them. */
const ONLY = process.env.PROPERTY_ONLY ? new RegExp(process.env.PROPERTY_ONLY) : null;
const SEED = process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : undefined;
const WEBHOOK_SECRET = "property-webhook-secret-0123456789";

/** The mutations of the exported schema, known when the tests are collected. */
const EXPORTED_MUTATIONS = Object.keys(
  buildSchema(fs.readFileSync(path.join(rootDir, "server/schema.graphql"), "utf8"))
    .getMutationType()
    ?.getFields() ?? {},
).sort();

/**
 * Writes made on purpose when a call is refused: security counters that must survive the
 * refusal, or they would count nothing. Anything else written by a refused call fails the test.
 */
const WRITES_ON_REFUSAL: Record<string, string[]> = {
  // Failed sign-ins per account (or unknown name), for the lockout after 10 (decisions.md).
  signIn: ["app_private.sign_in_failures"],
  // Failed reset attempts per user and source address (a wrong token for a real user), for the reset lockout.
  resetPassword: ["app_private.reset_failures"],
};

let databaseUrl: string;
let server: RunningServer;
let dataDir: string;
let schema: GraphQLSchema;
let fingerprintSql: string;

// --- Actors and the rows they own -------------------------------------------------------------

interface Actor {
  kind: "member" | "admin";
  username: string;
  email: string;
  password: string;
  token: string;
  userId: string;
  ids: Record<string, string>;
  nodeIds: string[];
}
const actors: Record<"member" | "admin", Actor> = {} as any;

async function call(query: string, variables: Record<string, unknown>, token?: string) {
  const r = await gql(server.url, query, variables, token);
  if (r.errors) throw new Error(`fixture failed: ${query.slice(0, 60)}: ${JSON.stringify(r.errors)}`);
  return r.data;
}

async function makeActor(kind: "member" | "admin"): Promise<Actor> {
  const details = newUserDetails(kind === "admin" ? "padm" : "pmem");
  let { token } = await signUp(server.url, details);
  if (kind === "admin") {
    await withOwner(databaseUrl, (c) => c.query("update app_public.users set is_admin = true where username = $1", [details.username]));
    token = (
      await call(`mutation S($u: String!, $p: String!) { signIn(input: { username: $u, password: $p }) { jwtToken } }`, {
        u: details.username,
        p: details.password,
      })
    ).signIn.jwtToken;
  }
  const me = (await call(`query { currentUser { id } }`, {}, token)).currentUser;
  const actor: Actor = { kind, ...details, token, userId: me.id, ids: {}, nodeIds: [] };
  await makeRows(actor);
  return actor;
}

/** A group, a thing in it with a device, an action and a task, invitations, feedback, an e-mail. */
async function makeRows(a: Actor) {
  const t = a.token;
  const tag = randomUUID().slice(0, 8);
  const group = (
    await call(
      `mutation { createGroup(input: { name: "Property Growers", type: GROWER, isPublic: false }) { group { id nodeId } } }`,
      {},
      t,
    )
  ).createGroup.group;
  const thing = (
    await call(
      `mutation T($g: UUID!) { createThing(input: { groupId: $g, name: "Property Planter", type: PLANTER, location: { x: 51.45, y: -0.97 }, isPublic: false }) { thing { id nodeId } } }`,
      { g: group.id },
      t,
    )
  ).createThing.thing;
  const device = (
    await call(
      `mutation D($t: UUID!, $d: String!) { createDevice(input: { model: LSE01, name: "Property probe", deviceId: $d, isPublic: false, location: { x: 51.45, y: -0.97 }, thingId: $t }) { device { id nodeId deviceId } } }`,
      { t: thing.id, d: `eui-prop${tag}` },
      t,
    )
  ).createDevice.device;
  const action = (
    await call(
      `mutation A($t: UUID!) { createAction(input: { action: { thingId: $t, type: WATERING, comments: "A full can" } }) { action { id nodeId } } }`,
      { t: thing.id },
      t,
    )
  ).createAction.action;
  const task = (
    await call(
      `mutation K($t: UUID!) { createTask(input: { task: { thingId: $t, actionType: WATERING, title: "Water it", priority: NORMAL, status: NOT_STARTED } }) { task { id nodeId } } }`,
      { t: thing.id },
      t,
    )
  ).createTask.task;
  await call(
    `mutation I($t: UUID!, $e: String!) { inviteToThingAccess(input: { thingId: $t, email: $e }) { clientMutationId } }`,
    { t: thing.id, e: `invitee.${tag}@example.com` },
    t,
  );
  await call(
    `mutation I($g: UUID!, $e: String!) { inviteToGroupMembership(input: { groupId: $g, email: $e }) { clientMutationId } }`,
    { g: group.id, e: `invitee.${tag}@example.com` },
    t,
  );
  await call(
    `mutation E($e: String!) { createUserEmail(input: { email: $e }) { clientMutationId } }`,
    { e: `second.${tag}@example.com` },
    t,
  );
  await call(
    `mutation F($t: UUID) { createFeedback(input: { feedback: { subject: "Property test", message: "All good", thingId: $t } }) { clientMutationId } }`,
    { t: thing.id },
    t,
  );
  // Ids of the rows made above and around them (memberships, accesses, invitations, e-mails).
  const more = await call(
    `query M($g: UUID!, $t: UUID!) {
    currentUser { id nodeId userEmailsByUserId { nodes { id nodeId } } groupMembershipsByUserId { nodes { id nodeId } } thingAccessesByUserId { nodes { id nodeId } } deviceAccessesByUserId { nodes { id nodeId } } }
    groupById(id: $g) { groupMembershipInvitationsByGroupId { nodes { id nodeId } } }
    thingById(id: $t) { thingAccessInvitationsByThingId { nodes { id nodeId } } }
  }`,
    { g: group.id, t: thing.id },
    t,
  );
  const u = more.currentUser;
  a.ids = {
    user: u.id,
    group: group.id,
    thing: thing.id,
    device: device.id,
    deviceEui: device.deviceId,
    action: action.id,
    task: task.id,
    email: u.userEmailsByUserId.nodes.at(-1)?.id,
    membership: u.groupMembershipsByUserId.nodes[0]?.id,
    thingAccess: u.thingAccessesByUserId.nodes[0]?.id,
    deviceAccess: u.deviceAccessesByUserId.nodes[0]?.id,
    groupInvitation: more.groupById.groupMembershipInvitationsByGroupId.nodes[0]?.id,
    thingInvitation: more.thingById.thingAccessInvitationsByThingId.nodes[0]?.id,
  };
  a.nodeIds = [
    u.nodeId,
    group.nodeId,
    thing.nodeId,
    device.nodeId,
    action.nodeId,
    task.nodeId,
    ...[u.userEmailsByUserId, u.groupMembershipsByUserId, u.thingAccessesByUserId, u.deviceAccessesByUserId].flatMap((c) =>
      c.nodes.map((n: any) => n.nodeId),
    ),
  ];
}

/**
 * Brings an actor back after a call that changed it for good (signed out, deleted the account,
 * deleted its thing): signs in again, or makes a new one; remakes missing rows.
 */
async function ensureActor(kind: "member" | "admin") {
  const a = actors[kind];
  const me = await gql(server.url, `query { currentUser { id } }`, {}, a.token);
  if (!me.data?.currentUser) {
    const again = await gql(
      server.url,
      `mutation S($u: String!, $p: String!) { signIn(input: { username: $u, password: $p }) { jwtToken } }`,
      { u: a.username, p: a.password },
    );
    if (again.data?.signIn?.jwtToken) a.token = again.data.signIn.jwtToken;
    else {
      actors[kind] = await makeActor(kind);
      return;
    }
  }
  const rows = await gql(
    server.url,
    `query R($g: UUID!, $t: UUID!, $d: UUID!, $k: UUID!) { groupById(id: $g) { id } thingById(id: $t) { id } deviceById(id: $d) { id } taskById(id: $k) { id } }`,
    { g: a.ids.group, t: a.ids.thing, d: a.ids.device, k: a.ids.task },
    a.token,
  );
  if (!rows.data || Object.values(rows.data).some((v) => v === null)) await makeRows(a);
}

// --- Fingerprints of every table --------------------------------------------------------------

async function buildFingerprintSql(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ name: string }>(`
    select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and not c.relispartition
      and n.nspname in ('app_public', 'app_hidden', 'app_private', 'graphile_worker')
    order by 1`);
  // Row count and a sum of row hashes: any insert, update or delete changes one of them. Parents
  // of partitioned tables include their partitions' rows.
  return rows
    .map((r) => `select '${r.name}' as name, count(*)::int as n, coalesce(sum(hashtext(x::text)::bigint), 0)::text as h from ${r.name} x`)
    .join("\nunion all\n");
}

let owner: pg.Client;
async function fingerprint(): Promise<Map<string, string>> {
  // Prepared once: planning the 50-table union costs more than running it.
  const { rows } = await owner.query<{ name: string; n: number; h: string }>({ name: "fingerprint", text: fingerprintSql });
  return new Map(rows.map((r) => [r.name, `${r.n}:${r.h}`]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((k) => before.get(k) !== after.get(k));
}

// --- Hostile values by GraphQL type -----------------------------------------------------------

interface Pool {
  ids: string[];
  nodeIds: string[];
  strings: string[];
}

const HUGE = "x".repeat(20_000);
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.string({ maxLength: 8 }),
  fc.constant({}),
  fc.constant([]),
  fc.constant({ nested: { deeper: [1, "two"] } }),
  fc.constant(null),
);

function strings(pool: Pool) {
  return fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.string({ unit: "grapheme", maxLength: 30 }),
    fc.string({ unit: "binary", maxLength: 30 }), // lone surrogates and control characters
    fc.constantFrom(
      "",
      " ",
      "   \t\n",
      "\u0000",
      "name\u0000with nul",
      "'; drop table app_public.users; --",
      '"quoted" \\ back\\slash',
      "<script>alert(1)</script>",
      "%s%n%x",
      "../../etc/passwd",
      "NaN",
      "-1",
      "null",
      "undefined",
      "true",
      "{}",
      "[]",
      "\u202eright-to-left",
      "Zoë Ñúñez-O'Brien",
      "🌱🐝🌳",
      "😀".repeat(300),
      "a".repeat(256),
      "ab",
      "eui-",
      "eui-zz_-",
      HUGE,
      "someone@example.com",
      "not an email",
      "a@b",
      "@example.com",
      "x@" + "y".repeat(300) + ".com",
      "0",
      "1",
      "1e400",
      "-0",
      "0x10",
      "2020-02-30",
      "today",
    ),
    fc.emailAddress(),
    ...(pool.strings.length ? [fc.constantFrom(...pool.strings)] : []),
  );
}

const ints = fc.oneof(
  fc.integer(),
  fc.integer({ min: -5, max: 5 }),
  fc.constantFrom(0, -1, 1, 255, 256, 65535, 2147483647, -2147483648, 2147483648, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER),
);
const floats = fc.oneof(
  fc.double(), // NaN and ±Infinity travel as null in JSON
  fc.double({ min: -200, max: 200, noNaN: true }),
  fc.constantFrom(0, -0, 90, -90, 90.0000001, 180, -180, 181, 1e308, -1e308, 5e-324, 1e21),
);
const dateRange = fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true });
const datetimes = fc.oneof(
  dateRange.map((d) => d.toISOString()),
  fc.constantFrom(
    "",
    "now",
    "yesterday",
    "infinity",
    "-infinity",
    "epoch",
    "0000-01-01T00:00:00Z",
    "0001-01-01T00:00:00Z",
    "2020-13-45T25:61:61Z",
    "2020-02-30T00:00:00Z",
    "294277-01-01T00:00:00Z",
    "+275760-09-13T00:00:00.000Z",
    "1970-01-01T00:00:00+25:00",
    "2024-06-01",
    "12:00",
    "not a time",
    "2024-06-01T12:00:00.123456789Z",
  ),
);
const dates = fc.oneof(
  dateRange.map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom(
    "",
    "2020-02-30",
    "2021-02-29",
    "0000-00-00",
    "9999-12-31",
    "10000-01-01",
    "5874898-01-01",
    "-4714-11-24",
    "2024-6-1",
    "01/06/2024",
    "infinity",
    "today",
    "2024-06-01T12:00:00Z",
  ),
);
const jsonValues = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    { thingId: "not-a-uuid" },
    { thingId: null },
    { __proto__: { polluted: true } },
    { constructor: { prototype: {} } },
    { x: HUGE },
    JSON.parse("[".repeat(200) + "]".repeat(200)),
  ),
);

function uuids(pool: Pool) {
  return fc.oneof(
    { weight: 5, arbitrary: pool.ids.length ? fc.constantFrom(...pool.ids) : fc.uuid() },
    { weight: 2, arbitrary: fc.uuid() },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "",
        "not-a-uuid",
        "00000000-0000-0000-0000-000000000000",
        "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
        "00000000-0000-0000-0000-0000000000000",
        "{00000000-0000-0000-0000-000000000000}",
        "0",
        "eui-0000000000000000",
        "'; --",
      ),
    },
  );
}

function nodeIds(pool: Pool) {
  const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64");
  return fc.oneof(
    { weight: 4, arbitrary: pool.nodeIds.length ? fc.constantFrom(...pool.nodeIds) : fc.string() },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "",
        "!!!",
        "WyJ0aGluZ3MiXQ==",
        encode(["things", "not-a-uuid"]),
        encode(["nope", randomUUID()]),
        encode(["things", randomUUID()]),
        encode(["users"]),
        encode({}),
        encode(["things", randomUUID(), "extra"]),
      ),
    },
    { weight: 1, arbitrary: fc.base64String({ maxLength: 40 }) },
  );
}

/** An arbitrary for a value of `type`: mostly the right type with hostile content. */
function valueFor(type: GraphQLInputType, pool: Pool, depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) {
    return fc.oneof({ weight: 12, arbitrary: valueFor(type.ofType, pool, depth) }, { weight: 1, arbitrary: fc.constant(null) });
  }
  let right: fc.Arbitrary<unknown>;
  if (isListType(type)) {
    right = fc.array(valueFor(type.ofType, pool, depth + 1), { maxLength: depth > 1 ? 2 : 4 });
  } else if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    if (depth > 3) return fc.constant({});
    const record = Object.fromEntries(fields.map((f) => [f.name, valueFor(f.type, pool, depth + 1)]));
    const required = fields.filter((f) => isNonNullType(f.type)).map((f) => f.name);
    right = fc.oneof(
      { weight: 4, arbitrary: fc.record(record, { requiredKeys: required as any }) },
      { weight: 1, arbitrary: fc.record(record, { requiredKeys: [] }) }, // required fields missing
      { weight: 1, arbitrary: fc.record(record, { requiredKeys: [] }).map((v) => ({ ...v, unknownField: "surprise" })) },
    );
  } else if (isEnumType(type)) {
    right = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...type.getValues().map((v) => v.name)) },
      { weight: 1, arbitrary: fc.constantFrom("", "NOT_A_VALUE", type.getValues()[0].name.toLowerCase(), "DROP TABLE") },
    );
  } else if (isScalarType(type)) {
    switch (type.name) {
      case "String":
        right = strings(pool);
        break;
      case "Int":
        right = ints;
        break;
      case "Float":
        right = floats;
        break;
      case "Boolean":
        right = fc.boolean();
        break;
      case "UUID":
        right = uuids(pool);
        break;
      case "ID":
        right = nodeIds(pool);
        break;
      case "Datetime":
        right = datetimes;
        break;
      case "Date":
        right = dates;
        break;
      case "JSON":
        right = jsonValues;
        break;
      case "BigInt":
        right = fc.oneof(fc.bigInt().map(String), fc.constantFrom("9223372036854775808", "-1", "1e5", "abc", ""));
        break;
      case "BigFloat":
        right = fc.oneof(fc.double({ noNaN: true }).map(String), fc.constantFrom("NaN", "1e99999", "abc", ""));
        break;
      case "Cursor":
        right = fc.oneof(fc.base64String({ maxLength: 40 }), fc.constantFrom("", "abc", "WyJuYXR1cmFsIiwxXQ=="));
        break;
      default:
        right = strings(pool);
    }
  } else {
    right = wrongType;
  }
  return fc.oneof({ weight: 8, arbitrary: right }, { weight: 1, arbitrary: wrongType });
}

/** A mutation document for `field`, every argument a variable of its declared type. */
function documentFor(field: GraphQLField<unknown, unknown>): string {
  const variables = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(", ");
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(", ");
  const selection = isCompositeType(getNamedType(field.type)) ? "{ __typename }" : "";
  return `mutation Fuzz${variables ? `(${variables})` : ""} { ${field.name}${args ? `(${args})` : ""} ${selection} }`;
}

function argumentsFor(field: GraphQLField<unknown, unknown>, pool: Pool): fc.Arbitrary<Record<string, unknown>> {
  const record = Object.fromEntries(field.args.map((a) => [a.name, valueFor(a.type, pool)]));
  const required = field.args.filter((a) => isNonNullType(a.type)).map((a) => a.name);
  return fc.record(record, { requiredKeys: required as any });
}

function poolFor(kind: "member" | "admin"): Pool {
  const own = actors[kind];
  const other = actors[kind === "member" ? "admin" : "member"];
  const ids = [...Object.entries(own.ids), ...Object.entries(other.ids)].filter(([k, v]) => k !== "deviceEui" && v).map(([, v]) => v);
  return {
    ids,
    nodeIds: [...own.nodeIds, ...other.nodeIds],
    strings: [own.username, own.email, other.username, other.email, own.ids.deviceEui, "Property Planter", "Secret123"],
  };
}

// --- Checks on every answer --------------------------------------------------------------------

const LEAKS =
  /\b(select|insert|update|delete)\b[\s\S]*\b(from|into|set|where)\b|app_private|app_hidden|pg_catalog|\bat [\w.<>]+ \(|\.ts:\d+:\d+|node_modules/i;

function checkAnswer(r: { status: number; data?: any; errors?: any[] }, what: string) {
  expect(r.status, `${what}: HTTP status`).toBeLessThan(500);
  expect(r.data !== undefined || r.errors !== undefined, `${what}: a GraphQL answer`).toBe(true);
  for (const error of r.errors ?? []) {
    expect(typeof error.message, what).toBe("string");
    expect(error.message.trim().length, `${what}: empty message`).toBeGreaterThan(0);
    expect(error.message, `${what}: internal error ${JSON.stringify(error)}`).not.toMatch(/^(An error occurred|Unknown error occurred)$/);
    expect(error.extensions?.errorId, `${what}: internal error ${JSON.stringify(error)}`).toBeUndefined();
    expect(JSON.stringify(error), `${what}: leak`).not.toMatch(LEAKS);
  }
}

// --- Setup -----------------------------------------------------------------------------------

beforeAll(async () => {
  databaseUrl = await createTestDatabase(inject("adminUrl"), "bk_prop");
  dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "steward-property-"));
  server = await startServer(
    loadConfig({
      databaseUrl,
      authDatabaseUrl: await authenticatorUrl(databaseUrl),
      port: 0,
      host: "127.0.0.1",
      exportSchema: false,
      graphiql: false,
      introspection: true,
      rateLimits: false,
      dataDir,
      jwtSecret: "test-secret-that-is-long-enough-for-hs256-000",
      ttnWebhookSecret: WEBHOOK_SECRET,
    }),
  );
  const introspection = await gql(server.url, getIntrospectionQuery());
  schema = buildClientSchema(introspection.data);
  owner = new pg.Client({ connectionString: databaseUrl });
  await owner.connect();
  fingerprintSql = await buildFingerprintSql(owner);
  actors.member = await makeActor("member");
  actors.admin = await makeActor("admin");
}, 120_000);

afterAll(async () => {
  await owner?.end();
  await server?.close();
  if (databaseUrl) await dropTestDatabase(inject("adminUrl"), databaseUrl);
  if (dataDir) await fs.promises.rm(dataDir, { recursive: true, force: true });
});

// --- Mutations -------------------------------------------------------------------------------

describe("every mutation, fed malformed values", () => {
  it("the exported schema lists the mutations the server has", () => {
    expect(Object.keys(schema.getMutationType()!.getFields()).sort()).toEqual(EXPORTED_MUTATIONS);
  });

  it.each(EXPORTED_MUTATIONS.filter((m) => !ONLY || ONLY.test(m)))(
    "%s: a clear answer, never a 5xx, never a partial write",
    async (name) => {
      const field = schema.getMutationType()!.getFields()[name];
      expect(field, `${name} is missing from the running server: run npm run schema:export`).toBeDefined();
      const query = documentFor(field);
      for (const kind of ["member", "admin"] as const) {
        await ensureActor(kind);
        await fc.assert(
          fc.asyncProperty(argumentsFor(field, poolFor(kind)), async (variables) => {
            const before = await fingerprint();
            const r = await gql(server.url, query, variables, actors[kind].token);
            const what = `${name} as ${kind} with ${JSON.stringify(variables).slice(0, 400)}`;
            checkAnswer(r, what);
            const refused = Boolean(r.errors?.length) || (r.data?.[name] == null && isCompositeType(getNamedType(field.type)));
            if (refused) {
              const allowed = new Set(WRITES_ON_REFUSAL[name] ?? []);
              const changed = changedTables(before, await fingerprint()).filter((t) => !allowed.has(t));
              expect(changed, `${what}: refused (${JSON.stringify(r.errors)}) but wrote`).toEqual([]);
            } else {
              await ensureActor(kind);
            }
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      }
    },
  );
});

// --- The TTN webhook -------------------------------------------------------------------------

/** An LSE01 reading (server/devices/decoders.ts), so some bodies get all the way to the database. */
const GOOD_PAYLOAD = Buffer.from("0D0AFF3F05DCFF7E00C810", "hex").toString("base64");

function uplinkBodies(pool: Pool, deviceEuis: string[]) {
  const maybe = <T>(a: fc.Arbitrary<T>) => fc.oneof({ weight: 6, arbitrary: a }, { weight: 1, arbitrary: wrongType });
  const message = fc.record(
    {
      f_port: maybe(fc.oneof(fc.constant(2), ints, floats)),
      f_cnt: maybe(fc.oneof(fc.nat(1000), ints, floats, fc.constant("12"))),
      frm_payload: maybe(
        fc.oneof(
          { weight: 3, arbitrary: fc.constant(GOOD_PAYLOAD) },
          { weight: 2, arbitrary: fc.base64String({ maxLength: 60 }) },
          { weight: 1, arbitrary: strings(pool) },
        ),
      ),
      decoded_payload: maybe(
        fc.oneof(jsonValues, fc.record({ water_SOIL: floats, temp_SOIL: floats, conduct_SOIL: ints, BatV: floats }, { requiredKeys: [] })),
      ),
      rx_metadata: maybe(
        fc.array(fc.record({ rssi: maybe(floats), snr: maybe(floats), channel_rssi: maybe(ints) }, { requiredKeys: [] }), { maxLength: 3 }),
      ),
      received_at: maybe(datetimes),
    },
    { requiredKeys: [] },
  );
  const uplink = fc.record(
    {
      end_device_ids: maybe(
        fc.record({
          device_id: maybe(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...deviceEuis) }, { weight: 1, arbitrary: strings(pool) })),
        }),
      ),
      received_at: maybe(fc.oneof({ weight: 2, arbitrary: fc.constant(new Date().toISOString()) }, { weight: 3, arbitrary: datetimes })),
      uplink_message: maybe(fc.oneof(message, fc.array(message, { maxLength: 2 }))),
    },
    { requiredKeys: [] },
  );
  return fc.oneof(
    { weight: 6, arbitrary: uplink.map((body) => ({ contentType: "application/json", body: JSON.stringify(body) })) },
    {
      weight: 2,
      arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => ({ contentType: "application/json", body: JSON.stringify(v) ?? "null" })),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        contentType: fc.constantFrom(
          "application/json",
          "application/json; charset=latin1",
          "text/plain",
          "application/x-www-form-urlencoded",
          "application/octet-stream",
          "",
        ),
        body: fc.oneof(
          fc.string({ unit: "binary", maxLength: 200 }),
          fc.constantFrom("", "{", "{}", "null", "[]", '"text"', '{"a":' + "[".repeat(5000), "x".repeat(70_000)),
        ),
      }),
    },
  );
}

describe("the TTN webhook, fed arbitrary JSON and bodies", () => {
  it("answers a clear 4xx or stores the uplink; never a 5xx; a refused uplink writes nothing", async () => {
    await ensureActor("member");
    await ensureActor("admin");
    const euis = [actors.member.ids.deviceEui, actors.admin.ids.deviceEui];
    await fc.assert(
      fc.asyncProperty(uplinkBodies(poolFor("member"), euis), async ({ contentType, body }) => {
        const before = await fingerprint();
        const res = await fetch(`${server.url}/webhooks/ttn`, {
          method: "POST",
          headers: { authorization: `Bearer ${WEBHOOK_SECRET}`, ...(contentType ? { "content-type": contentType } : {}) },
          body,
        });
        const text = await res.text();
        const what = `${contentType} ${body.slice(0, 300)} → ${res.status} ${text.slice(0, 200)}`;
        expect(res.status, what).toBeLessThan(500);
        expect(text, what).not.toMatch(LEAKS);
        if (res.ok) return;
        expect(typeof JSON.parse(text).error, what).toBe("string");
        expect(changedTables(before, await fingerprint()), `${what}: refused but wrote`).toEqual([]);
      }),
      { numRuns: RUNS * 40, seed: SEED, endOnFailure: true },
    );
  }, 300_000);
});
