// /map: its pure helpers (things, boxes, station circles, soil colours, the address's view) and
// the layer panel (keyboard-usable radios and checkboxes, statuses, legends).
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { basemapSettings } from "../../components/environment/map-styles.ts";
import { LayerPanel } from "./LayerPanel.tsx";
import {
  boundsOf,
  clusterLabel,
  clusterSize,
  clusterZoom,
  EMPTY_STATUS,
  mapThings,
  myThingsBounds,
  snapBox,
  soilClasses,
  soilColour,
  soilColourExpression,
  soilscapeFromProperties,
  stationSearch,
  stationSearchChanged,
  thingsArea,
  viewBeyondStations,
  viewFromSearch,
} from "./map-data.ts";
import { thingTypeLabel } from "../../lib/thing-types.ts";
import styles from "./map.module.css";

describe("map data", () => {
  it("takes the clusters and things of the answer that the map can place", () => {
    const answer = mapThings({
      thingsInView: {
        total: 61,
        truncated: false,
        clusters: [
          { count: 57, needsWater: 4, latitude: 51.45, longitude: -0.97 },
          { count: 2, needsWater: 0, latitude: 95, longitude: 0 },
          null,
        ],
        things: [
          {
            id: "a",
            name: "Mine",
            type: "PLANTER",
            isPublic: false,
            indicatorColour: "red",
            waterNeed: "NEEDS_WATER",
            latitude: 51.45,
            longitude: -0.97,
          },
          { id: "c", name: "Nowhere", type: "TREE", isPublic: true, indicatorColour: null, waterNeed: "FINE", latitude: 0, longitude: 200 },
        ],
      },
    });
    expect(answer).toMatchObject({ total: 61, truncated: false });
    expect(answer!.clusters).toEqual([{ count: 57, needsWater: 4, latitude: 51.45, longitude: -0.97 }]);
    expect(answer!.things.map((t) => t.id)).toEqual(["a"]);
    expect(mapThings({ thingsInView: { total: 0, truncated: false, clusters: [], things: [] } })).toEqual({
      things: [],
      clusters: [],
      total: 0,
      truncated: false,
    });
    expect(mapThings(undefined)).toBeNull();
    expect(mapThings({ thingsInView: null })).toBeNull();
  });

  it("labels, sizes and opens clusters", () => {
    expect([2, 999, 1000, 1234, 9999, 12_345, 100_000].map(clusterLabel)).toEqual(["2", "999", "1k", "1.2k", "9.9k", "12k", "100k"]);
    expect(clusterSize(2)).toBeGreaterThanOrEqual(30);
    expect(clusterSize(1000)).toBeGreaterThan(clusterSize(10));
    expect(clusterSize(10_000_000)).toBe(56);
    // Two levels closer, up to 15, past street zoom (14) where every thing is drawn on its own;
    // a crowd clustered at street zoom opens two levels closer again, up to the map's closest (20).
    expect(clusterZoom(9.4)).toBeCloseTo(11.4);
    expect(clusterZoom(13.5)).toBe(15);
    expect(clusterZoom(15)).toBe(17);
    expect(clusterZoom(19.2)).toBe(20);
  });

  it("asks for things by the cells in view, the same question for a small pan", () => {
    const view = { south: 51.42, west: -1.02, north: 51.48, east: -0.93 };
    const area = thingsArea(view, 12.6)!;
    expect(area.zoom).toBe(12);
    // Whole cells: the area holds the view, and not much more (a cell at zoom 12 is < 0.04 degrees).
    expect(area.west).toBeLessThanOrEqual(view.west);
    expect(area.east).toBeGreaterThanOrEqual(view.east);
    expect(area.south).toBeLessThanOrEqual(view.south);
    expect(area.north).toBeGreaterThanOrEqual(view.north);
    expect(view.west - area.west).toBeLessThan(0.04);
    expect(area.north - view.north).toBeLessThan(0.04);
    // The bounds lie inside the cells' edges, so asking for the area again names the same cells.
    expect(thingsArea(area, 12)).toEqual(area);
    expect(thingsArea({ south: 51.4201, west: -1.0199, north: 51.4801, east: -0.9301 }, 12.1)).toEqual(area);
    // A different zoom level is a different grid.
    expect(thingsArea(view, 13)).not.toEqual(area);
  });

  it("keeps the area on the map: world copies move back, the poles and the 180th meridian cut it", () => {
    const home = thingsArea({ south: 51.42, west: -1.02, north: 51.48, east: -0.93 }, 12)!;
    expect(thingsArea({ south: 51.42, west: 358.98, north: 51.48, east: 359.07 }, 12)).toEqual(home);
    const world = thingsArea({ south: -89, west: -250, north: 89, east: 250 }, 0.5)!;
    expect(world.zoom).toBe(0);
    expect(world.west).toBeGreaterThanOrEqual(-180);
    expect(world.east).toBeLessThanOrEqual(180);
    expect(world.north).toBeLessThan(85.06);
    expect(world.south).toBeGreaterThan(-85.06);
    const across = thingsArea({ south: -41, west: 175, north: -40, east: 185 }, 7)!;
    expect(across.east).toBeLessThanOrEqual(180);
    expect(across.west).toBeLessThanOrEqual(175);
    expect(thingsArea({ south: 1, west: 5, north: 1, east: 6 }, 5)).toBeNull();
    expect(thingsArea({ south: 0, west: 5, north: 1, east: 6 }, Number.NaN)).toBeNull();
    // Beyond zoom 14 the cells stop shrinking (every thing is drawn on its own there).
    expect(thingsArea({ south: 51.45, west: -0.98, north: 51.4501, east: -0.9799 }, 22)!.zoom).toBe(22);
  });

  it("opens on the user's own things (owner or collaborator)", () => {
    const node = (isOwner: boolean, isCollaborator: boolean, x: number, y: number) => ({
      isOwner,
      isCollaborator,
      thingByThingId: { location: { x, y } },
    });
    expect(
      myThingsBounds({
        currentUser: {
          thingAccessesByUserId: {
            nodes: [
              node(true, true, 51.4, -1),
              node(false, true, 51.5, -0.9),
              node(false, false, 60, 10),
              null,
              { isOwner: true, isCollaborator: true, thingByThingId: null },
            ],
          },
        },
      }),
    ).toEqual([
      [-1, 51.4],
      [-0.9, 51.5],
    ]);
    expect(myThingsBounds({ currentUser: null })).toBeNull();
    expect(myThingsBounds(undefined)).toBeNull();
  });

  it("names thing types", () => {
    expect(thingTypeLabel("PLANTER")).toBe("Planter");
    expect(thingTypeLabel("BEECAFE")).toBe("Bee cafe");
    expect(thingTypeLabel("VEGETABLEBED")).toBe("Vegetable bed");
    expect(thingTypeLabel(null)).toBe("Unknown type");
  });

  it("finds the bounds of points", () => {
    expect(boundsOf([])).toBeNull();
    expect(
      boundsOf([
        { latitude: 51.4, longitude: -1 },
        { latitude: 51.5, longitude: -0.9 },
      ]),
    ).toEqual([
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
    const soil = soilscapeFromProperties(
      { class_number: 18, name: "Slowly permeable", drains_to: "Local rivers", texture: "" },
      { isSample: true, attribution: "Sample" },
    );
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
    waterPoints: { ...EMPTY_STATUS, count: 2 },
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
        overlays={{ things: true, waterPoints: true, stations: true, soilscapes: true, bLines: false }}
        onOverlay={onOverlay}
        statuses={statuses}
        soilLegend={[{ classNumber: 6, name: "Freely draining slightly acid loamy soils", colour: "#8aa85a" }]}
        brand="steward"
        signedIn={false}
      />,
    );
    const basemap = screen.getByRole("group", { name: "Basemap" });
    expect(
      within(basemap)
        .getAllByRole("radio")
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(["terrain", "satellite", "topographic", "plain"]);
    expect((within(basemap).getByRole("radio", { name: /Terrain/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("status").textContent).toBe("Terrain could not be loaded: showing the built-in plain map.");
    fireEvent.click(within(basemap).getByRole("radio", { name: /Satellite/ }));
    expect(onBasemap).toHaveBeenCalledWith("satellite");

    expect(screen.getByText("3 shown in view")).toBeTruthy();
    expect(screen.getByText("Rainfall data is unavailable right now").className).toContain(styles.overlayUnavailable);
    expect(screen.getByText("1 area in view")).toBeTruthy();
    expect(screen.getByText("Hidden")).toBeTruthy();
    expect(
      within(screen.getByRole("list", { name: "Water need" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Needs water · Water it today",
      "Due soon · Will need water in a day or two",
      "Fine · Has enough water for now",
      "Unknown · Not enough known to say",
    ]);
    expect(screen.getByText("2 points in view")).toBeTruthy();
    expect(screen.getByRole("list", { name: "Soilscape classes in view" }).textContent).toContain(
      "Freely draining slightly acid loamy soils",
    );

    const bLines = screen.getByRole("checkbox", { name: /B-Lines/ });
    expect(bLines.getAttribute("aria-describedby")).toBeTruthy();
    fireEvent.click(bLines);
    expect(onOverlay).toHaveBeenCalledWith("bLines", true);
    fireEvent.click(screen.getByRole("checkbox", { name: /Things/ }));
    expect(onOverlay).toHaveBeenCalledWith("things", false);
  });
});
