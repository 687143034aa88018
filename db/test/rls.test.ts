// Every table the API exposes must have row-level security; every policy rule has an allowed and
// a denied case.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type pg from "pg";
import { owner, asRole, makeUser } from "./sql-client.ts";

let db: pg.Client;
let alice: Awaited<ReturnType<typeof makeUser>>;
let bob: Awaited<ReturnType<typeof makeUser>>;
let admin: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  db = await owner();
  alice = await makeUser(db);
  bob = await makeUser(db);
  admin = await makeUser(db, { admin: true });
});
afterAll(async () => {
  await db.end();
});

describe("row-level security coverage", () => {
  it("is enabled on every table in app_public", async () => {
    const { rows } = await db.query(`
      select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'app_public' and c.relkind in ('r', 'p') and not c.relrowsecurity`);
    expect(rows.map((r) => r.relname)).toEqual([]);
  });

  it("no web role can use app_private", async () => {
    for (const role of ["bk_anonymous", "bk_user", "bk_admin"]) {
      const { rows } = await db.query("select has_schema_privilege($1, 'app_private', 'usage') as ok", [role]);
      expect(rows[0].ok).toBe(false);
    }
  });

  it("the sign-in secrets cannot be read even by an admin session", async () => {
    await expect(
      asRole({ role: "bk_admin", sessionId: admin.sessionId }, (c) => c.query("select * from app_private.user_secrets")),
    ).rejects.toThrow(/permission denied/);
  });
});

describe("users", () => {
  it("guests see no users", async () => {
    const rows = await asRole({ role: "bk_anonymous" }, (c) => c.query("select id from app_public.users"));
    expect(rows.rowCount).toBe(0);
  });

  it("signed-in users see profiles", async () => {
    const rows = await asRole({ role: "bk_user", sessionId: alice.sessionId }, (c) =>
      c.query("select id from app_public.users where id = $1", [bob.userId]),
    );
    expect(rows.rowCount).toBe(1);
  });

  it("a user may update their own profile", async () => {
    const rows = await asRole({ role: "bk_user", sessionId: alice.sessionId }, (c) =>
      c.query("update app_public.users set name = 'Alice Renamed' where id = $1 returning name", [alice.userId]),
    );
    expect(rows.rows[0].name).toBe("Alice Renamed");
  });

  it("a user may not update someone else's profile", async () => {
    const rows = await asRole({ role: "bk_user", sessionId: alice.sessionId }, (c) =>
      c.query("update app_public.users set name = 'Hijacked Name' where id = $1 returning name", [bob.userId]),
    );
    expect(rows.rowCount).toBe(0);
  });

  it("an admin may update someone else's profile", async () => {
    const rows = await asRole({ role: "bk_admin", sessionId: admin.sessionId }, (c) =>
      c.query("update app_public.users set name = 'Bob By Admin' where id = $1 returning name", [bob.userId]),
    );
    expect(rows.rowCount).toBe(1);
  });

  it("nobody can make themselves an admin", async () => {
    await expect(
      asRole({ role: "bk_user", sessionId: alice.sessionId }, (c) =>
        c.query("update app_public.users set is_admin = true where id = $1", [alice.userId]),
      ),
    ).rejects.toThrow(/permission denied/);
  });

  it("guests cannot update anybody", async () => {
    await expect(
      asRole({ role: "bk_anonymous" }, (c) => c.query("update app_public.users set name = 'Guest Edit' where id = $1", [alice.userId])),
    ).rejects.toThrow(/permission denied/);
  });

  it("invalid updates are refused with the rule's message", async () => {
    await expect(
      asRole({ role: "bk_user", sessionId: alice.sessionId }, (c) =>
        c.query("update app_public.users set username = '9lives' where id = $1", [alice.userId]),
      ),
    ).rejects.toThrow("Username must start with a letter");
  });

  it("a revoked session identifies nobody", async () => {
    await db.query("update app_private.sessions set revoked_at = now() where id = $1", [bob.sessionId]);
    const rows = await asRole({ role: "bk_user", sessionId: bob.sessionId }, (c) => c.query("select app_public.current_user_id() as id"));
    expect(rows.rows[0].id).toBeNull();
  });
});

