// The navigation tracker (spec sections 2, 3, 7, 8 and 9). Each navigation becomes an event
// { from, to, timestamp, timeSpent, synced: false } in localStorage; events go to the server in
// batches of 50 (100 ms apart) when 25 have piled up, every 30 s, after 60 s idle, and when the
// page is hidden or unloaded (then as keep-alive POSTs). An event is marked synced only when the
// server confirms it; events it refuses are dropped. Failures are logged, never shown.
//
// A tab has an analytics session (sessionStorage), announced with syncUserSession when it starts
// and closed with an end time when the page is hidden. Events belong to the visitor of the token
// (a signed-in user, or a guest's random id): a new visitor starts a new session, and what the
// previous visitor left unsynced is sent with their own token (or kept until they come back).
import { ANALYTICS_STORAGE_KEYS, NAVIGATION_TRACKING } from "./constants.ts";
import { eventKey, NavigationEventStore, type NavigationEvent } from "./event-store.ts";
import type { SyncTransport, WireEvent } from "./transport.ts";

/** Who the events are filed under: the token's user_id, with the token that proves it. */
export interface Visitor {
  userId: string;
  token: string;
}

/** This tab's analytics session, kept in sessionStorage (survives reloads, not the tab). */
export interface TabSession {
  id: string;
  startedAt: string;
  /** The visitor it belongs to; null until the first token is known. */
  userId: string | null;
  /** True once syncUserSession has confirmed its start. */
  announced: boolean;
  /** The path shown last and since when (ms), for the next event's from and timeSpent. */
  lastPath: string | null;
  lastAt: number | null;
}

/** The event just recorded: its key, when, and since when its `from` page had been shown. */
interface RecordedEvent {
  key: string;
  at: number;
  arrivedAt: number | null;
}

type Listening = Pick<Window, "addEventListener" | "removeEventListener">;
type DocumentLike = Listening & { readonly visibilityState: DocumentVisibilityState };

export interface NavigationTrackerOptions {
  transport: SyncTransport;
  store?: NavigationEventStore;
  /** Where the tab session lives (the page's sessionStorage by default when given by the hook). */
  sessionStorage?: Storage | null;
  now?: () => number;
  logger?: Pick<Console, "warn">;
  userAgent?: string | null;
  /** Window for pagehide and input events, document for visibilitychange. */
  window?: Listening | null;
  document?: DocumentLike | null;
  randomId?: () => string;
}

/** A version 4 UUID (the server's session ids are UUIDs). */
export function randomUuid(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === "function") return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof c?.getRandomValues === "function") c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A path as the server accepts it: starts with /, at most 500 characters. */
export function cleanPath(path: string): string {
  const withSlash = path.startsWith("/") ? path : `/${path}`;
  return withSlash.slice(0, NAVIGATION_TRACKING.maxPathLength);
}

/** Batches of at most batchSize events of one session each, oldest first. */
export function toBatches(events: readonly NavigationEvent[], size: number = NAVIGATION_TRACKING.batchSize) {
  const bySession = new Map<string, NavigationEvent[]>();
  for (const event of events) {
    const list = bySession.get(event.sessionId) ?? [];
    list.push(event);
    bySession.set(event.sessionId, list);
  }
  const batches: NavigationEvent[][] = [];
  for (const list of bySession.values()) {
    for (let i = 0; i < list.length; i += size) batches.push(list.slice(i, i + size));
  }
  return batches;
}

/** "event 3: to must be a path starting with /" -> 2 (the batch index); null for batch-wide errors. */
export function refusedIndex(error: string): number | null {
  const match = /^event (\d+):/.exec(error);
  return match ? Number(match[1]) - 1 : null;
}

