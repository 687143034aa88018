// THE permission matrix (issue 13): every root query, mutation and subscription field of
// server/schema.graphql, with the roles allowed to do it and how everyone else is refused.
// permission-matrix.test.ts fails when a root field has no row here, so a new operation must be
// classified before it ships; the matrix-*.test.ts files run every row for every role against
// the real API in the world of world.ts:
//   G  public group (owner owns it, member joined)      PG  private group (owner alone)
//   T  private thing in G (collaborator collaborates)   PT  public thing in G
//   D  private device on T    PD public device on PT    D2  private device on no thing
// Refusals (matrix-types.ts): an error code, PERM (no grant at all: 'Permission denied') or NONE
// (no error and nothing comes back: row-level security hides it, or the function did nothing).
import { randomUUID } from "node:crypto";
import { EVERYONE, SIGNED_IN, SEES_T, ACTS_ON_T, PLANS_ON_T, MANAGERS, OWNER, ADMIN, NOBODY, type Role } from "./roles.ts";
import { ask, has, NONE, PERM, type Denials, type Probe, type Row } from "./matrix-types.ts";
import { gql } from "../harness.ts";
import type { World } from "./world.ts";

const row =
  (kind: Row["kind"]) =>
  (field: string, target: string, does: string, allowed: readonly Role[], denied: Denials, probe: Probe): Row => ({
    field,
    kind,
    target,
    does,
    allowed,
    denied,
    probe,
  });
const Q = row("query");
const M = row("mutation");
const S = row("subscription");

const id = (name: string) => (w: World) => w.rows[name].id;
const nodeId = (name: string) => (w: World) => w.rows[name].nodeId;
/** Refusals of rows a guest cannot even ask (no grant), while signed-in roles get `others`. */
const guestPerm = (others: string): Denials => ({ guest: PERM, others });

/** `x(nodeId:)` and `xById(id:)` of one arranged row: the same rule twice. */
function readPair(nodeField: string, byIdField: string, rowName: string, target: string, allowed: readonly Role[], denied: Denials): Row[] {
  return [
    Q(
      nodeField,
      `${target}: read`,
      `read ${rowName} by nodeId`,
      allowed,
      denied,
      ask(
        `query R($n: ID!) { ${nodeField}(nodeId: $n) { nodeId } }`,
        (w) => ({ n: nodeId(rowName)(w) }),
        (d) => d[nodeField],
      ),
    ),
    Q(
      byIdField,
      `${target}: read`,
      `read ${rowName} by id`,
      allowed,
      denied,
      ask(
        `query R($id: UUID!) { ${byIdField}(id: $id) { nodeId } }`,
        (w) => ({ id: id(rowName)(w) }),
        (d) => d[byIdField],
      ),
    ),
  ];
}

/** `deleteX(nodeId:)` and `deleteXById(id:)` of a fresh row each time. */
function deletePair(
  name: string,
  target: string,
  does: string,
  allowed: readonly Role[],
  denied: Denials,
  fresh: (w: World) => Promise<{ id: string; nodeId: string }>,
): Row[] {
  const payload = `deleted${name}Id`;
  return [
    M(
      `delete${name}`,
      `${target}: delete`,
      `${does} (by nodeId)`,
      allowed,
      denied,
      ask(
        `mutation X($n: ID!) { delete${name}(input: { nodeId: $n }) { ${payload} } }`,
        async (w) => ({ n: (await fresh(w)).nodeId }),
        (d) => d[`delete${name}`]?.[payload],
      ),
    ),
    M(
      `delete${name}ById`,
      `${target}: delete`,
      `${does} (by id)`,
      allowed,
      denied,
      ask(
        `mutation X($id: UUID!) { delete${name}ById(input: { id: $id }) { ${payload} } }`,
        async (w) => ({ id: (await fresh(w)).id }),
        (d) => d[`delete${name}ById`]?.[payload],
      ),
    ),
  ];
}

/** `updateX(nodeId:)` and `updateXById(id:)` with one patch. */
function updatePair(
  name: string,
  target: string,
  does: string,
  allowed: readonly Role[],
  denied: Denials,
  patch: string,
  ref: (w: World) => Promise<{ id: string; nodeId: string }> | { id: string; nodeId: string },
): Row[] {
  const lower = name[0].toLowerCase() + name.slice(1);
  return [
    M(
      `update${name}`,
      `${target}: update`,
      `${does} (by nodeId)`,
      allowed,
      denied,
      ask(
        `mutation U($n: ID!) { update${name}(input: { nodeId: $n, ${lower}Patch: ${patch} }) { ${lower} { nodeId } } }`,
        async (w) => ({ n: (await ref(w)).nodeId }),
        (d) => d[`update${name}`]?.[lower],
      ),
    ),
    M(
      `update${name}ById`,
      `${target}: update`,
      `${does} (by id)`,
      allowed,
      denied,
      ask(
        `mutation U($id: UUID!) { update${name}ById(input: { id: $id, ${lower}Patch: ${patch} }) { ${lower} { nodeId } } }`,
        async (w) => ({ id: (await ref(w)).id }),
        (d) => d[`update${name}ById`]?.[lower],
      ),
    ),
  ];
}

/** Checking or accepting an invitation sent to the stranger's address, with the right code. */
function invitationRows(kind: "thing" | "device" | "group", check: string, accept: string, target: string): Row[] {
  const vars = async (w: World) => {
    const inv = await w.freshInvitation(kind, w.as.stranger.email);
    return { i: inv.id, c: inv.code };
  };
  return [
    Q(
      check,
      `${target}: check`,
      `check an invitation sent to the stranger, with its code`,
      ["stranger"],
      { guest: "LOGIN", others: "DNIEM" },
      ask(`query C($i: UUID!, $c: String!) { ${check}(invitationId: $i, code: $c) { id name } }`, vars, (d) => d[check]),
    ),
    M(
      accept,
      `${target}: accept`,
      `accept an invitation sent to the stranger, with its code`,
      ["stranger"],
      guestPerm("DNIEM"),
      ask(
        `mutation A($i: UUID!, $c: String!) { ${accept}(input: { invitationId: $i, code: $c }) { clientMutationId } }`,
        vars,
        (d) => d[accept],
      ),
    ),
  ];
}

/** A slot of the member's on G's rota (Mondays), with no swaps left from earlier probes. */
async function memberMondaySlot(w: World): Promise<string> {
  await w.sql("insert into app_public.rota_slots (group_id, weekday, user_id) values ($1, 1, $2) on conflict do nothing", [
    w.G.id,
    w.as.member.id,
  ]);
  const [slot] = await w.sql<{ id: string }>("select id from app_public.rota_slots where group_id = $1 and weekday = 1 and user_id = $2", [
    w.G.id,
    w.as.member.id,
  ]);
  await w.sql("delete from app_public.rota_swaps where slot_id = $1", [slot.id]);
  return slot.id;
}
/** The next Monday after today (UK date), a date the member's slot may be swapped. */
async function nextMonday(w: World): Promise<string> {
  const [{ d }] = await w.sql<{ d: string }>(
    "select (app_hidden.water_today() + (8 - extract(isodow from app_hidden.water_today())::int))::text as d",
  );
  return d;
}
/** An open request of the member's to swap next Monday. */
async function freshSwap(w: World): Promise<string> {
  const slot = await memberMondaySlot(w);
  const [swap] = await w.sql<{ id: string }>(
    "insert into app_public.rota_swaps (slot_id, group_id, on_date, requested_by) values ($1, $2, $3, $4) returning id",
    [slot, w.G.id, await nextMonday(w), w.as.member.id],
  );
  return swap.id;
}

/** A browser subscribed to push for the owner (issue 25), fresh each time. */
const PUSH_KEY = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString("base64url");
const PUSH_AUTH = Buffer.alloc(16, 9).toString("base64url");
async function freshPushSubscription(w: World): Promise<{ id: string; nodeId: string }> {
  const [{ id }] = await w.sql<{ id: string }>(
    `insert into app_public.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4) returning id`,
    [w.as.owner.id, `https://push.example.com/${randomUUID()}`, PUSH_KEY, PUSH_AUTH],
  );
  return { id, nodeId: await w.nodeIdOf("pushSubscriptionById", id) };
}

/** A watering of 20 L by the owner on the public PT, once (the litres boards have a row to show). */
async function litresOnPT(w: World): Promise<void> {
  await w.sql(
    `insert into app_public.actions (thing_id, type, comments, created_by, litres)
     select $1, 'WATERING', 'Matrix litres', $2, 20
     where not exists (select 1 from app_public.actions where thing_id = $1 and comments = 'Matrix litres')`,
    [w.PT.id, w.as.owner.id],
  );
}

/** A fresh private thing in G whose description the owner changed: that change's history entry. */
async function freshChange(w: World): Promise<{ id: string }> {
  const thing = await w.freshThing();
  await w.must(
    "owner",
    `mutation U($id: UUID!) { updateThingById(input: { id: $id, thingPatch: { description: "Before a restore" } }) { thing { id } } }`,
    { id: thing.id },
    (d) => d.updateThingById.thing,
  );
  const [entry] = await w.sql<{ id: string }>("select id from app_public.history_entries where target_id = $1 and operation = 'update'", [
    thing.id,
  ]);
  return entry;
}

/** The history entry of T's creation (recorded by the trigger when the world was arranged). */
async function creationOfT(w: World): Promise<{ id: string; nodeId: string }> {
  const [entry] = await w.sql<{ id: string }>("select id from app_public.history_entries where target_id = $1 and operation = 'insert'", [
    w.T.id,
  ]);
  return { id: entry.id, nodeId: await w.nodeIdOf("historyEntryById", entry.id) };
}

