// Browser tests of tasks and the notifications bell (issues 7 and 9): planning a task through
// /tasks/new and assigning it to a collaborator, who is told by the bell, finds it under
// "Assigned to me", completes it and records the offered action in one click; and the order of
// the dashboard (overdue first). Groups, things and collaborations are arranged through the API.
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { BASE_URL, registerUser, uniqueUsername, withPage, startSignedIn } from "./helpers.mjs";

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

/** The newest outbox e-mail of this template to this address (waits for the worker to send it). */
async function waitForMail(to, template, timeout = 20_000) {
  const outbox = process.env.MAIL_OUTBOX_DIR;
  assert.ok(outbox, "MAIL_OUTBOX_DIR is not set");
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const names = (await readdir(outbox).catch(() => [])).filter((name) => name.endsWith(".json"));
    for (const name of names) {
      const record = await readFile(join(outbox, name), "utf8")
        .then((text) => JSON.parse(text))
        .catch(() => null);
      if (record?.to === to && record.template === template) return record;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${template} e-mail to ${to} within ${timeout} ms`);
}

function unique(prefix) {
  return `${prefix} ${uniqueUsername("x").slice(1, 9)}`;
}

/** A date `days` from today in the local calendar, as YYYY-MM-DD. */
function localDate(days) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

async function arrangeThing(owner) {
  const group = (
    await gql(
      `mutation CreateGroup($name: String!) { createGroup(input: { name: $name, type: GROWER, isPublic: true }) { group { id name } } }`,
      { name: unique("Task Growers") },
      owner.token,
    )
  ).createGroup.group;
  const thing = (
    await gql(
      `mutation CreateThing($input: CreateThingInput!) { createThing(input: $input) { thing { id name } } }`,
      {
        input: {
          groupId: group.id,
          name: unique("Corner Planter"),
          type: "PLANTER",
          location: { x: 51.4543, y: -0.9781 },
          isPublic: true,
        },
      },
      owner.token,
    )
  ).createThing.thing;
  return { group, thing };
}

async function userId(user) {
  return (await gql(`query Me { currentUser { id } }`, {}, user.token)).currentUser.id;
}

test("a task planned through the form reaches the collaborator, who completes it and records the action", async (t) => {
  const owner = await registerUser({ name: "Olive Planner" });
  const helper = await registerUser({ name: "Robin Helper" });
  const { thing } = await arrangeThing(owner);
  // The helper collaborates on the thing, so they may record actions on it.
  await gql(
    `mutation Collaborate($thingId: UUID!) { collaborateThingAccess(input: { thingId: $thingId }) { clientMutationId } }`,
    { thingId: thing.id },
    helper.token,
  );
  const helperId = await userId(helper);
  const title = unique("Water the planter");

  // The owner plans the task.
  await withPage(t, async (page) => {
    await startSignedIn(page, owner);
    await page.goto(`${BASE_URL}/tasks/new?thingId=${thing.id}`);
    await page.getByRole("heading", { level: 1, name: "New task" }).waitFor();
    assert.equal(await page.getByLabel("Thing", { exact: true }).inputValue(), thing.id);

    // Instant validation with the database's messages.
    const titleField = page.getByLabel("Title", { exact: true });
    await titleField.fill("ab");
    await page.getByText("Title must be between 3 and 255 characters", { exact: true }).waitFor();
    await titleField.fill("");
    await page.getByText("Title is required", { exact: true }).waitFor();

    await page.getByLabel("Action type", { exact: true }).selectOption("WATERING");
    await titleField.fill(title);
    await page.getByLabel("Priority", { exact: true }).selectOption("HIGH");
    await page.getByLabel("Due date", { exact: true }).fill(localDate(1));
    await page.getByLabel("Notes", { exact: true }).fill("Two full cans, please.");
    const helperBox = page.getByRole("checkbox", { name: /Robin Helper/ });
    await helperBox.check();
    await page.getByRole("button", { name: "Create task" }).click();

    await page.waitForURL(`${BASE_URL}/tasks`);
    await page.getByText("Task created").waitFor();
    await page.getByRole("button", { name: /^Created by me/ }).click();
    const row = page.locator(".task", { hasText: title });
    await row.waitFor();
    await row.getByText("Due tomorrow").waitFor();
    await row.getByText("High priority").waitFor();
    await row.getByText("Robin Helper").waitFor();
  });

  const created = await gql(
    `query Created($thingId: UUID!) { allTasks(condition: { thingId: $thingId }) { nodes { id title status priority dueDate description taskAssignmentsByTaskId { nodes { assignedTo } } } } }`,
    { thingId: thing.id },
    owner.token,
  );
  const task = created.allTasks.nodes.find((n) => n.title === title);
  assert.ok(task, "the task was created");
  assert.equal(task.priority, "HIGH");
  assert.equal(task.dueDate, localDate(1));
  assert.equal(task.description, "Two full cans, please.");
  assert.deepEqual(
    task.taskAssignmentsByTaskId.nodes.map((a) => a.assignedTo),
    [helperId],
  );

  // The helper is told by e-mail too, with a link to the tasks.
  const mail = await waitForMail(helper.email, "notification");
  assert.match(mail.subject, new RegExp(`Task assigned: ${title}`));
  assert.ok(mail.links.some((href) => new URL(href).pathname === "/tasks"));

  // The helper is told by the bell, finds the task under "Assigned to me" and completes it.
  await withPage(t, async (page) => {
    await startSignedIn(page, helper);
    await page.goto(`${BASE_URL}/things`);
    const header = page.getByRole("banner");
    const bell = header.getByRole("button", { name: "Notifications, 1 unread" });
    await bell.waitFor();
    assert.equal((await header.locator(".notif-count").textContent())?.trim(), "1");
    await bell.click();
    const panel = page.getByRole("dialog", { name: "Notifications" });
    const note = panel.getByRole("link", { name: new RegExp(`Task assigned: ${title}`) });
    await note.waitFor();
    await note.click();

    await page.waitForURL(`${BASE_URL}/tasks`);
    assert.equal(await panel.isVisible(), false);
    await header.getByRole("button", { name: "Notifications", exact: true }).waitFor();

    const assignedView = page.getByRole("button", { name: /^Assigned to me/ });
    assert.equal(await assignedView.getAttribute("aria-pressed"), "true");
    const row = page.locator(".task", { hasText: title });
    await row.waitFor();
    await row.getByText(thing.name).waitFor();

    await row.getByRole("button", { name: `Start: ${title}` }).click();
    await row.getByText("In progress", { exact: true }).waitFor();
    await page.getByRole("button", { name: `Done: ${title}` }).click();

    const record = page.getByRole("button", { name: `Record this watering on ${thing.name}` });
    await record.waitFor();
    await record.click();
    await page.getByText(`The watering is on ${thing.name}'s timeline.`).waitFor();
    assert.equal(await page.getByRole("link", { name: "See the timeline" }).getAttribute("href"), `/things/${thing.id}/timeline`);
  });

  const after = await gql(
    `query After($id: UUID!, $thingId: UUID!) {
      taskById(id: $id) { status completedAt }
      allActions(condition: { thingId: $thingId }, orderBy: CREATED_AT_DESC) { nodes { type comments createdBy } }
    }`,
    { id: task.id, thingId: thing.id },
    owner.token,
  );
  assert.equal(after.taskById.status, "COMPLETED");
  assert.ok(after.taskById.completedAt);
  const watering = after.allActions.nodes.find((a) => a.type === "WATERING");
  assert.ok(watering, "the watering is on the thing's timeline");
  assert.equal(watering.comments, title);
  assert.equal(watering.createdBy, helperId);
  const notes = await gql(`query Notes { allNotifications { nodes { title readAt } } }`, {}, helper.token);
  assert.ok(
    notes.allNotifications.nodes.every((n) => n.readAt),
    "opening the notification marked it read",
  );
});

