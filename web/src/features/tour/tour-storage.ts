// Whether a person has taken (finished) or skipped a guided tour, kept in localStorage per tour
// and per person ("guest" for visitors who are not signed in), so it starts by itself only once.
export const TOUR_STORAGE_KEY = "steward.tours";

export type TourOutcome = "finished" | "skipped";

export interface TourRecord {
  outcome: TourOutcome;
  /** ISO time it ended. */
  at: string;
}

type Stored = Record<string, TourRecord>;

function defaultStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readAll(storage: Storage | null): Stored {
  try {
    const value: unknown = JSON.parse(storage?.getItem(TOUR_STORAGE_KEY) ?? "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Stored) : {};
  } catch {
    return {};
  }
}

function keyOf(tourId: string, personKey: string): string {
  return `${tourId}:${personKey || "guest"}`;
}

export function readTour(tourId: string, personKey: string, storage: Storage | null = defaultStorage()): TourRecord | null {
  const record = readAll(storage)[keyOf(tourId, personKey)];
  return record && (record.outcome === "finished" || record.outcome === "skipped") ? record : null;
}

export function writeTour(
  tourId: string,
  personKey: string,
  outcome: TourOutcome,
  storage: Storage | null = defaultStorage(),
  now: Date = new Date(),
): void {
  const all = readAll(storage);
  all[keyOf(tourId, personKey)] = { outcome, at: now.toISOString() };
  // Keep the record small: the newest 50 people of this browser.
  const entries = Object.entries(all)
    .sort((a, b) => Date.parse(b[1].at) - Date.parse(a[1].at))
    .slice(0, 50);
  try {
    storage?.setItem(TOUR_STORAGE_KEY, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // Storage full or blocked: the tour may offer itself again next time.
  }
}
