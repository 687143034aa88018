// Attack (issue #20): pass the invitation e-mail check (DNIEM) by adding the invited address to
// your own account unverified (createUserEmail), and so take the address from its real owner.
// Only a verified address counts for invitations (thing, device and group: check and accept);
// an unverified address reserves nothing, and its real owner's verification removes the copy.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { randomUUID } from "node:crypto";
import {
  startTestServer,
  gql,
  signUp,
  signUpVerified,
  verifyEmail,
  newUserDetails,
  queuedEmail,
  withOwner,
  SIGN_UP,
} from "../../server/test/harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const CREATE_EMAIL = `mutation CreateUserEmail($email: String!) { createUserEmail(input: { email: $email }) { userEmail { id email isVerified } } }`;
const EMAILS = `query Emails { currentUser { userEmailsByUserId { nodes { email isPrimary isVerified } } } }`;
const GROUP = `mutation CreateGroup($name: String!) { createGroup(input: { name: $name, type: GROWER, isPublic: false }) { group { id } } }`;
const THING = `mutation CreateThing($groupId: UUID!) { createThing(input: { groupId: $groupId, name: "Invited Planter", type: PLANTER, location: { x: 51.45, y: -0.97 }, isPublic: false }) { thing { id } } }`;
const DEVICE = `mutation CreateDevice($deviceId: String!) { createDevice(input: { model: LSE01, name: "Invited probe", deviceId: $deviceId, isPublic: false, location: { x: 51.45, y: -0.97 } }) { device { id } } }`;

type Kind = "thing" | "device" | "group";
const OPS: Record<Kind, { invite: string; check: string; accept: string; checkField: string; acceptField: string }> = {
  thing: {
    invite: `mutation I($t: UUID!, $e: String!) { inviteToThingAccess(input: { thingId: $t, email: $e }) { thingAccessInvitation { id } } }`,
    check: `query C($i: UUID!, $c: String!) { thingAccessForInvitation(invitationId: $i, code: $c) { id name } }`,
    accept: `mutation A($i: UUID!, $c: String!) { acceptInvitationToThingAccess(input: { invitationId: $i, code: $c }) { thingAccess { id } } }`,
    checkField: "thingAccessForInvitation",
    acceptField: "acceptInvitationToThingAccess",
  },
  device: {
    invite: `mutation I($t: UUID!, $e: String!) { inviteToDeviceAccess(input: { deviceId: $t, email: $e }) { deviceAccessInvitation { id } } }`,
    check: `query C($i: UUID!, $c: String!) { deviceAccessForInvitation(invitationId: $i, code: $c) { id name } }`,
    accept: `mutation A($i: UUID!, $c: String!) { acceptInvitationToDeviceAccess(input: { invitationId: $i, code: $c }) { deviceAccess { id } } }`,
    checkField: "deviceAccessForInvitation",
    acceptField: "acceptInvitationToDeviceAccess",
  },
  group: {
    invite: `mutation I($t: UUID!, $e: String!) { inviteToGroupMembership(input: { groupId: $t, email: $e }) { groupMembershipInvitation { id } } }`,
    check: `query C($i: UUID!, $c: String!) { groupMembershipForInvitation(invitationId: $i, code: $c) { id name } }`,
    accept: `mutation A($i: UUID!, $c: String!) { acceptInvitationToGroupMembership(input: { invitationId: $i, code: $c }) { groupMembership { id } } }`,
    checkField: "groupMembershipForInvitation",
    acceptField: "acceptInvitationToGroupMembership",
  },
};

/** An owner's private thing, device or group, and an invitation to it for `email`. */
async function invitation(kind: Kind, email: string) {
  const owner = await signUpVerified(server.url, server.databaseUrl);
  const groupId = (await gql(server.url, GROUP, { name: "Private Growers" }, owner.token)).data.createGroup.group.id;
  let targetId = groupId;
  if (kind === "thing") targetId = (await gql(server.url, THING, { groupId }, owner.token)).data.createThing.thing.id;
  if (kind === "device") {
    const r = await gql(server.url, DEVICE, { deviceId: `eui-${randomUUID().replace(/-/g, "").slice(0, 16)}` }, owner.token);
    targetId = r.data.createDevice.device.id;
  }
  const invited = await gql(server.url, OPS[kind].invite, { t: targetId, e: email }, owner.token);
  expect(invited.errors).toBeUndefined();
  const mail = await queuedEmail(server.databaseUrl, email, "invitation");
  return { owner, targetId, id: mail.variables.invitationId as string, code: mail.variables.code as string };
}

function freshAddress() {
  return `invitee.${randomUUID()}@example.com`;
}

async function accessRows(kind: Kind, targetId: string, userToken: string): Promise<number> {
  const me = (await gql(server.url, `query { currentUser { id } }`, {}, userToken)).data.currentUser.id;
  const table = {
    thing: ["thing_accesses", "thing_id"],
    device: ["device_accesses", "device_id"],
    group: ["group_memberships", "group_id"],
  }[kind];
  const { rows } = await withOwner(server.databaseUrl, (c) =>
    c.query(`select count(*)::int as n from app_public.${table[0]} where ${table[1]} = $1 and user_id = $2`, [targetId, me]),
  );
  return rows[0].n;
}

