// Recording a care action exactly once (issue #27, offline first): recordAction with a client key
// records the action the first time and answers that same action when the key comes again (a
// queued watering sent after a lost answer), for its recorder only; it refuses what createAction
// refuses, and a refused send writes nothing.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { randomUUID } from "node:crypto";
import { startTestServer, gql, signUp, withOwner } from "./harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const CREATE_GROUP = `mutation G($name: String!) { createGroup(input: { name: $name, type: GROWER, isPublic: true }) { group { id } } }`;
const CREATE_THING = `mutation T($g: UUID!, $name: String!) {
  createThing(input: { groupId: $g, name: $name, type: TREE, location: { x: 51.45, y: -0.97 }, isPublic: true }) { thing { id } }
}`;
const RECORD = `mutation R($t: UUID, $type: ActionType, $key: UUID, $litres: Float, $comments: String) {
  recordAction(input: { thingId: $t, type: $type, comments: $comments, clientKey: $key, litres: $litres }) {
    action { id type litres comments thingByThingId { id litresTotal } }
  }
}`;

async function ownerWithThing(prefix: string) {
  const owner = await signUp(server.url);
  const g = (await gql(server.url, CREATE_GROUP, { name: `${prefix} Growers ${randomUUID().slice(0, 6)}` }, owner.token)).data.createGroup
    .group.id;
  const thing = (await gql(server.url, CREATE_THING, { g, name: `${prefix} Oak` }, owner.token)).data.createThing.thing.id as string;
  return { owner, thing };
}

async function waterings(thingId: string): Promise<{ id: string; client_key: string | null; litres: number | null }[]> {
  return withOwner(
    server.databaseUrl,
    async (c) =>
      (
        await c.query(
          `select id, client_key, litres from app_public.actions where thing_id = $1 and type = 'WATERING' order by created_at`,
          [thingId],
        )
      ).rows,
  );
}

const watering = (t: string, key: string | null, litres: number | null = 10) => ({
  t,
  type: "WATERING",
  key,
  litres,
  comments: "Watered offline",
});

describe("recordAction: one action per client key", () => {
  it("records the action once; the same key again answers that action and writes nothing more", async () => {
    const { owner, thing } = await ownerWithThing("Once");
    const key = randomUUID();
    const first = await gql(server.url, RECORD, watering(thing, key), owner.token);
    expect(first.errors).toBeUndefined();
    const action = first.data.recordAction.action;
    expect(action).toMatchObject({
      type: "WATERING",
      litres: 10,
      comments: "Watered offline",
      thingByThingId: { id: thing, litresTotal: 10 },
    });
    // The retry (the answer was lost, or the queue sends again): the same action, the same totals.
    const again = await gql(server.url, RECORD, watering(thing, key), owner.token);
    expect(again.errors).toBeUndefined();
    expect(again.data.recordAction.action.id).toBe(action.id);
    expect(again.data.recordAction.action.thingByThingId.litresTotal).toBe(10);
    expect(await waterings(thing)).toEqual([{ id: action.id, client_key: key, litres: 10 }]);
    // A new key is a new watering.
    const second = await gql(server.url, RECORD, watering(thing, randomUUID(), 5), owner.token);
    expect(second.data.recordAction.action.id).not.toBe(action.id);
    expect(await waterings(thing)).toHaveLength(2);
  });

  it("records one action when the same send arrives several times at once", async () => {
    const { owner, thing } = await ownerWithThing("Together");
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 6 }, () => gql(server.url, RECORD, watering(thing, key), owner.token)));
    for (const r of results) expect(r.errors).toBeUndefined();
    const ids = new Set(results.map((r) => r.data.recordAction.action.id));
    expect(ids.size).toBe(1);
    expect(await waterings(thing)).toHaveLength(1);
  });

  it("keys belong to their recorder: another person's action with the same key is their own", async () => {
    const { owner, thing } = await ownerWithThing("Shared");
    const key = randomUUID();
    const mine = (await gql(server.url, RECORD, watering(thing, key), owner.token)).data.recordAction.action.id;
    // A collaborator with the same key (a copied key, or chance) records their own watering.
    const helper = await signUp(server.url);
    const joined = await gql(
      server.url,
      `mutation J($t: UUID!) { collaborateThingAccess(input: { thingId: $t }) { thingAccess { id } } }`,
      { t: thing },
      helper.token,
    );
    expect(joined.errors).toBeUndefined();
    const theirs = await gql(server.url, RECORD, watering(thing, key, 3), helper.token);
    expect(theirs.errors).toBeUndefined();
    expect(theirs.data.recordAction.action.id).not.toBe(mine);
    expect(theirs.data.recordAction.action.litres).toBe(3);
    expect(await waterings(thing)).toHaveLength(2);
  });

  it("refuses, with the table's own message and nothing written: a stranger, a guest, bad litres, no key, no thing, no type", async () => {
    const { owner, thing } = await ownerWithThing("Refused");
    const stranger = await signUp(server.url);
    const refusedStranger = await gql(server.url, RECORD, watering(thing, randomUUID()), stranger.token);
    expect(refusedStranger.errors?.[0].message).toBe(
      "Only the thing's owners and collaborators can record actions: collaborate on it first",
    );
    expect(refusedStranger.errors?.[0].extensions?.code).toBe("DNIED");
    // A guest (no token) may not call it at all.
    const guest = await gql(server.url, RECORD, watering(thing, randomUUID()));
    expect(guest.errors?.length).toBeGreaterThan(0);
    expect(guest.data?.recordAction ?? null).toBeNull();

    const cases: [Record<string, unknown>, string][] = [
      [watering(thing, randomUUID(), 2.25), "Litres may have at most one decimal place"],
      [watering(thing, randomUUID(), 5000), "Litres must be between 0.5 and 1000"],
      [{ ...watering(thing, randomUUID()), comments: "   " }, "Comments are required"],
      [{ ...watering(thing, randomUUID()), comments: null }, "Comments are required"],
      [watering(thing, null), "A client key is required to record an action once"],
      [{ ...watering(thing, randomUUID()), t: null }, "Choose the thing the action was for"],
      [{ ...watering(thing, randomUUID()), type: null }, "Choose what you did"],
      [{ ...watering(thing, randomUUID()), type: "CREATED", litres: null }, "The CREATED action is recorded when a thing is added"],
    ];
    for (const [variables, message] of cases) {
      const r = await gql(server.url, RECORD, variables, owner.token);
      expect(r.errors?.[0].message, JSON.stringify(variables)).toBe(message);
    }
    expect(await waterings(thing)).toEqual([]);
    // The owner's well-formed watering goes through (the refusals above were about the input).
    expect((await gql(server.url, RECORD, watering(thing, randomUUID()), owner.token)).errors).toBeUndefined();
  });

  it("keeps the key off the API: it cannot be read, filtered on, or set through createAction", async () => {
    const { owner, thing } = await ownerWithThing("Hidden");
    const read = await gql(
      server.url,
      `query Q($t: UUID!) { thingById(id: $t) { actionsByThingId { nodes { clientKey } } } }`,
      { t: thing },
      owner.token,
    );
    expect(read.errors?.[0].message).toMatch(/clientKey/);
    const create = await gql(
      server.url,
      `mutation C($t: UUID!) { createAction(input: { action: { thingId: $t, type: WATERING, comments: "x", clientKey: "${randomUUID()}" } }) { action { id } } }`,
      { t: thing },
      owner.token,
    );
    expect(create.errors?.[0].message).toMatch(/clientKey/);
  });
});
