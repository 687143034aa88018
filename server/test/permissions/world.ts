// The world the permission matrix runs in, arranged once per test file through the real API (and
// SQL where the API has no way, e.g. a sensor reading or a notification): six sessions, one per
// role, and the owner's things, public and private, with everything that hangs off them.
// Operations that destroy or change ties (deletes, joins, role changes) get fresh rows from the
// factories below, so every case starts from the same world.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { createClient } from "graphql-ws";
import { startTestServer, gql, signUpVerified, withOwner, makeAdmin, decodeClaims, type GraphQLResult } from "../harness.ts";
import { ROLES, type Role } from "./roles.ts";
import { startSources } from "./sources.ts";
import { pokeUntilHeard } from "../../../test/until-heard.ts";
import type { Outcome } from "./outcome.ts";

export interface Actor {
  token: string;
  id: string;
  username: string;
  password: string;
  email: string;
}

/** A row of the world: its id and its global nodeId. */
export interface Ref {
  id: string;
  nodeId: string;
}

const THING = `mutation T($g: UUID!, $name: String!, $p: Boolean!, $x: Float!, $y: Float!) {
  createThing(input: { groupId: $g, name: $name, type: PLANTER, location: { x: $x, y: $y }, isPublic: $p }) { thing { id nodeId } } }`;
const GROUP = `mutation G($name: String!, $p: Boolean!) { createGroup(input: { name: $name, type: GROWER, isPublic: $p }) { group { id nodeId } } }`;
const DEVICE = `mutation D($e: String!, $name: String!, $p: Boolean!, $t: UUID, $model: DeviceModel!, $x: Float!, $y: Float!) {
  createDevice(input: { model: $model, name: $name, deviceId: $e, isPublic: $p, location: { x: $x, y: $y }, thingId: $t }) { device { id nodeId } } }`;

let serial = 0;
/** A short tag unique within this run (e-mail addresses, names, device ids). */
export function tag(): string {
  serial += 1;
  return `${Date.now().toString(36)}${process.pid.toString(36)}${serial}`;
}

export class World {
  readonly as = {} as Record<Role, Actor>;
  /** A place nobody else's rows are near, so nearestThing/nearestDevice answer with ours. */
  readonly spot = { x: -60 - Math.random() * 10, y: -170 + Math.random() * 20 };
  // The arranged rows (see arrange()).
  G!: Ref; // public group, owner owns it, member joined
  PG!: Ref; // private group, owner alone
  T!: Ref; // private thing in G; collaborator collaborates
  PT!: Ref; // public thing in G
  PGT!: Ref; // private thing in the private group
  D!: Ref; // private device fitted to T
  PD!: Ref; // public device fitted to PT
  D2!: Ref; // private device fitted to nothing
  UNO!: Ref & { deviceId: string }; // private pump controller
  rows: Record<string, Ref & { type: string }> = {};

  private constructor(
    readonly server: Awaited<ReturnType<typeof startTestServer>>,
    private readonly dataDir: string,
    private readonly sources: Awaited<ReturnType<typeof startSources>>,
  ) {}

  get url() {
    return this.server.url;
  }

