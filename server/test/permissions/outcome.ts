// What one operation of the permission matrix answered; its own module because both the rows
// (matrix-types.ts) and the world that runs them (world.ts) speak of it.
import type { GraphQLResult } from "../harness.ts";

export interface Outcome {
  result: GraphQLResult;
  /** What the operation was asked for: the row, the matching list entry, the payload. */
  value: unknown;
}
