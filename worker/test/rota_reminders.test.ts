// The rota_reminders task as the worker runs it: whoever is on a group's rota today is told once,
// through the notice system (in the app and by e-mail, as their preferences say).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type pg from "pg";
import rotaReminders from "../tasks/rota_reminders.ts";
import { owner, makeUser } from "../../db/test/sql-client.ts";

let db: pg.Client;
beforeAll(async () => {
  db = await owner();
});
afterAll(async () => {
  await db.end();
});

async function run(): Promise<string[]> {
  const logged: string[] = [];
  const helpers: any = {
    query: (sql: string, params: unknown[]) => db.query(sql, params),
    logger: { info: (m: string) => logged.push(m), debug() {}, warn() {}, error() {} },
  };
  await rotaReminders({}, helpers);
  return logged;
}

describe("rota_reminders", () => {
  it("reminds today's person once, in the app and by e-mail", async () => {
    const pat = await makeUser(db);
    const {
      rows: [group],
    } = await db.query("insert into app_public.groups (name, type, is_public) values ('Reminded Growers', 'GROWER', true) returning id");
    await db.query("insert into app_public.group_memberships (group_id, user_id) values ($1, $2)", [group.id, pat.userId]);
    await db.query(
      "insert into app_public.things (group_id, name, type, location) values ($1, 'Reminded Planter', 'PLANTER', point(51.4, -0.9))",
      [group.id],
    );
    await db.query(
      "insert into app_public.rota_slots (group_id, weekday, user_id) values ($1, extract(isodow from app_hidden.water_today())::int, $2)",
      [group.id, pat.userId],
    );
    expect((await run())[0]).toMatch(/^rota_reminders: [1-9]\d* reminder\(s\)$/);
    const notes = (await db.query("select title from app_public.notifications where user_id = $1 and kind = 'water_rota'", [pat.userId]))
      .rows;
    expect(notes).toEqual([{ title: "Your watering day for Reminded Growers" }]);
    const mails = await db.query(
      `select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
       where t.identifier = 'send_email' and j.payload->>'to' = $1`,
      [pat.email],
    );
    expect(mails.rows.map((r) => r.payload.variables.title)).toContain("Your watering day for Reminded Growers");
    await run();
    expect(
      (await db.query("select count(*)::int as n from app_public.notifications where user_id = $1 and kind = 'water_rota'", [pat.userId]))
        .rows[0].n,
    ).toBe(1);
  });
});
