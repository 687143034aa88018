// Words for a recorded change (app_public.history_entries): which fields, from what to what. The
// entries carry whatever columns the record has (generic jsonb), so a field without a label of
// its own is named from its column name, and any value is shown as plain text.
import type { HistoryEntriesQuery } from "./HistoryEntries.generated.ts";
import { type ModerationT, englishModerationT } from "./texts.ts";

/** One entry as HistoryEntries.graphql asks for it; `before` and `after` are the row as JSON. */
export type HistoryEntry = NonNullable<HistoryEntriesQuery["allHistoryEntries"]>["nodes"][number];

export interface FieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/**
 * Columns with a label in the catalogue, so they read in the reader's language: those whose name
 * alone reads badly, and every other column the history records. Any other is named from its column.
 */
const LABELLED = [
  "is_public",
  "group_id",
  "thing_id",
  "device_id",
  "hydration_levels",
  "indicator_parameter",
  // The other columns the history records (app_hidden.history_ignored_columns leaves them in).
  "name",
  "description",
  "type",
  "model",
  "location",
  "location_description",
  "species_id",
  "planting_year",
  "trunk_girth_cm",
  "height_class",
  "volume_litres",
  "soil_area_m2",
  "flowering_plants",
  "flowering_seasons",
  "external_id",
] as const;
type Labelled = (typeof LABELLED)[number];
const isLabelled = (field: string): field is Labelled => (LABELLED as readonly string[]).includes(field);

const MAX_VALUE_LENGTH = 160;

/** "location_description" → "Location description". */
export function fieldLabel(field: string, t: ModerationT = englishModerationT): string {
  if (isLabelled(field)) return t(`moderation.field.${field}`);
  const words = field.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A stored value as text: empty, yes/no, a point as "latitude, longitude", JSON for the rest. */
export function valueText(field: string, value: unknown, t: ModerationT = englishModerationT): string {
  if (value === null || value === undefined || value === "") return t("moderation.value.empty");
  if (field === "is_public" && typeof value === "boolean") return value ? t("moderation.value.public") : t("moderation.value.private");
  if (typeof value === "boolean") return value ? t("moderation.value.yes") : t("moderation.value.no");
  let text: string;
  if (typeof value === "string") {
    const point = /^\((-?[\d.]+),(-?[\d.]+)\)$/.exec(value);
    text = point ? `${point[1]}, ${point[2]}` : value;
  } else if (typeof value === "number") {
    text = String(value);
  } else {
    text = JSON.stringify(value);
  }
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

/** A row's JSON as an object (nothing else is a row). */
function rowOf(json: unknown): Record<string, unknown> {
  return typeof json === "object" && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
}

/** The fields of one entry, in a stable order (name first, then alphabetical). */
export function fieldChanges(entry: Pick<HistoryEntry, "before" | "after">, t: ModerationT = englishModerationT): FieldChange[] {
  const before = rowOf(entry.before);
  const after = rowOf(entry.after);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  fields.sort((a, b) => (a === "name" ? -1 : b === "name" ? 1 : a.localeCompare(b)));
  return fields.map((field) => ({
    field,
    label: fieldLabel(field, t),
    before: entry.before ? valueText(field, before[field], t) : "",
    after: entry.after ? valueText(field, after[field], t) : "",
  }));
}

/** "Created", "Changed", "Deleted", or "Restored an earlier version". */
export function operationText(entry: Pick<HistoryEntry, "operation" | "restoredFromId">, t: ModerationT = englishModerationT): string {
  if (entry.restoredFromId) return t("moderation.operation.restored");
  if (entry.operation === "insert") return t("moderation.operation.created");
  if (entry.operation === "delete") return t("moderation.operation.deleted");
  return t("moderation.operation.changed");
}

export function whoText(entry: Pick<HistoryEntry, "changedByUser">, t: ModerationT = englishModerationT): string {
  const user = entry.changedByUser;
  return user ? user.name || user.username : t("moderation.theSystem");
}
