// Basemaps of the maps and the styles built from them. Pure: no map library at run time (types
// only), so screens can read the list without loading maplibre.
//
// Offline-safe by construction: every style starts from a built-in background (and a faint
// graticule) drawn without any network request; raster basemaps are layers over it, so when their
// tile host cannot be reached the map still shows its own layers. The vector basemap (a remote
// style document) is fetched first; if that fails the plain built-in style is used instead.
//
// Sources are configurable at run time: window.APP_CONFIG.mapStyles (from the server's /config.js)
// may override or switch off any basemap:
//
//   mapStyles: {
//     terrain:     { style: "https://tiles.openfreemap.org/styles/liberty" },      // a style document
//     satellite:   { tiles: ["https://…/{z}/{y}/{x}"], attribution: "…", maxzoom: 19 },
//     topographic: "https://tile.example.org/{z}/{x}/{y}.png",                     // a tile template
//     default:     "satellite",                                                    // the first choice
//   }
//
// A string with {z} is a raster tile template, any other string a style URL; false switches the
// basemap off. The server's content security policy must allow the hosts (MAP_TILE_HOSTS).
import type { Feature, FeatureCollection } from "geojson";
import type { StyleSpecification } from "maplibre-gl";

export type BasemapId = "terrain" | "satellite" | "topographic" | "plain";

export interface Basemap {
  id: BasemapId;
  label: string;
  description: string;
  kind: "vector" | "raster" | "plain";
  /** URL of a style document (vector basemaps). */
  styleUrl?: string;
  /** Tile URL templates (raster basemaps). */
  tiles?: string[];
  tileSize: number;
  maxzoom: number;
  /** Credit line shown in the map's attribution. */
  attribution: string;
}

export const PLAIN_BACKGROUND = "#e9ede4";

const DEFAULTS: Record<BasemapId, Basemap> = {
  terrain: {
    id: "terrain",
    label: "Terrain",
    description: "Streets, paths, parks and water",
    kind: "vector",
    styleUrl: "https://tiles.openfreemap.org/styles/liberty",
    tileSize: 512,
    maxzoom: 20,
    attribution:
      '<a href="https://openfreemap.org" target="_blank" rel="noreferrer">OpenFreeMap</a> © OpenMapTiles, data from OpenStreetMap',
  },
  satellite: {
    id: "satellite",
    label: "Satellite",
    description: "Aerial photographs",
    kind: "raster",
    tiles: ["https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}"],
    tileSize: 256,
    maxzoom: 19,
    attribution: "Powered by Esri · Source: Esri, Maxar, Earthstar Geographics, and the GIS User Community",
  },
  topographic: {
    id: "topographic",
    label: "Topographic",
    description: "Contours and relief",
    kind: "raster",
    tiles: ["https://tile.opentopomap.org/{z}/{x}/{y}.png"],
    tileSize: 256,
    maxzoom: 17,
    attribution: "Map data © OpenStreetMap contributors, SRTM · Map style © OpenTopoMap (CC-BY-SA)",
  },
  plain: {
    id: "plain",
    label: "Plain",
    description: "Built in, works offline",
    kind: "plain",
    tileSize: 256,
    maxzoom: 22,
    attribution: "",
  },
};

export const BASEMAP_ORDER: readonly BasemapId[] = ["terrain", "satellite", "topographic", "plain"];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringList(value: unknown): string[] | undefined {
  if (typeof value === "string" && value.trim()) return [value.trim()];
  if (Array.isArray(value)) {
    const list = value.filter((v): v is string => typeof v === "string" && v.trim() !== "").map((v) => v.trim());
    return list.length ? list : undefined;
  }
  return undefined;
}

