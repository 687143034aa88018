// The permission matrix (issue 13): one table of operations, and for each role whether it is
// allowed, run against the real API. Roles: guest (guest token), stranger (signed in, no ties),
// member (of the thing's group), collaborator (on the thing), owner (of the thing, its group and
// device), admin. The world is private: a private thing in a public group, with a private device.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestServer, gql, signUp, withOwner, makeAdmin } from "./harness.ts";

type Role = "guest" | "stranger" | "member" | "collaborator" | "owner" | "admin";
const ROLES: Role[] = ["guest", "stranger", "member", "collaborator", "owner", "admin"];

let server: Awaited<ReturnType<typeof startTestServer>>;
const tokens = {} as Record<Role, string>;
const ids = {} as Record<Role, string>;
let world: { groupId: string; groupNodeId: string; thingId: string; thingNodeId: string; deviceId: string; taskId: string };

/** A fresh private thing owned by the owner, for operations that destroy what they touch. */
async function freshThing(): Promise<string> {
  const r = await gql(server.url, `mutation T($g: UUID!) { createThing(input: { groupId: $g, name: "Spare Planter", type: PLANTER, location: { x: 51.4, y: -0.9 }, isPublic: false }) { thing { id } } }`, { g: world.groupId }, tokens.owner);
  const id = r.data.createThing.thing.id;
  await addCollaborator(id);
  return id;
}

/** A private thing's collaborators come by invitation; the SQL stands in for the accepted one. */
async function addCollaborator(thingId: string) {
  await withOwner(server.databaseUrl, (c) =>
    c.query("insert into app_public.thing_accesses (thing_id, user_id, is_collaborator) values ($1, $2, true)", [thingId, ids.collaborator]));
}

beforeAll(async () => {
  server = await startTestServer();
  tokens.guest = (await gql(server.url, `mutation { signInAsGuest(input: { domainName: "localhost" }) { jwtToken } }`)).data.signInAsGuest.jwtToken;
  for (const role of ["stranger", "member", "collaborator", "owner", "admin"] as const) {
    let user = await signUp(server.url);
    if (role === "admin") user = await makeAdmin(server.url, server.databaseUrl, user);
    tokens[role] = user.token;
    ids[role] = (await gql(server.url, `query { currentUser { id } }`, {}, user.token)).data.currentUser.id;
  }
  const group = (await gql(server.url, `mutation { createGroup(input: { name: "Matrix Growers", type: GROWER, isPublic: true }) { group { id nodeId } } }`, {}, tokens.owner)).data.createGroup.group;
  await gql(server.url, `mutation J($g: UUID!) { changeGroupMembership(input: { groupId: $g, join: true }) { group { id } } }`, { g: group.id }, tokens.member);
  const thing = (await gql(server.url, `mutation T($g: UUID!) { createThing(input: { groupId: $g, name: "Matrix Planter", type: PLANTER, location: { x: 51.4, y: -0.9 }, isPublic: false }) { thing { id nodeId } } }`, { g: group.id }, tokens.owner)).data.createThing.thing;
  await addCollaborator(thing.id);
  const device = (await gql(server.url, `mutation D($t: UUID!, $e: String!) { createDevice(input: { model: LSE01, name: "Matrix probe", deviceId: $e, isPublic: false, location: { x: 51.4, y: -0.9 }, thingId: $t }) { device { id } } }`, { t: thing.id, e: `eui-matrix${Date.now()}` }, tokens.owner)).data.createDevice.device;
  await withOwner(server.databaseUrl, (c) => c.query(
    "insert into app_public.sensor_data (device_id, thing_id, created_at, data) values ($1, $2, now(), '{\"water\": 33}')", [device.id, thing.id]));
  const task = (await gql(server.url, `mutation K($t: UUID!) { createTask(input: { task: { thingId: $t, actionType: WATERING, title: "Matrix task", status: NOT_STARTED, priority: NORMAL } }) { task { id } } }`, { t: thing.id }, tokens.owner)).data.createTask.task;
  world = { groupId: group.id, groupNodeId: group.nodeId, thingId: thing.id, thingNodeId: thing.nodeId, deviceId: device.id, taskId: task.id };
});
afterAll(async () => {
  await server?.close();
});

