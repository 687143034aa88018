// Reading the server's answer to a failed call, in one place (spec section 8: the first error
// message the server returns is shown, with the screen's own words when there is none). Works for
// urql's CombinedError and for the plain HTTP helper's GraphQLRequestError. The server speaks
// British English; its message is shown in the reader's language (lib/i18n/server-messages.ts).
import type { CombinedError } from "urql";
import { GraphQLRequestError } from "./api.ts";
import { translateServerMessage } from "./i18n/server-messages.ts";

/** The message the API masks unexpected failures with (server/graphql/errors.ts): no message of its own. */
export const MASKED_MESSAGE = "An error occurred";

export const OFFLINE_MESSAGE = "Could not reach the server. Please check your connection and try again.";

export interface ServerError {
  /** The server's first message, '' when it gave none. */
  message: string;
  /** Its five-letter code (LOCKD, NTFND, INVLD, ...), when it gave one. */
  code?: string;
  /** True when the request never got an answer (offline, server down). */
  network: boolean;
}

function isCombinedError(error: unknown): error is CombinedError {
  return typeof error === "object" && error !== null && "graphQLErrors" in error && "networkError" in error;
}

export function serverErrorOf(error: unknown): ServerError {
  if (isCombinedError(error)) {
    const first = error.graphQLErrors?.[0];
    if (first) {
      const code = (first.extensions as { code?: unknown } | undefined)?.code;
      return { message: first.message?.trim() ?? "", code: typeof code === "string" ? code : undefined, network: false };
    }
    // An HTTP error answer (a 413, a 429 without a body we understand) is an answer, not "offline".
    return { message: "", network: Boolean(error.networkError) && !error.response };
  }
  if (error instanceof GraphQLRequestError) {
    return { message: error.message, code: error.code, network: error.status === 0 };
  }
  if (error instanceof TypeError) return { message: "", network: true };
  return { message: "", network: false };
}

/** The error code of the first error (NTFND, UNAVL, INVLD, ...), if any. */
export function errorCode(error: unknown): string | undefined {
  return serverErrorOf(error).code;
}

/**
 * The text to show for a failed call: the server's first message, else the offline message when
 * no answer came, else the fallback. The message the server masks unexpected failures with is no
 * message of its own: the fallback (the screen's words, e.g. 'Failed to delete account.') says more.
 */
export function errorText(error: unknown, fallback: string): string {
  if (!error) return fallback;
  const { message, network } = serverErrorOf(error);
  if (message && message !== MASKED_MESSAGE) return translateServerMessage(message);
  return network ? translateServerMessage(OFFLINE_MESSAGE) : fallback;
}

/** Like errorText, but only trusts messages the server raised on purpose (a code), not masked ones. */
export function deliberateErrorText(error: unknown, fallback: string): string {
  const { message, code } = serverErrorOf(error);
  return code && message && message !== MASKED_MESSAGE ? translateServerMessage(message) : fallback;
}
