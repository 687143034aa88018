// The PostGraphile V5 preset: Amber defaults, V4-style naming (row `id`, global `nodeId`,
// `allThings`, `thingById`, `updateThingById`, ...) so the schema carries the spec's names, our
// auth plugin, error masking, and the per-request role from the bearer token.
import { PostGraphileAmberPreset } from "postgraphile/presets/amber";
import { makeV4Preset } from "postgraphile/presets/v4";
import { createWithPgClient, makePgService, type PgSubscriber } from "postgraphile/adaptors/pg";
import path from "node:path";
import type pg from "pg";
import { makeAuthPlugin } from "./auth-plugin.ts";
import { maskError } from "./errors.ts";
import { NoSilentMutationsPlugin } from "./no-silent-mutations-plugin.ts";
import { SearchConditionPlugin } from "./search-condition-plugin.ts";
import { ThingUpdatedPlugin } from "./thing-updated-plugin.ts";
import { NotificationAddedPlugin } from "./notification-added-plugin.ts";
import { makeRateLimitPlugin } from "./rate-limit-plugin.ts";
import { makeQueryLimitsPlugin } from "./query-limits-plugin.ts";
import { StringOutputPlugin } from "./string-output-plugin.ts";
import { RawReadingsPlugin, installRawJsonOutput } from "./raw-readings-plugin.ts";
import { makeEnvironmentPlugin } from "./environment-plugin.ts";
import { makeOneTripWithPgClient, oneTripAdaptor } from "./one-trip-adaptor.ts";
import { replicaContext } from "./replica-routing.ts";
import type { ReadRouting } from "../replica/read-routing.ts";
import { makeImagesPlugin } from "../images/plugin.ts";
import { claimsFromAuthorization, pgSettingsFor } from "../auth/request-context.ts";
import { rootDir, type PgAdaptorName, type ServerConfig } from "../config.ts";
import type { PictureStore } from "../storage/index.ts";
import type { SharedLimits } from "../auth/rate-limit.ts";
import { clientAddress } from "../client-address.ts";

/** The pools are the caller's to end (PostGraphile's release() leaves its own pools open). */
export interface PresetPools {
  /** Logs in as the authenticator and switches to a web role per request. */
  pool: pg.Pool;
  /** The owner, for introspection. */
  superuserPool: pg.Pool;
  /** LISTEN/NOTIFY for subscriptions, on a direct connection of its own; release() it before ending its pool. */
  pgSubscriber?: PgSubscriber;
  /** Where newFiles stores pictures (server/storage). */
  pictureStore: PictureStore;
  /** Where the per-address limits count (server/auth/rate-limit.ts), when RATE_LIMITS is on. */
  limits: SharedLimits;
  /** With READ_DATABASE_URL: the replica's pool and the writers' fences (server/replica/read-routing.ts). */
  readRouting?: ReadRouting;
}

export function makePreset(config: ServerConfig, pools: PresetPools): GraphileConfig.Preset {
  installRawJsonOutput();
  const tokenSettings = { jwtSecret: config.jwtSecret, jwtAudience: config.jwtAudience, jwtIssuer: config.jwtIssuer };
  const routing = pools.readRouting;
  // The replica's reads through the same adaptor as the primary's.
  const replicaWithPgClient = routing
    ? config.pgAdaptor === "one-trip"
      ? makeOneTripWithPgClient(routing.replica)
      : createWithPgClient({ pool: routing.replica })
    : undefined;
  return {
    extends: [
      PostGraphileAmberPreset,
      makeV4Preset({
        simpleCollections: "omit",
        setofFunctionsContainNulls: false,
        ignoreRBAC: false,
        dynamicJson: true,
        subscriptions: true,
      }),
    ],
    plugins: [
      makeAuthPlugin(tokenSettings),
      NoSilentMutationsPlugin,
      SearchConditionPlugin,
      makeImagesPlugin({ store: pools.pictureStore }),
      ThingUpdatedPlugin,
      NotificationAddedPlugin,
      makeEnvironmentPlugin({
        eaApiUrl: config.eaApiUrl,
        openMeteoUrl: config.openMeteoUrl,
        timeoutMs: config.environmentTimeoutMs,
        rainfallCacheMinutes: config.rainfallCacheMinutes,
        weatherCacheMinutes: config.weatherCacheMinutes,
      }),
      ...(config.rateLimits ? [makeRateLimitPlugin(pools.limits)] : []),
      makeQueryLimitsPlugin({
        limits: config.queryLimits,
        documentLimits: config.documentLimits,
        introspection: config.introspection,
        refusalsPerMinute: config.refusedDocumentsPerMinute,
        trustProxy: config.trustProxy,
      }),
      StringOutputPlugin,
      RawReadingsPlugin,
    ],
    pgServices: [
      withAdaptor(
        config.pgAdaptor,
        makePgService({
          pool: pools.pool,
          superuserPool: pools.superuserPool,
          pgSubscriber: pools.pgSubscriber,
          schemas: ["app_public"],
          // Introspect with the authenticator's privileges whatever the connection's user, so the
          // schema leaves out what the web roles may not do, and is the same in every setup.
          pgSettingsForIntrospection: { role: "bk_authenticator" },
          pubsub: true,
        }),
      ),
    ],
    schema: {
      exportSchemaSDLPath: config.exportSchema ? path.join(rootDir, "server/schema.graphql") : undefined,
      sortExport: true,
    },
    grafserv: {
      graphqlPath: "/graphql",
      websockets: true,
      graphiql: config.graphiql,
      graphiqlPath: "/graphiql",
      maskError,
      // JSON bodies only: a form (x-www-form-urlencoded, which the V4 preset allows) can be posted
      // cross-site without CORS. Bodies and websocket messages up to GRAPHQL_MAX_BODY_BYTES.
      allowedRequestContentTypes: ["application/json"],
      maxRequestLength: config.documentLimits.maxBodyBytes,
      // Our own parse-and-validate, with its byte-bounded cache, replaces grafserv's
      // (query-limits-plugin.ts, document-limits.ts).
      parseAndValidateCacheSize: 0,
      // Answers whose data Grafast wrote as JSON text go out as they are (string-output-plugin.ts).
      outputDataAsString: true,
    },
    grafast: {
      explain: false,
      async context(requestContext, args) {
        const http = requestContext.expressv4?.req;
        const ws = requestContext.ws;
        const header = http
          ? http.headers.authorization
          : (ws?.normalizedConnectionParams as Record<string, unknown> | undefined)?.authorization;
        const claims = await claimsFromAuthorization(tokenSettings, header);
        const ip = http ? http.ip : clientAddress(ws?.request, config.trustProxy);
        const pgSettings = pgSettingsFor(claims);
        if (!routing || !replicaWithPgClient) return { pgSettings, ip };
        const reader = { req: http, res: requestContext.expressv4?.res, userId: claims?.user_id ?? null };
        return { pgSettings, ip, ...(await replicaContext(routing, replicaWithPgClient, args, reader)) };
      },
    },
  };
}

/** A service as makePgService makes it, with reads sent in one round trip (one-trip-adaptor.ts) unless PG_ADAPTOR=postgraphile. */
function withAdaptor<S extends { adaptor: unknown }>(name: PgAdaptorName, service: S): S {
  return name === "one-trip" ? { ...service, adaptor: oneTripAdaptor as unknown as S["adaptor"] } : service;
}
