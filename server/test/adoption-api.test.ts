// Adoption and rotas through the API (issue 26): the database's limits reach the client with their
// words and code LIMIT (server/graphql/errors.ts lets it through), and a thing answers who looks
// after it and who is on its rota.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestServer, gql, signUp } from "./harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const ADOPT = `mutation A($t: UUID!) { adoptThing(input: { thingId: $t }) { thingByThingId { id adoptedByMe adopterCount } } }`;

describe("adoption over the API", () => {
  it("the sixth adopter is refused with code LIMIT and the database's words", async () => {
    const owner = await signUp(server.url);
    const g = (
      await gql(
        server.url,
        `mutation { createGroup(input: { name: "Popular Growers", type: GROWER, isPublic: true }) { group { id } } }`,
        {},
        owner.token,
      )
    ).data.createGroup.group.id;
    const t = (
      await gql(
        server.url,
        `mutation T($g: UUID!) { createThing(input: { groupId: $g, name: "Popular Planter", type: PLANTER, location: { x: 51.4, y: -0.9 }, isPublic: true }) { thing { id } } }`,
        { g },
        owner.token,
      )
    ).data.createThing.thing.id;
    for (let i = 0; i < 5; i += 1) {
      const r = await gql(server.url, ADOPT, { t }, (await signUp(server.url)).token);
      expect(r.data.adoptThing.thingByThingId).toEqual({ id: t, adoptedByMe: true, adopterCount: i + 1 });
    }
    const refused = await gql(server.url, ADOPT, { t }, owner.token);
    expect(refused.errors?.[0]).toMatchObject({
      message: "This thing already has 5 people looking after it, the most it can have",
      extensions: { code: "LIMIT" },
    });
  });
});
