import { describe, expect, it } from "vitest";
import {
  colourCounts,
  countSince,
  gallerySlides,
  greeting,
  needingCare,
  orderMyThings,
  plural,
  recentFrom,
  startOfWeek,
  type DashboardUser,
  type MyThing,
} from "./home-data.ts";

function thing(id: string, name: string, indicatorColour: string | null = null): MyThing {
  return {
    id,
    name,
    type: "PLANTER",
    hasImage: false,
    isPublic: true,
    indicatorColour,
    indicatorParameter: "WATER",
    water: null,
    ph: null,
    lastSensorData: null,
    lastAction: null,
    canRecordAction: true,
    location: { x: 51.45, y: -0.97 },
    actionsByThingId: { nodes: [] },
  };
}

function user(things: MyThing[], oneThingId: string | null): DashboardUser {
  return {
    id: "u1",
    name: "Alice",
    username: "alice",
    oneThingId,
    thingAccessesByUserId: {
      nodes: things.map((t, i) => ({ id: `a${i}`, isOwner: true, isCollaborator: false, thingByThingId: t })),
    },
    deviceAccessesByUserId: { nodes: [] },
    groupMembershipsByUserId: { nodes: [] },
    badgesByUserId: { nodes: [] },
    actionsByCreatedBy: { nodes: [] },
  };
}

describe("the week", () => {
  it("starts on Monday at midnight, local time", () => {
    // Wednesday 2026-11-18 15:30 -> Monday 2026-11-16 00:00.
    const start = startOfWeek(new Date(2026, 10, 18, 15, 30));
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours(), start.getMinutes()]).toEqual([
      2026, 10, 16, 0, 0,
    ]);
    // A Sunday belongs to the week that began six days before.
    expect(startOfWeek(new Date(2026, 10, 22, 9)).getDate()).toBe(16);
    // A Monday is its own start.
    expect(startOfWeek(new Date(2026, 10, 23, 0, 5)).getDate()).toBe(23);
  });

  it("counts what happened since a moment", () => {
    const since = new Date("2026-11-16T00:00:00Z");
    const items = [
      { createdAt: "2026-11-15T23:59:59Z" },
      { createdAt: "2026-11-16T00:00:00Z" },
      { createdAt: "2026-11-20T10:00:00Z" },
      { createdAt: "not a date" },
    ];
    expect(countSince(items, since)).toBe(2);
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

describe("colours", () => {
  it("counts each colour, unknown ones as grey", () => {
    expect(colourCounts([{ indicatorColour: "red" }, { indicatorColour: null }, { indicatorColour: "purple" }, { indicatorColour: "green" }])).toEqual({
      red: 1,
      orange: 0,
      green: 1,
      blue: 0,
      grey: 2,
    });
  });

  it("lists what needs water, the driest first", () => {
    const list = [
      { name: "B", indicatorColour: "orange" },
      { name: "A", indicatorColour: "green" },
      { name: "C", indicatorColour: "red" },
      { name: "D", indicatorColour: "orange" },
    ];
    expect(needingCare(list).map((t) => t.name)).toEqual(["C", "B", "D"]);
    expect(needingCare(list, 1).map((t) => t.name)).toEqual(["C"]);
  });
});

describe("recent things and the gallery", () => {
  it("keeps the recent order and skips things the list does not hold", () => {
    const things = [{ id: "1" }, { id: "2" }, { id: "3" }];
    expect(recentFrom(["3", "9", "1"], things).map((t) => t.id)).toEqual(["3", "1"]);
    expect(recentFrom(["3", "2", "1"], things, 2).map((t) => t.id)).toEqual(["3", "2"]);
  });

  it("shows things with a picture, most recently cared for first", () => {
    const things = [
      { name: "No picture", hasImage: false, lastAction: "2026-11-20T00:00:00Z" },
      { name: "Old", hasImage: true, lastAction: "2026-10-01T00:00:00Z" },
      { name: "Never", hasImage: true, lastAction: null },
      { name: "New", hasImage: true, lastAction: "2026-11-19T00:00:00Z" },
    ];
    expect(gallerySlides(things).map((t) => t.name)).toEqual(["New", "Old", "Never"]);
  });
});

describe("words", () => {
  it("greets by the time of day and counts in words", () => {
    expect(greeting(new Date(2026, 0, 1, 8))).toBe("Good morning");
    expect(greeting(new Date(2026, 0, 1, 13))).toBe("Good afternoon");
    expect(greeting(new Date(2026, 0, 1, 21))).toBe("Good evening");
    expect(plural(1, "thing", "things")).toBe("1 thing");
    expect(plural(1200, "thing", "things")).toBe("1,200 things");
  });
});
