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
import { refuseLargeGraphqlBodies } from "./graphql/body-limit.ts";
import { healthRouter } from "./routes/health.ts";
import { clientConfigRouter } from "./routes/client-config.ts";
import { spaRouter } from "./routes/spa.ts";
import { ttnWebhookRouter } from "./webhooks/ttn.ts";
import { securityHeaders } from "./routes/security-headers.ts";
import { exportRouter } from "./routes/export.ts";
import { ogcRouter } from "./routes/ogc.ts";
import { unsubscribeRouter } from "./routes/unsubscribe.ts";
import { imageRoutes } from "./images/index.ts";
import { openPictureStore } from "./storage/index.ts";
import { sharedLimits } from "./auth/rate-limit.ts";
import { endPool, logPoolErrors } from "./pg-errors.ts";
import { ReadRouting } from "./replica/read-routing.ts";
import { DRAIN_MS } from "./shutdown.ts";
import type { ServerConfig } from "./config.ts";
import { randomBytes } from "node:crypto";
import { componentLogger } from "../domain/logger.ts";

const log = componentLogger("http");

/** application_name of the session subscriptions LISTEN on (seen in pg_stat_activity). */
export const LISTEN_APPLICATION_NAME = "steward-listen";
/** application_name of the API's sessions on the read replica (READ_DATABASE_URL). */
export const READ_APPLICATION_NAME = "steward-read";

