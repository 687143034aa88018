// Every route of spec section 2 in one typed table, and its translation into react-router routes.
// Each entry says who may see it (public, auth: signed-in users, admin), its title, and the screen
// module, loaded lazily. Redirect entries send one path to another (/users/{id} -> dashboard tab),
// and tab entries name the allowed tabs (any other tab goes to the first one).
// Owner/admin checks on edit and settings screens come with those features.
import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent, type ReactNode } from "react";
import { generatePath, Navigate, useLocation, useParams, type RouteObject } from "react-router";
import { term, type Branding } from "../../../shared/branding.ts";
import { useBranding } from "../lib/config-context.tsx";
import { useSession } from "../lib/session-context.tsx";
import { MainLayout } from "../layout/MainLayout.tsx";
import { RouteErrorPage } from "../layout/RouteErrorPage.tsx";
import { Loading } from "../components/Loading.tsx";
import { RedirectWithNotice } from "../components/RedirectWithNotice.tsx";
import { NotificationsBell } from "../features/notifications/NotificationsBell.tsx";
import { OfflineBanner } from "../features/home/OfflineBanner.tsx";
import { QueuedActionsStatus } from "../features/offline/QueuedActionsStatus.tsx";
import { GROUP_TABS, THING_TABS, USER_TABS, paths } from "./paths.ts";

export type Access = "public" | "auth" | "admin";

type ScreenModule = { default: ComponentType };
type Title = string | ((branding: Branding) => string);

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

const things = (b: Branding) => term(b, "things", true);
const thing = (b: Branding) => term(b, "thing", true);
const groups = (b: Branding) => term(b, "groups", true);
const group = (b: Branding) => term(b, "group", true);

export const ROUTES: readonly AppRoute[] = [
  screen("/", "Home", "public", () => import("../features/home/HomePage.tsx")),
  screen("/map", "Map", "public", () => import("../features/map/MapPage.tsx")),

  screen("/signin", "Sign in", "public", () => import("../features/auth/SignInPage.tsx")),
  screen("/register", "Register", "public", () => import("../features/auth/RegisterPage.tsx")),
  screen("/verify", "Verify e-mail", "public", () => import("../features/auth/VerifyEmailPage.tsx")),
  screen("/forgot-password", "Forgot passphrase", "public", () => import("../features/auth/ForgotPasswordPage.tsx")),
  screen("/reset", "Reset passphrase", "public", () => import("../features/auth/ResetPasswordPage.tsx")),

  screen("/about", "About", "auth", () => import("../features/about/AboutPage.tsx")),
  screen("/account", "Account", "auth", () => import("../features/account/AccountLayout.tsx"), {
    children: [
      redirect("", "/account/profile", "auth"),
      screen("profile", "Profile", "auth", () => import("../features/account/ProfilePage.tsx")),
      screen("passphrase", "Change passphrase", "auth", () => import("../features/account/PassphrasePage.tsx")),
      screen("emails", "E-mail addresses", "auth", () => import("../features/account/EmailsPage.tsx")),
      screen("badges", "My badges", "auth", () => import("../features/account/BadgesPage.tsx")),
      screen(
        "things",
        (b) => `My ${term(b, "things")}`,
        "auth",
        () => import("../features/account/MyThingsPage.tsx"),
      ),
      screen("devices", "My devices", "auth", () => import("../features/account/MyDevicesPage.tsx")),
      screen("notices", "Notices", "auth", () => import("../features/account/NoticesPage.tsx")),
      screen("users", "Users", "auth", () => import("../features/account/UsersPage.tsx")),
      screen("delete-account", "Delete account", "auth", () => import("../features/account/DeleteAccountPage.tsx")),
      screen("delete", "Confirm account deletion", "auth", () => import("../features/account/ConfirmDeletionPage.tsx")),
    ],
  }),
  screen("/form", "Feedback", "auth", () => import("../features/form/FeedbackFormPage.tsx")),
  screen("/admin", "Admin", "admin", () => import("../features/admin/AdminPage.tsx")),
  screen("/community", "Community", "public", () => import("../features/community/CommunityPage.tsx")),

  screen("/users", "Users", "public", () => import("../features/users/UsersPage.tsx")),
  screen("/users/new", "New user", "auth", () => import("../features/users/NewUserPage.tsx")),
  redirect("/users/:id", "/users/:id/dashboard"),
  screen("/users/:id/:tab", "User", "public", () => import("../features/users/UserPage.tsx"), { tabs: USER_TABS }),

  screen("/groups", groups, "public", () => import("../features/groups/GroupsPage.tsx")),
  screen(
    "/groups/accept",
    (b) => `Join a ${term(b, "group")}`,
    "public",
    () => import("../features/groups/AcceptGroupInvitationPage.tsx"),
  ),
  screen(
    "/groups/new",
    (b) => `New ${term(b, "group")}`,
    "auth",
    () => import("../features/groups/NewGroupPage.tsx"),
  ),
  redirect("/groups/:id", "/groups/:id/dashboard"),
  screen(
    "/groups/:id/settings",
    (b) => `${group(b)} settings`,
    "auth",
    () => import("../features/groups/GroupSettingsPage.tsx"),
  ),
  screen(
    "/groups/:id/membership",
    (b) => `Join ${term(b, "group")}`,
    "auth",
    () => import("../features/groups/GroupMembershipPage.tsx"),
  ),
  screen("/groups/:id/:tab", group, "public", () => import("../features/groups/GroupPage.tsx"), { tabs: GROUP_TABS }),

  screen("/activity", "Activity", "public", () => import("../features/activity/ActivityPage.tsx")),
  screen("/tasks", "Tasks", "public", () => import("../features/tasks/TasksPage.tsx")),
  screen("/tasks/new", "New task", "auth", () => import("../features/tasks/NewTaskPage.tsx")),

  screen("/things", things, "public", () => import("../features/things/ThingsPage.tsx")),
  screen(
    "/things/search",
    (b) => `Search ${term(b, "things")}`,
    "public",
    () => import("../features/things/ThingSearchPage.tsx"),
  ),
  screen(
    "/things/nearest",
    (b) => `Nearest ${term(b, "thing")}`,
    "public",
    () => import("../features/things/NearestThingPage.tsx"),
  ),
  screen(
    "/things/accept",
    (b) => `Accept a ${term(b, "thing")} invitation`,
    "public",
    () => import("../features/things/AcceptThingInvitationPage.tsx"),
  ),
  screen(
    "/things/new",
    (b) => `New ${term(b, "thing")}`,
    "auth",
    () => import("../features/things/NewThingPage.tsx"),
  ),
  screen(
    "/things/import",
    (b) => `Import ${term(b, "things")}`,
    "auth",
    () => import("../features/import/ImportThingsPage.tsx"),
  ),
  redirect("/things/:id", "/things/:id/dashboard"),
  screen(
    "/things/:id/edit",
    (b) => `Edit ${term(b, "thing")}`,
    "auth",
    () => import("../features/things/EditThingPage.tsx"),
  ),
  screen(
    "/things/:id/settings",
    (b) => `${thing(b)} settings`,
    "auth",
    () => import("../features/things/ThingSettingsPage.tsx"),
  ),
  screen("/things/:id/action", "Record an action", "auth", () => import("../features/things/RecordActionPage.tsx")),
  screen("/things/:id/collaborate", "Collaborate", "auth", () => import("../features/things/CollaboratePage.tsx")),
  screen("/things/:id/:tab", thing, "public", () => import("../features/things/ThingPage.tsx"), { tabs: THING_TABS }),

  screen("/devices", "Devices", "public", () => import("../features/devices/DevicesPage.tsx")),
  screen(
    "/devices/accept",
    "Accept a device invitation",
    "public",
    () => import("../features/devices/AcceptDeviceInvitationPage.tsx"),
  ),
  screen("/devices/new", "New device", "auth", () => import("../features/devices/NewDevicePage.tsx")),
  screen("/devices/:id", "Device", "public", () => import("../features/devices/DevicePage.tsx")),
  screen("/devices/:id/edit", "Edit device", "auth", () => import("../features/devices/EditDevicePage.tsx")),
  screen("/devices/:id/settings", "Device settings", "auth", () => import("../features/devices/DeviceSettingsPage.tsx")),

  screen("/rainfall/:id", "Rainfall station", "public", () => import("../features/rainfall/RainfallStationPage.tsx")),
  screen("/scorer", "Scorer", "public", () => import("../features/scorer/ScorerPage.tsx")),

  screen("*", "Page not found", "public", () => import("../features/not-found/NotFoundPage.tsx")),
];

