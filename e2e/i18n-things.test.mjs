// The things, adoption and import screens in the pseudo-locale (issue 25): every text in <main>
// comes from the catalogue (shows ⟦accented⟧), user data aside. Same check as e2e/i18n.test.mjs's
// `hardCoded`, on the screens of features/things, features/adoption, features/import and the
// invitation page they share with devices and groups. Parts other features draw on these screens
// (OTHERS) are counted and reported, not asserted: they are converted with their own features.
import assert from "node:assert/strict";
import { test } from "node:test";
import { BASE_URL, callApi, registerUser, startSignedIn, uniqueUsername, withPage } from "./helpers.mjs";

/**
 * Parts of these screens that belong to other features or the shell: the care assistant's chat,
 * the tasks card, the picture upload, the maps, dates and times (lib/dates.ts), the water-need
 * reason (lib/i18n/water-need-reason.ts) and the report button (features/moderation).
 */
const OTHERS = [".chat-panel", ".tasks-block", ".image-upload", ".env-map-frame", "time", "[data-testid=thing-need] > span"];

/** Text nodes under `selector` with letters and without the pseudo-locale's marks (⟦…⟧): [ours, others']. */
function hardCoded([selector, data, others]) {
  const mine = [];
  const theirs = [];
  for (const root of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const element = node.parentElement;
      if (!/[A-Za-z]{2}/.test(text) || !element || element.closest("script, style, [hidden]")) continue;
      if (!element.getClientRects().length) continue;
      // Data, not copy: the names of things and their groups in the lists (other tests' too).
      if (data.includes(text) || element.closest("option[lang], .avatar, .item-title, .item-description, .thing-card-group")) continue;
      if (text.includes("⟦")) continue;
      const other =
        others.some((s) => element.matches(s) || element.closest(s)) ||
        /^Report\b/.test(element.closest("button")?.getAttribute("aria-label") ?? "");
      (other ? theirs : mine).push(text.slice(0, 60));
    }
  }
  return [mine, theirs];
}

/** aria-label, title, placeholder and alt texts under `selector` without the marks. */
function hardCodedAttributes([selector, data, others]) {
  const found = [];
  for (const root of document.querySelectorAll(selector)) {
    for (const element of root.querySelectorAll("[aria-label], [title], [placeholder], img[alt]")) {
      if (element.closest("[hidden], .avatar, .maplibregl-map") || others.some((s) => element.closest(s))) continue;
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        const text = element.getAttribute(name)?.trim();
        if (!text || !/[A-Za-z]{2}/.test(text) || data.includes(text) || text.includes("⟦")) continue;
        found.push(`[${name}] ${text.slice(0, 60)}`);
      }
    }
  }
  return found;
}

test("the things, adoption, import and invitation screens show no hard-coded text in the pseudo-locale", async (t) => {
  const user = await registerUser({ name: "Pia Pseudo", username: uniqueUsername("pia") });
  const group = await callApi(
    `mutation PseudoGroup($name: String!) { createGroup(input: { name: $name, type: GROWER, isPublic: true }) { group { id name } } }`,
    { name: `Pseudo Growers ${uniqueUsername("g").slice(1, 8)}` },
    user.token,
  );
  const groupName = group.createGroup.group.name;
  const created = await callApi(
    `mutation PseudoThing($input: CreateThingInput!) { createThing(input: $input) { thing { id name } } }`,
    {
      input: {
        groupId: group.createGroup.group.id,
        name: "Elm Road Planter",
        type: "PLANTER",
        location: { x: 51.4545, y: -0.9781 },
        isPublic: true,
      },
    },
    user.token,
  );
  const thing = created.createThing.thing;
  // Something on each tab: a watering of 20 litres, an invitation waiting, an adoption.
  await callApi(
    `mutation PseudoWatering($thingId: UUID!, $clientKey: UUID!) { recordAction(input: { thingId: $thingId, type: WATERING, comments: "Gave it a good soak", litres: 20, clientKey: $clientKey }) { action { id } } }`,
    { thingId: thing.id, clientKey: crypto.randomUUID() },
    user.token,
  );
  await callApi(
    `mutation PseudoInvite($thingId: UUID!, $email: String!) { inviteToThingAccess(input: { thingId: $thingId, email: $email }) { thingAccessInvitation { id } } }`,
    { thingId: thing.id, email: "someone.else@example.org" },
    user.token,
  );
  await callApi(
    `mutation PseudoAdopt($thingId: UUID!) { adoptThing(input: { thingId: $thingId }) { thingAdoption { id } } }`,
    { thingId: thing.id },
    user.token,
  );
  // Data, not copy: people, the thing and group, the product, and the maps apps named by their brands.
  const data = [
    user.name,
    user.username,
    thing.name,
    groupName,
    "Steward",
    "OpenStreetMap",
    "Google Maps",
    "Apple Maps",
    "Gave it a good soak",
    "someone.else@example.org",
  ];
  const pages = [
    ["/things", "main"],
    ["/things/search", "main"],
    ["/things/new", "main"],
    ["/things/import", "main"],
    [`/things/${thing.id}/dashboard`, "main"],
    [`/things/${thing.id}/collaborators`, "main"],
    [`/things/${thing.id}/timeline`, "main"],
    [`/things/${thing.id}/location`, "main"],
    [`/things/${thing.id}/readings`, "main"],
    [`/things/${thing.id}/edit`, "main"],
    [`/things/${thing.id}/settings`, "main"],
    [`/things/${thing.id}/action`, "main"],
    [`/things/accept?id=${crypto.randomUUID()}&code=abc`, "main"],
    ["/things/accept?id=nope", "main"],
    [`/devices/accept?id=${crypto.randomUUID()}&code=abc`, "main"],
    [`/groups/accept?id=${crypto.randomUUID()}&code=abc`, "main"],
    ["/account/profile", "[data-testid=adopted-things]"],
  ];
  await withPage(t, async (page) => {
    await startSignedIn(page, user);
    await page.evaluate(() => localStorage.setItem("steward.pseudoLocale", "1"));
    const problems = [];
    let elsewhere = 0;
    for (const [route, selector] of pages) {
      await page.goto(`${BASE_URL}${route}`);
      await page.locator(".site-header nav a", { hasText: "⟦" }).first().waitFor();
      await page.waitForSelector("main h1, main h2", { timeout: 15_000 }).catch(() => {});
      // Let the page's queries answer (a loading text is from the catalogue too, but not the page).
      await page.waitForLoadState("networkidle").catch(() => {});
      await page.waitForTimeout(300);
      const [mine, theirs] = await page.evaluate(hardCoded, [selector, data, OTHERS]);
      const found = [...mine, ...(await page.evaluate(hardCodedAttributes, [selector, data, OTHERS]))];
      elsewhere += theirs.length;
      t.diagnostic(`${route}: ${found.length}${found.length ? ` ${JSON.stringify(found)}` : ""} (other features' parts: ${theirs.length})`);
      for (const text of found) problems.push(`${route}: "${text}"`);
    }
    t.diagnostic(`hard-coded texts on ${pages.length} screens: ${problems.length}; in other features' parts of them: ${elsewhere}`);
    assert.deepEqual(problems, [], problems.join("\n"));
  });
});
