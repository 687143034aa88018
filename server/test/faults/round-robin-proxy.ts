// A tiny load balancer for the fleet test: HTTP requests and websocket upgrades go to the
// backends in turn (round robin, no stickiness), X-Forwarded-For gets the client's address
// appended as a real proxy does, and every routing decision is logged so a test can tell which
// server answered what. peek() names the backend the next request will reach.
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";

export interface Routed {
  kind: "http" | "websocket";
  method: string;
  path: string;
  backend: number;
}

export interface RoundRobinProxy {
  url: string;
  log: Routed[];
  peek(): number;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const log: Routed[] = [];
  const sockets = new Set<net.Socket>();
  const pick = (kind: Routed["kind"], req: http.IncomingMessage) => {
    const backend = next;
    next = (next + 1) % backends.length;
    log.push({ kind, method: req.method ?? "GET", path: req.url ?? "/", backend });
    return new URL(backends[backend]);
  };
  const forwardedHeaders = (req: http.IncomingMessage) => {
    const client = req.socket.remoteAddress ?? "";
    const prior = req.headers["x-forwarded-for"];
    return { ...req.headers, "x-forwarded-for": prior ? `${prior}, ${client}` : client };
  };

  const server = http.createServer((req, res) => {
    const target = pick("http", req);
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: forwardedHeaders(req) },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  server.on("upgrade", (req, socket, head) => {
    const target = pick("websocket", req);
    const upstream = net.connect(Number(target.port), target.hostname, () => {
      const headers = Object.entries(forwardedHeaders(req)).flatMap(([k, v]) =>
        Array.isArray(v) ? v.map((x) => `${k}: ${x}`) : [`${k}: ${v}`],
      );
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join("\r\n")}\r\n\r\n`);
      if (head.length) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    sockets.add(upstream);
    upstream.once("close", () => sockets.delete(upstream));
    const end = () => {
      socket.destroy();
      upstream.destroy();
    };
    upstream.on("error", end);
    socket.on("error", end);
    socket.on("close", end);
    upstream.on("close", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    peek: () => next,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
