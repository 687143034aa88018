// Watering amounts (issue #21, section 2): litres on WATERING actions, their bounds, the totals
// per thing, person and group under row-level security, the litres boards and the litres badge.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestServer, gql, signUp, withOwner, groupOfMine } from "./harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const RECORD = `mutation A($t: UUID!, $type: ActionType!, $litres: Float) {
  createAction(input: { action: { thingId: $t, type: $type, comments: "Gave it a drink", litres: $litres } }) { action { id type litres } }
}`;
const UPDATE = `mutation U($id: UUID!, $patch: ActionPatch!) { updateActionById(input: { id: $id, actionPatch: $patch }) { action { id type litres } } }`;
const ME = `query { currentUser { id } }`;

async function setUp(prefix: string) {
  const owner = await signUp(server.url);
  const ownerId = (await gql(server.url, ME, {}, owner.token)).data.currentUser.id as string;
  const { groupId, thing } = await groupOfMine(server.url, owner.token, `${prefix} Growers`);
  return { owner, ownerId, groupId, thing };
}

describe("litres on a care action", () => {
  it("takes 0.5 to 1000 litres with one decimal on a watering, and nothing on other types", async () => {
    const { owner, thing } = await setUp("Bounds");
    const t = await thing("Bounds Oak", true);
    for (const litres of [0.5, 10, 20, 50, 2.5, 1000, null]) {
      const result = await gql(server.url, RECORD, { t, type: "WATERING", litres }, owner.token);
      expect(result.errors, `litres ${litres}`).toBeUndefined();
      expect(result.data.createAction.action.litres).toBe(litres);
    }
    const refused: [string, number, string][] = [
      ["WATERING", 0.4, "Litres must be between 0.5 and 1000"],
      ["WATERING", 0, "Litres must be between 0.5 and 1000"],
      ["WATERING", -5, "Litres must be between 0.5 and 1000"],
      ["WATERING", 1000.1, "Litres must be between 0.5 and 1000"],
      ["WATERING", 2.25, "Litres may have at most one decimal place"],
      ["UPKEEP", 20, "Only a watering can have an amount in litres"],
      ["MEASUREMENT", 0.5, "Only a watering can have an amount in litres"],
    ];
    for (const [type, litres, message] of refused) {
      const result = await gql(server.url, RECORD, { t, type, litres }, owner.token);
      expect(result.errors?.[0].message, `${type} ${litres}`).toBe(message);
      expect(result.errors?.[0].extensions?.code).toBe("INVLD");
    }
    // Nothing of the refused ones was written: 7 waterings and the CREATED action.
    const count = (
      await gql(server.url, `query C($t: UUID!) { thingById(id: $t) { actionsByThingId { totalCount } litresTotal } }`, { t }, owner.token)
    ).data.thingById;
    expect(count).toEqual({ actionsByThingId: { totalCount: 8 }, litresTotal: 1083 });
  });

  it("refuses a watering with litres turned into another type, and takes it with the litres removed", async () => {
    const { owner, thing } = await setUp("Retype");
    const t = await thing("Retype Oak", true);
    const id = (await gql(server.url, RECORD, { t, type: "WATERING", litres: 20 }, owner.token)).data.createAction.action.id;
    expect((await gql(server.url, UPDATE, { id, patch: { type: "UPKEEP" } }, owner.token)).errors?.[0].message).toBe(
      "Only a watering can have an amount in litres",
    );
    expect((await gql(server.url, UPDATE, { id, patch: { litres: 5000 } }, owner.token)).errors?.[0].message).toBe(
      "Litres must be between 0.5 and 1000",
    );
    const changed = await gql(server.url, UPDATE, { id, patch: { type: "UPKEEP", litres: null } }, owner.token);
    expect(changed.data.updateActionById.action).toEqual({ id, type: "UPKEEP", litres: null });
  });

  it("the database refuses bad amounts whoever writes them (check constraint)", async () => {
    const { thing, owner } = await setUp("Owner");
    const t = await thing("Owner Oak", true);
    await withOwner(server.databaseUrl, async (client) => {
      await expect(
        client.query(`insert into app_public.actions (thing_id, type, comments, litres) values ($1, 'EDUCATION', 'x', 3)`, [t]),
      ).rejects.toThrow("Only a watering can have an amount in litres");
      await expect(
        client.query(`insert into app_public.actions (thing_id, type, comments, litres) values ($1, 'WATERING', 'x', 'NaN')`, [t]),
      ).rejects.toThrow("Litres must be between 0.5 and 1000");
    });
    expect(owner.token).toBeTruthy();
  });
});

describe("litre totals", () => {
  it("add up per thing, person and group, counting only what the viewer can see", async () => {
    const { owner, ownerId, groupId, thing } = await setUp("Totals");
    const open = await thing("Totals Open Oak", true);
    const hidden = await thing("Totals Hidden Oak", false);
    await gql(server.url, RECORD, { t: open, type: "WATERING", litres: 20 }, owner.token);
    await gql(server.url, RECORD, { t: open, type: "WATERING", litres: 10.5 }, owner.token);
    await gql(server.url, RECORD, { t: open, type: "WATERING", litres: null }, owner.token);
    await gql(server.url, RECORD, { t: hidden, type: "WATERING", litres: 50 }, owner.token);

    const TOTALS = `query Totals($u: UUID!, $g: UUID!, $open: UUID!, $hidden: UUID!) {
      userById(id: $u) { litresTotal }
      groupById(id: $g) { litresTotal }
      open: thingById(id: $open) { litresTotal }
      hidden: thingById(id: $hidden) { litresTotal }
    }`;
    const vars = { u: ownerId, g: groupId, open, hidden };
    // The owner sees everything.
    expect((await gql(server.url, TOTALS, vars, owner.token)).data).toEqual({
      userById: { litresTotal: 80.5 },
      groupById: { litresTotal: 80.5 },
      open: { litresTotal: 30.5 },
      hidden: { litresTotal: 50 },
    });
    // A stranger (signed in, not in the group) sees the public thing's litres only.
    const stranger = await signUp(server.url);
    expect((await gql(server.url, TOTALS, vars, stranger.token)).data).toEqual({
      userById: { litresTotal: 30.5 },
      groupById: { litresTotal: 30.5 },
      open: { litresTotal: 30.5 },
      hidden: null,
    });
    // A guest sees no people, and the public litres of the group and thing.
    const guest = (await gql(server.url, `mutation { signInAsGuest(input: { domainName: "localhost" }) { jwtToken } }`)).data.signInAsGuest
      .jwtToken;
    expect((await gql(server.url, TOTALS, vars, guest)).data).toEqual({
      userById: null,
      groupById: { litresTotal: 30.5 },
      open: { litresTotal: 30.5 },
      hidden: null,
    });
    // Joining the group shows the private thing's litres too.
    await gql(
      server.url,
      `mutation J($g: UUID!) { changeGroupMembership(input: { groupId: $g, join: true }) { clientMutationId } }`,
      { g: groupId },
      stranger.token,
    );
    expect((await gql(server.url, TOTALS, vars, stranger.token)).data.groupById).toEqual({ litresTotal: 80.5 });
  });

  it("rank people and groups by litres for a period, with the private waterings left out for others", async () => {
    const { owner, ownerId, groupId, thing } = await setUp("Boards");
    const open = await thing("Boards Open Oak", true);
    const hidden = await thing("Boards Hidden Oak", false);
    await gql(server.url, RECORD, { t: open, type: "WATERING", litres: 900 }, owner.token);
    await gql(server.url, RECORD, { t: hidden, type: "WATERING", litres: 800 }, owner.token);
    const BOARDS = `query Boards { userLitresLeaderboard(period: WEEK) { nodes { id litres points rank } }
      groupLitresLeaderboard(period: ALL_TIME) { nodes { id litres points rank } }
      userLeaderboard(period: MONTH) { nodes { id litres points } } }`;
    const mine = (await gql(server.url, BOARDS, {}, owner.token)).data;
    expect(mine.userLitresLeaderboard.nodes.find((n: any) => n.id === ownerId)).toMatchObject({ litres: 1700, points: 2 });
    expect(mine.groupLitresLeaderboard.nodes.find((n: any) => n.id === groupId)).toMatchObject({ litres: 1700, points: 2 });
    // The points board carries the litres beside the points (2 waterings and 2 CREATED).
    expect(mine.userLeaderboard.nodes.find((n: any) => n.id === ownerId)).toEqual({ id: ownerId, litres: 1700, points: 4 });
    const stranger = await signUp(server.url);
    const theirs = (await gql(server.url, BOARDS, {}, stranger.token)).data;
    expect(theirs.userLitresLeaderboard.nodes.find((n: any) => n.id === ownerId)).toMatchObject({ litres: 900, points: 1 });
    expect(theirs.groupLitresLeaderboard.nodes.find((n: any) => n.id === groupId)).toMatchObject({ litres: 900, points: 1 });
    // Nobody without litres is on a litres board.
    expect(theirs.userLitresLeaderboard.nodes.every((n: any) => n.litres > 0)).toBe(true);
  });
});

describe("the litres badge", () => {
  const BADGES = `query { currentUser { badgesByUserId { nodes { badgeTypeByBadgeTypeId { badgeType level } } } } }`;
  const litresLevels = async (token: string) =>
    (await gql(server.url, BADGES, {}, token)).data.currentUser.badgesByUserId.nodes
      .map((n: any) => n.badgeTypeByBadgeTypeId)
      .filter((b: any) => b.badgeType === "litres")
      .map((b: any) => b.level)
      .sort();

  it("is listed with levels at 100, 1,000 and 10,000 litres", async () => {
    const types = (
      await gql(
        server.url,
        `query { allBadgeTypes(condition: { badgeType: "litres" }, orderBy: LEVEL_ASC) { nodes { level title description } } }`,
      )
    ).data.allBadgeTypes.nodes;
    expect(types).toEqual([
      { level: 1, title: "Water Carrier I", description: "Gave 100 litres of water" },
      { level: 2, title: "Water Carrier II", description: "Gave 1,000 litres of water" },
      { level: 3, title: "Water Carrier III", description: "Gave 10,000 litres of water" },
    ]);
  });

  it("is awarded when the person's litres reach 100, on a new watering or a raised amount", async () => {
    const { owner, thing } = await setUp("Badge");
    const t = await thing("Badge Oak", true);
    await gql(server.url, RECORD, { t, type: "WATERING", litres: 50 }, owner.token);
    const second = (await gql(server.url, RECORD, { t, type: "WATERING", litres: 49.9 }, owner.token)).data.createAction.action.id;
    expect(await litresLevels(owner.token)).toEqual([]);
    // 99.9 -> 100 by correcting the amount.
    await gql(server.url, UPDATE, { id: second, patch: { litres: 50 } }, owner.token);
    expect(await litresLevels(owner.token)).toEqual([1]);
    await gql(server.url, RECORD, { t, type: "WATERING", litres: 900 }, owner.token);
    expect(await litresLevels(owner.token)).toEqual([1, 2]);
  });
});
