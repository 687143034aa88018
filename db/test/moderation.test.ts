// Moderation (db/migrations/20261126070100_moderation.sql): reports by anyone signed in, rate
// limited; admins hide, restore or dismiss, and suspend accounts; hidden content is gone for
// everyone but admins at once. Every rule allowed and denied.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type pg from "pg";
import { owner, asRole, makeUser } from "./sql-client.ts";

type User = Awaited<ReturnType<typeof makeUser>>;
let db: pg.Client;
let ann: User; // owns the group and its things
let bea: User; // reports
let cid: User; // another user, who must stop seeing hidden content
let admin: User;
let groupId: string;
let thingId: string;
let actionId: string;
let messageId: string;

const as = (u: User, role: "bk_user" | "bk_admin" = "bk_user") => ({ role, sessionId: u.sessionId });

async function committedAs<T>(who: { role: string; sessionId?: string }, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = await owner();
  try {
    await c.query("begin");
    await c.query("select set_config('role', $1, true), set_config('jwt.claims.session_id', $2, true)", [who.role, who.sessionId ?? ""]);
    const result = await fn(c);
    await c.query("commit");
    return result;
  } catch (error) {
    await c.query("rollback").catch(() => {});
    throw error;
  } finally {
    await c.end();
  }
}

async function newThing(name: string): Promise<string> {
  const {
    rows: [t],
  } = await db.query(
    "insert into app_public.things (group_id, name, type, location, is_public, created_by) values ($1, $2, 'PLANTER', point(51.41, -0.91), true, $3) returning id",
    [groupId, name, ann.userId],
  );
  return t.id;
}

const report = (who: User, type: string, id: string, extra: { reason?: string; details?: string | null; pictureOf?: string | null } = {}) =>
  committedAs(as(who), (c) =>
    c.query("select * from app_public.report_content($1, $2, $3, $4, $5)", [
      type,
      id,
      extra.reason ?? "spam",
      extra.details ?? null,
      extra.pictureOf ?? null,
    ]),
  ).then((r) => r.rows[0]);

beforeAll(async () => {
  db = await owner();
  ann = await makeUser(db);
  bea = await makeUser(db);
  cid = await makeUser(db);
  admin = await makeUser(db, { admin: true });
  const {
    rows: [group],
  } = await db.query("insert into app_public.groups (name, type, is_public) values ('Moderated Growers', 'GROWER', true) returning id");
  groupId = group.id;
  await db.query("insert into app_public.group_memberships (group_id, user_id, is_owner) values ($1, $2, true)", [groupId, ann.userId]);
  thingId = await newThing("Spam Planter");
  const {
    rows: [action],
  } = await db.query(
    "insert into app_public.actions (thing_id, type, comments, created_by) values ($1, 'UPKEEP', 'Buy cheap watches', $2) returning id",
    [thingId, ann.userId],
  );
  actionId = action.id;
  const {
    rows: [message],
  } = await db.query(
    "insert into app_public.chat_messages (thing_id, recipient_id, type_name, sender, message_text) values ($1, $2, 'user', 'Bea', 'A rude question') returning id",
    [thingId, bea.userId],
  );
  messageId = message.id;
});
afterAll(async () => {
  await db.end();
});

