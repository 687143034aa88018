// Test helper for the account and auth screens: the whole app on a memory router (like
// test/helpers.tsx's renderApp) with a fake GraphQL server answering by operation name.
import { render } from "@testing-library/react";
import { vi } from "vitest";
import { AppProviders, type AppServices } from "../../App.tsx";
import type { AuthApi } from "../../lib/session-calls.ts";
import { NoticeStore } from "../../lib/notices.tsx";
import { SessionStore, type Session } from "../../lib/session.ts";
import { buildRouteObjects } from "../../routes/routes.tsx";
import type { OperationName, Reply, Variables } from "../../test/fake-api.tsx";
import { fakeAuth, MemoryStorage, TEST_CONFIG } from "../../test/helpers.tsx";
import { memoryRoutes } from "../../test/router.tsx";

export type { Data, NodeOf, Reply } from "../../test/fake-api.tsx";

export interface GraphQLCall {
  operationName: string;
  variables: Record<string, unknown>;
  authorization: string | null;
}

/**
 * An answer to operation N: `{ data }` (checked against N's generated result type), `{ errors }`,
 * or a function of N's variables returning either; `status` sets the HTTP status.
 */
export type Answer<N extends OperationName> =
  | (Reply<N> & { status?: number })
  | ((variables: Variables<N>) => Reply<N> & { status?: number });
export type Answers = { [N in OperationName]?: Answer<N> | Answer<N>[] };
type UntypedAnswer = { data?: unknown; status?: number } | ((variables: Record<string, unknown>) => { data?: unknown; status?: number });

export function gqlError(message: string, code?: string) {
  return { errors: [{ message, ...(code ? { extensions: { code } } : {}) }], data: null };
}

export function renderWithApi({
  path,
  session,
  answers,
  auth = fakeAuth(),
}: {
  path: string;
  session: Session | null;
  answers: Answers;
  auth?: AuthApi;
}) {
  window.scrollTo = () => {};
  const storage = new MemoryStorage();
  const sessionStore = new SessionStore({ storage });
  if (session) sessionStore.set(session);
  const notices = new NoticeStore();
  const calls: GraphQLCall[] = [];
  const counts: Record<string, number> = {};
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? "{}")) as { operationName: string; variables?: Record<string, unknown> };
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const name = body.operationName;
    calls.push({
      operationName: name,
      variables: body.variables ?? {},
      authorization: headers.Authorization ?? headers.authorization ?? null,
    });
    const configured = (answers as Record<string, UntypedAnswer | UntypedAnswer[] | undefined>)[name];
    const index = counts[name] ?? 0;
    counts[name] = index + 1;
    const answer = Array.isArray(configured) ? configured[Math.min(index, configured.length - 1)] : configured;
    const resolved = typeof answer === "function" ? answer(body.variables ?? {}) : (answer ?? { data: null });
    const { status = 200, ...payload } = resolved;
    return new Response(JSON.stringify(payload), {
      status,
      headers: { "content-type": "application/json" },
    });
  });
  const services: AppServices = { config: TEST_CONFIG, sessionStore, auth, notices, fetch: fetch as typeof globalThis.fetch };
  const { element, router } = memoryRoutes(buildRouteObjects(), path);
  const view = render(<AppProviders services={services}>{element}</AppProviders>);
  const location = router.location;
  const callsOf = (name: string) => calls.filter((call) => call.operationName === name);
  return { ...view, router, location, sessionStore, storage, notices, auth, calls, callsOf, fetch };
}
