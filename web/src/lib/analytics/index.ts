// Navigation analytics on the client: the tracker, its history in localStorage and its constants.
export { ANALYTICS_STORAGE_KEYS, LAST_VISITED_ROUTES, NAVIGATION_TRACKING } from "./constants.ts";
export { eventKey, lastVisitedAt, NavigationEventStore, type NavigationEvent } from "./event-store.ts";
export { NavigationTracker, type Visitor } from "./tracker.ts";
export { createFetchTransport, type SyncTransport } from "./transport.ts";
export { getPageTracker, useNavigationTracking, visitorOf } from "./use-navigation-tracking.ts";
