// Web push in Chromium (issue 25): turning push on under Account > Notices (permission, the
// subscription made with the server's VAPID key from /config.js, the device registered and listed),
// a notice raised in the database reaching the push service (a stand-in started by e2e/run.ts; its
// message checked here: the VAPID JWT, and the aes128gcm body decrypted with the subscription's
// keys), the service worker showing it, and a tap on the notification opening its page.
//
// Headless Chromium has no push service of its own (it would need Google's, and every outside host
// is unreachable here), so PushManager's subscribe/getSubscription are stood in for by an init
// script that answers with a subscription whose keys this test made and whose endpoint is the
// stand-in; the message is then handed to the service worker as a real push event through the
// DevTools protocol (ServiceWorker.deliverPushMessage). A system notification cannot be clicked
// from a test either: the notificationclick event is dispatched in the service worker instead,
// which runs the same handler.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createECDH, randomBytes } from "node:crypto";
import pg from "pg";
import { BASE_URL, registerUser, startSignedIn, withPage } from "./helpers.mjs";
import { checkVapid, decryptPush } from "../test/push-service.ts";

const PUSH_SERVICE_URL = process.env.PUSH_SERVICE_URL;

async function sql(text, values = []) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function waitFor(check, what, timeout = 20_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test("push: subscribe on Account > Notices, a notice arrives encrypted, shows, and a tap opens its page", {
  skip: !PUSH_SERVICE_URL && "run through npm run test:e2e (it starts the stand-in push service)",
}, async (t) => {
  await withPage(t, async (page) => {
    const context = page.context();
    await context.grantPermissions(["notifications"], { origin: BASE_URL });
    const user = await registerUser();
    const userId = await startSignedIn(page, user);

    // The subscription's keys, as a browser would make them.
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const keys = { ecdh, p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
    const name = `e2e-${randomBytes(4).toString("hex")}`;
    const endpoint = `${PUSH_SERVICE_URL}/push/${name}`;
    await context.addInitScript(
      ({ endpoint, p256dh, auth }) => {
        const bytes = (b64url) => {
          const s = atob(
            b64url
              .replace(/-/g, "+")
              .replace(/_/g, "/")
              .padEnd(Math.ceil(b64url.length / 4) * 4, "="),
          );
          return Uint8Array.from(s, (c) => c.charCodeAt(0)).buffer;
        };
        let current = null;
        PushManager.prototype.getSubscription = async () => current;
        PushManager.prototype.subscribe = async (options) => {
          window.__pushOptions = {
            userVisibleOnly: options.userVisibleOnly,
            key: Array.from(new Uint8Array(options.applicationServerKey)),
          };
          current = {
            endpoint,
            expirationTime: null,
            options: { applicationServerKey: options.applicationServerKey.buffer ?? options.applicationServerKey },
            getKey: (which) => bytes(which === "p256dh" ? p256dh : auth),
            unsubscribe: async () => {
              current = null;
              return true;
            },
          };
          return current;
        };
      },
      { endpoint, p256dh: keys.p256dh, auth: keys.auth },
    );

    await page.goto(`${BASE_URL}/account/notices`);
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: 20_000 });
    await page.getByRole("heading", { name: "Devices that get push messages" }).waitFor();
    await page.getByRole("button", { name: "Get push messages on this device" }).click();
    await page.getByText("this device", { exact: true }).waitFor();

    // Subscribed with the server's key, for messages the user sees.
    const configured = await page.evaluate(() => window.APP_CONFIG.vapidPublicKey);
    const asked = await page.evaluate(() => window.__pushOptions);
    assert.equal(asked.userVisibleOnly, true);
    assert.equal(Buffer.from(asked.key).toString("base64url"), configured);
    const [row] = await sql("select endpoint, p256dh, auth from app_public.push_subscriptions where user_id = $1", [userId]);
    assert.deepEqual(row, { endpoint, p256dh: keys.p256dh, auth: keys.auth });

    // A notice for them: the worker sends it to the push service.
    await sql(
      "select app_hidden.notify_user($1, 'task_assigned', 'info', 'Task assigned: Water the oak', 'Sam asked you to water the oak.', '/tasks', null, false)",
      [userId],
    );
    const message = await waitFor(async () => {
      const received = await (await fetch(`${PUSH_SERVICE_URL}/received`)).json();
      return received.find((m) => m.path === `/push/${name}`);
    }, "the push message");
    const vapid = checkVapid(message.headers.authorization, PUSH_SERVICE_URL);
    assert.equal(vapid.publicKey, configured);
    const text = decryptPush(Buffer.from(message.body, "base64"), keys);
    const content = JSON.parse(text);
    assert.equal(content.title, "Task assigned: Water the oak");
    assert.equal(content.url, "/tasks");

    // The browser's push service would now hand it to the service worker.
    const cdp = await context.newCDPSession(page);
    const registrations = [];
    cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => registrations.push(...event.registrations));
    await cdp.send("ServiceWorker.enable");
    const registration = await waitFor(() => registrations.find((r) => r.scopeURL === `${BASE_URL}/` && !r.isDeleted), "the registration");
    const notifications = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, url: n.data?.url })),
      );
    // DevTools' delivery was once dropped in five runs (the worker was starting up); the same
    // message again is harmless (its tag replaces the notification). Up to three tries, 5 s each.
    let shown = [];
    for (let attempt = 0; attempt < 3 && shown.length === 0; attempt += 1) {
      await cdp.send("ServiceWorker.deliverPushMessage", { origin: BASE_URL, registrationId: registration.registrationId, data: text });
      shown = await waitFor(
        async () => {
          const list = await notifications();
          return list.length ? list : null;
        },
        "the notification",
        5000,
      ).catch(() => []);
    }
    assert.deepEqual(shown, [{ title: "Task assigned: Water the oak", body: "Sam asked you to water the oak.", url: "/tasks" }]);

    // A tap opens the task list in this window.
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
    await worker.evaluate(async () => {
      const [notification] = await self.registration.getNotifications();
      self.dispatchEvent(new NotificationEvent("notificationclick", { notification }));
    });
    await page.waitForURL(`${BASE_URL}/tasks`, { timeout: 15_000 });
    const left = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length);
    assert.equal(left, 0, "the notification closes when tapped");
  });
});

test("push: a device is removed from Account > Notices", { skip: !PUSH_SERVICE_URL && "run through npm run test:e2e" }, async (t) => {
  await withPage(t, async (page) => {
    const user = await registerUser();
    const userId = await startSignedIn(page, user);
    const p256dh = Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString("base64url");
    await sql(
      "insert into app_public.push_subscriptions (user_id, endpoint, p256dh, auth, label) values ($1, $2, $3, $4, 'Firefox on Linux')",
      [userId, `${PUSH_SERVICE_URL}/push/other-${randomBytes(4).toString("hex")}`, p256dh, randomBytes(16).toString("base64url")],
    );
    await page.goto(`${BASE_URL}/account/notices`);
    await page.getByRole("button", { name: "Remove Firefox on Linux" }).click();
    await page.getByText("No device gets push messages.").waitFor();
    assert.deepEqual(await sql("select id from app_public.push_subscriptions where user_id = $1", [userId]), []);
  });
});
