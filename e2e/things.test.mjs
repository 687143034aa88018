// Browser tests of things, actions and activity (issue 5): adding a thing through the form,
// recording actions, badges, collaborating, owner-only editing, what guests see, the nearest
// thing by (mocked) location, and live updates on the dashboard. Groups and things are arranged
// through the API so each test stays short. BASE_URL names the server.
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import {
  BASE_URL,
  registerUser,
  uniqueUsername,
  waitForRole,
  withPage,
  startSignedIn,
  liveEvents,
  pokeUntil,
  touchThing,
} from "./helpers.mjs";

const READING = { x: 51.4543, y: -0.9781 };
// A tiny valid PNG (1x1), for the picture upload.
const PNG_1X1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

async function gql(query, variables = {}, token) {
  const operationName = /\b(?:query|mutation)\s+(\w+)/.exec(query)?.[1];
  const response = await fetch(`${BASE_URL}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ operationName, query, variables }),
  });
  const body = await response.json();
  if (body.errors) throw new Error(`${operationName}: ${JSON.stringify(body.errors)}`);
  return body.data;
}

function unique(prefix) {
  return `${prefix} ${uniqueUsername("x").slice(1, 9)}`;
}

async function newGroup(token, name = unique("Growers")) {
  const data = await gql(
    `mutation CreateGroup($name: String!) { createGroup(input: { name: $name, type: GROWER, isPublic: true }) { group { id name } } }`,
    { name },
    token,
  );
  return data.createGroup.group;
}

async function newThing(token, groupId, { name = unique("Planter"), isPublic = true, location = READING } = {}) {
  const data = await gql(
    `mutation CreateThing($input: CreateThingInput!) { createThing(input: $input) { thing { id name } } }`,
    { input: { groupId, name, type: "PLANTER", location, isPublic } },
    token,
  );
  return data.createThing.thing;
}

/** The newest link of the newest outbox e-mail to this address with this template (waits for it). */
async function mailedLink(to, template, timeout = 15_000) {
  const dir = process.env.MAIL_OUTBOX_DIR;
  assert.ok(dir, "MAIL_OUTBOX_DIR is not set");
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    const files = (await readdir(dir))
      .filter((f) => f.endsWith(".json"))
      .sort()
      .reverse();
    for (const file of files) {
      const record = JSON.parse(await readFile(join(dir, file), "utf8"));
      if (record.to === to && record.template === template && record.links?.length) {
        const url = new URL(record.links[0]);
        return `${BASE_URL}${url.pathname}${url.search}`;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${template} e-mail to ${to}`);
}

function pathOf(page) {
  return new URL(page.url()).pathname;
}

test("a member adds a thing through the form and lands on its dashboard with the CREATED action", async (t) => {
  const user = await registerUser({ name: "Robin Gardener" });
  const group = await newGroup(user.token);
  const name = unique("Corner Planter");
  await withPage(t, async (page) => {
    await startSignedIn(page, user);
    await page.goto(`${BASE_URL}/things/new`);
    await page.getByRole("heading", { level: 1, name: "New thing" }).waitFor();

    // Instant validation with the database's messages.
    const nameField = page.getByLabel("Name", { exact: true });
    await nameField.fill("ab");
    await page.getByText("Name must be between 3 and 255 characters", { exact: true }).waitFor();
    await page.getByLabel("Latitude", { exact: true }).fill("95");
    await page.getByText("Latitude must be between -90 and 90", { exact: true }).waitFor();

    // The only group is chosen already.
    assert.equal(await page.getByLabel("Group", { exact: true }).inputValue(), group.id);
    await nameField.fill(name);
    await page.getByLabel("Type", { exact: true }).selectOption("PLANTER");
    await page.getByLabel("Description", { exact: true }).fill("Herbs by the bus stop.");
    await page.getByLabel("Latitude", { exact: true }).fill("51.4551");
    await page.getByLabel("Longitude", { exact: true }).fill("-0.9712");
    await page.getByLabel("Location description", { exact: true }).fill("By the bus stop on King's Road");
    await page.locator('input[type="file"]').setInputFiles({ name: "planter.png", mimeType: "image/png", buffer: PNG_1X1 });
    await page.getByText(/planter\.png .* uploaded/).waitFor();
    await page.getByRole("button", { name: "Add thing" }).click();

    await page.waitForURL(/\/things\/[0-9a-f-]{36}\/dashboard$/);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await page.getByText("Herbs by the bus stop.").waitFor();
    await page.getByRole("img", { name: `Picture of ${name}` }).waitFor();
    await page.getByRole("link", { name: "Record an action" }).first().waitFor();
    // The CREATED action is the last action and heads the timeline.
    await page.getByText(/You added it/).waitFor();
    await page.getByRole("link", { name: "Timeline", exact: true }).click();
    await page.waitForURL(/\/timeline$/);
    const timeline = page.getByRole("list", { name: "Actions, newest first" });
    await timeline.getByText(`added ${name}`).waitFor();
    await timeline.getByText("Added", { exact: true }).waitFor();

    // The visit is remembered as a recent thing.
    const thingId = pathOf(page).split("/")[2];
    const recent = await page.evaluate(() => JSON.parse(window.localStorage.getItem("steward.recentThings") || "[]"));
    assert.equal(recent[0], thingId);
  });
});

