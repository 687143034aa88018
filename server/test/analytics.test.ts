// Navigation analytics (issue 11): syncing events and sessions, per-event errors, admin-only stats.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { randomUUID } from "node:crypto";
import { startTestServer, gql, signUp, makeAdmin, decodeClaims } from "./harness.ts";

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
const ROUTES = `query R($start: Date, $end: Date) { navigationRouteStats(startDate: $start, endDate: $end) { nodes { route visitCount totalTimeSpent uniqueVisitors uniqueSessions } } }`;
const PATTERNS = `query P { navigationPatternStats { nodes { fromRoute toRoute occurrenceCount averageTransitionTime } } }`;
const DAILY = `query D { navigationDailyStats { nodes { date dailyNavigations dailySessions uniqueRoutesVisited activeUsers } } }`;
const SUMMARY = `query S($userId: UUID) { getNavigationAnalytics(targetUserId: $userId) }`;
const SESSIONS = `query SS { navigationSessionStats { nodes { userId totalSessions totalNavigations } } }`;
const TOTALS = `query { adminTotals { things devices users groups actions } }`;
const ME = `query { currentUser { id } }`;

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe("syncing", () => {
  it("stores a batch for a signed-in user and answers success and the count", async () => {
    const user = await signUp(server.url);
    const userId = (await gql(server.url, ME, {}, user.token)).data.currentUser.id;
    const sessionId = randomUUID();
    const events = [
      { from: null, to: "/", timestamp: ago(60_000), timeSpent: 0 },
      { from: "/", to: "/things", timestamp: ago(50_000), timeSpent: 10_000 },
      { from: "/things", to: "/things/abc/dashboard", timestamp: ago(40_000), timeSpent: 10_000 },
    ];
    const r = await gql(server.url, SYNC, { sessionId, userId, events }, user.token);
    expect(r.data.syncNavigationEvents.syncNavigationResult).toEqual({ success: true, syncedCount: 3, errors: [] });
    // Sending the same batch again (its answer was lost) stores nothing twice.
    await gql(server.url, SYNC, { sessionId, userId, events }, user.token);
    const s = await gql(
      server.url,
      SESSION,
      { sessionId, userId, startedAt: ago(61_000), endedAt: ago(1_000), userAgent: "test" },
      user.token,
    );
    expect(s.data.syncUserSession.syncSessionResult).toEqual({ success: true, sessionId, totalEvents: 3, errors: [] });
  });

  it("reports bad events one by one and stores the good ones", async () => {
    const user = await signUp(server.url);
    const r = await gql(
      server.url,
      SYNC,
      {
        sessionId: randomUUID(),
        events: [
          { from: "/", to: "/activity", timestamp: ago(1000), timeSpent: 5 },
          { from: "/", to: "", timestamp: ago(1000) },
          { from: "/", to: "/devices", timestamp: "yesterday-ish" },
          { from: "/", to: "/tasks", timestamp: ago(40 * 86400_000) },
          { from: "/", to: "/map", timestamp: ago(1000), timeSpent: -3 },
          "nonsense",
        ],
      },
      user.token,
    );
    const result = r.data.syncNavigationEvents.syncNavigationResult;
    expect(result.success).toBe(false);
    expect(result.syncedCount).toBe(1);
    expect(result.errors).toEqual([
      "event 2: to must be a path starting with /",
      "event 3: timestamp is not a time",
      "event 4: timestamp is older than the 30-day retention",
      "event 5: timeSpent must be between 0 and 86400000 ms",
      "event 6: is not an object",
    ]);
  });

  it("guests' events are kept under their guest id; someone else's userId is refused", async () => {
    const guest = (await gql(server.url, `mutation { signInAsGuest(input: { domainName: "localhost" }) { jwtToken } }`)).data.signInAsGuest
      .jwtToken;
    const guestId = decodeClaims(guest).user_id;
    const ok = await gql(
      server.url,
      SYNC,
      { sessionId: randomUUID(), userId: guestId, events: [{ to: "/map", timestamp: ago(1000) }] },
      guest,
    );
    expect(ok.data.syncNavigationEvents.syncNavigationResult.success).toBe(true);
    const spoof = await gql(
      server.url,
      SYNC,
      { sessionId: randomUUID(), userId: randomUUID(), events: [{ to: "/map", timestamp: ago(1000) }] },
      guest,
    );
    expect(spoof.data.syncNavigationEvents.syncNavigationResult).toEqual({
      success: false,
      syncedCount: 0,
      errors: ["userId does not match the signed-in visitor"],
    });
  });
});

