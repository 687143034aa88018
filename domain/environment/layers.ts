// Polygon layers (soilscapes, B-Lines) from GeoJSON into PostgreSQL: reading a FeatureCollection,
// reprojecting British National Grid (EPSG:27700) coordinates to WGS84, normalising the
// attributes, and replacing a layer in one transaction (scripts/import-soilscapes.ts,
// scripts/import-blines.ts). The database keeps each feature's WGS84 geometry for the map and each
// polygon as a native polygon (outer ring, GiST-indexed) with its holes, for point look-ups.
import proj4 from "proj4";
import type { Queryable } from "./cache.ts";
import { BLINES_ATTRIBUTION, SOILSCAPES_ATTRIBUTION } from "./settings.ts";

export type LayerName = "soilscapes" | "b_lines";
export type Crs = "EPSG:27700" | "EPSG:4326";

type Position = [number, number];
type Ring = Position[];

export interface LayerFeature {
  properties: Record<string, unknown>;
  geometry: { type: "Polygon"; coordinates: Ring[] } | { type: "MultiPolygon"; coordinates: Ring[][] };
}

export interface PreparedLayer {
  crs: Crs;
  features: LayerFeature[];
  /** Features left out: not a polygon, no usable ring, or coordinates out of range. */
  skipped: number;
}

export class LayerError extends Error {}

// British National Grid with the OSGB36 -> WGS84 seven-parameter Helmert shift (EPSG:27700 as
// published; accurate to a few metres, plenty for 1:250,000 soil maps and 3 km corridors).
const BNG =
  "+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy " +
  "+towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs";
const bngToWgs84 = proj4(BNG, "WGS84");

export function fromBng(easting: number, northing: number): Position {
  const [lon, lat] = bngToWgs84.forward([easting, northing]);
  return [lon, lat];
}

export function toBng(lon: number, lat: number): Position {
  const [e, n] = bngToWgs84.inverse([lon, lat]);
  return [e, n];
}

// GeoJSON as a file holds it: any member may be missing or of another type, so each is checked
// where it is read.
interface RawGeometry {
  type?: unknown;
  coordinates?: unknown;
  geometries?: unknown;
}
interface RawFeature {
  geometry?: RawGeometry | null;
  properties?: unknown;
}
interface RawCollection {
  type?: unknown;
  features?: unknown;
  crs?: { properties?: { name?: unknown; code?: unknown } | null } | null;
}

function firstPositions(geometry: RawGeometry | null | undefined, max = 50): number[][] {
  const out: number[][] = [];
  const walk = (c: unknown): void => {
    if (out.length >= max || !Array.isArray(c)) return;
    if (typeof c[0] === "number") out.push(c as number[]);
    else for (const x of c) walk(x);
  };
  walk(geometry?.coordinates);
  return out;
}

/** The file's CRS: what its `crs` member names, else guessed from the size of the coordinates. */
export function detectCrs(file: unknown): Crs {
  const collection = file as RawCollection | null | undefined;
  const name = String(collection?.crs?.properties?.name ?? collection?.crs?.properties?.code ?? "");
  if (/27700/.test(name)) return "EPSG:27700";
  if (/4326|CRS84/i.test(name)) return "EPSG:4326";
  const features: RawFeature[] = Array.isArray(collection?.features) ? collection.features.slice(0, 20) : [];
  for (const feature of features) {
    for (const [x, y] of firstPositions(feature?.geometry)) {
      if (Math.abs(x) > 180 || Math.abs(y) > 90) return "EPSG:27700";
    }
  }
  return "EPSG:4326";
}

const round7 = (x: number) => Math.round(x * 1e7) / 1e7;

