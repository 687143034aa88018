// Things, access, collaboration, invitations, actions and badges over real HTTP (issue 5).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestServer, gql, signUp, signUpVerified, withOwner, queuedEmail, makeAdmin } from "./harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const CREATE_GROUP = `mutation CreateGroup($name: String!) { createGroup(input: { name: $name, type: GROWER, isPublic: true }) { group { id } } }`;
const JOIN = `mutation ChangeGroupMembership($groupId: UUID!) { changeGroupMembership(input: { groupId: $groupId, join: true }) { group { id } } }`;
const CREATE = `mutation CreateThing($groupId: UUID!, $name: String!, $type: ThingType!, $location: PointInput!, $isPublic: Boolean!) {
  createThing(input: { groupId: $groupId, name: $name, type: $type, location: $location, isPublic: $isPublic }) {
    thing { id nodeId name type isPublic location { x y } canEdit canRecordAction
      actionsByThingId(orderBy: CREATED_AT_DESC) { nodes { type comments } } } } }`;
const THING = `query ThingById($id: UUID!) { thingById(id: $id) { id name canEdit canRecordAction
  thingAccessesByThingId { nodes { id userId isOwner isCollaborator } } } }`;
const UPDATE = `mutation UpdateThing($nodeId: ID!, $patch: ThingPatch!) { updateThing(input: { nodeId: $nodeId, thingPatch: $patch }) { thing { id name description } } }`;
const DELETE = `mutation DeleteThingById($id: UUID!) { deleteThingById(input: { id: $id }) { deletedThingId } }`;
const COLLABORATE = `mutation CollaborateThingAccess($thingId: UUID!) { collaborateThingAccess(input: { thingId: $thingId }) { thingAccess { id isCollaborator } } }`;
const END_ACCESS = `mutation DeleteThingAccessById($id: UUID!) { deleteThingAccessById(input: { id: $id }) { deletedThingAccessId } }`;
const SET_ACCESS = `mutation UpdateThingAccessById($id: UUID!, $patch: ThingAccessPatch!) { updateThingAccessById(input: { id: $id, thingAccessPatch: $patch }) { thingAccess { id isOwner isCollaborator } } }`;
const INVITE = `mutation InviteToThingAccess($thingId: UUID!, $email: String!) { inviteToThingAccess(input: { thingId: $thingId, email: $email }) { thingAccessInvitation { id } } }`;
const CHECK = `query ThingAccessForInvitation($id: UUID!, $code: String!) { thingAccessForInvitation(invitationId: $id, code: $code) { id name } }`;
const ACCEPT = `mutation AcceptInvitationToThingAccess($id: UUID!, $code: String!) { acceptInvitationToThingAccess(input: { invitationId: $id, code: $code }) { thingAccess { id isCollaborator } } }`;
const NEAREST = `query NearestThing($latitude: Float!, $longitude: Float!) { nearestThing(latitude: $latitude, longitude: $longitude) { nodes { id } } }`;
const PUBLIC = `query AllPublicThings { allPublicThings { nodes { id } } }`;
const ALL = `query AllThings { allThings { nodes { id } } }`;
const CREATE_ACTION = `mutation CreateAction($action: ActionInput!) { createAction(input: { action: $action }) { action { id type comments createdBy } } }`;
const UPDATE_ACTION = `mutation UpdateActionById($id: UUID!, $patch: ActionPatch!) { updateActionById(input: { id: $id, actionPatch: $patch }) { action { id comments } } }`;
const DELETE_ACTION = `mutation DeleteActionById($id: UUID!) { deleteActionById(input: { id: $id }) { deletedActionId } }`;
const MY_BADGES = `query MyBadges { currentUser { id badgesByUserId { nodes { awardedAt badgeTypeByBadgeTypeId { badgeType level } } } } }`;
const ME = `query Me { currentUser { id oneThingId } }`;

const READING = { x: 51.4543, y: -0.9781 };

async function myId(token: string) {
  return (await gql(server.url, ME, {}, token)).data.currentUser.id as string;
}
async function newGroup(token: string) {
  return (await gql(server.url, CREATE_GROUP, { name: "Reading Growers" }, token)).data.createGroup.group.id as string;
}
async function newThing(token: string, groupId: string, overrides: Record<string, unknown> = {}) {
  const r = await gql(
    server.url,
    CREATE,
    { groupId, name: "Big Planter", type: "PLANTER", location: READING, isPublic: true, ...overrides },
    token,
  );
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data.createThing.thing;
}
async function accesses(token: string | null, id: string) {
  return (await gql(server.url, THING, { id }, token)).data.thingById?.thingAccessesByThingId.nodes ?? null;
}