describe("user_emails", () => {
  it("a user sees their own addresses", async () => {
    const rows = await asRole({ role: "bk_user", sessionId: alice.sessionId }, (c) => c.query("select email from app_public.user_emails"));
    expect(rows.rows.map((r) => r.email)).toEqual([alice.email]);
  });

  it("a user does not see other users' addresses", async () => {
    const rows = await asRole({ role: "bk_user", sessionId: alice.sessionId }, (c) =>
      c.query("select email from app_public.user_emails where user_id = $1", [bob.userId]),
    );
    expect(rows.rowCount).toBe(0);
  });

  it("an admin sees everyone's addresses", async () => {
    const rows = await asRole({ role: "bk_admin", sessionId: admin.sessionId }, (c) =>
      c.query("select email from app_public.user_emails where user_id = $1", [alice.userId]),
    );
    expect(rows.rowCount).toBe(1);
  });

  it("guests see no addresses", async () => {
    const rows = await asRole({ role: "bk_anonymous" }, (c) => c.query("select email from app_public.user_emails"));
    expect(rows.rowCount).toBe(0);
  });
});

// Found by the permission matrix (db/migrations/20261122000550_permission_fixes.sql).
describe("permission fixes", () => {
  let thingId: string;
  let carol: Awaited<ReturnType<typeof makeUser>>;
  // A collaborator of their own: bob's session is revoked by a test above.
  let dave: Awaited<ReturnType<typeof makeUser>>;

  beforeAll(async () => {
    carol = await makeUser(db);
    dave = await makeUser(db);
    const {
      rows: [group],
    } = await db.query("insert into app_public.groups (name, type, is_public) values ('Fix Growers', 'GROWER', true) returning id");
    await db.query("insert into app_public.group_memberships (group_id, user_id, is_owner) values ($1, $2, true)", [
      group.id,
      alice.userId,
    ]);
    const {
      rows: [thing],
    } = await db.query(
      "insert into app_public.things (group_id, name, type, location, is_public) values ($1, 'Fix Planter', 'PLANTER', point(51.4, -0.9), false) returning id",
      [group.id],
    );
    thingId = thing.id;
    await db.query(
      "insert into app_public.thing_accesses (thing_id, user_id, is_owner, is_collaborator) values ($1, $2, true, true), ($1, $3, false, true)",
      [thingId, alice.userId, dave.userId],
    );
  });

  it("a collaborator who asks to collaborate again stays a collaborator (no 'only owners' refusal)", async () => {
    const rows = await asRole({ role: "bk_user", sessionId: dave.sessionId }, (c) =>
      c.query("select is_collaborator, is_owner from app_public.collaborate_thing_access($1)", [thingId]),
    );
    expect(rows.rows[0]).toEqual({ is_collaborator: true, is_owner: false });
  });

  it("a collaborator still cannot make themselves an owner", async () => {
    const rows = await asRole({ role: "bk_user", sessionId: dave.sessionId }, (c) =>
      c.query("update app_public.thing_accesses set is_owner = true where thing_id = $1 and user_id = $2 returning id", [
        thingId,
        dave.userId,
      ]),
    );
    expect(rows.rowCount).toBe(0);
  });

  it("planning a task on a thing you may not plan on is refused with the reason (DNIED)", async () => {
    await expect(
      asRole({ role: "bk_user", sessionId: carol.sessionId }, (c) =>
        c.query("insert into app_public.tasks (thing_id, action_type, title) values ($1, 'WATERING', 'Sneaky task')", [thingId]),
      ),
    ).rejects.toMatchObject({ code: "DNIED", message: "Only the thing's owners, collaborators and group members can plan tasks on it" });
  });

  it("assigning a task you may not plan is refused with the reason (DNIED), and nobody is notified", async () => {
    const {
      rows: [task],
    } = await db.query("insert into app_public.tasks (thing_id, action_type, title) values ($1, 'UPKEEP', 'Weed it') returning id", [
      thingId,
    ]);
    await expect(
      asRole({ role: "bk_user", sessionId: carol.sessionId }, (c) =>
        c.query("insert into app_public.task_assignments (task_id, assigned_to) values ($1, $2)", [task.id, dave.userId]),
      ),
    ).rejects.toMatchObject({ code: "DNIED", message: "Only the people who plan tasks on the thing can assign this task" });
    const { rows } = await db.query(
      "select count(*)::int as n from app_public.notifications where user_id = $1 and kind = 'task_assigned'",
      [dave.userId],
    );
    expect(rows[0].n).toBe(0);
  });

  it("the thing's collaborators still plan and assign", async () => {
    const rows = await asRole({ role: "bk_user", sessionId: dave.sessionId }, async (c) => {
      const {
        rows: [task],
      } = await c.query("insert into app_public.tasks (thing_id, action_type, title) values ($1, 'WATERING', 'Water it') returning id", [
        thingId,
      ]);
      return c.query("insert into app_public.task_assignments (task_id, assigned_to) values ($1, $2) returning id", [
        task.id,
        alice.userId,
      ]);
    });
    expect(rows.rowCount).toBe(1);
  });
});
