import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { paths, safeNext } from "./paths.ts";
import { ROUTES, type AppRoute } from "./routes.tsx";
import { guestSession, renderApp, userSession } from "../test/helpers.tsx";

async function heading() {
  const h1 = await screen.findByRole("heading", { level: 1 });
  return h1.textContent;
}

/** Every path the table knows, with its parameters filled in. */
function allPaths(routes: readonly AppRoute[], parent = ""): string[] {
  return routes.flatMap((route) => {
    const path = route.path.startsWith("/") || route.path === "*" ? route.path : `${parent}/${route.path}`.replace(/\/$/, "");
    const here = route.kind === "screen" && route.children ? allPaths(route.children, path) : [path];
    return here;
  });
}

describe("route table", () => {
  it("covers every route of spec section 2", () => {
    const table = new Set(allPaths(ROUTES));
    const spec = [
      "/",
      "/map",
      "/signin",
      "/register",
      "/verify",
      "/forgot-password",
      "/reset",
      "/about",
      "/account",
      "/account/profile",
      "/account/passphrase",
      "/account/emails",
      "/account/badges",
      "/account/things",
      "/account/devices",
      "/account/users",
      "/account/delete-account",
      "/account/delete",
      "/form",
      "/admin",
      "/community",
      "/users",
      "/users/new",
      "/users/:id",
      "/users/:id/:tab",
      "/groups",
      "/groups/accept",
      "/groups/new",
      "/groups/:id",
      "/groups/:id/:tab",
      "/groups/:id/settings",
      "/groups/:id/membership",
      "/activity",
      "/tasks",
      "/tasks/new",
      "/things",
      "/things/search",
      "/things/nearest",
      "/things/accept",
      "/things/new",
      "/things/:id",
      "/things/:id/:tab",
      "/things/:id/edit",
      "/things/:id/settings",
      "/things/:id/action",
      "/things/:id/collaborate",
      "/devices",
      "/devices/accept",
      "/devices/new",
      "/devices/:id",
      "/devices/:id/edit",
      "/devices/:id/settings",
      "/rainfall/:id",
      "/scorer",
      "*",
    ];
    for (const path of spec) expect(table, path).toContain(path);
  });

  it("marks the auth-only routes of the brief", () => {
    const access = new Map<string, string>();
    const walk = (routes: readonly AppRoute[], parent = "") => {
      for (const route of routes) {
        const path = route.path.startsWith("/") || route.path === "*" ? route.path : `${parent}/${route.path}`.replace(/\/$/, "");
        access.set(path, route.access);
        if (route.kind === "screen" && route.children) walk(route.children, path);
      }
    };
    walk(ROUTES);
    const authOnly = [
      "/about",
      "/account",
      "/account/profile",
      "/account/delete",
      "/form",
      "/groups/new",
      "/groups/:id/settings",
      "/groups/:id/membership",
      "/things/new",
      "/things/:id/edit",
      "/things/:id/settings",
      "/things/:id/action",
      "/things/:id/collaborate",
      "/devices/new",
      "/devices/:id/edit",
      "/devices/:id/settings",
      "/tasks/new",
      "/users/new",
    ];
    for (const path of authOnly) expect(access.get(path), path).toBe("auth");
    expect(access.get("/admin")).toBe("admin");
    for (const path of ["/", "/map", "/signin", "/register", "/things", "/devices", "/community", "/scorer", "*"]) {
      expect(access.get(path), path).toBe("public");
    }
  });
});

