// Shapes of the answers the thing screens ask for (see the .graphql files beside this one).
import type { ThingPageQuery } from "./ThingPage.generated.ts";

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

/** A thing as ThingPage.graphql asks for it (generated from the schema, `npm run codegen`). */
export type ThingDetails = NonNullable<ThingPageQuery["thingById"]>;

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
