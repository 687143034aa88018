// /map: its pure helpers (things, boxes, station circles, soil colours, the address's view) and
// the layer panel (keyboard-usable radios and checkboxes, statuses, legends).
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { basemapSettings } from "../../components/environment/map-styles.ts";
import { LayerPanel } from "./LayerPanel.tsx";
import {
  boundsOf,
  EMPTY_STATUS,
  mapThings,
  snapBox,
  soilClasses,
  soilColour,
  soilColourExpression,
  soilscapeFromProperties,
  stationSearch,
  stationSearchChanged,
  thingTypeLabel,
  viewBeyondStations,
  viewFromSearch,
} from "./map-data.ts";

afterEach(() => cleanup());

describe("map data", () => {
  it("takes the things with a usable location, marking the user's own", () => {
    const { things, total } = mapThings({
      allThings: {
        totalCount: 3,
        nodes: [
          { id: "a", name: "Mine", type: "PLANTER", isPublic: false, indicatorColour: "red", canRecordAction: true, location: { x: 51.45, y: -0.97 } },
          { id: "b", name: "Theirs", type: "TREE", isPublic: true, indicatorColour: null, canRecordAction: false, location: { x: 51.46, y: -0.98 } },
          { id: "c", name: "Nowhere", type: "TREE", isPublic: true, indicatorColour: null, location: { x: 95, y: 0 } },
        ],
      },
    });
    expect(total).toBe(3);
    expect(things.map((t) => [t.id, t.mine])).toEqual([
      ["a", true],
      ["b", false],
    ]);
    expect(mapThings({ allPublicThings: { totalCount: 0, nodes: [] } }).things).toEqual([]);
    expect(mapThings(undefined)).toEqual({ things: [], total: 0 });
  });

  it("names thing types", () => {
    expect(thingTypeLabel("PLANTER")).toBe("Planter");
    expect(thingTypeLabel("BEECAFE")).toBe("Bee cafe");
    expect(thingTypeLabel("VEGETABLEBED")).toBe("Vegetable bed");
    expect(thingTypeLabel(null)).toBe("Unknown type");
  });

  it("finds the bounds of points", () => {
    expect(boundsOf([])).toBeNull();
    expect(boundsOf([{ latitude: 51.4, longitude: -1 }, { latitude: 51.5, longitude: -0.9 }])).toEqual([
      [-1, 51.4],
      [-0.9, 51.5],
    ]);
  });

  it("grows the view to a grid so small pans ask the same question", () => {
    const a = snapBox({ south: 51.42, west: -1.02, north: 51.48, east: -0.93 });
    const b = snapBox({ south: 51.421, west: -1.019, north: 51.481, east: -0.931 });
    expect(a).toEqual(b);
    expect(a.south).toBeLessThanOrEqual(51.42);
    expect(a.north).toBeGreaterThanOrEqual(51.48);
    const world = snapBox({ south: -85, west: -180, north: 85, east: 180 });
    expect(world).toEqual({ south: -90, west: -180, north: 90, east: 180 });
  });

  it("asks for rain gauges around the view's centre, at most 50 km out", () => {
    const near = stationSearch({ south: 51.42, west: -1.02, north: 51.48, east: -0.93 });
    expect(near).toMatchObject({ x: 51.45, y: -0.975 });
    expect(near.dist).toBeGreaterThan(2);
    expect(near.dist).toBeLessThan(10);
    const far = stationSearch({ south: 49, west: -6, north: 56, east: 2 });
    expect(far.dist).toBe(50);
    expect(viewBeyondStations({ south: 49, west: -6, north: 56, east: 2 })).toBe(true);
    expect(stationSearchChanged(null, near)).toBe(true);
    expect(stationSearchChanged(near, { ...near, x: near.x + 0.0005 })).toBe(false);
    expect(stationSearchChanged(near, { ...near, x: near.x + 0.2 })).toBe(true);
    expect(stationSearchChanged(near, { ...near, dist: near.dist * 3 })).toBe(true);
  });

  it("colours soilscape classes and reads their properties", () => {
    expect(soilColour(1)).not.toBe(soilColour(2));
    expect(soilColour(99)).toBe(soilColour(null));
    const expression = soilColourExpression();
    expect(expression[0]).toBe("match");
    expect(expression).toHaveLength(2 + 27 * 2 + 1);
    const soil = soilscapeFromProperties({ class_number: 18, name: "Slowly permeable", drains_to: "Local rivers", texture: "" }, { isSample: true, attribution: "Sample" });
    expect(soil).toMatchObject({ classNumber: 18, name: "Slowly permeable", drainsTo: "Local rivers", texture: null, isSample: true });
    expect(
      soilClasses({
        type: "FeatureCollection",
        features: [
          { type: "Feature", properties: { class_number: 20, name: "B" }, geometry: null },
          { type: "Feature", properties: { class_number: 6, name: "A" }, geometry: null },
          { type: "Feature", properties: { class_number: 20, name: "B" }, geometry: null },
        ],
      }).map((c) => c.classNumber),
    ).toEqual([6, 20]);
  });

  it("reads the view from the address", () => {
    expect(viewFromSearch("?lat=51.45&lng=-0.97&zoom=15")).toEqual({ latitude: 51.45, longitude: -0.97, zoom: 15 });
    expect(viewFromSearch("?lat=51.45&lon=-0.97")).toEqual({ latitude: 51.45, longitude: -0.97, zoom: null });
    expect(viewFromSearch("?lat=100&lng=0")).toBeNull();
    expect(viewFromSearch("?lat=51.45")).toBeNull();
    expect(viewFromSearch("")).toBeNull();
  });
});

