// The words of /things/nearest (issue 21): how far the nearest thing is, and what to say when
// none is within the radius. Distances are the API's (nearestThing's distanceMetres).
import { term, type Branding } from "../../../../shared/branding.ts";
import { formatMetres, formatRadiusKm } from "../../lib/distance.ts";

/** "No things within 20 km of you" (the radius follows NEAREST_MAX_KM). */
export function noneWithinText(b: Branding, radiusKm: number): string {
  return `No ${term(b, "things")} within ${formatRadiusKm(radiusKm)} of you`;
}

/** "Nearest thing: Planter 7, 412 m away". */
export function foundText(b: Branding, name: string, distanceMetres: number): string {
  return `Nearest ${term(b, "thing")}: ${name}, ${formatMetres(distanceMetres)} away`;
}
