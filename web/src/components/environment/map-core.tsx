// The map library and what every map of the app shares. Heavy: import it only from modules that
// are loaded lazily (MapView, LocationMapView, LocationPickerMap), so maplibre and its CSS are
// fetched on map screens only.
//
// maplibre-gl 6 has no default export; its worker is a module file whose URL Vite provides.
import * as maplibregl from "maplibre-gl";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import "maplibre-gl/dist/maplibre-gl.css";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { StyleSpecification } from "maplibre-gl";
import type { ErrorEvent as MapErrorEvent, MapSourceDataEvent } from "react-map-gl/maplibre";
import { loadVectorStyle, plainStyle, rasterStyle, type Basemap } from "./map-styles.ts";
import { englishT, type T } from "../../lib/i18n/english.ts";

maplibregl.setWorkerUrl(workerUrl);

export { maplibregl };

let webgl: boolean | undefined;

/** Whether this browser can draw the map (WebGL). */
export function webglSupported(): boolean {
  if (webgl === undefined) {
    try {
      const canvas = document.createElement("canvas");
      webgl = Boolean(canvas.getContext("webgl2") ?? canvas.getContext("webgl"));
    } catch {
      webgl = false;
    }
  }
  return webgl;
}

/** Throws (for an error boundary's fallback) when the map cannot be drawn here. */
export function assertWebgl(): void {
  if (!webglSupported()) throw new Error("This browser cannot draw maps (WebGL is switched off or missing).");
}

/**
 * The basemap's state: `loading` until a tile (or the style document) arrives, `ready` once
 * one has, `unavailable` when the source failed and nothing of it loaded (the built-in
 * background and the app's layers show instead).
 */
export type BasemapStatus = "loading" | "ready" | "unavailable";

export interface BasemapView {
  basemap: Basemap;
  style: StyleSpecification;
  status: BasemapStatus;
  /** Map callbacks that watch the basemap's tiles. */
  onError(event: MapErrorEvent): void;
  onSourceData(event: MapSourceDataEvent): void;
}

/** Tile failures with no tile loaded before the basemap counts as unreachable. */
const FAILURES_BEFORE_UNAVAILABLE = 2;

/**
 * The style for a basemap, and its health. `ownSources` are the app's own layers' sources (their
 * errors are not the basemap's).
 */
export function useBasemapView(
  basemap: Basemap,
  around: { latitude: number; longitude: number },
  ownSources: readonly string[],
): BasemapView {
  const [vector, setVector] = useState<{ url: string; style: StyleSpecification | null; failed: boolean } | null>(null);
  const [tiles, setTiles] = useState<{ id: string; loaded: number; failed: number }>({ id: basemap.id, loaded: 0, failed: 0 });
  const own = useRef(new Set<string>());
  own.current = new Set(["graticule", ...ownSources]);
  // The graticule stays where the map first opened: a new one on every pan would redraw for nothing.
  const [anchor] = useState(around);

  useEffect(() => {
    setTiles({ id: basemap.id, loaded: 0, failed: 0 });
    if (basemap.kind !== "vector" || !basemap.styleUrl) return;
    const url = basemap.styleUrl;
    let alive = true;
    setVector({ url, style: null, failed: false });
    loadVectorStyle(url).then(
      (style) => alive && setVector({ url, style, failed: false }),
      () => alive && setVector({ url, style: null, failed: true }),
    );
    return () => {
      alive = false;
    };
  }, [basemap.id, basemap.kind, basemap.styleUrl]);

  const tilesFailed = tiles.id === basemap.id && tiles.loaded === 0 && tiles.failed >= FAILURES_BEFORE_UNAVAILABLE;
  const style = useMemo<StyleSpecification>(() => {
    if (basemap.kind === "raster") return rasterStyle(basemap, anchor);
    // A vector basemap whose tiles cannot be reached leaves nothing but its background: plain is clearer.
    if (basemap.kind === "vector" && vector && vector.url === basemap.styleUrl && vector.style && !tilesFailed) return vector.style;
    return plainStyle(anchor);
  }, [basemap, vector, anchor, tilesFailed]);

  let status: BasemapStatus;
  if (basemap.kind === "plain") status = "ready";
  else if (basemap.kind === "vector" && (!vector || vector.url !== basemap.styleUrl || (!vector.style && !vector.failed)))
    status = "loading";
  else if (basemap.kind === "vector" && vector?.failed) status = "unavailable";
  else if (tiles.id === basemap.id && tiles.loaded > 0) status = "ready";
  else if (tilesFailed) status = "unavailable";
  else status = basemap.kind === "vector" ? "ready" : "loading";

  const id = basemap.id;
  const onError = useCallback(
    (event: MapErrorEvent) => {
      const sourceId = (event as { sourceId?: string }).sourceId;
      if (!sourceId || own.current.has(sourceId)) return;
      setTiles((t) => (t.id === id ? { ...t, failed: t.failed + 1 } : t));
    },
    [id],
  );
  const onSourceData = useCallback(
    (event: MapSourceDataEvent) => {
      const e = event as { sourceId?: string; tile?: unknown; isSourceLoaded?: boolean };
      if (!e.sourceId || own.current.has(e.sourceId) || !e.tile) return;
      const tile = e.tile as { state?: string };
      if (tile.state && tile.state !== "loaded") return;
      setTiles((t) => (t.id === id && t.loaded === 0 ? { ...t, loaded: 1 } : t));
    },
    [id],
  );

  return { basemap, style, status, onError, onSourceData };
}

/** What to say about a basemap that is not (yet) drawn. */
export function basemapStatusText(view: Pick<BasemapView, "basemap" | "status">, t: T = englishT): string | null {
  const basemap = t(`basemap.${view.basemap.id}.inSentence`);
  if (view.status === "unavailable") return t("basemap.unavailable", { basemap });
  if (view.status === "loading" && view.basemap.kind !== "plain") return t("basemap.loading", { basemap });
  return null;
}
