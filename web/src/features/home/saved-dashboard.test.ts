// The dashboard kept for offline use: read back only for its own user and in the page's shape.
import { describe, expect, it } from "vitest";
import type { DashboardData } from "./home-data.ts";
import { readSavedDashboard, saveDashboard } from "./saved-dashboard.ts";

function memoryStore(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const answer: DashboardData = {
  currentUser: {
    id: "u1",
    name: "Alice",
    username: "alice",
    oneThingId: null,
    homeThingsByUserId: { totalCount: 0, nodes: [] },
    deviceAccessesByUserId: { totalCount: 0, nodes: [] },
    groupMembershipsByUserId: { totalCount: 0, nodes: [] },
    badgesByUserId: { totalCount: 0, nodes: [] },
    actionCountSince: 0,
  },
};

describe("the saved dashboard", () => {
  it("comes back for its own user only", () => {
    const store = memoryStore();
    saveDashboard("u1", answer, store, new Date("2026-11-28T10:00:00Z"));
    expect(readSavedDashboard("u1", store)).toEqual({ at: "2026-11-28T10:00:00.000Z", data: answer });
    expect(readSavedDashboard("u2", store)).toBeNull();
  });

  it("is not shown when an earlier version of the page saved it in another shape", () => {
    const store = memoryStore();
    // Before issue 27's bounded lists: every row, no totals.
    const { homeThingsByUserId: _, ...rest } = answer.currentUser!;
    const old = { ...rest, thingAccessesByUserId: { nodes: [] }, deviceAccessesByUserId: { nodes: [] } };
    store.setItem("steward.home.dashboard.u1", JSON.stringify({ at: "2026-11-20T10:00:00.000Z", data: { currentUser: old } }));
    expect(readSavedDashboard("u1", store)).toBeNull();
  });
});
