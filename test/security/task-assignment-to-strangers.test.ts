// Security review (issue #20), finding 1: assigning a task e-mailed any user id. Only people who
// may see the task (the thing's owners and collaborators, the members of its group) can be
// assigned; anyone else gets the answer an id that names nobody gets (NTFND), so an assignment
// tells nothing about who exists, and nobody outside is notified or e-mailed.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { randomUUID } from "node:crypto";
import { startTestServer, gql, signUp, countQueuedEmails } from "../../server/test/harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const GROUP = `mutation { createGroup(input: { name: "Assign Growers", type: GROWER, isPublic: true }) { group { id } } }`;
const JOIN = `mutation J($g: UUID!) { changeGroupMembership(input: { groupId: $g, join: true }) { group { id } } }`;
const THING = `mutation T($g: UUID!, $isPublic: Boolean!) { createThing(input: { groupId: $g, name: "Assign Planter", type: PLANTER, location: { x: 51.4, y: -0.9 }, isPublic: $isPublic }) { thing { id } } }`;
const COLLABORATE = `mutation C($t: UUID!) { collaborateThingAccess(input: { thingId: $t }) { thingAccess { id } } }`;
const CREATE = `mutation CreateTask($task: TaskInput!) { createTask(input: { task: $task }) { task { id } } }`;
const ASSIGN = `mutation Assign($taskId: UUID!, $userId: UUID!) { createTaskAssignment(input: { taskAssignment: { taskId: $taskId, assignedTo: $userId } }) { taskAssignment { id assignedTo } } }`;
const NOTES = `query { allNotifications { nodes { kind } } }`;
const ME = `query { currentUser { id } }`;

const myId = async (token: string) => (await gql(server.url, ME, {}, token)).data.currentUser.id as string;

async function arrange(isPublic: boolean) {
  const owner = await signUp(server.url);
  const groupId = (await gql(server.url, GROUP, {}, owner.token)).data.createGroup.group.id;
  const thingId = (await gql(server.url, THING, { g: groupId, isPublic }, owner.token)).data.createThing.thing.id;
  const taskId = (
    await gql(
      server.url,
      CREATE,
      { task: { thingId, actionType: "WATERING", title: "Water it", status: "NOT_STARTED", priority: "NORMAL" } },
      owner.token,
    )
  ).data.createTask.task.id;
  return { owner, groupId, thingId, taskId };
}

describe("assigning a task to someone who cannot see it", () => {
  for (const isPublic of [true, false]) {
    it(`is refused as if the user did not exist, and nobody is notified (${isPublic ? "public" : "private"} thing)`, async () => {
      const { owner, taskId } = await arrange(isPublic);
      const stranger = await signUp(server.url);
      const strangerId = await myId(stranger.token);

      const refused = await gql(server.url, ASSIGN, { taskId, userId: strangerId }, owner.token);
      const nobody = await gql(server.url, ASSIGN, { taskId, userId: randomUUID() }, owner.token);
      expect(nobody.errors?.[0]).toMatchObject({ extensions: { code: "NTFND" } });
      // The same answer, word for word: no way to tell a stranger from an id that names nobody.
      expect(refused.data?.createTaskAssignment ?? null).toBeNull();
      expect(refused.errors?.[0]).toEqual(nobody.errors?.[0]);

      expect(await countQueuedEmails(server.databaseUrl, stranger.email, "notification")).toBe(0);
      expect((await gql(server.url, NOTES, {}, stranger.token)).data.allNotifications.nodes).toEqual([]);
    });
  }
});

describe("assigning a task to someone who can see it", () => {
  it("a member of the thing's group is assigned and notified by e-mail", async () => {
    const { owner, groupId, taskId } = await arrange(false);
    const member = await signUp(server.url);
    await gql(server.url, JOIN, { g: groupId }, member.token);
    const r = await gql(server.url, ASSIGN, { taskId, userId: await myId(member.token) }, owner.token);
    expect(r.errors).toBeUndefined();
    expect(await countQueuedEmails(server.databaseUrl, member.email, "notification")).toBe(1);
  });

  it("a collaborator on the thing is assigned and notified by e-mail", async () => {
    const { owner, thingId, taskId } = await arrange(true);
    const collaborator = await signUp(server.url);
    expect((await gql(server.url, COLLABORATE, { t: thingId }, collaborator.token)).errors).toBeUndefined();
    const r = await gql(server.url, ASSIGN, { taskId, userId: await myId(collaborator.token) }, owner.token);
    expect(r.errors).toBeUndefined();
    expect(await countQueuedEmails(server.databaseUrl, collaborator.email, "notification")).toBe(1);
  });

  it("the planner may take the task on themselves", async () => {
    const { owner, taskId } = await arrange(false);
    const r = await gql(server.url, ASSIGN, { taskId, userId: await myId(owner.token) }, owner.token);
    expect(r.errors).toBeUndefined();
  });
});
