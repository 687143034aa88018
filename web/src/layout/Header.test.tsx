import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { BEE_BRANDING } from "../../../shared/branding.ts";
import { onBeforeSignOut } from "../lib/before-sign-out.ts";
import { TEST_CONFIG, fakeAuth, guestSession, makeToken, renderApp, userSession } from "../test/helpers.tsx";

describe("header", () => {
  it("shows the brand, the navigation and a sign-in link to guests", async () => {
    renderApp({ path: "/map", session: guestSession() });
    await screen.findByRole("heading", { level: 1, name: "Map" });
    const nav = screen.getByRole("navigation", { name: "Main" });
    const labels = within(nav)
      .getAllByRole("link")
      .map((a) => a.textContent);
    expect(labels).toEqual(expect.arrayContaining(["Home", "Map", "Things", "Devices", "Community", "Tasks", "Activity"]));
    expect(labels).not.toContain("Admin");
    expect(screen.getByRole("link", { name: "Steward home" })).toBeTruthy();
    expect(within(nav).getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/signin?next=%2Fmap");
    expect(within(nav).getByRole("link", { name: "Map" }).getAttribute("aria-current")).toBe("page");
    expect(screen.queryByRole("button", { name: "Sign out" })).toBeNull();
  });

  it("still draws the folded menu's links on a narrow screen, a frame after the page (issue 27)", async () => {
    vi.stubGlobal(
      "matchMedia",
      vi.fn((query: string) => ({ matches: query.includes("max-width"), media: query, addEventListener() {}, removeEventListener() {} })),
    );
    try {
      renderApp({ path: "/map", session: guestSession() });
      await screen.findByRole("heading", { level: 1, name: "Map" });
      const nav = screen.getByRole("navigation", { name: "Main", hidden: true });
      // In the first commit the folded menu is empty; a frame later its links are there.
      expect(await within(nav).findByRole("link", { name: "Things", hidden: true })).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("keeps the way back on Register too, so an invitation being followed is not lost (issue 22)", async () => {
    renderApp({ path: "/groups/accept?id=g1&code=abc", session: guestSession() });
    const nav = await screen.findByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Register" }).getAttribute("href")).toBe(
      `/register?next=${encodeURIComponent("/groups/accept?id=g1&code=abc")}`,
    );
  });

  it("makes a guest session on the first visit", async () => {
    const auth = fakeAuth();
    const app = renderApp({ path: "/", session: null, auth });
    await waitFor(() => expect(app.sessionStore.get()?.role).toBe("bk_anonymous"));
    expect(auth.signInAsGuest).toHaveBeenCalledWith("localhost");
    expect(auth.signInAsGuest).toHaveBeenCalledTimes(1);
  });

  it("shows the user's name and signs out into a guest session", async () => {
    const auth = fakeAuth();
    const app = renderApp({ path: "/things", session: userSession(), auth });
    await screen.findByRole("heading", { level: 1, name: "Things" });
    expect(screen.getByRole("link", { name: "Alice Smith" }).getAttribute("href")).toBe("/account/profile");
    const token = app.sessionStore.get()!.token;

    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(app.sessionStore.get()?.role).toBe("bk_anonymous"));
    expect(auth.signOut).toHaveBeenCalledWith(token);
    expect(await within(screen.getByRole("navigation", { name: "Main" })).findByRole("link", { name: "Sign in" })).toBeTruthy();
    expect(app.location()).toBe("/");
    expect(app.notices.get().map((n) => n.message)).toContain("You have signed out.");
  });

  it("lets the before-sign-out work finish with the token before signing out on the server", async () => {
    const order: string[] = [];
    const auth = fakeAuth({ signOut: vi.fn(async () => void order.push("signOut")) });
    // The work is still going (held open by the test) when the sign-out starts, and finishes
    // only once the test lets it: the server's sign-out must wait for it.
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let started = false;
    const off = onBeforeSignOut(async () => {
      started = true;
      await held;
      order.push("flushed");
    });
    try {
      const app = renderApp({ path: "/", session: userSession(), auth });
      fireEvent.click(await screen.findByRole("button", { name: "Sign out" }));
      await waitFor(() => expect(started).toBe(true));
      finish();
      await waitFor(() => expect(app.sessionStore.get()?.role).toBe("bk_anonymous"));
      expect(order).toEqual(["flushed", "signOut"]);
    } finally {
      off();
    }
  });

  it("still signs out locally when the server call fails", async () => {
    const auth = fakeAuth({
      signOut: vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    });
    const app = renderApp({ path: "/", session: userSession(), auth });
    fireEvent.click(await screen.findByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(app.sessionStore.get()?.role).toBe("bk_anonymous"));
  });

  it("turns into a guest page when the token expires, with a notice", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const exp = Math.floor(Date.now() / 1000) + 2;
      const app = renderApp({ path: "/", session: userSession({}, { exp }) });
      await screen.findByRole("button", { name: "Sign out" });
      await act(async () => {
        vi.advanceTimersByTime(2500);
      });
      await waitFor(() => expect(app.sessionStore.get()?.role).toBe("bk_anonymous"));
      expect(app.notices.get().map((n) => n.message)).toContain("Your session has ended. Please sign in again.");
    } finally {
      vi.useRealTimers();
    }
  });

  it("signs out from a page that needs sign-in to the home page", async () => {
    const app = renderApp({ path: "/account/profile", session: userSession() });
    fireEvent.click(await screen.findByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(app.sessionStore.get()?.role).toBe("bk_anonymous"));
    expect(app.location()).toBe("/");
    expect(app.router.historyAction()).toBe("PUSH");
  });

  it("keeps the next parameter in the sign-in link of the auth screens", async () => {
    renderApp({ path: "/register?next=%2Fmap", session: guestSession() });
    const nav = await screen.findByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/signin?next=%2Fmap");
  });

  it("shows the admin link to admins", async () => {
    renderApp({ path: "/", session: userSession({ role: "bk_admin" }, { role: "bk_admin" }) });
    const nav = await screen.findByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Admin" }).getAttribute("href")).toBe("/admin");
  });

  it("uses the bee variant's words", async () => {
    renderApp({ path: "/things", session: guestSession(), config: { ...TEST_CONFIG, branding: BEE_BRANDING } });
    await screen.findByRole("heading", { level: 1, name: "Cafes" });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Cafes" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Bee Cafe home" })).toBeTruthy();
  });

  it("refreshes the signed-in user's profile on load", async () => {
    const auth = fakeAuth();
    const app = renderApp({ path: "/", session: userSession({ name: "Old Name" }), auth });
    await waitFor(() => expect(app.sessionStore.get()?.name).toBe("Alice Smith"));
    expect(auth.currentUser).toHaveBeenCalledTimes(1);
  });

  it("does not use a stored token that has already expired", async () => {
    const auth = fakeAuth();
    const expired = makeToken({ user_id: "u1", role: "bk_user", exp: Math.floor(Date.now() / 1000) - 60 });
    const app = renderApp({
      path: "/",
      session: { ...userSession(), token: expired, expiry: Date.now() - 60_000 },
      auth,
    });
    await waitFor(() => expect(app.sessionStore.get()?.role).toBe("bk_anonymous"));
    expect(await within(screen.getByRole("navigation", { name: "Main" })).findByRole("link", { name: "Sign in" })).toBeTruthy();
  });
});