function toWire(event: NavigationEvent): WireEvent {
  return { from: event.from, to: event.to, timestamp: event.timestamp, timeSpent: event.timeSpent };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Room taken by the query text and variables besides the events themselves. */
const REQUEST_OVERHEAD_BYTES = 700;

export class NavigationTracker {
  readonly store: NavigationEventStore;
  private readonly transport: SyncTransport;
  private readonly sessionStorage: Storage | null;
  private readonly now: () => number;
  private readonly logger: Pick<Console, "warn">;
  private readonly userAgent: string | null;
  private readonly win: Listening | null;
  private readonly doc: DocumentLike | null;
  private readonly randomId: () => string;

  private visitor: Visitor | null = null;
  /** The visitor before a gap without one (sign-out, expiry), until the next one arrives. */
  private departed: Visitor | null = null;
  private memoryTab: TabSession | null = null;
  /** The event just recorded, for correcting it when a redirect follows at once. */
  private lastRecorded: RecordedEvent | null = null;
  private inFlight = new Set<string>();
  /** The tab session flush() ended (before a sign-out): the farewell does not end it again. */
  private flushedTab: string | null = null;
  private running: Promise<void> | null = null;
  private rerun = false;
  private announcing: { session: string; done: Promise<void> } | null = null;
  private lastFailureAt = Number.NEGATIVE_INFINITY;
  private lastActivity = 0;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private periodicTimer: ReturnType<typeof setInterval> | undefined;
  private detach: (() => void) | null = null;

  constructor(options: NavigationTrackerOptions) {
    this.transport = options.transport;
    this.store = options.store ?? new NavigationEventStore();
    this.sessionStorage = options.sessionStorage ?? null;
    this.now = options.now ?? (() => Date.now());
    this.logger = options.logger ?? console;
    this.userAgent = options.userAgent ?? null;
    this.win = options.window ?? null;
    this.doc = options.document ?? null;
    this.randomId = options.randomId ?? randomUuid;
  }

  // ---------------------------------------------------------------------------------------------
  // Life cycle

  /** Starts the timers and listeners; returns the function that stops them. Idempotent. */
  start(): () => void {
    if (this.detach) return () => this.stop();
    const onVisibility = () => {
      if (this.doc?.visibilityState === "hidden") this.pageHidden(false);
      else this.noteActivity();
    };
    const onPageHide = () => this.pageHidden(true);
    const onActivity = () => this.noteActivity();
    this.doc?.addEventListener("visibilitychange", onVisibility);
    this.win?.addEventListener("pagehide", onPageHide);
    this.win?.addEventListener("pointerdown", onActivity, { passive: true });
    this.win?.addEventListener("keydown", onActivity, { passive: true });
    this.periodicTimer = setInterval(() => void this.sync(), NAVIGATION_TRACKING.periodicSyncMs);
    this.detach = () => {
      this.doc?.removeEventListener("visibilitychange", onVisibility);
      this.win?.removeEventListener("pagehide", onPageHide);
      this.win?.removeEventListener("pointerdown", onActivity);
      this.win?.removeEventListener("keydown", onActivity);
    };
    this.noteActivity();
    return () => this.stop();
  }

  stop(): void {
    this.detach?.();
    this.detach = null;
    clearInterval(this.periodicTimer);
    clearTimeout(this.idleTimer);
    this.periodicTimer = undefined;
    this.idleTimer = undefined;
  }

  // ---------------------------------------------------------------------------------------------
  // The tab session

  private readTab(): TabSession {
    let tab: TabSession | null = this.memoryTab;
    try {
      const raw = this.sessionStorage?.getItem(ANALYTICS_STORAGE_KEYS.session);
      if (raw) {
        const parsed = JSON.parse(raw) as Partial<TabSession>;
        if (typeof parsed.id === "string" && typeof parsed.startedAt === "string") {
          tab = {
            id: parsed.id,
            startedAt: parsed.startedAt,
            userId: typeof parsed.userId === "string" ? parsed.userId : null,
            announced: parsed.announced === true,
            lastPath: typeof parsed.lastPath === "string" ? parsed.lastPath : null,
            lastAt: typeof parsed.lastAt === "number" ? parsed.lastAt : null,
          };
        }
      }
    } catch {
      // Unreadable: the in-memory copy stands.
    }
    if (!tab) {
      tab = this.newTab(null);
      this.writeTab(tab);
    }
    return tab;
  }

  private writeTab(tab: TabSession): void {
    this.memoryTab = tab;
    try {
      this.sessionStorage?.setItem(ANALYTICS_STORAGE_KEYS.session, JSON.stringify(tab));
    } catch {
      // Blocked: kept in memory.
    }
  }

  private newTab(userId: string | null, from?: TabSession): TabSession {
    return {
      id: this.randomId(),
      startedAt: new Date(this.now()).toISOString(),
      userId,
      announced: false,
      lastPath: from?.lastPath ?? null,
      lastAt: from?.lastAt ?? null,
    };
  }

  /** This tab's session (for tests and diagnostics). */
  tabSession(): TabSession {
    return this.readTab();
  }

  // ---------------------------------------------------------------------------------------------
  // Visitors

  /** The visitor of the current token; null while there is none (first visit, just signed out). */
  setVisitor(next: Visitor | null): void {
    const previous = this.visitor;
    if (next === null) {
      if (previous) this.departed = previous;
      this.visitor = null;
      return;
    }
    if (previous?.userId === next.userId) {
      this.visitor = next; // A new token for the same person.
      return;
    }
    const left = previous ?? this.departed;
    this.departed = null;
    this.visitor = next;

    let tab = this.readTab();
    const leftTab = tab;
    if (tab.userId === null) {
      tab = { ...tab, userId: next.userId };
      this.writeTab(tab);
      this.store.claim(next.userId);
    } else if (tab.userId !== next.userId) {
      tab = this.newTab(next.userId, tab);
      this.writeTab(tab);
      this.lastRecorded = null;
    }
    if (left && left.userId !== next.userId) void this.farewell(left, leftTab);
    void this.announce();
    this.syncIfPiledUp();
  }

  /**
   * What a visitor who has gone left unsynced is sent with their own token; their session ends.
   * After a sign-out (flush) that token no longer works and nothing is left to send; events the
   * server did not take wait for the visitor's return.
   */
  private async farewell(left: Visitor, leftTab: TabSession): Promise<void> {
    if (leftTab.userId === left.userId && this.flushedTab !== leftTab.id) void this.endSession(left, leftTab, false);
    await this.sendPending(left, { keepalive: false });
  }

  /**
   * Before signing out (lib/before-sign-out.ts): sends the current visitor's unsynced events and
   * ends their tab session while their token still works; the server takes events only from a
   * live session.
   */
  async flush(): Promise<void> {
    const visitor = this.visitor;
    if (!visitor) return;
    await this.sync();
    const tab = this.readTab();
    if (tab.userId !== visitor.userId || this.visitor?.userId !== visitor.userId) return;
    await this.endSession(visitor, tab, false);
    this.flushedTab = tab.id;
  }

  // ---------------------------------------------------------------------------------------------
  // Recording

  /**
   * Records a navigation to `path`. `replace` marks a replacing navigation: right after another
   * one it is a redirect, which corrects the event just recorded instead of adding one.
   */
  record(path: string, { replace = false }: { replace?: boolean } = {}): void {
    const now = this.now();
    const to = cleanPath(path);
    const tab = this.readTab();
    const from = tab.lastPath;
    // The page is shown again, so its last-visited time moves even when it is no navigation.
    this.store.visit(to, now);
    if (from === to) return; // A reload, or only the query string changed.
    this.noteActivity();

    const last = this.lastRecorded;
    if (replace && last && now - last.at < NAVIGATION_TRACKING.redirectMergeMs) {
      const amended = this.amend(last, to);
      if (amended) {
        // Undone altogether (sent back where it came from): the earlier page is still being shown.
        const lastAt = amended === "dropped" ? last.arrivedAt : tab.lastAt;
        this.writeTab({ ...tab, lastPath: to, lastAt });
        return;
      }
    }

    const timeSpent =
      from !== null && tab.lastAt !== null ? Math.min(Math.max(0, Math.round(now - tab.lastAt)), NAVIGATION_TRACKING.maxTimeSpentMs) : 0;
    const event: NavigationEvent = {
      from,
      to,
      timestamp: new Date(now).toISOString(),
      timeSpent,
      synced: false,
      sessionId: tab.id,
      userId: tab.userId ?? this.visitor?.userId ?? null,
    };
    this.store.add(event);
    this.lastRecorded = { key: eventKey(event), at: now, arrivedAt: tab.lastAt };
    this.writeTab({ ...tab, lastPath: to, lastAt: now });
    this.syncIfPiledUp();
  }

  /**
   * Points the unsynced event `last` at `to`, or drops it when that leads back where it came from
   * (/ -> /admin -> / for a non-admin). False when the event has gone to the server already.
   */
  private amend(last: RecordedEvent, to: string): "changed" | "dropped" | false {
    if (this.inFlight.has(last.key)) return false;
    let outcome = false as "changed" | "dropped" | false;
    let newKey = last.key;
    this.store.update((events) => {
      const out: NavigationEvent[] = [];
      for (const event of events) {
        if (eventKey(event) !== last.key || event.synced) {
          out.push(event);
        } else if (event.from === to) {
          outcome = "dropped";
        } else {
          const changed = { ...event, to };
          newKey = eventKey(changed);
          out.push(changed);
          outcome = "changed";
        }
      }
      return out;
    });
    this.lastRecorded = outcome === "changed" ? { ...last, key: newKey } : outcome === "dropped" ? null : last;
    return outcome;
  }

  // ---------------------------------------------------------------------------------------------
  // Syncing

  private unsyncedCount(): number {
    return this.visitor ? this.store.unsynced(this.visitor.userId).length : 0;
  }

  /** Starts a sync when 25 events wait (not again right after a failure: the timers retry). */
  private syncIfPiledUp(): void {
    if (!this.visitor) return;
    if (this.now() - this.lastFailureAt < NAVIGATION_TRACKING.periodicSyncMs) return;
    if (this.unsyncedCount() >= NAVIGATION_TRACKING.autoSyncThreshold) void this.sync();
  }

  /** Sends the current visitor's unsynced events (one sync at a time; a request meanwhile runs after it). */
  sync(): Promise<void> {
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.rerun = false;
        const visitor = this.visitor;
        if (!visitor) break;
        const startedAt = this.now();
        await this.announce();
        await this.sendPending(visitor, { keepalive: false });
        // After a failure the timers try again; no second attempt straight away.
        if (this.lastFailureAt >= startedAt) break;
      } while (this.rerun);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * Sends a visitor's unsynced events that are not already on their way. Normally batch after
   * batch, 100 ms apart, stopping at the first failure; when the page is unloading, all at once
   * as keep-alive requests, as many as the browser's keep-alive allowance takes.
   */
  private async sendPending(visitor: Visitor, { keepalive, unloading = false }: { keepalive: boolean; unloading?: boolean }) {
    const pending = this.store.unsynced(visitor.userId).filter((e) => !this.inFlight.has(eventKey(e)));
    if (pending.length === 0) return;
    const batches = toBatches(pending);
    if (unloading) {
      let budget: number = NAVIGATION_TRACKING.keepaliveBudgetBytes;
      for (const batch of batches) {
        const size = JSON.stringify(batch.map(toWire)).length + REQUEST_OVERHEAD_BYTES;
        if (size > budget) break;
        budget -= size;
        void this.sendBatch(visitor, batch, true);
      }
      return;
    }
    for (let i = 0; i < batches.length; i++) {
      if (i > 0) await sleep(NAVIGATION_TRACKING.batchGapMs);
      if (!(await this.sendBatch(visitor, batches[i], keepalive))) break;
    }
  }

  /** One syncNavigationEvents call; true when the server answered it. */
  private async sendBatch(visitor: Visitor, candidates: NavigationEvent[], keepalive: boolean): Promise<boolean> {
    // Another path (the page being hidden) may have sent some of these meanwhile.
    const stillPending = new Set(this.store.unsynced(visitor.userId).map(eventKey));
    const batch = candidates.filter((e) => stillPending.has(eventKey(e)) && !this.inFlight.has(eventKey(e)));
    if (batch.length === 0) return true;
    const keys = batch.map(eventKey);
    for (const key of keys) this.inFlight.add(key);
    try {
      const result = await this.transport.syncEvents(
        { sessionId: batch[0].sessionId, userId: visitor.userId, events: batch.map(toWire) },
        { token: visitor.token, keepalive },
      );
      const errors = (result.errors ?? []).filter((e): e is string => typeof e === "string");
      const refused = new Set<number>();
      const general: string[] = [];
      for (const error of errors) {
        const index = refusedIndex(error);
        if (index !== null && index >= 0 && index < batch.length) refused.add(index);
        else general.push(error);
      }
      const refusedKeys = new Set([...refused].map((i) => keys[i]));
      if (general.length > 0) {
        this.fail(`Navigation sync failed: ${general.join("; ")}`);
        return false;
      }
      const accepted = keys.filter((_, i) => !refused.has(i));
      if (result.syncedCount === accepted.length) {
        this.store.settle(new Set(accepted), refusedKeys);
      } else {
        // The answer does not add up: drop what was refused, send the rest again later.
        this.store.settle(new Set(), refusedKeys);
        this.fail(`Navigation sync: the server confirmed ${result.syncedCount ?? 0} of ${accepted.length} events; they will be sent again`);
      }
      if (refused.size > 0) {
        this.logger.warn(`Navigation sync: ${refused.size} event(s) refused and dropped: ${errors.join("; ")}`);
      }
      return true;
    } catch (error) {
      this.fail(`Navigation sync failed: ${messageOf(error)}`);
      return false;
    } finally {
      for (const key of keys) this.inFlight.delete(key);
    }
  }

  private fail(message: string): void {
    this.lastFailureAt = this.now();
    this.logger.warn(message);
  }

  /** syncUserSession for the start of this tab's session, once per session. */
  private announce(): Promise<void> {
    const visitor = this.visitor;
    const tab = this.readTab();
    if (!visitor || tab.userId !== visitor.userId || tab.announced) return Promise.resolve();
    if (this.announcing) {
      // One at a time; a call for an earlier session (the visitor changed) is followed by this one.
      return this.announcing.session === tab.id ? this.announcing.done : this.announcing.done.then(() => this.announce());
    }
    const done = (async () => {
      try {
        const result = await this.transport.syncSession(
          { sessionId: tab.id, userId: visitor.userId, startedAt: tab.startedAt, endedAt: null, userAgent: this.userAgent },
          { token: visitor.token },
        );
        if (result.success) {
          const current = this.readTab();
          if (current.id === tab.id) this.writeTab({ ...current, announced: true });
        } else {
          this.logger.warn(`Session sync failed: ${(result.errors ?? []).join("; ")}`);
        }
      } catch (error) {
        this.logger.warn(`Session sync failed: ${messageOf(error)}`);
      }
    })().finally(() => {
      this.announcing = null;
    });
    this.announcing = { session: tab.id, done };
    return done;
  }

  /** syncUserSession with an end time (the page is hidden or closed, or its visitor left). */
  private async endSession(visitor: Visitor, tab: TabSession, keepalive: boolean): Promise<void> {
    try {
      const result = await this.transport.syncSession(
        {
          sessionId: tab.id,
          userId: visitor.userId,
          startedAt: tab.startedAt,
          endedAt: new Date(Math.max(this.now(), Date.parse(tab.startedAt))).toISOString(),
          userAgent: this.userAgent,
        },
        { token: visitor.token, keepalive },
      );
      if (!result.success) this.logger.warn(`Session sync failed: ${(result.errors ?? []).join("; ")}`);
    } catch (error) {
      this.logger.warn(`Session sync failed: ${messageOf(error)}`);
    }
  }

  /** The page was hidden (or is being unloaded): everything goes now, as keep-alive requests. */
  private pageHidden(unloading: boolean): void {
    const visitor = this.visitor;
    if (!visitor) return;
    const tab = this.readTab();
    void this.sendPending(visitor, { keepalive: true, unloading });
    if (tab.userId === visitor.userId) void this.endSession(visitor, tab, true);
  }

  // ---------------------------------------------------------------------------------------------
  // Idle

  /** Navigation or input: the idle clock starts again. */
  private noteActivity(): void {
    this.lastActivity = this.now();
    if (this.idleTimer === undefined && this.detach) this.armIdle(NAVIGATION_TRACKING.idleSyncMs);
  }

  private armIdle(delay: number): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      const quiet = this.now() - this.lastActivity;
      if (quiet < NAVIGATION_TRACKING.idleSyncMs) {
        this.armIdle(NAVIGATION_TRACKING.idleSyncMs - quiet);
        return;
      }
      // Idle: sync once; the next activity arms the clock again.
      void this.sync();
    }, delay);
  }
}
