// The words of /things/nearest (issue 21): how far the nearest thing is, and what to say when
// none is within the radius. Distances are the API's (nearestThing's distanceMetres).
import type { Branding } from "../../../../shared/branding.ts";
import { formatMetres, formatRadiusKm } from "../../lib/distance.ts";
import { type ThingsT, englishThingsT } from "./texts.ts";

/** "No things within 20 km of you" (the radius follows NEAREST_MAX_KM). */
export function noneWithinText(b: Branding, radiusKm: number, t: ThingsT = englishThingsT): string {
  return t("things.nearest.noneWithin", { brand: b.key, radius: formatRadiusKm(radiusKm) });
}

/** "Nearest thing: Planter 7, 412 m away". */
export function foundText(b: Branding, name: string, distanceMetres: number, t: ThingsT = englishThingsT): string {
  return t("things.nearest.found", { brand: b.key, name, distance: formatMetres(distanceMetres) });
}
