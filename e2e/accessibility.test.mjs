// Accessibility (issue 13): axe-core, run inside Chromium, on every route of web/src/routes/routes.tsx
// (each tab of a record page counted as a page), as a guest, as the signed-in owner of the records
// on the page, as a signed-in stranger to them, and (admin routes) as an admin; also with the
// guided tour open, forms showing their validation errors, the care assistant and notifications
// open, lists in their other layout, a phone-sized screen with the menu open, and on the bee host,
// whose brand colours differ. A test fails listing every serious or critical violation: rule,
// impact, axe's help text and the elements (CSS selectors). Moderate and minor findings are
// printed as diagnostics. The route list is read from routes.tsx itself, so a new route is checked
// without touching this file; a route with a parameter this file cannot fill fails loudly.
//
// One browser and one page for the whole file, moving between routes as the app's links do, to
// keep it to a couple of minutes. A11Y_TIMING=1 prints each page's settle and axe times;
// A11Y_REVIEW=1 also prints what axe could not decide, to judge by hand.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { BASE_URL, callApi, openBrowser, registerUser, sql, startSignedIn, uniqueUsername } from "./helpers.mjs";

// Evaluated through the devtools protocol rather than added as a <script>: the app's CSP allows
// only its own scripts, and the test should see the page exactly as served.
const AXE_SOURCE = readFileSync(fileURLToPath(new URL("../node_modules/axe-core/axe.min.js", import.meta.url)), "utf8");
const ROUTES_FILE = new URL("../web/src/routes/routes.tsx", import.meta.url);
// The tab lists the table names live in the paths leaf module beside it.
const PATHS_FILE = new URL("../web/src/routes/paths.ts", import.meta.url);
const FAILING_IMPACTS = new Set(["serious", "critical"]);
const MAX_NODES = 8;
// *.localhost resolves to this machine in Chromium, so the same server answers as the bee host.
const BEE_URL = BASE_URL.replace("//localhost", "//bee.localhost").replace("//127.0.0.1", "//bee.localhost");
const SPOT = { x: 51.4543, y: -0.9781 };

// ---------------------------------------------------------------------------------------------
// The routes, read from routes.tsx (plain text: this file runs under node without a TSX loader).

/** `export const USER_TABS = ["dashboard", ...] as const;` -> { USER_TABS: ["dashboard", ...] } */
function readTabLists(source) {
  const lists = {};
  for (const match of source.matchAll(/export const (\w+_(?:TABS|SECTIONS)) = \[([^\]]*)\]/g)) {
    lists[match[1]] = [...match[2].matchAll(/"([^"]*)"/g)].map((m) => m[1]);
  }
  return lists;
}

/**
 * Every `screen(...)` and `redirect(...)` entry of the ROUTES table, with its full path, access
 * and tabs. Each entry's text runs to the next entry; its access is the first quoted
 * "public" / "auth" / "admin" in it (titles never contain those words quoted). Entries with a
 * relative path belong to the nearest absolute entry before them that has `children`.
 */
