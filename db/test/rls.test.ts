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
    const rows = await asRole({ role: "bk_user", sessionId: alice.sessionId }, (c) =>
      c.query("select email from app_public.user_emails"),
    );
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
