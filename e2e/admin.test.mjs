// Browser tests of navigation tracking and the admin dashboard (issue 11): a member's navigations
// reach the server when the page is hidden or closed; an admin sees them on /admin (top routes
// table, the daily chart); a non-admin opening /admin lands on /.
// SCREENSHOTS_DIR=/tmp/shots npm run test:e2e -- e2e/admin.test.mjs also saves screenshots.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";
import { BASE_URL, registerUser, untilStill, waitForRole, withPage } from "./helpers.mjs";

async function gql(token, query, variables = {}) {
  const response = await fetch(`${BASE_URL}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ operationName: /\b(?:query|mutation)\s+(\w+)/.exec(query)?.[1], query, variables }),
  });
  const body = await response.json();
  if (body.errors?.length) throw new Error(`${JSON.stringify(body.errors)}`);
  return body.data;
}

async function userId(token) {
  return (await gql(token, `query Me { currentUser { id } }`)).currentUser.id;
}

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
  const signedIn = await gql(
    null,
    `mutation SignIn($username: String!, $password: String!) {
      signIn(input: { username: $username, password: $password }) { jwtToken } }`,
    { username: user.username, password: user.password },
  );
  return { ...user, token: signedIn.signIn.jwtToken };
}

async function routeStats(adminToken, targetUserId) {
  const data = await gql(
    adminToken,
    `query Routes($targetUserId: UUID) { navigationRouteStats(targetUserId: $targetUserId) { nodes { route visitCount } } }`,
    { targetUserId },
  );
  return data.navigationRouteStats.nodes;
}

/** Polls the admin's route stats for the user until every wanted route is there. */
async function waitForRoutes(adminToken, targetUserId, wanted, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  let routes = [];
  while (Date.now() < deadline) {
    routes = (await routeStats(adminToken, targetUserId)).map((r) => r.route);
    if (wanted.every((route) => routes.includes(route))) return routes;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  assert.fail(`routes ${JSON.stringify(wanted)} did not arrive; the server has ${JSON.stringify(routes)}`);
}

/** Waits until the tracker has recorded the visit of `path` (once its screen has rendered). */
async function recorded(page, path) {
  await page.waitForFunction((to) => JSON.parse(localStorage.getItem("steward.navigation.events") || "[]").at(-1)?.to === to, path);
}

/**
 * Signs in through the form and lands on `next` (not on the home page, whose guided tour would
 * cover the navigation for a first-time user).
 */
async function signIn(page, user, next = "/community") {
  await page.goto(`${BASE_URL}/signin?next=${encodeURIComponent(next)}`);
  await waitForRole(page, "bk_anonymous");
  await page.getByLabel("Username", { exact: true }).fill(user.username);
  await page.getByLabel("Passphrase", { exact: true }).fill(user.password);
  await page.locator("form").getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).waitFor();
  await page.waitForURL(`${BASE_URL}${next}`);
  await recorded(page, next);
}

/** Clicks through the main navigation (client-side navigations), pausing a little on each page. */
async function browse(page, labels) {
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const label of labels) {
    const link = nav.getByRole("link", { name: label, exact: true });
    const path = await link.getAttribute("href");
    await link.click();
    await page.waitForURL((url) => url.pathname === path);
    // Recorded once the new screen has rendered (its code may still be loading).
    await recorded(page, path);
  }
}

let admin;
async function theAdmin() {
  admin ??= await registerAdmin();
  return admin;
}

test("a member's navigations reach the server when the page is hidden", async (t) => {
  const member = await registerUser({ name: "Mona Member" });
  const memberId = await userId(member.token);
  const { token: adminToken } = await theAdmin();
  await withPage(t, async (page) => {
    await signIn(page, member);
    await browse(page, ["Things", "Activity", "Devices", "Home"]);
    // Nothing has been sent yet: fewer than 25 events, and no 30-second tick has passed.
    const pending = await page.evaluate(
      () => JSON.parse(localStorage.getItem("steward.navigation.events") || "[]").filter((e) => !e.synced).length,
    );
    assert.ok(pending >= 4, `expected unsynced events, found ${pending}`);

    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    // Within 8 s: long before the 30-second periodic sync could have sent them.
    const routes = await waitForRoutes(adminToken, memberId, ["/community", "/things", "/activity", "/devices", "/"], 8000);
    assert.ok(!routes.includes("/signin"), "the guest's /signin visit is not filed under the member");

    // The server confirmed them: all marked synced in localStorage.
    await page.waitForFunction(() => JSON.parse(localStorage.getItem("steward.navigation.events") || "[]").every((e) => e.synced));
    const patterns = await gql(
      adminToken,
      `query P($id: UUID) { navigationPatternStats(targetUserId: $id) { nodes { fromRoute toRoute } } }`,
      { id: memberId },
    );
    assert.ok(
      patterns.navigationPatternStats.nodes.some((p) => p.fromRoute === "/things" && p.toRoute === "/activity"),
      "the /things -> /activity pattern is recorded",
    );
    const sessions = await gql(
      adminToken,
      `query S($id: UUID) { navigationSessionStats(targetUserId: $id) { nodes { username totalSessions totalNavigations } } }`,
      { id: memberId },
    );
    assert.equal(sessions.navigationSessionStats.nodes[0].username, member.username);
    // The visits of /, /activity, /things and /devices were noted as last visited.
    const lastVisited = await page.evaluate(() => JSON.parse(localStorage.getItem("steward.navigation.lastVisited")));
    for (const route of ["/", "/activity", "/things", "/devices"]) assert.ok(lastVisited[route], `${route} last visited`);
  });
});

test("closing the page sends what is left with a keep-alive request", async (t) => {
  const member = await registerUser({ name: "Cleo Closer" });
  const memberId = await userId(member.token);
  const { token: adminToken } = await theAdmin();
  await withPage(t, async (page) => {
    // What the page sent to /graphql and what became of it: said when the routes don't arrive
    // (a flaky failure in CI once had the server with none of them).
    const sent = [];
    page.context().on("request", (request) => {
      if (new URL(request.url()).pathname !== "/graphql" || request.method() !== "POST") return;
      sent.push({ request, operation: /"operationName":"(\w+)"/.exec(request.postData() ?? "")?.[1] });
    });
    page.context().on("requestfinished", async (request) => {
      const note = sent.find((n) => n.request === request);
      if (note) note.outcome = `HTTP ${(await request.response().catch(() => null))?.status() ?? "?"}`;
    });
    page.context().on("requestfailed", (request) => {
      const note = sent.find((n) => n.request === request);
      if (note) note.outcome = `failed: ${request.failure()?.errorText}`;
    });
    // The tracker says in the console why a sync failed.
    const warnings = [];
    page.on("console", (message) => {
      if (message.type() === "warning" || message.type() === "error") warnings.push(message.text());
    });
    await signIn(page, member);
    await browse(page, ["Tasks", "Map"]);
    const beforeClose = sent.length;
    // Another tab stays open, as a person's browser would have: the closed page is not the
    // browser's last, so nothing but the page's own unloading is tested.
    await page.context().newPage();
    await page.close({ runBeforeUnload: true });
    try {
      // A keep-alive request may wait behind the closing page's teardown on a loaded machine.
      await waitForRoutes(adminToken, memberId, ["/tasks", "/map"], 20_000);
    } catch (error) {
      const said = sent.map((n, i) => `${i < beforeClose ? "" : "(on close) "}${n.operation}: ${n.outcome ?? "no answer"}`);
      // A new error: the runner prints the stack, which holds the message as it was thrown.
      const console = warnings.length ? `\nthe page's warnings:\n  ${warnings.join("\n  ")}` : "";
      throw new Error(`${error.message}\nrequests to /graphql:\n  ${said.join("\n  ")}${console}`, { cause: error });
    }
  });
});

