// Shapes of the answers the thing screens ask for (see the .graphql files beside this one).

export interface Point {
  x: number;
  y: number;
}

export interface PersonSummary {
  id: string;
  name: string | null;
  username: string | null;
  hasImage?: boolean | null;
}

export interface ThingAccessEntry {
  id: string;
  userId: string;
  isOwner: boolean;
  isCollaborator: boolean;
  createdAt: string;
  userByUserId: PersonSummary | null;
}

export interface ActionSummary {
  id: string;
  type: string;
  comments: string;
  litres?: number | null;
  createdAt: string;
  createdBy: string | null;
  userByCreatedBy: PersonSummary | null;
}

export interface ThingDetails {
  id: string;
  nodeId: string;
  name: string;
  description: string | null;
  type: string;
  groupId: string;
  isPublic: boolean;
  /** Set when an admin hid it (only admins see it then). */
  hiddenAt?: string | null;
  hasImage: boolean;
  location: Point;
  locationDescription: string | null;
  water: number | null;
  temperature: number | null;
  conductivity: number | null;
  ph: number | null;
  ledState: boolean | null;
  lastSensorData: string | null;
  lastAction: string | null;
  indicatorColour: string | null;
  indicatorColourLast: string | null;
  indicatorColourChangedAt: string | null;
  indicatorParameter: "WATER" | "P_H";
  /** The water-need model's state (issue 21) and its one-line reason. */
  waterNeed?: string | null;
  waterNeedReason?: string | null;
  waterNeedReasonParts?: unknown;
  hydrationBand: string | null;
  hydrationLevels: unknown;
  texture: string | null;
  drainage: string | null;
  fertility: string | null;
  landcover: string | null;
  habitats: string | null;
  carbon: string | null;
  drainsTo: string | null;
  waterProtection: string | null;
  generalCropping: string | null;
  canEdit: boolean | null;
  canRecordAction: boolean | null;
  /** Litres recorded on it, all time (the waterings the viewer can see: all of them). */
  litresTotal?: number | null;
  createdAt: string;
  updatedAt: string;
  groupByGroupId: { id: string; name: string; type: string } | null;
  /** Attributes by type (issue 26; thing-attributes.ts). */
  speciesId?: string | null;
  plantingYear?: number | null;
  trunkGirthCm?: number | null;
  heightClass?: string | null;
  volumeLitres?: number | null;
  soilAreaM2?: number | null;
  floweringPlants?: (string | null)[] | null;
  floweringSeasons?: (string | null)[] | null;
  externalId?: string | null;
  treeSpeciesEntryBySpeciesId?: { id: string; botanicalName: string; commonNameEn: string; commonNameDe: string } | null;
  /** What the water-need model counts for it (null for things that need no watering). */
  waterParameters?: { areaM2: number; capacityMm: number; refillMm: number; capacityLitres: number; basis: string } | null;
  thingAccessesByThingId: { nodes: ThingAccessEntry[] };
  actionsByThingId: { totalCount: number; nodes: ActionSummary[] };
  devicesByThingId: { totalCount: number; nodes: { id: string; name: string; model: string }[] };
}

export interface ThingPageData {
  thingById: ThingDetails | null;
}

export interface ThingListItem {
  id: string;
  name: string;
  type: string;
  description: string | null;
  hasImage: boolean;
  isPublic: boolean;
  indicatorColour: string | null;
  indicatorParameter: string;
  water: number | null;
  lastSensorData: string | null;
  lastAction: string | null;
  createdAt: string;
  groupId: string;
  groupByGroupId: { id: string; name: string } | null;
}

export interface TimelineAction extends ActionSummary {
  nodeId: string;
  thingId: string;
  hasImage: boolean;
  location: Point | null;
  updatedAt: string;
  userByCreatedBy: PersonSummary | null;
}
