// Security review (issue #20), finding 1: a planner could have the server e-mail people without
// limit (one notice per task assignment). Notice e-mails a user causes to be sent to someone else
// are limited per sender (30 an hour), counted in PostgreSQL, so the limit holds across server
// processes; past it the assignment is refused with RATEL and a clear message, and nothing is
// written or sent.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestServer, gql, signUp, withOwner, countQueuedEmails } from "../../server/test/harness.ts";

let a: Awaited<ReturnType<typeof startTestServer>>;
let b: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  // Two server processes' worth of API against one database: the count must be shared.
  a = await startTestServer();
  b = await startTestServer();
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

const LIMIT = 30;
const GROUP = `mutation { createGroup(input: { name: "Rota Growers", type: GROWER, isPublic: true }) { group { id } } }`;
const JOIN = `mutation J($g: UUID!) { changeGroupMembership(input: { groupId: $g, join: true }) { group { id } } }`;
const THING = `mutation T($g: UUID!) { createThing(input: { groupId: $g, name: "Rota Planter", type: PLANTER, location: { x: 51.4, y: -0.9 }, isPublic: true }) { thing { id } } }`;
const CREATE = `mutation CreateTask($task: TaskInput!) { createTask(input: { task: $task }) { task { id } } }`;
const ASSIGN = `mutation Assign($taskId: UUID!, $userId: UUID!) { createTaskAssignment(input: { taskAssignment: { taskId: $taskId, assignedTo: $userId } }) { taskAssignment { id } } }`;
const TASK = `query TaskById($id: UUID!) { taskById(id: $id) { taskAssignmentsByTaskId { totalCount } } }`;
const ME = `query { currentUser { id } }`;

const myId = async (url: string, token: string) => (await gql(url, ME, {}, token)).data.currentUser.id as string;

async function arrange() {
  const owner = await signUp(a.url);
  const groupId = (await gql(a.url, GROUP, {}, owner.token)).data.createGroup.group.id;
  const thingId = (await gql(a.url, THING, { g: groupId }, owner.token)).data.createThing.thing.id;
  const member = await signUp(a.url);
  await gql(a.url, JOIN, { g: groupId }, member.token);
  const newTask = async (token = owner.token) =>
    (
      await gql(
        a.url,
        CREATE,
        { task: { thingId, actionType: "WATERING", title: "Rota watering", status: "NOT_STARTED", priority: "NORMAL" } },
        token,
      )
    ).data.createTask.task.id as string;
  return { owner, groupId, member, memberId: await myId(a.url, member.token), newTask };
}

describe("notice e-mails per sender", () => {
  it(`allows ${LIMIT} an hour across server processes, then refuses with RATEL and writes nothing`, async () => {
    const { owner, groupId, member, memberId, newTask } = await arrange();
    // Two recipients, so no one reaches the per-person daily cap (NOTICES_PER_DAY, 20) before the
    // sender reaches this limit.
    const second = await signUp(a.url);
    await gql(a.url, JOIN, { g: groupId }, second.token);
    const recipients = [memberId, await myId(a.url, second.token)];
    for (let i = 0; i < LIMIT; i++) {
      const server = i % 2 === 0 ? a : b;
      const r = await gql(server.url, ASSIGN, { taskId: await newTask(), userId: recipients[Math.floor(i / 2) % 2] }, owner.token);
      expect(r.errors, `assignment ${i + 1}`).toBeUndefined();
    }
    const queued = async () =>
      (await countQueuedEmails(a.databaseUrl, member.email, "notification")) +
      (await countQueuedEmails(a.databaseUrl, second.email, "notification"));
    expect(await queued()).toBe(LIMIT);

    const taskId = await newTask();
    for (const server of [a, b]) {
      const refused = await gql(server.url, ASSIGN, { taskId, userId: memberId }, owner.token);
      expect(refused.errors?.[0].extensions.code).toBe("RATEL");
      expect(refused.errors?.[0].message).toMatch(
        new RegExp(`^You can send people up to ${LIMIT} e-mail notices an hour\\. Please try again in \\d+ minutes?\\.$`),
      );
    }
    expect((await gql(a.url, TASK, { id: taskId }, owner.token)).data.taskById.taskAssignmentsByTaskId.totalCount).toBe(0);
    expect(await queued()).toBe(LIMIT);
  });

  it("counts each sender on their own, and takes on no one themselves", async () => {
    const { owner, groupId, memberId, newTask } = await arrange();
    const other = await signUp(a.url);
    await gql(a.url, JOIN, { g: groupId }, other.token);
    await withOwner(a.databaseUrl, (c) =>
      c.query(
        `insert into app_private.notice_emails (sender_id, sent_at) select u.id, now() from app_public.users u, generate_series(1, $2) where u.username = $1`,
        [owner.username, LIMIT],
      ),
    );
    expect((await gql(a.url, ASSIGN, { taskId: await newTask(), userId: memberId }, owner.token)).errors?.[0].extensions.code).toBe(
      "RATEL",
    );
    // Taking a task on oneself sends no e-mail, so it is not limited.
    expect(
      (await gql(a.url, ASSIGN, { taskId: await newTask(), userId: await myId(a.url, owner.token) }, owner.token)).errors,
    ).toBeUndefined();
    // Another planner is not held back by the first one's notices.
    expect((await gql(a.url, ASSIGN, { taskId: await newTask(other.token), userId: memberId }, other.token)).errors).toBeUndefined();
  });

  it("allows notices again once the hour has passed", async () => {
    const { owner, memberId, newTask } = await arrange();
    await withOwner(a.databaseUrl, (c) =>
      c.query(
        `insert into app_private.notice_emails (sender_id, sent_at) select u.id, now() - interval '61 minutes' from app_public.users u, generate_series(1, $2) where u.username = $1`,
        [owner.username, LIMIT],
      ),
    );
    expect((await gql(a.url, ASSIGN, { taskId: await newTask(), userId: memberId }, owner.token)).errors).toBeUndefined();
  });
});
