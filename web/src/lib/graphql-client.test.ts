import { describe, expect, it, vi } from "vitest";
import { gql } from "urql";
import { MemoryStorage, guestToken, makeToken, userToken } from "../test/helpers.tsx";
import {
  NON_RETRYABLE_CLOSE_CODES,
  WS_RETRY_ATTEMPTS,
  createGraphQLClient,
  shouldRetryWebSocket,
  webSocketRetryDelayMs,
} from "./graphql-client.ts";
import { SessionStore, sessionFromToken } from "./session.ts";

const ME = gql`
  query Me {
    currentUser {
      id
      username
    }
  }
`;

interface Call {
  url: string;
  method: string;
  authorization: string | null;
  body: { operationName?: string; query: string; variables?: unknown };
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function setup(answers: ((call: Call) => Response)[] = []) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call: Call = {
      url: String(input),
      method: init?.method ?? "GET",
      authorization: headers.get("authorization"),
      body: JSON.parse(String(init?.body ?? "{}")),
    };
    calls.push(call);
    const answer = answers.shift();
    return answer ? answer(call) : json({ data: { currentUser: { __typename: "User", id: "u1", username: "alice" } } });
  });
  const store = new SessionStore({ storage: new MemoryStorage() });
  const guestTokens: string[] = [];
  const signInAsGuest = vi.fn(async () => {
    const token = guestToken();
    guestTokens.push(token);
    return token;
  });
  const graphql = createGraphQLClient({
    graphqlUrl: "http://api.test/graphql",
    graphqlWsUrl: "ws://api.test/graphql",
    domainName: "localhost",
    store,
    signInAsGuest,
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  return { calls, fetch, store, signInAsGuest, guestTokens, client: graphql.client, dispose: graphql.dispose };
}

describe("websocket retry policy", () => {
  it("never retries the close codes of spec section 8", () => {
    const codes = [4500, 4005, 4400, 4004, 4401, 4403, 4406, 4408, 4504, 4409, 4429];
    expect([...NON_RETRYABLE_CLOSE_CODES].sort()).toEqual([...codes].sort());
    for (const code of codes) expect(shouldRetryWebSocket({ code, reason: "" }), String(code)).toBe(false);
  });

  it("retries other closes", () => {
    for (const code of [1001, 1006, 1011, 1012, 4000, 4499]) expect(shouldRetryWebSocket({ code }), String(code)).toBe(true);
  });

  it("retries a connection the socket reports dropped (its error event comes before the 1006 close)", () => {
    expect(shouldRetryWebSocket(new Event("error"))).toBe(true);
    expect(shouldRetryWebSocket({ type: "error", message: "connect ECONNREFUSED" })).toBe(true);
  });

  it("does not retry errors of the client's own code, nor anything else", () => {
    expect(shouldRetryWebSocket(new Error("boom"))).toBe(false);
    expect(shouldRetryWebSocket(Object.assign(new Error("boom"), { type: "error" }))).toBe(false);
    expect(shouldRetryWebSocket(new Event("message"))).toBe(false);
    expect(shouldRetryWebSocket(undefined)).toBe(false);
  });

  it("tries 5 times with exponential backoff in seconds plus jitter", () => {
    expect(WS_RETRY_ATTEMPTS).toBe(5);
    expect([0, 1, 2, 3, 4].map((n) => webSocketRetryDelayMs(n, () => 0))).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(webSocketRetryDelayMs(2, () => 0.999)).toBe(4999);
    const random = Array.from({ length: 50 }, () => webSocketRetryDelayMs(1));
    for (const delay of random) {
      expect(delay).toBeGreaterThanOrEqual(2000);
      expect(delay).toBeLessThan(3000);
    }
  });
});

describe("graphql client", () => {
  it("POSTs operations with the bearer token to the configured URL", async () => {
    const { client, calls, store, signInAsGuest } = setup();
    const token = userToken();
    store.set(sessionFromToken(token));
    const result = await client.query(ME, {}).toPromise();
    expect(result.data?.currentUser.username).toBe("alice");
    expect(signInAsGuest).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: "http://api.test/graphql",
      method: "POST",
      authorization: `Bearer ${token}`,
    });
    expect(calls[0].body.operationName).toBe("Me");
    expect(calls[0].body.query).toContain("currentUser");
  });

  it("makes a guest session first when there is none", async () => {
    const { client, calls, store, signInAsGuest, guestTokens } = setup();
    await client.query(ME, {}).toPromise();
    expect(signInAsGuest).toHaveBeenCalledWith("localhost");
    expect(store.get()?.role).toBe("bk_anonymous");
    expect(calls[0].authorization).toBe(`Bearer ${guestTokens[0]}`);
  });

  it("drops an expired token before the request", async () => {
    const { client, calls, store, guestTokens } = setup();
    const expired = makeToken({ user_id: "u1", role: "bk_user", exp: Math.floor(Date.now() / 1000) - 10 });
    store.set(sessionFromToken(expired));
    await client.query(ME, {}).toPromise();
    expect(calls).toHaveLength(1);
    expect(calls[0].authorization).toBe(`Bearer ${guestTokens[0]}`);
    expect(store.get()?.token).toBe(guestTokens[0]);
  });

  it("treats a 401 as a bad token: drops it, becomes a guest and retries", async () => {
    const { client, calls, store, guestTokens } = setup([
      () => json({ errors: [{ message: "Invalid token", extensions: { code: "UNAUTHENTICATED" } }] }, 401),
    ]);
    const revoked = userToken();
    store.set(sessionFromToken(revoked));
    const result = await client.query(ME, {}).toPromise();
    expect(calls.map((c) => c.authorization)).toEqual([`Bearer ${revoked}`, `Bearer ${guestTokens[0]}`]);
    expect(store.get()?.role).toBe("bk_anonymous");
    expect(result.data?.currentUser.id).toBe("u1");
  });

  it("passes other errors on untouched", async () => {
    const { client, store, signInAsGuest } = setup([
      () => json({ errors: [{ message: "Failed to delete thing", extensions: { code: "DNIED" } }] }),
    ]);
    store.set(sessionFromToken(userToken()));
    const result = await client.query(ME, {}).toPromise();
    expect(result.error?.graphQLErrors[0].message).toBe("Failed to delete thing");
    expect(signInAsGuest).not.toHaveBeenCalled();
    expect(store.get()?.role).toBe("bk_user");
  });
});

describe("isAuthError", () => {
  it("recognises a 401 and the websocket's TOKEN code", async () => {
    const { CombinedError } = await import("urql");
    const { isAuthError } = await import("./graphql-client.ts");
    expect(isAuthError(new CombinedError({ response: { status: 401 } }))).toBe(true);
    expect(isAuthError(new CombinedError({ graphQLErrors: [{ message: "Token expired", extensions: { code: "TOKEN" } }] }))).toBe(true);
    expect(
      isAuthError(
        new CombinedError({
          graphQLErrors: [{ message: "nope", extensions: { code: "DNIED" } }],
          response: { status: 200 },
        }),
      ),
    ).toBe(false);
  });
});
