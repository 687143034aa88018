// Pure helpers of /map: the things it shows (clusters and things of the visible area), the boxes
// and circles its layers are asked for, the soilscape colours, and the view given in the address
// (?lat=&lng=&zoom=). No map library here.
import type { SoilscapeData } from "../../components/environment/SoilscapePanel.tsx";
import { isFiniteNumber, type Coordinates } from "../../lib/coordinates.ts";
import type { OverlayId } from "../../components/environment/map-prefs.ts";
import { latitudeOf, longitudeOf, MAX_LATITUDE, worldX, worldY } from "./projection.ts";

export interface MapThing {
  id: string;
  name: string;
  type: string;
  isPublic: boolean;
  indicatorColour: string | null;
  /** NEEDS_WATER, DUE_SOON, FINE or UNKNOWN (water-need.ts). */
  waterNeed: string;
  latitude: number;
  longitude: number;
}

/** What the map needs of a thing to show its card: where it is and its name. */
export type PlacedThing = Pick<MapThing, "id" | "name" | "latitude" | "longitude">;

/** Things close together at this zoom, drawn as one circle with their number. */
export interface MapCluster {
  count: number;
  /** How many of them need water now. */
  needsWater: number;
  latitude: number;
  longitude: number;
}

export interface MapViewData {
  thingsInView?: {
    total: number;
    truncated: boolean;
    clusters: (MapCluster | null)[];
    things: (MapThing | null)[];
  } | null;
}

export interface MapThings {
  things: MapThing[];
  clusters: MapCluster[];
  /** Visible things in the cells asked for (the clusters' counts plus the things). */
  total: number;
  /** Things were left out (more than the API sends one by one). */
  truncated: boolean;
}

const usable = (p: { latitude: unknown; longitude: unknown } | null): boolean =>
  !!p && isFiniteNumber(p.latitude) && isFiniteNumber(p.longitude) && Math.abs(p.latitude) <= 90 && Math.abs(p.longitude) <= 180;

/** The thingsInView answer, with only the entries the map can place; null before any answer. */
export function mapThings(data: MapViewData | undefined | null): MapThings | null {
  const view = data?.thingsInView;
  if (!view) return null;
  const things = (view.things ?? []).filter((t): t is MapThing => usable(t));
  const clusters = (view.clusters ?? [])
    .filter((c): c is MapCluster => usable(c) && isFiniteNumber(c!.count) && c!.count > 0)
    .map((c) => ({ ...c, needsWater: isFiniteNumber(c.needsWater) ? c.needsWater : 0 }));
  return { things, clusters, total: view.total ?? 0, truncated: view.truncated === true };
}

/** "57", "1.2k", "12k": a cluster's label. */
export function clusterLabel(count: number): string {
  if (count < 1000) return String(count);
  if (count < 10_000) return `${(Math.floor(count / 100) / 10).toString()}k`;
  return `${Math.floor(count / 1000)}k`;
}

/** A cluster circle's diameter in pixels: larger for more things, within 30 to 56. */
export function clusterSize(count: number): number {
  return Math.round(Math.min(56, 30 + 6 * Math.log10(Math.max(1, count))));
}

/** The closest the map zooms. */
export const MAX_MAP_ZOOM = 20;

/**
 * The zoom a click on a cluster goes to: two levels closer, up to where each thing is drawn
 * (street zoom); from there on only a crowd is clustered (more than 200 things in view), and a
 * click goes two levels closer again, up to the map's closest.
 */
export function clusterZoom(zoom: number): number {
  return zoom < CLUSTERLESS_ZOOM ? Math.min(zoom + 2, CLUSTERLESS_ZOOM + 1) : Math.min(zoom + 2, MAX_MAP_ZOOM);
}

//------------------------------------------------------------------------------------------
// The area things are asked for (thingsInView). The API groups things on the Web Mercator grid
// of cells 64 to 128 pixels wide (level = zoom + 2) and answers whole cells; asking for exactly
// the cells in view makes every small pan within them the same question.

