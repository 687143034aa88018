// The history of things, devices and groups (db/migrations/20261126070000_change_history.sql):
// recorded by triggers, readable by those who see the record, restorable by owners and admins.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type pg from "pg";
import { owner, asRole, makeUser } from "./sql-client.ts";

let db: pg.Client;
let ann: Awaited<ReturnType<typeof makeUser>>;
let bea: Awaited<ReturnType<typeof makeUser>>;
let admin: Awaited<ReturnType<typeof makeUser>>;
let groupId: string;
let thingId: string;
let privateThingId: string;
let deviceId: string;

const ann_ = () => ({ role: "bk_user" as const, sessionId: ann.sessionId });
const bea_ = () => ({ role: "bk_user" as const, sessionId: bea.sessionId });
const admin_ = () => ({ role: "bk_admin" as const, sessionId: admin.sessionId });

/** Runs fn as a web role and commits, as one API request does. */
async function committedAs<T>(as: { role: string; sessionId?: string }, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = await owner();
  try {
    await c.query("begin");
    await c.query("select set_config('role', $1, true), set_config('jwt.claims.session_id', $2, true)", [as.role, as.sessionId ?? ""]);
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

async function entries(thing: string) {
  const { rows } = await db.query(
    "select id, operation, changed_by, before, after, restored_from_id from app_public.history_entries where target_id = $1 order by changed_at, id",
    [thing],
  );
  return rows;
}

beforeAll(async () => {
  db = await owner();
  ann = await makeUser(db);
  bea = await makeUser(db);
  admin = await makeUser(db, { admin: true });
  const {
    rows: [group],
  } = await db.query("insert into app_public.groups (name, type, is_public) values ('History Growers', 'GROWER', true) returning id");
  groupId = group.id;
  await db.query("insert into app_public.group_memberships (group_id, user_id, is_owner) values ($1, $2, true)", [groupId, ann.userId]);
  const {
    rows: [thing],
  } = await db.query(
    "insert into app_public.things (group_id, name, type, location, is_public) values ($1, 'History Planter', 'PLANTER', point(51.4, -0.9), true) returning id",
    [groupId],
  );
  thingId = thing.id;
  const {
    rows: [secret],
  } = await db.query(
    "insert into app_public.things (group_id, name, type, location, is_public) values ($1, 'Secret Planter', 'PLANTER', point(51.4, -0.9), false) returning id",
    [groupId],
  );
  privateThingId = secret.id;
  await db.query(
    "insert into app_public.thing_accesses (thing_id, user_id, is_owner, is_collaborator) values ($1, $3, true, true), ($2, $3, true, true)",
    [thingId, privateThingId, ann.userId],
  );
  const {
    rows: [device],
  } = await db.query(
    "insert into app_public.devices (device_id, name, model, location, is_public) values ('eui-history' || floor(random() * 1e9)::text, 'History Sensor', 'LSE01', point(51.4, -0.9), true) returning id",
  );
  deviceId = device.id;
  await db.query("insert into app_public.device_accesses (device_id, user_id, is_owner) values ($1, $2, true)", [deviceId, ann.userId]);
});
afterAll(async () => {
  await db.end();
});

describe("recording", () => {
  it("records a creation with every recorded field, and a change with only the changed fields, who and when", async () => {
    await committedAs(ann_(), (c) =>
      c.query("update app_public.things set name = 'Renamed Planter', description = 'By the door' where id = $1", [thingId]),
    );
    const rows = await entries(thingId);
    expect(rows[0]).toMatchObject({ operation: "insert", before: null });
    expect(rows[0].after).toMatchObject({ name: "History Planter", type: "PLANTER", is_public: true });
    expect(rows[1]).toMatchObject({
      operation: "update",
      changed_by: ann.userId,
      before: { name: "History Planter", description: null },
      after: { name: "Renamed Planter", description: "By the door" },
    });
  });

  it("does not record readings or the water-need model (the system keeps them up)", async () => {
    const before = (await entries(thingId)).length;
    await db.query("update app_public.things set water = 12, last_sensor_data = now(), water_need = 'fine' where id = $1", [thingId]);
    expect((await entries(thingId)).length).toBe(before);
  });

  it("records a column added after the history began, without naming it anywhere", async () => {
    await db.query("alter table app_public.things add column history_probe text");
    try {
      await db.query("update app_public.things set history_probe = 'oak' where id = $1", [thingId]);
      const rows = await entries(thingId);
      expect(rows.at(-1)).toMatchObject({ before: { history_probe: null }, after: { history_probe: "oak" } });
    } finally {
      await db.query("alter table app_public.things drop column history_probe");
    }
  });

  it("records devices and groups too", async () => {
    await committedAs(ann_(), (c) => c.query("update app_public.devices set name = 'Renamed Sensor' where id = $1", [deviceId]));
    await committedAs(ann_(), (c) => c.query("update app_public.groups set description = 'We water' where id = $1", [groupId]));
    const { rows } = await db.query(
      "select target_type, after from app_public.history_entries where target_id in ($1, $2) and operation = 'update' order by target_type",
      [deviceId, groupId],
    );
    expect(rows).toEqual([
      { target_type: "device", after: { name: "Renamed Sensor" } },
      { target_type: "group", after: { description: "We water" } },
    ]);
  });
});

describe("who sees the history", () => {
  it("anyone who can see a public thing sees its history, guests included", async () => {
    const rows = await asRole({ role: "bk_anonymous" }, (c) =>
      c.query("select id from app_public.history_entries where target_id = $1", [thingId]),
    );
    expect(rows.rowCount).toBeGreaterThan(0);
  });

  it("someone who cannot see a private thing cannot see its history (denied)", async () => {
    await committedAs(ann_(), (c) => c.query("update app_public.things set name = 'Secret Renamed' where id = $1", [privateThingId]));
    const rows = await asRole(bea_(), (c) => c.query("select id from app_public.history_entries where target_id = $1", [privateThingId]));
    expect(rows.rowCount).toBe(0);
  });

  it("its owner sees the private thing's history (allowed)", async () => {
    const rows = await asRole(ann_(), (c) => c.query("select id from app_public.history_entries where target_id = $1", [privateThingId]));
    expect(rows.rowCount).toBe(2);
  });

  it("web roles cannot write history themselves", async () => {
    await expect(
      asRole(ann_(), (c) =>
        c.query("insert into app_public.history_entries (target_type, target_id, operation) values ('thing', $1, 'update')", [thingId]),
      ),
    ).rejects.toThrow(/permission denied/);
  });
});

describe("restoring an earlier version", () => {
  let changeId: string;
  beforeAll(async () => {
    await committedAs(ann_(), (c) =>
      c.query("update app_public.things set name = 'Vandalised', description = 'spam spam' where id = $1", [thingId]),
    );
    changeId = (await entries(thingId)).at(-1).id;
  });

  it("a non-owner cannot restore (denied), and nothing changes", async () => {
    await expect(asRole(bea_(), (c) => c.query("select * from app_public.restore_history_entry($1)", [changeId]))).rejects.toMatchObject({
      code: "DNIED",
      message: "Only the owners of the thing and admins can restore an earlier version",
    });
    const { rows } = await db.query("select name from app_public.things where id = $1", [thingId]);
    expect(rows[0].name).toBe("Vandalised");
  });

  it("a guest cannot restore (denied)", async () => {
    await expect(
      asRole({ role: "bk_anonymous" }, (c) => c.query("select * from app_public.restore_history_entry($1)", [changeId])),
    ).rejects.toThrow(/permission denied/);
  });

  it("the owner restores: the before values come back, and the restore is recorded in turn (allowed)", async () => {
    const {
      rows: [restored],
    } = await committedAs(ann_(), (c) => c.query("select * from app_public.restore_history_entry($1)", [changeId]));
    expect(restored).toMatchObject({
      operation: "update",
      changed_by: ann.userId,
      restored_from_id: changeId,
      before: { name: "Vandalised", description: "spam spam" },
      after: { name: "Renamed Planter", description: "By the door" },
    });
    const { rows } = await db.query("select name, description from app_public.things where id = $1", [thingId]);
    expect(rows[0]).toEqual({ name: "Renamed Planter", description: "By the door" });
  });

  it("restoring again when nothing would change is refused with the reason", async () => {
    await expect(asRole(ann_(), (c) => c.query("select * from app_public.restore_history_entry($1)", [changeId]))).rejects.toMatchObject({
      code: "INVLD",
      message: "The thing already has the values of this version",
    });
  });

  it("a creation has no earlier version", async () => {
    const created = (await entries(thingId))[0].id;
    await expect(asRole(ann_(), (c) => c.query("select * from app_public.restore_history_entry($1)", [created]))).rejects.toMatchObject({
      code: "INVLD",
    });
  });

  it("an admin restores a device's earlier version (allowed)", async () => {
    const {
      rows: [change],
    } = await db.query(
      "select id from app_public.history_entries where target_id = $1 and operation = 'update' order by changed_at desc limit 1",
      [deviceId],
    );
    await asRole(admin_(), async (c) => {
      await c.query("select * from app_public.restore_history_entry($1)", [change.id]);
      const { rows } = await c.query("select name from app_public.devices where id = $1", [deviceId]);
      expect(rows[0].name).toBe("History Sensor");
    });
  });

  it("someone who cannot see the entry gets 'not found'", async () => {
    const {
      rows: [change],
    } = await db.query("select id from app_public.history_entries where target_id = $1 and operation = 'update' limit 1", [privateThingId]);
    await expect(asRole(bea_(), (c) => c.query("select * from app_public.restore_history_entry($1)", [change.id]))).rejects.toMatchObject({
      code: "NTFND",
    });
  });

  it("canRestore says who may restore", async () => {
    const ask = (as: { role: "bk_user" | "bk_admin" | "bk_anonymous"; sessionId?: string }) =>
      asRole(as, (c) =>
        c.query("select app_public.history_entries_can_restore(e) as ok from app_public.history_entries e where id = $1", [changeId]),
      );
    expect((await ask(ann_())).rows[0].ok).toBe(true);
    expect((await ask(admin_())).rows[0].ok).toBe(true);
    expect((await ask(bea_())).rows[0].ok).toBe(false);
    expect((await ask({ role: "bk_anonymous" })).rows[0].ok).toBe(false);
  });
});
