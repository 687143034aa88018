import { useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from "react";
import { Provider } from "urql";
import { createGraphQLClient, type GraphQLClient } from "./graphql-client.ts";
import type { SessionStore } from "./session.ts";

export interface GraphQLProviderProps {
  graphqlUrl: string;
  graphqlWsUrl: string;
  domainName: string;
  store: SessionStore;
  signInAsGuest: (domainName: string) => Promise<string>;
  fetch?: typeof fetch;
  children: ReactNode;
}

/**
 * Gives screens the urql client. A new client (empty cache, new websocket) is made whenever the
 * session's user changes, so one user's cached data never shows to the next.
 */
export function GraphQLProvider({
  graphqlUrl,
  graphqlWsUrl,
  domainName,
  store,
  signInAsGuest,
  fetch,
  children,
}: GraphQLProviderProps) {
  const session = useSyncExternalStore(store.subscribe, store.get, store.get);
  const userKey = session?.id ?? "";
  const graphql = useMemo(
    () => createGraphQLClient({ graphqlUrl, graphqlWsUrl, domainName, store, signInAsGuest, fetch }),
    // userKey on purpose: a new user gets a new client.
    [graphqlUrl, graphqlWsUrl, domainName, store, signInAsGuest, fetch, userKey],
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
