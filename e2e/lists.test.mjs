// Browser tests of the list controls (issue 12) on each of the six lists: things, devices, groups,
// users, tasks and activity. For each: the search narrows, the sort changes the order, the layout
// switches between tiles and rows, a filter applies, the choices are still there after a reload,
// and paging reaches the rows beyond the first page. Records are arranged through the API, each
// run's names carry a tag of letters of its own, so rows of other tests never get in the way.
// SCREENSHOTS_DIR=<folder> also saves each list in both layouts.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { BASE_URL, callApi, registerUser, startSignedIn, untilStill, withPage } from "./helpers.mjs";

const SHOTS = process.env.SCREENSHOTS_DIR;
const READING = { x: 51.4543, y: -0.9781 };

/** A tag of lowercase letters only, so no number in it can match a searched number. */
function letterTag(length = 7) {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
}
const pad = (n) => String(n).padStart(2, "0");
const capitalised = (word) => word[0].toUpperCase() + word.slice(1);

async function newGroup(token, name, { type = "GROWER", isPublic = true } = {}) {
  const data = await callApi(
    `mutation CreateGroup($name: String!, $type: GroupType!, $isPublic: Boolean!) { createGroup(input: { name: $name, type: $type, isPublic: $isPublic }) { group { id name } } }`,
    { name, type, isPublic },
    token,
  );
  return data.createGroup.group;
}

async function newThing(token, groupId, name, type = "PLANTER") {
  const data = await callApi(
    `mutation CreateThing($input: CreateThingInput!) { createThing(input: $input) { thing { id name } } }`,
    { input: { groupId, name, type, location: READING, isPublic: true } },
    token,
  );
  return data.createThing.thing;
}

/** The titles shown in a list, in order. */
function titles(list, selector = ".item-title") {
  return list.locator(selector).allTextContents();
}

