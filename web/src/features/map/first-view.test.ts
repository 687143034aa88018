// /map's first view worked out before the page renders (first-view.ts): the map's size as kept
// from the last visit in a window this size, or estimated; the questions asked (the user's things,
// then the things of the view fitted to them, as MarkerPreview asks them); and taking an area
// already asked when it covers the one the page measured.
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAP_PREFS_KEY } from "../../components/environment/map-prefs.ts";
import type { Ask, FirstAnswer } from "../../lib/first-data.ts";
import { MemoryStorage } from "../../test/helpers.tsx";
import {
  coveringArea,
  expectedStageSize,
  keepStageSize,
  openingView,
  pageInitialView,
  preloadMapData,
  preloadedArea,
  STAGE_KEY,
} from "./first-view.ts";
import { thingsArea } from "./map-data.ts";
import { screenBox } from "./projection.ts";

function windowOf(width: number, height: number) {
  vi.spyOn(window, "innerWidth", "get").mockReturnValue(width);
  vi.spyOn(window, "innerHeight", "get").mockReturnValue(height);
}

/** An ask that records each question and answers the user's things with `mine` when told to. */
function recordingAsk() {
  const asked: { name: string; variables: unknown }[] = [];
  const waiting: ((answer: FirstAnswer<unknown>) => void)[] = [];
  const ask: Ask = (query, variables, onAnswer) => {
    const name = (query.definitions[0] as { name?: { value: string } }).name?.value ?? "";
    asked.push({ name, variables });
    if (onAnswer) waiting.push(onAnswer as (answer: FirstAnswer<unknown>) => void);
  };
  const answer = (data: unknown) => {
    for (const w of waiting.splice(0)) w({ data });
  };
  return { ask, asked, answer };
}

const myThings = (...points: [number, number][]) => ({
  currentUser: {
    __typename: "User",
    id: "u1",
    thingAccessesByUserId: {
      nodes: points.map(([x, y], i) => ({
        id: `a${i}`,
        isOwner: true,
        isCollaborator: false,
        thingByThingId: { id: `t${i}`, location: { x, y } },
      })),
    },
  },
});

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe("the map's expected size", () => {
  it("is the size measured last time in a window of this size, else estimated from the window", () => {
    const store = new MemoryStorage();
    windowOf(360, 740);
    // A phone, first visit: the whole width (the list is in a sheet), the height below the header.
    expect(expectedStageSize(store)).toEqual({ width: 360, height: 740 - 58 });
    keepStageSize({ width: 360, height: 676.4 }, store);
    expect(expectedStageSize(store)).toEqual({ width: 360, height: 676 });
    // Another window size: estimated again (a desktop's list takes 320 px beside the map).
    windowOf(1280, 800);
    expect(expectedStageSize(store)).toEqual({ width: 960, height: 742 });
    // Never lower than the page's least height.
    windowOf(1280, 300);
    expect(expectedStageSize(store)!.height).toBe(360);
    // Unreadable: estimated.
    store.setItem(STAGE_KEY, "{not json");
    windowOf(360, 740);
    expect(expectedStageSize(store)).toEqual({ width: 360, height: 682 });
  });
});

describe("the first questions of /map", () => {
  it("asks for the user's things, then for the things of the view fitted to them, as the page will", () => {
    windowOf(360, 740);
    const { ask, asked, answer } = recordingAsk();
    preloadMapData({ ask, params: {}, search: new URLSearchParams(), signedIn: true });
    expect(asked.map((a) => a.name)).toEqual(["MapMyThings"]);
    answer(myThings([51.45, -0.97], [51.452, -0.968]));
    const size = expectedStageSize()!;
    const fitTo: [[number, number], [number, number]] = [
      [-0.97, 51.45],
      [-0.968, 51.452],
    ];
    const view = openingView(pageInitialView(""), fitTo, size);
    const area = thingsArea(screenBox(view), view.zoom);
    expect(asked.map((a) => a.name)).toEqual(["MapMyThings", "MapThingsInView"]);
    expect(asked[1].variables).toEqual(area);
    expect(preloadedArea()).toEqual(area);
  });

  it("asks at once for a guest, and for a view given in the address; nothing with the things layer off", () => {
    windowOf(360, 740);
    const size = expectedStageSize()!;
    const guest = recordingAsk();
    preloadMapData({ ask: guest.ask, params: {}, search: new URLSearchParams(), signedIn: false });
    const reading = openingView(pageInitialView(""), null, size);
    expect(guest.asked).toEqual([{ name: "MapThingsInView", variables: thingsArea(screenBox(reading), reading.zoom) }]);

    const there = recordingAsk();
    const search = new URLSearchParams("lat=52.52&lng=13.4&zoom=14");
    preloadMapData({ ask: there.ask, params: {}, search, signedIn: true });
    const berlin = openingView(pageInitialView("?lat=52.52&lng=13.4&zoom=14"), null, size);
    expect(there.asked.map((a) => a.name).sort()).toEqual(["MapMyThings", "MapThingsInView"]);
    expect(there.asked.find((a) => a.name === "MapThingsInView")!.variables).toEqual(thingsArea(screenBox(berlin), 14));
    // The user's things answer later: the address's view stays.
    there.answer(myThings([51.45, -0.97]));
    expect(there.asked).toHaveLength(2);

    window.localStorage.setItem(MAP_PREFS_KEY, JSON.stringify({ basemap: null, overlays: { things: false } }));
    const off = recordingAsk();
    preloadMapData({ ask: off.ask, params: {}, search: new URLSearchParams(), signedIn: false });
    expect(off.asked).toEqual([]);
  });

  it("takes the area asked already only when it covers the measured one at the same zoom", () => {
    const asked = { west: -1, south: 51, east: 0, north: 52, zoom: 12 };
    expect(coveringArea({ west: -0.9, south: 51.1, east: -0.1, north: 51.9, zoom: 12 }, asked)).toBe(asked);
    expect(coveringArea({ ...asked }, asked)).toBe(asked);
    const wider = { west: -1.1, south: 51, east: 0, north: 52, zoom: 12 };
    expect(coveringArea(wider, asked)).toBe(wider);
    const closer = { west: -0.9, south: 51.1, east: -0.1, north: 51.9, zoom: 13 };
    expect(coveringArea(closer, asked)).toBe(closer);
    expect(coveringArea(null, asked)).toBeNull();
    expect(coveringArea(wider, null)).toBe(wider);
  });
});