describe("a token the server rejects", () => {
  it("ends the session when the server no longer knows the signed-in user (revoked session)", async () => {
    const auth = fakeAuth({ currentUser: vi.fn(async () => null) });
    const app = renderApp({ path: "/", session: userSession(), auth });
    await waitFor(() => expect(app.sessionStore.get()?.role).toBe("bk_anonymous"));
  });

  it("ends the session when the profile refresh answers 401", async () => {
    const { GraphQLRequestError } = await import("../lib/api.ts");
    const auth = fakeAuth({
      currentUser: vi.fn(async () => {
        throw new GraphQLRequestError("Invalid token", 401, [{ message: "Invalid token" }]);
      }),
    });
    const app = renderApp({ path: "/", session: userSession(), auth });
    await waitFor(() => expect(app.sessionStore.get()?.role).toBe("bk_anonymous"));
    expect(app.notices.get().map((n) => n.message)).toContain("Your session has ended. Please sign in again.");
  });

  it("tells a German reader in German, though the session raises it outside the language's reach (issue 25)", async () => {
    localStorage.setItem("steward.language", "de");
    try {
      const { GraphQLRequestError } = await import("../lib/api.ts");
      const auth = fakeAuth({
        currentUser: vi.fn(async () => {
          throw new GraphQLRequestError("Invalid token", 401, [{ message: "Invalid token" }]);
        }),
      });
      renderApp({ path: "/", session: userSession(), auth });
      expect(await screen.findByText("Deine Sitzung ist abgelaufen. Bitte melde dich wieder an.")).toBeTruthy();
    } finally {
      localStorage.removeItem("steward.language");
    }
  });
});
