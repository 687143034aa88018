// The view /map opens on, worked out before the page has rendered (issue 27), so the first
// markers' question (MapThingsInView) goes out with the page's code instead of after its first
// render: on a slow phone that render is the longest task of the load, and the list beside the
// map (the largest paint) waits for that answer.
//
// The view needs the map's size in pixels. The page's own measurement is kept on the device per
// window size (a returning visitor's is exact); on a first visit it is estimated from the window
// as the page lays itself out (the list beside the map from 720 px wide, the header above). The
// page's MarkerPreview then takes the asked area when it covers its own (same zoom, no smaller),
// and otherwise asks its own: an estimate a few pixels off costs nothing but the head start.
import { loadMapPrefs } from "../../components/environment/map-prefs.ts";
import { DEFAULT_CENTRE, type Coordinates } from "../../lib/coordinates.ts";
import type { Ask, FirstData } from "../../lib/first-data.ts";
import type { Client } from "@urql/core";
import { mapThings, myThingsBounds, thingsArea, viewFromSearch, type MapThing, type ThingsArea } from "./map-data.ts";
import { MapMyThingsDocument as MapMyThings } from "./MapMyThings.generated.ts";
import { MapThingsInViewDocument as MapThingsInView } from "./MapThingsInView.generated.ts";
import { fitView, screenBox, type ScreenView } from "./projection.ts";

/** How the map opens on the user's things (fitBounds's padding and closest zoom). */
export const FIT_PADDING = 60;
export const FIT_MAX_ZOOM = 15;

/** Where /map opens without the user's things: the address's view, or Reading. */
export function pageInitialView(search: string): Coordinates & { zoom: number } {
  const urlView = viewFromSearch(search);
  return urlView ? { latitude: urlView.latitude, longitude: urlView.longitude, zoom: urlView.zoom ?? 15 } : { ...DEFAULT_CENTRE, zoom: 12 };
}

export interface StageSize {
  width: number;
  height: number;
}

/** The view the first markers are drawn in: the user's things fitted in, or the initial view. */
export function openingView(
  initialView: Coordinates & { zoom: number },
  fitTo: [[number, number], [number, number]] | null,
  size: StageSize,
): ScreenView {
  return fitTo ? fitView(fitTo, size, FIT_PADDING, FIT_MAX_ZOOM) : { ...initialView, ...size };
}

//------------------------------------------------------------------------------------------
// The map's size, kept per window size.

export const STAGE_KEY = "steward.map.stage";
/** Where the list moves beside the map (map-hooks.ts, NARROW) and how wide it is (map.module.css, .careSide). */
const NARROW_MAX = 720;
const SIDE_LIST = 320;
/** The header's height on a first visit (a phone's: brand and menu button on one row). */
const HEADER_GUESS = 58;
/** The page is never lower than this (MapPage, useFillHeight). */
const MIN_PAGE_HEIGHT = 360;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Keeps the map's measured size for the next visit in a window of this size. */
export function keepStageSize(size: StageSize, store = storage()): void {
  if (!store || typeof window === "undefined") return;
  try {
    const kept = { window: [window.innerWidth, window.innerHeight], width: Math.round(size.width), height: Math.round(size.height) };
    if (store.getItem(STAGE_KEY) !== JSON.stringify(kept)) store.setItem(STAGE_KEY, JSON.stringify(kept));
  } catch {
    // A full or blocked storage: the next visit estimates again.
  }
}

/** The map's size in this window: as measured last time in a window this size, or estimated. */
export function expectedStageSize(store = storage()): StageSize | null {
  if (typeof window === "undefined" || !(window.innerWidth > 0 && window.innerHeight > 0)) return null;
  try {
    const kept = JSON.parse(store?.getItem(STAGE_KEY) ?? "null") as { window?: unknown; width?: unknown; height?: unknown } | null;
    if (
      kept &&
      Array.isArray(kept.window) &&
      kept.window[0] === window.innerWidth &&
      kept.window[1] === window.innerHeight &&
      typeof kept.width === "number" &&
      typeof kept.height === "number" &&
      kept.width > 0 &&
      kept.height > 0
    ) {
      return { width: kept.width, height: kept.height };
    }
  } catch {
    // Unreadable: estimated below.
  }
  const width = window.innerWidth > NARROW_MAX ? window.innerWidth - SIDE_LIST : window.innerWidth;
  return { width, height: Math.max(MIN_PAGE_HEIGHT, window.innerHeight - HEADER_GUESS) };
}

//------------------------------------------------------------------------------------------
// The first question, asked before the render.

let asked: ThingsArea | null = null;

/** The area asked before the first render, if any (MarkerPreview takes it when it covers its own). */
export function preloadedArea(): ThingsArea | null {
  return asked;
}

/** The area to ask: the one already asked when it covers this one at the same zoom, else this one. */
export function coveringArea(area: ThingsArea | null, already: ThingsArea | null): ThingsArea | null {
  if (!area || !already) return area;
  const covers =
    already.zoom === area.zoom &&
    already.west <= area.west &&
    already.east >= area.east &&
    already.south <= area.south &&
    already.north >= area.north;
  return covers ? already : area;
}

/** The things of the area asked before the render, if the cache has them already (no request). */
export function firstThingsInView(client: Client, area: ThingsArea | null): MapThing[] | null {
  if (!area) return null;
  return mapThings(client.readQuery(MapThingsInView, area)?.data)?.things ?? null;
}

function askThings(ask: Ask, view: ScreenView): void {
  const area = thingsArea(screenBox(view), view.zoom);
  if (!area) return;
  asked = area;
  ask(MapThingsInView, area);
}

/**
 * /map's first data: the user's own things (where the map opens) and then the things of that
 * view, as MarkerPreview would ask them once rendered. Nothing when the things layer is off.
 */
export function preloadMapData({ ask, signedIn, search }: FirstData): void {
  const address = `?${search.toString()}`;
  const urlView = viewFromSearch(address);
  const size = loadMapPrefs().overlays.things ? expectedStageSize() : null;
  const opensOn = (fitTo: [[number, number], [number, number]] | null) => {
    if (size) askThings(ask, openingView(pageInitialView(address), fitTo, size));
  };
  // Without the user's things to fit (a guest, or a view in the address) the view is known now.
  if (!signedIn || urlView) opensOn(null);
  // Signed in, the map opens on the user's things: the first answer that has them (a kept copy
  // too, as MapPage opens on it) decides the view.
  if (signedIn) ask(MapMyThings, {}, urlView ? undefined : (answer) => opensOn(myThingsBounds(answer.data)));
}
