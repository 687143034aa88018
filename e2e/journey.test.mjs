// A first-time user's journey through the real UI, in one browser session (issue 12): open the
// home page as a guest, take the guided tour step by step, create an account, start a group, add a
// thing, record a care action on it, then find it on the home page (my things, recent activity)
// and their care points on the /scorer leaderboard. Nothing is arranged through the API.
import assert from "node:assert/strict";
import { test } from "node:test";
import { BASE_URL, PASSPHRASE, storedSession, uniqueUsername, waitForRole, withPage } from "./helpers.mjs";

test("a first-time visitor takes the tour, signs up, adds a thing, records an action and scores", async (t) => {
  const username = uniqueUsername("jrn");
  const name = "Jules Newcomer";
  const suffix = username.slice(-5);
  const groupName = `Maple Street Growers ${suffix}`;
  const thingName = `Maple Street Planter ${suffix}`;
  const comment = "First watering: two cans, soil was dry.";

  await withPage(t, async (page) => {
    // 1. A guest on the home page.
    await page.goto(`${BASE_URL}/`);
    await page.getByRole("heading", { level: 1, name: "Welcome to Steward" }).waitFor();
    await waitForRole(page, "bk_anonymous");
    const main = page.locator("main");

    // 2. The guided tour, every step: Next until Finish.
    await main.getByRole("button", { name: "Take the tour" }).click();
    const tour = page.getByRole("dialog");
    const progress = tour.getByText(/Step 1 of \d+/);
    await progress.waitFor();
    const steps = Number(/Step 1 of (\d+)/.exec(await progress.textContent())[1]);
    assert.ok(steps >= 3, `the tour has ${steps} steps`);
    const seen = [];
    for (let step = 1; step <= steps; step++) {
      await tour.getByText(`Step ${step} of ${steps}`).waitFor();
      seen.push((await tour.getByRole("heading").textContent()).trim());
      if (step < steps) await tour.getByRole("button", { name: "Next" }).click();
    }
    assert.equal(new Set(seen).size, steps, `each step has its own title: ${seen.join(" | ")}`);
    await tour.getByRole("button", { name: "Finish" }).click();
    await tour.waitFor({ state: "detached" });

    // 3. Sign up from the home page's invitation.
    await main.getByRole("link", { name: "Create an account" }).first().click();
    await page.getByRole("heading", { level: 1, name: "Create an account" }).waitFor();
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Username", { exact: true }).fill(username);
    await page.getByLabel("Email", { exact: true }).fill(`${username}@example.org`);
    await page.getByLabel("Passphrase", { exact: true }).fill(PASSPHRASE);
    await page.getByLabel("Confirm passphrase", { exact: true }).fill(PASSPHRASE);
    await page.getByRole("button", { name: "Create account" }).click();
    const header = page.getByRole("banner");
    await header.getByRole("link", { name }).waitFor();
    assert.equal((await storedSession(page)).role, "bk_user");

    // The tour greets a new member once; they have just taken it, so they close it.
    await tour.waitFor({ timeout: 10_000 }).then(
      () => page.keyboard.press("Escape"),
      () => {},
    );
    await tour.waitFor({ state: "detached" });

    // 4. "New thing" first asks for a group: start one.
    await page
      .getByRole("navigation", { name: "Quick actions" })
      .getByRole("link", { name: /New thing/ })
      .click();
    await page.getByRole("heading", { name: "Join a group first" }).waitFor();
    await main.getByRole("link", { name: "Start a group" }).click();
    await page.getByRole("heading", { level: 1, name: "Start a group" }).waitFor();
    await page.getByLabel("Name", { exact: true }).fill(groupName);
    await page.getByLabel("Type", { exact: true }).selectOption("GROWER");
    await page.getByRole("radio", { name: /Public/ }).check();
    await page.getByRole("button", { name: "Create group" }).click();
    await page.getByRole("heading", { level: 1, name: groupName }).waitFor();

    // 5. Add the thing, from the Things page.
    await header.getByRole("link", { name: "Things", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Things" }).waitFor();
    await main.getByRole("link", { name: "Add a thing" }).first().click();
    await page.getByRole("heading", { level: 1, name: "New thing" }).waitFor();
    assert.equal(await page.getByLabel("Group", { exact: true }).locator("option:checked").textContent(), groupName);
    await page.getByLabel("Name", { exact: true }).fill(thingName);
    await page.getByLabel("Type", { exact: true }).selectOption("PLANTER");
    await page.getByLabel("Latitude", { exact: true }).fill("51.4560");
    await page.getByLabel("Longitude", { exact: true }).fill("-0.9700");
    await page.getByRole("button", { name: "Add thing" }).click();
    await page.waitForURL(/\/things\/[0-9a-f-]{36}\/dashboard$/);
    await page.getByRole("heading", { level: 1, name: thingName }).waitFor();
    const thingId = new URL(page.url()).pathname.split("/")[2];

    // 6. Record a care action on it.
    await main.getByRole("link", { name: "Record an action" }).first().click();
    await page.waitForURL(`${BASE_URL}/things/${thingId}/action`);
    await page.getByRole("radio", { name: /Watering/ }).check();
    await page.getByLabel("Comments").fill(comment);
    await page.getByRole("button", { name: "Record action" }).click();
    await page.getByText("Watering recorded — thank you!").waitFor();
    await page.getByRole("list", { name: "Actions, newest first" }).getByText(comment).waitFor();

    // 7. Home: the thing under my things, the watering in recent activity.
    await header.getByRole("link", { name: "Steward home" }).click();
    // Just registered: "Welcome", not "Welcome back" (issue 22).
    await page.getByRole("heading", { level: 1, name: `Welcome, ${name}` }).waitFor();
    const myThings = page.getByRole("region", { name: /^My things/ });
    await myThings.getByRole("link", { name: thingName, exact: true }).waitFor();
    const activity = page.getByRole("region", { name: "Recent activity" });
    await activity.getByRole("link", { name: thingName, exact: true }).first().waitFor();
    await activity.getByText(comment).waitFor();
    assert.equal(await page.getByRole("dialog").count(), 0, "the tour did not come back");

    // 8. The leaderboard: adding the thing and watering it are two care points this week.
    await page
      .getByRole("navigation", { name: "More" })
      .getByRole("link", { name: /Scorer/ })
      .click();
    await page.getByRole("heading", { level: 1, name: "Scorer" }).waitFor();
    const me = page.getByRole("region", { name: "People" }).locator(".scorer-row-mine");
    await me.getByRole("link", { name }).waitFor();
    await me.getByText("2 points").waitFor();
    const groups = page.getByRole("region", { name: "Groups" });
    await groups.locator(".scorer-row-mine").getByRole("link", { name: groupName }).waitFor();
  });
});