function ring(raw: unknown, crs: Crs): Ring | null {
  if (!Array.isArray(raw)) return null;
  const out: Ring = [];
  for (const p of raw) {
    if (!Array.isArray(p) || typeof p[0] !== "number" || typeof p[1] !== "number" || !Number.isFinite(p[0]) || !Number.isFinite(p[1]))
      return null;
    const [lon, lat] = crs === "EPSG:27700" ? fromBng(p[0], p[1]) : [p[0], p[1]];
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
    const q: Position = [round7(lon), round7(lat)];
    const last = out[out.length - 1];
    if (!last || last[0] !== q[0] || last[1] !== q[1]) out.push(q);
  }
  if (out.length >= 2 && (out[0][0] !== out[out.length - 1][0] || out[0][1] !== out[out.length - 1][1])) out.push(out[0]);
  return out.length >= 4 ? out : null;
}

function polygon(raw: unknown, crs: Crs): Ring[] | null {
  if (!Array.isArray(raw) || raw.length === 0) return null;
  const outer = ring(raw[0], crs);
  if (!outer) return null;
  const holes = raw
    .slice(1)
    .map((r) => ring(r, crs))
    .filter((r): r is Ring => r !== null);
  return [outer, ...holes];
}

function geometry(raw: RawGeometry | null | undefined, crs: Crs): LayerFeature["geometry"] | null {
  if (raw?.type === "Polygon") {
    const p = polygon(raw.coordinates, crs);
    return p ? { type: "Polygon", coordinates: p } : null;
  }
  if (raw?.type === "MultiPolygon" && Array.isArray(raw.coordinates)) {
    const parts = raw.coordinates.map((c: unknown) => polygon(c, crs)).filter((p: Ring[] | null): p is Ring[] => p !== null);
    return parts.length ? { type: "MultiPolygon", coordinates: parts } : null;
  }
  if (raw?.type === "GeometryCollection" && Array.isArray(raw.geometries)) {
    const parts: Ring[][] = [];
    for (const g of raw.geometries as (RawGeometry | null)[]) {
      const p = geometry(g, crs);
      if (p?.type === "Polygon") parts.push(p.coordinates);
      else if (p?.type === "MultiPolygon") parts.push(...p.coordinates);
    }
    return parts.length ? { type: "MultiPolygon", coordinates: parts } : null;
  }
  return null;
}

//------------------------------------------------------------------------------------------
// Attributes

const squash = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, "");

function pick(props: Record<string, unknown>, aliases: string[]): unknown {
  const byKey = new Map(Object.entries(props).map(([k, v]) => [squash(k), v]));
  for (const alias of aliases) {
    const v = byKey.get(alias);
    if (v !== undefined && v !== null && !(typeof v === "string" && v.trim() === "")) return v;
  }
  return undefined;
}

const text = (v: unknown) => (v === undefined || v === null ? null : String(v).trim());

/** The soilscape attributes the app uses, whatever the file calls them (shapefile names are cut to 10 characters). */
export function soilscapeProperties(props: Record<string, unknown>): Record<string, unknown> {
  const classValue = pick(props, [
    "classnumber",
    "soilscapeclass",
    "soilscapeno",
    "soilscapenumber",
    "soilscapeid",
    "ssclass",
    "ssno",
    "class",
    "classno",
    "unit",
  ]);
  const classNumber = classValue === undefined ? null : Number.parseInt(String(classValue), 10);
  const name = text(pick(props, ["name", "soilscape", "soilscapename", "soilscapen", "classname", "ssname", "description", "descriptio"]));
  return {
    class_number: Number.isFinite(classNumber) ? classNumber : null,
    name: name ?? (Number.isFinite(classNumber) ? `Soilscape class ${classNumber}` : "Unnamed soilscape"),
    texture: text(pick(props, ["texture"])),
    drainage: text(pick(props, ["drainage"])),
    fertility: text(pick(props, ["fertility"])),
    landcover: text(pick(props, ["landcover", "landuse"])),
    habitats: text(pick(props, ["habitats", "habitat"])),
    carbon: text(pick(props, ["carbon"])),
    drains_to: text(pick(props, ["drainsto", "drainsto1", "drains"])),
    water_protection: text(pick(props, ["waterprotection", "waterprot", "waterprote", "waterprotect"])),
    general_cropping: text(pick(props, ["generalcropping", "generalcro", "generalcr", "cropping"])),
  };
}

