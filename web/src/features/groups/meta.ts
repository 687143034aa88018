// Words, dates, pictures and error texts the group, community and user screens share.
import { charLength, validateLabel as validateSharedLabel } from "../../../../shared/validation.ts";
import { type GroupsT, englishGroupsT } from "./texts.ts";

// Failed calls are read like every screen's (lib/errors.ts).
export { errorCode, errorText } from "../../lib/errors.ts";

export const GROUP_TYPES = ["BEEPASS", "COUNCIL", "ESTATE", "ORCHARD", "GROWER"] as const;
export type GroupType = (typeof GROUP_TYPES)[number];

/** A group type's name in the reader's language; an unknown type is named from its code. */
export function groupTypeLabel(type: string | null | undefined, t: GroupsT = englishGroupsT): string {
  return type && isGroupType(type) ? t(`groups.type.${type}`) : humanise(type ?? "");
}

export function isGroupType(value: string): value is GroupType {
  return (GROUP_TYPES as readonly string[]).includes(value);
}

const ACTION_TYPES = ["CREATED", "SHARE", "MEASUREMENT", "WATERING", "LITTER_CLEANUP", "UPKEEP", "EDUCATION"] as const;
type ActionType = (typeof ACTION_TYPES)[number];

export function actionTypeLabel(type: string | null | undefined, t: GroupsT = englishGroupsT): string {
  return type && (ACTION_TYPES as readonly string[]).includes(type) ? t(`groups.action.${type as ActionType}`) : humanise(type ?? "");
}

// A thing's type is named as everywhere else (lib/thing-types.ts).
export { thingTypeLabel } from "../../lib/thing-types.ts";

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
