// Words, dates, pictures and error texts the group, community and user screens share.
import { charLength, MESSAGES, validateLabel as validateSharedLabel } from "../../../../shared/validation.ts";

// Failed calls are read like every screen's (lib/errors.ts).
export { errorCode, errorText } from "../../lib/errors.ts";

export const GROUP_TYPES = ["BEEPASS", "COUNCIL", "ESTATE", "ORCHARD", "GROWER"] as const;
export type GroupType = (typeof GROUP_TYPES)[number];

const GROUP_TYPE_LABELS: Record<GroupType, string> = {
  BEEPASS: "Beepass",
  COUNCIL: "Council",
  ESTATE: "Estate",
  ORCHARD: "Orchard",
  GROWER: "Grower",
};

export function groupTypeLabel(type: string | null | undefined): string {
  return (type && GROUP_TYPE_LABELS[type as GroupType]) || humanise(type ?? "");
}

export function isGroupType(value: string): value is GroupType {
  return (GROUP_TYPES as readonly string[]).includes(value);
}

const ACTION_LABELS: Record<string, string> = {
  CREATED: "Created",
  SHARE: "Shared",
  MEASUREMENT: "Measurement",
  WATERING: "Watering",
  LITTER_CLEANUP: "Litter clean-up",
  UPKEEP: "Upkeep",
  EDUCATION: "Education",
};

export function actionTypeLabel(type: string | null | undefined): string {
  return (type && ACTION_LABELS[type]) || humanise(type ?? "");
}

const THING_TYPE_LABELS: Record<string, string> = {
  BEECAFE: "Bee cafe",
  FLOWERBED: "Flower bed",
  VEGETABLEBED: "Vegetable bed",
  NOTICEBOARD: "Notice board",
  BOOKSHARE: "Book share",
};

export function thingTypeLabel(type: string | null | undefined): string {
  return (type && THING_TYPE_LABELS[type]) || humanise(type ?? "");
}

/** "LITTER_CLEANUP" -> "Litter cleanup". */
export function humanise(value: string): string {
  const words = value.replace(/_/g, " ").toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : "";
}

// Dates and times: the app's one formatter (lib/dates.ts, en-GB and Europe/London by default).
export { formatDate, formatDateTime, timeAgo } from "../../lib/dates.ts";

// Labels (group names): the database's check_label, same messages, same order.
export function validateLabel(value: string | null | undefined): string | null {
  return validateSharedLabel(value);
}

export const DESCRIPTION_MAX = 5000;
export const DESCRIPTION_TOO_LONG = "Description must be at most 5000 characters";

export function validateDescription(value: string | null | undefined): string | null {
  return value && charLength(value) > DESCRIPTION_MAX ? DESCRIPTION_TOO_LONG : null;
}


/** The server's code for a failed call (OWNER, ISACS, LOGIN, ...). */


/** "1 member", "3 members". */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
