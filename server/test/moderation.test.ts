// Moderation through the real API (issue 26): a suspended account is signed out and told why
// when it tries to sign in (a wrong passphrase still gets the usual answer); hidden things are
// gone from reads and the map for everyone but admins.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestServer, gql, signUp, makeAdmin } from "./harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
let admin: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  server = await startTestServer();
  admin = await makeAdmin(server.url, server.databaseUrl, await signUp(server.url));
});
afterAll(async () => {
  await server?.close();
});

const SIGN_IN = `mutation SignIn($username: String!, $password: String!) { signIn(input: { username: $username, password: $password }) { jwtToken } }`;
const ME = `query Me { currentUser { id } }`;

describe("suspending an account", () => {
  it("ends its sessions and refuses its sign-in with a clear message; lifting it lets it back in", async () => {
    const sam = await signUp(server.url);
    const id = (await gql(server.url, ME, {}, sam.token)).data.currentUser.id;
    const suspended = await gql(
      server.url,
      `mutation S($u: UUID!) { suspendUser(input: { userId: $u }) { user { id isSuspended } } }`,
      { u: id },
      admin.token,
    );
    expect(suspended.errors).toBeUndefined();
    expect(suspended.data.suspendUser.user.isSuspended).toBe(true);

    // The old token no longer names anyone (the session was revoked).
    const me = await gql(server.url, ME, {}, sam.token);
    expect(me.data?.currentUser ?? null).toBeNull();

    const refused = await gql(server.url, SIGN_IN, { username: sam.username, password: sam.password });
    expect(refused.errors?.[0]).toMatchObject({
      message: "This account has been suspended by an administrator",
      extensions: { code: "DNIED" },
    });
    const wrong = await gql(server.url, SIGN_IN, { username: sam.username, password: "Wrong-Pass-1" });
    expect(wrong.errors?.[0]?.message).toBe("You entered incorrect details");

    await gql(
      server.url,
      `mutation S($u: UUID!) { suspendUser(input: { userId: $u, suspended: false }) { user { id } } }`,
      { u: id },
      admin.token,
    );
    const back = await gql(server.url, SIGN_IN, { username: sam.username, password: sam.password });
    expect(back.data?.signIn?.jwtToken).toBeTruthy();
  });
});

describe("hidden things", () => {
  it("are gone from reads and the map for others, and shown to admins with hiddenAt", async () => {
    const owner = await signUp(server.url);
    const reporter = await signUp(server.url);
    const group = await gql(
      server.url,
      `mutation G { createGroup(input: { name: "Hidden Growers", type: GROWER, isPublic: true }) { group { id } } }`,
      {},
      owner.token,
    );
    const spot = { x: -40.123, y: 150.456 };
    const thing = await gql(
      server.url,
      `mutation T($g: UUID!, $x: Float!, $y: Float!) { createThing(input: { groupId: $g, name: "Hidden Planter", type: PLANTER, location: { x: $x, y: $y }, isPublic: true }) { thing { id } } }`,
      { g: group.data.createGroup.group.id, ...spot },
      owner.token,
    );
    const thingId = thing.data.createThing.thing.id;
    const report = await gql(
      server.url,
      `mutation R($t: UUID!) { reportContent(input: { targetType: THING, targetId: $t, reason: OFFENSIVE, details: "Rude name" }) { contentReport { id } } }`,
      { t: thingId },
      reporter.token,
    );
    expect(report.errors).toBeUndefined();
    const hide = await gql(
      server.url,
      `mutation M($r: UUID!) { moderateReport(input: { reportId: $r, decision: "hide" }) { contentReport { status } } }`,
      { r: report.data.reportContent.contentReport.id },
      admin.token,
    );
    expect(hide.data.moderateReport.contentReport.status).toBe("HIDDEN");

    const read = `query R($id: UUID!) { thingById(id: $id) { id hiddenAt } }`;
    const view = `query V($w: Float!, $s: Float!, $e: Float!, $n: Float!) { thingsInView(west: $w, south: $s, east: $e, north: $n, zoom: 18) { total things { id } } }`;
    const box = { w: spot.y - 0.001, s: spot.x - 0.001, e: spot.y + 0.001, n: spot.x + 0.001 };
    for (const token of [reporter.token, owner.token]) {
      expect((await gql(server.url, read, { id: thingId }, token)).data.thingById).toBeNull();
      expect((await gql(server.url, view, box, token)).data.thingsInView.things.map((t: { id: string }) => t.id)).not.toContain(thingId);
    }
    const seen = await gql(server.url, read, { id: thingId }, admin.token);
    expect(seen.data.thingById.hiddenAt).toBeTruthy();
  });
});