function readRoutes(source = readFileSync(ROUTES_FILE, "utf8")) {
  const start = source.indexOf("export const ROUTES");
  const end = source.indexOf("\n];", start);
  assert.ok(start >= 0 && end > start, "routes.tsx has an `export const ROUTES = [...]` table");
  const table = source.slice(start, end);
  const tabLists = readTabLists(readFileSync(PATHS_FILE, "utf8"));
  const entries = [...table.matchAll(/\b(screen|redirect)\(\s*"([^"]*)"/g)];
  const routes = [];
  let parent = "";
  entries.forEach((entry, i) => {
    const text = table.slice(entry.index, entries[i + 1]?.index ?? table.length);
    const [, kind, path] = entry;
    const access = /"(public|auth|admin)"/.exec(text)?.[1] ?? "public";
    const tabsName = /\btabs:\s*(\w+)/.exec(text)?.[1];
    if (tabsName && !tabLists[tabsName]) throw new Error(`routes.tsx: unknown tab list ${tabsName}`);
    const absolute = path.startsWith("/") || path === "*";
    const fullPath = absolute ? path : path ? `${parent.replace(/\/$/, "")}/${path}` : parent;
    if (absolute && /\bchildren:/.test(text)) parent = path;
    routes.push({ kind, path: fullPath, access, tabs: tabsName ? tabLists[tabsName] : undefined });
  });
  return routes;
}

/**
 * The concrete addresses of a route: parameters filled from `records` (`:id` by the route's first
 * segment), `:tab` once per allowed tab, `*` as an unknown page.
 */
function urlsOf(route, records) {
  if (route.path === "*") return ["/no-such-page-here"];
  const prefix = route.path.split("/")[1];
  let urls = [route.path];
  for (const param of route.path.match(/:\w+/g) ?? []) {
    if (param === ":tab") {
      assert.ok(route.tabs, `${route.path} has :tab but no tabs list`);
      urls = urls.flatMap((url) => route.tabs.map((tab) => url.replace(":tab", tab)));
    } else if (param === ":id" && records[prefix]) {
      urls = urls.map((url) => url.replace(":id", encodeURIComponent(records[prefix])));
    } else {
      throw new Error(`${route.path}: e2e/accessibility.test.mjs has no record for ${param} under /${prefix}; arrange one`);
    }
  }
  return urls;
}

// ---------------------------------------------------------------------------------------------
// Records for the routes with ids, arranged through the API as their owner.

/** An LSE01 soil sensor's uplink through the TTN webhook, `hoursAgo` hours ago. */
let frameCounter = 0;
async function postUplink(deviceId, hoursAgo, { water, temperature }) {
  // The LSE01 frame: battery mV, (unused) temperature, water % x100, soil °C x100, conductivity, flags.
  const bytes = Buffer.alloc(11);
  bytes.writeUInt16BE(3300, 0);
  bytes.writeInt16BE(0, 2);
  bytes.writeUInt16BE(Math.round(water * 100), 4);
  bytes.writeInt16BE(Math.round(temperature * 100), 6);
  bytes.writeUInt16BE(220, 8);
  bytes.writeUInt8(0x10, 10);
  const at = new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
  frameCounter += 1;
  const response = await fetch(`${BASE_URL}/webhooks/ttn`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${process.env.TTN_WEBHOOK_SECRET || "e2e-ttn-secret"}` },
    body: JSON.stringify({
      end_device_ids: {
        device_id: deviceId,
        application_ids: { application_id: "stewards-soil" },
        dev_eui: deviceId.slice(4).toUpperCase(),
      },
      received_at: at,
      uplink_message: {
        f_port: 2,
        f_cnt: frameCounter,
        frm_payload: bytes.toString("base64"),
        rx_metadata: [{ rssi: -97, snr: 6.5 }],
        received_at: at,
      },
    }),
  });
  assert.equal(response.status, 201, `webhook answered ${response.status}: ${await response.text()}`);
}

async function signIn(user) {
  const data = await callApi(
    `mutation SignIn($username: String!, $password: String!) { signIn(input: { username: $username, password: $password }) { jwtToken } }`,
    { username: user.username, password: user.password },
  );
  return { ...user, token: data.signIn.jwtToken };
}

async function arrange() {
  const suffix = uniqueUsername("a").slice(-6);
  const owner = await registerUser({ name: "Alex Access", username: uniqueUsername("a11y") });
  const token = owner.token;
  const group = (
    await callApi(
      `mutation CreateGroup($name: String!) { createGroup(input: { name: $name, type: GROWER, isPublic: true }) { group { id } } }`,
      { name: `Access Growers ${suffix}` },
      token,
    )
  ).createGroup.group;
  const thing = (
    await callApi(
      `mutation CreateThing($input: CreateThingInput!) { createThing(input: $input) { thing { id } } }`,
      { input: { groupId: group.id, name: `Access Planter ${suffix}`, type: "PLANTER", location: SPOT, isPublic: true } },
      token,
    )
  ).createThing.thing;
  await callApi(
    `mutation Act($action: ActionInput!) { createAction(input: { action: $action }) { action { id } } }`,
    { action: { thingId: thing.id, type: "WATERING", comments: "Two cans, soil was dry." } },
    token,
  );
  const eui = `eui-a8${Date.now().toString(16).slice(-14).padStart(14, "0")}`;
  const device = (
    await callApi(
      `mutation CreateDevice($input: CreateDeviceInput!) { createDevice(input: $input) { device { id } } }`,
      { input: { model: "LSE01", name: `Access Probe ${suffix}`, deviceId: eui, isPublic: true, location: SPOT, thingId: thing.id } },
      token,
    )
  ).createDevice.device;
  // Readings, so the device and thing pages show their figures and charts.
  for (let hoursAgo = 5; hoursAgo >= 1; hoursAgo--) {
    await postUplink(eui, hoursAgo, { water: 18 + hoursAgo, temperature: 11 + hoursAgo / 2 });
  }
  await callApi(
    `mutation CreateTask($task: TaskInput!) { createTask(input: { task: $task }) { task { id } } }`,
    {
      task: {
        thingId: thing.id,
        actionType: "WATERING",
        title: "Water the planter",
        status: "NOT_STARTED",
        priority: "HIGH",
        dueDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      },
    },
    token,
  );
  // A rainfall station from the cache (the Environment Agency is not reachable from tests).
  const station = `A11Y${suffix.toUpperCase()}`;
  const measure = `${station}-rainfall-tipping_bucket_raingauge-t-15_min-mm`;
  await sql(
    `insert into app_private.rainfall_stations (id, label, location, easting, northing, details, fetched_at)
       values ($1, 'Access Test Gauge', point($2, $3), 455000, 158000, '{"town":"Reading"}', now() - interval '2 hours')`,
    [station, SPOT.x + 0.01, SPOT.y],
  );
  await sql(
    `insert into app_private.rainfall_measures (id, station_id, parameter, parameter_name, period, qualifier, unit_name, fetched_at)
       values ($1, $2, 'rainfall', 'Rainfall', 900, 'Tipping Bucket Raingauge', 'mm', now() - interval '2 hours')`,
    [measure, station],
  );
  await sql(
    `insert into app_private.rainfall_readings (measure_id, station_id, date_time, value, fetched_at)
       select $1, $2, date_trunc('minute', now()) - interval '3 hours' - n * interval '15 minutes', 0.4, now() - interval '2 hours'
       from generate_series(0, 11) n`,
    [measure, station],
  );
  // Another member, and pending invitations: the owner's member and sharing lists have rows.
  const stranger = await registerUser({ name: "Sam Stranger", username: uniqueUsername("a11ysam") });
  const member = await registerUser({ name: "Mia Member", username: uniqueUsername("a11ymia") });
  await callApi(
    `mutation Join($groupId: UUID!) { changeGroupMembership(input: { groupId: $groupId, join: true }) { clientMutationId } }`,
    { groupId: group.id },
    member.token,
  );
  const invitee = `invitee-${suffix}@example.org`;
  await callApi(
    `mutation InviteGroup($groupId: UUID!, $email: String!) { inviteToGroupMembership(input: { groupId: $groupId, email: $email }) { clientMutationId } }`,
    { groupId: group.id, email: invitee },
    token,
  );
  await callApi(
    `mutation InviteThing($thingId: UUID!, $email: String!) { inviteToThingAccess(input: { thingId: $thingId, email: $email }) { clientMutationId } }`,
    { thingId: thing.id, email: invitee },
    token,
  );
  await callApi(
    `mutation InviteDevice($deviceId: UUID!, $email: String!) { inviteToDeviceAccess(input: { deviceId: $deviceId, email: $email }) { clientMutationId } }`,
    { deviceId: device.id, email: invitee },
    token,
  );
  await callApi(
    `mutation Feedback($f: FeedbackInput!) { createFeedback(input: { feedback: $f }) { feedback { id } } }`,
    { f: { subject: "Bins on the map", message: "It would help to see the litter bins on the map." } },
    token,
  );
  const claims = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8"));
  const admin = await registerUser({ name: "Ada Access", username: uniqueUsername("a11yadm") });
  await sql("update app_public.users set is_admin = true where username = $1", [admin.username]);
  return {
    owner,
    stranger,
    admin: await signIn(admin),
    records: { users: claims.user_id, groups: group.id, things: thing.id, devices: device.id, rainfall: station },
  };
}

// ---------------------------------------------------------------------------------------------
// Loading a page, waiting for it to settle, running axe.

// Shown while something loads: the Loading spinner, list and home skeletons, busy regions.
const BUSY = ".loading, .spinner, .list-skeleton, .home-skeleton, .skeleton, [aria-busy='true']";
const QUIET_MS = 300;

/** Counts the page's requests in flight (fetches, scripts, the lazily loaded screen chunks). */
function trackNetwork(page) {
  const network = { inFlight: 0, lastChange: Date.now() };
  const change = (delta) => () => {
    network.inFlight = Math.max(0, network.inFlight + delta);
    network.lastChange = Date.now();
  };
  page.on("request", change(+1));
  page.on("requestfinished", change(-1));
  page.on("requestfailed", change(-1));
  return network;
}

/**
 * Waits until the page has settled: a main landmark, nothing showing as loading, no request in
 * flight and no change to the DOM for QUIET_MS. The network matters: while a screen's chunk loads
 * react-router keeps the previous screen up, without any spinner.
 */
async function settle(page, network) {
  await page.evaluate(() => {
    window.__a11yObserver?.disconnect();
    window.__a11yLastChange = performance.now();
    window.__a11yObserver = new MutationObserver(() => (window.__a11yLastChange = performance.now()));
    window.__a11yObserver.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    const domQuietFor = await page.evaluate(
      (busy) =>
        document.readyState === "complete" && document.querySelector("main") && !document.querySelector(busy)
          ? performance.now() - window.__a11yLastChange
          : -1,
      BUSY,
    );
    const networkQuietFor = network.inFlight > 0 ? -1 : Date.now() - network.lastChange;
    if (domQuietFor >= QUIET_MS && networkQuietFor >= QUIET_MS) return;
    if (Date.now() > deadline) {
      throw new Error(
        `${page.url()} did not settle in 20 s (${network.inFlight} requests in flight, DOM quiet for ${Math.round(domQuietFor)} ms)`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Opens `url`: within the app already loaded on the same origin, as the app's own links do (a
 * history entry and popstate, which react-router follows), so the bundle and axe stay loaded;
 * otherwise a full page load.
 */
async function open(page, url) {
  const target = new URL(url, BASE_URL);
  const current = new URL(page.url());
  const appLoaded = current.origin === target.origin && (await page.evaluate(() => Boolean(document.querySelector("main"))));
  if (!appLoaded) {
    await page.goto(target.href);
    return;
  }
  await page.evaluate((path) => {
    window.history.pushState(null, "", path);
    window.dispatchEvent(new PopStateEvent("popstate", { state: null }));
  }, target.pathname + target.search);
}

/**
 * axe-core on the current document; returns every violation (with impact). With A11Y_REVIEW=1 it
 * also returns what axe could not decide (its "incomplete" results, e.g. text over a picture),
 * marked `review`, to look at by hand; those never fail the test.
 */
async function runAxe(page) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (review) => {
    const result = await window.axe.run(document, { resultTypes: review ? ["violations", "incomplete"] : ["violations"] });
    const shape = (v, kind) => ({
      id: v.id,
      impact: kind === "review" ? "review" : v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(" "), impact: n.impact })),
    });
    return [...result.violations.map((v) => shape(v, "violation")), ...(review ? result.incomplete.map((v) => shape(v, "review")) : [])];
  }, Boolean(process.env.A11Y_REVIEW));
}

/** A checker that collects findings per page; `assertClean` fails with all of them. */
function checker(t, page, network) {
  const failures = [];
  const notes = [];
  let pages = 0;
  return {
    /** Opens `url`, waits for it to settle and runs axe. */
    async check(url, label = url) {
      await open(page, url);
      await this.checkCurrent(label);
    },
    /** Runs axe on the page as it is now (a dialog or panel opened), once it has settled. */
    async checkCurrent(label) {
      const started = performance.now();
      await settle(page, network);
      const settled = performance.now();
      pages += 1;
      const violations = await runAxe(page);
      if (process.env.A11Y_TIMING)
        t.diagnostic(`${label}: settled in ${Math.round(settled - started)} ms, axe ${Math.round(performance.now() - settled)} ms`);
      for (const violation of violations) {
        const line = [
          `${label} (${new URL(page.url()).pathname}): ${violation.id} [${violation.impact}] ${violation.help}`,
          // Every rule is listed; a rule's elements up to MAX_NODES (a long table repeats one fault).
          ...violation.nodes
            .slice(0, MAX_NODES)
            .map((n) => `    ${n.target}${n.impact && n.impact !== violation.impact ? ` [${n.impact}]` : ""}`),
          ...(violation.nodes.length > MAX_NODES ? [`    … and ${violation.nodes.length - MAX_NODES} more like these`] : []),
        ].join("\n");
        (FAILING_IMPACTS.has(violation.impact) ? failures : notes).push(line);
      }
    },
    assertClean() {
      for (const note of notes) t.diagnostic(`minor: ${note}`);
      t.diagnostic(`${pages} page(s) checked`);
      assert.equal(failures.length, 0, `serious or critical accessibility violations:\n${failures.join("\n")}`);
    },
  };
}

/** Marks the home page's tour as skipped for this person, so it does not cover the page. */
async function skipHomeTour(page, userId) {
  await page.evaluate(
    (key) => localStorage.setItem("steward.tours", JSON.stringify({ [key]: { outcome: "skipped", at: new Date().toISOString() } })),
    `home:${userId}`,
  );
}

// ---------------------------------------------------------------------------------------------

let browser;
let page;
let world;
let network;
const routes = readRoutes().filter((route) => route.kind === "screen");

before(async () => {
  world = await arrange();
  browser = await openBrowser();
  page = browser.page;
  network = trackNetwork(page);
});

after(async () => {
  await browser?.close();
});

test("the route table is read from routes.tsx", () => {
  const paths = routes.map((route) => route.path);
  for (const path of ["/", "/signin", "/account/profile", "/admin", "/things/:id/:tab", "*"]) {
    assert.ok(paths.includes(path), `${path} in ${paths.join(", ")}`);
  }
  assert.equal(routes.find((route) => route.path === "/admin").access, "admin");
  assert.equal(routes.find((route) => route.path === "/account/profile").access, "auth");
  assert.deepEqual(routes.find((route) => route.path === "/groups/:id/:tab").tabs.slice(0, 2), ["dashboard", "activity"]);
});

test("the check finds faults: a picture without text and faint text fail it", async () => {
  await page.goto(`${BASE_URL}/about-this-is-not-a-route`);
  await settle(page, network);
  await page.evaluate(() => {
    const main = document.querySelector("main");
    main.insertAdjacentHTML(
      "beforeend",
      '<img src="/favicon.svg" width="20" height="20"><p style="color:#bbb;background:#fff">Faint words</p>',
    );
  });
  const found = new Map((await runAxe(page)).map((v) => [v.id, v.impact]));
  // A fresh start for the next test: the planted elements are outside React's control.
  await page.goto("about:blank");
  assert.equal(found.get("image-alt"), "critical", JSON.stringify([...found]));
  assert.equal(found.get("color-contrast"), "serious", JSON.stringify([...found]));
});

test("every public route, as a guest", async (t) => {
  const axe = checker(t, page, network);
  for (const route of routes.filter((r) => r.access === "public")) {
    for (const url of urlsOf(route, world.records)) await axe.check(url);
  }
  axe.assertClean();
});

test("every route, as a signed-in member who owns the records", async (t) => {
  const axe = checker(t, page, network);
  const userId = await startSignedIn(page, world.owner);
  await skipHomeTour(page, userId);
  for (const route of routes.filter((r) => r.access !== "admin")) {
    for (const url of urlsOf(route, world.records)) await axe.check(url);
  }
  axe.assertClean();
});

test("the record routes, as a signed-in stranger to the records", async (t) => {
  // Others' records: the join and collaborate forms, and the refusals of owner-only screens.
  const axe = checker(t, page, network);
  const userId = await startSignedIn(page, world.stranger);
  await skipHomeTour(page, userId);
  for (const route of routes.filter((r) => r.access !== "admin" && r.path.includes(":id"))) {
    for (const url of urlsOf(route, world.records)) await axe.check(url);
  }
  axe.assertClean();
});

test("the admin routes, as an admin", async (t) => {
  const axe = checker(t, page, network);
  const userId = await startSignedIn(page, world.admin);
  await skipHomeTour(page, userId);
  for (const route of routes.filter((r) => r.access === "admin")) {
    for (const url of urlsOf(route, world.records)) await axe.check(url);
  }
  axe.assertClean();
});

test("the guided tour open, and forms showing their validation errors", async (t) => {
  const axe = checker(t, page, network);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${BASE_URL}/`);
  await page.getByRole("main").getByRole("button", { name: "Take the tour" }).click();
  await page
    .getByRole("dialog")
    .getByText(/Step 1 of/)
    .waitFor();
  await axe.checkCurrent("the guided tour, first step");
  await page.getByRole("dialog").getByRole("button", { name: "Next" }).click();
  await page
    .getByRole("dialog")
    .getByText(/Step 2 of/)
    .waitFor();
  await axe.checkCurrent("the guided tour, second step");
  await page.keyboard.press("Escape");

  // Registering with nothing filled in: every field says what is wrong.
  await page.goto(`${BASE_URL}/register`);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.locator("[aria-invalid='true']").first().waitFor();
  await axe.checkCurrent("the register form with errors");

  // A signed-in member's new-thing form, submitted empty.
  const userId = await startSignedIn(page, world.owner);
  await skipHomeTour(page, userId);
  await page.goto(`${BASE_URL}/things/new`);
  await settle(page, network);
  await page.getByRole("main").locator("button[type='submit']").first().click();
  await page.locator("[aria-invalid='true'], [role='alert']").first().waitFor();
  await axe.checkCurrent("the new-thing form with errors");
  axe.assertClean();
});

