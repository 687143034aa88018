// Web push end to end (issue 25): a notice raised in SQL (app_hidden.notify_user) queues send_push,
// a runner from startWorker sends it with web-push, and a stand-in push service on 127.0.0.1
// (test/push-service.ts) checks the VAPID header and decrypts the aes128gcm body with the
// subscription's own keys, as a browser would. 404 and 410 remove a subscription; other failures
// are retried; endpoints off the allowed push services are never contacted.
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import pg from "pg";
import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { startWorker, type WorkerHandle } from "../run.ts";
import { createOutboxMailer } from "../providers/mailer.ts";
import { makeTempDir, silentLogger, waitFor } from "./helpers.ts";
import { createTestDatabase, dropTestDatabase } from "../../test/database.ts";
import { vapidKeyPair } from "../../test/vapid-keys.ts";
import { pushKeys, startPushService, type PushServiceStandIn } from "../../test/push-service.ts";

let url: string;
let pool: pg.Pool;
let service: PushServiceStandIn;
let elsewhere: PushServiceStandIn;
let worker: WorkerHandle;
let tmp: { dir: string; remove(): Promise<void> };
const vapid = vapidKeyPair();
const VAPID_PUBLIC_KEY = vapid.publicKey;

beforeAll(async () => {
  url = await createTestDatabase(inject("adminUrl"), "bk_push");
  pool = new pg.Pool({ connectionString: url, max: 3 });
  service = await startPushService();
  elsewhere = await startPushService();
  tmp = await makeTempDir("bk-push-");
  worker = await startWorker({
    databaseUrl: url,
    env: {
      VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: "mailto:ops@example.org",
      UNSUBSCRIBE_SECRET: randomBytes(32).toString("base64url"),
      PUSH_ENDPOINT_HOSTS: `fcm.googleapis.com, ${service.origin}`,
      DATA_DIR: tmp.dir,
      NOTICES_PER_DAY: "50",
    },
    mailer: createOutboxMailer({ from: "no-reply@example.org", outboxDir: tmp.dir, log: () => {} }),
    logger: silentLogger,
    crontab: "",
    scheduleChecks: false,
    pollInterval: 200,
  });
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await service?.close();
  await elsewhere?.close();
  await pool?.end();
  if (url) await dropTestDatabase(inject("adminUrl"), url);
  await tmp?.remove();
});

let n = 0;
async function user(): Promise<string> {
  n += 1;
  const tag = `${Date.now().toString(36)}p${n}`;
  const { rows } = await pool.query("select user_id from app_hidden.sign_up('Pat Pusher', $1, $2, 'Secret123', 'localhost')", [
    `p${tag}`,
    `p${tag}@example.com`,
  ]);
  return rows[0].user_id;
}

async function subscribe(userId: string, endpoint: string, keys = pushKeys()): Promise<string> {
  const { rows } = await pool.query(
    "insert into app_public.push_subscriptions (user_id, endpoint, p256dh, auth, label) values ($1, $2, $3, $4, 'Test browser') returning id",
    [userId, endpoint, keys.p256dh, keys.auth],
  );
  return rows[0].id;
}

async function notify(userId: string, kind: string, title: string, linkPath: string | null = "/tasks") {
  await pool.query("select app_hidden.notify_user($1, $2, 'negative', $3, 'Its soil is at 12%.', $4, null, false)", [
    userId,
    kind,
    title,
    linkPath,
  ]);
}

const exists = async (id: string) => (await pool.query("select 1 from app_public.push_subscriptions where id = $1", [id])).rowCount === 1;

describe("a notice in the recipient's language (issue 25)", () => {
  it("pushes and e-mails a German reader in German, from the notice's key and data", async () => {
    const me = await user();
    await pool.query("update app_public.users set language = 'de' where id = $1", [me]);
    await pool.query("update app_public.user_emails set is_verified = true where user_id = $1", [me]);
    const keys = pushKeys();
    service.keys.set("de", keys);
    await subscribe(me, service.endpoint("de"), keys);
    await pool.query(
      `select app_hidden.notify_user($1, 'task_due', 'info', 'Due tomorrow: Mulch the oak', 'The task "Mulch the oak" at Oak is due tomorrow.',
         '/tasks', null, true, 'notice.task_due', '{"task": "Mulch the oak", "thing": "Oak"}')`,
      [me],
    );

    const push = await waitFor(() => service.received.find((r) => r.path === "/push/de"), "the push message", 15_000);
    expect(JSON.parse(push.text)).toMatchObject({
      title: "Morgen fällig: Mulch the oak",
      body: "Die Aufgabe „Mulch the oak“ bei Oak ist morgen fällig.",
    });

    const {
      rows: [{ email }],
    } = await pool.query("select email from app_public.user_emails where user_id = $1", [me]);
    const mail = await waitFor(
      async () => {
        for (const file of (await readdir(tmp.dir)).filter((f) => f.endsWith(".json"))) {
          const record = JSON.parse(await readFile(path.join(tmp.dir, file), "utf8"));
          if (record.to === email && record.template === "notification") return record;
        }
        return null;
      },
      "the notice e-mail",
      15_000,
    );
    expect(mail.subject).toContain("Morgen fällig: Mulch the oak");
    expect(mail.text).toContain("Die Aufgabe „Mulch the oak“ bei Oak ist morgen fällig.");
    expect(mail.text).toContain("In der App öffnen");
    expect(mail.text).not.toContain("is due tomorrow");
  });

  it("keeps the English for an English reader and for a notice without a key", async () => {
    const me = await user();
    const keys = pushKeys();
    service.keys.set("en", keys);
    await subscribe(me, service.endpoint("en"), keys);
    await pool.query(
      `select app_hidden.notify_user($1, 'task_due', 'info', 'Due tomorrow: Prune', 'The task "Prune" at Lime is due tomorrow.',
         '/tasks', null, false, 'notice.task_due', '{"task": "Prune", "thing": "Lime"}')`,
      [me],
    );
    const push = await waitFor(() => service.received.find((r) => r.path === "/push/en"), "the push message", 15_000);
    expect(JSON.parse(push.text)).toMatchObject({ title: "Due tomorrow: Prune", body: 'The task "Prune" at Lime is due tomorrow.' });
  });
});

