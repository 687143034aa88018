// READ_DATABASE_URL against a real streaming replica (test/streaming-replica.ts: a primary of its
// own, pg_basebackup -R, a hot standby). With replay paused the replica keeps serving what it had,
// so stale data in an answer shows it came from the replica, and fresh data that it came from the
// primary: the writer sees their own write, everyone else the replica's view, until replay resumes.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { parse } from "postgraphile/graphql";
import { loadConfig, type ServerConfig } from "../config.ts";
import { startServer, READ_APPLICATION_NAME, type RunningServer } from "../app.ts";
import { authenticatorUrl, createTestDatabase } from "../../test/database.ts";
import { startStreamingReplica, type StreamingReplica } from "../../test/streaming-replica.ts";
import { isReplicaSafe } from "../graphql/replica-routing.ts";
import { FENCE_COOKIE, formatLsn, parseLsn } from "../replica/read-routing.ts";
import { newUserDetails, SIGN_UP } from "./harness.ts";

let set: StreamingReplica;
let databaseUrl: string;
/** Two servers on the replica (as two of a fleet, one per adaptor), one without it. */
let oneTrip: RunningServer;
let postgraphile: RunningServer;
let plain: RunningServer;
const servers: RunningServer[] = [];

async function server(overrides: Partial<ServerConfig>): Promise<RunningServer> {
  const s = await startServer(
    loadConfig({
      databaseUrl,
      authDatabaseUrl: await authenticatorUrl(databaseUrl),
      port: 0,
      host: "127.0.0.1",
      jwtSecret: "test-secret-that-is-long-enough-for-hs256-000",
      exportSchema: false,
      graphiql: false,
      ...overrides,
    }),
  );
  servers.push(s);
  return s;
}

interface Call {
  token?: string;
  cookie?: string;
}
interface Answer {
  data?: any;
  errors?: any[];
  setCookie: string | null;
}

