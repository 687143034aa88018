// The server's first error message (spec section 8), or a fallback when it gives none.
import type { CombinedError } from "urql";

const NETWORK_MESSAGE = "Could not reach the server. Please check your connection and try again.";

export function errorText(error: CombinedError | null | undefined, fallback: string): string {
  if (!error) return fallback;
  const first = error.graphQLErrors?.[0];
  if (first?.message) return first.message;
  if (error.networkError) return NETWORK_MESSAGE;
  return fallback;
}
