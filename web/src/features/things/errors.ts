// The server's first error (spec section 8: "the first error message returned by the server is
// surfaced as the error text"), from a urql result, with a fallback when it says nothing.
import type { CombinedError } from "urql";

export interface ServerError {
  message: string;
  code?: string;
}

const NETWORK_MESSAGE = "Could not reach the server. Please check your connection and try again.";
/** What the server masks unexpected failures with (server/graphql/errors.ts): no message of its own. */
const MASKED_MESSAGE = "An error occurred";

export function serverError(error: CombinedError | null | undefined, fallback: string): ServerError | null {
  if (!error) return null;
  const first = error.graphQLErrors?.[0];
  if (first) {
    const code = (first.extensions as { code?: unknown } | undefined)?.code;
    const message = first.message?.trim();
    return {
      message: message && message !== MASKED_MESSAGE ? message : fallback,
      code: typeof code === "string" ? code : undefined,
    };
  }
  if (error.networkError) return { message: NETWORK_MESSAGE };
  return { message: fallback };
}

export function errorText(error: CombinedError | null | undefined, fallback: string): string {
  return serverError(error, fallback)?.message ?? fallback;
}

/** A new uuid for a form's upload session and the like. */
export function newId(): string {
  if (globalThis.crypto?.randomUUID) return globalThis.crypto.randomUUID();
  const hex = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
