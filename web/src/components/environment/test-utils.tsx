// Test helper of the environmental panels and screens: the app's providers with a fake GraphQL
// server answering by operation name, around one element or around the whole route table.
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { vi } from "vitest";
import { AppProviders, type AppServices } from "../../App.tsx";
import { NoticeStore } from "../../lib/notices.tsx";
import { SessionStore, type Session } from "../../lib/session.ts";
import { buildRouteObjects } from "../../routes/routes.tsx";
import type { Handler, Handlers } from "../../test/fake-api.tsx";
import { fakeAuth, guestSession, MemoryStorage, TEST_CONFIG } from "../../test/helpers.tsx";
import { memoryRoutes } from "../../test/router.tsx";

export type { Data, NodeOf, Reply } from "../../test/fake-api.tsx";
/** Answers by operation name, each checked against its operation's generated types. */
export type Answers = Handlers;
/** An answer to operation N: `{ data }`, `{ errors }`, or a function of N's variables returning either. */
export type Answer<N extends keyof Handlers> = Handler<N>;
type UntypedAnswer = { data?: unknown } | ((variables: Record<string, unknown>) => { data?: unknown });

export function gqlError(message: string, code?: string, path?: string) {
  return { errors: [{ message, ...(path ? { path: [path] } : {}), ...(code ? { extensions: { code } } : {}) }], data: null };
}

export interface Rendered {
  calls: { operationName: string; variables: Record<string, unknown> }[];
  notices: NoticeStore;
  location(): string;
}

function services(answers: Answers, session: Session | null) {
  const storage = new MemoryStorage();
  const sessionStore = new SessionStore({ storage });
  sessionStore.set(session ?? guestSession());
  const notices = new NoticeStore();
  const calls: Rendered["calls"] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? "{}")) as { operationName: string; variables?: Record<string, unknown> };
    calls.push({ operationName: body.operationName, variables: body.variables ?? {} });
    const answer = (answers as Record<string, UntypedAnswer | undefined>)[body.operationName];
    const payload = typeof answer === "function" ? answer(body.variables ?? {}) : (answer ?? { data: null });
    return new Response(JSON.stringify(payload), { headers: { "content-type": "application/json" } });
  });
  const value: AppServices = { config: TEST_CONFIG, sessionStore, auth: fakeAuth(), notices, fetch: fetch as typeof globalThis.fetch };
  return { value, calls, notices };
}

/** One element inside the app's providers and a router (for links). */
export function renderWithProviders(element: ReactElement, answers: Answers, session: Session | null = null) {
  window.scrollTo = () => {};
  const s = services(answers, session);
  const routed = memoryRoutes([{ path: "*", element }], "/");
  const view = render(<AppProviders services={s.value}>{routed.element}</AppProviders>);
  return { ...view, calls: s.calls, notices: s.notices, location: () => routed.router.location().split("?")[0] };
}

/** The whole app at a path. */
export function renderRoute(path: string, answers: Answers, session: Session | null = null) {
  window.scrollTo = () => {};
  const s = services(answers, session);
  const { element, router } = memoryRoutes(buildRouteObjects(), path);
  const view = render(<AppProviders services={s.value}>{element}</AppProviders>);
  return { ...view, calls: s.calls, notices: s.notices, location: router.location };
}
