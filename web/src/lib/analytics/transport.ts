// How the tracker reaches the API: a plain POST of { operationName, variables, query } to the
// GraphQL endpoint with the visitor's bearer token (spec section 7). Not the urql client: the
// calls must also go out while the page is being hidden or closed, as keep-alive requests, and
// navigator.sendBeacon cannot carry an authorization header.
import { getOperationName, stringifyDocument, type TypedDocumentNode } from "urql";
import { SyncNavigationEventsDocument as syncEventsMutation, type SyncNavigationEventsMutation } from "./SyncNavigationEvents.generated.ts";
import { SyncUserSessionDocument as syncSessionMutation, type SyncUserSessionMutation } from "./SyncUserSession.generated.ts";

export interface WireEvent {
  from: string | null;
  to: string;
  timestamp: string;
  timeSpent: number;
}

export type SyncNavigationResult = NonNullable<NonNullable<SyncNavigationEventsMutation["syncNavigationEvents"]>["syncNavigationResult"]>;

export type SyncSessionResult = NonNullable<NonNullable<SyncUserSessionMutation["syncUserSession"]>["syncSessionResult"]>;

export interface SyncEventsInput {
  sessionId: string;
  userId: string | null;
  events: WireEvent[];
}

export interface SyncSessionInput {
  sessionId: string;
  userId: string | null;
  startedAt: string;
  endedAt: string | null;
  userAgent: string | null;
}

export interface SendOptions {
  token: string;
  /** Let the request outlive the page (hidden or unloading). */
  keepalive?: boolean;
}

export interface SyncTransport {
  syncEvents(input: SyncEventsInput, options: SendOptions): Promise<SyncNavigationResult>;
  syncSession(input: SyncSessionInput, options: SendOptions): Promise<SyncSessionResult>;
}

/** A call that got no usable answer; its message is the server's first error, or the HTTP status. */
export class SyncRequestError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = "SyncRequestError";
    this.status = status;
  }
}

export interface FetchTransportOptions {
  /** The GraphQL endpoint (the configured graphqlUrl). */
  url: string;
  fetch?: typeof fetch;
}

export function createFetchTransport({ url, fetch: fetchImpl }: FetchTransportOptions): SyncTransport {
  async function post<T, V>(document: TypedDocumentNode<T, V>, variables: V, { token, keepalive = false }: SendOptions): Promise<T> {
    const query = stringifyDocument(document);
    const doFetch = fetchImpl ?? globalThis.fetch.bind(globalThis);
    const response = await doFetch(url, {
      method: "POST",
      keepalive,
      cache: "no-store",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        accept: "application/graphql-response+json, application/json",
      },
      body: JSON.stringify({ operationName: getOperationName(document), variables, query }),
    });
    let body: { data?: Record<string, unknown> | null; errors?: { message?: string }[] } | undefined;
    try {
      body = (await response.json()) as typeof body;
    } catch {
      body = undefined;
    }
    const firstError = Array.isArray(body?.errors) ? body.errors[0]?.message : undefined;
    if (firstError !== undefined || !response.ok || !body?.data) {
      throw new SyncRequestError(firstError || `HTTP ${response.status}`, response.status);
    }
    return body.data as T;
  }

  return {
    async syncEvents(input, options) {
      const data = await post(syncEventsMutation, input, options);
      const result = data.syncNavigationEvents?.syncNavigationResult;
      if (!result) throw new SyncRequestError("No result", 200);
      return result;
    },
    async syncSession(input, options) {
      const data = await post(syncSessionMutation, input, options);
      const result = data.syncUserSession?.syncSessionResult;
      if (!result) throw new SyncRequestError("No result", 200);
      return result;
    },
  };
}
