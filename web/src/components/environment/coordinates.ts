// Latitude and longitude typed by people: parsing ("51,45" with a decimal comma is fine) and the
// database's messages (app_hidden.check_location and the API's environment fields), in the same
// order as the forms of things and devices check them.
import type { Coordinates } from "./env-format.ts";

export const LOCATION_MESSAGES = {
  latitudeRequired: "Latitude is required",
  longitudeRequired: "Longitude is required",
  latitudeNumber: "Latitude must be a number",
  longitudeNumber: "Longitude must be a number",
  latitudeRange: "Latitude must be between -90 and 90",
  longitudeRange: "Longitude must be between -180 and 180",
} as const;

/** A coordinate from text, or null when it is not a plain decimal number. */
export function parseCoordinate(value: string | null | undefined): number | null {
  const text = (value ?? "").trim().replace(",", ".");
  if (text === "" || !/^[-+]?\d*\.?\d+(e[-+]?\d+)?$/i.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

export function validateLatitude(value: string | null | undefined): string | null {
  if ((value ?? "").trim() === "") return LOCATION_MESSAGES.latitudeRequired;
  const n = parseCoordinate(value);
  if (n === null) return LOCATION_MESSAGES.latitudeNumber;
  if (n < -90 || n > 90) return LOCATION_MESSAGES.latitudeRange;
  return null;
}

export function validateLongitude(value: string | null | undefined): string | null {
  if ((value ?? "").trim() === "") return LOCATION_MESSAGES.longitudeRequired;
  const n = parseCoordinate(value);
  if (n === null) return LOCATION_MESSAGES.longitudeNumber;
  if (n < -180 || n > 180) return LOCATION_MESSAGES.longitudeRange;
  return null;
}

/** Both coordinates when both are valid, else null. */
export function coordinatesOf(latitude: string, longitude: string): Coordinates | null {
  if (validateLatitude(latitude) || validateLongitude(longitude)) return null;
  return { latitude: parseCoordinate(latitude)!, longitude: parseCoordinate(longitude)! };
}

/** A coordinate as form text: at most 6 decimals (about 10 cm), no trailing zeros. */
export function coordinateText(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}