/** From this zoom on (street zoom), the API draws every thing on its own, unless more than 200 are in view (a crowd is clustered). */
export const CLUSTERLESS_ZOOM = 14;
const round7 = (v: number) => Math.round(v * 1e7) / 1e7;

export interface ThingsArea {
  west: number;
  south: number;
  east: number;
  north: number;
  zoom: number;
}

/**
 * The question for the things of a view: the cells it touches (each bound a hair inside its
 * cell's edge, so the API lands on the same cells) and the whole zoom level. A view on a copy of
 * the world beyond 180 degrees is moved back; the part of a view across the 180th meridian is left
 * out. Null when nothing of the view is on the map.
 */
export function thingsArea(view: Box, zoom: number): ThingsArea | null {
  if (![view.west, view.east, view.south, view.north, zoom].every(isFiniteNumber)) return null;
  const shift = Math.round((view.west + view.east) / 2 / 360) * 360;
  const west = Math.max(-180, view.west - shift);
  const east = Math.min(180, view.east - shift);
  const south = Math.max(-MAX_LATITUDE, view.south);
  const north = Math.min(MAX_LATITUDE, view.north);
  if (!(west < east && south < north)) return null;
  const z = Math.max(0, Math.min(24, Math.floor(zoom)));
  const n = 2 ** (Math.min(z, CLUSTERLESS_ZOOM) + 2);
  const cell = (w: number) => Math.min(n - 1, Math.max(0, Math.floor(w * n)));
  const x0 = cell(worldX(west));
  const x1 = cell(worldX(east));
  const y0 = cell(worldY(north));
  const y1 = cell(worldY(south));
  return {
    west: round7(longitudeOf((x0 + 0.01) / n)),
    east: round7(longitudeOf((x1 + 0.99) / n)),
    north: round7(latitudeOf((y0 + 0.01) / n)),
    south: round7(latitudeOf((y1 + 0.99) / n)),
    zoom: z,
  };
}

/** Owner or collaborator access entries of the signed-in user (MapMyThings). */
export interface MyThingsData {
  currentUser?: {
    thingAccessesByUserId?: {
      nodes: ({ isOwner: boolean; isCollaborator: boolean; thingByThingId: { location: { x: number; y: number } | null } | null } | null)[];
    } | null;
  } | null;
}

/** Where the user's own things are (owner or collaborator), for the map to open on. */
export function myThingsBounds(data: MyThingsData | undefined | null): [[number, number], [number, number]] | null {
  const points: Coordinates[] = [];
  for (const access of data?.currentUser?.thingAccessesByUserId?.nodes ?? []) {
    const at = access?.thingByThingId?.location;
    if (!access || !(access.isOwner || access.isCollaborator) || !at) continue;
    const point = { latitude: at.x, longitude: at.y };
    if (usable(point)) points.push(point);
  }
  return boundsOf(points);
}

/** [[west, south], [east, north]] around the points, or null without points. */
export function boundsOf(points: readonly Coordinates[]): [[number, number], [number, number]] | null {
  if (points.length === 0) return null;
  let south = 90;
  let north = -90;
  let west = 180;
  let east = -180;
  for (const p of points) {
    south = Math.min(south, p.latitude);
    north = Math.max(north, p.latitude);
    west = Math.min(west, p.longitude);
    east = Math.max(east, p.longitude);
  }
  return [
    [west, south],
    [east, north],
  ];
}

export interface Box {
  south: number;
  west: number;
  north: number;
  east: number;
}

const STEPS = [0.02, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 45, 90];

/**
 * The box the polygon layers are asked for: the view grown to a grid (a step of about half the
 * view's size), so small pans ask the same question again and the answer comes from the cache.
 */
