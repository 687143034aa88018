// What only the person and admins read of a user (migration 20261122000160): when they last signed
// in, the daily e-mail choice and the One Thing answer null to anyone else, and nobody can list who
// chose a thing as their One Thing.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestServer, gql, signUp, makeAdmin } from "./harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const PRIVATE = `query U($id: UUID!) { userById(id: $id) { id name lastSignInAt notificationDaily oneThingId } }`;

describe("a user's private fields", () => {
  it("are read by the person and admins; others see the name but null for the rest", async () => {
    const person = await signUp(server.url);
    const me = (await gql(server.url, `query { currentUser { id } }`, {}, person.token)).data.currentUser.id;
    const group = (
      await gql(
        server.url,
        `mutation { createGroup(input: { name: "Privacy Growers", type: GROWER, isPublic: true }) { group { id } } }`,
        {},
        person.token,
      )
    ).data.createGroup.group.id;
    const thing = (
      await gql(
        server.url,
        `mutation T($g: UUID!) { createThing(input: { groupId: $g, name: "Dear Planter", type: PLANTER, location: { x: 51.4, y: -0.9 }, isPublic: true }) { thing { id } } }`,
        { g: group },
        person.token,
      )
    ).data.createThing.thing.id;
    const updated = await gql(
      server.url,
      `mutation P($id: UUID!, $t: UUID!) { updateUserById(input: { id: $id, userPatch: { notificationDaily: true, oneThingId: $t } }) { user { notificationDaily oneThingId } } }`,
      { id: me, t: thing },
      person.token,
    );
    expect(updated.data.updateUserById.user).toEqual({ notificationDaily: true, oneThingId: thing });

    const own = (await gql(server.url, PRIVATE, { id: me }, person.token)).data.userById;
    expect(own).toMatchObject({ id: me, notificationDaily: true, oneThingId: thing });
    expect(Date.parse(own.lastSignInAt)).toBeGreaterThan(Date.now() - 600_000);

    const admin = await makeAdmin(server.url, server.databaseUrl, await signUp(server.url));
    expect((await gql(server.url, PRIVATE, { id: me }, admin.token)).data.userById).toMatchObject({
      notificationDaily: true,
      oneThingId: thing,
    });
    expect((await gql(server.url, PRIVATE, { id: me }, admin.token)).data.userById.lastSignInAt).not.toBeNull();

    const stranger = await signUp(server.url);
    expect((await gql(server.url, PRIVATE, { id: me }, stranger.token)).data.userById).toEqual({
      id: me,
      name: "Test Person",
      lastSignInAt: null,
      notificationDaily: null,
      oneThingId: null,
    });
  });

  it("cannot be searched or sorted by, nor reached from the thing", async () => {
    const stranger = await signUp(server.url);
    const byCondition = await gql(
      server.url,
      `query { allUsers(condition: { notificationDaily: true }) { totalCount } }`,
      {},
      stranger.token,
    );
    expect(byCondition.errors?.[0].message).toMatch(/notificationDaily/);
    const byRelation = await gql(
      server.url,
      `query { allThings(first: 1) { nodes { usersByOneThingId { totalCount } } } }`,
      {},
      stranger.token,
    );
    expect(byRelation.errors?.[0].message).toMatch(/usersByOneThingId/);
  });
});

describe("a user's language (issue 25)", () => {
  const LANGUAGE = `query U($id: UUID!) { userById(id: $id) { language } }`;
  const SET = `mutation L($id: UUID!, $language: String) { updateUserById(input: { id: $id, userPatch: { language: $language } }) { user { language } } }`;

  it("is set by the person to en-GB, de or back to the browser's (null), and read by them alone", async () => {
    const person = await signUp(server.url);
    const me = (await gql(server.url, `query { currentUser { id } }`, {}, person.token)).data.currentUser.id;
    expect((await gql(server.url, LANGUAGE, { id: me }, person.token)).data.userById.language).toBeNull();
    expect((await gql(server.url, SET, { id: me, language: "de" }, person.token)).data.updateUserById.user.language).toBe("de");
    expect((await gql(server.url, LANGUAGE, { id: me }, person.token)).data.userById.language).toBe("de");

    const stranger = await signUp(server.url);
    expect((await gql(server.url, LANGUAGE, { id: me }, stranger.token)).data.userById.language).toBeNull();
    // Nor may they change it.
    const theirs = await gql(server.url, SET, { id: me, language: "en-GB" }, stranger.token);
    expect(theirs.data?.updateUserById ?? null).toBeNull();
    expect((await gql(server.url, LANGUAGE, { id: me }, person.token)).data.userById.language).toBe("de");

    expect((await gql(server.url, SET, { id: me, language: null }, person.token)).data.updateUserById.user.language).toBeNull();
  });

  it("refuses a language the app does not speak, with the form's words, and keeps the old one", async () => {
    const person = await signUp(server.url);
    const me = (await gql(server.url, `query { currentUser { id } }`, {}, person.token)).data.currentUser.id;
    await gql(server.url, SET, { id: me, language: "de" }, person.token);
    const refused = await gql(server.url, SET, { id: me, language: "fr" }, person.token);
    expect(refused.errors?.[0]).toMatchObject({ message: "Choose English (en-GB) or German (de)", extensions: { code: "INVLD" } });
    expect((await gql(server.url, LANGUAGE, { id: me }, person.token)).data.userById.language).toBe("de");
  });
});