describe("reporting", () => {
  it("a guest cannot report (denied)", async () => {
    await expect(
      asRole({ role: "bk_anonymous" }, (c) => c.query("select * from app_public.report_content('thing', $1, 'spam')", [thingId])),
    ).rejects.toThrow(/permission denied/);
  });

  it("anyone signed in reports a thing they can see, with what it said and whose it is (allowed)", async () => {
    const r = await report(bea, "thing", thingId, { details: "  Advertising  " });
    expect(r).toMatchObject({
      reporter_id: bea.userId,
      target_type: "thing",
      reason: "spam",
      details: "Advertising",
      excerpt: "Spam Planter",
      author_id: ann.userId,
      status: "open",
    });
  });

  it("a report without a target type or id says what is missing and records nothing", async () => {
    // Found by the property test: GraphQL leaves both optional, and the function's case had no
    // branch for a null type (an internal error).
    const count = async () =>
      Number((await db.query("select count(*) from app_public.content_reports where reporter_id = $1", [cid.userId])).rows[0].count);
    const before = await count();
    for (const [type, id] of [
      [null, thingId],
      ["thing", null],
      [null, null],
    ] as const) {
      await expect(
        committedAs(as(cid), (c) => c.query("select * from app_public.report_content($1, $2, 'offensive', 'details', 'JS4')", [type, id])),
      ).rejects.toMatchObject({
        code: "INVLD",
        message: "Say what you are reporting: a thing, picture, action or chat message, and which one",
      });
    }
    expect(await count()).toBe(before);
  });

  it("reporting the same thing again while open answers with the first report", async () => {
    const first = await report(bea, "thing", thingId);
    const again = await report(bea, "thing", thingId, { reason: "offensive" });
    expect(again.id).toBe(first.id);
  });

  it("an action and one's own chat message can be reported (allowed)", async () => {
    expect(await report(bea, "action", actionId, { reason: "offensive" })).toMatchObject({
      excerpt: "Buy cheap watches",
      author_id: ann.userId,
    });
    expect(await report(bea, "chat_message", messageId, { reason: "wrong" })).toMatchObject({ excerpt: "A rude question" });
  });

  it("someone else's conversation cannot be reported: it is not theirs to see (denied)", async () => {
    await expect(report(cid, "chat_message", messageId)).rejects.toMatchObject({
      code: "NTFND",
      message: "There is nothing to report there: it does not exist or you cannot see it",
    });
  });

  it("a private thing the reporter cannot see cannot be reported (denied)", async () => {
    const {
      rows: [secret],
    } = await db.query(
      "insert into app_public.things (group_id, name, type, location, is_public) values ($1, 'Secret Spot', 'PLANTER', point(51.4, -0.9), false) returning id",
      [groupId],
    );
    await expect(report(cid, "thing", secret.id)).rejects.toMatchObject({ code: "NTFND" });
  });

  it("a picture is reported with whose it is; without that, the reason is given (INVLD)", async () => {
    await db.query("update app_public.things set has_image = true where id = $1", [thingId]);
    expect(await report(cid, "picture", thingId, { pictureOf: "thing", reason: "offensive" })).toMatchObject({
      picture_of: "thing",
      excerpt: "Picture of Spam Planter",
    });
    await expect(report(cid, "picture", thingId)).rejects.toMatchObject({
      code: "INVLD",
      message: "Say whose picture it is: a user, thing, group, device or action",
    });
  });

  it("details longer than 1000 characters are refused with the rule, and nothing is stored", async () => {
    const other = await newThing("Long Note Planter");
    await expect(report(cid, "thing", other, { details: "x".repeat(1001) })).rejects.toMatchObject({
      code: "INVLD",
      message: "Details must be at most 1000 characters",
    });
    const { rows } = await db.query("select count(*)::int as n from app_public.content_reports where target_id = $1", [other]);
    expect(rows[0].n).toBe(0);
  });

  it("at most 20 reports a day per person (RATEL), counted in the database", async () => {
    const dan = await makeUser(db);
    const ids = await Promise.all(Array.from({ length: 21 }, (_, i) => newThing(`Limit Planter ${i}`)));
    for (const id of ids.slice(0, 20)) await report(dan, "thing", id);
    await expect(report(dan, "thing", ids[20])).rejects.toMatchObject({
      code: "RATEL",
      message: "You can send up to 20 reports a day. Please try again tomorrow.",
    });
  });

  it("reporters see their own reports, not others' (denied); admins see all (allowed)", async () => {
    const mine = await asRole(as(bea), (c) => c.query("select reporter_id from app_public.content_reports"));
    expect(mine.rows.every((r) => r.reporter_id === bea.userId)).toBe(true);
    expect(mine.rowCount).toBeGreaterThan(0);
    const theirs = await asRole(as(ann), (c) => c.query("select id from app_public.content_reports where reporter_id = $1", [bea.userId]));
    expect(theirs.rowCount).toBe(0);
    const all = await asRole(as(admin, "bk_admin"), (c) =>
      c.query("select id from app_public.content_reports where reporter_id = $1", [bea.userId]),
    );
    expect(all.rowCount).toBeGreaterThan(0);
  });
});

