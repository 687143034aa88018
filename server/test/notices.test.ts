// Notice preferences per kind and channel, quiet hours, the digest instead of single e-mails, the
// daily cap, the new notices (invitations, tasks due tomorrow, devices gone quiet) and the one-click
// unsubscribe (issue 25), over the real API and database.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestServer, gql, signUp, signUpVerified, withOwner, queuedEmail, countQueuedEmails } from "./harness.ts";
import { unsubscribeQuery } from "../../domain/notice-keys.ts";

const SECRET = "unsubscribe-secret-for-the-notice-tests-0123456789";
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ unsubscribeSecret: SECRET, vapidPublicKey: "BPublicKeyForTheTest" });
});
afterAll(async () => {
  await server?.close();
});

const sql = <T = any>(text: string, values: unknown[] = []) =>
  withOwner(server.databaseUrl, async (c) => (await c.query(text, values)).rows as T[]);

const PREFS = `query { myNoticePreferencesList { kind inApp email push updatedAt } }`;
const SETTINGS = `query { myNoticeSettings { digestFrequency singleEmails quietStart quietEnd timeZone } }`;
const SET_PREF = `mutation P($kind: NoticeKind!, $inApp: Boolean!, $email: Boolean!, $push: Boolean!) { setNoticePreference(input: { kind: $kind, inApp: $inApp, email: $email, push: $push }) { noticePreference { kind inApp email push } } }`;
const SET_SETTINGS = `mutation S($f: DigestFrequency!, $single: Boolean!, $start: Time, $end: Time, $zone: String!) { setNoticeSettings(input: { digestFrequency: $f, singleEmails: $single, quietStart: $start, quietEnd: $end, timeZone: $zone }) { noticeSetting { digestFrequency singleEmails quietStart quietEnd timeZone } } }`;
const ME = `query { currentUser { id notificationDaily } }`;
const NOTES = `query { allNotifications(orderBy: CREATED_AT_DESC) { nodes { kind title linkPath } } }`;

async function person() {
  const user = await signUpVerified(server.url, server.databaseUrl);
  const id = (await gql(server.url, ME, {}, user.token)).data.currentUser.id as string;
  return { ...user, id };
}
const notify = (userId: string, kind: string, title: string, email = true) =>
  sql("select app_hidden.notify_user($1, $2, 'info', $3, 'Something to do.', '/tasks', null, $4)", [userId, kind, title, email]);