describe.each(["thing", "device", "group"] as const)("%s invitations", (kind) => {
  it("an attacker's unverified copy of the invited address neither checks nor accepts (DNIEM)", async () => {
    const address = freshAddress();
    const inv = await invitation(kind, address);
    const attacker = await signUpVerified(server.url, server.databaseUrl);
    const added = await gql(server.url, CREATE_EMAIL, { email: address }, attacker.token);
    expect(added.errors).toBeUndefined();
    expect(added.data.createUserEmail.userEmail.isVerified).toBe(false);

    const checked = await gql(server.url, OPS[kind].check, { i: inv.id, c: inv.code }, attacker.token);
    expect(checked.errors?.[0].extensions.code).toBe("DNIEM");
    const accepted = await gql(server.url, OPS[kind].accept, { i: inv.id, c: inv.code }, attacker.token);
    expect(accepted.errors?.[0]).toMatchObject({
      message: "Verify your e-mail address to accept this invitation",
      extensions: { code: "DNIEM" },
    });
    expect(await accessRows(kind, inv.targetId, attacker.token)).toBe(0);
  });

  it("the real owner of the address can still register it, verify it and accept", async () => {
    const address = freshAddress();
    const inv = await invitation(kind, address);
    const attacker = await signUpVerified(server.url, server.databaseUrl);
    expect((await gql(server.url, CREATE_EMAIL, { email: address }, attacker.token)).errors).toBeUndefined();

    // The squatted address does not stop its owner from signing up with it...
    const owner = await signUp(server.url, { ...newUserDetails("real"), email: address });
    // ...but until they verify it, it does not speak for them either.
    const early = await gql(server.url, OPS[kind].accept, { i: inv.id, c: inv.code }, owner.token);
    expect(early.errors?.[0]).toMatchObject({
      message: "Verify your e-mail address to accept this invitation",
      extensions: { code: "DNIEM" },
    });

    await verifyEmail(server.url, server.databaseUrl, address);
    // Verifying removed the attacker's unverified copy.
    const attackerEmails = (await gql(server.url, EMAILS, {}, attacker.token)).data.currentUser.userEmailsByUserId.nodes;
    expect(attackerEmails.map((e: any) => e.email)).not.toContain(address);
    expect(attackerEmails.filter((e: any) => e.isPrimary)).toHaveLength(1);

    const checked = await gql(server.url, OPS[kind].check, { i: inv.id, c: inv.code }, owner.token);
    expect(checked.data?.[OPS[kind].checkField]?.id).toBe(inv.targetId);
    const accepted = await gql(server.url, OPS[kind].accept, { i: inv.id, c: inv.code }, owner.token);
    expect(accepted.errors).toBeUndefined();
    expect(accepted.data[OPS[kind].acceptField]).toBeTruthy();
    expect(await accessRows(kind, inv.targetId, owner.token)).toBe(1);
  });

  it("a verified address accepts; someone without the address still gets DNIEM", async () => {
    const invitee = await signUpVerified(server.url, server.databaseUrl);
    const inv = await invitation(kind, invitee.email);
    const stranger = await signUpVerified(server.url, server.databaseUrl);
    const denied = await gql(server.url, OPS[kind].accept, { i: inv.id, c: inv.code }, stranger.token);
    expect(denied.errors?.[0]).toMatchObject({
      message: "This invitation was sent to another e-mail address",
      extensions: { code: "DNIEM" },
    });
    const accepted = await gql(server.url, OPS[kind].accept, { i: inv.id, c: inv.code }, invitee.token);
    expect(accepted.errors).toBeUndefined();
    expect(await accessRows(kind, inv.targetId, invitee.token)).toBe(1);
  });
});

describe("an unverified address reserves nothing", () => {
  it("a verified address stays its owner's: nobody else may add it", async () => {
    const owner = await signUpVerified(server.url, server.databaseUrl);
    const attacker = await signUpVerified(server.url, server.databaseUrl);
    const r = await gql(server.url, CREATE_EMAIL, { email: owner.email.toUpperCase() }, attacker.token);
    expect(r.errors?.[0]).toMatchObject({ message: "Email already exists", extensions: { code: "NUNIQ" } });
    const again = await gql(server.url, SIGN_UP, { ...newUserDetails("dup"), email: owner.email });
    expect(again.errors?.[0].message).toBe("Email already exists");
  });

  it("an address someone holds unverified can be added by another account, and the first to verify keeps it", async () => {
    const address = freshAddress();
    const squatter = await signUpVerified(server.url, server.databaseUrl);
    expect((await gql(server.url, CREATE_EMAIL, { email: address }, squatter.token)).errors).toBeUndefined();
    const owner = await signUpVerified(server.url, server.databaseUrl);
    const added = await gql(server.url, CREATE_EMAIL, { email: address }, owner.token);
    expect(added.errors).toBeUndefined();
    await verifyEmail(server.url, server.databaseUrl, address);
    const { rows } = await withOwner(server.databaseUrl, (c) =>
      c.query(
        `select u.username, e.is_verified from app_public.user_emails e join app_public.users u on u.id = e.user_id where e.email = $1`,
        [address],
      ),
    );
    expect(rows).toEqual([{ username: owner.username, is_verified: true }]);
  });

  it("a squatted primary address is replaced by the squatter's other address when its owner verifies it", async () => {
    const address = freshAddress();
    // The squatter signs up with someone else's address as their primary one, then adds their own.
    const squatter = await signUp(server.url, { ...newUserDetails("squat"), email: address });
    const own = `own.${randomUUID()}@example.com`;
    expect((await gql(server.url, CREATE_EMAIL, { email: own }, squatter.token)).errors).toBeUndefined();
    await signUp(server.url, { ...newUserDetails("real"), email: address });
    await verifyEmail(server.url, server.databaseUrl, address);
    const emails = (await gql(server.url, EMAILS, {}, squatter.token)).data.currentUser.userEmailsByUserId.nodes;
    expect(emails).toEqual([{ email: own, isPrimary: true, isVerified: false }]);
  });
});