function positive(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** One basemap with its configured overrides; null when switched off. */
function configured(base: Basemap, raw: unknown): Basemap | null {
  if (raw === undefined || raw === null || raw === true) return base;
  if (raw === false || raw === "off") return null;
  if (typeof raw === "string") {
    return raw.includes("{z}")
      ? { ...base, kind: "raster", tiles: [raw], styleUrl: undefined, tileSize: 256 }
      : { ...base, kind: "vector", styleUrl: raw, tiles: undefined };
  }
  if (!isRecord(raw)) return base;
  const tiles = stringList(raw.tiles);
  const style = typeof raw.style === "string" && raw.style.trim() ? raw.style.trim() : undefined;
  const kind: Basemap["kind"] = style ? "vector" : tiles ? "raster" : base.kind;
  return {
    ...base,
    kind,
    styleUrl: style ?? (kind === "vector" ? base.styleUrl : undefined),
    tiles: tiles ?? (kind === "raster" ? base.tiles : undefined),
    label: typeof raw.label === "string" && raw.label.trim() ? raw.label.trim() : base.label,
    tileSize: positive(raw.tileSize, tiles ? 256 : base.tileSize),
    maxzoom: positive(raw.maxzoom, base.maxzoom),
    attribution: typeof raw.attribution === "string" ? raw.attribution : base.attribution,
  };
}

export interface BasemapSettings {
  basemaps: Basemap[];
  /** The basemap shown when the user has not chosen one. */
  defaultId: BasemapId;
}

/** The basemaps on offer: the defaults with window.APP_CONFIG.mapStyles applied. */
export function basemapSettings(config: unknown): BasemapSettings {
  const raw = isRecord(config) ? config : {};
  const basemaps: Basemap[] = [];
  for (const id of BASEMAP_ORDER) {
    const b = id === "plain" ? DEFAULTS.plain : configured(DEFAULTS[id], raw[id]);
    if (b) basemaps.push(b);
  }
  const wanted = typeof raw.default === "string" ? raw.default : "terrain";
  const defaultId = (basemaps.find((b) => b.id === wanted) ?? basemaps[0]).id;
  return { basemaps, defaultId };
}

/** The run-time basemap settings of this page. */
export function pageBasemapSettings(): BasemapSettings {
  const config = typeof window === "undefined" ? undefined : (window.APP_CONFIG as { mapStyles?: unknown } | undefined);
  return basemapSettings(config?.mapStyles);
}

//------------------------------------------------------------------------------------------
// Styles

/** Faint lines every degree (and every tenth of a degree near `around`), for orientation offline. */
export function graticule(around?: { latitude: number; longitude: number }): FeatureCollection {
  const features: Feature[] = [];
  const line = (coordinates: [number, number][], fine: boolean): Feature => ({
    type: "Feature",
    properties: { fine },
    geometry: { type: "LineString", coordinates },
  });
  for (let lon = -180; lon <= 180; lon += 1)
    features.push(
      line(
        [
          [lon, -85],
          [lon, 85],
        ],
        false,
      ),
    );
  for (let lat = -80; lat <= 80; lat += 1)
    features.push(
      line(
        [
          [-180, lat],
          [180, lat],
        ],
        false,
      ),
    );
  if (around) {
    const lat0 = Math.round(around.latitude);
    const lon0 = Math.round(around.longitude);
    for (let i = -30; i <= 30; i++) {
      if (i % 10 === 0) continue;
      const lon = lon0 + i / 10;
      const lat = lat0 + i / 10;
      features.push(
        line(
          [
            [lon, lat0 - 3],
            [lon, lat0 + 3],
          ],
          true,
        ),
      );
      features.push(
        line(
          [
            [lon0 - 3, lat],
            [lon0 + 3, lat],
          ],
          true,
        ),
      );
    }
  }
  return { type: "FeatureCollection", features };
}

/** The built-in part of every style: background and graticule. */
function builtIn(around?: { latitude: number; longitude: number }): StyleSpecification {
  return {
    version: 8,
    name: "Built-in",
    sources: {
      graticule: { type: "geojson", data: graticule(around) },
    },
    layers: [
      { id: "background", type: "background", paint: { "background-color": PLAIN_BACKGROUND } },
      {
        id: "graticule",
        type: "line",
        source: "graticule",
        filter: ["==", ["get", "fine"], false],
        paint: { "line-color": "#b9c2b1", "line-width": 1 },
      },
      {
        id: "graticule-fine",
        type: "line",
        source: "graticule",
        minzoom: 8,
        filter: ["==", ["get", "fine"], true],
        paint: { "line-color": "#cdd4c6", "line-width": 0.8 },
      },
    ],
  };
}

/** The plain, offline style. */
export function plainStyle(around?: { latitude: number; longitude: number }): StyleSpecification {
  return builtIn(around);
}

/** A raster basemap over the built-in background (which shows when tiles cannot be loaded). */
export function rasterStyle(basemap: Basemap, around?: { latitude: number; longitude: number }): StyleSpecification {
  const style = builtIn(around);
  style.name = basemap.label;
  style.sources.basemap = {
    type: "raster",
    tiles: basemap.tiles ?? [],
    tileSize: basemap.tileSize,
    maxzoom: basemap.maxzoom,
    attribution: basemap.attribution,
  };
  style.layers.push({ id: "basemap", type: "raster", source: "basemap" });
  return style;
}

const vectorStyles = new Map<string, Promise<StyleSpecification>>();

/**
 * A remote style document, fetched once per page (a failed fetch is forgotten, so a later try
 * asks again). Rejects on a network failure, an HTTP error, a timeout or a document that is not
 * a style.
 */
export function loadVectorStyle(url: string, { timeoutMs = 8000, fetchImpl = globalThis.fetch } = {}): Promise<StyleSpecification> {
  let pending = vectorStyles.get(url);
  if (!pending) {
    pending = (async () => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        const response = await fetchImpl(url, { signal: controller.signal, credentials: "omit" });
        if (!response.ok) throw new Error(`The map style answered ${response.status}`);
        const style = (await response.json()) as StyleSpecification;
        if (!isRecord(style) || style.version !== 8 || !Array.isArray(style.layers)) throw new Error("Not a map style");
        return style;
      } finally {
        clearTimeout(timer);
      }
    })();
    vectorStyles.set(url, pending);
    pending.catch(() => vectorStyles.delete(url));
  }
  return pending;
}

/** Forgets fetched styles (tests). */
export function clearStyleCache(): void {
  vectorStyles.clear();
}