export function snapBox(view: Box): Box {
  const span = Math.max(view.north - view.south, view.east - view.west, 0.001);
  const step = STEPS.find((s) => s >= span / 2) ?? 90;
  const down = (v: number) => Math.floor(v / step) * step;
  const up = (v: number) => Math.ceil(v / step) * step;
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return {
    south: round(Math.max(-90, down(view.south))),
    west: round(Math.max(-180, down(view.west))),
    north: round(Math.min(90, up(view.north))),
    east: round(Math.min(180, up(view.east))),
  };
}

export interface StationSearch {
  x: number;
  y: number;
  dist: number;
}

/**
 * Rough kilometres across the view, only to size the rain-gauge search (how far to ask, whether the
 * map moved enough to ask again). Nothing shown to anyone comes from it: distances on screen are
 * the API's (app_hidden.distance_km / distance_metres in the database). An equirectangular
 * estimate is enough here (views are at most ~100 km across when stations are asked for).
 */
function roughKm(a: Coordinates, b: Coordinates): number {
  const kmPerDegree = 111.32;
  const dy = (b.latitude - a.latitude) * kmPerDegree;
  const dx = (b.longitude - a.longitude) * kmPerDegree * Math.cos((((a.latitude + b.latitude) / 2) * Math.PI) / 180);
  return Math.hypot(dx, dy);
}

/** The API's limit on rainfallStations' distance. */
export const MAX_STATION_KM = 50;

/** The circle asked for rain gauges: the view's centre, out to its corners (at most 50 km). */
export function stationSearch(view: Box): StationSearch {
  const centre = { latitude: (view.south + view.north) / 2, longitude: (view.west + view.east) / 2 };
  const corner = roughKm(centre, { latitude: view.north, longitude: view.east });
  const dist = Math.min(MAX_STATION_KM, Math.max(2, Math.ceil(corner)));
  return { x: Math.round(centre.latitude * 1000) / 1000, y: Math.round(centre.longitude * 1000) / 1000, dist };
}

/** Whether a new circle is worth asking for (the centre moved a good part of the radius, or the size changed). */
export function stationSearchChanged(previous: StationSearch | null, next: StationSearch): boolean {
  if (!previous) return true;
  const moved = roughKm({ latitude: previous.x, longitude: previous.y }, { latitude: next.x, longitude: next.y });
  return moved > previous.dist * 0.3 || next.dist > previous.dist * 1.25 || next.dist < previous.dist * 0.5;
}

/** Whether the view is larger than the station search can cover. */
export function viewBeyondStations(view: Box): boolean {
  const centre = { latitude: (view.south + view.north) / 2, longitude: (view.west + view.east) / 2 };
  return roughKm(centre, { latitude: view.north, longitude: view.east }) > MAX_STATION_KM;
}

//------------------------------------------------------------------------------------------
// Soilscapes: one colour per class (1 to 27), earthy and distinct from the indicator colours.

export const SOIL_COLOURS: readonly string[] = [
  "#c9a66b",
  "#d9c27e",
  "#b5894f",
  "#e0b872",
  "#a3b565",
  "#8aa85a",
  "#c3c46f",
  "#9f8a5d",
  "#d1a07a",
  "#b67b56",
  "#a8916e",
  "#c7b08c",
  "#9aa27c",
  "#7f9a6c",
  "#b9a35e",
  "#8e7b5a",
  "#cfa58e",
  "#a86e4f",
  "#8c9a86",
  "#9fb3a0",
  "#7a8c6e",
  "#c2b497",
  "#6f8f7d",
  "#8d6e63",
  "#a58f86",
  "#6b5b4e",
  "#b0a089",
];
export const SOIL_UNKNOWN = "#b8ae98";

export function soilColour(classNumber: number | null | undefined): string {
  return isFiniteNumber(classNumber) && classNumber >= 1 && classNumber <= SOIL_COLOURS.length
    ? SOIL_COLOURS[classNumber - 1]
    : SOIL_UNKNOWN;
}

