// Shared set-up for the browser tests: Debian's chromium through playwright-core, a fresh profile
// per test, a screenshot in e2e/artifacts/ when a test fails, and a helper that registers a user
// straight through the API. Plain .mjs on purpose: code run through tsx breaks page.evaluate.
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const BASE_URL = (process.env.BASE_URL || "http://localhost:3000").replace(/\/+$/, "");
export const SESSION_KEY = "steward.session";
const ARTIFACTS = fileURLToPath(new URL("./artifacts/", import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Opens chromium on a fresh profile. */
export async function openBrowser() {
  const userDataDir = await mkdtemp(join(tmpdir(), "steward-e2e-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 900 },
    locale: "en-US",
  });
  context.setDefaultTimeout(15_000);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close().catch(() => {});
      await rm(userDataDir, { recursive: true, force: true }).catch(() => {});
    },
  };
}

function fileNameFor(name) {
  return (
    name
      .replace(/[^a-z0-9]+/gi, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 100) || "test"
  );
}

/**
 * Runs `body(page)` in a fresh browser; on failure saves a full-page screenshot (and the console
 * output) into e2e/artifacts/ before rethrowing.
 */
export async function withPage(t, body) {
  const browser = await openBrowser();
  const consoleLines = [];
  browser.page.on("console", (message) => consoleLines.push(`[${message.type()}] ${message.text()}`));
  browser.page.on("pageerror", (error) => consoleLines.push(`[pageerror] ${error.message}`));
  try {
    await body(browser.page);
  } catch (error) {
    try {
      await mkdir(ARTIFACTS, { recursive: true });
      const base = join(ARTIFACTS, fileNameFor(t.name));
      await browser.page.screenshot({ path: `${base}.png`, fullPage: true });
      const { writeFile } = await import("node:fs/promises");
      await writeFile(`${base}.log`, `${browser.page.url()}\n${consoleLines.join("\n")}\n`);
      t.diagnostic(`screenshot: ${base}.png`);
    } catch (screenshotError) {
      t.diagnostic(`no screenshot: ${screenshotError.message}`);
    }
    throw error;
  } finally {
    await browser.close();
  }
}

/**
 * Waits until every /assets/ file the page loaded is in the service worker's cache (web/public/sw.js).
 * The worker keeps the chunks loaded before it took control by fetching them again, which takes a
 * moment: a test that goes offline before then finds a chunk missing on the offline reload.
 */
export async function waitUntilCodeKept(page) {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: 20_000 });
  await page.waitForFunction(
    async () => {
      const loaded = performance
        .getEntriesByType("resource")
        .map((entry) => new URL(entry.name, location.href))
        .filter((url) => url.origin === location.origin && url.pathname.startsWith("/assets/") && !url.pathname.endsWith(".map"));
      const kept = await Promise.all(loaded.map((url) => caches.match(url.pathname)));
      return loaded.length > 0 && kept.every(Boolean);
    },
    null,
    { timeout: 20_000, polling: 250 },
  );
}

/** A username no other run has used: starts with a letter, 2 to 23 characters. */
export function uniqueUsername(prefix = "e2e") {
  const random = Math.random().toString(36).slice(2, 6);
  return `${prefix}${Date.now().toString(36)}${random}`.slice(0, 23);
}

export const PASSPHRASE = "Correct-Horse-9";

