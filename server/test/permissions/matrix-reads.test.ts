// The permission matrix, part 1: every query and subscription row of matrix.ts, for every role.
import { runMatrix } from "./run-matrix.ts";

runMatrix("permission matrix: queries and subscriptions", (row) => row.kind !== "mutation");
