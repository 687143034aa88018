// Attack: the server believed X-Forwarded-For from any loopback or private address, so a client on
// the same network (or any client, with the app published without a proxy) put a new address in
// that header on each request and was never rate-limited. Now the header counts only from proxies
// named in TRUST_PROXY (express's "trust proxy" values: a hop count, "loopback", addresses or
// CIDRs); by default (off) the socket's address is the client. Websockets follow the same setting.
import { describe, it, expect, afterEach, inject } from "vitest";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createClient } from "graphql-ws";
import { loadConfig, type ServerConfig } from "../../server/config.ts";
import { startServer, type RunningServer } from "../../server/app.ts";
import { authenticatorUrl } from "../database.ts";
import { RATE_LIMITS } from "../../server/graphql/rate-limit-plugin.ts";
import { withOwner } from "../../server/test/harness.ts";

const FORGOT = `mutation Forgot($email: String) { forgotPassword(input: { email: $email }) { clientMutationId } }`;
const LIMIT = RATE_LIMITS.forgotPassword[0];

const servers: RunningServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await Promise.all(dirs.splice(0).map((d) => fs.promises.rm(d, { recursive: true, force: true })));
});

/** A server with rate limits on; TRUST_PROXY as given (unset: the default). */
async function start(trustProxy?: string): Promise<RunningServer> {
  const saved = process.env.TRUST_PROXY;
  if (trustProxy === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = trustProxy;
  try {
    const databaseUrl = inject("databaseUrl");
    // The limits count in the database, shared by every server on it (issue 24): each case here
    // starts from nothing for the call it counts.
    await withOwner(databaseUrl, (c) => c.query("delete from app_private.rate_limits where key like 'forgotPassword:%'"));
    const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "steward-xff-"));
    dirs.push(dataDir);
    const overrides: Partial<ServerConfig> = {
      databaseUrl,
      authDatabaseUrl: await authenticatorUrl(databaseUrl),
      port: 0,
      host: "127.0.0.1",
      exportSchema: false,
      graphiql: false,
      jwtSecret: "forwarded-for-test-secret-long-enough-00",
      dataDir,
      rateLimits: true,
    };
    const server = await startServer(loadConfig(overrides));
    servers.push(server);
    return server;
  } finally {
    if (saved === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = saved;
  }
}