describe("creating things", () => {
  it("the creator owns it, a CREATED action is recorded and the created badge awarded", async () => {
    const owner = await signUp(server.url);
    const thing = await newThing(owner.token, await newGroup(owner.token));
    expect(thing).toMatchObject({ name: "Big Planter", type: "PLANTER", location: READING, canEdit: true, canRecordAction: true });
    expect(thing.actionsByThingId.nodes).toEqual([{ type: "CREATED", comments: "Added Big Planter" }]);
    expect(await accesses(owner.token, thing.id)).toEqual([expect.objectContaining({ isOwner: true, isCollaborator: true })]);
    const badges = (await gql(server.url, MY_BADGES, {}, owner.token)).data.currentUser.badgesByUserId.nodes.map(
      (b: any) => b.badgeTypeByBadgeTypeId,
    );
    expect(badges).toEqual(
      expect.arrayContaining([
        { badgeType: "created", level: 1 },
        { badgeType: "signin", level: 1 },
      ]),
    );
  });

  it("refuses bad input with clear messages and writes nothing", async () => {
    const owner = await signUp(server.url);
    const groupId = await newGroup(owner.token);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "ab" }, "Name must be between 3 and 255 characters"],
      [{ location: { x: 95, y: 0 } }, "Latitude must be between -90 and 90"],
      [{ location: { x: 51, y: 200 } }, "Longitude must be between -180 and 180"],
    ];
    for (const [bad, message] of cases) {
      const r = await gql(
        server.url,
        CREATE,
        { groupId, name: "Good Name", type: "TREE", location: READING, isPublic: true, ...bad },
        owner.token,
      );
      expect(r.errors?.[0].message).toBe(message);
    }
    const count = await withOwner(server.databaseUrl, (c) =>
      c.query("select count(*)::int as n from app_public.things where group_id = $1", [groupId]),
    );
    expect(count.rows[0].n).toBe(0);
  });

  it("needs a group you belong to", async () => {
    const owner = await signUp(server.url);
    const other = await signUp(server.url);
    const groupId = await newGroup(other.token);
    const r = await gql(server.url, CREATE, { groupId, name: "Sneaky Tree", type: "TREE", location: READING, isPublic: true }, owner.token);
    expect(r.errors?.[0]).toMatchObject({ message: "Choose a group you are a member of", extensions: { code: "DNIED" } });
    await gql(server.url, JOIN, { groupId }, owner.token);
    expect(
      (await gql(server.url, CREATE, { groupId, name: "Member Tree", type: "TREE", location: READING, isPublic: true }, owner.token))
        .errors,
    ).toBeUndefined();
  });

  it("guests cannot create things", async () => {
    const owner = await signUp(server.url);
    const groupId = await newGroup(owner.token);
    const r = await gql(server.url, CREATE, { groupId, name: "Guest Tree", type: "TREE", location: READING, isPublic: true });
    expect(r.errors?.length).toBeGreaterThan(0);
  });
});

describe("visibility", () => {
  it("public things are listed for guests; private ones only for access holders, group members and admins", async () => {
    const owner = await signUp(server.url);
    const stranger = await signUp(server.url);
    const member = await signUp(server.url);
    const admin = await makeAdmin(server.url, server.databaseUrl, await signUp(server.url));
    const groupId = await newGroup(owner.token);
    await gql(server.url, JOIN, { groupId }, member.token);
    const open = await newThing(owner.token, groupId);
    const hidden = await newThing(owner.token, groupId, { isPublic: false, name: "Private Hedge" });
    const guestPublic = (await gql(server.url, PUBLIC, {})).data.allPublicThings.nodes.map((t: any) => t.id);
    expect(guestPublic).toContain(open.id);
    expect(guestPublic).not.toContain(hidden.id);
    expect((await gql(server.url, ALL, {})).data.allThings.nodes.map((t: any) => t.id)).not.toContain(hidden.id);
    expect((await gql(server.url, THING, { id: hidden.id }, stranger.token)).data.thingById).toBeNull();
    expect((await gql(server.url, THING, { id: hidden.id }, member.token)).data.thingById.id).toBe(hidden.id);
    expect((await gql(server.url, THING, { id: hidden.id }, admin.token)).data.thingById.id).toBe(hidden.id);
  });

  it("nearestThing finds the nearest visible thing", async () => {
    const owner = await signUp(server.url);
    const groupId = await newGroup(owner.token);
    const far = await newThing(owner.token, groupId, { location: { x: -45.1, y: 170.2 }, name: "Far Away Bench" });
    const r = await gql(server.url, NEAREST, { latitude: -45.0, longitude: 170.0 });
    expect(r.data.nearestThing.nodes).toEqual([{ id: far.id }]);
  });
});