describe("send_push", () => {
  it("delivers a notice encrypted for the browser's keys and signed with our VAPID key", async () => {
    const me = await user();
    const keys = pushKeys();
    service.keys.set("a", keys);
    const id = await subscribe(me, service.endpoint("a"), keys);
    await notify(me, "dry_alert", "Oak needs water", "/things/3f1e0c4e-0000-4000-8000-000000000001/action");

    const push = await waitFor(() => service.received.find((r) => r.path === "/push/a"), "the push message", 15_000);
    expect(service.refused).toEqual([]);
    expect(JSON.parse(push.text)).toMatchObject({
      title: "Oak needs water",
      body: "Its soil is at 12%.",
      url: "/things/3f1e0c4e-0000-4000-8000-000000000001/action",
      kind: "water",
    });
    expect(push.vapid.publicKey).toBe(VAPID_PUBLIC_KEY);
    expect(push.vapid.claims).toMatchObject({ aud: service.origin, sub: "mailto:ops@example.org" });
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(push.headers.urgency).toBe("high");
    expect(Number(push.headers.ttl)).toBe(86_400);
    // The tag is the in-app notification's id, so the service worker can tie the two together.
    const [{ id: notificationId }] = (await pool.query("select id from app_public.notifications where user_id = $1", [me])).rows;
    expect(JSON.parse(push.text).tag).toBe(notificationId);
    await waitFor(
      async () =>
        (await pool.query("select last_success_at from app_public.push_subscriptions where id = $1", [id])).rows[0]?.last_success_at,
      "last_success_at",
    );
  });

  it("removes subscriptions the push service says are gone (404, 410), keeps and retries one that failed (500)", async () => {
    const me = await user();
    for (const name of ["gone", "missing", "down"]) service.keys.set(name, pushKeys());
    service.statuses.set("gone", 410);
    service.statuses.set("missing", 404);
    service.statuses.set("down", 500);
    const gone = await subscribe(me, service.endpoint("gone"), service.keys.get("gone"));
    const missing = await subscribe(me, service.endpoint("missing"), service.keys.get("missing"));
    const down = await subscribe(me, service.endpoint("down"), service.keys.get("down"));
    await notify(me, "task_assigned", "Task assigned: Water the oak");

    await waitFor(async () => !(await exists(gone)) && !(await exists(missing)), "the gone subscriptions to be removed", 15_000);
    expect(await exists(down)).toBe(true);
    const failed = await waitFor(
      async () => {
        const { rows } = await pool.query(
          "select attempts, max_attempts, last_error from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'send_push' and j.payload->>'subscriptionId' = $1 and j.last_error is not null",
          [down],
        );
        return rows[0];
      },
      "the failed attempt",
      15_000,
    );
    expect(failed.last_error).toMatch(/answered 500/);
    expect(failed.max_attempts).toBe(5);
  });

  it("never contacts an endpoint that is not an allowed push service, and keeps the subscription", async () => {
    const me = await user();
    const keys = pushKeys();
    elsewhere.keys.set("x", keys);
    const id = await subscribe(me, elsewhere.endpoint("x"), keys);
    await notify(me, "dry_alert", "Elm needs water");
    await waitFor(
      async () =>
        (
          await pool.query(
            "select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'send_push' and j.payload->>'userId' = $1",
            [me],
          )
        ).rows[0].n === 0,
      "the job to finish",
      15_000,
    );
    expect(elsewhere.received).toEqual([]);
    expect(elsewhere.refused).toEqual([]);
    expect(await exists(id)).toBe(true);
  });

  it("queues nothing for a person without a subscribed browser, or with push switched off for that kind", async () => {
    const me = await user();
    await notify(me, "dry_alert", "Ash needs water");
    const queued = async () =>
      (
        await pool.query(
          "select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'send_push' and j.payload->>'userId' = $1",
          [me],
        )
      ).rows[0].n;
    expect(await queued()).toBe(0);
    await subscribe(me, service.endpoint("off"));
    await pool.query(
      "insert into app_public.notice_preferences (user_id, kind, in_app, email, push) values ($1, 'water', true, true, false)",
      [me],
    );
    await notify(me, "dry_alert", "Ash needs water");
    expect(await queued()).toBe(0);
  });

  it("writes NOTICES_PER_DAY into the database at start", async () => {
    expect((await pool.query("select per_day from app_private.notice_limits")).rows[0].per_day).toBe(50);
  });
});
