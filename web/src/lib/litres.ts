// Litres of water as the screens show them (issue #21): the timeline, profiles, group pages and
// the leaderboard share this one format.
import { dateSettings } from "./dates.ts";

/**
 * 20 -> "20 L", 2.5 -> "2.5 L", 1234.5 -> "1,234.5 L"; the number in the language the app is
 * showing (German: "1.234,5 L"). "L" is the litre's symbol in both.
 */
export function formatLitres(litres: number): string {
  return `${litres.toLocaleString(dateSettings().locale, { maximumFractionDigits: 1 })} L`;
}