test("a thing's page asks for the thing before the app's code has arrived", async (t) => {
  // Issue 27: src/early.ts asks the thing's page's query while the app downloads; the app's entry
  // is held here until it has, so only the early script can have asked it.
  const user = await registerUser({ username: uniqueUsername("early") });
  const group = await newGroup(user.token);
  const thing = await newThing(user.token, group.id);
  await withPage(t, async (page) => {
    await startSignedIn(page, user);
    const asked = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/graphql") asked.push(request.postDataJSON());
    });
    let release = () => {};
    const held = new Promise((resolve) => (release = resolve));
    await page.context().route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${BASE_URL}/things/${thing.id}/dashboard`, { waitUntil: "commit" });
    await pokeUntil(
      async () => {},
      () => asked.length > 0,
      "the thing asked for",
    );
    assert.deepEqual(
      asked.map((body) => [body.operationName, body.variables]),
      [["ThingPage", { id: thing.id }]],
    );
    release();
    await page.getByRole("heading", { level: 1, name: thing.name }).waitFor();
  });
});

test("recording a watering of 20 L puts it on the timeline and earns the watering badge", async (t) => {
  const user = await registerUser({ name: "Wren Waterer" });
  const group = await newGroup(user.token);
  const thing = await newThing(user.token, group.id);
  await withPage(t, async (page) => {
    await startSignedIn(page, user);
    await page.goto(`${BASE_URL}/things/${thing.id}/action`);
    await page.getByRole("heading", { level: 1, name: "Record an action" }).waitFor();

    // Comments are required, with the database's message.
    await page.getByRole("radio", { name: /Watering/ }).check();
    await page.getByRole("button", { name: "Record action" }).click();
    await page.getByText("Comments are required", { exact: true }).waitFor();

    // The amount (issue 21): a free entry out of bounds is refused in the form, a quick pick fills it.
    const amount = page.getByRole("group", { name: /How much water/ });
    await amount.getByRole("textbox", { name: "Litres" }).fill("1500");
    await page.getByText("Litres must be between 0.5 and 1000", { exact: true }).waitFor();
    await amount.getByRole("button", { name: "20 L" }).click();
    await amount.getByRole("button", { name: "20 L", pressed: true }).waitFor();
    assert.equal(await amount.getByRole("textbox", { name: "Litres" }).inputValue(), "20");

    await page.getByLabel("Comments").fill("Two full cans after the heatwave.");
    await page.getByRole("button", { name: "Record action" }).click();
    await page.waitForURL(`${BASE_URL}/things/${thing.id}/timeline`);
    await page.getByText("Watering of 20 L recorded — thank you!").waitFor();
    const timeline = page.getByRole("list", { name: "Actions, newest first" });
    await timeline.getByText("Two full cans after the heatwave.").waitFor();
    const first = timeline.getByRole("listitem").first();
    await first.getByText("Watered · 20 L", { exact: true }).waitFor();
    await first.getByText("You", { exact: true }).waitFor();

    // Make it the One Thing from the dashboard, which shows the litres recorded on it.
    await page.getByRole("link", { name: "Dashboard", exact: true }).click();
    await page.getByText("20 L", { exact: true }).first().waitFor();
    await page.getByText(/of water recorded in all/).waitFor();
    await page.getByRole("button", { name: "Make it my One Thing" }).click();
    await page.getByRole("button", { name: "My One Thing", pressed: true }).waitFor();
  });
  const me = await gql(`query Me { currentUser { oneThingId litresTotal } }`, {}, user.token);
  assert.equal(me.currentUser.oneThingId, thing.id);
  assert.equal(me.currentUser.litresTotal, 20);
  const badges = await gql(
    `query MyBadges { currentUser { badgesByUserId { nodes { badgeTypeByBadgeTypeId { badgeType level } } } } }`,
    {},
    user.token,
  );
  const earned = badges.currentUser.badgesByUserId.nodes.map((b) => b.badgeTypeByBadgeTypeId);
  assert.ok(
    earned.some((b) => b.badgeType === "watering" && b.level === 1),
    `watering badge missing: ${JSON.stringify(earned)}`,
  );
});

test("a second user collaborates by visiting /collaborate and can then record an action", async (t) => {
  const owner = await registerUser({ name: "Olive Owner" });
  const helper = await registerUser({ name: "Hazel Helper" });
  const group = await newGroup(owner.token);
  const thing = await newThing(owner.token, group.id);
  await withPage(t, async (page) => {
    await startSignedIn(page, helper);
    // Before: no recording, an offer to collaborate instead.
    await page.goto(`${BASE_URL}/things/${thing.id}/action`);
    await page.getByText(/Only the people who look after/).waitFor();

    await page.goto(`${BASE_URL}/things/${thing.id}/collaborate`);
    await page.getByText("Collaborator added", { exact: true }).waitFor();
    await page.waitForURL(`${BASE_URL}/things/${thing.id}/dashboard`);
    await page.getByRole("button", { name: "Stop collaborating" }).waitFor();

    await page.locator("main").getByRole("link", { name: "Record an action" }).first().click();
    await page.waitForURL(`${BASE_URL}/things/${thing.id}/action`);
    await page.getByRole("radio", { name: /Litter clean-up/ }).check();
    await page.getByLabel("Comments").fill("Cleared crisp packets.");
    await page.getByRole("button", { name: "Record action" }).click();
    await page.waitForURL(`${BASE_URL}/things/${thing.id}/timeline`);
    await page.getByText("Cleared crisp packets.").waitFor();

    // The owner's view lists the helper as a collaborator.
    await page.getByRole("link", { name: "Collaborators" }).click();
    await page.getByText("Collaborator", { exact: true }).first().waitFor();

    // Stopping collaboration is said plainly.
    await page.getByRole("link", { name: "Dashboard" }).click();
    await page.getByRole("button", { name: "Stop collaborating" }).click();
    await page.getByText("Collaborator removed", { exact: true }).waitFor();
    await page.locator("main").getByRole("link", { name: "Collaborate", exact: true }).waitFor();
  });
});

test("someone who does not own the thing is sent from /edit and /settings to the thing", async (t) => {
  const owner = await registerUser({ name: "Olive Owner" });
  const other = await registerUser({ name: "Nosy Neighbour" });
  const group = await newGroup(owner.token);
  const thing = await newThing(owner.token, group.id);
  await withPage(t, async (page) => {
    await startSignedIn(page, other);
    await page.goto(`${BASE_URL}/things/${thing.id}/edit`);
    await page.waitForURL(`${BASE_URL}/things/${thing.id}/dashboard`);
    await page.getByRole("heading", { level: 1, name: thing.name }).waitFor();
    assert.equal(await page.getByRole("link", { name: "Edit", exact: true }).count(), 0);
    await page.goto(`${BASE_URL}/things/${thing.id}/settings`);
    await page.waitForURL(`${BASE_URL}/things/${thing.id}/dashboard`);
  });
  // The owner gets the form, with the thing's values.
  await withPage(t, async (page) => {
    await startSignedIn(page, owner);
    await page.goto(`${BASE_URL}/things/${thing.id}/edit`);
    await page.getByRole("heading", { level: 1, name: `Edit ${thing.name}` }).waitFor();
    assert.equal(await page.getByLabel("Name", { exact: true }).inputValue(), thing.name);
    await page.getByLabel("Name", { exact: true }).fill(`${thing.name} Renamed`);
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.waitForURL(`${BASE_URL}/things/${thing.id}/dashboard`);
    await page.getByRole("heading", { level: 1, name: `${thing.name} Renamed` }).waitFor();
  });
});

test("guests see only public things on /things, and unknown things are not found", async (t) => {
  const owner = await registerUser({ name: "Olive Owner" });
  const group = await newGroup(owner.token);
  const tag = uniqueUsername("q").slice(1, 8);
  const open = await newThing(owner.token, group.id, { name: `Open Planter ${tag}` });
  const hidden = await newThing(owner.token, group.id, { name: `Hidden Planter ${tag}`, isPublic: false });
  await withPage(t, async (page) => {
    await page.goto(`${BASE_URL}/things`);
    await waitForRole(page, "bk_anonymous");
    await page.getByRole("heading", { level: 1, name: "Things" }).waitFor();
    await page.getByRole("searchbox", { name: "Search things by name" }).fill(tag);
    const list = page.getByRole("list", { name: "Things" });
    await list.getByRole("link", { name: open.name }).waitFor();
    assert.equal(await page.getByText(hidden.name).count(), 0);
    await page.getByText("1 thing matches").waitFor();

    // The private thing cannot be opened by id either.
    await page.goto(`${BASE_URL}/things/${hidden.id}`);
    await page.getByRole("heading", { level: 1, name: "Thing not found" }).waitFor();
    await page.goto(`${BASE_URL}/things/not-a-thing/timeline`);
    await page.getByRole("heading", { level: 1, name: "Thing not found" }).waitFor();
  });
  // Its owner sees both.
  await withPage(t, async (page) => {
    await startSignedIn(page, owner);
    await page.goto(`${BASE_URL}/things`);
    await page.getByRole("searchbox", { name: "Search things by name" }).fill(tag);
    await page.getByRole("link", { name: hidden.name }).waitFor();
    await page.getByRole("link", { name: open.name }).waitFor();
  });
});

test("/things/nearest opens the nearest thing from the device's location with its distance, or falls back to the list", async (t) => {
  const owner = await registerUser({ name: "Olive Owner" });
  const group = await newGroup(owner.token);
  // Far from every other test's things (Reading), so it is the nearest one here: about 240 m away.
  const far = await newThing(owner.token, group.id, { name: unique("Kea Cafe"), location: { x: -45.0312, y: 168.6626 } });
  await withPage(t, async (page) => {
    const context = page.context();
    await context.grantPermissions(["geolocation"], { origin: BASE_URL });
    await context.setGeolocation({ latitude: -45.03, longitude: 168.66, accuracy: 10 });
    await page.goto(`${BASE_URL}/things/nearest`);
    await page.waitForURL(`${BASE_URL}/things/${far.id}/dashboard`);
    await page.getByRole("heading", { level: 1, name: far.name }).waitFor();
    // The distance the database computed, in en-GB words.
    await page
      .getByText(new RegExp(`^Nearest thing: ${far.name}, 2\\d\\d m away$`))
      .first()
      .waitFor();
  });
  await withPage(t, async (page) => {
    // In Berlin, with every thing of these tests in Reading or New Zealand: none within 20 km.
    const context = page.context();
    await context.grantPermissions(["geolocation"], { origin: BASE_URL });
    await context.setGeolocation({ latitude: 52.52, longitude: 13.405, accuracy: 10 });
    await page.goto(`${BASE_URL}/things/nearest`);
    await page.getByText("No things within 20 km of you").first().waitFor();
    await page.waitForURL(`${BASE_URL}/things`);
    await page.getByRole("heading", { level: 1, name: "Things" }).waitFor();
  });
  await withPage(t, async (page) => {
    // No permission: a negative notice with the reason, then the list.
    await page.goto(`${BASE_URL}/things/nearest`);
    await page
      .getByText(/^Location permission denied/)
      .first()
      .waitFor();
    await page.waitForURL(`${BASE_URL}/things`);
    await page.getByRole("heading", { level: 1, name: "Things" }).waitFor();
  });
});

test("the dashboard shows a new action live, and the activity feed lists it", async (t) => {
  const owner = await registerUser({ name: "Olive Owner" });
  const group = await newGroup(owner.token);
  const thing = await newThing(owner.token, group.id);
  await withPage(t, async (page) => {
    await startSignedIn(page, owner);
    const heard = liveEvents(page);
    await page.goto(`${BASE_URL}/things/${thing.id}/dashboard`);
    await page.getByRole("heading", { level: 1, name: thing.name }).waitFor();
    await page.getByText(/You added it/).waitFor();
    // The subscription listens once an event reaches the page (the thing saved again,
    // unchanged); then an action is recorded elsewhere.
    await pokeUntil(
      () => touchThing(thing, owner.token),
      () => heard.count > 0,
      "the dashboard's live updates",
    );
    const comment = `Weeded the edges ${Date.now()}`;
    await gql(
      `mutation CreateAction($action: ActionInput!) { createAction(input: { action: $action }) { action { id } } }`,
      { action: { thingId: thing.id, type: "UPKEEP", comments: comment } },
      owner.token,
    );
    await page.getByText(comment).waitFor({ timeout: 10_000 });

    await page.goto(`${BASE_URL}/activity`);
    await page.getByRole("heading", { level: 1, name: "Activity" }).waitFor();
    await page.getByText(comment).waitFor();
    await page.getByRole("button", { name: "Upkeep" }).click();
    await page.getByText(comment).waitFor();
    // The comment is on the page before and after the filter; wait for the filtered answer to
    // replace the whole list (its "added" entry goes) rather than count while it is on its way.
    const links = page.locator("main").getByRole("link", { name: thing.name });
    for (const until = Date.now() + 10_000; (await links.count()) !== 1 && Date.now() < until; ) await page.waitForTimeout(100);
    assert.equal(await links.count(), 1);
  });
});

test("an owner invites by e-mail from the collaborators tab and the invitee accepts through the link", async (t) => {
  const owner = await registerUser({ name: "Olive Owner" });
  const invitee = await registerUser({ name: "Ivy Invitee" });
  const group = await newGroup(owner.token);
  const thing = await newThing(owner.token, group.id, { isPublic: false });
  await withPage(t, async (page) => {
    await startSignedIn(page, owner);
    await page.goto(`${BASE_URL}/things/${thing.id}/collaborators`);
    const email = page.getByLabel("E-mail address", { exact: true });
    await email.fill("not-an-address");
    await page.getByText("Email must be a valid address", { exact: true }).waitFor();
    await email.fill(invitee.email);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText(`Invitation sent to ${invitee.email}`).waitFor();
    await page.getByText(invitee.email, { exact: true }).waitFor();
  });
  const link = await mailedLink(invitee.email, "invitation");
  assert.match(link, /\/things\/accept\?id=[0-9a-f-]{36}&code=/);
  await withPage(t, async (page) => {
    // A guest is asked to sign in first.
    await page.goto(link);
    await page.getByRole("heading", { name: "Sign in to accept" }).waitFor();
    await startSignedIn(page, invitee);
    await page.goto(link);
    // The invited address is not verified yet (only verified ones count): the page says so, with
    // a way to have a new verification link sent and the addresses page.
    await page.getByText("Verify your e-mail address to accept this invitation").waitFor();
    await page.getByRole("button", { name: `Send a new verification link to ${invitee.email}` }).waitFor();
    await page.getByRole("link", { name: "Your e-mail addresses" }).waitFor();
    assert.equal(await page.getByRole("button", { name: "Accept", exact: true }).count(), 0);
    // The link from the sign-up mail, in another tab; then the invitation page is reloaded.
    const other = await page.context().newPage();
    await other.goto(await mailedLink(invitee.email, "verify_email"));
    await other.getByRole("heading", { name: "Your e-mail address is verified" }).waitFor();
    await other.close();
    await page.reload();
    await page.getByText(`You have been invited to help look after ${thing.name}.`).waitFor();
    await page.getByRole("button", { name: "Accept" }).click();
    await page.waitForURL(`${BASE_URL}/things/${thing.id}/dashboard`);
    await page.getByText(`You now collaborate on ${thing.name}`).waitFor();
    await page.getByRole("button", { name: "Stop collaborating" }).waitFor();
    // The link is used up.
    await page.goto(link);
    await page.getByText("This invitation was not found or has expired").waitFor();
  });
  await withPage(t, async (page) => {
    // Inviting someone who already collaborates is refused with the server's message (ISACS).
    await startSignedIn(page, owner);
    await page.goto(`${BASE_URL}/things/${thing.id}/collaborators`);
    await page.getByLabel("E-mail address", { exact: true }).fill(invitee.email);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.getByRole("alert").filter({ hasText: "This person already has access to the thing" }).waitFor();
  });
});

/** Gives a record a picture through the API, as the forms do: POST /uploads, then newFiles. */
async function attachPicture(token, type, id) {
  const sessionId = crypto.randomUUID();
  const form = new FormData();
  form.append("sessionId", sessionId);
  form.append("file", new Blob([PNG_1X1], { type: "image/png" }), "picture.png");
  const up = await fetch(`${BASE_URL}/uploads`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  assert.equal(up.status, 201);
  await gql(
    `mutation NewFiles($sessionId: String!, $type: String!, $id: UUID!) { newFiles(input: { sessionId: $sessionId, type: $type, id: $id }) { movedFiles } }`,
    { sessionId, type, id },
    token,
  );
}

/** Waits until the app has set the pictures cookie (HttpOnly: only the browser context sees it). */
async function picturesCookie(page) {
  for (let i = 0; i < 100; i++) {
    const cookie = (await page.context().cookies()).find((c) => c.name === "steward_pictures");
    if (cookie) return cookie;
    await page.waitForTimeout(100);
  }
  throw new Error("the pictures cookie was never set");
}

test("a private thing's picture shows on its page to its owner, and to nobody else (security review #20)", async (t) => {
  const owner = await registerUser({ name: "Pia Private" });
  const stranger = await registerUser({ name: "Sid Stranger" });
  const group = await newGroup(owner.token);
  const thing = await newThing(owner.token, group.id, { isPublic: false });
  await attachPicture(owner.token, "thing", thing.id);
  const url = `/images/thing/${thing.id}/medium.webp`;
  const statusOf = (page) => page.evaluate((u) => fetch(u).then((r) => r.status), url);

  await withPage(t, async (page) => {
    await startSignedIn(page, owner);
    await page.goto(`${BASE_URL}/things/${thing.id}/dashboard`);
    await page.getByRole("heading", { level: 1, name: thing.name }).waitFor();
    // The picture itself, loaded by an <img> (no Authorization header: the pictures cookie), not the initials.
    await page.waitForFunction((alt) => {
      const img = [...document.querySelectorAll("img")].find((i) => i.alt === alt);
      return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0;
    }, `Picture of ${thing.name}`);
    const cookie = await picturesCookie(page);
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, "Lax");
    assert.equal(cookie.path, "/images");
    assert.equal(await statusOf(page), 200);
  });

  await withPage(t, async (page) => {
    await startSignedIn(page, stranger);
    await page.goto(`${BASE_URL}/things`);
    await picturesCookie(page);
    // A signed-in stranger who learnt the id: 404, as for an id that does not exist.
    assert.equal(await statusOf(page), 404);
    await page.goto(`${BASE_URL}${url}`);
    assert.equal(await page.evaluate(() => document.body.innerText.includes("Image not found")), true);
  });

  await withPage(t, async (page) => {
    await page.goto(`${BASE_URL}/`);
    await page.waitForFunction(() => Boolean(window.localStorage.getItem("steward.session")));
    assert.equal(await statusOf(page), 404);
  });
});
