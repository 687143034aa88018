// PostGraphile's generated update mutations answer `null` when row-level security hides or
// protects the row, and its delete mutations raise an internal-looking error. Both become one
// clear error here, so a user trying to change what they may not change is told so.
import { wrapPlans } from "postgraphile/utils";
import { sideEffect, SafeError, type ObjectStep, type Step } from "postgraphile/grafast";

export const NOT_FOUND_OR_DENIED = "Not found, or you are not allowed to change it";

export const NoSilentMutationsPlugin = wrapPlans(
  (context) => (context.scope.isPgUpdateMutation ? true : null),
  () => (plan) => {
    // An update mutation's payload: an object step whose `result` is the updated row (or null).
    const $payload = plan() as ObjectStep<{ result: Step }>;
    const $row = $payload.get("result");
    sideEffect($row, (row: unknown) => {
      if (row == null) throw new SafeError(NOT_FOUND_OR_DENIED, { code: "NTFND" });
    });
    return $payload;
  },
  { name: "NoSilentMutationsPlugin" },
);
