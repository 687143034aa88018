// The first screen's data asked with its code, not after its first render (issue 27).
//
// Why: a screen asks for its data in effects, which run once the whole tree has rendered and
// committed. On a slow phone's first visit that render is the longest task of the load (half a
// second at a quarter speed on /map), and the queries waited behind it, then behind each other.
// main.tsx now hands the first screen's module the GraphQL client before it renders; a screen that
// exports `preloadData` asks its first queries there. The screen's own useQuery then finds the
// answer in the cache, or shares the request still on its way (urql shares an operation by key),
// so nothing is asked twice. Only the page's first screen does this: later screens render at
// once when navigated to, and ask as they always did.
import { filter, pipe, subscribe, take } from "wonka";
import type { AnyVariables, Client, DocumentInput } from "urql";

/** What a screen's preloadData is given: the client, and where the page is. */
export interface FirstData {
  client: Client;
  /** The route's parameters (e.g. a thing's slug). */
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  /** Whether someone is signed in (many first queries are theirs alone). */
  signedIn: boolean;
}

export type PreloadData = (data: FirstData) => void;

/**
 * Asks a query now and keeps asking until its answer from the server is here (a kept copy shown
 * meanwhile is "stale": the server's answer still counts, lib/offline/persisted-cache.ts), then
 * lets go; the cache keeps the answer for the screen. Variables must be the screen's own, or the
 * screen asks again under its own key.
 */
export function preloadQuery<Data, Variables extends AnyVariables>(
  client: Client,
  query: DocumentInput<Data, Variables>,
  variables: Variables,
): void {
  pipe(
    client.query(query, variables),
    filter((result) => !result.stale || result.error !== undefined),
    take(1),
    subscribe(() => undefined),
  );
}