export interface RunningServer {
  httpServer: Server;
  url: string;
  /**
   * Stops accepting, closes websockets with 1001, lets requests in flight finish (up to `drainMs`,
   * then cuts them), and closes the pools. Safe to call twice.
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

export async function startServer(config: ServerConfig): Promise<RunningServer> {
  if (!config.databaseUrl) throw new Error("DATABASE_URL is not set");
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-For counts only from the proxies TRUST_PROXY names (server/client-address.ts).
  app.set("trust proxy", config.trustProxy);
  // Once shutting down, answers close their connection instead of keeping it alive.
  let shuttingDown = false;
  app.use((_req, res, next) => {
    if (shuttingDown) res.setHeader("Connection", "close");
    next();
  });
  app.use(securityHeaders({ mapTileHosts: config.mapTileHosts, graphqlUrl: config.graphqlUrl, graphqlWsUrl: config.graphqlWsUrl }));
  const httpServer = createServer(app);
  // Websockets outlive closeAllConnections(); remember every socket so close() ends them too.
  const sockets = new Set<import("node:net").Socket>();
  httpServer.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });

  // Every pool serving requests ends a statement after its timeout (statement_timeout, sent when
  // connecting), so one slow query cannot hold a connection for good. 0 sends none.
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 2, statement_timeout: config.apiStatementTimeoutMs });
  logPoolErrors(pool, "health pool");
  app.use(healthRouter(pool));
  app.use(clientConfigRouter(config));
  app.use(unsubscribeRouter(pool, { secret: config.unsubscribeSecret, brandHosts: config.brandHosts }));
  // Uplinks are stored as the owner: the webhook is authenticated by its own secret.
  const webhookPool = new pg.Pool({ connectionString: config.databaseUrl, max: 4, statement_timeout: config.webhookStatementTimeoutMs });
  logPoolErrors(webhookPool, "webhook pool");
  const ttn = ttnWebhookRouter(webhookPool, config.ttnWebhookSecret);
  app.use(ttn.router);

  // Few connections beat many: each busy one is a PostgreSQL process competing for the same cores
  // (on two vCPUs the home dashboard ran best at 4 to 6, and worst at 20; bench/api.ts).
  // With the one-trip adaptor its clients run in pipeline mode: the reads of one turn share a
  // connection and go out together (server/graphql/one-trip-adaptor.ts). A connection is still
  // used by one caller at a time otherwise, so nothing else about the pool changes.
  const pipeline = config.pgAdaptor === "one-trip";
  const apiPool = new pg.Pool({
    connectionString: config.authDatabaseUrl,
    max: config.apiPoolSize,
    statement_timeout: config.apiStatementTimeoutMs,
    pipeline,
  } as pg.PoolConfig);
  // Introspection, at start and on schema changes: no timeout.
  const ownerPool = new pg.Pool({ connectionString: config.databaseUrl, max: 2 });
  // Subscriptions LISTEN on one session of their own, as the owner on DATABASE_URL, which must be a
  // direct connection (docs/scaling.md): a LISTEN belongs to a session, so it cannot go through a
  // transaction-mode pooler, which AUTH_DATABASE_URL (the API's pool) may. Notifications carry only
  // a topic; what a subscriber then reads runs on the API's pool under their own role.
  const listenPool = new pg.Pool({ connectionString: config.databaseUrl, max: 1, application_name: LISTEN_APPLICATION_NAME });
  // Rate limits shared by every server (server/auth/rate-limit.ts), counted as the owner.
  const limitsPool = new pg.Pool({
    connectionString: config.databaseUrl,
    max: 2,
    statement_timeout: config.apiStatementTimeoutMs,
    application_name: "steward-limits",
  });
  // The replica-safe reads (docs/scaling.md) on a streaming replica, as the same authenticator:
  // as many connections as the API's, since they take its reads over.
  const replicaPool = config.readDatabaseUrl
    ? new pg.Pool({
        connectionString: config.readDatabaseUrl,
        max: config.apiPoolSize,
        statement_timeout: config.apiStatementTimeoutMs,
        application_name: READ_APPLICATION_NAME,
        pipeline,
      } as pg.PoolConfig)
    : null;
  if (replicaPool) logPoolErrors(replicaPool, "replica pool");
  const readRouting = replicaPool ? new ReadRouting(apiPool, replicaPool) : undefined;
  logPoolErrors(apiPool, "api pool");
  logPoolErrors(ownerPool, "owner pool");
  logPoolErrors(listenPool, "listen pool");
  logPoolErrors(limitsPool, "limits pool");
  const pgSubscriber = new PgSubscriber(listenPool);
  const limits = sharedLimits(limitsPool);
  // Pictures and pending uploads (STORAGE: local, postgres or s3; server/storage).
  const pictureStore = openPictureStore(config);
  const pgl = postgraphile(
    makePreset(config, { pool: apiPool, superuserPool: ownerPool, pgSubscriber, pictureStore, limits, readRouting }),
  );
  const serv = pgl.createServ(grafserv);
  app.use("/graphql", refuseLargeGraphqlBodies(config.documentLimits.maxBodyBytes));
  // Websockets through our own handler (server/graphql/websocket.ts: message size, masked closes).
  await serv.addTo(app, httpServer, false);
  const graphqlWebsocket = attachGraphqlWebsocket(httpServer, serv, { path: "/graphql", maxPayload: config.documentLimits.maxBodyBytes });
  // Make sure the schema builds (and is exported) before we say we are up.
  await pgl.getSchema();

  app.use(
    exportRouter(
      apiPool,
      readRouting,
      { jwtSecret: config.jwtSecret, jwtAudience: config.jwtAudience, jwtIssuer: config.jwtIssuer },
      config.openDataLicence,
    ),
  );
  // OGC API - Features under /ogc (issue 26): the public things for GIS tools.
  app.use(ogcRouter(apiPool, readRouting, config.openDataLicence));
  // POST /uploads and GET /images/... (server/images).
  app.use(imageRoutes(config, apiPool, pictureStore, limits));
  app.use(spaRouter(config.webDistDir));
  app.use(lastResortErrors);

  await new Promise<void>((resolve) => httpServer.listen(config.port, config.host, resolve));
  const address = httpServer.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  let closing: Promise<void> | undefined;
  return {
    httpServer,
    url: `http://localhost:${port}`,
    close(options = {}) {
      closing ??= (async () => {
        shuttingDown = true;
        // Stop accepting; resolves once every connection has ended.
        const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
        await graphqlWebsocket.close();
        await ttn.ingester.drain();
        // Keep-alive connections end as soon as their request is answered; the rest are cut
        // once the drain time is up.
        httpServer.closeIdleConnections();
        const idle = setInterval(() => httpServer.closeIdleConnections(), 50);
        const cut = setTimeout(() => {
          httpServer.closeAllConnections();
          for (const socket of sockets) socket.destroy();
        }, options.drainMs ?? DRAIN_MS);
        await stopped;
        clearInterval(idle);
        clearTimeout(cut);
        await pgl.release();
        pgSubscriber.release();
        await pictureStore.close();
        await Promise.all(
          [pool, apiPool, ownerPool, webhookPool, listenPool, limitsPool, ...(replicaPool ? [replicaPool] : [])].map(endPool),
        );
      })();
      return closing;
    },
  };
}

/**
 * Errors no route answered itself (a malformed path such as /%zz, a bug): a short JSON answer
 * with an id, the details only in the log. Express's own handler would send the stack trace
 * whenever NODE_ENV is not "production".
 */
function lastResortErrors(error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) {
  if (res.headersSent) return next(error);
  // Whatever was thrown; http-errors (body parser, path decoding) carry status and expose.
  const err = error as { status?: unknown; expose?: unknown; message?: unknown } | null | undefined;
  const status = typeof err?.status === "number" && err.status >= 400 && err.status < 600 ? err.status : 500;
  if (status < 500) {
    // The request's fault (bad encoding in the path, an unreadable body): say so plainly.
    res
      .status(status)
      .json({ error: err?.expose && typeof err?.message === "string" && !(err instanceof URIError) ? err.message : "Bad request" });
    return;
  }
  const errorId = randomBytes(6).toString("hex").toUpperCase();
  log.error({ err }, `error ${errorId} on ${req.method} ${req.path}`);
  res.status(status).json({ error: "An error occurred", errorId });
}
