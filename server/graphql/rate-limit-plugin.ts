// Rate limits on the operations worth abusing: guessing passphrases, flooding sign-ups, reset
// and invitation e-mails, bulk imports. Keyed by the caller's IP address; the limit is checked before the
// operation runs, so a refused call changes nothing. Counted in PostgreSQL (server/auth/rate-limit.ts,
// sharedLimits), so a fleet of N servers allows one address what one server does, not N times it.
import { wrapPlans } from "postgraphile/utils";
import { context, sideEffect, SafeError } from "postgraphile/grafast";
import type { SharedLimits } from "../auth/rate-limit.ts";

declare global {
  namespace Grafast {
    interface Context {
      /** The caller's address (server/graphql/preset.ts puts it there). */
      ip?: string;
    }
  }
}

const HOUR = 3_600_000;

/** Mutation → [calls, per milliseconds] per IP address. */
export const RATE_LIMITS: Record<string, [number, number]> = {
  signIn: [30, 10 * 60_000],
  signUp: [10, HOUR],
  forgotPassword: [10, HOUR],
  resetPassword: [20, HOUR],
  createUserEmail: [20, HOUR],
  resendEmailVerificationCode: [20, HOUR],
  inviteToThingAccess: [60, HOUR],
  inviteToDeviceAccess: [60, HOUR],
  inviteToGroupMembership: [60, HOUR],
  // One call is a batch of at most 500 rows within the body limit: a 50,000-row register takes
  // about 250 calls checked and 250 imported, so 1,000 an hour allows two full runs and retries.
  importThings: [1000, HOUR],
};

export const TOO_MANY = "Too many attempts; please wait a few minutes and try again";

export function makeRateLimitPlugin(limits: SharedLimits) {
  const limiters = new Map(Object.entries(RATE_LIMITS).map(([field, [n, ms]]) => [field, limits.limit(field, n, ms)]));
  return wrapPlans(
    (ctx) => (ctx.Self.name === "Mutation" && limiters.has(ctx.scope.fieldName) ? ctx.scope.fieldName : null),
    (fieldName) => (plan) => {
      const limiter = limiters.get(fieldName)!;
      // Created before the operation's own steps, so it runs first.
      sideEffect(context().get("ip"), async (ip) => {
        if (!(await limiter.take(ip ?? "unknown"))) throw new SafeError(TOO_MANY, { code: "RATEL" });
      });
      return plan();
    },
    { name: "RateLimitPlugin" },
  );
}
