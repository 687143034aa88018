// The first markers, drawn before maplibre loads (issue 21): Web Mercator as maplibre computes it,
// and MarkerPreview asking the map's own first question and placing its answer.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRef, type RefObject } from "react";
import { Client, Provider, type Exchange, type Operation } from "urql";
import { filter, fromValue, mergeMap, pipe } from "wonka";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfigProvider } from "../../lib/config-context.tsx";
import type { Data } from "../../test/fake-api.tsx";
import { TEST_CONFIG } from "../../test/helpers.tsx";
import { thingsArea, type ThingsArea } from "./map-data.ts";
import { FIT_MAX_ZOOM, FIT_PADDING } from "./first-view.ts";
import { MarkerPreview } from "./MarkerPreview.tsx";
import { fitView, latitudeOf, longitudeOf, screenBox, toScreen, worldX, worldY } from "./projection.ts";
import type { MapTimings } from "./use-map-debug.ts";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("Web Mercator", () => {
  it("puts the centre in the middle and moves 512 px per world at zoom 0", () => {
    const view = { latitude: 51.45, longitude: -0.97, zoom: 12, width: 800, height: 600 };
    expect(toScreen(view, 51.45, -0.97)).toEqual({ x: 400, y: 300 });
    // One tile width (512 px at zoom 0, so 512 * 2^12 px here) is 360 degrees of longitude.
    const east = toScreen(view, 51.45, -0.97 + 360 / 2 ** 12 / 4);
    expect(east.x).toBeCloseTo(400 + 128, 6);
    expect(east.y).toBeCloseTo(300, 6);
    // North is up.
    expect(toScreen(view, 51.46, -0.97).y).toBeLessThan(300);
  });

  it("inverts itself and gives the box around a view", () => {
    for (const lat of [-60, 0, 51.45, 85]) expect(latitudeOf(worldY(lat))).toBeCloseTo(lat, 9);
    for (const lon of [-180, -0.97, 13.4, 179]) expect(longitudeOf(worldX(lon))).toBeCloseTo(lon, 9);
    const view = { latitude: 52.52, longitude: 13.4, zoom: 15, width: 1024, height: 700 };
    const box = screenBox(view);
    const corner = toScreen(view, box.north, box.west);
    expect(corner.x).toBeCloseTo(0, 6);
    expect(corner.y).toBeCloseTo(0, 6);
    const other = toScreen(view, box.south, box.east);
    expect(other.x).toBeCloseTo(1024, 6);
    expect(other.y).toBeCloseTo(700, 6);
  });

  it("fits bounds with a padding, no closer than the closest zoom", () => {
    const size = { width: 800, height: 600 };
    const fit = fitView(
      [
        [-1.0, 51.4],
        [-0.9, 51.5],
      ],
      size,
      60,
      15,
    );
    const sw = toScreen(fit, 51.4, -1.0);
    const ne = toScreen(fit, 51.5, -0.9);
    // The taller side touches the padding; both corners are inside it.
    expect(Math.min(sw.x, ne.x)).toBeGreaterThanOrEqual(60 - 1e-6);
    expect(Math.max(sw.x, ne.x)).toBeLessThanOrEqual(740 + 1e-6);
    expect(ne.y).toBeCloseTo(60, 6);
    expect(sw.y).toBeCloseTo(540, 6);
    // One point: its place at the closest zoom.
    const one = fitView(
      [
        [-0.97, 51.45],
        [-0.97, 51.45],
      ],
      size,
      60,
      15,
    );
    expect(one.zoom).toBe(15);
    expect(one.latitude).toBeCloseTo(51.45, 9);
    expect(one.longitude).toBeCloseTo(-0.97, 9);
  });
});

type InViewThing = NonNullable<NonNullable<Data<"MapThingsInView">["thingsInView"]>["things"][number]>;

const thing = (id: string, name: string, waterNeed: InViewThing["waterNeed"], latitude: number, longitude: number): InViewThing => ({
  __typename: "MapThing",
  id,
  name,
  type: "PLANTER",
  indicatorColour: null,
  waterNeed,
  isPublic: true,
  latitude,
  longitude,
});

interface Shown {
  needsWaterOnly: boolean;
  fitTo: [[number, number], [number, number]] | null;
  waitForFit: boolean;
  firstArea?: ThingsArea | null;
}