describe("admin analytics", () => {
  it("admins see routes, patterns, sessions, daily figures, the summary and totals", async () => {
    const admin = await makeAdmin(server.url, server.databaseUrl, await signUp(server.url));
    const user = await signUp(server.url);
    const userId = (await gql(server.url, ME, {}, user.token)).data.currentUser.id;
    const sessionId = randomUUID();
    await gql(
      server.url,
      SYNC,
      {
        sessionId,
        events: [
          { from: "/", to: "/scorer", timestamp: ago(30_000), timeSpent: 4000 },
          { from: "/scorer", to: "/", timestamp: ago(20_000), timeSpent: 6000 },
          { from: "/", to: "/scorer", timestamp: ago(10_000), timeSpent: 2000 },
        ],
      },
      user.token,
    );
    const routes = (await gql(server.url, ROUTES, {}, admin.token)).data.navigationRouteStats.nodes;
    expect(routes.find((r: any) => r.route === "/scorer")).toMatchObject({ visitCount: 2, totalTimeSpent: "6000", uniqueSessions: 1 });
    const patterns = (await gql(server.url, PATTERNS, {}, admin.token)).data.navigationPatternStats.nodes;
    expect(patterns.find((p: any) => p.fromRoute === "/" && p.toRoute === "/scorer")).toMatchObject({
      occurrenceCount: 2,
      averageTransitionTime: "3000.0",
    });
    const daily = (await gql(server.url, DAILY, {}, admin.token)).data.navigationDailyStats.nodes;
    expect(daily.length).toBeGreaterThan(0);
    const sessions = (await gql(server.url, SESSIONS, {}, admin.token)).data.navigationSessionStats.nodes;
    expect(sessions.find((s: any) => s.userId === userId)).toMatchObject({ totalSessions: 1, totalNavigations: 3 });
    const summary = (await gql(server.url, SUMMARY, { userId }, admin.token)).data.getNavigationAnalytics;
    // Spec section 3's names and numbers, as the typed fields above (issue 22: they were snake_case).
    expect(summary.mostVisitedRoutes[0]).toMatchObject({ route: "/scorer", visitCount: 2, totalTimeSpent: 6000, uniqueSessions: 1 });
    expect(summary.mostVisitedRoutes[0]).not.toHaveProperty("visit_count");
    expect(summary.navigationPatterns.find((p: any) => p.fromRoute === "/" && p.toRoute === "/scorer")).toMatchObject({
      occurrenceCount: 2,
    });
    expect(summary.sessionSummary).toMatchObject({ totalSessions: 1, totalNavigations: 3 });
    const totals = (await gql(server.url, TOTALS, {}, admin.token)).data.adminTotals;
    expect(Number(totals.users)).toBeGreaterThan(1);
  });

  it("counts each statistic once when a batch arrives twice (read from the daily rollups)", async () => {
    const admin = await makeAdmin(server.url, server.databaseUrl, await signUp(server.url));
    const a = await signUp(server.url);
    const b = await signUp(server.url);
    const aId = (await gql(server.url, ME, {}, a.token)).data.currentUser.id;
    const bId = (await gql(server.url, ME, {}, b.token)).data.currentUser.id;
    const x = `/rollup-${randomUUID().slice(0, 8)}/x`;
    const y = x.replace(/x$/, "y");
    const [sessionA, sessionA2, sessionB] = [randomUUID(), randomUUID(), randomUUID()];
    const batch = [
      { from: null, to: x, timestamp: ago(50_000), timeSpent: 0 },
      { from: x, to: y, timestamp: ago(40_000), timeSpent: 4000 },
      { from: y, to: x, timestamp: ago(30_000), timeSpent: 2000 },
    ];
    await gql(server.url, SYNC, { sessionId: sessionA, userId: aId, events: batch }, a.token);
    await gql(server.url, SYNC, { sessionId: sessionA, userId: aId, events: batch }, a.token);
    await gql(server.url, SYNC, { sessionId: sessionA2, userId: aId, events: [{ from: null, to: y, timestamp: ago(5_000) }] }, a.token);
    await gql(
      server.url,
      SYNC,
      {
        sessionId: sessionB,
        userId: bId,
        events: [
          { from: null, to: x, timestamp: ago(20_000) },
          { from: x, to: y, timestamp: ago(10_000), timeSpent: 1000 },
        ],
      },
      b.token,
    );

    const routes = (await gql(server.url, ROUTES, {}, admin.token)).data.navigationRouteStats.nodes;
    expect(routes.find((r: any) => r.route === x)).toEqual({
      route: x,
      visitCount: 3,
      totalTimeSpent: "2000",
      uniqueVisitors: 2,
      uniqueSessions: 2,
    });
    expect(routes.find((r: any) => r.route === y)).toEqual({
      route: y,
      visitCount: 3,
      totalTimeSpent: "5000",
      uniqueVisitors: 2,
      uniqueSessions: 3,
    });
    const patterns = (await gql(server.url, PATTERNS, {}, admin.token)).data.navigationPatternStats.nodes;
    expect(patterns.find((p: any) => p.fromRoute === x && p.toRoute === y)).toEqual({
      fromRoute: x,
      toRoute: y,
      occurrenceCount: 2,
      averageTransitionTime: "2500.0",
    });
    const daily = (
      await gql(
        server.url,
        `query { navigationDailyStats(targetUserId: "${aId}") { nodes { dailyNavigations activeUsers } } }`,
        {},
        admin.token,
      )
    ).data.navigationDailyStats.nodes;
    expect(daily.reduce((n: number, d: any) => n + Number(d.dailyNavigations), 0)).toBe(4);
    expect(daily.every((d: any) => d.activeUsers === 1)).toBe(true);
    const summary = (await gql(server.url, SUMMARY, { userId: bId }, admin.token)).data.getNavigationAnalytics;
    expect(summary.mostVisitedRoutes.map((r: any) => [r.route, r.visitCount])).toEqual([
      [x, 1],
      [y, 1],
    ]);
    expect(summary.sessionSummary).toMatchObject({ totalSessions: 1, totalNavigations: 2, uniqueVisitors: 1 });
  });

  it("answers windows that end in the past (any start and end) from the rollups too", async () => {
    const admin = await makeAdmin(server.url, server.databaseUrl, await signUp(server.url));
    const a = await signUp(server.url);
    const b = await signUp(server.url);
    const aId = (await gql(server.url, ME, {}, a.token)).data.currentUser.id;
    const bId = (await gql(server.url, ME, {}, b.token)).data.currentUser.id;
    const x = `/past-${randomUUID().slice(0, 8)}`;
    const DAY = 86400_000;
    const [a1, a2, b1] = [randomUUID(), randomUUID(), randomUUID()];
    // a: session a1 on x 20 and 12 days ago, session a2 3 days ago; b: session b1 12 days ago.
    await gql(
      server.url,
      SYNC,
      {
        sessionId: a1,
        userId: aId,
        events: [
          { to: x, timestamp: ago(20 * DAY) },
          { to: x, timestamp: ago(12 * DAY) },
        ],
      },
      a.token,
    );
    await gql(server.url, SYNC, { sessionId: a2, userId: aId, events: [{ to: x, timestamp: ago(3 * DAY) }] }, a.token);
    await gql(server.url, SYNC, { sessionId: b1, userId: bId, events: [{ to: x, timestamp: ago(12 * DAY) }] }, b.token);
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);
    const route = async (from: number, to: number) =>
      (await gql(server.url, ROUTES, { start: day(from), end: day(to) }, admin.token)).data.navigationRouteStats.nodes.find(
        (r: any) => r.route === x,
      ) ?? null;
    const counts = (visits: number, visitors: number, sessions: number) => ({
      route: x,
      visitCount: visits,
      totalTimeSpent: "0",
      uniqueVisitors: visitors,
      uniqueSessions: sessions,
    });
    expect(await route(21, 10)).toEqual(counts(3, 2, 2)); // a twice in a1, b once
    expect(await route(15, 2)).toEqual(counts(3, 2, 3)); // a in a1 and a2, b
    expect(await route(13, 11)).toEqual(counts(2, 2, 2));
    expect(await route(20, 20)).toEqual(counts(1, 1, 1));
    expect(await route(19, 13)).toBeNull();

    const SESSIONS_IN = `query SessionsIn($start: Date, $end: Date, $userId: UUID) {
      navigationSessionStats(startDate: $start, endDate: $end, targetUserId: $userId) { nodes { userId totalSessions totalNavigations } } }`;
    const sessions = async (from: number, to: number, userId: string) =>
      (await gql(server.url, SESSIONS_IN, { start: day(from), end: day(to), userId }, admin.token)).data.navigationSessionStats.nodes;
    // Sessions count on the day they started: a1 (20 days ago, two navigations) only.
    expect(await sessions(21, 10, aId)).toEqual([{ userId: aId, totalSessions: 1, totalNavigations: 2 }]);
    expect(await sessions(15, 2, aId)).toEqual([{ userId: aId, totalSessions: 1, totalNavigations: 1 }]);
    expect(await sessions(21, 10, bId)).toEqual([{ userId: bId, totalSessions: 1, totalNavigations: 1 }]);
    const SUMMARY_IN = `query SummaryIn($userId: UUID, $start: Date, $end: Date) { getNavigationAnalytics(targetUserId: $userId, startDate: $start, endDate: $end) }`;
    const summary = (await gql(server.url, SUMMARY_IN, { userId: aId, start: day(21), end: day(10) }, admin.token)).data
      .getNavigationAnalytics;
    expect(summary.mostVisitedRoutes.map((r: any) => [r.route, r.visitCount, r.uniqueSessions])).toEqual([[x, 2, 1]]);
    expect(summary.sessionSummary).toMatchObject({ totalSessions: 1, totalNavigations: 2, uniqueVisitors: 1 });
  });

  it("everyone else is refused", async () => {
    const user = await signUp(server.url);
    for (const query of [ROUTES, PATTERNS, DAILY, SUMMARY, SESSIONS, TOTALS]) {
      const r = await gql(server.url, query, {}, user.token);
      expect(r.errors?.length).toBeGreaterThan(0);
      const guest = await gql(server.url, query, {});
      expect(guest.errors?.length).toBeGreaterThan(0);
    }
  });

  it("refuses an end date before the start date", async () => {
    const admin = await makeAdmin(server.url, server.databaseUrl, await signUp(server.url));
    const r = await gql(server.url, ROUTES, { start: "2026-11-10", end: "2026-11-01" }, admin.token);
    expect(r.errors?.[0]).toMatchObject({ message: "The end date is before the start date", extensions: { code: "INVLD" } });
  });
});
