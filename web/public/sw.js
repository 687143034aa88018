// The installable app's service worker: keeps the app shell so the app opens without a network
// and says so (the page shows an offline notice). Registered by web/src/features/home/pwa/.
//
// What it keeps
//   shell cache   the page (index.html, stored under "/index.html"), /config.js, the manifest,
//                 icons and /offline.html, plus whatever the built index.html references (read
//                 at install time, so no hard-coded list of hashed file names)
//   asset cache   hashed files under /assets/ (they never change, so cache first); the page
//                 reports the chunks it loaded before this worker took control, and chunks fetched
//                 later are kept as they pass through
//
// What it never touches
//   /graphql, /health, /uploads, /webhooks (and /images, /graphiql): always the network, never
//   stored; requests to other origins; anything but GET.
//
// Pages are network first (a new deploy is picked up at once) with the stored shell as the
// fallback when the network fails or takes longer than NETWORK_TIMEOUT_MS; the page then learns
// it was served from the cache by asking ({ type: "status" }).
//
// Push (issue 25): a push message (JSON { title, body, url, tag, kind }, sent by the worker's
// send_push) is shown as a notification; tapping it opens its url (the thing, task or
// invitation) in an open window of the app, or a new one.
const VERSION = 1;
const PREFIX = "steward-";
const SHELL_CACHE = `${PREFIX}shell-v${VERSION}`;
const ASSET_CACHE = `${PREFIX}assets-v${VERSION}`;
const INDEX_KEY = "/index.html";
const OFFLINE_PAGE = "/offline.html";
const NEVER = ["/graphql", "/graphiql", "/health", "/uploads", "/webhooks", "/images", "/ruru-static", "/unsubscribe"];
const SHELL_FILES = new Set(["/config.js", "/manifest.webmanifest", "/favicon.svg", OFFLINE_PAGE]);
const NETWORK_TIMEOUT_MS = 4000;
const MAX_ASSETS = 250;

/** Pages (client ids) this worker answered from the cache because the network failed. */
const servedFromCache = new Set();

function isNever(pathname) {
  return NEVER.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

function isAsset(pathname) {
  return pathname.startsWith("/assets/") && !pathname.endsWith(".map");
}

function isShellFile(pathname) {
  return SHELL_FILES.has(pathname) || pathname.startsWith("/icons/");
}

/** Same-origin paths a page's HTML loads (scripts, styles, icons, the manifest). */
function referencedPaths(html) {
  const paths = new Set();
  for (const match of html.matchAll(/\s(?:src|href)\s*=\s*["']([^"']+)["']/gi)) {
    let url;
    try {
      url = new URL(match[1], self.location.origin);
    } catch {
      continue;
    }
    if (url.origin !== self.location.origin || isNever(url.pathname) || url.pathname.endsWith(".map")) continue;
    paths.add(url.pathname);
  }
  return [...paths];
}

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

async function trimAssets(cache) {
  const keys = await cache.keys();
  // Oldest first (insertion order); hashed names of old builds go first.
  for (const request of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(request);
}

async function precache() {
  const shell = await caches.open(SHELL_CACHE);
  const assets = await caches.open(ASSET_CACHE);
  const page = await fetch("/", { cache: "no-store", credentials: "same-origin" });
  if (!page.ok) throw new Error(`The app page answered ${page.status}`);
  const html = await page.clone().text();
  await shell.put(INDEX_KEY, page);
  const referenced = referencedPaths(html);
  // The entry script, its preloads and styles are essential: without them nothing renders.
  await assets.addAll(referenced.filter(isAsset));
  // The rest helps (config fallback, icons, the offline page) but must not block installation.
  const extras = new Set([...referenced.filter((path) => !isAsset(path)), ...SHELL_FILES]);
  await Promise.all([...extras].map((path) => shell.add(new Request(path, { cache: "no-store" })).catch(() => undefined)));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([SHELL_CACHE, ASSET_CACHE]);
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && !keep.has(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

async function pageResponse(event) {
  try {
    const response = await withTimeout(fetch(event.request), NETWORK_TIMEOUT_MS);
    const type = response.headers.get("content-type") || "";
    if (response.ok && type.includes("text/html")) {
      const copy = response.clone();
      event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(INDEX_KEY, copy)));
    }
    return response;
  } catch {
    const cached = (await caches.match(INDEX_KEY)) || (await caches.match(OFFLINE_PAGE));
    if (!cached) return Response.error();
    if (event.resultingClientId) servedFromCache.add(event.resultingClientId);
    return cached;
  }
}

async function assetResponse(event) {
  const cache = await caches.open(ASSET_CACHE);
  const hit = await cache.match(event.request);
  if (hit) return hit;
  const response = await fetch(event.request);
  if (response.ok) {
    const copy = response.clone();
    event.waitUntil(cache.put(event.request, copy).then(() => trimAssets(cache)));
  }
  return response;
}

async function shellFileResponse(event, pathname) {
  try {
    const response = await withTimeout(fetch(event.request), NETWORK_TIMEOUT_MS);
    if (response.ok) {
      const copy = response.clone();
      event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(pathname, copy)));
    }
    return response;
  } catch (error) {
    const cached = await caches.match(pathname);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isNever(url.pathname)) return;
  if (request.mode === "navigate") {
    event.respondWith(pageResponse(event));
  } else if (isAsset(url.pathname)) {
    event.respondWith(assetResponse(event));
  } else if (isShellFile(url.pathname)) {
    event.respondWith(shellFileResponse(event, url.pathname));
  }
  // Anything else goes to the network as if this worker were not here.
});