/** forgotPassword over HTTP from `localAddress` (any 127.x.y.z reaches the loopback listener). */
function forgot(server: RunningServer, opts: { forwardedFor?: string; localAddress?: string } = {}): Promise<string | null> {
  const body = JSON.stringify({ query: FORGOT, variables: { email: "nobody@example.org" } });
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.url.replace("localhost", "127.0.0.1")}/graphql`,
      {
        method: "POST",
        localAddress: opts.localAddress,
        headers: { "content-type": "application/json", ...(opts.forwardedFor ? { "x-forwarded-for": opts.forwardedFor } : {}) },
      },
      (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve(JSON.parse(text).errors?.[0]?.extensions?.code ?? null));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** forgotPassword `times` times over one websocket opened with the given X-Forwarded-For; the last answer's error code. */
async function forgotOverWebsocket(server: RunningServer, forwardedFor: string, times: number): Promise<(string | null)[]> {
  const url = `${server.url.replace("http://localhost", "ws://127.0.0.1")}/graphql`;
  const client = createClient({
    url,
    lazy: true,
    retryAttempts: 0,
    webSocketImpl: class extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, { protocols, headers: { "x-forwarded-for": forwardedFor } } as any);
      }
    },
  });
  try {
    const codes: (string | null)[] = [];
    for (let i = 0; i < times; i++) {
      const result: any = await new Promise((resolve, reject) => {
        let value: unknown;
        client.subscribe(
          { query: FORGOT, variables: { email: "nobody@example.org" } },
          {
            next: (v) => (value = v),
            error: reject,
            complete: () => resolve(value),
          },
        );
      });
      codes.push(result.errors?.[0]?.extensions?.code ?? null);
    }
    return codes;
  } finally {
    await client.dispose();
  }
}

describe("without TRUST_PROXY (the default)", () => {
  it("a new X-Forwarded-For on each request does not escape the limit: the socket's address counts", async () => {
    const server = await start();
    for (let i = 0; i < LIMIT; i++) expect(await forgot(server, { forwardedFor: `203.0.113.${i + 1}` })).toBeNull();
    expect(await forgot(server, { forwardedFor: "198.51.100.77" })).toBe("RATEL");
    expect(await forgot(server)).toBe("RATEL");
  });

  it("over a websocket too", async () => {
    const server = await start();
    const codes = [...(await forgotOverWebsocket(server, "203.0.113.1", LIMIT)), ...(await forgotOverWebsocket(server, "203.0.113.2", 1))];
    expect(codes.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(null));
    expect(codes[LIMIT]).toBe("RATEL");
  });
});

describe("TRUST_PROXY=loopback (a proxy on this machine)", () => {
  it("the address the proxy forwards counts, so two clients behind it have their own limits", async () => {
    const server = await start("loopback");
    for (let i = 0; i < LIMIT; i++) expect(await forgot(server, { forwardedFor: "203.0.113.7" })).toBeNull();
    expect(await forgot(server, { forwardedFor: "203.0.113.7" })).toBe("RATEL");
    // A client that prepends its own X-Forwarded-For: the proxy appends the real address last.
    expect(await forgot(server, { forwardedFor: "198.51.100.1, 203.0.113.7" })).toBe("RATEL");
    expect(await forgot(server, { forwardedFor: "203.0.113.8" })).toBeNull();
  });

  it("over a websocket, the upgrade request's X-Forwarded-For counts the same way", async () => {
    const server = await start("loopback");
    const first = await forgotOverWebsocket(server, "203.0.113.7", LIMIT + 1);
    expect(first.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(null));
    expect(first[LIMIT]).toBe("RATEL");
    expect(await forgotOverWebsocket(server, "203.0.113.8", 1)).toEqual([null]);
  });
});

describe("TRUST_PROXY naming one proxy address", () => {
  it("a client connecting from any other address cannot spoof the header", async () => {
    const server = await start("127.0.0.1");
    for (let i = 0; i < LIMIT; i++) {
      expect(await forgot(server, { localAddress: "127.0.0.2", forwardedFor: `203.0.113.${i + 1}` })).toBeNull();
    }
    expect(await forgot(server, { localAddress: "127.0.0.2", forwardedFor: "198.51.100.9" })).toBe("RATEL");
    // The named proxy is still believed.
    expect(await forgot(server, { localAddress: "127.0.0.1", forwardedFor: "198.51.100.9" })).toBeNull();
  });
});

describe("TRUST_PROXY values", () => {
  const parse = (value: string | undefined) => {
    const saved = process.env.TRUST_PROXY;
    if (value === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = value;
    try {
      return loadConfig({ jwtSecret: "forwarded-for-test-secret-long-enough-00" }).trustProxy;
    } finally {
      if (saved === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = saved;
    }
  };

  it("off by default; a hop count, names and addresses as express takes them", () => {
    expect(parse(undefined)).toBe(false);
    expect(parse("")).toBe(false);
    expect(parse("off")).toBe(false);
    expect(parse("false")).toBe(false);
    expect(parse("1")).toBe(1);
    expect(parse("loopback")).toBe("loopback");
    expect(parse("10.0.0.1, 172.16.0.0/12")).toBe("10.0.0.1, 172.16.0.0/12");
  });

  it("refuses values that would believe anyone, or that express cannot read", () => {
    expect(() => parse("true")).toThrow(/TRUST_PROXY/);
    expect(() => parse("*")).toThrow(/TRUST_PROXY/);
    expect(() => parse("not-an-address")).toThrow(/TRUST_PROXY/);
  });
});
