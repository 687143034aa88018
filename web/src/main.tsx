import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App, type AppServices } from "./App.tsx";
import { createAuthApi } from "./features/auth/auth-api.ts";
import { getAppConfig } from "./lib/config.ts";
import { noticeStore } from "./lib/notices.tsx";
import { createPictureAccess } from "./lib/picture-access.ts";
import { createGraphQLClient } from "./lib/graphql-client.ts";
import type { FirstClient } from "./lib/graphql-provider.tsx";
import { earlyAnswersSettled } from "./lib/early/answers.ts";
import { clientAsk } from "./lib/preload-query.ts";
import { persistedCacheFor } from "./lib/offline/persisted-cache.ts";
import { isSignedIn, sessionStore } from "./lib/session.ts";
import { applyBrandingTheme } from "./lib/theme.ts";
import { buildRouteObjects, preloadScreens } from "./routes/routes.tsx";
import "./styles.css";
import "./features/home/pwa/register-service-worker.ts";

/** How long the first render waits for the kept copy's read and the early answers, so the first data is in it. */
const FIRST_DATA_WAIT_MS = 250;

const config = getAppConfig();
applyBrandingTheme(config.branding);
const auth = createAuthApi(config.graphqlUrl);

// The GraphQL client of the session the page opens with is made now, not in the first render:
// the first screen's data is asked with it before that render (lib/first-data.ts). A signed-in
// person's kept cache is opened (and read) with it, while the first screen's code downloads
// (lib/offline/persisted-cache.ts says why). The provider takes it for that session, once;
// later clients (another person, after signing out) are made when needed.
const session = sessionStore.get();
const signedIn = Boolean(session && isSignedIn(session));
const firstUserKey = session?.id ?? "";
const firstStorage = session && signedIn ? persistedCacheFor(session.id) : null;
let first: FirstClient | null = {
  storage: firstStorage,
  graphql: createGraphQLClient({
    graphqlUrl: config.graphqlUrl,
    graphqlWsUrl: config.graphqlWsUrl,
    domainName: config.domainName,
    store: sessionStore,
    signInAsGuest: auth.signInAsGuest,
    storage: firstStorage,
    earlyAnswers: true,
  }),
};
function takeFirstClient(userKey: string): FirstClient | null {
  const taken = first;
  first = null;
  if (taken && userKey === firstUserKey) return taken;
  taken?.graphql.dispose();
  return null;
}

const services: AppServices = {
  config,
  sessionStore,
  auth,
  notices: noticeStore,
  pictures: createPictureAccess(config.graphqlUrl),
  persistCache: persistedCacheFor,
  takeFirstClient,
};

const routeObjects = buildRouteObjects();

// The first screen's code before the first render, so it renders at once (routes.tsx,
// preloadScreens), and its first data asked before that render (lib/first-data.ts).
performance.mark("steward:entry");
void preloadScreens(routeObjects, window.location.pathname).then(async (screens) => {
  const graphql = first?.graphql;
  const preloading = screens.filter((screen) => screen.module.preloadData);
  if (graphql && preloading.length > 0) {
    const search = new URLSearchParams(window.location.search);
    for (const { module, params } of preloading) module.preloadData?.({ ask: clientAsk(graphql.client), params, search, signedIn });
    // Those queries go out once the kept copy is read (persisted-cache.ts, keptCopyGate), which
    // needs a few turns of the main thread; the first render would hold them for its whole length.
    // What follows the read (the queries sent, or answered from lib/early/) happens in microtasks,
    // all done before React's first render, which it schedules as a task of its own. Answers the
    // early script is still waiting for (on a phone's first visit they arrive about when the
    // code does) are waited for too, within the same bound: the first render then shows them.
    await Promise.race([
      Promise.all([graphql.keptCopyRead, earlyAnswersSettled()]),
      new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS)),
    ]);
  }
  performance.mark("steward:first-render");
  const root = createRoot(document.getElementById("root")!);
  root.render(
    <StrictMode>
      <App services={services} routes={routeObjects} />
    </StrictMode>,
  );
});
