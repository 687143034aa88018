// The home page's "Actions this week" (issue 27): User.actionCountSince counts a person's care
// actions at or after a moment in the database, under row-level security, instead of the page
// fetching up to 200 of them to count.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestServer, gql, signUp, withOwner, groupOfMine } from "./harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const RECORD = `mutation A($t: UUID!) {
  createAction(input: { action: { thingId: $t, type: WATERING, comments: "Gave it a drink" } }) { action { id } }
}`;
const MINE = `query Mine($since: Datetime!) { currentUser { id actionCountSince(since: $since) } }`;
const THEIRS = `query Theirs($u: UUID!, $since: Datetime!) { userById(id: $u) { actionCountSince(since: $since) } }`;

describe("actionCountSince", () => {
  it("counts a person's actions from a moment on, only those the reader can see", async () => {
    const owner = await signUp(server.url);
    const { thing } = await groupOfMine(server.url, owner.token, "Week Growers");
    const open = await thing("Week Open Oak", true);
    const hidden = await thing("Week Hidden Oak", false);
    const ids: string[] = [];
    for (const t of [open, open, open, hidden]) ids.push((await gql(server.url, RECORD, { t }, owner.token)).data.createAction.action.id);
    // One of the open thing's waterings was last week.
    const since = new Date(Date.now() - 3 * 86_400_000);
    // (The timestamps trigger keeps created_at on an update, so it is off for this one.)
    await withOwner(server.databaseUrl, async (client) => {
      await client.query("set session_replication_role = replica");
      await client.query("update app_public.actions set created_at = $2 where id = $1", [ids[0], new Date(since.getTime() - 86_400_000)]);
      await client.query("set session_replication_role = origin");
    });

    // Mine: two open waterings and the hidden one this week, and the two CREATED actions.
    const mine = (await gql(server.url, MINE, { since: since.toISOString() }, owner.token)).data.currentUser;
    expect(mine.actionCountSince).toBe(5);
    // From just after the moment the last action was recorded: none.
    expect((await gql(server.url, MINE, { since: new Date(Date.now() + 60_000).toISOString() }, owner.token)).data.currentUser).toEqual({
      id: mine.id,
      actionCountSince: 0,
    });
    // A stranger counts only what they may see: the open thing's two this week and its CREATED.
    const stranger = await signUp(server.url);
    expect((await gql(server.url, THEIRS, { u: mine.id, since: since.toISOString() }, stranger.token)).data.userById).toEqual({
      actionCountSince: 3,
    });
  });

  it("refuses a missing moment, and the database answers null for one", async () => {
    const owner = await signUp(server.url);
    const refused = await gql(server.url, `query { currentUser { actionCountSince } }`, {}, owner.token);
    expect(refused.errors?.[0].message).toMatch(/argument "since" of type "Datetime!" is required/);
    await withOwner(server.databaseUrl, async (client) => {
      const row = (await client.query("select app_public.users_action_count_since(u, null) as n from app_public.users u limit 1")).rows[0];
      expect(row.n).toBeNull();
    });
  });
});
