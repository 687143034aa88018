// The page's first script (index.html loads it before main.tsx): the first screen's data asked
// while the app's code is still on its way (issue 27). On a slow phone's first visit the code takes
// about two seconds to arrive; the queries of the screen it opens on need only the session's token
// and the address, so they go out now and their answers wait for the GraphQL client
// (lib/first-data.ts, lib/early/). Then, on every page, it starts Intl in the reader's language
// (lib/i18n/warm-intl.ts) once the main thread has nothing else to do. Small on purpose: it must
// arrive well before the app.
import { preloadMapData } from "./features/map/first-view.ts";
import { preloadThingData } from "./features/things/first-data.ts";
import { getAppConfig } from "./lib/config.ts";
import { browserLanguages, readerLocale, storedChoice } from "./lib/i18n/reader-locale.ts";
import { warmIntl } from "./lib/i18n/warm-intl.ts";
import { earlyAsk } from "./lib/early/answers.ts";
import type { PreloadData } from "./lib/first-data.ts";
import { isExpired, isSignedIn, sessionStore } from "./lib/session.ts";

/**
 * The screens whose data is asked this early, by the route table's path (routes.tsx; the rest ask
 * when their code runs). Fixed paths only, or ones whose preload checks its parameters.
 */
const EARLY_SCREENS: readonly { path: string; preload: PreloadData }[] = [
  { path: "/map", preload: preloadMapData },
  { path: "/things/:id/:tab", preload: preloadThingData },
];

/** The screen of a path, with its parameters (":name" segments). */
export function earlyScreen(pathname: string): { preload: PreloadData; params: Record<string, string> } | null {
  const segments = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  for (const screen of EARLY_SCREENS) {
    const pattern = screen.path.split("/").filter(Boolean);
    if (pattern.length !== segments.length) continue;
    if (!pattern.every((p, i) => p.startsWith(":") || p === segments[i])) continue;
    const params = Object.fromEntries(pattern.flatMap((p, i) => (p.startsWith(":") ? [[p.slice(1), segments[i]]] : [])));
    return { preload: screen.preload, params };
  }
  return null;
}

function askEarly(): void {
  const screen = earlyScreen(window.location.pathname);
  const session = sessionStore.get();
  // Without a usable token the client first makes a guest session; nothing to ask before that.
  if (!screen || !session || isExpired(session)) return;
  screen.preload({
    ask: earlyAsk(getAppConfig().graphqlUrl, session.token),
    params: screen.params,
    search: new URLSearchParams(window.location.search),
    signedIn: isSignedIn(session),
  });
}

/** The language the app will speak here (as lib/i18n/locale-context.tsx chooses it). */
export function earlyLocale() {
  const session = sessionStore.get();
  return readerLocale(session && isSignedIn(session) ? session.language : null, storedChoice(), browserLanguages());
}

try {
  askEarly();
} catch {
  // Only a head start: the app asks again as it always does.
}
// When the main thread is idle: on a first visit, while the app's code is on its way; on a visit
// served by the service worker, perhaps only after the first render (too late to help, and out of
// its way).
const whenIdle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 0));
whenIdle(() => warmIntl(earlyLocale()));
