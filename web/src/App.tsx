import type { ReactNode } from "react";
import { BrowserRouter, useRoutes, type RouteObject } from "react-router";
import type { AuthApi } from "./lib/session-calls.ts";
import type { AppConfig } from "./lib/config.ts";
import { ConfigProvider } from "./lib/config-context.tsx";
import { GraphQLProvider, type FirstClient } from "./lib/graphql-provider.tsx";
import { NoticeProvider, type NoticeStore } from "./lib/notices.tsx";
import { SessionProvider } from "./lib/session-context.tsx";
import type { PictureAccess } from "./lib/picture-access.ts";
import { ActionQueueRunner } from "./lib/offline/ActionQueueRunner.tsx";
import { LocaleProvider } from "./lib/i18n/locale-context.tsx";
import type { PersistedCache } from "./lib/offline/persisted-cache.ts";
import type { SessionStore } from "./lib/session.ts";

export interface AppServices {
  config: AppConfig;
  sessionStore: SessionStore;
  auth: AuthApi;
  notices: NoticeStore;
  /** fetch used by the urql client (tests pass their own). */
  fetch?: typeof fetch;
  /** The pictures cookie (lib/picture-access.ts); absent in unit tests. */
  pictures?: PictureAccess;
  /** Keeps a signed-in person's GraphQL cache on the device for offline use; absent in unit tests. */
  persistCache?: (userId: string) => PersistedCache | null;
  /** The GraphQL client made before the first render (main.tsx); absent in unit tests. */
  takeFirstClient?: (userKey: string) => FirstClient | null;
}

/** Configuration, notices, session, the GraphQL client and the language, in the order they depend on each other. */
export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  const { config, sessionStore, auth, notices } = services;
  return (
    <ConfigProvider config={config}>
      <NoticeProvider store={notices}>
        <SessionProvider store={sessionStore} auth={auth} domainName={config.domainName} pictures={services.pictures}>
          <GraphQLProvider
            graphqlUrl={config.graphqlUrl}
            graphqlWsUrl={config.graphqlWsUrl}
            domainName={config.domainName}
            store={sessionStore}
            signInAsGuest={auth.signInAsGuest}
            fetch={services.fetch}
            persistCache={services.persistCache}
            takeFirstClient={services.takeFirstClient}
          >
            <LocaleProvider>
              <ActionQueueRunner />
              {children}
            </LocaleProvider>
          </GraphQLProvider>
        </SessionProvider>
      </NoticeProvider>
    </ConfigProvider>
  );
}

/**
 * The app in the browser. A declarative router, not a data router (createBrowserRouter): the app
 * has no loaders or actions (screens ask their data through urql), and the data router's state
 * machine was the largest part of react-router in what every page loads first (issue 27).
 */
export function App({ services, routes }: { services: AppServices; routes: RouteObject[] }) {
  return (
    <AppProviders services={services}>
      <BrowserRouter>
        <AppRoutes routes={routes} />
      </BrowserRouter>
    </AppProviders>
  );
}

function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}
