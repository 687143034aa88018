// Every route of spec section 2 in one typed table, and its translation into react-router routes.
// Each entry says who may see it (public, auth: signed-in users, admin), its title, and the screen
// module, loaded lazily. Redirect entries send one path to another (/users/{id} -> dashboard tab),
// and tab entries name the allowed tabs (any other tab goes to the first one).
// Owner/admin checks on edit and settings screens come with those features.
import { Suspense, useEffect, type ComponentType, type ReactNode } from "react";
import { generatePath, matchRoutes, Navigate, useLocation, useParams, type RouteObject } from "react-router";
import { useBranding } from "../lib/config-context.tsx";
import { useT } from "../lib/i18n/locale-context.tsx";
import type { PreloadData } from "../lib/first-data.ts";
import { preloadableLazy, type PreloadableLazy } from "../lib/preloadable-lazy.ts";
import type { TitleKey } from "../lib/i18n/messages/en-GB.ts";
import { useSession } from "../lib/session-context.tsx";
import { MainLayout } from "../layout/MainLayout.tsx";
import { RouteErrorBoundary } from "../layout/RouteErrorPage.tsx";
import { Loading } from "../components/Loading.tsx";
import { RedirectWithNotice } from "../components/RedirectWithNotice.tsx";
import { NotificationsBell } from "../features/notifications/NotificationsBell.tsx";
import { OfflineBanner } from "../features/offline/OfflineBanner.tsx";
import { QueuedActionsStatus } from "../features/offline/QueuedActionsStatus.tsx";
import { GROUP_TABS, THING_TABS, USER_TABS, paths } from "./paths.ts";

export type Access = "public" | "auth" | "admin";

/** A screen's module: the component, and what it asks first when it is the page's first screen (lib/first-data.ts). */
type ScreenModule = { default: ComponentType; preloadData?: PreloadData };
/** The page's title: a key of the shell's titles (lib/i18n/messages/en-GB.ts, "title.*"). */
type Title = TitleKey;

export interface ScreenRoute {
  kind: "screen";
  path: string;
  title: Title;
  access: Access;
  screen: () => Promise<ScreenModule>;
  /** Allowed values of the `:tab` parameter; others redirect to the first. */
  tabs?: readonly string[];
  /** Routes shown inside this screen's <Outlet /> (paths relative to this one). */
  children?: AppRoute[];
}

export interface RedirectRoute {
  kind: "redirect";
  path: string;
  /** Target pattern; parameters of `path` are filled in and the query string kept. */
  to: string;
  access: Access;
}

export type AppRoute = ScreenRoute | RedirectRoute;

const screen = (
  path: string,
  title: Title,
  access: Access,
  load: () => Promise<ScreenModule>,
  extra: Partial<Pick<ScreenRoute, "tabs" | "children">> = {},
): ScreenRoute => ({ kind: "screen", path, title, access, screen: load, ...extra });

const redirect = (path: string, to: string, access: Access = "public"): RedirectRoute => ({
  kind: "redirect",
  path,
  to,
  access,
});

