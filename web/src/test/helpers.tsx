// Test helpers: fake tokens, in-memory storage, a fake auth API and the whole app on a memory router.
import { render } from "@testing-library/react";
import { vi } from "vitest";
import { STEWARD_BRANDING } from "../../../shared/branding.ts";
import { AppProviders, type AppServices } from "../App.tsx";
import type { AuthApi } from "../lib/session-calls.ts";
import type { AppConfig } from "../lib/config.ts";
import { NoticeStore } from "../lib/notices.tsx";
import { SessionStore, type CurrentUser, type Session, sessionFromToken } from "../lib/session.ts";
import { createGraphQLClient, type GraphQLClientOptions } from "../lib/graphql-client.ts";
import { buildRouteObjects } from "../routes/routes.tsx";
import { memoryRoutes } from "./router.tsx";

function base64Url(text: string): string {
  return Buffer.from(text, "utf8").toString("base64url");
}

/** An unsigned-looking HS256 JWT with these claims (the client never verifies). */
export function makeToken(claims: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${base64Url(JSON.stringify(claims))}.signature`;
}

const hour = 3600;
const nowSeconds = () => Math.floor(Date.now() / 1000);

export function guestToken(extra: Record<string, unknown> = {}): string {
  return makeToken({
    user_id: crypto.randomUUID(),
    role: "bk_anonymous",
    domain_name: "localhost",
    exp: nowSeconds() + 24 * hour,
    ...extra,
  });
}

export function userToken(extra: Record<string, unknown> = {}): string {
  return makeToken({
    user_id: "11111111-1111-4111-8111-111111111111",
    role: "bk_user",
    domain_name: "localhost",
    exp: nowSeconds() + 24 * hour,
    ...extra,
  });
}

export function userSession(extra: Partial<Session> = {}, claims: Record<string, unknown> = {}): Session {
  return { ...sessionFromToken(userToken(claims), "localhost"), username: "alice", name: "Alice Smith", ...extra };
}

export function guestSession(): Session {
  return sessionFromToken(guestToken(), "localhost");
}

export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

export const ALICE: CurrentUser = {
  id: "11111111-1111-4111-8111-111111111111",
  name: "Alice Smith",
  username: "alice",
  createdAt: "2026-01-02T03:04:05Z",
  hasImage: false,
  isVerified: true,
  notificationDaily: true,
  oneThingId: null,
  lastSignInAt: "2026-11-20T10:00:00Z",
  role: "bk_user",
  userEmailsByUserId: { nodes: [{ id: "e1", email: "alice@example.org", isPrimary: true, isVerified: true }] },
};

export function fakeAuth(overrides: Partial<AuthApi> = {}) {
  return {
    signInAsGuest: vi.fn(async () => guestToken()),
    signIn: vi.fn(async () => userToken()),
    signUp: vi.fn(async () => userToken()),
    signOut: vi.fn(async () => {}),
    currentUser: vi.fn(async () => ALICE),
    ...overrides,
  } satisfies AuthApi;
}

export const TEST_CONFIG: AppConfig = {
  graphqlUrl: "http://localhost/graphql",
  graphqlWsUrl: "ws://localhost/graphql",
  branding: STEWARD_BRANDING,
  domainName: "localhost",
  nearestMaxKm: 20,
};

export interface RenderAppOptions {
  path?: string;
  session?: Session | null;
  auth?: AuthApi;
  config?: AppConfig;
}

export function renderApp({ path = "/", session = null, auth = fakeAuth(), config = TEST_CONFIG }: RenderAppOptions = {}) {
  window.scrollTo = () => {};
  const storage = new MemoryStorage();
  const sessionStore = new SessionStore({ storage });
  if (session) sessionStore.set(session);
  const notices = new NoticeStore();
  const services: AppServices = {
    config,
    sessionStore,
    auth,
    notices,
    fetch: vi.fn(async () => new Response(JSON.stringify({ data: null }), { headers: { "content-type": "application/json" } })),
  };
  const { element, router } = memoryRoutes(buildRouteObjects(), path);
  const view = render(<AppProviders services={services}>{element}</AppProviders>);
  return { ...view, router, location: router.location, sessionStore, storage, notices, auth, services };
}

/**
 * The app's real GraphQL client, signed in as a member, talking to `fetch` (a test's fake server)
 * at http://api.test/graphql; `options` adds a storage, early answers, ...
 */
export function signedInClient(
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>,
  options: Partial<GraphQLClientOptions> = {},
) {
  const store = new SessionStore({ storage: new MemoryStorage() });
  store.set(sessionFromToken(userToken()));
  return createGraphQLClient({
    graphqlUrl: "http://api.test/graphql",
    graphqlWsUrl: "ws://api.test/graphql",
    domainName: "localhost",
    store,
    signInAsGuest: async () => guestToken(),
    fetch: fetch as typeof globalThis.fetch,
    ...options,
  });
}
