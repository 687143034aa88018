// Attributes by thing type (issue 26): trees (species, planting year, trunk girth, height class),
// planters and beds (volume, soil area), bee cafes (flowering plants and seasons). The form's
// checks, with the database's messages in its order (app_hidden.check_thing_attributes), and the
// conversion of the form's text values into createThing / updateThing fields: a thing's input
// carries only its own type's attributes, and clears the others (a retyped tree loses its species).
import type { FloweringSeason, TreeHeightClass } from "./CreateThing.generated.ts";
import { type ThingsT, englishThingsT } from "./texts.ts";

export type AttributeField =
  | "speciesId"
  | "plantingYear"
  | "trunkGirthCm"
  | "heightClass"
  | "volumeLitres"
  | "soilAreaM2"
  | "floweringPlants"
  | "floweringSeasons";

export type AttributeValues = Record<AttributeField, string>;

export const EMPTY_ATTRIBUTES: AttributeValues = {
  speciesId: "",
  plantingYear: "",
  trunkGirthCm: "",
  heightClass: "",
  volumeLitres: "",
  soilAreaM2: "",
  floweringPlants: "",
  floweringSeasons: "",
};

export const ATTRIBUTE_MESSAGES = {
  plantingYearNumber: "Planting year must be a year such as 2019",
  plantingYearRange: "Planting year must be between 1500 and this year",
  trunkGirthNumber: "Trunk girth must be a whole number of centimetres",
  trunkGirthRange: "Trunk girth must be between 1 and 2000 cm",
  volumeNumber: "Volume must be a number of litres",
  volumeRange: "Volume must be between 1 and 100000 litres",
  soilAreaNumber: "Soil area must be a number of square metres",
  soilAreaRange: "Soil area must be between 0.01 and 10000 m²",
  plantsCount: "At most 30 flowering plants",
  plantLength: "Each flowering plant must be between 1 and 100 characters",
  plantTwice: "Each flowering plant may be named once",
} as const;

/** Height classes and flowering seasons, with their English labels (heightClassLabel and seasonLabel say them in the reader's language). */
export const HEIGHT_CLASSES = [
  ["UNDER_5_M", "Under 5 m"],
  ["FROM_5_TO_10_M", "5–10 m"],
  ["FROM_10_TO_15_M", "10–15 m"],
  ["FROM_15_TO_20_M", "15–20 m"],
  ["OVER_20_M", "Over 20 m"],
] as const;

export const SEASONS = [
  ["SPRING", "Spring"],
  ["SUMMER", "Summer"],
  ["AUTUMN", "Autumn"],
  ["WINTER", "Winter"],
] as const;

type HeightClass = (typeof HEIGHT_CLASSES)[number][0];
type Season = (typeof SEASONS)[number][0];

export const heightClassLabel = (code: string | null | undefined, t: ThingsT = englishThingsT) =>
  HEIGHT_CLASSES.some(([c]) => c === code) ? t(`things.height.${code as HeightClass}`) : "";
export const seasonLabel = (code: string, t: ThingsT = englishThingsT) =>
  SEASONS.some(([c]) => c === code) ? t(`things.season.${code as Season}`) : code;

/** Which attributes a type has. */
export function attributeKind(type: string): "tree" | "soil" | "beecafe" | null {
  if (type === "TREE") return "tree";
  if (type === "PLANTER" || type === "FLOWERBED" || type === "VEGETABLEBED") return "soil";
  if (type === "BEECAFE") return "beecafe";
  return null;
}

/** A decimal as people type it: "12", "12.5" or "12,5"; null when it is not one. */
function decimal(value: string): number | null {
  const text = value.trim().replace(",", ".");
  if (!/^\d{1,12}(\.\d{1,12})?$/.test(text)) return null;
  return Number(text);
}

/** The plants of the comma- or semicolon-separated text, trimmed, empty parts left out. */
export function plantList(value: string): string[] {
  return value
    .split(/[;,]/)
    .map((p) => p.trim())
    .filter((p) => p !== "");
}

export function seasonList(value: string): string[] {
  return value.split(",").filter((s) => s !== "");
}

