// The remembered state of one list (search text, sort, layout, filters), kept in localStorage under
// `steward.list.<listId>` so a list looks the same when the user comes back to it.
import { useCallback, useEffect, useMemo, useState } from "react";

export type ListLayout = "tiles" | "list";

export const LIST_LAYOUTS: readonly ListLayout[] = ["tiles", "list"];

export const LIST_STORAGE_PREFIX = "steward.list.";

export interface ListState<S extends string = string, F extends string = string> {
  search: string;
  sort: S;
  layout: ListLayout;
  /** Filter name -> chosen value ('' = no filter). */
  filters: Record<F, string>;
}

export interface ListStateOptions<S extends string, F extends string> {
  /** The state of a list nobody has touched yet. */
  defaults: ListState<S, F>;
  /** Allowed sort values; a stored value outside the list falls back to the default. */
  sorts?: readonly S[];
  /** Allowed values per filter ('' is always allowed). */
  filters?: Partial<Record<F, readonly string[]>>;
  /** Whether the search text is remembered too (default true). */
  rememberSearch?: boolean;
  /** Storage to use (tests); window.localStorage by default. */
  storage?: Storage | null;
}

function defaultStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage blocked (privacy settings)
  }
}

/** Reads a stored state, keeping only values that are still allowed. */
export function readListState<S extends string, F extends string>(listId: string, options: ListStateOptions<S, F>): ListState<S, F> {
  const { defaults } = options;
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  let stored: Partial<ListState> | null = null;
  try {
    const raw = storage?.getItem(LIST_STORAGE_PREFIX + listId);
    stored = raw ? (JSON.parse(raw) as Partial<ListState>) : null;
  } catch {
    stored = null;
  }
  if (!stored || typeof stored !== "object") return { ...defaults, filters: { ...defaults.filters } };

  const sorts = options.sorts;
  const sort =
    typeof stored.sort === "string" && (!sorts || (sorts as readonly string[]).includes(stored.sort)) ? (stored.sort as S) : defaults.sort;
  const layout = LIST_LAYOUTS.includes(stored.layout as ListLayout) ? (stored.layout as ListLayout) : defaults.layout;
  const search = options.rememberSearch !== false && typeof stored.search === "string" ? stored.search : defaults.search;
  const filters = { ...defaults.filters };
  const storedFilters = stored.filters && typeof stored.filters === "object" ? stored.filters : {};
  for (const name of Object.keys(defaults.filters) as F[]) {
    const value = (storedFilters as Record<string, unknown>)[name];
    if (typeof value !== "string") continue;
    const allowed = options.filters?.[name];
    if (value === "" || !allowed || allowed.includes(value)) filters[name] = value;
  }
  return { search, sort, layout, filters };
}

export function writeListState(listId: string, state: ListState, storage: Storage | null | undefined, rememberSearch = true) {
  const target = storage === undefined ? defaultStorage() : storage;
  try {
    const value = rememberSearch ? state : { ...state, search: "" };
    target?.setItem(LIST_STORAGE_PREFIX + listId, JSON.stringify(value));
  } catch {
    // Full or blocked storage: the list still works, it just forgets.
  }
}

export interface ListStateApi<S extends string, F extends string> extends ListState<S, F> {
  setSearch(search: string): void;
  setSort(sort: S): void;
  setLayout(layout: ListLayout): void;
  setFilter(name: F, value: string): void;
  /** Back to the defaults (search, sort, filters; the layout is kept). */
  reset(): void;
  /** Whether search or any filter narrows the list (to word empty states). */
  narrowed: boolean;
}

/**
 * State of a list remembered per `listId`.
 *
 * ```ts
 * const list = useListState("groups", {
 *   defaults: { search: "", sort: "name", layout: "tiles", filters: { type: "", visibility: "" } },
 *   sorts: ["name", "newest"],
 *   filters: { type: ["BEEPASS", "COUNCIL"], visibility: ["public", "private"] },
 * });
 * ```
 */
export function useListState<S extends string, F extends string = never>(
  listId: string,
  options: ListStateOptions<S, F>,
): ListStateApi<S, F> {
  // Options usually come as a literal; only the list id decides when to read storage again.
  const [state, setState] = useState(() => readListState(listId, options));
  const [loadedId, setLoadedId] = useState(listId);
  if (loadedId !== listId) {
    setLoadedId(listId);
    setState(readListState(listId, options));
  }

  const { storage, rememberSearch } = options;
  useEffect(() => {
    if (loadedId === listId) writeListState(listId, state, storage, rememberSearch !== false);
  }, [listId, loadedId, state, storage, rememberSearch]);

  const defaults = options.defaults;
  const setSearch = useCallback((search: string) => setState((s) => ({ ...s, search })), []);
  const setSort = useCallback((sort: S) => setState((s) => ({ ...s, sort })), []);
  const setLayout = useCallback((layout: ListLayout) => setState((s) => ({ ...s, layout })), []);
  const setFilter = useCallback((name: F, value: string) => setState((s) => ({ ...s, filters: { ...s.filters, [name]: value } })), []);
  const defaultsKey = JSON.stringify(defaults);
  const reset = useCallback(() => {
    const initial = JSON.parse(defaultsKey) as ListState<S, F>;
    setState((s) => ({ ...initial, layout: s.layout }));
  }, [defaultsKey]);

  return useMemo(
    () => ({
      ...state,
      setSearch,
      setSort,
      setLayout,
      setFilter,
      reset,
      narrowed: state.search.trim() !== "" || Object.values<string>(state.filters).some((v) => v !== ""),
    }),
    [state, setSearch, setSort, setLayout, setFilter, reset],
  );
}
