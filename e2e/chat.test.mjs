// Browser tests of the AI chat about a thing (issue 10): a member asks a suggested question on
// the thing's dashboard, sees the assistant thinking, then the built-in assistant's answer
// (quoting the thing's 14% soil moisture) arriving live without a reload; the length rule; the
// panel folding away and staying so; what guests see. The group, the thing and its reading are
// arranged through the API and SQL (DATABASE_URL), so each test stays short.
import assert from "node:assert/strict";
import { test } from "node:test";
import { BASE_URL, registerUser, uniqueUsername, withPage, startSignedIn, untilStill } from "./helpers.mjs";

const READING = { x: 51.4543, y: -0.9781 };

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

async function database() {
  assert.ok(process.env.DATABASE_URL, "DATABASE_URL is not set");
  const { default: pg } = await import("pg");
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  return db;
}

/** A public thing in a new group of this user's, with a fresh 14% soil moisture reading. */
async function thingWithReading(user) {
  const suffix = uniqueUsername("x").slice(1, 9);
  const group = (
    await gql(
      `mutation CreateGroup($name: String!) { createGroup(input: { name: $name, type: GROWER, isPublic: true }) { group { id } } }`,
      { name: `Chat Growers ${suffix}` },
      user.token,
    )
  ).createGroup.group;
  const thing = (
    await gql(
      `mutation CreateThing($input: CreateThingInput!) { createThing(input: $input) { thing { id name } } }`,
      { input: { groupId: group.id, name: `Library Planter ${suffix}`, type: "PLANTER", location: READING, isPublic: true } },
      user.token,
    )
  ).createThing.thing;
  const db = await database();
  try {
    await db.query("update app_public.things set water = 14, last_sensor_data = now() where id = $1", [thing.id]);
  } finally {
    await db.end();
  }
  return thing;
}

test("a member asks a suggested question and the answer arrives live, quoting the reading", async (t) => {
  const user = await registerUser({ name: "Robin Gardener" });
  const thing = await thingWithReading(user);
  await withPage(t, async (page) => {
    // Live events come over the websocket: remember what it brings.
    const frames = [];
    page.on("websocket", (socket) => socket.on("framereceived", (frame) => frames.push(String(frame.payload))));

    await startSignedIn(page, user);
    await page.goto(`${BASE_URL}/things/${thing.id}/dashboard`);
    await page.getByRole("heading", { level: 1, name: thing.name }).waitFor();
    const panel = page.getByRole("region", { name: "Ask the care assistant" });
    await panel.getByText("Only you can see this conversation.").waitFor();
    // Marks this page load: a reload would lose it.
    await page.evaluate(() => {
      window.__chatMarker = "same page";
    });

    // Hold the assistant back for a moment (it reads the forecast cache first), so that the
    // question's waiting state can be seen before the reply is stored.
    const db = await database();
    try {
      await db.query("begin");
      await db.query("set local lock_timeout = '10s'");
      await db.query("lock table app_private.weather_forecasts in access exclusive mode");

      await panel.getByRole("button", { name: "Does it need water?" }).click();
      const log = panel.getByRole("log");
      await log.locator(".chat-message-user").filter({ hasText: "Does it need water?" }).waitFor();
      await log.getByText("Thinking…").waitFor();
    } finally {
      await db.query("commit").catch(() => {});
      await db.end();
    }

    const log = panel.getByRole("log");
    const answers = log.locator(".chat-message-assistant:not(.chat-thinking)");
    const answer = answers.filter({ hasText: "14%" });
    await answer.waitFor({ timeout: 20_000 });
    assert.match(await answer.innerText(), /soil moisture is 14%/);
    await log.getByText("Thinking…").waitFor({ state: "hidden" });
    assert.equal(await page.evaluate(() => window.__chatMarker), "same page", "the page was not reloaded");
    assert.ok(
      frames.some((payload) => payload.includes('"event":"chat"')),
      "the reply was announced over the websocket (thingUpdated, event chat)",
    );
    // Questions right, answers left, each with its time.
    assert.equal(await log.locator(".chat-message-user").count(), 1);
    assert.equal(await log.locator(".chat-message time").count(), 2);

    // The length rule, live: more than 1000 characters cannot be sent.
    const box = panel.getByLabel(`Your question about ${thing.name}`);
    await box.fill("x".repeat(1001));
    await panel.getByText("Messages must be at most 1000 characters", { exact: true }).waitFor();
    await panel.getByText("1001 of 1000 characters").waitFor();
    assert.equal(await panel.getByRole("button", { name: "Send" }).isDisabled(), true);
    await box.press("End");
    await box.press("Backspace");
    await panel.getByText("Messages must be at most 1000 characters", { exact: true }).waitFor({ state: "hidden" });
    assert.equal(await panel.getByRole("button", { name: "Send" }).isDisabled(), false);

    // Typed questions go with Enter; Shift+Enter makes a new line.
    await box.fill("");
    await box.pressSequentially("When was it last watered?");
    await box.press("Shift+Enter");
    assert.equal(await box.inputValue(), "When was it last watered?\n");
    await box.press("Enter");
    await answers.nth(1).waitFor({ timeout: 20_000 });
    assert.equal(await box.inputValue(), "");
    assert.equal(await log.locator(".chat-message-user").count(), 2);

    // Folded away, it stays folded on the next visit.
    const toggle = panel.getByRole("button", { name: "Ask the care assistant" });
    await toggle.click();
    assert.equal(await toggle.getAttribute("aria-expanded"), "false");
    await page.reload();
    await page.getByRole("heading", { level: 1, name: thing.name }).waitFor();
    assert.equal(await page.getByRole("button", { name: "Ask the care assistant" }).getAttribute("aria-expanded"), "false");
    assert.equal(await page.getByRole("log").count(), 0);
    await page.getByRole("button", { name: "Ask the care assistant" }).click();
    // The conversation is kept.
    await page
      .getByRole("log")
      .getByText(/soil moisture is 14%/)
      .first()
      .waitFor();
  });
});