test("overdue tasks come first, with a red badge, then by due date", async (t) => {
  const owner = await registerUser({ name: "Olive Planner" });
  const { thing } = await arrangeThing(owner);
  const create = (title, dueDate, priority = "NORMAL") =>
    gql(
      `mutation CreateTask($task: TaskInput!) { createTask(input: { task: $task }) { task { id } } }`,
      { task: { thingId: thing.id, actionType: "UPKEEP", title, status: "NOT_STARTED", priority, dueDate } },
      owner.token,
    );
  // Created in the "wrong" order on purpose.
  await create("Tidy the edges later", localDate(5), "HIGH");
  await create("Weed the planter, late", localDate(-3));

  await withPage(t, async (page) => {
    await startSignedIn(page, owner);
    await page.goto(`${BASE_URL}/tasks`);
    await page.getByRole("heading", { level: 1, name: "Tasks" }).waitFor();
    await page.getByRole("button", { name: /^All tasks/ }).click();
    const titles = page.locator(".task .task-title");
    await page.locator(".task", { hasText: "Tidy the edges later" }).waitFor();
    assert.deepEqual(await titles.allTextContents(), ["Weed the planter, late", "Tidy the edges later"]);
    const late = page.locator(".task", { hasText: "Weed the planter, late" });
    await late.getByText("Overdue", { exact: true }).waitFor();
    await late.getByText("3 days overdue").waitFor();
    await page.locator(".task", { hasText: "Tidy the edges later" }).getByText("Due in 5 days").waitFor();

    // A search narrows the list; the filters are offered.
    await page.getByLabel("Search tasks").fill("tidy");
    await page.locator(".task", { hasText: "Weed the planter, late" }).waitFor({ state: "detached" });
    assert.deepEqual(await titles.allTextContents(), ["Tidy the edges later"]);
  });
});