/** Runs an operation as a role; true when it did what was asked. */
type Operation = (role: Role) => Promise<boolean>;
const ok = (r: any, path: (data: any) => unknown) => !r.errors && r.data != null && path(r.data) != null && path(r.data) !== false;

const OPERATIONS: Record<string, { run: Operation; allowed: Role[] }> = {
  "see the private thing": {
    run: async (role) => ok(await gql(server.url, `query Q($id: UUID!) { thingById(id: $id) { id } }`, { id: world.thingId }, tokens[role]), (d) => d.thingById),
    allowed: ["member", "collaborator", "owner", "admin"],
  },
  "list the private thing": {
    run: async (role) => {
      const r = await gql(server.url, `query { allThings { nodes { id } } }`, {}, tokens[role]);
      return (r.data?.allThings?.nodes ?? []).some((n: any) => n.id === world.thingId);
    },
    allowed: ["member", "collaborator", "owner", "admin"],
  },
  "edit the thing": {
    run: async (role) => ok(await gql(server.url, `mutation U($n: ID!) { updateThing(input: { nodeId: $n, thingPatch: { description: "edited" } }) { thing { id } } }`, { n: world.thingNodeId }, tokens[role]), (d) => d.updateThing?.thing),
    allowed: ["owner", "admin"],
  },
  "delete a thing": {
    run: async (role) => {
      const id = await freshThing();
      return ok(await gql(server.url, `mutation X($id: UUID!) { deleteThingById(input: { id: $id }) { deletedThingId } }`, { id }, tokens[role]), (d) => d.deleteThingById);
    },
    allowed: ["owner", "admin"],
  },
  "record an action": {
    run: async (role) => ok(await gql(server.url, `mutation A($t: UUID!) { createAction(input: { action: { thingId: $t, type: UPKEEP, comments: "matrix" } }) { action { id } } }`, { t: world.thingId }, tokens[role]), (d) => d.createAction?.action),
    allowed: ["collaborator", "owner", "admin"],
  },
  "invite someone to the thing": {
    run: async (role) => ok(await gql(server.url, `mutation I($t: UUID!, $e: String!) { inviteToThingAccess(input: { thingId: $t, email: $e }) { thingAccessInvitation { id } } }`, { t: world.thingId, e: `friend.${role}@example.com` }, tokens[role]), (d) => d.inviteToThingAccess?.thingAccessInvitation),
    allowed: ["owner", "admin"],
  },
  "see who has access to the thing": {
    run: async (role) => {
      const r = await gql(server.url, `query Q($id: UUID!) { allThingAccesses(condition: { thingId: $id }) { nodes { id } } }`, { id: world.thingId }, tokens[role]);
      return (r.data?.allThingAccesses?.nodes ?? []).length > 0;
    },
    allowed: ["member", "collaborator", "owner", "admin"],
  },
  "see the private device": {
    run: async (role) => ok(await gql(server.url, `query Q($id: UUID!) { deviceById(id: $id) { id } }`, { id: world.deviceId }, tokens[role]), (d) => d.deviceById),
    allowed: ["owner", "admin"],
  },
  "edit the device": {
    run: async (role) => ok(await gql(server.url, `mutation U($id: UUID!) { updateDeviceById(input: { id: $id, devicePatch: { name: "Matrix probe 2" } }) { device { id } } }`, { id: world.deviceId }, tokens[role]), (d) => d.updateDeviceById?.device),
    allowed: ["owner", "admin"],
  },
  "read the thing's readings": {
    run: async (role) => {
      const r = await gql(server.url, `query R($t: UUID!) { allSensorData(thingId: $t) { nodes { id } } }`, { t: world.thingId }, tokens[role]);
      return (r.data?.allSensorData?.nodes ?? []).length > 0;
    },
    allowed: ["member", "collaborator", "owner", "admin"],
  },
  "edit the group": {
    run: async (role) => ok(await gql(server.url, `mutation U($n: ID!) { updateGroup(input: { nodeId: $n, groupPatch: { description: "edited" } }) { group { id } } }`, { n: world.groupNodeId }, tokens[role]), (d) => d.updateGroup?.group),
    allowed: ["owner", "admin"],
  },
  "invite someone to the group": {
    run: async (role) => ok(await gql(server.url, `mutation I($g: UUID!, $e: String!) { inviteToGroupMembership(input: { groupId: $g, email: $e }) { groupMembershipInvitation { id } } }`, { g: world.groupId, e: `pal.${role}@example.com` }, tokens[role]), (d) => d.inviteToGroupMembership?.groupMembershipInvitation),
    allowed: ["owner", "admin"],
  },
  "plan a task on the thing": {
    run: async (role) => ok(await gql(server.url, `mutation K($t: UUID!) { createTask(input: { task: { thingId: $t, actionType: UPKEEP, title: "Matrix plan", status: NOT_STARTED, priority: LOW } }) { task { id } } }`, { t: world.thingId }, tokens[role]), (d) => d.createTask?.task),
    allowed: ["member", "collaborator", "owner", "admin"],
  },
  "see the thing's task": {
    run: async (role) => ok(await gql(server.url, `query Q($id: UUID!) { taskById(id: $id) { id } }`, { id: world.taskId }, tokens[role]), (d) => d.taskById),
    allowed: ["member", "collaborator", "owner", "admin"],
  },
  "read the owner's e-mail addresses": {
    run: async (role) => {
      const r = await gql(server.url, `query Q($u: UUID!) { allUserEmails(condition: { userId: $u }) { nodes { id } } }`, { u: ids.owner }, tokens[role]);
      return (r.data?.allUserEmails?.nodes ?? []).length > 0;
    },
    allowed: ["owner", "admin"],
  },
  "edit the owner's profile": {
    run: async (role) => ok(await gql(server.url, `mutation U($id: UUID!) { updateUserById(input: { id: $id, userPatch: { notificationDaily: true } }) { user { id } } }`, { id: ids.owner }, tokens[role]), (d) => d.updateUserById?.user),
    allowed: ["owner", "admin"],
  },
  "see a user's profile": {
    run: async (role) => ok(await gql(server.url, `query Q($id: UUID!) { userById(id: $id) { id } }`, { id: ids.owner }, tokens[role]), (d) => d.userById),
    allowed: ["stranger", "member", "collaborator", "owner", "admin"],
  },
  "list all users": {
    run: async (role) => {
      const r = await gql(server.url, `query { allUsers { nodes { id } } }`, {}, tokens[role]);
      return (r.data?.allUsers?.nodes ?? []).length > 0;
    },
    allowed: ["admin"],
  },
  "create a user": {
    run: async (role) => ok(await gql(server.url, `mutation N($u: String!, $e: String!) { newUser(input: { name: "Made Person", username: $u, email: $e }) { user { id } } }`, { u: `made${role}${Date.now() % 100000}`, e: `made.${role}.${Date.now()}@example.com` }, tokens[role]), (d) => d.newUser?.user),
    allowed: ["admin"],
  },
  "read navigation analytics": {
    run: async (role) => ok(await gql(server.url, `query { getNavigationAnalytics }`, {}, tokens[role]), (d) => d.getNavigationAnalytics),
    allowed: ["admin"],
  },
  "read everyone's feedback": {
    run: async (role) => {
      await gql(server.url, `mutation { createFeedback(input: { feedback: { subject: "Matrix", message: "From the owner" } }) { feedback { id } } }`, {}, tokens.owner);
      const r = await gql(server.url, `query { allFeedbacks { nodes { userId } } }`, {}, tokens[role]);
      return (r.data?.allFeedbacks?.nodes ?? []).some((f: any) => f.userId === ids.owner);
    },
    allowed: ["owner", "admin"],
  },
};

describe("permission matrix", () => {
  const cases = Object.entries(OPERATIONS).flatMap(([name, op]) =>
    ROLES.map((role) => [name, role, op.allowed.includes(role)] as const));
  it.each(cases)("%s as %s: allowed = %s", async (name, role, expected) => {
    expect(await OPERATIONS[name].run(role)).toBe(expected);
  });
});
