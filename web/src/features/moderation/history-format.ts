// Words for a recorded change (app_public.history_entries): which fields, from what to what. The
// entries carry whatever columns the record has (generic jsonb), so a field without a label of
// its own is named from its column name, and any value is shown as plain text.
import type { HistoryEntriesQuery } from "./HistoryEntries.generated.ts";

/** One entry as HistoryEntries.graphql asks for it; `before` and `after` are the row as JSON. */
export type HistoryEntry = NonNullable<HistoryEntriesQuery["allHistoryEntries"]>["nodes"][number];

export interface FieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** Labels where the column name alone reads badly. */
const LABELS: Record<string, string> = {
  is_public: "Visibility",
  group_id: "Group",
  thing_id: "Fitted to",
  device_id: "Device EUI",
  hydration_levels: "Hydration levels",
  indicator_parameter: "Indicator",
};

const MAX_VALUE_LENGTH = 160;

/** "location_description" → "Location description". */
export function fieldLabel(field: string): string {
  if (LABELS[field]) return LABELS[field];
  const words = field.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A stored value as text: empty, yes/no, a point as "latitude, longitude", JSON for the rest. */
export function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (field === "is_public" && typeof value === "boolean") return value ? "Public" : "Private";
  if (typeof value === "boolean") return value ? "Yes" : "No";
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
export function fieldChanges(entry: Pick<HistoryEntry, "before" | "after">): FieldChange[] {
  const before = rowOf(entry.before);
  const after = rowOf(entry.after);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  fields.sort((a, b) => (a === "name" ? -1 : b === "name" ? 1 : a.localeCompare(b)));
  return fields.map((field) => ({
    field,
    label: fieldLabel(field),
    before: entry.before ? valueText(field, before[field]) : "",
    after: entry.after ? valueText(field, after[field]) : "",
  }));
}

/** "Created", "Changed", "Deleted", or "Restored an earlier version". */
export function operationText(entry: Pick<HistoryEntry, "operation" | "restoredFromId">): string {
  if (entry.restoredFromId) return "Restored an earlier version";
  if (entry.operation === "insert") return "Created";
  if (entry.operation === "delete") return "Deleted";
  return "Changed";
}

export function whoText(entry: Pick<HistoryEntry, "changedByUser">): string {
  const user = entry.changedByUser;
  return user ? user.name || user.username : "The system";
}
