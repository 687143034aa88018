// Where each screen lives, as links: the tabs and sections a screen takes and one function per
// link target. A leaf module (it imports nothing), so any screen, component or the route table
// (routes.tsx, which loads the screens) can link without importing one another.

export const USER_TABS = ["dashboard", "activity", "badges", "tasks", "things"] as const;
export const GROUP_TABS = ["dashboard", "activity", "members", "things", "devices", "tasks", "history", "rota"] as const;
export const THING_TABS = ["dashboard", "collaborators", "timeline", "location", "soilscape", "weather", "readings", "history"] as const;
export const ACCOUNT_SECTIONS = [
  "profile",
  "passphrase",
  "emails",
  "badges",
  "things",
  "devices",
  "notices",
  "users",
  "delete-account",
  "delete",
] as const;

export type UserTab = (typeof USER_TABS)[number];
export type GroupTab = (typeof GROUP_TABS)[number];
export type ThingTab = (typeof THING_TABS)[number];
export type AccountSection = (typeof ACCOUNT_SECTIONS)[number];

/** Links to the screens of the route table (routes.tsx), so screens need not spell paths out. */
export const paths = {
  home: () => "/",
  signIn: (next?: string) => (next && next !== "/" ? `/signin?next=${encodeURIComponent(next)}` : "/signin"),
  register: (next?: string) => (next && next !== "/" ? `/register?next=${encodeURIComponent(next)}` : "/register"),
  forgotPassword: () => "/forgot-password",
  account: (section: AccountSection = "profile") => `/account/${section}`,
  user: (id: string, tab: UserTab = "dashboard") => `/users/${encodeURIComponent(id)}/${tab}`,
  group: (id: string, tab: GroupTab = "dashboard") => `/groups/${encodeURIComponent(id)}/${tab}`,
  groupSettings: (id: string) => `/groups/${encodeURIComponent(id)}/settings`,
  groupMembership: (id: string) => `/groups/${encodeURIComponent(id)}/membership`,
  thing: (id: string, tab: ThingTab = "dashboard") => `/things/${encodeURIComponent(id)}/${tab}`,
  thingEdit: (id: string) => `/things/${encodeURIComponent(id)}/edit`,
  thingSettings: (id: string) => `/things/${encodeURIComponent(id)}/settings`,
  thingAction: (id: string) => `/things/${encodeURIComponent(id)}/action`,
  thingCollaborate: (id: string) => `/things/${encodeURIComponent(id)}/collaborate`,
  device: (id: string) => `/devices/${encodeURIComponent(id)}`,
  deviceEdit: (id: string) => `/devices/${encodeURIComponent(id)}/edit`,
  deviceSettings: (id: string) => `/devices/${encodeURIComponent(id)}/settings`,
  rainfallStation: (id: string) => `/rainfall/${encodeURIComponent(id)}`,
} as const;

/**
 * A `next` value that is safe to navigate to after signing in: a path on this site.
 * Anything else (absolute URLs, protocol-relative "//host", backslash tricks) gives the fallback.
 */
export function safeNext(next: string | null | undefined, fallback = "/"): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters in a redirect target is the point
  if (/[\u0000-\u001f]/.test(next)) return fallback;
  return next;
}
