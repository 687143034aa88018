// The signed-in person's GraphQL answers kept on the device (issue #27, offline first), so the app
// opened without a network shows their things as last seen. Graphcache's offlineExchange does the
// keeping (its normalised cache, written to IndexedDB by makeDefaultStorage, one database per
// person, entries older than CACHE_MAX_AGE_DAYS dropped); this file adds what the app needs around it:
//
// * storage that never holds the app up: if IndexedDB cannot be opened or read (private windows,
//   a blocked or broken database) the cache starts empty instead of waiting forever;
// * "back online" also when the server answers again while the browser never said it was offline
//   (the connection store's probe), so queries that failed offline are asked again;
// * freshExchange: every query is asked of the server once per page, even when the kept copy
//   could answer it (a kept copy is shown at once, then replaced), so the app never shows a stale
//   copy while it is online;
// * a query the device has no copy of fails as "offline" rather than answering nothing, so screens
//   show their offline or error state, not an empty one;
// * queries wait until the kept copy has been read (keptCopyGate): graphcache keeps on the device
//   only what it writes after that read, so an answer that beat the read was never kept.
import { makeDefaultStorage } from "@urql/exchange-graphcache/default-storage";
import type { StorageAdapter } from "@urql/exchange-graphcache";
import { CombinedError, makeOperation, mapExchange, type Exchange, type Operation } from "urql";
import { filter, makeSubject, merge, pipe } from "wonka";
import { connectionStore, type ConnectionStore } from "../connection.ts";

export const CACHE_DB_PREFIX = "steward-graphcache-";
export const CACHE_MAX_AGE_DAYS = 7;
/** How long reading the kept copy may take before the app starts without it. */
const READ_TIMEOUT_MS = 4000;

export interface PersistedCache extends StorageAdapter {
  /** Removes everything kept (signing out). */
  clear(): Promise<void>;
}

/** The promise's value, or `fallback` when it fails or takes longer than `ms`. */
export function settle<T>(promise: Promise<T>, fallback: T, ms = READ_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value ?? fallback);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}

/** Whether this browser can keep the cache (IndexedDB present). */
export function canPersistCache(): boolean {
  try {
    return typeof indexedDB !== "undefined" && indexedDB !== null;
  } catch {
    return false;
  }
}

/**
 * Whether the browser says it holds no database of this name (false when it cannot tell). Asked
 * before opening it: opening creates it, and on a device's first visit creating the database and
 * reading it empty held the first screen's queries back (the gate below) by about 0.2 s on a
 * slow phone (issue 27); asking for the list of databases does not.
 */
async function nothingKept(name: string): Promise<boolean> {
  try {
    if (typeof indexedDB.databases !== "function") return false;
    const databases = await indexedDB.databases();
    return !databases.some((database) => database.name === name);
  } catch {
    return false;
  }
}

/** The kept cache of one person, or null where the browser cannot keep one. */
export function persistedCacheFor(userId: string, connection: ConnectionStore = connectionStore): PersistedCache | null {
  if (!userId || !canPersistCache()) return null;
  const name = CACHE_DB_PREFIX + userId;
  const absent = settle(nothingKept(name), false);
  // Opened (and created, the first time) once it is known whether there is anything to read.
  const inner = absent.then(() => makeDefaultStorage({ idbName: name, maxAge: CACHE_MAX_AGE_DAYS }));
  const readData = () =>
    settle(
      absent.then((none) => (none ? {} : inner.then((s) => s.readData()))),
      {},
    );
  const readMetadata = () =>
    settle(
      absent.then((none) => (none ? null : inner.then((s) => s.readMetadata!()))),
      null,
    );
  // The kept copy (and the offline mutations' metadata) is read at once, for the first client to take: main.tsx makes this before the
  // first screen's code has arrived, so the read is done by the time the first queries go out.
  // A query sent while graphcache still waits for the read is cancelled and sent again when the
  // read ends (its offlineExchange does so), which cost a cold thing's page a round trip (issue 27).
  let early: ReturnType<StorageAdapter["readData"]> | null = readData();
  let earlyMetadata: ReturnType<NonNullable<StorageAdapter["readMetadata"]>> | null = readMetadata();
  return {
    readData: () => {
      const read = early ?? readData();
      early = null;
      return read;
    },
    writeData: (delta) => inner.then((s) => s.writeData(delta)).catch(() => undefined),
    readMetadata: () => {
      const read = earlyMetadata ?? readMetadata();
      earlyMetadata = null;
      return read;
    },
    writeMetadata: (json) => {
      // Nothing kept if this fails: the queries are asked again on the next load anyway.
      inner.then((s) => s.writeMetadata!(json)).catch(() => undefined);
    },
    onOnline(callback) {
      inner.then((s) => s.onOnline!(callback)).catch(() => undefined);
      let wasOffline = connection.get().offline;
      connection.subscribe(() => {
        const { offline } = connection.get();
        if (wasOffline && !offline) callback();
        wasOffline = offline;
      });
    },
    clear: () => inner.then((s) => s.clear()).catch(() => undefined),
  };
}

