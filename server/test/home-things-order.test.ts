// The home page's "My things" (issue 27): User.homeThingsByUserId (the app_public.home_things
// view) ordered by HOME_RANK and SORT_NAME gives a person's things in the card's order (the One
// Thing, then the driest, then by name, case-blind), so the page asks for the five it shows and
// the total instead of every thing the person looks after.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestServer, gql, signUp, withOwner, groupOfMine } from "./harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const ORDER = "orderBy: [HOME_RANK_ASC, SORT_NAME_ASC, ID_ASC]";
const MINE = `query Mine($first: Int) {
  currentUser { id homeThingsByUserId(${ORDER}, first: $first) { totalCount nodes { isOwner thingByThingId { name } } } }
}`;
const THEIRS = `query Theirs($u: UUID!) {
  userById(id: $u) { homeThingsByUserId(${ORDER}) { totalCount nodes { thingByThingId { name } } } }
}`;

describe("my things in the home page's order", () => {
  it("puts the One Thing first, then the driest, then names case-blind, and counts them all", async () => {
    const owner = await signUp(server.url);
    const { thing } = await groupOfMine(server.url, owner.token, "Order Growers");
    // name -> indicator colour (null: no reading yet, shown last with grey).
    const colours: [string, string | null][] = [
      ["beech", "green"],
      ["Alder", "green"],
      ["Cherry", "red"],
      ["Damson", "orange"],
      ["Elm", null],
      ["Fig", "blue"],
      ["apple", "red"],
    ];
    const ids = new Map<string, string>();
    for (const [name] of colours) ids.set(name, await thing(name, true));
    await withOwner(server.databaseUrl, async (client) => {
      // Colours as the water-need model would leave them (its triggers are off for this).
      await client.query("set session_replication_role = replica");
      for (const [name, colour] of colours)
        await client.query("update app_public.things set indicator_colour = $2 where id = $1", [ids.get(name), colour]);
      await client.query("set session_replication_role = origin");
      await client.query("update app_public.users set one_thing_id = $2 where username = $1", [owner.username, ids.get("Fig")]);
    });

    const five = (await gql(server.url, MINE, { first: 5 }, owner.token)).data.currentUser.homeThingsByUserId;
    expect(five.totalCount).toBe(7);
    expect(five.nodes.map((n: any) => n.thingByThingId.name)).toEqual(["Fig", "apple", "Cherry", "Damson", "Alder"]);
    const all = (await gql(server.url, MINE, {}, owner.token)).data.currentUser.homeThingsByUserId;
    expect(all.nodes.map((n: any) => n.thingByThingId.name)).toEqual(["Fig", "apple", "Cherry", "Damson", "Alder", "beech", "Elm"]);
    expect(all.nodes.every((n: any) => n.isOwner)).toBe(true);
  });

  it("shows a stranger only the public things, and leaves out a thing the reader may no longer see", async () => {
    const owner = await signUp(server.url);
    const { thing } = await groupOfMine(server.url, owner.token, "Seen Growers");
    await thing("Open Oak", true);
    await thing("Private Pear", false);
    const hidden = await thing("Hidden Hazel", true);
    const names = (answer: any) => answer.nodes.map((n: any) => n.thingByThingId?.name ?? null);
    expect(names((await gql(server.url, MINE, {}, owner.token)).data.currentUser.homeThingsByUserId)).toEqual([
      "Hidden Hazel",
      "Open Oak",
      "Private Pear",
    ]);
    // A stranger sees the owner's accesses to public things only.
    const ownerId = (await gql(server.url, MINE, {}, owner.token)).data.currentUser.id;
    const stranger = await signUp(server.url);
    const theirs = (await gql(server.url, THEIRS, { u: ownerId }, stranger.token)).data.userById.homeThingsByUserId;
    expect(theirs.totalCount).toBe(2);
    expect(names(theirs)).toEqual(["Hidden Hazel", "Open Oak"]);
    // Hidden by a moderator: gone from the owner's card and count too.
    await withOwner(server.databaseUrl, (client) => client.query("update app_public.things set hidden_at = now() where id = $1", [hidden]));
    const after = (await gql(server.url, MINE, {}, owner.token)).data.currentUser.homeThingsByUserId;
    expect(after.totalCount).toBe(2);
    expect(names(after)).toEqual(["Open Oak", "Private Pear"]);
  });
});
