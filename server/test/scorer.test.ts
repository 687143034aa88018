// The leaderboard and the feedback form (issue 12 screens' data).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestServer, gql, signUp, makeAdmin } from "./harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("leaderboard", () => {
  it("counts one point per action this week, by person and by group", async () => {
    const user = await signUp(server.url);
    const g = (
      await gql(
        server.url,
        `mutation { createGroup(input: { name: "Scoring Growers", type: GROWER, isPublic: true }) { group { id } } }`,
        {},
        user.token,
      )
    ).data.createGroup.group.id;
    const t = (
      await gql(
        server.url,
        `mutation T($g: UUID!) { createThing(input: { groupId: $g, name: "Score Planter", type: PLANTER, location: { x: 1, y: 1 }, isPublic: true }) { thing { id } } }`,
        { g },
        user.token,
      )
    ).data.createThing.thing.id;
    for (let i = 0; i < 3; i++) {
      await gql(
        server.url,
        `mutation A($t: UUID!) { createAction(input: { action: { thingId: $t, type: UPKEEP, comments: "Tidy" } }) { action { id } } }`,
        { t },
        user.token,
      );
    }
    // People are on the board for signed-in users (guests see no profiles).
    const people = (await gql(server.url, `query { userLeaderboard(period: WEEK) { nodes { name points } } }`, {}, user.token)).data
      .userLeaderboard.nodes;
    expect((await gql(server.url, `query { userLeaderboard(period: WEEK) { nodes { name } } }`)).data.userLeaderboard.nodes).toEqual([]);
    expect(people.some((p: any) => p.points >= 4)).toBe(true);
    const groups = (await gql(server.url, `query { groupLeaderboard(period: ALL_TIME) { nodes { id name points rank } } }`)).data
      .groupLeaderboard.nodes;
    expect(groups.find((x: any) => x.id === g)).toMatchObject({ name: "Scoring Growers", points: 4 });
  });
});

describe("feedback", () => {
  it("signed-in users send feedback; admins read everyone's; others only their own; guests cannot send", async () => {
    const user = await signUp(server.url);
    const other = await signUp(server.url);
    const admin = await makeAdmin(server.url, server.databaseUrl, await signUp(server.url));
    const SEND = `mutation F($s: String!, $m: String!) { createFeedback(input: { feedback: { subject: $s, message: $m } }) { feedback { id subject } } }`;
    const sent = await gql(server.url, SEND, { s: "Map idea", m: "Show bins on the map" }, user.token);
    expect(sent.data.createFeedback.feedback.subject).toBe("Map idea");
    expect((await gql(server.url, SEND, { s: " ", m: "x" }, user.token)).errors?.[0].message).toBe("Subject is required");
    expect((await gql(server.url, SEND, { s: "Guest", m: "Hello" })).errors?.length).toBeGreaterThan(0);
    const LIST = `query { allFeedbacks { nodes { id subject } } }`;
    const id = sent.data.createFeedback.feedback.id;
    expect((await gql(server.url, LIST, {}, admin.token)).data.allFeedbacks.nodes.map((f: any) => f.id)).toContain(id);
    expect((await gql(server.url, LIST, {}, other.token)).data.allFeedbacks.nodes.map((f: any) => f.id)).not.toContain(id);
  });
});