describe("editing and deleting", () => {
  it("owners and admins edit; collaborators and strangers cannot", async () => {
    const owner = await signUp(server.url);
    const collaborator = await signUp(server.url);
    const admin = await makeAdmin(server.url, server.databaseUrl, await signUp(server.url));
    const thing = await newThing(owner.token, await newGroup(owner.token));
    await gql(server.url, COLLABORATE, { thingId: thing.id }, collaborator.token);
    expect(
      (await gql(server.url, UPDATE, { nodeId: thing.nodeId, patch: { description: "Needs love" } }, owner.token)).data.updateThing.thing
        .description,
    ).toBe("Needs love");
    expect(
      (await gql(server.url, UPDATE, { nodeId: thing.nodeId, patch: { name: "Hijacked" } }, collaborator.token)).errors?.[0].extensions
        .code,
    ).toBe("NTFND");
    expect(
      (await gql(server.url, UPDATE, { nodeId: thing.nodeId, patch: { name: "Admin Named" } }, admin.token)).data.updateThing.thing.name,
    ).toBe("Admin Named");
    expect((await gql(server.url, THING, { id: thing.id }, collaborator.token)).data.thingById.canEdit).toBe(false);
  });

  it("owners delete; collaborators cannot", async () => {
    const owner = await signUp(server.url);
    const collaborator = await signUp(server.url);
    const thing = await newThing(owner.token, await newGroup(owner.token));
    await gql(server.url, COLLABORATE, { thingId: thing.id }, collaborator.token);
    expect((await gql(server.url, DELETE, { id: thing.id }, collaborator.token)).errors?.[0].extensions.code).toBe("NTFND");
    expect((await gql(server.url, DELETE, { id: thing.id }, owner.token)).errors).toBeUndefined();
    expect((await gql(server.url, THING, { id: thing.id }, owner.token)).data.thingById).toBeNull();
  });
});