export const ROUTES: readonly AppRoute[] = [
  screen("/", "title.home", "public", () => import("../features/home/HomePage.tsx")),
  screen("/map", "title.map", "public", () => import("../features/map/MapPage.tsx")),

  screen("/signin", "title.signIn", "public", () => import("../features/auth/SignInPage.tsx")),
  screen("/register", "title.register", "public", () => import("../features/auth/RegisterPage.tsx")),
  screen("/verify", "title.verify", "public", () => import("../features/auth/VerifyEmailPage.tsx")),
  screen("/forgot-password", "title.forgotPassphrase", "public", () => import("../features/auth/ForgotPasswordPage.tsx")),
  screen("/reset", "title.resetPassphrase", "public", () => import("../features/auth/ResetPasswordPage.tsx")),

  screen("/about", "title.about", "auth", () => import("../features/about/AboutPage.tsx")),
  screen("/account", "title.account", "auth", () => import("../features/account/AccountLayout.tsx"), {
    children: [
      redirect("", "/account/profile", "auth"),
      screen("profile", "title.profile", "auth", () => import("../features/account/ProfilePage.tsx")),
      screen("passphrase", "title.changePassphrase", "auth", () => import("../features/account/PassphrasePage.tsx")),
      screen("emails", "title.emails", "auth", () => import("../features/account/EmailsPage.tsx")),
      screen("badges", "title.badges", "auth", () => import("../features/account/BadgesPage.tsx")),
      screen("things", "title.myThings", "auth", () => import("../features/account/MyThingsPage.tsx")),
      screen("devices", "title.myDevices", "auth", () => import("../features/account/MyDevicesPage.tsx")),
      screen("notices", "title.notices", "auth", () => import("../features/account/NoticesPage.tsx")),
      screen("users", "title.users", "auth", () => import("../features/account/UsersPage.tsx")),
      screen("delete-account", "title.deleteAccount", "auth", () => import("../features/account/DeleteAccountPage.tsx")),
      screen("delete", "title.confirmDeletion", "auth", () => import("../features/account/ConfirmDeletionPage.tsx")),
    ],
  }),
  screen("/form", "title.feedback", "auth", () => import("../features/form/FeedbackFormPage.tsx")),
  screen("/admin", "title.admin", "admin", () => import("../features/admin/AdminPage.tsx")),
  screen("/community", "title.community", "public", () => import("../features/community/CommunityPage.tsx")),

  screen("/users", "title.users", "public", () => import("../features/users/UsersPage.tsx")),
  screen("/users/new", "title.newUser", "auth", () => import("../features/users/NewUserPage.tsx")),
  redirect("/users/:id", "/users/:id/dashboard"),
  screen("/users/:id/:tab", "title.user", "public", () => import("../features/users/UserPage.tsx"), { tabs: USER_TABS }),

  screen("/groups", "title.groups", "public", () => import("../features/groups/GroupsPage.tsx")),
  screen("/groups/accept", "title.acceptGroup", "public", () => import("../features/groups/AcceptGroupInvitationPage.tsx")),
  screen("/groups/new", "title.newGroup", "auth", () => import("../features/groups/NewGroupPage.tsx")),
  redirect("/groups/:id", "/groups/:id/dashboard"),
  screen("/groups/:id/settings", "title.groupSettings", "auth", () => import("../features/groups/GroupSettingsPage.tsx")),
  screen("/groups/:id/membership", "title.groupMembership", "auth", () => import("../features/groups/GroupMembershipPage.tsx")),
  screen("/groups/:id/:tab", "title.group", "public", () => import("../features/groups/GroupPage.tsx"), { tabs: GROUP_TABS }),

  screen("/activity", "title.activity", "public", () => import("../features/activity/ActivityPage.tsx")),
  screen("/tasks", "title.tasks", "public", () => import("../features/tasks/TasksPage.tsx")),
  screen("/tasks/new", "title.newTask", "auth", () => import("../features/tasks/NewTaskPage.tsx")),

  screen("/things", "title.things", "public", () => import("../features/things/ThingsPage.tsx")),
  screen("/things/search", "title.searchThings", "public", () => import("../features/things/ThingSearchPage.tsx")),
  screen("/things/nearest", "title.nearestThing", "public", () => import("../features/things/NearestThingPage.tsx")),
  screen("/things/accept", "title.acceptThing", "public", () => import("../features/things/AcceptThingInvitationPage.tsx")),
  screen("/things/new", "title.newThing", "auth", () => import("../features/things/NewThingPage.tsx")),
  screen("/things/import", "title.importThings", "auth", () => import("../features/import/ImportThingsPage.tsx")),
  redirect("/things/:id", "/things/:id/dashboard"),
  screen("/things/:id/edit", "title.editThing", "auth", () => import("../features/things/EditThingPage.tsx")),
  screen("/things/:id/settings", "title.thingSettings", "auth", () => import("../features/things/ThingSettingsPage.tsx")),
  screen("/things/:id/action", "title.recordAction", "auth", () => import("../features/things/RecordActionPage.tsx")),
  screen("/things/:id/collaborate", "title.collaborate", "auth", () => import("../features/things/CollaboratePage.tsx")),
  screen("/things/:id/:tab", "title.thing", "public", () => import("../features/things/ThingPage.tsx"), { tabs: THING_TABS }),

  screen("/devices", "title.devices", "public", () => import("../features/devices/DevicesPage.tsx")),
  screen("/devices/accept", "title.acceptDevice", "public", () => import("../features/devices/AcceptDeviceInvitationPage.tsx")),
  screen("/devices/new", "title.newDevice", "auth", () => import("../features/devices/NewDevicePage.tsx")),
  screen("/devices/:id", "title.device", "public", () => import("../features/devices/DevicePage.tsx")),
  screen("/devices/:id/edit", "title.editDevice", "auth", () => import("../features/devices/EditDevicePage.tsx")),
  screen("/devices/:id/settings", "title.deviceSettings", "auth", () => import("../features/devices/DeviceSettingsPage.tsx")),

  screen("/rainfall/:id", "title.rainfallStation", "public", () => import("../features/rainfall/RainfallStationPage.tsx")),
  screen("/scorer", "title.scorer", "public", () => import("../features/scorer/ScorerPage.tsx")),

  screen("*", "title.notFound", "public", () => import("../features/not-found/NotFoundPage.tsx")),
];

/** Sends guests to sign in (keeping where they wanted to go) and non-admins home. */
export function AccessGuard({ access, children }: { access: Access; children: ReactNode }) {
  const { signedIn, admin } = useSession();
  const location = useLocation();
  const t = useT();
  if (access === "public") return <>{children}</>;
  if (!signedIn) return <Navigate to={paths.signIn(location.pathname + location.search)} replace />;
  if (access === "admin" && !admin) return <RedirectWithNotice to="/" message={t("routes.adminsOnly")} />;
  return <>{children}</>;
}

