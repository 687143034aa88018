import { describe, expect, it } from "vitest";
import { englishHomeT } from "./texts.ts";
import {
  colourCounts,
  greeting,
  needingWater,
  orderMyThings,
  recentFromAnswer,
  startOfWeek,
  totalOf,
  type DashboardUser,
  type MyThing,
} from "./home-data.ts";

function thing(id: string, name: string, indicatorColour: string | null = null): MyThing {
  return {
    id,
    name,
    type: "PLANTER",
    hasImage: false,
    indicatorColour,
    indicatorParameter: "WATER",
    water: null,
    ph: null,
    lastSensorData: null,
    location: { x: 51.45, y: -0.97 },
    lastCareAction: null,
  };
}

function user(things: MyThing[], oneThingId: string | null): DashboardUser {
  return {
    id: "u1",
    name: "Alice",
    username: "alice",
    oneThingId,
    homeThingsByUserId: {
      totalCount: things.length,
      nodes: things.map((t, i) => ({ id: `a${i}`, isOwner: true, isCollaborator: false, thingByThingId: t })),
    },
    deviceAccessesByUserId: { totalCount: 0, nodes: [] },
    groupMembershipsByUserId: { totalCount: 0, nodes: [] },
    badgesByUserId: { totalCount: 0, nodes: [] },
    actionCountSince: 0,
  };
}

describe("the week", () => {
  it("starts on Monday at midnight, local time", () => {
    // Wednesday 2026-11-18 15:30 -> Monday 2026-11-16 00:00.
    const start = startOfWeek(new Date(2026, 10, 18, 15, 30));
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours(), start.getMinutes()]).toEqual([2026, 10, 16, 0, 0]);
    // A Sunday belongs to the week that began six days before.
    expect(startOfWeek(new Date(2026, 10, 22, 9)).getDate()).toBe(16);
    // A Monday is its own start.
    expect(startOfWeek(new Date(2026, 10, 23, 0, 5)).getDate()).toBe(23);
  });
});

describe("my things", () => {
  it("puts the One Thing first, then the driest, then by name, without repeats", () => {
    const a = thing("a", "Apple Tree", "green");
    const b = thing("b", "Bench Bed", "red");
    const c = thing("c", "Corner Planter", "grey");
    const d = thing("d", "Daisy Bed", "orange");
    const u = user([a, b, c, d, b], "c");
    expect(orderMyThings(u).map((e) => [e.thing.id, e.isOneThing])).toEqual([
      ["c", true],
      ["b", false],
      ["d", false],
      ["a", false],
    ]);
  });
});

describe("recording on my things", () => {
  it("owners and collaborators may record, viewers only when they are admins", () => {
    const u = user([thing("o", "Owned", "green"), thing("c", "Shared", "green"), thing("v", "Viewed", "green")], null);
    const [owned, shared, viewed] = u.homeThingsByUserId.nodes;
    shared.isOwner = false;
    shared.isCollaborator = true;
    viewed.isOwner = false;
    const canRecord = (admin: boolean) => Object.fromEntries(orderMyThings(u, admin).map((e) => [e.thing.id, e.canRecord]));
    expect(owned.isOwner).toBe(true);
    expect(canRecord(false)).toEqual({ o: true, c: true, v: false });
    expect(canRecord(true)).toEqual({ o: true, c: true, v: true });
  });
});

describe("colours", () => {
  it("takes each colour's count from the server's answer and adds them up for the total", () => {
    const counts = colourCounts({
      red: { totalCount: 3 },
      orange: { totalCount: 0 },
      green: { totalCount: 1200 },
      blue: null,
      grey: { totalCount: 7 },
    });
    expect(counts).toEqual({ red: 3, orange: 0, green: 1200, blue: 0, grey: 7 });
    expect(totalOf(counts)).toBe(1210);
  });

  it("keeps the things the water-need model says need water, sensor colour or not", () => {
    const first = [
      { name: "C", indicatorColour: "grey", waterNeed: "NEEDS_WATER" },
      { name: "B", indicatorColour: "orange", waterNeed: "DUE_SOON" },
      { name: "A", indicatorColour: "red", waterNeed: "FINE" },
      { name: "D", indicatorColour: null, waterNeed: null },
    ];
    expect(needingWater(first).map((t) => t.name)).toEqual(["C"]);
    expect(needingWater([{ name: "E", indicatorColour: "blue", waterNeed: "UNKNOWN" }])).toEqual([]);
  });
});

describe("recent things", () => {
  const recent = (id: string) => ({
    id,
    name: `Thing ${id}`,
    type: "PLANTER",
    hasImage: false,
    indicatorColour: "green",
    indicatorParameter: "WATER",
  });

  it("keeps the visiting order, skips things that are gone and stops at the limit", () => {
    const answer = { thing0: recent("3"), thing1: null, thing2: recent("1"), thing3: recent("2") };
    expect(recentFromAnswer(answer, 8, 6).map((t) => t.id)).toEqual(["3", "1", "2"]);
    expect(recentFromAnswer(answer, 8, 2).map((t) => t.id)).toEqual(["3", "1"]);
    expect(recentFromAnswer(undefined, 8, 6)).toEqual([]);
  });
});

describe("words", () => {
  it("greets by the time of day and counts in words", () => {
    expect(greeting(new Date(2026, 0, 1, 8))).toBe("Good morning");
    expect(greeting(new Date(2026, 0, 1, 13))).toBe("Good afternoon");
    expect(greeting(new Date(2026, 0, 1, 21))).toBe("Good evening");
    // The count in words is the catalogue's plural now (home.glance.total), no longer plural().
    expect(englishHomeT("home.glance.total", { scope: "public", brand: "steward", count: 1 })).toBe("1 thing public");
    expect(englishHomeT("home.glance.total", { scope: "mine", brand: "steward", count: 1200 })).toBe("1,200 things you can see");
    expect(englishHomeT("home.glance.total", { scope: "public", brand: "bee", count: 2 })).toBe("2 cafes public");
  });
});
