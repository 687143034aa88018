// Notices and water-need reasons in words of the shared catalogue (shared/i18n/notices): every
// kind of notice stores its key and data beside the English, and the catalogue's British English,
// written from that data, is word for word what the SQL wrote (the spec's texts). Through the real
// database: each notice is caused the way the app causes it.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type pg from "pg";
import { owner, makeUser } from "./sql-client.ts";
import { renderNotice, renderReason, noticesEnGB, noticesDe } from "../../shared/i18n/notices/all-languages.ts";
import { catalogueProblems } from "../../shared/i18n/catalogue-check.ts";

type User = Awaited<ReturnType<typeof makeUser>>;
let db: pg.Client;
let ann: User; // owns the group and its things
let bea: User; // joins, is invited, gets a task
let nameless: User; // joins too
let userIds: string[];

beforeAll(async () => {
  db = await owner();
  [ann, bea, nameless] = [await makeUser(db), await makeUser(db), await makeUser(db)];
  userIds = [ann.userId, bea.userId, nameless.userId];
  await db.query("update app_public.users set name = 'Ann Owner' where id = $1", [ann.userId]);
  const {
    rows: [group],
  } = await db.query("insert into app_public.groups (name, type, is_public) values ('Notice Growers', 'GROWER', true) returning id");
  await db.query("insert into app_public.group_memberships (group_id, user_id, is_owner) values ($1, $2, true)", [group.id, ann.userId]);
  // group_joined (group activity is off in the app by default: ann asks for it)
  await db.query(
    "insert into app_public.notice_preferences (user_id, kind, in_app, email, push) values ($1, 'group', true, false, false)",
    [ann.userId],
  );
  await db.query("insert into app_public.group_memberships (group_id, user_id, is_owner) values ($1, $2, false), ($1, $3, false)", [
    group.id,
    bea.userId,
    nameless.userId,
  ]);
  const thing = async (name: string, x: number) =>
    (
      await db.query(
        "insert into app_public.things (group_id, name, type, location, is_public) values ($1, $2, 'PLANTER', point($3, -170), true) returning id",
        [group.id, name, x],
      )
    ).rows[0].id as string;
  const sensed = await thing("Dry Bed", -60.1);
  const estimated = await thing("Guessed Bed", -60.3);
  const adoptedSensed = await thing("Adopted Dry Bed", -60.5);
  const adoptedGuess = await thing("Adopted Guessed Bed", -60.7);
  for (const id of [sensed, estimated, adoptedSensed, adoptedGuess]) {
    await db.query("insert into app_public.thing_accesses (thing_id, user_id, is_owner, is_collaborator) values ($1, $2, true, true)", [
      id,
      ann.userId,
    ]);
  }
  for (const id of [adoptedSensed, adoptedGuess]) {
    await db.query("insert into app_public.thing_adoptions (thing_id, user_id) values ($1, $2)", [id, nameless.userId]);
  }
  // invitations: a group, a thing, a device
  await db.query(
    "insert into app_public.group_membership_invitations (group_id, email, user_id, invited_by, code) values ($1, $2, $3, $4, 'c0de')",
    [group.id, bea.email, bea.userId, ann.userId],
  );
  await db.query(
    "insert into app_public.thing_access_invitations (thing_id, email, user_id, invited_by, code) values ($1, $2, $3, $4, 'c0de')",
    [sensed, bea.email, bea.userId, ann.userId],
  );
  const {
    rows: [probe],
  } = await db.query(
    "insert into app_public.devices (device_id, name, model, location) values ('eui-notice-0', 'Spare Probe', 'LSE01', point(51.4, -0.9)) returning id",
  );
  await db.query(
    "insert into app_public.device_access_invitations (device_id, email, user_id, invited_by, code) values ($1, $2, $3, $4, 'c0de')",
    [probe.id, bea.email, bea.userId, ann.userId],
  );
  // task_assigned (by a date) and task_due
  const {
    rows: [task],
  } = await db.query(
    "insert into app_public.tasks (thing_id, action_type, title, due_date) values ($1, 'WATERING', 'Soak the bed', current_date + 1) returning id",
    [sensed],
  );
  await db.query("begin");
  await db.query("select set_config('role', 'bk_user', true), set_config('jwt.claims.session_id', $1, true)", [ann.sessionId]);
  await db.query("insert into app_public.task_assignments (task_id, assigned_to) values ($1, $2)", [task.id, bea.userId]);
  await db.query("commit");
  const {
    rows: [undated],
  } = await db.query("insert into app_public.tasks (thing_id, action_type, title) values ($1, 'UPKEEP', 'Weed the bed') returning id", [
    sensed,
  ]);
  await db.query("begin");
  await db.query("select set_config('role', 'bk_user', true), set_config('jwt.claims.session_id', $1, true)", [ann.sessionId]);
  await db.query("insert into app_public.task_assignments (task_id, assigned_to) values ($1, $2)", [undated.id, bea.userId]);
  await db.query("commit");
  await db.query("select app_private.notify_tasks_due_tomorrow()");
  // device_health: a low battery and a long silence
  await db.query(
    "insert into app_public.devices (device_id, name, model, location, thing_id, battery) values ('eui-notice-1', 'Weak Probe', 'LSE01', point(51.4, -0.9), $1, 3.1)",
    [sensed],
  );
  await db.query(
    `insert into app_public.devices (device_id, name, model, location, thing_id, last_sensor_data, created_at)
                  values ('eui-notice-2', 'Quiet Probe', 'LSE01', point(51.4, -0.9), $1, now() - interval '3 days', now() - interval '9 days')`,
    [sensed],
  );
  await db.query(
    `insert into app_public.devices (device_id, name, model, location, thing_id, created_at)
                  values ('eui-notice-3', 'Mute Probe', 'LSE01', point(51.4, -0.9), $1, now() - interval '3 days')`,
    [sensed],
  );
  await db.query("select app_private.check_device_health(48, 3.3)");
  // dry alerts: measured, and estimated (the reason's parts)
  await db.query("update app_public.things set water = 12, last_sensor_data = now() - interval '10 minutes' where id = any($1)", [
    [sensed, adoptedSensed],
  ]);
  await db.query("update app_public.things set water_need = 'needs_water' where id = any($1)", [[estimated, adoptedGuess]]);
  await db.query("select app_private.check_dry_alerts(5, 12)");
  // the adopters' head start is over and nobody watered: the owners hear (dry_alert.still)
  await db.query("update app_private.dry_alert_escalations set told_at = now() - interval '3 days' where thing_id = $1", [adoptedGuess]);
  await db.query("select app_private.check_dry_alerts(5, 12)");
  // water_rota (with its things)
  await db.query(
    `insert into app_public.rota_slots (group_id, weekday, user_id)
                  values ($1, extract(isodow from app_hidden.water_today())::int, $2)`,
    [group.id, bea.userId],
  );
  // water_rota (a group without things)
  const {
    rows: [bare],
  } = await db.query("insert into app_public.groups (name, type, is_public) values ('Bare Growers', 'GROWER', true) returning id");
  await db.query("insert into app_public.group_memberships (group_id, user_id, is_owner) values ($1, $2, true)", [bare.id, ann.userId]);
  await db.query(
    `insert into app_public.rota_slots (group_id, weekday, user_id)
                  values ($1, extract(isodow from app_hidden.water_today())::int, $2)`,
    [bare.id, ann.userId],
  );
  await db.query("select app_private.notify_rota_duties()");
  // water_rota_swap: bea gives away next week's day, once for nothing and once for one of cid's
  await db.query(
    `insert into app_public.rota_slots (group_id, weekday, user_id)
                  values ($1, extract(isodow from app_hidden.water_today() + 1)::int, $2)`,
    [group.id, nameless.userId],
  );
  const {
    rows: [slot],
  } = await db.query("select id from app_public.rota_slots where user_id = $1", [bea.userId]);
  const asUser = async (u: User, text: string, values: unknown[]) => {
    await db.query("begin");
    try {
      await db.query("select set_config('role', 'bk_user', true), set_config('jwt.claims.session_id', $1, true)", [u.sessionId]);
      const { rows } = await db.query(text, values);
      await db.query("commit");
      return rows[0];
    } catch (error) {
      await db.query("rollback");
      throw error;
    }
  };
  const day = async (later: number) =>
    (await db.query("select (app_hidden.water_today() + $1::int)::text as d", [later])).rows[0].d as string;
  const first = await asUser(bea, "select id from app_public.ask_rota_swap($1, $2::date, null)", [slot.id, await day(7)]);
  await asUser(nameless, "select id from app_public.accept_rota_swap($1, null)", [first.id]);
  const second = await asUser(bea, "select id from app_public.ask_rota_swap($1, $2::date, null)", [slot.id, await day(14)]);
  await asUser(nameless, "select id from app_public.accept_rota_swap($1, $2::date)", [second.id, await day(8)]);
});
afterAll(async () => {
  await db.end();
});