/**
 * Asks each query of the server once per page (cache-first becomes cache-and-network the first
 * time an operation is seen): the persisted copy shows at once, the answer replaces it. Queries
 * answered from the cache after that (same page) behave as before.
 */
export function freshExchange(): Exchange {
  const asked = new Set<number>();
  return mapExchange({
    onOperation(operation) {
      if (operation.kind !== "query") return;
      if (asked.has(operation.key)) return;
      asked.add(operation.key);
      if (operation.context.requestPolicy !== "cache-first") return;
      return makeOperation(operation.kind, operation, { ...operation.context, requestPolicy: "cache-and-network" });
    },
    onResult(result) {
      // offlineExchange answers a query that failed offline from the cache alone; with nothing
      // kept for it that answer is empty: say "offline" instead, as without the kept cache.
      const { operation } = result;
      if (operation.kind === "query" && operation.context.requestPolicy === "cache-only" && result.data == null && !result.error) {
        return {
          ...result,
          error: new CombinedError({ networkError: new TypeError("Failed to fetch (nothing kept on this device)") }),
        };
      }
    },
  });
}

/**
 * Holds the client's queries until graphcache has read the kept copy (its onCacheHydrated), then
 * sends them in the order asked. Graphcache records what to keep only once that read is done: an
 * answer that came back sooner (a phone's first visit, when creating the IndexedDB database is
 * slower than the server) was shown but never kept, and the next page offline lacked it (the
 * home's map then opened on the default place, not on the person's things). Without the gate
 * graphcache's offlineExchange cancels and sends again a query still out when the read ends, so
 * waiting costs no more than that did. The read is started early (main.tsx) and gives up after
 * READ_TIMEOUT_MS, so the wait is short and bounded. Made per client: `storage` is the one to give
 * graphcache.
 */
export function keptCopyGate(kept: StorageAdapter): { storage: StorageAdapter; exchange: Exchange; read: Promise<void> } {
  let opened = false;
  let markRead = () => {};
  const read = new Promise<void>((resolve) => {
    markRead = resolve;
  });
  const waiting = new Set<() => void>();
  const storage: StorageAdapter = {
    ...kept,
    onCacheHydrated() {
      kept.onCacheHydrated?.();
      // After the current turn: offlineExchange marks itself hydrated right after this call.
      queueMicrotask(() => {
        performance.mark("steward:kept-copy-read"); // for bench/vitals.ts --waterfall
        opened = true;
        for (const release of waiting) release();
        waiting.clear();
        markRead();
      });
    },
  };
  const exchange: Exchange =
    ({ forward }) =>
    (operations$) => {
      const released = makeSubject<Operation>();
      let held: Operation[] = [];
      if (!opened)
        waiting.add(() => {
          const queue = held;
          held = [];
          for (const operation of queue) released.next(operation);
        });
      const passing = pipe(
        operations$,
        filter((operation) => {
          if (opened) return true;
          if (operation.kind === "query") {
            held.push(operation);
            return false;
          }
          if (operation.kind === "teardown" && held.some((h) => h.key === operation.key)) {
            // Torn down before it was sent: it is never sent.
            held = held.filter((h) => h.key !== operation.key);
            return false;
          }
          return true;
        }),
      );
      return forward(merge([passing, released.source]));
    };
  return { storage, exchange, read };
}