describe("the admins' decisions", () => {
  it("a non-admin cannot hide, restore or dismiss (denied)", async () => {
    const r = await report(cid, "action", actionId);
    await expect(asRole(as(ann), (c) => c.query("select * from app_public.moderate_report($1, 'hide')", [r.id]))).rejects.toThrow(
      /permission denied/,
    );
  });

  it("an admin hides a thing: it is gone for everyone else at once, admins still see it marked hidden (allowed)", async () => {
    const r = await report(bea, "thing", thingId);
    const decided = await committedAs(as(admin, "bk_admin"), (c) =>
      c.query("select * from app_public.moderate_report($1, 'hide')", [r.id]),
    );
    expect(decided.rows[0]).toMatchObject({ status: "hidden", resolved_by: admin.userId });
    for (const who of [as(cid), as(bea), as(ann)]) {
      const seen = await asRole(who, (c) => c.query("select id from app_public.things where id = $1", [thingId]));
      expect(seen.rowCount).toBe(0);
    }
    expect(
      (await asRole({ role: "bk_anonymous" }, (c) => c.query("select id from app_public.things where id = $1", [thingId]))).rowCount,
    ).toBe(0);
    // What hangs off it goes with it: its actions, its history, its picture.
    expect((await asRole(as(cid), (c) => c.query("select id from app_public.actions where id = $1", [actionId]))).rowCount).toBe(0);
    expect(
      (await asRole(as(cid), (c) => c.query("select id from app_public.history_entries where target_id = $1", [thingId]))).rowCount,
    ).toBe(0);
    expect((await asRole(as(cid), (c) => c.query("select app_hidden.image_is_shown('thing', $1) as shown", [thingId]))).rows[0].shown).toBe(
      false,
    );
    const adminSees = await asRole(as(admin, "bk_admin"), (c) =>
      c.query("select hidden_at from app_public.things where id = $1", [thingId]),
    );
    expect(adminSees.rows[0].hidden_at).not.toBeNull();
    // Every open report of it is closed with the decision.
    const { rows } = await db.query(
      "select distinct status from app_public.content_reports where target_type = 'thing' and target_id = $1",
      [thingId],
    );
    expect(rows.map((x) => x.status)).toEqual(["hidden"]);
  });

  it("a hidden thing is left out of the map's public counts, and back in when restored", async () => {
    const count = async () =>
      (await db.query("select coalesce(sum(public_count), 0)::int as n from app_private.thing_map_cells where level = 0")).rows[0].n;
    const hiddenCount = await count();
    const r = (
      await db.query("select id from app_public.content_reports where target_type = 'thing' and target_id = $1 limit 1", [thingId])
    ).rows[0];
    await committedAs(as(admin, "bk_admin"), (c) => c.query("select * from app_public.moderate_report($1, 'restore')", [r.id]));
    expect(await count()).toBe(hiddenCount + 1);
    expect((await asRole(as(cid), (c) => c.query("select id from app_public.things where id = $1", [thingId]))).rowCount).toBe(1);
  });

  it("a hidden action disappears for others while its thing stays", async () => {
    const r = await report(bea, "action", actionId);
    await committedAs(as(admin, "bk_admin"), (c) => c.query("select * from app_public.moderate_report($1, 'hide')", [r.id]));
    expect((await asRole(as(cid), (c) => c.query("select id from app_public.actions where id = $1", [actionId]))).rowCount).toBe(0);
    expect((await asRole(as(ann), (c) => c.query("select id from app_public.actions where id = $1", [actionId]))).rowCount).toBe(0);
    expect((await asRole(as(cid), (c) => c.query("select id from app_public.things where id = $1", [thingId]))).rowCount).toBe(1);
    expect(
      (await asRole(as(admin, "bk_admin"), (c) => c.query("select id from app_public.actions where id = $1", [actionId]))).rowCount,
    ).toBe(1);
  });

  it("a hidden chat message leaves its conversation", async () => {
    const r = await report(bea, "chat_message", messageId);
    await committedAs(as(admin, "bk_admin"), (c) => c.query("select * from app_public.moderate_report($1, 'hide')", [r.id]));
    expect((await asRole(as(bea), (c) => c.query("select id from app_public.chat_messages where id = $1", [messageId]))).rowCount).toBe(0);
  });

  it("a hidden picture is served to admins only", async () => {
    const r = await report(bea, "picture", thingId, { pictureOf: "thing" });
    await committedAs(as(admin, "bk_admin"), (c) => c.query("select * from app_public.moderate_report($1, 'hide')", [r.id]));
    expect(
      (await asRole({ role: "bk_anonymous" }, (c) => c.query("select app_hidden.image_is_shown('thing', $1) as shown", [thingId]))).rows[0]
        .shown,
    ).toBe(false);
    expect((await asRole(as(ann), (c) => c.query("select app_hidden.image_is_shown('thing', $1) as shown", [thingId]))).rows[0].shown).toBe(
      false,
    );
    expect(
      (await asRole(as(admin, "bk_admin"), (c) => c.query("select app_hidden.image_is_shown('thing', $1) as shown", [thingId]))).rows[0]
        .shown,
    ).toBe(true);
  });

  it("dismissing leaves the content as it is; a closed report cannot be dismissed", async () => {
    const other = await newThing("Fine Planter");
    const r = await report(bea, "thing", other, { reason: "wrong" });
    const {
      rows: [d],
    } = await committedAs(as(admin, "bk_admin"), (c) => c.query("select * from app_public.moderate_report($1, 'dismiss')", [r.id]));
    expect(d.status).toBe("dismissed");
    expect((await asRole(as(cid), (c) => c.query("select id from app_public.things where id = $1", [other]))).rowCount).toBe(1);
    await expect(
      asRole(as(admin, "bk_admin"), (c) => c.query("select * from app_public.moderate_report($1, 'dismiss')", [r.id])),
    ).rejects.toMatchObject({
      code: "INVLD",
      message: "Only an open report can be dismissed",
    });
    await expect(
      asRole(as(admin, "bk_admin"), (c) => c.query("select * from app_public.moderate_report($1, 'delete')", [r.id])),
    ).rejects.toMatchObject({
      code: "INVLD",
    });
  });

  it("hiding is not in the thing's history, and owners cannot unhide by editing (no grant)", async () => {
    await expect(asRole(as(ann), (c) => c.query("update app_public.things set hidden_at = null where id = $1", [thingId]))).rejects.toThrow(
      /permission denied/,
    );
    const { rows } = await db.query(
      "select count(*)::int as n from app_public.history_entries where target_id = $1 and after ? 'hidden_at'",
      [thingId],
    );
    expect(rows[0].n).toBe(0);
  });
});