export function titleText(title: Title, branding: Branding): string {
  return typeof title === "function" ? title(branding) : title;
}

/** Sends guests to sign in (keeping where they wanted to go) and non-admins home. */
export function AccessGuard({ access, children }: { access: Access; children: ReactNode }) {
  const { signedIn, admin } = useSession();
  const location = useLocation();
  if (access === "public") return <>{children}</>;
  if (!signedIn) return <Navigate to={paths.signIn(location.pathname + location.search)} replace />;
  if (access === "admin" && !admin) return <RedirectWithNotice to="/" message="Only administrators can open the admin dashboard." />;
  return <>{children}</>;
}

/** Sends an unknown `:tab` to the first allowed tab of the same record. */
export function TabGuard({
  pattern,
  tabs,
  children,
}: {
  pattern: string;
  tabs: readonly string[];
  children: ReactNode;
}) {
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
  const text = titleText(title, branding);
  useEffect(() => {
    document.title = text === "Home" ? branding.name : `${text} · ${branding.name}`;
  }, [text, branding.name]);
  return null;
}

// One lazy component per route, however often the route objects are built (tests build them per
// render): once loaded, a screen shows without suspending again.
const lazyScreens = new WeakMap<ScreenRoute, LazyExoticComponent<ComponentType>>();
function lazyScreen(route: ScreenRoute): LazyExoticComponent<ComponentType> {
  let screen = lazyScreens.get(route);
  if (!screen) {
    screen = lazy(route.screen);
    lazyScreens.set(route, screen);
  }
  return screen;
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
  const Screen = lazyScreen(route);
  let content: ReactNode = <Screen />;
  if (route.tabs) {
    content = (
      <TabGuard pattern={fullPath} tabs={route.tabs}>
        {content}
      </TabGuard>
    );
  }
  const element = (
    <AccessGuard access={route.access}>
      {/* A layout's children name the page; effects of children run first, so the layout stays quiet. */}
      {route.children ? null : <DocumentTitle title={route.title} />}
      <Suspense fallback={<Loading />}>{content}</Suspense>
    </AccessGuard>
  );
  const object: RouteObject = { path: route.path, element, errorElement: <RouteErrorPage /> };
  if (route.children) object.children = route.children.map((child) => toRouteObject(child, fullPath));
  return object;
}

/** The react-router route tree: the table under the main layout. */
export function buildRouteObjects(routes: readonly AppRoute[] = ROUTES): RouteObject[] {
  return [
    {
      element: <MainLayout notifications={<NotificationsBell />} banner={<><OfflineBanner global /><QueuedActionsStatus /></>} />,
      errorElement: <RouteErrorPage standalone />,
      children: routes.map((route) => toRouteObject(route)),
    },
  ];
}
