import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { GraphQLRequestError } from "../../lib/api.ts";
import { ALICE, fakeAuth, guestSession, renderApp, userToken } from "../../test/helpers.tsx";

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fieldMessage(label: string): string | null {
  const input = screen.getByLabelText(label);
  const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains("field-error"));
  return error?.textContent ?? null;
}

describe("sign in", () => {
  it("validates fields on submit and says to check the details", async () => {
    const auth = fakeAuth();
    renderApp({ path: "/signin", session: guestSession(), auth });
    await screen.findByRole("heading", { level: 1, name: "Sign in" });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(fieldMessage("Username")).toBe("Username is required");
    expect(fieldMessage("Passphrase")).toBe("Passphrase is required");
    expect(screen.getByRole("alert").textContent).toBe("Check your details before submission");
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it("shows the server's message when sign-in fails", async () => {
    const auth = fakeAuth({
      signIn: vi.fn(async () => {
        throw new GraphQLRequestError("You entered incorrect details", 200, [
          { message: "You entered incorrect details", extensions: { code: "LOGIN" } },
        ]);
      }),
    });
    const app = renderApp({ path: "/signin", session: guestSession(), auth });
    await screen.findByRole("heading", { level: 1, name: "Sign in" });
    type("Username", "alice");
    type("Passphrase", "Wrong-pass1");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect((await screen.findByRole("alert")).textContent).toBe("You entered incorrect details");
    expect(auth.signIn).toHaveBeenCalledWith("alice", "Wrong-pass1", "localhost");
    expect(app.sessionStore.get()?.role).toBe("bk_anonymous");
  });

  it("signs in, stores the session with the profile and goes to next", async () => {
    const token = userToken();
    const auth = fakeAuth({ signIn: vi.fn(async () => token) });
    const app = renderApp({ path: "/signin?next=%2Faccount%2Fprofile", session: guestSession(), auth });
    await screen.findByRole("heading", { level: 1, name: "Sign in" });
    type("Username", " alice ");
    type("Passphrase", "Correct-horse1");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await screen.findByRole("heading", { level: 1, name: "Profile" });
    expect(app.location()).toBe("/account/profile");
    expect(auth.signIn).toHaveBeenCalledWith("alice", "Correct-horse1", "localhost");
    expect(auth.currentUser).toHaveBeenCalledWith(token);
    expect(app.sessionStore.get()).toMatchObject({ token, role: "bk_user", username: "alice", name: "Alice Smith" });
    expect(JSON.parse(app.storage.getItem("steward.session")!).token).toBe(token);
    expect(screen.getByRole("link", { name: "Alice Smith" })).toBeTruthy();
  });

  it("ignores a next that leaves the site", async () => {
    const app = renderApp({ path: "/signin?next=https%3A%2F%2Fevil.example", session: guestSession() });
    await screen.findByRole("heading", { level: 1, name: "Sign in" });
    type("Username", "alice");
    type("Passphrase", "Correct-horse1");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(app.location()).toBe("/"));
  });

  it("links to register and to the forgotten passphrase page", async () => {
    renderApp({ path: "/signin", session: guestSession() });
    await screen.findByRole("heading", { level: 1, name: "Sign in" });
    expect(screen.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe("/register");
    expect(screen.getByRole("link", { name: "Forgot your passphrase?" }).getAttribute("href")).toBe("/forgot-password");
  });
});

describe("register", () => {
  async function open(auth = fakeAuth(), path = "/register") {
    const app = renderApp({ path, session: guestSession(), auth });
    await screen.findByRole("heading", { level: 1, name: "Create an account" });
    return app;
  }

  function fillValid() {
    type("Name", "Alice Smith");
    type("Username", "alice");
    type("Email", "alice@example.org");
    type("Passphrase", "Correct-horse1");
    type("Confirm passphrase", "Correct-horse1");
  }

  it("validates each field as it changes", async () => {
    await open();
    type("Username", "1alice");
    expect(fieldMessage("Username")).toBe("Username must start with a letter");
    type("Username", "al__ice");
    expect(fieldMessage("Username")).toBe("Username cannot contain consecutive underscores or hyphens");
    type("Username", "alice");
    expect(fieldMessage("Username")).toBeNull();
    expect(screen.getByLabelText("Username").getAttribute("aria-invalid")).toBeNull();

    type("Name", "Al");
    expect(fieldMessage("Name")).toBe("Name must be between 3 and 255 characters");
    type("Email", "alice@example");
    expect(fieldMessage("Email")).toBe("Email must be a valid address");
    type("Passphrase", "correct-horse");
    expect(fieldMessage("Passphrase")).toBe("Passphrase must contain an uppercase letter");
    type("Confirm passphrase", "Correct-horse1");
    expect(fieldMessage("Confirm passphrase")).toBe("Passphrases do not match");
    type("Passphrase", "Correct-horse1");
    expect(fieldMessage("Confirm passphrase")).toBeNull();
  });

  it("validates a field when it is left empty", async () => {
    await open();
    fireEvent.blur(screen.getByLabelText("Email"));
    expect(fieldMessage("Email")).toBe("Email is required");
    expect(fieldMessage("Name")).toBeNull();
  });

  it("shows every message on submit and sends nothing", async () => {
    const auth = fakeAuth();
    await open(auth);
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(fieldMessage("Name")).toBe("Name is required");
    expect(fieldMessage("Username")).toBe("Username is required");
    expect(fieldMessage("Email")).toBe("Email is required");
    expect(fieldMessage("Passphrase")).toBe("Passphrase is required");
    expect(fieldMessage("Confirm passphrase")).toBe("This field is mandatory");
    expect(auth.signUp).not.toHaveBeenCalled();
  });

  it.each([
    ["Username already exists", "Username"],
    ["Email already exists", "Email"],
  ])("shows the server's %j", async (message, label) => {
    const auth = fakeAuth({
      signUp: vi.fn(async () => {
        throw new GraphQLRequestError(message, 200, [{ message }]);
      }),
    });
    await open(auth);
    fillValid();
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(fieldMessage(label)).toBe(message);
    type(label, label === "Email" ? "alice2@example.org" : "alice2");
    expect(fieldMessage(label)).toBeNull();
  });

  it("says registration failed when the server gives no message", async () => {
    const auth = fakeAuth({
      signUp: vi.fn(async () => {
        throw new GraphQLRequestError("", 500, []);
      }),
    });
    await open(auth);
    fillValid();
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Registration failed. Please try again.");
  });

  it("registers, signs in and lands on next", async () => {
    const token = userToken();
    const auth = fakeAuth({ signUp: vi.fn(async () => token) });
    const app = await open(auth, "/register?next=%2Fthings");
    fillValid();
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    await screen.findByRole("heading", { level: 1, name: "Things" });
    expect(app.location()).toBe("/things");
    expect(auth.signUp).toHaveBeenCalledWith({
      name: "Alice Smith",
      username: "alice",
      email: "alice@example.org",
      password: "Correct-horse1",
      domainName: "localhost",
    });
    expect(app.sessionStore.get()).toMatchObject({
      token,
      username: ALICE.username,
      name: ALICE.name,
      role: "bk_user",
    });
    expect(app.notices.get().some((n) => n.level === "positive" && n.message.includes("Welcome"))).toBe(true);
  });

  it("links to sign in", async () => {
    await open(fakeAuth(), "/register?next=%2Fmap");
    const links = screen.getAllByRole("link", { name: "Sign in" }).map((a) => a.getAttribute("href"));
    expect(links).toContain("/signin?next=%2Fmap");
  });
});

describe("signed-in users", () => {
  it("are sent on from the sign-in page", async () => {
    const app = renderApp({ path: "/signin?next=%2Fmap", session: { ...guestSession(), role: "bk_user" } });
    await waitFor(() => expect(app.location()).toBe("/map"));
    act(() => {});
  });
});