/** An open report of T by the owner, fresh each time (written in SQL: the daily limit is not what is tested). */
async function freshReport(w: World): Promise<{ id: string; nodeId: string }> {
  const [report] = await w.sql<{ id: string }>(
    "insert into app_public.content_reports (reporter_id, target_type, target_id, reason, excerpt) values ($1, 'thing', $2, 'spam', 'Matrix Planter') returning id",
    [w.as.owner.id, w.T.id],
  );
  return { id: report.id, nodeId: await w.nodeIdOf("contentReportById", report.id) };
}

export const MATRIX: Row[] = [
  //------------------------------------------------------------------------------------------
  // Things
  ...readPair("thing", "thingById", "T", "things", SEES_T, NONE),
  Q(
    "thingById",
    "things: read",
    "read the public thing PT",
    EVERYONE,
    NONE,
    ask(
      `query R($id: UUID!) { thingById(id: $id) { id } }`,
      (w) => ({ id: w.PT.id }),
      (d) => d.thingById,
    ),
  ),
  Q(
    "thingById",
    "things: read",
    "read the private group's private thing PGT",
    MANAGERS,
    NONE,
    ask(
      `query R($id: UUID!) { thingById(id: $id) { id } }`,
      (w) => ({ id: w.PGT.id }),
      (d) => d.thingById,
    ),
  ),
  Q(
    "allThings",
    "things: list",
    "find T in G's things",
    SEES_T,
    NONE,
    ask(
      `query L($g: UUID!) { allThings(condition: { groupId: $g }) { nodes { id } } }`,
      (w) => ({ g: w.G.id }),
      has("allThings", (w) => w.T.id),
    ),
  ),
  Q(
    "allPublicThings",
    "all_public_things(): list",
    "find PT among the public things",
    EVERYONE,
    NONE,
    ask(
      `query { allPublicThings(first: 1000) { nodes { id } } }`,
      () => ({}),
      has("allPublicThings", (w) => w.PT.id),
    ),
  ),
  Q(
    "nearestThing",
    "nearest_thing(): call",
    "find T as the thing nearest its own spot",
    SEES_T,
    NONE,
    ask(
      `query N($x: Float!, $y: Float!) { nearestThing(latitude: $x, longitude: $y) { nodes { id } } }`,
      (w) => ({ ...w.spot }),
      has("nearestThing", (w) => w.T.id),
    ),
  ),
  // A count of things in an area is a leak too: the probe counts `total` as seeing something.
  Q(
    "thingsInView",
    "things_in_view(): call",
    "find T on the map around its spot (no clusters at zoom 18)",
    SEES_T,
    NONE,
    ask(
      `query V($w: Float!, $s: Float!, $e: Float!, $n: Float!) { thingsInView(west: $w, south: $s, east: $e, north: $n, zoom: 18) { total things { id } } }`,
      (w) => ({ w: w.spot.y - 0.001, s: w.spot.x - 0.001, e: w.spot.y + 0.001, n: w.spot.x + 0.001 }),
      (d, w) =>
        (d.thingsInView?.things ?? []).find((t: any) => t.id === w.T.id) ?? (d.thingsInView?.total > 0 ? d.thingsInView : undefined),
    ),
  ),
  Q(
    "node",
    "node: read",
    "read T by its nodeId through node()",
    SEES_T,
    NONE,
    ask(
      `query R($n: ID!) { node(nodeId: $n) { nodeId } }`,
      (w) => ({ n: w.T.nodeId }),
      (d) => d.node,
    ),
  ),
  M(
    "createThing",
    "create_thing(): call",
    "create a thing in G",
    ["member", "owner", "admin"],
    guestPerm("DNIED"),
    ask(
      `mutation C($g: UUID!) { createThing(input: { groupId: $g, name: "Made Planter", type: PLANTER, location: { x: 51.4, y: -0.9 }, isPublic: true }) { thing { id } } }`,
      (w) => ({ g: w.G.id }),
      (d) => d.createThing?.thing,
    ),
  ),
  ...updatePair("Thing", "things", "edit T's description", MANAGERS, guestPerm("NTFND"), `{ description: "Edited" }`, (w) => w.T),
  // Bulk import (issue 26): G's owners and admins; a dry run, so the world stays as it is.
  M(
    "importThings",
    "import_things(): call",
    "dry-run an import of one row into G",
    MANAGERS,
    guestPerm("DNIED"),
    ask(
      `mutation I($g: UUID!, $rows: JSON!) { importThings(input: { groupId: $g, rows: $rows, dryRun: true }) { thingImportResults { outcome } } }`,
      (w) => ({
        g: w.G.id,
        rows: [{ externalId: `matrix-${randomUUID()}`, species: "Tilia cordata", latitude: "51.45", longitude: "-0.97" }],
      }),
      (d) => d.importThings?.thingImportResults?.filter((r: { outcome: string }) => r.outcome === "CREATED"),
    ),
  ),

  ...deletePair("Thing", "things", "delete a fresh private thing", MANAGERS, guestPerm("NTFND"), (w) => w.freshThing()),

  // Access to things, invitations to them
  ...readPair("thingAccess", "thingAccessById", "access:T:owner", "thing_accesses", SEES_T, NONE),
  Q(
    "allThingAccesses",
    "thing_accesses: list",
    "list who has access to T",
    SEES_T,
    NONE,
    ask(
      `query L($t: UUID!) { allThingAccesses(condition: { thingId: $t }) { nodes { id } } }`,
      (w) => ({ t: w.T.id }),
      has("allThingAccesses", id("access:T:owner")),
    ),
  ),
  M(
    "collaborateThingAccess",
    "collaborate_thing_access(): call",
    "become a collaborator on a fresh private thing",
    SEES_T,
    guestPerm("NTFND"),
    ask(
      `mutation C($t: UUID!) { collaborateThingAccess(input: { thingId: $t }) { thingAccess { id } } }`,
      async (w) => ({ t: (await w.freshThing()).id }),
      (d) => d.collaborateThingAccess?.thingAccess,
    ),
  ),
  ...updatePair(
    "ThingAccess",
    "thing_accesses",
    "make the collaborator an owner of a fresh thing",
    MANAGERS,
    guestPerm("NTFND"),
    `{ isOwner: true }`,
    async (w) => (await w.freshThing()).access,
  ),
  ...deletePair(
    "ThingAccess",
    "thing_accesses",
    "end the collaborator's access to a fresh thing",
    ["collaborator", "owner", "admin"],
    guestPerm("NTFND"),
    async (w) => (await w.freshThing()).access,
  ),
  ...readPair("thingAccessInvitation", "thingAccessInvitationById", "invitation:T", "thing_access_invitations", MANAGERS, guestPerm(NONE)),
  Q(
    "allThingAccessInvitations",
    "thing_access_invitations: list",
    "list T's invitations",
    MANAGERS,
    guestPerm(NONE),
    ask(
      `query L($t: UUID!) { allThingAccessInvitations(condition: { thingId: $t }) { nodes { id } } }`,
      (w) => ({ t: w.T.id }),
      has("allThingAccessInvitations", id("invitation:T")),
    ),
  ),
  M(
    "inviteToThingAccess",
    "invite_to_thing_access(): call",
    "invite someone to T",
    MANAGERS,
    guestPerm("DNIED"),
    ask(
      `mutation I($t: UUID!, $e: String!) { inviteToThingAccess(input: { thingId: $t, email: $e }) { thingAccessInvitation { id } } }`,
      (w, role) => ({ t: w.T.id, e: `friend.${role}.t@example.com` }),
      (d) => d.inviteToThingAccess?.thingAccessInvitation,
    ),
  ),
  ...deletePair(
    "ThingAccessInvitation",
    "thing_access_invitations",
    "withdraw an invitation to a fresh thing",
    MANAGERS,
    guestPerm("NTFND"),
    (w) => w.freshInvitation("thing", `someone.${randomUUID()}@example.com`),
  ),
  ...invitationRows("thing", "thingAccessForInvitation", "acceptInvitationToThingAccess", "thing_access_invitations"),

  // Alerts
  ...readPair("thingAlert", "thingAlertById", "alert:T", "thing_alerts", SEES_T, NONE),
  Q(
    "allThingAlerts",
    "thing_alerts: list",
    "list T's alerts",
    SEES_T,
    NONE,
    ask(
      `query L($t: UUID!) { allThingAlerts(condition: { thingId: $t }) { nodes { id } } }`,
      (w) => ({ t: w.T.id }),
      has("allThingAlerts", id("alert:T")),
    ),
  ),

  //------------------------------------------------------------------------------------------
  // Care actions and badges
  ...readPair("action", "actionById", "action:T:upkeep", "actions", SEES_T, NONE),
  Q(
    "allActions",
    "actions: list",
    "list T's actions",
    SEES_T,
    NONE,
    ask(
      `query L($t: UUID!) { allActions(condition: { thingId: $t }) { nodes { id } } }`,
      (w) => ({ t: w.T.id }),
      has("allActions", id("action:T:upkeep")),
    ),
  ),
  M(
    "createAction",
    "actions: create",
    "record a care action on T",
    ACTS_ON_T,
    guestPerm("DNIED"),
    ask(
      `mutation A($t: UUID!) { createAction(input: { action: { thingId: $t, type: UPKEEP, comments: "matrix" } }) { action { id } } }`,
      (w) => ({ t: w.T.id }),
      (d) => d.createAction?.action,
    ),
  ),
  M(
    "recordAction",
    "record_action: call",
    "record a care action on T once, by client key",
    ACTS_ON_T,
    guestPerm("DNIED"),
    ask(
      `mutation A($t: UUID!, $k: UUID!) { recordAction(input: { thingId: $t, type: UPKEEP, comments: "matrix", clientKey: $k }) { action { id } } }`,
      (w) => ({ t: w.T.id, k: globalThis.crypto.randomUUID() }),
      (d) => d.recordAction?.action,
    ),
  ),
  ...updatePair(
    "Action",
    "actions",
    "correct the collaborator's action on T",
    ["collaborator", "owner", "admin"],
    guestPerm("NTFND"),
    `{ comments: "Corrected" }`,
    (w) => w.rows["action:T:upkeep"],
  ),
  ...deletePair(
    "Action",
    "actions",
    "remove a fresh action of the collaborator's on T",
    ["collaborator", "owner", "admin"],
    guestPerm("NTFND"),
    (w) => w.freshAction(),
  ),
  ...readPair("badge", "badgeById", "badge:owner", "badges", EVERYONE, NONE),
  Q(
    "allBadges",
    "badges: list",
    "list the owner's badges",
    EVERYONE,
    NONE,
    ask(
      `query L($u: UUID!) { allBadges(condition: { userId: $u }) { nodes { id } } }`,
      (w) => ({ u: w.as.owner.id }),
      has("allBadges", id("badge:owner")),
    ),
  ),
  ...readPair("badgeType", "badgeTypeById", "badgeType", "badge_types", EVERYONE, NONE),
  Q(
    "allBadgeTypes",
    "badge_types: list",
    "list the badge types",
    EVERYONE,
    NONE,
    ask(
      `query { allBadgeTypes { nodes { id } } }`,
      () => ({}),
      (d) => d.allBadgeTypes?.nodes,
    ),
  ),
  // The tree species list (issue 26): reference data for everyone.
  Q(
    "allTreeSpeciesEntries",
    "tree_species: list",
    "list the tree species",
    EVERYONE,
    NONE,
    ask(
      `query { allTreeSpeciesEntries { nodes { id } } }`,
      () => ({}),
      (d) => d.allTreeSpeciesEntries?.nodes,
    ),
  ),
  Q(
    "treeSpeciesEntryById",
    "tree_species: read",
    "read a tree species by id",
    EVERYONE,
    NONE,
    ask(
      `query { treeSpeciesEntryById(id: "tilia-cordata") { nodeId } }`,
      () => ({}),
      (d) => d.treeSpeciesEntryById,
    ),
  ),
  Q(
    "treeSpeciesEntryByBotanicalName",
    "tree_species: read",
    "read a tree species by botanical name",
    EVERYONE,
    NONE,
    ask(
      `query { treeSpeciesEntryByBotanicalName(botanicalName: "Tilia cordata") { nodeId } }`,
      () => ({}),
      (d) => d.treeSpeciesEntryByBotanicalName,
    ),
  ),
  Q(
    "treeSpeciesEntry",
    "tree_species: read",
    "read a tree species by nodeId",
    EVERYONE,
    NONE,
    ask(
      `query R($n: ID!) { treeSpeciesEntry(nodeId: $n) { id } }`,
      async (w) => ({
        n: (await w.call("guest", `query { treeSpeciesEntryById(id: "tilia-cordata") { nodeId } }`)).data?.treeSpeciesEntryById?.nodeId,
      }),
      (d) => d.treeSpeciesEntry,
    ),
  ),

  //------------------------------------------------------------------------------------------
  // Tasks
  ...readPair("task", "taskById", "task:T", "tasks", PLANS_ON_T, guestPerm(NONE)),
  Q(
    "taskById",
    "tasks: read",
    "read the task on the public thing PT",
    ["member", "owner", "admin"],
    guestPerm(NONE),
    ask(
      `query R($id: UUID!) { taskById(id: $id) { id } }`,
      (w) => ({ id: w.rows["task:PT"].id }),
      (d) => d.taskById,
    ),
  ),
  Q(
    "allTasks",
    "tasks: list",
    "list T's tasks",
    PLANS_ON_T,
    guestPerm(NONE),
    ask(
      `query L($t: UUID!) { allTasks(condition: { thingId: $t }) { nodes { id } } }`,
      (w) => ({ t: w.T.id }),
      has("allTasks", id("task:T")),
    ),
  ),
  M(
    "createTask",
    "tasks: create",
    "plan a task on T",
    PLANS_ON_T,
    guestPerm("DNIED"),
    ask(
      `mutation K($t: UUID!) { createTask(input: { task: { thingId: $t, actionType: UPKEEP, title: "Matrix plan", status: NOT_STARTED, priority: LOW } }) { task { id } } }`,
      (w) => ({ t: w.T.id }),
      (d) => d.createTask?.task,
    ),
  ),
  ...updatePair(
    "Task",
    "tasks",
    "retitle the task on T",
    PLANS_ON_T,
    guestPerm("NTFND"),
    `{ title: "Matrix task" }`,
    (w) => w.rows["task:T"],
  ),
  ...deletePair("Task", "tasks", "delete a fresh task the member planned on T", ["member", "owner", "admin"], guestPerm("NTFND"), (w) =>
    w.freshTask(),
  ),
  ...readPair("taskAssignment", "taskAssignmentById", "assignment:T", "task_assignments", PLANS_ON_T, guestPerm(NONE)),
  Q(
    "allTaskAssignments",
    "task_assignments: list",
    "list who is assigned the task on T",
    PLANS_ON_T,
    guestPerm(NONE),
    ask(
      `query L($k: UUID!) { allTaskAssignments(condition: { taskId: $k }) { nodes { id } } }`,
      (w) => ({ k: w.rows["task:T"].id }),
      has("allTaskAssignments", id("assignment:T")),
    ),
  ),
  M(
    "createTaskAssignment",
    "task_assignments: create",
    "assign the member a fresh task on T",
    PLANS_ON_T,
    guestPerm("DNIED"),
    ask(
      `mutation A($k: UUID!, $u: UUID!) { createTaskAssignment(input: { taskAssignment: { taskId: $k, assignedTo: $u } }) { taskAssignment { id } } }`,
      async (w) => ({ k: (await w.freshTask()).id, u: w.as.member.id }),
      (d) => d.createTaskAssignment?.taskAssignment,
    ),
  ),
  ...deletePair(
    "TaskAssignment",
    "task_assignments",
    "unassign the collaborator from a fresh task on T",
    PLANS_ON_T,
    guestPerm("NTFND"),
    async (w) => (await w.freshTask()).assignment,
  ),

  //------------------------------------------------------------------------------------------
  // Devices and readings
  ...readPair("device", "deviceById", "D", "devices", MANAGERS, NONE),
  Q(
    "deviceById",
    "devices: read",
    "read the public device PD",
    EVERYONE,
    NONE,
    ask(
      `query R($id: UUID!) { deviceById(id: $id) { id } }`,
      (w) => ({ id: w.PD.id }),
      (d) => d.deviceById,
    ),
  ),
  Q(
    "deviceByDeviceId",
    "devices: read",
    "read the private pump by its end-device id",
    MANAGERS,
    NONE,
    ask(
      `query R($e: String!) { deviceByDeviceId(deviceId: $e) { id } }`,
      (w) => ({ e: w.UNO.deviceId }),
      (d) => d.deviceByDeviceId,
    ),
  ),
  Q(
    "allDevices",
    "devices: list",
    "find D among the devices",
    MANAGERS,
    NONE,
    ask(
      `query L($t: UUID!) { allDevices(condition: { thingId: $t }) { nodes { id } } }`,
      (w) => ({ t: w.T.id }),
      has("allDevices", (w) => w.D.id),
    ),
  ),
  Q(
    "nearestDevice",
    "nearest_device(): call",
    "find D (or the pump beside it) as the device nearest their spot",
    MANAGERS,
    NONE,
    ask(
      `query N($x: Float!, $y: Float!) { nearestDevice(latitude: $x, longitude: $y) { nodes { id } } }`,
      (w) => ({ ...w.spot }),
      (d, w) => (d.nearestDevice?.nodes ?? []).find((n: any) => n.id === w.D.id || n.id === w.UNO.id),
    ),
  ),
  M(
    "createDevice",
    "create_device(): call",
    "register a device fitted to T",
    MANAGERS,
    guestPerm("DNIED"),
    ask(
      `mutation D($e: String!, $t: UUID!) { createDevice(input: { model: LSE01, name: "Made probe", deviceId: $e, isPublic: false, location: { x: 51.4, y: -0.9 }, thingId: $t }) { device { id } } }`,
      (w) => ({ e: `eui-c${randomUUID().slice(0, 18)}`, t: w.T.id }),
      (d) => d.createDevice?.device,
    ),
  ),
  M(
    "createDevice",
    "create_device(): call",
    "register a device fitted to nothing",
    SIGNED_IN,
    PERM,
    ask(
      `mutation D($e: String!) { createDevice(input: { model: LSE01, name: "Own probe", deviceId: $e, isPublic: false, location: { x: 51.4, y: -0.9 } }) { device { id } } }`,
      () => ({ e: `eui-o${randomUUID().slice(0, 18)}` }),
      (d) => d.createDevice?.device,
    ),
  ),
  ...updatePair("Device", "devices", "rename D", MANAGERS, guestPerm("NTFND"), `{ name: "Matrix probe" }`, (w) => w.D),
  ...deletePair("Device", "devices", "delete a fresh private device", MANAGERS, guestPerm("NTFND"), (w) => w.freshDevice()),
  M(
    "deviceDownPush",
    "device_downlinks: create",
    "switch the private pump on",
    MANAGERS,
    guestPerm("NTFND"),
    ask(
      `mutation P($e: String!) { deviceDownPush(input: { deviceId: $e, message: "1" }) { clientMutationId } }`,
      (w) => ({ e: w.UNO.deviceId }),
      (d) => d.deviceDownPush,
    ),
  ),
  ...readPair("deviceDownlink", "deviceDownlinkById", "downlink:UNO", "device_downlinks", MANAGERS, guestPerm(NONE)),
  Q(
    "allDeviceDownlinks",
    "device_downlinks: list",
    "list the pump's downlinks",
    MANAGERS,
    guestPerm(NONE),
    ask(
      `query L($d: UUID!) { allDeviceDownlinks(condition: { deviceId: $d }) { nodes { id } } }`,
      (w) => ({ d: w.UNO.id }),
      has("allDeviceDownlinks", id("downlink:UNO")),
    ),
  ),
  ...readPair("deviceAccess", "deviceAccessById", "access:D:owner", "device_accesses", MANAGERS, NONE),
  Q(
    "allDeviceAccesses",
    "device_accesses: list",
    "list who has access to D",
    MANAGERS,
    NONE,
    ask(
      `query L($d: UUID!) { allDeviceAccesses(condition: { deviceId: $d }) { nodes { id } } }`,
      (w) => ({ d: w.D.id }),
      has("allDeviceAccesses", id("access:D:owner")),
    ),
  ),
  ...updatePair(
    "DeviceAccess",
    "device_accesses",
    "make the member (a viewer) an owner of a fresh device",
    MANAGERS,
    guestPerm("NTFND"),
    `{ isOwner: true }`,
    async (w) => (await w.freshDevice()).viewer,
  ),
  ...deletePair(
    "DeviceAccess",
    "device_accesses",
    "end the member's viewing access to a fresh device",
    ["member", "owner", "admin"],
    guestPerm("NTFND"),
    async (w) => (await w.freshDevice()).viewer,
  ),
  ...readPair(
    "deviceAccessInvitation",
    "deviceAccessInvitationById",
    "invitation:D",
    "device_access_invitations",
    MANAGERS,
    guestPerm(NONE),
  ),
  Q(
    "allDeviceAccessInvitations",
    "device_access_invitations: list",
    "list D's invitations",
    MANAGERS,
    guestPerm(NONE),
    ask(
      `query L($d: UUID!) { allDeviceAccessInvitations(condition: { deviceId: $d }) { nodes { id } } }`,
      (w) => ({ d: w.D.id }),
      has("allDeviceAccessInvitations", id("invitation:D")),
    ),
  ),
  M(
    "inviteToDeviceAccess",
    "invite_to_device_access(): call",
    "invite someone to D",
    MANAGERS,
    guestPerm("DNIED"),
    ask(
      `mutation I($d: UUID!, $e: String!) { inviteToDeviceAccess(input: { deviceId: $d, email: $e }) { deviceAccessInvitation { id } } }`,
      (w, role) => ({ d: w.D.id, e: `friend.${role}.d@example.com` }),
      (d) => d.inviteToDeviceAccess?.deviceAccessInvitation,
    ),
  ),
  ...deletePair(
    "DeviceAccessInvitation",
    "device_access_invitations",
    "withdraw an invitation to a fresh device",
    MANAGERS,
    guestPerm("NTFND"),
    (w) => w.freshInvitation("device", `someone.${randomUUID()}@example.com`),
  ),
  ...invitationRows("device", "deviceAccessForInvitation", "acceptInvitationToDeviceAccess", "device_access_invitations"),
  Q(
    "sensorDatum",
    "sensor_data: read",
    "read D's reading on T by nodeId (readings follow the thing)",
    SEES_T,
    NONE,
    ask(
      `query R($n: ID!) { sensorDatum(nodeId: $n) { nodeId } }`,
      (w) => ({ n: w.rows["reading:D"].nodeId }),
      (d) => d.sensorDatum,
    ),
  ),
  Q(
    "allSensorData",
    "all_sensor_data(): call",
    "read T's readings",
    SEES_T,
    NONE,
    ask(
      `query L($t: UUID!) { allSensorData(thingId: $t) { nodes { id } } }`,
      (w) => ({ t: w.T.id }),
      has("allSensorData", id("reading:D")),
    ),
  ),
  Q(
    "allSensorData",
    "all_sensor_data(): call",
    "read the readings of D2, a private device on no thing",
    MANAGERS,
    NONE,
    ask(
      `query L($d: UUID!) { allSensorData(deviceId: $d) { nodes { id } } }`,
      (w) => ({ d: w.D2.id }),
      has("allSensorData", id("reading:D2")),
    ),
  ),
  Q(
    "allSensorData",
    "all_sensor_data(): call",
    "read the public device's readings",
    EVERYONE,
    NONE,
    ask(
      `query L($d: UUID!) { allSensorData(deviceId: $d) { nodes { id } } }`,
      (w) => ({ d: w.PD.id }),
      has("allSensorData", id("reading:PD")),
    ),
  ),
  // The rollups (issue 24) follow the readings' rule: through the thing, a private device's own, a public device's.
  Q(
    "sensorRollups",
    "sensor_rollups_hourly: read through sensor_rollups()",
    "read D's hourly rollups (readings on T)",
    SEES_T,
    NONE,
    ask(
      `query L($d: UUID!, $s: Datetime!) { sensorRollups(deviceId: $d, resolution: HOUR, since: $s) { nodes { parameter readings } } }`,
      (w) => ({ d: w.D.id, s: new Date(Date.now() - 86400_000).toISOString() }),
      (d) => d.sensorRollups?.nodes,
    ),
  ),
  Q(
    "sensorRollups",
    "sensor_rollups_daily: read through sensor_rollups()",
    "read the daily rollups of D2, a private device on no thing",
    MANAGERS,
    NONE,
    ask(
      `query L($d: UUID!, $s: Datetime!) { sensorRollups(deviceId: $d, resolution: DAY, since: $s) { nodes { parameter readings } } }`,
      (w) => ({ d: w.D2.id, s: new Date(Date.now() - 86400_000).toISOString() }),
      (d) => d.sensorRollups?.nodes,
    ),
  ),
  Q(
    "sensorRollups",
    "sensor_rollups_daily: read through sensor_rollups()",
    "read the public device's daily rollups",
    EVERYONE,
    NONE,
    ask(
      `query L($d: UUID!, $s: Datetime!) { sensorRollups(deviceId: $d, resolution: DAY, since: $s) { nodes { parameter readings } } }`,
      (w) => ({ d: w.PD.id, s: new Date(Date.now() - 86400_000).toISOString() }),
      (d) => d.sensorRollups?.nodes,
    ),
  ),

  //------------------------------------------------------------------------------------------
  // Groups
  ...readPair("group", "groupById", "PG", "groups", MANAGERS, NONE),
  Q(
    "groupById",
    "groups: read",
    "read the public group G",
    EVERYONE,
    NONE,
    ask(
      `query R($id: UUID!) { groupById(id: $id) { id } }`,
      (w) => ({ id: w.G.id }),
      (d) => d.groupById,
    ),
  ),
  Q(
    "groupBySlug",
    "groups: read",
    "read PG by its slug",
    MANAGERS,
    NONE,
    ask(
      `query R($s: String!) { groupBySlug(slug: $s) { id } }`,
      async (w) => ({ s: (await w.sql("select slug from app_public.groups where id = $1", [w.PG.id]))[0].slug }),
      (d) => d.groupBySlug,
    ),
  ),
  Q(
    "allGroups",
    "groups: list",
    "find PG among the groups",
    MANAGERS,
    NONE,
    ask(
      `query L($s: String!) { allGroups(condition: { slug: $s }) { nodes { id } } }`,
      async (w) => ({ s: (await w.sql("select slug from app_public.groups where id = $1", [w.PG.id]))[0].slug }),
      has("allGroups", (w) => w.PG.id),
    ),
  ),
  Q(
    "groupLeaderboard",
    "group_leaderboard(): call",
    "read the groups' leaderboard",
    EVERYONE,
    NONE,
    ask(
      `query { groupLeaderboard(period: ALL_TIME) { nodes { id } } }`,
      () => ({}),
      (d) => d.groupLeaderboard?.nodes,
    ),
  ),
  Q(
    "groupLitresLeaderboard",
    "group_litres_leaderboard(): call",
    "read the groups' litres board (a watering of 20 L on the public PT)",
    EVERYONE,
    NONE,
    ask(
      `query { groupLitresLeaderboard(period: ALL_TIME) { nodes { id litres } } }`,
      async (w) => (await litresOnPT(w), {}),
      has("groupLitresLeaderboard", (w) => w.G.id),
    ),
  ),
  M(
    "createGroup",
    "create_group(): call",
    "create a group",
    SIGNED_IN,
    PERM,
    ask(
      `mutation { createGroup(input: { name: "Made Growers", type: GROWER, isPublic: true }) { group { id } } }`,
      () => ({}),
      (d) => d.createGroup?.group,
    ),
  ),
  ...updatePair("Group", "groups", "edit G's description", MANAGERS, guestPerm("NTFND"), `{ description: "Edited" }`, (w) => w.G),
  ...deletePair("Group", "groups", "delete a fresh group", MANAGERS, guestPerm("NTFND"), (w) => w.freshGroup()),
  M(
    "changeGroupMembership",
    "change_group_membership(): call",
    "join a fresh public group",
    SIGNED_IN,
    PERM,
    ask(
      `mutation J($g: UUID!) { changeGroupMembership(input: { groupId: $g, join: true }) { group { id } } }`,
      async (w) => ({ g: (await w.freshGroup(true, false)).id }),
      (d) => d.changeGroupMembership?.group,
    ),
  ),
  M(
    "changeGroupMembership",
    "change_group_membership(): call",
    "join a fresh private group",
    ADMIN,
    { guest: PERM, owner: "DNIED", others: "NTFND" },
    ask(
      `mutation J($g: UUID!) { changeGroupMembership(input: { groupId: $g, join: true }) { group { id } } }`,
      async (w) => ({ g: (await w.freshGroup(false, false)).id }),
      (d) => d.changeGroupMembership?.group,
    ),
  ),
  M(
    "changeGroupMembership",
    "change_group_membership(): call",
    "leave a fresh public group (its last owner cannot)",
    ["stranger", "member", "collaborator", "admin"],
    { guest: PERM, owner: "OWNER", others: NONE },
    ask(
      `mutation J($g: UUID!) { changeGroupMembership(input: { groupId: $g, join: false }) { group { id } } }`,
      async (w) => ({ g: (await w.freshGroup(true, true)).id }),
      (d) => d.changeGroupMembership?.group,
    ),
  ),
  ...readPair("groupMembership", "groupMembershipById", "membership:PG:owner", "group_memberships", MANAGERS, NONE),
  Q(
    "allGroupMemberships",
    "group_memberships: list",
    "list PG's members",
    MANAGERS,
    NONE,
    ask(
      `query L($g: UUID!) { allGroupMemberships(condition: { groupId: $g }) { nodes { id } } }`,
      (w) => ({ g: w.PG.id }),
      has("allGroupMemberships", id("membership:PG:owner")),
    ),
  ),
  ...updatePair(
    "GroupMembership",
    "group_memberships",
    "make the member an owner of a fresh group",
    MANAGERS,
    guestPerm("NTFND"),
    `{ isOwner: true }`,
    async (w) => (await w.freshGroup()).membership,
  ),
  ...deletePair(
    "GroupMembership",
    "group_memberships",
    "remove the member from a fresh group",
    ["member", "owner", "admin"],
    guestPerm("NTFND"),
    async (w) => (await w.freshGroup()).membership,
  ),
  ...readPair(
    "groupMembershipInvitation",
    "groupMembershipInvitationById",
    "invitation:G",
    "group_membership_invitations",
    MANAGERS,
    guestPerm(NONE),
  ),
  Q(
    "allGroupMembershipInvitations",
    "group_membership_invitations: list",
    "list G's invitations",
    MANAGERS,
    guestPerm(NONE),
    ask(
      `query L($g: UUID!) { allGroupMembershipInvitations(condition: { groupId: $g }) { nodes { id } } }`,
      (w) => ({ g: w.G.id }),
      has("allGroupMembershipInvitations", id("invitation:G")),
    ),
  ),
  M(
    "inviteToGroupMembership",
    "invite_to_group_membership(): call",
    "invite someone to G",
    MANAGERS,
    guestPerm("DNIED"),
    ask(
      `mutation I($g: UUID!, $e: String!) { inviteToGroupMembership(input: { groupId: $g, email: $e }) { groupMembershipInvitation { id } } }`,
      (w, role) => ({ g: w.G.id, e: `pal.${role}@example.com` }),
      (d) => d.inviteToGroupMembership?.groupMembershipInvitation,
    ),
  ),
  ...deletePair(
    "GroupMembershipInvitation",
    "group_membership_invitations",
    "withdraw an invitation to a fresh group",
    MANAGERS,
    guestPerm("NTFND"),
    (w) => w.freshInvitation("group", `someone.${randomUUID()}@example.com`),
  ),
  ...invitationRows("group", "groupMembershipForInvitation", "acceptInvitationToGroupMembership", "group_membership_invitations"),

  //------------------------------------------------------------------------------------------
  // Users, e-mail addresses, sessions
  ...readPair("user", "userById", "user:owner", "users", SIGNED_IN, NONE),
  Q(
    "userByUsername",
    "users: read",
    "read the owner's profile by username",
    SIGNED_IN,
    NONE,
    ask(
      `query R($u: String!) { userByUsername(username: $u) { id } }`,
      (w) => ({ u: w.as.owner.username }),
      (d) => d.userByUsername,
    ),
  ),
  Q(
    "peopleInGroups",
    "people_in_groups(): call",
    "list the people of the private group PG",
    MANAGERS,
    guestPerm(NONE),
    ask(
      `query P($g: UUID!) { peopleInGroups(groupId: $g) { nodes { id } } }`,
      (w) => ({ g: w.PG.id }),
      (d, w) => (d.peopleInGroups?.nodes ?? []).find((n: any) => n.id === w.as.owner.id),
    ),
  ),
  Q(
    "currentUser",
    "current_user(): call",
    "read yourself",
    SIGNED_IN,
    NONE,
    ask(
      `query { currentUser { id } }`,
      () => ({}),
      (d) => d.currentUser,
    ),
  ),
  Q(
    "allUsers",
    "all_users(): call",
    "list every user",
    ADMIN,
    guestPerm(NONE),
    ask(
      `query { allUsers { nodes { id } } }`,
      () => ({}),
      (d, w) => (d.allUsers?.nodes ?? []).find((n: any) => n.id === w.as.owner.id),
    ),
  ),
  Q(
    "userLeaderboard",
    "user_leaderboard(): call",
    "read the people's leaderboard (people only for signed-in viewers)",
    SIGNED_IN,
    NONE,
    ask(
      `query { userLeaderboard(period: ALL_TIME) { nodes { id } } }`,
      () => ({}),
      (d) => d.userLeaderboard?.nodes,
    ),
  ),
  Q(
    "userLitresLeaderboard",
    "user_litres_leaderboard(): call",
    "read the people's litres board (people only for signed-in viewers)",
    SIGNED_IN,
    NONE,
    ask(
      `query { userLitresLeaderboard(period: ALL_TIME) { nodes { id litres } } }`,
      async (w) => (await litresOnPT(w), {}),
      has("userLitresLeaderboard", (w) => w.as.owner.id),
    ),
  ),
  ...updatePair(
    "User",
    "users",
    "change the owner's profile",
    MANAGERS,
    guestPerm("NTFND"),
    `{ notificationDaily: false }`,
    (w) => w.rows["user:owner"],
  ),
  ...deletePair("User", "users", "delete someone's account", ADMIN, PERM, (w) => w.freshUser()),
  M(
    "newUser",
    "new_user(): call",
    "create a user",
    ADMIN,
    PERM,
    ask(
      `mutation N($u: String!, $e: String!) { newUser(input: { name: "Made Person", username: $u, email: $e }) { user { id } } }`,
      () => {
        const t = randomUUID().replace(/-/g, "").slice(0, 12);
        return { u: `made${t}`, e: `made.${t}@example.com` };
      },
      (d) => d.newUser?.user,
    ),
  ),
  ...readPair("userEmail", "userEmailById", "email:owner", "user_emails", MANAGERS, NONE),
  Q(
    "allUserEmails",
    "user_emails: list",
    "list the owner's addresses",
    MANAGERS,
    NONE,
    ask(
      `query L($u: UUID!) { allUserEmails(condition: { userId: $u }) { nodes { id } } }`,
      (w) => ({ u: w.as.owner.id }),
      has("allUserEmails", id("email:owner")),
    ),
  ),
  M(
    "createUserEmail",
    "create_user_email(): call",
    "add an address to yourself",
    SIGNED_IN,
    PERM,
    ask(
      `mutation E($e: String!) { createUserEmail(input: { email: $e }) { userEmail { id } } }`,
      () => ({ e: `extra.${randomUUID()}@example.com` }),
      (d) => d.createUserEmail?.userEmail,
    ),
  ),
  ...deletePair("UserEmail", "user_emails", "delete a fresh second address of the owner's", OWNER, guestPerm("NTFND"), (w) =>
    w.freshEmail(),
  ),
  M(
    "makeEmailPrimary",
    "make_email_primary(): call",
    "make a fresh address of the owner's primary",
    OWNER,
    guestPerm("NTFND"),
    ask(
      `mutation P($e: UUID!) { makeEmailPrimary(input: { emailId: $e }) { userEmail { id } } }`,
      async (w) => ({ e: (await w.freshEmail()).id }),
      (d) => d.makeEmailPrimary?.userEmail,
    ),
  ),
  M(
    "resendEmailVerificationCode",
    "resend_email_verification_code(): call",
    "resend the code of a fresh address of the owner's",
    OWNER,
    guestPerm("NTFND"),
    ask(
      `mutation R($e: UUID!) { resendEmailVerificationCode(input: { emailId: $e }) { clientMutationId } }`,
      async (w) => {
        const e = await w.freshEmail();
        await w.sql(
          "update app_private.user_email_secrets set verification_sent_at = now() - interval '2 minutes' where user_email_id = $1",
          [e.id],
        );
        return { e: e.id };
      },
      (d) => d.resendEmailVerificationCode,
    ),
  ),
  M(
    "verifyEmail",
    "verify_email(): call",
    "verify a fresh address of the owner's with the token from its e-mail (the link works for anyone holding it)",
    EVERYONE,
    NONE,
    ask(
      `mutation V($e: UUID!, $t: String!) { verifyEmail(input: { userEmailId: $e, token: $t }) { boolean } }`,
      async (w) => {
        const e = await w.freshEmail();
        return { e: e.id, t: e.token };
      },
      (d) => d.verifyEmail?.boolean,
    ),
  ),
  M(
    "verifyEmail",
    "verify_email(): call",
    "verify a fresh address of the owner's with a made-up token",
    NOBODY,
    "NTFND",
    ask(
      `mutation V($e: UUID!) { verifyEmail(input: { userEmailId: $e, token: "0123456789abcdef" }) { boolean } }`,
      async (w) => ({ e: (await w.freshEmail()).id }),
      (d) => d.verifyEmail?.boolean,
    ),
  ),
  M(
    "changePassword",
    "change_password(): call",
    "change your own passphrase (to the same one)",
    SIGNED_IN,
    PERM,
    ask(
      `mutation C($p: String!) { changePassword(input: { oldPassword: $p, newPassword: $p }) { boolean } }`,
      (w, role) => ({ p: w.as[role].password || "Secret123" }),
      (d) => d.changePassword?.boolean,
    ),
  ),
  M(
    "forgotPassword",
    "forgot_password(): call",
    "ask for a reset link (same answer whoever asks, for any address)",
    EVERYONE,
    NONE,
    ask(
      `mutation F($e: String!) { forgotPassword(input: { email: $e }) { boolean } }`,
      () => ({ e: `nobody.${randomUUID()}@example.com` }),
      (d) => d.forgotPassword?.boolean,
    ),
  ),
  M(
    "resetPassword",
    "reset_password(): call",
    "reset a fresh user's passphrase with the token from their e-mail (the token is the authority)",
    EVERYONE,
    NONE,
    ask(
      `mutation R($u: UUID!, $t: String!) { resetPassword(input: { userId: $u, resetToken: $t, newPassword: "Secret456" }) { boolean } }`,
      async (w) => {
        const u = await w.freshUser();
        await w.call("guest", `mutation F($e: String!) { forgotPassword(input: { email: $e }) { boolean } }`, { e: u.email });
        const [{ reset_token: t }] = await w.sql("select reset_token from app_private.user_secrets where user_id = $1", [u.id]);
        return { u: u.id, t };
      },
      (d) => d.resetPassword?.boolean,
    ),
  ),
  M(
    "resetPassword",
    "reset_password(): call",
    "reset a fresh user's passphrase with a made-up token",
    NOBODY,
    "NTFND",
    ask(
      `mutation R($u: UUID!) { resetPassword(input: { userId: $u, resetToken: "0123456789abcdef", newPassword: "Secret456" }) { boolean } }`,
      async (w) => ({ u: (await w.freshUser()).id }),
      (d) => d.resetPassword?.boolean,
    ),
  ),
  M(
    "requestAccountDeletion",
    "request_account_deletion(): call",
    "ask to delete your own account (a mail with a link)",
    SIGNED_IN,
    PERM,
    ask(
      `mutation { requestAccountDeletion(input: {}) { boolean } }`,
      () => ({}),
      (d) => d.requestAccountDeletion?.boolean,
    ),
  ),
  M(
    "confirmAccountDeletion",
    "confirm_account_deletion(): call",
    "delete someone else's account with the token from their mail",
    NOBODY,
    guestPerm("NTFND"),
    ask(
      `mutation C($t: String!) { confirmAccountDeletion(input: { token: $t }) { boolean } }`,
      async (w) => {
        const u = await w.freshUser();
        await gql(w.url, `mutation { requestAccountDeletion(input: {}) { boolean } }`, {}, u.token);
        const [{ delete_account_token: t }] = await w.sql("select delete_account_token from app_private.user_secrets where user_id = $1", [
          u.id,
        ]);
        return { t };
      },
      (d) => d.confirmAccountDeletion?.boolean,
    ),
  ),
  M(
    "signInAsGuest",
    "tokens: guest session",
    "start a guest session",
    EVERYONE,
    NONE,
    ask(
      `mutation { signInAsGuest(input: { domainName: "localhost" }) { jwtToken } }`,
      () => ({}),
      (d) => d.signInAsGuest?.jwtToken,
    ),
  ),
  M(
    "signUp",
    "sign_up(): call",
    "register a new account",
    EVERYONE,
    NONE,
    ask(
      `mutation S($u: String!, $e: String!) { signUp(input: { name: "New Person", username: $u, email: $e, password: "Secret123" }) { jwtToken } }`,
      () => {
        const t = randomUUID().replace(/-/g, "").slice(0, 12);
        return { u: `new${t}`, e: `new.${t}@example.com` };
      },
      (d) => d.signUp?.jwtToken,
    ),
  ),
  M(
    "signIn",
    "sign_in(): call",
    "sign in with a fresh user's details",
    EVERYONE,
    NONE,
    ask(
      `mutation S($u: String!, $p: String!) { signIn(input: { username: $u, password: $p }) { jwtToken } }`,
      async (w) => {
        const u = await w.freshUser();
        return { u: u.username, p: u.password };
      },
      (d) => d.signIn?.jwtToken,
    ),
  ),
  M("signOut", "sign_out(): call", "end a second session of your own (guests have none)", SIGNED_IN, NONE, async (w, role) => {
    const result = await gql(w.url, `mutation { signOut(input: {}) { success } }`, {}, await w.secondSession(role));
    return { result, value: result.data?.signOut?.success };
  }),

  //------------------------------------------------------------------------------------------
  // Notifications, chat, feedback, pictures
  ...readPair("notification", "notificationById", "notification:owner", "notifications", OWNER, guestPerm(NONE)),
  Q(
    "allNotifications",
    "notifications: list",
    "list the owner's notifications",
    OWNER,
    guestPerm(NONE),
    ask(`query { allNotifications { nodes { id } } }`, () => ({}), has("allNotifications", id("notification:owner"))),
  ),
  ...updatePair(
    "Notification",
    "notifications",
    "mark the owner's notification read",
    OWNER,
    guestPerm("NTFND"),
    `{ readAt: "2026-01-01T00:00:00Z" }`,
    (w) => w.rows["notification:owner"],
  ),
  ...deletePair("Notification", "notifications", "delete a fresh notification of the owner's", OWNER, guestPerm("NTFND"), (w) =>
    w.notification("owner"),
  ),
  M(
    "markAllNotificationsRead",
    "mark_all_notifications_read(): call",
    "mark your own notifications read",
    SIGNED_IN,
    PERM,
    ask(
      `mutation { markAllNotificationsRead(input: {}) { integer } }`,
      () => ({}),
      (d) => d.markAllNotificationsRead,
    ),
  ),
  // Push and notice preferences (issue 25): each person's own, through functions or row-level security.
  Q(
    "pushSubscription",
    "push_subscriptions: read",
    "read a browser of the owner's by nodeId",
    OWNER,
    guestPerm(NONE),
    ask(
      `query R($n: ID!) { pushSubscription(nodeId: $n) { nodeId } }`,
      async (w) => ({ n: (await freshPushSubscription(w)).nodeId }),
      (d) => d.pushSubscription,
    ),
  ),
  Q(
    "pushSubscriptionById",
    "push_subscriptions: read",
    "read a browser of the owner's by id",
    OWNER,
    guestPerm(NONE),
    ask(
      `query R($id: UUID!) { pushSubscriptionById(id: $id) { nodeId } }`,
      async (w) => ({ id: (await freshPushSubscription(w)).id }),
      (d) => d.pushSubscriptionById,
    ),
  ),
  Q(
    "allPushSubscriptions",
    "push_subscriptions: list",
    "list the owner's browsers",
    OWNER,
    guestPerm(NONE),
    ask(
      `query { allPushSubscriptions { nodes { id } } }`,
      async (w) => ({ $fresh: await freshPushSubscription(w) }),
      has("allPushSubscriptions", (_w, v) => (v.$fresh as { id: string }).id),
    ),
  ),
  ...deletePair(
    "PushSubscription",
    "push_subscriptions",
    "remove a fresh browser of the owner's",
    OWNER,
    guestPerm("NTFND"),
    freshPushSubscription,
  ),
  M(
    "registerPushSubscription",
    "push_subscriptions: create own (register_push_subscription())",
    "subscribe a browser for yourself",
    SIGNED_IN,
    PERM,
    ask(
      `mutation P($e: String!, $k: String!, $a: String!) { registerPushSubscription(input: { endpoint: $e, p256Dh: $k, auth: $a, label: "Matrix" }) { pushSubscription { id } } }`,
      () => ({ e: `https://push.example.com/${randomUUID()}`, k: PUSH_KEY, a: PUSH_AUTH }),
      (d) => d.registerPushSubscription?.pushSubscription,
    ),
  ),
  Q(
    "myNoticePreferencesList",
    "notice_preferences: list own (my_notice_preferences())",
    "read your own notice preferences",
    SIGNED_IN,
    PERM,
    ask(
      `query { myNoticePreferencesList { kind } }`,
      () => ({}),
      (d) => d.myNoticePreferencesList,
    ),
  ),
  Q(
    "myNoticeSettings",
    "notice_settings: read own (my_notice_settings())",
    "read your own notice settings",
    SIGNED_IN,
    PERM,
    ask(
      `query { myNoticeSettings { timeZone } }`,
      () => ({}),
      (d) => d.myNoticeSettings,
    ),
  ),
  M(
    "setNoticePreference",
    "notice_preferences: save own (set_notice_preference())",
    "switch your own channels of one kind",
    SIGNED_IN,
    PERM,
    ask(
      `mutation { setNoticePreference(input: { kind: GROUP, inApp: true, email: false, push: false }) { noticePreference { kind } } }`,
      () => ({}),
      (d) => d.setNoticePreference?.noticePreference,
    ),
  ),
  M(
    "setNoticeSettings",
    "notice_settings: save own (set_notice_settings())",
    "set your own digest and quiet hours",
    SIGNED_IN,
    PERM,
    ask(
      `mutation { setNoticeSettings(input: { digestFrequency: DAILY, singleEmails: true, quietStart: "22:00", quietEnd: "07:00", timeZone: "Europe/London" }) { noticeSetting { timeZone } } }`,
      () => ({}),
      (d) => d.setNoticeSettings?.noticeSetting,
    ),
  ),
  ...readPair("chatMessage", "chatMessageById", "chat:owner", "chat_messages", OWNER, guestPerm(NONE)),
  Q(
    "chatMessageByEventId",
    "chat_messages: read",
    "read the owner's question by its event id",
    OWNER,
    guestPerm(NONE),
    ask(
      `query R($e: UUID!) { chatMessageByEventId(eventId: $e) { id } }`,
      async (w) => ({
        e: (await w.sql("select event_id from app_public.chat_messages where id = $1", [w.rows["chat:owner"].id]))[0].event_id,
      }),
      (d) => d.chatMessageByEventId,
    ),
  ),
  Q(
    "allChatMessages",
    "chat_messages: list",
    "read the owner's conversation about T (admins included: it is private)",
    OWNER,
    guestPerm(NONE),
    ask(
      `query L($u: UUID!, $t: UUID!) { allChatMessages(condition: { recipientId: $u, thingId: $t }) { nodes { id } } }`,
      (w) => ({ u: w.as.owner.id, t: w.T.id }),
      has("allChatMessages", id("chat:owner")),
    ),
  ),
  M(
    "sendChatMessage",
    "send_chat_message(): call",
    "ask the assistant about T",
    SEES_T,
    { guest: "LOGIN", others: "NTFND" },
    ask(
      `mutation C($m: JSON!) { sendChatMessage(input: { message: "How is it doing?", metadata: $m }) { chatMessage { id } } }`,
      (w) => ({ m: { thingId: w.T.id } }),
      (d) => d.sendChatMessage?.chatMessage,
    ),
  ),
  ...readPair("feedback", "feedbackById", "feedback:owner", "feedback", MANAGERS, guestPerm(NONE)),
  Q(
    "allFeedbacks",
    "feedback: list",
    "read the owner's feedback",
    MANAGERS,
    guestPerm(NONE),
    ask(`query { allFeedbacks { nodes { id } } }`, () => ({}), has("allFeedbacks", id("feedback:owner"))),
  ),
  M(
    "createFeedback",
    "feedback: create",
    "send feedback",
    SIGNED_IN,
    PERM,
    ask(
      `mutation { createFeedback(input: { feedback: { subject: "Matrix", message: "Hello" } }) { feedback { id } } }`,
      () => ({}),
      (d) => d.createFeedback?.feedback,
    ),
  ),
  ...deletePair("Feedback", "feedback", "delete a fresh piece of the owner's feedback", ADMIN, PERM, (w) => w.feedback()),
  M(
    "newFiles",
    "images: attach",
    "attach your own upload as T's picture",
    MANAGERS,
    { guest: "LOGIN", others: "NTFND" },
    async (w, role) => {
      const session = await w.upload(role);
      const result = await w.call(
        role,
        `mutation F($s: String!, $id: UUID!) { newFiles(input: { sessionId: $s, type: "thing", id: $id }) { movedFiles } }`,
        { s: session, id: w.T.id },
      );
      return { result, value: result.data?.newFiles?.movedFiles };
    },
  ),

  //------------------------------------------------------------------------------------------
  // History (issue 26): those who see a record read its history; owners and admins restore.
  Q(
    "allHistoryEntries",
    "history_entries: list",
    "read T's history",
    SEES_T,
    NONE,
    ask(
      `query L($t: UUID!) { allHistoryEntries(condition: { targetId: $t }) { nodes { id } } }`,
      (w) => ({ t: w.T.id }),
      (d) => d.allHistoryEntries?.nodes,
    ),
  ),
  Q(
    "historyEntryById",
    "history_entries: read",
    "read T's creation entry by id",
    SEES_T,
    NONE,
    ask(
      `query R($id: UUID!) { historyEntryById(id: $id) { id } }`,
      async (w) => ({ id: (await creationOfT(w)).id }),
      (d) => d.historyEntryById,
    ),
  ),
  Q(
    "historyEntry",
    "history_entries: read",
    "read T's creation entry by nodeId",
    SEES_T,
    NONE,
    ask(
      `query R($n: ID!) { historyEntry(nodeId: $n) { id } }`,
      async (w) => ({ n: (await creationOfT(w)).nodeId }),
      (d) => d.historyEntry,
    ),
  ),
  M(
    "restoreHistoryEntry",
    "restore_history_entry(): call",
    "restore a fresh private thing's version before the owner's change",
    MANAGERS,
    { guest: PERM, stranger: "NTFND", others: "DNIED" },
    ask(
      `mutation R($e: UUID!) { restoreHistoryEntry(input: { entryId: $e }) { historyEntry { id } } }`,
      async (w) => ({ e: (await freshChange(w)).id }),
      (d) => d.restoreHistoryEntry?.historyEntry,
    ),
  ),

  // Moderation (issue 26): anyone signed in reports what they see; admins decide and suspend.
  M(
    "reportContent",
    "report_content(): call",
    "report T",
    SEES_T,
    { guest: PERM, others: "NTFND" },
    ask(
      `mutation R($t: UUID!) { reportContent(input: { targetType: THING, targetId: $t, reason: SPAM }) { contentReport { id } } }`,
      (w) => ({ t: w.T.id }),
      (d) => d.reportContent?.contentReport,
    ),
  ),
  Q(
    "allContentReports",
    "content_reports: list",
    "list the owner's reports (the reporter's own; admins all)",
    ["owner", "admin"],
    guestPerm(NONE),
    ask(
      `query L($u: UUID!) { allContentReports(condition: { reporterId: $u }) { nodes { id } } }`,
      async (w) => ({ u: w.as.owner.id, $fresh: await freshReport(w) }),
      has("allContentReports", (_w, v) => (v.$fresh as { id: string }).id),
    ),
  ),
  Q(
    "contentReportById",
    "content_reports: read",
    "read the owner's report by id",
    ["owner", "admin"],
    guestPerm(NONE),
    ask(
      `query R($id: UUID!) { contentReportById(id: $id) { id } }`,
      async (w) => ({ id: (await freshReport(w)).id }),
      (d) => d.contentReportById,
    ),
  ),
  Q(
    "contentReport",
    "content_reports: read",
    "read the owner's report by nodeId",
    ["owner", "admin"],
    guestPerm(NONE),
    ask(
      `query R($n: ID!) { contentReport(nodeId: $n) { id } }`,
      async (w) => ({ n: (await freshReport(w)).nodeId }),
      (d) => d.contentReport,
    ),
  ),
  M(
    "moderateReport",
    "moderate_report(): call",
    "dismiss a fresh report of T",
    ADMIN,
    PERM,
    ask(
      `mutation M($r: UUID!) { moderateReport(input: { reportId: $r, decision: "dismiss" }) { contentReport { status } } }`,
      async (w) => ({ r: (await freshReport(w)).id }),
      (d) => d.moderateReport?.contentReport,
    ),
  ),
  M(
    "suspendUser",
    "suspend_user(): call",
    "suspend a fresh account",
    ADMIN,
    PERM,
    ask(
      `mutation S($u: UUID!) { suspendUser(input: { userId: $u }) { user { id } } }`,
      async (w) => ({ u: (await w.freshUser()).id }),
      (d) => d.suspendUser?.user,
    ),
  ),

  //------------------------------------------------------------------------------------------
  // Adoption (issue 26): whoever sees a thing may look after it; each stops only their own.
  M(
    "adoptThing",
    "thing_adoptions: insert",
    "adopt T (private)",
    SEES_T,
    { guest: PERM, others: "NTFND" },
    ask(
      `mutation A($t: UUID!) { adoptThing(input: { thingId: $t }) { thingAdoption { id } } }`,
      (w) => ({ t: w.T.id }),
      (d) => d.adoptThing?.thingAdoption,
    ),
  ),
  M(
    "stopAdoptingThing",
    "thing_adoptions: delete",
    "stop looking after PT (each their own adoption)",
    SIGNED_IN,
    PERM,
    ask(
      `mutation S($t: UUID!) { stopAdoptingThing(input: { thingId: $t }) { thingAdoption { id } } }`,
      async (w, role) => {
        if (role !== "guest")
          await w.sql("insert into app_public.thing_adoptions (thing_id, user_id) values ($1, $2) on conflict do nothing", [
            w.PT.id,
            w.as[role].id,
          ]);
        return { t: w.PT.id };
      },
      (d) => d.stopAdoptingThing?.thingAdoption,
    ),
  ),

  // Watering rotas (issue 26): members take days; owners manage; swaps between members.
  M(
    "takeRotaSlot",
    "rota_slots: insert",
    "take Thursdays on G's rota for oneself",
    ["member", "owner"],
    { guest: PERM, others: "DNIED" },
    ask(
      `mutation R($g: UUID!) { takeRotaSlot(input: { groupId: $g, weekday: 4 }) { rotaSlot { id } } }`,
      (w) => ({ g: w.G.id }),
      (d) => d.takeRotaSlot?.rotaSlot,
    ),
  ),
  M(
    "leaveRotaSlot",
    "rota_slots: delete",
    "take the member's Monday off G's rota",
    ["member", "owner", "admin"],
    { guest: PERM, others: "NTFND" },
    ask(
      `mutation L($s: UUID!) { leaveRotaSlot(input: { slotId: $s }) { rotaSlot { id } } }`,
      async (w) => ({ s: await memberMondaySlot(w) }),
      (d) => d.leaveRotaSlot?.rotaSlot,
    ),
  ),
  M(
    "askRotaSwap",
    "rota_swaps: insert",
    "ask to swap the member's next Monday",
    ["member"],
    { guest: PERM, owner: "DNIED", admin: "DNIED", others: "NTFND" },
    ask(
      `mutation A($s: UUID!, $d: Date!) { askRotaSwap(input: { slotId: $s, onDate: $d }) { rotaSwap { id } } }`,
      async (w) => ({ s: await memberMondaySlot(w), d: await nextMonday(w) }),
      (d) => d.askRotaSwap?.rotaSwap,
    ),
  ),
  M(
    "acceptRotaSwap",
    "rota_swaps: accept",
    "take the member's next Monday",
    ["owner"],
    { guest: PERM, member: "INVLD", admin: "DNIED", others: "NTFND" },
    ask(
      `mutation A($s: UUID!) { acceptRotaSwap(input: { swapId: $s }) { rotaSwap { id } } }`,
      async (w) => ({ s: await freshSwap(w) }),
      (d) => d.acceptRotaSwap?.rotaSwap,
    ),
  ),
  M(
    "cancelRotaSwap",
    "rota_swaps: cancel",
    "withdraw the member's request",
    ["member", "owner", "admin"],
    { guest: PERM, others: "NTFND" },
    ask(
      `mutation C($s: UUID!) { cancelRotaSwap(input: { swapId: $s }) { rotaSwap { id } } }`,
      async (w) => ({ s: await freshSwap(w) }),
      (d) => d.cancelRotaSwap?.rotaSwap,
    ),
  ),

  //------------------------------------------------------------------------------------------
  // Navigation analytics and admin figures
  M(
    "syncNavigationEvents",
    "sync_navigation_events(): call",
    "file navigation events under the owner's user id",
    OWNER,
    NONE,
    ask(
      `mutation S($s: UUID!, $u: UUID!, $e: JSON!) { syncNavigationEvents(input: { sessionId: $s, userId: $u, events: $e }) { syncNavigationResult { success } } }`,
      (w) => ({
        s: randomUUID(),
        u: w.as.owner.id,
        e: [{ from: "/", to: "/things", timestamp: new Date().toISOString(), timeSpent: 1200 }],
      }),
      (d) => d.syncNavigationEvents?.syncNavigationResult?.success,
    ),
  ),
  M(
    "syncUserSession",
    "sync_user_session(): call",
    "file a browsing session under the owner's user id",
    OWNER,
    NONE,
    ask(
      `mutation S($s: UUID!, $u: UUID!, $at: Datetime!) { syncUserSession(input: { sessionId: $s, userId: $u, startedAt: $at }) { syncSessionResult { success } } }`,
      (w) => ({ s: randomUUID(), u: w.as.owner.id, at: new Date(Date.now() - 60_000).toISOString() }),
      (d) => d.syncUserSession?.syncSessionResult?.success,
    ),
  ),
  Q(
    "getNavigationAnalytics",
    "get_navigation_analytics(): call",
    "read the analytics summary",
    ADMIN,
    PERM,
    ask(
      `query { getNavigationAnalytics }`,
      () => ({}),
      (d) => d.getNavigationAnalytics,
    ),
  ),
  ...(["navigationRouteStats", "navigationPatternStats", "navigationSessionStats", "navigationDailyStats"] as const).map((f) =>
    Q(
      f,
      `${f.replace(/[A-Z]/g, (c) => "_" + c.toLowerCase())}(): call`,
      `read ${f}`,
      ADMIN,
      PERM,
      ask(
        `query { ${f} { totalCount } }`,
        () => ({}),
        (d) => d[f],
      ),
    ),
  ),
  Q(
    "adminTotals",
    "admin_totals(): call",
    "read the totals of things, devices and users",
    ADMIN,
    PERM,
    ask(
      `query { adminTotals { things } }`,
      () => ({}),
      (d) => d.adminTotals,
    ),
  ),

  // Water points (issue 21): everyone reads them; only an admin replaces the layer.
  Q(
    "waterPointsInView",
    "water_points_in_view(): call",
    "read the water points of an area",
    EVERYONE,
    NONE,
    ask(
      `query { waterPointsInView(west: -180, south: -85, east: 180, north: 85) { totalCount } }`,
      () => ({}),
      (d) => d.waterPointsInView,
    ),
  ),
  M(
    "importWaterPoints",
    "import_water_points(): call",
    "replace the water points layer",
    ADMIN,
    { guest: PERM, others: "DNIED" },
    ask(
      `mutation W($g: JSON!) { importWaterPoints(input: { geojson: $g, source: "matrix" }) { integer } }`,
      () => ({
        g: {
          type: "FeatureCollection",
          features: [
            { type: "Feature", geometry: { type: "Point", coordinates: [-0.97, 51.45] }, properties: { name: "Matrix tap", kind: "tap" } },
          ],
        },
      }),
      (d) => d.importWaterPoints?.integer,
    ),
  ),

  //------------------------------------------------------------------------------------------
  // Environmental data (public; served from local replays of the sources) and plumbing
  Q(
    "rainfallStations",
    "environment: rainfall",
    "find rainfall stations near Reading",
    EVERYONE,
    NONE,
    ask(
      `query { rainfallStations(x: 51.4543, y: -0.9781, dist: 10) { stations { id } } }`,
      () => ({}),
      (d) => d.rainfallStations?.stations,
    ),
  ),
  Q(
    "rainfallStation",
    "environment: rainfall",
    "read a rainfall station",
    EVERYONE,
    NONE,
    ask(
      `query { rainfallStation(id: "271011TP") { label } }`,
      () => ({}),
      (d) => d.rainfallStation,
    ),
  ),
  Q(
    "rainfallMeasures",
    "environment: rainfall",
    "read a station's measures",
    EVERYONE,
    NONE,
    ask(
      `query { rainfallMeasures(stationId: "271011TP") { measures { id } } }`,
      () => ({}),
      (d) => d.rainfallMeasures?.measures,
    ),
  ),
  Q(
    "rainfallReadings",
    "environment: rainfall",
    "read a station's latest readings",
    EVERYONE,
    NONE,
    ask(
      `query { rainfallReadings(stationId: "271011TP", latest: true) { readings { value } } }`,
      () => ({}),
      (d) => d.rainfallReadings?.readings,
    ),
  ),
  Q(
    "nearestWeatherForecasts",
    "environment: weather",
    "read the forecast for Reading",
    EVERYONE,
    NONE,
    ask(
      `query { nearestWeatherForecasts(latitude: 51.4543, longitude: -0.9781) { latitude } }`,
      () => ({}),
      (d) => d.nearestWeatherForecasts,
    ),
  ),
  // The layers may hold nothing at a point: any answer without an error is the public answer.
  Q(
    "soilscape",
    "environment: soilscape",
    "look up the soilscape at a point",
    EVERYONE,
    NONE,
    ask(
      `query { soilscape(x: 51.4543, y: -0.9781) { attribution } }`,
      () => ({}),
      () => true,
    ),
  ),
  Q(
    "soilscapeLayer",
    "environment: soilscape",
    "read the soilscape layer of a box",
    EVERYONE,
    NONE,
    ask(
      `query { soilscapeLayer(south: 51.4, west: -1.0, north: 51.5, east: -0.9) }`,
      () => ({}),
      (d) => d.soilscapeLayer,
    ),
  ),
  Q(
    "bLines",
    "environment: B-Lines",
    "read the B-Lines near a point",
    EVERYONE,
    NONE,
    ask(
      `query { bLines(x: 51.4543, y: -0.9781) }`,
      () => ({}),
      (d) => d.bLines,
    ),
  ),
  Q(
    "query",
    "plumbing",
    "reach the Query root again",
    EVERYONE,
    NONE,
    ask(
      `query { query { nodeId } }`,
      () => ({}),
      (d) => d.query,
    ),
  ),
  Q(
    "nodeId",
    "plumbing",
    "read the Query root's nodeId",
    EVERYONE,
    NONE,
    ask(
      `query { nodeId }`,
      () => ({}),
      (d) => d.nodeId,
    ),
  ),

  //------------------------------------------------------------------------------------------
  // Subscriptions (over a real websocket; "none" = nothing delivered within the wait)
  S("thingUpdated", "thing:<id> topic", "hear T change (an action recorded on it)", SEES_T, NONE, (w, role) =>
    w.heard("thingUpdated", role),
  ),
  S("notificationAdded", "user:<id> topic", "hear a notification raised for yourself", SIGNED_IN, NONE, (w, role) =>
    w.heard("notificationAdded", role),
  ),
];
