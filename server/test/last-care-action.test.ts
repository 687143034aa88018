// Thing.lastCareAction (issue 27): each thing's newest care action that is not hidden, kept on the
// thing by the actions' triggers (migration 20261130000200) so the home dashboard reads it in the
// things' own query. Kept on insert, on delete (an undo) and when an action is hidden or shown.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestServer, gql, signUp, withOwner, groupOfMine } from "./harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const RECORD = `mutation A($t: UUID!, $type: ActionType!) {
  createAction(input: { action: { thingId: $t, type: $type, comments: "Looked after it" } }) { action { id } }
}`;
const UNDO = `mutation U($id: UUID!) { deleteActionById(input: { id: $id }) { deletedActionId } }`;
const LAST = `query L($t: UUID!) { thingById(id: $t) { lastCareAction { id type userByCreatedBy { username } } } }`;

async function setUp(name: string, isPublic = true) {
  const owner = await signUp(server.url);
  const thingId = await (await groupOfMine(server.url, owner.token, `${name} Growers`)).thing(name, isPublic);
  const record = async (type: string) =>
    (await gql(server.url, RECORD, { t: thingId, type }, owner.token)).data.createAction.action.id as string;
  const last = async (token = owner.token) => (await gql(server.url, LAST, { t: thingId }, token)).data.thingById?.lastCareAction ?? null;
  return { owner, thingId, record, last };
}

describe("Thing.lastCareAction", () => {
  it("is the newest action, and the one before it once that is undone", async () => {
    const { owner, record, last } = await setUp("Last Oak");
    // A new thing's newest action is its CREATED one.
    expect((await last())?.type).toBe("CREATED");
    const watering = await record("WATERING");
    const upkeep = await record("UPKEEP");
    expect(await last()).toEqual({ id: upkeep, type: "UPKEEP", userByCreatedBy: { username: owner.username } });
    expect((await gql(server.url, UNDO, { id: upkeep }, owner.token)).data.deleteActionById.deletedActionId).toBeTruthy();
    expect((await last())?.id).toBe(watering);
  });

  it("leaves out a hidden action, and shows it again when it is shown again", async () => {
    const { record, last, thingId } = await setUp("Hidden Oak");
    const older = await record("WATERING");
    const newer = await record("UPKEEP");
    const setHidden = (hidden: boolean) =>
      withOwner(server.databaseUrl, (c) =>
        c.query("update app_public.actions set hidden_at = $2 where id = $1", [newer, hidden ? new Date() : null]),
      );
    await setHidden(true);
    expect((await last())?.id).toBe(older);
    await setHidden(false);
    expect((await last())?.id).toBe(newer);
    // None of this is a change of the thing in its history.
    const history = await withOwner(server.databaseUrl, (c) =>
      c.query("select count(*)::int as n from app_public.history_entries where target_id = $1 and operation = 'update'", [thingId]),
    );
    expect(history.rows[0].n).toBe(0);
  });

  it("shows to whoever may see the thing, and to no one else", async () => {
    const open = await setUp("Open Oak", true);
    const closed = await setUp("Closed Oak", false);
    const openAction = await open.record("WATERING");
    await closed.record("WATERING");
    const stranger = await signUp(server.url);
    expect((await open.last(stranger.token))?.id).toBe(openAction);
    expect(await closed.last(stranger.token)).toBeNull();
    expect((await closed.last())?.type).toBe("WATERING");
  });

  it("cannot be set through the API", async () => {
    const { owner, thingId } = await setUp("Fixed Oak");
    const result = await gql(
      server.url,
      `mutation P($id: UUID!) { updateThingById(input: { id: $id, thingPatch: { lastActionId: $id } }) { thing { id } } }`,
      { id: thingId },
      owner.token,
    );
    expect(result.errors?.[0].message).toMatch(/lastActionId/);
  });
});
