// Litres of water as the screens show them (issue #21): the timeline, profiles, group pages and
// the leaderboard share this one format.

/** 20 -> "20 L", 2.5 -> "2.5 L", 1234.5 -> "1,234.5 L". */
export function formatLitres(litres: number): string {
  return `${litres.toLocaleString("en-GB", { maximumFractionDigits: 1 })} L`;
}
