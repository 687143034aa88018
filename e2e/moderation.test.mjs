// Moderation end to end (issue 26): one person reports a thing from its page, an admin hides it
// from the queue on /admin, and another person who has the thing open loses it at once; the
// admin still sees it, marked hidden. Also the thing's History tab records an edit.
import assert from "node:assert/strict";
import { test } from "node:test";
import { BASE_URL, callApi, openBrowser, registerUser, startSignedIn, withPage } from "./helpers.mjs";

/** A registered user made an admin with SQL, signed in again so the token carries bk_admin. */
async function registerAdmin() {
  const user = await registerUser({ name: "Ada Admin" });
  const { default: pg } = await import("pg");
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    await db.query("update app_public.users set is_admin = true where username = $1", [user.username]);
  } finally {
    await db.end();
  }
  const signedIn = await callApi(
    `mutation SignIn($username: String!, $password: String!) { signIn(input: { username: $username, password: $password }) { jwtToken } }`,
    { username: user.username, password: user.password },
  );
  return { ...user, token: signedIn.signIn.jwtToken };
}

/** The owner's public thing in a group of theirs, made through the API. */
async function publicThing(owner, name) {
  const group = await callApi(
    `mutation G($name: String!) { createGroup(input: { name: $name, type: GROWER, isPublic: true }) { group { id } } }`,
    { name: `${name} Growers` },
    owner.token,
  );
  const thing = await callApi(
    `mutation T($g: UUID!, $name: String!) { createThing(input: { groupId: $g, name: $name, type: PLANTER, location: { x: 51.4543, y: -0.9781 }, isPublic: true }) { thing { id } } }`,
    { g: group.createGroup.group.id, name },
    owner.token,
  );
  return thing.createThing.thing.id;
}

test("a reported thing hidden by an admin disappears for another user at once; the admin still sees it, marked hidden", async (t) => {
  const owner = await registerUser({ name: "Olly Owner" });
  const reporter = await registerUser({ name: "Rita Reporter" });
  const viewer = await registerUser({ name: "Vic Viewer" });
  const admin = await registerAdmin();
  const name = `Spam Planter ${Date.now().toString(36)}`;
  const thingId = await publicThing(owner, name);
  const thingUrl = `${BASE_URL}/things/${thingId}/dashboard`;

  // The other user has the thing open before anything happens.
  const other = await openBrowser();
  try {
    await startSignedIn(other.page, viewer);
    await other.page.goto(thingUrl);
    await other.page.getByRole("heading", { level: 1, name }).waitFor();

    await withPage(t, async (page) => {
      // The reporter reports it from its page.
      await startSignedIn(page, reporter);
      await page.goto(thingUrl);
      await page.getByRole("heading", { level: 1, name }).waitFor();
      await page.getByRole("button", { name: "Report this thing" }).click();
      const form = page.getByRole("form", { name: "Report this thing" });
      await form.getByRole("radio", { name: /Spam/ }).check();
      await form.getByLabel("Details (optional)").fill("Advertising watches");
      await form.getByRole("button", { name: "Send report" }).click();
      await page.getByText("Thank you. An admin will look at your report.").waitFor();
    });

    await withPage(t, async (page) => {
      // The admin finds it in the queue and hides it.
      await startSignedIn(page, admin);
      await page.goto(`${BASE_URL}/admin`);
      const item = page.getByTestId("report-item").filter({ hasText: name });
      await item.waitFor();
      assert.match(await item.innerText(), /Advertising watches/);
      assert.match(await item.innerText(), /Rita Reporter/);
      await item.getByRole("button", { name: "Hide" }).click();
      await page.getByText("Hidden from everyone but admins").waitFor();

      // The admin still sees the thing, marked hidden.
      await page.goto(thingUrl);
      await page.getByRole("heading", { level: 1, name }).waitFor();
      await page.getByText(/Hidden by an admin/).waitFor();
    });

    // The other user's open page loses it without a reload (the thing's live updates), and a
    // fresh visit finds nothing either.
    await other.page.getByRole("heading", { level: 1, name: /not found/ }).waitFor();
    await other.page.goto(thingUrl);
    await other.page.getByRole("heading", { level: 1, name: /not found/ }).waitFor();
    assert.equal(await other.page.getByRole("heading", { level: 1, name }).count(), 0);
  } finally {
    await other.close();
  }
});

test("the History tab shows an owner's edit, and the owner restores the earlier version", async (t) => {
  const owner = await registerUser({ name: "Hana Historian" });
  const name = `History Planter ${Date.now().toString(36)}`;
  const thingId = await publicThing(owner, name);
  await callApi(
    `mutation U($id: UUID!) { updateThingById(input: { id: $id, thingPatch: { name: "Renamed Planter" } }) { thing { id } } }`,
    { id: thingId },
    owner.token,
  );
  await withPage(t, async (page) => {
    await startSignedIn(page, owner);
    await page.goto(`${BASE_URL}/things/${thingId}/history`);
    const change = page.getByTestId("history-entry").filter({ hasText: "Renamed Planter" }).first();
    await change.waitFor();
    assert.match(await change.innerText(), /Changed/);
    assert.match(await change.innerText(), new RegExp(name));
    await change.getByRole("button", { name: "Restore the version before this change" }).click();
    await change.getByRole("button", { name: "Restore", exact: true }).click();
    await page.getByText(/back to the version before this change/).waitFor();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await page.getByTestId("history-entry").filter({ hasText: "Restored an earlier version" }).first().waitFor();
  });
});
