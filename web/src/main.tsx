import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { App, type AppServices } from "./App.tsx";
import { createAuthApi } from "./features/auth/auth-api.ts";
import { getAppConfig } from "./lib/config.ts";
import { noticeStore } from "./lib/notices.tsx";
import { createPictureAccess } from "./lib/picture-access.ts";
import { persistedCacheFor } from "./lib/offline/persisted-cache.ts";
import { sessionStore } from "./lib/session.ts";
import { applyBrandingTheme } from "./lib/theme.ts";
import { buildRouteObjects } from "./routes/routes.tsx";
import "./styles.css";
import "./features/home/pwa/register-service-worker.ts";

const config = getAppConfig();
applyBrandingTheme(config.branding);

const services: AppServices = {
  config,
  sessionStore,
  auth: createAuthApi(config.graphqlUrl),
  notices: noticeStore,
  pictures: createPictureAccess(config.graphqlUrl),
  persistCache: (userId) => persistedCacheFor(userId),
};

const router = createBrowserRouter(buildRouteObjects());

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App services={services} router={router} />
  </StrictMode>,
);
