// Security review (issue #20), finding 4: a notificationAdded subscription kept delivering after
// its session was signed out (the websocket's token is checked once, when it connects), and so
// did thingUpdated on a private thing. Subscriptions now end with their session: when it is
// signed out the subscription completes and nothing more is delivered; a subscription asked for
// with a signed-out token completes at once. Other people's subscriptions carry on.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { createClient, type Client } from "graphql-ws";
import { startTestServer, gql, signUp } from "../../server/test/harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const GROUP = `mutation { createGroup(input: { name: "Live Growers", type: GROWER, isPublic: true }) { group { id } } }`;
const JOIN = `mutation J($g: UUID!) { changeGroupMembership(input: { groupId: $g, join: true }) { group { id } } }`;
const THING = `mutation T($g: UUID!) { createThing(input: { groupId: $g, name: "Live Planter", type: PLANTER, location: { x: 51.4, y: -0.9 }, isPublic: false }) { thing { id } } }`;
const RENAME = `mutation R($id: UUID!, $name: String!) { updateThingById(input: { id: $id, thingPatch: { name: $name } }) { thing { id } } }`;
const CREATE = `mutation CreateTask($task: TaskInput!) { createTask(input: { task: $task }) { task { id } } }`;
const ASSIGN = `mutation Assign($taskId: UUID!, $userId: UUID!) { createTaskAssignment(input: { taskAssignment: { taskId: $taskId, assignedTo: $userId } }) { taskAssignment { id } } }`;
const SIGN_OUT = `mutation SignOut { signOut(input: {}) { success } }`;
const ME = `query { currentUser { id } }`;
const NOTICES = `subscription { notificationAdded { event notification { title } } }`;
const THING_UPDATES = `subscription T($id: UUID!) { thingUpdated(id: $id) { event thing { name } } }`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await sleep(25);
  return check();
}

interface Listener { client: Client; events: any[]; completed: boolean; errors: unknown[] }
function listen(token: string, query: string, variables: Record<string, unknown> = {}): Listener {
  const client = createClient({ url: server.url.replace("http", "ws") + "/graphql", webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { authorization: `Bearer ${token}` } });
  const listener: Listener = { client, events: [], completed: false, errors: [] };
  client.subscribe({ query, variables }, {
    next: (v) => listener.events.push(v),
    error: (e) => listener.errors.push(e),
    complete: () => (listener.completed = true),
  });
  return listener;
}

async function arrange() {
  const owner = await signUp(server.url);
  const groupId = (await gql(server.url, GROUP, {}, owner.token)).data.createGroup.group.id;
  const thingId = (await gql(server.url, THING, { g: groupId }, owner.token)).data.createThing.thing.id;
  const join = async () => {
    const user = await signUp(server.url);
    await gql(server.url, JOIN, { g: groupId }, user.token);
    return { ...user, id: (await gql(server.url, ME, {}, user.token)).data.currentUser.id as string };
  };
  let n = 0;
  const assign = async (userId: string) => {
    n += 1;
    const taskId = (await gql(server.url, CREATE, { task: { thingId, actionType: "WATERING", title: `Live task ${n}`, status: "NOT_STARTED", priority: "NORMAL" } }, owner.token)).data.createTask.task.id;
    const r = await gql(server.url, ASSIGN, { taskId, userId }, owner.token);
    if (r.errors) throw new Error(JSON.stringify(r.errors));
  };
  return { owner, thingId, join, assign };
}

describe("notificationAdded", () => {
  it("completes when its session is signed out and delivers nothing after; another user's keeps going", async () => {
    const { join, assign } = await arrange();
    const alice = await join();
    const bob = await join();
    const mine = listen(alice.token, NOTICES);
    const theirs = listen(bob.token, NOTICES);
    try {
      await sleep(400);
      await assign(alice.id);
      expect(await until(() => mine.events.length === 1)).toBe(true);

      expect((await gql(server.url, SIGN_OUT, {}, alice.token)).data.signOut.success).toBe(true);
      expect(await until(() => mine.completed)).toBe(true);

      await assign(alice.id);
      await assign(bob.id);
      expect(await until(() => theirs.events.length === 1)).toBe(true);
      await sleep(300);
      expect(mine.events).toHaveLength(1);
      expect(theirs.completed).toBe(false);
    } finally {
      await mine.client.dispose();
      await theirs.client.dispose();
    }
  });

  it("asked for with a signed-out token, completes at once and delivers nothing", async () => {
    const { join, assign } = await arrange();
    const alice = await join();
    await gql(server.url, SIGN_OUT, {}, alice.token);
    const late = listen(alice.token, NOTICES);
    try {
      expect(await until(() => late.completed || late.errors.length > 0)).toBe(true);
      await assign(alice.id);
      await sleep(500);
      expect(late.events).toEqual([]);
    } finally {
      await late.client.dispose();
    }
  });
});

describe("thingUpdated on a private thing", () => {
  it("completes when its session is signed out and delivers nothing after; another member's keeps going", async () => {
    const { owner, thingId, join } = await arrange();
    const alice = await join();
    const bob = await join();
    const mine = listen(alice.token, THING_UPDATES, { id: thingId });
    const theirs = listen(bob.token, THING_UPDATES, { id: thingId });
    try {
      await sleep(400);
      await gql(server.url, RENAME, { id: thingId, name: "Live Planter Two" }, owner.token);
      expect(await until(() => mine.events.length >= 1 && theirs.events.length >= 1)).toBe(true);
      const seen = mine.events.length;

      await gql(server.url, SIGN_OUT, {}, alice.token);
      expect(await until(() => mine.completed)).toBe(true);

      const before = theirs.events.length;
      await gql(server.url, RENAME, { id: thingId, name: "Live Planter Three" }, owner.token);
      expect(await until(() => theirs.events.length > before)).toBe(true);
      await sleep(300);
      expect(mine.events).toHaveLength(seen);
    } finally {
      await mine.client.dispose();
      await theirs.client.dispose();
    }
  });
});