async function waitForCount(locator, count) {
  await locator.nth(count - 1).waitFor();
  await assert.doesNotReject(async () => {
    const deadline = Date.now() + 10_000;
    while ((await locator.count()) !== count) {
      if (Date.now() > deadline) throw new Error(`expected ${count}, found ${await locator.count()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
}

async function waitForFirst(list, selector, expected) {
  const deadline = Date.now() + 10_000;
  let first;
  while (Date.now() < deadline) {
    first = (await titles(list, selector))[0];
    if (first === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.equal(first, expected);
}

async function layoutOf(list) {
  const className = await list.getAttribute("class");
  return className.includes("item-tiles") ? "tiles" : "list";
}

/** Chooses a layout with the toggle and checks it is the pressed one. */
async function chooseLayout(page, name) {
  const button = page.getByRole("group", { name: "Layout" }).getByRole("button", { name, exact: true });
  await button.click();
  assert.equal(await button.getAttribute("aria-pressed"), "true");
}

async function shoot(page, name) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await untilStill(page);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Saves the list in both layouts, then leaves it as it was. */
async function shootBoth(page, name) {
  if (!SHOTS) return;
  const pressed = page.getByRole("group", { name: "Layout" }).locator('[aria-pressed="true"]');
  const was = await pressed.getAttribute("title");
  await chooseLayout(page, "Tiles");
  await shoot(page, `${name}-tiles`);
  await chooseLayout(page, "List");
  await shoot(page, `${name}-list`);
  await chooseLayout(page, was);
}

test("/things: search, sort, layout, filter, remembered, and show more", async (t) => {
  const tag = letterTag();
  const user = await registerUser({ name: "Lena Lister" });
  const group = await newGroup(user.token, `${capitalised(tag)} growers`);
  // 26 things: 01-05 are trees, the rest planters.
  for (let i = 1; i <= 26; i++) await newThing(user.token, group.id, `${capitalised(tag)} thing ${pad(i)}`, i <= 5 ? "TREE" : "PLANTER");
  await withPage(t, async (page) => {
    await startSignedIn(page, user);
    await page.goto(`${BASE_URL}/things`);
    const list = page.getByRole("list", { name: "Things" });
    const items = list.locator(".item-title");
    const search = page.getByRole("searchbox", { name: "Search things by name" });

    // Search narrows to this run's things; 24 show, "Show more" brings the rest.
    await search.fill(tag);
    await page.getByText("26 things match").waitFor();
    await waitForCount(items, 24);
    await page.getByRole("button", { name: "Show more" }).click();
    await waitForCount(items, 26);
    await search.fill(`${tag} 07`);
    await waitForCount(items, 1);
    assert.deepEqual(await titles(list), [`${capitalised(tag)} thing 07`]);

    // Sort: by name, then newest first.
    await search.fill(tag);
    await waitForFirst(list, ".item-title", `${capitalised(tag)} thing 01`);
    await page.getByLabel("Sort by").selectOption({ label: "Newest" });
    await waitForFirst(list, ".item-title", `${capitalised(tag)} thing 26`);

    // Layout: tiles by default, rows on demand.
    assert.equal(await layoutOf(list), "tiles");
    await chooseLayout(page, "List");
    assert.equal(await layoutOf(list), "list");

    // A filter: trees only.
    await page.getByLabel("Type", { exact: true }).selectOption({ label: "Tree" });
    await waitForCount(items, 5);
    await shootBoth(page, "things");

    // All of it is remembered.
    await page.reload();
    await waitForCount(list.locator(".item-title"), 5);
    assert.equal(await page.getByRole("searchbox", { name: "Search things by name" }).inputValue(), tag);
    assert.equal(await page.getByLabel("Sort by").inputValue(), "newest");
    assert.equal(await page.getByLabel("Type", { exact: true }).inputValue(), "TREE");
    assert.equal(await layoutOf(list), "list");
    assert.equal((await titles(list))[0], `${capitalised(tag)} thing 05`);

    // Clearing the filter brings them all back, a page at a time again.
    await page.getByLabel("Type", { exact: true }).selectOption({ label: "All types" });
    await waitForCount(list.locator(".item-title"), 24);
  });
});

test("/devices: search on the server, sort, layout, model filter, remembered, and load more", async (t) => {
  const tag = letterTag();
  const user = await registerUser({ name: "Dev Lister" });
  // 50 devices (one more page than the 48 a page holds): 01-03 measure pH.
  for (let i = 1; i <= 50; i++) {
    await callApi(
      `mutation CreateDevice($input: CreateDeviceInput!) { createDevice(input: $input) { device { id } } }`,
      {
        input: {
          deviceId: `eui-${tag}-${pad(i)}`,
          name: `${capitalised(tag)} probe ${pad(i)}`,
          model: i <= 3 ? "LSPH01" : "LSE01",
          isPublic: true,
          location: READING,
        },
      },
      user.token,
    );
  }
  await withPage(t, async (page) => {
    await startSignedIn(page, user);
    await page.goto(`${BASE_URL}/devices`);
    const list = page.getByRole("list", { name: "Devices" });
    const items = list.locator(".item-title");
    const search = page.getByRole("searchbox", { name: "Search devices" });

    // The search runs on the server: the 50th is found though the first page holds 48.
    await search.fill(`${tag} 50`);
    await waitForCount(items, 1);
    assert.deepEqual(await titles(list), [`${capitalised(tag)} probe 50`]);
    await search.fill(tag);
    await page.getByText("50 devices match (showing 48)").waitFor();
    await waitForCount(items, 48);
    await page.getByRole("button", { name: "Load more" }).click();
    await waitForCount(items, 50);
    await page.getByText("50 devices match", { exact: true }).waitFor();

    // Sort: by name, then the most recently registered first.
    await waitForFirst(list, ".item-title", `${capitalised(tag)} probe 01`);
    await page.getByLabel("Sort by").selectOption({ label: "Recently registered" });
    await waitForFirst(list, ".item-title", `${capitalised(tag)} probe 50`);

    assert.equal(await layoutOf(list), "tiles");
    await chooseLayout(page, "List");
    assert.equal(await layoutOf(list), "list");

    // A filter: the pH sensors.
    await page.getByRole("group", { name: "Model" }).getByRole("button", { name: "Soil pH" }).click();
    await waitForCount(items, 3);
    await shootBoth(page, "devices");

    await page.reload();
    await waitForCount(list.locator(".item-title"), 3);
    assert.equal(await page.getByRole("searchbox", { name: "Search devices" }).inputValue(), tag);
    assert.equal(await page.getByLabel("Sort by").inputValue(), "newest");
    assert.equal(
      await page.getByRole("group", { name: "Model" }).getByRole("button", { name: "Soil pH" }).getAttribute("aria-pressed"),
      "true",
    );
    assert.equal(await layoutOf(list), "list");
    assert.deepEqual(
      await titles(list),
      [3, 2, 1].map((i) => `${capitalised(tag)} probe ${pad(i)}`),
    );
  });
});

test("/groups: search on the server, sort, layout, type filter, remembered, and load more", async (t) => {
  const tag = letterTag();
  const user = await registerUser({ name: "Gail Lister" });
  // 26 groups (two more than a page): 01-03 are orchards.
  for (let i = 1; i <= 26; i++) await newGroup(user.token, `${capitalised(tag)} group ${pad(i)}`, { type: i <= 3 ? "ORCHARD" : "GROWER" });
  await withPage(t, async (page) => {
    await startSignedIn(page, user);
    await page.goto(`${BASE_URL}/groups`);
    const list = page.getByRole("list", { name: "Groups" });
    const items = list.locator(".item-title");
    const search = page.getByRole("searchbox", { name: "Search groups" });

    await search.fill(`${tag} 26`);
    await waitForCount(items, 1);
    assert.deepEqual(await titles(list), [`${capitalised(tag)} group 26`]);
    await search.fill(tag);
    await page.getByText("26 groups match (showing 24)").waitFor();
    await page.getByRole("button", { name: "Load more groups" }).click();
    await waitForCount(items, 26);

    await waitForFirst(list, ".item-title", `${capitalised(tag)} group 01`);
    await page.getByLabel("Sort by").selectOption({ label: "Newest" });
    await waitForFirst(list, ".item-title", `${capitalised(tag)} group 26`);

    assert.equal(await layoutOf(list), "tiles");
    await chooseLayout(page, "List");
    assert.equal(await layoutOf(list), "list");

    await page.getByLabel("Type", { exact: true }).selectOption({ label: "Orchard" });
    await waitForCount(items, 3);
    await shootBoth(page, "groups");

    await page.reload();
    await waitForCount(list.locator(".item-title"), 3);
    assert.equal(await page.getByRole("searchbox", { name: "Search groups" }).inputValue(), tag);
    assert.equal(await page.getByLabel("Sort by").inputValue(), "newest");
    assert.equal(await page.getByLabel("Type", { exact: true }).inputValue(), "ORCHARD");
    assert.equal(await layoutOf(list), "list");
  });
});

test("/users: search on the server, sort, layout, group filter, remembered, and load more", async (t) => {
  const tag = letterTag();
  const viewer = await registerUser({ name: "Uma Lister" });
  const group = await newGroup(viewer.token, `${capitalised(tag)} neighbours`);
  // 50 people in the viewer's group (more than the 48 of a page); names are letters only.
  const people = [];
  for (let i = 1; i <= 50; i++) {
    const letters = String.fromCharCode(97 + Math.floor((i - 1) / 26)) + String.fromCharCode(97 + ((i - 1) % 26));
    const person = await registerUser({ name: `${capitalised(tag)} ${capitalised(letters)}`, username: `${tag}n${pad(i)}` });
    await callApi(
      `mutation Join($groupId: UUID!) { changeGroupMembership(input: { groupId: $groupId, join: true }) { clientMutationId } }`,
      { groupId: group.id },
      person.token,
    );
    people.push(person);
  }
  // Three of them also have a group of their own, which the viewer joins too (the filter offers
  // the viewer's groups).
  const small = await newGroup(people[0].token, `${capitalised(tag)} allotment`);
  for (const person of [...people.slice(1, 3), viewer]) {
    await callApi(
      `mutation Join($groupId: UUID!) { changeGroupMembership(input: { groupId: $groupId, join: true }) { clientMutationId } }`,
      { groupId: small.id },
      person.token,
    );
  }
  await withPage(t, async (page) => {
    await startSignedIn(page, viewer);
    await page.goto(`${BASE_URL}/users`);
    const list = page.getByRole("list", { name: "People" });
    const items = list.locator(".item-title");
    const search = page.getByRole("searchbox", { name: "Search people" });

    await search.fill(`${tag}n50`);
    await waitForCount(items, 1);
    assert.deepEqual(await titles(list), [people[49].name]);
    await search.fill(tag);
    await page.getByText("50 people match (showing 48)").waitFor();
    await page.getByRole("button", { name: "Load more people" }).click();
    await waitForCount(items, 50);

    await waitForFirst(list, ".item-title", people[0].name);
    await page.getByLabel("Sort by").selectOption({ label: "Newest members" });
    await waitForFirst(list, ".item-title", people[49].name);

    assert.equal(await layoutOf(list), "tiles");
    await chooseLayout(page, "List");
    assert.equal(await layoutOf(list), "list");

    await page.getByLabel("Group", { exact: true }).selectOption({ label: small.name });
    await waitForCount(items, 3);
    await shootBoth(page, "users");

    await page.reload();
    await waitForCount(list.locator(".item-title"), 3);
    assert.equal(await page.getByRole("searchbox", { name: "Search people" }).inputValue(), tag);
    assert.equal(await page.getByLabel("Sort by").inputValue(), "newest");
    assert.equal(await page.getByLabel("Group", { exact: true }).inputValue(), small.id);
    assert.equal(await layoutOf(list), "list");
    assert.deepEqual(await titles(list), [people[2].name, people[1].name, people[0].name]);
  });
});

test("/tasks: search, sort, layout, priority filter, remembered, and show more", async (t) => {
  const tag = letterTag();
  const user = await registerUser({ name: "Tia Lister" });
  const group = await newGroup(user.token, `${capitalised(tag)} planners`);
  const thing = await newThing(user.token, group.id, "Plot by the gate");
  // 32 tasks (two more than a page of 30). Task 32 is due first, 01-04 are high priority.
  for (let i = 1; i <= 32; i++) {
    const due = new Date(Date.now() + (33 - i) * 86_400_000).toISOString().slice(0, 10);
    await callApi(
      `mutation T($task: TaskInput!) { createTask(input: { task: $task }) { task { id } } }`,
      {
        task: {
          thingId: thing.id,
          actionType: "WATERING",
          title: `${capitalised(tag)} task ${pad(i)}`,
          status: "NOT_STARTED",
          priority: i <= 4 ? "HIGH" : "NORMAL",
          dueDate: due,
        },
      },
      user.token,
    );
  }
  await withPage(t, async (page) => {
    await startSignedIn(page, user);
    await page.goto(`${BASE_URL}/tasks`);
    await page.getByRole("heading", { level: 1, name: "Tasks" }).waitFor();
    await page
      .getByRole("group", { name: "Show" })
      .getByRole("button", { name: /^All tasks/ })
      .click();
    const view = page.getByRole("region", { name: "All tasks" });
    const items = view.locator(".task-title");
    const search = page.getByRole("searchbox", { name: "Search tasks" });

    await search.fill(tag);
    await page.getByText("32 tasks match").waitFor();
    await waitForCount(items, 30);
    await page.getByRole("button", { name: "Show more tasks" }).click();
    await waitForCount(items, 32);
    await search.fill(`${tag} 07`);
    await waitForCount(items, 1);
    assert.deepEqual(await items.allTextContents(), [`${capitalised(tag)} task 07`]);

    // Most urgent first (the earliest due date), then by title.
    await search.fill(tag);
    await waitForFirst(view, ".task-title", `${capitalised(tag)} task 32`);
    await page.getByLabel("Sort by").selectOption({ label: "Title" });
    await waitForFirst(view, ".task-title", `${capitalised(tag)} task 01`);

    const taskList = view.locator("ul.task-list").first();
    assert.equal(await layoutOf(taskList), "list");
    await chooseLayout(page, "Tiles");
    assert.equal(await layoutOf(taskList), "tiles");

    await page.getByLabel("Priority", { exact: true }).selectOption({ label: "High" });
    await waitForCount(items, 4);
    await shootBoth(page, "tasks");

    await page.reload();
    await waitForCount(page.getByRole("region", { name: "All tasks" }).locator(".task-title"), 4);
    assert.equal(await page.getByRole("searchbox", { name: "Search tasks" }).inputValue(), tag);
    assert.equal(await page.getByLabel("Sort by").inputValue(), "title");
    assert.equal(await page.getByLabel("Priority", { exact: true }).inputValue(), "HIGH");
    assert.equal(await layoutOf(page.getByRole("region", { name: "All tasks" }).locator("ul.task-list").first()), "tiles");
  });
});

test("/activity: search on the server, sort, layout, type filter, remembered, and load more", async (t) => {
  const tag = letterTag();
  const user = await registerUser({ name: "Ada Lister" });
  const group = await newGroup(user.token, "Activity growers");
  const thing = await newThing(user.token, group.id, "Long border");
  // 32 actions (two more than a page of 30): 01-03 are upkeep, the rest watering.
  for (let i = 1; i <= 32; i++) {
    await callApi(
      `mutation Act($action: ActionInput!) { createAction(input: { action: $action }) { action { id } } }`,
      { action: { thingId: thing.id, type: i <= 3 ? "UPKEEP" : "WATERING", comments: `${capitalised(tag)} note ${pad(i)}` } },
      user.token,
    );
  }
  await withPage(t, async (page) => {
    await startSignedIn(page, user);
    await page.goto(`${BASE_URL}/activity`);
    await page.getByRole("heading", { level: 1, name: "Activity" }).waitFor();
    const main = page.locator("main");
    const items = main.locator(".action-comments");
    const search = page.getByRole("searchbox", { name: "Search activity" });

    await search.fill(`${tag} 01`);
    await waitForCount(items, 1);
    await search.fill(tag);
    await page.getByText("32 actions match (showing 30)").waitFor();
    await waitForCount(items, 30);
    await page.getByRole("button", { name: "Load more" }).click();
    await waitForCount(items, 32);

    await waitForFirst(main, ".action-comments", `${capitalised(tag)} note 32`);
    await page.getByLabel("Sort by").selectOption({ label: "Oldest first" });
    await waitForFirst(main, ".action-comments", `${capitalised(tag)} note 01`);

    const feed = main.locator("ol.action-list").first();
    assert.equal(await layoutOf(feed), "list");
    await chooseLayout(page, "Tiles");
    assert.equal(await layoutOf(feed), "tiles");

    await page.getByRole("group", { name: "Show" }).getByRole("button", { name: "Upkeep" }).click();
    await waitForCount(items, 3);
    await shootBoth(page, "activity");

    await page.reload();
    await waitForCount(page.locator("main .action-comments"), 3);
    assert.equal(await page.getByRole("searchbox", { name: "Search activity" }).inputValue(), tag);
    assert.equal(await page.getByLabel("Sort by").inputValue(), "oldest");
    assert.equal(
      await page.getByRole("group", { name: "Show" }).getByRole("button", { name: "Upkeep" }).getAttribute("aria-pressed"),
      "true",
    );
    assert.equal(await layoutOf(page.locator("main ol.action-list").first()), "tiles");
    assert.deepEqual(
      await page.locator("main .action-comments").allTextContents(),
      [1, 2, 3].map((i) => `${capitalised(tag)} note ${pad(i)}`),
    );
  });
});

test("every list control is reachable by keyboard and labelled", async (t) => {
  const user = await registerUser({ name: "Kay Board" });
  await withPage(t, async (page) => {
    await startSignedIn(page, user);
    for (const [path, searchName] of [
      ["/things", "Search things by name"],
      ["/devices", "Search devices"],
      ["/groups", "Search groups"],
      ["/users", "Search people"],
      ["/activity", "Search activity"],
    ]) {
      await page.goto(`${BASE_URL}${path}`);
      const search = page.getByRole("searchbox", { name: searchName });
      await search.waitFor();
      // Tab from the search box walks through the toolbar's controls; each has a name.
      await search.focus();
      const names = [];
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press("Tab");
        const described = await page.evaluate(() => {
          const el = document.activeElement;
          if (!el || el === document.body) return null;
          const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
          return {
            inToolbar: Boolean(el.closest(".list-toolbar")),
            name: (el.getAttribute("aria-label") || label || el.textContent || el.getAttribute("title") || "").trim(),
          };
        });
        if (!described?.inToolbar) break;
        assert.ok(described.name, `${path}: a control without a name`);
        names.push(described.name);
      }
      assert.ok(names.length >= 2, `${path}: ${names.join(", ")}`);
      // The layout buttons take Enter.
      const list = page.getByRole("group", { name: "Layout" }).getByRole("button", { name: "List", exact: true });
      await list.focus();
      await page.keyboard.press("Enter");
      assert.equal(await list.getAttribute("aria-pressed"), "true", path);
    }
  });
});