describe("routing", () => {
  it("shows the not-found page with a link home for unknown paths", async () => {
    const app = renderApp({ path: "/no/such/page", session: guestSession() });
    expect(await heading()).toBe("Page not found");
    const home = screen.getByRole("link", { name: "Go to the home page" });
    expect(home.getAttribute("href")).toBe("/");
    expect(app.location()).toBe("/no/such/page");
  });

  it("sends guests from auth-only routes to sign in, keeping path and query", async () => {
    const app = renderApp({ path: "/account/profile", session: guestSession() });
    expect(await heading()).toBe("Sign in");
    expect(app.location()).toBe("/signin?next=%2Faccount%2Fprofile");

    cleanup();
    const other = renderApp({ path: "/things/abc/edit?x=1", session: null });
    await screen.findByRole("heading", { level: 1, name: "Sign in" });
    expect(other.location()).toBe(`/signin?next=${encodeURIComponent("/things/abc/edit?x=1")}`);
  });

  it.each([
    "/about",
    "/form",
    "/groups/new",
    "/groups/g1/settings",
    "/groups/g1/membership",
    "/things/new",
    "/things/t1/settings",
    "/things/t1/action",
    "/things/t1/collaborate",
    "/devices/new",
    "/devices/d1/edit",
    "/devices/d1/settings",
    "/tasks/new",
    "/users/new",
  ])("needs sign-in for %s", async (path) => {
    const app = renderApp({ path, session: guestSession() });
    await screen.findByRole("heading", { level: 1, name: "Sign in" });
    expect(app.location()).toBe(`/signin?next=${encodeURIComponent(path)}`);
  });

  it("lets signed-in users through to auth-only routes", async () => {
    const app = renderApp({ path: "/account/profile", session: userSession() });
    expect(await heading()).toBe("Profile");
    expect(app.location()).toBe("/account/profile");
    expect(screen.getByRole("navigation", { name: "Account" })).toBeTruthy();
  });

  it("opens the profile for /account", async () => {
    const app = renderApp({ path: "/account", session: userSession() });
    expect(await heading()).toBe("Profile");
    expect(app.location()).toBe("/account/profile");
  });

  it("sends non-admins from /admin home and guests to sign in", async () => {
    const user = renderApp({ path: "/admin", session: userSession() });
    await waitFor(() => expect(user.location()).toBe("/"));
    // The redirect says why (issue 22).
    expect(user.notices.get().map((n) => n.message)).toContain("Only administrators can open the admin dashboard.");
    cleanup();
    const guest = renderApp({ path: "/admin", session: guestSession() });
    await waitFor(() => expect(guest.location()).toBe("/signin?next=%2Fadmin"));
    cleanup();
    const admin = renderApp({ path: "/admin", session: userSession({ role: "bk_admin" }, { role: "bk_admin" }) });
    expect(await heading()).toBe("Admin");
    expect(admin.location()).toBe("/admin");
    expect(screen.getByRole("link", { name: "Admin" })).toBeTruthy();
  });

  it.each([
    ["/users/u1", "/users/u1/dashboard"],
    ["/users/u1/badges", "/users/u1/badges"],
    ["/users/u1/nope", "/users/u1/dashboard"],
    ["/groups/g1", "/groups/g1/dashboard"],
    ["/groups/g1/members", "/groups/g1/members"],
    ["/groups/g1/collaborators", "/groups/g1/dashboard"],
    ["/things/t1", "/things/t1/dashboard"],
    ["/things/t1/readings", "/things/t1/readings"],
    ["/things/t1/soilscape", "/things/t1/soilscape"],
    ["/things/t1/members", "/things/t1/dashboard"],
    ["/things/t1?from=map", "/things/t1/dashboard?from=map"],
  ])("routes %s to %s", async (from, to) => {
    const app = renderApp({ path: from, session: guestSession() });
    await screen.findByRole("heading", { level: 1 });
    await waitFor(() => expect(app.location()).toBe(to));
  });

  it.each([
    ["/", "Welcome to Steward"],
    ["/map", "Map"],
    ["/register", "Create an account"],
    ["/verify", "Verify your e-mail"],
    ["/forgot-password", "Forgot your passphrase?"],
    ["/reset", "Reset your passphrase"],
    ["/community", "Community"],
    ["/users", "Users"],
    ["/groups", "Groups"],
    ["/groups/accept", "Join a group"],
    ["/activity", "Activity"],
    ["/tasks", "Tasks"],
    ["/things", "Things"],
    ["/things/search", "Search things"],
    ["/things/nearest", "Nearest thing"],
    ["/things/accept", "Accept a thing invitation"],
    ["/devices", "Devices"],
    ["/devices/accept", "Accept a device invitation"],
    ["/devices/d1", "Device not found"],
    ["/rainfall/r1", "Rainfall station"],
    ["/scorer", "Scorer"],
  ])("shows %s to guests", async (path, title) => {
    const app = renderApp({ path, session: guestSession() });
    expect(await heading()).toBe(title);
    expect(app.location()).toBe(path);
  });

  it("sets the document title from the table", async () => {
    renderApp({ path: "/things", session: guestSession() });
    await screen.findByRole("heading", { level: 1, name: "Things" });
    await waitFor(() => expect(document.title).toBe("Things · Steward"));
  });

  it("leaves a screen that needs sign-in when the user signs out in another tab", async () => {
    const app = renderApp({ path: "/account/profile", session: userSession() });
    expect(await heading()).toBe("Profile");
    act(() => {
      app.storage.removeItem("steward.session");
      window.dispatchEvent(new StorageEvent("storage", { key: "steward.session" }));
    });
    await waitFor(() => expect(app.location()).toBe("/signin?next=%2Faccount%2Fprofile"));
  });
});

describe("paths and safeNext", () => {
  it("build links", () => {
    expect(paths.signIn("/account/profile")).toBe("/signin?next=%2Faccount%2Fprofile");
    expect(paths.signIn("/")).toBe("/signin");
    expect(paths.thing("a b", "readings")).toBe("/things/a%20b/readings");
    expect(paths.user("u1")).toBe("/users/u1/dashboard");
  });

  it("only allows local paths as next", () => {
    expect(safeNext("/things/1?x=2")).toBe("/things/1?x=2");
    expect(safeNext(null)).toBe("/");
    expect(safeNext("https://evil.example")).toBe("/");
    expect(safeNext("//evil.example")).toBe("/");
    expect(safeNext("/\\evil.example")).toBe("/");
    expect(safeNext("javascript:alert(1)")).toBe("/");
  });
});
