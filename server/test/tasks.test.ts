// Tasks and assignments over real HTTP (issue 7): who may plan, assignees, ordering, notices.
import { describe, it, expect, beforeAll, afterAll, vi } from "vitest";
import { createClient } from "graphql-ws";
import { startTestServer, gql, signUp, queuedEmail, makeAdmin, raiseNotification } from "./harness.ts";
import { pokeUntilHeard } from "../../test/until-heard.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const GROUP = `mutation { createGroup(input: { name: "Task Growers", type: GROWER, isPublic: true }) { group { id } } }`;
const JOIN = `mutation J($g: UUID!) { changeGroupMembership(input: { groupId: $g, join: true }) { group { id } } }`;
const THING = `mutation T($g: UUID!, $isPublic: Boolean!) { createThing(input: { groupId: $g, name: "Task Planter", type: PLANTER, location: { x: 51.4, y: -0.9 }, isPublic: $isPublic }) { thing { id } } }`;
const CREATE = `mutation CreateTask($task: TaskInput!) { createTask(input: { task: $task }) { task { id title status priority dueDate createdBy canEdit } } }`;
const UPDATE = `mutation UpdateTaskById($id: UUID!, $patch: TaskPatch!) { updateTaskById(input: { id: $id, taskPatch: $patch }) { task { id title status completedAt } } }`;
const DELETE = `mutation DeleteTaskById($id: UUID!) { deleteTaskById(input: { id: $id }) { deletedTaskId } }`;
const ASSIGN = `mutation Assign($taskId: UUID!, $userId: UUID!) { createTaskAssignment(input: { taskAssignment: { taskId: $taskId, assignedTo: $userId } }) { taskAssignment { id assignedTo assignedAt } } }`;
const ALL = `query AllTasks { allTasks(orderBy: [DUE_DATE_ASC, PRIORITY_DESC]) { nodes { id title dueDate isOverdue } } }`;
const TASK = `query TaskById($id: UUID!) { taskById(id: $id) { id title taskAssignmentsByTaskId { nodes { assignedTo } } } }`;
const NOTES = `query { allNotifications(orderBy: CREATED_AT_DESC) { nodes { kind title linkPath readAt } } }`;
const ME = `query { currentUser { id } }`;

async function myId(token: string) {
  return (await gql(server.url, ME, {}, token)).data.currentUser.id as string;
}
async function arrange(isPublic = true) {
  const owner = await signUp(server.url);
  const groupId = (await gql(server.url, GROUP, {}, owner.token)).data.createGroup.group.id;
  const thingId = (await gql(server.url, THING, { g: groupId, isPublic }, owner.token)).data.createThing.thing.id;
  return { owner, groupId, thingId };
}
const task = (thingId: string, extra: Record<string, unknown> = {}) => ({
  thingId,
  actionType: "WATERING",
  title: "Water the planter",
  status: "NOT_STARTED",
  priority: "NORMAL",
  ...extra,
});

