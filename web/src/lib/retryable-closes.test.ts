// Spec section 8: every websocket close is retried except the listed 44xx/45xx/40xx codes. These
// tests close a real connection (a ws server on a free port) with each protocol-level code that
// graphql-ws would otherwise give up on, and watch the client come back.
import { afterEach, describe, expect, it, vi } from "vitest";
import { setTimeout as realDelay } from "node:timers/promises";
import { WebSocket as NodeWebSocket, WebSocketServer } from "ws";
import { MemoryStorage, guestToken } from "../test/helpers.tsx";
import { createGraphQLClient, type GraphQLClient } from "./graphql-client.ts";
import { isFatalToGraphqlWs, retryableClose } from "./retryable-closes.ts";
import { SessionStore } from "./session.ts";

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  while (cleanups.length) await cleanups.pop()!();
});

/** A server that closes the first connection with `code` and acknowledges the next. */
async function closingServer(code: number): Promise<{ url: string; connections: () => number }> {
  const server = new WebSocketServer({ port: 0, host: "127.0.0.1", handleProtocols: () => "graphql-transport-ws" });
  await new Promise((r) => server.once("listening", r));
  let count = 0;
  server.on("connection", (socket) => {
    count += 1;
    if (count === 1) {
      socket.close(code, "test close");
      return;
    }
    socket.on("message", (data) => {
      const message = JSON.parse(String(data));
      if (message.type === "connection_init") socket.send(JSON.stringify({ type: "connection_ack" }));
    });
  });
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
  const { port } = server.address() as { port: number };
  return { url: `ws://127.0.0.1:${port}/graphql`, connections: () => count };
}

function client(url: string): GraphQLClient {
  const graphql = createGraphQLClient({
    graphqlUrl: "http://127.0.0.1:1/graphql",
    graphqlWsUrl: url,
    domainName: "localhost",
    store: new SessionStore({ storage: new MemoryStorage() }),
    signInAsGuest: async () => guestToken(),
    webSocketImpl: NodeWebSocket,
  });
  cleanups.push(() => graphql.dispose());
  return graphql;
}

/** Polls `check` on the real clock (a test may fake setTimeout) for up to `ms`; answers whether it held. */
async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await realDelay(50);
  }
  return check();
}

// The codes a server can send that graphql-ws treats as fatal (1004, 1005, 1006 and 1015 never
// travel in a close frame: ws refuses to send them).
const SENDABLE_FATAL = [1002, 1003, 1007, 1008, 1009, 1010, 1011];

describe("websocket closes that graphql-ws gives up on are retried (spec section 8)", () => {
  it.each(SENDABLE_FATAL)(
    "reconnects after close %i",
    async (code) => {
      const server = await closingServer(code);
      const errors: unknown[] = [];
      const { wsClient } = client(server.url);
      wsClient.subscribe({ query: "subscription { ping }" }, { next() {}, error: (e) => errors.push(e), complete() {} });
      // The first retry waits 1 s plus up to 1 s of jitter.
      expect(await waitFor(() => server.connections() >= 2, 5000)).toBe(true);
      expect(errors).toEqual([]);
    },
    10_000,
  );

  it("still gives up on a listed code (4403 forbidden)", async () => {
    // The client's retry wait runs on a clock the test moves (setTimeout faked); sockets are real.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const server = await closingServer(4403);
    const errors: unknown[] = [];
    const { wsClient } = client(server.url);
    let attempts = 0;
    wsClient.on("connecting", () => (attempts += 1));
    wsClient.subscribe({ query: "subscription { ping }" }, { next() {}, error: (e) => errors.push(e), complete() {} });
    expect(await waitFor(() => errors.length > 0, 5000)).toBe(true);
    expect((errors[0] as { code: number }).code).toBe(4403);
    // A minute on the client's clock, far past any backoff: no second attempt.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toBe(1);
    expect(server.connections()).toBe(1);
  }, 10_000);

  it("rewrites exactly the fatal protocol codes, 1004 and 1015 included, and keeps the original", () => {
    for (const code of [1002, 1003, 1004, 1007, 1008, 1009, 1010, 1011, 1015]) {
      expect(isFatalToGraphqlWs(code), String(code)).toBe(true);
      expect(retryableClose({ code, reason: "r", wasClean: false } as CloseEvent)).toEqual({
        code: 1006,
        reason: "r",
        wasClean: false,
        originalCode: code,
      });
    }
    for (const code of [1000, 1001, 1005, 1006, 1012, 1013, 1014, 4403, 4500, 4499]) {
      const event = { code, reason: "", wasClean: true } as CloseEvent;
      expect(retryableClose(event), String(code)).toBe(event);
    }
  });
});
