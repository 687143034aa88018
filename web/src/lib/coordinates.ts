// A place as the app passes it around, and the map's default centre. Kept apart from the
// environment's formatting (env-format.ts, which needs the date library) so the page's earliest
// script (early.ts) can use it without loading more.

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** Reading, UK: the demo area and the map's default centre. */
export const DEFAULT_CENTRE: Coordinates = { latitude: 51.4543, longitude: -0.9781 };

export function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}
