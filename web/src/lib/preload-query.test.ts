// preloadQuery: the first screen's query is asked before the screen renders, held until the
// server's answer (not a kept copy) is in, and then let go, so the cache keeps the answer.
import { describe, expect, it } from "vitest";
import { Client, gql, makeResult, type Exchange, type Operation } from "urql";
import { filter, makeSubject, merge, pipe, tap } from "wonka";
import { preloadQuery } from "./preload-query.ts";

const Query = gql`
  query Place {
    place {
      id
      name
    }
  }
`;

/** A client whose "server" answers when the test says, and which records every operation it saw. */
function clientWithServer() {
  const seen: Operation[] = [];
  const answers = makeSubject<ReturnType<typeof makeResult>>();
  const exchange: Exchange = () => (operations$) =>
    merge([
      pipe(
        operations$,
        tap((operation) => seen.push(operation)),
        filter(() => false),
      ) as never,
      answers.source,
    ]);
  const client = new Client({ url: "http://test/graphql", exchanges: [exchange] });
  return {
    client,
    seen,
    answer: (operation: Operation, stale: boolean) =>
      answers.next({ ...makeResult(operation, { data: { place: { __typename: "Place", id: "1", name: "Oak" } } }), stale }),
  };
}

describe("preloadQuery", () => {
  it("asks at once, keeps the query through a kept copy, and lets go after the server's answer", () => {
    const { client, seen, answer } = clientWithServer();
    preloadQuery(client, Query, {});
    const asked = seen.filter((o) => o.kind === "query");
    expect(asked).toHaveLength(1);

    // A kept copy (stale: the server is still being asked): the query stays.
    answer(asked[0], true);
    expect(seen.some((o) => o.kind === "teardown")).toBe(false);

    // The server's answer: the preload lets go (the cache, not the preload, keeps it now).
    answer(asked[0], false);
    expect(seen.filter((o) => o.kind === "teardown")).toHaveLength(1);
  });

  it("shares its request with the screen that asks the same query meanwhile", () => {
    const { client, seen, answer } = clientWithServer();
    preloadQuery(client, Query, {});
    const results: unknown[] = [];
    const screen = client.query(Query, {}).subscribe((r) => results.push(r.data));
    // Still one request: the client shares an operation in flight by its key.
    expect(seen.filter((o) => o.kind === "query")).toHaveLength(1);
    answer(seen[0], false);
    expect(results).toHaveLength(1);
    screen.unsubscribe();
  });
});