describe("preferences", () => {
  it("start from documented defaults and save per kind and channel", async () => {
    const me = await person();
    const prefs = (await gql(server.url, PREFS, {}, me.token)).data.myNoticePreferencesList;
    expect(prefs.map((p: any) => [p.kind, p.inApp, p.email, p.push])).toEqual([
      ["WATER", true, true, true],
      ["TASK", true, true, true],
      ["INVITATION", true, true, true],
      ["GROUP", false, false, false],
      ["DEVICE", true, false, true],
      ["DIGEST", false, false, false],
    ]);
    expect(prefs.every((p: any) => p.updatedAt === null)).toBe(true);
    const saved = await gql(server.url, SET_PREF, { kind: "TASK", inApp: true, email: false, push: false }, me.token);
    expect(saved.data.setNoticePreference.noticePreference).toEqual({ kind: "TASK", inApp: true, email: false, push: false });
    const again = (await gql(server.url, PREFS, {}, me.token)).data.myNoticePreferencesList;
    expect(again.find((p: any) => p.kind === "TASK")).toMatchObject({ email: false, push: false });
    expect((await gql(server.url, SETTINGS, {}, me.token)).data.myNoticeSettings).toEqual({
      digestFrequency: "DAILY",
      singleEmails: true,
      quietStart: null,
      quietEnd: null,
      timeZone: "Europe/London",
    });
  });

  it("the digest's e-mail is the profile's daily summary switch, and comes by e-mail only", async () => {
    const me = await person();
    await gql(server.url, SET_PREF, { kind: "DIGEST", inApp: false, email: true, push: false }, me.token);
    expect((await gql(server.url, ME, {}, me.token)).data.currentUser.notificationDaily).toBe(true);
    const wrong = await gql(server.url, SET_PREF, { kind: "DIGEST", inApp: true, email: true, push: false }, me.token);
    expect(wrong.errors?.[0].message).toBe("The digest comes by e-mail only");
  });

  it("refuse half-set quiet hours, equal times and unknown time zones with clear messages", async () => {
    const me = await person();
    const set = (v: Record<string, unknown>) =>
      gql(server.url, SET_SETTINGS, { f: "WEEKLY", single: true, zone: "Europe/Berlin", start: null, end: null, ...v }, me.token);
    expect((await set({ start: "22:00" })).errors?.[0].message).toBe("Quiet hours need both a start and an end");
    expect((await set({ start: "22:00", end: "22:00" })).errors?.[0].message).toBe("Quiet hours must start and end at different times");
    expect((await set({ start: "22:00", end: "07:00", zone: "Mars/Olympus" })).errors?.[0].message).toBe(
      'Unknown time zone "Mars/Olympus"',
    );
    const ok = await set({ start: "22:00", end: "07:00" });
    expect(ok.data.setNoticeSettings.noticeSetting).toMatchObject({ digestFrequency: "WEEKLY", timeZone: "Europe/Berlin" });
    expect(ok.data.setNoticeSettings.noticeSetting.quietStart).toMatch(/^22:00/);
    expect(ok.data.setNoticeSettings.noticeSetting.quietEnd).toMatch(/^07:00/);
  });

  it("are each person's own: nobody reads or changes another's", async () => {
    const [a, b] = [await person(), await person()];
    await gql(server.url, SET_PREF, { kind: "WATER", inApp: false, email: false, push: false }, a.token);
    const theirs = (await gql(server.url, PREFS, {}, b.token)).data.myNoticePreferencesList;
    expect(theirs.find((p: any) => p.kind === "WATER")).toMatchObject({ inApp: true, email: true, push: true });
    expect((await gql(server.url, PREFS)).errors?.length).toBeGreaterThan(0);
  });
});

describe("notify_user honours them", () => {
  it("skips channels switched off", async () => {
    const me = await person();
    await gql(server.url, SET_PREF, { kind: "TASK", inApp: false, email: false, push: true }, me.token);
    await notify(me.id, "task_assigned", "Task assigned: nothing heard");
    expect((await gql(server.url, NOTES, {}, me.token)).data.allNotifications.nodes).toEqual([]);
    expect(await countQueuedEmails(server.databaseUrl, me.email, "notification")).toBe(0);
    await gql(server.url, SET_PREF, { kind: "TASK", inApp: true, email: false, push: false }, me.token);
    await notify(me.id, "task_assigned", "Task assigned: in the app only");
    expect((await gql(server.url, NOTES, {}, me.token)).data.allNotifications.nodes.map((n: any) => n.title)).toEqual([
      "Task assigned: in the app only",
    ]);
    expect(await countQueuedEmails(server.databaseUrl, me.email, "notification")).toBe(0);
  });

  it("holds e-mails until quiet hours end", async () => {
    const me = await person();
    // Quiet all day but one minute: whatever the clock says, now is inside.
    const [{ start, end }] = await sql(
      "select to_char(now() at time zone 'UTC' - interval '1 minute', 'HH24:MI') as start, to_char(now() at time zone 'UTC' - interval '2 minutes', 'HH24:MI') as \"end\"",
    );
    await gql(server.url, SET_SETTINGS, { f: "DAILY", single: true, start, end, zone: "UTC" }, me.token);
    await notify(me.id, "dry_alert", "Oak needs water");
    const [job] = await sql(
      `select j.run_at from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
       where t.identifier = 'send_email' and j.payload->>'to' = $1 and j.payload->>'template' = 'notification'`,
      [me.email],
    );
    expect(new Date(job.run_at).getTime()).toBeGreaterThan(Date.now() + 60_000 * 60 * 23);
    // In the app at once: quiet hours are about sounds and mail, not the list.
    expect((await gql(server.url, NOTES, {}, me.token)).data.allNotifications.nodes).toHaveLength(1);
  });

  it("collects e-mails for the digest instead of sending them one by one", async () => {
    const me = await person();
    await gql(server.url, SET_SETTINGS, { f: "WEEKLY", single: false, start: null, end: null, zone: "Europe/London" }, me.token);
    await notify(me.id, "dry_alert", "Oak needs water");
    await notify(me.id, "task_assigned", "Task assigned: Weed the bed");
    expect(await countQueuedEmails(server.databaseUrl, me.email, "notification")).toBe(0);
    await sql("select app_private.queue_daily_digests()");
    const digest = await queuedEmail(server.databaseUrl, me.email, "notice_digest");
    expect(digest.variables.frequency).toBe("weekly");
    expect(digest.variables.notices.map((n: any) => n.title)).toEqual(["Oak needs water", "Task assigned: Weed the bed"]);
    expect(digest.unsubscribe).toEqual({ userId: me.id, kind: "digest" });
    // Sent once: the held notices are gone, and a week must pass before the next.
    await notify(me.id, "dry_alert", "Elm needs water");
    await sql("select app_private.queue_daily_digests()");
    expect(await countQueuedEmails(server.databaseUrl, me.email, "notice_digest")).toBe(1);
  });

  it("gives no person more than NOTICES_PER_DAY notices in 24 hours; the rest wait for the digest", async () => {
    const me = await person();
    const [{ per_day }] = await sql("select per_day from app_private.notice_limits");
    try {
      await sql("update app_private.notice_limits set per_day = 3");
      for (let i = 1; i <= 5; i += 1) await notify(me.id, "dry_alert", `Thing ${i} needs water`);
      expect((await gql(server.url, NOTES, {}, me.token)).data.allNotifications.nodes).toHaveLength(3);
      expect(await countQueuedEmails(server.databaseUrl, me.email, "notification")).toBe(3);
      const held = await sql("select title, reason from app_private.held_notices where user_id = $1 order by id", [me.id]);
      expect(held).toEqual([
        { title: "Thing 4 needs water", reason: "cap" },
        { title: "Thing 5 needs water", reason: "cap" },
      ]);
    } finally {
      await sql("update app_private.notice_limits set per_day = $1", [per_day]);
    }
  });

  it("puts a kind's unsubscribe details in each notice e-mail", async () => {
    const me = await person();
    await notify(me.id, "dry_alert", "Oak needs water");
    expect((await queuedEmail(server.databaseUrl, me.email, "notification")).unsubscribe).toEqual({ userId: me.id, kind: "water" });
  });
});

