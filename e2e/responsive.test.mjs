// Responsive check (issue 22, part 3): every main route at 360, 768, 1024, 1280 and 1536 px,
// signed out and signed in. Asserts no horizontal overflow of the page, a one-row header of at
// most 64 px from 1024 px up (a menu button below that), and no text overflowing its button.
// Screenshots of every route and width are kept in e2e/artifacts/responsive/ (gitignored).
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { BASE_URL, callApi, openBrowser, registerUser, startSignedIn, untilStill, waitForRole } from "./helpers.mjs";

const WIDTHS = [360, 768, 1024, 1280, 1536];
const SHOTS = fileURLToPath(new URL("./artifacts/responsive/", import.meta.url));
const READING = { x: 51.4543, y: -0.9781 };

const PUBLIC_ROUTES = [
  "/",
  "/map",
  "/things",
  "/devices",
  "/groups",
  "/community",
  "/tasks",
  "/activity",
  "/users",
  "/scorer",
  "/signin",
  "/register",
  "/forgot-password",
];
const SIGNED_IN_ROUTES = [
  ...PUBLIC_ROUTES.filter((r) => !["/signin", "/register", "/forgot-password"].includes(r)),
  "/about",
  "/account/profile",
  "/form",
  "/tasks/new",
  "/things/new",
  "/devices/new",
  "/groups/new",
];

/** Everything the page measures in one go. */
function measure() {
  const width = document.documentElement.clientWidth;
  const overflowing = [];
  if (document.documentElement.scrollWidth > width + 1) {
    // Name the widest culprits: elements sticking out on the right that are not inside a scroller.
    for (const el of document.querySelectorAll("body *")) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1) continue;
      let scrolled = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (/(auto|scroll|hidden|clip)/.test(style.overflowX) && p.getBoundingClientRect().right <= width + 1) {
          scrolled = true;
          break;
        }
      }
      if (!scrolled) overflowing.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")} right=${Math.round(box.right)}`);
      if (overflowing.length >= 5) break;
    }
    if (overflowing.length === 0) overflowing.push(`scrollWidth ${document.documentElement.scrollWidth} > ${width}`);
  }
  const header = document.querySelector(".site-header");
  const toggle = document.querySelector(".menu-toggle");
  const buttons = [];
  for (const el of document.querySelectorAll("button, .button, [role=tab], .tab-nav .tab")) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    // Map markers are not text buttons: a cluster's needs-water count sits on its corner by design,
    // whether maplibre or the first markers drawn before it (.map-preview) place it.
    if (el.closest(".maplibregl-map, .map-preview, .visually-hidden")) continue;
    if (el.scrollWidth > el.clientWidth + 1)
      buttons.push(`"${(el.textContent || "").trim().slice(0, 40)}" ${el.scrollWidth}>${el.clientWidth}`);
  }
  // Tabs hidden off the edge of a sideways strip count too: the page does not overflow, but the
  // tab cannot be seen.
  const tabsOffScreen = [...document.querySelectorAll(".tab-nav .tab")]
    .filter((el) => el.getBoundingClientRect().right > width + 1)
    .map((el) => (el.textContent || "").trim());
  return {
    overflowing,
    tabsOffScreen,
    headerHeight: header ? Math.round(header.getBoundingClientRect().height) : 0,
    menuToggle: toggle ? getComputedStyle(toggle).display !== "none" : false,
    buttons,
  };
}

async function visitAll(t, page, state, routes) {
  const problems = [];
  let tallestHeader = 0;
  await mkdir(SHOTS, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const route of routes) {
      await page.goto(`${BASE_URL}${route}`);
      await page.waitForSelector("main h1, main h2", { timeout: 15_000 }).catch(() => {});
      // Let lazy parts (charts, lists) settle before measuring.
      await untilStill(page);
      const shot = `${SHOTS}${state}-${route.replace(/[^a-z0-9]+/gi, "_") || "root"}-${width}.png`;
      await page.screenshot({ path: shot, fullPage: true }).catch(() => {});
      const m = await page.evaluate(measure);
      const where = `${state} ${route} @${width}px`;
      if (m.overflowing.length) problems.push(`${where}: horizontal overflow: ${m.overflowing.join("; ")}`);
      if (width >= 1024) tallestHeader = Math.max(tallestHeader, m.headerHeight);
      if (width >= 1024 && m.headerHeight > 64) problems.push(`${where}: header is ${m.headerHeight}px tall`);
      if (width >= 1024 && m.menuToggle) problems.push(`${where}: the menu button shows`);
      if (width < 1024 && !m.menuToggle) problems.push(`${where}: no menu button below 1024px`);
      if (m.tabsOffScreen.length) problems.push(`${where}: tabs off-screen: ${m.tabsOffScreen.join(", ")}`);
      if (m.buttons.length) problems.push(`${where}: text overflows its button: ${m.buttons.join("; ")}`);
    }
  }
  t.diagnostic(`${routes.length * WIDTHS.length} pages; tallest header from 1024 px: ${tallestHeader} px; screenshots in ${SHOTS}`);
  assert.deepEqual(problems, [], problems.join("\n"));
}

test("signed out: no overflow, a one-row header from 1024 px, button texts fit", async (t) => {
  const browser = await openBrowser();
  try {
    await browser.page.goto(`${BASE_URL}/`);
    await waitForRole(browser.page, "bk_anonymous");
    await visitAll(t, browser.page, "guest", PUBLIC_ROUTES);
  } finally {
    await browser.close();
  }
});

test("signed in: no overflow, a one-row header from 1024 px, button texts fit", async (t) => {
  // A long display name is the worst case for the header.
  const user = await registerUser({ name: "Alexandra Montgomery-Smythe" });
  const group = (
    await callApi(
      `mutation CreateGroup($name: String!) { createGroup(input: { name: $name, type: GROWER, isPublic: true }) { group { id } } }`,
      { name: `Responsive growers ${Date.now().toString(36)}` },
      user.token,
    )
  ).createGroup.group;
  const thing = (
    await callApi(
      `mutation CreateThing($input: CreateThingInput!) { createThing(input: $input) { thing { id } } }`,
      { input: { groupId: group.id, name: "Responsive planter by the library steps", type: "PLANTER", location: READING, isPublic: true } },
      user.token,
    )
  ).createThing.thing;
  const browser = await openBrowser();
  try {
    await startSignedIn(browser.page, user);
    const routes = [
      ...SIGNED_IN_ROUTES,
      `/things/${thing.id}/dashboard`,
      `/things/${thing.id}/readings`,
      `/things/${thing.id}/edit`,
      `/groups/${group.id}/dashboard`,
      `/groups/${group.id}/members`,
    ];
    await visitAll(t, browser.page, "member", routes);
  } finally {
    await browser.close();
  }
});
