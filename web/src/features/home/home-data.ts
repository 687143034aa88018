// Shapes of the home dashboard's answers (HomeDashboard, HomeThings, HomePublic, HomeActivity,
// HomeRecentThings) and the pure rules the page applies to them: the week's actions, my things
// with the One Thing first, the colour counts and their total, what needs water, recent things.
// No React here, so it is easy to test.
import { INDICATOR_COLOURS, needsWaterRank, type IndicatorColour } from "../things/thing-meta.ts";
import { type HomeT, englishHomeT } from "./texts.ts";

/** Rows a card of the home page shows before "See all" (the dashboard asks for no more). */
export const MAX_ROWS = 5;
/** Badges the side column shows. */
export const BADGE_ROWS = 4;

/** A thing in the home page's photo carousel (GalleryCarousel.tsx). */
export interface GallerySlide {
  id: string;
  name: string;
  type: string;
  description: string | null;
  indicatorColour: string | null;
  indicatorParameter: string | null;
  groupByGroupId: { id: string; name: string } | null;
}

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
  indicatorColour: string | null;
  indicatorParameter: string | null;
  /** The water-need model's state (issue 21) and its reason. */
  waterNeed?: string | null;
  waterNeedReason?: string | null;
  waterNeedReasonParts?: unknown;
  water: number | null;
  ph: number | null;
  lastSensorData: string | null;
  location: { x: number; y: number } | null;
  /** The newest care action that is not hidden. */
  lastCareAction: { id: string; type: string; createdAt: string; userByCreatedBy: PersonRef | null } | null;
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
    /** The badge's kind (watering, created, ...): its name is said by the kind and level. */
    badgeType: string;
    level: number;
    title: string;
  } | null;
}

/** A list of the dashboard: the first rows its card shows, and how many there are in all. */
interface FirstRows<Row> {
  totalCount: number;
  nodes: Row[];
}

export interface DashboardUser {
  id: string;
  name: string | null;
  username: string | null;
  oneThingId: string | null;
  /** My things in the card's order (the One Thing, then the driest, then by name), the first five. */
  homeThingsByUserId: FirstRows<{ id: string; isOwner: boolean; isCollaborator: boolean; thingByThingId: MyThing | null }>;
  deviceAccessesByUserId: FirstRows<{ id: string; isOwner: boolean; deviceByDeviceId: MyDevice | null }>;
  groupMembershipsByUserId: FirstRows<{ id: string; isOwner: boolean; groupByGroupId: MyGroup | null }>;
  badgesByUserId: FirstRows<MyBadge>;
  /** Care actions I recorded since the start of this week (the query's weekStart). */
  actionCountSince: number | null;
}

export interface DashboardData {
  currentUser: DashboardUser | null;
}

/** A thing of the "Needs water" list (HomeThings / HomePublic `needsWater`). */
export interface GlanceThing {
  id: string;
  name: string;
  indicatorColour: string | null;
  indicatorParameter: string | null;
  /** The water-need model's state (issue 21) and its reason. */
  waterNeed?: string | null;
  waterNeedReason?: string | null;
  waterNeedReasonParts?: unknown;
}

/** How many visible things have each colour: one aliased `totalCount` per colour. */
export type ColourCountsAnswer = Record<IndicatorColour, { totalCount: number } | null>;

/** A recently visited thing (HomeRecentThings); the answer has `thing0`…`thing7`, null when gone. */
export interface RecentThing {
  id: string;
  name: string;
  type: string;
  hasImage: boolean;
  indicatorColour: string | null;
  indicatorParameter: string | null;
}

export type HomeRecentThingsData = Record<string, RecentThing | null>;

export interface ActivityItem {
  id: string;
  type: string;
  comments: string;
  createdAt: string;
  userByCreatedBy: PersonRef | null;
  thingByThingId: { id: string; name: string; type: string } | null;
}

/** Monday 00:00 of this week, local time (weeks start on Monday, as the scorer's). */
export function startOfWeek(now: Date = new Date()): Date {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const sinceMonday = (start.getDay() + 6) % 7;
  start.setDate(start.getDate() - sinceMonday);
  return start;
}

export interface MyThingEntry {
  thing: MyThing;
  isOwner: boolean;
  isCollaborator: boolean;
  isOneThing: boolean;
  /**
   * May record a care action: owners, collaborators and admins (the rule of the actions table's
   * insert policy, app_hidden.can_act_on_thing). Decided here from the access entry the dashboard
   * already has, rather than asking canRecordAction once per thing.
   */
  canRecord: boolean;
}

/** My things: the One Thing first, then those that need care most, then by name. */
export function orderMyThings(user: DashboardUser, isAdmin = false): MyThingEntry[] {
  const seen = new Set<string>();
  const entries: MyThingEntry[] = [];
  for (const access of user.homeThingsByUserId.nodes) {
    const thing = access.thingByThingId;
    if (!thing || seen.has(thing.id)) continue;
    seen.add(thing.id);
    entries.push({
      thing,
      isOwner: access.isOwner,
      isCollaborator: access.isCollaborator,
      isOneThing: thing.id === user.oneThingId,
      canRecord: access.isOwner || access.isCollaborator || isAdmin,
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

/** The server's count per colour (a count it did not give is 0). */
export function colourCounts(answer: ColourCountsAnswer): ColourCounts {
  const counts = {} as ColourCounts;
  for (const colour of INDICATOR_COLOURS) counts[colour] = answer[colour]?.totalCount ?? 0;
  return counts;
}

/** Every thing has exactly one of the colours, so their counts add up to all of them. */
export function totalOf(counts: ColourCounts): number {
  return INDICATOR_COLOURS.reduce((sum, colour) => sum + counts[colour], 0);
}

/**
 * The things that need water by the water-need model (sensor or not: issue 21), not by the
 * sensor colour alone, so the home page and the map say the same.
 */
export function needingWater<T extends { waterNeed?: string | null }>(things: readonly T[]): T[] {
  return things.filter((thing) => thing.waterNeed === "NEEDS_WATER");
}

/** The HomeRecentThings answer as a list, newest first, without the things that are gone. */
export function recentFromAnswer(answer: HomeRecentThingsData | undefined, slots: number, limit: number): RecentThing[] {
  const found: RecentThing[] = [];
  for (let n = 0; n < slots && found.length < limit; n++) {
    const thing = answer?.[`thing${n}`];
    if (thing) found.push(thing);
  }
  return found;
}

/** "Good morning" / "Good afternoon" / "Good evening" by the local hour. */
export function greeting(now: Date = new Date(), t: HomeT = englishHomeT): string {
  const hour = now.getHours();
  if (hour < 5) return t("home.greeting.evening");
  if (hour < 12) return t("home.greeting.morning");
  if (hour < 18) return t("home.greeting.afternoon");
  return t("home.greeting.evening");
}
