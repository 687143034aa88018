// Security review (issue #20), finding 2: createFeedback and a user's One Thing (oneThingId)
// took ids of things the caller cannot see, which told whether a private thing exists and tied
// the caller to it. Such an id now gets the same answer as an id that names nothing: NTFND.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { randomUUID } from "node:crypto";
import { startTestServer, gql, signUp, withOwner } from "../../server/test/harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const GROUP = `mutation G($p: Boolean!) { createGroup(input: { name: "Hidden Growers", type: GROWER, isPublic: $p }) { group { id } } }`;
const THING = `mutation T($g: UUID!, $isPublic: Boolean!) { createThing(input: { groupId: $g, name: "Hidden Planter", type: PLANTER, location: { x: 51.4, y: -0.9 }, isPublic: $isPublic }) { thing { id } } }`;
const FEEDBACK = `mutation F($t: UUID) { createFeedback(input: { feedback: { subject: "About a thing", message: "It looks dry", thingId: $t } }) { feedback { id thingId } } }`;
const ONE_THING = `mutation U($id: UUID!, $t: UUID) { updateUserById(input: { id: $id, userPatch: { oneThingId: $t } }) { user { id oneThingId } } }`;
const ME = `query { currentUser { id oneThingId } }`;

async function arrange() {
  const owner = await signUp(server.url);
  const groupId = (await gql(server.url, GROUP, { p: false }, owner.token)).data.createGroup.group.id;
  const privateThing = (await gql(server.url, THING, { g: groupId, isPublic: false }, owner.token)).data.createThing.thing.id as string;
  const publicThing = (await gql(server.url, THING, { g: groupId, isPublic: true }, owner.token)).data.createThing.thing.id as string;
  const stranger = await signUp(server.url);
  const strangerId = (await gql(server.url, ME, {}, stranger.token)).data.currentUser.id as string;
  return { owner, privateThing, publicThing, stranger, strangerId };
}

const feedbackAbout = (thingId: string) =>
  withOwner(
    server.databaseUrl,
    async (c) => (await c.query("select count(*)::int as n from app_public.feedback where thing_id = $1", [thingId])).rows[0].n as number,
  );

describe("createFeedback about a thing", () => {
  it("refuses a thing the caller cannot see with the answer for a thing that does not exist, and stores nothing", async () => {
    const { privateThing, stranger } = await arrange();
    const hidden = await gql(server.url, FEEDBACK, { t: privateThing }, stranger.token);
    const missing = await gql(server.url, FEEDBACK, { t: randomUUID() }, stranger.token);
    expect(missing.errors?.[0]).toMatchObject({ extensions: { code: "NTFND" } });
    expect(hidden.errors?.[0]).toEqual(missing.errors?.[0]);
    expect(await feedbackAbout(privateThing)).toBe(0);
  });

  it("takes a thing the caller can see: a public one, or their own private one; or none", async () => {
    const { owner, privateThing, publicThing, stranger } = await arrange();
    expect((await gql(server.url, FEEDBACK, { t: publicThing }, stranger.token)).data.createFeedback.feedback.thingId).toBe(publicThing);
    expect((await gql(server.url, FEEDBACK, { t: privateThing }, owner.token)).data.createFeedback.feedback.thingId).toBe(privateThing);
    expect((await gql(server.url, FEEDBACK, { t: null }, stranger.token)).errors).toBeUndefined();
  });
});

describe("oneThingId", () => {
  it("refuses a thing the caller cannot see with the answer for a thing that does not exist, and keeps the old value", async () => {
    const { privateThing, publicThing, stranger, strangerId } = await arrange();
    expect((await gql(server.url, ONE_THING, { id: strangerId, t: publicThing }, stranger.token)).errors).toBeUndefined();
    const hidden = await gql(server.url, ONE_THING, { id: strangerId, t: privateThing }, stranger.token);
    const missing = await gql(server.url, ONE_THING, { id: strangerId, t: randomUUID() }, stranger.token);
    expect(missing.errors?.[0]).toMatchObject({ extensions: { code: "NTFND" } });
    expect(hidden.errors?.[0]).toEqual(missing.errors?.[0]);
    expect((await gql(server.url, ME, {}, stranger.token)).data.currentUser.oneThingId).toBe(publicThing);
  });

  it("takes a thing the caller can see, and can be unset", async () => {
    const { owner, privateThing, publicThing, stranger, strangerId } = await arrange();
    const ownerId = (await gql(server.url, ME, {}, owner.token)).data.currentUser.id;
    expect((await gql(server.url, ONE_THING, { id: ownerId, t: privateThing }, owner.token)).data.updateUserById.user.oneThingId).toBe(
      privateThing,
    );
    expect((await gql(server.url, ONE_THING, { id: strangerId, t: publicThing }, stranger.token)).data.updateUserById.user.oneThingId).toBe(
      publicThing,
    );
    expect((await gql(server.url, ONE_THING, { id: strangerId, t: null }, stranger.token)).data.updateUserById.user.oneThingId).toBeNull();
  });

  it("changing something else keeps a One Thing that has since become invisible", async () => {
    const { owner, publicThing, stranger, strangerId } = await arrange();
    await gql(server.url, ONE_THING, { id: strangerId, t: publicThing }, stranger.token);
    await gql(
      server.url,
      `mutation H($id: UUID!) { updateThingById(input: { id: $id, thingPatch: { isPublic: false } }) { thing { id } } }`,
      { id: publicThing },
      owner.token,
    );
    const r = await gql(
      server.url,
      `mutation N($id: UUID!) { updateUserById(input: { id: $id, userPatch: { notificationDaily: true } }) { user { id } } }`,
      { id: strangerId },
      stranger.token,
    );
    expect(r.errors).toBeUndefined();
  });
});
