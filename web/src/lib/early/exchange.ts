// The GraphQL client's side of the early answers (answers.ts): a query the page's first script
// already asked is answered from that request instead of being sent again; if that request failed
// or answered with errors, the query goes to the network as usual (where the auth exchange deals
// with a rejected token). Sits just before fetchExchange, so the cache stores the answer as any.
import { makeResult, type Exchange, type Operation } from "@urql/core";
import { getOperationName } from "@urql/core";
import { empty, filter, fromPromise, fromValue, makeSubject, map, merge, mergeMap, pipe, share } from "wonka";
import { takeEarlyAnswer, usableAnswer, type EarlyBody } from "./answers.ts";

type Take = (operationName: string | undefined, variables: unknown) => Promise<EarlyBody | null> | undefined;

export function earlyAnswersExchange(take: Take = takeEarlyAnswer): Exchange {
  return ({ forward }) =>
    (operations$) => {
      const again = makeSubject<Operation>();
      const routed = pipe(
        operations$,
        map((operation) => ({
          operation,
          early: operation.kind === "query" ? take(getOperationName(operation.query), operation.variables) : undefined,
        })),
        share,
      );
      const answered$ = pipe(
        routed,
        filter((r) => r.early !== undefined),
        mergeMap(({ operation, early }) =>
          pipe(
            fromPromise(early!),
            mergeMap((body) => {
              if (usableAnswer(body)) return fromValue(makeResult(operation, body as never));
              again.next(operation);
              return empty;
            }),
          ),
        ),
      );
      const forwarded$ = forward(
        merge([
          pipe(
            routed,
            filter((r) => r.early === undefined),
            map((r) => r.operation),
          ),
          again.source,
        ]),
      );
      return merge([answered$, forwarded$]);
    };
}
