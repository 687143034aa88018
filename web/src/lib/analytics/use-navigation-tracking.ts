// Starts the navigation tracker for the page and feeds it each route change (spec section 2:
// "after each navigation the visit is tracked") and the session's visitor. Used once, by the
// main layout.
import { useEffect, useMemo } from "react";
import { NavigationType, useLocation, useNavigationType } from "react-router";
import { onBeforeSignOut } from "../before-sign-out.ts";
import { useAppConfig } from "../config-context.tsx";
import { decodeToken } from "../jwt.ts";
import { useSession } from "../session-context.tsx";
import { isExpired, type Session } from "../session.ts";
import { NavigationEventStore } from "./event-store.ts";
import { NavigationTracker, type Visitor } from "./tracker.ts";
import { createFetchTransport, type SendOptions, type SyncTransport } from "./transport.ts";
import { whenFirstScreenShown } from "../first-screen.ts";

/**
 * Unit tests render the whole app many times with fake clients; the tracker would send real
 * requests from each. It stays off there unless a test passes `enabled` (or its own tracker).
 */
const ENABLED_BY_DEFAULT = import.meta.env.MODE !== "test";

/** The visitor a session's token speaks for: its user_id claim (a guest's random id included). */
export function visitorOf(session: Session | null | undefined): Visitor | null {
  if (!session?.token || isExpired(session)) return null;
  const userId = decodeToken(session.token)?.user_id;
  return userId ? { userId, token: session.token } : null;
}

function safely<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

/**
 * Analytics waits for the first screen's data (lib/first-screen.ts): on a phone's first load it
 * shared the line with the queries the screen waited for. A send that must outlive the page
 * (keepalive: hidden or closing) goes at once.
 */
function afterFirstScreen(transport: SyncTransport): SyncTransport {
  const ready = (options: SendOptions) => (options.keepalive ? Promise.resolve() : whenFirstScreenShown());
  return {
    syncEvents: (input, options) => ready(options).then(() => transport.syncEvents(input, options)),
    syncSession: (input, options) => ready(options).then(() => transport.syncSession(input, options)),
  };
}

let pageTracker: { url: string; tracker: NavigationTracker } | null = null;

/** The page's one tracker (created on first use, for the configured endpoint). */
export function getPageTracker(graphqlUrl: string): NavigationTracker {
  if (pageTracker?.url !== graphqlUrl) {
    pageTracker?.tracker.stop();
    pageTracker = {
      url: graphqlUrl,
      tracker: new NavigationTracker({
        transport: afterFirstScreen(createFetchTransport({ url: graphqlUrl })),
        store: new NavigationEventStore({ storage: safely(() => window.localStorage) }),
        sessionStorage: safely(() => window.sessionStorage),
        window,
        document,
        userAgent: safely(() => navigator.userAgent),
      }),
    };
  }
  return pageTracker.tracker;
}

export interface NavigationTrackingOptions {
  /** Off in unit tests unless asked for; on everywhere else. */
  enabled?: boolean;
  /** A tracker of the test's own (implies enabled). */
  tracker?: NavigationTracker;
}

export function useNavigationTracking(options: NavigationTrackingOptions = {}): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const { session } = useSession();
  const { graphqlUrl } = useAppConfig();
  const enabled = options.tracker ? true : (options.enabled ?? ENABLED_BY_DEFAULT);
  const tracker = enabled ? (options.tracker ?? getPageTracker(graphqlUrl)) : null;

  useEffect(() => tracker?.start(), [tracker]);
  // Signing out revokes the token; what it has not synced goes first (the server files events
  // only for a live session).
  useEffect(() => (tracker ? onBeforeSignOut(() => tracker.flush()) : undefined), [tracker]);

  const token = session && !isExpired(session) ? session.token : null;
  // The visitor changes only with the token (not with profile updates of the session).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the visitor changes only with the token, not with profile updates of the session
  const visitor = useMemo(() => visitorOf(session), [token]);
  useEffect(() => {
    tracker?.setVisitor(visitor);
  }, [tracker, visitor]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: records a navigation when the location changes; the navigation type is read at that moment
  useEffect(() => {
    tracker?.record(location.pathname, { replace: navigationType === NavigationType.Replace });
    // Only the path counts as a navigation; the type is read as it stands when the path changes.
  }, [tracker, location.pathname]);
}
