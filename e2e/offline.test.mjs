// Offline first for the volunteer (issue 27), in Chromium with the network switched off: after one
// visit online the app opens offline with the person's things as last seen (the service worker's
// shell, the GraphQL cache kept in IndexedDB); a watering recorded offline, from the map card or the
// thing's record form, is shown as saved on the device and counted, and is sent once when the
// network returns (the database has exactly one); and a watering whose answer is lost on the way
// back is sent again with the same client key and still recorded once.
import assert from "node:assert/strict";
import { test } from "node:test";
import { BASE_URL, callApi, registerUser, sql, startSignedIn, uniqueUsername, waitUntilCodeKept, withPage } from "./helpers.mjs";

async function wateringsOf(thingId) {
  return (
    await sql(
      `select id, litres::float8 as litres, comments, client_key::text as key from app_public.actions where thing_id = $1 and type = 'WATERING' order by created_at`,
      [thingId],
    )
  ).rows;
}

/** A new steward with one thing of their own at `spot`. */
async function stewardWithThing(spot, name) {
  const user = await registerUser({ username: uniqueUsername("off") });
  const group = await callApi(
    `mutation OfflineGroup($name: String!) { createGroup(input: { name: $name, type: GROWER, isPublic: true }) { group { id } } }`,
    { name: `Offline Growers ${uniqueUsername("g").slice(1, 8)}` },
    user.token,
  );
  const thing = (
    await callApi(
      `mutation OfflineThing($input: CreateThingInput!) { createThing(input: $input) { thing { id name } } }`,
      { input: { groupId: group.createGroup.group.id, name, type: "PLANTER", location: spot, isPublic: true } },
      user.token,
    )
  ).createThing.thing;
  return { user, thing };
}

/** Signed in, the tour taken, and the home page open with the thing's row in the care list. */
async function openHomeOnline(page, user, thing) {
  const userId = await startSignedIn(page, user);
  await page.evaluate(
    (key) => localStorage.setItem("steward.tours", JSON.stringify({ [key]: { outcome: "finished", at: new Date().toISOString() } })),
    `home:${userId}`,
  );
  await page.goto(`${BASE_URL}/`);
  await page.locator(`.care-row[data-thing-id="${thing.id}"]`).waitFor({ timeout: 20_000 });
  return userId;
}

/** The service worker controls the page, the person's answers are written to IndexedDB and the page's code is kept. */
async function waitUntilKeptOnDevice(page, userId) {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: 20_000 });
  await page.waitForFunction(
    async (name) => {
      const open = indexedDB.open(name);
      const db = await new Promise((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      try {
        if (!db.objectStoreNames.contains("entries")) return false;
        const keys = await new Promise((resolve) => {
          const request = db.transaction("entries", "readonly").objectStore("entries").getAll();
          request.onsuccess = () => resolve(request.result.flatMap((day) => Object.keys(day ?? {})));
          request.onerror = () => resolve([]);
        });
        // The person (whose things the home's map opens on) among what is kept, not just anything.
        return keys.includes("Query.currentUser");
      } finally {
        db.close();
      }
    },
    `steward-graphcache-${userId}`,
    { timeout: 20_000, polling: 250 },
  );
  await waitUntilCodeKept(page);
}

test("offline after one visit: the app opens with my things, a watering from the map card is queued, and sent once back online", async (t) => {
  const { user, thing } = await stewardWithThing({ x: 50.7112, y: -1.9034 }, "Offline Oak Planter");
  await withPage(t, async (page) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // No host but the app's own (no basemap tiles): as on this machine and in CI.
    const origin = new URL(BASE_URL).origin;
    await page.route(
      (url) => url.origin !== origin,
      (route) => route.abort("internetdisconnected"),
    );
    const userId = await openHomeOnline(page, user, thing);
    // Open the card once online, so its answer is kept too.
    await page.locator(`.care-row[data-thing-id="${thing.id}"]`).click();
    await page.getByRole("button", { name: "Record watering of 20 litres" }).waitFor();
    await waitUntilKeptOnDevice(page, userId);

    await page.context().setOffline(true);
    try {
      const response = await page.reload();
      assert.ok(response?.fromServiceWorker(), "the page came from the service worker");
      await page.getByRole("status").filter({ hasText: "You are offline." }).waitFor();
      // My things, as last seen: the row in the care list and the card with its state.
      const row = page.locator(`.care-row[data-thing-id="${thing.id}"]`);
      await row.waitFor({ timeout: 20_000 });
      assert.match(await row.textContent(), /Offline Oak Planter/);
      await row.click();
      await page.getByTestId("last-watered").filter({ hasText: "No watering recorded yet" }).waitFor();

      // Record a watering offline: saved on the device, said so, and counted.
      await page.getByRole("button", { name: "Record watering of 20 litres" }).click();
      await page.getByText("Watering of 20 L saved on this device. It will be sent when you are online.").waitFor();
      const status = page.locator(".queued-actions");
      await status.getByText("1 watering", { exact: true }).waitFor();
      assert.match(await status.textContent(), /Saved on this device:\s*1 watering waiting to be sent/);
      assert.match(await status.textContent(), /Watering of Offline Oak Planter, 20 L — recorded \d\d:\d\d/);
      assert.deepEqual(await wateringsOf(thing.id), [], "nothing reached the server while offline");

      // Back online: sent by itself, once, and the device says when.
      await page.context().setOffline(false);
      await status.getByText(/Sent:/).waitFor({ timeout: 20_000 });
      assert.match(
        await status.textContent(),
        /Sent: Watering of Offline Oak Planter, 20 L, recorded \d\d:\d\d on this device, sent at \d\d:\d\d\./,
      );
      await page.getByText(/Watering of 20 L sent at \d\d:\d\d\. Thank you!/).waitFor();
      assert.equal(await status.getAttribute("data-waiting"), "0");
      const stored = await wateringsOf(thing.id);
      assert.equal(stored.length, 1, "exactly one watering recorded");
      assert.equal(stored[0].litres, 20);
      const key = stored[0].key;
      assert.match(key, /^[0-9a-f-]{36}$/);

      // Going off and on again, and a reload, send nothing more.
      await page.context().setOffline(true);
      await page.context().setOffline(false);
      await page.reload();
      await page.locator(`.care-row[data-thing-id="${thing.id}"]`).waitFor({ timeout: 20_000 });
      await page.locator(".queued-actions").getByText(/Sent:/).waitFor();
      assert.deepEqual(
        (await wateringsOf(thing.id)).map((w) => w.key),
        [key],
      );
      // Dismissed, the note goes.
      await page.locator(".queued-actions").getByRole("button", { name: "Dismiss" }).click();
      await page.locator(".queued-actions").waitFor({ state: "detached" });
    } finally {
      await page.context().setOffline(false);
    }
  });
});

