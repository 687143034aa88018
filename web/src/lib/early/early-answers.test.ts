// The first screen's queries asked before the app's code has arrived (lib/early/): the page's
// first script POSTs them with the session's token, and the app's GraphQL client, asking the same
// question, takes that answer instead of asking again; a failed or refused early answer sends the
// question to the network as usual; only the first client of the session takes them.
import { afterEach, describe, expect, it, vi } from "vitest";
import { gql, type TypedDocumentNode } from "urql";
import { signedInClient } from "../../test/helpers.tsx";
import { EARLY_ANSWER_MAX_AGE_MS, earlyAnswersSettled, earlyAsk, earlyKey, forgetEarlyAnswers, takeEarlyAnswer } from "./answers.ts";

interface PlaceData {
  place: { __typename: "Place"; id: string; name: string } | null;
}
const PLACE: TypedDocumentNode<PlaceData, { id: string; near?: number }> = gql`
  query Place($id: ID!, $near: Int) {
    place(id: $id, near: $near) {
      id
      name
    }
  }
`;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const oak = (name = "Oak") => json({ data: { place: { __typename: "Place", id: "p1", name } } });

/** The body of each request a fetch mock was given. */
const bodies = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.map(
    ([, init]) => JSON.parse(String((init as RequestInit).body)) as { operationName: string; query: string; variables: unknown },
  );

function appClient(fetch: ReturnType<typeof vi.fn>, earlyAnswers = true) {
  return signedInClient(fetch as never, { earlyAnswers });
}

afterEach(() => forgetEarlyAnswers());

describe("early answers", () => {
  it("are asked as the client would ask (its __typename fields, the token) and taken by the client instead of a second request", async () => {
    const early = vi.fn(async () => oak());
    const seen: unknown[] = [];
    earlyAsk("http://api.test/graphql", "the-token", early as unknown as typeof fetch)(PLACE, { id: "p1" }, (answer) =>
      seen.push(answer.data),
    );
    expect(early).toHaveBeenCalledTimes(1);
    const [url, init] = early.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("http://api.test/graphql");
    expect((init.headers as Record<string, string>).authorization).toBe("Bearer the-token");
    // Without cookies: Chromium gives it connections of its own, not the code's queue on HTTP/1.1.
    expect(init.credentials).toBe("omit");
    const body = bodies(early)[0];
    expect(body.operationName).toBe("Place");
    expect(body.variables).toEqual({ id: "p1" });
    expect(body.query).toContain("__typename");
    await vi.waitFor(() => expect(seen).toEqual([{ place: { __typename: "Place", id: "p1", name: "Oak" } }]));

    const network = vi.fn(async () => oak("Network oak"));
    const { client } = appClient(network);
    // Same question, variables written in another order: the early answer, no request.
    const result = await client.query(PLACE, { near: undefined, id: "p1" }).toPromise();
    expect(result.data?.place?.name).toBe("Oak");
    expect(network).not.toHaveBeenCalled();
    // Taken once: asked again, it goes to the server.
    const again = await client.query(PLACE, { id: "p1" }, { requestPolicy: "network-only" }).toPromise();
    expect(again.data?.place?.name).toBe("Network oak");
    expect(network).toHaveBeenCalledTimes(1);
  });

  it("send the question to the network when the early request failed or was refused", async () => {
    for (const early of [
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
      vi.fn(async () => json({ errors: [{ message: "Token expired", extensions: { code: "TOKEN" } }] }, 401)),
      vi.fn(async () => json({ data: { place: null }, errors: [{ message: "Nope" }] })),
    ]) {
      let answered = false;
      earlyAsk("http://api.test/graphql", "t", early as unknown as typeof fetch)(PLACE, { id: "p1" }, () => {
        answered = true;
      });
      const network = vi.fn(async () => oak("Network oak"));
      const { client } = appClient(network);
      const result = await client.query(PLACE, { id: "p1" }).toPromise();
      expect(result.data?.place?.name).toBe("Network oak");
      expect(network).toHaveBeenCalledTimes(1);
      // Nothing depends on an answer that isn't one.
      expect(answered).toBe(false);
    }
  });

  it("are not taken by another question, nor by a client made later (another person), nor after they have gone stale", async () => {
    const early = vi.fn(async () => oak());
    const ask = earlyAsk("http://api.test/graphql", "t", early as unknown as typeof fetch);
    ask(PLACE, { id: "p1" });
    // Asked twice, sent once.
    ask(PLACE, { id: "p1" });
    expect(early).toHaveBeenCalledTimes(1);

    const network = vi.fn(async () => oak("Network oak"));
    const first = appClient(network);
    expect((await first.client.query(PLACE, { id: "p2" }).toPromise()).data?.place?.name).toBe("Network oak");
    const later = appClient(network, false);
    expect((await later.client.query(PLACE, { id: "p1" }).toPromise()).data?.place?.name).toBe("Network oak");
    expect(network).toHaveBeenCalledTimes(2);

    ask(PLACE, { id: "p3" });
    expect(takeEarlyAnswer("Place", { id: "p3" }, Date.now() + EARLY_ANSWER_MAX_AGE_MS + 1)).toBeUndefined();
    expect(earlyKey("Place", { b: 1, a: { d: 2, c: 3 } })).toBe(earlyKey("Place", { a: { c: 3, d: 2 }, b: 1 }));
  });

  it("are settled only once the questions their answers lead to are answered too", async () => {
    const answers: (() => void)[] = [];
    // A server that answers when the test says.
    const early = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answers.push(() => resolve(oak()));
        }),
    );
    const ask = earlyAsk("http://api.test/graphql", "t", early as unknown as typeof fetch);
    // The first answer leads to a second question (as the member's things lead to the map's).
    ask(PLACE, { id: "p1" }, () => ask(PLACE, { id: "p2" }));
    let settled = false;
    void earlyAnswersSettled().then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    answers[0]();
    await vi.waitFor(() => expect(early).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    answers[1]();
    await vi.waitFor(() => expect(settled).toBe(true));
  });
});