test("open panels, and a phone-sized screen with the menu open", async (t) => {
  const axe = checker(t, page, network);
  const userId = await startSignedIn(page, world.owner);
  await skipHomeTour(page, userId);
  // The care assistant's conversation, opened on a thing's dashboard.
  await page.goto(`${BASE_URL}/things/${world.records.things}/dashboard`);
  const chat = page.getByRole("button", { name: /^Ask the care assistant/ });
  if ((await chat.getAttribute("aria-expanded")) !== "true") await chat.click();
  await page.locator(".chat-body:not([hidden])").waitFor();
  await axe.checkCurrent("the care assistant open");
  // The notifications panel.
  await page
    .getByRole("banner")
    .getByRole("button", { name: /^Notifications/ })
    .click();
  await page.getByRole("dialog").waitFor();
  await axe.checkCurrent("the notifications panel open");
  await page.keyboard.press("Escape");
  // The lists in their other layout (rows instead of tiles).
  for (const path of ["/things", "/groups", "/devices"]) {
    await axe.check(path, `${path} before switching layout`);
    await page.getByRole("group", { name: "Layout" }).getByRole("button", { name: "List", exact: true }).click();
    await axe.checkCurrent(`${path} as a list`);
  }

  await page.setViewportSize({ width: 390, height: 844 });
  try {
    for (const path of ["/", `/things/${world.records.things}/dashboard`, `/groups/${world.records.groups}/members`, "/account/profile"]) {
      await axe.check(path, `phone ${path}`);
    }
    await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
    await page.locator("#site-nav.open").waitFor();
    await axe.checkCurrent("phone, the menu open");
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  axe.assertClean();
});

test("the bee-branded variant on its host, as a guest and signed in", async (t) => {
  const axe = checker(t, page, network);
  const thingPaths = urlsOf(
    routes.find((r) => r.path === "/things/:id/:tab"),
    world.records,
  );
  const guestPaths = ["/", "/things", "/groups", "/signin", "/register", "/community", "/scorer", thingPaths[0], thingPaths.at(-1)];
  for (const path of guestPaths) await axe.check(`${BEE_URL}${path}`, `bee ${path}`);
  // The session lives in the bee origin's own storage.
  await page.goto(`${BEE_URL}/health`);
  const member = await signIn({ ...world.owner });
  const claims = JSON.parse(Buffer.from(member.token.split(".")[1], "base64url").toString("utf8"));
  await page.evaluate(
    ([session, tours]) => {
      localStorage.setItem("steward.session", JSON.stringify(session));
      localStorage.setItem("steward.tours", JSON.stringify(tours));
    },
    [
      {
        token: member.token,
        id: claims.user_id,
        expiry: claims.exp * 1000,
        username: member.username,
        name: member.name,
        role: claims.role,
        emails: [],
        domainName: "bee.localhost",
      },
      { [`home:${claims.user_id}`]: { outcome: "skipped", at: new Date().toISOString() } },
    ],
  );
  for (const path of ["/", "/things/new", "/account/profile", `/groups/${world.records.groups}/dashboard`, thingPaths[0]]) {
    await axe.check(`${BEE_URL}${path}`, `bee signed in ${path}`);
  }
  axe.assertClean();
});
