// Client-side search over what a list has loaded: case- and accent-insensitive, every word of
// the query must appear in one of the item's texts.

/** "Café  Crème" -> "cafe creme". */
export function normaliseText(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** Whether every word of `query` occurs in one of `texts` (an empty query matches everything). */
export function matchesSearch(query: string, ...texts: readonly (string | null | undefined)[]): boolean {
  const words = normaliseText(query).split(" ").filter(Boolean);
  if (words.length === 0) return true;
  const haystack = normaliseText(texts.filter(Boolean).join(" \u0000 "));
  return words.every((word) => haystack.includes(word));
}

/** Filters items by a query over the texts `textsOf` gives for each. */
export function searchItems<T>(items: readonly T[], query: string, textsOf: (item: T) => readonly (string | null | undefined)[]): T[] {
  if (normaliseText(query) === "") return [...items];
  return items.filter((item) => matchesSearch(query, ...textsOf(item)));
}

/** A comparator by text, in the user's language order (numbers in names sort naturally). */
export function compareText(a: string | null | undefined, b: string | null | undefined): number {
  return (a ?? "").localeCompare(b ?? "", undefined, { sensitivity: "base", numeric: true });
}

/** Longest search text the server takes (server/graphql/search-condition-plugin.ts). */
export const SEARCH_MAX_LENGTH = 200;

/**
 * A connection's `condition` from the list's search and filters, leaving out what is empty, or
 * undefined when nothing narrows (so the query is the plain one):
 * `listCondition(search, { type: list.filters.type || undefined })`.
 */
export function listCondition(search: string, conditions: Record<string, unknown> = {}): Record<string, unknown> | undefined {
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(conditions)) if (value !== undefined && value !== null && value !== "") result[name] = value;
  const text = search.trim();
  if (text) result.search = text;
  return Object.keys(result).length ? result : undefined;
}