  /** Starts a server of its own (own upload folder, local environmental sources) and arranges the world. */
  static async create(): Promise<World> {
    const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "steward-matrix-"));
    const sources = await startSources();
    const server = await startTestServer({ dataDir, eaApiUrl: sources.eaApiUrl, openMeteoUrl: sources.openMeteoUrl });
    const world = new World(server, dataDir, sources);
    await world.arrange();
    return world;
  }

  async close() {
    await this.server.close();
    await this.sources.stop();
    await fs.promises.rm(this.dataDir, { recursive: true, force: true });
  }

  call(role: Role, query: string, variables: Record<string, unknown> = {}): Promise<GraphQLResult> {
    return gql(this.url, query, variables, this.as[role].token);
  }

  /** The owner connection, for what the API cannot arrange. */
  async sql<T = any>(text: string, values: unknown[] = []): Promise<T[]> {
    return withOwner(this.server.databaseUrl, async (c) => (await c.query(text, values)).rows as T[]);
  }

  /** Clears the per-sender count of notice e-mails (app_private.notice_emails) of the world's users. */
  async forgetNoticeEmails() {
    const ids = Object.entries(this.as)
      .filter(([role]) => role !== "guest")
      .map(([, u]) => u.id);
    await this.sql(`delete from app_private.notice_emails where sender_id = any($1::uuid[])`, [ids]);
  }

  /** Calls the API and returns the named payload, failing loudly when arranging goes wrong. */
  async must(role: Role, query: string, variables: Record<string, unknown>, pick: (data: any) => any): Promise<any> {
    const r = await this.call(role, query, variables);
    const value = r.data ? pick(r.data) : undefined;
    if (r.errors || value == null) throw new Error(`arranging failed: ${JSON.stringify(r.errors ?? r.data)}\n${query}`);
    return value;
  }

  /** The nodeId of a row, read by someone who sees it (the owner by default). */
  async nodeIdOf(byIdField: string, id: string, role: Role = "owner"): Promise<string> {
    return this.must(role, `query N($id: UUID!) { ${byIdField}(id: $id) { nodeId } }`, { id }, (d) => d[byIdField]?.nodeId);
  }

  private remember(name: string, type: string, ref: Ref) {
    this.rows[name] = { ...ref, type };
    return ref;
  }

  private async arrange() {
    const guestToken = (await gql(this.url, `mutation { signInAsGuest(input: { domainName: "localhost" }) { jwtToken } }`)).data
      .signInAsGuest.jwtToken;
    this.as.guest = { token: guestToken, id: decodeClaims(guestToken).user_id, username: "", password: "", email: "" };
    await Promise.all(
      ROLES.filter((r) => r !== "guest").map(async (role) => {
        // Verified, as people who accept invitations and reset passphrases are (only a verified address counts).
        let user = await signUpVerified(this.url, this.server.databaseUrl);
        if (role === "admin") user = await makeAdmin(this.url, this.server.databaseUrl, user);
        const id = (await gql(this.url, `query { currentUser { id } }`, {}, user.token)).data.currentUser.id;
        this.as[role] = { token: user.token, id, username: user.username, password: user.password, email: user.email };
      }),
    );
    for (const role of ["stranger", "member", "collaborator", "owner", "admin"] as const) {
      this.remember(`user:${role}`, "User", { id: this.as[role].id, nodeId: await this.nodeIdOf("userById", this.as[role].id, role) });
    }

    const t = tag();
    this.G = this.remember(
      "G",
      "Group",
      await this.must("owner", GROUP, { name: `Matrix Growers ${t}`, p: true }, (d) => d.createGroup.group),
    );
    this.PG = this.remember(
      "PG",
      "Group",
      await this.must("owner", GROUP, { name: `Matrix Secret ${t}`, p: false }, (d) => d.createGroup.group),
    );
    await this.must(
      "member",
      `mutation J($g: UUID!) { changeGroupMembership(input: { groupId: $g, join: true }) { group { id } } }`,
      { g: this.G.id },
      (d) => d.changeGroupMembership.group,
    );
    this.T = this.remember(
      "T",
      "Thing",
      await this.must("owner", THING, { g: this.G.id, name: "Matrix Planter", p: false, ...this.spot }, (d) => d.createThing.thing),
    );
    this.PT = this.remember(
      "PT",
      "Thing",
      await this.must("owner", THING, { g: this.G.id, name: "Matrix Bench", p: true, x: 51.45, y: -0.97 }, (d) => d.createThing.thing),
    );
    this.PGT = this.remember(
      "PGT",
      "Thing",
      await this.must("owner", THING, { g: this.PG.id, name: "Matrix Hedge", p: false, x: 51.46, y: -0.96 }, (d) => d.createThing.thing),
    );
    await this.addCollaborator(this.T.id);
    this.D = this.remember(
      "D",
      "Device",
      await this.must(
        "owner",
        DEVICE,
        { e: `eui-m${t}a`, name: "Matrix probe", p: false, t: this.T.id, model: "LSE01", ...this.spot },
        (d) => d.createDevice.device,
      ),
    );
    this.PD = this.remember(
      "PD",
      "Device",
      await this.must(
        "owner",
        DEVICE,
        { e: `eui-m${t}b`, name: "Matrix open probe", p: true, t: this.PT.id, model: "LSE01", x: 51.45, y: -0.97 },
        (d) => d.createDevice.device,
      ),
    );
    this.D2 = this.remember(
      "D2",
      "Device",
      await this.must(
        "owner",
        DEVICE,
        { e: `eui-m${t}c`, name: "Matrix spare probe", p: false, t: null, model: "LSPH01", x: 51.47, y: -0.95 },
        (d) => d.createDevice.device,
      ),
    );
    const uno = await this.must(
      "owner",
      DEVICE,
      { e: `eui-m${t}d`, name: "Matrix pump", p: false, t: this.T.id, model: "THE_THINGS_UNO", ...this.spot },
      (d) => d.createDevice.device,
    );
    this.UNO = { ...this.remember("UNO", "Device", uno), deviceId: `eui-m${t}d` };

    // Readings: through the thing (D on T), public (PD on PT), and of a device on no thing (D2).
    const readings = await this.sql<{ id: string; device_id: string }>(
      `insert into app_public.sensor_data (device_id, thing_id, created_at, data)
       values ($1, $2, now(), '{"water": 33}'), ($3, $4, now(), '{"water": 44}'), ($5, null, now(), '{"ph": 6.5}')
       returning id, device_id`,
      [this.D.id, this.T.id, this.PD.id, this.PT.id, this.D2.id],
    );
    for (const [name, device] of [
      ["reading:D", this.D],
      ["reading:PD", this.PD],
      ["reading:D2", this.D2],
    ] as const) {
      const id = readings.find((r) => r.device_id === device.id)!.id;
      const nodeId = await this.must(
        "owner",
        `query R($d: UUID!) { allSensorData(deviceId: $d) { nodes { id nodeId } } }`,
        { d: device.id },
        (d) => d.allSensorData.nodes[0]?.nodeId,
      );
      this.remember(name, "SensorDatum", { id: String(id), nodeId });
    }

    // Access entries, memberships, invitations (to addresses nobody uses), actions, tasks.
    for (const [name, thing, user] of [
      ["access:T:owner", this.T, "owner"],
      ["access:T:collaborator", this.T, "collaborator"],
      ["access:PT:owner", this.PT, "owner"],
      ["access:PGT:owner", this.PGT, "owner"],
    ] as const) {
      const row = await this.must(
        "owner",
        `query A($t: UUID!, $u: UUID!) { allThingAccesses(condition: { thingId: $t, userId: $u }) { nodes { id nodeId } } }`,
        { t: thing.id, u: this.as[user].id },
        (d) => d.allThingAccesses.nodes[0],
      );
      this.remember(name, "ThingAccess", row);
    }
    for (const [name, device] of [
      ["access:D:owner", this.D],
      ["access:PD:owner", this.PD],
      ["access:D2:owner", this.D2],
    ] as const) {
      this.remember(
        name,
        "DeviceAccess",
        await this.must(
          "owner",
          `query A($d: UUID!) { allDeviceAccesses(condition: { deviceId: $d }) { nodes { id nodeId } } }`,
          { d: device.id },
          (d) => d.allDeviceAccesses.nodes[0],
        ),
      );
    }
    for (const [name, group, user] of [
      ["membership:G:owner", this.G, "owner"],
      ["membership:G:member", this.G, "member"],
      ["membership:PG:owner", this.PG, "owner"],
    ] as const) {
      this.remember(
        name,
        "GroupMembership",
        await this.must(
          "owner",
          `query M($g: UUID!, $u: UUID!) { allGroupMemberships(condition: { groupId: $g, userId: $u }) { nodes { id nodeId } } }`,
          { g: group.id, u: this.as[user].id },
          (d) => d.allGroupMemberships.nodes[0],
        ),
      );
    }
    this.remember(
      "invitation:T",
      "ThingAccessInvitation",
      await this.must(
        "owner",
        `mutation I($t: UUID!, $e: String!) { inviteToThingAccess(input: { thingId: $t, email: $e }) { thingAccessInvitation { id nodeId } } }`,
        { t: this.T.id, e: `outsider.t.${t}@example.com` },
        (d) => d.inviteToThingAccess.thingAccessInvitation,
      ),
    );
    this.remember(
      "invitation:D",
      "DeviceAccessInvitation",
      await this.must(
        "owner",
        `mutation I($d: UUID!, $e: String!) { inviteToDeviceAccess(input: { deviceId: $d, email: $e }) { deviceAccessInvitation { id nodeId } } }`,
        { d: this.D.id, e: `outsider.d.${t}@example.com` },
        (d) => d.inviteToDeviceAccess.deviceAccessInvitation,
      ),
    );
    this.remember(
      "invitation:G",
      "GroupMembershipInvitation",
      await this.must(
        "owner",
        `mutation I($g: UUID!, $e: String!) { inviteToGroupMembership(input: { groupId: $g, email: $e }) { groupMembershipInvitation { id nodeId } } }`,
        { g: this.G.id, e: `outsider.g.${t}@example.com` },
        (d) => d.inviteToGroupMembership.groupMembershipInvitation,
      ),
    );
    this.remember(
      "invitation:PG",
      "GroupMembershipInvitation",
      await this.must(
        "owner",
        `mutation I($g: UUID!, $e: String!) { inviteToGroupMembership(input: { groupId: $g, email: $e }) { groupMembershipInvitation { id nodeId } } }`,
        { g: this.PG.id, e: `outsider.pg.${t}@example.com` },
        (d) => d.inviteToGroupMembership.groupMembershipInvitation,
      ),
    );
    for (const [name, thing] of [
      ["action:T:created", this.T],
      ["action:PT:created", this.PT],
      ["action:PGT:created", this.PGT],
    ] as const) {
      this.remember(
        name,
        "Action",
        await this.must(
          "owner",
          `query A($t: UUID!) { allActions(condition: { thingId: $t, type: CREATED }) { nodes { id nodeId } } }`,
          { t: thing.id },
          (d) => d.allActions.nodes[0],
        ),
      );
    }
    this.remember(
      "action:T:upkeep",
      "Action",
      await this.must(
        "collaborator",
        `mutation A($t: UUID!) { createAction(input: { action: { thingId: $t, type: UPKEEP, comments: "Weeded" } }) { action { id nodeId } } }`,
        { t: this.T.id },
        (d) => d.createAction.action,
      ),
    );
    this.remember(
      "task:T",
      "Task",
      await this.must(
        "owner",
        `mutation K($t: UUID!) { createTask(input: { task: { thingId: $t, actionType: WATERING, title: "Matrix task", status: NOT_STARTED, priority: NORMAL } }) { task { id nodeId } } }`,
        { t: this.T.id },
        (d) => d.createTask.task,
      ),
    );
    this.remember(
      "task:PT",
      "Task",
      await this.must(
        "owner",
        `mutation K($t: UUID!) { createTask(input: { task: { thingId: $t, actionType: UPKEEP, title: "Bench task", status: NOT_STARTED, priority: LOW } }) { task { id nodeId } } }`,
        { t: this.PT.id },
        (d) => d.createTask.task,
      ),
    );
    this.remember(
      "assignment:T",
      "TaskAssignment",
      await this.must(
        "owner",
        `mutation A($k: UUID!, $u: UUID!) { createTaskAssignment(input: { taskAssignment: { taskId: $k, assignedTo: $u } }) { taskAssignment { id nodeId } } }`,
        { k: this.rows["task:T"].id, u: this.as.collaborator.id },
        (d) => d.createTaskAssignment.taskAssignment,
      ),
    );

    // A pump switch the owner asked for (its downlink row is the owner's and admins' to see).
    const push = await this.call(
      "owner",
      `mutation P($e: String!) { deviceDownPush(input: { deviceId: $e, message: "0" }) { deviceDownlink { id nodeId } } }`,
      { e: this.UNO.deviceId },
    );
    if (push.data?.deviceDownPush?.deviceDownlink) this.remember("downlink:UNO", "DeviceDownlink", push.data.deviceDownPush.deviceDownlink);

    // The owner's own things: a notification, a chat question, feedback, e-mail, badges, an alert on T.
    this.remember("notification:owner", "Notification", await this.notification("owner"));
    this.remember(
      "chat:owner",
      "ChatMessage",
      await this.must(
        "owner",
        `mutation C($m: JSON!) { sendChatMessage(input: { message: "Does it need water?", metadata: $m }) { chatMessage { id nodeId } } }`,
        { m: { thingId: this.T.id } },
        (d) => d.sendChatMessage.chatMessage,
      ),
    );
    this.remember("feedback:owner", "Feedback", await this.feedback());
    this.remember(
      "email:owner",
      "UserEmail",
      await this.must("owner", `query { allUserEmails { nodes { id nodeId } } }`, {}, (d) => d.allUserEmails.nodes[0]),
    );
    const [badgeType] = await this.sql<{ id: string }>("select id from app_public.badge_types order by badge_type, level limit 1");
    this.remember("badgeType", "BadgeType", { id: badgeType.id, nodeId: await this.nodeIdOf("badgeTypeById", badgeType.id) });
    this.remember(
      "badge:owner",
      "Badge",
      await this.must(
        "owner",
        `query B($u: UUID!) { allBadges(condition: { userId: $u }) { nodes { id nodeId } } }`,
        { u: this.as.owner.id },
        (d) => d.allBadges.nodes[0],
      ),
    );
    const [alert] = await this.sql<{ id: string }>(
      `insert into app_public.thing_alerts (thing_id, kind, outcome, reason) values ($1, 'dry', 'held', 'Rain is forecast') returning id`,
      [this.T.id],
    );
    this.remember("alert:T", "ThingAlert", { id: alert.id, nodeId: await this.nodeIdOf("thingAlertById", alert.id) });
  }

  //------------------------------------------------------------------------------------------
  // Factories: fresh rows for one case, so destructive operations never change the world.

  /** A private thing's collaborators come by invitation; the SQL stands in for the accepted one. */
  async addCollaborator(thingId: string) {
    await this.sql("insert into app_public.thing_accesses (thing_id, user_id, is_collaborator) values ($1, $2, true)", [
      thingId,
      this.as.collaborator.id,
    ]);
  }

  /** A private thing in G with the collaborator on it; `access` is the collaborator's entry. */
  async freshThing(): Promise<Ref & { access: Ref }> {
    const thing = await this.must(
      "owner",
      THING,
      { g: this.G.id, name: "Spare Planter", p: false, x: 51.4, y: -0.9 },
      (d) => d.createThing.thing,
    );
    await this.addCollaborator(thing.id);
    const access = await this.must(
      "owner",
      `query A($t: UUID!, $u: UUID!) { allThingAccesses(condition: { thingId: $t, userId: $u }) { nodes { id nodeId } } }`,
      { t: thing.id, u: this.as.collaborator.id },
      (d) => d.allThingAccesses.nodes[0],
    );
    return { ...thing, access };
  }

  /** A private device of the owner's; the member can view it (`viewer` is that access entry). */
  async freshDevice(): Promise<Ref & { viewer: Ref }> {
    const device = await this.must(
      "owner",
      DEVICE,
      { e: `eui-f${tag()}`, name: "Spare probe", p: false, t: null, model: "LSE01", x: 51.4, y: -0.9 },
      (d) => d.createDevice.device,
    );
    const [viewer] = await this.sql<{ id: string }>(
      "insert into app_public.device_accesses (device_id, user_id) values ($1, $2) returning id",
      [device.id, this.as.member.id],
    );
    return { ...device, viewer: { id: viewer.id, nodeId: await this.nodeIdOf("deviceAccessById", viewer.id) } };
  }

  /** A group of the owner's, which the member has joined unless told not to (`membership` is the member's). */
  async freshGroup(isPublic = true, withMember = true): Promise<Ref & { membership: Ref }> {
    const group = await this.must("owner", GROUP, { name: `Spare Growers ${tag()}`, p: isPublic }, (d) => d.createGroup.group);
    if (!withMember) return { ...group, membership: { id: "", nodeId: "" } };
    const [m] = await this.sql<{ id: string }>(
      "insert into app_public.group_memberships (group_id, user_id) values ($1, $2) returning id",
      [group.id, this.as.member.id],
    );
    return { ...group, membership: { id: m.id, nodeId: await this.nodeIdOf("groupMembershipById", m.id) } };
  }

  /** A care action the collaborator recorded on T. */
  async freshAction(): Promise<Ref> {
    return this.must(
      "collaborator",
      `mutation A($t: UUID!) { createAction(input: { action: { thingId: $t, type: WATERING, comments: "Watered" } }) { action { id nodeId } } }`,
      { t: this.T.id },
      (d) => d.createAction.action,
    );
  }

  /** A task the member planned on T, assigned to the collaborator (`assignment`). */
  async freshTask(): Promise<Ref & { assignment: Ref }> {
    const task = await this.must(
      "member",
      `mutation K($t: UUID!) { createTask(input: { task: { thingId: $t, actionType: UPKEEP, title: "Spare task", status: NOT_STARTED, priority: LOW } }) { task { id nodeId } } }`,
      { t: this.T.id },
      (d) => d.createTask.task,
    );
    const assignment = await this.must(
      "member",
      `mutation A($k: UUID!, $u: UUID!) { createTaskAssignment(input: { taskAssignment: { taskId: $k, assignedTo: $u } }) { taskAssignment { id nodeId } } }`,
      { k: task.id, u: this.as.collaborator.id },
      (d) => d.createTaskAssignment.taskAssignment,
    );
    return { ...task, assignment };
  }

  /** An invitation by the owner to `email`, with its secret code (read from the database). */
  async freshInvitation(kind: "thing" | "device" | "group", email: string): Promise<Ref & { code: string }> {
    const target =
      kind === "thing" ? (await this.freshThing()).id : kind === "device" ? (await this.freshDevice()).id : (await this.freshGroup()).id;
    const [field, arg, payload, table] = {
      thing: ["inviteToThingAccess", "thingId", "thingAccessInvitation", "thing_access_invitations"],
      device: ["inviteToDeviceAccess", "deviceId", "deviceAccessInvitation", "device_access_invitations"],
      group: ["inviteToGroupMembership", "groupId", "groupMembershipInvitation", "group_membership_invitations"],
    }[kind];
    const row = await this.must(
      "owner",
      `mutation I($id: UUID!, $e: String!) { ${field}(input: { ${arg}: $id, email: $e }) { ${payload} { id nodeId } } }`,
      { id: target, e: email },
      (d) => d[field][payload],
    );
    const [{ code }] = await this.sql<{ code: string }>(`select code from app_public.${table} where id = $1`, [row.id]);
    return { ...row, code };
  }

  /** A notification for a role's user (the insert fires the same announcement notify_user's does). */
  async notification(role: Role, title = "Matrix notice"): Promise<Ref> {
    const [{ id }] = await this.sql<{ id: string }>(
      `insert into app_public.notifications (user_id, kind, level, title, body, link_path, thing_id)
       values ($1, 'matrix', 'info', $2, 'Something happened', '/things', $3) returning id`,
      [this.as[role].id, title, this.T.id],
    );
    return { id, nodeId: await this.nodeIdOf("notificationById", id, role) };
  }

  async feedback(): Promise<Ref> {
    return this.must(
      "owner",
      `mutation { createFeedback(input: { feedback: { subject: "Matrix", message: "From the owner" } }) { feedback { id nodeId } } }`,
      {},
      (d) => d.createFeedback.feedback,
    );
  }

  /** A second, unverified address of the owner's, with its verification token. */
  async freshEmail(): Promise<Ref & { token: string }> {
    const row = await this.must(
      "owner",
      `mutation E($e: String!) { createUserEmail(input: { email: $e }) { userEmail { id nodeId } } }`,
      { e: `second.${tag()}@example.com` },
      (d) => d.createUserEmail.userEmail,
    );
    const [{ verification_token: token }] = await this.sql(
      "select verification_token from app_private.user_email_secrets where user_email_id = $1",
      [row.id],
    );
    return { ...row, token };
  }

  /** Someone outside the world, for operations on a user (delete, reset, sign in and out). */
  async freshUser(): Promise<Ref & { token: string; username: string; password: string; email: string }> {
    const user = await signUpVerified(this.url, this.server.databaseUrl);
    const id = (await gql(this.url, `query { currentUser { id } }`, {}, user.token)).data.currentUser.id;
    return { ...user, id, nodeId: await this.nodeIdOf("userById", id, "admin") };
  }

  /** A second session of a role's user (signing it out leaves the world's session alone). */
  async secondSession(role: Role): Promise<string> {
    if (role === "guest")
      return (await gql(this.url, `mutation { signInAsGuest(input: { domainName: "localhost" }) { jwtToken } }`)).data.signInAsGuest
        .jwtToken;
    const a = this.as[role];
    return this.must(
      "guest",
      `mutation S($u: String!, $p: String!) { signIn(input: { username: $u, password: $p }) { jwtToken } }`,
      { u: a.username, p: a.password },
      (d) => d.signIn.jwtToken,
    );
  }

  /** Uploads a small PNG as the role, the way a form does; returns the form's session id. */
  async upload(role: Role): Promise<string> {
    const sessionId = randomUUID();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#446d44" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("sessionId", sessionId);
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "picture.png");
    const res = await fetch(`${this.url}/uploads`, {
      method: "POST",
      headers: { authorization: `Bearer ${this.as[role].token}` },
      body: form,
    });
    await res.body?.cancel();
    if (role !== "guest" && res.status !== 201) throw new Error(`upload as ${role} answered ${res.status}`);
    return sessionId;
  }

  //------------------------------------------------------------------------------------------
  // Subscriptions: every role listens at once over its own websocket, one event is caused, and
  // what each role heard is kept for its row of the matrix.
  //
  // When to look, without pauses: a role that must not hear anything gives no sign of listening or
  // of being done, so each socket also carries a probe, thingUpdated on the public thing PT, that
  // every role may hear, subscribed after the subscription under test. Notifications sent to PT's
  // topic tell the test when the probes listen (so, on the same sockets, the subscriptions asked
  // for before them), and, sent after the cause, act as barriers: they reach the server over the
  // same LISTEN connection after the cause, and are handled the same way (a row read with the
  // role's rights), so what the cause made a role hear has arrived once its probe hears a barrier.
  // Two barrier rounds leave room for one role's two subscriptions to be answered out of order.

  private heardBy = new Map<string, Promise<Record<Role, Outcome>>>();

  heard(subscription: "thingUpdated" | "notificationAdded", role: Role): Promise<Outcome> {
    if (!this.heardBy.has(subscription)) this.heardBy.set(subscription, this.listenAll(subscription));
    return this.heardBy.get(subscription)!.then((all) => all[role]);
  }

  private async listenAll(subscription: "thingUpdated" | "notificationAdded"): Promise<Record<Role, Outcome>> {
    const query =
      subscription === "thingUpdated"
        ? `subscription S($id: UUID!) { thingUpdated(id: $id) { event thing { id } } }`
        : `subscription { notificationAdded { event notification { id userId } } }`;
    const events = Object.fromEntries(ROLES.map((r) => [r, [] as any[]])) as Record<Role, any[]>;
    const errors = Object.fromEntries(ROLES.map((r) => [r, [] as any[]])) as Record<Role, any[]>;
    const probes = Object.fromEntries(ROLES.map((r) => [r, [] as string[]])) as Record<Role, string[]>;
    const clients = ROLES.map((role) => {
      const client = createClient({
        url: this.url.replace("http", "ws") + "/graphql",
        webSocketImpl: WebSocket,
        retryAttempts: 0,
        connectionParams: { authorization: `Bearer ${this.as[role].token}` },
      });
      client.subscribe(
        { query, variables: { id: this.T.id } },
        {
          next: (v) => (v.errors ? errors[role].push(...v.errors) : events[role].push(v.data?.[subscription])),
          error: (e) => errors[role].push(...(Array.isArray(e) ? e : [{ message: String(e) }])),
          complete: () => {},
        },
      );
      client.subscribe<{ thingUpdated: { event: string } | null }>(
        { query: `subscription P($id: UUID!) { thingUpdated(id: $id) { event thing { id } } }`, variables: { id: this.PT.id } },
        {
          next: (v) => probes[role].push(v.data?.thingUpdated?.event ?? ""),
          error: (e) => errors[role].push({ message: `the probe failed: ${String(e)}` }),
          complete: () => {},
        },
      );
      return client;
    });
    const probe = (event: string) =>
      this.sql("select pg_notify('thing:' || $1::text, json_build_object('event', $2::text, 'id', $1::uuid)::text)", [this.PT.id, event]);
    const everyProbeHeard = (event: string) =>
      pokeUntilHeard(
        () => probe(event),
        () => ROLES.every((r) => probes[r].includes(event)),
        `every role's probe to hear "${event}"`,
      );
    try {
      await everyProbeHeard("listening");
      // The cause: a care action on T (thingUpdated), a notification for each signed-in role.
      const own: Partial<Record<Role, string>> = {};
      if (subscription === "thingUpdated") {
        await this.must(
          "owner",
          `mutation A($t: UUID!) { createAction(input: { action: { thingId: $t, type: MEASUREMENT, comments: "Heard" } }) { action { id } } }`,
          { t: this.T.id },
          (d) => d.createAction.action,
        );
      } else {
        for (const role of ROLES) if (role !== "guest") own[role] = (await this.notification(role, `Live ${role}`)).id;
      }
      await everyProbeHeard("barrier 1");
      await everyProbeHeard("barrier 2");
      return Object.fromEntries(
        ROLES.map((role) => {
          const heard = events[role];
          if (subscription === "thingUpdated") {
            return [
              role,
              { result: { status: 200, errors: errors[role].length ? errors[role] : undefined }, value: heard.find((e) => e?.event) },
            ];
          }
          // Hearing anyone else's notification is a leak, whatever the payload holds.
          const foreign = heard.filter((e) => e?.notification?.id !== own[role]);
          const leak = foreign.length
            ? [{ message: `heard someone else's notification: ${JSON.stringify(foreign)}`, extensions: { code: "LEAK" } }]
            : [];
          const allErrors = [...leak, ...errors[role]];
          return [
            role,
            {
              result: { status: 200, errors: allErrors.length ? allErrors : undefined },
              value: heard.find((e) => e?.notification?.id === own[role]),
            },
          ];
        }),
      ) as Record<Role, Outcome>;
    } finally {
      await Promise.all(clients.map((c) => c.dispose()));
    }
  }
}
