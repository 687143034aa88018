// GraphQL over websockets (graphql-ws) on /graphql, in place of grafserv's own upgrade handler,
// for two things grafserv does not let us set:
// - the largest message a client may send (ws `maxPayload`: grafserv leaves ws's default of
//   100 MiB; here GRAPHQL_MAX_BODY_BYTES, the same bound as an HTTP body). A larger message
//   closes the socket with 1009;
// - what a socket closed on an unexpected error says: grafserv closes with 4500 and the error's
//   own message (internal text); here 4500 "Internal server error" and an id, the detail logged.
// The operations themselves go through grafserv's graphql-ws configuration (makeGraphQLWSConfig),
// so they share parse-and-validate, limits, context and masking with HTTP.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { makeServer, CloseCode } from "graphql-ws";
import { makeGraphQLWSConfig } from "postgraphile/grafserv";
import type { GrafservBase } from "postgraphile/grafserv";
import { componentLogger } from "../../domain/logger.ts";

const log = componentLogger("graphql");

/** Close code for a server that is shutting down (RFC 6455). */
const GOING_AWAY = 1001;

/** A ping this often; a socket that has not answered the previous one by then is ended. */
const KEEPALIVE_MS = 12_000;

export function attachGraphqlWebsocket(
  httpServer: Server,
  serv: GrafservBase,
  options: { path: string; maxPayload: number },
): { close(timeoutMs?: number): Promise<void> } {
  const graphqlWs = makeServer(makeGraphQLWSConfig(serv));
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayload });

  const onConnection = (socket: WebSocket, request: IncomingMessage) => {
    let alive = true;
    socket.on("pong", () => {
      alive = true;
    });
    // A socket's errors (a message over maxPayload, a broken frame) are the client's: ws closes the
    // socket itself (1009, 1002); without a listener the error would be thrown and end the process.
    socket.on("error", (err: Error & { code?: string }) => {
      log.warn(`websocket from ${request.socket.remoteAddress} closed: ${err.code ?? err.message}`);
    });
    const keepalive = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, KEEPALIVE_MS);
    const closed = graphqlWs.opened(
      {
        protocol: socket.protocol,
        send: (data) => new Promise<void>((resolve, reject) => socket.send(data, (err) => (err ? reject(err) : resolve()))),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (cb) =>
          socket.on("message", async (data) => {
            try {
              await cb(data.toString());
            } catch (err) {
              const errorId = randomBytes(6).toString("hex").toUpperCase();
              log.error({ err }, `websocket closed on error ${errorId}`);
              try {
                socket.close(CloseCode.InternalServerError, `Internal server error ${errorId}`);
              } catch {
                /* already closed */
              }
            }
          }),
      },
      { socket, request },
    );
    socket.once("close", (code, reason) => {
      clearInterval(keepalive);
      void closed(code, reason.toString());
    });
  };
  wss.on("connection", onConnection);

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = req.url ?? "";
    const q = url.indexOf("?");
    if ((q >= 0 ? url.slice(0, q) : url) !== options.path) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req));
  };
  httpServer.on("upgrade", onUpgrade);
  return {
    /**
     * Stops taking websockets and closes the open ones with 1001 (going away: the SPA reconnects,
     * to another instance if there is one), waiting up to `timeoutMs` for their closing handshakes;
     * those still open then are cut.
     */
    async close(timeoutMs = 1_000) {
      httpServer.off("upgrade", onUpgrade);
      const closed = [...wss.clients].map(
        (client) =>
          new Promise<void>((resolve) => {
            client.once("close", () => resolve());
            if (client.readyState === client.OPEN) client.close(GOING_AWAY, "Server shutting down");
            else client.terminate();
          }),
      );
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(closed), new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
      for (const client of wss.clients) client.terminate();
      wss.off("connection", onConnection);
      wss.close();
    },
  };
}