describe("LayerPanel", () => {
  const { basemaps } = basemapSettings(undefined);
  const statuses = {
    things: { ...EMPTY_STATUS, count: 3 },
    stations: { ...EMPTY_STATUS, error: "Rainfall data is unavailable right now", unavailable: true },
    soilscapes: { ...EMPTY_STATUS, count: 1, note: "Sample data" },
    bLines: EMPTY_STATUS,
  };

  it("switches basemaps and layers, and shows what each layer holds", () => {
    const onBasemap = vi.fn();
    const onOverlay = vi.fn();
    render(
      <LayerPanel
        basemaps={basemaps}
        basemap="terrain"
        basemapStatus="unavailable"
        onBasemap={onBasemap}
        overlays={{ things: true, stations: true, soilscapes: true, bLines: false }}
        onOverlay={onOverlay}
        statuses={statuses}
        soilLegend={[{ classNumber: 6, name: "Freely draining slightly acid loamy soils", colour: "#8aa85a" }]}
        thingsLabel="Things"
        signedIn={false}
      />,
    );
    const basemap = screen.getByRole("group", { name: "Basemap" });
    expect(within(basemap).getAllByRole("radio").map((r) => (r as HTMLInputElement).value)).toEqual(["terrain", "satellite", "topographic", "plain"]);
    expect((within(basemap).getByRole("radio", { name: /Terrain/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("status").textContent).toBe("Terrain could not be loaded: showing the built-in plain map.");
    fireEvent.click(within(basemap).getByRole("radio", { name: /Satellite/ }));
    expect(onBasemap).toHaveBeenCalledWith("satellite");

    expect(screen.getByText("3 shown in view")).toBeTruthy();
    expect(screen.getByText("Rainfall data is unavailable right now").className).toContain("map-overlay-unavailable");
    expect(screen.getByText("1 area in view")).toBeTruthy();
    expect(screen.getByText("Hidden")).toBeTruthy();
    expect(within(screen.getByRole("list", { name: "Indicator colours" })).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Too wet",
      "Moist",
      "Needs water",
      "Too dry",
      "Unknown",
    ]);
    expect(screen.getByRole("list", { name: "Soilscape classes in view" }).textContent).toContain("Freely draining slightly acid loamy soils");

    const bLines = screen.getByRole("checkbox", { name: /B-Lines/ });
    expect(bLines.getAttribute("aria-describedby")).toBeTruthy();
    fireEvent.click(bLines);
    expect(onOverlay).toHaveBeenCalledWith("bLines", true);
    fireEvent.click(screen.getByRole("checkbox", { name: /Things/ }));
    expect(onOverlay).toHaveBeenCalledWith("things", false);
  });
});