test("a guest sees a sign-in prompt that comes back to the thing", async (t) => {
  const owner = await registerUser({ name: "Pat Planter" });
  const thing = await thingWithReading(owner);
  await withPage(t, async (page) => {
    await page.goto(`${BASE_URL}/things/${thing.id}/dashboard`);
    await page.getByRole("heading", { level: 1, name: thing.name }).waitFor();
    const panel = page.getByRole("region", { name: "Ask the care assistant" });
    const link = panel.getByRole("link", { name: "Sign in to ask" });
    await link.waitFor();
    assert.equal(await panel.getByRole("log").count(), 0);
    assert.equal(await panel.getByRole("button", { name: "Does it need water?" }).count(), 0);
    await link.click();
    await page.waitForURL((url) => url.pathname === "/signin");
    assert.equal(new URL(page.url()).searchParams.get("next"), `/things/${thing.id}/dashboard`);
  });
});

// Screenshots of the panel for a visual check, only when CHAT_SCREENSHOTS_DIR names a folder:
// `CHAT_SCREENSHOTS_DIR=/tmp/chat-shots npm run test:e2e -- e2e/chat.test.mjs`.
test("screenshots of the chat panel", { skip: !process.env.CHAT_SCREENSHOTS_DIR }, async (t) => {
  const dir = process.env.CHAT_SCREENSHOTS_DIR;
  const { mkdir } = await import("node:fs/promises");
  await mkdir(dir, { recursive: true });
  const user = await registerUser({ name: "Sam Steward" });
  const thing = await thingWithReading(user);
  const shot = async (page, name, full = false) => {
    const panel = page.getByRole("region", { name: "Ask the care assistant" });
    if (full) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
    else await panel.screenshot({ path: `${dir}/${name}.png` });
  };
  await withPage(t, async (page) => {
    await page.goto(`${BASE_URL}/things/${thing.id}/dashboard`);
    await page.getByRole("link", { name: "Sign in to ask" }).waitFor();
    await shot(page, "guest-desktop");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "guest-phone");
  });
  await withPage(t, async (page) => {
    await startSignedIn(page, user);
    await page.goto(`${BASE_URL}/things/${thing.id}/dashboard`);
    const panel = page.getByRole("region", { name: "Ask the care assistant" });
    await panel.getByText("Only you can see this conversation.").waitFor();
    await shot(page, "empty-desktop");
    await shot(page, "empty-desktop-page", true);
    const db = await database();
    try {
      await db.query("begin");
      await db.query("lock table app_private.weather_forecasts in access exclusive mode");
      await panel.getByRole("button", { name: "Does it need water?" }).click();
      await panel.getByText("Thinking…").waitFor();
      await page.mouse.move(0, 0);
      await shot(page, "thinking-desktop");
    } finally {
      await db.query("commit").catch(() => {});
      await db.end();
    }
    await panel
      .getByText(/soil moisture is 14%/)
      .first()
      .waitFor({ timeout: 20_000 });
    for (const question of ["What should I do this week?", "Is the sensor working?", "What does the soil mean?"]) {
      await panel.getByRole("button", { name: question }).click();
      await panel.getByText("Thinking…").waitFor({ state: "hidden", timeout: 20_000 });
      await untilStill(page);
    }
    await shot(page, "conversation-desktop");
    await shot(page, "conversation-desktop-page", true);
    await page.setViewportSize({ width: 390, height: 844 });
    await untilStill(page);
    await shot(page, "conversation-phone");
    await panel.getByLabel(`Your question about ${thing.name}`).fill("x".repeat(1001));
    await shot(page, "too-long-phone");
    await panel.getByLabel(`Your question about ${thing.name}`).fill("");
    // The hourly limit, as the server words it.
    for (let i = 0; i < 20; i++) {
      await gql(
        `mutation SendChatMessage($message: String!, $metadata: JSON!) { sendChatMessage(input: { message: $message, sender: "user", metadata: $metadata }) { chatMessage { id } } }`,
        { message: `Question ${i}`, metadata: { thingId: thing.id } },
        user.token,
      ).catch(() => {});
    }
    await panel.getByLabel(`Your question about ${thing.name}`).fill("Will it rain tomorrow?");
    await panel.getByLabel(`Your question about ${thing.name}`).press("Enter");
    await panel.getByRole("alert").waitFor();
    await shot(page, "rate-limit-phone");
    await page.setViewportSize({ width: 1280, height: 900 });
    await panel.getByRole("button", { name: "Ask the care assistant" }).click();
    await page.mouse.move(0, 0);
    await shot(page, "collapsed-desktop");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "collapsed-phone-page", true);
  });
});