export function bLineProperties(props: Record<string, unknown>): Record<string, unknown> {
  const name = text(pick(props, ["name", "blinename", "bline", "blines", "blname", "corridor", "label"]));
  const region = text(pick(props, ["region", "regionname", "area", "county"]));
  return { ...props, name: name ?? region ?? "B-Line", region };
}

//------------------------------------------------------------------------------------------

export function prepareLayer(layer: LayerName, collection: unknown, forceCrs?: Crs): PreparedLayer {
  const c = collection as RawCollection | null | undefined;
  if (c?.type !== "FeatureCollection" || !Array.isArray(c.features)) {
    throw new LayerError("The file is not a GeoJSON FeatureCollection");
  }
  const crs = forceCrs ?? detectCrs(c);
  const features: LayerFeature[] = [];
  let skipped = 0;
  for (const f of c.features as (RawFeature | null)[]) {
    const g = geometry(f?.geometry, crs);
    if (!g) {
      skipped += 1;
      continue;
    }
    const props = f?.properties && typeof f.properties === "object" ? (f.properties as Record<string, unknown>) : {};
    features.push({ properties: layer === "soilscapes" ? soilscapeProperties(props) : bLineProperties(props), geometry: g });
  }
  if (features.length === 0) throw new LayerError("The file has no polygon features");
  return { crs, features, skipped };
}

export interface LoadOptions {
  source: string;
  attribution?: string;
  isSample?: boolean;
  /** Coordinates per statement (default 200,000). */
  batchCoordinates?: number;
}

function coordinateCount(f: LayerFeature): number {
  const rings = f.geometry.type === "Polygon" ? f.geometry.coordinates : f.geometry.coordinates.flat();
  return rings.reduce((n, r) => n + r.length, 0);
}

/**
 * Replaces a layer in one transaction (readers see the old layer until it commits); loading the
 * soilscapes also refreshes the soilscape fields of every thing. `db` must be a single connection
 * that may write app_private (the owner), not a pool.
 */
export async function replaceLayer(db: Queryable, layer: LayerName, features: LayerFeature[], options: LoadOptions): Promise<number> {
  const attribution = options.attribution ?? (layer === "soilscapes" ? SOILSCAPES_ATTRIBUTION : BLINES_ATTRIBUTION);
  const limit = options.batchCoordinates ?? 200_000;
  await db.query({ text: "begin" });
  try {
    await db.query({ text: "select app_private.clear_map_layer($1)", values: [layer] });
    let batch: LayerFeature[] = [];
    let size = 0;
    const flush = async () => {
      if (!batch.length) return;
      await db.query({ text: "select app_private.add_map_layer_features($1, $2::jsonb)", values: [layer, JSON.stringify(batch)] });
      batch = [];
      size = 0;
    };
    for (const f of features) {
      batch.push(f);
      size += coordinateCount(f);
      if (size >= limit) await flush();
    }
    await flush();
    const { rows } = await db.query<{ n: number }>({
      text: "select app_private.finish_map_layer($1, $2, $3, $4) as n",
      values: [layer, options.source, attribution, options.isSample ?? false],
    });
    await db.query({ text: "commit" });
    return rows[0].n;
  } catch (e) {
    await db.query({ text: "rollback" }).catch(() => {});
    throw e;
  }
}

function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** The SQL that replaces a layer with these features (the demo seed is made with it: `--sql`). */
export function layerSql(layer: LayerName, features: LayerFeature[], options: LoadOptions): string {
  const attribution = options.attribution ?? (layer === "soilscapes" ? SOILSCAPES_ATTRIBUTION : BLINES_ATTRIBUTION);
  const json = JSON.stringify(features);
  if (json.includes("$layer$")) throw new LayerError("The features contain the text $layer$");
  return (
    `select app_private.replace_map_layer(${literal(layer)}, $layer$${json}$layer$::jsonb,\n` +
    `  ${literal(options.source)}, ${literal(attribution)}, ${options.isSample ? "true" : "false"});\n`
  );
}
