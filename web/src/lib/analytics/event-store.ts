// The navigation history kept in localStorage (spec sections 3 and 9): at most 1000 events, none
// older than 30 days, each marked synced once the server has confirmed it; plus the last-visited
// time of a few routes. Every change re-reads storage first, so two tabs writing in turn do not
// lose each other's events.
import { ANALYTICS_STORAGE_KEYS, LAST_VISITED_ROUTES, NAVIGATION_TRACKING } from "./constants.ts";

export interface NavigationEvent {
  /** The path left; null for the first page of a tab. */
  from: string | null;
  /** The path reached. */
  to: string;
  /** When, as an ISO time. */
  timestamp: string;
  /** Milliseconds spent on `from`. */
  timeSpent: number;
  /** True once the server has confirmed it. */
  synced: boolean;
  /** The tab session it happened in (a batch is sent per session). */
  sessionId: string;
  /** The visitor (token's user_id) it belongs to; null until the first token arrives. */
  userId: string | null;
}

/** What the server stores once per event: session, time and destination (its unique key). */
export function eventKey(event: Pick<NavigationEvent, "sessionId" | "timestamp" | "to">): string {
  return `${event.sessionId}|${event.timestamp}|${event.to}`;
}

function isEvent(value: unknown): value is NavigationEvent {
  if (typeof value !== "object" || value === null) return false;
  const e = value as Record<string, unknown>;
  return (
    typeof e.to === "string" &&
    (e.from === null || typeof e.from === "string") &&
    typeof e.timestamp === "string" &&
    !Number.isNaN(Date.parse(e.timestamp)) &&
    typeof e.timeSpent === "number" &&
    typeof e.synced === "boolean" &&
    typeof e.sessionId === "string" &&
    (e.userId === null || typeof e.userId === "string")
  );
}

export interface NavigationEventStoreOptions {
  storage?: Storage | null;
  now?: () => number;
  maxEvents?: number;
  retentionMs?: number;
}

export class NavigationEventStore {
  private readonly storage: Storage | null;
  private readonly now: () => number;
  private readonly maxEvents: number;
  private readonly retentionMs: number;
  /** Used when storage cannot be read or written (private mode, quota): this tab keeps going. */
  private memory: NavigationEvent[] = [];
  private memoryVisits: Record<string, string> = {};

  constructor(options: NavigationEventStoreOptions = {}) {
    this.storage = options.storage ?? null;
    this.now = options.now ?? (() => Date.now());
    this.maxEvents = options.maxEvents ?? NAVIGATION_TRACKING.maxEvents;
    this.retentionMs = options.retentionMs ?? NAVIGATION_TRACKING.retentionMs;
  }

  private readRaw(key: string): string | null | undefined {
    try {
      return this.storage ? this.storage.getItem(key) : undefined;
    } catch {
      return undefined;
    }
  }

  private writeRaw(key: string, value: string): void {
    try {
      this.storage?.setItem(key, value);
    } catch {
      // Full or blocked: the in-memory copy stands for this tab.
    }
  }

  /** Oldest first, without events past retention, at most maxEvents (the newest). */
  private tidy(events: NavigationEvent[]): NavigationEvent[] {
    const cutoff = this.now() - this.retentionMs;
    const kept = events.filter((e) => Date.parse(e.timestamp) >= cutoff);
    kept.sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
    return kept.length > this.maxEvents ? kept.slice(kept.length - this.maxEvents) : kept;
  }

  /** Every kept event, oldest first. */
  all(): NavigationEvent[] {
    const raw = this.readRaw(ANALYTICS_STORAGE_KEYS.events);
    if (raw === undefined) return this.tidy([...this.memory]);
    let parsed: unknown = [];
    try {
      parsed = raw ? JSON.parse(raw) : [];
    } catch {
      parsed = [];
    }
    return this.tidy(Array.isArray(parsed) ? parsed.filter(isEvent) : []);
  }

  /** Applies a change to the freshly read history and writes the result (tidied). */
  update(change: (events: NavigationEvent[]) => NavigationEvent[]): NavigationEvent[] {
    const next = this.tidy(change(this.all()));
    this.memory = next;
    this.writeRaw(ANALYTICS_STORAGE_KEYS.events, JSON.stringify(next));
    return next;
  }

  add(event: NavigationEvent): void {
    this.update((events) => [...events, event]);
  }

  /** Unsynced events of one visitor, oldest first. */
  unsynced(userId: string): NavigationEvent[] {
    return this.all().filter((e) => !e.synced && e.userId === userId);
  }

  /** Marks the confirmed events synced and removes the refused ones. */
  settle(confirmed: ReadonlySet<string>, refused: ReadonlySet<string> = new Set()): void {
    if (confirmed.size === 0 && refused.size === 0) return;
    this.update((events) =>
      events.filter((e) => !refused.has(eventKey(e))).map((e) => (confirmed.has(eventKey(e)) && !e.synced ? { ...e, synced: true } : e)),
    );
  }

  /** Gives events recorded before any token was known to the first visitor. */
  claim(userId: string): void {
    if (!this.all().some((e) => e.userId === null)) return;
    this.update((events) => events.map((e) => (e.userId === null ? { ...e, userId } : e)));
  }

  /** The last time each of LAST_VISITED_ROUTES was visited (ISO times). */
  lastVisited(): Record<string, string> {
    const raw = this.readRaw(ANALYTICS_STORAGE_KEYS.lastVisited);
    if (raw === undefined) return { ...this.memoryVisits };
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : {};
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
      const out: Record<string, string> = {};
      for (const route of LAST_VISITED_ROUTES) {
        const value = (parsed as Record<string, unknown>)[route];
        if (typeof value === "string") out[route] = value;
      }
      return out;
    } catch {
      return {};
    }
  }

  /** Records a visit when the path is one of LAST_VISITED_ROUTES. */
  visit(path: string, at: number = this.now()): void {
    if (!LAST_VISITED_ROUTES.includes(path)) return;
    const next = { ...this.lastVisited(), [path]: new Date(at).toISOString() };
    this.memoryVisits = next;
    this.writeRaw(ANALYTICS_STORAGE_KEYS.lastVisited, JSON.stringify(next));
  }
}

function pageStorage(): Storage | null {
  try {
    return typeof window !== "undefined" ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** When the current visitor last opened a route of LAST_VISITED_ROUTES (/, /activity, /things, /devices). */
export function lastVisitedAt(route: string, storage: Storage | null = pageStorage()): Date | null {
  const value = new NavigationEventStore({ storage }).lastVisited()[route];
  return value ? new Date(value) : null;
}
