// The page's first script (index.html loads it before main.tsx): the first screen's data asked
// while the app's code is still on its way (issue 27). On a slow phone's first visit the code takes
// about two seconds to arrive; the queries of the screen it opens on need only the session's token
// and the address, so they go out now and their answers wait for the GraphQL client
// (lib/first-data.ts, lib/early/). Small on purpose: it must arrive well before the app.
import { preloadMapData } from "./features/map/first-view.ts";
import { getAppConfig } from "./lib/config.ts";
import { earlyAsk } from "./lib/early/answers.ts";
import type { PreloadData } from "./lib/first-data.ts";
import { isExpired, isSignedIn, sessionStore } from "./lib/session.ts";

/** The screens whose data is asked this early, by path (the rest ask when their code runs). */
const EARLY_SCREENS: Readonly<Record<string, PreloadData>> = {
  "/map": preloadMapData,
};

function askEarly(): void {
  const preload = EARLY_SCREENS[window.location.pathname.replace(/\/+$/, "") || "/"];
  const session = sessionStore.get();
  // Without a usable token the client first makes a guest session; nothing to ask before that.
  if (!preload || !session || isExpired(session)) return;
  preload({
    ask: earlyAsk(getAppConfig().graphqlUrl, session.token),
    params: {},
    search: new URLSearchParams(window.location.search),
    signedIn: isSignedIn(session),
  });
}

try {
  askEarly();
} catch {
  // Only a head start: the app asks again as it always does.
}
