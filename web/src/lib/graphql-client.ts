// The urql client: normalised cache (graphcache, entities keyed by `id`), an auth exchange that
// sends the session's bearer token (dropping an expired one first and making a guest session when
// there is none), HTTP POSTs to the configured endpoint, and subscriptions over graphql-ws
// (graphql-transport-ws) with the retry policy of spec sections 8 and 9. Given a storage (a
// signed-in person in a browser with IndexedDB, lib/offline/persisted-cache.ts), the cache is kept
// on the device and answers offline (graphcache's offlineExchange).
import { Client, fetchExchange, subscriptionExchange, type CombinedError, type Exchange, type Operation } from "urql";
import { cacheExchange, offlineExchange, type KeyingConfig, type StorageAdapter } from "@urql/exchange-graphcache";
import { forgetEarlyAnswers } from "./early/answers.ts";
import { earlyAnswersExchange } from "./early/exchange.ts";
import { freshExchange, keptCopyGate } from "./offline/persisted-cache.ts";
import { authExchange } from "@urql/exchange-auth";
import { createClient as createWsClient, type Client as WsClient } from "graphql-ws";
import { withRetryableCloses } from "./retryable-closes.ts";
import type { SessionStore } from "./session.ts";

/** Websocket close codes that are never retried (spec section 8). */
export const NON_RETRYABLE_CLOSE_CODES: ReadonlySet<number> = new Set([
  4500, // internal server error
  4005, // internal client error
  4400, // bad request
  4004, // bad response
  4401, // unauthorized
  4403, // forbidden
  4406, // subprotocol not acceptable
  4408, // connection initialisation timeout
  4504, // connection acknowledgement timeout
  4409, // subscriber already exists
  4429, // too many initialisation requests
]);

/** Reconnection attempts before a subscription gives up (spec section 9). */
export const WS_RETRY_ATTEMPTS = 5;

function closeCodeOf(value: unknown): number | undefined {
  if (typeof value === "object" && value !== null && "code" in value && typeof (value as { code: unknown }).code === "number") {
    return (value as { code: number }).code;
  }
  return undefined;
}

/**
 * The socket's own `error` event. Browsers (and Node's WebSocket) fire it just before the close
 * event of a connection that failed or dropped without a closing handshake (code 1006: server
 * killed or restarting, network gone), and graphql-ws hands shouldRetry whichever came first, so
 * this is how a dropped connection usually arrives. Errors thrown by our own code (an Error, e.g.
 * from connectionParams) are not socket events; the client closes those with 4005, not retried.
 */
function isSocketErrorEvent(value: unknown): boolean {
  return typeof value === "object" && value !== null && !(value instanceof Error) && (value as { type?: unknown }).type === "error";
}

/**
 * Whether a lost websocket connection is tried again: closes are, except the listed codes, and so
 * is a dropped connection reported by the socket's `error` event.
 */
export function shouldRetryWebSocket(errorOrCloseEvent: unknown): boolean {
  if (isSocketErrorEvent(errorOrCloseEvent)) return true;
  const code = closeCodeOf(errorOrCloseEvent);
  return code !== undefined && !NON_RETRYABLE_CLOSE_CODES.has(code);
}

/**
 * Wait before reconnection attempt `retries` (0 for the first): exponential backoff in seconds,
 * 1 s, 2 s, 4 s, 8 s, 16 s, plus up to one second of random jitter so that many clients
 * dropped at once do not come back at the same moment.
 */
export function webSocketRetryDelayMs(retries: number, random: () => number = Math.random): number {
  return 1000 * 2 ** retries + Math.floor(random() * 1000);
}

/**
 * Values that are not entities: computed rows without a stable id of their own, and readings
 * (SensorDatum: never changed once stored, and a chart asks for up to 10,000 of them, which the
 * cache need not keep one by one, nor the server send ids for; SensorRollupLine likewise, a chart's
 * means per hour or day with no id of its own).
 */
const EMBEDDED_TYPES = new Set([
  "SensorDatum",
  "SensorRollupLine",
  "LeaderboardEntry",
  "SyncNavigationResult",
  "SyncSessionResult",
  "AdminTotal",
  "RouteStat",
  "PatternStat",
  "SessionStat",
  "DailyStat",
  "Point",
  "InvitationTarget",
  "WeatherForecast",
  "HourlyWeather",
  "DailyWeather",
  "RainfallStations",
  "RainfallMeasures",
  "RainfallReadings",
  "RainfallReading",
  "Soilscape",
  "MapView",
  "MapCluster",
  // nearestThing/nearestDevice answers: the distance belongs to the place asked about.
  "NearbyThing",
  "NearbyDevice",
  // Notice preferences and settings (issue 25): one per person and kind, read and saved whole.
  "NoticePreference",
  "NoticeSetting",
  // Inventory (issue 26): a thing's water-model figures, and one row of an import's report.
  "WaterParameter",
  "ThingImportResult",
  // Watering rotas (issue 26): who is on a day, worked out from slots and swaps.
  "RotaDuty",
]);

