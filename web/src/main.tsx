import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { App, type AppServices } from "./App.tsx";
import { createAuthApi } from "./features/auth/auth-api.ts";
import { getAppConfig } from "./lib/config.ts";
import { noticeStore } from "./lib/notices.tsx";
import { createPictureAccess } from "./lib/picture-access.ts";
import { persistedCacheFor, type PersistedCache } from "./lib/offline/persisted-cache.ts";
import { isSignedIn, sessionStore } from "./lib/session.ts";
import { applyBrandingTheme } from "./lib/theme.ts";
import { buildRouteObjects, preloadScreens } from "./routes/routes.tsx";
import "./styles.css";
import "./features/home/pwa/register-service-worker.ts";

// The signed-in person's kept cache is opened (and read) now, while the first screen's code
// downloads (lib/offline/persisted-cache.ts says why), and handed to the GraphQL client that asks
// first; later clients (another person, after signing out) get theirs made when they ask.
const signedIn = sessionStore.get();
let early = signedIn && isSignedIn(signedIn) ? { userId: signedIn.id, cache: persistedCacheFor(signedIn.id) } : null;
function keptCache(userId: string): PersistedCache | null {
  const ready = early?.userId === userId ? early.cache : null;
  early = null;
  return ready ?? persistedCacheFor(userId);
}

const config = getAppConfig();
applyBrandingTheme(config.branding);

const services: AppServices = {
  config,
  sessionStore,
  auth: createAuthApi(config.graphqlUrl),
  notices: noticeStore,
  pictures: createPictureAccess(config.graphqlUrl),
  persistCache: keptCache,
};

const routeObjects = buildRouteObjects();
const router = createBrowserRouter(routeObjects);

// The first screen's code before the first render, so it renders at once (routes.tsx, preloadScreens).
// Marks for the bench's waterfall (bench/vitals.ts --waterfall): the entry ran, the first render began.
performance.mark("steward:entry");
void preloadScreens(routeObjects, window.location.pathname).then(() => {
  performance.mark("steward:first-render");
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App services={services} router={router} />
    </StrictMode>,
  );
});