/** A maplibre expression colouring soilscape polygons by class_number. */
export function soilColourExpression(): unknown[] {
  const expression: unknown[] = ["match", ["to-number", ["get", "class_number"], 0]];
  for (const [i, colour] of SOIL_COLOURS.entries()) expression.push(i + 1, colour);
  expression.push(SOIL_UNKNOWN);
  return expression;
}

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const s = String(value).trim();
  return s === "" ? null : s;
}

/** A soilscape feature's properties (snake_case, as the layer stores them) as SoilscapeData. */
export function soilscapeFromProperties(
  props: Record<string, unknown> | null | undefined,
  layer: { attribution?: string | null; isSample?: boolean | null } = {},
): SoilscapeData {
  const p = props ?? {};
  const n = Number(p.class_number);
  return {
    classNumber: Number.isFinite(n) && p.class_number !== null && p.class_number !== undefined ? n : null,
    name: text(p.name) ?? "Unnamed soilscape",
    texture: text(p.texture),
    drainage: text(p.drainage),
    fertility: text(p.fertility),
    landcover: text(p.landcover),
    habitats: text(p.habitats),
    carbon: text(p.carbon),
    drainsTo: text(p.drains_to),
    waterProtection: text(p.water_protection),
    generalCropping: text(p.general_cropping),
    isSample: layer.isSample === true,
    attribution: layer.attribution ?? "",
    source: null,
  };
}

export interface LayerCollection {
  type: "FeatureCollection";
  features: { type: "Feature"; id?: number | string; properties: Record<string, unknown> | null; geometry: unknown }[];
  truncated?: boolean;
  attribution?: string | null;
  isSample?: boolean;
}

/** A GeoJSON layer answer, checked (the API sends JSON). */
export function asCollection(value: unknown): LayerCollection | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Partial<LayerCollection>;
  if (v.type !== "FeatureCollection" || !Array.isArray(v.features)) return null;
  return v as LayerCollection;
}

/** Classes present in a soilscape answer, for the legend (by class number). */
export function soilClasses(collection: LayerCollection | null): { classNumber: number | null; name: string; colour: string }[] {
  const seen = new Map<string, { classNumber: number | null; name: string; colour: string }>();
  for (const f of collection?.features ?? []) {
    const soil = soilscapeFromProperties(f.properties);
    const key = `${soil.classNumber ?? ""}|${soil.name}`;
    if (!seen.has(key)) seen.set(key, { classNumber: soil.classNumber, name: soil.name, colour: soilColour(soil.classNumber) });
  }
  return [...seen.values()].sort((a, b) => (a.classNumber ?? 99) - (b.classNumber ?? 99) || a.name.localeCompare(b.name));
}

//------------------------------------------------------------------------------------------
// The view in the address: /map?lat=51.45&lng=-0.97&zoom=15

export interface ViewParams {
  latitude: number;
  longitude: number;
  zoom: number | null;
}

export function viewFromSearch(search: string): ViewParams | null {
  const params = new URLSearchParams(search);
  const lat = Number(params.get("lat"));
  const lng = Number(params.get("lng") ?? params.get("lon"));
  if (!params.get("lat") || !(params.get("lng") ?? params.get("lon"))) return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  const zoomText = params.get("zoom");
  const zoom = zoomText === null ? null : Number(zoomText);
  return { latitude: lat, longitude: lng, zoom: zoom !== null && Number.isFinite(zoom) ? Math.min(20, Math.max(1, zoom)) : null };
}

//------------------------------------------------------------------------------------------
// What each overlay reports to the layer panel.

export interface OverlayStatus {
  /** Features shown. */
  count: number | null;
  loading: boolean;
  error: string | null;
  /** An error that is expected offline (a source out of reach with nothing saved): shown as a warning. */
  unavailable?: boolean;
  /** A short remark: "Sample data", "Zoom in to see all", a stale notice. */
  note: string | null;
  stale?: boolean;
}

export type OverlayStatuses = Record<OverlayId, OverlayStatus>;

export const EMPTY_STATUS: OverlayStatus = { count: null, loading: false, error: null, note: null };