/** Sends an unknown `:tab` to the first allowed tab of the same record. */
export function TabGuard({ pattern, tabs, children }: { pattern: string; tabs: readonly string[]; children: ReactNode }) {
  const params = useParams();
  const location = useLocation();
  if (!params.tab || !tabs.includes(params.tab)) {
    const to = generatePath(pattern, { ...params, tab: tabs[0] });
    return <Navigate to={{ pathname: to, search: location.search }} replace />;
  }
  return <>{children}</>;
}

function RedirectTo({ pattern }: { pattern: string }) {
  const params = useParams();
  const location = useLocation();
  return <Navigate to={{ pathname: generatePath(pattern, params), search: location.search }} replace />;
}

function DocumentTitle({ title }: { title: Title }) {
  const branding = useBranding();
  const t = useT();
  const text = t(title, { brand: branding.key });
  useEffect(() => {
    document.title = title === "title.home" ? branding.name : `${text} · ${branding.name}`;
  }, [title, text, branding.name]);
  return null;
}

// One lazy component per route, however often the route objects are built (tests build them per
// render): once loaded, a screen shows without suspending again.
const lazyScreens = new WeakMap<ScreenRoute, PreloadableLazy<ScreenModule>>();
function lazyScreen(route: ScreenRoute): PreloadableLazy<ScreenModule> {
  let screen = lazyScreens.get(route);
  if (!screen) {
    screen = preloadableLazy(route.screen);
    lazyScreens.set(route, screen);
  }
  return screen;
}

/** What a route object carries for preloadScreens. */
interface ScreenHandle {
  preload(): Promise<ScreenModule>;
}

/** A screen of the page's path, loaded, with the path's parameters. */
export interface LoadedScreen {
  module: ScreenModule;
  params: Readonly<Record<string, string | undefined>>;
}

/**
 * Loads the code of the screens a path opens. main.tsx waits for it before the first render, so
 * the screen renders at once instead of after a fallback (lib/preloadable-lazy.ts): the server has
 * named those chunks in the page (route-preloads), so they are on their way already. It then asks
 * their first data (lib/first-data.ts). A failure is left to the render, which shows the route's
 * error page.
 */
export async function preloadScreens(routeObjects: RouteObject[], pathname: string): Promise<LoadedScreen[]> {
  const matches = matchRoutes(routeObjects, pathname) ?? [];
  const loaded = await Promise.all(
    matches.map(async (m) => {
      const module = await (m.route.handle as ScreenHandle | undefined)?.preload().catch(() => undefined);
      return module ? { module, params: m.params } : null;
    }),
  );
  return loaded.filter((screen) => screen !== null);
}

function joinPath(parent: string, child: string): string {
  if (!child) return parent;
  return `${parent.replace(/\/$/, "")}/${child}`;
}

function toRouteObject(route: AppRoute, parentPath = ""): RouteObject {
  const fullPath = route.path.startsWith("/") || route.path === "*" ? route.path : joinPath(parentPath, route.path);
  if (route.kind === "redirect") {
    const element = (
      <AccessGuard access={route.access}>
        <RedirectTo pattern={route.to} />
      </AccessGuard>
    );
    return route.path === "" ? { index: true, element } : { path: route.path, element };
  }
  const screen = lazyScreen(route);
  let content: ReactNode = <screen.Component />;
  if (route.tabs) {
    content = (
      <TabGuard pattern={fullPath} tabs={route.tabs}>
        {content}
      </TabGuard>
    );
  }
  const element = (
    <RouteErrorBoundary>
      <AccessGuard access={route.access}>
        {/* A layout's children name the page; effects of children run first, so the layout stays quiet. */}
        {route.children ? null : <DocumentTitle title={route.title} />}
        <Suspense fallback={<Loading />}>{content}</Suspense>
      </AccessGuard>
    </RouteErrorBoundary>
  );
  const handle: ScreenHandle = { preload: screen.preload };
  const object: RouteObject = { path: route.path, element, handle };
  if (route.children) object.children = route.children.map((child) => toRouteObject(child, fullPath));
  return object;
}

/** The react-router route tree: the table under the main layout. */
export function buildRouteObjects(routes: readonly AppRoute[] = ROUTES): RouteObject[] {
  return [
    {
      element: (
        <RouteErrorBoundary standalone>
          <MainLayout
            notifications={<NotificationsBell />}
            banner={
              <>
                <OfflineBanner global />
                <QueuedActionsStatus />
              </>
            }
          />
        </RouteErrorBoundary>
      ),
      children: routes.map((route) => toRouteObject(route)),
    },
  ];
}
