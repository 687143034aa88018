// A fake GraphQL endpoint for the tracker's tests: answers syncNavigationEvents and syncUserSession
// the way app_public.sync_navigation_events / sync_user_session do, and records every request.
import { vi } from "vitest";

export interface RecordedRequest {
  operationName: string;
  variables: Record<string, unknown>;
  authorization: string | undefined;
  keepalive: boolean;
  at: number;
}

export type Behaviour =
  | { kind: "ok" }
  /** Network failure (fetch rejects). */
  | { kind: "offline" }
  /** HTTP 500 without a body. */
  | { kind: "http-error" }
  /** Refuse the events at these 1-based positions with this text. */
  | { kind: "refuse"; positions: number[]; text?: string }
  /** A batch-wide refusal ("userId does not match the signed-in visitor"). */
  | { kind: "batch-error"; text: string }
  /** A GraphQL error (an expired token, the API down behind a proxy ...). */
  | { kind: "graphql-error"; text: string }
  /** syncedCount that does not add up. */
  | { kind: "miscount" };

export function fakeServer() {
  const requests: RecordedRequest[] = [];
  let behaviour: Behaviour = { kind: "ok" };
  // A minimal Response: what the transport reads (ok, status, json()), settled in microtasks only.
  const json = (body: unknown, status = 200) => ({ ok: status < 400, status, json: async () => body }) as unknown as Response;

  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
    const headers = (init?.headers ?? {}) as Record<string, string>;
    requests.push({
      operationName: body.operationName,
      variables: body.variables,
      authorization: headers.authorization,
      keepalive: init?.keepalive === true,
      at: Date.now(),
    });
    if (behaviour.kind === "offline") throw new TypeError("Failed to fetch");
    if (behaviour.kind === "http-error") {
      return {
        ok: false,
        status: 500,
        json: async () => {
          throw new SyntaxError("Unexpected end of JSON input");
        },
      } as unknown as Response;
    }
    if (behaviour.kind === "graphql-error") return json({ errors: [{ message: behaviour.text }], data: null });
    if (body.operationName === "SyncUserSession") {
      return json({
        data: {
          syncUserSession: {
            syncSessionResult: { success: true, sessionId: body.variables.sessionId, totalEvents: 0, errors: [] },
          },
        },
      });
    }
    const events = body.variables.events as unknown[];
    let result: { success: boolean; syncedCount: number; errors: string[] };
    if (behaviour.kind === "refuse") {
      const refused = behaviour.positions.filter((p) => p <= events.length);
      const text = behaviour.text ?? "to must be a path starting with /";
      result = {
        success: refused.length === 0,
        syncedCount: events.length - refused.length,
        errors: refused.map((p) => `event ${p}: ${text}`),
      };
    } else if (behaviour.kind === "batch-error") {
      result = { success: false, syncedCount: 0, errors: [behaviour.text] };
    } else if (behaviour.kind === "miscount") {
      result = { success: true, syncedCount: Math.max(0, events.length - 1), errors: [] };
    } else {
      result = { success: true, syncedCount: events.length, errors: [] };
    }
    return json({ data: { syncNavigationEvents: { syncNavigationResult: result } } });
  });

  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    requests,
    eventBatches: () => requests.filter((r) => r.operationName === "SyncNavigationEvents"),
    sessionCalls: () => requests.filter((r) => r.operationName === "SyncUserSession"),
    set(next: Behaviour) {
      behaviour = next;
    },
  };
}