/** Graphcache keys: entities by `id` (the default); mutation payloads and the values above are embedded. */
function keyingConfig(): KeyingConfig {
  const embedded = () => null;
  return new Proxy({} as KeyingConfig, {
    get(_target, typename) {
      return typeof typename === "string" && (typename.endsWith("Payload") || EMBEDDED_TYPES.has(typename)) ? embedded : undefined;
    },
  });
}

function authorizationOf(operation: Operation): string | undefined {
  const fetchOptions = operation.context.fetchOptions;
  const options = typeof fetchOptions === "function" ? fetchOptions() : fetchOptions;
  const headers = options?.headers as Record<string, string> | undefined;
  return headers?.Authorization ?? headers?.authorization;
}

/**
 * A rejected token: HTTP 401, or error code TOKEN (what the server reports over the websocket,
 * where there is no status).
 */
export function isAuthError(error: CombinedError): boolean {
  const status = (error.response as { status?: number } | undefined)?.status;
  if (status === 401) return true;
  return error.graphQLErrors.some((e) => {
    const extensions = e.extensions as { statusCode?: number; code?: string } | undefined;
    return extensions?.statusCode === 401 || extensions?.code === "TOKEN";
  });
}

export interface GraphQLClientOptions {
  graphqlUrl: string;
  graphqlWsUrl: string;
  domainName: string;
  store: SessionStore;
  /** Makes a guest token (signInAsGuest). */
  signInAsGuest: (domainName: string) => Promise<string>;
  fetch?: typeof fetch;
  /** WebSocket implementation (tests); the browser's by default. */
  webSocketImpl?: unknown;
  /** Where the cache is kept between visits (offline use); in memory only without it. */
  storage?: StorageAdapter | null;
  /**
   * Takes the answers the page's first script asked for the session the page opened with
   * (lib/early/): only that session's first client, never a later person's.
   */
  earlyAnswers?: boolean;
}

export interface GraphQLClient {
  client: Client;
  wsClient: WsClient;
  /** Resolves once the kept copy has been read and queries go out (at once without one). */
  keptCopyRead: Promise<void>;
  dispose(): void;
}

/** The normalised cache, kept on the device when there is a storage (asked fresh once per page). */
function cacheExchanges(storage: StorageAdapter | null): { exchanges: Exchange[]; read: Promise<void> } {
  if (!storage) return { exchanges: [cacheExchange({ keys: keyingConfig() })], read: Promise.resolve() };
  const gate = keptCopyGate(storage);
  return {
    exchanges: [freshExchange(), gate.exchange, offlineExchange({ keys: keyingConfig(), storage: gate.storage })],
    read: gate.read,
  };
}

export function createGraphQLClient(options: GraphQLClientOptions): GraphQLClient {
  const { store, domainName } = options;
  const ensureSession = () => store.ensure(() => options.signInAsGuest(domainName), domainName);

  const webSocketImpl = (options.webSocketImpl as typeof WebSocket | undefined) ?? globalThis.WebSocket;
  const wsClient = createWsClient({
    url: options.graphqlWsUrl,
    lazy: true,
    retryAttempts: WS_RETRY_ATTEMPTS,
    shouldRetry: shouldRetryWebSocket,
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, webSocketRetryDelayMs(retries))),
    connectionParams: async () => {
      const session = await ensureSession();
      return { authorization: `Bearer ${session.token}` };
    },
    ...(webSocketImpl ? { webSocketImpl: withRetryableCloses(webSocketImpl) } : {}),
  });

  // The token a 401 came back for; refreshAuth drops the session only if it still holds that token
  // (another request may already have replaced it).
  let rejectedAuthorization: string | undefined;

  const cache = cacheExchanges(options.storage ?? null);
  const client = new Client({
    url: options.graphqlUrl,
    preferGetMethod: false,
    fetch: options.fetch,
    fetchOptions: { cache: "no-store" },
    exchanges: [
      ...cache.exchanges,
      authExchange(async (utils) => ({
        addAuthToOperation(operation) {
          const token = store.validToken();
          return token ? utils.appendHeaders(operation, { Authorization: `Bearer ${token}` }) : operation;
        },
        willAuthError() {
          return !store.validToken();
        },
        didAuthError(error, operation) {
          if (!isAuthError(error)) return false;
          rejectedAuthorization = authorizationOf(operation);
          return true;
        },
        async refreshAuth() {
          const current = store.get();
          if (current && rejectedAuthorization === `Bearer ${current.token}`) store.drop("unauthorized");
          rejectedAuthorization = undefined;
          await ensureSession();
        },
      })),
      subscriptionExchange({
        forwardSubscription(request) {
          const payload = { ...request, query: request.query ?? "" };
          return {
            subscribe(sink) {
              const unsubscribe = wsClient.subscribe(payload, sink);
              return { unsubscribe };
            },
          };
        },
      }),
      // The first screen's queries the page's first script already asked (lib/early/).
      ...(options.earlyAnswers ? [earlyAnswersExchange()] : []),
      fetchExchange,
    ],
  });

  return {
    client,
    wsClient,
    keptCopyRead: cache.read,
    dispose() {
      if (options.earlyAnswers) forgetEarlyAnswers();
      // graphql-ws rejects dispose() when a connection attempt is failing at that moment; the
      // client is going away either way, so that is not worth an unhandled rejection.
      Promise.resolve(wsClient.dispose()).catch(() => {});
    },
  };
}
