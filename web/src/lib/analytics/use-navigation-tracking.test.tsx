// The hook in a router: each path change is recorded, redirects correct the event, the session's
// token decides the visitor, and the hook stays quiet in unit tests unless asked.
import { act, cleanup, render } from "@testing-library/react";
import { Navigate, Outlet } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders, type AppServices } from "../../App.tsx";
import { fakeAuth, guestToken, MemoryStorage, TEST_CONFIG, userSession } from "../../test/helpers.tsx";
import { NoticeStore } from "../notices.tsx";
import { SessionStore, type Session } from "../session.ts";
import { NavigationEventStore } from "./event-store.ts";
import { fakeServer } from "./test-server.ts";
import { NavigationTracker } from "./tracker.ts";
import { createFetchTransport } from "./transport.ts";
import { useNavigationTracking, visitorOf, type NavigationTrackingOptions } from "./use-navigation-tracking.ts";
import { memoryRoutes } from "../../test/router.tsx";

function renderTracked(session: Session | null, options: (t: NavigationTracker) => NavigationTrackingOptions) {
  const server = fakeServer();
  const tracker = new NavigationTracker({
    transport: createFetchTransport({ url: TEST_CONFIG.graphqlUrl, fetch: server.fetch }),
    store: new NavigationEventStore({ storage: new MemoryStorage() }),
    sessionStorage: new MemoryStorage(),
    logger: { warn: vi.fn() },
  });
  const sessionStore = new SessionStore({ storage: new MemoryStorage() });
  if (session) sessionStore.set(session);
  const services: AppServices = {
    config: TEST_CONFIG,
    sessionStore,
    auth: fakeAuth(),
    notices: new NoticeStore(),
    fetch: vi.fn(async () => new Response(JSON.stringify({ data: null }))),
  };
  function Layout() {
    useNavigationTracking(options(tracker));
    return <Outlet />;
  }
  const { element, router } = memoryRoutes(
    [
      {
        element: <Layout />,
        children: [
          { path: "/", element: <p>home</p> },
          { path: "/things", element: <p>things</p> },
          { path: "/things/:id", element: <Navigate to="dashboard" replace /> },
          { path: "/things/:id/dashboard", element: <p>dashboard</p> },
        ],
      },
    ],
    "/",
  );
  const view = render(<AppProviders services={services}>{element}</AppProviders>);
  return { ...view, router, tracker, server, sessionStore };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("useNavigationTracking", () => {
  it("records each path change under the session's visitor, with redirects folded in", async () => {
    const session = userSession();
    const { router, tracker, unmount } = renderTracked(session, (tracker) => ({ tracker }));
    await act(() => router.navigate("/things"));
    await act(() => router.navigate("/things?sort=name")); // Same path: not a navigation.
    await act(() => router.navigate("/things/42"));
    const events = tracker.store.all();
    expect(events.map((e) => [e.from, e.to])).toEqual([
      [null, "/"],
      ["/", "/things"],
      ["/things", "/things/42/dashboard"],
    ]);
    expect(events.every((e) => e.userId === "11111111-1111-4111-8111-111111111111")).toBe(true);
    expect(tracker.store.lastVisited()).toHaveProperty("/things");
    unmount();
  });

  it("is off in unit tests unless enabled", async () => {
    const { router, tracker, server, unmount } = renderTracked(userSession(), () => ({}));
    await act(() => router.navigate("/things"));
    expect(tracker.store.all()).toEqual([]);
    expect(server.requests).toEqual([]);
    unmount();
  });

  it("takes the visitor from the token's user_id, guests included, and none from an expired token", () => {
    const guest = guestToken({ user_id: "0b7d7a1e-0000-4000-8000-000000000009" });
    expect(visitorOf({ ...userSession(), token: guest })).toEqual({
      userId: "0b7d7a1e-0000-4000-8000-000000000009",
      token: guest,
    });
    expect(visitorOf({ ...userSession(), expiry: Date.now() - 1000 })).toBeNull();
    expect(visitorOf(null)).toBeNull();
  });
});
