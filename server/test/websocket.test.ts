// GraphQL over a real websocket (graphql-transport-ws), the way the SPA subscribes: the token
// travels as a connection parameter and is verified like the HTTP one.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { createClient, type Client } from "graphql-ws";
import { startTestServer, signUp } from "./harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

function wsClient(authorization?: string): { client: Client; closed: Promise<number> } {
  let resolveClosed!: (code: number) => void;
  const closed = new Promise<number>((r) => (resolveClosed = r));
  const client = createClient({
    url: server.url.replace("http", "ws") + "/graphql",
    webSocketImpl: WebSocket,
    lazy: true,
    retryAttempts: 0,
    connectionParams: authorization ? { authorization } : {},
    on: { closed: (event: any) => resolveClosed(event?.code ?? 0) },
  });
  return { client, closed };
}

function run(client: Client, query: string): Promise<any> {
  return new Promise((resolve, reject) => {
    let result: any;
    client.subscribe({ query }, { next: (v) => (result = v), error: reject, complete: () => resolve(result) });
  });
}

describe("websocket", () => {
  it("identifies the user from the token in the connection parameters", async () => {
    const user = await signUp(server.url);
    const { client } = wsClient(`Bearer ${user.token}`);
    try {
      const result = await run(client, "query { currentUser { username } }");
      expect(result.data.currentUser.username).toBe(user.username);
    } finally {
      await client.dispose();
    }
  });

  it("treats a connection without a token as a guest", async () => {
    const { client } = wsClient();
    try {
      const result = await run(client, "query { currentUser { username } }");
      expect(result.data.currentUser).toBeNull();
    } finally {
      await client.dispose();
    }
  });

  it("refuses a forged token with the TOKEN code", async () => {
    const { client } = wsClient("Bearer eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYmtfYWRtaW4ifQ.bad");
    const errors = await run(client, "query { currentUser { username } }").then(
      () => null,
      (e) => e as { message: string; extensions?: { code?: string } }[],
    );
    await client.dispose();
    expect(errors?.[0]).toMatchObject({ message: "Invalid token", extensions: { code: "TOKEN" } });
  });
});