describe("new notices", () => {
  const GROUP = `mutation { createGroup(input: { name: "Notice Growers", type: GROWER, isPublic: true }) { group { id } } }`;
  const THING = `mutation T($g: UUID!) { createThing(input: { groupId: $g, name: "Notice Planter", type: PLANTER, location: { x: 51.4, y: -0.9 }, isPublic: true }) { thing { id } } }`;
  const INVITE = `mutation I($t: UUID!, $e: String!) { inviteToThingAccess(input: { thingId: $t, email: $e }) { thingAccessInvitation { id } } }`;

  async function thingOf(owner: { token: string }) {
    const g = (await gql(server.url, GROUP, {}, owner.token)).data.createGroup.group.id;
    return (await gql(server.url, THING, { g }, owner.token)).data.createThing.thing.id as string;
  }

  it("an invitation to someone with an account reaches them in the app, with the accept link", async () => {
    const owner = await person();
    const invitee = await person();
    const thingId = await thingOf(owner);
    const invitation = (await gql(server.url, INVITE, { t: thingId, e: invitee.email }, owner.token)).data.inviteToThingAccess
      .thingAccessInvitation;
    const [note] = (await gql(server.url, NOTES, {}, invitee.token)).data.allNotifications.nodes;
    expect(note.kind).toBe("invitation");
    expect(note.title).toBe("Invitation: Notice Planter");
    const [{ code }] = await sql("select code from app_public.thing_access_invitations where id = $1", [invitation.id]);
    expect(note.linkPath).toBe(`/things/accept?id=${invitation.id}&code=${code}`);
  });

  it("a task due tomorrow is announced to its assignee once", async () => {
    const owner = await person();
    const thingId = await thingOf(owner);
    const [task] = await sql(
      `insert into app_public.tasks (thing_id, action_type, title, priority, due_date, created_by) values ($1, 'WATERING', 'Water before the heat', 'normal', current_date + 1, $2) returning id`,
      [thingId, owner.id],
    );
    await sql("insert into app_public.task_assignments (task_id, assigned_to, assigned_by) values ($1, $2, $2)", [task.id, owner.id]);
    await sql("select app_private.notify_tasks_due_tomorrow()");
    await sql("select app_private.notify_tasks_due_tomorrow()");
    const notes = (await gql(server.url, NOTES, {}, owner.token)).data.allNotifications.nodes.filter((n: any) => n.kind === "task_due");
    expect(notes.map((n: any) => n.title)).toEqual(["Due tomorrow: Water before the heat"]);
  });

  it("a device that went quiet is announced to the thing's people when its check task opens", async () => {
    const owner = await person();
    const thingId = await thingOf(owner);
    await sql(
      `insert into app_public.tasks (thing_id, action_type, title, description, priority, source, due_date)
       values ($1, 'MEASUREMENT', 'Check device Probe 1', 'The device Probe 1 has sent nothing since 24 November.', 'high', 'device_health:' || gen_random_uuid(), current_date + 2)`,
      [thingId],
    );
    const notes = (await gql(server.url, NOTES, {}, owner.token)).data.allNotifications.nodes;
    expect(notes).toContainEqual({ kind: "device_health", title: "Check device Probe 1", linkPath: `/things/${thingId}` });
  });
});