async function gql(s: RunningServer, query: string, variables: Record<string, unknown> = {}, call: Call = {}): Promise<Answer> {
  const res = await fetch(`${s.url}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
      ...(call.cookie ? { cookie: call.cookie } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return { ...(await res.json()), setCookie: res.headers.get("set-cookie") };
}

/** The fence cookie a mutation's answer set, as a browser would send it back. */
function fenceCookie(answer: Answer): string {
  const m = new RegExp(`${FENCE_COOKIE}=([^;]+)`).exec(answer.setCookie ?? "");
  if (!m) throw new Error(`no ${FENCE_COOKIE} cookie in ${answer.setCookie}`);
  return `${FENCE_COOKIE}=${m[1]}`;
}

const ALL = `query AllThings { allThings { nodes { id } } }`;
const PUBLIC = `query AllPublicThings { allPublicThings { nodes { id } } }`;
const THING = `query ThingById($id: UUID!) { thingById(id: $id) { id name } }`;
const CREATE_GROUP = `mutation G($name: String!) { createGroup(input: { name: $name, type: GROWER, isPublic: true }) { group { id } } }`;
const CREATE_THING = `mutation T($g: UUID!, $name: String!, $public: Boolean = true) {
  createThing(input: { groupId: $g, name: $name, type: TREE, location: { x: 51.45, y: -0.97 }, isPublic: $public }) { thing { id } } }`;
const SIGN_IN = `mutation SignIn($u: String!, $p: String!) { signIn(input: { username: $u, password: $p }) { jwtToken } }`;

const ids = (answer: Answer, field: string): string[] => {
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  return answer.data[field].nodes.map((n: { id: string }) => n.id);
};

const writerDetails = newUserDetails("replica");
async function signUp(s: RunningServer, details = newUserDetails("replica")) {
  const r = await gql(s, SIGN_UP, { ...details, domainName: "localhost" });
  if (!r.data?.signUp?.jwtToken) throw new Error(JSON.stringify(r.errors));
  return r.data.signUp.jwtToken as string;
}

let writer: string;
let privateThing: string;
let other: string;
let groupId: string;

beforeAll(async () => {
  set = await startStreamingReplica(async (adminUrl) => {
    databaseUrl = await createTestDatabase(adminUrl, "bk_replica");
  });
  const readDatabaseUrl = set.onReplica(await authenticatorUrl(databaseUrl));
  oneTrip = await server({ readDatabaseUrl, pgAdaptor: "one-trip" });
  postgraphile = await server({ readDatabaseUrl, pgAdaptor: "postgraphile" });
  plain = await server({ readDatabaseUrl: null });
  writer = await signUp(oneTrip, writerDetails);
  other = await signUp(oneTrip);
  groupId = (await gql(oneTrip, CREATE_GROUP, { name: "Replica Growers" }, { token: writer })).data.createGroup.group.id;
  privateThing = (await gql(oneTrip, CREATE_THING, { g: groupId, name: "Only mine", public: false }, { token: writer })).data.createThing
    .thing.id;
  // Sessions and the group must be on the replica before the tests pause it.
  await set.caughtUp();
}, 120_000);

afterEach(async () => {
  await set?.resumeReplay();
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await set?.stop();
});

describe("READ_DATABASE_URL: a streaming replica for the replica-safe reads", () => {
  it("while replay is paused the writer sees their write (cookie or same process), everyone else the replica's data", async () => {
    await set.pauseReplay();
    const created = await gql(oneTrip, CREATE_THING, { g: groupId, name: "Written while paused" }, { token: writer });
    expect(created.errors).toBeUndefined();
    const thing = created.data.createThing.thing.id as string;
    const cookie = fenceCookie(created);

    // The writer: on the server they wrote through (by cookie, or by their user alone), and on
    // another server of the fleet (by the cookie their browser sends).
    expect(ids(await gql(oneTrip, ALL, {}, { token: writer, cookie }), "allThings")).toContain(thing);
    expect(ids(await gql(oneTrip, ALL, {}, { token: writer }), "allThings")).toContain(thing);
    expect(ids(await gql(postgraphile, ALL, {}, { token: writer, cookie }), "allThings")).toContain(thing);
    // Without the cookie the other server knows of no write: the replica answers, without it.
    expect(ids(await gql(postgraphile, ALL, {}, { token: writer }), "allThings")).not.toContain(thing);

    // Guests and other users read the replica on both servers: not there yet.
    for (const s of [oneTrip, postgraphile]) {
      expect(ids(await gql(s, PUBLIC), "allPublicThings")).not.toContain(thing);
      expect(ids(await gql(s, ALL, {}, { token: other }), "allThings")).not.toContain(thing);
    }
    // A query not listed as replica-safe stays on the primary.
    expect((await gql(postgraphile, THING, { id: thing }, { token: other })).data.thingById?.id).toBe(thing);
    // Without READ_DATABASE_URL everything is on the primary, and no cookie is set.
    expect(ids(await gql(plain, PUBLIC), "allPublicThings")).toContain(thing);
    const plainWrite = await gql(plain, CREATE_THING, { g: groupId, name: "On a server without a replica" }, { token: writer });
    expect(plainWrite.errors).toBeUndefined();
    expect(plainWrite.setCookie).toBeNull();

    // The sessions on the replica are the read pool's, and it is in recovery.
    const replica = new pg.Client({ connectionString: set.onReplica(databaseUrl) });
    await replica.connect();
    try {
      const { rows } = await replica.query(
        "select pg_is_in_recovery() as recovering, count(*)::int as n from pg_stat_activity where application_name = $1",
        [READ_APPLICATION_NAME],
      );
      expect(rows[0]).toMatchObject({ recovering: true });
      expect(rows[0].n).toBeGreaterThan(0);
    } finally {
      await replica.end();
    }

    // Replay resumes: everyone sees it, and the writer's next read clears their fence.
    await set.resumeReplay();
    await set.caughtUp();
    for (const s of [oneTrip, postgraphile]) expect(ids(await gql(s, PUBLIC), "allPublicThings")).toContain(thing);
    const after = await gql(oneTrip, ALL, {}, { token: writer, cookie });
    expect(ids(after, "allThings")).toContain(thing);
    expect(after.setCookie).toMatch(new RegExp(`${FENCE_COOKIE}=;.*Expires=Thu, 01 Jan 1970`));
  });

  it("open data (OGC items, the GeoJSON export) comes from the replica, unless the browser has just written", async () => {
    await set.pauseReplay();
    const created = await gql(oneTrip, CREATE_THING, { g: groupId, name: "Open data while paused" }, { token: writer });
    const thing = created.data.createThing.thing.id as string;
    const cookie = fenceCookie(created);
    const ogc = async (headers: Record<string, string> = {}) =>
      (
        (await (await fetch(`${postgraphile.url}/ogc/collections/things/items?limit=1000`, { headers })).json()).features as {
          id: string;
        }[]
      ).map((f) => f.id);
    const geojson = async (headers: Record<string, string> = {}) =>
      ((await (await fetch(`${oneTrip.url}/export/things.geojson`, { headers })).json()).features as { id: string }[]).map((f) => f.id);
    expect(await ogc()).not.toContain(thing);
    expect(await ogc({ cookie })).toContain(thing);
    expect(await geojson()).not.toContain(thing);
    expect(await geojson({ cookie })).toContain(thing);
  });

  it("a sign-in is a write: the new session reads the primary until the replica has it", async () => {
    await set.pauseReplay();
    // (Through PostGraphile's own adaptor: the fence is taken whatever the adaptor.)
    const signedIn = await gql(postgraphile, SIGN_IN, { u: writerDetails.username, p: writerDetails.password });
    const token = signedIn.data.signIn.jwtToken as string;
    const cookie = fenceCookie(signedIn);
    // With the cookie (any server): the primary knows the session, so their private thing is there.
    expect(ids(await gql(oneTrip, ALL, {}, { token, cookie }), "allThings")).toContain(privateThing);
    // Without it, on a server that did not see the sign-in: the replica has no such session yet,
    // so the token counts as no one's and the private thing is not listed.
    expect(ids(await gql(oneTrip, ALL, {}, { token }), "allThings")).not.toContain(privateThing);
    await set.resumeReplay();
    await set.caughtUp();
    expect(ids(await gql(oneTrip, ALL, {}, { token }), "allThings")).toContain(privateThing);
  });

  it("a made-up or malformed fence cookie only moves its sender's reads, and breaks nothing", async () => {
    await set.pauseReplay();
    const created = await gql(oneTrip, CREATE_THING, { g: groupId, name: "Behind a forged fence" }, { token: writer });
    const thing = created.data.createThing.thing.id as string;
    // A fence far ahead: this sender reads the primary (sees the new thing); others are unaffected.
    expect(ids(await gql(postgraphile, PUBLIC, {}, { cookie: `${FENCE_COOKIE}=FFFFFFFF%2FFFFFFFFF` }), "allPublicThings")).toContain(thing);
    expect(ids(await gql(postgraphile, PUBLIC), "allPublicThings")).not.toContain(thing);
    // Garbage (bad percent-encoding, not a position): as if there were no cookie.
    for (const value of ["%zz", "yesterday", "1/2/3"]) {
      const r = await gql(postgraphile, PUBLIC, {}, { cookie: `${FENCE_COOKIE}=${value}` });
      expect(ids(r, "allPublicThings")).not.toContain(thing);
    }
  });

  it("reads fall back to the primary when the replica cannot be reached", async () => {
    const unreachable = await server({ readDatabaseUrl: "postgres://bk_authenticator@127.0.0.1:1/nowhere", pgAdaptor: "one-trip" });
    const created = await gql(unreachable, CREATE_THING, { g: groupId, name: "Replica down" }, { token: writer });
    const thing = created.data.createThing.thing.id as string;
    expect(ids(await gql(unreachable, PUBLIC), "allPublicThings")).toContain(thing);
    expect(ids(await gql(unreachable, ALL, {}, { token: writer, cookie: fenceCookie(created) }), "allThings")).toContain(thing);
  });
});

describe("which queries may go to the replica", () => {
  it("only queries whose every root field is listed, through fragments", () => {
    expect(isReplicaSafe(parse(`{ allPublicThings { nodes { id } } __typename }`), undefined)).toBe(true);
    expect(
      isReplicaSafe(parse(`query A { ...F } fragment F on Query { allThings { totalCount } ... on Query { adminTotals { users } } }`), "A"),
    ).toBe(true);
    expect(isReplicaSafe(parse(`{ allThings { nodes { id } } currentUser { id } }`), undefined)).toBe(false);
    expect(isReplicaSafe(parse(`query A { ...F } fragment F on Query { rainfallStations(lat: 1, long: 1) { stale } }`), "A")).toBe(false);
    expect(isReplicaSafe(parse(`mutation { createThing(input: {}) { clientMutationId } }`), undefined)).toBe(false);
    expect(isReplicaSafe(parse(`subscription { thingUpdated(thingId: "x") { id } }`), undefined)).toBe(false);
    // Of several operations, the one asked for.
    expect(isReplicaSafe(parse(`query A { allSensorData { totalCount } } query B { currentUser { id } }`), "A")).toBe(true);
    expect(isReplicaSafe(parse(`query A { allSensorData { totalCount } } query B { currentUser { id } }`), "B")).toBe(false);
  });

  it("WAL positions read and written as PostgreSQL's pg_lsn text", () => {
    expect(parseLsn("16/B374D848")).toBe(0x16b374d848n);
    expect(formatLsn(0x16b374d848n)).toBe("16/B374D848");
    expect(parseLsn("0/0")).toBe(0n);
    for (const bad of ["", "16", "x/1", "1/2/3", "123456789/0", null, 5]) expect(parseLsn(bad)).toBeNull();
  });
});