describe("planning tasks", () => {
  it("owners and group members create tasks; strangers and guests cannot", async () => {
    const { owner, groupId, thingId } = await arrange();
    const member = await signUp(server.url);
    const stranger = await signUp(server.url);
    await gql(server.url, JOIN, { g: groupId }, member.token);
    const byOwner = await gql(server.url, CREATE, { task: task(thingId) }, owner.token);
    expect(byOwner.data.createTask.task).toMatchObject({
      title: "Water the planter",
      status: "NOT_STARTED",
      createdBy: await myId(owner.token),
      canEdit: true,
    });
    expect((await gql(server.url, CREATE, { task: task(thingId, { title: "Pick litter" }) }, member.token)).errors).toBeUndefined();
    expect((await gql(server.url, CREATE, { task: task(thingId) }, stranger.token)).errors?.length).toBeGreaterThan(0);
    expect((await gql(server.url, CREATE, { task: task(thingId) })).errors?.length).toBeGreaterThan(0);
  });

  it("refuses a bad title with a clear message", async () => {
    const { owner, thingId } = await arrange();
    expect((await gql(server.url, CREATE, { task: task(thingId, { title: "ab" }) }, owner.token)).errors?.[0].message).toBe(
      "Title must be between 3 and 255 characters",
    );
    expect((await gql(server.url, CREATE, { task: task(thingId, { title: "   " }) }, owner.token)).errors?.[0].message).toBe(
      "Title is required",
    );
  });

  it("lists tasks by due date, flags overdue ones, and hides other people's tasks", async () => {
    const { owner, thingId } = await arrange();
    const stranger = await signUp(server.url);
    const later = await gql(server.url, CREATE, { task: task(thingId, { title: "Later task", dueDate: "2099-01-01" }) }, owner.token);
    const overdue = await gql(server.url, CREATE, { task: task(thingId, { title: "Overdue task", dueDate: "2020-01-01" }) }, owner.token);
    const list = (await gql(server.url, ALL, {}, owner.token)).data.allTasks.nodes;
    const ids = list.map((t: any) => t.id);
    expect(ids.indexOf(overdue.data.createTask.task.id)).toBeLessThan(ids.indexOf(later.data.createTask.task.id));
    expect(list.find((t: any) => t.title === "Overdue task").isOverdue).toBe(true);
    expect(list.find((t: any) => t.title === "Later task").isOverdue).toBe(false);
    expect((await gql(server.url, ALL, {}, stranger.token)).data.allTasks.nodes).toEqual([]);
  });

  it("completing stamps completedAt; reopening clears it", async () => {
    const { owner, thingId } = await arrange();
    const id = (await gql(server.url, CREATE, { task: task(thingId) }, owner.token)).data.createTask.task.id;
    const done = await gql(server.url, UPDATE, { id, patch: { status: "COMPLETED" } }, owner.token);
    expect(done.data.updateTaskById.task.completedAt).toBeTruthy();
    const reopened = await gql(server.url, UPDATE, { id, patch: { status: "IN_PROGRESS" } }, owner.token);
    expect(reopened.data.updateTaskById.task.completedAt).toBeNull();
  });

  it("the creator or the thing's owner deletes a task; a member who did not create it cannot", async () => {
    const { owner, groupId, thingId } = await arrange();
    const member = await signUp(server.url);
    await gql(server.url, JOIN, { g: groupId }, member.token);
    const id = (await gql(server.url, CREATE, { task: task(thingId) }, owner.token)).data.createTask.task.id;
    expect((await gql(server.url, DELETE, { id }, member.token)).errors?.[0].extensions.code).toBe("NTFND");
    expect((await gql(server.url, DELETE, { id }, owner.token)).errors).toBeUndefined();
  });
});

