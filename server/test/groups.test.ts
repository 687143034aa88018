// Groups, memberships and invitations over real HTTP (issue 4), allowed and denied cases.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestServer, gql, signUp, signUpVerified, withOwner, queuedEmail, makeAdmin } from "./harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const CREATE = `mutation CreateGroup($name: String!, $type: GroupType!, $isPublic: Boolean!, $description: String) {
  createGroup(input: { name: $name, type: $type, isPublic: $isPublic, description: $description }) { group { id nodeId name type slug isPublic description } } }`;
const UPDATE = `mutation UpdateGroup($nodeId: ID!, $patch: GroupPatch!) { updateGroup(input: { nodeId: $nodeId, groupPatch: $patch }) { group { id name description isPublic } } }`;
const DELETE = `mutation DeleteGroupById($id: UUID!) { deleteGroupById(input: { id: $id }) { deletedGroupId } }`;
const GROUP = `query GroupById($id: UUID!) { groupById(id: $id) { id name groupMembershipsByGroupId { nodes { id isOwner userId } } } }`;
const ALL = `query AllGroups { allGroups(orderBy: NAME_ASC) { nodes { id name isPublic } } }`;
const CHANGE = `mutation ChangeGroupMembership($groupId: UUID!, $join: Boolean!) { changeGroupMembership(input: { groupId: $groupId, join: $join }) { group { id } } }`;
const SET_OWNER = `mutation UpdateGroupMembershipById($id: UUID!, $isOwner: Boolean!) { updateGroupMembershipById(input: { id: $id, groupMembershipPatch: { isOwner: $isOwner } }) { groupMembership { id isOwner } } }`;
const REMOVE = `mutation DeleteGroupMembershipById($id: UUID!) { deleteGroupMembershipById(input: { id: $id }) { deletedGroupMembershipId } }`;
const INVITE = `mutation InviteToGroupMembership($groupId: UUID!, $email: String!) { inviteToGroupMembership(input: { groupId: $groupId, email: $email }) { groupMembershipInvitation { id email } } }`;
const CHECK = `query GroupMembershipForInvitation($id: UUID!, $code: String!) { groupMembershipForInvitation(invitationId: $id, code: $code) { id name } }`;
const ACCEPT = `mutation AcceptInvitationToGroupMembership($id: UUID!, $code: String!) { acceptInvitationToGroupMembership(input: { invitationId: $id, code: $code }) { groupMembership { id groupId isOwner } } }`;
const DELETE_INVITE = `mutation DeleteGroupMembershipInvitationById($id: UUID!) { deleteGroupMembershipInvitationById(input: { id: $id }) { deletedGroupMembershipInvitationId } }`;
const INVITES = `query Invites($groupId: UUID!) { allGroupMembershipInvitations(condition: { groupId: $groupId }) { nodes { id email } } }`;
const ME = `query Me { currentUser { id } }`;

async function myId(token: string) {
  return (await gql(server.url, ME, {}, token)).data.currentUser.id as string;
}
async function createGroup(token: string, overrides: Record<string, unknown> = {}) {
  const r = await gql(server.url, CREATE, { name: "Elm Road Growers", type: "GROWER", isPublic: true, ...overrides }, token);
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data.createGroup.group;
}
async function members(token: string | null, groupId: string) {
  return (await gql(server.url, GROUP, { id: groupId }, token)).data.groupById?.groupMembershipsByGroupId.nodes ?? null;
}

describe("creating and editing groups", () => {
  it("the creator becomes the owner and a slug is made from the name", async () => {
    const owner = await signUp(server.url);
    const group = await createGroup(owner.token, { name: "Oxford Road Orchard", type: "ORCHARD" });
    expect(group).toMatchObject({ name: "Oxford Road Orchard", type: "ORCHARD", slug: expect.stringMatching(/^oxford-road-orchard/) });
    expect(await members(owner.token, group.id)).toEqual([expect.objectContaining({ isOwner: true, userId: await myId(owner.token) })]);
  });

  it("refuses a bad name or type with a clear message and writes nothing", async () => {
    const owner = await signUp(server.url);
    const short = await gql(server.url, CREATE, { name: "ab", type: "GROWER", isPublic: true }, owner.token);
    expect(short.errors?.[0].message).toBe("Name must be between 3 and 255 characters");
    const badType = await gql(server.url, CREATE, { name: "Fine Name", type: "CLUB", isPublic: true }, owner.token);
    expect(badType.errors?.[0].message).toMatch(/CLUB/);
  });

  it("guests cannot create groups", async () => {
    const r = await gql(server.url, CREATE, { name: "Guest Group", type: "GROWER", isPublic: true });
    expect(r.errors?.length).toBeGreaterThan(0);
  });

  it("owners and admins edit; other members cannot", async () => {
    const owner = await signUp(server.url);
    const member = await signUp(server.url);
    const admin = await makeAdmin(server.url, server.databaseUrl, await signUp(server.url));
    const group = await createGroup(owner.token);
    await gql(server.url, CHANGE, { groupId: group.id, join: true }, member.token);
    const byOwner = await gql(server.url, UPDATE, { nodeId: group.nodeId, patch: { description: "We grow apples" } }, owner.token);
    expect(byOwner.data.updateGroup.group.description).toBe("We grow apples");
    const byMember = await gql(server.url, UPDATE, { nodeId: group.nodeId, patch: { name: "Hijacked" } }, member.token);
    expect(byMember.errors?.[0].extensions.code).toBe("NTFND");
    const byAdmin = await gql(server.url, UPDATE, { nodeId: group.nodeId, patch: { name: "Renamed By Admin" } }, admin.token);
    expect(byAdmin.data.updateGroup.group.name).toBe("Renamed By Admin");
  });

  it("owners delete a group; members cannot", async () => {
    const owner = await signUp(server.url);
    const member = await signUp(server.url);
    const group = await createGroup(owner.token);
    await gql(server.url, CHANGE, { groupId: group.id, join: true }, member.token);
    expect((await gql(server.url, DELETE, { id: group.id }, member.token)).errors?.[0].extensions.code).toBe("NTFND");
    expect((await gql(server.url, DELETE, { id: group.id }, owner.token)).errors).toBeUndefined();
    expect((await gql(server.url, GROUP, { id: group.id }, owner.token)).data.groupById).toBeNull();
  });
});

describe("visibility", () => {
  it("public groups are visible to everyone, private ones only to members and admins", async () => {
    const owner = await signUp(server.url);
    const stranger = await signUp(server.url);
    const admin = await makeAdmin(server.url, server.databaseUrl, await signUp(server.url));
    const open = await createGroup(owner.token, { name: "Open Garden Club" });
    const closed = await createGroup(owner.token, { name: "Closed Garden Club", isPublic: false });
    const guestIds = (await gql(server.url, ALL, {})).data.allGroups.nodes.map((g: any) => g.id);
    expect(guestIds).toContain(open.id);
    expect(guestIds).not.toContain(closed.id);
    expect((await gql(server.url, GROUP, { id: closed.id }, stranger.token)).data.groupById).toBeNull();
    expect((await gql(server.url, GROUP, { id: closed.id }, owner.token)).data.groupById.id).toBe(closed.id);
    expect((await gql(server.url, GROUP, { id: closed.id }, admin.token)).data.groupById.id).toBe(closed.id);
  });
});

describe("joining and leaving", () => {
  it("anyone signed in joins a public group and leaves it", async () => {
    const owner = await signUp(server.url);
    const user = await signUp(server.url);
    const group = await createGroup(owner.token);
    expect((await gql(server.url, CHANGE, { groupId: group.id, join: true }, user.token)).errors).toBeUndefined();
    expect((await members(owner.token, group.id)).length).toBe(2);
    expect((await gql(server.url, CHANGE, { groupId: group.id, join: false }, user.token)).errors).toBeUndefined();
    expect((await members(owner.token, group.id)).length).toBe(1);
  });

  it("a private group cannot be joined without an invitation", async () => {
    const owner = await signUp(server.url);
    const user = await signUp(server.url);
    const group = await createGroup(owner.token, { isPublic: false });
    const r = await gql(server.url, CHANGE, { groupId: group.id, join: true }, user.token);
    expect(r.errors?.[0].extensions.code).toBe("NTFND");
  });

  it("guests cannot join", async () => {
    const owner = await signUp(server.url);
    const group = await createGroup(owner.token);
    const r = await gql(server.url, CHANGE, { groupId: group.id, join: true });
    expect(r.errors?.length).toBeGreaterThan(0);
  });

  it("the last owner cannot leave or step down until another member is owner", async () => {
    const owner = await signUp(server.url);
    const member = await signUp(server.url);
    const group = await createGroup(owner.token);
    await gql(server.url, CHANGE, { groupId: group.id, join: true }, member.token);
    const leave = await gql(server.url, CHANGE, { groupId: group.id, join: false }, owner.token);
    expect(leave.errors?.[0]).toMatchObject({ extensions: { code: "OWNER" } });
    const list = await members(owner.token, group.id);
    const ownerRow = list.find((m: any) => m.isOwner);
    const memberRow = list.find((m: any) => !m.isOwner);
    expect((await gql(server.url, SET_OWNER, { id: ownerRow.id, isOwner: false }, owner.token)).errors?.[0].extensions.code).toBe("OWNER");
    expect(
      (await gql(server.url, SET_OWNER, { id: memberRow.id, isOwner: true }, owner.token)).data.updateGroupMembershipById.groupMembership
        .isOwner,
    ).toBe(true);
    expect((await gql(server.url, CHANGE, { groupId: group.id, join: false }, owner.token)).errors).toBeUndefined();
  });

  it("members cannot make themselves owners; owners remove members", async () => {
    const owner = await signUp(server.url);
    const member = await signUp(server.url);
    const group = await createGroup(owner.token);
    await gql(server.url, CHANGE, { groupId: group.id, join: true }, member.token);
    const memberRow = (await members(owner.token, group.id)).find((m: any) => !m.isOwner);
    expect((await gql(server.url, SET_OWNER, { id: memberRow.id, isOwner: true }, member.token)).errors?.[0].extensions.code).toBe("NTFND");
    const otherMember = await signUp(server.url);
    await gql(server.url, CHANGE, { groupId: group.id, join: true }, otherMember.token);
    const otherRow = (await members(owner.token, group.id)).find((m: any) => !m.isOwner && m.id !== memberRow.id);
    expect((await gql(server.url, REMOVE, { id: otherRow.id }, member.token)).errors?.[0].extensions.code).toBe("NTFND");
    expect((await gql(server.url, REMOVE, { id: otherRow.id }, owner.token)).errors).toBeUndefined();
    expect((await members(owner.token, group.id)).length).toBe(2);
  });
});

describe("invitations", () => {
  it("an owner invites by e-mail; the invitee checks and accepts with the mailed code", async () => {
    const owner = await signUp(server.url);
    // Only a verified address counts for invitations (test/security/invitation-unverified-email.test.ts).
    const invitee = await signUpVerified(server.url, server.databaseUrl);
    const group = await createGroup(owner.token, { name: "Invite Only Club", isPublic: false });
    const invited = await gql(server.url, INVITE, { groupId: group.id, email: invitee.email }, owner.token);
    expect(invited.errors).toBeUndefined();
    const mail = await queuedEmail(server.databaseUrl, invitee.email, "invitation");
    expect(mail.variables).toMatchObject({ kind: "group", targetName: "Invite Only Club" });
    const { invitationId, code } = mail.variables;

    expect((await gql(server.url, CHECK, { id: invitationId, code })).errors?.[0].extensions.code).toBe("LOGIN");
    expect((await gql(server.url, CHECK, { id: invitationId, code: "wrong" }, invitee.token)).errors?.[0].extensions.code).toBe("DNIED");
    const stranger = await signUp(server.url);
    expect((await gql(server.url, CHECK, { id: invitationId, code }, stranger.token)).errors?.[0].extensions.code).toBe("DNIEM");
    expect((await gql(server.url, CHECK, { id: invitationId, code }, invitee.token)).data.groupMembershipForInvitation).toEqual({
      id: group.id,
      name: "Invite Only Club",
    });

    const accepted = await gql(server.url, ACCEPT, { id: invitationId, code }, invitee.token);
    expect(accepted.data.acceptInvitationToGroupMembership.groupMembership).toMatchObject({ groupId: group.id, isOwner: false });
    expect((await gql(server.url, GROUP, { id: group.id }, invitee.token)).data.groupById.id).toBe(group.id);
    expect((await gql(server.url, CHECK, { id: invitationId, code }, invitee.token)).errors?.[0].extensions.code).toBe("NTFND");
  });

  it("expired invitations answer NTFND", async () => {
    const owner = await signUp(server.url);
    const invitee = await signUp(server.url);
    const group = await createGroup(owner.token);
    await gql(server.url, INVITE, { groupId: group.id, email: invitee.email }, owner.token);
    const { invitationId, code } = (await queuedEmail(server.databaseUrl, invitee.email, "invitation")).variables;
    await withOwner(server.databaseUrl, (c) =>
      c.query("update app_public.group_membership_invitations set created_at = now() - interval '15 days' where id = $1", [invitationId]),
    );
    expect((await gql(server.url, ACCEPT, { id: invitationId, code }, invitee.token)).errors?.[0].extensions.code).toBe("NTFND");
  });

  it("inviting again resends with a fresh code; the old code stops working", async () => {
    const owner = await signUp(server.url);
    const invitee = await signUp(server.url);
    const group = await createGroup(owner.token);
    await gql(server.url, INVITE, { groupId: group.id, email: invitee.email }, owner.token);
    const first = (await queuedEmail(server.databaseUrl, invitee.email, "invitation")).variables;
    await gql(server.url, INVITE, { groupId: group.id, email: invitee.email }, owner.token);
    const second = (await queuedEmail(server.databaseUrl, invitee.email, "invitation")).variables;
    expect(second.invitationId).toBe(first.invitationId);
    expect(second.code).not.toBe(first.code);
    expect((await gql(server.url, ACCEPT, { id: first.invitationId, code: first.code }, invitee.token)).errors?.[0].extensions.code).toBe(
      "DNIED",
    );
  });

  it("members cannot invite; existing members answer ISACS; bad addresses are refused", async () => {
    const owner = await signUp(server.url);
    const member = await signUpVerified(server.url, server.databaseUrl);
    const group = await createGroup(owner.token);
    await gql(server.url, CHANGE, { groupId: group.id, join: true }, member.token);
    expect(
      (await gql(server.url, INVITE, { groupId: group.id, email: "friend@example.com" }, member.token)).errors?.[0].extensions.code,
    ).toBe("DNIED");
    expect((await gql(server.url, INVITE, { groupId: group.id, email: member.email }, owner.token)).errors?.[0].extensions.code).toBe(
      "ISACS",
    );
    expect((await gql(server.url, INVITE, { groupId: group.id, email: "not an address" }, owner.token)).errors?.[0].message).toBe(
      "Email must be a valid address",
    );
  });

  it("owners see and delete invitations; the code is never exposed", async () => {
    const owner = await signUp(server.url);
    const member = await signUp(server.url);
    const group = await createGroup(owner.token);
    await gql(server.url, CHANGE, { groupId: group.id, join: true }, member.token);
    const inv = (await gql(server.url, INVITE, { groupId: group.id, email: "someone@example.com" }, owner.token)).data
      .inviteToGroupMembership.groupMembershipInvitation;
    expect((await gql(server.url, INVITES, { groupId: group.id }, owner.token)).data.allGroupMembershipInvitations.nodes).toEqual([
      { id: inv.id, email: "someone@example.com" },
    ]);
    expect((await gql(server.url, INVITES, { groupId: group.id }, member.token)).data.allGroupMembershipInvitations.nodes).toEqual([]);
    const withCode = await gql(server.url, `query { allGroupMembershipInvitations { nodes { code } } }`, {}, owner.token);
    expect(withCode.errors?.[0].message).toMatch(/code/);
    expect((await gql(server.url, DELETE_INVITE, { id: inv.id }, member.token)).errors?.[0].extensions.code).toBe("NTFND");
    expect((await gql(server.url, DELETE_INVITE, { id: inv.id }, owner.token)).errors).toBeUndefined();
  });
});

describe("account deletion and groups", () => {
  it("a group the user alone owned passes to another member, or goes when empty", async () => {
    const owner = await signUp(server.url);
    const member = await signUp(server.url);
    const shared = await createGroup(owner.token, { name: "Shared Patch" });
    const solo = await createGroup(owner.token, { name: "Solo Patch" });
    await gql(server.url, CHANGE, { groupId: shared.id, join: true }, member.token);
    await gql(server.url, `mutation { requestAccountDeletion(input: {}) { boolean } }`, {}, owner.token);
    const { token } = (await queuedEmail(server.databaseUrl, owner.email, "account_deletion")).variables;
    await gql(
      server.url,
      `mutation C($t: String!) { confirmAccountDeletion(input: { token: $t }) { boolean } }`,
      { t: token },
      owner.token,
    );
    expect(await members(member.token, shared.id)).toEqual([expect.objectContaining({ isOwner: true })]);
    expect((await gql(server.url, GROUP, { id: solo.id }, member.token)).data.groupById).toBeNull();
    const left = await withOwner(server.databaseUrl, (c) =>
      c.query("select count(*)::int as n from app_public.groups where id = $1", [solo.id]),
    );
    expect(left.rows[0].n).toBe(0);
  });
});
