// The navigation tracker with fake timers and a fake endpoint: batching, the thresholds, idle,
// visibility and unload, confirmation-only marking, visitors and redirects.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../test/helpers.tsx";
import { ANALYTICS_STORAGE_KEYS, NAVIGATION_TRACKING } from "./constants.ts";
import { NavigationEventStore } from "./event-store.ts";
import { fakeServer } from "./test-server.ts";
import { NavigationTracker, refusedIndex, toBatches, type Visitor } from "./tracker.ts";
import { createFetchTransport } from "./transport.ts";

const GUEST: Visitor = { userId: "0b7d7a1e-0000-4000-8000-000000000001", token: "guest-token" };
const ALICE: Visitor = { userId: "11111111-1111-4111-8111-111111111111", token: "alice-token" };

let visibility: DocumentVisibilityState = "visible";

function setup({ visitor = ALICE as Visitor | null, start = true } = {}) {
  const server = fakeServer();
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  const win = new EventTarget();
  const doc = new EventTarget();
  Object.defineProperty(doc, "visibilityState", { get: () => visibility });
  const logger = { warn: vi.fn() };
  let ids = 0;
  const tracker = new NavigationTracker({
    transport: createFetchTransport({ url: "http://localhost/graphql", fetch: server.fetch }),
    store: new NavigationEventStore({ storage: local }),
    sessionStorage: session,
    window: win as unknown as Window,
    document: doc as unknown as Document,
    logger,
    userAgent: "test-agent",
    randomId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, "0")}`,
  });
  if (start) tracker.start();
  if (visitor) tracker.setVisitor(visitor);
  const events = () => tracker.store.all();
  const unsynced = () => events().filter((e) => !e.synced);
  /** n navigations, 1 s apart, to /p1 ... /pn. */
  const browse = (n: number, prefix = "/p") => {
    for (let i = 1; i <= n; i++) {
      vi.advanceTimersByTime(1);
      tracker.record(`${prefix}${i}`);
    }
  };
  return { server, tracker, local, session, win, doc, logger, events, unsynced, browse };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-11-21T10:00:00Z") });
  visibility = "visible";
});

afterEach(() => {
  vi.useRealTimers();
});

describe("recording", () => {
  it("records from, to, timestamp, timeSpent and synced:false for each path change", async () => {
    const { tracker, events } = setup();
    tracker.record("/");
    await vi.advanceTimersByTimeAsync(4000);
    tracker.record("/things");
    tracker.record("/things"); // Same path again (a reload, a query change): not a navigation.
    await vi.advanceTimersByTimeAsync(2500);
    tracker.record("/activity");
    expect(events().map(({ from, to, timeSpent, synced, userId }) => ({ from, to, timeSpent, synced, userId }))).toEqual([
      { from: null, to: "/", timeSpent: 0, synced: false, userId: ALICE.userId },
      { from: "/", to: "/things", timeSpent: 4000, synced: false, userId: ALICE.userId },
      { from: "/things", to: "/activity", timeSpent: 2500, synced: false, userId: ALICE.userId },
    ]);
    expect(events()[1].timestamp).toBe("2026-11-21T10:00:04.000Z");
  });

  it("keeps the last-visited time of /, /activity, /things and /devices only", async () => {
    const { tracker } = setup();
    tracker.record("/");
    await vi.advanceTimersByTimeAsync(1000);
    tracker.record("/devices");
    tracker.record("/map");
    await vi.advanceTimersByTimeAsync(1000);
    tracker.record("/things");
    tracker.record("/things/abc/dashboard");
    expect(tracker.store.lastVisited()).toEqual({
      "/": "2026-11-21T10:00:00.000Z",
      "/devices": "2026-11-21T10:00:01.000Z",
      "/things": "2026-11-21T10:00:02.000Z",
    });
    await vi.advanceTimersByTimeAsync(5000);
    tracker.record("/");
    expect(tracker.store.lastVisited()["/"]).toBe("2026-11-21T10:00:07.000Z");
  });

  it("continues the tab's session across a reload: the next event comes from the page shown before", async () => {
    const first = setup();
    first.tracker.record("/groups");
    first.tracker.stop();
    await vi.advanceTimersByTimeAsync(3000);
    // A new page load in the same tab: same sessionStorage and localStorage.
    const again = new NavigationTracker({
      transport: createFetchTransport({ url: "http://localhost/graphql", fetch: first.server.fetch }),
      store: new NavigationEventStore({ storage: first.local }),
      sessionStorage: first.session,
    });
    again.setVisitor(ALICE);
    again.record("/groups"); // The reload itself.
    again.record("/tasks");
    const events = again.store.all();
    expect(events.map((e) => [e.from, e.to, e.timeSpent])).toEqual([
      [null, "/groups", 0],
      ["/groups", "/tasks", 3000],
    ]);
    expect(new Set(events.map((e) => e.sessionId)).size).toBe(1);
  });

  it("moves the last-visited time on a reload, which records no navigation", async () => {
    const first = setup();
    first.tracker.record("/things");
    first.tracker.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    const again = new NavigationTracker({
      transport: createFetchTransport({ url: "http://localhost/graphql", fetch: first.server.fetch }),
      store: new NavigationEventStore({ storage: first.local }),
      sessionStorage: first.session,
    });
    again.setVisitor(ALICE);
    again.record("/things"); // The reload.
    expect(again.store.lastVisited()["/things"]).toBe("2026-11-21T10:01:00.000Z");
    expect(again.store.all().map((e) => e.to)).toEqual(["/things"]);
  });

  it("turns a redirect right after a navigation into a correction of that event", async () => {
    const { tracker, events } = setup();
    tracker.record("/");
    await vi.advanceTimersByTimeAsync(2000);
    tracker.record("/things/abc");
    await vi.advanceTimersByTimeAsync(5);
    tracker.record("/things/abc/dashboard", { replace: true }); // t = 2005
    await vi.advanceTimersByTimeAsync(3000);
    tracker.record("/admin"); // t = 5005; a non-admin is sent home: from the dashboard to /.
    tracker.record("/", { replace: true });
    await vi.advanceTimersByTimeAsync(2000);
    tracker.record("/admin"); // t = 7005; from / to /admin and back to /: nothing happened.
    tracker.record("/", { replace: true });
    await vi.advanceTimersByTimeAsync(2000);
    tracker.record("/map", { replace: true }); // Replacing, but long after: a navigation of its own.
    expect(events().map((e) => [e.from, e.to, e.timeSpent])).toEqual([
      [null, "/", 0],
      ["/", "/things/abc/dashboard", 2000],
      ["/things/abc/dashboard", "/", 3005], // On the dashboard since /things/abc was reached.
      ["/", "/map", 4000], // Home since t = 5005.
    ]);
  });

  it("cuts paths to 500 characters and caps time spent at a day", async () => {
    const { tracker, events } = setup();
    tracker.record("/a");
    await vi.advanceTimersByTimeAsync(NAVIGATION_TRACKING.maxTimeSpentMs + 5000);
    tracker.record(`/${"x".repeat(900)}`);
    expect(events()[1].to).toHaveLength(500);
    expect(events()[1].timeSpent).toBe(86_400_000);
  });
});

describe("syncing", () => {
  it("sends batches of 50, 100 ms apart, and marks each synced when the server confirms it", async () => {
    const { tracker, server, unsynced, browse } = setup();
    // 120 events waiting (as if the server had been unreachable).
    server.set({ kind: "offline" });
    browse(120);
    await vi.advanceTimersByTimeAsync(0);
    server.set({ kind: "ok" });
    server.requests.length = 0;

    const done = tracker.sync();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.eventBatches()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(server.eventBatches()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.eventBatches()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(100);
    await done;
    const batches = server.eventBatches();
    expect(batches.map((b) => (b.variables.events as unknown[]).length)).toEqual([50, 50, 20]);
    expect(batches[1].at - batches[0].at).toBe(100);
    expect(batches[0].variables).toMatchObject({ userId: ALICE.userId, sessionId: tracker.tabSession().id });
    expect(batches[0].authorization).toBe("Bearer alice-token");
    expect(batches[0].keepalive).toBe(false);
    expect((batches[0].variables.events as object[])[0]).toEqual({
      from: null,
      to: "/p1",
      timestamp: expect.any(String),
      timeSpent: 0,
    });
    expect(unsynced()).toHaveLength(0);
  });

  it("syncs by itself once 25 unsynced events have piled up", async () => {
    const { server, browse, unsynced } = setup();
    browse(24);
    await vi.advanceTimersByTimeAsync(10);
    expect(server.eventBatches()).toHaveLength(0);
    browse(1, "/q");
    await vi.advanceTimersByTimeAsync(10);
    expect(server.eventBatches()).toHaveLength(1);
    expect((server.eventBatches()[0].variables.events as unknown[]).length).toBe(25);
    expect(unsynced()).toHaveLength(0);
  });

  it("syncs every 30 s", async () => {
    const { server, browse, unsynced } = setup();
    browse(3);
    await vi.advanceTimersByTimeAsync(30_000 - 3 - 1);
    expect(server.eventBatches()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.eventBatches()).toHaveLength(1);
    expect(unsynced()).toHaveLength(0);
    // Nothing to send: no request.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.eventBatches()).toHaveLength(1);
  });

  it("syncs after 60 s without navigation or input", async () => {
    const { tracker, win } = setup();
    const sync = vi.spyOn(tracker, "sync");
    tracker.record("/");
    await vi.advanceTimersByTimeAsync(59_999);
    expect(sync).toHaveBeenCalledTimes(1); // The periodic one at 30 s.
    await vi.advanceTimersByTimeAsync(1);
    expect(sync).toHaveBeenCalledTimes(3); // Periodic (60 s) and idle (60 s).

    // Input restarts the idle clock.
    await vi.advanceTimersByTimeAsync(20_000); // t = 80 s
    win.dispatchEvent(new Event("keydown"));
    await vi.advanceTimersByTimeAsync(59_999); // t = 140 s - 1 ms: periodic at 90 and 120 s
    expect(sync).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(1); // t = 140 s: idle
    expect(sync).toHaveBeenCalledTimes(6);
  });

  it("when the page is hidden, sends what waits as keep-alive requests and ends the session", async () => {
    const { server, doc, browse, unsynced } = setup();
    server.set({ kind: "offline" });
    browse(60);
    await vi.advanceTimersByTimeAsync(0);
    server.set({ kind: "ok" });
    server.requests.length = 0;
    expect(unsynced()).toHaveLength(60);

    visibility = "hidden";
    const hiddenAt = new Date(Date.now()).toISOString();
    doc.dispatchEvent(new Event("visibilitychange"));
    await vi.advanceTimersByTimeAsync(0);
    const [batch] = server.eventBatches();
    expect(batch.keepalive).toBe(true);
    expect(batch.authorization).toBe("Bearer alice-token");
    expect((batch.variables.events as unknown[]).length).toBe(50);
    const end = server.sessionCalls().at(-1)!;
    expect(end.keepalive).toBe(true);
    expect(end.authorization).toBe("Bearer alice-token");
    expect(end.variables).toMatchObject({ userId: ALICE.userId, endedAt: hiddenAt });
    await vi.advanceTimersByTimeAsync(100);
    expect(server.eventBatches().map((b) => [(b.variables.events as unknown[]).length, b.keepalive])).toEqual([
      [50, true],
      [10, true],
    ]);
    expect(unsynced()).toHaveLength(0);
  });

  it("when the page is unloaded, sends every batch at once with keepalive", async () => {
    const { server, win, browse } = setup();
    server.set({ kind: "offline" });
    browse(130);
    await vi.advanceTimersByTimeAsync(0);
    server.set({ kind: "ok" });
    server.requests.length = 0;

    win.dispatchEvent(new Event("pagehide"));
    // All three batches leave in the same moment: no waiting while the page goes away.
    expect(server.eventBatches().map((b) => [(b.variables.events as unknown[]).length, b.keepalive])).toEqual([
      [50, true],
      [50, true],
      [30, true],
    ]);
    expect(server.sessionCalls().at(-1)!.keepalive).toBe(true);
  });

  it("does not send the same events twice while they are on their way", async () => {
    const { server, tracker, doc, browse } = setup();
    browse(10);
    const running = tracker.sync();
    visibility = "hidden";
    doc.dispatchEvent(new Event("visibilitychange"));
    await running;
    await vi.advanceTimersByTimeAsync(0);
    expect(server.eventBatches()).toHaveLength(1);
  });
});

describe("confirmation", () => {
  it("keeps events unsynced when the request fails, logs the failure and shows nothing", async () => {
    const { tracker, server, unsynced, logger, browse } = setup();
    browse(3);
    for (const behaviour of [
      { kind: "offline" },
      { kind: "http-error" },
      { kind: "graphql-error", text: "Your token has expired" },
      { kind: "batch-error", text: "userId does not match the signed-in visitor" },
    ] as const) {
      server.set(behaviour);
      await tracker.sync();
      expect(unsynced()).toHaveLength(3);
    }
    expect(logger.warn.mock.calls.map(([m]) => m)).toEqual([
      "Navigation sync failed: Failed to fetch",
      "Navigation sync failed: HTTP 500",
      "Navigation sync failed: Your token has expired",
      "Navigation sync failed: userId does not match the signed-in visitor",
    ]);
    server.set({ kind: "ok" });
    await tracker.sync();
    expect(unsynced()).toHaveLength(0);
  });

  it("drops the events the server refuses and marks the rest synced", async () => {
    const { tracker, server, events, logger, browse } = setup();
    browse(4);
    server.set({ kind: "refuse", positions: [2], text: "timestamp is in the future" });
    await tracker.sync();
    expect(events().map((e) => [e.to, e.synced])).toEqual([
      ["/p1", true],
      ["/p3", true],
      ["/p4", true],
    ]);
    expect(logger.warn).toHaveBeenCalledWith("Navigation sync: 1 event(s) refused and dropped: event 2: timestamp is in the future");
  });

  it("sends again what the server did not count", async () => {
    const { tracker, server, unsynced, browse } = setup();
    browse(3);
    server.set({ kind: "miscount" });
    await tracker.sync();
    expect(unsynced()).toHaveLength(3);
    server.set({ kind: "ok" });
    await tracker.sync();
    expect(unsynced()).toHaveLength(0);
  });

  it("does not hammer the server after a failure: the auto-sync waits for the timers", async () => {
    const { server, browse } = setup();
    server.set({ kind: "offline" });
    browse(25);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.eventBatches()).toHaveLength(1);
    browse(5, "/q");
    await vi.advanceTimersByTimeAsync(0);
    expect(server.eventBatches()).toHaveLength(1);
  });
});

describe("sessions and visitors", () => {
  it("announces the tab's session once with syncUserSession", async () => {
    const { server, tracker } = setup();
    await vi.advanceTimersByTimeAsync(0);
    tracker.record("/");
    await tracker.sync();
    const calls = server.sessionCalls();
    expect(calls).toHaveLength(1);
    expect(calls[0].variables).toEqual({
      sessionId: tracker.tabSession().id,
      userId: ALICE.userId,
      startedAt: "2026-11-21T10:00:00.000Z",
      endedAt: null,
      userAgent: "test-agent",
    });
    expect(tracker.tabSession().announced).toBe(true);
  });

  it("keeps events made before the first token and files them under the first visitor", async () => {
    const { tracker, server, events, browse } = setup({ visitor: null });
    browse(2);
    await tracker.sync();
    expect(server.requests).toHaveLength(0);
    expect(events().every((e) => e.userId === null)).toBe(true);
    tracker.setVisitor(GUEST);
    expect(events().every((e) => e.userId === GUEST.userId)).toBe(true);
    await tracker.sync();
    expect(server.eventBatches()[0]).toMatchObject({ authorization: "Bearer guest-token", variables: { userId: GUEST.userId } });
  });

  it("on signing in, sends what the guest left with the guest's token and starts a new session", async () => {
    const { tracker, server, events, browse } = setup({ visitor: GUEST });
    browse(3);
    const guestSession = tracker.tabSession().id;
    server.requests.length = 0;

    tracker.setVisitor(ALICE);
    await vi.advanceTimersByTimeAsync(0);
    const [guestBatch] = server.eventBatches();
    expect(guestBatch).toMatchObject({ authorization: "Bearer guest-token", variables: { userId: GUEST.userId, sessionId: guestSession } });
    const sessionCalls = server.sessionCalls();
    expect(sessionCalls.find((c) => c.variables.sessionId === guestSession)?.variables.endedAt).toBeTruthy();
    const aliceSession = tracker.tabSession();
    expect(aliceSession.id).not.toBe(guestSession);
    expect(sessionCalls.find((c) => c.variables.sessionId === aliceSession.id)).toMatchObject({
      authorization: "Bearer alice-token",
      variables: { userId: ALICE.userId, endedAt: null },
    });

    tracker.record("/account/profile");
    const last = events().at(-1)!;
    expect(last).toMatchObject({ from: "/p3", userId: ALICE.userId, sessionId: aliceSession.id });
    expect(
      events()
        .filter((e) => e.userId === GUEST.userId)
        .every((e) => e.synced),
    ).toBe(true);
  });

  it("before a sign-out, sends the unsynced events and ends the session with the token that still works", async () => {
    const { tracker, server, unsynced, browse } = setup();
    browse(3);
    await tracker.flush();
    expect(unsynced()).toHaveLength(0);
    expect(server.eventBatches().every((r) => r.authorization === `Bearer ${ALICE.token}`)).toBe(true);
    const ends = () => server.sessionCalls().filter((r) => r.variables.endedAt);
    expect(ends()).toHaveLength(1);
    expect(ends()[0].authorization).toBe(`Bearer ${ALICE.token}`);
    // Signed out: the token is revoked now, and the farewell has nothing left to send with it.
    const calls = server.requests.length;
    tracker.setVisitor(null);
    tracker.setVisitor(GUEST);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests.slice(calls).filter((r) => r.authorization === `Bearer ${ALICE.token}`)).toEqual([]);
  });

  it("keeps a signed-out user's unsent events for their return", async () => {
    const { tracker, server, unsynced, browse } = setup();
    server.set({ kind: "offline" });
    browse(2);
    tracker.setVisitor(null);
    tracker.setVisitor(GUEST); // The farewell sync fails (offline): the events stay.
    await vi.advanceTimersByTimeAsync(0);
    expect(unsynced().filter((e) => e.userId === ALICE.userId)).toHaveLength(2);
    server.set({ kind: "ok" });
    await tracker.sync(); // The guest's sync does not send Alice's events.
    expect(unsynced().filter((e) => e.userId === ALICE.userId)).toHaveLength(2);
    tracker.setVisitor(ALICE);
    await tracker.sync();
    expect(unsynced()).toHaveLength(0);
  });

  it("stops its timers and listeners when stopped", async () => {
    const { tracker, server, doc, browse } = setup();
    browse(3);
    tracker.stop();
    visibility = "hidden";
    doc.dispatchEvent(new Event("visibilitychange"));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.eventBatches()).toHaveLength(0);
  });
});

describe("helpers", () => {
  it("splits batches per session, 50 at most", () => {
    const make = (sessionId: string, i: number) => ({
      from: null,
      to: `/${i}`,
      timestamp: new Date(i).toISOString(),
      timeSpent: 0,
      synced: false,
      sessionId,
      userId: "u",
    });
    const events = [...Array.from({ length: 60 }, (_, i) => make("a", i)), ...Array.from({ length: 3 }, (_, i) => make("b", 100 + i))];
    expect(toBatches(events).map((b) => [b[0].sessionId, b.length])).toEqual([
      ["a", 50],
      ["a", 10],
      ["b", 3],
    ]);
  });

  it("reads the per-event error positions", () => {
    expect(refusedIndex("event 2: to must be a path starting with /")).toBe(1);
    expect(refusedIndex("userId does not match the signed-in visitor")).toBeNull();
  });

  it("keeps the tab session under its storage key", () => {
    const { session, tracker } = setup();
    expect(JSON.parse(session.getItem(ANALYTICS_STORAGE_KEYS.session)!)).toMatchObject({
      id: tracker.tabSession().id,
      userId: ALICE.userId,
    });
  });
});
