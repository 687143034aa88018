// The kinds of thing (spec section 3) and their names in the reader's language: one list for every
// screen that names a thing's type (lists, cards, popups, a group's things, the import).
import { THING_TYPES, type ThingType } from "../../../shared/thing-types.ts";
import { englishT, type T } from "./i18n/english.ts";

export { THING_TYPES, type ThingType };

export const isThingType = (type: string | null | undefined): type is ThingType => (THING_TYPES as readonly string[]).includes(type ?? "");

/** "VEGETABLEBED" -> "Vegetable bed" (or the reader's language's word); an unknown code -> "Unknown type". */
export function thingTypeLabel(type: string | null | undefined, t: T = englishT): string {
  return isThingType(type) ? t(`thingType.${type}`) : t("thingType.unknown");
}

/** Thing types in alphabetical order of their labels in the reader's language (for menus). */
export function thingTypesByLabel(t: T = englishT): ThingType[] {
  return [...THING_TYPES].sort((a, b) => thingTypeLabel(a, t).localeCompare(thingTypeLabel(b, t)));
}