describe("one-click unsubscribe", () => {
  it("GET shows a confirmation, POST (RFC 8058) turns that kind's e-mail off without signing in", async () => {
    const me = await person();
    const link = `${server.url}/unsubscribe?${unsubscribeQuery(SECRET, me.id, "water")}`;
    const page = await fetch(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("water needed");
    expect(html).toContain('<form method="post">');
    // Looking is not unsubscribing.
    expect((await gql(server.url, PREFS, {}, me.token)).data.myNoticePreferencesList.find((p: any) => p.kind === "WATER").email).toBe(true);

    const post = await fetch(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(post.status).toBe(200);
    expect(await post.text()).toContain("You are unsubscribed");
    const water = (await gql(server.url, PREFS, {}, me.token)).data.myNoticePreferencesList.find((p: any) => p.kind === "WATER");
    expect(water).toMatchObject({ inApp: true, email: false, push: true });
    await notify(me.id, "dry_alert", "Oak needs water");
    expect(await countQueuedEmails(server.databaseUrl, me.email, "notification")).toBe(0);
  });

  it("unsubscribing from the digest switches the daily summary off", async () => {
    const me = await person();
    await gql(server.url, SET_PREF, { kind: "DIGEST", inApp: false, email: true, push: false }, me.token);
    await fetch(`${server.url}/unsubscribe?${unsubscribeQuery(SECRET, me.id, "digest")}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
    });
    expect((await gql(server.url, ME, {}, me.token)).data.currentUser.notificationDaily).toBe(false);
  });

  it("a link with a changed user, kind or signature answers 400 and changes nothing", async () => {
    const me = await person();
    const other = await signUp(server.url);
    const good = unsubscribeQuery(SECRET, me.id, "task");
    const tampered = [
      new URLSearchParams({ ...Object.fromEntries(good), k: "water" }),
      new URLSearchParams({ ...Object.fromEntries(good), s: good.get("s")!.replace(/^./, (c) => (c === "A" ? "B" : "A")) }),
      unsubscribeQuery("another-secret-entirely-0123456789abcdef", me.id, "task"),
      new URLSearchParams({ u: me.id, k: "task" }),
    ];
    for (const query of tampered) {
      expect((await fetch(`${server.url}/unsubscribe?${query}`, { method: "POST" })).status).toBe(400);
      expect((await fetch(`${server.url}/unsubscribe?${query}`)).status).toBe(400);
    }
    expect((await gql(server.url, PREFS, {}, me.token)).data.myNoticePreferencesList.find((p: any) => p.kind === "TASK").email).toBe(true);
    expect(other.token).toBeTruthy();
  });
});

describe("client configuration", () => {
  it("/config.js gives the SPA the VAPID public key", async () => {
    const body = await (await fetch(`${server.url}/config.js`)).text();
    expect(body).toContain('"vapidPublicKey":"BPublicKeyForTheTest"');
  });
});
