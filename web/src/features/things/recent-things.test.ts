import { afterEach, describe, expect, it } from "vitest";
import {
  RECENT_SHOWN,
  RECENT_THINGS_KEY,
  RECENT_THINGS_MAX,
  addRecentThing,
  clearRecentThings,
  isTrackableThingId,
  readRecentThings,
  recentThingsVariables,
  removeRecentThing,
} from "./recent-things.ts";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

afterEach(() => window.localStorage.clear());

describe("recent things", () => {
  it("tracks only 36-character ids", () => {
    expect(isTrackableThingId(id(1))).toBe(true);
    expect(isTrackableThingId("t1")).toBe(false);
    expect(isTrackableThingId(`${id(1)}x`)).toBe(false);
    expect(isTrackableThingId(42)).toBe(false);
    addRecentThing("t1");
    expect(readRecentThings()).toEqual([]);
  });

  it("puts the latest visit first without duplicates", () => {
    addRecentThing(id(1));
    addRecentThing(id(2));
    addRecentThing(id(1));
    expect(readRecentThings()).toEqual([id(1), id(2)]);
    expect(JSON.parse(window.localStorage.getItem(RECENT_THINGS_KEY)!)).toEqual([id(1), id(2)]);
  });

  it("keeps at most 50", () => {
    for (let n = 1; n <= 60; n += 1) addRecentThing(id(n));
    const ids = readRecentThings();
    expect(ids).toHaveLength(RECENT_THINGS_MAX);
    expect(ids[0]).toBe(id(60));
    expect(ids.at(-1)).toBe(id(11));
  });

  it("removes and clears", () => {
    addRecentThing(id(1));
    addRecentThing(id(2));
    expect(removeRecentThing(id(1))).toEqual([id(2)]);
    clearRecentThings();
    expect(readRecentThings()).toEqual([]);
  });

  it("survives stored garbage", () => {
    window.localStorage.setItem(RECENT_THINGS_KEY, "{not json");
    expect(readRecentThings()).toEqual([]);
    window.localStorage.setItem(RECENT_THINGS_KEY, JSON.stringify([id(1), "bad", 7, id(1), id(2)]));
    expect(readRecentThings()).toEqual([id(1), id(2)]);
    window.localStorage.setItem(RECENT_THINGS_KEY, JSON.stringify({ a: 1 }));
    expect(readRecentThings()).toEqual([]);
  });

  it("asks for the newest few by id, unused slots for the nil uuid", () => {
    const nil = "00000000-0000-0000-0000-000000000000";
    const ids = Array.from({ length: 10 }, (_, n) => id(n + 1));
    expect(Object.values(recentThingsVariables(ids))).toEqual(ids.slice(0, RECENT_SHOWN));
    expect(recentThingsVariables([id(1), id(2)])).toEqual({
      id0: id(1),
      id1: id(2),
      id2: nil,
      id3: nil,
      id4: nil,
      id5: nil,
      id6: nil,
      id7: nil,
    });
  });
});