test("an admin sees the routes in the top routes table and the daily chart", async (t) => {
  const adminUser = await theAdmin();
  const member = await registerUser({ name: "Theo Tracked" });
  const memberId = await userId(member.token);
  // The member's visits, sent as the app sends them.
  const sessionId = randomUUID();
  const at = (minutesAgo) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const synced = await gql(
    member.token,
    `mutation Sync($sessionId: UUID!, $userId: UUID, $events: JSON!) {
      syncNavigationEvents(input: { sessionId: $sessionId, userId: $userId, events: $events }) {
        syncNavigationResult { success syncedCount } } }`,
    {
      sessionId,
      userId: memberId,
      events: [
        { from: null, to: "/", timestamp: at(10), timeSpent: 0 },
        { from: "/", to: "/scorer", timestamp: at(9), timeSpent: 60_000 },
        { from: "/scorer", to: "/groups", timestamp: at(8), timeSpent: 60_000 },
      ],
    },
  );
  assert.equal(synced.syncNavigationEvents.syncNavigationResult.syncedCount, 3);

  await withPage(t, async (page) => {
    await signIn(page, adminUser, "/admin");
    await page.getByRole("heading", { level: 1, name: "Admin" }).waitFor();
    const adminLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin", exact: true });
    assert.equal(await adminLink.getAttribute("href"), "/admin");

    // Totals.
    const totals = page.getByRole("region", { name: "Totals" });
    await totals.getByText("Users", { exact: true }).waitFor();

    // The top routes table is there (with everyone's routes; other tests add their own).
    const routes = page.getByRole("region", { name: "Top routes" });
    await routes.getByRole("link").first().waitFor();

    // The chart of daily navigations and active users (chart.js, loaded on demand) is drawn.
    const canvas = page.locator("canvas[role=img]");
    await canvas.waitFor();
    assert.match(await canvas.getAttribute("aria-label"), /Daily navigations and active users/);
    const box = await canvas.boundingBox();
    assert.ok(box && box.width > 200 && box.height > 100, `chart size ${JSON.stringify(box)}`);

    // Only the member: the filter feeds every query.
    await page.getByLabel("User", { exact: true }).fill(member.username);
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.searchParams.get("user") === member.username);
    await page.getByText(`only ${member.username}`).waitFor();
    const sessions = page.getByRole("region", { name: "Sessions per user" });
    await sessions.getByRole("link", { name: member.username, exact: true }).waitFor();
    await routes.getByRole("link", { name: "/scorer", exact: true }).waitFor();
    await routes.getByRole("link", { name: "/groups", exact: true }).waitFor();
    assert.equal(await routes.getByRole("link", { name: "/admin", exact: true }).count(), 0);

    // A period without visits says so.
    await page.getByRole("button", { name: "Reset" }).click();
    await page.goto(`${BASE_URL}/admin?from=2020-01-01&to=2020-01-31`);
    await page.getByRole("heading", { name: "No navigation data for these dates" }).waitFor();
  });
});

