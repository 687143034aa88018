import { describe, expect, it, vi } from "vitest";
import { ALICE, MemoryStorage, guestToken, makeToken, userToken } from "../test/helpers.tsx";
import {
  SESSION_STORAGE_KEY,
  SessionStore,
  isAdmin,
  isExpired,
  isSignedIn,
  parseSession,
  sessionFromToken,
  withCurrentUser,
} from "./session.ts";

describe("sessionFromToken", () => {
  it("reads id, role, expiry and domain from the claims", () => {
    const token = makeToken({ user_id: "u1", role: "bk_user", exp: 1_900_000_000, domain_name: "bee.localhost" });
    expect(sessionFromToken(token, "fallback")).toMatchObject({
      token,
      id: "u1",
      role: "bk_user",
      expiry: 1_900_000_000_000,
      domainName: "bee.localhost",
      username: "",
      emails: [],
      location: null,
      oneThingId: null,
    });
  });

  it("makes up what the token lacks", () => {
    const session = sessionFromToken(makeToken({}), "localhost");
    expect(session.id).toMatch(/\S{8,}/);
    expect(session.role).toBe("");
    expect(session.expiry).toBeNull();
    expect(session.domainName).toBe("localhost");
  });
});

describe("roles and expiry", () => {
  const at = (role: string, exp = 2_000_000_000) => sessionFromToken(makeToken({ user_id: "u", role, exp }));
  it("counts '' and bk_anonymous as not signed in", () => {
    expect(isSignedIn(at(""))).toBe(false);
    expect(isSignedIn(at("bk_anonymous"))).toBe(false);
    expect(isSignedIn(null)).toBe(false);
    expect(isSignedIn(at("bk_user"))).toBe(true);
    expect(isSignedIn(at("bk_admin"))).toBe(true);
    expect(isSignedIn(at("some_other_role"))).toBe(true);
  });

  it("knows admins", () => {
    expect(isAdmin(at("bk_admin"))).toBe(true);
    expect(isAdmin(at("bk_user"))).toBe(false);
    expect(isAdmin(at("bk_admin", 1))).toBe(false);
  });

  it("checks the expiry time", () => {
    const session = at("bk_user", 1000);
    expect(isExpired(session, 999_999)).toBe(false);
    expect(isExpired(session, 1_000_000)).toBe(true);
    expect(isSignedIn(session, 1_000_001)).toBe(false);
  });
});

describe("withCurrentUser", () => {
  it("fills in the profile and keeps the token's role", () => {
    const session = withCurrentUser(sessionFromToken(userToken()), { ...ALICE, role: "bk_admin" });
    expect(session).toMatchObject({
      name: "Alice Smith",
      username: "alice",
      isVerified: true,
      notificationDaily: true,
      created: ALICE.createdAt,
      lastSignIn: ALICE.lastSignInAt,
      emails: [{ id: "e1", email: "alice@example.org", isPrimary: true, isVerified: true }],
      role: "bk_user",
    });
  });
});

describe("parseSession", () => {
  it("rejects what is not a session", () => {
    expect(parseSession(null)).toBeNull();
    expect(parseSession("not json")).toBeNull();
    expect(parseSession("[]")).toBeNull();
    expect(parseSession(JSON.stringify({ id: "x" }))).toBeNull();
  });

  it("round-trips a session", () => {
    const session = { ...withCurrentUser(sessionFromToken(userToken()), ALICE), location: { x: 51.45, y: -0.97 } };
    expect(parseSession(JSON.stringify(session))).toEqual(session);
  });
});

describe("SessionStore", () => {
  it("keeps the session in storage", () => {
    const storage = new MemoryStorage();
    const store = new SessionStore({ storage });
    expect(store.get()).toBeNull();
    const session = sessionFromToken(userToken());
    store.set(session);
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY)!)).toEqual(session);
    expect(new SessionStore({ storage }).get()).toEqual(session);
    store.set(null);
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("gives the same object until the session changes", () => {
    const store = new SessionStore({ storage: new MemoryStorage() });
    store.set(sessionFromToken(userToken()));
    expect(store.get()).toBe(store.get());
  });

  it("tells subscribers and drop listeners", () => {
    const store = new SessionStore({ storage: new MemoryStorage() });
    const listener = vi.fn();
    const dropped = vi.fn();
    store.subscribe(listener);
    store.onDrop(dropped);
    const session = sessionFromToken(userToken());
    store.set(session);
    store.drop("signout");
    expect(listener).toHaveBeenCalledTimes(2);
    expect(dropped).toHaveBeenCalledWith("signout", session);
  });

  it("drops an expired token before it is used", () => {
    let now = 1_000_000;
    const store = new SessionStore({ storage: new MemoryStorage(), now: () => now });
    const dropped = vi.fn();
    store.onDrop(dropped);
    store.set(sessionFromToken(makeToken({ user_id: "u", role: "bk_user", exp: 2000 })));
    expect(store.validToken()).toBeTruthy();
    now = 2_000_000;
    expect(store.validToken()).toBeNull();
    expect(store.get()).toBeNull();
    expect(dropped).toHaveBeenCalledWith("expired", expect.objectContaining({ id: "u" }));
  });

  it("follows other tabs through the storage event", () => {
    const storage = new MemoryStorage();
    const store = new SessionStore({ storage });
    const target = new EventTarget();
    const detach = store.attach(target as unknown as Window);
    const listener = vi.fn();
    store.subscribe(listener);

    // Another tab signs in.
    const other = sessionFromToken(userToken());
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(other));
    target.dispatchEvent(new StorageEvent("storage", { key: SESSION_STORAGE_KEY }));
    expect(store.get()).toEqual(other);
    expect(listener).toHaveBeenCalledTimes(1);

    // Unrelated keys are ignored; clearing all storage (key null) is not.
    target.dispatchEvent(new StorageEvent("storage", { key: "something-else" }));
    expect(listener).toHaveBeenCalledTimes(1);
    storage.clear();
    target.dispatchEvent(new StorageEvent("storage", { key: null }));
    expect(store.get()).toBeNull();

    detach();
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(other));
    target.dispatchEvent(new StorageEvent("storage", { key: SESSION_STORAGE_KEY }));
    expect(store.get()).toBeNull();
  });

  it("makes one guest session however many callers wait for it", async () => {
    const store = new SessionStore({ storage: new MemoryStorage() });
    const token = guestToken();
    const create = vi.fn(async () => token);
    const [a, b] = await Promise.all([store.ensure(create, "localhost"), store.ensure(create, "localhost")]);
    expect(create).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    expect(store.get()?.role).toBe("bk_anonymous");
    // A valid session is kept.
    await store.ensure(create, "localhost");
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("does not let a late guest token replace a user who signed in meanwhile", async () => {
    const store = new SessionStore({ storage: new MemoryStorage() });
    let resolveGuest!: (token: string) => void;
    const pending = store.ensure(() => new Promise<string>((resolve) => (resolveGuest = resolve)));
    const user = sessionFromToken(userToken());
    store.set(user);
    resolveGuest(guestToken());
    expect(await pending).toEqual(user);
    expect(store.get()).toEqual(user);
  });

  it("survives storage that throws", () => {
    const broken = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("full");
      },
      removeItem: () => {
        throw new Error("blocked");
      },
    } as unknown as Storage;
    const store = new SessionStore({ storage: broken });
    const session = sessionFromToken(userToken());
    store.set(session);
    expect(store.get()).toEqual(session);
  });
});
