// The shape of a row of the permission matrix (matrix.ts) and the small helpers its rows are
// written with, so that each row reads as: field, what it does, who may, how the others are
// refused, and the one GraphQL operation that tries it.
import type { Outcome } from "./outcome.ts";
import type { Role } from "./roles.ts";
import type { World } from "./world.ts";

export type { Outcome };

/**
 * How a refused role is answered:
 * - an error code (`errors[0].extensions.code`): one of docs/error-codes.md, or "42501" (PostgreSQL's
 *   permission denied, shown as 'Permission denied': the role has no grant at all, e.g. guests);
 * - "none": no error, and nothing comes back (null, no matching row, false): row-level security
 *   hides the row, or the function answers that it did nothing.
 */
export type Denial = string;
export const NONE = "none";
export const PERM = "42501";

/** A denial per role; `others` covers every refused role not named. */
export type Denials = Denial | ({ others: Denial } & Partial<Record<Role, Denial>>);

export type Probe = (w: World, role: Role) => Promise<Outcome>;

export interface Row {
  /** The root field of server/schema.graphql the row exercises. */
  field: string;
  kind: "query" | "mutation" | "subscription";
  /** The table or function behind it, and the operation (read, list, create, update, delete, call). */
  target: string;
  /** What it tries, in words (part of the test's name). */
  does: string;
  allowed: readonly Role[];
  denied: Denials;
  probe: Probe;
}

export function denialFor(row: Row, role: Role): Denial {
  if (typeof row.denied === "string") return row.denied;
  return row.denied[role] ?? row.denied.others;
}

/** Whether a value counts as "it worked": something came back (not null, not false, not empty). */
export function present(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** What happened, as one word the table can be compared with: "allowed", "none" or an error code. */
export function observe(outcome: Outcome): string {
  const error = outcome.result.errors?.[0];
  if (error) return String(error.extensions?.code ?? `error: ${error.message}`);
  return present(outcome.value) ? "allowed" : NONE;
}

type Vars = Record<string, unknown>;

/**
 * A probe that runs one operation as the role. `vars` may arrange fresh rows first (and return
 * them under any key, e.g. `$fresh`, for `pick`); `pick` takes what counts as success from the data.
 */
export function ask(
  query: string,
  vars: (w: World, role: Role) => Vars | Promise<Vars>,
  pick: (data: any, w: World, v: Vars) => unknown,
): Probe {
  return async (w, role) => {
    const v = await vars(w, role);
    const variables = Object.fromEntries(Object.entries(v).filter(([k]) => !k.startsWith("$")));
    const result = await w.call(role, query, variables);
    return { result, value: result.data ? pick(result.data, w, v) : undefined };
  };
}

/** `pick` for a connection: the entry with the wanted id, if it came back. */
export const has = (field: string, id: (w: World, v: Vars) => string) => (d: any, w: World, v: Vars) =>
  (d[field]?.nodes ?? []).find((n: any) => String(n.id) === String(id(w, v)));
