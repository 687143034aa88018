// Watering rotas (db/migrations/20261127000200_watering_rotas.sql): members take days of the week,
// owners put members on them, swaps are asked, accepted (with a date in return or not) and
// cancelled, who is on each day follows, the reminder comes once on the day, and only members and
// admins see any of it. Every rule allowed and denied.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type pg from "pg";
import { owner, asRole, makeUser } from "./sql-client.ts";

type User = Awaited<ReturnType<typeof makeUser>>;
let db: pg.Client;
let ann: User; // owns the group
let bea: User; // member
let cid: User; // member
let eve: User; // a stranger
let admin: User;
let groupId: string;
let thingId: string;
let today: string;

const as = (u: User, role: "bk_user" | "bk_admin" = "bk_user") => ({ role, sessionId: u.sessionId });

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

const take = (u: User, weekday: number, userId: string | null = null, group = groupId) =>
  call(as(u), "select * from app_public.take_rota_slot($1, $2, $3)", [group, weekday, userId]).then((r) => r[0]);
/** The date of the next given ISO weekday after today (1 to 7 days ahead), as yyyy-mm-dd. */
const next = (weekday: number, weeksLater = 0) =>
  db
    .query("select ($1::date + ((($2 - extract(isodow from $1::date)::int + 6) % 7) + 1) + 7 * $3)::text as d", [
      today,
      weekday,
      weeksLater,
    ])
    .then((r) => r.rows[0].d as string);
const dutiesOn = (u: User, day: string) =>
  call(as(u), "select d.user_id, d.swapped from app_public.groups g, app_public.groups_rota_duties(g, $2::date, 1) d where g.id = $1", [
    groupId,
    day,
  ]);

beforeAll(async () => {
  db = await owner();
  [ann, bea, cid, eve] = [await makeUser(db), await makeUser(db), await makeUser(db), await makeUser(db)];
  admin = await makeUser(db, { admin: true });
  const {
    rows: [group],
  } = await db.query("insert into app_public.groups (name, type, is_public) values ('Rota Growers', 'GROWER', true) returning id");
  groupId = group.id;
  await db.query(
    "insert into app_public.group_memberships (group_id, user_id, is_owner) values ($1, $2, true), ($1, $3, false), ($1, $4, false)",
    [groupId, ann.userId, bea.userId, cid.userId],
  );
  const {
    rows: [thing],
  } = await db.query(
    "insert into app_public.things (group_id, name, type, location, is_public) values ($1, 'Rota Planter', 'PLANTER', point(51.4, -0.9), true) returning id",
    [groupId],
  );
  thingId = thing.id;
  today = (await db.query("select app_hidden.water_today()::text as d")).rows[0].d;
});
afterAll(async () => {
  await db.end();
});

