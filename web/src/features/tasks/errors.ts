// The server's first error message (spec section 8), or a fallback when it gives none.
import type { CombinedError } from "urql";

const NETWORK_MESSAGE = "Could not reach the server. Please check your connection and try again.";
/** What the server masks unexpected failures with (server/graphql/errors.ts): no message of its own. */
const MASKED_MESSAGE = "An error occurred";

export function errorText(error: CombinedError | null | undefined, fallback: string): string {
  if (!error) return fallback;
  const first = error.graphQLErrors?.[0];
  const message = first?.message?.trim();
  if (message && message !== MASKED_MESSAGE) return message;
  if (error.networkError) return NETWORK_MESSAGE;
  return fallback;
}
