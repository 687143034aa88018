// Security review (issue #20), follow-up: invitations were limited only per IP address, in each
// server's memory, so one user could have the servers e-mail any number of addresses (from
// several addresses, or through several server processes). Every invitation e-mail (thing, device
// and group, and inviting the same address again, which resends) now counts against the sender's
// notice e-mails in PostgreSQL (30 an hour, app_hidden.take_notice_email); past it the invitation
// is refused with RATEL, and nothing is written or sent.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { randomUUID } from "node:crypto";
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
const RATEL_MESSAGE = new RegExp(`^You can send people up to ${LIMIT} e-mail notices an hour\\. Please try again in \\d+ minutes?\\.$`);
const GROUP = `mutation G { createGroup(input: { name: "Flood Growers", type: GROWER, isPublic: false }) { group { id } } }`;
const THING = `mutation T($g: UUID!) { createThing(input: { groupId: $g, name: "Flood Planter", type: PLANTER, location: { x: 51.4, y: -0.9 }, isPublic: false }) { thing { id } } }`;
const DEVICE = `mutation D($d: String!) { createDevice(input: { model: LSE01, name: "Flood probe", deviceId: $d, isPublic: false, location: { x: 51.4, y: -0.9 } }) { device { id } } }`;

type Kind = "thing" | "device" | "group";
const KINDS: Kind[] = ["thing", "device", "group"];
const INVITE: Record<Kind, string> = {
  thing: `mutation I($t: UUID!, $e: String!) { inviteToThingAccess(input: { thingId: $t, email: $e }) { thingAccessInvitation { id } } }`,
  device: `mutation I($t: UUID!, $e: String!) { inviteToDeviceAccess(input: { deviceId: $t, email: $e }) { deviceAccessInvitation { id } } }`,
  group: `mutation I($t: UUID!, $e: String!) { inviteToGroupMembership(input: { groupId: $t, email: $e }) { groupMembershipInvitation { id } } }`,
};
const TABLE: Record<Kind, string> = {
  thing: "thing_access_invitations",
  device: "device_access_invitations",
  group: "group_membership_invitations",
};

/** A user with a group, a thing and a device of their own to invite people to. */
async function inviter() {
  const user = await signUp(a.url);
  const group = (await gql(a.url, GROUP, {}, user.token)).data.createGroup.group.id as string;
  const thing = (await gql(a.url, THING, { g: group }, user.token)).data.createThing.thing.id as string;
  const d = await gql(a.url, DEVICE, { d: `eui-${randomUUID().replace(/-/g, "").slice(0, 16)}` }, user.token);
  const device = d.data.createDevice.device.id as string;
  return { ...user, targets: { thing, device, group } as Record<Kind, string> };
}

const address = () => `flood.${randomUUID()}@example.com`;

async function invitationRows(email: string): Promise<number> {
  return withOwner(a.databaseUrl, async (c) => {
    let n = 0;
    for (const table of Object.values(TABLE)) {
      n += (await c.query(`select count(*)::int as n from app_public.${table} where email = $1`, [email])).rows[0].n;
    }
    return n;
  });
}

async function fill(username: string, n: number) {
  await withOwner(a.databaseUrl, (c) =>
    c.query(
      `insert into app_private.notice_emails (sender_id, sent_at) select u.id, now() from app_public.users u, generate_series(1, $2) where u.username = $1`,
      [username, n],
    ),
  );
}

describe("invitation e-mails per sender", () => {
  it(`allows ${LIMIT} an hour across kinds and server processes, then refuses the 31st with RATEL and sends nothing`, async () => {
    const owner = await inviter();
    for (let i = 0; i < LIMIT; i++) {
      const kind = KINDS[i % 3];
      const server = i % 2 === 0 ? a : b;
      const to = address();
      const r = await gql(server.url, INVITE[kind], { t: owner.targets[kind], e: to }, owner.token);
      expect(r.errors, `invitation ${i + 1}`).toBeUndefined();
      expect(await countQueuedEmails(a.databaseUrl, to, "invitation")).toBe(1);
    }

    for (const kind of KINDS) {
      for (const server of [a, b]) {
        const to = address();
        const refused = await gql(server.url, INVITE[kind], { t: owner.targets[kind], e: to }, owner.token);
        expect(refused.errors?.[0].extensions.code, `${kind} invitation 31`).toBe("RATEL");
        expect(refused.errors?.[0].message).toMatch(RATEL_MESSAGE);
        expect(await countQueuedEmails(a.databaseUrl, to, "invitation")).toBe(0);
        expect(await invitationRows(to)).toBe(0);
      }
    }

    // Another sender is not held back by the first one's invitations.
    const other = await inviter();
    for (const kind of KINDS) {
      const to = address();
      expect((await gql(b.url, INVITE[kind], { t: other.targets[kind], e: to }, other.token)).errors).toBeUndefined();
      expect(await countQueuedEmails(a.databaseUrl, to, "invitation")).toBe(1);
    }
  });

  it("counts inviting the same address again (a resend), and leaves the earlier invitation as it was", async () => {
    const owner = await inviter();
    const to = address();
    await fill(owner.username, LIMIT - 1);
    expect((await gql(a.url, INVITE.thing, { t: owner.targets.thing, e: to }, owner.token)).errors).toBeUndefined();
    const before = await withOwner(a.databaseUrl, (c) =>
      c.query(`select code, created_at from app_public.thing_access_invitations where email = $1`, [to]),
    );
    const again = await gql(b.url, INVITE.thing, { t: owner.targets.thing, e: to }, owner.token);
    expect(again.errors?.[0].extensions.code).toBe("RATEL");
    expect(await countQueuedEmails(a.databaseUrl, to, "invitation")).toBe(1);
    const after = await withOwner(a.databaseUrl, (c) =>
      c.query(`select code, created_at from app_public.thing_access_invitations where email = $1`, [to]),
    );
    expect(after.rows).toEqual(before.rows);
  });

  it("shares one count with task-assignment notices, and allows invitations again after the hour", async () => {
    const owner = await inviter();
    await fill(owner.username, LIMIT);
    expect((await gql(a.url, INVITE.group, { t: owner.targets.group, e: address() }, owner.token)).errors?.[0].extensions.code).toBe(
      "RATEL",
    );
    await withOwner(a.databaseUrl, (c) =>
      c.query(
        `update app_private.notice_emails set sent_at = now() - interval '61 minutes' where sender_id = (select id from app_public.users where username = $1)`,
        [owner.username],
      ),
    );
    expect((await gql(a.url, INVITE.group, { t: owner.targets.group, e: address() }, owner.token)).errors).toBeUndefined();
  });
});
