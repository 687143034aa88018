// The wiring every server-searched list repeats: its remembered state (search, sort, filters,
// layout), the search settled once typing pauses, and the connection asked for with them.
import { useConnection, type ConnectionResult, type UseConnectionOptions } from "./use-connection.ts";
import { useDebouncedValue } from "./use-debounced-value.ts";
import { useListState, type ListStateApi, type ListStateOptions } from "./use-list-state.ts";

export interface ServerList<S extends string, F extends string, N, Data> {
  list: ListStateApi<S, F>;
  result: ConnectionResult<N, Data>;
}

export interface ServerListConnection<S extends string, F extends string, Data, N>
  extends Omit<UseConnectionOptions<Data, N>, "variables"> {
  /** The connection's variables for the list's state and its settled search. */
  variables(list: ListStateApi<S, F>, search: string): Record<string, unknown>;
}

/**
 * ```ts
 * const { list, result } = useServerList("groups", { defaults, sorts, filters }, {
 *   query: GroupsDocument,
 *   variables: (list, search) => ({ orderBy: ORDER[list.sort], condition: listCondition(search, { type: list.filters.type }) }),
 *   connection: (data) => data.allGroups,
 * });
 * ```
 */
export function useServerList<S extends string, F extends string, Data, N>(
  listId: string,
  options: ListStateOptions<S, F>,
  { variables, ...connection }: ServerListConnection<S, F, Data, N>,
): ServerList<S, F, N, Data> {
  const list = useListState<S, F>(listId, options);
  // The server is asked once typing pauses; the search box itself follows every key.
  const search = useDebouncedValue(list.search);
  const result = useConnection({ ...connection, variables: variables(list, search) });
  return { list, result };
}
