// The whole app (or one element) on a memory router, with a fake GraphQL endpoint that answers by
// operation name: a reply, or a function of the variables (sync or async). Screen tests of every
// feature use it through their own small test-utils.
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, type RouteObject } from "react-router";
import { RouterProvider } from "react-router/dom";
import { vi } from "vitest";
import { AppProviders, type AppServices } from "../App.tsx";
import { NoticeStore } from "../lib/notices.tsx";
import { SessionStore, type Session } from "../lib/session.ts";
import { buildRouteObjects } from "../routes/routes.tsx";
import type { AppConfig } from "../lib/config.ts";
import { fakeAuth, MemoryStorage, TEST_CONFIG } from "./helpers.tsx";

export type Reply = { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] };
export type Handler = Reply | ((variables: Record<string, unknown>) => Reply | Promise<Reply>);

export function failure(message: string, code?: string): Reply {
  return { data: null, errors: [{ message, ...(code ? { extensions: { code } } : {}) }] };
}

export interface FakeApiOptions {
  /** What an operation without a handler gets: an error (default) or an empty answer. */
  unknown?: "fail" | "empty";
  /** Routes to render instead of the app's own. */
  routes?: RouteObject[];
  /** Configuration instead of TEST_CONFIG (run-time settings such as nearestMaxKm). */
  config?: AppConfig;
}

export function renderWithFakeApi(path: string, session: Session | null, handlers: Record<string, Handler>, options: FakeApiOptions = {}) {
  window.scrollTo = () => {};
  const storage = new MemoryStorage();
  const sessionStore = new SessionStore({ storage });
  if (session) sessionStore.set(session);
  const notices = new NoticeStore();
  const calls: { operationName: string; variables: Record<string, unknown> }[] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? "{}")) as { operationName: string; variables?: Record<string, unknown> };
    const variables = body.variables ?? {};
    calls.push({ operationName: body.operationName, variables });
    const handler = handlers[body.operationName];
    const reply: Reply = !handler
      ? options.unknown === "empty"
        ? { data: null }
        : failure(`No fake answer for ${body.operationName}`)
      : typeof handler === "function"
        ? await handler(variables)
        : handler;
    return new Response(JSON.stringify(reply), { headers: { "content-type": "application/json" } });
  });
  const services: AppServices = { config: options.config ?? TEST_CONFIG, sessionStore, auth: fakeAuth(), notices, fetch };
  const router = createMemoryRouter(options.routes ?? buildRouteObjects(), { initialEntries: [path] });
  const view = render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return {
    ...view,
    router,
    notices,
    calls,
    storage,
    sessionStore,
    location: () => router.state.location.pathname + router.state.location.search,
    called: (name: string) => calls.filter((c) => c.operationName === name),
  };
}

/** One element (a block other screens embed) with the app's providers and a router. */
export function renderElementWithFakeApi(element: ReactNode, session: Session | null, handlers: Record<string, Handler>, options: FakeApiOptions = {}) {
  return renderWithFakeApi("/somewhere", session, handlers, { ...options, routes: [{ path: "*", element }] });
}
