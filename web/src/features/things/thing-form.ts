// Validation of the thing form with the database's own messages (check_label, check_location,
// check_description, the location description limit, create_thing's checks), in the same order,
// the attributes of its type (thing-attributes.ts), and the conversion of the form's text values
// into createThing / updateThing input.
import type { ThingType } from "./CreateThing.generated.ts";
import { charLength, validateLabel as validateSharedLabel } from "../../../../shared/validation.ts";
import { attributesInputOf, validateAttributes, type AttributeField } from "./thing-attributes.ts";

export type ThingField = "groupId" | "name" | "type" | "description" | "latitude" | "longitude" | "locationDescription" | AttributeField;

export type ThingValues = Record<ThingField, string>;

export const THING_MESSAGES = {
  groupRequired: "Group is required",
  typeRequired: "Type is required",
  descriptionLength: "Description must be at most 5000 characters",
  latitudeRequired: "Latitude is required",
  longitudeRequired: "Longitude is required",
  latitudeNumber: "Latitude must be a number",
  longitudeNumber: "Longitude must be a number",
  latitudeRange: "Latitude must be between -90 and 90",
  longitudeRange: "Longitude must be between -180 and 180",
  locationDescriptionLength: "Location description must be at most 500 characters",
} as const;

/** The rule for labels (group and thing names): shared/validation.ts, as the database's check_label. */
export function validateLabel(value: string): string | null {
  return validateSharedLabel(value);
}

function parseCoordinate(value: string): number | null {
  const text = value.trim().replace(",", ".");
  if (text === "" || !/^[-+]?\d*\.?\d+(e[-+]?\d+)?$/i.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

export function validateLatitude(value: string): string | null {
  if (value.trim() === "") return THING_MESSAGES.latitudeRequired;
  const n = parseCoordinate(value);
  if (n === null) return THING_MESSAGES.latitudeNumber;
  if (n < -90 || n > 90) return THING_MESSAGES.latitudeRange;
  return null;
}

export function validateLongitude(value: string): string | null {
  if (value.trim() === "") return THING_MESSAGES.longitudeRequired;
  const n = parseCoordinate(value);
  if (n === null) return THING_MESSAGES.longitudeNumber;
  if (n < -180 || n > 180) return THING_MESSAGES.longitudeRange;
  return null;
}

export function validateThing(values: ThingValues): Record<ThingField, string | null> {
  return {
    groupId: values.groupId ? null : THING_MESSAGES.groupRequired,
    name: validateLabel(values.name),
    type: values.type ? null : THING_MESSAGES.typeRequired,
    description: charLength(values.description) > 5000 ? THING_MESSAGES.descriptionLength : null,
    latitude: validateLatitude(values.latitude),
    longitude: validateLongitude(values.longitude),
    locationDescription: charLength(values.locationDescription) > 500 ? THING_MESSAGES.locationDescriptionLength : null,
    ...validateAttributes(values.type, values),
  };
}

/** The fields createThing and updateThing take, from valid form values. */
export function thingInputOf(values: ThingValues, isPublic: boolean) {
  const description = values.description.trim();
  const locationDescription = values.locationDescription.trim();
  return {
    groupId: values.groupId,
    name: values.name.trim(),
    // The select offers only the schema's thing types, and one is required (validateThing).
    type: values.type as ThingType,
    description: description === "" ? null : description,
    location: { x: parseCoordinate(values.latitude) ?? 0, y: parseCoordinate(values.longitude) ?? 0 },
    locationDescription: locationDescription === "" ? null : locationDescription,
    isPublic,
    ...attributesInputOf(values.type, values),
  };
}

/** A coordinate for an input: six decimals (about 10 cm), no trailing zeros. */
export function coordinateText(value: number): string {
  return String(Number(value.toFixed(6)));
}
