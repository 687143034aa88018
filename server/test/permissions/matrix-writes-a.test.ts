// The permission matrix, part 2: every other mutation row of matrix.ts (the split only keeps
// each file short enough to run beside the others).
import { runMatrix } from "./run-matrix.ts";

let n = 0;
runMatrix("permission matrix: mutations (a)", (row) => row.kind === "mutation" && n++ % 2 === 0);
