// Sends the GraphQL queries docs/scaling.md lists as replica-safe to the read replica
// (READ_DATABASE_URL), and fences every writer so their own next reads see what they wrote
// (server/replica/read-routing.ts). Decided per request, before it runs: PostGraphile runs all of a
// request on the `withPgClient` in its context, so a request goes wholly to one server.
//
// Only queries over HTTP whose every root field is in REPLICA_SAFE_FIELDS go to the replica. The
// rest stays on the primary: mutations (they write, and their payloads must read the write),
// subscriptions (LISTEN, and what a subscriber reads on an event must be that event's data), and
// queries that write as they read (the rainfall and weather fields keep a cache in the database)
// or that a user reads right after acting elsewhere (a thing's page, their notifications).
import { getOperationAST, Kind, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from "postgraphile/graphql";
import type { PgClient, WithPgClient } from "postgraphile/@dataplan/pg";
import { NoConnectionError } from "./one-trip-adaptor.ts";
import type { ReadRouting, Reader } from "../replica/read-routing.ts";
import { componentLogger } from "../../domain/logger.ts";

const log = componentLogger("read-routing");

/**
 * Big reads where seconds of lag do not matter: the map and lists, sensor history, leaderboards,
 * the admins' analytics. Each is a stable SQL function or a table read (a replica would refuse a
 * write with "cannot execute ... in a read-only transaction", never store it).
 */
export const REPLICA_SAFE_FIELDS: ReadonlySet<string> = new Set([
  "__typename",
  // The map and the lists.
  "allPublicThings",
  "allThings",
  "thingsInView",
  "waterPointsInView",
  // Sensor history (the chart).
  "allSensorData",
  "sensorRollups",
  // Leaderboards (/scorer).
  "userLeaderboard",
  "userLitresLeaderboard",
  "groupLeaderboard",
  "groupLitresLeaderboard",
  // The admins' analytics.
  "adminTotals",
  "getNavigationAnalytics",
  "navigationDailyStats",
  "navigationPatternStats",
  "navigationRouteStats",
  "navigationSessionStats",
]);

/** True when the operation is a query whose every root field (through fragments) is replica-safe. */
export function isReplicaSafe(document: DocumentNode, operationName: string | null | undefined): boolean {
  const operation = getOperationAST(document, operationName);
  if (operation?.operation !== "query") return false;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const seen = new Set<string>();
  const safe = (set: SelectionSetNode): boolean =>
    set.selections.every((s) => {
      if (s.kind === Kind.FIELD) return REPLICA_SAFE_FIELDS.has(s.name.value);
      if (s.kind === Kind.INLINE_FRAGMENT) return safe(s.selectionSet);
      const fragment = fragments.get(s.name.value);
      if (!fragment) return false;
      if (seen.has(s.name.value)) return true;
      seen.add(s.name.value);
      return safe(fragment.selectionSet);
    });
  return safe(operation.selectionSet);
}

/**
 * The replica's withPgClient, falling back to the primary's when the replica cannot be reached
 * (nothing has run on it then, so the request loses nothing but the offload).
 */
export function withReplicaFallback(replica: WithPgClient, primary: WithPgClient): WithPgClient {
  const unreachable = (err: unknown) => log.warn({ err }, "the read replica could not be reached: reading the primary");
  return async (pgSettings, callback) => {
    let started = false;
    try {
      return await replica(pgSettings, (client) => {
        started = true;
        // The one-trip adaptor connects when a query is asked (one-trip-adaptor.ts): a query that
        // found no connection sent nothing, so it is asked of the primary instead.
        const fallingBack: PgClient = {
          query: <TData>(opts: Parameters<PgClient["query"]>[0]) =>
            client.query<TData>(opts).catch((e: unknown) => {
              if (!(e instanceof NoConnectionError)) throw e;
              unreachable(e);
              return primary(pgSettings, (p) => p.query<TData>(opts));
            }),
          withTransaction: (cb) =>
            client.withTransaction(cb).catch((e: unknown) => {
              if (!(e instanceof NoConnectionError)) throw e;
              unreachable(e);
              return primary(pgSettings, (p) => p.withTransaction(cb));
            }),
        };
        return callback(fallingBack);
      });
    } catch (e) {
      // PostGraphile's adaptor connects before it calls back.
      if (started) throw e;
      unreachable(e);
      return primary(pgSettings, callback);
    }
  };
}

/**
 * The primary's withPgClient for a request that may write: each use is followed by fencing the
 * writer. After the call, not inside its callback: with settings, PostGraphile's adaptor runs the
 * whole callback in one transaction, so a position read inside it comes before the commit.
 */
function fencing(routing: ReadRouting, reader: Reader, primary: WithPgClient): WithPgClient {
  return async (pgSettings, callback) => {
    try {
      return await primary(pgSettings, callback);
    } finally {
      // Also after an error: what committed before it (a recorded failed sign-in) is a write too.
      await routing.wrote(reader);
    }
  };
}

/**
 * What a GraphQL request's context gets on top of PostGraphile's when a replica is configured:
 * the replica's withPgClient for a replica-safe query whose reader is not fenced, a fencing
 * primary's for a mutation, nothing otherwise.
 */
export async function replicaContext(
  routing: ReadRouting,
  replicaWithPgClient: WithPgClient,
  args: { document?: DocumentNode; operationName?: string | null; contextValue?: { withPgClient?: unknown } },
  reader: Reader,
): Promise<Partial<Grafast.Context>> {
  const primary = args.contextValue?.withPgClient as WithPgClient | undefined;
  if (!primary || !args.document) return {};
  const operation = getOperationAST(args.document, args.operationName);
  if (operation?.operation === "mutation") return { withPgClient: fencing(routing, reader, primary) as Grafast.Context["withPgClient"] };
  // Websocket queries stay on the primary: their cookie is the one sent when the socket opened.
  if (!reader.res || !isReplicaSafe(args.document, args.operationName)) return {};
  if (!(await routing.replicaServes(reader))) return {};
  return { withPgClient: withReplicaFallback(replicaWithPgClient, primary) as Grafast.Context["withPgClient"] };
}
