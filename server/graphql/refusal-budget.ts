// A budget of refused GraphQL documents per client address (issue #20). The document limits
// (document-limits.ts) make every refusal cheap and keep nothing of it, but a client that sends
// nothing but unique, refused documents at full rate still makes the server parse up to
// QUERY_MAX_TOKENS tokens for each (about 1 MB of short-lived objects, measured), which stalls
// the event loop for everyone and grows V8's heap. No client of ours sends refused documents (the
// SPA's are fixed and tested against the limits), so an address that has had more than
// GRAPHQL_REFUSALS_PER_MINUTE refused in the last minute gets 429 for any document the server
// has not already accepted, before it is parsed. Documents already known good still run, so
// people behind the same address (an office, a phone network's NAT) keep working.
//
// Counted in memory per server process, like the address limits of rate-limit-plugin.ts: a
// fleet of N servers lets an address through N times, which is what CPU protection per process
// needs (each process protects its own event loop).
import { SafeError } from "postgraphile/grafast";
import { RateLimiter } from "../auth/rate-limit.ts";

export const TOO_MANY_REFUSED = "Too many refused GraphQL documents from your address; please wait a minute and try again";

export interface RefusalBudget {
  /** Throws 429 (RATEL) when `address` is out of budget and the document is not known good. */
  check(address: string | undefined, knownGood: () => boolean): void;
  /** Counts one refused document against `address`. */
  spend(address: string | undefined): void;
}

export function makeRefusalBudget(perMinute: number): RefusalBudget {
  const limiter = new RateLimiter(perMinute, 60_000);
  return {
    check(address, knownGood) {
      if (perMinute <= 0 || !address || !limiter.isOver(address) || knownGood()) return;
      throw new SafeError(TOO_MANY_REFUSED, { code: "RATEL", statusCode: 429 });
    },
    spend(address) {
      if (perMinute > 0 && address) limiter.take(address);
    },
  };
}