describe("notice texts", () => {
  it("store a key and data with each notice, and the catalogue's en-GB is the SQL's English", async () => {
    const { rows } = await db.query(
      "select kind, title, body, text_key, text_values from app_public.notifications where user_id = any($1) order by created_at",
      [userIds],
    );
    const keys = new Set(rows.map((r) => r.text_key));
    // Every notice text of the catalogue was written by the SQL above, except one no row can reach:
    // an invitation to something without a name (things, devices and groups all have one).
    const unreachable = ["notice.invitation.unknown"];
    const catalogued = Object.keys(noticesEnGB)
      .filter((k) => k.endsWith(".title"))
      .map((k) => k.slice(0, -".title".length));
    expect(catalogued.length).toBeGreaterThan(15);
    for (const key of catalogued.filter((k) => !unreachable.includes(k))) expect(keys, key).toContain(key);
    for (const row of rows) {
      expect(row.text_key, `${row.kind}: ${row.title}`).toBeTruthy();
      expect(renderNotice("en-GB", row.text_key, row.text_values), row.text_key).toEqual({ title: row.title, body: row.body });
    }
    // Data, not English: names, enum values, ISO dates.
    const assigned = rows.find((r) => r.text_key === "notice.task_assigned_by");
    expect(assigned?.text_values).toMatchObject({ action: "WATERING", dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it("write them in German for a German reader", async () => {
    const { rows } = await db.query(
      "select text_key, text_values from app_public.notifications where user_id = any($1) and text_key is not null",
      [userIds],
    );
    for (const row of rows) {
      const de = renderNotice("de", row.text_key, row.text_values);
      const en = renderNotice("en-GB", row.text_key, row.text_values);
      expect(de, row.text_key).not.toBeNull();
      expect(de!.body).not.toBe(en!.body);
    }
  });

  it("give every thing's water-need reason as parts the catalogue writes word for word", async () => {
    const { rows } = await db.query(
      "select water_need_reason, water_need_reason_parts from app_public.things where water_need_reason is not null",
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(renderReason("en-GB", row.water_need_reason_parts)).toBe(row.water_need_reason);
  });

  it("keep the key and data of a notice held for the digest, and give them and the reasons' parts to the digests", async () => {
    const held = await makeUser(db);
    await db.query("insert into app_public.notice_settings (user_id, single_emails) values ($1, false)", [held.userId]);
    await db.query(
      `select app_hidden.notify_user($1, 'task_due', 'info', 'Due tomorrow: Prune', 'The task "Prune" at Lime is due tomorrow.',
                      '/tasks', null, true, 'notice.task_due', '{"task": "Prune", "thing": "Lime"}')`,
      [held.userId],
    );
    const {
      rows: [row],
    } = await db.query("select text_key, text_values from app_private.held_notices where user_id = $1", [held.userId]);
    expect(row).toEqual({ text_key: "notice.task_due", text_values: { task: "Prune", thing: "Lime" } });
    await db.query("select app_private.queue_daily_digests()");
    const {
      rows: [job],
    } = await db.query(
      `select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
      where t.identifier = 'send_email' and j.payload->>'template' = 'notice_digest' and j.payload->>'to' = $1`,
      [held.email],
    );
    expect(job.payload.variables.notices[0]).toMatchObject({ textKey: "notice.task_due", textValues: { task: "Prune", thing: "Lime" } });
    const {
      rows: [digest],
    } = await db.query("select app_private.daily_digest_payload($1) as p", [ann.userId]);
    const things = digest.p.things as { waterNeedReason: string; waterNeedReasonParts: unknown }[];
    expect(things.length).toBeGreaterThan(0);
    for (const thing of things) expect(renderReason("en-GB", thing.waterNeedReasonParts)).toBe(thing.waterNeedReason);
  });

  it("keep the catalogue's two languages a pair", () => {
    expect(catalogueProblems(noticesEnGB, noticesDe, "de")).toEqual([]);
  });
});
