// Shapes of the home dashboard's answers (HomeDashboard, HomeThings, HomePublic, HomeActivity)
// and the pure rules the page applies to them: the week's actions, my things with the One Thing
// first, colour counts, recent things, gallery slides. No React here, so it is easy to test.
import { needsWaterRank, normaliseColour, type IndicatorColour } from "../things/thing-meta.ts";

export interface PersonRef {
  id: string;
  name: string | null;
  username: string | null;
  hasImage?: boolean | null;
}

export interface MyThing {
  id: string;
  name: string;
  type: string;
  hasImage: boolean;
  isPublic: boolean;
  indicatorColour: string | null;
  indicatorParameter: string | null;
  water: number | null;
  ph: number | null;
  lastSensorData: string | null;
  lastAction: string | null;
  canRecordAction: boolean | null;
  location: { x: number; y: number } | null;
  actionsByThingId: { nodes: { id: string; type: string; createdAt: string; userByCreatedBy: PersonRef | null }[] };
}

export interface MyDevice {
  id: string;
  name: string;
  model: string;
  hasImage: boolean;
  battery: number | null;
  indicatorColour: string | null;
  indicatorParameter: string | null;
  water: number | null;
  ph: number | null;
  lastSensorData: string | null;
  thingByThingId: { id: string; name: string } | null;
}

export interface MyGroup {
  id: string;
  name: string;
  type: string;
  hasImage: boolean;
}

export interface MyBadge {
  id: string;
  awardedAt: string;
  badgeTypeByBadgeTypeId: {
    id: string;
    badgeType: string;
    level: number;
    title: string;
    description: string;
  } | null;
}

export interface DashboardUser {
  id: string;
  name: string | null;
  username: string | null;
  oneThingId: string | null;
  thingAccessesByUserId: {
    nodes: { id: string; isOwner: boolean; isCollaborator: boolean; thingByThingId: MyThing | null }[];
  };
  deviceAccessesByUserId: { nodes: { id: string; isOwner: boolean; deviceByDeviceId: MyDevice | null }[] };
  groupMembershipsByUserId: { nodes: { id: string; isOwner: boolean; groupByGroupId: MyGroup | null }[] };
  badgesByUserId: { nodes: MyBadge[] };
  actionsByCreatedBy: { nodes: { id: string; createdAt: string }[] };
}

export interface DashboardData {
  currentUser: DashboardUser | null;
}

export interface ThingSummary {
  id: string;
  name: string;
  type: string;
  description: string | null;
  hasImage: boolean;
  isPublic: boolean;
  indicatorColour: string | null;
  indicatorParameter: string | null;
  lastAction: string | null;
  groupByGroupId: { id: string; name: string } | null;
}

export interface HomeThingsData {
  allThings: { totalCount: number; nodes: ThingSummary[] } | null;
}

export interface HomePublicData {
  allPublicThings: { totalCount: number; nodes: ThingSummary[] } | null;
  allGroups: { totalCount: number } | null;
  allDevices: { totalCount: number } | null;
}

export interface ActivityItem {
  id: string;
  type: string;
  comments: string;
  createdAt: string;
  userByCreatedBy: PersonRef | null;
  thingByThingId: { id: string; name: string; type: string } | null;
}

export interface HomeActivityData {
  allActions: { nodes: ActivityItem[] } | null;
}

/** Monday 00:00 of this week, local time (weeks start on Monday, as the scorer's). */
export function startOfWeek(now: Date = new Date()): Date {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const sinceMonday = (start.getDay() + 6) % 7;
  start.setDate(start.getDate() - sinceMonday);
  return start;
}

/** How many of these happened at or after `since`. */
export function countSince(items: readonly { createdAt: string }[], since: Date): number {
  const limit = since.getTime();
  return items.filter((item) => {
    const time = Date.parse(item.createdAt);
    return Number.isFinite(time) && time >= limit;
  }).length;
}

export interface MyThingEntry {
  thing: MyThing;
  isOwner: boolean;
  isCollaborator: boolean;
  isOneThing: boolean;
}

/** My things: the One Thing first, then those that need care most, then by name. */
export function orderMyThings(user: DashboardUser): MyThingEntry[] {
  const seen = new Set<string>();
  const entries: MyThingEntry[] = [];
  for (const access of user.thingAccessesByUserId.nodes) {
    const thing = access.thingByThingId;
    if (!thing || seen.has(thing.id)) continue;
    seen.add(thing.id);
    entries.push({
      thing,
      isOwner: access.isOwner,
      isCollaborator: access.isCollaborator,
      isOneThing: thing.id === user.oneThingId,
    });
  }
  return entries.sort(
    (a, b) =>
      Number(b.isOneThing) - Number(a.isOneThing) ||
      needsWaterRank(a.thing.indicatorColour) - needsWaterRank(b.thing.indicatorColour) ||
      a.thing.name.localeCompare(b.thing.name),
  );
}

export type ColourCounts = Record<IndicatorColour, number>;

export function colourCounts(things: readonly { indicatorColour: string | null }[]): ColourCounts {
  const counts: ColourCounts = { red: 0, orange: 0, green: 0, blue: 0, grey: 0 };
  for (const thing of things) counts[normaliseColour(thing.indicatorColour)] += 1;
  return counts;
}

/** Things that need water now (red, then orange), the driest first, at most `limit`. */
export function needingCare<T extends { indicatorColour: string | null; indicatorParameter?: string | null; name: string }>(
  things: readonly T[],
  limit = 5,
): T[] {
  return things
    .filter((thing) => {
      const colour = normaliseColour(thing.indicatorColour);
      return colour === "red" || colour === "orange";
    })
    .sort((a, b) => needsWaterRank(a.indicatorColour) - needsWaterRank(b.indicatorColour) || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/** The recently opened things (ids newest first) that this list holds, at most `limit`. */
export function recentFrom<T extends { id: string }>(ids: readonly string[], things: readonly T[], limit = 6): T[] {
  const byId = new Map(things.map((thing) => [thing.id, thing]));
  const found: T[] = [];
  for (const id of ids) {
    const thing = byId.get(id);
    if (thing) found.push(thing);
    if (found.length >= limit) break;
  }
  return found;
}

/** Things with a picture for the gallery: most recently cared for first, at most `limit`. */
export function gallerySlides<T extends { hasImage: boolean; lastAction: string | null; name: string }>(
  things: readonly T[],
  limit = 12,
): T[] {
  const time = (value: string | null) => (value ? Date.parse(value) || 0 : 0);
  return things
    .filter((thing) => thing.hasImage)
    .sort((a, b) => time(b.lastAction) - time(a.lastAction) || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/** "Good morning" / "Good afternoon" / "Good evening" by the local hour. */
export function greeting(now: Date = new Date()): string {
  const hour = now.getHours();
  if (hour < 5) return "Good evening";
  if (hour < 12) return "Good morning";
  if (hour < 18) return "Good afternoon";
  return "Good evening";
}

/** "1 thing" / "3 things". */
export function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}
