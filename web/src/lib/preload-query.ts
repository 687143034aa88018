// Asking a first screen's query through the GraphQL client before the screen renders
// (lib/first-data.ts says why).
import { filter, onPush, pipe, subscribe, take } from "wonka";
import type { AnyVariables, Client, DocumentInput, OperationResult } from "urql";
import type { Ask } from "./first-data.ts";

/**
 * Asks a query now and keeps asking until its answer from the server is here (a kept copy shown
 * meanwhile is "stale": the server's answer still counts, lib/offline/persisted-cache.ts), then
 * lets go; the cache keeps the answer for the screen. `onFirstAnswer` is given the first result
 * that has data or an error (a kept copy too).
 */
export function preloadQuery<Data, Variables extends AnyVariables>(
  client: Client,
  query: DocumentInput<Data, Variables>,
  variables: Variables,
  onFirstAnswer?: (result: OperationResult<Data, Variables>) => void,
): void {
  let answered = false;
  pipe(
    client.query(query, variables),
    onPush((result) => {
      if (answered || (result.data === undefined && result.error === undefined)) return;
      answered = true;
      onFirstAnswer?.(result);
    }),
    filter((result) => !result.stale || result.error !== undefined),
    take(1),
    subscribe(() => undefined),
  );
}

/** The client's way to ask, for a screen's preloadData. */
export function clientAsk(client: Client): Ask {
  return (query, variables, onAnswer) => preloadQuery(client, query, variables, onAnswer);
}
