// Server restarted (issue 13, Faults): the server process (server/main.ts) is killed with SIGKILL
// and started again on the same port with the same DATA_DIR. A signed-in user's token still works
// (the signing secret was generated into DATA_DIR on first start, not per process), and the
// browser's websocket client, built by web/src/lib/graphql-client.ts exactly as the SPA builds it,
// reconnects under the spec's retry policy and resubscribes, so live updates resume by themselves.
// A second test checks that policy against a websocket server that closes with chosen codes.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { setTimeout as realDelay } from "node:timers/promises";
import { inject } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { authenticatorUrl, createTestDatabase, dropTestDatabase } from "../../../test/database.ts";
import { createGraphQLClient, webSocketRetryDelayMs, WS_RETRY_ATTEMPTS } from "../../../web/src/lib/graphql-client.ts";
import { SessionStore, sessionFromToken } from "../../../web/src/lib/session.ts";
import { gql } from "../harness.ts";
import { freePort, startNode, type Child } from "./processes.ts";
import { WEBHOOK_SECRET, postUplink, setupDevice, subscribeToThing, uplink, type Subscriber } from "./sensors.ts";

// `ws` (PostGraphile's websocket server) ships no types; the little used here, typed by hand.
interface TestSocket {
  close(code: number, reason: string): void;
  terminate(): void;
}
interface TestSocketServer {
  on(event: "connection", listener: (socket: TestSocket) => void): void;
  once(event: "listening", listener: () => void): void;
  address(): { port: number };
  close(callback: () => void): void;
}
const { WebSocketServer } = createRequire(import.meta.url)("ws") as {
  WebSocketServer: new (options: { port: number; host: string; handleProtocols: () => string }) => TestSocketServer;
};

let databaseUrl: string;
let dataDir: string;
let port: number;
let baseUrl: string;
const children: Child[] = [];

beforeAll(async () => {
  databaseUrl = await createTestDatabase(inject("adminUrl"), "bk_faults");
  dataDir = await mkdtemp(path.join(tmpdir(), "bk-faults-data-"));
  port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await Promise.all(children.map((c) => c.kill9()));
  await rm(dataDir, { recursive: true, force: true });
  await dropTestDatabase(inject("adminUrl"), databaseUrl);
});

/** server/main.ts as production runs it, minus the worker; no JWT_SECRET, so DATA_DIR keeps it. */
async function startServerProcess(): Promise<Child> {
  const child = startNode(
    "server/main.ts",
    {
      DATABASE_URL: databaseUrl,
      AUTH_DATABASE_URL: await authenticatorUrl(databaseUrl),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      RUN_WORKER: "false",
      TTN_WEBHOOK_SECRET: WEBHOOK_SECRET,
      EXPORT_SCHEMA: "false",
      GRAPHIQL: "false",
    },
    "server",
  );
  children.push(child);
  await child.waitForLine(/API and app listening/, 60_000);
  return child;
}

const CURRENT_USER = `query CurrentUser { currentUser { id username } }`;

/** Posts fresh uplinks until the subscriber has `count` events (LISTEN has no acknowledgement). */
async function untilRelayed(subscriber: Subscriber, deviceId: string, count: number, fCntBase: number): Promise<void> {
  for (let n = 0; subscriber.events.length < count && n < 30; n++) {
    await postUplink(baseUrl, uplink(deviceId, new Date(), fCntBase + n));
    await subscriber.waitForEvents(count, 500).catch(() => {});
  }
  expect(subscriber.events.length).toBeGreaterThanOrEqual(count);
}

describe("the server restarted", () => {
  it("keeps users signed in, and the browser's websocket reconnects and resubscribes by itself", async () => {
    const first = await startServerProcess();
    const { owner, thingId, deviceId } = await setupDevice(baseUrl);
    const me = await gql(baseUrl, CURRENT_USER, {}, owner.token);
    expect(me.data.currentUser.username).toBe(owner.username);

    // The SPA's own client: same retry policy, same connection parameters.
    const store = new SessionStore();
    store.set(sessionFromToken(owner.token, "localhost"));
    const graphql = createGraphQLClient({
      graphqlUrl: `${baseUrl}/graphql`,
      graphqlWsUrl: `ws://127.0.0.1:${port}/graphql`,
      domainName: "localhost",
      store,
      signInAsGuest: async () => {
        throw new Error("a signed-in user must not be turned into a guest");
      },
      webSocketImpl: WebSocket,
    });
    // What the client did, in order (the times only for the log, should the test fail).
    const timeline: { event: string; at: number; retrying?: boolean }[] = [];
    graphql.wsClient.on("connecting", (retrying) => timeline.push({ event: "connecting", at: Date.now(), retrying }));
    graphql.wsClient.on("connected", () => timeline.push({ event: "connected", at: Date.now() }));
    graphql.wsClient.on("closed", () => timeline.push({ event: "closed", at: Date.now() }));
    const subscriber = subscribeToThing(baseUrl, owner.token, thingId, graphql.wsClient);
    try {
      await untilRelayed(subscriber, deviceId, 1, 100);

      // (The close may be seen while kill9 is awaited: count from before it.)
      const killedAt = timeline.length;
      await first.kill9();
      await startServerProcess();

      // The same subscription delivers again, without anyone subscribing anew.
      const before = subscriber.events.length;
      await untilRelayed(subscriber, deviceId, before + 1, 200);
      expect(subscriber.errors).toEqual([]);

      // Reconnection followed the policy: every attempt was a retry that came after a close, and
      // it took at most 5 of them. (How long each waits, 1 s, 2 s, 4 s ... plus up to 1 s of
      // jitter, is checked on a controlled clock below, not on this busy machine's.)
      const afterKill = timeline.slice(killedAt);
      const retries = afterKill.filter((t) => t.event === "connecting");
      expect(retries.length).toBeGreaterThan(0);
      expect(retries.length).toBeLessThanOrEqual(WS_RETRY_ATTEMPTS);
      expect(retries.every((t) => t.retrying)).toBe(true);
      timeline.forEach((t, i) => {
        if (t.event === "connecting" && t.retrying) expect(timeline[i - 1]?.event, `what came before the retry at ${i}`).toBe("closed");
      });
      expect(afterKill.some((t) => t.event === "connected")).toBe(true);
    } catch (e) {
      console.log(
        "timeline",
        timeline.map((t) => ({ ...t, at: t.at - timeline[0].at })),
        "errors",
        subscriber.errors.map((e: any) => [e?.code, e?.reason, String(e)]),
      );
      throw e;
    } finally {
      await subscriber.dispose();
      graphql.dispose();
    }

    // The token from before the restart is still good: the secret lives in DATA_DIR.
    const again = await gql(baseUrl, CURRENT_USER, {}, owner.token);
    expect(again.status).toBe(200);
    expect(again.data.currentUser).toEqual(me.data.currentUser);
  }, 120_000);
});

