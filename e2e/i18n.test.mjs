// The app in English and German in Chromium (issue 25): the language switch in the header changes
// the page at once and is kept; a signed-in person's choice follows them to another browser; the
// German header still fits one row from 1024 px; a pseudo-locale run finds any text that did not
// come from the catalogue (user data, dates and bare numbers aside) on the app's main pages; and a
// German run finds no English sentence from the catalogues on them.
import assert from "node:assert/strict";
import { readdir } from "node:fs/promises";
import { test } from "node:test";
import { BASE_URL, callApi, registerUser, sql, startSignedIn, uniqueUsername, waitForRole, withPage } from "./helpers.mjs";

/** Parts of every page whose text must all come from the catalogue. */
const CONVERTED = [".site-header", ".site-footer", "main"];
/**
 * Elements that show user data (names, descriptions, comments) or data from elsewhere, not copy:
 * what the app marks translate="no" (initials, stored values, routes, usernames), the language
 * names (each in itself), avatars, list items' titles and descriptions, the maps.
 */
const DATA = ["[translate=no]", "option[lang]", ".avatar", ".item-title", ".item-description", ".thing-card-group", ".maplibregl-map"];

/**
 * Text nodes (and aria-label, title, placeholder, alt texts) under `selector` with letters that
 * did not come from the catalogue: the pseudo-locale writes every catalogue text ⟦àççéñţéđ⟧, so
 * what is left once those (and `data`, user data) are taken out must be no words. Also skipped:
 * elements in `skip`, <time> elements and numbers with their units (lib/dates.ts and Intl format
 * those by locale). Each finding names its element, to find it in the code.
 */
function hardCoded([selector, data, skip]) {
  const found = [];
  const words = (text) => {
    let rest = text;
    for (const item of [...data].sort((a, b) => b.length - a.length)) if (item.length > 2) rest = rest.split(item).join(" ");
    // Catalogue texts, nested ones first; a text split around an element has only one mark here.
    for (let before = ""; before !== rest; ) {
      before = rest;
      rest = rest.replace(/⟦[^⟦⟧]*⟧/g, " ");
    }
    rest = rest.replace(/⟦.*$/s, " ").replace(/^.*⟧/s, " ");
    // Numbers with their units ("20 L", "3.3 V", "0.4 mm", "12 %") say nothing in a language.
    rest = rest.replace(/[-+−]?\d[\d.,:\u202f\u00a0 ]*\s*(?:mm|cm|km|kg|mV|dBm|dB|°C|ha|L|l|m|V|h|g|%)?(?![A-Za-z])/g, " ");
    return /[A-Za-z]{2}/.test(rest);
  };
  const where = (element) =>
    `<${element.tagName.toLowerCase()}${element.className && typeof element.className === "string" ? `.${element.className.trim().split(/\s+/).join(".")}` : ""}>`;
  const skipped = (element) => element.closest(["script", "style", "[hidden]", "time", ...skip].join(", "));
  for (const root of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const element = node.parentElement;
      if (!element || skipped(element) || !element.getClientRects().length) continue;
      if (words(text)) found.push(`${text.slice(0, 60)} ${where(element)}`);
    }
    for (const element of root.querySelectorAll("[aria-label], [title], [placeholder], img[alt]")) {
      if (skipped(element)) continue;
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        const text = element.getAttribute(name)?.trim();
        if (text && words(text)) found.push(`[${name}] ${text.slice(0, 60)} ${where(element)}`);
      }
    }
  }
  return found;
}

test("the header's switch speaks German at once, keeps it, and the German header fits one row from 1024 px", async (t) => {
  await withPage(t, async (page) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto(`${BASE_URL}/things`);
    await waitForRole(page, "bk_anonymous");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Map", exact: true }).waitFor();
    const englishHeight = await page.locator(".site-header").evaluate((el) => el.getBoundingClientRect().height);

    await nav.getByRole("combobox", { name: "Language" }).selectOption("de");
    const navDe = page.getByRole("navigation", { name: "Hauptmenü" });
    await navDe.getByRole("link", { name: "Karte", exact: true }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), "de");
    const germanHeight = await page.locator(".site-header").evaluate((el) => el.getBoundingClientRect().height);
    assert.equal(germanHeight, englishHeight, "the German header is as tall as the English one (one row)");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 1, `the German header fits the page (${overflow} px too wide)`);

    await page.reload();
    await navDe.getByRole("link", { name: "Aufgaben", exact: true }).waitFor();
  });
});