describe("access and collaboration", () => {
  it("any signed-in user collaborates and can end it", async () => {
    const owner = await signUp(server.url);
    const user = await signUp(server.url);
    const thing = await newThing(owner.token, await newGroup(owner.token));
    const r = await gql(server.url, COLLABORATE, { thingId: thing.id }, user.token);
    expect(r.data.collaborateThingAccess.thingAccess.isCollaborator).toBe(true);
    expect((await gql(server.url, THING, { id: thing.id }, user.token)).data.thingById.canRecordAction).toBe(true);
    const ended = await gql(server.url, END_ACCESS, { id: r.data.collaborateThingAccess.thingAccess.id }, user.token);
    expect(ended.errors).toBeUndefined();
    expect((await gql(server.url, THING, { id: thing.id }, user.token)).data.thingById.canRecordAction).toBe(false);
  });

  it("guests cannot collaborate; a private thing you cannot see is not found", async () => {
    const owner = await signUp(server.url);
    const stranger = await signUp(server.url);
    const thing = await newThing(owner.token, await newGroup(owner.token), { isPublic: false });
    expect((await gql(server.url, COLLABORATE, { thingId: thing.id })).errors?.length).toBeGreaterThan(0);
    expect((await gql(server.url, COLLABORATE, { thingId: thing.id }, stranger.token)).errors?.[0].extensions.code).toBe("NTFND");
  });

  it("owners make collaborators owners; the last owner cannot step down; others cannot change roles", async () => {
    const owner = await signUp(server.url);
    const collaborator = await signUp(server.url);
    const thing = await newThing(owner.token, await newGroup(owner.token));
    const access = (await gql(server.url, COLLABORATE, { thingId: thing.id }, collaborator.token)).data.collaborateThingAccess.thingAccess;
    expect(
      (await gql(server.url, SET_ACCESS, { id: access.id, patch: { isOwner: true } }, collaborator.token)).errors?.[0].extensions.code,
    ).toMatch(/NTFND|DNIED/);
    const ownerAccess = (await accesses(owner.token, thing.id)).find((a: any) => a.isOwner);
    expect(
      (await gql(server.url, SET_ACCESS, { id: ownerAccess.id, patch: { isOwner: false } }, owner.token)).errors?.[0].extensions.code,
    ).toBe("OWNER");
    expect(
      (await gql(server.url, SET_ACCESS, { id: access.id, patch: { isOwner: true } }, owner.token)).data.updateThingAccessById.thingAccess
        .isOwner,
    ).toBe(true);
    expect((await gql(server.url, SET_ACCESS, { id: ownerAccess.id, patch: { isOwner: false } }, owner.token)).errors).toBeUndefined();
  });

  it("invitations: the invitee checks and accepts; ISACS when they already have access", async () => {
    const owner = await signUp(server.url);
    // Only a verified address counts for invitations (test/security/invitation-unverified-email.test.ts).
    const invitee = await signUpVerified(server.url, server.databaseUrl);
    const thing = await newThing(owner.token, await newGroup(owner.token), { isPublic: false, name: "Secret Garden" });
    expect((await gql(server.url, INVITE, { thingId: thing.id, email: invitee.email }, invitee.token)).errors?.[0].extensions.code).toBe(
      "DNIED",
    );
    expect((await gql(server.url, INVITE, { thingId: thing.id, email: invitee.email }, owner.token)).errors).toBeUndefined();
    const mail = (await queuedEmail(server.databaseUrl, invitee.email, "invitation")).variables;
    expect(mail).toMatchObject({ kind: "thing", targetName: "Secret Garden" });
    expect((await gql(server.url, CHECK, { id: mail.invitationId, code: "bad" }, invitee.token)).errors?.[0].extensions.code).toBe("DNIED");
    expect((await gql(server.url, CHECK, { id: mail.invitationId, code: mail.code }, invitee.token)).data.thingAccessForInvitation).toEqual(
      { id: thing.id, name: "Secret Garden" },
    );
    expect(
      (await gql(server.url, ACCEPT, { id: mail.invitationId, code: mail.code }, invitee.token)).data.acceptInvitationToThingAccess
        .thingAccess.isCollaborator,
    ).toBe(true);
    expect((await gql(server.url, THING, { id: thing.id }, invitee.token)).data.thingById.id).toBe(thing.id);
    expect((await gql(server.url, INVITE, { thingId: thing.id, email: invitee.email }, owner.token)).errors?.[0].extensions.code).toBe(
      "ISACS",
    );
  });
});

