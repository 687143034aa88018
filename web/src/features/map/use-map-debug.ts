// The map's test hook (window.__mapDebug): what is on the map and when it first showed, for
// the browser tests, the bench and troubleshooting.
import { useEffect, useRef, type RefObject } from "react";
import type { MapRef } from "react-map-gl/maplibre";
import type { BasemapStatus } from "../../components/environment/map-core.tsx";
import type { OverlayId } from "../../components/environment/map-prefs.ts";

export interface MapDebug {
  ready: boolean;
  basemap: string;
  basemapStatus: BasemapStatus;
  overlays: Record<OverlayId, boolean>;
  /** Things in view (for things, in the clusters too). */
  counts: Record<OverlayId, number>;
  /** Circles standing for several things, and things drawn on their own. */
  thingClusters: number;
  thingMarkers: number;
  /** performance.now() when the map first loaded, first showed things, and was first idle. */
  loadedAt: number | null;
  thingsDrawnAt: number | null;
  idleAt: number | null;
  styleLayerIds(): string[];
  sourceFeatureCount(sourceId: string): number;
  map(): unknown;
}

declare global {
  interface Window {
    __mapDebug?: MapDebug;
  }
}

export interface MapDebugState {
  ready: boolean;
  basemap: string;
  basemapStatus: BasemapStatus;
  overlays: Record<OverlayId, boolean>;
  counts: Record<OverlayId, number>;
  thingClusters: number;
  thingMarkers: number;
  /** An answer with things has arrived (the first one stamps thingsDrawnAt). */
  thingsShown: boolean;
}

export interface MapTimings {
  loadedAt: number | null;
  thingsDrawnAt: number | null;
  idleAt: number | null;
}

/** One map's timings, shared by its first markers (MarkerPreview) and the map itself. */
export function useMapTimings() {
  return useRef<MapTimings>({ loadedAt: null, thingsDrawnAt: null, idleAt: null });
}

/** The first things on the map: stamped on the frame after their markers are in the page. */
export function useStampThingsDrawn(timings: RefObject<MapTimings>, shown: boolean) {
  useEffect(() => {
    if (!shown || timings.current.thingsDrawnAt !== null) return;
    const frame = requestAnimationFrame(() => {
      timings.current.thingsDrawnAt ??= performance.now();
    });
    return () => cancelAnimationFrame(frame);
  }, [shown, timings]);
}

export function useMapDebug(mapRef: RefObject<MapRef | null>, state: MapDebugState, timings: RefObject<MapTimings>) {
  useStampThingsDrawn(timings, state.thingsShown);

  const debug = useRef<MapDebug | null>(null);
  debug.current = {
    ...state,
    loadedAt: null,
    thingsDrawnAt: null,
    idleAt: null,
    styleLayerIds: () =>
      mapRef.current
        ?.getMap()
        .getStyle()
        ?.layers.map((l) => l.id) ?? [],
    sourceFeatureCount: (sourceId: string) => {
      const map = mapRef.current?.getMap();
      if (!map?.getSource(sourceId)) return 0;
      return map.querySourceFeatures(sourceId).length;
    },
    map: () => mapRef.current?.getMap(),
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: timings is a ref read when the debug hook is installed
  useEffect(() => {
    const hook = {} as MapDebug;
    for (const key of ["ready", "basemap", "basemapStatus", "overlays", "counts", "thingClusters", "thingMarkers"] as const) {
      Object.defineProperty(hook, key, { get: () => debug.current?.[key], enumerable: true });
    }
    for (const key of ["loadedAt", "thingsDrawnAt", "idleAt"] as const) {
      Object.defineProperty(hook, key, { get: () => timings.current[key], enumerable: true });
    }
    hook.styleLayerIds = () => debug.current?.styleLayerIds() ?? [];
    hook.sourceFeatureCount = (id) => debug.current?.sourceFeatureCount(id) ?? 0;
    hook.map = () => debug.current?.map();
    window.__mapDebug = hook;
    return () => {
      if (window.__mapDebug === hook) delete window.__mapDebug;
    };
  }, []);
}
