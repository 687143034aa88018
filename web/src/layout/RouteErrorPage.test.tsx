// A screen that fails shows the error page in its place, under the app's own declarative router
// (App.tsx), and going elsewhere clears it; a layout that fails shows the page on its own.
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App, type AppServices } from "../App.tsx";
import { NoticeStore } from "../lib/notices.tsx";
import { SessionStore } from "../lib/session.ts";
import { buildRouteObjects, type AppRoute } from "../routes/routes.tsx";
import { RouteErrorBoundary } from "./RouteErrorPage.tsx";
import { MemoryStorage, TEST_CONFIG, fakeAuth } from "../test/helpers.tsx";

function Broken(): never {
  throw new Error("The screen broke");
}

const ROUTES: AppRoute[] = [
  { kind: "screen", path: "/", title: "title.home", access: "public", screen: async () => ({ default: () => <h1>Home screen</h1> }) },
  { kind: "screen", path: "/broken", title: "title.map", access: "public", screen: async () => ({ default: Broken }) },
  {
    kind: "screen",
    path: "/gone",
    title: "title.map",
    access: "public",
    // A chunk that no longer exists after a deploy.
    screen: () => Promise.reject(new Error("Failed to fetch dynamically imported module")),
  },
];

function renderAt(path: string, routes = buildRouteObjects(ROUTES)) {
  window.history.replaceState(null, "", path);
  const services: AppServices = {
    config: TEST_CONFIG,
    sessionStore: new SessionStore({ storage: new MemoryStorage() }),
    auth: fakeAuth(),
    notices: new NoticeStore(),
    fetch: vi.fn(async () => new Response(JSON.stringify({ data: null }), { headers: { "content-type": "application/json" } })),
  };
  return render(<App services={services} routes={routes} />);
}

describe("the route error page", () => {
  beforeEach(() => {
    window.scrollTo = () => {};
    // React reports every error a boundary catches; these are expected.
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, "", "/");
  });

  it("takes the place of a screen that throws, under the header, and goes when the person goes home", async () => {
    renderAt("/broken");
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByText("The screen broke")).toBeTruthy();
    // The layout stays: the header's home link is still there.
    expect(screen.getByRole("banner")).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "Go to the home page" }));
    expect(await screen.findByRole("heading", { name: "Home screen" })).toBeTruthy();
    expect(screen.queryByText("Something went wrong")).toBeNull();
  });

  it("takes the place of a screen whose code cannot be loaded", async () => {
    renderAt("/gone");
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByText("Failed to fetch dynamically imported module")).toBeTruthy();
  });

  it("stands alone when the layout itself fails", async () => {
    // As routes.tsx wraps the main layout, with a layout that throws.
    renderAt("/", [
      {
        path: "/",
        element: (
          <RouteErrorBoundary standalone>
            <Broken />
          </RouteErrorBoundary>
        ),
      },
    ]);
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.queryByRole("banner")).toBeNull();
    expect(document.querySelector("main.error-page")).toBeTruthy();
  });

  it("leaves a screen that renders alone", async () => {
    renderAt("/");
    expect(await screen.findByRole("heading", { name: "Home screen" })).toBeTruthy();
    await act(async () => {});
    expect(screen.queryByText("Something went wrong")).toBeNull();
  });
});