test("a non-admin opening /admin lands on /", async (t) => {
  const member = await registerUser({ name: "Nia Nonadmin" });
  await withPage(t, async (page) => {
    await signIn(page, member);
    await page.goto(`${BASE_URL}/admin`);
    await page.waitForURL(`${BASE_URL}/`);
    // Home has rendered (its heading names the member, "Nia Nonadmin": hence `exact` below), and
    // says why; the admin dashboard's heading is not there.
    await page.getByRole("heading", { level: 1, name: "Welcome, Nia Nonadmin" }).waitFor();
    await page.getByText("Only administrators can open the admin dashboard.").waitFor();
    assert.equal(await page.getByRole("heading", { level: 1, name: "Admin", exact: true }).count(), 0);
    assert.equal(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin", exact: true }).count(), 0);
  });
});

test("screenshots of the admin dashboard", { skip: !process.env.SCREENSHOTS_DIR }, async (t) => {
  const dir = process.env.SCREENSHOTS_DIR;
  const { mkdir } = await import("node:fs/promises");
  await mkdir(dir, { recursive: true });
  const adminUser = await theAdmin();

  // A fortnight of visits by a handful of people and a guest.
  const pages = ["/", "/things", "/map", "/activity", "/devices", "/community", "/tasks", "/groups", "/scorer"];
  const people = [];
  for (const name of ["Robin Gardener", "Sam Planter", "Ivy Waters", "Olly Oak"]) people.push(await registerUser({ name }));
  const guest = (await gql(null, `mutation G { signInAsGuest(input: { domainName: "localhost" }) { jwtToken } }`)).signInAsGuest.jwtToken;
  people.push({ token: guest });
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  for (const [index, person] of people.entries()) {
    const id = person.username ? await userId(person.token) : null;
    for (let day = 13; day >= 0; day--) {
      if (random() < 0.3 + index * 0.05) continue;
      const events = [];
      let from = null;
      let time = Date.now() - day * 86_400_000 - Math.floor(random() * 6) * 3_600_000 - 600_000;
      const count = 2 + Math.floor(random() * 8);
      for (let i = 0; i < count; i++) {
        const to = pages[Math.floor(random() * random() * pages.length)];
        if (to === from) continue;
        const spent = from ? Math.floor(5_000 + random() * 90_000) : 0;
        time += spent;
        events.push({ from, to, timestamp: new Date(time).toISOString(), timeSpent: spent });
        from = to;
      }
      const sessionId = randomUUID();
      await gql(
        person.token,
        `mutation Sync($sessionId: UUID!, $events: JSON!) {
          syncNavigationEvents(input: { sessionId: $sessionId, events: $events }) { syncNavigationResult { success } } }`,
        { sessionId, events },
      );
      await gql(
        person.token,
        `mutation S($sessionId: UUID!, $userId: UUID, $startedAt: Datetime!, $endedAt: Datetime) {
          syncUserSession(input: { sessionId: $sessionId, userId: $userId, startedAt: $startedAt, endedAt: $endedAt }) {
            syncSessionResult { success } } }`,
        { sessionId, userId: id, startedAt: events[0].timestamp, endedAt: new Date(time + 30_000).toISOString() },
      );
    }
  }

  await withPage(t, async (page) => {
    await signIn(page, adminUser, "/admin");
    for (const [name, viewport] of [
      ["desktop", { width: 1280, height: 900 }],
      ["phone", { width: 390, height: 844 }],
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`${BASE_URL}/admin`);
      await page.locator("canvas[role=img]").waitFor();
      await untilStill(page);
      await page.screenshot({ path: `${dir}/admin-${name}.png`, fullPage: true });
      await page.goto(`${BASE_URL}/admin?from=2020-01-01&to=2020-01-31`);
      await page.getByRole("heading", { name: "No navigation data for these dates" }).waitFor();
      await page.screenshot({ path: `${dir}/admin-empty-${name}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${BASE_URL}/admin`);
    await page.getByLabel("To", { exact: true }).fill("2020-01-01");
    await page.getByText("The end date is before the start date").waitFor();
    await page.getByRole("form", { name: "Analytics filters" }).screenshot({ path: `${dir}/admin-filter-error.png` });
  });
});