export function validateAttributes(
  type: string,
  values: AttributeValues,
  thisYear = new Date().getFullYear(),
): Record<AttributeField, string | null> {
  const errors: Record<AttributeField, string | null> = {
    speciesId: null,
    plantingYear: null,
    trunkGirthCm: null,
    heightClass: null,
    volumeLitres: null,
    soilAreaM2: null,
    floweringPlants: null,
    floweringSeasons: null,
  };
  const kind = attributeKind(type);
  if (kind === "tree") {
    const year = values.plantingYear.trim();
    if (year !== "") {
      if (!/^\d{4}$/.test(year)) errors.plantingYear = ATTRIBUTE_MESSAGES.plantingYearNumber;
      else if (Number(year) < 1500 || Number(year) > thisYear) errors.plantingYear = ATTRIBUTE_MESSAGES.plantingYearRange;
    }
    const girth = values.trunkGirthCm.trim();
    if (girth !== "") {
      if (!/^\d{1,6}$/.test(girth)) errors.trunkGirthCm = ATTRIBUTE_MESSAGES.trunkGirthNumber;
      else if (Number(girth) < 1 || Number(girth) > 2000) errors.trunkGirthCm = ATTRIBUTE_MESSAGES.trunkGirthRange;
    }
  }
  if (kind === "soil") {
    if (values.volumeLitres.trim() !== "") {
      const n = decimal(values.volumeLitres);
      errors.volumeLitres = n === null ? ATTRIBUTE_MESSAGES.volumeNumber : n < 1 || n > 100000 ? ATTRIBUTE_MESSAGES.volumeRange : null;
    }
    if (values.soilAreaM2.trim() !== "") {
      const n = decimal(values.soilAreaM2);
      errors.soilAreaM2 = n === null ? ATTRIBUTE_MESSAGES.soilAreaNumber : n < 0.01 || n > 10000 ? ATTRIBUTE_MESSAGES.soilAreaRange : null;
    }
  }
  if (kind === "beecafe") {
    const plants = plantList(values.floweringPlants);
    if (plants.length > 30) errors.floweringPlants = ATTRIBUTE_MESSAGES.plantsCount;
    else if (plants.some((p) => Array.from(p).length > 100)) errors.floweringPlants = ATTRIBUTE_MESSAGES.plantLength;
    else if (new Set(plants.map((p) => p.toLowerCase())).size < plants.length) errors.floweringPlants = ATTRIBUTE_MESSAGES.plantTwice;
  }
  return errors;
}

/** The attribute fields of createThing / updateThing: the type's own, every other one null. */
export function attributesInputOf(type: string, values: AttributeValues) {
  const kind = attributeKind(type);
  const text = (v: string) => (v.trim() === "" ? null : v.trim());
  const number = (v: string) => (v.trim() === "" ? null : decimal(v));
  const plants = plantList(values.floweringPlants);
  const seasons = seasonList(values.floweringSeasons);
  return {
    speciesId: kind === "tree" ? text(values.speciesId) : null,
    plantingYear: kind === "tree" && text(values.plantingYear) ? Number(values.plantingYear.trim()) : null,
    trunkGirthCm: kind === "tree" && text(values.trunkGirthCm) ? Number(values.trunkGirthCm.trim()) : null,
    // The select offers only the schema's height classes and seasons.
    heightClass: kind === "tree" ? (text(values.heightClass) as TreeHeightClass | null) : null,
    volumeLitres: kind === "soil" ? number(values.volumeLitres) : null,
    soilAreaM2: kind === "soil" ? number(values.soilAreaM2) : null,
    floweringPlants: kind === "beecafe" && plants.length > 0 ? plants : null,
    floweringSeasons:
      kind === "beecafe" && seasons.length > 0 ? (SEASONS.map(([c]) => c).filter((c) => seasons.includes(c)) as FloweringSeason[]) : null,
  };
}

export interface ThingAttributes {
  speciesId?: string | null;
  plantingYear?: number | null;
  trunkGirthCm?: number | null;
  heightClass?: string | null;
  volumeLitres?: number | null;
  soilAreaM2?: number | null;
  floweringPlants?: readonly (string | null)[] | null;
  floweringSeasons?: readonly (string | null)[] | null;
}

/** The form's values of a thing's attributes (for editing it). */
export function attributeValuesOf(thing: ThingAttributes): AttributeValues {
  const text = (v: number | string | null | undefined) => (v === null || v === undefined ? "" : String(v));
  return {
    speciesId: text(thing.speciesId),
    plantingYear: text(thing.plantingYear),
    trunkGirthCm: text(thing.trunkGirthCm),
    heightClass: text(thing.heightClass),
    volumeLitres: text(thing.volumeLitres),
    soilAreaM2: text(thing.soilAreaM2),
    floweringPlants: (thing.floweringPlants ?? []).filter(Boolean).join(", "),
    floweringSeasons: (thing.floweringSeasons ?? []).filter(Boolean).join(","),
  };
}
