// Attack: the content security policy's connect-src listed the bare schemes ws: and wss:, so a
// script injected into the app could open a websocket to any host on the internet and carry data
// off. connect-src is now the app's own origin ('self', which covers ws:/wss: to the same host in
// CSP Level 3 browsers), the configured GRAPHQL_URL / GRAPHQL_WS_URL origins and the map's tile
// hosts. A headless Chromium (when installed) checks that the app's own websocket still opens and a
// websocket to another host is blocked.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import fs from "node:fs";
import http from "node:http";
import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { securityHeaders } from "../../server/routes/security-headers.ts";

function connectSrc(opts: Partial<Parameters<typeof securityHeaders>[0]> = {}): string[] {
  const handler = securityHeaders({ mapTileHosts: [], graphqlUrl: "", graphqlWsUrl: "", ...opts });
  const headers: Record<string, string> = {};
  const res = {
    set: (h: Record<string, string> | string, v?: string) => {
      if (typeof h === "string") headers[h] = v!;
      else Object.assign(headers, h);
    },
  };
  handler({ path: "/" } as any, res as any, () => {});
  const csp = headers["Content-Security-Policy"];
  const directive = csp.split(/;\s*/).find((d) => d.startsWith("connect-src "))!;
  return directive.split(" ").slice(1);
}

describe("connect-src", () => {
  it("names no bare scheme: no ws:, wss:, http:, https: or *", () => {
    const sources = connectSrc({ mapTileHosts: ["https://tiles.openfreemap.org"] });
    expect(sources).toContain("'self'");
    for (const bare of ["ws:", "wss:", "http:", "https:", "*"]) expect(sources).not.toContain(bare);
  });

  it("adds the origins of a configured GRAPHQL_URL and GRAPHQL_WS_URL, nothing broader", () => {
    const sources = connectSrc({ graphqlUrl: "https://api.example.org/graphql", graphqlWsUrl: "wss://live.example.org:8443/graphql" });
    expect(sources).toEqual(["'self'", "https://api.example.org", "wss://live.example.org:8443"]);
  });

  it("an unparsable GRAPHQL_WS_URL adds nothing", () => {
    expect(connectSrc({ graphqlWsUrl: "not a url" })).toEqual(["'self'"]);
  });
});

// --- In a real browser ---------------------------------------------------------------------------

const CHROMIUM = "/usr/bin/chromium";
const haveChromium = fs.existsSync(CHROMIUM);

/**
 * A page served under the real policy, which opens a websocket to its own origin and one to another
 * origin (a second port: another origin to the browser), and reports which opened. Both servers
 * accept the upgrade, so only the policy can stop one.
 */
describe.skipIf(!haveChromium)("in Chromium", () => {
  let app: http.Server;
  let other: http.Server;
  const upgraded = new Set<import("node:stream").Duplex>();
  const acceptUpgrade = (server: http.Server) =>
    server.on("upgrade", (req, socket) => {
      upgraded.add(socket);
      const key = req.headers["sec-websocket-key"] as string;
      const accept = createHash("sha1")
        .update(key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11")
        .digest("base64");
      socket.write(
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
      );
    });

  beforeAll(async () => {
    const policy = securityHeaders({ mapTileHosts: [], graphqlUrl: "", graphqlWsUrl: "" });
    other = http.createServer((_req, res) => res.end());
    acceptUpgrade(other);
    await new Promise<void>((r) => other.listen(0, "127.0.0.1", r));
    const otherPort = (other.address() as AddressInfo).port;
    app = http.createServer((req, res) => {
      policy(
        { path: req.url } as any,
        {
          set: (h: any, v?: any) => {
            if (typeof h === "string") res.setHeader(h, v);
            else for (const [k, x] of Object.entries(h)) res.setHeader(k, x as string);
          },
        } as any,
        () => {
          if (req.url === "/probe.js") {
            res.setHeader("content-type", "text/javascript");
            res.end(`
            const open = (url) => new Promise((resolve) => {
              try {
                const ws = new WebSocket(url);
                ws.onopen = () => resolve("open");
                ws.onerror = () => resolve("error");
              } catch (e) { resolve("blocked"); }
            });
            Promise.all([open("ws://" + location.host + "/graphql"), open("ws://127.0.0.1:${otherPort}/graphql")])
              .then(([own, foreign]) => { document.title = JSON.stringify({ own, foreign }); });
          `);
          } else {
            res.setHeader("content-type", "text/html");
            res.end(`<!doctype html><title>waiting</title><script src="/probe.js"></script>`);
          }
        },
      );
    });
    acceptUpgrade(app);
    await new Promise<void>((r) => app.listen(0, "127.0.0.1", r));
  });
  afterAll(async () => {
    for (const socket of upgraded) socket.destroy();
    app?.closeAllConnections();
    other?.closeAllConnections();
    await new Promise((r) => app?.close(r));
    await new Promise((r) => other?.close(r));
  });

  it("the page's own websocket opens; one to another origin is refused by the policy", async () => {
    const { chromium } = await import("playwright-core");
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
    try {
      const page = await browser.newPage();
      const violations: string[] = [];
      page.on("console", (m) => violations.push(m.text()));
      // 'self' must match ws://<the page's host and port>.
      await page.goto(`http://127.0.0.1:${(app.address() as AddressInfo).port}/`);
      await page.waitForFunction(() => document.title !== "waiting", undefined, { timeout: 10_000 });
      const result = JSON.parse(await page.title());
      expect(result.own).toBe("open");
      expect(result.foreign).not.toBe("open");
      expect(violations.join("\n")).toMatch(/Content Security Policy/);
    } finally {
      await browser.close();
    }
  });
});