describe("rota slots", () => {
  it("a guest cannot take a day (denied)", async () => {
    await expect(asRole({ role: "bk_anonymous" }, (c) => c.query("select app_public.take_rota_slot($1, 2)", [groupId]))).rejects.toThrow(
      /permission denied/,
    );
  });

  it("a member takes a day; taking it again answers the same slot (allowed)", async () => {
    const slot = await take(bea, 2);
    expect(slot).toMatchObject({ group_id: groupId, weekday: 2, user_id: bea.userId, created_by: bea.userId });
    expect((await take(bea, 2)).id).toBe(slot.id);
  });

  it("someone outside the group cannot take a day (denied)", async () => {
    await expect(take(eve, 3)).rejects.toMatchObject({ code: "DNIED", message: "Only members of the group can take a day on its rota" });
  });

  it("an owner puts a member on a day (allowed); a member cannot put someone else (denied)", async () => {
    expect(await take(ann, 3, cid.userId)).toMatchObject({ weekday: 3, user_id: cid.userId, created_by: ann.userId });
    await expect(take(bea, 4, cid.userId)).rejects.toMatchObject({
      code: "DNIED",
      message: "Only the group's owners can put someone else on the rota",
    });
  });

  it("nobody outside the group is put on its rota, not even by its owner (denied)", async () => {
    await expect(take(ann, 4, eve.userId)).rejects.toMatchObject({
      code: "DNIED",
      message: "Only members of the group can be on its rota",
    });
  });

  it("a day of the week is 1 to 7", async () => {
    await expect(take(bea, 9)).rejects.toMatchObject({ code: "INVLD", message: "Choose a day of the week" });
  });

  it("at most 3 people on one day", async () => {
    const others = [await makeUser(db), await makeUser(db), await makeUser(db)];
    for (const u of others)
      await db.query("insert into app_public.group_memberships (group_id, user_id) values ($1, $2)", [groupId, u.userId]);
    for (const u of others) await take(u, 6);
    await expect(take(bea, 6)).rejects.toMatchObject({
      code: "LIMIT",
      message: "Saturday already has 3 people on the rota, the most a day can have",
    });
    for (const u of others)
      await db.query("delete from app_public.group_memberships where group_id = $1 and user_id = $2", [groupId, u.userId]);
    // Leaving the group took them off its rota.
    expect(
      (await db.query("select count(*)::int as n from app_public.rota_slots where group_id = $1 and weekday = 6", [groupId])).rows[0].n,
    ).toBe(0);
  });

  it("leaving a slot: one's own and, as owner, anyone's (allowed); another member's (denied)", async () => {
    const slot = await take(bea, 5);
    await expect(call(as(cid), "select * from app_public.leave_rota_slot($1)", [slot.id])).rejects.toMatchObject({
      code: "DNIED",
      message: "Only the person on the slot and the group's owners can take it off the rota",
    });
    expect((await call(as(bea), "select * from app_public.leave_rota_slot($1)", [slot.id]))[0]).toMatchObject({ id: slot.id });
    const again = await take(bea, 5);
    expect((await call(as(ann), "select * from app_public.leave_rota_slot($1)", [again.id]))[0]).toMatchObject({ id: again.id });
  });

  it("members and admins see the rota (allowed); strangers see nothing, and cannot leave a slot they cannot see (denied)", async () => {
    const read = (u: User, role: "bk_user" | "bk_admin" = "bk_user") =>
      asRole(as(u, role), (c) => c.query("select weekday from app_public.rota_slots where group_id = $1 order by weekday", [groupId])).then(
        (r) => r.rows.map((x) => x.weekday),
      );
    expect(await read(cid)).toEqual([2, 3]);
    expect(await read(admin, "bk_admin")).toEqual([2, 3]);
    expect(await read(eve)).toEqual([]);
    const [slot] = (await db.query("select id from app_public.rota_slots where group_id = $1 and weekday = 2", [groupId])).rows;
    await expect(call(as(eve), "select * from app_public.leave_rota_slot($1)", [slot.id])).rejects.toMatchObject({ code: "NTFND" });
    const week = (u: User) =>
      asRole(as(u), (c) =>
        c.query("select d.user_id from app_public.things t, app_public.things_rota_this_week(t) d where t.id = $1", [thingId]),
      ).then((r) => r.rows);
    expect(await week(cid)).toHaveLength(2); // Tuesday's and Wednesday's
    expect(await week(eve)).toEqual([]);
  });
});

