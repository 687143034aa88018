// The first screen's data asked with its code, not after its first render (issue 27).
//
// Why: a screen asks for its data in effects, which run once the whole tree has rendered and
// committed. On a slow phone's first visit that render is the longest task of the load (half a
// second at a quarter speed on /map), and the queries waited behind it, then behind each other.
// A screen that exports `preloadData` asks its first queries there, through an `ask` it is given:
//  - early.ts, the page's first script, runs it while the app's code is still downloading, with
//    plain POSTs whose answers wait for the app (lib/early/);
//  - main.tsx runs it again before the first render, through the GraphQL client: those answers
//    come from the early ones (or the network), and the screen's own useQuery then finds them in
//    the cache, or shares the request still on its way (urql shares an operation by key), so
//    nothing is asked twice.
// Only the page's first screen does this: later screens render at once when navigated to, and
// ask as they always did. This file holds no code the early script can't afford (no urql client).
import type { TypedDocumentNode } from "@urql/core";

/** What an ask hands back first: the data (a kept copy too) or that there is none. */
export interface FirstAnswer<Data> {
  data?: Data | null;
  error?: unknown;
}

/**
 * Asks a query now; `onAnswer`, if given, has the first answer with data or an error, for a
 * question that depends on it. Variables must be the screen's own, or the screen asks again.
 */
export type Ask = <Data, Variables extends Record<string, unknown>>(
  query: TypedDocumentNode<Data, Variables>,
  variables: Variables,
  onAnswer?: (answer: FirstAnswer<Data>) => void,
) => void;

/** What a screen's preloadData is given: a way to ask, and where the page is. */
export interface FirstData {
  ask: Ask;
  /** The route's parameters (e.g. a thing's slug). */
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  /** Whether someone is signed in (many first queries are theirs alone). */
  signedIn: boolean;
}

export type PreloadData = (data: FirstData) => void;