test("a signed-in person's German follows them to another browser", async (t) => {
  const user = await registerUser({ name: "Greta Gärtner" });
  await withPage(t, async (page) => {
    await startSignedIn(page, user);
    await page.goto(`${BASE_URL}/community`);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "Sign out" }).waitFor();
    await nav.getByRole("combobox", { name: "Language" }).selectOption("de");
    await page.getByRole("navigation", { name: "Hauptmenü" }).getByRole("button", { name: "Abmelden" }).waitFor();
  });
  // A fresh browser (no choice kept on it) whose language is English.
  await withPage(t, async (page) => {
    await startSignedIn(page, user);
    await page.goto(`${BASE_URL}/community`);
    await page.getByRole("navigation", { name: "Hauptmenü" }).getByRole("button", { name: "Abmelden" }).waitFor();
  });
});

/** A registered user made an admin with SQL, signed in again so the token carries the admin role. */
async function registerAdmin(name) {
  const user = await registerUser({ name, username: uniqueUsername("i18n") });
  await sql("update app_public.users set is_admin = true where username = $1", [user.username]);
  const signedIn = await callApi(
    `mutation SignIn($username: String!, $password: String!) { signIn(input: { username: $username, password: $password }) { jwtToken } }`,
    { username: user.username, password: user.password },
  );
  return { ...user, token: signedIn.signIn.jwtToken };
}

/**
 * An admin with a group, a thing (watered, with a task, an adoption and a report), a device on
 * it, so the pages walked show their lists, cards and histories; and the pages to walk.
 */
async function arrange(name) {
  const user = await registerAdmin(name);
  const token = user.token;
  const suffix = uniqueUsername("s").slice(-6);
  const group = (
    await callApi(
      `mutation I18nGroup($name: String!) { createGroup(input: { name: $name, type: GROWER, isPublic: true }) { group { id name } } }`,
      { name: `Linden Growers ${suffix}` },
      token,
    )
  ).createGroup.group;
  const thing = (
    await callApi(
      `mutation I18nThing($input: CreateThingInput!) { createThing(input: $input) { thing { id name } } }`,
      {
        input: {
          groupId: group.id,
          name: `Linden Planter ${suffix}`,
          type: "PLANTER",
          location: { x: 51.4545, y: -0.9781 },
          isPublic: true,
        },
      },
      token,
    )
  ).createThing.thing;
  const comment = "Gave it a good soak";
  await callApi(
    `mutation I18nWatering($thingId: UUID!, $clientKey: UUID!, $comments: String!) { recordAction(input: { thingId: $thingId, type: WATERING, comments: $comments, litres: 20, clientKey: $clientKey }) { action { id } } }`,
    { thingId: thing.id, clientKey: crypto.randomUUID(), comments: comment },
    token,
  );
  await callApi(
    `mutation I18nAdopt($thingId: UUID!) { adoptThing(input: { thingId: $thingId }) { thingAdoption { id } } }`,
    { thingId: thing.id },
    token,
  );
  // Not a catalogue text (the German run looks for those).
  const taskTitle = "Top up the mulch";
  await callApi(
    `mutation I18nTask($task: TaskInput!) { createTask(input: { task: $task }) { task { id } } }`,
    {
      task: {
        thingId: thing.id,
        actionType: "WATERING",
        title: taskTitle,
        status: "NOT_STARTED",
        priority: "HIGH",
        dueDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      },
    },
    token,
  );
  const eui = `eui-a8${Date.now().toString(16).slice(-14).padStart(14, "0")}`;
  const device = (
    await callApi(
      `mutation I18nDevice($input: CreateDeviceInput!) { createDevice(input: $input) { device { id name } } }`,
      {
        input: {
          model: "LSE01",
          name: `Linden Probe ${suffix}`,
          deviceId: eui,
          isPublic: true,
          location: { x: 51.4545, y: -0.9781 },
          thingId: thing.id,
        },
      },
      token,
    )
  ).createDevice.device;
  // Someone else reports the thing, so the admin's queue has an item.
  const reporter = await registerUser({ name: "Rita Reporter", username: uniqueUsername("rita") });
  const details = "Looks like an advert";
  await callApi(
    `mutation I18nReport($id: UUID!, $details: String) { reportContent(input: { targetType: THING, targetId: $id, reason: SPAM, details: $details }) { contentReport { id } } }`,
    { id: thing.id, details },
    reporter.token,
  );
  const data = [
    user.name,
    user.username,
    reporter.name,
    reporter.username,
    thing.name,
    group.name,
    device.name,
    eui,
    comment,
    taskTitle,
    details,
    "Steward",
    "OpenStreetMap",
    "LSE01",
  ];
  const pages = [
    "/",
    "/map",
    "/things",
    "/community",
    "/tasks",
    `/things/${thing.id}/dashboard`,
    `/things/${thing.id}/timeline`,
    `/groups/${group.id}/dashboard`,
    "/devices",
    `/devices/${device.id}`,
    "/admin",
    "/account/profile",
  ];
  return { user, data, pages };
}

