// The navigation history in localStorage: the 1000-event cap, 30-day retention, settling, and
// the last-visited times.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../test/helpers.tsx";
import { ANALYTICS_STORAGE_KEYS } from "./constants.ts";
import { eventKey, lastVisitedAt, NavigationEventStore, type NavigationEvent } from "./event-store.ts";

const DAY = 24 * 60 * 60 * 1000;

function event(i: number, at: number, extra: Partial<NavigationEvent> = {}): NavigationEvent {
  return {
    from: i === 0 ? null : `/p${i - 1}`,
    to: `/p${i}`,
    timestamp: new Date(at).toISOString(),
    timeSpent: 1000,
    synced: false,
    sessionId: "00000000-0000-4000-8000-000000000001",
    userId: "u1",
    ...extra,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-11-21T10:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("NavigationEventStore", () => {
  it("keeps at most 1000 events, dropping the oldest", () => {
    const storage = new MemoryStorage();
    const store = new NavigationEventStore({ storage });
    const now = Date.now();
    store.update(() => Array.from({ length: 1000 }, (_, i) => event(i, now - 2000 * 1000 + i * 1000)));
    expect(store.all()).toHaveLength(1000);
    store.add(event(1000, now));
    const kept = store.all();
    expect(kept).toHaveLength(1000);
    expect(kept[0].to).toBe("/p1");
    expect(kept.at(-1)!.to).toBe("/p1000");
    expect(JSON.parse(storage.getItem(ANALYTICS_STORAGE_KEYS.events)!)).toHaveLength(1000);
  });

  it("drops events older than 30 days", () => {
    const store = new NavigationEventStore({ storage: new MemoryStorage() });
    const now = Date.now();
    store.update(() => [event(1, now - 31 * DAY), event(2, now - 30 * DAY + 1000), event(3, now - DAY)]);
    expect(store.all().map((e) => e.to)).toEqual(["/p2", "/p3"]);
    vi.advanceTimersByTime(2000);
    expect(store.all().map((e) => e.to)).toEqual(["/p3"]);
  });

  it("marks confirmed events synced and removes refused ones", () => {
    const store = new NavigationEventStore({ storage: new MemoryStorage() });
    const now = Date.now();
    const events = [event(1, now - 3000), event(2, now - 2000), event(3, now - 1000)];
    store.update(() => events);
    store.settle(new Set([eventKey(events[0])]), new Set([eventKey(events[1])]));
    expect(store.all().map((e) => [e.to, e.synced])).toEqual([
      ["/p1", true],
      ["/p3", false],
    ]);
    expect(store.unsynced("u1").map((e) => e.to)).toEqual(["/p3"]);
    expect(store.unsynced("someone else")).toEqual([]);
  });

  it("ignores stored garbage and keeps working when storage fails", () => {
    const storage = new MemoryStorage();
    storage.setItem(ANALYTICS_STORAGE_KEYS.events, '[{"to": 3}, "x", null]');
    const store = new NavigationEventStore({ storage });
    expect(store.all()).toEqual([]);
    storage.setItem(ANALYTICS_STORAGE_KEYS.events, "{not json");
    expect(store.all()).toEqual([]);

    const broken = new MemoryStorage();
    broken.getItem = () => {
      throw new Error("SecurityError");
    };
    broken.setItem = () => {
      throw new Error("QuotaExceededError");
    };
    const inMemory = new NavigationEventStore({ storage: broken });
    inMemory.add(event(1, Date.now()));
    expect(inMemory.all()).toHaveLength(1);
  });

  it("records the last visit of /, /activity, /things and /devices", () => {
    const storage = new MemoryStorage();
    const store = new NavigationEventStore({ storage });
    store.visit("/activity");
    store.visit("/groups");
    vi.advanceTimersByTime(60_000);
    store.visit("/activity");
    expect(store.lastVisited()).toEqual({ "/activity": "2026-11-21T10:01:00.000Z" });
    expect(lastVisitedAt("/activity", storage)?.toISOString()).toBe("2026-11-21T10:01:00.000Z");
    expect(lastVisitedAt("/things", storage)).toBeNull();
    expect(JSON.parse(storage.getItem(ANALYTICS_STORAGE_KEYS.lastVisited)!)).toEqual({
      "/activity": "2026-11-21T10:01:00.000Z",
    });
  });
});