test("offline, the thing's record form keeps a watering on the device and sends it once back online", async (t) => {
  const { user, thing } = await stewardWithThing({ x: 50.7212, y: -1.9134 }, "Offline Form Planter");
  await withPage(t, async (page) => {
    const origin = new URL(BASE_URL).origin;
    await page.route(
      (url) => url.origin !== origin,
      (route) => route.abort("internetdisconnected"),
    );
    const userId = await openHomeOnline(page, user, thing);
    // Visit the thing and its form online (their code and answers are kept), then go offline.
    await page.goto(`${BASE_URL}/things/${thing.id}`);
    await page.getByRole("heading", { level: 1, name: "Offline Form Planter" }).waitFor();
    await page.goto(`${BASE_URL}/things/${thing.id}/action?type=WATERING`);
    await page.getByRole("heading", { level: 1, name: "Record an action" }).waitFor();
    await waitUntilKeptOnDevice(page, userId);

    await page.context().setOffline(true);
    try {
      await page.reload();
      await page.getByRole("status").filter({ hasText: "You are offline." }).waitFor();
      await page.getByRole("heading", { level: 1, name: "Record an action" }).waitFor();
      await page.getByRole("button", { name: "10 L" }).click();
      await page.getByRole("textbox", { name: /Comments/ }).fill("Watered from the form with no signal");
      await page.getByRole("button", { name: "Record action" }).click();
      await page.getByText("Watering saved on this device. It will be sent when you are online.").waitFor();
      await page.getByRole("heading", { level: 1, name: "Offline Form Planter" }).waitFor();
      const status = page.locator(".queued-actions");
      await status.getByText("1 watering", { exact: true }).waitFor();
      assert.deepEqual(await wateringsOf(thing.id), []);

      await page.context().setOffline(false);
      await status.getByText(/Sent: Watering of Offline Form Planter, 10 L/).waitFor({ timeout: 20_000 });
      const stored = await wateringsOf(thing.id);
      assert.equal(stored.length, 1);
      assert.deepEqual([stored[0].litres, stored[0].comments], [10, "Watered from the form with no signal"]);
    } finally {
      await page.context().setOffline(false);
    }
  });
});

test("a watering whose answer is lost on the way back is sent again with its key and recorded once", async (t) => {
  const { user, thing } = await stewardWithThing({ x: 50.7312, y: -1.9234 }, "Lost Answer Planter");
  await withPage(t, async (page) => {
    const origin = new URL(BASE_URL).origin;
    await page.route(
      (url) => url.origin !== origin,
      (route) => route.abort("internetdisconnected"),
    );
    await openHomeOnline(page, user, thing);
    await page.locator(`.care-row[data-thing-id="${thing.id}"]`).click();
    // The first recordAction reaches the server, which records it, but its answer never arrives.
    let lost = 0;
    await page.route(`${BASE_URL}/graphql`, async (route) => {
      const body = route.request().postData() ?? "";
      if (lost === 0 && body.includes("MapRecordWatering")) {
        lost += 1;
        await route.fetch();
        return route.abort("connectionreset");
      }
      return route.fallback();
    });
    await page.getByRole("button", { name: "Record watering of 50 litres" }).click();
    // Kept on the device, then sent again at once (the browser is online) with the same key: the
    // server answers the watering it already has.
    await page
      .locator(".queued-actions")
      .getByText(/Sent: Watering of Lost Answer Planter, 50 L/)
      .waitFor({ timeout: 20_000 });
    assert.equal(lost, 1);
    const stored = await wateringsOf(thing.id);
    assert.equal(stored.length, 1, "one watering despite two sends");
    assert.equal(stored[0].litres, 50);
  });
});