describe("assignments", () => {
  it("assigning notifies the assignee in the app and by e-mail; they see the task and may change its status only", async () => {
    const { owner, groupId, thingId } = await arrange();
    const helper = await signUp(server.url);
    await gql(server.url, JOIN, { g: groupId }, helper.token);
    const id = (await gql(server.url, CREATE, { task: task(thingId, { dueDate: "2099-06-01" }) }, owner.token)).data.createTask.task.id;
    const assigned = await gql(server.url, ASSIGN, { taskId: id, userId: await myId(helper.token) }, owner.token);
    expect(assigned.errors).toBeUndefined();
    const notes = (await gql(server.url, NOTES, {}, helper.token)).data.allNotifications.nodes;
    expect(notes[0]).toMatchObject({ kind: "task_assigned", title: "Task assigned: Water the planter", linkPath: "/tasks", readAt: null });
    const mail = await queuedEmail(server.databaseUrl, helper.email, "notification");
    expect(mail.variables.title).toBe("Task assigned: Water the planter");
    expect(mail.variables.body).toMatch(/asked you to water at Task Planter by \w+ \d+ June: Water the planter/);
    // Only people who plan on the thing can be assigned; one who has left the group since stays
    // the assignee, and as such may only move the task along.
    await gql(
      server.url,
      `mutation L($g: UUID!) { changeGroupMembership(input: { groupId: $g, join: false }) { group { id } } }`,
      { g: groupId },
      helper.token,
    );
    expect((await gql(server.url, TASK, { id }, helper.token)).data.taskById.id).toBe(id);
    expect((await gql(server.url, UPDATE, { id, patch: { status: "IN_PROGRESS" } }, helper.token)).data.updateTaskById.task.status).toBe(
      "IN_PROGRESS",
    );
    expect((await gql(server.url, UPDATE, { id, patch: { title: "Renamed by helper" } }, helper.token)).errors?.[0].extensions.code).toBe(
      "DNIED",
    );
  });

  it("cannot assign someone who cannot see the task (answered as an unknown user); strangers cannot assign", async () => {
    const { owner, thingId } = await arrange(false);
    const outsider = await signUp(server.url);
    const id = (await gql(server.url, CREATE, { task: task(thingId) }, owner.token)).data.createTask.task.id;
    const r = await gql(server.url, ASSIGN, { taskId: id, userId: await myId(outsider.token) }, owner.token);
    expect(r.errors?.[0]).toMatchObject({ message: "The user it refers to does not exist", extensions: { code: "NTFND" } });
    const other = await signUp(server.url);
    expect((await gql(server.url, ASSIGN, { taskId: id, userId: await myId(other.token) }, outsider.token)).errors?.length).toBeGreaterThan(
      0,
    );
  });

  it("admins may plan on any thing", async () => {
    const { thingId } = await arrange(false);
    const admin = await makeAdmin(server.url, server.databaseUrl, await signUp(server.url));
    expect((await gql(server.url, CREATE, { task: task(thingId) }, admin.token)).errors).toBeUndefined();
  });

  it("a new notification reaches the assignee's open page live, and nobody else's", async () => {
    const { owner, groupId, thingId } = await arrange();
    const helper = await signUp(server.url);
    await gql(server.url, JOIN, { g: groupId }, helper.token);
    const id = (await gql(server.url, CREATE, { task: task(thingId, { title: "Live notice task" }) }, owner.token)).data.createTask.task.id;
    const listen = (token: string) => {
      const client = createClient({
        url: server.url.replace("http", "ws") + "/graphql",
        webSocketImpl: WebSocket,
        retryAttempts: 0,
        connectionParams: { authorization: `Bearer ${token}` },
      });
      const events: any[] = [];
      client.subscribe(
        { query: "subscription { notificationAdded { event notification { title } } }" },
        { next: (v) => events.push(v), error: () => {}, complete: () => {} },
      );
      return { client, events };
    };
    const mine = listen(helper.token);
    const theirs = listen(owner.token);
    const [helperId, ownerId] = [await myId(helper.token), await myId(owner.token)];
    const titles = (l: { events: any[] }) => l.events.map((e) => e.data?.notificationAdded?.notification?.title);
    try {
      // Both listen once a notification raised for each is heard.
      await pokeUntilHeard(
        () => raiseNotification(server.databaseUrl, helperId, "Ready"),
        () => titles(mine).includes("Ready"),
        "the helper's subscription",
      );
      await pokeUntilHeard(
        () => raiseNotification(server.databaseUrl, ownerId, "Ready"),
        () => titles(theirs).includes("Ready"),
        "the owner's subscription",
      );
      // (A poke heard late may still bring another "Ready": those are left out below.)
      const theirsBefore = theirs.events.length;
      await gql(server.url, ASSIGN, { taskId: id, userId: helperId }, owner.token);
      await vi.waitFor(() => expect(titles(mine).filter((t) => t !== "Ready")).toHaveLength(1), { timeout: 15_000, interval: 50 });
      expect(mine.events.find((e) => e.data.notificationAdded.notification.title !== "Ready").data.notificationAdded).toEqual({
        event: "notification",
        notification: { title: "Task assigned: Live notice task" },
      });
      // A barrier on the owner's own stream: raised after the assignment, so had the assignee's
      // notification reached the owner, it would have come before this one.
      await raiseNotification(server.databaseUrl, ownerId, "Barrier");
      await vi.waitFor(() => expect(titles(theirs)).toContain("Barrier"), { timeout: 15_000, interval: 50 });
      expect(
        titles(theirs)
          .slice(theirsBefore)
          .filter((t) => t !== "Ready"),
      ).toEqual(["Barrier"]);
    } finally {
      await mine.client.dispose();
      await theirs.client.dispose();
    }
  });

  it("notifications can be marked read", async () => {
    const { owner, groupId, thingId } = await arrange();
    const helper = await signUp(server.url);
    await gql(server.url, JOIN, { g: groupId }, helper.token);
    const id = (await gql(server.url, CREATE, { task: task(thingId) }, owner.token)).data.createTask.task.id;
    await gql(server.url, ASSIGN, { taskId: id, userId: await myId(helper.token) }, owner.token);
    const r = await gql(server.url, `mutation { markAllNotificationsRead(input: {}) { integer } }`, {}, helper.token);
    expect(r.data.markAllNotificationsRead.integer).toBe(1);
    expect((await gql(server.url, NOTES, {}, helper.token)).data.allNotifications.nodes[0].readAt).toBeTruthy();
    expect((await gql(server.url, NOTES, {}, owner.token)).data.allNotifications.nodes).toEqual([]);
  });
});