/** Registers a user through the API (signUp) and returns their details. */
export async function registerUser({ name = "Test Person", username = uniqueUsername(), password = PASSPHRASE } = {}) {
  const email = `${username}@example.org`;
  const response = await fetch(`${BASE_URL}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({
      operationName: "SignUp",
      query: `mutation SignUp($name: String!, $username: String!, $email: String!, $password: String!, $domainName: String) {
        signUp(input: { name: $name, username: $username, email: $email, password: $password, domainName: $domainName }) { jwtToken }
      }`,
      variables: { name, username, email, password, domainName: new URL(BASE_URL).hostname },
    }),
  });
  const body = await response.json();
  if (!body?.data?.signUp?.jwtToken) throw new Error(`signUp failed: ${JSON.stringify(body)}`);
  return { name, username, email, password, token: body.data.signUp.jwtToken };
}

/** The session the app keeps in localStorage (null when there is none yet). */
export function storedSession(page) {
  return page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) || "null"), SESSION_KEY);
}

/** Waits until the stored session has this role. */
export async function waitForRole(page, role) {
  await page.waitForFunction(
    ([key, wanted]) => JSON.parse(window.localStorage.getItem(key) || "null")?.role === wanted,
    [SESSION_KEY, role],
    { timeout: 15_000 },
  );
}

/** Calls the API as the SPA does (operationName from the document); throws on errors. */
export async function callApi(query, variables = {}, token) {
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

/**
 * Starts the app signed in as `user` (from registerUser): writes the session the app keeps, from
 * a page of the same origin without the app so nothing else writes it meanwhile. Returns the id.
 */
export async function startSignedIn(page, user) {
  const claims = JSON.parse(Buffer.from(user.token.split(".")[1], "base64url").toString("utf8"));
  await page.goto(`${BASE_URL}/health`);
  await page.evaluate(
    ([key, session]) => window.localStorage.setItem(key, JSON.stringify(session)),
    [
      SESSION_KEY,
      {
        token: user.token,
        id: claims.user_id,
        expiry: claims.exp * 1000,
        username: user.username,
        name: user.name,
        hasImage: false,
        isVerified: false,
        emails: user.email ? [{ id: "e", email: user.email, isPrimary: true, isVerified: false }] : [],
        role: claims.role,
        created: null,
        lastSignIn: null,
        location: null,
        notificationDaily: false,
        oneThingId: null,
        domainName: claims.domain_name ?? "",
      },
    ],
  );
  return claims.user_id;
}

/**
 * Waits until the page has come to rest, e.g. before a screenshot, instead of a fixed pause
 * (issue #23): web fonts loaded, no finite CSS animation or transition running (spinners run for
 * ever and are left out), the images that are loading done, and between two animation frames
 * nothing moved: the scroll position, the page's height, any dialog's box and every canvas's
 * pixels (a chart animating its bars) are the same. Two frames also let React commit what an
 * effect just set.
 */
export async function untilStill(page, { timeout = 15_000 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const moving = await page.evaluate(async () => {
      await document.fonts.ready;
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
      const animation = document
        .getAnimations()
        .find((a) => a.playState === "running" && a.effect?.getComputedTiming().iterations !== Infinity);
      // Lazy images out of view do not load until scrolled to: only those on their way count.
      const image = [...document.images].find((img) => !img.complete && img.loading !== "lazy");
      if (animation || image) {
        await frame();
        return animation ? `an animation of ${animation.effect?.target?.className ?? "?"}` : `the image ${image.src}`;
      }
      const look = () => ({
        scroll: [window.scrollX, window.scrollY, document.documentElement.scrollHeight].join(),
        dialogs: [...document.querySelectorAll('[role="dialog"]')]
          .map((d) => {
            const r = d.getBoundingClientRect();
            return [r.x, r.y, r.width, r.height].join();
          })
          .join(";"),
        canvases: [...document.querySelectorAll("canvas")]
          .map((c) => {
            try {
              return c.toDataURL();
            } catch {
              return "";
            }
          })
          .join(";"),
      });
      const before = look();
      await frame();
      await frame();
      const after = look();
      return Object.keys(before)
        .filter((k) => before[k] !== after[k])
        .join(", ");
    });
    if (!moving) return;
    if (Date.now() > deadline) throw new Error(`${page.url()} did not come to rest within ${timeout} ms (still moving: ${moving})`);
  }
}

/** Counts the live events (graphql-ws "next" messages) the page receives over its websockets. */
export function liveEvents(page) {
  const events = { count: 0 };
  page.on("websocket", (ws) => {
    ws.on("framereceived", (frame) => {
      const text = typeof frame.payload === "string" ? frame.payload : frame.payload.toString();
      if (text.includes('"type":"next"')) events.count += 1;
    });
  });
  return events;
}

/**
 * Calls `poke` (something that makes an event the page may hear) until `check()` holds, giving
 * each poke `everyMs` to arrive. A subscription says nothing once it listens on the server, so a
 * test knows it listens only when something it caused arrives (as test/until-heard.ts does for
 * the backend tests), instead of pausing "to let the subscription start".
 */
export async function pokeUntil(poke, check, what, { timeout = 30_000, everyMs = 500 } = {}) {
  const deadline = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeout} ms waiting for ${what}`);
    await poke();
    const next = Date.now() + everyMs;
    while (!check() && Date.now() < next) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Saves `thing` unchanged (its name again): a thingUpdated event, and nothing else changes. */
export function touchThing(thing, token) {
  return callApi(
    `mutation TouchThing($id: UUID!, $name: String!) { updateThingById(input: { id: $id, thingPatch: { name: $name } }) { thing { id } } }`,
    { id: thing.id, name: thing.name },
    token,
  );
}

/** One statement against the e2e server's database (arranging what the API cannot, such as an admin). */
export async function sql(text, values = []) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}
