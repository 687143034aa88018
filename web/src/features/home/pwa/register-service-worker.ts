// Registers the installable app's service worker (web/public/sw.js) in production builds, hands it
// the chunks this page loaded before it took control (so they are kept for offline use), and asks
// whether this page was served from its cache because the network failed (the offline notice).
// Imported once, for its effect, from src/main.tsx.
import { connectionStore } from "../../../lib/connection.ts";

export const SERVICE_WORKER_URL = "/sw.js";

/** Same-origin /assets/ files this page has loaded (scripts, styles), for the worker to keep. */
export function loadedAssetUrls(): string[] {
  if (typeof performance === "undefined" || typeof performance.getEntriesByType !== "function") return [];
  const urls = new Set<string>();
  for (const entry of performance.getEntriesByType("resource")) {
    try {
      const url = new URL(entry.name, window.location.href);
      if (url.origin === window.location.origin && url.pathname.startsWith("/assets/") && !url.pathname.endsWith(".map")) {
        urls.add(url.pathname);
      }
    } catch {
      // Not a URL: skip.
    }
  }
  return [...urls];
}

function tellWorker(worker: ServiceWorker | null | undefined, urls: string[] = loadedAssetUrls()) {
  if (urls.length) worker?.postMessage({ type: "keep-assets", urls });
}

/**
 * Chunks loaded from now on (a screen's code loaded lazily) are reported too: one fetched after
 * the last report but before the worker took control never passed through it, and the app would
 * miss it offline (issue 27: the home map's chunk on a first visit).
 */
function reportLaterAssets(registration: ServiceWorkerRegistration) {
  if (typeof PerformanceObserver === "undefined") return;
  try {
    new PerformanceObserver((list) => {
      const urls = list
        .getEntries()
        .map((entry) => new URL(entry.name, window.location.href))
        .filter((url) => url.origin === window.location.origin && url.pathname.startsWith("/assets/") && !url.pathname.endsWith(".map"))
        .map((url) => url.pathname);
      tellWorker(registration.active, urls);
    }).observe({ type: "resource" });
  } catch {
    // No resource timing: the chunks loaded before control are reported once, as before.
  }
}

export function registerServiceWorker(container: ServiceWorkerContainer = navigator.serviceWorker): void {
  container.addEventListener("message", (event: MessageEvent) => {
    const data = event.data as { type?: string; servedFromCache?: boolean } | null;
    if (data?.type === "status" && data.servedFromCache) connectionStore.markUnreachable();
  });
  container.startMessages();
  // Already controlled (a later visit): was this page the cached copy?
  container.controller?.postMessage({ type: "status" });
  // Chunks loaded while no worker controlled the page (the first visit, an update).
  container.addEventListener("controllerchange", () => tellWorker(container.controller));

  const register = () => {
    container
      .register(SERVICE_WORKER_URL, { scope: "/", updateViaCache: "none" })
      .then(() => container.ready)
      .then((registration) => {
        tellWorker(registration.active);
        reportLaterAssets(registration);
      })
      .catch((error: unknown) => {
        // The app works without it (private mode, an old browser); it just does not open offline.
        console.warn("Service worker not registered:", error);
      });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

if (import.meta.env.PROD && typeof navigator !== "undefined" && "serviceWorker" in navigator && window.isSecureContext) {
  registerServiceWorker();
}
