// The map's remembered choices (localStorage): which basemap, and which of the app's own layers
// are shown. The small maps (LocationMap, LocationPicker) use the same basemap as /map.
import type { BasemapId } from "./map-styles.ts";

export type OverlayId = "things" | "waterPoints" | "stations" | "soilscapes" | "bLines";

export const OVERLAY_ORDER: readonly OverlayId[] = ["things", "waterPoints", "stations", "soilscapes", "bLines"];

export interface MapPrefs {
  basemap: BasemapId | null;
  overlays: Record<OverlayId, boolean>;
}

export const MAP_PREFS_KEY = "steward.map.layers";

export const DEFAULT_OVERLAYS: Readonly<Record<OverlayId, boolean>> = {
  things: true,
  waterPoints: true,
  stations: true,
  soilscapes: false,
  bLines: false,
};

function storageOrNull(storage?: Storage | null): Storage | null {
  if (storage !== undefined) return storage;
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function loadMapPrefs(storage?: Storage | null): MapPrefs {
  const prefs: MapPrefs = { basemap: null, overlays: { ...DEFAULT_OVERLAYS } };
  const store = storageOrNull(storage);
  if (!store) return prefs;
  try {
    const raw = JSON.parse(store.getItem(MAP_PREFS_KEY) ?? "null") as unknown;
    if (!raw || typeof raw !== "object") return prefs;
    const r = raw as { basemap?: unknown; overlays?: unknown };
    if (typeof r.basemap === "string") prefs.basemap = r.basemap as BasemapId;
    if (r.overlays && typeof r.overlays === "object") {
      for (const id of OVERLAY_ORDER) {
        const v = (r.overlays as Record<string, unknown>)[id];
        if (typeof v === "boolean") prefs.overlays[id] = v;
      }
    }
  } catch {
    // A damaged entry is ignored; the next save replaces it.
  }
  return prefs;
}

export function saveMapPrefs(prefs: MapPrefs, storage?: Storage | null): void {
  const store = storageOrNull(storage);
  try {
    store?.setItem(MAP_PREFS_KEY, JSON.stringify(prefs));
  } catch {
    // Private mode or a full storage: the choice lasts for this page only.
  }
}
