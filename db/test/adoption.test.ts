// Adoption (db/migrations/20261127000100_adoption.sql and 20261127000300_adopters_told_first.sql):
// who may adopt and stop, what others see of it, the limits, and the dry alert that tells the
// adopters first and the owners only after the head start without a watering. Allowed and denied.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type pg from "pg";
import { owner, asRole, makeUser } from "./sql-client.ts";

type User = Awaited<ReturnType<typeof makeUser>>;
let db: pg.Client;
let ann: User; // owns the group and its things
let bea: User; // adopts
let cid: User; // a stranger
let dee: User; // a member of the group
let admin: User;
let groupId: string;
let publicThing: string;
let privateThing: string;

const as = (u: User, role: "bk_user" | "bk_admin" = "bk_user") => ({ role, sessionId: u.sessionId });

/** Runs one statement as `who` and commits it. */
async function call(who: { role: string; sessionId?: string }, text: string, values: unknown[] = []) {
  const c = await owner();
  try {
    await c.query("begin");
    await c.query("select set_config('role', $1, true), set_config('jwt.claims.session_id', $2, true)", [who.role, who.sessionId ?? ""]);
    const result = await c.query(text, values);
    await c.query("commit");
    return result.rows;
  } catch (error) {
    await c.query("rollback").catch(() => {});
    throw error;
  } finally {
    await c.end();
  }
}

let place = 0;
async function newThing(name: string, isPublic = true): Promise<string> {
  place += 1;
  // Far from every other test's places, so nobody else's rain or forecasts hold its alert back.
  const {
    rows: [t],
  } = await db.query(
    "insert into app_public.things (group_id, name, type, location, is_public, created_by) values ($1, $2, 'PLANTER', point($3, $4), $5, $6) returning id",
    [groupId, name, -40 - place, 140 + place, isPublic, ann.userId],
  );
  await db.query("insert into app_public.thing_accesses (thing_id, user_id, is_owner, is_collaborator) values ($1, $2, true, true)", [
    t.id,
    ann.userId,
  ]);
  return t.id;
}

const adopt = (u: User, thingId: string) => call(as(u), "select * from app_public.adopt_thing($1)", [thingId]).then((r) => r[0]);

beforeAll(async () => {
  db = await owner();
  [ann, bea, cid, dee] = [await makeUser(db), await makeUser(db), await makeUser(db), await makeUser(db)];
  admin = await makeUser(db, { admin: true });
  const {
    rows: [group],
  } = await db.query("insert into app_public.groups (name, type, is_public) values ('Adopting Growers', 'GROWER', true) returning id");
  groupId = group.id;
  await db.query("insert into app_public.group_memberships (group_id, user_id, is_owner) values ($1, $2, true), ($1, $3, false)", [
    groupId,
    ann.userId,
    dee.userId,
  ]);
  publicThing = await newThing("Adopted Planter");
  privateThing = await newThing("Private Planter", false);
});
afterAll(async () => {
  await db.end();
});

describe("adopting", () => {
  it("a guest cannot adopt (denied)", async () => {
    await expect(asRole({ role: "bk_anonymous" }, (c) => c.query("select app_public.adopt_thing($1)", [publicThing]))).rejects.toThrow(
      /permission denied/,
    );
  });

  it("anyone signed in adopts a public thing; adopting again answers the same adoption (allowed)", async () => {
    const first = await adopt(bea, publicThing);
    expect(first).toMatchObject({ thing_id: publicThing, user_id: bea.userId });
    expect((await adopt(bea, publicThing)).id).toBe(first.id);
    const [me] = await call(
      as(bea),
      "select app_public.things_adopted_by_me(t) as mine, app_public.things_adopter_count(t) as n from app_public.things t where id = $1",
      [publicThing],
    );
    expect(me).toEqual({ mine: true, n: 1 });
  });

  it("a private thing only by those who may see it: a stranger is told it does not exist (denied), a group member adopts (allowed)", async () => {
    await expect(adopt(cid, privateThing)).rejects.toMatchObject({ code: "NTFND", message: "The thing it refers to does not exist" });
    expect(await adopt(dee, privateThing)).toMatchObject({ user_id: dee.userId });
  });

  it("a hidden thing cannot be adopted, not even by an admin (denied)", async () => {
    const hidden = await newThing("Hidden Planter");
    await db.query("update app_public.things set hidden_at = now() where id = $1", [hidden]);
    await expect(adopt(bea, hidden)).rejects.toMatchObject({ code: "NTFND" });
    await expect(adopt(admin, hidden)).rejects.toMatchObject({ code: "NTFND" });
  });

  it("at most 5 people per thing (the sixth is denied with LIMIT)", async () => {
    const popular = await newThing("Popular Planter");
    for (let i = 0; i < 5; i += 1) await adopt(await makeUser(db), popular);
    await expect(adopt(cid, popular)).rejects.toMatchObject({
      code: "LIMIT",
      message: "This thing already has 5 people looking after it, the most it can have",
    });
  });

  it("at most 50 things per person", async () => {
    const busy = await makeUser(db);
    const { rows } = await db.query(
      "insert into app_public.things (group_id, name, type, location, is_public) select $1, 'Bulk Planter', 'PLANTER', point(52, -1), true from generate_series(1, 51) returning id",
      [groupId],
    );
    await db.query("insert into app_public.thing_adoptions (thing_id, user_id) select unnest($1::uuid[]), $2", [
      rows.slice(0, 50).map((r) => r.id),
      busy.userId,
    ]);
    await expect(adopt(busy, rows[50].id)).rejects.toMatchObject({
      code: "LIMIT",
      message: "You can look after up to 50 things; stop looking after one first",
    });
  });

  it("stopping: one's own adoption (allowed); someone who does not look after it is told so (denied)", async () => {
    const thing = await newThing("Briefly Adopted");
    await adopt(bea, thing);
    await expect(call(as(cid), "select * from app_public.stop_adopting_thing($1)", [thing])).rejects.toMatchObject({
      code: "NTFND",
      message: "You do not look after this thing",
    });
    const [stopped] = await call(as(bea), "select * from app_public.stop_adopting_thing($1)", [thing]);
    expect(stopped).toMatchObject({ user_id: bea.userId });
    expect((await db.query("select count(*)::int as n from app_public.thing_adoptions where thing_id = $1", [thing])).rows[0].n).toBe(0);
  });

  it("the adoptions of a public thing are seen by guests (allowed); of a private one only by those who see it (denied to a stranger)", async () => {
    const guest = await asRole({ role: "bk_anonymous" }, (c) =>
      c.query("select user_id from app_public.thing_adoptions where thing_id = $1", [publicThing]),
    );
    expect(guest.rows).toEqual([{ user_id: bea.userId }]);
    const stranger = await asRole(as(cid), (c) =>
      c.query("select user_id from app_public.thing_adoptions where thing_id = $1", [privateThing]),
    );
    expect(stranger.rows).toEqual([]);
    const member = await asRole(as(dee), (c) =>
      c.query("select user_id from app_public.thing_adoptions where thing_id = $1", [privateThing]),
    );
    expect(member.rows).toEqual([{ user_id: dee.userId }]);
  });

  it("a profile counts only the adopted things the viewer can see", async () => {
    const count = (viewer: User) =>
      asRole(as(viewer), (c) =>
        c.query("select app_public.users_adopted_thing_count(u) as n from app_public.users u where id = $1", [dee.userId]),
      ).then((r) => r.rows[0].n);
    expect(await count(dee)).toBe(1); // the private thing
    expect(await count(cid)).toBe(0);
  });
});

