// Security review (issue #20), finding 3: navigation events were accepted without any session
// (no token at all) and onto other people's analytics session ids, which let anyone pad the
// admin statistics or write into someone else's session (and read its event count back).
// Events and session summaries now need a live session (a guest token, or a signed-in token
// whose session has not been signed out), and an analytics session belongs to the visitor who
// started it: nobody else can add to it or learn about it.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { randomUUID } from "node:crypto";
import { startTestServer, gql, signUp, withOwner, decodeClaims } from "../../server/test/harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const SYNC = `mutation SyncNavigationEvents($sessionId: UUID!, $userId: UUID, $events: JSON!) {
  syncNavigationEvents(input: { sessionId: $sessionId, userId: $userId, events: $events }) { syncNavigationResult { success syncedCount errors } } }`;
const SESSION = `mutation SyncUserSession($sessionId: UUID!, $userId: UUID, $startedAt: Datetime!, $endedAt: Datetime, $userAgent: String) {
  syncUserSession(input: { sessionId: $sessionId, userId: $userId, startedAt: $startedAt, endedAt: $endedAt, userAgent: $userAgent }) {
    syncSessionResult { success sessionId totalEvents errors } } }`;
const GUEST = `mutation SignInAsGuest { signInAsGuest(input: { domainName: "localhost" }) { jwtToken } }`;
const SIGN_OUT = `mutation SignOut { signOut(input: {}) { success } }`;

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const events = (...routes: string[]) =>
  routes.map((to, i) => ({ from: i === 0 ? null : routes[i - 1], to, timestamp: ago(60_000 - i * 1000), timeSpent: 1000 }));

const stored = (sessionId: string) =>
  withOwner(server.databaseUrl, async (c) => {
    const e = await c.query(
      "select count(*)::int as n, array_agg(distinct user_id) as users from app_private.navigation_events where session_id = $1",
      [sessionId],
    );
    const s = await c.query("select user_id, user_agent from app_private.navigation_sessions where session_id = $1", [sessionId]);
    return {
      events: e.rows[0].n as number,
      users: (e.rows[0].users ?? []) as (string | null)[],
      session: s.rows[0] as { user_id: string | null; user_agent: string | null } | undefined,
    };
  });

describe("without a session", () => {
  it("events and session summaries sent with no token are refused and not stored", async () => {
    const sessionId = randomUUID();
    const r = await gql(server.url, SYNC, { sessionId, events: events("/", "/map") });
    expect(r.data.syncNavigationEvents.syncNavigationResult).toMatchObject({ success: false, syncedCount: 0 });
    expect(r.data.syncNavigationEvents.syncNavigationResult.errors).toEqual(["A guest or signed-in session is required"]);
    const s = await gql(server.url, SESSION, { sessionId, startedAt: ago(60_000) });
    expect(s.data.syncUserSession.syncSessionResult).toMatchObject({
      success: false,
      totalEvents: 0,
      errors: ["A guest or signed-in session is required"],
    });
    expect(await stored(sessionId)).toMatchObject({ events: 0, session: undefined });
  });

  it("a signed-out token no longer files events", async () => {
    const user = await signUp(server.url);
    const sessionId = randomUUID();
    expect(
      (await gql(server.url, SYNC, { sessionId, events: events("/") }, user.token)).data.syncNavigationEvents.syncNavigationResult.success,
    ).toBe(true);
    expect((await gql(server.url, SIGN_OUT, {}, user.token)).data.signOut.success).toBe(true);
    const r = await gql(server.url, SYNC, { sessionId, events: events("/things", "/map") }, user.token);
    expect(r.data.syncNavigationEvents.syncNavigationResult).toEqual({
      success: false,
      syncedCount: 0,
      errors: ["A guest or signed-in session is required"],
    });
    expect((await stored(sessionId)).events).toBe(1);
  });

  it("a guest token and a signed-in token file events under their own visitor", async () => {
    const guest = (await gql(server.url, GUEST)).data.signInAsGuest.jwtToken as string;
    const guestSession = randomUUID();
    expect(
      (await gql(server.url, SYNC, { sessionId: guestSession, events: events("/", "/map") }, guest)).data.syncNavigationEvents
        .syncNavigationResult,
    ).toEqual({ success: true, syncedCount: 2, errors: [] });
    expect(await stored(guestSession)).toMatchObject({ events: 2, users: [decodeClaims(guest).user_id] });

    const user = await signUp(server.url);
    const userSession = randomUUID();
    expect(
      (await gql(server.url, SYNC, { sessionId: userSession, events: events("/") }, user.token)).data.syncNavigationEvents
        .syncNavigationResult.success,
    ).toBe(true);
    expect(await stored(userSession)).toMatchObject({ events: 1, users: [decodeClaims(user.token).user_id] });
  });
});

describe("someone else's analytics session", () => {
  it("events onto another visitor's session id are refused and not stored", async () => {
    const alice = await signUp(server.url);
    const mallory = await signUp(server.url);
    const sessionId = randomUUID();
    expect(
      (await gql(server.url, SYNC, { sessionId, events: events("/", "/things") }, alice.token)).data.syncNavigationEvents
        .syncNavigationResult.success,
    ).toBe(true);

    const r = await gql(server.url, SYNC, { sessionId, events: events("/admin", "/map", "/devices") }, mallory.token);
    expect(r.data.syncNavigationEvents.syncNavigationResult).toEqual({
      success: false,
      syncedCount: 0,
      errors: ["sessionId belongs to another visitor"],
    });
    const guest = (await gql(server.url, GUEST)).data.signInAsGuest.jwtToken as string;
    expect(
      (await gql(server.url, SYNC, { sessionId, events: events("/map") }, guest)).data.syncNavigationEvents.syncNavigationResult.success,
    ).toBe(false);
    expect(await stored(sessionId)).toMatchObject({ events: 2, users: [decodeClaims(alice.token).user_id] });

    // Its owner carries on.
    expect(
      (await gql(server.url, SYNC, { sessionId, events: events("/things", "/map") }, alice.token)).data.syncNavigationEvents
        .syncNavigationResult,
    ).toEqual({ success: true, syncedCount: 2, errors: [] });
  });

  it("a session summary for another visitor's session is refused, changes nothing and says nothing about it", async () => {
    const alice = await signUp(server.url);
    const mallory = await signUp(server.url);
    const sessionId = randomUUID();
    await gql(server.url, SYNC, { sessionId, events: events("/", "/things", "/map") }, alice.token);
    expect(
      (await gql(server.url, SESSION, { sessionId, startedAt: ago(70_000), userAgent: "alice" }, alice.token)).data.syncUserSession
        .syncSessionResult,
    ).toEqual({ success: true, sessionId, totalEvents: 3, errors: [] });

    const r = await gql(
      server.url,
      SESSION,
      { sessionId, startedAt: ago(3_600_000), endedAt: ago(0), userAgent: "mallory" },
      mallory.token,
    );
    expect(r.data.syncUserSession.syncSessionResult).toEqual({
      success: false,
      sessionId,
      totalEvents: 0,
      errors: ["sessionId belongs to another visitor"],
    });
    expect((await stored(sessionId)).session).toEqual({ user_id: decodeClaims(alice.token).user_id, user_agent: "alice" });
  });

  it("a session announced first (no events yet) belongs to its visitor too", async () => {
    const alice = await signUp(server.url);
    const mallory = await signUp(server.url);
    const sessionId = randomUUID();
    expect(
      (await gql(server.url, SESSION, { sessionId, startedAt: ago(1000) }, alice.token)).data.syncUserSession.syncSessionResult.success,
    ).toBe(true);
    expect(
      (await gql(server.url, SYNC, { sessionId, events: events("/") }, mallory.token)).data.syncNavigationEvents.syncNavigationResult
        .errors,
    ).toEqual(["sessionId belongs to another visitor"]);
    expect((await stored(sessionId)).events).toBe(0);
  });
});
