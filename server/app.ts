// Builds the HTTP server: GraphQL over HTTP and websockets (PostGraphile), health, run-time client
// configuration and the SPA. Used by server/main.ts, scripts/start.ts and the tests.
import express from "express";
import { createServer, type Server } from "node:http";
import pg from "pg";
import { postgraphile } from "postgraphile";
import { grafserv } from "postgraphile/grafserv/express/v4";
import { PgSubscriber } from "postgraphile/adaptors/pg";
import { makePreset } from "./graphql/preset.ts";
import { attachGraphqlWebsocket } from "./graphql/websocket.ts";
import { healthRouter } from "./routes/health.ts";
import { clientConfigRouter } from "./routes/client-config.ts";
import { spaRouter } from "./routes/spa.ts";
import { ttnWebhookRouter } from "./webhooks/ttn.ts";
import { securityHeaders } from "./routes/security-headers.ts";
import { exportRouter } from "./routes/export.ts";
import { imageRoutes } from "./images/index.ts";
import { logPoolErrors } from "./pg-errors.ts";
import type { ServerConfig } from "./config.ts";
import { randomBytes } from "node:crypto";

export interface RunningServer {
  httpServer: Server;
  url: string;
  close(): Promise<void>;
}

export async function startServer(config: ServerConfig): Promise<RunningServer> {
  if (!config.databaseUrl) throw new Error("DATABASE_URL is not set");
  const app = express();
  app.disable("x-powered-by");
  // Behind a proxy (docker-compose, a TLS terminator), the client's address is in X-Forwarded-For.
  app.set("trust proxy", "loopback, linklocal, uniquelocal");
  app.use(securityHeaders({ mapTileHosts: config.mapTileHosts, graphqlUrl: config.graphqlUrl, graphqlWsUrl: config.graphqlWsUrl }));
  const httpServer = createServer(app);
  // Websockets outlive closeAllConnections(); remember every socket so close() ends them too.
  const sockets = new Set<import("node:net").Socket>();
  httpServer.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });

  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 2 });
  logPoolErrors(pool, "health pool");
  app.use(healthRouter(pool));
  app.use(clientConfigRouter(config));
  // Uplinks are stored as the owner: the webhook is authenticated by its own secret.
  const webhookPool = new pg.Pool({ connectionString: config.databaseUrl, max: 4 });
  logPoolErrors(webhookPool, "webhook pool");
  const ttn = ttnWebhookRouter(webhookPool, config.ttnWebhookSecret);
  app.use(ttn.router);

  // Few connections beat many: each busy one is a PostgreSQL process competing for the same cores
  // (on two vCPUs the home dashboard ran best at 4 to 6, and worst at 20; bench/api.ts).
  const apiPool = new pg.Pool({ connectionString: config.authDatabaseUrl, max: config.apiPoolSize });
  const ownerPool = new pg.Pool({ connectionString: config.databaseUrl, max: 2 });
  logPoolErrors(apiPool, "api pool");
  logPoolErrors(ownerPool, "owner pool");
  const pgSubscriber = new PgSubscriber(apiPool);
  const pgl = postgraphile(makePreset(config, { pool: apiPool, superuserPool: ownerPool, pgSubscriber }));
  const serv = pgl.createServ(grafserv);
  // Websockets through our own handler (server/graphql/websocket.ts: message size, masked closes).
  await serv.addTo(app, httpServer, false);
  const graphqlWebsocket = attachGraphqlWebsocket(httpServer, serv, { path: "/graphql", maxPayload: config.documentLimits.maxBodyBytes });
  // Make sure the schema builds (and is exported) before we say we are up.
  await pgl.getSchema();

  app.use(exportRouter(apiPool, { jwtSecret: config.jwtSecret, jwtAudience: config.jwtAudience, jwtIssuer: config.jwtIssuer }));
  // POST /uploads and GET /images/... (server/images).
  app.use(imageRoutes(config, apiPool));
  app.use(spaRouter(config.webDistDir));
  app.use(lastResortErrors);

  await new Promise<void>((resolve) => httpServer.listen(config.port, config.host, resolve));
  const address = httpServer.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  return {
    httpServer,
    url: `http://localhost:${port}`,
    async close() {
      await ttn.ingester.drain();
      graphqlWebsocket.close();
      httpServer.closeAllConnections();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await pgl.release();
      pgSubscriber.release();
      await Promise.all([pool.end(), apiPool.end(), ownerPool.end(), webhookPool.end()]);
    },
  };
}

/**
 * Errors no route answered itself (a malformed path such as /%zz, a bug): a short JSON answer
 * with an id, the details only in the log. Express's own handler would send the stack trace
 * whenever NODE_ENV is not "production".
 */
function lastResortErrors(err: any, req: express.Request, res: express.Response, next: express.NextFunction) {
  if (res.headersSent) return next(err);
  const status = typeof err?.status === "number" && err.status >= 400 && err.status < 600 ? err.status : 500;
  if (status < 500) {
    // The request's fault (bad encoding in the path, an unreadable body): say so plainly.
    res.status(status).json({ error: err.expose && typeof err.message === "string" && !(err instanceof URIError) ? err.message : "Bad request" });
    return;
  }
  const errorId = randomBytes(6).toString("hex").toUpperCase();
  console.error(`[http] error ${errorId} on ${req.method} ${req.path}:`, err);
  res.status(status).json({ error: "An error occurred", errorId });
}
