// "Load more" paging over a PostGraphile connection (`first`/`after` cursors, `totalCount`).
// Every loaded page stays a live urql query, so cache updates after mutations show in every page.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { createRequest, useClient, type AnyVariables, type CombinedError, type DocumentInput, type RequestPolicy } from "urql";

/** The parts of a connection the hook reads; ask for them in the query. */
export interface ConnectionLike<N> {
  nodes: readonly (N | null)[];
  totalCount?: number | null;
  pageInfo?: { hasNextPage: boolean; endCursor?: string | null } | null;
}

export interface UseConnectionOptions<Data, N> {
  /** The query; it must declare `$first: Int` and `$after: Cursor` and pass them to the connection. */
  query: DocumentInput<Data, AnyVariables>;
  /** Other variables (filters, order). A change starts again from the first page. */
  variables?: Record<string, unknown>;
  /** Picks the connection out of the answer. */
  connection: (data: Data) => ConnectionLike<N> | null | undefined;
  /** Items per page (default 24). */
  pageSize?: number;
  /** Don't run yet (e.g. waiting for a session). */
  pause?: boolean;
  /** Default cache-and-network: show what the cache has and refresh it. */
  requestPolicy?: RequestPolicy;
  /**
   * While new variables (a search, a filter) load, keep showing what the previous ones gave, with
   * `refreshing` set, instead of falling back to the skeleton (default true). Typing in a search
   * box then does not make the list flash.
   */
  keepPrevious?: boolean;
}

export interface ConnectionResult<N, Data = unknown> {
  /** Items of every loaded page, in order (nulls dropped). */
  nodes: N[];
  /** The connection's totalCount (of the first page), or null before it is known. */
  totalCount: number | null;
  /** The first page's whole answer (for fields beside the connection). */
  data: Data | undefined;
  /** The first page is loading and nothing is shown yet. */
  loading: boolean;
  /** New variables are loading; `nodes` are still the previous ones (see `keepPrevious`). */
  refreshing: boolean;
  /** A further page is loading. */
  loadingMore: boolean;
  /** The first error of any page. */
  error: CombinedError | undefined;
  hasMore: boolean;
  loadMore(): void;
  /** Asks the server again for every loaded page. */
  refetch(): void;
}

interface PageResult<Data> {
  data?: Data;
  error?: CombinedError;
  fetching: boolean;
}

export function useConnection<Data, N>({
  query,
  variables = {},
  connection,
  pageSize = 24,
  pause = false,
  requestPolicy = "cache-and-network",
  keepPrevious = true,
}: UseConnectionOptions<Data, N>): ConnectionResult<N, Data> {
  const client = useClient();
  const variablesKey = JSON.stringify(variables);
  // urql's key of the document (a hash, kept on the document object), not the document itself.
  const key = `${typeof query === "string" ? query : createRequest(query, {}).key}|${variablesKey}|${pageSize}`;

  // `after` cursors of the pages asked for (null for the first), per query key.
  const [paging, setPaging] = useState<{ key: string; cursors: (string | null)[]; refresh: number }>({
    key,
    cursors: [null],
    refresh: 0,
  });
  const cursors = paging.key === key ? paging.cursors : [null];
  const refresh = paging.key === key ? paging.refresh : 0;
  const [pages, setPages] = useState<{ key: string; results: PageResult<Data>[] }>({ key, results: [] });

  const connectionRef = useRef(connection);
  connectionRef.current = connection;

  const cursorsKey = JSON.stringify(cursors);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query, page size and variables are read through refs; cursorsKey and variablesKey say when they changed
  useEffect(() => {
    if (pause) return;
    const vars = JSON.parse(variablesKey) as Record<string, unknown>;
    const list = JSON.parse(cursorsKey) as (string | null)[];
    const policy: RequestPolicy = refresh > 0 ? "network-only" : requestPolicy;
    const subscriptions = list.map((after, index) => {
      const source = client.query(query, { ...vars, first: pageSize, after }, { requestPolicy: policy });
      return source.subscribe((result) => {
        setPages((current) => {
          const results = current.key === key ? [...current.results] : [];
          results[index] = { data: result.data as Data | undefined, error: result.error, fetching: !!result.stale };
          return { key, results };
        });
      });
    });
    return () => {
      for (const s of subscriptions) s.unsubscribe();
    };
    // query/variables/pageSize are all inside `key`.
  }, [client, key, cursorsKey, refresh, pause, requestPolicy]);

  const results = pages.key === key ? pages.results : [];
  const loadedCount = cursors.filter((_, index) => results[index] && results[index].data !== undefined).length;

  const derived = useMemo(() => {
    const nodes: N[] = [];
    let totalCount: number | null = null;
    let lastPageInfo: ConnectionLike<N>["pageInfo"] = null;
    let error: CombinedError | undefined;
    for (let index = 0; index < cursors.length; index += 1) {
      const page = results[index];
      if (!page) break;
      if (page.error && !error) error = page.error;
      const conn = page.data !== undefined && page.data !== null ? connectionRef.current(page.data) : null;
      if (!conn) break;
      if (index === 0) totalCount = conn.totalCount ?? null;
      for (const node of conn.nodes) if (node) nodes.push(node);
      lastPageInfo = conn.pageInfo ?? null;
    }
    return { nodes, totalCount, error, lastPageInfo };
  }, [results, cursors.length]);

  const lastAnswered = loadedCount === cursors.length;
  const endCursor = derived.lastPageInfo?.endCursor ?? null;
  const hasMore =
    lastAnswered &&
    (derived.lastPageInfo
      ? derived.lastPageInfo.hasNextPage && !!endCursor
      : derived.totalCount !== null && derived.nodes.length < derived.totalCount);

  const loadMore = useCallback(() => {
    if (!hasMore || !endCursor) return;
    setPaging((current) => {
      const base = current.key === key ? current : { key, cursors: [null], refresh: 0 };
      if (base.cursors.includes(endCursor)) return base;
      return { ...base, cursors: [...base.cursors, endCursor] };
    });
  }, [hasMore, endCursor, key]);

  const refetch = useCallback(() => {
    setPaging((current) => {
      const base = current.key === key ? current : { key, cursors: [null], refresh: 0 };
      return { ...base, refresh: base.refresh + 1 };
    });
  }, [key]);

  const firstLoaded = results[0]?.data !== undefined && results[0]?.data !== null;
  const loading = !pause && !firstLoaded && !results[0]?.error;

  // What the last answered variables showed, for `keepPrevious`.
  const shownRef = useRef<{ key: string; nodes: N[]; totalCount: number | null; data: Data | undefined } | null>(null);
  if (firstLoaded) shownRef.current = { key, nodes: derived.nodes, totalCount: derived.totalCount, data: results[0]?.data };
  const previous = keepPrevious && loading && shownRef.current && shownRef.current.key !== key ? shownRef.current : null;

  if (previous) {
    return {
      nodes: previous.nodes,
      totalCount: previous.totalCount,
      data: previous.data,
      loading: false,
      refreshing: true,
      loadingMore: false,
      error: undefined,
      hasMore: false,
      loadMore,
      refetch,
    };
  }
  return {
    nodes: derived.nodes,
    totalCount: derived.totalCount,
    data: results[0]?.data,
    loading,
    refreshing: false,
    loadingMore: cursors.length > 1 && !lastAnswered,
    error: derived.error,
    hasMore,
    loadMore,
    refetch,
  };
}
