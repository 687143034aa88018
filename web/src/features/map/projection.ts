// Web Mercator as maplibre draws it (a world 512 px wide at zoom 0), without maplibre: the map's
// first markers are placed with it while the map library is still loading (MarkerPreview), and
// the cells the things are asked for are cut with it (map-data.ts). "World" coordinates run from
// 0 to 1, west to east and north to south.

const TILE = 512;
export const MAX_LATITUDE = 85.0511287798;

export const worldX = (longitude: number) => (longitude + 180) / 360;
export const worldY = (latitude: number) => {
  const phi = (Math.min(MAX_LATITUDE, Math.max(-MAX_LATITUDE, latitude)) * Math.PI) / 180;
  return 0.5 - Math.asinh(Math.tan(phi)) / (2 * Math.PI);
};
export const longitudeOf = (x: number) => x * 360 - 180;
export const latitudeOf = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

export interface ScreenView {
  latitude: number;
  longitude: number;
  zoom: number;
  /** The map's size in CSS pixels. */
  width: number;
  height: number;
}

/** Where a place is drawn on the map, in pixels from its top-left corner. */
export function toScreen(view: ScreenView, latitude: number, longitude: number): { x: number; y: number } {
  const scale = TILE * 2 ** view.zoom;
  return {
    x: view.width / 2 + (worldX(longitude) - worldX(view.longitude)) * scale,
    y: view.height / 2 + (worldY(latitude) - worldY(view.latitude)) * scale,
  };
}

/** The area the map shows (what maplibre's getBounds() answers for the same view). */
export function screenBox(view: ScreenView): { west: number; south: number; east: number; north: number } {
  const scale = TILE * 2 ** view.zoom;
  const cx = worldX(view.longitude);
  const cy = worldY(view.latitude);
  return {
    west: longitudeOf(cx - view.width / 2 / scale),
    east: longitudeOf(cx + view.width / 2 / scale),
    north: latitudeOf(cy - view.height / 2 / scale),
    south: latitudeOf(cy + view.height / 2 / scale),
  };
}

/**
 * The view that fits bounds ([[west, south], [east, north]]) into a map of this size with a
 * padding, no closer than maxZoom: what maplibre's fitBounds does, for the first markers.
 */
export function fitView(
  bounds: [[number, number], [number, number]],
  size: { width: number; height: number },
  padding: number,
  maxZoom: number,
): ScreenView {
  const [[west, south], [east, north]] = bounds;
  const x0 = worldX(west);
  const x1 = worldX(east);
  const y0 = worldY(north);
  const y1 = worldY(south);
  const room = { width: Math.max(1, size.width - 2 * padding), height: Math.max(1, size.height - 2 * padding) };
  const fits = Math.min(room.width / Math.max(1e-12, (x1 - x0) * TILE), room.height / Math.max(1e-12, (y1 - y0) * TILE));
  const zoom = Math.min(maxZoom, Math.log2(fits));
  return { longitude: longitudeOf((x0 + x1) / 2), latitude: latitudeOf((y0 + y1) / 2), zoom, ...size };
}
