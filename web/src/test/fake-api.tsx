// The whole app (or one element) on a memory router, with a fake GraphQL endpoint that answers by
// operation name: a reply, or a function of the variables (sync or async). Screen tests of every
// feature use it through their own small test-utils. Replies are typed by the operation's generated
// result type (web/src/test/operations.generated.ts, `npm run codegen`): a fake reply with a field
// the operation does not ask for, or without one it does, fails `npm run typecheck`.
import type { ResultOf, VariablesOf } from "@graphql-typed-document-node/core";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import type { RouteObject } from "react-router";
import { vi } from "vitest";
import { AppProviders, type AppServices } from "../App.tsx";
import { NoticeStore } from "../lib/notices.tsx";
import { SessionStore, type Session } from "../lib/session.ts";
import { buildRouteObjects } from "../routes/routes.tsx";
import type { AppConfig } from "../lib/config.ts";
import { fakeAuth, MemoryStorage, TEST_CONFIG } from "./helpers.tsx";
import type { Operations } from "./operations.generated.ts";
import { memoryRoutes } from "./router.tsx";

/** An operation's name, as the client sends it (operationName). */
export type OperationName = keyof Operations;
/** What the server answers in `data` for operation N. */
export type Data<N extends OperationName> = ResultOf<Operations[N]>;
/** The variables the client sends with operation N. */
export type Variables<N extends OperationName> = VariablesOf<Operations[N]>;

export type ErrorReply = { message: string; extensions?: Record<string, unknown> };
export type Reply<N extends OperationName> = { data?: Data<N> | null; errors?: ErrorReply[] };
export type Handler<N extends OperationName> = Reply<N> | ((variables: Variables<N>) => Reply<N> | Promise<Reply<N>>);
/** One row of a connection in a result type (nullable or not): NodeOf<Data<"Tasks">["allTasks"]>. */
export type NodeOf<T> = NonNullable<T> extends { nodes: readonly (infer U)[] } ? NonNullable<U> : never;

/** Answers by operation name. */
export type Handlers = { [N in OperationName]?: Handler<N> };

/** An answer with an error and no data, fit for any operation. */
export function failure(message: string, code?: string): { data: null; errors: ErrorReply[] } {
  return { data: null, errors: [{ message, ...(code ? { extensions: { code } } : {}) }] };
}

/** Operation N's answer: `reply("Tasks", { allTasks: ... })` checks the data against Tasks' result type. */
export function reply<N extends OperationName>(_name: N, data: Data<N>): Reply<N> {
  return { data };
}

/** MyEmails for a signed-in user whose one address (primary) is not verified yet: the invitation pages' "verify first" case. */
export function unverifiedEmailReply(userId: string, email: string): Reply<"MyEmails"> {
  return reply("MyEmails", {
    currentUser: {
      __typename: "User",
      id: userId,
      isVerified: false,
      userEmailsByUserId: {
        __typename: "UserEmailsConnection",
        nodes: [{ __typename: "UserEmail", id: "e1", email, isPrimary: true, isVerified: false, createdAt: "2026-11-25T10:00:00Z" }],
      },
    },
  });
}

type UntypedReply = { data?: unknown; errors?: ErrorReply[] };
type UntypedHandler = UntypedReply | ((variables: Record<string, unknown>) => UntypedReply | Promise<UntypedReply>);

export interface FakeApiOptions {
  /** What an operation without a handler gets: an error (default) or an empty answer. */
  unknown?: "fail" | "empty";
  /** Routes to render instead of the app's own. */
  routes?: RouteObject[];
  /** Configuration instead of TEST_CONFIG (run-time settings such as nearestMaxKm). */
  config?: AppConfig;
}

export function renderWithFakeApi(path: string, session: Session | null, handlers: Handlers, options: FakeApiOptions = {}) {
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
    const handler = (handlers as Record<string, UntypedHandler | undefined>)[body.operationName];
    const answer: UntypedReply = !handler
      ? options.unknown === "empty"
        ? { data: null }
        : failure(`No fake answer for ${body.operationName}`)
      : typeof handler === "function"
        ? await handler(variables)
        : handler;
    return new Response(JSON.stringify(answer), { headers: { "content-type": "application/json" } });
  });
  const services: AppServices = { config: options.config ?? TEST_CONFIG, sessionStore, auth: fakeAuth(), notices, fetch };
  const { element, router } = memoryRoutes(options.routes ?? buildRouteObjects(), path);
  const view = render(<AppProviders services={services}>{element}</AppProviders>);
  return {
    ...view,
    router,
    notices,
    calls,
    storage,
    sessionStore,
    location: router.location,
    called: (name: string) => calls.filter((c) => c.operationName === name),
  };
}

/** One element (a block other screens embed) with the app's providers and a router. */
export function renderElementWithFakeApi(element: ReactNode, session: Session | null, handlers: Handlers, options: FakeApiOptions = {}) {
  return renderWithFakeApi("/somewhere", session, handlers, { ...options, routes: [{ path: "*", element }] });
}