function setup(first: Partial<Shown> = {}, size = { width: 800, height: 600 }) {
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({
    ...size,
    top: 0,
    left: 0,
    right: size.width,
    bottom: size.height,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  const operations: Operation[] = [];
  const exchange: Exchange = () => (ops$) =>
    pipe(
      ops$,
      filter((operation) => operation.kind !== "teardown"),
      mergeMap((operation) => {
        operations.push(operation);
        const data: Data<"MapThingsInView"> = {
          thingsInView: {
            __typename: "MapView",
            total: 4,
            truncated: false,
            clusters: [],
            things: [
              thing("t1", "Dry planter", "NEEDS_WATER", 51.45, -0.97),
              thing("t2", "Wet planter", "FINE", 51.451, -0.969),
              // Far outside the view (the API answers whole cells): not drawn.
              thing("t3", "Far planter", "FINE", 51.6, -0.5),
            ],
          },
        };
        return fromValue({ operation, data, stale: false, hasNext: false } as never);
      }),
    );
  const client = new Client({ url: "http://test/graphql", exchanges: [exchange] });
  const timings = createRef<MapTimings>() as RefObject<MapTimings>;
  timings.current = { loadedAt: null, thingsDrawnAt: null, idleAt: null };
  const onSelect = vi.fn();
  const onThingsInView = vi.fn();
  let shown: Shown = { needsWaterOnly: false, fitTo: null, waitForFit: false, ...first };
  const ui = () => (
    <ConfigProvider config={TEST_CONFIG}>
      <Provider value={client}>
        <MarkerPreview
          initialView={{ latitude: 51.45, longitude: -0.97, zoom: 15 }}
          fitTo={shown.fitTo}
          waitForFit={shown.waitForFit}
          firstArea={shown.firstArea}
          needsWaterOnly={shown.needsWaterOnly}
          selectedId={null}
          onSelect={onSelect}
          onThingsInView={onThingsInView}
          timings={timings}
        />
      </Provider>
    </ConfigProvider>
  );
  const rendered = render(ui());
  const rerender = (next: Partial<Shown>) => {
    shown = { ...shown, ...next };
    rendered.rerender(ui());
  };
  return { operations, timings, onSelect, onThingsInView, rerender };
}

describe("MarkerPreview", () => {
  it("asks for the cells the map will open on and places each thing where maplibre will", async () => {
    const { operations, timings, onThingsInView } = setup();
    const dry = await screen.findByRole("button", { name: /Dry planter.*needs water/i });
    // The map's first question, so its answer is in the cache when the map asks.
    const view = { latitude: 51.45, longitude: -0.97, zoom: 15, width: 800, height: 600 };
    expect(operations[0].variables).toEqual(thingsArea(screenBox(view), 15));
    expect(dry.parentElement!.style.transform).toBe("translate(400px, 300px) translate(-50%, -50%)");
    const wet = screen.getByRole("button", { name: /Wet planter/ });
    const at = toScreen(view, 51.451, -0.969);
    const [x, y] = /translate\(([-\d.]+)px, ([-\d.]+)px\)/.exec(wet.parentElement!.style.transform)!.slice(1).map(Number);
    expect(x).toBeCloseTo(at.x, 2);
    expect(y).toBeCloseTo(at.y, 2);
    expect(screen.queryByRole("button", { name: /Far planter/ })).toBeNull();
    // The list beside the map fills from the same answer.
    expect(onThingsInView).toHaveBeenLastCalledWith(
      expect.arrayContaining([expect.objectContaining({ id: "t1" }), expect.objectContaining({ id: "t2" })]),
    );
    // The first things on screen are stamped for the bench (on the next frame).
    await vi.waitFor(() => expect(timings.current.thingsDrawnAt).not.toBeNull());
  });

  it("shows only thirsty things under the needs-water filter, and a thing can be chosen", async () => {
    const { onSelect, rerender } = setup();
    await screen.findByRole("button", { name: /Wet planter/ });
    act(() => rerender({ needsWaterOnly: true }));
    expect(screen.queryByRole("button", { name: /Wet planter/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /Dry planter/ }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: "t1", name: "Dry planter" }));
  });

  it("waits for the user's own things instead of asking for the default place first", async () => {
    const { operations, rerender } = setup({ waitForFit: true });
    // The user's things are on their way: nothing is asked (an answer thrown away a moment later).
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(operations).toHaveLength(0);
    const fitTo: [[number, number], [number, number]] = [
      [-0.971, 51.449],
      [-0.968, 51.452],
    ];
    act(() => rerender({ fitTo, waitForFit: false }));
    await screen.findByRole("button", { name: /Dry planter/ });
    // Only the fitted view's question was asked (urql may send it more than once here).
    const fitted = fitView(fitTo, { width: 800, height: 600 }, FIT_PADDING, FIT_MAX_ZOOM);
    expect(operations.length).toBeGreaterThan(0);
    for (const operation of operations) expect(operation.variables).toEqual(thingsArea(screenBox(fitted), fitted.zoom));
  });

  it("asks the area asked before the page rendered when it covers its own, and its own otherwise", async () => {
    const view = { latitude: 51.45, longitude: -0.97, zoom: 15, width: 800, height: 600 };
    const own = thingsArea(screenBox(view), 15)!;
    // Asked for a slightly larger window (first-view.ts estimated the size): it covers this one.
    const larger = thingsArea(screenBox({ ...view, width: 900, height: 700 }), 15)!;
    const covered = setup({ firstArea: larger });
    await screen.findByRole("button", { name: /Dry planter/ });
    // (urql may send the same question more than once here.)
    expect(covered.operations.length).toBeGreaterThan(0);
    for (const operation of covered.operations) expect(operation.variables).toEqual(larger);
    cleanup();
    vi.restoreAllMocks();
    // Asked for a smaller one: the page asks its own.
    const smaller = thingsArea(screenBox({ ...view, width: 300, height: 300 }), 15)!;
    expect(smaller).not.toEqual(own);
    const uncovered = setup({ firstArea: smaller });
    await screen.findByRole("button", { name: /Dry planter/ });
    expect(uncovered.operations.length).toBeGreaterThan(0);
    for (const operation of uncovered.operations) expect(operation.variables).toEqual(own);
  });
});
