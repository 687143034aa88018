// The provider takes the client main.tsx made before the first render (the first screen's data
// was asked with it) for the session it was made for, and makes its own otherwise.
import { render } from "@testing-library/react";
import { useClient } from "urql";
import { describe, expect, it, vi } from "vitest";
import { MemoryStorage, userSession } from "../test/helpers.tsx";
import { createGraphQLClient } from "./graphql-client.ts";
import { GraphQLProvider, type FirstClient } from "./graphql-provider.tsx";
import { SessionStore } from "./session.ts";

function setup() {
  const store = new SessionStore({ storage: new MemoryStorage() });
  store.set(userSession());
  const signInAsGuest = vi.fn(async () => "");
  const made = createGraphQLClient({
    graphqlUrl: "http://test/graphql",
    graphqlWsUrl: "ws://test/graphql",
    domainName: "localhost",
    store,
    signInAsGuest,
  });
  const first: FirstClient = { graphql: made, storage: null };
  let used: unknown = null;
  function Probe() {
    used = useClient();
    return null;
  }
  const mount = (takeFirstClient: (userKey: string) => FirstClient | null) =>
    render(
      <GraphQLProvider
        graphqlUrl="http://test/graphql"
        graphqlWsUrl="ws://test/graphql"
        domainName="localhost"
        store={store}
        signInAsGuest={signInAsGuest}
        takeFirstClient={takeFirstClient}
      >
        <Probe />
      </GraphQLProvider>,
    );
  return { store, first, mount, used: () => used };
}

describe("GraphQLProvider and the first client", () => {
  it("uses the client made before the first render, for the session's user", () => {
    const { store, first, mount, used } = setup();
    const asked: string[] = [];
    mount((userKey) => {
      asked.push(userKey);
      return first;
    });
    expect(asked).toContain(store.get()!.id);
    expect(used()).toBe(first.graphql.client);
  });

  it("makes its own when there is none for this session", () => {
    const { first, mount, used } = setup();
    mount(() => null);
    expect(used()).not.toBeNull();
    expect(used()).not.toBe(first.graphql.client);
  });
});
