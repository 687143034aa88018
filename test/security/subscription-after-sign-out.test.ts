// Security review (issue #20), finding 4: a notificationAdded subscription kept delivering after
// its session was signed out (the websocket's token is checked once, when it connects), and so
// did thingUpdated on a private thing. Subscriptions now end with their session: when it is
// signed out the subscription completes and nothing more is delivered; a subscription asked for
// with a signed-out token completes at once. Other people's subscriptions carry on.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { createClient, type Client } from "graphql-ws";
import { startTestServer, gql, signUp, raiseNotification } from "../../server/test/harness.ts";
import { pokeUntilHeard } from "../until-heard.ts";

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

/** Polls `check` until it holds or `ms` have passed; answers whether it holds. */
async function until(check: () => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  return check();
}

interface Listener {
  client: Client;
  events: any[];
  completed: boolean;
  errors: unknown[];
}
function listen(token: string, query: string, variables: Record<string, unknown> = {}): Listener {
  const client = createClient({
    url: server.url.replace("http", "ws") + "/graphql",
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    connectionParams: { authorization: `Bearer ${token}` },
  });
  const listener: Listener = { client, events: [], completed: false, errors: [] };
  client.subscribe(
    { query, variables },
    {
      next: (v) => listener.events.push(v),
      error: (e) => listener.errors.push(e),
      complete: () => (listener.completed = true),
    },
  );
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
    const taskId = (
      await gql(
        server.url,
        CREATE,
        { task: { thingId, actionType: "WATERING", title: `Live task ${n}`, status: "NOT_STARTED", priority: "NORMAL" } },
        owner.token,
      )
    ).data.createTask.task.id;
    const r = await gql(server.url, ASSIGN, { taskId, userId }, owner.token);
    if (r.errors) throw new Error(JSON.stringify(r.errors));
  };
  return { owner, thingId, join, assign };
}

// Raised straight in the database to learn that a subscription listens (see pokeUntilHeard).
const READY = "Listening";
const titles = (l: Listener) => l.events.map((e) => e.data?.notificationAdded?.notification?.title).filter((t) => t !== READY);
const listening = (l: Listener, userId: string) =>
  pokeUntilHeard(
    () => raiseNotification(server.databaseUrl, userId, READY),
    () => l.events.length > 0,
    "the subscription to listen",
  );

describe("notificationAdded", () => {
  it("completes when its session is signed out and delivers nothing after; another user's keeps going", async () => {
    const { join, assign } = await arrange();
    const alice = await join();
    const bob = await join();
    const mine = listen(alice.token, NOTICES);
    const theirs = listen(bob.token, NOTICES);
    try {
      await listening(mine, alice.id);
      await listening(theirs, bob.id);
      await assign(alice.id);
      expect(await until(() => titles(mine).length === 1)).toBe(true);

      expect((await gql(server.url, SIGN_OUT, {}, alice.token)).data.signOut.success).toBe(true);
      expect(await until(() => mine.completed)).toBe(true);
      const seen = mine.events.length;

      // Bob's notification is the barrier: both reach the server over its one LISTEN connection,
      // in commit order, so one for Alice would have been handled before Bob's arrives.
      await assign(alice.id);
      await assign(bob.id);
      expect(await until(() => titles(theirs).length === 1)).toBe(true);
      expect(mine.events).toHaveLength(seen);
      expect(theirs.completed).toBe(false);
    } finally {
      await mine.client.dispose();
      await theirs.client.dispose();
    }
  });

  it("asked for with a signed-out token, completes at once and delivers nothing", async () => {
    const { join, assign } = await arrange();
    const alice = await join();
    const bob = await join();
    const theirs = listen(bob.token, NOTICES);
    await gql(server.url, SIGN_OUT, {}, alice.token);
    const late = listen(alice.token, NOTICES);
    try {
      expect(await until(() => late.completed || late.errors.length > 0)).toBe(true);
      await listening(theirs, bob.id);
      // As above, Bob's notification, raised after Alice's, is the barrier.
      await assign(alice.id);
      await assign(bob.id);
      expect(await until(() => titles(theirs).length === 1)).toBe(true);
      expect(late.events).toEqual([]);
    } finally {
      await late.client.dispose();
      await theirs.client.dispose();
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
      await pokeUntilHeard(
        () => gql(server.url, RENAME, { id: thingId, name: "Live Planter Two" }, owner.token),
        () => mine.events.length >= 1 && theirs.events.length >= 1,
        "both subscriptions to hear a rename",
      );

      await gql(server.url, SIGN_OUT, {}, alice.token);
      expect(await until(() => mine.completed)).toBe(true);
      const seen = mine.events.length;

      // Bob's event for the same change is the barrier: by then Alice's would have come too.
      const before = theirs.events.length;
      await gql(server.url, RENAME, { id: thingId, name: "Live Planter Three" }, owner.token);
      expect(
        await until(() => theirs.events.some((e, i) => i >= before && e.data?.thingUpdated?.thing?.name === "Live Planter Three")),
      ).toBe(true);
      expect(mine.events).toHaveLength(seen);
    } finally {
      await mine.client.dispose();
      await theirs.client.dispose();
    }
  });
});