describe("the dry alert tells the adopters first", () => {
  const runAlerts = () => db.query("select app_private.check_dry_alerts(5, 12) as n").then((r) => r.rows[0].n as number);
  const notices = (u: User) =>
    db
      .query("select title, body from app_public.notifications where user_id = $1 and kind = 'dry_alert' order by created_at", [u.userId])
      .then((r) => r.rows);
  async function dryAdoptedThing(name: string) {
    const thing = await newThing(name);
    await adopt(bea, thing);
    await db.query("update app_public.things set water = 12, last_sensor_data = now() - interval '10 minutes' where id = $1", [thing]);
    await db.query("delete from app_public.notifications where user_id = any ($1)", [[ann.userId, bea.userId]]);
    return thing;
  }
  /** The head start is over: as if the adopters had been told 7 hours ago. */
  const passHeadStart = (thing: string) =>
    db.query("update app_private.dry_alert_escalations set told_at = now() - interval '7 hours' where thing_id = $1", [thing]);

  it("tells the adopter at once and the owner not yet", async () => {
    const thing = await dryAdoptedThing("Thirsty Adopted Planter");
    await runAlerts();
    expect(await notices(bea)).toEqual([
      { title: "Thirsty Adopted Planter needs water", body: expect.stringMatching(/^You look after it, so you are the first to know\./) },
    ]);
    expect(await notices(ann)).toEqual([]);
    const [alert] = (
      await db.query("select outcome, reason from app_public.thing_alerts where thing_id = $1 order by created_at desc limit 1", [thing])
    ).rows;
    expect(alert).toMatchObject({ outcome: "sent", reason: expect.stringContaining("the 1 people who look after it were told first") });
  });

  it("tells the owners when nobody watered within the head start", async () => {
    const thing = await dryAdoptedThing("Forgotten Adopted Planter");
    await runAlerts();
    await runAlerts(); // within the head start: still only the adopter
    expect(await notices(ann)).toEqual([]);
    await passHeadStart(thing);
    await runAlerts();
    expect(await notices(ann)).toEqual([
      { title: "Forgotten Adopted Planter still needs water", body: expect.stringContaining("were told 7 hours ago") },
    ]);
    expect(await notices(bea)).toHaveLength(1); // the adopter is not told twice
  });

  it("does not tell the owners when an adopter watered in time", async () => {
    const thing = await dryAdoptedThing("Cared-for Adopted Planter");
    await runAlerts();
    await db.query("insert into app_public.actions (thing_id, type, comments, created_by) values ($1, 'WATERING', 'Done', $2)", [
      thing,
      bea.userId,
    ]);
    await passHeadStart(thing);
    await runAlerts();
    expect(await notices(ann)).toEqual([]);
    const [alert] = (
      await db.query("select outcome, reason from app_public.thing_alerts where thing_id = $1 order by created_at desc limit 1", [thing])
    ).rows;
    expect(alert).toMatchObject({ outcome: "held", reason: expect.stringContaining("its owners were not alerted") });
  });

  it("an adopter who can no longer see the thing is not told; its owners are, at once", async () => {
    const thing = await newThing("Gone Private Planter");
    await adopt(cid, thing);
    await db.query(
      "update app_public.things set is_public = false, water = 12, last_sensor_data = now() - interval '10 minutes' where id = $1",
      [thing],
    );
    await db.query("delete from app_public.notifications where user_id = any ($1)", [[ann.userId, cid.userId]]);
    await runAlerts();
    expect(await notices(cid)).toEqual([]);
    expect(await notices(ann)).toEqual([{ title: "Gone Private Planter needs water", body: expect.any(String) }]);
  });
});