describe("the browser's websocket retry policy against a real socket", () => {
  /**
   * A websocket server that accepts the graphql-transport-ws protocol and closes every connection
   * with `code`, or, for "drop", cuts it without a closing handshake (as a killed server does).
   */
  async function closingServer(code: number | "drop") {
    const wss = new WebSocketServer({ port: 0, host: "127.0.0.1", handleProtocols: () => "graphql-transport-ws" });
    let connections = 0;
    wss.on("connection", (socket) => {
      connections += 1;
      if (code === "drop") socket.terminate();
      else socket.close(code, "test");
    });
    await new Promise<void>((r) => wss.once("listening", r));
    const { port: wsPort } = wss.address();
    return { url: `ws://127.0.0.1:${wsPort}/graphql`, connections: () => connections, close: () => new Promise<void>((r) => wss.close(r)) };
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  /** Polls on the real clock (setTimeout is faked in these tests) until `check` holds. */
  async function until(check: () => boolean, what: string, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
      await realDelay(20);
    }
  }

  /**
   * A client of the closing server, subscribed. Only setTimeout is faked: the client's retry wait
   * runs on a clock the test moves, the sockets for real. `attempts` counts its connection attempts.
   */
  async function attempt(code: number | "drop") {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const server = await closingServer(code);
    const store = new SessionStore();
    // Any unexpired token will do: this server never reads it.
    const claims = { user_id: "u", role: "bk_user", exp: Math.floor(Date.now() / 1000) + 3600 };
    store.set(sessionFromToken(`e30.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.x`, "localhost"));
    const graphql = createGraphQLClient({
      graphqlUrl: "http://127.0.0.1:9/graphql",
      graphqlWsUrl: server.url,
      domainName: "localhost",
      store,
      signInAsGuest: async () => "unused",
      webSocketImpl: WebSocket,
    });
    let attempts = 0;
    let closes = 0;
    graphql.wsClient.on("connecting", () => (attempts += 1));
    graphql.wsClient.on("closed", () => (closes += 1));
    const ended = new Promise<unknown>((resolve) => {
      graphql.wsClient.subscribe({ query: "subscription { x }" }, { next: () => {}, error: resolve, complete: () => resolve(null) });
    });
    return { server, graphql, ended, attempts: () => attempts, closes: () => closes };
  }

  it("gives up at once on a listed close code (4403 forbidden)", async () => {
    const { server, graphql, ended, attempts } = await attempt(4403);
    const error = (await ended) as { code?: number };
    expect(error?.code).toBe(4403);
    // However much time passes, no second attempt.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts()).toBe(1);
    expect(server.connections()).toBe(1);
    graphql.dispose();
    await server.close();
  });

  for (const code of [1012, "drop"] as const) {
    it(`retries ${code === "drop" ? "a dropped connection (no close frame: error event, then 1006)" : "a 1012 close (service restart)"} after a backoff of 1 s plus jitter`, async () => {
      const { server, graphql, attempts, closes } = await attempt(code);
      await until(() => closes() === 1 && vi.getTimerCount() > 0, "the first connection to close and the retry to be scheduled");
      // Not before 1 s (the shortest backoff)...
      const shortest = webSocketRetryDelayMs(0, () => 0);
      await vi.advanceTimersByTimeAsync(shortest - 1);
      expect(attempts()).toBe(1);
      // ...and by the longest first backoff (1 s plus up to 1 s of jitter), again.
      await vi.advanceTimersByTimeAsync(webSocketRetryDelayMs(0, () => 0.999) - (shortest - 1));
      expect(attempts()).toBe(2);
      await until(() => server.connections() === 2, "the second connection to reach the server");
      graphql.dispose();
      await server.close();
    });
  }
});