/** Keeps the chunks a page loaded before this worker controlled it. */
async function keepAssets(urls) {
  const cache = await caches.open(ASSET_CACHE);
  await Promise.all(
    urls.map(async (value) => {
      let url;
      try {
        url = new URL(value, self.location.origin);
      } catch {
        return;
      }
      if (url.origin !== self.location.origin || !isAsset(url.pathname)) return;
      if (await cache.match(url.pathname)) return;
      try {
        const response = await fetch(url.pathname);
        if (response.ok) await cache.put(url.pathname, response);
      } catch {
        // Offline already: kept next time.
      }
    }),
  );
  await trimAssets(cache);
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "keep-assets" && Array.isArray(data.urls)) {
    event.waitUntil(
      keepAssets(data.urls.filter((url) => typeof url === "string")).then(() => event.source?.postMessage({ type: "assets-kept" })),
    );
  } else if (data.type === "status" && event.source) {
    const id = event.source.id;
    event.source.postMessage({ type: "status", servedFromCache: servedFromCache.has(id) });
    servedFromCache.delete(id);
  }
});

/** What a push message says, with safe defaults when it says little (or is not JSON). */
function pushContent(data) {
  let message = {};
  try {
    message = data ? data.json() : {};
  } catch {
    message = { body: data ? data.text() : "" };
  }
  const url = typeof message.url === "string" && message.url.startsWith("/") && !message.url.startsWith("//") ? message.url : "/";
  return {
    title: typeof message.title === "string" && message.title ? message.title : "Steward",
    options: {
      body: typeof message.body === "string" ? message.body : "",
      tag: typeof message.tag === "string" ? message.tag : undefined,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url, kind: message.kind ?? null },
    },
  };
}

self.addEventListener("push", (event) => {
  const { title, options } = pushContent(event.data);
  event.waitUntil(self.registration.showNotification(title, options));
});

/** Opens a path of the app: in a window already showing it (navigated there and focused), else a new one. */
async function openInApp(path) {
  const target = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const same = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (same) {
    const shown = same.url === target ? same : await same.navigate(target).catch(() => null);
    const client = shown || same;
    await client.focus().catch(() => undefined);
    if (shown) return shown;
  }
  return self.clients.openWindow(target);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = event.notification.data?.url || "/";
  const opening = openInApp(url);
  // A click the browser made can keep this worker alive until the page is open; a synthetic one
  // (dispatched by the e2e test, which cannot click a system notification) cannot.
  if (event.isTrusted) event.waitUntil(opening);
});
