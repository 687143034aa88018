import { useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from "react";
import { Provider } from "urql";
import { createGraphQLClient, type GraphQLClient } from "./graphql-client.ts";
import type { PersistedCache } from "./offline/persisted-cache.ts";
import { isSignedIn, type SessionStore } from "./session.ts";

export interface GraphQLProviderProps {
  graphqlUrl: string;
  graphqlWsUrl: string;
  domainName: string;
  store: SessionStore;
  signInAsGuest: (domainName: string) => Promise<string>;
  fetch?: typeof fetch;
  /** Keeps a signed-in person's cache on the device (offline use); none in unit tests. */
  persistCache?: (userId: string) => PersistedCache | null;
  /**
   * The client main.tsx made before the first render (it asked the first screen's data with it,
   * lib/first-data.ts), given once to the provider for the session it was made for.
   */
  takeFirstClient?: (userKey: string) => FirstClient | null;
  children: ReactNode;
}

export interface FirstClient {
  graphql: GraphQLClient;
  storage: PersistedCache | null;
}

/**
 * Gives screens the urql client. A new client (empty cache, new websocket) is made whenever the
 * session's user changes, so one user's cached data never shows to the next. A signed-in person's
 * cache is kept on the device when `persistCache` is given, and removed when they sign out.
 */
export function GraphQLProvider({
  graphqlUrl,
  graphqlWsUrl,
  domainName,
  store,
  signInAsGuest,
  fetch,
  persistCache,
  takeFirstClient,
  children,
}: GraphQLProviderProps) {
  const session = useSyncExternalStore(store.subscribe, store.get, store.get);
  const userKey = session?.id ?? "";
  const keptFor = persistCache && isSignedIn(session) ? userKey : "";
  const kept = useRef(new Map<string, PersistedCache>());
  // A new signed-in user gets a new client and cache (userKey).
  const graphql = useMemo(() => {
    const first = takeFirstClient?.(userKey);
    if (first) {
      if (keptFor && first.storage) kept.current.set(keptFor, first.storage);
      return first.graphql;
    }
    let storage: PersistedCache | null = null;
    if (keptFor && persistCache) {
      storage = kept.current.get(keptFor) ?? persistCache(keptFor);
      if (storage) kept.current.set(keptFor, storage);
    }
    return createGraphQLClient({ graphqlUrl, graphqlWsUrl, domainName, store, signInAsGuest, fetch, storage });
    // userKey on purpose: a new user gets a new client.
  }, [graphqlUrl, graphqlWsUrl, domainName, store, signInAsGuest, fetch, userKey, keptFor, persistCache, takeFirstClient]);
  // Signing out leaves nothing of the person's answers on the device.
  useEffect(
    () =>
      store.onDrop((reason, previous) => {
        if (reason !== "signout") return;
        const storage = kept.current.get(previous.id);
        kept.current.delete(previous.id);
        void storage?.clear();
      }),
    [store],
  );
  // Close the previous client's websocket when it is replaced. (Not in an effect cleanup: React's
  // strict mode runs those twice and would close the client still in use.)
  const previous = useRef<GraphQLClient | null>(null);
  useEffect(() => {
    if (previous.current && previous.current !== graphql) previous.current.dispose();
    previous.current = graphql;
  }, [graphql]);
  return <Provider value={graphql.client}>{children}</Provider>;
}