describe("swaps", () => {
  let beaSlot: string;
  let cidSlot: string;
  beforeAll(async () => {
    beaSlot = (await take(bea, 2)).id;
    cidSlot = (await take(cid, 3)).id;
  });
  const ask = (u: User, slot: string, day: string, note: string | null = null) =>
    call(as(u), "select * from app_public.ask_rota_swap($1, $2::date, $3)", [slot, day, note]).then((r) => r[0]);
  const accept = (u: User, swap: string, back: string | null = null) =>
    call(as(u), "select * from app_public.accept_rota_swap($1, $2::date)", [swap, back]).then((r) => r[0]);

  it("only the person on the slot asks (allowed); another member cannot ask for them (denied)", async () => {
    await expect(ask(cid, beaSlot, await next(2))).rejects.toMatchObject({
      code: "DNIED",
      message: "Only the person on the slot can ask to swap it",
    });
    expect(await ask(bea, beaSlot, await next(2), "  Away that day ")).toMatchObject({
      status: "open",
      requested_by: bea.userId,
      note: "Away that day",
    });
  });

  it("the date must be the slot's day, from today up to 8 weeks ahead, and asked once", async () => {
    const wednesday = await next(3);
    await expect(ask(bea, beaSlot, wednesday)).rejects.toMatchObject({
      code: "INVLD",
      message: expect.stringMatching(/^Wednesday \d+ \w+ is not a Tuesday, the slot's day$/),
    });
    await expect(ask(bea, beaSlot, await next(2, 9))).rejects.toMatchObject({
      code: "INVLD",
      message: "Choose a date from today up to 8 weeks ahead",
    });
    await expect(ask(bea, beaSlot, await next(2, -2))).rejects.toMatchObject({
      code: "INVLD",
      message: "Choose a date from today up to 8 weeks ahead",
    });
    await expect(ask(bea, beaSlot, await next(2))).rejects.toMatchObject({
      code: "INVLD",
      message: expect.stringMatching(/^You have already asked to swap Tuesday/),
    });
  });

  it("a stranger cannot see or accept a request (denied); the requester cannot accept their own", async () => {
    const [open] = (await db.query("select id from app_public.rota_swaps where slot_id = $1 and status = 'open'", [beaSlot])).rows;
    await expect(accept(eve, open.id)).rejects.toMatchObject({ code: "NTFND" });
    await expect(accept(bea, open.id)).rejects.toMatchObject({ code: "INVLD", message: "You cannot accept your own swap request" });
  });

  it("another member accepts: they are on that date instead, and the requester hears of it (allowed)", async () => {
    const day = await next(2);
    const [open] = (await db.query("select id from app_public.rota_swaps where slot_id = $1 and status = 'open'", [beaSlot])).rows;
    expect(await dutiesOn(cid, day)).toEqual([{ user_id: bea.userId, swapped: false }]);
    expect(await accept(cid, open.id)).toMatchObject({ status: "accepted", accepted_by: cid.userId });
    expect(await dutiesOn(cid, day)).toEqual([{ user_id: cid.userId, swapped: true }]);
    const [note] = (
      await db.query("select kind, title from app_public.notifications where user_id = $1 and kind = 'water_rota_swap'", [bea.userId])
    ).rows;
    expect(note).toEqual({ kind: "water_rota_swap", title: "Your rota swap was accepted" });
    await expect(accept(ann, open.id)).rejects.toMatchObject({ code: "INVLD", message: "This swap request is no longer open" });
  });

  it("a swap with a date in return: the requester takes the accepter's date", async () => {
    const day = await next(2, 1);
    const back = await next(3, 1);
    const swap = await ask(bea, beaSlot, day);
    // A date the accepter is not on is refused.
    await expect(accept(cid, swap.id, await next(4, 1))).rejects.toMatchObject({
      code: "INVLD",
      message: expect.stringMatching(/^You are not on the rota on Thursday/),
    });
    expect(await accept(cid, swap.id, back)).toMatchObject({ status: "accepted", return_slot_id: cidSlot, return_date: expect.anything() });
    expect(await dutiesOn(ann, day)).toEqual([{ user_id: cid.userId, swapped: true }]);
    expect(await dutiesOn(ann, back)).toEqual([{ user_id: bea.userId, swapped: true }]);
  });

  it("cancelling: the requester or an owner (allowed), another member (denied)", async () => {
    const swap = await ask(bea, beaSlot, await next(2, 2));
    await expect(call(as(cid), "select * from app_public.cancel_rota_swap($1)", [swap.id])).rejects.toMatchObject({
      code: "DNIED",
      message: "Only the person who asked and the group's owners can cancel a swap request",
    });
    expect((await call(as(bea), "select * from app_public.cancel_rota_swap($1)", [swap.id]))[0]).toMatchObject({ status: "cancelled" });
    // Cancelled, the date may be asked again; an owner may cancel it too.
    const again = await ask(bea, beaSlot, await next(2, 2));
    expect((await call(as(ann), "select * from app_public.cancel_rota_swap($1)", [again.id]))[0]).toMatchObject({ status: "cancelled" });
  });
});

describe("the reminder on the day", () => {
  it("tells whoever is on today, once, with the group's things", async () => {
    const weekday = (await db.query("select extract(isodow from $1::date)::int as d", [today])).rows[0].d;
    const dan = await makeUser(db);
    await db.query("insert into app_public.group_memberships (group_id, user_id) values ($1, $2)", [groupId, dan.userId]);
    await take(dan, weekday);
    const sent = (await db.query("select app_private.notify_rota_duties($1::date) as n", [today])).rows[0].n;
    expect(sent).toBeGreaterThanOrEqual(1);
    const notes = (
      await db.query("select title, body, link_path from app_public.notifications where user_id = $1 and kind = 'water_rota'", [dan.userId])
    ).rows;
    expect(notes).toEqual([
      {
        title: "Your watering day for Rota Growers",
        body: expect.stringContaining("Its things: Rota Planter"),
        link_path: `/groups/${groupId}/rota`,
      },
    ]);
    await db.query("select app_private.notify_rota_duties($1::date)", [today]);
    expect(
      (await db.query("select count(*)::int as n from app_public.notifications where user_id = $1 and kind = 'water_rota'", [dan.userId]))
        .rows[0].n,
    ).toBe(1);
  });
});
