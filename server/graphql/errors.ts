// Which errors reach the client. Errors raised on purpose keep their message and code: our
// five-letter errcodes (docs/error-codes.md), SafeErrors thrown by our plugins, and GraphQL's own
// validation errors. PostgreSQL's complaints about a bad value (a NUL character, a number or
// date out of range, a missing required value, an id that refers to nothing) are bad input too:
// they get a plain message of ours with code INVLD or NTFND, never PostgreSQL's text. Anything
// else (a bug, a broken connection, SQL text) is masked as "An error occurred" and logged with
// an id the answer carries, so a report can be matched to the log.
import { randomBytes } from "node:crypto";
import { GraphQLError } from "postgraphile/graphql";
import { isSafeError } from "postgraphile/grafast";
import { componentLogger } from "../../domain/logger.ts";

const log = componentLogger("graphql");

/** Errcodes raised by our SQL and plugins; see docs/error-codes.md. */
export const PUBLIC_ERRCODES = new Set([
  "INVLD",
  "NUNIQ",
  "LOGIN",
  "LOCKD",
  "NTFND",
  "DNIED",
  "DNIEM",
  "ISACS",
  "CREDS",
  "OWNER",
  "TOKEN",
  "RATEL",
  "UNAVL",
  "LIMIT",
]);

/** Constraint classes whose messages we write ourselves and are safe to show. */
const SHOWN_SQLSTATES = new Set(["23514" /* check */, "23505" /* unique */, "42501" /* permission */]);

function friendly(code: string, message: string): string {
  if (code === "42501") return "Permission denied";
  if (code === "23505") return "That already exists";
  return message;
}

interface PgErrorFields {
  code?: string;
  column?: string;
  detail?: string;
}

/** "thing_id" → "Thing id"; "device_accesses" → "device access". */
const words = (name: string) => name.replace(/_/g, " ");
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const singular = (table: string) => words(table).replace(/(ss)es$|ies$|s$/, (_m, ss) => (ss ? ss : _m === "ies" ? "y" : ""));

/**
 * A plain message for PostgreSQL's own complaints about a value (SQLSTATE class 22, not-null and
 * foreign-key violations), or null when the error is something else. Only our words and the
 * column or table name go out; the value and PostgreSQL's text stay in the server.
 */
export function badValue(error: PgErrorFields): { message: string; code: string } | null {
  const code = error.code ?? "";
  if (code === "23502") {
    return { message: `${capitalised(words(error.column || "a value"))} is required`, code: "INVLD" };
  }
  if (code === "23503") {
    const missing = /is not present in table "(\w+)"/.exec(error.detail ?? "")?.[1];
    return missing
      ? { message: `The ${singular(missing)} it refers to does not exist`, code: "NTFND" }
      : { message: "It cannot be changed or deleted while other records refer to it", code: "DNIED" };
  }
  if (!/^22[0-9A-Z]{3}$/.test(code)) return null;
  const messages: Record<string, string> = {
    "22001": "A text is too long",
    "22003": "A number is out of range",
    "22007": "A date or time is not valid",
    "22008": "A date or time is out of range",
    "22009": "A time zone offset is out of range",
    "22021": "Text must not contain the NUL character",
    "22P05": "Text must not contain the NUL character",
    "22P02": "A value is not in the expected format",
    "22012": "A calculation divided by zero",
  };
  return { message: messages[code] ?? "A value is not valid", code: "INVLD" };
}

export function maskError(error: GraphQLError): GraphQLError {
  const original = error.originalError as (Error & { code?: string; extensions?: Record<string, unknown> }) | undefined;
  if (!original || original instanceof GraphQLError) return error;
  if (isSafeError(original)) {
    return new GraphQLError(original.message, {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      path: error.path,
      originalError: original,
      extensions: original.extensions ?? {},
    });
  }
  // Delete mutations report a hidden or protected row like this; say it plainly.
  if (/^No values were deleted in collection/.test(original.message)) {
    return new GraphQLError("Not found, or you are not allowed to change it", {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      path: error.path,
      originalError: original,
      extensions: { code: "NTFND" },
    });
  }
  const code = original.code;
  if (typeof code === "string" && (PUBLIC_ERRCODES.has(code) || SHOWN_SQLSTATES.has(code))) {
    return new GraphQLError(friendly(code, original.message), {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      path: error.path,
      originalError: original,
      extensions: { code },
    });
  }
  const bad = badValue(original);
  if (bad) {
    // Usually a caller's bad value; logged briefly in case one of our own queries caused it.
    log.warn(`refused a bad value (${code}): ${original.message}`);
    return new GraphQLError(bad.message, {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      path: error.path,
      originalError: original,
      extensions: { code: bad.code },
    });
  }
  const errorId = randomBytes(6).toString("hex").toUpperCase();
  log.error({ err: original }, `masked error ${errorId}`);
  return new GraphQLError("An error occurred", {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: original,
    extensions: { errorId },
  });
}
