// Which errors reach the client. Errors raised on purpose keep their message and code: our
// five-letter errcodes (docs/error-codes.md), SafeErrors thrown by our plugins, and GraphQL's own
// validation errors. Anything else (a bug, a broken connection, SQL text) is masked and logged.
import { GraphQLError } from "postgraphile/graphql";
import { isSafeError } from "postgraphile/grafast";

/** Errcodes raised by our SQL and plugins; see docs/error-codes.md. */
export const PUBLIC_ERRCODES = new Set([
  "INVLD", "NUNIQ", "LOGIN", "LOCKD", "NTFND", "DNIED", "DNIEM", "ISACS", "CREDS", "OWNER", "TOKEN", "RATEL", "UNAVL",
]);

/** Constraint classes whose messages we write ourselves and are safe to show. */
const SHOWN_SQLSTATES = new Set(["23514" /* check */, "23505" /* unique */, "42501" /* permission */]);

function friendly(code: string, message: string): string {
  if (code === "42501") return "Permission denied";
  if (code === "23505") return "That already exists";
  return message;
}

export function maskError(error: GraphQLError): GraphQLError {
  const original = error.originalError as (Error & { code?: string; extensions?: Record<string, unknown> }) | undefined;
  if (!original || original instanceof GraphQLError) return error;
  if (isSafeError(original)) {
    return new GraphQLError(original.message, {
      nodes: error.nodes, source: error.source, positions: error.positions, path: error.path,
      originalError: original, extensions: original.extensions ?? {},
    });
  }
  // Delete mutations report a hidden or protected row like this; say it plainly.
  if (/^No values were deleted in collection/.test(original.message)) {
    return new GraphQLError("Not found, or you are not allowed to change it", {
      nodes: error.nodes, source: error.source, positions: error.positions, path: error.path,
      originalError: original, extensions: { code: "NTFND" },
    });
  }
  const code = original.code;
  if (typeof code === "string" && (PUBLIC_ERRCODES.has(code) || SHOWN_SQLSTATES.has(code))) {
    return new GraphQLError(friendly(code, original.message), {
      nodes: error.nodes, source: error.source, positions: error.positions, path: error.path,
      originalError: original, extensions: { code },
    });
  }
  const errorId = Math.random().toString(36).slice(2, 10).toUpperCase();
  console.error(`[graphql] masked error ${errorId}:`, original);
  return new GraphQLError("An error occurred", {
    nodes: error.nodes, source: error.source, positions: error.positions, path: error.path,
    originalError: original, extensions: { errorId },
  });
}