describe("suspending an account", () => {
  let eve: User;
  beforeAll(async () => {
    eve = await makeUser(db);
  });

  it("a non-admin cannot suspend (denied)", async () => {
    await expect(asRole(as(ann), (c) => c.query("select * from app_public.suspend_user($1)", [eve.userId]))).rejects.toThrow(
      /permission denied/,
    );
  });

  it("an admin cannot suspend themselves", async () => {
    await expect(
      asRole(as(admin, "bk_admin"), (c) => c.query("select * from app_public.suspend_user($1)", [admin.userId])),
    ).rejects.toMatchObject({
      code: "DNIED",
      message: "You cannot suspend your own account",
    });
  });

  it("a suspended user's session ends (cannot read as themselves or write) and they cannot sign in again (allowed for admins)", async () => {
    await committedAs(as(admin, "bk_admin"), (c) => c.query("select * from app_public.suspend_user($1)", [eve.userId]));
    const who = await asRole(as(eve), (c) => c.query("select app_public.current_user_id() as id"));
    expect(who.rows[0].id).toBeNull();
    await expect(
      asRole(as(eve), (c) => c.query("select * from app_public.report_content('thing', $1, 'spam')", [thingId])),
    ).rejects.toMatchObject({ code: "LOGIN" });
    await expect(db.query("select * from app_hidden.sign_in($1, 'Secret123', 'localhost')", [eve.username])).rejects.toMatchObject({
      code: "DNIED",
      message: "This account has been suspended by an administrator",
    });
    // A wrong passphrase still gets the usual answer: suspension tells nothing to a guesser.
    const wrong = await db.query("select * from app_hidden.sign_in($1, 'Wrong1234', 'localhost')", [eve.username]);
    expect(wrong.rows[0].session_id).toBeNull();
    const flag = await asRole(as(admin, "bk_admin"), (c) =>
      c.query("select app_public.users_is_suspended(u) as s from app_public.users u where id = $1", [eve.userId]),
    );
    expect(flag.rows[0].s).toBe(true);
    const hidden = await asRole(as(ann), (c) =>
      c.query("select app_public.users_is_suspended(u) as s from app_public.users u where id = $1", [eve.userId]),
    );
    expect(hidden.rows[0].s).toBeNull();
  });

  it("lifting the suspension lets them sign in again", async () => {
    await committedAs(as(admin, "bk_admin"), (c) => c.query("select * from app_public.suspend_user($1, false)", [eve.userId]));
    const { rows } = await db.query("select * from app_hidden.sign_in($1, 'Secret123', 'localhost')", [eve.username]);
    expect(rows[0].session_id).not.toBeNull();
  });
});