/** Opens `route` and waits until its queries have answered. */
async function open(page, route) {
  await page.goto(`${BASE_URL}${route}`);
  await page.locator(".site-header nav a").first().waitFor();
  await page.waitForSelector("main h1, main h2", { timeout: 15_000 }).catch(() => {});
  // A loading text is from the catalogue too, but not the page.
  await page.waitForLoadState("networkidle").catch(() => {});
  await page.waitForTimeout(300);
}

/** What people wrote (names, titles, feedback, the comments of actions): data, in no language of the app's. */
async function namesInTheDatabase() {
  const { rows } = await sql(
    `select name from app_public.things union select name from app_public.groups union select name from app_public.devices
     union select name from app_public.users where name is not null union select username from app_public.users
     union select title from app_public.tasks union select subject from app_public.feedback
     union select message from app_public.feedback union select comments from app_public.actions`,
  );
  return rows.map((row) => row.name).filter(Boolean);
}

test("the pseudo-locale finds no hard-coded text on the app's pages", async (t) => {
  const arranged = await arrange("Pia Pseudo");
  const { user, pages } = arranged;
  // Read again before each page: the other test files add their own things, tasks and feedback meanwhile.
  const dataNow = async () => [...new Set([...arranged.data, ...(await namesInTheDatabase())])];
  let data = await dataNow();
  await withPage(t, async (page) => {
    await startSignedIn(page, user);
    await page.evaluate(() => localStorage.setItem("steward.pseudoLocale", "1"));
    const problems = [];
    for (const route of pages) {
      data = await dataNow();
      await open(page, route);
      await page.locator(".site-header nav a", { hasText: "⟦" }).first().waitFor();
      const found = [];
      for (const selector of CONVERTED) found.push(...(await page.evaluate(hardCoded, [selector, data, DATA])));
      // The page's title (the tab's name) too: "{page} · {product}".
      const title = (await page.title()).split(" · ")[0];
      if (title && !title.includes("⟦") && !data.includes(title)) found.push(`<title> ${title}`);
      t.diagnostic(`${route}: ${found.length}${found.length ? ` ${JSON.stringify(found)}` : ""}`);
      for (const text of found) problems.push(`${route}: "${text}"`);
    }
    // The notifications panel shows only when opened.
    await page.locator(".notif-bell").click();
    await page.locator(".notif-panel h2", { hasText: "⟦" }).waitFor();
    for (const text of await page.evaluate(hardCoded, [".notif-panel", data, DATA])) problems.push(`notifications panel: "${text}"`);
    t.diagnostic(`hard-coded texts on ${pages.length} pages: ${problems.length}`);
    assert.deepEqual(problems, [], problems.join("\n"));
  });
});

/**
 * Every British English catalogue text without arguments longer than 12 characters whose German
 * differs: a sentence that must not show to a German reader.
 */
async function englishSentences() {
  const dir = new URL("../web/src/lib/i18n/messages/", import.meta.url);
  const sentences = new Set();
  for (const file of (await readdir(dir)).filter((f) => f.endsWith("en-GB.ts"))) {
    const [en] = Object.values(await import(new URL(file, dir).href));
    const [de] = Object.values(await import(new URL(file.replace("en-GB", "de"), dir).href));
    for (const [key, text] of Object.entries(en)) {
      if (typeof text === "string" && !text.includes("{") && !text.includes("<") && text.length > 12 && de[key] !== text)
        sentences.add(text);
    }
  }
  return [...sentences];
}

test("a German reader sees no English sentence from the catalogues on the app's pages", async (t) => {
  const sentences = await englishSentences();
  assert.ok(sentences.length > 500, `the catalogues' English sentences were found (${sentences.length})`);
  const { user, pages } = await arrange("Dora Deutsch");
  await withPage(t, async (page) => {
    await startSignedIn(page, user);
    await page.evaluate(() => localStorage.setItem("steward.language", "de"));
    const problems = [];
    for (const route of pages) {
      // What people wrote may say a catalogue's English words ("Water the planter" as a task's title).
      const written = await namesInTheDatabase();
      await open(page, route);
      await page.getByRole("navigation", { name: "Hauptmenü" }).waitFor();
      const text = await page.locator("body").innerText();
      const title = await page.title();
      const found = sentences
        .filter((sentence) => !written.some((name) => name.includes(sentence)))
        .filter((sentence) => text.includes(sentence) || title.includes(sentence));
      t.diagnostic(`${route}: ${found.length}${found.length ? ` ${JSON.stringify(found)}` : ""}`);
      for (const sentence of found) problems.push(`${route}: "${sentence}"`);
    }
    assert.deepEqual(problems, [], problems.join("\n"));
  });
});