describe("actions", () => {
  it("collaborators record actions; viewers and guests cannot; CREATED is reserved", async () => {
    const owner = await signUp(server.url);
    const collaborator = await signUp(server.url);
    const viewer = await signUp(server.url);
    const thing = await newThing(owner.token, await newGroup(owner.token));
    await gql(server.url, COLLABORATE, { thingId: thing.id }, collaborator.token);
    const ok = await gql(
      server.url,
      CREATE_ACTION,
      { action: { thingId: thing.id, type: "WATERING", comments: "Two cans" } },
      collaborator.token,
    );
    expect(ok.data.createAction.action).toMatchObject({
      type: "WATERING",
      comments: "Two cans",
      createdBy: await myId(collaborator.token),
    });
    expect(
      (await gql(server.url, CREATE_ACTION, { action: { thingId: thing.id, type: "WATERING", comments: "Nope" } }, viewer.token))
        .errors?.[0],
    ).toMatchObject({
      message: "Only the thing's owners and collaborators can record actions: collaborate on it first",
      extensions: { code: "DNIED" },
    });
    expect(
      (await gql(server.url, CREATE_ACTION, { action: { thingId: thing.id, type: "WATERING", comments: "Nope" } })).errors?.length,
    ).toBeGreaterThan(0);
    expect(
      (await gql(server.url, CREATE_ACTION, { action: { thingId: thing.id, type: "CREATED", comments: "Again" } }, owner.token)).errors
        ?.length,
    ).toBeGreaterThan(0);
    expect(
      (await gql(server.url, CREATE_ACTION, { action: { thingId: thing.id, type: "UPKEEP", comments: "  " } }, owner.token)).errors?.[0]
        .message,
    ).toBe("Comments are required");
  });

  it("the recorder and owners edit or delete an action; others cannot", async () => {
    const owner = await signUp(server.url);
    const collaborator = await signUp(server.url);
    const other = await signUp(server.url);
    const thing = await newThing(owner.token, await newGroup(owner.token));
    await gql(server.url, COLLABORATE, { thingId: thing.id }, collaborator.token);
    await gql(server.url, COLLABORATE, { thingId: thing.id }, other.token);
    const action = (
      await gql(server.url, CREATE_ACTION, { action: { thingId: thing.id, type: "UPKEEP", comments: "Weeded" } }, collaborator.token)
    ).data.createAction.action;
    expect(
      (await gql(server.url, UPDATE_ACTION, { id: action.id, patch: { comments: "Changed" } }, other.token)).errors?.[0].extensions.code,
    ).toBe("NTFND");
    expect(
      (await gql(server.url, UPDATE_ACTION, { id: action.id, patch: { comments: "Weeded well" } }, collaborator.token)).data
        .updateActionById.action.comments,
    ).toBe("Weeded well");
    expect((await gql(server.url, DELETE_ACTION, { id: action.id }, other.token)).errors?.[0].extensions.code).toBe("NTFND");
    expect((await gql(server.url, DELETE_ACTION, { id: action.id }, owner.token)).errors).toBeUndefined();
  });

  it("badges: watering level I at 1 action, level II at 10", async () => {
    const owner = await signUp(server.url);
    const thing = await newThing(owner.token, await newGroup(owner.token));
    const levels = async () =>
      (await gql(server.url, MY_BADGES, {}, owner.token)).data.currentUser.badgesByUserId.nodes
        .map((b: any) => b.badgeTypeByBadgeTypeId)
        .filter((b: any) => b.badgeType === "watering")
        .map((b: any) => b.level)
        .sort();
    await gql(server.url, CREATE_ACTION, { action: { thingId: thing.id, type: "WATERING", comments: "Water 1" } }, owner.token);
    expect(await levels()).toEqual([1]);
    for (let i = 2; i <= 9; i++)
      await gql(server.url, CREATE_ACTION, { action: { thingId: thing.id, type: "WATERING", comments: `Water ${i}` } }, owner.token);
    expect(await levels()).toEqual([1]);
    await gql(server.url, CREATE_ACTION, { action: { thingId: thing.id, type: "WATERING", comments: "Water 10" } }, owner.token);
    expect(await levels()).toEqual([1, 2]);
  });
});

describe("hydration band limits", () => {
  it("are checked like the form does, and good ones move the indicator", async () => {
    const owner = await signUp(server.url);
    const thing = await newThing(owner.token, await newGroup(owner.token));
    const SET = `mutation S($id: UUID!, $levels: JSON) { updateThingById(input: { id: $id, thingPatch: { hydrationLevels: $levels } }) { thing { hydrationLevels } } }`;
    expect(
      (await gql(server.url, SET, { id: thing.id, levels: { dry: 30, needsWater: 20, good: 60 } }, owner.token)).errors?.[0].message,
    ).toBe("Each limit must be higher than the one before");
    expect(
      (await gql(server.url, SET, { id: thing.id, levels: { dry: 20, needsWater: 30, good: 160 } }, owner.token)).errors?.[0].message,
    ).toBe("Limits must be between 0 and 100 percent");
    expect((await gql(server.url, SET, { id: thing.id, levels: { dry: 20 } }, owner.token)).errors?.[0].message).toBe(
      "Enter all three limits",
    );
    const ok = await gql(server.url, SET, { id: thing.id, levels: { dry: 10, needsWater: 25, good: 50 } }, owner.token);
    expect(ok.data.updateThingById.thing.hydrationLevels).toEqual({ dry: 10, needsWater: 25, good: 50 });
    expect((await gql(server.url, SET, { id: thing.id, levels: null }, owner.token)).errors).toBeUndefined();
  });
});

describe("the One Thing", () => {
  it("a user sets and unsets their One Thing", async () => {
    const owner = await signUp(server.url);
    const thing = await newThing(owner.token, await newGroup(owner.token));
    const id = await myId(owner.token);
    const UPDATE_USER = `mutation UpdateUserById($id: UUID!, $oneThingId: UUID) { updateUserById(input: { id: $id, userPatch: { oneThingId: $oneThingId } }) { user { oneThingId } } }`;
    expect((await gql(server.url, UPDATE_USER, { id, oneThingId: thing.id }, owner.token)).data.updateUserById.user.oneThingId).toBe(
      thing.id,
    );
    expect((await gql(server.url, UPDATE_USER, { id, oneThingId: null }, owner.token)).data.updateUserById.user.oneThingId).toBeNull();
  });
});
