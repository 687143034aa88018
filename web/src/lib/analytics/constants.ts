// Every number of the navigation tracker in one place (spec sections 2, 7 and 9).

export const NAVIGATION_TRACKING = {
  /** Events per syncNavigationEvents call. */
  batchSize: 50,
  /** Pause between two batches of one sync. */
  batchGapMs: 100,
  /** A sync starts as soon as this many unsynced events have piled up. */
  autoSyncThreshold: 25,
  /** A sync every so often while the page is open. */
  periodicSyncMs: 30_000,
  /** A sync after this long without navigation or input. */
  idleSyncMs: 60_000,
  /** Events kept in localStorage (synced or not); the oldest go first. */
  maxEvents: 1000,
  /** Events older than this are dropped (the server refuses them too). */
  retentionMs: 30 * 24 * 60 * 60 * 1000,
  /**
   * A replacing navigation this soon after the previous one is a redirect (/things/x ->
   * /things/x/dashboard, /admin -> / for non-admins): it corrects the previous event instead of
   * adding one.
   */
  redirectMergeMs: 1000,
  /** The server's limits on one event. */
  maxTimeSpentMs: 86_400_000,
  maxPathLength: 500,
  /**
   * Body bytes sent with keepalive when the page is going away: browsers refuse keep-alive
   * requests beyond 64 KiB in flight, so the rest waits for the next visit.
   */
  keepaliveBudgetBytes: 60_000,
} as const;

/** Routes whose last-visited time is kept (spec section 2). */
export const LAST_VISITED_ROUTES: readonly string[] = ["/", "/activity", "/things", "/devices"];

/** Where the tracker keeps its state. */
export const ANALYTICS_STORAGE_KEYS = {
  /** localStorage: the navigation history (NavigationEvent[]). */
  events: "steward.navigation.events",
  /** localStorage: { [route]: ISO time } for LAST_VISITED_ROUTES. */
  lastVisited: "steward.navigation.lastVisited",
  /** sessionStorage: this tab's analytics session. */
  session: "steward.navigation.session",
} as const;
